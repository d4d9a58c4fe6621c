//! Issue 56, item 4: at 80 columns a test rating is never cut (`High
//! Sa…`, `Outstan…` beside a whole overall rating): it takes its short
//! form, with a legend, before any is cut.

use crate::common::{Home, assert_code, stderr};

#[test]
fn test_ratings_take_short_forms_with_a_legend_before_any_is_cut() {
    let home = Home::new();
    assert_code(&home.sandboxed(&["sync", "--quiet"]), 0);
    assert_code(&home.sandboxed(&["enrich", "--quiet"]), 0);
    let id = crate::common::text(
        &home
            .sandboxed(&[
                "--offline",
                "search",
                "--state",
                "TX",
                "--size",
                "large",
                "--limit",
                "1",
                "--format",
                "json",
                "--jq",
                ".[0].id",
            ])
            .stdout,
    );
    let file = home.path().join("b.pdf");
    home.sandboxed(&["pe", id.trim(), "--download", "-o", file.to_str().unwrap()]);
    let read = home.sandboxed(&["enrich", "--pe", file.to_str().unwrap()]);
    assert!(stderr(&read).contains("read 1 evaluation (1 linked"));
    let columns = "name,city,rating,exam_date,lending_test,investment_test,service_test";
    let tsv = home.sandboxed(&[
        "--offline",
        "search",
        "--state",
        "TX",
        "--size",
        "large",
        "--limit",
        "1",
        "--columns",
        columns,
        "--format",
        "tsv",
    ]);
    let whole = crate::common::text(&tsv.stdout);
    assert!(
        whole.contains("High Satisfactory") || whole.contains("Low Satisfactory"),
        "{whole}"
    );
    let out = home
        .cra()
        .current_dir(home.path())
        .env("CRA_FORCE_TTY", "1")
        .env("COLUMNS", "80")
        .args([
            "--sandbox",
            "--offline",
            "--color",
            "never",
            "search",
            "--state",
            "TX",
            "--size",
            "large",
            "--limit",
            "3",
            "--columns",
            columns,
        ])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let table = crate::common::text(&out.stdout);
    let levels = [
        "Outstanding",
        "High Satisfactory",
        "Satisfactory",
        "Low Satisfactory",
        "Needs to Improve",
        "Substantial Noncompliance",
    ];
    for line in table.lines() {
        assert!(line.chars().count() <= 80, "{table}");
        for level in levels {
            for cut in 1..level.len() {
                let shown = format!(" {}…", &level[..cut]);
                assert!(!line.contains(&shown), "a rating cut: {shown:?}\n{table}");
            }
        }
    }
    // Every test column shown, each level's short form said.
    for header in ["LENDING", "INVESTMENT", "SERVICE"] {
        assert!(table.contains(header), "{table}");
    }
    for (short, legend) in [
        ("HSAT", "HSAT High Satisfactory"),
        ("LSAT", "LSAT Low Satisfactory"),
    ] {
        let shown = table.lines().filter(|l| l.contains(short)).count();
        if shown > 0 {
            assert!(table.contains(legend), "{table}");
        }
    }
    assert!(table.contains("HSAT") || table.contains("LSAT"), "{table}");
}

/// `cra --sandbox --offline ARGS` on a terminal 80 columns wide: its
/// standard output.
fn at_80(home: &Home, args: &[&str]) -> String {
    let out = home
        .cra()
        .current_dir(home.path())
        .env("CRA_FORCE_TTY", "1")
        .env("COLUMNS", "80")
        .args(["--sandbox", "--offline", "--color", "never"])
        .args(args)
        .output()
        .unwrap();
    assert_code(&out, 0);
    crate::common::text(&out.stdout)
}

