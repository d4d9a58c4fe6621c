//! Reading a `cra export` file as a stream of per-bank `Row`s, whatever
//! its format: csv (with or without history), a JSON array, NDJSON (one
//! object a line), or a workbook (`xlsx`: its first sheet, read as the csv
//! it holds), each told from its content, not its name.
//!
//! A history export becomes one row per bank: its current record (the one
//! marked `is_current`; else the newest) gives rating, exam date and exam
//! type. Records are folded as they stream: a csv bank's rows are
//! consecutive in an export, and a JSON bank carries its own `ratings`.

use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use anyhow::{Context, Result, anyhow};
use serde::Deserialize;
use serde::de::{DeserializeSeed, SeqAccess, Visitor};

use super::Row;
use super::xlsx::{Book, MAGIC};
use crate::output::records::{BANKS, HISTORIES};

/// What a file turned out to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// No bytes but whitespace: an NDJSON export of no bank.
    Empty,
    Csv,
    CsvHistory,
    Json,
    Ndjson,
    /// A workbook, its first sheet an export's csv.
    Xlsx {
        history: bool,
    },
}

/// An export file, opened and recognised, not read yet.
pub struct Export {
    path: std::path::PathBuf,
    decoder: Decoder,
}

/// A file, or standard input (`-`), read once from start to end: a FIFO
/// or a pipe is read as the stream it is.
/// csv and ndjson lines are read under a per-record limit.
type Input = BufReader<crate::limited::Lines<Box<dyn Read + Send>>>;

/// How an export's records are read, by the format its first bytes say.
enum Decoder {
    Empty,
    Json(Input),
    Ndjson(Input),
    Csv {
        reader: Box<csv::Reader<Input>>,
        history: bool,
    },
    Xlsx {
        book: Box<Book>,
        history: bool,
    },
}

impl Export {
    /// Opens `path` and tells its format from its first bytes (and a csv's
    /// header), so that a missing file or one that is plainly not an export
    /// is refused before any output.
    pub fn open(path: &Path) -> Result<Export> {
        let cannot_read = || format!("cannot read {}", path.display());
        let file: Box<dyn Read + Send> = if path.as_os_str() == "-" {
            Box::new(std::io::stdin())
        } else {
            if path.is_dir() {
                return Err(anyhow!("cannot read {}: it is a folder", path.display()));
            }
            Box::new(File::open(path).with_context(cannot_read)?)
        };
        let file = crate::limited::Lines::new(file, crate::limited::MAX_LINE);
        let mut input: Input = BufReader::with_capacity(256 * 1024, file);
        let decoder = match skip_blank(&mut input).with_context(cannot_read)? {
            None => Decoder::Empty,
            Some(b'[') => {
                input.get_mut().unlimited();
                Decoder::Json(input)
            }
            Some(b'{') => Decoder::Ndjson(input),
            Some(b'P')
                if input
                    .fill_buf()
                    .with_context(cannot_read)?
                    .starts_with(MAGIC) =>
            {
                let whole: Box<dyn super::xlsx::ReadSeek> = if path.as_os_str() == "-" {
                    // A zip is read from its end: standard input is taken whole.
                    let mut bytes = Vec::new();
                    input.get_mut().unlimited();
                    input.read_to_end(&mut bytes).with_context(cannot_read)?;
                    Box::new(std::io::Cursor::new(bytes))
                } else {
                    Box::new(File::open(path).with_context(cannot_read)?)
                };
                let mut book = Book::open(whole).map_err(|detail| not_export(path, &detail))?;
                let mut header = csv::StringRecord::new();
                let read = book.rows().and_then(|mut rows| rows.next_row(&mut header));
                let history = read
                    .and_then(|_| export_header(&header))
                    .map_err(|detail| not_export(path, &detail))?;
                Decoder::Xlsx {
                    book: Box::new(book),
                    history,
                }
            }
            Some(_) => {
                let mut reader = csv::ReaderBuilder::new()
                    .has_headers(true)
                    .from_reader(input);
                let history =
                    csv_history(&mut reader).map_err(|detail| not_export(path, &detail))?;
                Decoder::Csv {
                    reader: Box::new(reader),
                    history,
                }
            }
        };
        Ok(Export {
            path: path.to_path_buf(),
            decoder,
        })
    }

