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
use rusqlite::Transaction;

/// Rows held before they are inserted.
const BATCH: usize = 1024;

/// A short code as a record gives it (a state, county, MSA or tract),
/// held inline; a longer text than the layouts give, on the heap.
#[derive(Debug, Clone)]
pub(super) enum Code {
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
pub(super) struct LendingRow {
    pub year: u16,
    pub bank: Option<String>,
    pub agency: u8,
    pub respondent_id: i64,
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
pub(super) struct AreaRow {
    pub year: u16,
    pub bank: Option<String>,
    pub agency: u8,
    pub respondent_id: i64,
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

impl Pending {
    /// `row` kept; a full batch inserted.
    pub(super) fn lending(&mut self, tx: &Transaction<'_>, row: LendingRow) -> Result<()> {
        self.lending.push(row);
        if self.lending.len() >= BATCH {
            self.flush_lending(tx)?;
        }
        Ok(())
    }

    pub(super) fn area(&mut self, tx: &Transaction<'_>, row: AreaRow) -> Result<()> {
        self.areas.push(row);
        if self.areas.len() >= BATCH {
            self.flush_areas(tx)?;
        }
        Ok(())
    }

    /// Every row kept, inserted.
    pub(super) fn flush(&mut self, tx: &Transaction<'_>) -> Result<()> {
        self.flush_lending(tx)?;
        self.flush_areas(tx)
    }

    fn flush_lending(&mut self, tx: &Transaction<'_>) -> Result<()> {
        static ONE: OnceLock<String> = OnceLock::new();
        if self.lending.is_empty() {
            return Ok(());
        }
        let mut insert = tx.prepare_cached(one(&ONE, LENDING, LENDING_COLUMNS))?;
        for row in &self.lending {
            let mut at = 0;
            let mut bind = |value: &dyn rusqlite::ToSql| {
                at += 1;
                insert.raw_bind_parameter(at, value)
            };
            bind(&row.year)?;
            bind(&row.bank)?;
            bind(&row.agency)?;
            bind(&row.respondent_id)?;
            bind(&row.table_id)?;
            bind(&row.kind)?;
            bind(&row.action)?;
            bind(&row.state.value())?;
            bind(&row.county.value())?;
            bind(&row.msa.value())?;
            bind(&row.income_group)?;
            bind(&row.in_area)?;
            for number in &row.numbers {
                bind(number)?;
            }
            insert.raw_execute()?;
        }
        self.lending.clear();
        Ok(())
    }

    fn flush_areas(&mut self, tx: &Transaction<'_>) -> Result<()> {
        static ONE: OnceLock<String> = OnceLock::new();
        if self.areas.is_empty() {
            return Ok(());
        }
        let mut insert = tx.prepare_cached(one(&ONE, AREAS, AREAS_COLUMNS))?;
        for row in &self.areas {
            let mut at = 0;
            let mut bind = |value: &dyn rusqlite::ToSql| {
                at += 1;
                insert.raw_bind_parameter(at, value)
            };
            bind(&row.year)?;
            bind(&row.bank)?;
            bind(&row.agency)?;
            bind(&row.respondent_id)?;
            bind(&row.area)?;
            bind(&row.state.value())?;
            bind(&row.county.value())?;
            bind(&row.msa.value())?;
            bind(&row.tract.value())?;
            bind(&row.income_group)?;
            bind(&row.partial_county)?;
            insert.raw_execute()?;
        }
        self.areas.clear();
        Ok(())
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
