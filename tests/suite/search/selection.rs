//! One selection, every reader: each flag that selects banks, alone and
//! with others, given to every command that selects banks, selects exactly
//! the banks `search --all` selects (online and offline; export; due; the
//! counts of `stats`, of `stats --exams`, of `stats --gaps`; `changes`;
//! the report's total). A reader that dropped a filter (as `stats --gaps`
//! once dropped `--assets`) fails here.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use crate::common::{World, assert_code, stderr};

/// A sandbox of a few hundred banks, synced and enriched from its own
/// public record, with a watch list of some of them.
fn world() -> World {
    let world = crate::common::enriched(400);
    let some: Vec<String> = world
        .sql("SELECT id FROM banks ORDER BY id LIMIT 40")
        .iter()
        .step_by(3)
        .map(|row| row["id"].as_str().unwrap().to_string())
        .collect();
    let mut args = vec!["--offline", "watch", "add", "some"];
    args.extend(some.iter().map(String::as_str));
    assert_code(&world.local(&args), 0);
    // The evaluations of the current and previous exams of half the banks.
    let dir = world.home.path().join("evaluations");
    crate::suite::record::evaluations::save_evaluations(&world, &dir, 200, 2);
    let out = world.local(&["enrich", "--pe", dir.to_str().unwrap()]);
    assert_code(&out, 0);
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
    Case {
        flags: &["--test", "lending=satisfactory"],
        exam: true,
        public: true,
    },
    Case {
        flags: &[
            "--test",
            "lending=high-satisfactory",
            "--test",
            "service=low-sat",
        ],
        exam: true,
        public: true,
    },
    Case {
        flags: &[
            "--test",
            "lending=high-satisfactory",
            "--test",
            "lending=low-satisfactory",
        ],
        exam: true,
        public: true,
    },
    Case {
        flags: &[
            "--test",
            "lending=high-sat,low-sat",
            "--test",
            "service=out",
        ],
        exam: true,
        public: true,
    },
    Case {
        flags: &["--test", "cd=satisfactory"],
        exam: true,
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
    // The banks that ended (merged or failed), by every reader that lists
    // them: each selection's are those of its banks.
    let endings = |flags: &[&str]| -> BTreeSet<String> {
        let rows = json(
            &world,
            &with(
                flags,
                &[
                    "changes", "--change", "merged", "--change", "failed", "--format", "json",
                ],
            ),
        );
        ids(&rows, "id")
    };
    let ended = endings(&[]);
    assert!(!ended.is_empty(), "no bank ended, which proves nothing");
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
        if !case.exam {
            let wanted: BTreeSet<String> = ended.intersection(&selected).cloned().collect();
            assert_eq!(
                endings(&flags),
                wanted,
                "changes --change merged,failed {what}"
            );
        }
        if !case.public {
            let online = world
                .cra()
                .args(with(&flags, &["export", "--format", "json"]))
                .output()
                .unwrap();
            assert_code(&online, 0);
            let online: Value = serde_json::from_slice(&online.stdout).unwrap();
            assert_eq!(ids(&online, "id"), selected, "export online {what}");
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

/// The commands that take one bank by name narrow it with `--state`
/// through the same selection: `show`, `lineage` and `watch add` find, in
/// a state, the bank `search` lists there by that name.
#[test]
fn a_name_is_narrowed_to_a_state_as_search_narrows_it() {
    let world = world();
    // A name two banks share, in two states.
    let shared = world.sql(
        "SELECT a.name, a.state AS a_state, a.id AS a_id FROM banks a \
         JOIN banks b ON b.name = a.name AND b.state <> a.state \
         WHERE a.name LIKE '% %' ORDER BY a.name LIMIT 1",
    );
    let Some(shared) = shared.first() else {
        panic!("no name shared across states in the sandbox");
    };
    let text = |k: &str| shared[k].as_str().unwrap().to_string();
    let (name, state, id) = (text("name"), text("a_state"), text("a_id"));
    let searched = json(
        &world,
        &[
            "--offline",
            "search",
            &name,
            "--state",
            &state,
            "--all",
            "--format",
            "json",
        ],
    );
    assert!(ids(&searched, "id").contains(&id));
    // Unnarrowed, the name is ambiguous (exit 2 listing them).
    assert_code(&world.local(&["--offline", "show", &name]), 2);
    for args in [
        &[
            "--offline",
            "show",
            &name,
            "--state",
            &state,
            "--format",
            "json",
        ][..],
        &["lineage", &name, "--state", &state, "--format", "json"],
        &[
            "--offline",
            "watch",
            "add",
            "narrowed",
            &name,
            "--state",
            &state,
        ],
    ] {
        let out = world.local(args);
        assert_code(&out, 0);
    }
    let shown = json(
        &world,
        &[
            "--offline",
            "show",
            &name,
            "--state",
            &state,
            "--format",
            "json",
        ],
    );
    assert_eq!(shown["id"], id.as_str());
    let watched = json(
        &world,
        &[
            "--offline",
            "search",
            "--watch",
            "narrowed",
            "--all",
            "--format",
            "json",
        ],
    );
    assert_eq!(ids(&watched, "id"), BTreeSet::from([id]));
}

/// Nothing matches: every command that selects banks says so in the same
/// words, `no banks match:` and the filters (its own after the
/// selection's), on a terminal; `export`, whose summary is said piped too,
/// the same. A page or a chart is still written.
#[test]
fn every_selecting_command_says_no_banks_match_in_one_wording() {
    let world = world();
    let selection = "state TX, city containing \"zzzzqq\"";
    let cases: [(&[&str], String); 8] = [
        (
            &["--offline", "search"],
            format!("no banks match: {selection}"),
        ),
        (&["search"], format!("no banks match: {selection}")),
        (
            &["--offline", "export"],
            format!("no banks match: {selection}"),
        ),
        (
            &["changes"],
            format!("no banks match: {selection}, change upgrade or downgrade"),
        ),
        (
            &["stats", "--by", "state"],
            format!("no banks match: {selection}"),
        ),
        (&["stats", "--gaps"], format!("no banks match: {selection}")),
        (
            &["due"],
            format!("no banks match: {selection}, probably due by the exam cycles"),
        ),
        (
            &["report", "-o", "-"],
            format!("no banks match: {selection}"),
        ),
    ];
    for (args, said) in cases {
        let out = world
            .cra()
            .args(args)
            .args(["--state", "TX", "--city", "zzzzqq"])
            .env("CRA_FORCE_TTY", "1")
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        assert_code(&out, 0);
        let stderr = crate::common::stderr(&out);
        assert!(
            // Online, what it cost may follow (` · filtered here ...`).
            stderr
                .lines()
                .any(|line| line == said || line.starts_with(&format!("{said} · "))),
            "{args:?}: wanted {said:?} on a line of its own in:\n{stderr}"
        );
    }
}

/// A workbook's `About` sheet words each flag by what it means in that
/// command: `--since` bounds the day a bank ended for `changes --change
/// merged`, `--new` selects the records the last sync added, and `due`'s
/// sheet says how many banks it left out.
#[test]
fn about_sheets_word_each_flag_by_what_it_means_in_the_command() {
    use calamine::{Data, Reader, Xlsx, open_workbook};
    let world = world();
    let fact = |args: &[&str], name: &str| -> String {
        let path = world.home.path().join("about.xlsx");
        let out = world.local(&[args, &["-o", path.to_str().unwrap()]].concat());
        assert_code(&out, 0);
        let mut book: Xlsx<_> = open_workbook(&path).unwrap();
        let about = book.worksheet_range("About").unwrap();
        about
            .rows()
            .find(|row| row[0] == Data::String(name.into()))
            .map(|row| row[1].to_string())
            .unwrap_or_default()
    };
    let merged = fact(
        &["changes", "--change", "merged", "--since", "2020-01-01"],
        "Filters",
    );
    assert_eq!(merged, "ended since 2020-01-01, change merged");
    let mixed = fact(
        &[
            "changes",
            "--change",
            "merged",
            "--change",
            "upgrade",
            "--since",
            "2020-01-01",
        ],
        "Filters",
    );
    assert_eq!(
        mixed,
        "exam or ending since 2020-01-01, change merged or upgrade"
    );
    let records = fact(&["changes", "--since", "2020-01-01"], "Filters");
    assert_eq!(
        records,
        "exam since 2020-01-01, change upgrade or downgrade"
    );
    let new = fact(&["changes", "--new"], "Filters");
    assert_eq!(
        new,
        "only the rating records the last sync added (--new), change upgrade or downgrade"
    );
    let failing = fact(&["search", "--offline", "--failed-last", "1"], "Filters");
    assert_eq!(failing, "failed their last exam");
    let left_out = fact(&["due"], "Left out");
    assert!(
        left_out.starts_with("left out ") && left_out.contains("(--include-inactive keeps them)"),
        "{left_out}"
    );
    let due_filters = fact(&["due", "--as-of", "2027-03-31"], "Filters");
    assert_eq!(
        due_filters,
        "probably due by the exam cycles, as of 2027-03-31"
    );
}

/// `stats` says what its figures count where a reader would misread them
/// (issue 48, item 19): exams counted under a filter of each bank's
/// current public record, and gaps by year, whose latest years hold only
/// the exams already followed by another; piped too, and not otherwise.
#[test]
fn stats_says_what_its_filters_and_gaps_by_year_count() {
    let world = world();
    let said = |args: &[&str]| {
        let out = world.local(args);
        assert_code(&out, 0);
        stderr(&out)
    };
    let public = "note: --assets selects banks by the public record of their current exam";
    for args in [
        &["stats", "--exams", "--assets", "1B.."][..],
        &["stats", "--by", "year", "--assets", "1B.."],
        &["stats", "--gaps", "--assets", "1B.."],
    ] {
        assert!(said(args).contains(public), "{args:?}");
    }
    let both = said(&[
        "stats",
        "--exams",
        "--assets",
        "1B..",
        "--exam-method",
        "large",
    ]);
    assert!(
        both.contains("note: --assets and --exam-method select banks by the public record"),
        "{both}"
    );
    assert!(!said(&["stats", "--assets", "1B.."]).contains("note: --assets"));
    let year = "note: a year's gaps are those of its exams already followed by another";
    assert!(said(&["stats", "--gaps", "--by", "year"]).contains(year));
    assert!(!said(&["stats", "--gaps", "--by", "regulator"]).contains("note: a year"));
}