    /// What the file is.
    pub fn shape(&self) -> Shape {
        match &self.decoder {
            Decoder::Empty => Shape::Empty,
            Decoder::Json(_) => Shape::Json,
            Decoder::Ndjson(_) => Shape::Ndjson,
            Decoder::Csv { history: false, .. } => Shape::Csv,
            Decoder::Csv { history: true, .. } => Shape::CsvHistory,
            Decoder::Xlsx { history, .. } => Shape::Xlsx { history: *history },
        }
    }

    /// Reads every bank, in file order, handing each to `each` as soon as
    /// it is complete. An error from `each` stops the read and is returned
    /// as it is; any other is the file not being an export, and names it.
    pub fn read(self, each: &mut dyn FnMut(Row) -> Result<()>) -> Result<Shape> {
        let shape = self.shape();
        let mut stopped: Option<anyhow::Error> = None;
        let mut guarded = |row: Row| -> Result<(), ()> {
            each(row).map_err(|error| {
                stopped = Some(error);
            })
        };
        let result = match self.decoder {
            Decoder::Empty => Ok(()),
            Decoder::Json(mut input) => read_json_array(&mut input, &mut guarded),
            Decoder::Ndjson(mut input) => read_ndjson(&mut input, &mut guarded),
            Decoder::Csv {
                mut reader,
                history: false,
            } => read_csv_banks(&mut *reader, &mut guarded),
            Decoder::Csv {
                mut reader,
                history: true,
            } => read_csv_history(&mut *reader, &mut guarded),
            Decoder::Xlsx { mut book, history } => book.rows().and_then(|mut rows| {
                let mut header = csv::StringRecord::new();
                rows.next_row(&mut header)?;
                if history {
                    read_csv_history(&mut rows, &mut guarded)
                } else {
                    read_csv_banks(&mut rows, &mut guarded)
                }
            }),
        };
        if let Some(error) = stopped {
            return Err(error);
        }
        result.map_err(|detail| not_export(&self.path, &detail))?;
        Ok(shape)
    }
}

fn not_export(path: &Path, detail: &str) -> anyhow::Error {
    anyhow!(
        "{} is not a file written by cra export: {detail}",
        path.display()
    )
}

/// Reads every bank of the export at `path` (`Export::open`, then `read`).
pub fn read_banks(path: &Path, each: &mut dyn FnMut(Row) -> Result<()>) -> Result<Shape> {
    Export::open(path)?.read(each)
}

