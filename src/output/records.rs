//! The columns of a bank as listed (`search`, `export`) and of a bank's
//! history (one row per rating record: `show`, `export --with-history`),
//! and the records that carry them to a printer.

use std::sync::Arc;

use super::bank::{self, AboutBank, BankView, ExamView};
use super::cell::Cell;
use super::column::{Column, Columns, Kind, RowJson};
use super::{Fit, Rows};
use crate::domain::model::{Bank, BankDetail, DetailFields, RatingRecord};
use crate::domain::{HasPublic, PublicRecord};

impl AboutBank for Bank {
    fn bank(&self) -> BankView<'_> {
        let fields = &self.fields;
        BankView {
            id: &fields.id,
            name: &fields.name,
            city: &fields.city,
            state: &fields.state,
            regulator: &fields.regulator,
            exam: fields.current_rating.as_ref().map(|current| ExamView {
                rating: &current.rating,
                exam_date: &current.exam_date,
                exam_type: &current.exam_type,
            }),
        }
    }
}

/// A bank as listed: the bank's columns, the public record's.
const BANK: &[Column<Bank>] = &bank::columns::<Bank>();
const BANK_PUBLIC: &[Column<Bank>] = &super::public::columns::<Bank>();

/// The columns of a bank as listed.
pub const BANKS: Columns<Bank> = Columns::about_bank(
    BANK,
    &[],
    &bank::NAMES,
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
    // The answer: the name, its rating and when it was given; then where
    // the bank is (two banks of one name differ by their city).
    &[
        "name",
        "rating",
        "exam_date",
        "city",
        "state",
        "exam_type",
        "regulator",
    ],
)
.with_extra(BANK_PUBLIC)
.with_json(RowJson::Served(|bank| &bank.raw));

/// One row of a bank's history: the bank, and one of its rating records
/// (none for a bank with no record, which still gets its row: no bank
/// silently vanishes from a table or csv). The bank is shared by its rows.
pub struct HistoryRow {
    pub bank: Arc<DetailFields>,
    /// The record's place in `bank.ratings`.
    pub at: Option<usize>,
    /// The bank's public record, when its columns were asked for.
    pub public: Option<Arc<PublicRecord>>,
}

impl HistoryRow {
    fn rating(&self) -> Option<&RatingRecord> {
        self.at.and_then(|i| self.bank.ratings.get(i))
    }
}

impl HasPublic for HistoryRow {
    fn public(&self) -> Option<&PublicRecord> {
        self.public.as_deref()
    }
}

impl AboutBank for HistoryRow {
    fn bank(&self) -> BankView<'_> {
        let bank = &self.bank;
        BankView {
            id: &bank.id,
            name: &bank.name,
            city: &bank.city,
            state: &bank.state,
            regulator: &bank.regulator,
            exam: self.rating().map(|record| ExamView {
                rating: &record.rating,
                exam_date: &record.exam_date,
                exam_type: &record.exam_type,
            }),
        }
    }
}

const HISTORY_BANK: &[Column<HistoryRow>] = &bank::columns::<HistoryRow>();
const HISTORY_PUBLIC: &[Column<HistoryRow>] = &super::public::columns::<HistoryRow>();

/// What a history row adds to the bank's columns: whether the record is
/// the current one.
const HISTORY: &[Column<HistoryRow>] = &[Column::new(
    "is_current",
    "CURRENT",
    Kind::Bool,
    Fit::Keep { rank: 4 },
    |r| r.rating().map_or(Cell::Empty, |x| Cell::Bool(x.is_current)),
)];

/// The columns of a bank's history (the table in csv's order).
pub const HISTORIES: Columns<HistoryRow> = Columns::about_bank(
    HISTORY_BANK,
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
    &[
        "name",
        "exam_date",
        "rating",
        "is_current",
        "state",
        "city",
        "regulator",
        "exam_type",
    ],
)
.with_extra(HISTORY_PUBLIC);

/// A bank's detail as served, each object of its `ratings` with the key
/// `public_record`: its exam's (`public`, in the order of its ratings;
/// every field null when unknown) (`--enriched` in json).
pub fn history_json(bank: &BankDetail, public: Option<&[PublicRecord]>) -> serde_json::Value {
    let mut json = bank.raw.to_value();
    if let Some(ratings) = json.get_mut("ratings").and_then(|r| r.as_array_mut()) {
        for (at, object) in ratings.iter_mut().enumerate() {
            let exam = public.and_then(|p| p.get(at));
            *object = crate::domain::public::with_public_record(std::mem::take(object), exam);
        }
    }
    json
}

/// What asked for a public record: `--enriched`, or one of its columns.
pub fn public_wanted(enriched: bool) -> &'static str {
    if enriched {
        "--enriched"
    } else {
        "the public record's columns"
    }
}

/// A bank's history rows, newest first (by exam date, the service's order
/// kept for ties), each with its exam's public record when they were
/// joined (`public`: one for each of its ratings, in their order; a bank
/// with no exam has no public record, and its row none known).
pub fn history_rows(bank: Arc<DetailFields>, public: Option<&[PublicRecord]>) -> Vec<HistoryRow> {
    let mut order: Vec<usize> = (0..bank.ratings.len()).collect();
    order.sort_by(|&a, &b| bank.ratings[b].exam_date.cmp(&bank.ratings[a].exam_date));
    if order.is_empty() {
        return vec![HistoryRow {
            bank,
            at: None,
            public: public.map(|_| Arc::new(PublicRecord::default())),
        }];
    }
    order
        .into_iter()
        .map(|at| HistoryRow {
            public: public.and_then(|p| p.get(at)).cloned().map(Arc::new),
            bank: bank.clone(),
            at: Some(at),
        })
        .collect()
}

/// Prints a bank with its history: its JSON as served, one row a record,
/// each with its exam's public record when they were joined (`public`, in
/// the order of its ratings); with `--enriched` in json each object of its
/// `ratings` gains the key `public_record`.
pub fn write_history<W: std::io::Write>(
    rows: &mut Rows<HistoryRow, W>,
    bank: BankDetail,
    public: Option<&[PublicRecord]>,
) -> anyhow::Result<()> {
    write_history_with(rows, bank, public, |_| {})
}

/// [`write_history`], `add` given the bank's json to add to when it is
/// printed with its public record (`show`: each exam's PEs).
pub fn write_history_with<W: std::io::Write>(
    rows: &mut Rows<HistoryRow, W>,
    bank: BankDetail,
    public: Option<&[PublicRecord]>,
    add: impl FnOnce(&mut serde_json::Value),
) -> anyhow::Result<()> {
    if rows.prints_json() && rows.public_json() {
        let mut json = history_json(&bank, public);
        add(&mut json);
        return rows.write_group(&json, &[]);
    }
    let BankDetail { raw, fields } = bank;
    let history = if rows.prints_json() {
        Vec::new()
    } else {
        history_rows(Arc::new(fields), public)
    };
    rows.write_group(&raw, &history)
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
        let rows = history_rows(Arc::new(detail.fields), None);
        let shape = HISTORIES.shape(Format::Csv, &[]).unwrap();
        let texts: Vec<String> = shape
            .cells(&rows[0])
            .iter()
            .map(|c| c.as_text().into_owned())
            .collect();
        assert_eq!(texts, ["a", "N", "C", "TX", "FDIC", "", "", "", ""]);
    }
}
