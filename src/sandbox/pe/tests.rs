use super::fonts::{BODY, width, wrap};
use super::places::STATES;
use super::points::{HS, LARGE, LS, NI, O, S, SN};
use super::*;
use crate::domain::{Level, Test};
use crate::evaluation::model::{Area, Evaluation, IdKind, Kind, PrintedId, TestRating};
use proptest::prelude::*;
use read::{Drawn, flat, load, pages, text};
use std::time::Instant;

mod read;

fn rating(area: &Area, test: Test, level: Level) -> TestRating {
    TestRating {
        area: area.clone(),
        test,
        level,
    }
}

fn evaluation(kind: Kind, overall: Level, tests: Vec<TestRating>) -> Evaluation {
    Evaluation {
        name: "First National Bank of Amarillo".into(),
        ids: vec![],
        date: Some("2021-03-15".into()),
        rating: Some(overall),
        kind,
        tests,
        area_ratings: vec![],
    }
}

/// A Large evaluation with a state and a multistate MSA.
fn large() -> Evaluation {
    let tx = Area::State("TX".into());
    let msa = Area::Msa("Texarkana, TX-AR".into());
    let mut tests = vec![
        rating(&Area::Institution, Test::Lending, HS),
        rating(&Area::Institution, Test::Investment, O),
        rating(&Area::Institution, Test::Service, LS),
    ];
    for (area, levels) in [(&tx, [HS, LS, LS]), (&msa, [LS, NI, SN])] {
        for (test, level) in LARGE.iter().zip(levels) {
            tests.push(rating(area, *test, level));
        }
    }
    evaluation(Kind::Large, S, tests)
}

fn spec<'a>(ev: &'a Evaluation, agency: Agency, seed: u64) -> PeSpec<'a> {
    let kind = match agency {
        Agency::Occ => IdKind::OccCharter,
        Agency::Fdic => IdKind::FdicCert,
        Agency::Frb => IdKind::Rssd,
    };
    PeSpec {
        agency,
        name: "First National Bank of Amarillo",
        city: "Amarillo",
        state: "TX",
        id: PrintedId {
            kind,
            number: 12345,
        },
        date: "2021-03-15",
        evaluation: ev,
        table: false,
        scanned: false,
        narrative_pages: 3,
        seed,
    }
}

fn style_of(seed: u64) -> (usize, bool) {
    let mut draw = Draw::new(seed, 0x5045);
    (draw.below(3), draw.chance(0.5))
}

#[test]
fn same_spec_same_bytes() {
    let ev = large();
    let mut s = spec(&ev, Agency::Occ, 7);
    assert_eq!(write(&s), write(&s));
    s.scanned = true;
    assert_eq!(write(&s), write(&s));
    let other = spec(&ev, Agency::Occ, 8);
    assert_ne!(write(&spec(&ev, Agency::Occ, 7)), write(&other));
}

#[test]
fn page_counts() {
    let big = large();
    let small = evaluation(
        Kind::Small,
        O,
        vec![rating(&Area::Institution, Test::Lending, O)],
    );
    for (ev, extra) in [(&big, 2 + 1), (&small, 0)] {
        for n in [0, 1, 4, 7, 20] {
            for scanned in [false, true] {
                let mut s = spec(ev, Agency::Fdic, n as u64);
                (s.narrative_pages, s.scanned) = (n, scanned);
                let doc = load(&write(&s));
                assert_eq!(
                    doc.get_pages().len(),
                    2 + n + extra,
                    "n {n} scanned {scanned}"
                );
            }
        }
    }
}

