//! `cra changes` from a copy synced from the real sandbox, checked against
//! what the served histories imply: every change and its kind, `--new`
//! across an interrupted sync and the one that finished it, the date forms
//! and repeated regulators.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

#[cfg(unix)]
use crate::common::{ACTIVE_KEY, Service};
use crate::common::{World, assert_code, synced};

use super::support::{RATINGS, s};

/// One expected row of `cra changes`, in its json shape.
#[derive(Debug, Clone)]
struct Expected {
    json: Value,
    /// The record's place in the served history (newest first).
    seq: usize,
}

impl Expected {
    fn get(&self, key: &str) -> String {
        self.json[key].as_str().unwrap_or_default().to_string()
    }
}

fn kind(previous: Option<&str>, rating: &str) -> &'static str {
    let Some(previous) = previous else {
        return "first";
    };
    let rank = |r: &str| RATINGS.iter().position(|x| *x == r);
    match (rank(previous), rank(rating)) {
        (Some(a), Some(b)) if b < a => "upgrade",
        (Some(a), Some(b)) if b > a => "downgrade",
        (Some(_), Some(_)) => "same",
        _ => "other",
    }
}

/// Every rating record with its previous one (by exam date; on one date,
/// the record served later is the earlier), newest first, then by name, id.
fn expected_changes(details: &[Value]) -> Vec<Expected> {
    let mut rows = Vec::new();
    for bank in details {
        let ratings = bank["ratings"].as_array().unwrap();
        let mut order: Vec<usize> = (0..ratings.len()).collect();
        order.sort_by(|&a, &b| {
            s(&ratings[a]["exam_date"])
                .cmp(&s(&ratings[b]["exam_date"]))
                .then(b.cmp(&a))
        });
        let mut previous: Option<String> = None;
        for seq in order {
            let r = &ratings[seq];
            let rating = s(&r["rating"]);
            rows.push(Expected {
                json: serde_json::json!({
                    "id": bank["id"],
                    "name": bank["name"],
                    "state": bank["state"],
                    "regulator": bank["regulator"],
                    "exam_date": r["exam_date"],
                    "exam_type": r["exam_type"],
                    "previous_rating": previous,
                    "rating": rating,
                    "change": kind(previous.as_deref(), &rating),
                }),
                seq,
            });
            previous = Some(rating);
        }
    }
    rows.sort_by(|a, b| {
        b.get("exam_date")
            .cmp(&a.get("exam_date"))
            .then(a.get("name").cmp(&b.get("name")))
            .then(a.get("id").cmp(&b.get("id")))
            .then(a.seq.cmp(&b.seq))
    });
    rows
}

fn pick(rows: &[Expected], keep: impl Fn(&Expected) -> bool) -> Vec<Value> {
    rows.iter()
        .filter(|r| keep(r))
        .map(|r| r.json.clone())
        .collect()
}

