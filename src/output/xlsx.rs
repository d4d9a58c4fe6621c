//! The Excel printer: the csv columns and rows on one sheet, in
//! `rust_xlsxwriter`'s constant-memory mode (each row goes to a temporary
//! file as it comes, so memory stays flat whatever the export's size).
//!
//! Cells keep what csv loses on import into Excel: a `YYYY-MM-DD` cell is
//! a real date, a plain number a number (but never one with a leading zero,
//! such as a ZIP code, which stays text), `true`/`false` a boolean. The
//! header is bold and frozen, with an autofilter; column widths fit the
//! longest cell seen.

use std::io::{Seek, Write};

use anyhow::{Context, Result};
use rust_xlsxwriter::{ExcelDateTime, Format as CellFormat, Workbook};
use unicode_width::UnicodeWidthStr;

/// The most rows one Excel sheet holds (header included).
const MAX_ROWS: u32 = 1_048_576;
/// Widest a fitted column gets (Excel characters); longer text is cut off
/// on screen only, never in the cell.
const MAX_WIDTH: usize = 60;

/// One sheet being written.
pub struct Sheet {
    workbook: Workbook,
    /// The next row to write (0 is the header).
    row: u32,
    columns: u16,
    /// The widest cell of each column so far, in characters.
    widths: Vec<usize>,
    date: CellFormat,
}

impl Sheet {
    /// A workbook whose first sheet has `header` (bold, frozen) as row 0.
    pub fn new(header: &[&str]) -> Result<Sheet> {
        let mut workbook = Workbook::new();
        let bold = CellFormat::new().set_bold();
        let columns = u16::try_from(header.len()).context("too many columns for Excel")?;
        let sheet = workbook.add_worksheet_with_constant_memory()?;
        sheet.set_name("cra")?;
        for (col, name) in (0..columns).zip(header) {
            sheet.write_string_with_format(0, col, *name, &bold)?;
        }
        sheet.set_freeze_panes(1, 0)?;
        Ok(Sheet {
            workbook,
            row: 1,
            columns,
            widths: header.iter().map(|h| h.width() + 2).collect(),
            date: CellFormat::new().set_num_format("yyyy-mm-dd"),
        })
    }

    /// Appends one row, each cell typed by what it holds.
    pub fn push<S: AsRef<str>>(&mut self, cells: &[S]) -> Result<()> {
        if self.row >= MAX_ROWS {
            return Err(crate::error::CraError::usage(format!(
                "more than {} rows: too many for one Excel sheet; use --format csv",
                crate::text::thousands(u64::from(MAX_ROWS - 1))
            )));
        }
        let row = self.row;
        let sheet = self.workbook.worksheet_from_index(0)?;
        for (col, cell) in (0..self.columns).zip(cells) {
            let text = cell.as_ref();
            match Cell::of(text) {
                Cell::Empty => {}
                Cell::Date(y, m, d) => {
                    sheet.write_date_with_format(
                        row,
                        col,
                        &ExcelDateTime::from_ymd(y, m, d)?,
                        &self.date,
                    )?;
                }
                Cell::Bool(b) => {
                    sheet.write_boolean(row, col, b)?;
                }
                Cell::Number(n) => {
                    sheet.write_number(row, col, n)?;
                }
                Cell::Text => {
                    sheet.write_string(row, col, text)?;
                }
            }
            let width = &mut self.widths[usize::from(col)];
            *width = (*width).max(text.width().min(MAX_WIDTH));
        }
        self.row += 1;
        Ok(())
    }

    /// Sets the widths and the autofilter, and writes the workbook to `out`
    /// (through a temporary file: the zip needs to seek, a pipe cannot).
    pub fn save(mut self, out: &mut impl Write) -> Result<()> {
        let last_row = self.row - 1;
        let sheet = self.workbook.worksheet_from_index(0)?;
        for (col, width) in (0..self.columns).zip(&self.widths) {
            sheet.set_column_width(col, (*width as f64 + 1.0).min(MAX_WIDTH as f64))?;
        }
        if self.columns > 0 {
            sheet.autofilter(0, 0, last_row, self.columns - 1)?;
        }
        let mut file = tempfile::tempfile().context("cannot create a temporary file")?;
        self.workbook.save_to_writer(&mut file)?;
        file.rewind()?;
        std::io::copy(&mut file, out)?;
        Ok(())
    }
}

/// What a csv cell holds, as Excel should have it.
#[derive(Debug, PartialEq)]
enum Cell {
    Empty,
    Date(u16, u8, u8),
    Bool(bool),
    Number(f64),
    Text,
}

impl Cell {
    fn of(text: &str) -> Cell {
        if text.is_empty() {
            return Cell::Empty;
        }
        if let Some(date) = date(text) {
            return date;
        }
        match text {
            "true" => return Cell::Bool(true),
            "false" => return Cell::Bool(false),
            _ => {}
        }
        match number(text) {
            Some(n) => Cell::Number(n),
            None => Cell::Text,
        }
    }
}

/// `YYYY-MM-DD`, a real calendar day Excel can show (1900 to 9999).
fn date(text: &str) -> Option<Cell> {
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let date: jiff::civil::Date = text.parse().ok()?;
    let year = u16::try_from(date.year()).ok().filter(|y| *y >= 1900)?;
    Some(Cell::Date(
        year,
        u8::try_from(date.month()).ok()?,
        u8::try_from(date.day()).ok()?,
    ))
}

/// A number written as Rust (and csv readers) would write it back, so the
/// cell shows exactly the csv text: an optional minus, no leading zero
/// (`007` stays text), no trailing zero after a point, at most 15
/// significant digits (what an Excel number holds).
fn number(text: &str) -> Option<f64> {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = match digits.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (digits, None),
    };
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(whole) || (whole.len() > 1 && whole.starts_with('0')) {
        return None;
    }
    if let Some(fraction) = fraction
        && (!all_digits(fraction) || fraction.ends_with('0'))
    {
        return None;
    }
    if whole.len() + fraction.map_or(0, str::len) > 15 || text == "-0" {
        return None;
    }
    let value: f64 = text.parse().ok()?;
    (format!("{value}") == text).then_some(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn cells_are_typed_by_what_they_hold() {
        assert_eq!(Cell::of(""), Cell::Empty);
        assert_eq!(Cell::of("2024-06-30"), Cell::Date(2024, 6, 30));
        assert_eq!(Cell::of("2024-02-30"), Cell::Text);
        assert_eq!(Cell::of("true"), Cell::Bool(true));
        assert_eq!(Cell::of("12"), Cell::Number(12.0));
        assert_eq!(Cell::of("-3.25"), Cell::Number(-3.25));
        assert_eq!(Cell::of("0"), Cell::Number(0.0));
        for text in [
            "05401", "1.50", "1e5", "+1", "-0", "1.", ".5", "12 ", "NaN", "inf",
        ] {
            assert_eq!(Cell::of(text), Cell::Text, "{text}");
        }
        assert_eq!(Cell::of("1234567890123456"), Cell::Text);
    }

    proptest! {
        /// A cell typed as a number shows the csv text exactly.
        #[test]
        fn numbers_round_trip(text in "-?[0-9]{1,17}(\\.[0-9]{1,6})?") {
            if let Some(n) = number(&text) {
                prop_assert_eq!(format!("{n}"), text);
            }
        }

        #[test]
        fn any_text_is_typed_without_panic(text in "\\PC{0,30}") {
            let _ = Cell::of(&text);
        }
    }
}
