//! The FFIEC's Interagency CRA Ratings file: one line per published exam,
//! nine tab-separated fields (ID, regulator, exam date, bank name, city,
//! state, asset size in thousands, exam method, rating), as described in
//! `../shared/data/README.md` and docs/service.md.
//!
//! The reader takes the file as published, oddities included: CRLF line
//! ends, the tab after the last field, states in mixed case (`Fl`, `ks`,
//! `lL` for IL), ASCII with a Windows-1252 fallback byte by byte, exam
//! method codes it does not know (kept). A line of the wrong shape is one
//! error naming the line. The writer gives back exactly the published
//! layout (CRLF, the trailing tab, upper case), so what it writes the
//! reader reads back unchanged. The zip around the text, and telling a zip
//! from the text or from an HTML page, are in `archive`.
//!
//! FDIC exam dates in the file are the first of the month the evaluation was
//! made public, not the exam's start; OCC, FRB and OTS dates are the
//! exam's. That is the file's meaning, kept here as it is: matching dates
//! with the service is the linker's business.

use std::cmp::Ordering;
use std::fmt;
use std::io::{self, BufRead, Read, Write};

use jiff::civil::Date;

use crate::domain::{ExamType, Rating, Regulator};

mod archive;
mod encoding;
mod error;
mod method;

pub use archive::{Content, read_all, sniff, write_zip, zip_text};
pub use error::FfiecError;
#[cfg(test)]
pub(crate) use method::ISB_RULE;
pub use method::{ExamMethod, SizeBands, exam_type_by_assets, size_bands};

/// Where the FFIEC publishes the file.
pub const URL: &str = "https://www.ffiec.gov/craratings/craratng.zip";
/// The text file inside the zip.
pub const TEXT_NAME: &str = "craratng.txt";
/// Fields of a line (a tenth, empty one follows the trailing tab).
pub const FIELDS: usize = 9;
/// The longest line read: the spec's widths add up to about 120 bytes.
pub const MAX_LINE: usize = 4096;
/// The most text read out of a zip: the published file is about 5 MB of
/// text; a zip that inflates past this is not it (a zip bomb), refused
/// before anything else is read.
pub const MAX_TEXT: u64 = 64 << 20;
/// The most lines (blank ones included) read, and so the most exams: the
/// published file has about 80,000, growing by a few thousand a year.
pub const MAX_LINES: u64 = 500_000;

/// An institution of the file: its regulator and the ID that regulator
/// gives it (OCC charter, FRB RSSD ID, FDIC certificate, OTS docket). The
/// same number can be another bank under another regulator. Shown as the
/// file's README keys it, `FDIC-12345`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct InstitutionKey {
    pub regulator: Regulator,
    pub agency_id: u64,
}

impl InstitutionKey {
    pub fn new(regulator: Regulator, agency_id: u64) -> InstitutionKey {
        InstitutionKey {
            regulator,
            agency_id,
        }
    }
}

impl fmt::Display for InstitutionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.regulator, self.agency_id)
    }
}

impl std::str::FromStr for InstitutionKey {
    type Err = String;

    /// `OCC-12345` (the regulator in any case).
    fn from_str(text: &str) -> Result<InstitutionKey, String> {
        let bad = || format!("'{text}' is not REGULATOR-ID (e.g. FDIC-12345)");
        let (regulator, id) = text.trim().split_once('-').ok_or_else(bad)?;
        let regulator = Regulator::from_text(&regulator.to_ascii_uppercase());
        let agency_id = id.parse().map_err(|_| bad())?;
        if !regulator.is_known() {
            return Err(bad());
        }
        Ok(InstitutionKey::new(regulator, agency_id))
    }
}

/// The file's order: by ID, then regulator code.
impl Ord for InstitutionKey {
    fn cmp(&self, other: &InstitutionKey) -> Ordering {
        let code = |k: &InstitutionKey| regulator_code(&k.regulator).unwrap_or(u8::MAX);
        (self.agency_id, code(self), self.regulator.as_str()).cmp(&(
            other.agency_id,
            code(other),
            other.regulator.as_str(),
        ))
    }
}

impl PartialOrd for InstitutionKey {
    fn partial_cmp(&self, other: &InstitutionKey) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// The file's regulator code: OCC 1, FRB 2, FDIC 3, OTS 4.
pub fn regulator_code(regulator: &Regulator) -> Option<u8> {
    match regulator {
        Regulator::Occ => Some(1),
        Regulator::Frb => Some(2),
        Regulator::Fdic => Some(3),
        Regulator::Ots => Some(4),
        Regulator::Other(_) => None,
    }
}

pub fn regulator_from_code(code: u8) -> Option<Regulator> {
    Some(match code {
        1 => Regulator::Occ,
        2 => Regulator::Frb,
        3 => Regulator::Fdic,
        4 => Regulator::Ots,
        _ => return None,
    })
}

/// The file's rating code: 1 Outstanding to 4 Substantial Noncompliance.
pub fn rating_code(rating: &Rating) -> Option<u8> {
    rating.rank().map(|rank| rank as u8 + 1)
}

pub fn rating_from_code(code: u8) -> Option<Rating> {
    Rating::SCALE
        .get(usize::from(code).checked_sub(1)?)
        .cloned()
}

/// One line of the file: one published exam.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exam {
    pub regulator: Regulator,
    pub agency_id: u64,
    /// As the file gives it: for the FDIC, the first of the month the
    /// evaluation was made public.
    pub exam_date: Date,
    /// As of the exam, exactly as in the file (double spaces, `?` for a
    /// lost character, the Federal Reserve's abbreviations).
    pub name: String,
    pub city: String,
    /// Upper case (the file has `Fl`, `ks`), `lL` read as `IL`.
    pub state: String,
    pub assets_thousands: u64,
    pub method: ExamMethod,
    pub rating: Rating,
}

