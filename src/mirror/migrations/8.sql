-- Schema 8: the lending rows are found by their reporter, not by their
-- bank. A year's disclosure file adds a million rows to lending and
-- assessment_areas; an index of each row's bank cost a third of reading
-- it, and a bank's rows are as quickly found through its reporters
-- (lending_reporters is indexed by bank and year; lending and
-- assessment_areas by year, agency and respondent ID). bank_id stays in
-- both tables, as it was, for cra sql.
-- Released: never changed (its checksum is pinned by a test).
DROP INDEX IF EXISTS lending_bank;
DROP INDEX IF EXISTS assessment_areas_bank;
