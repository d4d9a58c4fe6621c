//! `cra evaluations`: one row per PE file read, as the copy's
//! `evaluations` table holds it; `--unlinked` and `--disagree` select what
//! they say (a PE whose overall rating is not the copy's; two PEs of one
//! exam that rate its tests otherwise, each naming the other).

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use super::evaluations::{disagreeing_pair, enriched, keys, read, save_evaluations};
use crate::common::{World, assert_code};
use cra::domain::Level;
use cra::sandbox::data::SandboxBank;
use cra::sandbox::public::evaluations::evaluation_of;

/// `cra evaluations ARGS... --format json`, by file name.
fn listed(world: &World, args: &[&str]) -> BTreeMap<String, Value> {
    let mut all = vec!["evaluations"];
    all.extend_from_slice(args);
    all.extend(["--format", "json"]);
    world
        .json(&all)
        .into_iter()
        .map(|row| {
            let file = row["file"].as_str().unwrap();
            let name = Path::new(file).file_name().unwrap().to_string_lossy();
            (name.into_owned(), row)
        })
        .collect()
}

#[test]
fn evaluations_lists_every_file_read_and_what_disagrees() {
    let world = enriched(60);
    // No evaluation read yet: the hint says how to read them.
    let out = world.local(&["evaluations"]);
    assert_code(&out, 2);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--pe FILE|FOLDER"),
        "{out:?}"
    );
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 60, 1);
    let (first, _, _, pair) = disagreeing_pair(&world, &saved);
    // A PE of a bank the copy lacks: unlinked.
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pe");
    std::fs::copy(
        fixtures.join("pe-libreoffice.pdf"),
        pair.join("elsewhere.pdf"),
    )
    .unwrap();
    // Another bank's PE whose overall rating is not the copy's.
    let other = saved
        .iter()
        .find(|s| !s.scanned && s.bank != first.bank && s.evaluation.rating.is_some())
        .expect("another bank's PE");
    let row = &world.sql(&format!(
        "SELECT detail_json FROM banks WHERE id = '{}'",
        other.bank
    ))[0];
    let bank: SandboxBank = serde_json::from_str(row["detail_json"].as_str().unwrap()).unwrap();
    let exam = bank
        .ratings
        .iter()
        .find(|r| r.exam_date == other.exam_date)
        .unwrap();
    let (mut evaluation, layout) = evaluation_of(&bank, exam, &keys(&world)[&bank.id]).unwrap();
    evaluation.rating = Some(if evaluation.rating == Some(Level::Outstanding) {
        Level::Satisfactory
    } else {
        Level::Outstanding
    });
    std::fs::write(
        pair.join("c.pdf"),
        cra::sandbox::public::evaluations::pdf(&bank, &evaluation, &layout),
    )
    .unwrap();
    let (code, summary, said) = read(&world, &[&pair]);
    assert_eq!(code, 0, "{said}");
    assert_eq!(summary["evaluations"]["linked"], 3, "{summary}\n{said}");

    // Every row, as the table holds it, with the contract's keys.
    let all = listed(&world, &[]);
    let by_sql = world.sql(
        "SELECT sha256, source AS file, bank_id, name, exam_date, evaluation_date, rating, \
         status, reason \
         FROM evaluations",
    );
    assert_eq!(all.len(), by_sql.len(), "{all:?}");
    for expected in &by_sql {
        let row = all
            .values()
            .find(|r| r["sha256"] == expected["sha256"])
            .unwrap_or_else(|| panic!("{expected} not listed"));
        let keys: Vec<&str> = row
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "sha256",
                "file",
                "bank_id",
                "name",
                "exam_date",
                "evaluation_date",
                "rating",
                "status",
                "reason",
                "disagrees_with"
            ],
            "{row}"
        );
        for (key, value) in expected.as_object().unwrap() {
            assert_eq!(&row[key], value, "{key} of {row}");
        }
    }

    // --unlinked: the file of a bank the copy lacks, with its reason.
    let unlinked = listed(&world, &["--unlinked"]);
    assert_eq!(
        unlinked.keys().collect::<Vec<_>>(),
        ["elsewhere.pdf"],
        "{unlinked:?}"
    );
    assert_eq!(unlinked["elsewhere.pdf"]["status"], "unlinked");
    assert!(unlinked["elsewhere.pdf"]["reason"].is_string());

    // --disagree: the two PEs of one exam, each naming the other's file,
    // and the PE whose overall rating is not the copy's, naming the copy's.
    let disagree = listed(&world, &["--disagree"]);
    assert_eq!(
        disagree.keys().collect::<Vec<_>>(),
        ["a.pdf", "b.pdf", "c.pdf"],
        "{disagree:?}"
    );
    let names = |file: &str| {
        let with = disagree[file]["disagrees_with"].as_str().unwrap();
        Path::new(with)
            .file_name()
            .unwrap()
            .to_string_lossy()
            .into_owned()
    };
    assert_eq!(names("a.pdf"), "b.pdf");
    assert_eq!(names("b.pdf"), "a.pdf");
    assert_eq!(disagree["c.pdf"]["disagrees_with"], other.served.as_str());
    assert!(all["elsewhere.pdf"]["disagrees_with"].is_null());

    // Every format: as many rows; the filters select linked files' banks.
    for format in ["csv", "tsv", "ndjson"] {
        let out = world.local(&["evaluations", "--format", format]);
        assert_code(&out, 0);
        let lines = String::from_utf8_lossy(&out.stdout).lines().count();
        let header = usize::from(format != "ndjson");
        assert_eq!(lines, all.len() + header, "{format}");
    }
    let state = all["c.pdf"]["bank_id"].as_str().unwrap();
    let state = &world.sql(&format!("SELECT state FROM banks WHERE id = '{state}'"))[0]["state"];
    let in_state = listed(&world, &["--state", state.as_str().unwrap()]);
    assert!(in_state.contains_key("c.pdf") && !in_state.contains_key("elsewhere.pdf"));
    let out = world.local(&["evaluations", "--unlinked", "--disagree"]);
    assert_code(&out, 2);
}