/// Consumes a UTF-8 byte-order mark and whitespace; returns the next byte
/// (not consumed), or none at the end.
fn skip_blank(input: &mut impl BufRead) -> std::io::Result<Option<u8>> {
    let mut at_start = true;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(None);
        }
        if at_start && buf.starts_with(b"\xEF\xBB\xBF") {
            input.consume(3);
            at_start = false;
            continue;
        }
        at_start = false;
        match buf.iter().position(|b| !b.is_ascii_whitespace()) {
            Some(i) => {
                let byte = buf[i];
                input.consume(i);
                return Ok(Some(byte));
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}

/// A callback that returns `Err(())` when it wants the read to stop (its
/// own error is kept by the caller).
type Sink<'a> = dyn FnMut(Row) -> Result<(), ()> + 'a;

/// Marks a stop asked for by the sink, so it is not reported as bad input.
const STOPPED: &str = "\u{0}stopped";

/// A bank object of a JSON export: a list item (`current_rating`) or a
/// detail (`ratings`). Unknown fields are ignored.
#[derive(Deserialize)]
struct BankIn {
    id: String,
    name: String,
    city: String,
    state: String,
    regulator: String,
    #[serde(default)]
    current_rating: Option<CurrentIn>,
    #[serde(default)]
    ratings: Option<Vec<RecordIn>>,
}

#[derive(Deserialize)]
struct CurrentIn {
    rating: String,
    exam_date: String,
    exam_type: String,
}

#[derive(Deserialize)]
struct RecordIn {
    exam_date: String,
    rating: String,
    exam_type: String,
    #[serde(default)]
    is_current: bool,
}

impl BankIn {
    fn into_row(self) -> Row {
        let mut fold = Fold::default();
        match (&self.ratings, &self.current_rating) {
            (Some(records), _) => {
                for r in records {
                    fold.offer(r.is_current, &r.exam_date, &r.rating, &r.exam_type);
                }
            }
            (None, Some(c)) => fold.offer(true, &c.exam_date, &c.rating, &c.exam_type),
            (None, None) => {}
        }
        fold.row([
            &self.id,
            &self.name,
            &self.city,
            &self.state,
            &self.regulator,
        ])
    }
}

/// The current record among a bank's records, as they stream: one marked
/// current beats one that is not, then the newest exam date; the first
/// wins a tie.
#[derive(Default)]
struct Fold {
    best: Option<(bool, String, String, String)>,
}

impl Fold {
    fn offer(&mut self, is_current: bool, exam_date: &str, rating: &str, exam_type: &str) {
        let better = match &self.best {
            None => true,
            Some((current, date, ..)) => (is_current, exam_date) > (*current, date.as_str()),
        };
        if better {
            self.best = Some((
                is_current,
                exam_date.to_string(),
                rating.to_string(),
                exam_type.to_string(),
            ));
        }
    }

    fn row(&self, bank: [&str; 5]) -> Row {
        let (date, rating, exam_type) = self.best.as_ref().map_or(("", "", ""), |(_, d, r, t)| {
            (d.as_str(), r.as_str(), t.as_str())
        });
        Row::new([
            bank[0], bank[1], bank[2], bank[3], bank[4], rating, date, exam_type,
        ])
    }
}

/// A JSON array of banks, element by element (never the whole array in
/// memory), then nothing but whitespace.
fn read_json_array(input: &mut impl Read, sink: &mut Sink) -> Result<(), String> {
    struct Banks<'s, 'a>(&'s mut Sink<'a>);

    impl<'de> DeserializeSeed<'de> for Banks<'_, '_> {
        type Value = ();
        fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
            d.deserialize_seq(self)
        }
    }

    impl<'de> Visitor<'de> for Banks<'_, '_> {
        type Value = ();
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an array of bank objects")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
            while let Some(bank) = seq.next_element::<BankIn>()? {
                if (self.0)(bank.into_row()).is_err() {
                    return Err(serde::de::Error::custom(STOPPED));
                }
            }
            Ok(())
        }
    }

    let mut de = serde_json::Deserializer::from_reader(input);
    Banks(sink).deserialize(&mut de).map_err(json_error)?;
    de.end().map_err(json_error)
}

/// NEW-line-separated (or any whitespace-separated) bank objects.
fn read_ndjson(input: &mut impl Read, sink: &mut Sink) -> Result<(), String> {
    let stream = serde_json::Deserializer::from_reader(input).into_iter::<BankIn>();
    for bank in stream {
        let bank = bank.map_err(json_error)?;
        if sink(bank.into_row()).is_err() {
            return Err(STOPPED.into());
        }
    }
    Ok(())
}

fn json_error(error: serde_json::Error) -> String {
    error.to_string()
}

/// Whether a csv's header is an export's with history, without, or neither.
fn csv_history(reader: &mut csv::Reader<impl Read>) -> Result<bool, String> {
    let header = reader.headers().map_err(|e| e.to_string())?.clone();
    export_header(&header)
}

/// Whether a header row is an export's with history, without, or neither.
fn export_header(header: &csv::StringRecord) -> Result<bool, String> {
    let header: Vec<&str> = header.iter().map(str::trim).collect();
    if header == BANKS.names() {
        Ok(false)
    } else if header == HISTORIES.names() {
        Ok(true)
    } else {
        Err(format!(
            "its first line is not the header of a csv export ({} or, with history, {})",
            BANKS.names().join(","),
            HISTORIES.names().join(",")
        ))
    }
}