#[test]
fn cover_lines_centred() {
    let ev = large();
    for (agency, id, body) in [
        (
            Agency::Occ,
            "Charter Number: 12345",
            "Office of the Comptroller of the Currency",
        ),
        (
            Agency::Fdic,
            "Certificate Number: 12345",
            "Federal Deposit Insurance Corporation",
        ),
        (
            Agency::Frb,
            "RSSD ID Number: 12345",
            "Federal Reserve Bank of Dallas",
        ),
    ] {
        let doc = load(&write(&spec(&ev, agency, 3)));
        let cover = &pages(&doc)[0];
        let lines = text(cover);
        let wanted = [
            "PUBLIC DISCLOSURE",
            "March 15, 2021",
            "COMMUNITY REINVESTMENT ACT",
            "PERFORMANCE EVALUATION",
            "First National Bank of Amarillo",
            id,
            "Amarillo, Texas",
            body,
        ];
        let got: Vec<&str> = lines.lines().filter(|l| !l.is_empty()).collect();
        assert_eq!(got[..wanted.len()], wanted, "{agency:?}");
        for run in cover.iter().take(wanted.len()) {
            assert!((run.x + run.width() / 2.0 - 306.0).abs() < 0.05, "{run:?}");
        }
        assert!(
            flat(cover)
                .contains("NOTE: This document is an evaluation of this institution’s record")
        );
    }
}

#[test]
fn rating_sentence_and_test_sentences() {
    let ev = large();
    let mut seen = [false; 3];
    for seed in 0..40 {
        let (style, _) = style_of(seed);
        let agency = [Agency::Occ, Agency::Fdic, Agency::Frb][seed as usize % 3];
        let all = pages(&load(&write(&spec(&ev, agency, seed))));
        let page = flat(&all[2]);
        let subject = if agency == Agency::Occ {
            ev.name.as_str()
        } else {
            "This institution"
        };
        let rated = format!("INSTITUTION’S CRA RATING: {subject} is rated Satisfactory.");
        assert!(page.contains(&rated), "{page}");
        let lines = text(&all[2]);
        let wanted = match style {
            0 => [
                "The Lending Test is rated: High Satisfactory.",
                "The Service Test is rated: Low Satisfactory.",
            ],
            1 => [
                "The Lending Test is rated:\nHIGH SATISFACTORY",
                "The Service Test is rated:\nLOW SATISFACTORY",
            ],
            _ => [
                "The lending test is rated High Satisfactory.",
                "The service test is rated Low Satisfactory.",
            ],
        };
        for w in wanted {
            assert!(lines.contains(w), "style {style}: {lines}");
        }
        seen[style] = true;
        // The areas' pages: headings, rating lines (by the points), tests.
        let tx = text(&all[all.len() - 2]);
        assert!(
            tx.contains(
                "State Rating\nState of Texas\nCRA rating for the State of Texas: Satisfactory"
            ),
            "{tx}"
        );
        let msa = flat(&all[all.len() - 1]);
        assert!(msa.contains("Texarkana, TX-AR Multistate MSA CRA rating for the Texarkana, TX-AR MMSA: Needs to Improve"), "{msa}");
    }
    assert_eq!(seen, [true; 3]);
}

#[test]
fn table_marks_each_level_under_its_column() {
    let ev = large();
    let mut splits = [false; 2];
    for seed in 0..12 {
        let mut s = spec(&ev, Agency::Occ, seed);
        s.table = true;
        let all = pages(&load(&write(&s)));
        let (_, split) = style_of(seed);
        splits[usize::from(split)] = true;
        for (page, area) in [
            (2, Area::Institution),
            (all.len() - 2, Area::State("TX".into())),
        ] {
            let runs = &all[page];
            let find = |t: &str| {
                runs.iter()
                    .find(|r| r.text == t)
                    .unwrap_or_else(|| panic!("{t}: {runs:?}"))
            };
            let heads = if split {
                let tops = ["Lending", "Investment", "Service"].map(find);
                let bottoms: Vec<&Drawn> =
                    runs.iter().filter(|r| r.text.starts_with("Test")).collect();
                assert_eq!(bottoms.len(), 3);
                for (top, bottom) in tops.iter().zip(&bottoms) {
                    assert!(
                        (top.x + top.width() / 2.0 - bottom.x - bottom.width() / 2.0).abs() < 0.05
                    );
                    assert!(top.y > bottom.y);
                }
                tops
            } else {
                ["Lending Test*", "Investment Test", "Service Test"].map(find)
            };
            assert!(find("Performance Levels").x < heads[0].x);
            let xs: Vec<&Drawn> = runs.iter().filter(|r| r.text == "X").collect();
            assert_eq!(xs.len(), 3);
            for (k, test) in LARGE.iter().enumerate() {
                let level = ev
                    .tests
                    .iter()
                    .find(|t| t.area == area && t.test == *test)
                    .unwrap()
                    .level;
                let row = find(level.as_str());
                let centre = heads[k].x + heads[k].width() / 2.0;
                let mark = xs
                    .iter()
                    .find(|x| (x.x + x.width() / 2.0 - centre).abs() < 0.05);
                let mark = mark.unwrap_or_else(|| panic!("no X under {test:?}"));
                assert_eq!(mark.y, row.y, "{test:?} at {level:?}");
            }
            assert!(flat(runs).contains(
                "* The Lending Test is weighted more heavily than the Investment and Service Tests"
            ));
        }
    }
    assert_eq!(splits, [true; 2]);
}

