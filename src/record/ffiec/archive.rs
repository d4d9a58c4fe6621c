//! What a download or a file holds (the zip as published, the text inside
//! it, or something else: the FFIEC's site is known to answer scripted
//! downloads with a 403 or a bot-challenge page, which must never be read
//! as data), reading the exams out of either as a stream, and writing the
//! zip as the FFIEC publishes it.

use std::io::{self, BufRead, BufReader, Cursor, Read, Seek, SeekFrom, Write};

use std::collections::HashMap;

use jiff::civil::Date;

use super::{Exam, FfiecError, MAX_TEXT, TEXT_NAME, TextReader, regulator_code, write_text};
use crate::domain::Rating;

/// What the first bytes of a file or an answer say it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Content {
    /// A zip archive (local file header, or an empty archive's end record).
    Zip,
    /// Lines that start as the file's do: a number, then a tab.
    Text,
    /// An HTML (or XML) page: an error or challenge page, not data.
    Html,
    Empty,
    /// Anything else, with its first bytes shown inert.
    Other(String),
}

/// Tells a zip from the text, an HTML page or anything else by its first
/// bytes (a kilobyte is plenty).
pub fn sniff(head: &[u8]) -> Content {
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        return Content::Zip;
    }
    let body = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let start = body
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(body.len());
    let body = &body[start..];
    if body.is_empty() {
        return Content::Empty;
    }
    if body[0] == b'<' {
        return Content::Html;
    }
    let line = body.split(|b| *b == b'\n').next().unwrap_or(body);
    let digits = line.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits > 0 && line.get(digits) == Some(&b'\t') {
        return Content::Text;
    }
    let shown: String = String::from_utf8_lossy(&body[..body.len().min(24)]).into_owned();
    Content::Other(format!("\"{}\"", crate::text::inert(&shown)))
}

/// Calls `each` with every exam of `input` (the zip or its text, told from
/// the content) in file order; the number of exams. Stops at the first
/// malformed line or the first error `each` returns.
pub fn visit<R, E>(mut input: R, each: impl FnMut(Exam) -> Result<(), E>) -> Result<u64, E>
where
    R: Read + Seek,
    E: From<FfiecError>,
{
    let head = read_head(&mut input)?;
    match sniff(&head) {
        Content::Zip => visit_zip(input, each),
        Content::Text => visit_text(BufReader::new(input), each),
        Content::Html => Err(FfiecError::Html.into()),
        Content::Empty => Err(FfiecError::Empty.into()),
        Content::Other(start) => Err(FfiecError::NotFfiec { start }.into()),
    }
}

/// The first kilobyte, and `input` back at its start.
fn read_head<R: Read + Seek>(input: &mut R) -> Result<Vec<u8>, FfiecError> {
    let mut head = Vec::with_capacity(1024);
    input.by_ref().take(1024).read_to_end(&mut head)?;
    input.seek(SeekFrom::Start(0))?;
    Ok(head)
}

/// [`visit`] for the text alone. An exam listed twice (one institution,
/// one date: the file has no two, and linking would take either) is an
/// error naming both lines.
pub fn visit_text<R, E>(input: R, each: impl FnMut(Exam) -> Result<(), E>) -> Result<u64, E>
where
    R: BufRead,
    E: From<FfiecError>,
{
    read_text(TextReader::new(input), each)
}

fn read_text<R, E>(
    mut reader: TextReader<R>,
    mut each: impl FnMut(Exam) -> Result<(), E>,
) -> Result<u64, E>
where
    R: BufRead,
    E: From<FfiecError>,
{
    // Each exam's institution and date: its line and rating.
    let mut seen: HashMap<(u8, u64, Date), (u64, Rating)> = HashMap::new();
    let mut count = 0;
    while let Some(exam) = reader.next() {
        let exam = exam?;
        let line = reader.line();
        let code = regulator_code(&exam.regulator).unwrap_or(u8::MAX);
        let at = (code, exam.agency_id, exam.exam_date);
        if let Some((first, rating)) = seen.insert(at, (line, exam.rating.clone())) {
            return Err(FfiecError::Repeated {
                line,
                first,
                key: exam.key(),
                date: exam.exam_date,
                ratings: (rating != exam.rating).then(|| (rating, exam.rating.clone())),
            }
            .into());
        }
        each(exam)?;
        count += 1;
    }
    Ok(count)
}

