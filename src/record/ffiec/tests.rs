use std::collections::HashSet;
use std::io::Cursor;

use jiff::civil::date;
use proptest::prelude::*;

use super::*;

const WELLS: &[u8] = b"1\t1\t20190204\tWELLS FARGO BANK, NATIONAL ASSOCIATION\tSIOUX FALLS\tSD\t1763696000\t1\t1\t\r\n";

fn one(line: &[u8]) -> Result<Exam, FfiecError> {
    let mut exams: Vec<_> = TextReader::new(line).collect();
    assert_eq!(exams.len(), 1);
    exams.remove(0)
}

fn exam() -> Exam {
    one(WELLS).unwrap()
}

#[test]
fn a_published_line_reads_field_by_field_and_writes_back_byte_for_byte() {
    let e = exam();
    assert_eq!(e.regulator, Regulator::Occ);
    assert_eq!(e.agency_id, 1);
    assert_eq!(e.exam_date, date(2019, 2, 4));
    assert_eq!(e.name, "WELLS FARGO BANK, NATIONAL ASSOCIATION");
    assert_eq!((e.city.as_str(), e.state.as_str()), ("SIOUX FALLS", "SD"));
    assert_eq!(e.assets_thousands, 1_763_696_000);
    assert_eq!(e.method, ExamMethod::LARGE_BANK);
    assert_eq!(e.rating, Rating::Outstanding);
    assert_eq!(e.key().to_string(), "OCC-1");
    let mut out = Vec::new();
    write_line(&e, &mut out);
    assert_eq!(out, WELLS);
}

#[test]
fn the_files_oddities_are_read() {
    // Mixed-case states, the lL typo, no trailing tab, LF only, double
    // spaces and a lost character kept, blank lines skipped.
    let text = b"27476\t3\t20210801\tPEOPLE?S  BANK\tSLIPPERY  ROCK\tFl\t0\t2\t2\t\r\n\
                 \r\n\
                 5848\t4\t19950301\tE*TRADE BANK\tARLINGTON\tlL\t120\t8\t3\n\
                 705848\t1\t20130401\tE*TRADE BANK\tARLINGTON\tks\t46000000\t4\t4";
    let exams: Vec<Exam> = TextReader::new(&text[..]).map(Result::unwrap).collect();
    assert_eq!(exams.len(), 3);
    assert_eq!(exams[0].name, "PEOPLE?S  BANK");
    assert_eq!(exams[0].city, "SLIPPERY  ROCK");
    assert_eq!(exams[0].state, "FL");
    assert_eq!(exams[1].state, "IL");
    assert_eq!(
        exams[1].method.to_string(),
        "Assessment Factors (pre-1995 rules)"
    );
    assert_eq!(exams[2].state, "KS");
    assert_eq!(exams[2].method.to_string(), "Limited Purpose");
    assert_eq!(exams[2].rating, Rating::SubstantialNoncompliance);
    // A code it does not know is kept, named by its number.
    let unknown = one(b"1\t2\t20200101\tX BK\tY\tIA\t5\t0\t2\t").unwrap();
    assert_eq!(unknown.method, ExamMethod(0));
    assert_eq!(unknown.method.to_string(), "code 0");
    assert_eq!(unknown.method.name(), None);
}

