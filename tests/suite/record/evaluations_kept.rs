//! Every file `cra enrich --pe` reads is kept (issue 56, item 2): a file
//! set aside (scanned, encrypted, damaged, no evaluation) is stored with
//! its reason and listed by `cra evaluations --set-aside`; a file read
//! before, known by its SHA-256 whatever its name or status, is said
//! `already read`, counted apart, and nothing of the copy changes.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use super::evaluations::{enriched, read, save_evaluations};
use crate::common::{World, assert_code, stderr};

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
fn set_aside_files_are_kept_and_listed_and_a_second_read_says_already_read() {
    let world = enriched(40);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 40, 1);
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pe");
    std::fs::copy(fixtures.join("pe-encrypted.pdf"), dir.join("encrypted.pdf")).unwrap();
    std::fs::write(dir.join("notes.pdf"), "meeting notes").unwrap();
    std::fs::copy(fixtures.join("not-pe-lo.pdf"), dir.join("minutes.pdf")).unwrap();
    let scanned: Vec<String> = saved
        .iter()
        .filter(|s| s.scanned)
        .map(|s| s.file.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let readable = saved.iter().filter(|s| !s.scanned).count();
    let (code, summary, said) = read(&world, &[&dir]);
    assert_eq!(code, 0, "{said}");
    assert_eq!(summary["evaluations"]["linked"], readable, "{summary}");
    assert_eq!(summary["evaluations"]["already_read"], 0, "{summary}");

    // Each set-aside file, kept with its reason; nothing a PE would give.
    let aside = listed(&world, &["--set-aside"]);
    let mut expected: Vec<String> = scanned.clone();
    expected.extend(["encrypted.pdf", "minutes.pdf", "notes.pdf"].map(String::from));
    expected.sort();
    assert_eq!(aside.keys().cloned().collect::<Vec<_>>(), expected);
    for (file, why) in [
        ("encrypted.pdf", "encrypted"),
        ("notes.pdf", "damaged: not a PDF"),
        (
            "minutes.pdf",
            "not a CRA performance evaluation: no CRA rating found",
        ),
    ] {
        let row = &aside[file];
        assert_eq!(row["status"], "set_aside", "{row}");
        assert!(row["reason"].as_str().unwrap().contains(why), "{row}");
        for empty in ["bank_id", "name", "exam_date", "rating", "disagrees_with"] {
            assert!(row[empty].is_null(), "{empty} of {row}");
        }
        // As stderr said it when it was read.
        assert!(
            said.lines()
                .any(|l| l.contains(file) && l.contains(&format!("set aside: {why}"))),
            "{file}: {said}"
        );
    }
    for file in &scanned {
        assert_eq!(aside[file]["reason"], "no text (a scanned evaluation?)");
    }
    // The copy's table says the same status; every listing lists them.
    let by_sql = world.sql(
        "SELECT count(*) AS n FROM evaluations WHERE status = 'set_aside' AND kind = 'none' \
         AND bank_id IS NULL AND reader >= 1",
    );
    assert_eq!(by_sql[0]["n"], expected.len(), "{by_sql:?}");
    let all = listed(&world, &[]);
    assert_eq!(all.len(), readable + expected.len());
    assert!(expected.iter().all(|f| all[f]["status"] == "set_aside"));
    for format in ["csv", "tsv", "ndjson", "table"] {
        let out = world.local(&["evaluations", "--set-aside", "--format", format]);
        assert_code(&out, 0);
        let text = String::from_utf8_lossy(&out.stdout);
        let header = usize::from(format != "ndjson");
        if format != "table" {
            assert_eq!(text.lines().count(), expected.len() + header, "{format}");
        }
        assert!(text.contains("set_aside"), "{format}: {text}");
    }
    let out = world.local(&["evaluations", "--set-aside", "--unlinked"]);
    assert_code(&out, 2);

    // The folder given twice, read again: every file already read (by its
    // SHA-256, whatever its status), counted apart, none read, nothing
    // changed, nothing said as set aside again.
    let files = readable + expected.len();
    let before = world.sql_tsv("SELECT * FROM evaluations ORDER BY sha256");
    let tests = world.sql_tsv("SELECT * FROM evaluation_tests ORDER BY sha256, area, test");
    let (code, again, said) = read(&world, &[&dir, &dir]);
    assert_eq!(code, 0, "{said}");
    let counts = &again["evaluations"];
    assert_eq!(counts["already_read"], 2 * files, "{again}\n{said}");
    for key in [
        "read",
        "linked",
        "unlinked",
        "no_text",
        "not_evaluation",
        "damaged",
    ] {
        assert_eq!(counts[key], 0, "{key}: {again}");
    }
    assert_eq!(said.matches(": already read").count(), 2 * files, "{said}");
    assert!(!said.contains("set aside:"), "{said}");
    assert_eq!(
        world.sql_tsv("SELECT * FROM evaluations ORDER BY sha256"),
        before
    );
    assert_eq!(
        world.sql_tsv("SELECT * FROM evaluation_tests ORDER BY sha256, area, test"),
        tests
    );

    // Files one by one, under other names: known by their SHA-256; the
    // summary says it.
    let other = world.home.path().join("other");
    std::fs::create_dir_all(&other).unwrap();
    let one = saved.iter().find(|s| !s.scanned).unwrap();
    std::fs::copy(&one.file, other.join("renamed.pdf")).unwrap();
    std::fs::copy(dir.join("encrypted.pdf"), other.join("locked.pdf")).unwrap();
    let out = world.local(&[
        "enrich",
        "--pe",
        other.join("renamed.pdf").to_str().unwrap(),
        "--pe",
        other.join("locked.pdf").to_str().unwrap(),
    ]);
    assert_code(&out, 0);
    let said = stderr(&out);
    assert!(
        said.contains("renamed.pdf: already read") && said.contains("locked.pdf: already read"),
        "{said}"
    );
    assert!(
        said.contains("read 0 evaluations (0 linked, 0 not linked); 2 already read"),
        "{said}"
    );
    assert_eq!(
        world.sql_tsv("SELECT * FROM evaluations ORDER BY sha256"),
        before
    );

    // A copy of schema 6 (an earlier cra: no set-aside file kept, no
    // status), read as it is: each row's status as schema 7 gives it.
    let copy = rusqlite::Connection::open(world.home.path().join(".local/share/cra/mirror.sqlite"))
        .unwrap();
    copy.execute_batch(
        "DELETE FROM evaluations WHERE status = 'set_aside'; \
         ALTER TABLE evaluations DROP COLUMN status; ALTER TABLE evaluations DROP COLUMN reader; \
         PRAGMA user_version = 6;",
    )
    .unwrap();
    drop(copy);
    let old = listed(&world, &[]);
    assert_eq!(old.len(), readable, "{old:?}");
    assert!(old.values().all(|r| r["status"] == "linked"), "{old:?}");
    assert!(listed(&world, &["--set-aside"]).is_empty());
}
