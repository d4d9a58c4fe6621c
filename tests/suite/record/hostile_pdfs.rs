//! Outside documents are hostile by default (issue 47): a folder of PDFs
//! built to cost without end (a stream that inflates to gigabytes, a page
//! tree that loops, a million pages, nesting 100,000 deep, a file of 2 GB)
//! is read by `cra enrich --pe` in bounded memory and time, each set aside
//! with its reason, and the one real evaluation beside them is read.

use std::io::Write;

use flate2::Compression;
use flate2::write::ZlibEncoder;

use super::evaluations::{enriched, keys, save_evaluations};
use crate::common::measure::run_measured;

/// A PDF of `objects` (numbered from 1, the first the catalog) with a
/// correct cross-reference table.
fn pdf(objects: &[Vec<u8>]) -> Vec<u8> {
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
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    out
}

/// A stream object of `data` with `dict`'s entries.
fn stream(dict: &str, data: &[u8]) -> Vec<u8> {
    let mut out = format!("<< {dict} /Length {} >>\nstream\n", data.len()).into_bytes();
    out.extend_from_slice(data);
    out.extend_from_slice(b"\nendstream");
    out
}

/// One page whose content is `content` (object 4).
fn one_page(content: Vec<u8>) -> Vec<u8> {
    pdf(&[
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /Contents 4 0 R /MediaBox [0 0 612 792] >>".to_vec(),
        content,
    ])
}

/// The hostile files, by name.
pub(crate) fn hostile() -> Vec<(&'static str, Vec<u8>)> {
    // A content stream of about a megabyte that inflates past 1.5 GB.
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::best());
    let zeros = vec![b' '; 1 << 20];
    for _ in 0..1536 {
        encoder.write_all(&zeros).unwrap();
    }
    let bomb = one_page(stream("/Filter /FlateDecode", &encoder.finish().unwrap()));
    // A page tree whose kids hold its root.
    let looped = pdf(&[
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>".to_vec(),
        b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 /Parent 2 0 R >>".to_vec(),
    ]);
    // A million pages said, and a kids array of them all (one page).
    let kids: String = (0..1_000_000).map(|_| "3 0 R ").collect();
    let million = pdf(&[
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        format!("<< /Type /Pages /Kids [{kids}] /Count 1000000 >>").into_bytes(),
        b"<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>".to_vec(),
        stream("", b"BT /F1 12 Tf (x) Tj ET"),
    ]);
    // Arrays nested 100,000 deep, in the page's content.
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let nested = one_page(stream("", deep.as_bytes()));
    vec![
        ("bomb.pdf", bomb),
        ("looped.pdf", looped),
        ("million.pdf", million),
        ("nested.pdf", nested),
    ]
}

#[test]
fn hostile_pdfs_are_set_aside_in_bounded_memory_and_time_and_the_batch_goes_on() {
    let world = enriched(20);
    let dir = world.home.path().join("hostile");
    let saved = save_evaluations(&world, &dir, 20, 1);
    let readable = saved.iter().filter(|s| !s.scanned).count();
    assert!(readable > 0);
    for (name, bytes) in hostile() {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    // Two gigabytes (sparse: no disk), never read.
    let huge = std::fs::File::create(dir.join("huge.pdf")).unwrap();
    huge.set_len(2 << 30).unwrap();
    drop(huge);

    let mut cmd = world.home.cra_std();
    cmd.env(
        "CRA_MIRROR",
        world.home.path().join(".local/share/cra/mirror.sqlite"),
    )
    .args(["enrich", "--format", "json", "--pe"])
    .arg(&dir);
    let run = run_measured(&mut cmd);
    run.assert_code(0);
    assert!(
        run.took < std::time::Duration::from_secs(60),
        "took {:?}",
        run.took
    );
    run.assert_peak_under(300);
    let summary: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let counts = &summary["evaluations"];
    assert_eq!(
        counts["linked"], readable as u64,
        "{summary}\n{}",
        run.stderr
    );
    for name in ["bomb.pdf", "million.pdf", "huge.pdf"] {
        assert!(
            run.stderr
                .lines()
                .any(|l| l.contains(name) && l.contains("set aside: damaged")),
            "{name}: {}",
            run.stderr
        );
    }
    // A tree that loops and nesting hold no text: no evaluation.
    for name in ["looped.pdf", "nested.pdf"] {
        assert!(
            run.stderr
                .lines()
                .any(|l| l.contains(name) && l.contains("set aside")),
            "{name}: {}",
            run.stderr
        );
    }
}

/// `data` deflated.
fn deflate(data: &[u8]) -> Vec<u8> {
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(data).unwrap();
    encoder.finish().unwrap()
}

/// `times` copies of `data`, deflated as they are written (never whole in
/// memory).
fn deflate_repeated(data: &[u8], times: usize) -> Vec<u8> {
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::best());
    for _ in 0..times {
        encoder.write_all(data).unwrap();
    }
    encoder.finish().unwrap()
}

