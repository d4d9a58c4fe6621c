-- Schema 7: every file cra enrich --pe read is kept, set-aside ones too,
-- with its status, and the version of the reader that read it.
-- Released: never changed (its checksum is pinned by a test).
--
-- status: 'linked' (bank_id and exam_date say to which exam), 'unlinked'
-- (a PE, linked to no exam of the copy: reason says why) or 'set_aside'
-- (no PE could be read from it: no text, not a CRA performance evaluation,
-- encrypted, damaged; reason says which, kind is 'none' and every field
-- the PE would give is NULL). reader: the version of the PE reader that
-- read it (1: every reader before this schema); a file is known by its
-- SHA-256 and read again only by a later reader.
ALTER TABLE evaluations ADD COLUMN status TEXT NOT NULL DEFAULT 'linked';
ALTER TABLE evaluations ADD COLUMN reader INTEGER NOT NULL DEFAULT 1;
UPDATE evaluations SET status = 'unlinked' WHERE bank_id IS NULL;
