//! Which evaluation an exam's test ratings are read from, as one rule
//! every reader of the copy takes: the columns (`lending_test`...), `stats
//! --by lending_test`, `--test`, `show`, `cra evaluations`. An exam may
//! have two PEs read (the agency published it again, or two files of it
//! differ) that rate its tests otherwise; the rule picks one of them, and
//! `cra evaluations --disagree` names the other.
//!
//! The rule: of the PEs linked to the exam, the one whose overall rating
//! is the copy's rating of the exam; then the latest evaluation date;
//! then the first read; then the smaller SHA-256.

use rusqlite::types::Value as SqlValue;

use crate::domain::TestFilter;

/// SQL of the SHA-256 of the PE the exam of `bank` on `date` (columns or
/// expressions of the query it is put in) is read from, by the rule of
/// the module; NULL where none was read. Its own names are `pe_` prefixed
/// so that the caller's do not meet them.
pub(crate) fn chosen_sql(bank: &str, date: &str) -> String {
    format!(
        "(SELECT pe_e.sha256 FROM evaluations pe_e \
         WHERE pe_e.bank_id = {bank} AND pe_e.exam_date = {date} \
         ORDER BY pe_e.rating IS (SELECT pe_r.rating FROM ratings pe_r \
           WHERE pe_r.bank_id = pe_e.bank_id AND pe_r.exam_date = pe_e.exam_date \
           ORDER BY pe_r.seq LIMIT 1) DESC, \
         pe_e.evaluation_date DESC, pe_e.read_at, pe_e.sha256 LIMIT 1)"
    )
}

/// The copy's SQL of an exam's test ratings at the institution's level as
/// one text (`lending=High Satisfactory;service=Outstanding`), from the
/// exam's PE ([`chosen_sql`]), the exam's bank and date being the columns
/// `bank` and `date`: read back with
/// [`crate::domain::PublicRecord::set_tests`].
///
/// The exam's own tests are looked up first (`evaluation_tests` holds its
/// PE's bank and exam, as `evaluations` does: both are written together),
/// so that an exam with no PE read, most of them, costs one index lookup
/// and the rule is applied only to an exam that has one.
pub(crate) fn tests_sql(bank: &str, date: &str) -> String {
    format!(
        "(SELECT group_concat(pe_t.test || '=' || pe_t.rating, ';') FROM evaluation_tests pe_t \
         WHERE pe_t.bank_id = {bank} AND pe_t.exam_date = {date} AND pe_t.area = 'institution' \
         AND pe_t.sha256 = {})",
        chosen_sql(bank, date)
    )
}

/// The SQL of one test's rating at the institution's level of the exam of
/// `bank` and `date` (columns), from the exam's PE; `none` where none was
/// read: a grouping's key.
pub(crate) fn test_key_sql(test: crate::domain::Test, bank: &str, date: &str) -> String {
    format!(
        "coalesce((SELECT pe_t.rating FROM evaluation_tests pe_t WHERE pe_t.sha256 = {} \
         AND pe_t.area = 'institution' AND pe_t.test = '{}'), 'none')",
        chosen_sql(bank, date),
        test.as_str()
    )
}

/// A `--test` filter as a clause on the row's bank and exam (`id` and
/// `exam_date`, columns of the reader's query), and the values it binds:
/// the exam's PE rates the test (or the area's overall rating) at one of
/// the filter's levels, at the institution's level or the area's (a
/// state's code, an MSA's name in any case).
pub(crate) fn filter_clause(
    filter: &TestFilter,
    id: &str,
    exam_date: &str,
) -> (String, Vec<SqlValue>) {
    let TestFilter {
        rated,
        area,
        levels,
    } = filter;
    let marks = vec!["?"; levels.len()].join(", ");
    // Not a correlated EXISTS: an unqualified column of the row
    // (`exam_date` of `banks`) would be read as the evaluation's own.
    let clause = format!(
        "({id}, {exam_date}) IN (SELECT t.bank_id, t.exam_date FROM evaluation_tests t \
         WHERE t.area = ? COLLATE NOCASE AND t.test = ? AND t.rating IN ({marks}) \
         AND t.sha256 = {})",
        chosen_sql("t.bank_id", "t.exam_date")
    );
    let mut values = vec![
        SqlValue::from(area.clone().unwrap_or_else(|| "institution".to_string())),
        SqlValue::from(rated.as_str().to_string()),
    ];
    values.extend(
        levels
            .iter()
            .map(|l| SqlValue::from(l.as_str().to_string())),
    );
    (clause, values)
}
