//! The Excel printer: a workbook ready to send. Its first sheet, named for
//! what it holds, has the csv columns and rows, written in
//! `rust_xlsxwriter`'s constant-memory mode (each row goes to a temporary
//! file as it comes, so memory stays flat whatever the export's size); its
//! second, `About`, says what the rows are and where they come from
//! (`about`).
//!
//! Each cell is written as its type says (`cell::Cell`), never as its
//! text looks: a number is a number cell (a count or an amount grouped by
//! thousands, a year not), a date column's `YYYY-MM-DD` a real date, a
//! boolean a boolean (formatted so that LibreOffice too shows TRUE, not
//! 1), a web address in a link column a link, and text stays text
//! whatever it holds (`true`, `007`, a 14-digit number). A number or a
//! date ends with a little space, so that it never runs into the text of
//! the next column. A rating is filled with its colour of the one
//! palette; formats are written with each cell, which is what
//! constant-memory mode allows (a cell cannot be styled once its row is
//! gone). The header row keeps the csv's names (scripts read them), bold,
//! frozen, with an autofilter, each over its cells (a number's to the
//! right: written with the first row, so that a query's column stands as
//! its first cell); column widths fit the longest cell seen. Printed
//! (`print`), the rows sheet is landscape, never under 8 pt: one page wide
//! when that holds, else across pages with the bank's id and name on each;
//! the header row on every page and the page number in the footer.
//!
//! A text never runs on into the empty cell after it (a long address under
//! the test ratings beside it): that cell holds an empty text (`=""`, the
//! one formula a workbook of cra holds: LibreOffice runs text on into a
//! cell with no formula however it is written), so the text is cut at its
//! column.
//!
//! A text longer than an Excel cell holds (32,767 characters) is cut, with
//! a marker at its end, a warning naming its row (the bank's id when the
//! sheet has one) and column, and a line on the `About` sheet; csv, tsv
//! and json keep the whole text.

use std::io::{Seek, Write};
use std::sync::Arc;

use anyhow::{Context, Result};
use rust_xlsxwriter::Workbook;
use unicode_width::UnicodeWidthStr;

use super::about::{self, About, Fact};
use super::cell::Cell;
use super::column::{Head, Kind};
use super::print;
use super::view::{View, Warn};
use crate::text::thousands;

/// The most rows one Excel sheet holds (header included).
const MAX_ROWS: u32 = 1_048_576;
/// Widest a fitted column gets (Excel characters); longer text is cut off
/// on screen only, never in the cell.
const MAX_WIDTH: usize = 60;
/// The widest a link's column is.
const LINK_WIDTH: usize = 30;
/// The most characters (UTF-16 units, as Excel counts) a cell holds.
pub const MAX_CELL: usize = 32_767;

/// Refuses `rows` rows under the header, more than one Excel sheet holds
/// (asked before the rows are read when their number is known).
pub fn room_for(rows: u64) -> Result<()> {
    if rows >= u64::from(MAX_ROWS) {
        return Err(crate::error::CraError::usage(format!(
            "more than {} rows: too many for one Excel sheet; use --format csv",
            thousands(u64::from(MAX_ROWS - 1))
        )));
    }
    Ok(())
}
/// Cut cells named one by one (in warnings and on the About sheet); the
/// rest are counted.
const CUTS_NAMED: usize = 5;
/// The most links Excel takes on one sheet; past them an address is text.
const MAX_LINKS: u32 = 65_530;
/// The longest address Excel takes as a link.
const MAX_URL: usize = 2_080;
/// What ends the number format of a right-aligned cell: a space as wide
/// as `)`, so that a number or a date never touches the text of the
/// column after it (`2008-10-01 Small Bank`, not `2008-10-01Small Bank`).
const PAD: &str = "_)";

/// Where a column's cells and its header stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Align {
    Left,
    /// Numbers and dates (their header too).
    Right,
    /// Booleans (`TRUE`, `FALSE`).
    Center,
}

mod formats;
pub mod named;
mod write;
use formats::Formats;

