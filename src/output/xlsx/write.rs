//! One cell of any sheet of a workbook, written as its type says: the
//! rows sheet's (`Sheet`) and the named sheets' (`named`) go
//! through here, so that a number, a date, a boolean, a link, a rating's
//! fill and the empty text after text are written one way in every
//! workbook. A text is handed back for the sheet to write: a rows sheet
//! cuts one too long for a cell and says so, a named sheet cuts it.

use std::borrow::Cow;

use rust_xlsxwriter::{ExcelDateTime, Formula, Url, Worksheet, XlsxError};

use super::formats::Formats;
use super::{Align, MAX_LINKS, date, web_address};
use crate::output::cell::Cell;
use crate::output::column::Kind;
use crate::output::palette::level_index;

/// How a column's cells are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Style {
    pub(super) kind: Kind,
    /// A column of ratings or test ratings: filled with their level's
    /// colour.
    pub(super) rated: bool,
    /// A share (a fraction) shown as a percentage (`41.3%`): the report's
    /// sheets; a rows sheet keeps the fraction as the csv has it.
    pub(super) percent: bool,
}

impl Style {
    /// Where the column's header and cells stand: a number's and a date's
    /// to the right, a boolean centred.
    pub(super) fn align(&self, first_is_number: bool) -> Align {
        match self.kind {
            Kind::Date | Kind::Count | Kind::Money | Kind::Share | Kind::Number => Align::Right,
            Kind::Bool => Align::Center,
            Kind::Any if first_is_number => Align::Right,
            _ => Align::Left,
        }
    }
}

/// A text for the sheet to write, with its level of `palette::LEVEL_HEX`
/// in a rated column.
pub(super) struct Text<'c> {
    pub(super) text: Cow<'c, str>,
    pub(super) level: Option<usize>,
}

/// Whether `cell`, written, holds text, which would run on into an empty
/// cell after it.
pub(super) fn holds_text(cell: &Cell) -> bool {
    matches!(cell, Cell::Text(_) | Cell::Rating(_))
        || (matches!(cell, Cell::Date(_)) && date(&cell.as_text()).is_none())
}

/// Writes `cell` at `at` unless it is text, which it hands back.
/// `after_text`: the cell before holds text; `links`: the links the sheet
/// holds so far (past Excel's most, an address is text).
pub(super) fn value<'c>(
    sheet: &mut Worksheet,
    formats: &Formats,
    (row, col): (u32, u16),
    cell: &'c Cell,
    style: Style,
    after_text: bool,
    links: &mut u32,
) -> Result<Option<Text<'c>>, XlsxError> {
    let group = usize::from(style.kind.groups_digits());
    let text = cell.as_text();
    let plain = |text| Ok(Some(Text { text, level: None }));
    match cell {
        // An empty cell after text holds an empty text, so that the text
        // before is cut at its column (a long address, not run on under
        // the columns after it); a constant, not the data's.
        Cell::Empty if after_text => {
            sheet.write_formula(row, col, Formula::new("=\"\""))?;
        }
        Cell::Empty => {}
        Cell::Date(_) if date(&text).is_some() => {
            let (y, m, d) = date(&text).expect("checked");
            let day = ExcelDateTime::from_ymd(y, m, d)?;
            sheet.write_date_with_format(row, col, &day, &formats.date)?;
        }
        Cell::Bool(b) => {
            sheet.write_boolean_with_format(row, col, *b, &formats.boolean)?;
        }
        // Excel holds a number as a double: exact up to 2^53.
        Cell::Int(n) if n.unsigned_abs() <= 1 << 53 => {
            sheet.write_number_with_format(row, col, *n as f64, &formats.int[group])?;
        }
        Cell::Year(year) => {
            sheet.write_number_with_format(row, col, *year, &formats.int[0])?;
        }
        Cell::Fixed(x, _) | Cell::Real(x) if style.percent && x.is_finite() => {
            sheet.write_number_with_format(row, col, *x, &formats.percent)?;
        }
        Cell::Fixed(x, places) => {
            let places = usize::from(*places).min(formats.fixed.len() - 1);
            sheet.write_number_with_format(row, col, *x, &formats.fixed[places][group])?;
        }
        Cell::Real(x) if x.is_finite() => {
            sheet.write_number_with_format(row, col, *x, &formats.real)?;
        }
        Cell::Text(_) if style.kind == Kind::Link && *links < MAX_LINKS => {
            match web_address(&text) {
                Some(url) => {
                    sheet.write_url(row, col, Url::new(url))?;
                    *links += 1;
                }
                None => return plain(text),
            }
        }
        // A rating, a test rating, a query's text in a rating column
        // (`sql`): read as one, filled with its level's colour.
        Cell::Rating(_) | Cell::Text(_) if style.rated => {
            let level = level_index(&text);
            return Ok(Some(Text { text, level }));
        }
        Cell::Int(_) | Cell::Real(_) | Cell::Text(_) | Cell::Rating(_) | Cell::Date(_) => {
            return plain(text);
        }
    }
    Ok(None)
}