/// The rows of a table export, as text: a csv's records, or a workbook's
/// rows (`xlsx::Rows`).
trait Records {
    /// The next row into `record`; false at the end.
    fn next_record(&mut self, record: &mut csv::StringRecord) -> Result<bool, String>;
    /// The line (a workbook: the row) last read, for messages.
    fn line(&self) -> u64;
}

impl<R: Read> Records for csv::Reader<R> {
    fn next_record(&mut self, record: &mut csv::StringRecord) -> Result<bool, String> {
        self.read_record(record).map_err(|e| e.to_string())
    }

    fn line(&self) -> u64 {
        self.position().line()
    }
}

impl Records for super::xlsx::Rows<'_> {
    fn next_record(&mut self, record: &mut csv::StringRecord) -> Result<bool, String> {
        self.next_row(record)
    }

    fn line(&self) -> u64 {
        super::xlsx::Rows::line(self)
    }
}

/// A csv export without history: one row, one bank.
fn read_csv_banks(reader: &mut dyn Records, sink: &mut Sink) -> Result<(), String> {
    let mut record = csv::StringRecord::new();
    while reader.next_record(&mut record)? {
        let row = Row::new(std::array::from_fn(|i| &record[i]));
        if sink(row).is_err() {
            return Err(STOPPED.into());
        }
    }
    Ok(())
}

