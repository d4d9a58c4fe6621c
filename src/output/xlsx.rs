//! The Excel printer: the csv columns and rows on one sheet, in
//! `rust_xlsxwriter`'s constant-memory mode (each row goes to a temporary
//! file as it comes, so memory stays flat whatever the export's size).
//!
//! Each cell is written as its type says (`cell::Cell`), never as its
//! text looks: a number is a number cell, a date column's `YYYY-MM-DD` a
//! real date, a boolean a boolean, and text stays text whatever it holds
//! (`true`, `007`, a 14-digit number). The header is bold and frozen, with
//! an autofilter; column widths fit the longest cell seen.

use std::io::{Seek, Write};

use anyhow::{Context, Result};
use rust_xlsxwriter::{ExcelDateTime, Format as CellFormat, Workbook};
use unicode_width::UnicodeWidthStr;

use super::cell::Cell;
use super::column::Head;

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
    /// Decimals shown with a fixed number of places, by places.
    fixed: Vec<CellFormat>,
}

impl Sheet {
    /// A workbook whose first sheet has the columns' csv names (bold,
    /// frozen) as row 0.
    pub fn new(heads: &[Head]) -> Result<Sheet> {
        let mut workbook = Workbook::new();
        let bold = CellFormat::new().set_bold();
        let columns = u16::try_from(heads.len()).context("too many columns for Excel")?;
        let sheet = workbook.add_worksheet_with_constant_memory()?;
        sheet.set_name("cra")?;
        for (col, head) in (0..columns).zip(heads) {
            sheet.write_string_with_format(0, col, &*head.name, &bold)?;
        }
        sheet.set_freeze_panes(1, 0)?;
        Ok(Sheet {
            workbook,
            row: 1,
            columns,
            widths: heads.iter().map(|h| h.name.width() + 2).collect(),
            date: CellFormat::new().set_num_format("yyyy-mm-dd"),
            fixed: (0..=6u8)
                .map(|places| {
                    let zeros = "0".repeat(usize::from(places));
                    let format = if places == 0 {
                        "0".to_string()
                    } else {
                        format!("0.{zeros}")
                    };
                    CellFormat::new().set_num_format(format)
                })
                .collect(),
        })
    }

    /// Appends one row, each cell as its type says.
    pub fn push(&mut self, cells: &[Cell]) -> Result<()> {
        if self.row >= MAX_ROWS {
            return Err(crate::error::CraError::usage(format!(
                "more than {} rows: too many for one Excel sheet; use --format csv",
                crate::text::thousands(u64::from(MAX_ROWS - 1))
            )));
        }
        let row = self.row;
        let sheet = self.workbook.worksheet_from_index(0)?;
        for (col, cell) in (0..self.columns).zip(cells) {
            let text = cell.as_text();
            match cell {
                Cell::Empty => {}
                Cell::Date(_) => match date(&text) {
                    Some((y, m, d)) => {
                        sheet.write_date_with_format(
                            row,
                            col,
                            &ExcelDateTime::from_ymd(y, m, d)?,
                            &self.date,
                        )?;
                    }
                    None => {
                        sheet.write_string(row, col, &*text)?;
                    }
                },
                Cell::Bool(b) => {
                    sheet.write_boolean(row, col, *b)?;
                }
                // Excel holds a number as a double: exact up to 2^53.
                Cell::Int(n) if n.unsigned_abs() <= 1 << 53 => {
                    sheet.write_number(row, col, *n as f64)?;
                }
                Cell::Fixed(x, places) => {
                    let format = &self.fixed[usize::from(*places).min(self.fixed.len() - 1)];
                    sheet.write_number_with_format(row, col, *x, format)?;
                }
                Cell::Real(x) if x.is_finite() => {
                    sheet.write_number(row, col, *x)?;
                }
                Cell::Int(_) | Cell::Real(_) | Cell::Text(_) => {
                    sheet.write_string(row, col, &*text)?;
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

    proptest! {
        #[test]
        fn any_text_is_looked_at_without_panic(text in "\\PC{0,30}") {
            let _ = date(&text);
        }
    }
}