/// One sheet of rows being written, and the workbook around it.
pub struct Sheet {
    workbook: Workbook,
    /// The next row to write (0 is the header).
    row: u32,
    columns: u16,
    /// The csv names, for warnings and the header.
    names: Vec<String>,
    kinds: Vec<Kind>,
    /// How each column's cells are written.
    styles: Vec<write::Style>,
    /// Where each column stands, once the header is written.
    align: Vec<Align>,
    /// The widest cell of each column so far, in characters.
    widths: Vec<usize>,
    /// The column of the bank's id, to name a row in a warning.
    id: Option<usize>,
    /// The columns at the left that name a row (the bank's id and name, a
    /// group), repeated on every printed page of a sheet too wide for one.
    keys: usize,
    formats: Formats,
    /// Links written so far.
    links: u32,
    about: Option<Arc<About>>,
    warn: Warn,
    /// The cells cut to Excel's limit, named (the first few) and counted.
    cuts: Vec<String>,
    cut: u64,
    /// What the command learnt as it ran, for the `About` sheet (`due`:
    /// the banks it left out).
    notes: Vec<Fact>,
}

impl Sheet {
    /// A workbook whose first sheet will have the columns' csv names as
    /// row 0 (written with the first row: a query's column stands as its
    /// first cell); `view` gives what the `About` sheet says and where
    /// warnings go.
    pub fn new(heads: &[Head], view: &View) -> Result<Sheet> {
        let mut workbook = Workbook::new();
        let columns = u16::try_from(heads.len()).context("too many columns for Excel")?;
        let name = view
            .about
            .as_ref()
            .map_or_else(|| "Rows".to_string(), |a| about::sheet_name(&a.sheet));
        let sheet = workbook.add_worksheet_with_constant_memory()?;
        sheet.set_name(name)?;
        // The empty text's cached value empty, not 0 (shown as it is by
        // LibreOffice, which does not compute it again on opening).
        sheet.set_formula_result_default("");
        let keys = heads
            .iter()
            .take_while(|h| h.kind == Kind::Id || matches!(&*h.name, "name" | "group" | "subgroup"))
            .count()
            .max(1);
        Ok(Sheet {
            workbook,
            row: 1,
            columns,
            names: heads.iter().map(|h| h.name.to_string()).collect(),
            kinds: heads.iter().map(|h| h.kind).collect(),
            styles: heads
                .iter()
                .map(|h| write::Style {
                    kind: h.kind,
                    rated: h.kind == Kind::Rating || matches!(h.fit, super::Fit::Rating { .. }),
                    percent: false,
                })
                .collect(),
            align: Vec::new(),
            widths: heads.iter().map(|h| h.name.width() + 2).collect(),
            id: heads.iter().position(|h| h.name == "id"),
            keys,
            formats: Formats::new(),
            links: 0,
            about: view.about.clone(),
            warn: view.warn.clone(),
            cuts: Vec::new(),
            cut: 0,
            notes: Vec::new(),
        })
    }

    /// A fact for the `About` sheet, after the rows' own.
    pub fn note(&mut self, fact: Fact) {
        self.notes.push(fact);
    }

    /// Writes the header row (bold, on a grey fill), each name where its
    /// column's cells stand: a number's and a date's to the right.
    fn header(&mut self, first: Option<&[Cell]>) -> Result<()> {
        self.align = self
            .styles
            .iter()
            .enumerate()
            .map(|(col, style)| {
                style.align(first.and_then(|c| c.get(col)).is_some_and(Cell::is_number))
            })
            .collect();
        let sheet = self.workbook.worksheet_from_index(0)?;
        for ((col, name), align) in (0..self.columns).zip(&self.names).zip(&self.align) {
            let format = &self.formats.header[*align as usize];
            sheet.write_string_with_format(0, col, name, format)?;
        }
        Ok(())
    }

    /// Appends one row, each cell as its type says (`write`).
    pub fn push(&mut self, cells: &[Cell]) -> Result<()> {
        room_for(u64::from(self.row))?;
        if self.align.is_empty() {
            self.header(Some(cells))?;
        }
        let row = self.row;
        // Whether the cell before holds text, which would run on into
        // this one were it empty.
        let mut after_text = false;
        for (col, cell) in (0..self.columns).zip(cells) {
            let at = usize::from(col);
            let shown = cell.table_text(self.kinds[at].groups_digits());
            let text_before = std::mem::replace(&mut after_text, write::holds_text(cell));
            let sheet = self.workbook.worksheet_from_index(0)?;
            let style = self.styles[at];
            let (formats, links) = (&self.formats, &mut self.links);
            if let Some(text) =
                write::value(sheet, formats, (row, col), cell, style, text_before, links)?
            {
                self.text(row, col, &text.text, text.level, cells)?;
            }
            let width = &mut self.widths[at];
            *width = (*width).max(shown.width().min(MAX_WIDTH));
        }
        self.row += 1;
        Ok(())
    }

