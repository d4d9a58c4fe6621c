//! The rows of `lending` and `assessment_areas`, a year's disclosure file's
//! million, written a batch at a time: each row's values held as they
//! are (codes inline, no allocation for a reporter not linked), and a
//! batch inserted [`MANY`] rows a statement, each statement looked up
//! once a batch, each value bound only where it differs from what the
//! statement holds. The statements are `INSERT OR FAIL`: a statement of
//! many rows that may abort (a NOT NULL column) makes SQLite keep a
//! journal of each statement to undo it, which cost more than many rows
//! saved; one that fails keeps what it wrote, and the caller's
//! transaction is rolled back whole on any error. The rows of a file
//! reach the copy in its order, before anything reads them
//! (`Pending::flush`).

use std::sync::OnceLock;

use anyhow::Result;
use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::{ToSql, Transaction};

use super::super::link::number;
use crate::lending::record::Respondent;

/// Rows held before they are inserted.
const BATCH: usize = 1024;

/// A short code as a record gives it (a state, county, MSA or tract),
/// held inline; a longer text than the layouts give, on the heap.
#[derive(Debug, Clone)]
pub enum Code {
    Blank,
    Inline([u8; 15], u8),
    Long(String),
}

impl Code {
    pub(super) fn of(text: &str) -> Code {
        let bytes = text.as_bytes();
        match bytes.len() {
            0 => Code::Blank,
            n if n <= 15 => {
                let mut inline = [0u8; 15];
                inline[..n].copy_from_slice(bytes);
                Code::Inline(inline, n as u8)
            }
            _ => Code::Long(text.to_string()),
        }
    }

    /// The text, or NULL for a blank.
    fn value(&self) -> Option<&str> {
        match self {
            Code::Blank => None,
            // Built from a `&str` whole: always UTF-8.
            Code::Inline(bytes, n) => std::str::from_utf8(&bytes[..usize::from(*n)]).ok(),
            Code::Long(text) => Some(text),
        }
    }
}

/// One `lending` row, its values in the table's column order.
#[derive(Debug, Clone)]
pub struct LendingRow {
    pub year: u16,
    pub who: Respondent,
    /// Its reporter's bank, the writer's to find.
    pub bank: Option<String>,
    pub table_id: &'static str,
    pub kind: &'static str,
    pub action: &'static str,
    pub state: Code,
    pub county: Code,
    pub msa: Code,
    pub income_group: Option<&'static str>,
    pub in_area: Option<bool>,
    /// `loans` to `amount_small_revenue`, in the table's order.
    pub numbers: [Option<i64>; 10],
}

/// One `assessment_areas` row, its values in the table's column order.
#[derive(Debug, Clone)]
pub struct AreaRow {
    pub year: u16,
    pub who: Respondent,
    /// Its reporter's bank, the writer's to find.
    pub bank: Option<String>,
    pub area: u32,
    pub state: Code,
    pub county: Code,
    pub msa: Code,
    pub tract: Code,
    pub income_group: Option<&'static str>,
    pub partial_county: Option<i64>,
}

const LENDING: &str = "INSERT OR FAIL INTO lending (year, bank_id, agency, respondent_id, table_id, kind, \
     action, state, county, msa, income_group, in_area, loans, amount_thousands, \
     loans_under_100k, amount_under_100k, loans_100k_250k, amount_100k_250k, loans_250k_plus, \
     amount_250k_plus, loans_small_revenue, amount_small_revenue) VALUES ";
const LENDING_COLUMNS: usize = 22;
const AREAS: &str = "INSERT OR FAIL INTO assessment_areas (year, bank_id, agency, respondent_id, area, \
     state, county, msa, tract, income_group, partial_county) VALUES ";
const AREAS_COLUMNS: usize = 11;

