//! Outside documents are hostile by default (issue 47): a folder of PDFs
//! built to cost without end (a stream that inflates to gigabytes, a page
//! tree that loops, a million pages, nesting 100,000 deep, a file of 2 GB)
//! is read by `cra enrich --pe` in bounded memory and time, each set aside
//! with its reason, and the one real evaluation beside them is read.

use std::io::Write;

use flate2::Compression;
use flate2::write::ZlibEncoder;

use super::evaluations::{enriched, save_evaluations};
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
fn hostile() -> Vec<(&'static str, Vec<u8>)> {
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
