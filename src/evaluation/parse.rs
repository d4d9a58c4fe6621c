//! Reads what a CRA public evaluation (PE) says from its positioned text:
//! the cover (name, identifiers, date), the institution's overall rating,
//! and each test's rating per area, from sentences ("The Lending Test is
//! rated: High Satisfactory.") and from tables of performance levels.
//!
//! All matching runs on one normalised copy of the text (whitespace,
//! quotes, dashes folded; ligatures are letters already, as the PDF
//! reader hands them on) and its ASCII-lowercased twin, which
//! share byte offsets; every scan is a single pass or a bounded window,
//! so time stays linear in the text's size.

use super::model::*;
use areas::{area_ratings, area_starts};
use cover::{cover_date, cover_name, ids_in};
use ratings::{in_order, kind_of, overall, sentences};
use std::collections::HashSet;
use table::{table_at, table_header};
use text::Doc;

mod areas;
mod cover;
mod ratings;
mod table;
mod text;

/// Wording every PE prints; a document without any is not one.
const PE_WORDING: [&str; 3] = [
    "community reinvestment act",
    "performance evaluation",
    "cra rating",
];

/// Reads a PE from its pages' positioned text. Sets aside pages without
/// text ([`SetAside::NoText`]) and text that is not a CRA performance
/// evaluation: no CRA wording, or neither an overall nor a test rating
/// ([`SetAside::NotEvaluation`]). Never panics; time is linear in the
/// text's size (windows and per-line work are bounded).
pub fn parse(pages: &[Page]) -> Result<Evaluation, SetAside> {
    let doc = Doc::new(pages);
    if doc.lines.is_empty() {
        return Err(SetAside::NoText);
    }
    if !PE_WORDING.iter().any(|w| doc.lower.contains(w)) {
        return Err(SetAside::NotEvaluation("no CRA wording found".into()));
    }
    let rating = overall(&doc);
    let areas = area_starts(&doc);
    let headers = (0..doc.lines.len()).filter(|&i| table_header(&doc, i));
    let tables = headers.flat_map(|i| table_at(&doc, i, &areas));
    let tests = in_order(sentences(&doc, &areas).into_iter().chain(tables).collect());
    if rating.is_none() && tests.is_empty() {
        return Err(SetAside::NotEvaluation("no CRA rating found".into()));
    }
    // The first page with text, at most its first 80 lines.
    let page = doc.lines[0].page;
    let on_cover = doc.lines.iter().take_while(|l| l.page == page);
    let cover = 0..on_cover.count().min(80);
    let mut ids: Vec<PrintedId> = cover.clone().flat_map(|i| ids_in(&doc, i)).collect();
    let mut seen = HashSet::new();
    ids.retain(|id| seen.insert((id.kind, id.number)));
    let name = cover_name(&doc, &cover).unwrap_or_default();
    let date = cover_date(&doc, &cover);
    let kind = kind_of(&tests);
    Ok(Evaluation {
        name,
        ids,
        date,
        rating,
        kind,
        tests,
        area_ratings: area_ratings(&doc),
    })
}

#[cfg(test)]
mod tests;