#[test]
fn a_malformed_line_is_an_error_naming_it() {
    let cases: [(&[u8], &str); 13] = [
        // Past what SQLite keeps (i64::MAX): two IDs never stored as one.
        (
            b"9223372036854775808\t1\t20190204\tW\tS\tSD\t1\t1\t1\t",
            "line 2: ID '9223372036854775808' is out of range (over 9223372036854775807)",
        ),
        (
            b"18446744073709551616\t1\t20190204\tW\tS\tSD\t1\t1\t1\t",
            "line 2: ID '18446744073709551616' is out of range (over 9223372036854775807)",
        ),
        (
            b"1\t1\t20190204\tW\tS\tSD\t18446744073709551615\t1\t1\t",
            "line 2: asset size '18446744073709551615' is out of range (over 9223372036854775807)",
        ),
        (
            b"1\t1\t20190204\tW\tS\tSD\t1\t1\t",
            "line 2: expected 9 tab-separated fields, found 8",
        ),
        (
            b"1\t1\t20190204\tW\tS\tSD\t1\t1\t1\tX\t",
            "line 2: expected 9 tab-separated fields, found 10",
        ),
        (
            b"A1\t1\t20190204\tW\tS\tSD\t1\t1\t1\t",
            "line 2: ID 'A1' is not a number",
        ),
        (
            b"1\t5\t20190204\tW\tS\tSD\t1\t1\t1\t",
            "line 2: regulator '5' is not 1 (OCC), 2 (FRB), 3 (FDIC) or 4 (OTS)",
        ),
        (
            b"1\t1\t20190230\tW\tS\tSD\t1\t1\t1\t",
            "line 2: exam date '20190230' is not a date in the form CCYYMMDD",
        ),
        (
            b"1\t1\t20190204\t \tS\tSD\t1\t1\t1\t",
            "line 2: the bank name is empty",
        ),
        (
            b"1\t1\t20190204\tW\tS\tS1\t1\t1\t1\t",
            "line 2: state 'S1' is not a two-letter code",
        ),
        (
            b"1\t1\t20190204\tW\tS\tSD\t-1\t1\t1\t",
            "line 2: asset size '-1' is not a whole number of thousands",
        ),
        (
            b"1\t1\t20190204\tW\tS\tSD\t1\tL\t1\t",
            "line 2: exam method 'L' is not a code",
        ),
        (
            b"1\t1\t20190204\tW\tS\tSD\t1\t1\t0\t",
            "line 2: rating '0' is not a code from 1 to 4",
        ),
    ];
    for (line, want) in cases {
        let mut text = WELLS.to_vec();
        text.extend_from_slice(line);
        let results: Vec<_> = TextReader::new(&text[..]).collect();
        assert!(results[0].is_ok());
        assert_eq!(results.len(), 2, "the reader stops at the bad line");
        assert_eq!(results[1].as_ref().unwrap_err().to_string(), want);
    }
    let long = [b'1'; MAX_LINE + 10];
    let e = TextReader::new(&long[..]).next().unwrap().unwrap_err();
    assert_eq!(
        e.to_string(),
        format!("line 1: longer than {MAX_LINE} bytes")
    );
    // A control character in a field is shown inert in the message.
    let e = one(b"1\x1b[31m\t1\t20190204\tW\tS\tSD\t1\t1\t1\t").unwrap_err();
    assert_eq!(e.to_string(), "line 1: ID '1\\u{1b}[31m' is not a number");
}

#[test]
fn content_is_told_from_the_first_bytes() {
    assert_eq!(sniff(b"PK\x03\x04rest"), Content::Zip);
    assert_eq!(sniff(WELLS), Content::Text);
    assert_eq!(
        sniff(b"\xEF\xBB\xBF  <!DOCTYPE html><title>Access Denied"),
        Content::Html
    );
    assert_eq!(sniff(b"\n<html><body>Request Rejected"), Content::Html);
    assert_eq!(sniff(b" \r\n"), Content::Empty);
    assert_eq!(
        sniff(b"{\"error\": 1}"),
        Content::Other("\"{\"error\": 1}\"".into())
    );
    let page = b"<html><head><title>Challenge</title></head></html>";
    assert!(matches!(read_all(page), Err(FfiecError::Html)));
    assert!(matches!(read_all(b""), Err(FfiecError::Empty)));
    let e = read_all(b"id,name\n1,x\n").unwrap_err().to_string();
    assert_eq!(e, "not the FFIEC file: neither a zip nor its tab-separated text (it starts with \"id,name\n1,x\n\")".replace('\n', "\\u{a}"));
}

