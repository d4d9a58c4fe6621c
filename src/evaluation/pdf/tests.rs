use super::super::model::{Line, Run};
use super::*;
use flate2::{Compression, write::ZlibEncoder};
use lopdf::{Document, Object, Stream, dictionary};
use std::io::Write;
use std::time::{Duration, Instant};

fn deflate(data: &[u8]) -> Vec<u8> {
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(data).unwrap();
    encoder.finish().unwrap()
}

/// A one-page PDF made with lopdf: Helvetica, WinAnsi, the content as given.
fn lopdf_pdf(content: &[u8], compress: bool) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font_id = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica", "Encoding" => "WinAnsiEncoding",
    });
    let resources_id = doc.add_object(dictionary! { "Font" => dictionary! { "F1" => font_id } });
    let stream = if compress {
        Stream::new(dictionary! { "Filter" => "FlateDecode" }, deflate(content))
    } else {
        Stream::new(dictionary! {}, content.to_vec())
    };
    let content_id = doc.add_object(stream);
    let page_id = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages_id, "Contents" => content_id,
    });
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages", "Kids" => vec![page_id.into()], "Count" => 1,
            "Resources" => resources_id, "MediaBox" => vec![0.into(), 0.into(), 612.into(), 792.into()],
        }),
    );
    let catalog_id = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog_id);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

/// A PDF written by hand: the objects in order, numbered from 1, with a
/// correct cross-reference table; object 1 is the catalog.
fn raw_pdf(objects: &[Vec<u8>]) -> Vec<u8> {
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n", i + 1).as_bytes());
        out.extend_from_slice(body);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref = out.len();
    out.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for offset in offsets {
        out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    let trailer = format!(
        "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
        objects.len() + 1
    );
    out.extend_from_slice(trailer.as_bytes());
    out
}

fn stream(dict: &str, data: &[u8]) -> Vec<u8> {
    let mut out = format!("<< {dict} /Length {} >>\nstream\n", data.len()).into_bytes();
    out.extend_from_slice(data);
    out.extend_from_slice(b"\nendstream");
    out
}

/// Catalog, pages, one page with the given content stream object (4).
fn page_pdf(content: Vec<u8>) -> Vec<u8> {
    raw_pdf(&[
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R \
          /Resources << /Font << /F1 5 0 R >> >> >>"
            .to_vec(),
        content,
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
            .to_vec(),
    ])
}

fn texts(pages: &[Page]) -> Vec<String> {
    pages
        .iter()
        .flat_map(|p| p.lines.iter().map(Line::text))
        .collect()
}

fn find<'a>(pages: &'a [Page], text: &str) -> (&'a Line, &'a Run) {
    for line in pages.iter().flat_map(|p| &p.lines) {
        if let Some(run) = line.runs.iter().find(|r| r.text.contains(text)) {
            return (line, run);
        }
    }
    panic!("{text:?} not in {:#?}", texts(pages));
}

/// Reads a hostile file: it must be set aside (or read as empty) quickly.
fn hostile(bytes: &[u8], limits: &Limits) -> Result<Vec<Page>, SetAside> {
    let start = Instant::now();
    let result = read(bytes, limits);
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "took {:?}",
        start.elapsed()
    );
    if let Ok(pages) = &result {
        assert!(
            texts(pages).iter().all(|t| t.is_empty()),
            "{:?}",
            texts(pages)
        );
    }
    result
}

fn is_damaged(result: &Result<Vec<Page>, SetAside>, why: &str) -> bool {
    matches!(result, Err(SetAside::Damaged(reason)) if reason.contains(why))
}

