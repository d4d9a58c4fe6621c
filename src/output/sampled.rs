//! The table printer, in bounded memory: a table is fitted on its first
//! `SAMPLE` rows (as `column`-style tools and `gh` fit on what they have
//! seen), printed, and the rows after them are printed under it at the
//! same widths as they come, a few hundred at a time. A result of at most
//! `SAMPLE` rows prints exactly as a table fitted on every row.
//!
//! Past the sample, a column the fitter narrowed cuts its cells as it did
//! (text with `…`, an id to a prefix of the same length, unique among the
//! sampled rows only); a cell wider than its column elsewhere is printed
//! whole, widening its column from that row on, unless the row would
//! then be too wide for the terminal, where it is cut to its column. The notes (the
//! legend, the columns not shown) follow the last row.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;

use super::View;
use super::cell::Cell;
use super::column::Head;
use super::table::{More, render_table};

/// The rows a table is fitted on: the first screenfuls of any result, a
/// bounded few hundred kilobytes.
pub const SAMPLE: usize = 1000;

/// Rows printed together after the sample.
const CHUNK: usize = 256;

/// Rows after the sample wait no longer than this for their chunk to fill
/// (checked as the next row comes): a slow result still shows as it comes.
const CHUNK_AGE: Duration = Duration::from_millis(200);

pub struct Sampled {
    heads: Vec<Head>,
    view: View,
    sample: usize,
    /// The sample, until it is printed; then the rows waiting for a chunk:
    /// each cell's text as the table shows it.
    rows: Vec<Vec<String>>,
    /// Per column, over the sample: none until a cell holds something,
    /// then whether every such cell was a number (aligned to the right).
    numbers: Vec<Option<bool>>,
    /// Once the sample is printed: how later rows are shown, and the notes
    /// that end the table.
    printed: Option<(More, Vec<String>)>,
    /// When the first row now waiting came.
    since: Instant,
}

impl Sampled {
    pub fn new(heads: Vec<Head>, view: &View) -> Sampled {
        Sampled::with_sample(heads, view, SAMPLE)
    }

    pub fn with_sample(heads: Vec<Head>, view: &View, sample: usize) -> Sampled {
        Sampled {
            numbers: vec![None; heads.len()],
            heads,
            view: view.clone(),
            sample: sample.max(1),
            rows: Vec::new(),
            printed: None,
            since: Instant::now(),
        }
    }

    pub fn push(&mut self, out: &mut impl Write, rows: &[Vec<Cell>]) -> Result<()> {
        if self.rows.is_empty() {
            self.since = Instant::now();
        }
        for row in rows {
            if self.printed.is_none() {
                for (seen, cell) in self.numbers.iter_mut().zip(row) {
                    if *cell != Cell::Empty {
                        *seen = Some(seen.unwrap_or(true) && cell.is_number());
                    }
                }
            }
            let texts = row
                .iter()
                .zip(&self.heads)
                .map(|(cell, head)| match head.kind {
                    super::column::Kind::Money => cell.money_text().into_owned(),
                    super::column::Kind::Share => cell.share_text().into_owned(),
                    kind => cell.table_text(kind.groups_digits()).into_owned(),
                })
                .collect();
            self.rows.push(texts);
        }
        match &self.printed {
            None if self.rows.len() >= self.sample => {
                let fitted = self.fit();
                writeln!(out, "{}", fitted.table.trim_fmt())?;
                out.flush()?;
                self.rows.clear();
                self.printed = Some((fitted.more, fitted.notes));
            }
            Some(_) if self.rows.len() >= CHUNK || self.since.elapsed() >= CHUNK_AGE => {
                self.flush(out)?;
                out.flush()?;
            }
            _ => {}
        }
        Ok(())
    }

