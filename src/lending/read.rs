//! A lending file read as a stream of records, a line at a time: line
//! ends CR LF (or LF), no header, one record a line; an empty line is
//! passed over. A file holds one kind and one year (its first record's):
//! a record of another is an error, as is any record `parse::parse`
//! refuses, each named with its line. Memory stays that of one line,
//! whatever the file's size: a line longer than any layout's (a file
//! that is no lending file at all) is refused as soon as it is.

use std::io::BufRead;

use super::parse::parse;
use super::record::Record;
use super::{Kind, Table};

/// The longest line read: records are at most 160 characters with their
/// padding; past this, the input is no lending file.
pub const MAX_LINE: usize = 1024;

/// Why a file cannot be read, at which line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    /// 1-based; 0 when no line was read.
    pub line: u64,
    pub message: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for Error {}

/// The records of one file, read one at a time ([`Records::next`]).
pub struct Records<R> {
    input: R,
    buffer: Vec<u8>,
    line: u64,
    kind_year: Option<(Kind, u16)>,
    tables: Vec<Table>,
    records: u64,
}

impl<R: BufRead> Records<R> {
    pub fn new(input: R) -> Records<R> {
        Records {
            input,
            buffer: Vec::with_capacity(256),
            line: 0,
            kind_year: None,
            tables: Vec::new(),
            records: 0,
        }
    }

    /// The next record; none at the end of the file.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> Option<Result<Record<'_>, Error>> {
        loop {
            self.buffer.clear();
            match read_line(&mut self.input, &mut self.buffer) {
                Ok(false) => return None,
                Ok(true) => {}
                Err(message) => {
                    return Some(Err(Error {
                        line: self.line + 1,
                        message,
                    }));
                }
            }
            self.line += 1;
            if self.buffer.last() == Some(&b'\r') {
                self.buffer.pop();
            }
            if !self.buffer.is_empty() {
                break;
            }
        }
        let line = self.line;
        let record = match parse(&self.buffer) {
            Ok(record) => record,
            Err(message) => return Some(Err(Error { line, message })),
        };
        let (table, year) = (record.table(), record.year());
        match self.kind_year {
            None => self.kind_year = Some((table.kind(), year)),
            Some((kind, _)) if kind != table.kind() => {
                return Some(Err(Error {
                    line,
                    message: format!(
                        "a {} record (table {table}) in a {} file",
                        table.kind().as_str(),
                        kind.as_str()
                    ),
                }));
            }
            Some((_, first)) if first != year => {
                return Some(Err(Error {
                    line,
                    message: format!("a {year} record (table {table}) in a file of {first}"),
                }));
            }
            Some(_) => {}
        }
        if !self.tables.contains(&table) {
            self.tables.push(table);
        }
        self.records += 1;
        Some(Ok(record))
    }

    /// The file's kind and year (its first record's); none before one.
    pub fn kind_year(&self) -> Option<(Kind, u16)> {
        self.kind_year
    }

    /// The tables read so far, in the order they first came.
    pub fn tables(&self) -> &[Table] {
        &self.tables
    }

    /// Records read so far.
    pub fn records(&self) -> u64 {
        self.records
    }

    /// Lines read so far.
    pub fn line(&self) -> u64 {
        self.line
    }
}

/// Reads one line (its `\n` dropped) into `buffer`; false at the end.
fn read_line<R: BufRead>(input: &mut R, buffer: &mut Vec<u8>) -> Result<bool, String> {
    let mut any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(format!("cannot be read: {error}")),
        };
        if available.is_empty() {
            return Ok(any);
        }
        any = true;
        let (taken, done) = match available.iter().position(|b| *b == b'\n') {
            Some(at) => (at, true),
            None => (available.len(), false),
        };
        if buffer.len() + taken > MAX_LINE {
            return Err(format!(
                "a line longer than {MAX_LINE} characters: not a lending file"
            ));
        }
        buffer.extend_from_slice(&available[..taken]);
        input.consume(taken + usize::from(done));
        if done {
            return Ok(true);
        }
    }
}
