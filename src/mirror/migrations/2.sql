-- Schema 2: the public record's tables and every index belong to each copy
-- (they were made by the first cra enrich, or the next sync, if at all).
-- Released: never changed (its checksum is pinned by a test).

-- The first copies had links_assets(assets, bank_id), replaced by
-- links_public, which covers activity and exam method too.
DROP INDEX IF EXISTS links_assets;
CREATE TABLE IF NOT EXISTS ffiec_exams (
    regulator        TEXT NOT NULL,
    agency_id        INTEGER NOT NULL,
    exam_date        TEXT NOT NULL,
    name             TEXT NOT NULL,
    city             TEXT NOT NULL,
    state            TEXT NOT NULL,
    assets_thousands INTEGER NOT NULL,
    exam_method      TEXT NOT NULL,
    rating           TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS ffiec_exams_agency ON ffiec_exams(regulator, agency_id, exam_date);
CREATE TABLE IF NOT EXISTS institutions (
    fdic_cert        INTEGER,
    rssd_id          INTEGER,
    occ_charter      INTEGER,
    ots_docket       INTEGER,
    name             TEXT NOT NULL,
    active           INTEGER,
    assets_thousands INTEGER,
    report_date      TEXT
);
CREATE INDEX IF NOT EXISTS institutions_cert ON institutions(fdic_cert);
CREATE TABLE IF NOT EXISTS links (
    bank_id     TEXT PRIMARY KEY,
    regulator   TEXT NOT NULL,
    agency_id   INTEGER NOT NULL,
    basis       TEXT NOT NULL,
    fdic_cert   INTEGER,
    rssd_id     INTEGER,
    occ_charter INTEGER,
    assets      INTEGER,
    exam_method TEXT,
    active      INTEGER,
    pe_url      TEXT
);
CREATE INDEX IF NOT EXISTS links_public ON links(assets, active, exam_method, bank_id);
CREATE INDEX IF NOT EXISTS links_method ON links(exam_method, active, assets, bank_id);
CREATE INDEX IF NOT EXISTS links_fdic ON links(fdic_cert);
CREATE INDEX IF NOT EXISTS links_rssd ON links(rssd_id);
CREATE INDEX IF NOT EXISTS links_occ ON links(occ_charter);
CREATE TABLE IF NOT EXISTS link_exams (
    bank_id    TEXT NOT NULL,
    exam_date  TEXT NOT NULL,
    regulator  TEXT NOT NULL,
    agency_id  INTEGER NOT NULL,
    ffiec_date TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS link_exams_bank ON link_exams(bank_id);
CREATE TABLE IF NOT EXISTS unlinked (
    bank_id TEXT PRIMARY KEY,
    reason  TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS link_pending (
    bank_id TEXT PRIMARY KEY
);
-- Indexes added after schema 1 was first released: created by the writer
-- (`IF NOT EXISTS`, so an older mirror gains them at its next sync) and
-- readable by any build of schema 1. A bank's row carries its stored JSON
-- (most of the file), so a query that reads rows for a count reads the
-- file. The first two cover the offline list's filters (counting
-- `--state TX --size large`); `banks_groups` holds the columns counts are
-- grouped and filtered by, so `sql` and `stats` counts over all banks
-- (by state, regulator, size, rating) read it (about 1 MB) instead;
-- `banks_find` holds every column a finding command selects or sorts by
-- (`mirror::find`), so a filtered, sorted page reads it and then only the
-- page's rows. `banks_regulator` (the same columns, regulator and exam
-- date first) answers "which regulators" with a seek per regulator and
-- serves a regulator with an exam period; `banks_name` (the same, name
-- first) gives the banks in name order without sorting them all, so the
-- first page of `--sort name` reads about a page of it; `banks_city`,
-- the narrowest, is what a partial city is tested against.
CREATE INDEX IF NOT EXISTS banks_state_size ON banks(state, exam_type, position);
CREATE INDEX IF NOT EXISTS banks_size ON banks(exam_type, position);
CREATE INDEX IF NOT EXISTS banks_groups ON banks(state, regulator, exam_type, rating);
CREATE INDEX IF NOT EXISTS banks_find ON banks(rating, regulator, exam_date, state, exam_type, position, city, name, id);
CREATE INDEX IF NOT EXISTS banks_regulator ON banks(regulator, exam_date, rating, state, exam_type, position, city, name, id);
CREATE INDEX IF NOT EXISTS banks_name ON banks(name, position, rating, regulator, exam_date, state, exam_type, city, id);
CREATE INDEX IF NOT EXISTS banks_city ON banks(city, position);