#[test]
fn changes_are_what_the_histories_imply() {
    let world = World::new(&["--banks", "800", "--seed", "11"]);
    world.sync(&[]);
    let all = expected_changes(&world.sandbox().details(""));
    let kinds: BTreeSet<String> = all.iter().map(|r| r.get("change")).collect();
    assert!(
        ["upgrade", "downgrade", "same", "first"]
            .iter()
            .all(|k| kinds.contains(*k)),
        "the sandbox's data has every kind: {kinds:?}"
    );

    // Every kind, in order.
    assert_eq!(
        world.json(&["changes", "--change", "all", "--format", "json"]),
        pick(&all, |_| true)
    );
    // The default: upgrades and downgrades.
    let up_down = pick(&all, |r| {
        matches!(r.get("change").as_str(), "upgrade" | "downgrade")
    });
    assert!(!up_down.is_empty());
    assert_eq!(world.json(&["changes", "--format", "json"]), up_down);
    for k in ["upgrade", "downgrade", "same", "first", "other"] {
        assert_eq!(
            world.json(&["changes", "--change", k, "--format", "json"]),
            pick(&all, |r| r.get("change") == k),
            "--change {k}"
        );
    }
    assert_eq!(
        world.json(&[
            "changes", "--change", "first", "--change", "same", "--format", "json"
        ]),
        pick(&all, |r| matches!(
            r.get("change").as_str(),
            "first" | "same"
        ))
    );
    // A first record has no previous rating: null in json.
    let first = world.json(&["changes", "--change", "first", "--format", "json"]);
    assert!(first.iter().all(|r| r["previous_rating"].is_null()));

    // Dates, inclusive at both ends (bounds taken from the data itself).
    let dates: Vec<String> = all.iter().map(|r| r.get("exam_date")).collect();
    let since = dates[dates.len() / 3].clone();
    let until = dates[dates.len() / 6].clone();
    let got = world.json(&[
        "changes", "--change", "all", "--since", &since, "--until", &until, "--format", "json",
    ]);
    let want = pick(&all, |r| {
        let d = r.get("exam_date");
        d >= since && d <= until
    });
    assert!(want.iter().any(|r| r["exam_date"] == since.as_str()));
    assert!(want.iter().any(|r| r["exam_date"] == until.as_str()));
    assert_eq!(got, want);
    assert_eq!(
        world.json(&["changes", "--since", &since, "--format", "json"]),
        pick(&all, |r| r.get("exam_date") >= since
            && matches!(
                r.get("change").as_str(),
                "upgrade" | "downgrade"
            ))
    );

    // The bank's state and regulator (any case), the record's exam type.
    assert_eq!(
        world.json(&[
            "changes", "--change", "all", "--state", "tx", "--format", "json"
        ]),
        pick(&all, |r| r.get("state") == "TX")
    );
    let regulator = all[0].get("regulator");
    assert_eq!(
        world.json(&[
            "changes",
            "--change",
            "all",
            "--regulator",
            &regulator.to_lowercase(),
            "--format",
            "json"
        ]),
        pick(&all, |r| r.get("regulator") == regulator)
    );
    assert_eq!(
        world.json(&[
            "changes", "--change", "all", "--size", "large", "--format", "json"
        ]),
        pick(&all, |r| r.get("exam_type") == "Large Bank")
    );

    // csv: the header, empty previous rating for a first record.
    let out = world.local(&["changes", "--change", "all", "--format", "csv"]);
    assert_code(&out, 0);
    let mut reader = csv::Reader::from_reader(&out.stdout[..]);
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        [
            "id",
            "name",
            "state",
            "regulator",
            "exam_date",
            "exam_type",
            "previous_rating",
            "rating",
            "change"
        ]
    );
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.len(), all.len());
    for (record, want) in records.iter().zip(&all) {
        assert_eq!(&record[0], want.get("id"));
        assert_eq!(&record[6], want.get("previous_rating"));
        assert_eq!(&record[8], want.get("change"));
    }

    // On a terminal: arrows, readable with NO_COLOR; colour when asked.
    let out = world
        .home
        .cra()
        .env("CRA_FORCE_TTY", "1")
        .env("NO_COLOR", "1")
        .args(["changes"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(!text.contains('\x1b'));
    let ups = up_down.iter().filter(|r| r["change"] == "upgrade").count();
    assert_eq!(text.matches("↑ upgrade").count(), ups);
    assert_eq!(text.matches("↓ downgrade").count(), up_down.len() - ups);
    let out = world
        .home
        .cra()
        .env("CRA_FORCE_TTY", "1")
        .args(["--color", "always", "changes"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let marked: Vec<&str> = text
        .lines()
        .filter(|l| l.contains('↑') || l.contains('↓'))
        .collect();
    assert_eq!(marked.len(), up_down.len());
    for line in marked {
        // The colour in force where the arrow is printed: the last escape
        // before it must set one, not reset (the RATING cell's ends there).
        let arrow = line.find(['↑', '↓']).unwrap();
        let last = line[..arrow]
            .rfind("\x1b[")
            .expect("an escape before the arrow");
        let code = &line[last..arrow];
        assert!(
            !code.starts_with("\x1b[39m") && !code.starts_with("\x1b[0m"),
            "{line:?}"
        );
    }
    // tsv (a pipe) keeps the bare kind.
    let out = world.local(&["changes"]);
    assert!(!String::from_utf8(out.stdout).unwrap().contains('↑'));

    // A bad date is a usage error before anything else.
    for bad in ["2024-02-30", "2024/01/01", "soon"] {
        let out = world.local(&["changes", "--since", bad]);
        assert_code(&out, 2);
        assert!(String::from_utf8_lossy(&out.stderr).contains("not a date"));
    }
}

type Key = (String, String, String, String);

/// A record as `--new` tests compare them: bank id, date, rating, type.
fn key(id: &str, r: &Value) -> Key {
    (
        id.to_string(),
        s(&r["exam_date"]),
        s(&r["rating"]),
        s(&r["exam_type"]),
    )
}

/// The records `after` serves that `before` did not (as a multiset), sorted.
fn added_records(before: &[Value], after: &[Value]) -> Vec<Key> {
    let mut held: BTreeMap<Key, usize> = BTreeMap::new();
    for bank in before {
        for r in bank["ratings"].as_array().unwrap() {
            *held
                .entry(key(bank["id"].as_str().unwrap(), r))
                .or_default() += 1;
        }
    }
    let mut added = Vec::new();
    for bank in after {
        for r in bank["ratings"].as_array().unwrap() {
            let k = key(bank["id"].as_str().unwrap(), r);
            match held.get_mut(&k) {
                Some(n) if *n > 0 => *n -= 1,
                _ => added.push(k),
            }
        }
    }
    added.sort();
    added
}

/// What `cra changes --new --change all` lists, as sorted keys.
fn new_records(world: &World) -> Vec<Key> {
    let mut got: Vec<Key> = world
        .json(&["changes", "--new", "--change", "all", "--format", "json"])
        .iter()
        .map(|r| key(r["id"].as_str().unwrap(), r))
        .collect();
    got.sort();
    got
}

/// An interrupted sync and the complete one after it count as one: `--new`
/// lists what both added, not only what the last one stored.
#[cfg(unix)]
#[test]
fn changes_new_spans_an_interrupted_sync_and_the_one_that_finished_it() {
    let mut world = World::new(&["--banks", "800", "--seed", "14"]);
    world.sync(&[]);
    let before = world.sandbox().details("");
    world.restart_with(&["--evolve", "200"]);
    let added = added_records(&before, &world.sandbox().details(""));

    // The same evolved service, slowed down and logging its requests, so
    // the sync can be stopped halfway (seen in the log, not by a sleep).
    let log = world.home.path().join("requests.log");
    let log_arg = log.to_str().unwrap().to_string();
    world.restart_with(&[
        "--evolve",
        "200",
        "--latency",
        "30",
        "--log-requests",
        &log_arg,
    ]);
    let mut child = world
        .home
        .cra_std()
        .at(&world.sandbox().url, ACTIVE_KEY)
        .args(["sync", "--concurrency", "1"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        if text
            .lines()
            .filter(|l| l.contains(" /api/v1/banks/"))
            .count()
            >= 40
        {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the sync made no progress"
        );
        assert!(child.try_wait().unwrap().is_none(), "the sync ended early");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    crate::common::signal(child.id(), crate::common::Signal::INT);
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(130),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = world.local(&["changes", "--new", "--format", "json"]);
    assert_code(&out, 0);
    assert!(String::from_utf8_lossy(&out.stderr).contains("did not finish"));
    let out = world.local(&["stats", "--format", "csv"]);
    assert_code(&out, 0);
    assert!(String::from_utf8_lossy(&out.stderr).contains("did not finish"));
    let halfway = new_records(&world);
    assert!(
        !halfway.is_empty() && halfway.len() < added.len(),
        "the interrupted sync stored {} of {} new records",
        halfway.len(),
        added.len()
    );

    world.sync(&[]);
    assert_eq!(new_records(&world), added);
}

#[test]
fn changes_new_lists_exactly_what_the_latest_sync_added() {
    let mut world = World::new(&["--banks", "800", "--seed", "12"]);
    world.sync(&[]);
    let before = world.sandbox().details("");
    // After the first sync everything is new.
    assert_eq!(
        world
            .json(&["changes", "--new", "--change", "all", "--format", "json"])
            .len(),
        expected_changes(&before).len()
    );

    world.restart_with(&["--evolve", "200"]);
    let after = world.sandbox().details("");
    let added = added_records(&before, &after);
    assert!(added.len() >= 200, "--evolve 200 adds 200 exams and banks");

    world.sync(&[]);
    assert_eq!(new_records(&world), added);
    // --new with the other filters: the new records' own rows.
    let all = expected_changes(&after);
    let added: BTreeSet<_> = added.into_iter().collect();
    assert_eq!(
        world.json(&["changes", "--new", "--format", "json"]),
        pick(&all, |r| added.contains(&key(&r.get("id"), &r.json))
            && matches!(
                r.get("change").as_str(),
                "upgrade" | "downgrade"
            ))
    );
    // A sync that finds nothing new leaves nothing new.
    world.sync(&[]);
    assert!(
        world
            .json(&["changes", "--new", "--change", "all", "--format", "json"])
            .is_empty()
    );
}

#[test]
fn changes_take_the_new_date_forms_and_repeated_regulators() {
    let world = synced(600);
    let changes = |args: &[&str]| -> Vec<Value> {
        let out = world
            .home
            .cra()
            .args(["changes", "--change", "all", "--format", "json"])
            .args(args)
            .output()
            .unwrap();
        assert_code(&out, 0);
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let all = changes(&[]);
    let since = changes(&["--since", "2020-07", "--until", "2021"]);
    assert!(!since.is_empty());
    assert_eq!(
        since.len(),
        all.iter()
            .filter(|r| ("2020-07-01"..="2021-12-31").contains(&r["exam_date"].as_str().unwrap()))
            .count()
    );
    let two = changes(&[
        "--regulator",
        "occ",
        "--regulator",
        "FRB",
        "--rating",
        "sat",
    ]);
    assert!(!two.is_empty());
    assert!(two.iter().all(
        |r| ["OCC", "FRB"].contains(&r["regulator"].as_str().unwrap())
            && r["rating"] == "Satisfactory"
    ));
    let ago = changes(&["--since", "5y"]);
    assert!(!ago.is_empty() && ago.len() < all.len());
    // --sort before the usual order; --columns on csv.
    let sorted = changes(&["--sort", "regulator,-rating"]);
    assert_eq!(sorted.len(), all.len());
    let rank = |r: &Value| {
        [
            "Outstanding",
            "Satisfactory",
            "Needs to Improve",
            "Substantial Noncompliance",
        ]
        .iter()
        .position(|x| *x == r["rating"].as_str().unwrap())
        .unwrap_or(4)
    };
    for pair in sorted.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let (ra, rb) = (
            a["regulator"].as_str().unwrap(),
            b["regulator"].as_str().unwrap(),
        );
        assert!(ra < rb || (ra == rb && rank(a) >= rank(b)), "{a} then {b}");
    }
    let out = world
        .home
        .cra()
        .args([
            "changes",
            "--columns",
            "name,change,previous_rating",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    assert_code(&out, 0);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("name,change,previous_rating\r\n"));
}
