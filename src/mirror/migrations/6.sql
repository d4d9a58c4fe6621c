-- Schema 6: the lending behind the rating: the FFIEC's CRA lending data
-- (the transmittal, aggregate and disclosure files of each year since
-- 1996), read by cra enrich --lending and linked to the copy's banks
-- exactly, through the public record's identifiers, never by name.
-- Released: never changed (its checksum is pinned by a test).
--
-- In every table: amounts are in thousands of dollars; state and county
-- are FIPS codes as the records give them ('48', '059'); msa is the MSA
-- (to 2003, 4 digits) or MSA / metropolitan division (from 2004, 5
-- digits), 'NA' for a place outside every MSA, NULL where the record
-- leaves it blank; income_group is the category of a tract's median
-- family income against its area's: 'low' (under 50 %), 'moderate' (50 to
-- under 80 %), 'middle' (80 to under 120 %), 'upper' (120 % and over) or
-- 'unknown' (income or tract not known). A reporter is its agency code
-- (1 OCC: respondent_id is its charter number; 2 Federal Reserve: its
-- RSSD ID; 3 FDIC: its certificate; 4 OTS, to 2010: its docket) and
-- respondent ID for a year; bank_id is the copy's bank it is linked to,
-- NULL when it is not (lending_reporters.reason says why), the same in
-- every table, changed with the link by each cra enrich.

-- The files read, one row each: a .dat given alone or a member of a zip,
-- known by the SHA-256 of its text (read again: nothing changes). kind:
-- 'transmittal', 'aggregate' or 'disclosure'; tables: the table IDs of
-- its records the copy holds, comma-separated ('transmittal', 'A1-1,...').
-- A newer file of a kind and year replaces the rows of that kind and year
-- (a file of 2016 on, published one table a file, those of its tables),
-- and takes those tables from the older file's row (gone when none is
-- left).
CREATE TABLE IF NOT EXISTS lending_files (
    sha256     TEXT PRIMARY KEY,
    zip_sha256 TEXT,
    kind       TEXT NOT NULL,
    year       INTEGER NOT NULL,
    tables     TEXT NOT NULL,
    records    INTEGER NOT NULL,
    source     TEXT NOT NULL,
    read_at    TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS lending_files_zip ON lending_files(zip_sha256);

-- Every reporter of a year: one row per transmittal record (name, city,
-- state (postal code), assets and, from 1997, RSSD ID as it gives them),
-- and one per reporter a table names that no transmittal read has (name
-- NULL). reason, when bank_id is NULL: 'not_in_copy' (the public record
-- knows its identifiers, no bank of the copy is linked to them),
-- 'ambiguous' (they name two or more banks) or 'no_public_record'.
CREATE TABLE IF NOT EXISTS lending_reporters (
    year             INTEGER NOT NULL,
    agency           INTEGER NOT NULL,
    respondent_id    INTEGER NOT NULL,
    rssd_id          INTEGER,
    name             TEXT,
    city             TEXT,
    state            TEXT,
    assets_thousands INTEGER,
    bank_id          TEXT,
    reason           TEXT,
    PRIMARY KEY (year, agency, respondent_id)
);
CREATE INDEX IF NOT EXISTS lending_reporters_bank ON lending_reporters(bank_id, year);

-- A reporter's small business (kind 'small_business') and small farm
-- ('small_farm') loans, originated or purchased (action), by county.
-- Three kinds of rows, told by table_id; never add rows of two of them,
-- nor a county's total to its parts:
-- * the disclosure's D1-1, D1-2 (business), D2-1, D2-2 (farm): a county
--   and income group (report level 040: in_area NULL, the county's loans
--   in that income group), and the same loans split inside an assessment
--   area there (050: in_area 1) and outside every one (060: in_area 0).
--   A reporter's loans in a county are its in_area NULL rows; inside and
--   outside, its in_area 1 and 0 rows (a partial county has both). Rows
--   of higher levels (states, the whole reporter, MSAs) are not kept.
--   Size classes and the revenue pair as reported; no affiliate loans.
-- * the disclosure's D3-0 (business), D4-0 (farm): a county and area (an
--   area number: in_area 1; outside every area: in_area 0), one row per
--   action, income_group NULL, no size classes; the same loans as the
--   D1-x rows of in_area 1 and 0 told otherwise (purchases included; the
--   revenue pair of originations only, none in 1996).
-- * the aggregate's A1-1a, A1-2a (business), A2-1a, A2-2a (farm): the
--   lender's loans in a county (its county rows; MSA, state and summary
--   rows are not kept), income_group and in_area NULL, no size classes:
--   what cra lending answers from where no disclosure file was read.
-- loans and amount_thousands are the sum of the three size classes
-- (under $100,000; $100,000 to $250,000; over $250,000, to $1 million for
-- businesses, $500,000 for farms); loans_small_revenue and
-- amount_small_revenue, the part to businesses or farms with revenues of
-- $1 million or less.
CREATE TABLE IF NOT EXISTS lending (
    year                 INTEGER NOT NULL,
    bank_id              TEXT,
    agency               INTEGER NOT NULL,
    respondent_id        INTEGER NOT NULL,
    table_id             TEXT NOT NULL,
    kind                 TEXT NOT NULL,
    action               TEXT NOT NULL,
    state                TEXT,
    county               TEXT,
    msa                  TEXT,
    income_group         TEXT,
    in_area              INTEGER,
    loans                INTEGER,
    amount_thousands     INTEGER,
    loans_under_100k     INTEGER,
    amount_under_100k    INTEGER,
    loans_100k_250k      INTEGER,
    amount_100k_250k     INTEGER,
    loans_250k_plus      INTEGER,
    amount_250k_plus     INTEGER,
    loans_small_revenue  INTEGER,
    amount_small_revenue INTEGER
);
CREATE INDEX IF NOT EXISTS lending_bank ON lending(bank_id, year);
CREATE INDEX IF NOT EXISTS lending_reporter ON lending(year, agency, respondent_id);

