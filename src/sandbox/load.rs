//! `--data FILE`: a data set from a file instead of the generator, chosen
//! by extension.
//!
//! - `.csv`: what `cra export --with-history` writes: the header
//!   `id,name,city,state,regulator,exam_date,rating,exam_type,is_current`
//!   (columns in any order, extra columns ignored), one row per rating
//!   record, the rows of one bank sharing its id. Bank fields come from the
//!   bank's first row; `charter_type` is null (the CSV has none).
//! - `.json`: an array of detail objects; `.ndjson` / `.jsonl`: one detail
//!   object per line. Full fidelity: `charter_type` of any JSON type and
//!   fields the service does not document are kept and served.
//!
//! - The FFIEC's `craratng.zip` or the text inside it, told from the
//!   content whatever the name: a bank per institution of the file, and
//!   the sandbox serves that file as its public record (`public::file`).
//!
//! Ratings are served in file order. Every bank needs a unique id, at least
//! one record, exactly one current record, `YYYY-MM-DD` dates and one of the
//! three exam types. A malformed file is one error naming the file, the line
//! and what is wrong.

use std::collections::HashMap;
use std::path::Path;

use anyhow::{Context, Result, bail};
use serde_json::Map;

use super::data::{SandboxBank, SandboxExam};
use super::public::{self, PublicRecord, file::Perturb};
use crate::record::ffiec;

/// The columns of the `export --with-history` CSV, in its order: the one
/// definition the export writes with.
fn csv_columns() -> Vec<&'static str> {
    crate::output::records::HISTORIES.names()
}

/// What `--data` gave: the banks, and the public record to serve when the
/// file was the FFIEC's.
pub struct Loaded {
    pub banks: Vec<SandboxBank>,
    pub record: Option<PublicRecord>,
}

/// Loads `path`: the FFIEC file (perturbed by `perturb`, drawn from
/// `seed`) or the banks of an export.
pub fn load(path: &Path, perturb: Perturb, seed: u64) -> Result<Loaded> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    let shown = path.display();
    let bytes = std::fs::read(path).with_context(|| format!("cannot read data file {shown}"))?;
    // The FFIEC file by its content, or a download that should have been
    // it (an error page saved as craratng.zip is named as such).
    let content = ffiec::sniff(&bytes[..bytes.len().min(1024)]);
    if matches!(content, ffiec::Content::Zip | ffiec::Content::Text)
        || ext == "zip"
        || (ext == "txt" && content != ffiec::Content::Empty)
    {
        let exams = ffiec::read_all(&bytes).map_err(|e| anyhow::anyhow!("{shown}: {e}"))?;
        let (banks, mut record) = public::file::from_exams(exams, perturb, seed);
        if perturb == Perturb::default() {
            record.published = Some(public::file::published(bytes, record.vintage)?);
        }
        return Ok(Loaded {
            banks,
            record: Some(record),
        });
    }
    if !matches!(ext.as_str(), "csv" | "json" | "ndjson" | "jsonl") {
        bail!(
            "{shown}: unknown data format '.{ext}' (use .csv, .json, .ndjson, .jsonl or the FFIEC's craratng.zip)"
        );
    }
    let result = match ext.as_str() {
        "csv" => from_csv(&bytes),
        "json" => from_json(&bytes),
        _ => from_ndjson(&bytes),
    };
    let banks = result.map_err(|e| anyhow::anyhow!("{shown}: {e}"))?;
    Ok(Loaded {
        banks,
        record: None,
    })
}

/// `line N: what` (`load` puts the file's name before it).
fn at(line: u64, what: impl std::fmt::Display) -> String {
    format!("line {line}: {what}")
}

fn valid_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10 && b[4] == b'-' && b[7] == b'-' && text.parse::<jiff::civil::Date>().is_ok()
}