#[test]
fn table_of_contents_points_at_the_sections() {
    let ev = large();
    let all = pages(&load(&write(&spec(&ev, Agency::Fdic, 5))));
    let toc = text(&all[1]);
    assert!(toc.contains("Table of Contents"));
    let targets = [
        ("State of Texas", 7, "State of Texas"),
        ("Texarkana, TX-AR Multistate MSA", 8, "Texarkana"),
        ("Overall CRA Rating", 3, "CRA RATING:"),
    ];
    for (title, page, there) in targets {
        let line = toc
            .lines()
            .find(|l| l.starts_with(title))
            .unwrap_or_else(|| panic!("{toc}"));
        assert!(
            line.contains(" ....") && line.ends_with(&format!(" {page}")),
            "{line}"
        );
        assert!(flat(&all[page - 1]).contains(there), "page {page}");
        assert!(
            flat(&all[page - 1]).ends_with(&page.to_string())
                || text(&all[page - 1]).contains(&format!("\n{page}"))
        );
    }
}

#[test]
fn text_stays_inside_the_page_and_encodes_winansi() {
    let ev = large();
    let name = "Peña & O’Brien (Texas) Bank, N.A. — “Savings” \\ Ω Supercalifragilisticexpialidociousbancorporationholdingsincorporated";
    let mut s = spec(&ev, Agency::Frb, 11);
    (s.name, s.narrative_pages, s.table, s.state) = (name, 12, true, "ZZ");
    let bytes = write(&s);
    let all = pages(&load(&bytes));
    for run in all.iter().flatten() {
        assert!(run.x >= 71.9 && run.x + run.width() <= 540.05, "{run:?}");
    }
    let cover = flat(&all[0]);
    assert!(
        cover.contains("Peña & O’Brien (Texas) Bank, N.A. — “Savings” \\ ? Supercal"),
        "{cover}"
    );
    assert!(cover.contains("Amarillo, ZZ") && cover.contains("Federal Reserve Bank of"));
    assert_eq!(
        winansi("’“”–é ñ€Ω"),
        [0x92, 0x93, 0x94, 0x96, 0xe9, b' ', 0xf1, 0x80, b'?']
    );
}

#[test]
fn scanned_pages_are_images_only() {
    let ev = large();
    let mut s = spec(&ev, Agency::Occ, 2);
    s.scanned = true;
    let doc = load(&write(&s));
    for (_, id) in doc.get_pages() {
        let content = doc.get_page_content(id);
        let ops = String::from_utf8_lossy(&content);
        assert_eq!(ops.trim(), "q 612 0 0 792 0 0 cm /Im1 Do Q");
        assert!(!ops.contains("BT") && !ops.contains("Tj"));
        let page = doc.get_dictionary(id).unwrap();
        let resources = page.get(b"Resources").unwrap().as_reference().unwrap();
        let resources = doc.get_dictionary(resources).unwrap();
        assert!(resources.get(b"Font").is_err());
        let image = resources
            .get(b"XObject")
            .unwrap()
            .as_dict()
            .unwrap()
            .get(b"Im1")
            .unwrap();
        let image = doc
            .get_object(image.as_reference().unwrap())
            .unwrap()
            .as_stream()
            .unwrap();
        assert_eq!(image.dict.get(b"Width").unwrap().as_i64().unwrap(), 200);
        assert_eq!(image.decompressed_content().unwrap().len(), 200 * 260);
    }
    assert_eq!(doc.extract_text(&[1]).unwrap_or_default().trim(), "");
}