-- A reporter's community development loans of a year (the disclosure's
-- D5-0 rows of loan type 6, added up), and its affiliates'.
CREATE TABLE IF NOT EXISTS cd_lending (
    year                       INTEGER NOT NULL,
    bank_id                    TEXT,
    agency                     INTEGER NOT NULL,
    respondent_id              INTEGER NOT NULL,
    loans                      INTEGER,
    amount_thousands           INTEGER,
    affiliate_loans            INTEGER,
    affiliate_amount_thousands INTEGER,
    PRIMARY KEY (year, agency, respondent_id)
);
CREATE INDEX IF NOT EXISTS cd_lending_bank ON cd_lending(bank_id, year);

-- A reporter's assessment areas, one row per census tract of each area
-- (the disclosure's D6-0): area is its number (1, 2 ...); tract
-- 'NNNN.NN'; income_group the tract's; partial_county 1 when the area
-- takes only part of the county, 0 when all of it. An area's counties are
-- the distinct counties of its rows.
CREATE TABLE IF NOT EXISTS assessment_areas (
    year           INTEGER NOT NULL,
    bank_id        TEXT,
    agency         INTEGER NOT NULL,
    respondent_id  INTEGER NOT NULL,
    area           INTEGER NOT NULL,
    state          TEXT,
    county         TEXT,
    msa            TEXT,
    tract          TEXT,
    income_group   TEXT,
    partial_county INTEGER
);
CREATE INDEX IF NOT EXISTS assessment_areas_bank ON assessment_areas(bank_id, year);
CREATE INDEX IF NOT EXISTS assessment_areas_reporter ON assessment_areas(year, agency, respondent_id);

-- The market: every reporter's loans together in a county and income
-- group (the aggregate's A1-1, A1-2 (business), A2-1, A2-2 (farm); report
-- level 100 from 1997; in 1996, which has no such rows, its tract rows
-- and tract-unknown rows summed by county and income group). A county's
-- loans are the sum of its rows; the market's LMI share in some counties,
-- its low and moderate rows' loans over its rows' of known income.
-- loans_small_revenue is NULL for 1996, whose revenue pair counts
-- originations and purchases together in both tables.
CREATE TABLE IF NOT EXISTS lending_market (
    year                INTEGER NOT NULL,
    kind                TEXT NOT NULL,
    action              TEXT NOT NULL,
    state               TEXT NOT NULL,
    county              TEXT NOT NULL,
    msa                 TEXT,
    income_group        TEXT NOT NULL,
    loans               INTEGER NOT NULL,
    amount_thousands    INTEGER NOT NULL,
    loans_small_revenue INTEGER
);
CREATE INDEX IF NOT EXISTS lending_market_county ON lending_market(year, state, county);
