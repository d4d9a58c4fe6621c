//! Where a rating came from (issue 56): `show` names each exam's PE (file,
//! date), says when its overall rating is not the copy's with the
//! interagency points of a large bank's tests, names the PE the test
//! ratings read where two of one exam rate them otherwise, stops pointing
//! to the agency's search for an exam whose PE was read, and never breaks
//! a rating across lines at 80 columns.

use serde_json::Value;

use super::evaluations::{disagreeing_pair, enriched, read, save_evaluations};
use crate::common::{assert_code, on_terminal};
use cra::domain::points::Points;
use cra::evaluation::model::Area;

#[test]
fn show_names_each_exams_pe_and_says_where_it_disagrees_with_its_points() {
    let world = enriched(150);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 150, 2);
    // A large bank's PE whose overall rating is not the copy's.
    let pe = saved
        .iter()
        .find(|s| {
            !s.scanned
                && s.evaluation.kind == cra::evaluation::model::Kind::Large
                && s.evaluation.rating.map(|r| r.as_str()) != Some(s.served.as_str())
        })
        .expect("a large bank's PE that disagrees with the copy");
    let (code, _, said) = read(&world, &[&pe.file]);
    assert_eq!(code, 0, "{said}");
    let points = Points::of_tests(
        pe.evaluation
            .tests
            .iter()
            .filter(|t| t.area == Area::Institution)
            .map(|t| (t.test.as_str(), t.level.as_str())),
    )
    .expect("a large bank's three tests");
    // The card names the file (the json its whole path).
    let file = pe.file.display().to_string();
    let name = pe.file.file_name().unwrap().to_string_lossy().into_owned();
    let date = pe.evaluation.date.clone().unwrap();
    let out = world.local(&["--offline", "show", &pe.bank, "--format", "table"]);
    assert_code(&out, 0);
    let card = String::from_utf8(out.stdout).unwrap();
    let line = format!(
        "  {}  PE {name} ({date}) disagrees: {}",
        pe.exam_date,
        if points.rating().as_str() == pe.evaluation.rating.unwrap().as_str() {
            format!("its tests add up to {}", points.said())
        } else {
            format!(
                "it rates the bank {}; its tests add up to {}",
                pe.evaluation.rating.unwrap().as_str(),
                points.said()
            )
        }
    );
    assert!(card.lines().any(|l| l == line), "{line}\n{card}");
    // The exam's address is not given: its PE is named instead.
    assert!(
        !card
            .lines()
            .any(|l| l.starts_with(&format!("  {}  http", pe.exam_date))),
        "{card}"
    );
    if card.contains("search for") {
        assert!(card.contains("for the other exams, search for"), "{card}");
    }

    // In json, each exam's PEs: this exam's, none on the others.
    let out = world.local(&[
        "--offline",
        "show",
        &pe.bank,
        "--enriched",
        "--format",
        "json",
    ]);
    let detail: Value = serde_json::from_slice(&out.stdout).unwrap();
    for exam in detail["ratings"].as_array().unwrap() {
        let read = exam["evaluations"].as_array().unwrap();
        if exam["exam_date"] != pe.exam_date.as_str() {
            assert!(read.is_empty(), "{exam}");
            continue;
        }
        assert_eq!(read.len(), 1, "{exam}");
        assert_eq!(read[0]["file"], file.as_str());
        assert_eq!(read[0]["evaluation_date"], date.as_str());
        assert_eq!(read[0]["disagrees"], true);
        assert_eq!(read[0]["tests_read"], true);
        assert_eq!(read[0]["points"]["total"], points.total());
        assert_eq!(read[0]["points"]["rating"], points.rating().as_str());
    }

    // Every exam of an OCC or FDIC bank read: the card points to no
    // search at all.
    let banks: std::collections::BTreeSet<&str> = saved.iter().map(|s| s.bank.as_str()).collect();
    let whole = banks.into_iter().find(|bank| {
        let exams = world.sql(&format!(
            "SELECT count(*) AS n, max(regulator) AS regulator FROM ratings r \
             JOIN banks b ON b.id = r.bank_id WHERE r.bank_id = '{bank}'"
        ));
        let of_bank: Vec<_> = saved.iter().filter(|s| s.bank == *bank).collect();
        exams[0]["n"] == of_bank.len()
            && exams[0]["regulator"] != "FRB"
            && of_bank.iter().all(|s| !s.scanned)
    });
    if let Some(bank) = whole {
        let files: Vec<&std::path::Path> = saved
            .iter()
            .filter(|s| s.bank == bank)
            .map(|s| s.file.as_path())
            .collect();
        let (code, _, said) = read(&world, &files);
        assert_eq!(code, 0, "{said}");
        let out = world.local(&["--offline", "show", bank, "--format", "table"]);
        let card = String::from_utf8(out.stdout).unwrap();
        assert!(card.contains(" PE "), "{card}");
        assert!(!card.contains("search for"), "{card}");
        assert!(!card.contains("index-cra-search"), "{card}");
    }
}

