-- Schema 5: a name change says the name before it (BankFind's
-- FRM_INSTNAME), read by the next cra enrich.
-- Released: never changed (its checksum is pinned by a test).
ALTER TABLE events ADD COLUMN former_name TEXT;
