//! `cra diff` with the real binary on real exports: two sandboxes (the
//! second serving an edited copy of the first's data through `--data`),
//! exported in every format with and without history, compared pairwise;
//! the expected changes are computed here from the sandboxes' own list
//! data, not from `cra`. Also `--exit-code`, identical files, the printers,
//! junk and missing files, standard input, a named pipe nobody writes (a
//! signal still ends the wait), a json array ended when a read fails late,
//! and records too large to read (diff and replay name the file and the
//! limit, in bounded memory).

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::{Value, json};

use crate::common::{ACTIVE_KEY, Home, Service, text, within_10s};
#[cfg(unix)]
use crate::common::{Signal, fifo, signal_and_wait};

const BANKS: &str = "120";

/// The six kinds of export, as (name, format, with history).
const KINDS: [(&str, &str, bool); 6] = [
    ("csv", "csv", false),
    ("csv-history", "csv", true),
    ("json", "json", false),
    ("json-history", "json", true),
    ("ndjson", "ndjson", false),
    ("ndjson-history", "ndjson", true),
];

/// Writes every kind of export of `url` into `dir`, named `PREFIX-KIND.export`
/// (no telling extension: diff must read the content).
fn export_all(home: &crate::common::Home, url: &str, dir: &Path, prefix: &str) -> Vec<PathBuf> {
    KINDS
        .iter()
        .map(|(name, format, history)| {
            let path = dir.join(format!("{prefix}-{name}.export"));
            let mut cmd = home.cra();
            cmd.at(url, ACTIVE_KEY)
                .args(["export", "--format", format, "-o"])
                .arg(&path);
            if *history {
                cmd.arg("--with-history");
            }
            let out = cmd.output().unwrap();
            crate::common::assert_code(&out, 0);
            path
        })
        .collect()
}

/// A list item as the flat object `diff` prints for a side.
fn flat(bank: &Value) -> Value {
    let current = &bank["current_rating"];
    let text = |v: &Value| Value::String(v.as_str().unwrap_or("").to_string());
    json!({
        "id": text(&bank["id"]),
        "name": text(&bank["name"]),
        "city": text(&bank["city"]),
        "state": text(&bank["state"]),
        "regulator": text(&bank["regulator"]),
        "rating": text(&current["rating"]),
        "exam_date": text(&current["exam_date"]),
        "exam_type": text(&current["exam_type"]),
    })
}

fn diff(home: &crate::common::Home, args: &[&std::ffi::OsStr]) -> std::process::Output {
    home.cra().arg("diff").args(args).output().unwrap()
}

