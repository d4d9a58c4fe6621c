//! `cra due` against a copy synced from the real sandbox: the banks it
//! lists are exactly those whose current exam is older than the README's
//! table of expected intervals says (worked out here independently from
//! `cra sql`), most overdue first; `--older-than` and the filters. Each
//! reckons to a day of its own (`--as-of`), so it passes on any day.

use serde_json::Value;

use crate::common::{Home, Sandbox, assert_code};

fn synced(banks: &str) -> (Home, Sandbox) {
    let home = Home::new();
    let sandbox = Sandbox::start(&["--banks", banks]);
    let out = home
        .cra()
        .env("CRA_BASE_URL", &sandbox.url)
        .env("CRA_API_KEY", "sandbox_active")
        .arg("sync")
        .output()
        .unwrap();
    assert_code(&out, 0);
    (home, sandbox)
}

fn json(home: &Home, args: &[&str]) -> Vec<Value> {
    let out = home
        .cra()
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The README's table.
fn expected(exam_type: &str, rating: &str) -> i64 {
    let rank = [
        "Outstanding",
        "Satisfactory",
        "Needs to Improve",
        "Substantial Noncompliance",
    ]
    .iter()
    .position(|r| *r == rating);
    match (exam_type, rank) {
        ("Small Bank" | "Intermediate Small Bank", Some(r)) => [60, 48, 24, 12][r],
        ("Large Bank", Some(r)) => [36, 36, 24, 12][r],
        _ => 36,
    }
}

/// The day the tests reckon to (`--as-of`), whatever today is.
const AS_OF: &str = "2027-06-30";

fn as_of() -> jiff::civil::Date {
    AS_OF.parse().unwrap()
}

fn months(from: &str, to: jiff::civil::Date) -> i64 {
    let from: jiff::civil::Date = from.parse().unwrap();
    i64::from(from.until((jiff::Unit::Month, to)).unwrap().get_months())
}

#[test]
fn due_lists_exactly_the_banks_past_their_expected_interval_most_overdue_first() {
    let (home, _sandbox) = synced("700");
    let today = as_of();
    let banks = json(
        &home,
        &[
            "sql",
            // Banks last examined under the OTS are left out (closed in 2011).
            "SELECT id, rating, exam_date, exam_type FROM banks WHERE exam_date IS NOT NULL AND regulator <> 'OTS'",
        ],
    );
    let mut want: Vec<(String, i64)> = banks
        .iter()
        .filter_map(|b| {
            let since = months(b["exam_date"].as_str()?, today);
            let overdue = since - expected(b["exam_type"].as_str()?, b["rating"].as_str()?);
            (overdue >= 0).then(|| (b["id"].as_str().unwrap().to_string(), overdue))
        })
        .collect();
    want.sort_by_key(|(id, overdue)| (-overdue, id.clone()));
    let rows = json(&home, &["due", "--as-of", AS_OF]);
    // A month stands for its last day.
    assert_eq!(json(&home, &["due", "--as-of", "2027-06"]), rows);
    assert!(
        !rows.is_empty() && rows.len() < banks.len(),
        "{} of {}",
        rows.len(),
        banks.len()
    );
    let mut got: Vec<(String, i64)> = rows
        .iter()
        .map(|r| {
            (
                r["id"].as_str().unwrap().to_string(),
                r["overdue_months"].as_i64().unwrap(),
            )
        })
        .collect();
    // Most overdue first.
    assert!(got.windows(2).all(|w| w[0].1 >= w[1].1));
    for r in &rows {
        assert_eq!(
            r["overdue_months"].as_i64().unwrap(),
            r["months_since"].as_i64().unwrap() - r["expected_months"].as_i64().unwrap()
        );
    }
    got.sort_by_key(|(id, overdue)| (-overdue, id.clone()));
    assert_eq!(got, want);

    let out = home
        .cra()
        .args(["due", "--format", "csv", "--as-of", AS_OF])
        .env("CRA_FORCE_TTY", "1")
        .output()
        .unwrap();
    assert!(
        String::from_utf8_lossy(&out.stderr).contains(&format!(
            "{} banks probably due or overdue on {AS_OF}",
            rows.len()
        )),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with(
        "id,name,city,state,regulator,rating,exam_date,exam_type,months_since,expected_months,overdue_months\r\n"
    ));
}

#[test]
fn older_than_replaces_the_table_and_the_filters_apply() {
    let (home, _sandbox) = synced("700");
    let today = as_of();
    let rows = json(
        &home,
        &[
            "due",
            "--older-than",
            "10y",
            "--state",
            "tx",
            "--as-of",
            AS_OF,
        ],
    );
    let all = json(
        &home,
        &[
            "sql",
            "SELECT exam_date FROM banks WHERE state = 'TX' AND exam_date IS NOT NULL AND regulator <> 'OTS'",
        ],
    );
    let old = all
        .iter()
        .filter(|b| months(b["exam_date"].as_str().unwrap(), today) >= 120)
        .count();
    assert!(old > 0);
    assert_eq!(rows.len(), old);
    assert!(
        rows.iter()
            .all(|r| r["expected_months"] == 120 && r["state"] == "TX")
    );
    let nti = json(&home, &["due", "--rating", "nti", "--regulator", "fdic"]);
    assert!(!nti.is_empty());
    assert!(
        nti.iter()
            .all(|r| r["rating"] == "Needs to Improve" && r["regulator"] == "FDIC")
    );
    let out = home
        .cra()
        .args(["due", "--columns", "name,overdue_months", "--format", "tsv"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("NAME\tOVERDUE\n"));
    let out = home
        .cra()
        .args(["due", "--older-than", "2099"])
        .output()
        .unwrap();
    assert_code(&out, 2);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--older-than: 2099-01-01 is in the future")
    );
}