/// `head` with a group of `columns` placeholders, made once.
fn one(cell: &'static OnceLock<String>, head: &str, columns: usize) -> &'static str {
    cell.get_or_init(|| format!("{head}({})", vec!["?"; columns].join(", ")))
}

/// Rows a statement of many inserts (64 measured faster than 16).
const MANY: usize = 64;

/// `head` with [`MANY`] groups of `columns` placeholders, made once.
fn many(cell: &'static OnceLock<String>, head: &str, columns: usize) -> &'static str {
    cell.get_or_init(|| {
        let group = format!("({})", vec!["?"; columns].join(", "));
        format!("{head}{}", vec![group; MANY].join(", "))
    })
}

/// Rows waiting for their batch.
#[derive(Debug, Default)]
pub(super) struct Pending {
    lending: Vec<LendingRow>,
    areas: Vec<AreaRow>,
}

/// One value of a row, as bound: compared with the value the column
/// holds from the row before, and bound only when it differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Value<'a> {
    Null,
    Integer(i64),
    Text(&'a str),
}

impl ToSql for Value<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::Borrowed(match *self {
            Value::Null => ValueRef::Null,
            Value::Integer(n) => ValueRef::Integer(n),
            Value::Text(text) => ValueRef::Text(text.as_bytes()),
        }))
    }
}

impl From<Option<i64>> for Value<'_> {
    fn from(value: Option<i64>) -> Self {
        value.map_or(Value::Null, Value::Integer)
    }
}

impl<'a> From<Option<&'a str>> for Value<'a> {
    fn from(value: Option<&'a str>) -> Self {
        value.map_or(Value::Null, Value::Text)
    }
}

/// A row of a table written in batches: its statement and its values in
/// the statement's order.
trait Batched {
    /// `INSERT ... VALUES (?, ...)`, made once.
    fn sql() -> &'static str;
    /// `INSERT ... VALUES (?, ...), ...` of [`MANY`] rows, made once.
    fn many_sql() -> &'static str;
    /// The row's values, in the statement's order.
    fn values<'a>(&'a self, out: &mut Vec<Value<'a>>);
}

impl Batched for LendingRow {
    fn sql() -> &'static str {
        static ONE: OnceLock<String> = OnceLock::new();
        one(&ONE, LENDING, LENDING_COLUMNS)
    }

    fn many_sql() -> &'static str {
        static MANY_ROWS: OnceLock<String> = OnceLock::new();
        many(&MANY_ROWS, LENDING, LENDING_COLUMNS)
    }

    fn values<'a>(&'a self, out: &mut Vec<Value<'a>>) {
        out.extend([
            Value::Integer(i64::from(self.year)),
            self.bank.as_deref().into(),
            Value::Integer(i64::from(self.who.agency.code())),
            Value::Integer(number(self.who.id)),
            Value::Text(self.table_id),
            Value::Text(self.kind),
            Value::Text(self.action),
            self.state.value().into(),
            self.county.value().into(),
            self.msa.value().into(),
            self.income_group.into(),
            self.in_area.map(i64::from).into(),
        ]);
        out.extend(self.numbers.iter().map(|n| Value::from(*n)));
    }
}

impl Batched for AreaRow {
    fn sql() -> &'static str {
        static ONE: OnceLock<String> = OnceLock::new();
        one(&ONE, AREAS, AREAS_COLUMNS)
    }

    fn many_sql() -> &'static str {
        static MANY_ROWS: OnceLock<String> = OnceLock::new();
        many(&MANY_ROWS, AREAS, AREAS_COLUMNS)
    }

    fn values<'a>(&'a self, out: &mut Vec<Value<'a>>) {
        out.extend([
            Value::Integer(i64::from(self.year)),
            self.bank.as_deref().into(),
            Value::Integer(i64::from(self.who.agency.code())),
            Value::Integer(number(self.who.id)),
            Value::Integer(i64::from(self.area)),
            self.state.value().into(),
            self.county.value().into(),
            self.msa.value().into(),
            self.tract.value().into(),
            self.income_group.into(),
            self.partial_county.into(),
        ]);
    }
}

/// `rows` inserted, [`MANY`] a statement (the rest one a statement), and
/// emptied. A value is bound only where it differs from what the
/// statement holds from its last execution (SQLite keeps what was bound):
/// a reporter's rows share their leading columns, a county's rows its
/// codes, and many counts are empty; binding was a sixth of the writer's
/// time. Many rows a statement keep its cursors where the last row went,
/// which halved the time spent finding where each index entry goes.
fn insert<R: Batched>(rows: &mut Vec<R>, tx: &Transaction<'_>) -> Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let mut chunks = rows.chunks_exact(MANY);
    execute(tx.prepare_cached(R::many_sql())?, &mut chunks)?;
    execute(tx.prepare_cached(R::sql())?, chunks.remainder().chunks(1))?;
    rows.clear();
    Ok(())
}