const TABLE: &[u8] = b"BT /F1 12 Tf 72 720 Td (PUBLIC DISCLOSURE) Tj ET
BT /F1 12 Tf 1 0 0 1 100 700 Tm (INSTITUTION\x92S CRA RATING:) Tj ( rated) Tj ET
BT /F1 10 Tf 72 650 Td [(W) 120 (ork) -250 (ing) -3000 (far)] TJ ET
BT /F1 10 Tf 14 TL 72 600 Td (Levels) Tj 200 0 Td (Lending Test) Tj 100 0 Td (Service Test) Tj
-300 -14 Td (Outstanding) Tj T* (High Satisfactory) Tj ET
BT /F1 10 Tf 1 0 0 1 315 586 Tm (X) Tj 1 0 0 1 215 572 Tm (X) Tj ET
q 1 0 0 1 50 50 cm BT /F1 8 Tf 0 0 Td (moved) Tj ET Q";

#[test]
fn reads_text_at_its_positions() {
    for compress in [false, true] {
        let pages = read(&lopdf_pdf(TABLE, compress), &Limits::default()).unwrap();
        assert_eq!(pages.len(), 1);
        let (line, run) = find(&pages, "PUBLIC");
        assert_eq!(run.text, "PUBLIC DISCLOSURE");
        assert!(
            (run.x - 72.0).abs() < 1.0 && (line.y - 72.0).abs() < 1.0,
            "{line:?}"
        );
        // Tm-placed, two Tj joined without a doubled space; 0x92 is ’.
        let (line, run) = find(&pages, "RATING");
        assert_eq!(run.text, "INSTITUTION\u{2019}S CRA RATING: rated");
        assert!((run.x - 100.0).abs() < 1.0 && (line.y - 92.0).abs() < 1.0);
        // TJ: a small kern joins, a word's worth makes a space, a big one a new run.
        let (line, _) = find(&pages, "Work");
        assert_eq!(line.runs[0].text, "Work ing");
        assert_eq!(line.runs[1].text, "far");
        // W 944, -120, ork 1389, +250, ing 1334, +3000 thousandths of 10 pt.
        let far = 72.0 + (944.0 - 120.0 + 1389.0 + 250.0 + 1334.0 + 3000.0) / 100.0;
        assert!((line.runs[1].x - far).abs() < 1.0, "{line:?} want {far}");
        // A table: each X under its column's header.
        let (_, lending) = find(&pages, "Lending Test");
        let (_, service) = find(&pages, "Service Test");
        assert!((lending.x - 272.0).abs() < 1.0 && (service.x - 372.0).abs() < 1.0);
        let (row, _) = find(&pages, "Outstanding");
        assert!((row.y - 206.0).abs() < 1.0, "{row:?}");
        assert_eq!(row.runs[1].text, "X");
        assert!((row.runs[1].x - 315.0).abs() < 1.0);
        let (row, _) = find(&pages, "High Satisfactory");
        assert!(
            (row.y - 220.0).abs() < 1.0 && (row.runs[1].x - 215.0).abs() < 1.0,
            "{row:?}"
        );
        // cm moves text; q/Q restore.
        let (line, run) = find(&pages, "moved");
        assert!((run.x - 50.0).abs() < 1.0 && (line.y - 742.0).abs() < 1.0);
    }
}