#[test]
fn evaluations_columns_choose_and_order_the_columns_in_every_format() {
    let world = enriched(20);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 20, 1);
    assert!(!saved.is_empty());
    let (code, _, said) = read(&world, &[&dir]);
    assert_eq!(code, 0, "{said}");
    let files = listed(&world, &[]).len();
    let chosen = ["--columns", "rating,name,disagrees_with"];

    // csv and tsv (the table's heads): the header and every row hold the
    // columns chosen, in order.
    for (format, sep, heads) in [
        ("csv", ",", ["rating", "name", "disagrees_with"]),
        ("tsv", "\t", ["RATING", "NAME", "DISAGREES WITH"]),
    ] {
        let mut args = vec!["evaluations", "--format", format];
        args.extend(chosen);
        let out = world.local(&args);
        assert_code(&out, 0);
        let text = String::from_utf8(out.stdout).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0].split(sep).collect::<Vec<_>>(), heads);
        assert_eq!(lines.len(), files + 1, "{format}: {text}");
    }
    // json and ndjson: each object's keys, in order.
    let keys = |row: &Value| -> Vec<String> { row.as_object().unwrap().keys().cloned().collect() };
    let mut args = vec!["evaluations", "--format", "json"];
    args.extend(chosen);
    let rows = world.json(&args);
    assert_eq!(rows.len(), files);
    for row in &rows {
        assert_eq!(keys(row), ["rating", "name", "disagrees_with"], "{row}");
    }
    let mut args = vec!["evaluations", "--format", "ndjson"];
    args.extend(chosen);
    let out = world.local(&args);
    assert_code(&out, 0);
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let row: Value = serde_json::from_str(line).unwrap();
        assert_eq!(keys(&row), ["rating", "name", "disagrees_with"], "{row}");
    }
    // A table: the heads of the columns chosen, no other.
    let mut args = vec!["evaluations", "--format", "table"];
    args.extend(chosen);
    let out = world.local(&args);
    assert_code(&out, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    let head: Vec<&str> = text
        .lines()
        .next()
        .unwrap()
        .split("  ")
        .map(str::trim)
        .filter(|h| !h.is_empty())
        .collect();
    assert_eq!(head, ["RATING", "NAME", "DISAGREES WITH"], "{text}");
    // A workbook: the sheet's first row.
    let book = world.home.path().join("evaluations.xlsx");
    let mut args = vec!["evaluations", "-o", book.to_str().unwrap()];
    args.extend(chosen);
    assert_code(&world.local(&args), 0);
    use calamine::Reader;
    let mut workbook: calamine::Xlsx<_> = calamine::open_workbook(&book).unwrap();
    let sheet = workbook.worksheet_range("Evaluations").unwrap();
    let first: Vec<String> = sheet
        .rows()
        .next()
        .unwrap()
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(first, ["rating", "name", "disagrees_with"]);

    // --areas: its own columns.
    let out = world.local(&[
        "evaluations",
        "--areas",
        "--columns",
        "area,overall,name",
        "--format",
        "csv",
    ]);
    assert_code(&out, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().next(), Some("area,overall,name"), "{text}");

    // An unknown column: one line on standard error, a usage error, and
    // nothing on standard output.
    for args in [
        &["evaluations", "--columns", "name,size"][..],
        &["evaluations", "--areas", "--columns", "area,status"][..],
    ] {
        let out = world.local(args);
        assert_code(&out, 2);
        assert!(out.stdout.is_empty(), "{out:?}");
        let said = String::from_utf8(out.stderr).unwrap();
        assert_eq!(said.lines().count(), 1, "{said}");
        assert!(said.contains("is not a column; use "), "{said}");
    }
}