fn diff_json(home: &crate::common::Home, old: &Path, new: &Path) -> Vec<Value> {
    let out = diff(
        home,
        &[
            old.as_os_str(),
            new.as_os_str(),
            "--format".as_ref(),
            "json".as_ref(),
        ],
    );
    crate::common::assert_code(&out, 0);
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Two sandboxes and their exports: OLD generated, NEW the same data with
/// one bank removed, one added, a current rating changed, a current exam
/// date changed, and a city changed.
struct Exports {
    dir: tempfile::TempDir,
    old: Vec<PathBuf>,
    new: Vec<PathBuf>,
    /// The expected json output, computed from the two sandboxes' lists.
    expected: Vec<Value>,
}

fn exports() -> Exports {
    let home = crate::common::Home::new();
    let dir = tempfile::tempdir().unwrap();
    let a = crate::common::Sandbox::start(&["--banks", BANKS]);
    let old = export_all(&home, &a.url, dir.path(), "old");

    // Edit the history csv: the NEW side's data set.
    let mut reader = csv::Reader::from_path(&old[1]).unwrap();
    let header = reader.headers().unwrap().clone();
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let ids: Vec<String> = {
        let mut seen = Vec::new();
        for r in &rows {
            if seen.last() != Some(&r[0].to_string()) {
                seen.push(r[0].to_string());
            }
        }
        seen
    };
    let (removed, rated, dated, moved, copied) = (&ids[3], &ids[10], &ids[20], &ids[30], &ids[40]);
    let mut edited = csv::Writer::from_path(dir.path().join("new-data.csv")).unwrap();
    edited.write_record(&header).unwrap();
    let mut twins = Vec::new();
    for row in &rows {
        let mut row: Vec<String> = row.iter().map(str::to_string).collect();
        if &row[0] == removed {
            continue;
        }
        let current = row[8] == "true";
        if &row[0] == rated && current {
            row[6] = if row[6] == "Outstanding" {
                "Satisfactory".into()
            } else {
                "Outstanding".into()
            };
        }
        if &row[0] == dated && current {
            row[5] = "2026-11-01".into();
        }
        if &row[0] == moved {
            row[2] = "SOMEWHERE ELSE".into();
        }
        if &row[0] == copied {
            let mut twin = row.clone();
            twin[0] = "00000000-aaaa-bbbb-cccc-000000000001".into();
            twin[1] = format!("{} TWIN", row[1]);
            twins.push(twin);
        }
        edited.write_record(&row).unwrap();
    }
    for twin in twins {
        edited.write_record(&twin).unwrap();
    }
    edited.flush().unwrap();
    drop(edited);
    let data = dir.path().join("new-data.csv");
    let b = crate::common::Sandbox::start(&["--data", data.to_str().unwrap()]);
    let new = export_all(&home, &b.url, dir.path(), "new");

    // Expected: NEW's list order for added and changed, then removed.
    let old_list = a.walk("");
    let new_list = b.walk("");
    let old_by_id: HashMap<&str, &Value> = old_list
        .iter()
        .map(|b| (b["id"].as_str().unwrap(), b))
        .collect();
    let new_ids: BTreeSet<&str> = new_list.iter().map(|b| b["id"].as_str().unwrap()).collect();
    let mut expected = Vec::new();
    for bank in &new_list {
        let after = flat(bank);
        let change = match old_by_id.get(bank["id"].as_str().unwrap()) {
            None => Some(("added", Value::Null)),
            Some(old) => {
                let before = flat(old);
                let differs = |keys: &[&str]| keys.iter().any(|k| before[k] != after[k]);
                if differs(&["rating", "exam_date", "exam_type"]) {
                    Some(("rating", before))
                } else if differs(&["name", "city", "state", "regulator"]) {
                    Some(("details", before))
                } else {
                    None
                }
            }
        };
        if let Some((kind, before)) = change {
            expected.push(
                json!({"change": kind, "id": bank["id"], "name": bank["name"],
                                 "before": before, "after": after}),
            );
        }
    }
    for bank in &old_list {
        if !new_ids.contains(bank["id"].as_str().unwrap()) {
            expected.push(
                json!({"change": "removed", "id": bank["id"], "name": bank["name"],
                                 "before": flat(bank), "after": null}),
            );
        }
    }
    // The edits are what the service now says.
    let kinds: Vec<(&str, &str)> = expected
        .iter()
        .map(|c| (c["change"].as_str().unwrap(), c["id"].as_str().unwrap()))
        .collect();
    let mut sorted = kinds.clone();
    sorted.sort();
    let mut wanted = vec![
        ("added", "00000000-aaaa-bbbb-cccc-000000000001"),
        ("details", moved.as_str()),
        ("rating", rated.as_str()),
        ("rating", dated.as_str()),
        ("removed", removed.as_str()),
    ];
    wanted.sort();
    assert_eq!(sorted, wanted, "the edited data set differs as intended");
    Exports {
        dir,
        old,
        new,
        expected,
    }
}

#[test]
fn every_pair_of_formats_finds_every_kind_of_change() {
    let exports = exports();
    let home = crate::common::Home::new();
    for old in &exports.old {
        for new in &exports.new {
            let got = diff_json(&home, old, new);
            assert_eq!(
                got,
                exports.expected,
                "{} → {}",
                old.display(),
                new.display()
            );
        }
    }
    // Swapped: added and removed trade places, before and after too.
    let back = diff_json(&home, &exports.new[0], &exports.old[3]);
    let mut swapped: Vec<(String, String)> = back
        .iter()
        .map(|c| {
            (
                c["change"].as_str().unwrap().into(),
                c["id"].as_str().unwrap().into(),
            )
        })
        .collect();
    swapped.sort();
    let mut expected: Vec<(String, String)> = exports
        .expected
        .iter()
        .map(|c| {
            let kind = match c["change"].as_str().unwrap() {
                "added" => "removed",
                "removed" => "added",
                other => other,
            };
            (kind.to_string(), c["id"].as_str().unwrap().to_string())
        })
        .collect();
    expected.sort();
    assert_eq!(swapped, expected);
    drop(exports.dir);
}

#[test]
fn identical_exports_in_any_format_show_nothing_and_exit_code_is_gits() {
    let home = crate::common::Home::new();
    let dir = tempfile::tempdir().unwrap();
    let a = crate::common::Sandbox::start(&["--banks", "60"]);
    let files = export_all(&home, &a.url, dir.path(), "same");
    for old in &files {
        for new in &files {
            for args in [&["--format", "json"][..], &["--exit-code"][..]] {
                let out = home
                    .cra()
                    .arg("diff")
                    .arg(old)
                    .arg(new)
                    .args(args)
                    .output()
                    .unwrap();
                crate::common::assert_code(&out, 0);
                let stdout = String::from_utf8(out.stdout).unwrap();
                if args[0] == "--format" {
                    assert_eq!(stdout, "[]\n", "{} {}", old.display(), new.display());
                } else {
                    // tsv when piped: the header and nothing else.
                    assert_eq!(stdout, "CHANGE\tNAME\tST\tFIELDS\tBEFORE\tAFTER\tID\n");
                }
            }
        }
    }
    // Different files: exit 0 without --exit-code, 1 with it, the output the same.
    let other = crate::common::Sandbox::start(&["--banks", "60", "--seed", "2"]);
    let changed = export_all(&home, &other.url, dir.path(), "other");
    let plain = home
        .cra()
        .arg("diff")
        .arg(&files[0])
        .arg(&changed[0])
        .output()
        .unwrap();
    crate::common::assert_code(&plain, 0);
    let flagged = home
        .cra()
        .arg("diff")
        .arg(&files[0])
        .arg(&changed[0])
        .arg("--exit-code")
        .output()
        .unwrap();
    crate::common::assert_code(&flagged, 1);
    assert_eq!(plain.stdout, flagged.stdout);
    assert!(String::from_utf8(plain.stdout).unwrap().lines().count() > 1);
    assert!(
        flagged.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&flagged.stderr)
    );
}

