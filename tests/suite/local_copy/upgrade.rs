//! A copy outlives the `cra` that wrote it: the copy of schema 1 in
//! `tests/fixtures` (written by the release before any migration, three
//! states of the sandbox, enriched, with deliveries kept in its outbox) is
//! read as it is by this build's reading commands, upgraded in place by
//! its first write keeping every bank, exam, link, institution and outbox
//! entry, and a copy of a later schema is refused, untouched.

use std::path::{Path, PathBuf};

use crate::common::{ACTIVE_KEY, Home, Sandbox, Service as _, assert_code};

/// The fixture, copied into `home` (an upgrade writes it).
fn schema_1_copy(home: &Home) -> PathBuf {
    let path = home.path().join("old.sqlite");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/copy-schema-1.sqlite"
        ),
        &path,
    )
    .unwrap();
    path
}

fn sql(home: &Home, copy: &Path, query: &str) -> String {
    let out = home
        .cra()
        .args([
            "--mirror",
            copy.to_str().unwrap(),
            "sql",
            query,
            "--format",
            "tsv",
        ])
        .output()
        .unwrap();
    assert_code(&out, 0);
    String::from_utf8(out.stdout).unwrap()
}

/// Every table an upgrade must keep, whole, as `sql` reads it.
const KEPT: [&str; 10] = [
    "banks",
    "ratings",
    "removed_banks",
    "outbox",
    "ffiec_exams",
    "institutions",
    "links",
    "link_exams",
    "unlinked",
    "meta",
];

/// Each table's rows as tsv lines, sorted (the order rows are stored in
/// is the file's business).
fn tables(home: &Home, copy: &Path) -> Vec<Vec<String>> {
    KEPT.iter()
        .map(|table| {
            let mut lines: Vec<String> = sql(home, copy, &format!("SELECT * FROM {table}"))
                .lines()
                .map(str::to_string)
                .collect();
            lines.sort();
            lines
        })
        .collect()
}

fn digest(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

#[test]
fn a_copy_of_schema_1_is_read_as_it_is_then_upgraded_by_its_first_write_keeping_everything() {
    let home = Home::new();
    let copy = schema_1_copy(&home);
    let mirror = copy.to_str().unwrap();
    let untouched = digest(&copy);

    // Read as it is: every reading command answers, and the file is unchanged.
    let before = tables(&home, &copy);
    assert_eq!(before[0].len(), 205, "204 banks and a header");
    for args in [
        &["--offline", "search", "--all", "--format", "csv"][..],
        &["stats", "--by", "state"],
        &["changes", "--change", "all", "--format", "csv"],
        &["due", "--format", "csv"],
        &[
            "--offline",
            "search",
            "--assets",
            "1M..",
            "--enriched",
            "--format",
            "csv",
        ],
    ] {
        let out = home
            .cra()
            .args(["--mirror", mirror])
            .args(args)
            .output()
            .unwrap();
        assert_code(&out, 0);
        assert!(!out.stdout.is_empty(), "{args:?}");
    }
    assert_eq!(
        sql(&home, &copy, "PRAGMA user_version"),
        "user_version\n1\n"
    );
    assert!(digest(&copy) == untouched, "reading changed the copy");

    // The sandbox serves the same banks (exported from the copy itself),
    // and the copy is told it is that service's: the first sync upgrades
    // it, and finds nothing to change.
    let data = home.path().join("same.csv");
    let out = home
        .cra()
        .args([
            "--mirror",
            mirror,
            "--offline",
            "export",
            "--with-history",
            "-o",
        ])
        .arg(&data)
        .output()
        .unwrap();
    assert_code(&out, 0);
    let sandbox = Sandbox::start(&["--data", data.to_str().unwrap()]);
    {
        let connection = rusqlite::Connection::open(&copy).unwrap();
        connection
            .execute(
                "UPDATE meta SET value = ?1 WHERE key = 'service'",
                [format!("{}/", sandbox.url)],
            )
            .unwrap();
    }
    let out = home
        .cra()
        .at(&sandbox.url, ACTIVE_KEY)
        .args(["--mirror", mirror, "sync", "--format", "json"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["changed_banks"], 0, "{summary}");
    assert_eq!(summary["new_exams"], 0, "{summary}");
    assert_eq!(
        sql(&home, &copy, "PRAGMA user_version"),
        format!("user_version\n{}\n", cra::mirror::SCHEMA_VERSION)
    );
    let after = tables(&home, &copy);
    for ((table, before), after) in KEPT.iter().zip(&before).zip(&after) {
        if *table == "meta" {
            // The service row is the test's own; nothing else may change.
            continue;
        }
        assert!(before == after, "{table} changed by the upgrade");
    }
    assert_eq!(
        sql(&home, &copy, "SELECT count(*) AS n FROM outbox"),
        "n\n12\n"
    );
}

#[test]
fn a_copy_of_a_later_schema_is_refused_naming_both_and_left_untouched() {
    let home = Home::new();
    let copy = schema_1_copy(&home);
    {
        let connection = rusqlite::Connection::open(&copy).unwrap();
        connection
            .pragma_update(None, "user_version", 9999)
            .unwrap();
    }
    let untouched = digest(&copy);
    let sandbox = Sandbox::start(&["--banks", "20"]);
    let mirror = copy.to_str().unwrap();
    let runs: [&[&str]; 5] = [
        &["--offline", "search"],
        &["stats"],
        &["sql", "SELECT 1"],
        &["sync"],
        &["enrich", "--no-bankfind", "--ffiec", "nowhere.zip"],
    ];
    for args in runs {
        let out = home
            .cra()
            .at(&sandbox.url, ACTIVE_KEY)
            .args(["--mirror", mirror])
            .args(args)
            .output()
            .unwrap();
        assert_code(&out, 2);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("schema 9999")
                && stderr.contains(&format!("1 to {}", cra::mirror::SCHEMA_VERSION))
                && stderr.lines().count() == 1,
            "{args:?}: {stderr}"
        );
    }
    assert!(digest(&copy) == untouched, "a refused copy was changed");
}