#[test]
fn one_name_per_idea_test_columns_and_overall_rating_counts() {
    let world = enriched(20);
    let dir = world.home.path().join("pes");
    save_evaluations(&world, &dir, 20, 1);
    let (code, _, said) = read(&world, &[&dir]);
    assert_eq!(code, 0, "{said}");
    // --areas names each test's column as a bank's row does (cd_test, not cd).
    let out = world.local(&["evaluations", "--areas", "--format", "csv"]);
    assert_code(&out, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().next(),
        Some(
            "sha256,file,bank_id,name,exam_date,area,overall,lending_test,investment_test,\
             service_test,cd_test,retail_lending,retail_services,cd_financing,cd_services"
        ),
        "{text}"
    );
    // stats --by a test: the group is the test's rating, the counts the
    // banks' overall ratings, and the headers say so (csv keeps its names).
    let out = world.local(&["stats", "--by", "lending_test", "--format", "tsv"]);
    assert_code(&out, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().next(),
        Some(
            "LENDING TEST\tTOTAL\tOVERALL OUTSTANDING\tOVERALL SATISFACTORY\t\
             OVERALL NEEDS TO IMPROVE\tOVERALL SUBSTANTIAL NONCOMPLIANCE\tOVERALL OTHER"
        ),
        "{text}"
    );
    let out = world.local(&["stats", "--by", "cd_test", "--format", "csv"]);
    assert_code(&out, 0);
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("group,total,outstanding,"),
    );
    // The chart on a terminal: the group column names the test, the legend
    // says what the shares are of.
    let mut cmd = world.offline();
    let out = cmd
        .env("CRA_FORCE_TTY", "1")
        .env("COLUMNS", "80")
        .args(["--color", "never", "stats", "--by", "service_test"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let chart = String::from_utf8(out.stdout).unwrap();
    assert!(chart.starts_with("SERVICE TEST "), "{chart}");
    assert!(chart.contains("overall rating:"), "{chart}");
    assert!(chart.lines().all(|l| l.chars().count() <= 80), "{chart}");
}
