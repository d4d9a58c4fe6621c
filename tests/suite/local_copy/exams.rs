//! Exams counted as published studies count them, from a copy synced from
//! the real sandbox and checked against the served histories worked out
//! here: `stats --exams` (every record by its own exam type and date,
//! whatever `--by`), `stats --gaps` (months from each exam to the next),
//! `changes --change repeat-fail` (a failing record after a failing one).

use std::collections::BTreeMap;

use serde_json::Value;

use crate::common::{World, assert_code};

use super::support::{RATINGS, s};

const FAILING: [&str; 2] = ["Needs to Improve", "Substantial Noncompliance"];

/// Counts by group: total, then the four ratings and other.
type Counts = BTreeMap<String, [u64; 6]>;

fn tally(counts: &mut Counts, group: &str, rating: &str) {
    let entry = counts.entry(group.to_string()).or_default();
    entry[0] += 1;
    entry[1 + RATINGS.iter().position(|r| *r == rating).unwrap_or(4)] += 1;
}

fn as_counts(rows: &[Value]) -> Counts {
    let keys = [
        "total",
        "outstanding",
        "satisfactory",
        "needs_to_improve",
        "substantial_noncompliance",
        "other",
    ];
    rows.iter()
        .map(|r| (s(&r["group"]), keys.map(|k| r[k].as_u64().unwrap())))
        .collect()
}

/// A bank's records oldest first (of one date: the later served first, as
/// the service lists newest first).
fn oldest_first(bank: &Value) -> Vec<Value> {
    let mut records: Vec<Value> = bank["ratings"].as_array().unwrap().clone();
    records.reverse();
    records.sort_by(|a, b| s(&a["exam_date"]).cmp(&s(&b["exam_date"])));
    records
}

fn months(from: &str, to: &str) -> i64 {
    let (from, to): (jiff::civil::Date, jiff::civil::Date) =
        (from.parse().unwrap(), to.parse().unwrap());
    i64::from(from.until((jiff::Unit::Month, to)).unwrap().get_months())
}

#[test]
fn exams_gaps_and_repeat_failures_are_what_the_histories_hold() {
    let world = World::new(&["--banks", "900", "--seed", "17"]);
    world.sync(&[]);
    let details = world.sandbox().details("");

    // --exams: every record, by its own exam type and year, under the
    // bank's state and regulator, whatever --by; the period bounds them.
    let mut by: BTreeMap<&str, Counts> = BTreeMap::new();
    let mut period = Counts::new();
    for bank in &details {
        for r in bank["ratings"].as_array().unwrap() {
            let (rating, date) = (s(&r["rating"]), s(&r["exam_date"]));
            tally(by.entry("all").or_default(), "all", &rating);
            tally(by.entry("state").or_default(), &s(&bank["state"]), &rating);
            tally(
                by.entry("regulator").or_default(),
                &s(&bank["regulator"]),
                &rating,
            );
            tally(by.entry("size").or_default(), &s(&r["exam_type"]), &rating);
            tally(by.entry("year").or_default(), &date[..4], &rating);
            if ("2010-01-01".."2021-01-01").contains(&date.as_str()) {
                tally(&mut period, &s(&r["exam_type"]), &rating);
            }
        }
    }
    assert_eq!(
        as_counts(&world.json(&["stats", "--exams", "--format", "json"])),
        by["all"]
    );
    for group in ["state", "regulator", "size", "year"] {
        assert_eq!(
            as_counts(&world.json(&["stats", "--exams", "--by", group, "--format", "json"])),
            by[group],
            "--exams --by {group}"
        );
    }
    assert_eq!(
        world.json(&["stats", "--exams", "--by", "year", "--format", "json"]),
        world.json(&["stats", "--by", "year", "--format", "json"]),
        "--by year always counts exams"
    );
    assert_eq!(
        as_counts(&world.json(&[
            "stats",
            "--exams",
            "--by",
            "size",
            "--exam-since",
            "2010",
            "--exam-until",
            "2020",
            "--format",
            "json"
        ])),
        period
    );
    // Banks still count banks.
    assert_eq!(
        world.json(&["stats", "--format", "json"])[0]["total"],
        details.len()
    );

    // --gaps: the months from each record to the bank's next, under the
    // record's exam type; nearest-rank percentiles.
    let mut gaps: BTreeMap<String, Vec<i64>> = BTreeMap::new();
    let mut repeat: Vec<(String, String)> = Vec::new();
    for bank in &details {
        let records = oldest_first(bank);
        for pair in records.windows(2) {
            gaps.entry(s(&pair[0]["exam_type"]))
                .or_default()
                .push(months(&s(&pair[0]["exam_date"]), &s(&pair[1]["exam_date"])));
            if FAILING.contains(&pair[0]["rating"].as_str().unwrap())
                && FAILING.contains(&pair[1]["rating"].as_str().unwrap())
            {
                repeat.push((s(&bank["id"]), s(&pair[1]["exam_date"])));
            }
        }
    }
    let rows = world.json(&["stats", "--gaps", "--by", "size", "--format", "json"]);
    assert_eq!(rows.len(), gaps.len());
    for row in &rows {
        let mut months = gaps[&s(&row["group"])].clone();
        months.sort_unstable();
        let at = |p: usize| months[(p * months.len()).div_ceil(100).max(1) - 1];
        assert_eq!(row["intervals"], months.len(), "{row}");
        for (key, p) in [
            ("p10", 10),
            ("p25", 25),
            ("median", 50),
            ("p75", 75),
            ("p90", 90),
        ] {
            assert_eq!(row[key], at(p), "{key} of {row}");
        }
        let mean = months.iter().sum::<i64>() as f64 / months.len() as f64;
        assert!(
            (row["mean"].as_f64().unwrap() - mean).abs() <= 0.05,
            "{row}"
        );
    }
    let out = world.local(&[
        "stats",
        "--gaps",
        "--by",
        "regulator,year",
        "--format",
        "csv",
    ]);
    assert_code(&out, 0);
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .starts_with("group,subgroup,intervals,mean,p10,p25,median,p75,p90\r\n")
    );
    assert_code(&world.local(&["stats", "--gaps", "--percent"]), 2);

    // --change repeat-fail: each failing record after a failing one, its
    // own kind kept; with another kind, both.
    let rows = world.json(&["changes", "--change", "repeat-fail", "--format", "json"]);
    let mut got: Vec<(String, String)> = rows
        .iter()
        .map(|r| {
            assert!(FAILING.contains(&r["rating"].as_str().unwrap()), "{r}");
            assert!(
                FAILING.contains(&r["previous_rating"].as_str().unwrap()),
                "{r}"
            );
            assert!(
                ["same", "upgrade", "downgrade"].contains(&r["change"].as_str().unwrap()),
                "{r}"
            );
            (s(&r["id"]), s(&r["exam_date"]))
        })
        .collect();
    got.sort();
    repeat.sort();
    assert!(!repeat.is_empty());
    assert_eq!(got, repeat);
    let with_upgrades = world.json(&[
        "changes",
        "--change",
        "repeat-fail",
        "--change",
        "upgrade",
        "--format",
        "json",
    ]);
    let upgrades = world.json(&["changes", "--change", "upgrade", "--format", "json"]);
    let both = upgrades
        .iter()
        .filter(|r| {
            FAILING.contains(&r["rating"].as_str().unwrap())
                && FAILING.contains(&r["previous_rating"].as_str().unwrap_or(""))
        })
        .count();
    assert_eq!(with_upgrades.len(), rows.len() + upgrades.len() - both);
}