fn check_rating(r: &SandboxExam) -> Result<(), String> {
    if !valid_date(&r.exam_date) {
        return Err(format!(
            "exam_date '{}' is not a date in the form YYYY-MM-DD",
            r.exam_date
        ));
    }
    if r.rating.as_str().trim().is_empty() {
        return Err("rating is empty".into());
    }
    if !r.exam_type.is_known() {
        return Err(format!(
            "exam_type '{}' is not one of Large Bank, Small Bank, Intermediate Small Bank",
            r.exam_type
        ));
    }
    Ok(())
}

fn check_bank(bank: &SandboxBank) -> Result<(), String> {
    for (field, value) in [
        ("id", &bank.id),
        ("name", &bank.name),
        ("state", &bank.state),
    ] {
        if value.trim().is_empty() {
            return Err(format!("{field} is empty"));
        }
    }
    if bank.ratings.is_empty() {
        return Err(format!("bank {} has no rating records", bank.id));
    }
    for r in &bank.ratings {
        check_rating(r).map_err(|e| format!("bank {}: {e}", bank.id))?;
    }
    match bank.ratings.iter().filter(|r| r.is_current).count() {
        1 => Ok(()),
        0 => Err(format!(
            "bank {} has no current record (none with is_current true)",
            bank.id
        )),
        n => Err(format!(
            "bank {} has {n} current records (exactly one may have is_current true)",
            bank.id
        )),
    }
}

/// Checks every bank and that ids are unique; `lines[i]` is where bank `i`
/// starts.
fn check_all(banks: &[SandboxBank], lines: &[u64]) -> Result<(), String> {
    let mut seen: HashMap<&str, u64> = HashMap::with_capacity(banks.len());
    for (bank, line) in banks.iter().zip(lines) {
        check_bank(bank).map_err(|e| at(*line, e))?;
        if let Some(first) = seen.insert(&bank.id, *line) {
            return Err(at(
                *line,
                format!("duplicate id {} (first at line {first})", bank.id),
            ));
        }
    }
    Ok(())
}

/// The file's line of a record, counted from its byte offset. The csv
/// crate's own `Position::line` lags one line behind on files with CRLF line
/// ends (those `cra export` writes): it ends a row at the `\r` and counts
/// the `\n` as the start of the next row. So is its byte offset, which is why
/// the line ends at that offset are stepped over first (a row never starts
/// with one: blank lines are skipped, a quoted field starts with `"`).
struct LineCounter<'a> {
    bytes: &'a [u8],
    /// Where the last count stopped, and the line there.
    offset: usize,
    line: u64,
}

impl<'a> LineCounter<'a> {
    fn new(bytes: &'a [u8]) -> LineCounter<'a> {
        LineCounter {
            bytes,
            offset: 0,
            line: 1,
        }
    }

    /// Records come in file order, so counting on from the last one keeps
    /// the whole file's count linear.
    fn line_of(&mut self, position: Option<&csv::Position>) -> u64 {
        let Some(position) = position else {
            return self.line;
        };
        let mut byte = usize::try_from(position.byte())
            .unwrap_or(usize::MAX)
            .min(self.bytes.len());
        while self
            .bytes
            .get(byte)
            .is_some_and(|b| matches!(b, b'\r' | b'\n'))
        {
            byte += 1;
        }
        if byte < self.offset {
            self.offset = 0;
            self.line = 1;
        }
        self.line += self.bytes[self.offset..byte]
            .iter()
            .filter(|b| **b == b'\n')
            .count() as u64;
        self.offset = byte;
        self.line
    }
}

fn csv_error(error: &csv::Error, lines: &mut LineCounter) -> String {
    let line = lines.line_of(error.position());
    let what = match error.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => format!("expected {expected_len} fields, found {len}"),
        csv::ErrorKind::Utf8 { .. } => "not valid UTF-8".to_string(),
        _ => error.to_string(),
    };
    at(line.max(1), what)
}