/// `insert` executed once for each group of rows.
fn execute<'r, R: Batched + 'r>(
    mut insert: rusqlite::CachedStatement<'_>,
    groups: impl IntoIterator<Item = &'r [R]>,
) -> Result<()> {
    // What the statement holds: nothing known at first (a statement
    // goes back to rusqlite's cache with its values cleared).
    let mut bound: Vec<Value> = Vec::new();
    let mut values: Vec<Value> = Vec::new();
    for group in groups {
        values.clear();
        for row in group {
            row.values(&mut values);
        }
        for (at, value) in values.iter().enumerate() {
            if bound.get(at) != Some(value) {
                insert.raw_bind_parameter(at + 1, value)?;
            }
        }
        insert.raw_execute()?;
        std::mem::swap(&mut bound, &mut values);
    }
    Ok(())
}

impl Pending {
    /// `row` kept; a full batch inserted.
    pub(super) fn lending(&mut self, tx: &Transaction<'_>, row: LendingRow) -> Result<()> {
        self.lending.push(row);
        if self.lending.len() >= BATCH {
            insert(&mut self.lending, tx)?;
        }
        Ok(())
    }

    pub(super) fn area(&mut self, tx: &Transaction<'_>, row: AreaRow) -> Result<()> {
        self.areas.push(row);
        if self.areas.len() >= BATCH {
            insert(&mut self.areas, tx)?;
        }
        Ok(())
    }