fn visit_zip<R, E>(input: R, each: impl FnMut(Exam) -> Result<(), E>) -> Result<u64, E>
where
    R: Read + Seek,
    E: From<FfiecError>,
{
    let zip_error = |e: zip::result::ZipError| FfiecError::Zip(e.to_string());
    let mut archive = zip::ZipArchive::new(input).map_err(zip_error)?;
    let names: Vec<String> = archive
        .file_names()
        .filter_map(Result::ok)
        .map(|n| n.into_owned())
        .collect();
    let base = |name: &str| name.rsplit(['/', '\\']).next().unwrap_or(name).to_string();
    let text: Vec<&String> = names
        .iter()
        .filter(|n| base(n).to_ascii_lowercase().ends_with(".txt"))
        .collect();
    // The file by its name (two of that name: refused); else the only
    // text file in the archive.
    let named: Vec<&&String> = text
        .iter()
        .filter(|n| base(n).eq_ignore_ascii_case(TEXT_NAME))
        .collect();
    if let [first, second, ..] = named[..] {
        let shown = |n: &str| crate::text::inert(&crate::text::clip(n, 80)).into_owned();
        return Err(FfiecError::TwoTexts {
            first: shown(first),
            second: shown(second),
        }
        .into());
    }
    let chosen = named
        .first()
        .copied()
        .or(if text.len() == 1 { text.first() } else { None })
        .map(|n| (*n).clone());
    let Some(name) = chosen else {
        let count = names.len();
        let names = names.into_iter().take(super::error::LISTED).collect();
        return Err(FfiecError::NoText { names, count }.into());
    };
    let text = inflate(&mut archive, &name)?;
    read_text(TextReader::new(&text[..]), each)
}

/// The text of `name`, whole: at most [`MAX_TEXT`] (a bomb is refused as
/// soon as it passes it), its checksum verified, so that a damaged
/// archive is said to be damaged rather than read as lines gone wrong.
fn inflate<R: Read + Seek>(
    archive: &mut zip::ZipArchive<R>,
    name: &str,
) -> Result<Vec<u8>, FfiecError> {
    let too_big = || FfiecError::TooBig(format!("over {} MiB of text unzipped", MAX_TEXT >> 20));
    let mut file = archive
        .by_name(name)
        .map_err(|e| FfiecError::Damaged(e.to_string()))?;
    // What the archive says of the size, then what it inflates to.
    if file.size() > MAX_TEXT {
        return Err(too_big());
    }
    let mut text = Vec::with_capacity(file.size() as usize);
    (&mut file)
        .take(MAX_TEXT + 1)
        .read_to_end(&mut text)
        .map_err(|e| FfiecError::Damaged(format!("{name}: {e}")))?;
    if text.len() as u64 > MAX_TEXT {
        return Err(too_big());
    }
    Ok(text)
}

/// Every exam of a file or download held in memory (the published file is
/// about a megabyte zipped, five unzipped).
pub fn read_all(bytes: &[u8]) -> Result<Vec<Exam>, FfiecError> {
    let mut exams = Vec::new();
    visit(Cursor::new(bytes), |exam| {
        exams.push(exam);
        Ok::<(), FfiecError>(())
    })?;
    Ok(exams)
}

/// The zip the FFIEC publishes: one deflated entry, `craratng.txt`, with
/// the text of `exams` in the order given, dated `modified` (a fixed date
/// gives the same bytes every time) and made on DOS as the published one.
pub fn write_zip<'a>(
    exams: impl IntoIterator<Item = &'a Exam>,
    modified: jiff::civil::DateTime,
) -> io::Result<Vec<u8>> {
    let mut text = Vec::new();
    write_text(exams, &mut text)?;
    zip_text(&text, modified)
}

/// The zip of a text as it is (the FFIEC's own text, oddities and all).
pub fn zip_text(text: &[u8], modified: jiff::civil::DateTime) -> io::Result<Vec<u8>> {
    let to_io = |e: zip::result::ZipError| io::Error::other(e.to_string());
    let stamp = zip::DateTime::from_date_and_time(
        u16::try_from(modified.year()).unwrap_or(1980),
        modified.month() as u8,
        modified.day() as u8,
        modified.hour() as u8,
        modified.minute() as u8,
        modified.second() as u8,
    )
    .unwrap_or_default();
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(stamp)
        .system(zip::System::Dos)
        // The archive bit, as the published file has.
        .external_attributes(0x20);
    // The text in one write: the compressed bytes depend on how the text
    // is cut into writes, and one write is also the fastest.
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    zip.start_file(TEXT_NAME, options).map_err(to_io)?;
    zip.write_all(text)?;
    Ok(zip.finish().map_err(to_io)?.into_inner())
}