    /// Prints what is held, then the notes.
    pub fn finish(mut self, out: &mut impl Write) -> Result<()> {
        if self.printed.is_none() {
            if !self.rows.is_empty() {
                writeln!(out, "{}", self.fit())?;
            }
            return Ok(());
        }
        self.flush(out)?;
        if let Some((_, notes)) = &self.printed {
            for note in notes {
                writeln!(out, "{note}")?;
            }
        }
        Ok(())
    }

    fn fit(&self) -> super::Fitted {
        let right: Vec<bool> = self.numbers.iter().map(|n| *n == Some(true)).collect();
        render_table(&self.heads, &self.rows, &right, &self.view)
    }

    fn flush(&mut self, out: &mut impl Write) -> Result<()> {
        if let Some((more, _)) = &mut self.printed
            && !self.rows.is_empty()
        {
            writeln!(out, "{}", more.render(&self.rows))?;
            self.rows.clear();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::Fit;
    use crate::output::column::Kind;
    use proptest::prelude::*;

    fn heads() -> Vec<Head> {
        let head = |header: &'static str, kind, fit| Head {
            name: header.into(),
            header: header.into(),
            short: None,
            kind,
            fit,
            prefer: None,
        };
        vec![
            head("NAME", Kind::Text, Fit::Shorten { rank: 0, min: 10 }),
            head("RATING", Kind::Rating, Fit::Rating { rank: 1 }),
            head("EXAM DATE", Kind::Date, Fit::Keep { rank: 2 }),
            head("ID", Kind::Id, Fit::Whole),
        ]
    }

    fn cells(row: &[String]) -> Vec<Cell<'_>> {
        row.iter().map(|text| Cell::text(text)).collect()
    }