#[test]
fn enriched_tables_keep_the_columns_the_selection_filters_on_at_80_columns() {
    let home = Home::new();
    assert_code(&home.sandboxed(&["sync", "--quiet"]), 0);
    assert_code(&home.sandboxed(&["enrich", "--quiet"]), 0);
    let ids = crate::common::text(
        &home
            .sandboxed(&[
                "--offline",
                "search",
                "--state",
                "TX",
                "--size",
                "large",
                "--limit",
                "8",
                "--format",
                "json",
                "--jq",
                ".[].id",
            ])
            .stdout,
    );
    let dir = home.path().join("pes");
    std::fs::create_dir_all(&dir).unwrap();
    for (i, id) in ids.lines().enumerate() {
        let file = dir.join(format!("{i}.pdf"));
        let out = home
            .cra()
            .current_dir(home.path())
            .args(["--sandbox", "pe", id.trim(), "--download", "-o"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(out.status.code().is_some(), "{out:?}");
    }
    home.sandboxed(&["enrich", "--pe", dir.to_str().unwrap()]);
    // The level a Lending Test of theirs has: High Satisfactory when one has it.
    let levels = crate::common::text(
        &home
            .sandboxed(&[
                "sql",
                "SELECT DISTINCT rating FROM evaluation_tests WHERE area = 'institution' \
                 AND test = 'lending' ORDER BY rating",
                "--format",
                "tsv",
            ])
            .stdout,
    );
    let level = ["High Satisfactory", "Low Satisfactory", "Outstanding"]
        .into_iter()
        .find(|l| levels.lines().any(|line| line == *l))
        .unwrap_or_else(|| panic!("no Lending Test rated: {levels}"));
    let test = format!("lending={}", level.to_lowercase().replace(' ', "-"));
    for args in [
        &["search", "--enriched", "--test", &test][..],
        &["export", "--enriched", "--test", &test, "--format", "table"][..],
        &["due", "--older-than", "1d", "--enriched", "--test", &test][..],
        &[
            "changes",
            "--change",
            "all",
            "--since",
            "1990",
            "--enriched",
            "--test",
            &test,
        ][..],
    ] {
        let table = at_80(&home, args);
        let head = table.lines().next().unwrap_or_default();
        assert!(
            head.contains("LENDING"),
            "{args:?} dropped the Lending Test:\n{table}"
        );
        assert!(table.lines().all(|l| l.chars().count() <= 80), "{table}");
        // The rating whole or in its short form, never cut.
        for cut in 1..level.len() {
            assert!(!table.contains(&format!(" {}…", &level[..cut])), "{table}");
        }
    }
}

#[test]
fn a_rename_in_a_lineage_shows_both_names_whole_at_80_columns() {
    let home = Home::new();
    assert_code(&home.sandboxed(&["sync", "--quiet"]), 0);
    assert_code(&home.sandboxed(&["enrich", "--quiet"]), 0);
    // The sandbox's Florida National Bank was Security National Bank.
    let tsv = crate::common::text(
        &home
            .sandboxed(&["--offline", "lineage", "fdic:29744", "--format", "tsv"])
            .stdout,
    );
    assert!(
        tsv.lines()
            .any(|l| l.contains("name_change\tSecurity National Bank\tFlorida National Bank\t")),
        "{tsv}"
    );
    // At 80 columns both names whole (the details give way: the kind, the
    // exam date), every line within 80.
    let table = at_80(&home, &["lineage", "fdic:29744"]);
    assert!(table.lines().all(|l| l.chars().count() <= 80), "{table}");
    let renamed = table
        .lines()
        .find(|l| l.contains("Security National"))
        .unwrap_or_else(|| panic!("no rename:\n{table}"));
    assert!(
        renamed.contains("Security National Bank ") && renamed.contains("Florida National Bank "),
        "a name cut:\n{table}"
    );
    // A lineage with no rename is fitted as before: the guide's.
    let table = at_80(&home, &["lineage", "fdic:12683"]);
    assert!(
        table.contains(" KIND ") && table.contains("Satisfactory"),
        "{table}"
    );
}
