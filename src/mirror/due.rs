//! `cra due`: banks whose next CRA examination is probably due, from the
//! copy, in one statement over the covering index `banks_find` (every
//! column it prints is there). The expected interval after an exam comes
//! from [`INTERVALS`], turned into SQL here; the README prints the same
//! table with its sources. A heuristic: assets and the agencies' plans are
//! not in the data.

use anyhow::Result;
use rusqlite::types::Value as SqlValue;

use super::Reader;
use super::find::{Tested, find_clauses, key_sql};
use crate::domain::{ExamType, Find, ListQuery, Rating};

/// Months expected between exams, by exam type (rows) and rating (columns:
/// Outstanding, Satisfactory, Needs to Improve, Substantial Noncompliance).
/// Small banks: 12 U.S.C. 2908 (not more than once every 60 months after
/// Outstanding, 48 after Satisfactory); larger banks and lower ratings: the
/// agencies' shorter published cycles, rounded.
pub const INTERVALS: [(&str, [u32; 4]); 3] = [
    (ExamType::SIZES[1], [60, 48, 24, 12]),
    (ExamType::SIZES[2], [60, 48, 24, 12]),
    (ExamType::SIZES[0], [36, 36, 24, 12]),
];

/// Any other exam type or rating: the large banks' cycle.
pub const OTHERWISE: u32 = 36;

/// The expected interval of an exam type and rating (for tests and docs).
pub fn expected(exam_type: &str, rating: &str) -> u32 {
    let Some(rank) = Rating::rank_of(rating) else {
        return OTHERWISE;
    };
    INTERVALS
        .iter()
        .find(|(kind, _)| *kind == exam_type)
        .map_or(OTHERWISE, |(_, months)| months[rank])
}

/// [`expected`] as SQL over `banks`.
fn expected_sql() -> String {
    let mut sql = String::from("CASE");
    for (kind, months) in INTERVALS {
        for (rating, m) in Rating::NAMES.iter().zip(months) {
            sql.push_str(&format!(
                " WHEN exam_type = '{kind}' AND rating = '{rating}' THEN {m}"
            ));
        }
    }
    sql.push_str(&format!(" ELSE {OTHERWISE} END"));
    sql
}

/// Whole months from `date` (`YYYY-MM-DD`) to `today`, as SQL.
fn months_sql(today: &str) -> String {
    let t = format!("'{today}'");
    format!(
        "((CAST(substr({t}, 1, 4) AS INTEGER) - CAST(substr(exam_date, 1, 4) AS INTEGER)) * 12 \
         + CAST(substr({t}, 6, 2) AS INTEGER) - CAST(substr(exam_date, 6, 2) AS INTEGER) \
         - (substr({t}, 9, 2) < substr(exam_date, 9, 2)))"
    )
}

/// One bank probably due.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueRow {
    pub id: String,
    pub name: String,
    pub city: String,
    pub state: String,
    pub regulator: String,
    pub rating: String,
    pub exam_date: String,
    pub exam_type: String,
    pub months_since: i64,
    pub expected_months: i64,
    pub overdue_months: i64,
}

/// What `due` asks.
#[derive(Debug, Clone, Default)]
pub struct DueQuery {
    pub list: ListQuery,
    pub find: Find,
    /// Today, `YYYY-MM-DD`.
    pub today: String,
    /// One interval for every bank (`--older-than`), instead of the table.
    pub older_than_months: Option<i64>,
}

/// The statement and its values.
fn due_sql(query: &DueQuery) -> (String, Vec<SqlValue>) {
    let mut clauses = vec!["exam_date IS NOT NULL".to_string()];
    let mut values: Vec<SqlValue> = Vec::new();
    if let Some(state) = &query.list.state {
        clauses.push("state = ?".into());
        values.push(state.clone().into());
    }
    if let Some(size) = &query.list.size {
        clauses.push("exam_type = ?".into());
        values.push(size.clone().into());
    }
    if let Some(q) = query
        .list
        .q
        .as_deref()
        .map(|q| q.trim().to_lowercase())
        .filter(|q| !q.is_empty())
    {
        clauses.push("cra_name_contains(name, ?)".into());
        values.push(q.into());
    }
    let (more, more_values) = find_clauses(&query.find, &Tested::BANKS);
    clauses.extend(more);
    values.extend(more_values);
    let expected = match query.older_than_months {
        Some(months) => months.to_string(),
        None => expected_sql(),
    };
    let mut order: Vec<String> = query
        .find
        .sort
        .iter()
        .map(|key| {
            let direction = if key.descending { " DESC" } else { "" };
            format!("{}{direction}", key_sql(key.field))
        })
        .collect();
    if order.is_empty() {
        order.push("overdue_months DESC".into());
    }
    order.extend(["+position".into(), "r".into()]);
    let sql = format!(
        "SELECT id, name, city, state, regulator, coalesce(rating, ''), exam_date, coalesce(exam_type, ''), \
                months_since, expected_months, months_since - expected_months AS overdue_months \
         FROM (SELECT rowid AS r, id, name, city, state, regulator, rating, exam_date, exam_type, \
                      position, {months} AS months_since, {expected} AS expected_months \
               FROM banks WHERE {}) \
         WHERE months_since >= expected_months \
         ORDER BY {}",
        clauses.join(" AND "),
        order.join(", "),
        months = months_sql(&query.today),
    );
    (sql, values)
}