/// The cover and the table of a PE made by a real producer.
fn check_real(name: &str) {
    let bytes = std::fs::read(format!(
        "{}/tests/fixtures/pe/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let pages = read(&bytes, &Limits::default()).unwrap();
    let all = texts(&pages);
    for want in [
        "PUBLIC DISCLOSURE",
        "March 15, 2021",
        "COMMUNITY REINVESTMENT ACT PERFORMANCE EVALUATION",
        "First National Bank of Amarillo",
        "Charter Number: 12345",
        "INSTITUTION\u{2019}S CRA RATING: This institution is rated Satisfactory.",
        "The Lending Test is rated: High Satisfactory.",
    ] {
        assert!(
            all.iter().any(|t| t == want),
            "{name}: {want:?} not in {all:#?}"
        );
    }
    let header = find(&pages, "Investment Test").0;
    let columns: Vec<(f32, &str)> = ["Lending Test", "Investment Test", "Service Test"]
        .iter()
        .map(|h| {
            let run = header
                .runs
                .iter()
                .find(|r| r.text == *h)
                .unwrap_or_else(|| panic!("{name}: {header:?}"));
            // The column's middle: X marks sit centred under the header.
            (run.x + run.text.len() as f32 * 2.75, *h)
        })
        .collect();
    for (row, column) in [
        ("Outstanding", "Service Test"),
        ("High Satisfactory", "Lending Test"),
        ("Low Satisfactory", "Investment Test"),
    ] {
        let line = pages
            .iter()
            .flat_map(|p| &p.lines)
            .find(|l| l.runs[0].text == row)
            .unwrap();
        let x = line
            .runs
            .iter()
            .find(|r| r.text == "X")
            .unwrap_or_else(|| panic!("{name}: {line:?}"))
            .x;
        let nearest = columns
            .iter()
            .min_by(|a, b| (a.0 - x).abs().total_cmp(&(b.0 - x).abs()))
            .unwrap();
        assert_eq!(
            nearest.1, column,
            "{name}: {row} X at {x}, columns {columns:?}"
        );
    }
    assert_eq!(find(&pages, "Needs to Improve").0.runs.len(), 1, "{name}");
}

#[test]
fn reads_libreoffice() {
    check_real("pe-libreoffice.pdf");
}

#[test]
fn reads_chromium() {
    check_real("pe-chromium.pdf");
}

#[test]
fn a_page_of_images_reads_empty() {
    let pdf = page_pdf(stream("", b"q 100 0 0 100 0 0 cm /Im1 Do Q"));
    let pages = read(&pdf, &Limits::default()).unwrap();
    assert_eq!(pages.len(), 1);
    assert!(pages[0].lines.is_empty());
}

/// A font written in the page's resources rather than as an object of its
/// own (the sandbox's evaluations, many small producers) decodes by its
/// encoding all the same: WinAnsi's 0x92 is ’, not a control character.
#[test]
fn a_font_written_in_the_resources_decodes_too() {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let content_id = doc.add_object(Stream::new(
        dictionary! {},
        b"BT /F1 12 Tf 1 0 0 1 100 700 Tm (INSTITUTION\x92S CRA RATING) Tj ET".to_vec(),
    ));
    let page_id = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages_id, "Contents" => content_id,
        "Resources" => dictionary! { "Font" => dictionary! { "F1" => dictionary! {
            "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica",
            "Encoding" => "WinAnsiEncoding",
        } } },
    });
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages", "Kids" => vec![page_id.into()], "Count" => 1,
            "MediaBox" => vec![0.into(), 0.into(), 612.into(), 792.into()],
        }),
    );
    let catalog_id = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    doc.trailer.set("Root", catalog_id);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    let pages = read(&out, &Limits::default()).unwrap();
    let (_, run) = find(&pages, "RATING");
    assert_eq!(run.text, "INSTITUTION\u{2019}S CRA RATING");
}

#[test]
fn a_gap_of_two_thirds_of_an_em_splits_table_cells() {
    // As LibreOffice prints a table with narrow padding: a cell's last
    // word and the next cell's first ~0.7 em apart. Justified text's
    // stretched spaces (up to half an em) still join with one space.
    let content = b"BT /F1 10 Tf 72 700 Td [(Products) -700 (Financing Test)] TJ ET
BT /F1 10 Tf 72 680 Td [(stretched) -500 (space)] TJ ET";
    let pages = read(&page_pdf(stream("", content)), &Limits::default()).unwrap();
    let (line, _) = find(&pages, "Products");
    let runs: Vec<&str> = line.runs.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(runs, ["Products", "Financing Test"]);
    let (line, _) = find(&pages, "stretched");
    assert_eq!(line.runs.len(), 1, "{line:?}");
    assert_eq!(line.text(), "stretched space");
}

#[test]
fn a_ligature_is_its_letters_once_the_string_is_decoded() {
    // The one place ligatures are folded: the parser never sees one.
    assert_eq!(
        super::content::plain("e\u{fb03}cient\u{a0}\u{fb00}\u{fb01}\u{fb02}\u{fb04}\u{7}"),
        "efficient fffiflffl"
    );
}

mod hostile;
