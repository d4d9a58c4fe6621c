//! `cra changes` and `cra stats` against a mirror of the real sandbox. The
//! expected answers are computed here from the sandbox's own data (the
//! list and every bank's detail over HTTP), never from `cra`.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::{ACTIVE_KEY, Service};
use crate::common::{Home, World, assert_code};
use serde_json::Value;

const RATINGS: [&str; 4] = [
    "Outstanding",
    "Satisfactory",
    "Needs to Improve",
    "Substantial Noncompliance",
];

fn s(v: &Value) -> String {
    v.as_str().unwrap().to_string()
}

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

/// Counts as `cra stats` prints them, keyed by group.
type Counts = BTreeMap<String, [u64; 6]>;

fn tally(counts: &mut Counts, group: &str, rating: Option<&str>) {
    let entry = counts.entry(group.to_string()).or_default();
    entry[0] += 1;
    let slot = rating
        .and_then(|r| RATINGS.iter().position(|x| *x == r))
        .unwrap_or(4);
    entry[1 + slot] += 1;
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
        .map(|r| {
            assert!(r["group"].is_string());
            let mut n = [0u64; 6];
            for (i, k) in keys.iter().enumerate() {
                n[i] = r[*k].as_u64().unwrap_or_else(|| panic!("{k} in {r}"));
            }
            (s(&r["group"]), n)
        })
        .collect()
}

/// Printable width of a line: ANSI escapes take none.
fn visible_width(line: &str) -> usize {
    let mut width = 0;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            width += 1;
        }
    }
    width
}