#[test]
fn every_printer_shows_the_same_changes() {
    let exports = exports();
    let home = crate::common::Home::new();
    let (old, new) = (&exports.old[0], &exports.new[5]);
    let run = |args: &[&str], env: &[(&str, &str)]| {
        let mut cmd = home.cra();
        cmd.arg("diff").arg(old).arg(new).args(args);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let out = cmd.output().unwrap();
        crate::common::assert_code(&out, 0);
        String::from_utf8(out.stdout).unwrap()
    };
    let ids: Vec<&str> = exports
        .expected
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();

    let ndjson: Vec<Value> = run(&["--format", "ndjson"], &[])
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(ndjson, exports.expected);

    let tsv = run(&[], &[]);
    let mut lines = tsv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "CHANGE\tNAME\tST\tFIELDS\tBEFORE\tAFTER\tID"
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.iter().map(|r| r[6]).collect::<Vec<_>>(), ids);
    for (row, change) in rows.iter().zip(&exports.expected) {
        assert_eq!(row[0], change["change"]);
        if change["change"] == "details" {
            assert_eq!(row[3], "city");
            assert_eq!(row[5], "SOMEWHERE ELSE");
        }
    }

    let csv_text = run(&["--format", "csv"], &[]);
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    assert_eq!(reader.headers().unwrap().len(), 18);
    let records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(records.iter().map(|r| &r[1]).collect::<Vec<_>>(), ids);
    for (record, change) in records.iter().zip(&exports.expected) {
        for (i, key) in [
            "name",
            "city",
            "state",
            "regulator",
            "rating",
            "exam_date",
            "exam_type",
        ]
        .iter()
        .enumerate()
        {
            assert_eq!(&record[4 + i], change["before"][key].as_str().unwrap_or(""));
            assert_eq!(&record[11 + i], change["after"][key].as_str().unwrap_or(""));
        }
    }

    // A terminal: a table with every id whole, and a summary on stderr.
    let mut cmd = home.cra();
    let out = cmd
        .arg("diff")
        .arg(old)
        .arg(new)
        .env("CRA_FORCE_TTY", "1")
        .env("COLUMNS", "200")
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    let table = String::from_utf8(out.stdout).unwrap();
    for id in &ids {
        assert!(table.contains(id), "{id} in {table}");
    }
    assert_eq!(
        String::from_utf8(out.stderr).unwrap().trim(),
        "1 added, 1 removed, 2 rating changes, 1 details change"
    );
}

