//! The columns of a bank as listed (`search`, `export`) and of a bank's
//! history (one row per rating record: `show`, `export --with-history`),
//! and the records that carry them to a printer.

use std::sync::Arc;

use super::cell::Cell;
use super::column::{Column, Columns, Kind};
use super::{Fit, Record};
use crate::domain::model::{Bank, BankDetail, CurrentRating, DetailFields, RatingRecord, Raw};

fn current<'r>(bank: &'r Bank, field: fn(&'r CurrentRating) -> Cell<'r>) -> Cell<'r> {
    bank.fields
        .current_rating
        .as_ref()
        .map_or(Cell::Empty, field)
}

/// A bank as listed, csv's order.
const BANK: &[Column<Bank>] = &[
    Column::new("id", "ID", Kind::Id, Fit::Id { min: 8 }, |b| {
        Cell::text(b.fields.id.as_str())
    }),
    // The answer: the name, its rating and when it was given; then where
    // the bank is (two banks of one name differ by their city).
    Column::new(
        "name",
        "NAME",
        Kind::Text,
        Fit::Shorten { rank: 0, min: 16 },
        |b| Cell::text(b.fields.name.as_str()),
    ),
    Column::new(
        "city",
        "CITY",
        Kind::Text,
        Fit::Shorten { rank: 3, min: 10 },
        |b| Cell::text(b.fields.city.as_str()),
    ),
    Column::new("state", "ST", Kind::Text, Fit::Keep { rank: 4 }, |b| {
        Cell::text(b.fields.state.as_str())
    }),
    Column::new(
        "regulator",
        "REGULATOR",
        Kind::Text,
        Fit::Keep { rank: 6 },
        |b| Cell::text(b.fields.regulator.as_str()),
    ),
    Column::new(
        "rating",
        "RATING",
        Kind::Rating,
        Fit::Rating { rank: 1 },
        |b| current(b, |r| Cell::text(r.rating.as_str())),
    ),
    Column::new(
        "exam_date",
        "EXAM DATE",
        Kind::Date,
        Fit::Keep { rank: 2 },
        |b| current(b, |r| Cell::date(r.exam_date.as_str())),
    ),
    Column::new(
        "exam_type",
        "EXAM TYPE",
        Kind::Text,
        Fit::ExamType { rank: 5 },
        |b| current(b, |r| Cell::text(r.exam_type.as_str())),
    ),
];

/// The public record's columns of a bank as listed.
const BANK_PUBLIC: &[Column<Bank>] = &super::public::columns::<Bank>();

/// The columns of a bank as listed.
pub const BANKS: Columns<Bank> = Columns::new(
    BANK,
    &[
        "name",
        "city",
        "state",
        "regulator",
        "rating",
        "exam_date",
        "exam_type",
        "id",
    ],
)
.with_extra(BANK_PUBLIC);

/// One row of a bank's history: the bank, and one of its rating records
/// (none for a bank with no record, which still gets its row: no bank
/// silently vanishes from a table or csv). The bank is shared by its rows.
pub struct HistoryRow {
    pub bank: Arc<DetailFields>,
    /// The record's place in `bank.ratings`.
    pub at: Option<usize>,
}

impl HistoryRow {
    fn rating(&self) -> Option<&RatingRecord> {
        self.at.and_then(|i| self.bank.ratings.get(i))
    }
}

fn record<'r>(row: &'r HistoryRow, field: fn(&'r RatingRecord) -> Cell<'r>) -> Cell<'r> {
    row.rating().map_or(Cell::Empty, field)
}