impl Exam {
    pub fn key(&self) -> InstitutionKey {
        InstitutionKey::new(self.regulator.clone(), self.agency_id)
    }

    /// The exam type as the service gives one: from the method code where
    /// it says (1, 2, 7), else from the assets and that year's thresholds
    /// (data/README.md's `exam_type_filled`).
    pub fn exam_type(&self) -> ExamType {
        self.method
            .exam_type()
            .unwrap_or_else(|| exam_type_by_assets(self.exam_date, self.assets_thousands))
    }

    /// The file's order: by ID, regulator code, then exam date.
    pub fn file_order(&self, other: &Exam) -> Ordering {
        let code = |e: &Exam| regulator_code(&e.regulator).unwrap_or(u8::MAX);
        (self.agency_id, code(self))
            .cmp(&(other.agency_id, code(other)))
            .then_with(|| self.regulator.as_str().cmp(other.regulator.as_str()))
            .then(self.exam_date.cmp(&other.exam_date))
    }
}

/// The reader of the text: one exam per line, blank lines skipped, in
/// bounded memory whatever the file's size.
pub struct TextReader<R> {
    input: R,
    line: u64,
    /// The most lines read ([`MAX_LINES`]).
    most: u64,
    buf: Vec<u8>,
    done: bool,
}

impl<R: BufRead> TextReader<R> {
    pub fn new(input: R) -> TextReader<R> {
        TextReader::with_most_lines(input, MAX_LINES)
    }

    /// A reader that refuses a text of more than `most` lines.
    pub fn with_most_lines(input: R, most: u64) -> TextReader<R> {
        TextReader {
            input,
            line: 0,
            most,
            buf: Vec::with_capacity(256),
            done: false,
        }
    }

    /// The number of the last line read.
    pub fn line(&self) -> u64 {
        self.line
    }

    fn read_line(&mut self) -> Result<bool, FfiecError> {
        self.buf.clear();
        let n = (&mut self.input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut self.buf)?;
        if n == 0 {
            return Ok(false);
        }
        self.line += 1;
        if self.line > self.most {
            return Err(FfiecError::TooBig(format!(
                "over {} lines",
                crate::text::thousands(self.most)
            )));
        }
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
        } else if self.buf.len() > MAX_LINE {
            return Err(FfiecError::Line {
                line: self.line,
                what: format!("longer than {MAX_LINE} bytes"),
            });
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        Ok(true)
    }
}

impl<R: BufRead> Iterator for TextReader<R> {
    type Item = Result<Exam, FfiecError>;

    fn next(&mut self) -> Option<Result<Exam, FfiecError>> {
        while !self.done {
            match self.read_line() {
                Ok(false) => self.done = true,
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
                Ok(true) if self.buf.iter().all(u8::is_ascii_whitespace) => {}
                Ok(true) => {
                    let exam = parse_line(&self.buf, self.line);
                    self.done = exam.is_err();
                    return Some(exam);
                }
            }
        }
        None
    }
}

