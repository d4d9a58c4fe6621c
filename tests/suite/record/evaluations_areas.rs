//! The overall rating a PE gives each state and multistate MSA ("CRA
//! rating for the State of Texas: Outstanding"): stored as
//! `evaluation_tests` rows of `test` = `overall`, shown by `show` (card
//! and json), listed by `cra evaluations --areas`, selected by `--test
//! overall@AREA=RATING` in every command that selects banks; a file an
//! earlier reader read is read again, so a copy read before has them.

use std::collections::BTreeSet;

use serde_json::Value;

use super::evaluations::{Saved, enriched, read, save_evaluations};
use crate::common::{assert_code, stderr};

#[test]
fn each_areas_overall_rating_is_stored_shown_listed_and_filtered() {
    let world = enriched(150);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 150, 1);
    let multi: Vec<&Saved> = saved
        .iter()
        .filter(|s| !s.scanned && !s.evaluation.area_ratings.is_empty())
        .collect();
    assert!(!multi.is_empty(), "no multistate PE among {}", saved.len());
    let (code, summary, said) = read(&world, &[&dir]);
    assert_eq!(code, 0, "{said}");

    // Stored: each area's overall rating, as the PE prints it.
    for s in &multi {
        let rows = world.sql(&format!(
            "SELECT t.area, t.rating FROM evaluation_tests t JOIN evaluations e \
             ON e.sha256 = t.sha256 WHERE e.source = '{}' AND t.test = 'overall' \
             ORDER BY t.rowid",
            s.file.display()
        ));
        let stored: Vec<(String, String)> = rows
            .iter()
            .map(|r| {
                let text = |k: &str| r[k].as_str().unwrap().to_string();
                (text("area"), text("rating"))
            })
            .collect();
        let printed: Vec<(String, String)> = s
            .evaluation
            .area_ratings
            .iter()
            .map(|r| (r.area.as_str().to_string(), r.level.as_str().to_string()))
            .collect();
        assert_eq!(stored, printed, "{}", s.file.display());
    }

    // show: the card says each area's overall rating before its tests;
    // json gives each exam's areas.
    let one = multi[0];
    let first = &one.evaluation.area_ratings[0];
    let card = world.local(&["--offline", "show", &one.bank, "--format", "table"]);
    let card = String::from_utf8(card.stdout).unwrap();
    let said = format!(
        "{}: Overall: {} · ",
        first.area.as_str(),
        first.level.as_str()
    );
    assert!(card.contains(&said), "{said}\n{card}");
    let out = world.local(&[
        "--offline",
        "show",
        &one.bank,
        "--enriched",
        "--format",
        "json",
    ]);
    assert_code(&out, 0);
    let detail: Value = serde_json::from_slice(&out.stdout).unwrap();
    let exam = detail["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["exam_date"] == one.exam_date.as_str())
        .unwrap();
    let areas = exam["area_ratings"].as_array().unwrap();
    assert_eq!(areas.len(), one.evaluation.area_ratings.len(), "{exam}");
    for (json, rated) in areas.iter().zip(&one.evaluation.area_ratings) {
        assert_eq!(json["area"], rated.area.as_str(), "{json}");
        assert_eq!(json["overall"], rated.level.as_str(), "{json}");
        let lending = one
            .evaluation
            .tests
            .iter()
            .find(|t| t.area == rated.area && t.test == cra::domain::Test::Lending)
            .unwrap();
        assert_eq!(json["lending"], lending.level.as_str(), "{json}");
    }

    // cra evaluations --areas: one row per PE and area, the institution
    // first (its overall rating the PE's), in every format.
    let rows = world.json(&["evaluations", "--areas", "--format", "json"]);
    let of_one: Vec<&Value> = rows
        .iter()
        .filter(|r| r["file"] == one.file.display().to_string().as_str())
        .collect();
    assert_eq!(
        of_one.len(),
        1 + one.evaluation.area_ratings.len(),
        "{of_one:?}"
    );
    assert_eq!(of_one[0]["area"], "institution");
    assert_eq!(
        of_one[0]["overall"],
        one.evaluation.rating.unwrap().as_str()
    );
    for (row, rated) in of_one[1..].iter().zip(&one.evaluation.area_ratings) {
        assert_eq!(row["area"], rated.area.as_str(), "{row}");
        assert_eq!(row["overall"], rated.level.as_str(), "{row}");
        assert_eq!(row["bank_id"], one.bank.as_str(), "{row}");
    }
    let readable = saved.iter().filter(|s| !s.scanned).count();
    let areas: usize = saved
        .iter()
        .filter(|s| !s.scanned)
        .map(|s| 1 + s.evaluation.area_ratings.len())
        .sum();
    assert_eq!(rows.len(), areas, "{summary}");
    for format in ["csv", "tsv", "ndjson"] {
        let out = world.local(&["evaluations", "--areas", "--format", format]);
        assert_code(&out, 0);
        let lines = String::from_utf8_lossy(&out.stdout).lines().count();
        assert_eq!(lines, areas + usize::from(format != "ndjson"), "{format}");
    }

    // --test overall@AREA=RATING selects the banks whose current exam's PE
    // rates that area so, in search and export alike.
    let state = multi
        .iter()
        .flat_map(|s| &s.evaluation.area_ratings)
        .find(|r| matches!(r.area, cra::evaluation::model::Area::State(_)))
        .expect("a state's rating");
    let expected: BTreeSet<String> = saved
        .iter()
        .filter(|s| !s.scanned && s.evaluation.area_ratings.contains(state))
        .map(|s| s.bank.clone())
        .collect();
    let flag = format!(
        "overall@{}={}",
        state.area.as_str().to_lowercase(),
        state.level.slug()
    );
    let found: BTreeSet<String> = world
        .json(&[
            "--offline",
            "search",
            "--test",
            &flag,
            "--all",
            "--format",
            "json",
        ])
        .iter()
        .map(|b| b["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(found, expected, "{flag}");
    let csv = world.local(&["--offline", "export", "--test", &flag]);
    assert_code(&csv, 0);
    assert_eq!(
        String::from_utf8_lossy(&csv.stdout).lines().count(),
        expected.len() + 1,
        "{flag}"
    );
    let listed = world.json(&[
        "evaluations",
        "--areas",
        "--test",
        &flag,
        "--format",
        "json",
    ]);
    let banks: BTreeSet<String> = listed
        .iter()
        .map(|r| r["bank_id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(banks, expected);
    // Without an area: said what overall means here.
    let out = world.local(&["--offline", "search", "--test", "overall=outstanding"]);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("overall@TX"), "{}", stderr(&out));
    // Its apostrophe (the institution's) cuts no part of the line after.
    assert!(stderr(&out).contains("try '--help'."), "{}", stderr(&out));

    // A copy an earlier reader read (before area ratings were read): each
    // of its files is read again once, and has them; then already read.
    let copy = rusqlite::Connection::open(world.home.path().join(".local/share/cra/mirror.sqlite"))
        .unwrap();
    copy.execute_batch(
        "DELETE FROM evaluation_tests WHERE test = 'overall'; UPDATE evaluations SET reader = 1",
    )
    .unwrap();
    drop(copy);
    let (code, again, said) = read(&world, &[&dir]);
    assert_eq!(code, 0, "{said}");
    assert_eq!(again["evaluations"]["read"], readable, "{again}");
    assert_eq!(again["evaluations"]["already_read"], 0, "{again}");
    let overall = world.sql("SELECT count(*) AS n FROM evaluation_tests WHERE test = 'overall'");
    assert_eq!(overall[0]["n"], areas - readable);
    let (_, third, _) = read(&world, &[&dir]);
    assert_eq!(third["evaluations"]["already_read"], saved.len(), "{third}");
}
