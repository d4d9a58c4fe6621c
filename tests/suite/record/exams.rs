//! The public record per exam, and what the copy does not know: a row
//! about one exam shows that exam's assets, method and evaluation (a
//! change, a history's rows, each rating of `show --format json`), a row
//! about a bank its current exam's; `--active` on a copy that never read
//! BankFind is refused, and `due` and `report` say closed banks could not
//! be left out; BankFind's key is sent, never shown, and a refusal says
//! how to get one.

use serde_json::Value;

use super::enrich::{bankfind, enrich, enrich_summary, world};
use crate::common::server::{Reply, TestServer};
use crate::common::{World, assert_code};

fn enriched() -> World {
    let (world, file) = world();
    enrich_summary(&world, &file, &bankfind().url);
    world
}

/// The assets (dollars) of each exam of the Amarillo bank in the file.
const B1: [(&str, u64); 2] = [("2019-04-15", 5_600_000_000), ("2015-03-02", 4_100_000_000)];

#[test]
fn every_row_about_an_exam_has_that_exams_public_record() {
    let world = enriched();
    // changes: each record its own exam's assets, not the current one's.
    let changes = world.json(&[
        "changes",
        "--change",
        "all",
        "--enriched",
        "--format",
        "json",
    ]);
    for (date, assets) in B1 {
        let row = changes
            .iter()
            .find(|c| c["id"] == "b1" && c["exam_date"] == date)
            .unwrap_or_else(|| panic!("no change of b1 on {date}: {changes:?}"));
        assert_eq!(row["public_record"]["assets"], assets, "{row}");
        assert_eq!(row["public_record"]["fdic_cert"], 3510, "{row}");
    }
    // The evaluation is each exam's own (the Federal Reserve's addresses
    // name the exam's day).
    for date in ["2018-06-04", "2013-09-09"] {
        let row = changes
            .iter()
            .find(|c| c["id"] == "b3" && c["exam_date"] == date)
            .unwrap();
        let url = row["public_record"]["pe_url"].as_str().unwrap();
        assert!(
            url.ends_with(&format!("965789_{}", date.replace('-', ""))),
            "{row}"
        );
    }
    // An exam the file lacks: its values unknown, the bank's identifiers
    // kept.
    let newcomer = changes.iter().find(|c| c["id"] == "b4").unwrap();
    assert_eq!(
        newcomer["public_record"]["assets"],
        Value::Null,
        "{newcomer}"
    );
    // show and export --with-history: each rating object, each row.
    let shown = world.json(&[
        "--offline",
        "show",
        "b1",
        "b2",
        "--enriched",
        "--format",
        "json",
    ]);
    let ratings = shown[0]["ratings"].as_array().unwrap();
    for (date, assets) in B1 {
        let rating = ratings.iter().find(|r| r["exam_date"] == date).unwrap();
        assert_eq!(rating["public_record"]["assets"], assets, "{rating}");
    }
    assert!(
        shown[0].get("public_record").is_none(),
        "per exam, not per bank"
    );
    let out = world.local(&[
        "--offline",
        "export",
        "--with-history",
        "--state",
        "TX",
        "--columns",
        "id,exam_date,assets,exam_method",
    ]);
    assert_code(&out, 0);
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(csv.contains("b1,2019-04-15,5600000000,"), "{csv}");
    assert!(csv.contains("b1,2015-03-02,4100000000,"), "{csv}");
    // A table shows each amount as the bank's card does; files keep it
    // exact.
    let export = [
        "export",
        "--with-history",
        "--state",
        "TX",
        "--columns",
        "id,exam_date,assets",
        "--format",
    ];
    let table = world
        .offline()
        .env("CRA_FORCE_TTY", "1")
        .env("COLUMNS", "120")
        .args(export)
        .args(["table", "--color", "never"])
        .output()
        .unwrap();
    assert_code(&table, 0);
    let table = String::from_utf8(table.stdout).unwrap();
    for amount in ["$5.60B", "$4.10B"] {
        assert!(
            table.lines().any(|l| l.trim_end().ends_with(amount)),
            "{amount}: {table}"
        );
    }
    assert!(!table.contains("5,600,000,000"), "{table}");
    let tsv = world.local(&[&["--offline"][..], &export, &["tsv"]].concat());
    assert!(
        String::from_utf8(tsv.stdout)
            .unwrap()
            .contains("b1\t2019-04-15\t5600000000"),
        "tsv exact"
    );
    // A row about a bank: its current exam's.
    let banks = world.json(&["--offline", "search", "--enriched", "--format", "json"]);
    let b1 = banks.iter().find(|b| b["id"] == "b1").unwrap();
    assert_eq!(b1["public_record"]["assets"], B1[0].1, "{b1}");
}