/// A csv export with history: a bank's rows are consecutive; its row is
/// complete when the next bank's starts.
fn read_csv_history(reader: &mut dyn Records, sink: &mut Sink) -> Result<(), String> {
    let mut record = csv::StringRecord::new();
    let mut bank: Option<([String; 5], Fold)> = None;
    while reader.next_record(&mut record)? {
        let fields: [&str; 5] = std::array::from_fn(|i| &record[i]);
        let (exam_date, rating, exam_type, is_current) =
            (&record[5], &record[6], &record[7], &record[8]);
        if bank.as_ref().is_some_and(|(b, _)| b[0] != fields[0])
            && let Some((b, fold)) = bank.take()
            && sink(fold.row(b.each_ref().map(String::as_str))).is_err()
        {
            return Err(STOPPED.into());
        }
        let (_, fold) = bank.get_or_insert_with(|| (fields.map(str::to_string), Fold::default()));
        // A bank with no rating record is one row with these columns empty.
        let current = match is_current {
            "true" => true,
            "false" => false,
            "" if exam_date.is_empty() && rating.is_empty() && exam_type.is_empty() => continue,
            other => {
                return Err(format!(
                    "line {}: is_current is '{}', not true or false",
                    reader.line(),
                    crate::error::shorten(other, 40)
                ));
            }
        };
        fold.offer(current, exam_date, rating, exam_type);
    }
    if let Some((b, fold)) = bank
        && sink(fold.row(b.each_ref().map(String::as_str))).is_err()
    {
        return Err(STOPPED.into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<(Shape, Vec<[String; 8]>)> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, text).unwrap();
        let mut rows = Vec::new();
        let shape = read_banks(&path, &mut |row| {
            rows.push(row.fields().map(str::to_string));
            Ok(())
        })?;
        Ok((shape, rows))
    }

    const BANK: [&str; 8] = [
        "id1",
        "First, Bank",
        "Austin",
        "TX",
        "FDIC",
        "Outstanding",
        "2021-05-01",
        "Small Bank",
    ];

    #[test]
    fn every_format_gives_the_same_row() {
        let expected = vec![BANK.map(str::to_string)];
        let list_json = r#"{"id":"id1","name":"First, Bank","city":"Austin","state":"TX","regulator":"FDIC","current_rating":{"rating":"Outstanding","exam_date":"2021-05-01","exam_type":"Small Bank"},"extra":[1]}"#;
        let detail_json = r#"{"id":"id1","name":"First, Bank","city":"Austin","state":"TX","regulator":"FDIC","charter_type":null,"ratings":[{"exam_date":"2018-01-01","rating":"Satisfactory","exam_type":"Small Bank","is_current":false},{"exam_date":"2021-05-01","rating":"Outstanding","exam_type":"Small Bank","is_current":true}]}"#;
        let csv = "id,name,city,state,regulator,rating,exam_date,exam_type\r\nid1,\"First, Bank\",Austin,TX,FDIC,Outstanding,2021-05-01,Small Bank\r\n";
        let csv_history = "id,name,city,state,regulator,exam_date,rating,exam_type,is_current\r\nid1,\"First, Bank\",Austin,TX,FDIC,2021-05-01,Outstanding,Small Bank,true\r\nid1,\"First, Bank\",Austin,TX,FDIC,2018-01-01,Satisfactory,Small Bank,false\r\n";
        for (text, shape) in [
            (format!("[\n{list_json}\n]\n"), Shape::Json),
            (format!("[{detail_json}]"), Shape::Json),
            (format!("{list_json}\n"), Shape::Ndjson),
            (format!("\u{feff}{detail_json}\n\n"), Shape::Ndjson),
            (csv.to_string(), Shape::Csv),
            (format!("\u{feff}{csv}"), Shape::Csv),
            (csv_history.to_string(), Shape::CsvHistory),
        ] {
            let (got_shape, rows) = read(&text).unwrap();
            assert_eq!(got_shape, shape, "{text}");
            assert_eq!(rows, expected, "{text}");
        }
    }

    #[test]
    fn history_without_a_current_mark_takes_the_newest() {
        let csv = "id,name,city,state,regulator,exam_date,rating,exam_type,is_current\n\
                   a,A,C,TX,OCC,2010-01-01,Outstanding,Small Bank,false\n\
                   a,A,C,TX,OCC,2015-01-01,Satisfactory,Large Bank,false\n\
                   b,B,C,TX,OCC,,,,\n\
                   c,C,C,TX,OCC,2001-01-01,Satisfactory,Small Bank,false\n";
        let (_, rows) = read(csv).unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0][5..], ["Satisfactory", "2015-01-01", "Large Bank"]);
        assert_eq!(rows[1][5..], ["", "", ""]);
        assert_eq!(rows[2][0], "c");
    }

    #[test]
    fn empty_export_of_each_format() {
        assert_eq!(read("").unwrap(), (Shape::Empty, vec![]));
        assert_eq!(read("[]\n").unwrap(), (Shape::Json, vec![]));
        assert_eq!(
            read("id,name,city,state,regulator,rating,exam_date,exam_type\r\n").unwrap(),
            (Shape::Csv, vec![])
        );
    }

    #[test]
    fn what_is_not_an_export_is_named() {
        for junk in [
            "hello world\n",
            "name,id\nx,y\n",
            "[1, 2]",
            "{\"id\": 5}",
            "[{\"id\":\"a\"}]",
            "[] trailing",
            "\u{0}\u{1}binary",
            "id,name,city,state,regulator,rating,exam_date,exam_type\nonly,three,fields\n",
            "id,name,city,state,regulator,exam_date,rating,exam_type,is_current\na,A,C,TX,OCC,2010-01-01,Outstanding,Small Bank,maybe\n",
        ] {
            let error = read(junk).unwrap_err().to_string();
            assert!(
                error.contains("is not a file written by cra export"),
                "{junk:?}: {error}"
            );
        }
    }

    #[test]
    fn a_stop_from_the_sink_is_passed_through() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.json");
        std::fs::write(
            &path,
            r#"[{"id":"a","name":"","city":"","state":"","regulator":""},{"id":"b","name":"","city":"","state":"","regulator":""}]"#,
        )
        .unwrap();
        let error = read_banks(&path, &mut |_| Err(anyhow!("enough"))).unwrap_err();
        assert_eq!(error.to_string(), "enough");
    }
}
