-- Schema 4: the evaluations behind the ratings: public evaluations (PEs)
-- read by cra enrich --pe, each known by its file's SHA-256, linked to a
-- bank and its exam or kept with the reason it is not, and each area's
-- test ratings as the PE prints them.
-- Released: never changed (its checksum is pinned by a test).
CREATE TABLE IF NOT EXISTS evaluations (
    sha256          TEXT PRIMARY KEY,
    source          TEXT NOT NULL,
    bank_id         TEXT,
    exam_date       TEXT,
    evaluation_date TEXT,
    regulator       TEXT,
    agency_id       INTEGER,
    name            TEXT,
    rating          TEXT,
    reason          TEXT,
    kind            TEXT NOT NULL,
    read_at         TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS evaluations_exam ON evaluations(bank_id, exam_date);
CREATE TABLE IF NOT EXISTS evaluation_tests (
    sha256    TEXT NOT NULL,
    bank_id   TEXT,
    exam_date TEXT,
    area      TEXT NOT NULL,
    test      TEXT NOT NULL,
    rating    TEXT NOT NULL,
    PRIMARY KEY (sha256, area, test)
);
CREATE INDEX IF NOT EXISTS evaluation_tests_exam ON evaluation_tests(bank_id, exam_date, area, test);