    /// A text cell: a rating (`level` of `palette::LEVEL_HEX`) in its
    /// colour; a text too long for a cell cut, marked, and said.
    fn text(
        &mut self,
        row: u32,
        col: u16,
        text: &str,
        level: Option<usize>,
        cells: &[Cell],
    ) -> Result<()> {
        let cut;
        let text = match cut_to_fit(text) {
            Some(shorter) => {
                let bank = self
                    .id
                    .and_then(|i| cells.get(i))
                    .map(|id| format!("bank {}", id.as_text()))
                    .unwrap_or_else(|| format!("row {}", thousands(u64::from(row) + 1)));
                self.said_cut(&bank, usize::from(col), text);
                cut = shorter;
                cut.as_str()
            }
            None => text,
        };
        let sheet = self.workbook.worksheet_from_index(0)?;
        match level {
            Some(level) => {
                sheet.write_string_with_format(row, col, text, &self.formats.level[level])?
            }
            None => sheet.write_string(row, col, text)?,
        };
        Ok(())
    }

    /// Notes a cut cell: a warning for the first few, a count after.
    fn said_cut(&mut self, bank: &str, col: usize, text: &str) {
        self.cut += 1;
        if self.cuts.len() < CUTS_NAMED {
            let what = format!(
                "{bank}, column {}: {} characters, cut to Excel's {} (the csv keeps the whole text)",
                self.names[col],
                thousands(text.chars().count() as u64),
                thousands(MAX_CELL as u64)
            );
            self.warn.say(&format!("in the workbook, {what}"));
            self.cuts.push(what);
        }
    }

    /// Sets the widths and the autofilter, adds the `About` sheet, and
    /// writes the workbook to `out` (through a temporary file: the zip
    /// needs to seek, a pipe cannot).
    pub fn save(mut self, out: &mut impl Write) -> Result<()> {
        if self.align.is_empty() {
            self.header(None)?;
        }
        let last_row = self.row - 1;
        // Numbers and dates stand to the right: a little more room keeps
        // them clear of the text before them.
        let widths: Vec<f64> = self
            .widths
            .iter()
            .zip(&self.align)
            .zip(&self.kinds)
            .map(|((width, align), kind)| {
                let pad = if *align == Align::Right { 3.0 } else { 1.0 };
                // A link is clicked, not read: its address need not show
                // whole (on paper, a page to itself).
                let most = if *kind == Kind::Link {
                    LINK_WIDTH
                } else {
                    MAX_WIDTH
                };
                (*width as f64 + pad).min(most as f64)
            })
            .collect();
        let sheet = self.workbook.worksheet_from_index(0)?;
        for (col, width) in (0..self.columns).zip(&widths) {
            sheet.set_column_width(col, *width)?;
        }
        // The bank's id names the row on the first page across; the name
        // on every page.
        let ids = self
            .kinds
            .iter()
            .take(self.keys)
            .take_while(|kind| **kind == Kind::Id)
            .count();
        let from = if ids < self.keys { ids } else { 0 };
        print::plan(&widths, self.keys, from, true).apply(sheet, true)?;
        if self.columns > 0 {
            sheet.autofilter(0, 0, last_row, self.columns - 1)?;
        }
        if self.cut > CUTS_NAMED as u64 {
            self.warn.say(&format!(
                "in the workbook, {} more cells cut to Excel's {} characters",
                thousands(self.cut - CUTS_NAMED as u64),
                thousands(MAX_CELL as u64)
            ));
        }
        if let Some(about) = self.about.take() {
            let mut more: Vec<Fact> = vec![(
                "Rows",
                format!(
                    "{} on the sheet {} (row 1 is the header: the csv's column names)",
                    thousands(u64::from(last_row)),
                    about::sheet_name(&about.sheet)
                ),
            )];
            if self.cut > 0 {
                let mut cuts = self.cuts.join("; ");
                if self.cut > self.cuts.len() as u64 {
                    cuts.push_str(&format!(
                        "; and {} more",
                        thousands(self.cut - self.cuts.len() as u64)
                    ));
                }
                more.push(("Cells cut", cuts));
            }
            more.append(&mut self.notes);
            about::add_sheet(&mut self.workbook, &about.facts(&more))?;
        }
        let mut file = tempfile::tempfile().context("cannot create a temporary file")?;
        self.workbook.save_to_writer(&mut file)?;
        file.rewind()?;
        std::io::copy(&mut file, out)?;
        Ok(())
    }
}

