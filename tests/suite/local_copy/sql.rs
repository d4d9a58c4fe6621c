//! `cra sql` on the local copy: it answers and refuses to write, prints the
//! schema without a copy, keeps every column and shows odd values for what
//! they are, filters through `--jq`, and stops on a signal or at
//! `--timeout`.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::common::hostile::{Hostile, against, entry};
use crate::common::{Home, World, assert_code, run, text};
#[cfg(unix)]
use crate::common::{Signal, signal_and_wait};

use super::support::synced;

#[test]
fn sql_answers_from_the_copy_and_refuses_to_write() {
    let world = World::logged(&["--banks", "800", "--seed", "6"]);
    world.sync(&[]);
    let all = world.sandbox().walk("");
    let mut expected: BTreeMap<String, u64> = BTreeMap::new();
    for bank in &all {
        *expected
            .entry(bank["state"].as_str().unwrap().to_string())
            .or_default() += 1;
    }
    let rows = world.sql("SELECT state, count(*) AS n FROM banks GROUP BY state ORDER BY state");
    let got: BTreeMap<String, u64> = rows
        .iter()
        .map(|r| {
            (
                r["state"].as_str().unwrap().to_string(),
                r["n"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, expected);

    // Rating records: one row per record of the served histories.
    let records: u64 = all
        .iter()
        .take(50)
        .map(|b| {
            let (_, detail) = world
                .sandbox()
                .get(&format!("/api/v1/banks/{}", b["id"].as_str().unwrap()));
            detail["data"]["ratings"].as_array().unwrap().len() as u64
        })
        .sum();
    let ids: Vec<String> = all
        .iter()
        .take(50)
        .map(|b| format!("'{}'", b["id"].as_str().unwrap()))
        .collect();
    let n = world.sql(&format!(
        "SELECT count(*) AS n, sum(is_current) AS current FROM ratings WHERE bank_id IN ({})",
        ids.join(",")
    ));
    assert_eq!(n[0]["n"], records);
    assert_eq!(n[0]["current"], 50);

    // Types: numbers as numbers, NULL as null; csv has the column names.
    let typed = world.sql("SELECT 1 AS one, 2.5 AS half, NULL AS empty, 'x' AS text");
    assert_eq!(
        typed[0],
        serde_json::json!({"one": 1, "half": 2.5, "empty": null, "text": "x"})
    );
    let out = run(world.home.cra().args([
        "sql",
        "SELECT id, state FROM banks ORDER BY id LIMIT 2",
        "--format",
        "csv",
    ]));
    assert_code(&out, 0);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("id,state\r\n"));

    for refused in [
        "DELETE FROM banks",
        "DROP TABLE banks",
        "UPDATE banks SET name = 'x'",
        "INSERT INTO meta VALUES ('a', 'b')",
        "SELEC * FROM banks",
        "SELECT * FROM no_such_table",
        "SELECT 1; DELETE FROM banks",
    ] {
        let out = run(world.home.cra().args(["sql", refused]));
        assert_code(&out, 2);
        let message = String::from_utf8_lossy(&out.stderr);
        assert_eq!(message.lines().count(), 1, "{message}");
        assert!(out.stdout.is_empty(), "{refused}");
    }
    let out = run(world.home.cra().args(["sql", "DELETE FROM banks"]));
    assert!(String::from_utf8_lossy(&out.stderr).contains("readonly"));
    let out = run(world.home.cra().args(["sql", "SELEC 1"]));
    assert!(String::from_utf8_lossy(&out.stderr).contains("syntax error"));
    assert_eq!(world.stored_banks(), 800, "nothing was written");
}

#[test]
fn sql_output_filters_through_jq() {
    let world = World::logged(&["--banks", "300", "--seed", "10"]);
    world.sync(&[]);
    let expected = world.sandbox().walk("&state=TX").len();
    let out = run(world.home.cra().args([
        "sql",
        "SELECT state, count(*) AS n FROM banks GROUP BY state",
        "--jq",
        r#".[] | select(.state == "TX") | .n"#,
    ]));
    assert_code(&out, 0);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        expected.to_string()
    );
    let out = run(world
        .home
        .cra()
        .args(["sql", "SELECT id FROM banks LIMIT 2", "--jq", ".[].id"]));
    assert_code(&out, 0);
    let ids: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.iter().all(|id| !id.starts_with('"')), "strings are raw");
    let out = run(world
        .home
        .cra()
        .args(["sql", "SELECT 1", "--jq", ".[", "--format", "json"]));
    assert_code(&out, 2);
}