fn zip_of(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for (name, bytes) in files {
        zip.start_file(*name, zip::write::SimpleFileOptions::default())
            .unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

#[test]
fn the_zip_is_found_read_and_written_as_published() {
    let exams = vec![
        exam(),
        one(b"3\t4\t19900723\tMUNCIE FEDERAL SAVING\tMUNCIE\tIN\t2\t8\t2\t").unwrap(),
    ];
    let modified = date(2021, 11, 9).at(14, 36, 6, 0);
    let bytes = write_zip(&exams, modified).unwrap();
    assert_eq!(
        bytes,
        write_zip(&exams, modified).unwrap(),
        "same input, same bytes"
    );
    assert_eq!(read_all(&bytes).unwrap(), exams);
    let mut archive = zip::ZipArchive::new(Cursor::new(&bytes)).unwrap();
    let entry = archive.by_index(0).unwrap();
    assert_eq!(entry.name().unwrap(), TEXT_NAME);
    assert_eq!(entry.compression(), zip::CompressionMethod::Deflated);
    drop(entry);
    // The only text file, whatever its name; the text alone; no text file.
    assert_eq!(
        read_all(&zip_of(&[
            ("readme.pdf", b"%PDF"),
            ("x/CRA2021.TXT", WELLS)
        ]))
        .unwrap()
        .len(),
        1
    );
    assert_eq!(read_all(WELLS).unwrap().len(), 1);
    let e = read_all(&zip_of(&[("a.csv", b"x"), ("b.pdf", b"y")])).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a zip without craratng.txt (it holds a.csv, b.pdf)"
    );
    // Of many files, the count and the first few.
    let names: Vec<String> = (0..1000).map(|i| format!("f{i}.csv")).collect();
    let files: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &b""[..])).collect();
    let e = read_all(&zip_of(&files)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "a zip without craratng.txt (it holds 1,000 files: f0.csv, f1.csv, f2.csv, f3.csv, \
         f4.csv, …)"
    );
    // Two of the name, in two folders: neither is taken.
    let e = read_all(&zip_of(&[
        ("old/craratng.txt", WELLS),
        ("new/CRARATNG.TXT", WELLS),
    ]))
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "a zip with two craratng.txt, old/craratng.txt and new/CRARATNG.TXT: which is the \
         file is unclear"
    );
    let e = read_all(&zip_of(&[("a.txt", WELLS), ("b.txt", WELLS)])).unwrap_err();
    assert!(matches!(e, FfiecError::NoText { .. }), "{e}");
    let e = read_all(b"PK\x03\x04 truncated").unwrap_err();
    assert!(e.to_string().starts_with("not a readable zip: "), "{e}");
    // A bad line inside the zip names its line of the text.
    let mut text = WELLS.to_vec();
    text.extend_from_slice(b"1\t1\t2019\tW\tS\tSD\t1\t1\t1\t\r\n");
    let e = read_all(&zip_of(&[(TEXT_NAME, &text)])).unwrap_err();
    assert!(e.to_string().starts_with("line 2: exam date '2019'"), "{e}");
}

#[test]
fn exam_types_come_from_the_code_or_the_years_thresholds() {
    let mut e = exam();
    assert_eq!(e.exam_type(), ExamType::LargeBank);
    e.method = ExamMethod::OTHER;
    e.exam_date = date(2021, 6, 1);
    for (assets, want) in [
        (329_999, ExamType::SmallBank),
        (330_000, ExamType::IntermediateSmallBank),
        (1_321_999, ExamType::IntermediateSmallBank),
        (1_322_000, ExamType::LargeBank),
    ] {
        e.assets_thousands = assets;
        assert_eq!(e.exam_type(), want, "{assets}");
    }
    e.exam_date = date(2005, 8, 31);
    e.assets_thousands = 300_000;
    assert_eq!(
        e.exam_type(),
        ExamType::LargeBank,
        "no ISB before 2005-09-01"
    );
    e.assets_thousands = 249_999;
    assert_eq!(e.exam_type(), ExamType::SmallBank);
    assert_eq!(
        size_bands(date(2030, 1, 1)).small_below,
        402_000,
        "later years take 2025's"
    );
    assert_eq!(size_bands(date(2024, 3, 1)).large_from, 1_564_000);
    assert_eq!(
        ExamMethod::from_name("wholesale/limited purpose"),
        Some(ExamMethod(6))
    );
    assert_eq!(
        ExamMethod::from_name("7"),
        Some(ExamMethod::INTERMEDIATE_SMALL_BANK)
    );
    assert_eq!(ExamMethod::from_name("medium"), None);
}