fn from_csv(bytes: &[u8]) -> Result<Vec<SandboxBank>, String> {
    let mut reader = csv::ReaderBuilder::new().from_reader(bytes);
    let mut counter = LineCounter::new(bytes);
    let headers = reader
        .headers()
        .map_err(|e| csv_error(&e, &mut counter))?
        .clone();
    if headers.iter().all(str::is_empty) {
        return Err(at(
            1,
            "empty file: expected the header of `cra export --with-history`",
        ));
    }
    let mut index = [0usize; 9];
    let columns = csv_columns();
    for (slot, column) in index.iter_mut().zip(&columns) {
        *slot = headers
            .iter()
            .position(|h| h.trim() == *column)
            .ok_or_else(|| {
                at(
                    1,
                    format!(
                        "missing column '{column}' (expected the header {})",
                        columns.join(",")
                    ),
                )
            })?;
    }
    let mut banks: Vec<SandboxBank> = Vec::new();
    let mut lines: Vec<u64> = Vec::new();
    let mut by_id: HashMap<String, usize> = HashMap::new();
    for record in reader.records() {
        let record = record.map_err(|e| csv_error(&e, &mut counter))?;
        let line = counter.line_of(record.position());
        let field = |i: usize| record.get(index[i]).unwrap_or("").to_string();
        let id = field(0);
        if id.trim().is_empty() {
            return Err(at(line, "id is empty"));
        }
        let is_current = match field(8).as_str() {
            "true" => true,
            "false" => false,
            other => {
                return Err(at(
                    line,
                    format!("is_current must be true or false, got '{other}'"),
                ));
            }
        };
        let rating = SandboxExam {
            exam_date: field(5),
            rating: field(6).into(),
            exam_type: field(7).into(),
            is_current,
            extra: Map::new(),
        };
        check_rating(&rating).map_err(|e| at(line, e))?;
        let slot = *by_id.entry(id.clone()).or_insert_with(|| {
            banks.push(SandboxBank {
                id,
                name: field(1),
                city: field(2),
                state: field(3),
                regulator: field(4).into(),
                charter_type: serde_json::Value::Null,
                ratings: Vec::new(),
                extra: Map::new(),
            });
            lines.push(line);
            banks.len() - 1
        });
        banks[slot].ratings.push(rating);
    }
    check_all(&banks, &lines)?;
    Ok(banks)
}

/// serde_json's message without its trailing " at line L column C".
fn json_what(error: &serde_json::Error) -> String {
    let text = error.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

fn parse_bank_json<'a, D>(de: D) -> Result<SandboxBank, String>
where
    D: serde::Deserializer<'a, Error = serde_json::Error>,
{
    serde_path_to_error::deserialize::<_, SandboxBank>(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let place = format!("line {}, column {}", inner.line(), inner.column());
        if path.is_empty() || path == "." {
            format!("{place}: {}", json_what(&inner))
        } else {
            format!("{place}: {path}: {}", json_what(&inner))
        }
    })
}

fn from_json(bytes: &[u8]) -> Result<Vec<SandboxBank>, String> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let banks: Vec<SandboxBank> = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let mut text = format!("line {}, column {}: ", inner.line(), inner.column());
        if !(path.is_empty() || path == ".") {
            text.push_str(&format!("{path}: "));
        }
        text.push_str(&json_what(&inner));
        text
    })?;
    de.end()
        .map_err(|e| at(e.line() as u64, "trailing characters after the array"))?;
    let lines = element_lines(bytes);
    let lines: Vec<u64> = (0..banks.len())
        .map(|i| lines.get(i).copied().unwrap_or(1))
        .collect();
    check_all(&banks, &lines)?;
    Ok(banks)
}