    fn printed(rows: &[Vec<String>], sample: usize, view: &View) -> String {
        let mut out = Vec::new();
        let mut table = Sampled::with_sample(heads(), view, sample);
        for row in rows {
            table.push(&mut out, &[cells(row)]).unwrap();
        }
        table.finish(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn whole(rows: &[Vec<String>], view: &View) -> String {
        format!("{}\n", render_table(&heads(), rows, &[false; 4], view))
    }

    fn row((name, rating, id): (String, usize, String)) -> Vec<String> {
        let ratings = [
            "Outstanding",
            "Satisfactory",
            "Needs to Improve",
            "Glorious",
        ];
        vec![name, ratings[rating].to_string(), "2024-01-31".into(), id]
    }

    fn any_row() -> impl Strategy<Value = Vec<String>> {
        ("\\PC{0,30}", 0usize..4, "[0-9a-f]{8,12}").prop_map(row)
    }

    fn any_view() -> impl Strategy<Value = View> {
        prop_oneof![
            Just(View::piped()),
            (20usize..140, any::<bool>()).prop_map(|(w, c)| View::terminal(w, c)),
        ]
    }

    proptest! {
        /// A result the sample holds prints as one fitted table.
        #[test]
        fn a_small_result_prints_as_one_table(
            rows in proptest::collection::vec(any_row(), 0..12),
            view in any_view(),
        ) {
            let expected = if rows.is_empty() { String::new() } else { whole(&rows, &view) };
            prop_assert_eq!(printed(&rows, 12, &view), expected);
        }

        /// Rows after the sample that are no wider than it print exactly as
        /// the rows of one table fitted on them all: same borders, widths,
        /// alignment and colours.
        #[test]
        fn later_rows_line_up_with_the_sample(
            sample in proptest::collection::vec(any_row(), 1..8),
            repeats in 1usize..4,
            view in any_view(),
        ) {
            let rows: Vec<Vec<String>> = (0..=repeats).flat_map(|_| sample.clone()).collect();
            prop_assert_eq!(printed(&rows, sample.len(), &view), whole(&rows, &view));
        }

        /// Wider rows after the sample fit the terminal all the same, each
        /// row on one line.
        #[test]
        fn wider_later_rows_are_cut_to_the_columns(
            sample in proptest::collection::vec(any_row(), 1..6),
            later in proptest::collection::vec(("\\PC{0,80}", 0usize..4, "[0-9a-f]{8,40}").prop_map(row), 1..6),
            width in 20usize..140,
        ) {
            use unicode_width::UnicodeWidthStr;
            let view = View::terminal(width, false);
            let mut rows = sample.clone();
            rows.extend(later);
            let text = printed(&rows, sample.len(), &view);
            let head = whole(&sample, &view);
            let widest = head.lines().map(UnicodeWidthStr::width).max().unwrap_or(0);
            let notes = head.lines().count() - sample.len() - 2;
            prop_assert_eq!(text.lines().count(), rows.len() + 2 + notes, "{}", text);
            for line in text.lines() {
                prop_assert!(line.width() <= widest.max(width), "{} > {}:\n{}", line.width(), width, text);
            }
        }
    }

    /// The case the property test found in CI: a later name holding "0"
    /// then U+FE0F (two columns as a sequence, one as characters) was cut
    /// a column too wide and wrapped onto a second line.
    #[test]
    fn a_later_row_with_an_emoji_sequence_stays_on_one_line() {
        let sample = vec![row((String::new(), 0, "0aa0aa00".into()))];
        let later = [
            "𝕒 𝒢 Aaਸ0A𐴰 Σ ක 0 𐽰 ࠰  0",
            "0A𐴰0aa𞹋0\u{fe0f}A a 🌀 a® \u{102e0}a000𞹟 A0Ὀ𑜀𝋀 AવΣ0  a￼𐵀AበΣa a",
        ];
        let mut rows = sample.clone();
        rows.extend(
            later
                .iter()
                .map(|name| row((name.to_string(), 0, "00aa0a00".into()))),
        );
        let text = printed(&rows, 1, &View::terminal(63, false));
        let notes = whole(&sample, &View::terminal(63, false)).lines().count() - 3;
        assert_eq!(text.lines().count(), rows.len() + 2 + notes, "{text}");
    }

    #[test]
    fn the_notes_follow_the_last_row() {
        let rows: Vec<Vec<String>> = (0..5)
            .map(|i| {
                row((
                    format!("BANK NUMBER {i} OF A LONG NAME"),
                    2,
                    format!("{i:08}"),
                ))
            })
            .collect();
        let view = View::terminal(44, false);
        let text = printed(&rows, 2, &view);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[7].starts_with("OUT Outstanding"), "{text}");
        assert!(
            lines[..7]
                .iter()
                .all(|l| l.contains("NTI") || l.contains("NAME") || l.starts_with('─')),
            "{text}"
        );
    }

    /// A number that grows past the sample's width is printed whole, on
    /// a terminal too, the room taken from a shortened name.
    #[test]
    fn a_number_grown_past_the_sample_is_never_cut() {
        let sql = vec![Head::guessed("i", 0), Head::guessed("name", 1)];
        for view in [View::piped(), View::terminal(30, false)] {
            let names: Vec<String> = [1, 22, 333_333, 4]
                .iter()
                .map(|i| format!("THE BANK OF A VERY LONG NAME {i}"))
                .collect();
            let mut out = Vec::new();
            let mut table = Sampled::with_sample(sql.clone(), &view, 2);
            for (i, name) in [1, 22, 333_333, 4].into_iter().zip(&names) {
                table
                    .push(&mut out, &[vec![Cell::Int(i), Cell::text(name)]])
                    .unwrap();
            }
            table.finish(&mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert!(text.contains(" 333,333 "), "{text}");
            // Numbers stand to the right of their column.
            let rows: Vec<&str> = text.lines().filter(|l| l.contains("THE BANK")).collect();
            assert_eq!(
                rows[0].find('1'),
                rows[1].find("22").map(|at| at + 1),
                "{text}"
            );
            for line in text.lines() {
                assert!(
                    crate::text::width(line) <= view.width.unwrap_or(80),
                    "{text}"
                );
            }
        }
    }
}