#[test]
fn junk_and_missing_files_exit_1_naming_them() {
    let home = crate::common::Home::new();
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("good.csv");
    std::fs::write(
        &good,
        "id,name,city,state,regulator,rating,exam_date,exam_type\r\na,A,C,TX,OCC,Outstanding,2020-01-01,Small Bank\r\n",
    )
    .unwrap();
    let junk = dir.path().join("notes.txt");
    std::fs::write(&junk, "shopping list\nmilk, eggs\n").unwrap();
    let wrong_json = dir.path().join("numbers.json");
    std::fs::write(&wrong_json, "[1, 2, 3]\n").unwrap();
    let truncated = dir.path().join("cut.json");
    std::fs::write(
        &truncated,
        r#"[{"id":"a","name":"A","city":"C","state":"TX","regulator":"OCC"},"#,
    )
    .unwrap();
    let missing = dir.path().join("missing.csv");
    for bad in [&junk, &wrong_json, &truncated, &missing] {
        for (old, new) in [(&good, bad), (bad, &good)] {
            let out = home.cra().arg("diff").arg(old).arg(new).output().unwrap();
            crate::common::assert_code(&out, 1);
            let stderr = String::from_utf8(out.stderr).unwrap();
            assert!(stderr.starts_with("cra: error: "), "{stderr}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(stderr.contains(bad.to_str().unwrap()), "{stderr}");
            if bad != &missing {
                assert!(
                    stderr.contains("is not a file written by cra export"),
                    "{stderr}"
                );
            }
            // Junk that is recognised at once leaves standard output empty.
            if bad != &truncated {
                assert!(
                    out.stdout.is_empty(),
                    "{}",
                    String::from_utf8_lossy(&out.stdout)
                );
            }
        }
    }
    // A bank listed twice is refused, naming the file and the bank.
    let twice = dir.path().join("twice.csv");
    std::fs::write(
        &twice,
        "id,name,city,state,regulator,rating,exam_date,exam_type\na,A,C,TX,OCC,,,\na,A,C,TX,OCC,,,\n",
    )
    .unwrap();
    let out = home
        .cra()
        .arg("diff")
        .arg(&good)
        .arg(&twice)
        .output()
        .unwrap();
    crate::common::assert_code(&out, 1);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("twice.csv") && stderr.contains("'a' appears twice"),
        "{stderr}"
    );
}

#[test]
fn needs_no_key_no_address_and_no_readable_config() {
    let home = crate::common::Home::new();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("one.csv");
    std::fs::write(
        &file,
        "id,name,city,state,regulator,rating,exam_date,exam_type\na,A,C,TX,OCC,Outstanding,2020-01-01,Small Bank\n",
    )
    .unwrap();
    std::fs::write(home.config_path(), "this is = = not toml").unwrap();
    let out = home
        .cra()
        .args(["diff", "--format", "json"])
        .arg(&file)
        .arg(&file)
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    assert_eq!(out.stdout, b"[]\n");
}