impl Reader {
    /// The banks probably due, most overdue first (or in `find`'s order).
    pub fn due(&self, query: &DueQuery) -> Result<Vec<DueRow>> {
        let (sql, values) = due_sql(query);
        let connection = self.connection();
        let mut statement = connection.prepare_cached(&sql)?;
        let rows = statement.query_map(rusqlite::params_from_iter(&values), |row| {
            Ok(DueRow {
                id: row.get(0)?,
                name: row.get(1)?,
                city: row.get(2)?,
                state: row.get(3)?,
                regulator: row.get(4)?,
                rating: row.get(5)?,
                exam_date: row.get(6)?,
                exam_type: row.get(7)?,
                months_since: row.get(8)?,
                expected_months: row.get(9)?,
                overdue_months: row.get(10)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rusqlite::Connection;

    #[test]
    fn the_statute_for_small_banks_and_shorter_cycles_below() {
        assert_eq!(expected("Small Bank", "Outstanding"), 60);
        assert_eq!(expected("Small Bank", "Satisfactory"), 48);
        assert_eq!(expected("Large Bank", "Satisfactory"), 36);
        assert_eq!(expected("Intermediate Small Bank", "Needs to Improve"), 24);
        assert_eq!(expected("Large Bank", "Substantial Noncompliance"), 12);
        assert_eq!(expected("Wholesale", "Outstanding"), OTHERWISE);
        assert_eq!(expected("Small Bank", "Pending"), OTHERWISE);
    }

    #[test]
    fn the_whole_statement_reads_the_covering_index() {
        let connection = Connection::open_in_memory().unwrap();
        connection.execute_batch(super::super::SCHEMA).unwrap();
        connection.execute_batch(super::super::INDEXES).unwrap();
        let (sql, values) = due_sql(&DueQuery {
            today: "2026-11-24".into(),
            ..DueQuery::default()
        });
        let plan: Vec<String> = connection
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .unwrap()
            .query_map(rusqlite::params_from_iter(&values), |row| row.get(3))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert!(
            plan.iter()
                .any(|p| p.contains("USING COVERING INDEX banks_find")),
            "{plan:?}"
        );
    }

    proptest! {
        /// SQLite's months and the SQL table agree with the calendar and
        /// with [`expected`].
        #[test]
        fn months_and_intervals_in_sql_agree_with_rust(
            y in 1990i16..2026, m in 1i8..=12, d in 1i8..=28,
            kind in 0usize..4, rating in 0usize..5,
        ) {
            let connection = Connection::open_in_memory().unwrap();
            let date = format!("{y:04}-{m:02}-{d:02}");
            let kinds = ["Small Bank", "Intermediate Small Bank", "Large Bank", "Other"];
            let ratings = ["Outstanding", "Satisfactory", "Needs to Improve", "Substantial Noncompliance", "Pending"];
            let sql = format!(
                "SELECT {}, {} FROM (SELECT ?1 AS exam_date, ?2 AS exam_type, ?3 AS rating)",
                months_sql("2026-11-24"),
                expected_sql()
            );
            let (months, interval): (i64, i64) = connection
                .query_row(&sql, [&date, kinds[kind], ratings[rating]], |row| Ok((row.get(0)?, row.get(1)?)))
                .unwrap();
            let from: jiff::civil::Date = date.parse().unwrap();
            let to: jiff::civil::Date = "2026-11-24".parse().unwrap();
            let span = from.until((jiff::Unit::Month, to)).unwrap();
            prop_assert_eq!(months, i64::from(span.get_months()));
            prop_assert_eq!(interval, i64::from(expected(kinds[kind], ratings[rating])));
        }
    }
}
