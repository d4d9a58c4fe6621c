//! Records built from the model: a listed bank, and a bank's history.

use crate::domain::model::{Bank, BankDetail};
use crate::output::Record;

/// A listed bank as a record: the JSON as served, its table row, its CSV row.
pub fn bank_record(bank: &Bank) -> Record<'_> {
    let f = &bank.fields;
    let (rating, date, exam_type) = f.current_rating.as_ref().map_or(("", "", ""), |r| {
        (
            r.rating.as_str(),
            r.exam_date.as_str(),
            r.exam_type.as_str(),
        )
    });
    let text = |s: &str| s.to_string();
    Record {
        json: &bank.raw,
        table: vec![vec![
            text(&f.name),
            text(&f.city),
            text(&f.state),
            text(f.regulator.as_str()),
            text(rating),
            text(date),
            text(exam_type),
            text(&f.id),
        ]],
        csv: vec![vec![
            text(&f.id),
            text(&f.name),
            text(&f.city),
            text(&f.state),
            text(f.regulator.as_str()),
            text(rating),
            text(date),
            text(exam_type),
        ]],
    }
}

/// A bank's history as records: one row per rating, newest first. A bank
/// with no rating record still gets one row, its rating columns empty, so
/// that no bank silently vanishes from a table or CSV.
pub fn history_record(bank: &BankDetail) -> Record<'_> {
    let f = &bank.fields;
    let mut rows: Vec<Vec<String>> = f
        .ratings_newest_first()
        .into_iter()
        .map(|r| {
            vec![
                f.id.clone(),
                f.name.clone(),
                f.city.clone(),
                f.state.clone(),
                f.regulator.as_str().to_owned(),
                r.exam_date.clone(),
                r.rating.as_str().to_owned(),
                r.exam_type.as_str().to_owned(),
                r.is_current.to_string(),
            ]
        })
        .collect();
    if rows.is_empty() {
        let mut row = vec![
            f.id.clone(),
            f.name.clone(),
            f.city.clone(),
            f.state.clone(),
            f.regulator.as_str().to_owned(),
        ];
        row.extend(std::iter::repeat_n(String::new(), 4));
        rows.push(row);
    }
    Record {
        json: &bank.raw,
        table: rows.clone(),
        csv: rows,
    }
}