/// One line of the text (without its line end), numbered `line`.
pub fn parse_line(bytes: &[u8], line: u64) -> Result<Exam, FfiecError> {
    let bad = |what: String| FfiecError::Line { line, what };
    let mut fields: Vec<&[u8]> = bytes.split(|b| *b == b'\t').collect();
    // The file ends every line with a tab: a last, empty field.
    if fields.len() > 1 && fields[fields.len() - 1].iter().all(|b| *b == b' ') {
        fields.pop();
    }
    if fields.len() != FIELDS {
        return Err(bad(format!(
            "expected {FIELDS} tab-separated fields, found {}",
            fields.len()
        )));
    }
    let text: Vec<String> = fields.iter().map(|f| encoding::decode(f)).collect();
    let shown = |i: usize| crate::text::inert(&crate::text::clip(&text[i], 40)).into_owned();
    let number = |i: usize| -> Option<u64> {
        let t = text[i].trim();
        (!t.is_empty() && t.len() <= 19 && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
            // The copy keeps numbers as SQLite's: none past i64::MAX.
            .filter(|n| i64::try_from(*n).is_ok())
    };
    // Digits, but too many: said so, not "not a number".
    let huge = |i: usize| {
        let t = text[i].trim();
        !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit())
    };
    let big = |i: usize, what: &str| {
        bad(format!(
            "{what} '{}' is out of range (over {})",
            shown(i),
            i64::MAX
        ))
    };
    let agency_id = match number(0) {
        Some(n) => n,
        None if huge(0) => return Err(big(0, "ID")),
        None => return Err(bad(format!("ID '{}' is not a number", shown(0)))),
    };
    let regulator = number(1)
        .and_then(|c| u8::try_from(c).ok())
        .and_then(regulator_from_code)
        .ok_or_else(|| {
            bad(format!(
                "regulator '{}' is not 1 (OCC), 2 (FRB), 3 (FDIC) or 4 (OTS)",
                shown(1)
            ))
        })?;
    let exam_date = parse_date(text[2].trim()).ok_or_else(|| {
        bad(format!(
            "exam date '{}' is not a date in the form CCYYMMDD",
            shown(2)
        ))
    })?;
    if text[3].trim().is_empty() {
        return Err(bad("the bank name is empty".to_string()));
    }
    let state = normalize_state(&text[5])
        .ok_or_else(|| bad(format!("state '{}' is not a two-letter code", shown(5))))?;
    let assets_thousands = match number(6) {
        Some(n) => n,
        None if huge(6) => return Err(big(6, "asset size")),
        None => {
            return Err(bad(format!(
                "asset size '{}' is not a whole number of thousands",
                shown(6)
            )));
        }
    };
    let method = number(7)
        .and_then(|c| u8::try_from(c).ok())
        .map(ExamMethod)
        .ok_or_else(|| bad(format!("exam method '{}' is not a code", shown(7))))?;
    let rating = number(8)
        .and_then(|c| u8::try_from(c).ok())
        .and_then(rating_from_code)
        .ok_or_else(|| bad(format!("rating '{}' is not a code from 1 to 4", shown(8))))?;
    let mut text = text.into_iter();
    let name = text.nth(3).unwrap_or_default();
    let city = text.next().unwrap_or_default();
    Ok(Exam {
        regulator,
        agency_id,
        exam_date,
        name,
        city,
        state,
        assets_thousands,
        method,
        rating,
    })
}

/// `CCYYMMDD` as a date.
fn parse_date(text: &str) -> Option<Date> {
    if text.len() != 8 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let year: i16 = text[..4].parse().ok()?;
    let month: i8 = text[4..6].parse().ok()?;
    let day: i8 = text[6..].parse().ok()?;
    Date::new(year, month, day).ok()
}

/// The state as the file should have it: upper case, the one known typo
/// (`lL`, Chester National Bank of Chester, Illinois) read as IL.
fn normalize_state(text: &str) -> Option<String> {
    let upper = text.trim().to_ascii_uppercase();
    if upper.len() != 2 || !upper.bytes().all(|b| b.is_ascii_uppercase()) {
        return None;
    }
    Some(if upper == "LL" {
        "IL".to_string()
    } else {
        upper
    })
}

/// Appends the line of `exam`, as the FFIEC publishes it: nine fields,
/// each followed by a tab, then CRLF; text in upper case, in ASCII or
/// Windows-1252 (`?` for a character neither has).
pub fn write_line(exam: &Exam, out: &mut Vec<u8>) {
    let number = |out: &mut Vec<u8>, n: u64| {
        push_digits(out, n, 1);
        out.push(b'\t');
    };
    number(out, exam.agency_id);
    number(out, u64::from(regulator_code(&exam.regulator).unwrap_or(0)));
    let date = exam.exam_date;
    push_digits(out, u64::try_from(date.year()).unwrap_or(0), 4);
    push_digits(out, u64::try_from(date.month()).unwrap_or(0), 2);
    push_digits(out, u64::try_from(date.day()).unwrap_or(0), 2);
    out.push(b'\t');
    for text in [&exam.name, &exam.city, &exam.state] {
        encoding::encode_upper(text, out);
        out.push(b'\t');
    }
    number(out, exam.assets_thousands);
    number(out, u64::from(exam.method.0));
    number(out, u64::from(rating_code(&exam.rating).unwrap_or(0)));
    out.extend_from_slice(b"\r\n");
}

/// `n` in decimal, at least `width` digits. (The sandbox writes 80,000
/// lines at once, in the debug builds tests run too: no formatting
/// machinery per number.)
fn push_digits(out: &mut Vec<u8>, mut n: u64, width: usize) {
    let mut digits = [b'0'; 20];
    let mut start = digits.len();
    while n > 0 || start > digits.len() - width {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
    }
    out.extend_from_slice(&digits[start..]);
}

/// The text of `exams`, in the order given.
pub fn write_text<'a, W: Write>(
    exams: impl IntoIterator<Item = &'a Exam>,
    mut out: W,
) -> io::Result<()> {
    let mut line = Vec::with_capacity(160);
    for exam in exams {
        line.clear();
        write_line(exam, &mut line);
        out.write_all(&line)?;
    }
    out.flush()
}

#[cfg(test)]
mod tests;