/// The line on which each element of the top-level array starts.
fn element_lines(bytes: &[u8]) -> Vec<u64> {
    let mut lines = Vec::new();
    let (mut line, mut depth, mut in_string, mut escaped) = (1u64, 0usize, false, false);
    for &b in bytes {
        if in_string {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_string = false,
                _ => {}
            }
            if b == b'\n' {
                line += 1;
            }
            continue;
        }
        match b {
            b'\n' => line += 1,
            b'"' => in_string = true,
            b'[' | b'{' => {
                if depth == 1 {
                    lines.push(line);
                }
                depth += 1;
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    lines
}

fn from_ndjson(bytes: &[u8]) -> Result<Vec<SandboxBank>, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let line = bytes[..e.valid_up_to()]
            .iter()
            .filter(|b| **b == b'\n')
            .count()
            + 1;
        at(line as u64, "not valid UTF-8")
    })?;
    let mut banks = Vec::new();
    let mut lines = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let number = i as u64 + 1;
        if line.trim().is_empty() {
            continue;
        }
        let mut de = serde_json::Deserializer::from_str(line);
        let bank = parse_bank_json(&mut de).map_err(|e| {
            // The column is the useful part; the line is the file's line.
            let e = e.replacen("line 1, ", "", 1);
            at(number, e)
        })?;
        de.end()
            .map_err(|_| at(number, "more than one JSON value on the line"))?;
        banks.push(bank);
        lines.push(number);
    }
    check_all(&banks, &lines)?;
    Ok(banks)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = "id,name,city,state,regulator,exam_date,rating,exam_type,is_current\n";

    #[test]
    fn csv_groups_rows_by_id() {
        let text = format!(
            "{HEADER}a,\"FARMERS & MERCHANTS BANK, N.A.\",AMES,IA,OCC,2020-01-06,Satisfactory,Small Bank,true\n\
             a,\"FARMERS & MERCHANTS BANK, N.A.\",AMES,IA,OCC,2017-01-06,Outstanding,Small Bank,false\n\
             b,BANK OF X,TYLER,TX,FDIC,2019-03-01,Satisfactory,Large Bank,true\n"
        );
        let banks = from_csv(text.as_bytes()).unwrap();
        assert_eq!(banks.len(), 2);
        assert_eq!(banks[0].name, "FARMERS & MERCHANTS BANK, N.A.");
        assert_eq!(banks[0].ratings.len(), 2);
        assert!(banks[0].charter_type.is_null());
    }

    #[test]
    fn csv_errors_name_the_line() {
        let bad_date = format!("{HEADER}a,B,C,IA,OCC,2020-13-01,Satisfactory,Small Bank,true\n");
        let e = from_csv(bad_date.as_bytes()).unwrap_err();
        assert!(e.starts_with("line 2: exam_date '2020-13-01'"), "{e}");
        let short = format!("{HEADER}a,B,C,IA,OCC,2020-01-01,Satisfactory,true\n");
        let e = from_csv(short.as_bytes()).unwrap_err();
        assert_eq!(e, "line 2: expected 9 fields, found 8");
        let e = from_csv(b"id,name\n").unwrap_err();
        assert!(e.starts_with("line 1: missing column 'city'"), "{e}");
        let two = format!(
            "{HEADER}a,B,C,IA,OCC,2020-01-01,Satisfactory,Small Bank,true\n\
             a,B,C,IA,OCC,2019-01-01,Satisfactory,Small Bank,true\n"
        );
        let e = from_csv(two.as_bytes()).unwrap_err();
        assert!(e.contains("line 2: bank a has 2 current records"), "{e}");
    }

    /// `cra export` writes CRLF line ends (RFC 4180): the line named is the
    /// file's line all the same, for a bad value, a short row, a quoted
    /// field spanning lines, and a bank's first row.
    #[test]
    fn csv_errors_name_the_line_with_crlf_line_ends() {
        let crlf = |text: String| text.replace('\n', "\r\n");
        let good = "a,B,C,IA,OCC,2020-01-01,Satisfactory,Small Bank,true\n\
                    a,B,C,IA,OCC,2017-01-01,Satisfactory,Small Bank,false\n\
                    b,B,C,IA,OCC,2018-01-01,Satisfactory,Small Bank,true\n";
        let bad_date = crlf(format!(
            "{HEADER}{good}c,B,C,IA,OCC,2020-13-01,Satisfactory,Small Bank,true\n"
        ));
        let e = from_csv(bad_date.as_bytes()).unwrap_err();
        assert!(e.starts_with("line 5: exam_date '2020-13-01'"), "{e}");
        let short = crlf(format!(
            "{HEADER}{good}c,B,C,IA,OCC,2020-01-01,Satisfactory,true\n"
        ));
        let e = from_csv(short.as_bytes()).unwrap_err();
        assert_eq!(e, "line 5: expected 9 fields, found 8");
        let spanning = crlf(format!(
            "{HEADER}a,\"TWO\nLINES\",C,IA,OCC,2020-01-01,Satisfactory,Small Bank,true\n\
             b,B,C,IA,OCC,2020-01-01,Satisfactory,Small Bank,maybe\n"
        ));
        let e = from_csv(spanning.as_bytes()).unwrap_err();
        assert!(e.starts_with("line 4: is_current"), "{e}");
        let no_current = crlf(format!(
            "{HEADER}{good}d,B,C,IA,OCC,2020-01-01,Satisfactory,Small Bank,false\n"
        ));
        let e = from_csv(no_current.as_bytes()).unwrap_err();
        assert!(e.starts_with("line 5: bank d has no current"), "{e}");
    }

    #[test]
    fn json_keeps_unknown_fields_and_any_charter_type() {
        let text = r#"[
  {"id":"x","name":"N","city":"C","state":"IA","regulator":"OCC","charter_type":{"k":[1,2]},
   "ratings":[{"exam_date":"2020-01-06","rating":"Satisfactory","exam_type":"Small Bank","is_current":true,"note":"n"}],
   "website":"https://example.com"}
]"#;
        let banks = from_json(text.as_bytes()).unwrap();
        let back = serde_json::to_string(&banks[0]).unwrap();
        assert!(back.contains(r#""charter_type":{"k":[1,2]}"#), "{back}");
        assert!(
            back.ends_with(r#""website":"https://example.com"}"#),
            "{back}"
        );
        assert!(back.contains(r#""is_current":true,"note":"n""#), "{back}");
    }

    #[test]
    fn json_errors_name_the_line() {
        let text = "[\n{\"id\":\"x\",\"name\":\"N\",\"city\":\"C\",\"state\":\"IA\",\"regulator\":\"OCC\",\"ratings\":[]},\n{\"id\":\"y\"}\n]";
        let e = from_json(text.as_bytes()).unwrap_err();
        assert!(e.starts_with("line 3, column"), "{e}");
        assert!(e.contains("missing field `name`"), "{e}");
        let text = "[\n{\"id\":\"x\",\"name\":\"N\",\"city\":\"C\",\"state\":\"IA\",\"regulator\":\"OCC\",\"ratings\":[]}\n]";
        let e = from_json(text.as_bytes()).unwrap_err();
        assert_eq!(e, "line 2: bank x has no rating records");
    }

    #[test]
    fn ndjson_errors_name_the_line() {
        let good = r#"{"id":"x","name":"N","city":"C","state":"IA","regulator":"OCC","charter_type":null,"ratings":[{"exam_date":"2020-01-06","rating":"Satisfactory","exam_type":"Small Bank","is_current":true}]}"#;
        let text = format!("{good}\n\n{{\"id\": 5}}\n");
        let e = from_ndjson(text.as_bytes()).unwrap_err();
        assert!(e.starts_with("line 3: column"), "{e}");
        assert!(
            e.contains("id: invalid type: integer `5`, expected a string"),
            "{e}"
        );
        assert_eq!(from_ndjson(good.as_bytes()).unwrap().len(), 1);
    }
}
