//! A sheet of named columns in a workbook of several (the report's): its
//! columns are `Column`s, as every command's rows are, each read from a
//! row by its own function as a typed cell and written as every workbook
//! writes one (`super::write`). The header row holds their names (bold,
//! over a number's cells to the right); each column has the width its
//! sheet gives it by name; printed, the first column names each row
//! (`print`). A line of words (a note where the sheet has no rows) stands
//! alone in its row, across the columns.

use anyhow::Result;
use rust_xlsxwriter::{Format as CellFormat, FormatAlign, Workbook, Worksheet};

use super::formats::Formats;
use super::write::{self, Style};
use crate::output::cell::Cell;
use crate::output::column::{Column, Kind};
use crate::output::print::{self, Print};

/// One sheet being written.
pub struct Named<'a, R: 'static> {
    sheet: &'a mut Worksheet,
    formats: Formats,
    columns: Vec<&'a Column<R>>,
    styles: Vec<Style>,
    widths: Vec<f64>,
    print: Print,
    /// The next row to write (0 is the header).
    row: u32,
    links: u32,
}

/// The columns named `names`, in that order, from `pools`.
///
/// # Panics
/// On a name no pool defines: the sheet's own list is wrong (tests write
/// every sheet).
pub fn pick<'a, R>(pools: &[&'a [Column<R>]], names: &[&str]) -> Vec<&'a Column<R>> {
    names
        .iter()
        .map(|name| {
            pools
                .iter()
                .flat_map(|pool| pool.iter())
                .find(|column| column.name == *name)
                .unwrap_or_else(|| panic!("no column {name} for the sheet"))
        })
        .collect()
}

impl<'a, R> Named<'a, R> {
    /// A sheet `name` of `book` with the `columns`' header, each as wide
    /// as `width` says of its name. `constant_memory`: each row goes to a
    /// temporary file as it is written (a long list, no chart reading its
    /// cells).
    pub fn new(
        book: &'a mut Workbook,
        name: &str,
        columns: Vec<&'a Column<R>>,
        width: impl Fn(&str) -> f64,
        constant_memory: bool,
    ) -> Result<Named<'a, R>> {
        let sheet = if constant_memory {
            book.add_worksheet_with_constant_memory()?
        } else {
            book.add_worksheet()
        };
        sheet.set_name(name)?;
        // The empty text's cached value empty, not 0 (`Sheet::new`).
        sheet.set_formula_result_default("");
        let formats = Formats::new();
        let styles: Vec<Style> = columns
            .iter()
            .map(|column| Style {
                kind: column.kind,
                rated: column.kind == Kind::Rating,
                percent: column.kind == Kind::Share,
            })
            .collect();
        let widths: Vec<f64> = columns.iter().map(|column| width(column.name)).collect();
        for ((col, column), (style, width)) in
            (0u16..).zip(&columns).zip(styles.iter().zip(&widths))
        {
            let header = &formats.header[style.align(false) as usize];
            sheet.write_string_with_format(0, col, column.name, header)?;
            sheet.set_column_width(col, *width)?;
        }
        let print = print::plan(&widths, 1, 0, true);
        print.apply(sheet, true)?;
        Ok(Named {
            sheet,
            formats,
            columns,
            styles,
            widths,
            print,
            row: 1,
            links: 0,
        })
    }

    /// Appends one row: each column's cell of `row`.
    pub fn push(&mut self, row: &R) -> Result<()> {
        super::room_for(u64::from(self.row))?;
        let mut after_text = false;
        for (col, (column, style)) in (0u16..).zip(self.columns.iter().zip(&self.styles)) {
            let cell: Cell = (column.get)(row);
            let text_before = std::mem::replace(&mut after_text, write::holds_text(&cell));
            let at = (self.row, col);
            let (sheet, formats) = (&mut *self.sheet, &self.formats);
            let written = write::value(
                sheet,
                formats,
                at,
                &cell,
                *style,
                text_before,
                &mut self.links,
            )?;
            if let Some(text) = written {
                let (text, level) = (super::fit(&text.text), text.level);
                match level {
                    Some(level) => {
                        sheet.write_string_with_format(at.0, col, text, &formats.level[level])?
                    }
                    None => sheet.write_string(at.0, col, text)?,
                };
            }
        }
        self.row += 1;
        Ok(())
    }

    /// A line of words in a row of its own, across the sheet's columns
    /// (merged, wrapped: it never runs over empty cells, and its row is as
    /// tall as its lines).
    pub fn note(&mut self, words: &str) -> Result<()> {
        let words = super::fit(words);
        let wrap = CellFormat::new()
            .set_text_wrap()
            .set_align(FormatAlign::Top);
        let last = u16::try_from(self.widths.len().saturating_sub(1))?;
        if last == 0 {
            self.sheet
                .write_string_with_format(self.row, 0, words.as_ref(), &wrap)?;
        } else {
            self.sheet
                .merge_range(self.row, 0, self.row, last, &words, &wrap)?;
        }
        let room: f64 = self.widths.iter().sum();
        let lines = (words.chars().count() as f64 / (room - 2.0).max(1.0)).ceil();
        if lines > 1.0 {
            self.sheet.set_row_height(self.row, 15.0 * lines)?;
        }
        self.row += 1;
        Ok(())
    }

    /// The rows written under the header.
    pub fn rows(&self) -> u32 {
        self.row - 1
    }

    /// Where the column `name` stands (for a chart of its cells).
    ///
    /// # Panics
    /// On a column the sheet does not have.
    pub fn at(&self, name: &str) -> u16 {
        let at = self.columns.iter().position(|column| column.name == name);
        u16::try_from(at.unwrap_or_else(|| panic!("no column {name} on the sheet")))
            .expect("a sheet's columns fit Excel's")
    }

    /// How many columns the sheet has.
    pub fn width(&self) -> usize {
        self.widths.len()
    }

    /// How the sheet prints, as its columns' widths make it.
    pub fn print(&self) -> Print {
        self.print
    }

    /// The sheet, to draw a chart on.
    pub fn sheet(&mut self) -> &mut Worksheet {
        self.sheet
    }
}
