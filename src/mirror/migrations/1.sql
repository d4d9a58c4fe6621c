-- Schema 1: the tables of the first release that recorded a version.
-- Released: never changed (its checksum is pinned by a test).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE syncs (
    id            INTEGER PRIMARY KEY,
    started_at    TEXT NOT NULL,
    finished_at   TEXT,
    status        TEXT NOT NULL,
    full          INTEGER NOT NULL,
    banks         INTEGER NOT NULL DEFAULT 0,
    new_banks     INTEGER NOT NULL DEFAULT 0,
    removed_banks INTEGER NOT NULL DEFAULT 0,
    changed_banks INTEGER NOT NULL DEFAULT 0,
    new_exams     INTEGER NOT NULL DEFAULT 0,
    failed_banks  INTEGER NOT NULL DEFAULT 0,
    requests      INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE banks (
    id           TEXT PRIMARY KEY,
    position     INTEGER NOT NULL,
    name         TEXT NOT NULL,
    city         TEXT NOT NULL,
    state        TEXT NOT NULL,
    regulator    TEXT NOT NULL,
    rating       TEXT,
    exam_date    TEXT,
    exam_type    TEXT,
    charter_type TEXT,
    list_json    TEXT NOT NULL,
    detail_json  TEXT NOT NULL,
    first_sync   INTEGER NOT NULL,
    listed_sync  INTEGER NOT NULL,
    fetched_sync INTEGER NOT NULL
);
CREATE INDEX banks_position ON banks(position);
CREATE INDEX banks_state ON banks(state, position);
CREATE TABLE ratings (
    bank_id    TEXT NOT NULL REFERENCES banks(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    exam_date  TEXT NOT NULL,
    rating     TEXT NOT NULL,
    exam_type  TEXT NOT NULL,
    is_current INTEGER NOT NULL,
    added_sync INTEGER NOT NULL,
    PRIMARY KEY (bank_id, seq)
) WITHOUT ROWID;
CREATE INDEX ratings_exam_date ON ratings(exam_date);
CREATE INDEX ratings_added ON ratings(added_sync);
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    bank_id    TEXT NOT NULL,
    data       TEXT NOT NULL,
    added_sync INTEGER NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
);
CREATE TABLE removed_banks (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    city         TEXT NOT NULL,
    state        TEXT NOT NULL,
    regulator    TEXT NOT NULL,
    list_json    TEXT NOT NULL,
    detail_json  TEXT NOT NULL,
    removed_at   TEXT NOT NULL,
    removed_sync INTEGER NOT NULL
);