#[test]
fn stats_count_what_the_data_holds() {
    let world = World::new(&["--banks", "800", "--seed", "13"]);
    world.sync(&[]);
    let list = world.sandbox().walk("");
    let details = world.sandbox().details("");
    let current = |b: &Value| b["current_rating"]["rating"].as_str().map(str::to_string);

    let mut by: BTreeMap<&str, Counts> = BTreeMap::new();
    for bank in &list {
        let rating = current(bank);
        tally(by.entry("all").or_default(), "all", rating.as_deref());
        tally(
            by.entry("state").or_default(),
            bank["state"].as_str().unwrap(),
            rating.as_deref(),
        );
        tally(
            by.entry("regulator").or_default(),
            bank["regulator"].as_str().unwrap(),
            rating.as_deref(),
        );
        let size = bank["current_rating"]["exam_type"].as_str().unwrap_or("");
        tally(by.entry("size").or_default(), size, rating.as_deref());
    }
    for bank in &details {
        for r in bank["ratings"].as_array().unwrap() {
            tally(
                by.entry("year").or_default(),
                &s(&r["exam_date"])[..4],
                r["rating"].as_str(),
            );
        }
    }
    assert_eq!(
        as_counts(&world.json(&["stats", "--format", "json"])),
        by["all"]
    );
    for group in ["state", "regulator", "size", "year"] {
        let rows = world.json(&["stats", "--by", group, "--format", "json"]);
        let groups: Vec<String> = rows.iter().map(|r| s(&r["group"])).collect();
        let mut sorted = groups.clone();
        sorted.sort();
        assert_eq!(groups, sorted, "groups in ascending order");
        assert_eq!(as_counts(&rows), by[group], "--by {group}");
    }
    let records: usize = details
        .iter()
        .map(|b| b["ratings"].as_array().unwrap().len())
        .sum();
    let years = as_counts(&world.json(&["stats", "--by", "year", "--format", "json"]));
    assert_eq!(years.values().map(|n| n[0]).sum::<u64>(), records as u64);

    // Filters: the bank's state and regulator, the (current) exam type.
    let mut tx = Counts::new();
    let regulator = s(&list[0]["regulator"]);
    let mut reg = Counts::new();
    let mut small = Counts::new();
    for bank in &list {
        let rating = current(bank);
        if bank["state"] == "TX" {
            tally(
                &mut tx,
                bank["regulator"].as_str().unwrap(),
                rating.as_deref(),
            );
        }
        if s(&bank["regulator"]) == regulator {
            tally(&mut reg, "all", rating.as_deref());
        }
        if bank["current_rating"]["exam_type"] == "Small Bank" {
            tally(
                &mut small,
                bank["state"].as_str().unwrap(),
                rating.as_deref(),
            );
        }
    }
    assert_eq!(
        as_counts(&world.json(&[
            "stats",
            "--by",
            "regulator",
            "--state",
            "tx",
            "--format",
            "json"
        ])),
        tx
    );
    assert_eq!(
        as_counts(&world.json(&[
            "stats",
            "--regulator",
            &regulator.to_lowercase(),
            "--format",
            "json"
        ])),
        reg
    );
    assert_eq!(
        as_counts(&world.json(&[
            "stats", "--by", "state", "--size", "small", "--format", "json"
        ])),
        small
    );
    let mut year_tx = Counts::new();
    for bank in details.iter().filter(|b| b["state"] == "TX") {
        for r in bank["ratings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["exam_type"] == "Large Bank")
        {
            tally(&mut year_tx, &s(&r["exam_date"])[..4], r["rating"].as_str());
        }
    }
    assert_eq!(
        as_counts(&world.json(&[
            "stats", "--by", "year", "--state", "TX", "--size", "large", "--format", "json"
        ])),
        year_tx
    );

    // csv: the header and the numbers.
    let out = world.local(&["stats", "--by", "state", "--format", "csv"]);
    assert_code(&out, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(
        "group,total,outstanding,satisfactory,needs_to_improve,substantial_noncompliance,other\r\n"
    ));
    assert_eq!(text.lines().count(), by["state"].len() + 1);

    // The chart on a terminal: one bar per group, no line wider than it.
    for (group, rows) in [
        ("state", &by["state"]),
        ("regulator", &by["regulator"]),
        ("year", &by["year"]),
    ] {
        for width in ["80", "120"] {
            for color in ["never", "always"] {
                let out = world
                    .home
                    .cra()
                    .env("CRA_FORCE_TTY", "1")
                    .env("COLUMNS", width)
                    .args(["--color", color, "stats", "--by", group])
                    .output()
                    .unwrap();
                assert_code(&out, 0);
                let text = String::from_utf8(out.stdout).unwrap();
                let w: usize = width.parse().unwrap();
                for line in text.lines() {
                    assert!(
                        visible_width(line) <= w,
                        "{} > {w}: {line:?}",
                        visible_width(line)
                    );
                }
                assert_eq!(color == "always", text.contains('\x1b'));
                let bars: Vec<&str> = text
                    .lines()
                    .filter(|l| {
                        l.contains(['█', '▓', '▒', '░', '·'])
                            && !l.contains("Outstanding")
                            && !l.contains("other")
                    })
                    .collect();
                assert_eq!(bars.len(), rows.len(), "--by {group} at {width}:\n{text}");
                for (line, name) in bars.iter().zip(rows.keys()) {
                    assert!(line.starts_with(name.as_str()), "{line:?} for {name}");
                }
                assert!(text.contains("Outstanding") && text.contains("Substantial Noncompliance"));
            }
        }
    }

    // The SVG: well-formed XML, one bar group per row, labels as given.
    let svg = world.home.path().join("chart.svg");
    let out = world.local(&[
        "stats",
        "--by",
        "regulator",
        "--svg",
        svg.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_code(&out, 0);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG is XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let bars: Vec<roxmltree::Node> = doc
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("bar"))
        .collect();
    assert_eq!(bars.len(), by["regulator"].len());
    for (bar, (name, counts)) in bars.iter().zip(&by["regulator"]) {
        assert_eq!(bar.attribute("data-group"), Some(name.as_str()));
        let segments = bar.children().filter(|n| n.has_tag_name("rect")).count();
        assert_eq!(segments, counts[1..].iter().filter(|n| **n > 0).count());
    }
}

#[test]
fn with_no_copy_they_say_to_sync() {
    let home = Home::new();
    for args in [&["changes"][..], &["stats"], &["stats", "--by", "year"]] {
        let out = home.cra().args(args).output().unwrap();
        assert_code(&out, 2);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("cra sync"), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

/// `changes` and `sql` tables go through the same fitting as `search`: on
/// a forced terminal no line is wider than it, and every id is whole.
#[test]
fn changes_and_sql_tables_fit_the_terminal_with_every_id_or_its_unique_prefix() {
    let world = World::new(&["--banks", "300", "--seed", "5"]);
    world.sync(&[]);
    let changes = world.json(&["changes", "--change", "all", "--format", "json"]);
    assert!(!changes.is_empty());
    let query = "SELECT id, name, city, state, regulator, rating, exam_date FROM banks ORDER BY id";
    for width in [80usize, 100, 200] {
        for (args, ids) in [
            (
                vec!["changes", "--change", "all"],
                changes
                    .iter()
                    .map(|c| c["id"].as_str().unwrap().to_string())
                    .collect::<Vec<_>>(),
            ),
            (
                vec!["sql", query],
                world
                    .json(&["sql", query, "--format", "json"])
                    .iter()
                    .map(|r| r["id"].as_str().unwrap().to_string())
                    .collect(),
            ),
        ] {
            let out = world
                .home
                .cra()
                .env("CRA_FORCE_TTY", "1")
                .env("COLUMNS", width.to_string())
                .args(["--color", "never"])
                .args(&args)
                .output()
                .unwrap();
            assert_code(&out, 0);
            let text = String::from_utf8(out.stdout).unwrap();
            for line in text.lines() {
                assert!(
                    visible_width(line) <= width,
                    "{args:?} at {width}: {line:?}\n{text}"
                );
            }
            // A header, its rule, then one row per record in order (notes
            // follow, unindented), each with its id or a prefix of it of at
            // least 8 characters, as `cra show` takes it.
            let rows: Vec<&str> = text
                .lines()
                .skip(2)
                .take_while(|l| l.starts_with(' '))
                .collect();
            assert_eq!(rows.len(), ids.len(), "{args:?} at {width}");
            for (row, id) in rows.iter().zip(&ids) {
                assert!(
                    row.split("   ")
                        .map(str::trim)
                        .any(|c| c.len() >= 8 && id.starts_with(c)),
                    "{args:?} at {width}: no prefix of id {id} on {row:?}"
                );
            }
        }
    }
}
