//! What a PE's words say, read by the real binary (issue 57): a test
//! rating is one of the levels spelled as a level ("Substantial
//! Compliance", a bare "Substantial", "Satisfactory (High)" store no
//! rating, never the nearest level, item 9), and the evaluation's date is
//! the one the cover labels so, not the evaluation period's start printed
//! above it (item 12).

use std::path::Path;

use cra::sandbox::data::SandboxBank;
use cra::sandbox::pe::long_date;
use cra::sandbox::public::evaluations::{evaluation_of, pdf as pe_pdf};

use super::evaluations::{Saved, enriched, keys, save_evaluations};
use crate::common::{World, assert_code, stderr};

/// `bytes` with each page's content rewritten by `line`, which is given
/// each text-drawing line (`BT ... Tm (text) Tj ET`) as its text and
/// returns the text to draw instead (already escaped), if any.
fn rewritten(bytes: &[u8], mut line: impl FnMut(usize, &str) -> Option<String>) -> Vec<u8> {
    let mut doc = lopdf::Document::load_mem(bytes).unwrap();
    for (n, id) in doc.get_pages() {
        let content = doc.get_page_content(id);
        let mut out = Vec::new();
        for op in content.split(|&b| b == b'\n') {
            let text = String::from_utf8_lossy(op);
            let drawn = text.find("Tm (").zip(text.rfind(") Tj ET"));
            match drawn
                .and_then(|(from, to)| Some((from, to, line(n as usize, text.get(from + 4..to)?)?)))
            {
                Some((from, to, new)) => {
                    out.extend_from_slice(&op[..from + 4]);
                    out.extend_from_slice(new.as_bytes());
                    out.extend_from_slice(&op[to..]);
                }
                None => out.extend_from_slice(op),
            }
            out.push(b'\n');
        }
        doc.change_page_content(id, out).unwrap();
    }
    let mut saved = Vec::new();
    doc.save_to(&mut saved).unwrap();
    saved
}

/// The sandbox's bank `id` as its copy holds it.
fn bank(world: &World, id: &str) -> SandboxBank {
    let row = &world.sql(&format!("SELECT detail_json FROM banks WHERE id = '{id}'"))[0];
    serde_json::from_str(row["detail_json"].as_str().unwrap()).unwrap()
}

/// `bytes` with every test's level replaced, in turn, by "Substantial
/// Compliance", a bare "Substantial" and "Satisfactory (High)" (upper case
/// when the level has a line of its own), and how many were.
fn unlevelled(bytes: &[u8]) -> (Vec<u8>, usize) {
    let wordings = [
        "Substantial Compliance",
        "Substantial",
        "Satisfactory \\(High\\)",
    ];
    let (mut below, mut replaced) = (false, 0);
    let bytes = rewritten(bytes, |_, text| {
        let lower = text.to_lowercase();
        if std::mem::take(&mut below) {
            replaced += 1;
            return Some(wordings[(replaced - 1) % 3].to_uppercase());
        }
        let at = lower.find("test is rated")? + "test is rated".len();
        if lower[at..].trim() == ":" {
            below = true;
            return None;
        }
        replaced += 1;
        let colon = if lower[at..].starts_with(':') {
            ":"
        } else {
            ""
        };
        let wording = wordings[(replaced - 1) % 3];
        Some(format!("{}{colon} {wording}.", &text[..at]))
    });
    (bytes, replaced)
}