#[test]
fn lopdf_extracts_the_text() {
    let ev = large();
    let doc = load(&write(&spec(&ev, Agency::Occ, 1)));
    let cover = doc.extract_text(&[1]).unwrap();
    assert!(
        cover.contains("PUBLIC DISCLOSURE") && cover.contains("Charter Number: 12345"),
        "{cover}"
    );
    assert!(
        doc.extract_text(&[3])
            .unwrap()
            .contains("is rated Satisfactory")
    );
}

#[test]
fn forty_pages_small_and_fast() {
    let ev = large();
    let mut s = spec(&ev, Agency::Occ, 9);
    s.narrative_pages = 35;
    let start = Instant::now();
    let bytes = write(&s);
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    s.scanned = true;
    let scanned = write(&s);
    assert_eq!(load(&bytes).get_pages().len(), 40);
    eprintln!(
        "40 pages: {} bytes in {ms:.1} ms; scanned {} bytes",
        bytes.len(),
        scanned.len()
    );
    assert!(bytes.len() <= 150_000 && scanned.len() <= 150_000);
}

#[test]
fn pdftotext_reads_the_layout() {
    let ev = large();
    let mut s = spec(&ev, Agency::Occ, 4);
    s.table = true;
    let path = std::env::temp_dir().join(format!("pe-write-{}.pdf", std::process::id()));
    std::fs::write(&path, write(&s)).unwrap();
    let out = std::process::Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8"])
        .arg(&path)
        .arg("-")
        .output();
    let _ = std::fs::remove_file(&path);
    let Ok(out) = out else {
        eprintln!("pdftotext not installed: skipping the layout check");
        return;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    for wanted in [
        "PUBLIC DISCLOSURE",
        "March 15, 2021",
        "Charter Number: 12345",
        "Amarillo, Texas",
        "INSTITUTION’S CRA RATING:",
        "Performance Levels",
        "State of Texas",
    ] {
        assert!(text.contains(wanted), "{wanted}: {text}");
    }
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("High Satisfactory"))
        .unwrap();
    assert_eq!(row.matches('X').count(), 1, "{row}");
    assert_eq!(text.matches('\u{c}').count(), 3 + 3 + 2);
}

#[test]
fn words() {
    assert_eq!(long_date("2021-03-15"), "March 15, 2021");
    assert_eq!(long_date("2021-13-15"), "2021-13-15");
    assert_eq!(state_name("tx"), Some(("Texas", 11)));
    assert_eq!(state_name("NY"), Some(("New York", 2)));
    assert_eq!(STATES.split('|').count(), 56);
    assert_eq!(wrap("aaaa bbbb", BODY, 1000.0), ["aaaa bbbb"]);
    assert_eq!(wrap("  ", BODY, 10.0), Vec::<String>::new());
    assert!(
        wrap("wwwwwwwwww", BODY, 30.0)
            .iter()
            .all(|l| width(l, BODY) <= 30.0)
    );
}

proptest! {
    #[test]
    fn any_spec_writes_a_loadable_pdf(seed in any::<u64>(), a in 0..3usize, table: bool, scanned: bool, n in 0..6usize, name in "[A-Za-zéñ&,.'’()\\\\ ]{1,80}") {
        let ev = large();
        let mut s = spec(&ev, [Agency::Occ, Agency::Fdic, Agency::Frb][a], seed);
        (s.table, s.scanned, s.narrative_pages, s.name) = (table, scanned, n, &name);
        let doc = load(&write(&s));
        prop_assert_eq!(doc.get_pages().len(), 2 + n + 3);
        if !scanned {
            // A name longer than a line is broken into lines, a word too
            // long for one inside it: compared without the breaks.
            let cover: String = flat(&pages(&doc)[0]).split_whitespace().collect();
            let want: String = name.split_whitespace().collect();
            prop_assert!(cover.contains(&want), "{} / {}", cover, want);
        }
    }
}