#[test]
fn sql_schema_prints_every_table_without_a_copy() {
    let out = Home::new()
        .cra()
        .args(["sql", "--schema"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let schema = String::from_utf8(out.stdout).unwrap();
    for table in [
        "meta",
        "syncs",
        "banks",
        "ratings",
        "outbox",
        "removed_banks",
    ] {
        assert!(
            schema.contains(&format!("CREATE TABLE {table} (")),
            "{table}:\n{schema}"
        );
    }
    let man = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("man/cra-sql.1"),
    )
    .unwrap();
    assert!(
        man.contains("mirror.sqlite"),
        "the man page's FILES names the copy"
    );
}

#[test]
fn sql_json_keeps_columns_of_the_same_name() {
    let world = against(Hostile::new(vec![entry("bank-a", "ALPHA")]));
    assert!(world.run(&["sync"]).status.success());
    let query = "SELECT r.exam_date, b.exam_date, 1 AS exam_date FROM ratings r JOIN banks b ON b.id = r.bank_id";
    let out = world.run(&["sql", query, "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        rows,
        json!([{"exam_date": "2019-05-01", "exam_date:1": "2019-05-01", "exam_date:2": 1}])
    );
    let out = world.run(&["sql", query, "--format", "ndjson"]);
    assert_eq!(text(&out.stdout).trim(), rows[0].to_string());
    let out = world.run(&["sql", query, "--jq", ".[0] | keys | length"]);
    assert_eq!(text(&out.stdout).trim(), "3", "{}", text(&out.stderr));
}

/// A query that runs until stopped, printing nothing.
const ENDLESS: &str =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c";

/// Runs `cra ARGS` in `world`, sends `signal` after a moment, and returns
/// the exit code and standard error, failing if it takes over 10 s.
#[cfg(unix)]
fn signalled(world: &World, args: &[&str], signal: Signal) -> (Option<i32>, String) {
    let mut cmd = world.home.cra_std();
    cmd.env("CRA_MIRROR", world.mirror()).args(args);
    signal_and_wait(cmd, args, signal)
}

#[cfg(unix)]
#[test]
fn sql_stops_on_ctrl_c_sigterm_and_sighup() {
    let world = synced();
    for signal in [Signal::INT, Signal::TERM, Signal::HUP] {
        let (code, stderr) = signalled(&world, &["sql", ENDLESS], signal);
        assert_eq!(code, Some(130), "{signal:?}: {stderr}");
        assert!(stderr.contains("interrupted"), "{stderr}");
    }
}

#[test]
fn sql_timeout_bounds_a_query() {
    let world = synced();
    let started = std::time::Instant::now();
    let out = world.run(&["sql", ENDLESS, "--timeout", "1s"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("ran longer than --timeout 1 s"), "{stderr}");
    assert!(started.elapsed() < std::time::Duration::from_secs(8));
    // A quick query is not bounded by the default request timeout.
    let out = world.run(&["sql", "SELECT count(*) AS n FROM banks", "--timeout", "5s"]);
    assert_eq!(text(&out.stdout), "n\n3\n", "{}", text(&out.stderr));
}

#[test]
fn sql_reads_pragmas_and_shows_blobs_infinities_and_odd_names_for_what_they_are() {
    let world = against(Hostile::new(vec![
        entry("b1", "EVIL \u{202E}KNAB\u{1b}[2J\u{2028}FORGED\u{2029}LINE"),
        entry("b2", "PLAIN"),
    ]));
    assert!(world.run(&["sync"]).status.success());
    let out = world.run(&["sql", "PRAGMA journal_mode", "--format", "tsv"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("journal_mode\n"));
    // Setting it is still refused.
    let out = world.run(&["sql", "PRAGMA journal_mode = delete"]);
    assert_eq!(out.status.code(), Some(2));
    let out = world.run(&[
        "sql",
        "SELECT x'4142' AS b, 9e999 AS inf, -9e999 AS ninf, NULL AS n",
        "--format",
        "json",
    ]);
    let rows: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        rows,
        json!([{"b": "x'4142'", "inf": "Inf", "ninf": "-Inf", "n": null}])
    );
    // No control or bidi character reaches a table, in cells or headers.
    for args in [
        vec![
            "sql",
            "SELECT name AS \"x\u{1b}[31my\u{202E}z\" FROM banks",
            "--format",
            "table",
        ],
        vec![
            "sql",
            "SELECT name AS \"x\u{1b}[31my\u{202E}z\" FROM banks",
            "--format",
            "tsv",
        ],
        vec!["--offline", "search", "--format", "table"],
        vec!["--offline", "show", "b1", "--format", "table"],
    ] {
        let out = world.run(&args);
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert!(
            !stdout.contains(['\u{202E}', '\u{1b}', '\u{2028}', '\u{2029}']),
            "{args:?}: {stdout:?}"
        );
        assert!(stdout.contains("\\u{202e}"), "{args:?}: {stdout:?}");
    }
}

/// A table or column the copy has not points at what it has (issue 48,
/// item 17): the table meant (`bank`: `banks`), else the copy's tables,
/// and `cra sql --schema`; a usage error, one line.
#[test]
fn sql_of_a_table_the_copy_has_not_points_at_what_it_has() {
    let world = World::new(&["--banks", "20"]);
    world.sync(&[]);
    for (query, says) in [
        (
            "SELECT * FROM bank",
            "no such table: bank (did you mean banks? cra sql --schema shows every table and its columns)",
        ),
        (
            "SELECT * FROM xyzzy",
            // In name order: the lending data's tables come before banks.
            "no such table: xyzzy (the copy's tables: assessment_areas, banks, ",
        ),
        (
            "SELECT nme FROM banks",
            "no such column: nme (cra sql --schema shows each table's columns)",
        ),
    ] {
        let out = world.run(&["sql", query]);
        assert_code(&out, 2);
        let said = text(&out.stderr);
        assert!(said.contains(says), "{query}: {said}");
        assert_eq!(said.trim().lines().count(), 1, "{said}");
    }
}