/// Item 9: every test of a PE rated in words that are no level ("The
/// Lending Test is rated: Substantial Compliance.", "... rated
/// Substantial.", "... rated: Satisfactory (High).", or those words alone
/// on the line below) stores no rating for that test; the overall rating,
/// spelled as a level, is still read.
#[test]
fn test_ratings_in_words_that_are_no_level_are_left_out_never_the_nearest() {
    let world = enriched(40);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 40, 1);
    let keys = keys(&world);
    // A PE whose tests are sentences (not the table of levels), three or
    // more of them, so that each wording is drawn.
    let (evaluation, bytes) = saved
        .iter()
        .filter(|s| !s.scanned && !s.evaluation.tests.is_empty())
        .find_map(|s| {
            let bank = bank(&world, &s.bank);
            let exam = bank
                .ratings
                .iter()
                .find(|r| r.exam_date == s.exam_date)?
                .clone();
            let (evaluation, layout) = evaluation_of(&bank, &exam, &keys[&s.bank])?;
            if layout.table {
                return None;
            }
            let (bytes, replaced) = unlevelled(&pe_pdf(&bank, &evaluation, &layout));
            (replaced >= 3).then_some((evaluation, bytes))
        })
        .expect("a readable PE with three tests rated in sentences");
    let file = world.home.path().join("no-level.pdf");
    std::fs::write(&file, bytes).unwrap();
    let out = world.local(&["enrich", "--pe", file.to_str().unwrap()]);
    assert_code(&out, 0);
    let stored = world.sql("SELECT rating FROM evaluations WHERE source LIKE '%no-level.pdf'");
    assert_eq!(stored.len(), 1, "{}", stderr(&out));
    assert_eq!(
        stored[0]["rating"],
        evaluation.rating.unwrap().as_str(),
        "{}",
        stderr(&out)
    );
    let rated = world.sql(
        "SELECT t.area, t.test, t.rating FROM evaluation_tests t \
         JOIN evaluations e ON e.sha256 = t.sha256 \
         WHERE e.source LIKE '%no-level.pdf' AND t.rating IS NOT NULL",
    );
    assert!(rated.is_empty(), "{rated:?}");
}

/// Item 12: a cover that prints the evaluation period's start (the date
/// of the bank's previous exam) above the date labelled "Evaluation
/// Date:" is linked to the exam of the labelled date.
#[test]
fn the_covers_labelled_date_links_the_exam_not_the_periods_start() {
    let world = enriched(60);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 60, 2);
    let readable: Vec<&Saved> = saved.iter().filter(|s| !s.scanned).collect();
    // Saved newest first: a bank's two readable PEs, in turn.
    let (newer, older) = readable
        .windows(2)
        .find(|w| w[0].bank == w[1].bank)
        .map(|w| (w[0], w[1]))
        .expect("a bank with two readable PEs");
    assert!(newer.exam_date > older.exam_date);
    let (date, start) = (long_date(&newer.exam_date), long_date(&older.exam_date));
    let bytes = std::fs::read(&newer.file).unwrap();
    let mut labelled = false;
    let bytes = rewritten(&bytes, |page, text| {
        (page == 1 && text == date).then(|| {
            labelled = true;
            format!("Evaluation Date: {date}")
        })
    });
    assert!(labelled, "the cover's date {date} not found");
    // The period's start drawn above everything else on the cover.
    let mut doc = lopdf::Document::load_mem(&bytes).unwrap();
    let cover = doc.get_pages()[&1];
    let mut content =
        format!("BT /F1 12 Tf 1 0 0 1 150 750 Tm (Evaluation Period Beginning {start}) Tj ET\n")
            .into_bytes();
    content.extend(doc.get_page_content(cover));
    doc.change_page_content(cover, content).unwrap();
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    let file = world.home.path().join("period.pdf");
    std::fs::write(&file, bytes).unwrap();
    read_linked(&world, &file, newer);
}

/// `file` read by `cra enrich --pe` is linked to `saved`'s bank and exam.
fn read_linked(world: &World, file: &Path, saved: &Saved) {
    let out = world.local(&["enrich", "--pe", file.to_str().unwrap()]);
    assert_code(&out, 0);
    let rows = world.sql(&format!(
        "SELECT bank_id, exam_date FROM evaluations WHERE source = '{}'",
        file.display()
    ));
    assert_eq!(rows.len(), 1, "{}", stderr(&out));
    assert_eq!(rows[0]["bank_id"], saved.bank.as_str(), "{}", stderr(&out));
    assert_eq!(
        rows[0]["exam_date"],
        saved.exam_date.as_str(),
        "{}",
        stderr(&out)
    );
}
