//! The rows of `lending` and `assessment_areas`, a year's disclosure file's
//! million, written a batch at a time: each row's values held as they
//! are (codes inline, no allocation for a reporter not linked), and a
//! batch inserted through one statement looked up once, bound by
//! position. One row a statement: a statement of many rows would make
//! SQLite keep a journal of each statement, which costs more than it
//! saves. The rows of a file reach the copy in its order, before anything
//! reads them (`Pending::flush`).

use std::sync::OnceLock;

use anyhow::Result;
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

const LENDING: &str = "INSERT INTO lending (year, bank_id, agency, respondent_id, table_id, kind, \
     action, state, county, msa, income_group, in_area, loans, amount_thousands, \
     loans_under_100k, amount_under_100k, loans_100k_250k, amount_100k_250k, loans_250k_plus, \
     amount_250k_plus, loans_small_revenue, amount_small_revenue) VALUES ";
const LENDING_COLUMNS: usize = 22;
const AREAS: &str = "INSERT INTO assessment_areas (year, bank_id, agency, respondent_id, area, \
     state, county, msa, tract, income_group, partial_county) VALUES ";
const AREAS_COLUMNS: usize = 11;

/// `head` with a group of `columns` placeholders, made once.
fn one(cell: &'static OnceLock<String>, head: &str, columns: usize) -> &'static str {
    cell.get_or_init(|| format!("{head}({})", vec!["?"; columns].join(", ")))
}

/// Rows waiting for their batch.
#[derive(Debug, Default)]
pub(super) struct Pending {
    lending: Vec<LendingRow>,
    areas: Vec<AreaRow>,
}

/// A row of a table written in batches: its statement and its values in
/// the statement's order.
trait Batched {
    /// `INSERT ... VALUES (?, ...)`, made once.
    fn sql() -> &'static str;
    /// The leading columns a run of rows shares (its reporter, its bank,
    /// its table): bound once for the run (SQLite keeps what was bound
    /// from one row to the next).
    const SHARED: usize;
    fn shares_with(&self, before: &Self) -> bool;
    fn bind(
        &self,
        bind: &mut dyn FnMut(&dyn ToSql) -> rusqlite::Result<()>,
    ) -> rusqlite::Result<()>;
}

impl Batched for LendingRow {
    fn sql() -> &'static str {
        static ONE: OnceLock<String> = OnceLock::new();
        one(&ONE, LENDING, LENDING_COLUMNS)
    }

    /// `year` to `action`.
    const SHARED: usize = 7;

    fn shares_with(&self, before: &Self) -> bool {
        self.year == before.year
            && self.who == before.who
            && self.bank == before.bank
            && self.table_id == before.table_id
            && self.kind == before.kind
            && self.action == before.action
    }

    fn bind(
        &self,
        bind: &mut dyn FnMut(&dyn ToSql) -> rusqlite::Result<()>,
    ) -> rusqlite::Result<()> {
        bind(&self.year)?;
        bind(&self.bank)?;
        bind(&self.who.agency.code())?;
        bind(&number(self.who.id))?;
        bind(&self.table_id)?;
        bind(&self.kind)?;
        bind(&self.action)?;
        bind(&self.state.value())?;
        bind(&self.county.value())?;
        bind(&self.msa.value())?;
        bind(&self.income_group)?;
        bind(&self.in_area)?;
        for number in &self.numbers {
            bind(number)?;
        }
        Ok(())
    }
}

impl Batched for AreaRow {
    fn sql() -> &'static str {
        static ONE: OnceLock<String> = OnceLock::new();
        one(&ONE, AREAS, AREAS_COLUMNS)
    }

    /// `year` to `area`.
    const SHARED: usize = 5;

    fn shares_with(&self, before: &Self) -> bool {
        self.year == before.year
            && self.who == before.who
            && self.bank == before.bank
            && self.area == before.area
    }

    fn bind(
        &self,
        bind: &mut dyn FnMut(&dyn ToSql) -> rusqlite::Result<()>,
    ) -> rusqlite::Result<()> {
        bind(&self.year)?;
        bind(&self.bank)?;
        bind(&self.who.agency.code())?;
        bind(&number(self.who.id))?;
        bind(&self.area)?;
        bind(&self.state.value())?;
        bind(&self.county.value())?;
        bind(&self.msa.value())?;
        bind(&self.tract.value())?;
        bind(&self.income_group)?;
        bind(&self.partial_county)
    }
}

/// `rows` inserted, one statement looked up once (its values cleared),
/// and emptied; the columns a row shares with the one before it are not
/// bound again.
fn insert<R: Batched>(rows: &mut Vec<R>, tx: &Transaction<'_>) -> Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let mut insert = tx.prepare_cached(R::sql())?;
    let mut before: Option<&R> = None;
    for row in rows.iter() {
        let bound = match before {
            Some(before) if row.shares_with(before) => R::SHARED,
            _ => 0,
        };
        let mut at = 0;
        row.bind(&mut |value| {
            at += 1;
            if at <= bound {
                return Ok(());
            }
            insert.raw_bind_parameter(at, value)
        })?;
        insert.raw_execute()?;
        before = Some(row);
    }
    rows.clear();
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