/// One page drawing with `fonts` (objects from 5 on, named /F0, /F1 …)
/// and `content` (object 4), then `more` objects.
fn page_with_fonts(content: &str, fonts: Vec<Vec<u8>>, more: Vec<Vec<u8>>) -> Vec<u8> {
    let names: String = (0..fonts.len())
        .map(|i| format!("/F{i} {} 0 R ", i + 5))
        .collect();
    let mut objects = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        format!(
            "<< /Type /Page /Parent 2 0 R /Contents 4 0 R /MediaBox [0 0 612 792] \
             /Resources << /Font << {names}>> >> >>"
        )
        .into_bytes(),
        stream("", content.as_bytes()),
    ];
    objects.extend(fonts);
    objects.extend(more);
    pdf(&objects)
}

/// The files of issue 57 that cost nothing to make and everything to
/// read, by name: each small on disk.
fn costly() -> Vec<(&'static str, Vec<u8>)> {
    // Four content parts of 31 MiB of operands for one operator.
    let part = stream(
        "/Filter /FlateDecode",
        &deflate_repeated(&b"0 ".repeat(1 << 19), 31),
    );
    let operands = pdf(&[
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /Contents [4 0 R 5 0 R 6 0 R 7 0 R] >>".to_vec(),
        part.clone(),
        part.clone(),
        part.clone(),
        part,
    ]);
    // An object stream of four million nulls, and a raw array of two.
    let mut inflated = b"5 0 [".to_vec();
    inflated.extend(b"null ".repeat(4_000_000));
    inflated.push(b']');
    let object_stream = one_page(stream(
        "/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode",
        &deflate(&inflated),
    ));
    drop(inflated);
    let raw_nulls = one_page(format!("[{}]", "null ".repeat(2_000_000)).into_bytes());
    // 300 fonts sharing one ToUnicode map of about a megabyte.
    let mut map = String::from(
        "/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Shared def \
         1 begincodespacerange <0000> <FFFF> endcodespacerange\n",
    );
    for block in 0..700 {
        map.push_str("100 beginbfchar\n");
        for code in 0..100 {
            let code = block * 100 + code;
            map.push_str(&format!("<{code:04X}> <{:04X}>\n", 0x4E00 + code % 0x5000));
        }
        map.push_str("endbfchar\n");
    }
    map.push_str("endcmap CMapName currentdict /CMap defineresource pop end end");
    let fonts = 300;
    let descendant = fonts + 5;
    let shared_map = fonts + 6;
    let font = |_| {
        format!(
            "<< /Type /Font /Subtype /Type0 /BaseFont /Shared /Encoding /Identity-H \
             /DescendantFonts [{descendant} 0 R] /ToUnicode {shared_map} 0 R >>"
        )
        .into_bytes()
    };
    let content: String = (0..fonts)
        .map(|i| format!("BT /F{i} 12 Tf 72 700 Td <0041> Tj ET\n"))
        .collect();
    let shared = page_with_fonts(
        &content,
        (0..fonts).map(font).collect(),
        vec![
            b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Shared /DW 1000 >>".to_vec(),
            stream("/Filter /FlateDecode", &deflate(map.as_bytes())),
        ],
    );
    // 10,000 fonts of 65,536 widths each.
    let fonts = 10_000;
    let descendant = fonts + 5;
    let font = |_| {
        format!(
            "<< /Type /Font /Subtype /Type0 /BaseFont /Wide /Encoding /Identity-H \
             /DescendantFonts [{descendant} 0 R] >>"
        )
        .into_bytes()
    };
    let content: String = (0..fonts).map(|i| format!("/F{i} 12 Tf\n")).collect();
    let widths = page_with_fonts(
        &content,
        (0..fonts).map(font).collect(),
        vec![b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Wide /W [0 65535 500] >>".to_vec()],
    );
    vec![
        ("operands.pdf", operands),
        ("object-stream-nulls.pdf", object_stream),
        ("raw-nulls.pdf", raw_nulls),
        ("shared-map.pdf", shared),
        ("widths.pdf", widths),
    ]
}

/// Issue 57, items 1 and 2: each costly file, beside good PEs, under a
/// 3 GB address-space cap, is set aside in under 300 MB and 10 s, and the
/// good ones are stored.
#[test]
fn costly_pdfs_are_set_aside_within_the_readers_bounds_the_good_ones_stored() {
    // Skipped, saying so, where prlimit is missing (failed under CI).
    if crate::common::tool("prlimit", "util-linux").is_none() {
        return;
    }
    let world = enriched(10);
    let mut first = true;
    for (name, bytes) in costly() {
        assert!(bytes.len() < 12 << 20, "{name}: {} bytes", bytes.len());
        let dir = world.home.path().join(name.trim_end_matches(".pdf"));
        let saved = save_evaluations(&world, &dir, 10, 1);
        let readable = saved.iter().filter(|s| !s.scanned).count() as u64;
        // The next folders' (the scanned ones too: kept as set aside).
        let known = saved.len() as u64;
        std::fs::write(dir.join(name), bytes).unwrap();
        let mut cmd = crate::common::tool("prlimit", "util-linux").unwrap();
        crate::common::clean_env(&mut cmd, world.home.path());
        cmd.arg(format!("--as={}", 3u64 << 30))
            .arg(crate::common::cra_bin())
            .env(
                "CRA_MIRROR",
                world.home.path().join(".local/share/cra/mirror.sqlite"),
            )
            .args(["enrich", "--format", "json", "--pe"])
            .arg(&dir);
        let run = run_measured(&mut cmd);
        eprintln!("{name}: {:?}, peak {:?} KiB", run.took, run.peak_kib);
        run.assert_code(0);
        run.assert_peak_under(300);
        assert!(
            run.took < std::time::Duration::from_secs(10),
            "{name}: took {:?}",
            run.took
        );
        let summary: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        // The good ones (the same PEs in each folder) stored by the first
        // read, already read by the next.
        let (key, good) = if first {
            ("linked", readable)
        } else {
            ("already_read", known)
        };
        first = false;
        assert_eq!(
            summary["evaluations"][key], good,
            "{name}: {summary}\n{}",
            run.stderr
        );
        assert!(
            run.stderr
                .lines()
                .any(|l| l.contains(name) && l.contains("set aside")),
            "{name}: {}",
            run.stderr
        );
    }
}

/// Issue 57, item 6: a PE whose pages say one thing and whose text drawn
/// outside them says another is read as its pages say, as a viewer shows
/// it (and pdftotext reads it).
#[test]
fn text_drawn_outside_the_page_is_not_read() {
    use cra::domain::Level;
    use cra::sandbox::public::evaluations::{evaluation_of, pdf as pe_pdf};
    let world = enriched(30);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 30, 1);
    let shown = saved
        .iter()
        .find(|s| !s.scanned && s.evaluation.rating != Some(Level::Outstanding))
        .expect("a readable PE not rated Outstanding");
    let row = &world.sql(&format!(
        "SELECT detail_json FROM banks WHERE id = '{}'",
        shown.bank
    ))[0];
    let bank: cra::sandbox::data::SandboxBank =
        serde_json::from_str(row["detail_json"].as_str().unwrap()).unwrap();
    let exam = bank
        .ratings
        .iter()
        .find(|r| r.exam_date == shown.exam_date)
        .unwrap();
    let (evaluation, layout) = evaluation_of(&bank, exam, &keys(&world)[&bank.id]).unwrap();
    // The same PE rated Outstanding throughout, drawn above each page.
    let mut hidden = evaluation.clone();
    hidden.rating = Some(Level::Outstanding);
    for test in &mut hidden.tests {
        test.level = Level::Outstanding;
    }
    let mut page = lopdf::Document::load_mem(&pe_pdf(&bank, &evaluation, &layout)).unwrap();
    let above = lopdf::Document::load_mem(&pe_pdf(&bank, &hidden, &layout)).unwrap();
    let drawn_above = above.get_pages();
    for (n, id) in page.get_pages() {
        let Some(other) = drawn_above.get(&n) else {
            continue;
        };
        let mut content = b"q 1 0 0 1 0 2000 cm\n".to_vec();
        content.extend(above.get_page_content(*other));
        content.extend(b"\nQ\n");
        content.extend(page.get_page_content(id));
        page.change_page_content(id, content).unwrap();
    }
    let mut bytes = Vec::new();
    page.save_to(&mut bytes).unwrap();
    let file = world.home.path().join("off-page.pdf");
    std::fs::write(&file, bytes).unwrap();
    let out = world.local(&["enrich", "--pe", file.to_str().unwrap()]);
    crate::common::assert_code(&out, 0);
    let stored = world.sql("SELECT rating FROM evaluations WHERE source LIKE '%off-page.pdf'");
    assert_eq!(
        stored[0]["rating"],
        evaluation.rating.unwrap().as_str(),
        "{}",
        crate::common::stderr(&out)
    );
    let tests = world.sql(
        "SELECT t.rating FROM evaluation_tests t JOIN evaluations e ON e.sha256 = t.sha256 \
         WHERE e.source LIKE '%off-page.pdf' AND t.rating = 'Outstanding'",
    );
    let outstanding = evaluation
        .tests
        .iter()
        .filter(|t| t.level == Level::Outstanding)
        .count();
    assert_eq!(tests.len(), outstanding, "{tests:?}");
}