const HISTORY: &[Column<HistoryRow>] = &[
    Column::new("id", "ID", Kind::Id, Fit::Id { min: 8 }, |r| {
        Cell::text(r.bank.id.as_str())
    }),
    Column::new(
        "name",
        "NAME",
        Kind::Text,
        Fit::Shorten { rank: 1, min: 16 },
        |r| Cell::text(r.bank.name.as_str()),
    ),
    Column::new(
        "city",
        "CITY",
        Kind::Text,
        Fit::Shorten { rank: 6, min: 10 },
        |r| Cell::text(r.bank.city.as_str()),
    ),
    Column::new("state", "ST", Kind::Text, Fit::Keep { rank: 5 }, |r| {
        Cell::text(r.bank.state.as_str())
    }),
    Column::new(
        "regulator",
        "REGULATOR",
        Kind::Text,
        Fit::Keep { rank: 7 },
        |r| Cell::text(r.bank.regulator.as_str()),
    ),
    Column::new(
        "exam_date",
        "EXAM DATE",
        Kind::Date,
        Fit::Keep { rank: 2 },
        |r| record(r, |x| Cell::date(x.exam_date.as_str())),
    ),
    Column::new(
        "rating",
        "RATING",
        Kind::Rating,
        Fit::Rating { rank: 3 },
        |r| record(r, |x| Cell::text(x.rating.as_str())),
    ),
    Column::new(
        "exam_type",
        "EXAM TYPE",
        Kind::Text,
        Fit::ExamType { rank: 8 },
        |r| record(r, |x| Cell::text(x.exam_type.as_str())),
    ),
    Column::new(
        "is_current",
        "CURRENT",
        Kind::Bool,
        Fit::Keep { rank: 4 },
        |r| record(r, |x| Cell::Bool(x.is_current)),
    ),
];

/// The columns of a bank's history (the table in csv's order).
pub const HISTORIES: Columns<HistoryRow> = Columns::new(
    HISTORY,
    &[
        "id",
        "name",
        "city",
        "state",
        "regulator",
        "exam_date",
        "rating",
        "exam_type",
        "is_current",
    ],
);

/// A listed bank as a record: the JSON as served, its row.
pub fn bank_record<'a>(bank: &'a Bank, shape: &super::Shape<Bank>) -> Record<'a, Raw> {
    Record {
        json: &bank.raw,
        rows: vec![shape.cells(bank)],
    }
}

/// A bank's history rows, newest first (by exam date, the service's order
/// kept for ties).
pub fn history_rows(bank: Arc<DetailFields>) -> Vec<HistoryRow> {
    let mut order: Vec<usize> = (0..bank.ratings.len()).collect();
    order.sort_by(|&a, &b| bank.ratings[b].exam_date.cmp(&bank.ratings[a].exam_date));
    if order.is_empty() {
        return vec![HistoryRow { bank, at: None }];
    }
    order
        .into_iter()
        .map(|at| HistoryRow {
            bank: bank.clone(),
            at: Some(at),
        })
        .collect()
}

/// Prints a bank with its history: its JSON as served, one row a record.
pub fn write_history<W: std::io::Write>(
    printer: &mut super::Printer<W>,
    shape: &super::Shape<HistoryRow>,
    bank: BankDetail,
) -> anyhow::Result<()> {
    let BankDetail { raw, fields } = bank;
    let rows = if printer.prints_json() {
        Vec::new()
    } else {
        history_rows(Arc::new(fields))
    };
    printer.write(&Record {
        json: &raw,
        rows: rows.iter().map(|row| shape.cells(row)).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Format;

    #[test]
    fn every_table_column_is_defined() {
        for format in [Format::Table, Format::Csv] {
            assert_eq!(BANKS.shape(format, &[]).unwrap().heads().len(), 8);
            assert_eq!(HISTORIES.shape(format, &[]).unwrap().heads().len(), 9);
        }
    }

    #[test]
    fn a_bank_without_records_keeps_its_row() {
        let detail = crate::domain::model::parse_detail(serde_json::json!({"data": {
            "id": "a", "name": "N", "city": "C", "state": "TX", "regulator": "FDIC", "ratings": []}})
            .to_string()
            .as_bytes())
        .unwrap();
        let rows = history_rows(Arc::new(detail.fields));
        let shape = HISTORIES.shape(Format::Csv, &[]).unwrap();
        let texts: Vec<String> = shape
            .cells(&rows[0])
            .iter()
            .map(|c| c.as_text().into_owned())
            .collect();
        assert_eq!(texts, ["a", "N", "C", "TX", "FDIC", "", "", "", ""]);
    }
}
