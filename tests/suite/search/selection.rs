//! One selection, every reader: each flag that selects banks, alone and
//! with others, given to every command that selects banks, selects exactly
//! the banks `search --all` selects (online and offline; export; due; the
//! counts of `stats`, of `stats --exams`, of `stats --gaps`; `changes`;
//! the report's total). A reader that dropped a filter (as `stats --gaps`
//! once dropped `--assets`) fails here.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::common::{World, assert_code};

/// A sandbox of a few hundred banks, synced and enriched from its own
/// public record, with a watch list of some of them.
fn world() -> World {
    let world = World::new(&["--banks", "400"]);
    assert_code(&world.run(&["sync"]), 0);
    let url = world.url().to_string();
    let out = world.local(&[
        "enrich",
        "--ffiec",
        &format!("{url}/ffiec/craratng.zip"),
        "--bankfind",
        &format!("{url}/bankfind/institutions"),
    ]);
    assert_code(&out, 0);
    let some: Vec<String> = world
        .sql("SELECT id FROM banks ORDER BY id LIMIT 40")
        .iter()
        .step_by(3)
        .map(|row| row["id"].as_str().unwrap().to_string())
        .collect();
    let mut args = vec!["--offline", "watch", "add", "some"];
    args.extend(some.iter().map(String::as_str));
    assert_code(&world.local(&args), 0);
    world
}

/// The flags of one selection, and whether each tests the exam a row is
/// about (rather than the bank).
struct Case {
    flags: &'static [&'static str],
    /// Of the exam: the current one for a bank, each record's for records.
    exam: bool,
    /// The public record's: the local copy only.
    public: bool,
}

const CASES: &[Case] = &[
    Case {
        flags: &["BANK"],
        exam: false,
        public: false,
    },
    Case {
        flags: &["--state", "TX"],
        exam: false,
        public: false,
    },
    Case {
        flags: &["--size", "small"],
        exam: true,
        public: false,
    },
    Case {
        flags: &["--rating", "sat"],
        exam: true,
        public: false,
    },
    Case {
        flags: &["--rating", "out", "--rating", "nti"],
        exam: true,
        public: false,
    },
    Case {
        flags: &["--regulator", "fdic"],
        exam: false,
        public: false,
    },
    Case {
        flags: &["--city", "a"],
        exam: false,
        public: false,
    },
    Case {
        flags: &["--exam-since", "2018", "--exam-until", "2023"],
        exam: true,
        public: false,
    },
    Case {
        flags: &["--watch", "some"],
        exam: false,
        public: false,
    },
    Case {
        flags: &["--failed-last", "1"],
        exam: false,
        public: false,
    },
    Case {
        flags: &["--assets", "100M.."],
        exam: false,
        public: true,
    },
    Case {
        flags: &["--exam-method", "Small Bank"],
        exam: false,
        public: true,
    },
    Case {
        flags: &["--active"],
        exam: false,
        public: true,
    },
    Case {
        flags: &["--inactive"],
        exam: false,
        public: true,
    },
    Case {
        flags: &["--state", "TX", "--regulator", "occ", "--assets", "..1B"],
        exam: false,
        public: true,
    },
];