    /// Every row kept, inserted.
    pub(super) fn flush(&mut self, tx: &Transaction<'_>) -> Result<()> {
        insert(&mut self.lending, tx)?;
        insert(&mut self.areas, tx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_gives_back_its_text_and_a_blank_is_null() {
        for text in [
            "VT",
            "001",
            "12345",
            "9501.02",
            "a fifteen-byte.",
            "longer than fifteen",
        ] {
            assert_eq!(Code::of(text).value(), Some(text));
        }
        assert_eq!(Code::of("").value(), None);
    }

    use crate::lending::codes::Agency;
    use proptest::prelude::*;

    /// Area rows from few values each, so that a row often repeats the
    /// values of the one before, all or some of them.
    fn area_row() -> impl Strategy<Value = AreaRow> {
        (
            (
                2012u16..2014,
                prop::sample::select(vec![Agency::Occ, Agency::Fdic]),
                1u64..3,
            ),
            prop::option::of(prop::sample::select(vec!["b1".to_string(), "b2".into()])),
            1u32..3,
            (
                prop::sample::select(vec!["", "01", "48"]),
                prop::sample::select(vec!["", "001"]),
                prop::sample::select(vec!["", "NA", "a code longer than fifteen"]),
            ),
            prop::option::of(prop::sample::select(vec!["low", "upper"])),
            prop::option::of(0i64..2),
        )
            .prop_map(
                |(
                    (year, agency, id),
                    bank,
                    area,
                    (state, county, msa),
                    income_group,
                    partial_county,
                )| {
                    AreaRow {
                        year,
                        who: Respondent { agency, id },
                        bank,
                        area,
                        state: Code::of(state),
                        county: Code::of(county),
                        msa: Code::of(msa),
                        tract: Code::of(county),
                        income_group,
                        partial_county,
                    }
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// What is stored is every row's own values, in their order,
        /// whatever the rows before it bound (each value is bound only
        /// where it changed), through the statement of many rows and the
        /// statement of one, across batches that reuse them.
        #[test]
        fn rows_are_stored_as_given_though_only_changes_are_bound(
            batches in prop::collection::vec(prop::collection::vec(area_row(), 0..200), 1..4)
        ) {
            let mut connection = rusqlite::Connection::open_in_memory().unwrap();
            connection
                .execute_batch(
                    "CREATE TABLE assessment_areas (year INTEGER NOT NULL, bank_id TEXT, \
                     agency INTEGER NOT NULL, respondent_id INTEGER NOT NULL, \
                     area INTEGER NOT NULL, state TEXT, county TEXT, msa TEXT, tract TEXT, \
                     income_group TEXT, partial_county INTEGER)",
                )
                .unwrap();
            let tx = connection.transaction().unwrap();
            let mut expected = Vec::new();
            for batch in &batches {
                let mut rows = batch.clone();
                insert(&mut rows, &tx).unwrap();
                prop_assert!(rows.is_empty());
                for row in batch {
                    expected.push((
                        i64::from(row.year),
                        row.bank.clone(),
                        i64::from(row.who.agency.code()),
                        i64::try_from(row.who.id).unwrap(),
                        i64::from(row.area),
                        [row.state.value(), row.county.value(), row.msa.value(), row.tract.value()]
                            .map(|v| v.map(str::to_string)),
                        row.income_group.map(str::to_string),
                        row.partial_county,
                    ));
                }
            }
            let mut read = tx
                .prepare(
                    "SELECT year, bank_id, agency, respondent_id, area, state, county, msa, \
                     tract, income_group, partial_county FROM assessment_areas ORDER BY rowid",
                )
                .unwrap();
            let stored: Vec<_> = read
                .query_map([], |r| {
                    Ok((
                        r.get::<_, i64>("year")?,
                        r.get::<_, Option<String>>("bank_id")?,
                        r.get::<_, i64>("agency")?,
                        r.get::<_, i64>("respondent_id")?,
                        r.get::<_, i64>("area")?,
                        [
                            r.get::<_, Option<String>>("state")?,
                            r.get("county")?,
                            r.get("msa")?,
                            r.get("tract")?,
                        ],
                        r.get::<_, Option<String>>("income_group")?,
                        r.get::<_, Option<i64>>("partial_county")?,
                    ))
                })
                .unwrap()
                .collect::<rusqlite::Result<_>>()
                .unwrap();
            prop_assert_eq!(stored, expected);
        }
    }

    /// Each of a `lending` row's values lands in its own column, through
    /// the statement of many rows (64 rows) and of one (the 65th).
    #[test]
    fn a_lending_row_fills_each_column_with_its_own_value() {
        let mut connection = rusqlite::Connection::open_in_memory().unwrap();
        connection
            .execute_batch(include_str!("../../migrations/6.sql"))
            .unwrap();
        let tx = connection.transaction().unwrap();
        let row = |n: i64| LendingRow {
            year: 2013,
            who: Respondent {
                agency: Agency::Fdic,
                id: 14_134,
            },
            bank: Some("the bank".into()),
            table_id: "D1-1",
            kind: "small_business",
            action: "originated",
            state: Code::of("48"),
            county: Code::of("059"),
            msa: Code::of("NA"),
            income_group: Some("moderate"),
            in_area: Some(true),
            numbers: std::array::from_fn(|k| Some(n * 100 + k as i64)),
        };
        let mut rows: Vec<LendingRow> = (0..65).map(row).collect();
        insert(&mut rows, &tx).unwrap();
        let numbers = "loans, amount_thousands, loans_under_100k, amount_under_100k, \
             loans_100k_250k, amount_100k_250k, loans_250k_plus, amount_250k_plus, \
             loans_small_revenue, amount_small_revenue";
        let mut read = tx
            .prepare(&format!(
                "SELECT year || '|' || bank_id || '|' || agency || '|' || respondent_id || '|' || \
                 table_id || '|' || kind || '|' || action || '|' || state || '|' || county || \
                 '|' || msa || '|' || income_group || '|' || in_area AS head, {numbers} \
                 FROM lending ORDER BY rowid"
            ))
            .unwrap();
        let stored: Vec<(String, Vec<i64>)> = read
            .query_map([], |r| {
                let head: String = r.get("head")?;
                let numbers = numbers
                    .split(", ")
                    .map(|column| r.get::<_, i64>(column))
                    .collect::<rusqlite::Result<Vec<i64>>>()?;
                Ok((head, numbers))
            })
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert_eq!(stored.len(), 65);
        for (n, (head, numbers)) in stored.iter().enumerate() {
            assert_eq!(
                head,
                "2013|the bank|3|14134|D1-1|small_business|originated|48|059|NA|moderate|1"
            );
            let n = n as i64;
            assert_eq!(numbers, &(0..10).map(|k| n * 100 + k).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_statement_has_a_placeholder_for_every_column() {
        static CELL: OnceLock<String> = OnceLock::new();
        let sql = one(&CELL, AREAS, AREAS_COLUMNS);
        let columns = sql.split('(').nth(1).map_or(0, |c| c.split(',').count());
        assert_eq!(
            (sql.matches('?').count(), columns),
            (AREAS_COLUMNS, AREAS_COLUMNS)
        );
    }
}