#[test]
fn of_two_pes_that_rate_the_tests_otherwise_show_names_the_one_read() {
    let world = enriched(60);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 60, 1);
    let (first, _, _, pair) = disagreeing_pair(&world, &saved);
    let (code, _, said) = read(&world, &[&pair]);
    assert_eq!(code, 0, "{said}");
    let out = world.local(&["--offline", "show", &first.bank, "--format", "table"]);
    let card = String::from_utf8(out.stdout).unwrap();
    // The later one (b.pdf) is read; a.pdf is named as rating otherwise.
    let (a, b) = ("a.pdf", "b.pdf");
    let first_line = format!("  {}  PE {b} (", first.exam_date);
    assert!(card.lines().any(|l| l.starts_with(&first_line)), "{card}");
    assert!(
        card.lines()
            .any(|l| l.trim_start().starts_with(&format!("PE {a} ("))
                && l.ends_with(&format!(
                    "its tests are rated otherwise, and the test ratings read {b}"
                ))),
        "{card}"
    );
}

#[test]
fn at_80_columns_the_card_never_breaks_a_rating_across_lines() {
    let world = enriched(150);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 150, 1);
    // A bank rated in several areas, its lines longest.
    let wide = saved
        .iter()
        .find(|s| {
            !s.scanned
                && s.evaluation
                    .tests
                    .iter()
                    .any(|t| t.area != Area::Institution)
                && s.evaluation
                    .tests
                    .iter()
                    .any(|t| t.level.as_str().contains(' '))
        })
        .expect("a multistate PE with a rating of two words");
    let (code, _, said) = read(&world, &[&wide.file]);
    assert_eq!(code, 0, "{said}");
    let Some(mut script) = on_terminal(&world.home, &format!("--offline show {}", wide.bank))
    else {
        return;
    };
    let out = script
        .env("COLUMNS", "80")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let card = String::from_utf8_lossy(&out.stdout).replace('\r', "");
    assert!(card.contains("Test ratings"), "{card}");
    // The card (the terminal shows standard error's note on the copy too).
    let lines: Vec<&str> = card
        .lines()
        .filter(|l| !l.starts_with("offline: "))
        .collect();
    for (n, line) in lines.iter().enumerate() {
        assert!(
            crate::common::visible_width(line) <= 80,
            "wider than 80: {line:?}\n{card}"
        );
        let next = lines.get(n + 1).map_or("", |l| l.trim_start());
        for (head, tail) in [
            ("High", "Satisfactory"),
            ("Low", "Satisfactory"),
            ("Needs", "to"),
            ("Needs to", "Improve"),
            ("Substantial", "Noncompliance"),
        ] {
            assert!(
                !(line.trim_end().ends_with(head) && next.starts_with(tail)),
                "a rating broken across lines:\n{line}\n{next}\n{card}"
            );
        }
        // A test's name stays with its rating.
        assert!(!line.trim_end().ends_with(':'), "{line:?}\n{card}");
    }
}
