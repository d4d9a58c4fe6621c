//! Reading the workbook `cra export` writes (`-o banks.xlsx`): its first
//! sheet's rows, cell by cell as the file streams (calamine's cell reader:
//! never the whole sheet in memory), turned back into the text the csv
//! export holds, so that they go through the csv readers of `read`. A
//! date cell is its `YYYY-MM-DD`, a boolean `true` or `false`, a whole
//! number its digits. Standard input is read whole first (a zip is read
//! from its end).

use std::io::{Read, Seek};

use calamine::{DataRef, Reader, Xlsx, XlsxCellReader};

/// What a workbook is read through: a file, or standard input in memory.
pub trait ReadSeek: Read + Seek + Send {}
impl<T: Read + Seek + Send> ReadSeek for T {}

type Input = Box<dyn ReadSeek>;

/// An opened workbook and the name of its first sheet.
pub struct Book {
    book: Xlsx<Input>,
    sheet: String,
}

/// The first bytes of every zip file, so of every xlsx.
pub const MAGIC: &[u8] = b"PK\x03\x04";

impl Book {
    pub fn open(input: Input) -> Result<Book, String> {
        let book: Xlsx<Input> = calamine::open_workbook_from_rs(input)
            .map_err(|e: calamine::XlsxError| format!("not a workbook cra reads: {e}"))?;
        let sheet = book
            .sheet_names()
            .into_iter()
            .next()
            .ok_or("a workbook with no sheet")?;
        Ok(Book { book, sheet })
    }

    /// The first sheet's rows, from its first (the header).
    pub fn rows(&mut self) -> Result<Rows<'_>, String> {
        let cells = self
            .book
            .worksheet_cells_reader(&self.sheet)
            .map_err(|e| e.to_string())?;
        Ok(Rows {
            cells,
            pending: None,
            done: false,
            row: 0,
            width: None,
        })
    }
}

/// A sheet's rows as csv records (see `read::Records`).
pub struct Rows<'a> {
    cells: XlsxCellReader<'a, Input>,
    /// A cell read past the end of the row before it.
    pending: Option<(u32, u32, String)>,
    /// The sheet's end was read (the reader must not be asked again).
    done: bool,
    /// The row (0-based) the next record is.
    row: u32,
    /// The header's number of columns, once read.
    width: Option<usize>,
}

impl Rows<'_> {
    /// The next row's cells as text, empty cells filled in; none at the
    /// end of the sheet.
    pub fn next_row(&mut self, record: &mut csv::StringRecord) -> Result<bool, String> {
        let mut fields: Vec<String> = Vec::new();
        let mut at: Option<u32> = None;
        loop {
            let cell = match self.pending.take() {
                Some(cell) => Some(cell),
                None if self.done => None,
                None => self
                    .cells
                    .next_cell()
                    .map_err(|e| e.to_string())?
                    .map(|cell| {
                        let (row, col) = cell.get_position();
                        (row, col, text(cell.get_value()))
                    }),
            };
            let Some((row, col, value)) = cell else {
                self.done = true;
                break;
            };
            match at {
                Some(current) if row != current => {
                    self.pending = Some((row, col, value));
                    break;
                }
                _ => at = Some(row),
            }
            let col = col as usize;
            if col >= 1 << 14 {
                return Err(format!("row {}: a cell past Excel's last column", row + 1));
            }
            if fields.len() <= col {
                fields.resize(col + 1, String::new());
            }
            fields[col] = value;
        }
        let Some(row) = at else {
            return Ok(false);
        };
        self.row = row + 1;
        let width = *self.width.get_or_insert(fields.len());
        if fields.len() > width {
            return Err(format!(
                "row {}: {} cells, the header has {width}",
                row + 1,
                fields.len()
            ));
        }
        fields.resize(width, String::new());
        record.clear();
        for field in &fields {
            record.push_field(field);
        }
        Ok(true)
    }

    /// The row last read, counted from 1 (for messages, as a csv's line).
    pub fn line(&self) -> u64 {
        u64::from(self.row)
    }
}

/// A cell as the csv export writes its value.
fn text(value: &DataRef) -> String {
    match value {
        DataRef::Empty => String::new(),
        DataRef::String(s) => s.clone(),
        DataRef::SharedString(s) => (*s).to_string(),
        DataRef::Bool(b) => b.to_string(),
        DataRef::Int(i) => i.to_string(),
        DataRef::Float(f) if f.fract() == 0.0 && f.abs() < 9e15 => format!("{f:.0}"),
        DataRef::Float(f) => f.to_string(),
        DataRef::DateTime(dt) => day(dt.as_f64()).unwrap_or_else(|| dt.as_f64().to_string()),
        DataRef::DateTimeIso(s) | DataRef::DurationIso(s) => s.clone(),
        DataRef::Error(e) => e.to_string(),
    }
}

/// An Excel serial day (1900 system) as `YYYY-MM-DD`.
fn day(serial: f64) -> Option<String> {
    if !serial.is_finite() || !(1.0..3_000_000.0).contains(&serial) {
        return None;
    }
    let epoch = jiff::civil::date(1899, 12, 30);
    epoch
        .checked_add(jiff::Span::new().days(serial.floor() as i64))
        .ok()
        .map(|d| d.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_as_the_csv_wrote_them() {
        assert_eq!(day(45_658.0).as_deref(), Some("2025-01-01"));
        assert_eq!(day(f64::NAN), None);
        assert_eq!(text(&DataRef::Float(41.0)), "41");
        assert_eq!(text(&DataRef::Float(0.5)), "0.5");
        assert_eq!(text(&DataRef::Bool(true)), "true");
        assert_eq!(text(&DataRef::SharedString("FDIC")), "FDIC");
    }
}
