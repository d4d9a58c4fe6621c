-- Schema 3: structure changes (events): the mergers, failures, closings and
-- name changes of the institutions linked, read by the next cra enrich.
-- Released: never changed (its checksum is pinned by a test).
CREATE TABLE IF NOT EXISTS events (
    fdic_cert      INTEGER NOT NULL,
    date           TEXT NOT NULL,
    kind           TEXT NOT NULL,
    code           INTEGER NOT NULL,
    description    TEXT,
    successor_cert INTEGER,
    successor_name TEXT,
    name           TEXT
);
CREATE INDEX IF NOT EXISTS events_cert ON events(fdic_cert, date);
CREATE INDEX IF NOT EXISTS events_successor ON events(successor_cert);