#[test]
fn institution_keys_read_show_and_order_as_the_file() {
    let key: InstitutionKey = "fdic-27476".parse().unwrap();
    assert_eq!(key, InstitutionKey::new(Regulator::Fdic, 27476));
    assert_eq!(key.to_string(), "FDIC-27476");
    assert!("NCUA-1".parse::<InstitutionKey>().is_err());
    assert!("FDIC".parse::<InstitutionKey>().is_err());
    let mut keys = [
        InstitutionKey::new(Regulator::Ots, 3),
        InstitutionKey::new(Regulator::Occ, 3),
        InstitutionKey::new(Regulator::Fdic, 1),
    ];
    keys.sort();
    assert_eq!(
        keys.iter().map(ToString::to_string).collect::<Vec<_>>(),
        ["FDIC-1", "OCC-3", "OTS-3"]
    );
}

fn any_exam() -> impl Strategy<Value = Exam> {
    let text = "[A-Z0-9 .,&'*@/()-]{0,30}[A-Z]|[A-ZÉÑÜ ]{0,19}[A-ZÉÑÜ]";
    (
        (1u8..=4, 1u64..10_000_000, 0i16..40, 1i8..=12, 1i8..=28),
        (text, "[A-Z ]{0,20}", 0..crate::domain::states::CODES.len()),
        (0u64..3_000_000_000, 0u8..=9, 1u8..=4),
    )
        .prop_map(
            |((reg, id, y, m, d), (name, city, state), (assets, method, rating))| Exam {
                regulator: regulator_from_code(reg).unwrap(),
                agency_id: id,
                exam_date: date(1990 + y, m, d),
                name,
                city,
                state: crate::domain::states::CODES[state].to_string(),
                assets_thousands: assets,
                method: ExamMethod(method),
                rating: rating_from_code(rating).unwrap(),
            },
        )
}

proptest! {
    #[test]
    fn the_reader_reads_what_the_writer_writes(exams in proptest::collection::vec(any_exam(), 0..20)) {
        let mut text = Vec::new();
        write_text(&exams, &mut text).unwrap();
        let back: Vec<Exam> = TextReader::new(&text[..]).collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(&back, &exams);
        let zipped = write_zip(&exams, date(2026, 11, 1).at(0, 0, 0, 0)).unwrap();
        prop_assert_eq!(&read_all(&zipped).unwrap(), &exams);
    }
}

/// `../shared/data/craratng.zip`, the real file, when this checkout has it.
fn real_file() -> Option<Vec<u8>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/craratng.zip");
    match std::fs::read(&path) {
        Ok(bytes) => Some(bytes),
        Err(_) => {
            eprintln!("skipped: {} is not here", path.display());
            None
        }
    }
}

#[test]
fn every_line_of_the_real_file_reads_and_writes_back() {
    let Some(zip) = real_file() else {
        return;
    };
    let exams = read_all(&zip).unwrap();
    assert_eq!(exams.len(), 78_642);
    let institutions: HashSet<InstitutionKey> = exams.iter().map(Exam::key).collect();
    assert_eq!(institutions.len(), 18_820);
    let ids: HashSet<u64> = exams.iter().map(|e| e.agency_id).collect();
    assert_eq!(ids.len(), 16_916);
    assert_eq!(exams.iter().filter(|e| e.assets_thousands == 0).count(), 36);
    assert!(
        exams.windows(2).all(|w| w[0].file_order(&w[1]).is_le()),
        "the file's own order"
    );
    // Written back, the text is the published one but for the seven states
    // in mixed case (upper case now, lL as IL).
    let mut original = String::new();
    let mut archive = zip::ZipArchive::new(Cursor::new(&zip)).unwrap();
    archive
        .by_name(TEXT_NAME)
        .unwrap()
        .read_to_string(&mut original)
        .unwrap();
    let mut written = Vec::new();
    write_text(&exams, &mut written).unwrap();
    let written = String::from_utf8(written).unwrap();
    let differ: Vec<(&str, &str)> = original
        .split("\r\n")
        .zip(written.split("\r\n"))
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(differ.len(), 7, "{differ:?}");
    for (was, now) in differ {
        assert_eq!(was.to_ascii_uppercase().replace("\tLL\t", "\tIL\t"), now);
    }
    assert_eq!(original.len(), written.len());
}