fn json(world: &World, args: &[&str]) -> Value {
    let out = world.local(args);
    assert_code(&out, 0);
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

fn ids(rows: &Value, key: &str) -> BTreeSet<String> {
    rows.as_array()
        .unwrap()
        .iter()
        .map(|row| row[key].as_str().unwrap().to_string())
        .collect()
}

/// Every rating record of the copy: bank id, date, exam type, rating.
fn records(world: &World) -> Vec<(String, String, String, String)> {
    world
        .sql("SELECT bank_id, exam_date, exam_type, rating FROM ratings ORDER BY bank_id, exam_date, seq DESC")
        .iter()
        .map(|r| {
            let text = |k: &str| r[k].as_str().unwrap().to_string();
            (text("bank_id"), text("exam_date"), text("exam_type"), text("rating"))
        })
        .collect()
}

/// `args`, then the selection's `flags`.
fn with<'a>(flags: &[&'a str], args: &[&'a str]) -> Vec<&'a str> {
    [args, flags].concat()
}

#[test]
fn every_reader_selects_exactly_the_banks_search_selects() {
    let world = world();
    let name = world.sql("SELECT name FROM banks ORDER BY id LIMIT 1")[0]["name"]
        .as_str()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .to_string();
    let all_records = records(&world);
    for case in CASES {
        let flags: Vec<&str> = case
            .flags
            .iter()
            .map(|f| if *f == "BANK" { name.as_str() } else { f })
            .collect();
        let what = flags.join(" ");

        // The reference: the local copy's search, every page.
        let searched = json(
            &world,
            &with(
                &flags,
                &["--offline", "search", "--all", "--format", "json"],
            ),
        );
        let selected = ids(&searched, "id");
        let examined: BTreeSet<String> = searched
            .as_array()
            .unwrap()
            .iter()
            .filter(|b| !b["current_rating"].is_null())
            .map(|b| b["id"].as_str().unwrap().to_string())
            .collect();
        assert!(
            !selected.is_empty(),
            "{what}: selects nothing, which proves nothing"
        );

        let exported = json(
            &world,
            &with(&flags, &["--offline", "export", "--format", "json"]),
        );
        assert_eq!(ids(&exported, "id"), selected, "export {what}");
        if !case.public {
            let online = world
                .cra()
                .args(with(&flags, &["search", "--all", "--format", "json"]))
                .output()
                .unwrap();
            assert_code(&online, 0);
            let online: Value = serde_json::from_slice(&online.stdout).unwrap();
            assert_eq!(ids(&online, "id"), selected, "search online {what}");
        }

        let due = json(
            &world,
            &with(
                &flags,
                &[
                    "due",
                    "--older-than",
                    "0d",
                    "--include-inactive",
                    "--format",
                    "json",
                ],
            ),
        );
        assert_eq!(ids(&due, "id"), examined, "due {what}");

        let stats = json(&world, &with(&flags, &["stats", "--format", "json"]));
        assert_eq!(stats[0]["total"], selected.len() as u64, "stats {what}");

        let report = world.home.path().join("r.html");
        let out = world.local(&with(&flags, &["report", "-o", report.to_str().unwrap()]));
        assert_code(&out, 0);
        let page = std::fs::read_to_string(&report).unwrap();
        let total = format!("{} banks", selected.len());
        assert!(page.contains(&total), "report {what}: no '{total}'");

        // Records: each of the selected banks' when the flags are the
        // bank's; those of every bank whose own exam passes otherwise.
        let changes = json(
            &world,
            &with(&flags, &["changes", "--change", "all", "--format", "json"]),
        );
        let exams = json(
            &world,
            &with(&flags, &["stats", "--exams", "--format", "json"]),
        );
        let gaps = json(
            &world,
            &with(&flags, &["stats", "--gaps", "--format", "json"]),
        );
        let counted = |rows: &Value, key: &str| -> u64 {
            rows.as_array()
                .unwrap()
                .iter()
                .map(|r| r[key].as_u64().unwrap())
                .sum()
        };
        assert_eq!(
            changes.as_array().unwrap().len() as u64,
            counted(&exams, "total"),
            "changes and stats --exams {what}"
        );
        if !case.exam {
            let of_selected: Vec<&(String, String, String, String)> = all_records
                .iter()
                .filter(|r| selected.contains(&r.0))
                .collect();
            assert_eq!(
                counted(&exams, "total"),
                of_selected.len() as u64,
                "stats --exams {what}"
            );
            assert_eq!(
                ids(&changes, "id"),
                of_selected.iter().map(|r| r.0.clone()).collect(),
                "changes {what}"
            );
            // An interval follows every exam of a bank but its last.
            let mut by_bank: BTreeMap<&str, u64> = BTreeMap::new();
            for record in &of_selected {
                *by_bank.entry(&record.0).or_default() += 1;
            }
            let intervals: u64 = by_bank.values().map(|n| n - 1).sum();
            assert_eq!(
                counted(&gaps, "intervals"),
                intervals,
                "stats --gaps {what}"
            );
        }
    }
}