#[cfg(unix)]
#[test]
fn diff_reads_standard_input_and_a_blocked_read_stops_on_a_signal() {
    let home = Home::new();
    let new = home.path().join("new.csv");
    let header = "id,name,city,state,regulator,rating,exam_date,exam_type\n";
    std::fs::write(
        &new,
        format!("{header}b1,ONE,AMES,IA,FDIC,Outstanding,2020-01-01,Small Bank\n"),
    )
    .unwrap();
    let old = format!("{header}b1,ONE,AMES,IA,FDIC,Satisfactory,2019-01-01,Small Bank\n");
    let out = home
        .cra()
        .args(["diff", "-"])
        .arg(&new)
        .args(["--format", "json"])
        .write_stdin(old)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let changes: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(changes[0]["change"], "rating");
    // A FIFO nobody writes blocks the open; a signal still ends it.
    let pipe = fifo(home.path(), "pipe");
    for signal in [Signal::TERM, Signal::INT, Signal::HUP] {
        let mut cmd = home.cra_std();
        cmd.arg("diff").arg(&pipe).arg(&new);
        let (code, stderr) = signal_and_wait(cmd, &["diff"], signal);
        assert_eq!(code, Some(130), "{signal:?}: {stderr}");
    }
}

#[test]
fn diff_json_failing_late_ends_its_array() {
    let home = Home::new();
    let header = "id,name,city,state,regulator,rating,exam_date,exam_type\n";
    let old = home.path().join("old.csv");
    let new = home.path().join("new.csv");
    std::fs::write(
        &old,
        format!("{header}b1,ONE,AMES,IA,FDIC,Satisfactory,2019-01-01,Small Bank\n"),
    )
    .unwrap();
    std::fs::write(
        &new,
        format!("{header}b1,ONE,AMES,IA,FDIC,Outstanding,2020-01-01,Small Bank\nb2,TWO,broken\n"),
    )
    .unwrap();
    let out = home
        .cra()
        .arg("diff")
        .arg(&old)
        .arg(&new)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let printed: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", text(&out.stdout)));
    assert_eq!(printed[0]["id"], "b1");
    assert!(
        text(&out.stderr).contains("new.csv"),
        "{}",
        text(&out.stderr)
    );
}

/// `cra ARGS` under a 1.5 GB address-space limit, so that a reader whose
/// memory grows with its input aborts instead of passing slowly; None
/// without a shell to set the limit.
fn bounded(home: &Home, args: &[&str]) -> Option<Output> {
    let mut cmd = crate::common::tool("sh", "dash")?;
    cmd.arg("-c")
        .arg("ulimit -v 1500000 && exec \"$0\" \"$@\"")
        .arg(crate::common::cra_bin())
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home.path())
        .env("CRA_CONFIG", home.config_path());
    Some(within_10s(cmd))
}

#[test]
fn endless_or_huge_records_are_a_clear_error_naming_the_file_and_the_limit() {
    let home = Home::new();
    let small = home.path().join("small.csv");
    std::fs::write(
        &small,
        "id,name,city,state,regulator,rating,exam_date,exam_type\nb1,ONE,AMES,IA,FDIC,Outstanding,2020-01-01,Small Bank\n",
    )
    .unwrap();
    let huge = home.path().join("huge.ndjson");
    std::fs::write(&huge, vec![b'x'; 65 * 1024 * 1024]).unwrap();
    for (args, file) in [
        (
            vec!["diff", "/dev/zero", small.to_str().unwrap()],
            "/dev/zero",
        ),
        (
            vec!["diff", small.to_str().unwrap(), huge.to_str().unwrap()],
            "huge.ndjson",
        ),
        (
            vec![
                "replay",
                huge.to_str().unwrap(),
                "--to",
                "http://127.0.0.1:9/",
                "--secret",
                "s3cr3t-s3cr3t",
            ],
            "huge.ndjson",
        ),
    ] {
        let Some(out) = bounded(&home, &args) else {
            return;
        };
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains(file) && stderr.contains("longer than 64 MiB"),
            "{args:?}: {stderr}"
        );
    }
}