/// The text of `n` distinct exams, one line each.
fn lines(n: u64) -> Vec<u8> {
    let mut text = Vec::new();
    for id in 1..=n {
        text.extend_from_slice(
            format!("{id}\t3\t20190201\tBANK {id}\tTOWN\tKS\t1000\t2\t2\t\r\n").as_bytes(),
        );
    }
    text
}

#[test]
fn a_text_of_too_many_lines_is_refused_at_the_first_line_past_them() {
    let text = lines(10);
    let read = |most| TextReader::with_most_lines(&text[..], most).collect::<Result<Vec<_>, _>>();
    assert_eq!(read(10).unwrap().len(), 10);
    let e = read(9).unwrap_err();
    assert_eq!(
        e.to_string(),
        "over 9 lines: not the FFIEC file, which is about 5 MB of text in 80,000 lines"
    );
    // Blank lines count: a text of nothing but line ends is no cheaper.
    let blank = b"\r\n".repeat(20);
    let e = TextReader::with_most_lines(&blank[..], 9)
        .next()
        .unwrap()
        .unwrap_err();
    assert!(e.to_string().starts_with("over 9 lines"), "{e}");
    const { assert!(MAX_LINES >= 5 * 80_000) };
}

#[test]
fn a_zip_bomb_is_refused_once_its_text_passes_the_limit() {
    // Blank lines inflating past the limit: 64 KiB of zip.
    let bomb = zip_text(
        &b"\r\n".repeat((MAX_TEXT / 2 + 1) as usize),
        date(2021, 11, 9).at(0, 0, 0, 0),
    )
    .unwrap();
    assert!(bomb.len() < 1 << 20);
    let e = read_all(&bomb).unwrap_err();
    assert_eq!(
        e.to_string(),
        "over 64 MiB of text unzipped: not the FFIEC file, which is about 5 MB of text in \
         80,000 lines"
    );
}

#[test]
fn a_damaged_zip_is_said_to_be_damaged() {
    let zip = zip_text(&lines(20_000), date(2021, 11, 9).at(0, 0, 0, 0)).unwrap();
    assert_eq!(read_all(&zip).unwrap().len(), 20_000);
    // Bytes of the deflated stream changed, its headers left alone.
    let mut damaged = zip.clone();
    let middle = damaged.len() / 2;
    for byte in &mut damaged[middle..middle + 16] {
        *byte ^= 0x5a;
    }
    let e = read_all(&damaged).unwrap_err();
    assert!(matches!(e, FfiecError::Damaged(_)), "{e}");
    assert!(
        e.to_string().starts_with("a damaged zip: craratng.txt: "),
        "{e}"
    );
}

#[test]
fn an_exam_listed_twice_is_refused_naming_both_lines() {
    let mut text = lines(3);
    text.extend_from_slice(b"2\t3\t20190201\tBANK 2\tTOWN\tKS\t1000\t2\t1\t\r\n");
    let e = read_all(&text).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 4 repeats the exam of line 2 (FDIC-2, 2019-02-01), rated Satisfactory there and \
         Outstanding here"
    );
    // Every line twice: refused at the first repeat.
    let twice = [lines(3), lines(3)].concat();
    let e = read_all(&twice).unwrap_err();
    assert_eq!(
        e.to_string(),
        "line 4 repeats the exam of line 1 (FDIC-1, 2019-02-01)"
    );
    // Another date, or the same ID under another regulator: two exams.
    let mut other = lines(1);
    other.extend_from_slice(b"1\t3\t20220201\tBANK 1\tTOWN\tKS\t1000\t2\t1\t\r\n");
    other.extend_from_slice(b"1\t1\t20190201\tBANK 1\tTOWN\tKS\t1000\t2\t1\t\r\n");
    assert_eq!(read_all(&other).unwrap().len(), 3);
}