#[test]
fn enriched_adds_only_the_columns_not_named() {
    let world = enriched();
    for args in [
        &[
            "--offline",
            "search",
            "--columns",
            "name,assets",
            "--enriched",
            "--format",
            "csv",
        ][..],
        &[
            "changes",
            "--change",
            "all",
            "--columns",
            "name,assets",
            "--enriched",
            "--format",
            "csv",
        ],
        &[
            "due",
            "--older-than",
            "1y",
            "--columns",
            "name,assets",
            "--enriched",
            "--format",
            "csv",
        ],
    ] {
        let out = world.local(args);
        assert_code(&out, 0);
        let header = String::from_utf8(out.stdout)
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .to_string();
        assert_eq!(
            header,
            "name,assets,fdic_cert,rssd_id,occ_charter,exam_method,active,pe_url,lending_test,\
             investment_test,service_test,cd_test,sb_loans,sb_lmi_share,sb_market_lmi_share,\
             sb_in_area_share,cd_loans_amount",
            "{args:?}"
        );
    }
}

#[test]
fn activity_unknown_is_said_and_never_guessed() {
    let (world, file) = world();
    let out = enrich(
        &world,
        &["--ffiec", file.to_str().unwrap(), "--no-bankfind"],
    );
    assert_code(&out, 0);
    for args in [
        &["--offline", "search", "--active"][..],
        &["stats", "--inactive"],
        &["due", "--active"],
    ] {
        let out = world.local(args);
        assert_code(&out, 2);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("which banks are active") && stderr.contains("enrich"),
            "{args:?}: {stderr}"
        );
    }
    // Piped, as a script runs them: said on standard error all the same.
    for args in [
        &["due", "--older-than", "1y", "--format", "csv"][..],
        &["report", "-o", "-"],
    ] {
        let out = world.local(args);
        assert_code(&out, 0);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("closed banks could not be left out"),
            "{args:?}: {stderr}"
        );
        let quiet = world.local(&[args, &["--quiet"]].concat());
        assert!(!String::from_utf8_lossy(&quiet.stderr).contains("closed banks"));
    }
    // With BankFind read, due says instead what it left out, piped too.
    let summary = enrich_summary(&world, &file, &bankfind().url);
    assert_eq!(summary["linked"], 4);
    let out = world.local(&["due", "--older-than", "1y", "--format", "csv"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("left out 2 banks"), "{stderr}");
}

#[test]
fn bankfinds_key_is_sent_never_shown_and_a_refusal_says_how_to_get_one() {
    const BANKFIND_KEY: &str = "bf_key_6d0c1e9a4b7f2e8d";
    let (world, file) = world();
    // A BankFind that wants a key: 403 without it.
    let keyed = TestServer::start(|_, target| {
        if target.starts_with("/history") {
            return Reply::json(200, super::enrich::NO_HISTORY);
        }
        Reply::json(
            200,
            r#"{"meta":{"total":1},"data":[{"data":{"CERT":3510,"ACTIVE":1,"NAME":"Amarillo National Bank"},"score":0}],"totals":{"count":1}}"#,
        )
    });
    let refusing = TestServer::start(|_, _| Reply::json(403, r#"{"error":"API_KEY_MISSING"}"#));
    let run = |url: &str, key: Option<&str>, more: &[&str]| {
        let mut cmd = world.home.cra();
        if let Some(key) = key {
            cmd.env("CRA_BANKFIND_KEY", key);
        }
        cmd.args([
            "enrich",
            "--ffiec",
            file.to_str().unwrap(),
            "--bankfind",
            url,
        ])
        .args(more)
        .output()
        .unwrap()
    };
    let out = run(&refusing.url, None, &[]);
    assert_code(&out, 1);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("403")
            && stderr.contains("api.data.gov")
            && stderr.contains("CRA_BANKFIND_KEY"),
        "{stderr}"
    );
    let out = run(&keyed.url, Some(BANKFIND_KEY), &["--verbose"]);
    assert_code(&out, 0);
    let sent: Vec<String> = keyed
        .seen()
        .iter()
        .filter_map(|(_, headers)| {
            headers
                .get("x-api-key")
                .map(|v| v.to_str().unwrap().to_string())
        })
        .collect();
    assert_eq!(
        sent,
        [BANKFIND_KEY, BANKFIND_KEY],
        "institutions and history"
    );
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!all.contains(BANKFIND_KEY), "{all}");
    let out = run(&refusing.url, Some(BANKFIND_KEY), &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("refused the BankFind key"), "{stderr}");
    assert!(!stderr.contains(BANKFIND_KEY), "{stderr}");
    // config show redacts it as it does the API key.
    let out = world
        .home
        .cra()
        .env("CRA_BANKFIND_KEY", BANKFIND_KEY)
        .args(["config", "show"])
        .output()
        .unwrap();
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        shown.contains("bankfind_key") && !shown.contains(BANKFIND_KEY),
        "{shown}"
    );
}
