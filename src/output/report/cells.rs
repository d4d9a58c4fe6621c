//! The cells the report's workbook shares between its sheets (`book`'s and
//! `sheets`'): the formats, the header row, a rating in its colour, a date.

use rust_xlsxwriter::{
    Color, ExcelDateTime, Format as CellFormat, FormatAlign, FormatBorder, Worksheet, XlsxError,
};

use crate::domain::Rating;
use crate::output::about::rating_format;
use crate::output::print::{self, Print};
use crate::output::xlsx::fit;

/// The columns that hold numbers and dates (right-aligned, their header
/// too).
const RIGHT: [&str; 14] = [
    "exam_year",
    "year",
    "loans",
    "banks_reporting",
    "total",
    "outstanding",
    "satisfactory",
    "needs_to_improve",
    "substantial_noncompliance",
    "other",
    "measured_share",
    "exam_date",
    "months_since",
    "expected_months",
];

/// Shared cell formats. A number or a date ends with a space as wide as
/// `)`, so that it never touches the text of the column after it.
pub(super) struct Formats {
    /// Over text, and over numbers (right-aligned).
    pub(super) header: [CellFormat; 2],
    pub(super) date: CellFormat,
    /// Counts, grouped by thousands.
    pub(super) count: CellFormat,
    /// A year, never grouped.
    pub(super) year: CellFormat,
    pub(super) percent: CellFormat,
    pub(super) rating: [CellFormat; 4],
}

impl Formats {
    pub(super) fn new() -> Formats {
        let header = CellFormat::new()
            .set_bold()
            .set_background_color(Color::RGB(0xeeeeee))
            .set_border_bottom(FormatBorder::Thin);
        Formats {
            header: [
                header.clone(),
                header.set_align(FormatAlign::Right).set_num_format("@_)"),
            ],
            date: CellFormat::new().set_num_format("yyyy-mm-dd_)"),
            count: CellFormat::new().set_num_format("#,##0_)"),
            year: CellFormat::new().set_num_format("0_)"),
            percent: CellFormat::new().set_num_format("0.0%_)"),
            rating: std::array::from_fn(rating_format),
        }
    }
}

/// A sheet's header row (a number's name to the right, over it), its
/// widths, frozen; printed as `print::plan` says, the first column naming
/// each row.
pub(super) fn header(
    sheet: &mut Worksheet,
    formats: &Formats,
    heads: &[&str],
    widths: &[f64],
) -> Result<Print, XlsxError> {
    for (col, (head, width)) in (0u16..).zip(heads.iter().zip(widths)) {
        let right = usize::from(
            RIGHT.contains(head) || head.ends_with("_months") || head.ends_with("_share"),
        );
        sheet.write_string_with_format(0, col, *head, &formats.header[right])?;
        sheet.set_column_width(col, *width)?;
    }
    let print = print::plan(widths, 1, 0, true);
    print.apply(sheet, true)?;
    Ok(print)
}

/// A text cell, a rating in its colour.
pub(super) fn rating(
    sheet: &mut Worksheet,
    formats: &Formats,
    row: u32,
    col: u16,
    text: &str,
) -> Result<(), XlsxError> {
    match Rating::from_text(text).rank() {
        Some(rank) => sheet.write_string_with_format(row, col, text, &formats.rating[rank])?,
        None => sheet.write_string(row, col, fit(text))?,
    };
    Ok(())
}

/// A date cell (text when it is not a real day).
pub(super) fn date(
    sheet: &mut Worksheet,
    formats: &Formats,
    row: u32,
    col: u16,
    text: &str,
) -> Result<(), XlsxError> {
    match text.parse::<jiff::civil::Date>() {
        Ok(d) if d.year() >= 1900 => {
            let day = ExcelDateTime::from_ymd(d.year() as u16, d.month() as u8, d.day() as u8)?;
            sheet.write_date_with_format(row, col, &day, &formats.date)?;
        }
        _ => {
            sheet.write_string(row, col, fit(text))?;
        }
    }
    Ok(())
}