/// The text as a cell can hold it: cut and marked when too long (for the
/// report's workbook, whose names come from the same copy the page shows
/// whole).
pub fn fit(text: &str) -> std::borrow::Cow<'_, str> {
    cut_to_fit(text).map_or(std::borrow::Cow::Borrowed(text), std::borrow::Cow::Owned)
}

/// The text cut to fit a cell, marked at its end; none when it fits.
pub fn cut_to_fit(text: &str) -> Option<String> {
    if text.len() <= MAX_CELL || text.encode_utf16().count() <= MAX_CELL {
        return None;
    }
    let marker = format!(
        " …[cut: {} characters in all, over Excel's {}; the csv has the whole text]",
        thousands(text.chars().count() as u64),
        thousands(MAX_CELL as u64)
    );
    let room = MAX_CELL - marker.encode_utf16().count();
    let mut used = 0;
    let end = text
        .char_indices()
        .find(|(_, c)| {
            used += c.len_utf16();
            used > room
        })
        .map_or(text.len(), |(at, _)| at);
    Some(format!("{}{marker}", &text[..end]))
}

/// `text` when it is a web address a link can take (`http` or `https`,
/// nothing Excel would refuse); anything else stays text.
fn web_address(text: &str) -> Option<&str> {
    let rest = ["http://", "https://"].iter().find_map(|scheme| {
        text.get(..scheme.len())
            .filter(|start| start.eq_ignore_ascii_case(scheme))
            .map(|_| &text[scheme.len()..])
    })?;
    let plain = !text.chars().any(|c| c.is_whitespace() || c.is_control());
    (plain && !rest.is_empty() && text.encode_utf16().count() <= MAX_URL).then_some(text)
}

/// `YYYY-MM-DD`, a real calendar day Excel can show (1900 to 9999).
fn date(text: &str) -> Option<(u16, u8, u8)> {
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let date: jiff::civil::Date = text.parse().ok()?;
    let year = u16::try_from(date.year()).ok().filter(|y| *y >= 1900)?;
    Some((
        year,
        u8::try_from(date.month()).ok()?,
        u8::try_from(date.day()).ok()?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn only_real_days_are_dates() {
        assert_eq!(date("2024-06-30"), Some((2024, 6, 30)));
        assert_eq!(date("2024-02-30"), None);
        assert_eq!(date("1899-12-31"), None);
        assert_eq!(date("2024-6-30"), None);
    }

    #[test]
    fn only_web_addresses_are_links() {
        for url in ["https://crapes.fdic.gov/", "HTTP://x.example/a?b=c#d"] {
            assert_eq!(web_address(url), Some(url));
        }
        for text in [
            "javascript:alert(1)",
            "file:///etc/passwd",
            "mailto:a@b.example",
            "https://",
            "https://a b.example/",
            "www.fdic.gov",
            "",
            "é",
        ] {
            assert_eq!(web_address(text), None, "{text}");
        }
        let long = format!("https://x.example/{}", "a".repeat(MAX_URL));
        assert_eq!(web_address(&long), None);
    }

    #[test]
    fn a_text_too_long_for_a_cell_is_cut_to_fit_and_marked() {
        assert_eq!(cut_to_fit("short"), None);
        assert_eq!(cut_to_fit(&"x".repeat(MAX_CELL)), None);
        let cut = cut_to_fit(&"x".repeat(40_000)).unwrap();
        assert_eq!(cut.encode_utf16().count(), MAX_CELL);
        assert!(cut.ends_with("the csv has the whole text]"), "{cut}");
        assert!(cut.contains("40,000 characters in all"));
        // Characters outside the basic plane count twice, as in Excel.
        let wide = "😀".repeat(20_000);
        let cut = cut_to_fit(&wide).unwrap();
        assert!(cut.encode_utf16().count() <= MAX_CELL);
        assert!(cut.starts_with("😀😀"));
    }

    proptest! {
        #[test]
        fn any_text_is_looked_at_without_panic(text in "\\PC{0,30}") {
            let _ = date(&text);
        }

        #[test]
        fn a_cut_text_always_fits(
            unit in prop::sample::select(vec!["a", "é", "😀", "中"]),
            n in 30_000usize..40_000,
        ) {
            let text = unit.repeat(n);
            match cut_to_fit(&text) {
                Some(cut) => prop_assert!(cut.encode_utf16().count() <= MAX_CELL),
                None => prop_assert!(text.encode_utf16().count() <= MAX_CELL),
            }
        }
    }
}
