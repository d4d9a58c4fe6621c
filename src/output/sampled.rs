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

use super::table::{More, render_table};
use super::{Layout, View};

/// The rows a table is fitted on: the first screenfuls of any result, a
/// bounded few hundred kilobytes.
pub const SAMPLE: usize = 1000;

/// Rows printed together after the sample.
const CHUNK: usize = 256;

/// Rows after the sample wait no longer than this for their chunk to fill
/// (checked as the next row comes): a slow result still shows as it comes.
const CHUNK_AGE: Duration = Duration::from_millis(200);

pub struct Sampled {
    layout: Layout,
    view: View,
    sample: usize,
    /// The sample, until it is printed; then the rows waiting for a chunk.
    rows: Vec<Vec<String>>,
    /// Once the sample is printed: how later rows are shown, and the notes
    /// that end the table.
    printed: Option<(More, Vec<String>)>,
    /// When the first row now waiting came.
    since: Instant,
}

impl Sampled {
    pub fn new(layout: Layout, view: &View) -> Sampled {
        Sampled::with_sample(layout, view, SAMPLE)
    }

    pub fn with_sample(layout: Layout, view: &View, sample: usize) -> Sampled {
        Sampled {
            layout,
            view: view.clone(),
            sample: sample.max(1),
            rows: Vec::new(),
            printed: None,
            since: Instant::now(),
        }
    }

    pub fn push(&mut self, out: &mut impl Write, rows: &[Vec<String>]) -> Result<()> {
        if self.rows.is_empty() {
            self.since = Instant::now();
        }
        self.rows.extend(rows.iter().cloned());
        match &self.printed {
            None if self.rows.len() >= self.sample => {
                let fitted = self.fit();
                writeln!(out, "{}", fitted.table)?;
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
        render_table(
            self.layout.table,
            self.layout.fit,
            self.layout.roles,
            &self.rows,
            &self.view,
        )
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
    use crate::output::{Fit, Role};
    use proptest::prelude::*;

    const LAYOUT: Layout = Layout {
        table: &["NAME", "RATING", "EXAM DATE", "ID"],
        csv: &[],
        fit: &[
            Fit::Shorten { rank: 0, min: 10 },
            Fit::Rating { rank: 1 },
            Fit::Keep { rank: 2 },
            Fit::Whole,
        ],
        roles: &[Role::Text, Role::Rating],
    };

    fn printed(rows: &[Vec<String>], sample: usize, view: &View) -> String {
        let mut out = Vec::new();
        let mut table = Sampled::with_sample(LAYOUT, view, sample);
        for row in rows {
            table.push(&mut out, std::slice::from_ref(row)).unwrap();
        }
        table.finish(&mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn whole(rows: &[Vec<String>], view: &View) -> String {
        format!(
            "{}\n",
            render_table(LAYOUT.table, LAYOUT.fit, LAYOUT.roles, rows, view)
        )
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
        let view = View::terminal(40, false);
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
        const SQL: Layout = Layout {
            table: &["i", "name"],
            csv: &[],
            fit: &[],
            roles: &[],
        };
        for view in [View::piped(), View::terminal(30, false)] {
            let rows: Vec<Vec<String>> = [1, 22, 333_333, 4]
                .iter()
                .map(|i| vec![i.to_string(), format!("THE BANK OF A VERY LONG NAME {i}")])
                .collect();
            let mut out = Vec::new();
            let mut table = Sampled::with_sample(SQL, &view, 2);
            for row in &rows {
                table.push(&mut out, std::slice::from_ref(row)).unwrap();
            }
            table.finish(&mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert!(text.contains(" 333333 "), "{text}");
            for line in text.lines() {
                assert!(
                    crate::text::width(line) <= view.width.unwrap_or(80),
                    "{text}"
                );
            }
        }
    }
}
