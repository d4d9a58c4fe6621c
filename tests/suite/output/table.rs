//! Tables on a terminal: they fit 80, 100 and 120 columns keeping their
//! answer and every id (or its unique prefix), a bank card fits a narrow
//! terminal, and `changes` and `sql` count their rows. Through a real
//! pseudo-terminal (`script`) where the width must be the terminal's.

use std::process::Stdio;

use crate::common::thread_sandbox::{run_json, sandbox_url};
use crate::common::{
    ACTIVE_KEY, Home, Sandbox, Service, World, assert_code, stderr, visible_width,
};

/// Display width of a line as the terminal shows it: the sandbox's text,
/// the rule and the ellipsis are all one column a character.
fn columns(line: &str) -> usize {
    line.chars().count()
}

/// `search` on a forced terminal of `width` columns: no line wider, every
/// id whole on its bank's row, a name shortened only when it had to be.
fn assert_table_fits(width: usize) {
    let home = crate::common::Home::new();
    let args = ["search", "--state", "TX", "--limit", "40"];
    let banks = run_json(&args);
    let banks = banks.as_array().unwrap();
    let out = home
        .cra()
        .at(&sandbox_url(), ACTIVE_KEY)
        .env("CRA_FORCE_TTY", "1")
        .env("COLUMNS", width.to_string())
        .args(args)
        .args(["--color", "never"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    for line in &lines {
        assert!(
            columns(line) <= width,
            "wider than {width}: {line:?}\n{text}"
        );
    }
    // A header, its rule, then one line per bank in order (then notes,
    // unindented: the columns not shown).
    let rows: Vec<&str> = lines[2..]
        .iter()
        .copied()
        .take_while(|l| l.starts_with(' '))
        .collect();
    assert_eq!(rows.len(), banks.len(), "{text}");
    let mut shortened = 0;
    let mut prefixes = std::collections::HashSet::new();
    for (row, bank) in rows.iter().zip(banks) {
        let id = bank["id"].as_str().unwrap();
        // Columns two spaces apart when the table is narrowed.
        let cells: Vec<&str> = row.split("  ").map(str::trim).collect();
        // The id, or the shortest prefix (8 or more) that no other row has.
        let shown_id = cells.last().unwrap();
        assert!(
            shown_id.len() >= 8 && id.starts_with(shown_id),
            "no prefix of id {id} on {row:?}"
        );
        assert!(prefixes.insert(shown_id.to_string()), "{shown_id} twice");
        let name = bank["name"].as_str().unwrap();
        let shown = cells.iter().find(|c| !c.is_empty()).unwrap();
        if *shown != name {
            let kept = shown.strip_suffix('…').unwrap_or_else(|| panic!("{row:?}"));
            assert!(name.starts_with(kept), "{row:?}");
            // Only when needed: widening the column (every row's) to the
            // whole name would not have fitted.
            let table_width = lines[..2 + rows.len()]
                .iter()
                .map(|l| columns(l))
                .max()
                .unwrap();
            let whole = table_width - columns(shown) + columns(name);
            assert!(whole > width, "{name:?} shortened needlessly: {row:?}");
            shortened += 1;
        }
    }
    if width >= 200 {
        assert_eq!(shortened, 0, "{text}");
        assert!(lines[0].contains("EXAM TYPE") && lines[0].contains("CITY"));
    }
    if width == 80 {
        assert!(
            shortened > 0,
            "TX has names too long for 80 columns: {text}"
        );
        // Every column kept: the ratings abbreviated with their legend,
        // the exam types and the long headers in their short forms.
        let header: Vec<&str> = lines[0].split_whitespace().collect();
        assert_eq!(
            header,
            [
                "NAME", "CITY", "ST", "REG", "RATING", "EXAM", "DATE", "TYPE", "ID"
            ],
            "{text}"
        );
        assert!(!text.contains("not shown"), "{text}");
        assert!(text.contains("SAT Satisfactory"), "{text}");
        assert!(
            rows.iter().all(|row| {
                let cells: Vec<&str> = row.split_whitespace().collect();
                cells
                    .iter()
                    .any(|c| ["OUT", "SAT", "NTI", "SNC"].contains(c))
                    && cells.iter().any(|c| ["Large", "Small", "ISB"].contains(c))
            }),
            "{text}"
        );
    }
}

#[test]
fn a_terminal_table_fits_80_columns_with_every_id_or_its_unique_prefix() {
    assert_table_fits(80);
}

#[test]
fn a_terminal_table_fits_100_columns_with_every_id_or_its_unique_prefix() {
    assert_table_fits(100);
}

#[test]
fn a_terminal_table_at_200_columns_shows_everything_whole() {
    assert_table_fits(200);
}

/// `line` without its colour codes (`ESC [ ... m`).
fn uncoloured(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c == 'm' {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// No line of a table ends in spaces (the padding of its last column, or
/// the cells a row leaves empty there): not the rows of the sample that
/// fits the columns, nor those printed under it as they come, on a
/// terminal or not, in colour or not (the bold header, a coloured rating
/// last).
#[test]
fn no_table_line_ends_in_spaces() {
    let home = crate::common::Home::new();
    for (tty, color) in [(false, "never"), (true, "never"), (true, "always")] {
        let mut cmd = home.cra();
        cmd.at(&sandbox_url(), ACTIVE_KEY)
            .args(["search", "--limit", "1200", "--columns", "id,name,rating"])
            .args(["--format", "table", "--color", color]);
        if tty {
            cmd.env("CRA_FORCE_TTY", "1").env("COLUMNS", "80");
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let text = String::from_utf8(out.stdout).unwrap();
        // More rows than the sample that fits the columns (1,000).
        assert!(text.lines().count() > 1200, "{text}");
        assert_eq!(text.contains('\x1b'), color == "always", "{text}");
        let padded: Vec<String> = text
            .lines()
            .map(uncoloured)
            .filter(|l| l.ends_with(' '))
            .collect();
        assert!(
            padded.is_empty(),
            "tty {tty}, colour {color}: {} lines end in spaces, as {:?}",
            padded.len(),
            padded.first()
        );
    }
}

#[test]
fn a_bank_card_fits_a_narrow_terminal() {
    let banks = run_json(&["search", "--state", "TX", "--per-page", "50"]);
    let bank = banks
        .as_array()
        .unwrap()
        .iter()
        .max_by_key(|b| b["name"].as_str().unwrap().len())
        .unwrap();
    let id = bank["id"].as_str().unwrap();
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .at(&sandbox_url(), ACTIVE_KEY)
        .env("CRA_FORCE_TTY", "1")
        .env("COLUMNS", "50")
        .args(["--color", "never", "show", id])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    for line in text.lines() {
        assert!(columns(line) <= 50, "{line:?}\n{text}");
    }
    assert!(text.contains(id), "{text}");
    assert!(
        text.contains("RATING") && text.contains("current"),
        "{text}"
    );
}

#[test]
fn changes_and_sql_count_their_rows_on_a_terminal() {
    let sandbox = Sandbox::start(&["--banks", "60"]);
    let home = Home::new();
    let mirror = home.path().join("copy.sqlite");
    let cra = || {
        let mut cmd = home.cra();
        cmd.env("CRA_BASE_URL", &sandbox.url)
            .env("CRA_API_KEY", "sandbox_active")
            .arg("--mirror")
            .arg(&mirror);
        cmd
    };
    assert_code(&cra().arg("sync").output().unwrap(), 0);
    let out = cra()
        .env("CRA_FORCE_TTY", "1")
        .args(["sql", "select id from banks limit 7"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    assert!(stderr(&out).ends_with("7 rows\n"), "{}", stderr(&out));
    let out = cra()
        .env("CRA_FORCE_TTY", "1")
        .args(["changes", "--change", "all"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    assert!(
        stderr(&out).contains(" rating records\n"),
        "{}",
        stderr(&out)
    );
    // Not on a pipe: standard error stays quiet.
    let out = cra().args(["sql", "select 1"]).output().unwrap();
    assert_eq!(stderr(&out), "");
}

/// `cra ARGS` in a real pseudo-terminal `width` columns wide (no colour),
/// its standard output and error as the terminal shows them.
fn at_width(home: &Home, width: usize, args: &str) -> Option<String> {
    let line = format!(
        "stty cols {width} rows 60; NO_COLOR=1 {} {args}",
        crate::common::cra_bin().display()
    );
    // The shell `script` starts sets the terminal's size, then runs cra.
    let mut cmd = crate::common::tool("script", "bsdutils")?;
    cmd.env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home.path())
        .env("CRA_CONFIG", home.config_path())
        .env("TERM", "xterm")
        .args(["-qec", &line, "/dev/null"])
        .stdin(Stdio::null());
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{args}: {out:?}");
    Some(String::from_utf8_lossy(&out.stdout).replace("\r\n", "\n"))
}

/// The table's header line, under any note (`offline: ...`) above it.
fn table_header(screen: &str) -> &str {
    screen
        .lines()
        .find(|l| l.trim_start().starts_with("NAME"))
        .unwrap_or("")
}

fn header_of(screen: &str) -> &str {
    screen.lines().next().unwrap_or("")
}

#[test]
fn tables_keep_their_answer_in_80_100_and_120_columns() {
    let home = Home::new();
    assert_code(
        &home
            .cra()
            .args(["--sandbox", "sync", "-q"])
            .output()
            .unwrap(),
        0,
    );
    let out = home
        .cra()
        .args([
            "--sandbox",
            "sql",
            "select id from banks where state = 'TX' limit 1",
        ])
        .output()
        .unwrap();
    let id = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    let (old, new) = (home.path().join("old.csv"), home.path().join("new.json"));
    let export = |args: &[&str], file: &std::path::Path| {
        let out = home.cra().args(args).arg("-o").arg(file).output().unwrap();
        assert_code(&out, 0);
    };
    export(&["--sandbox", "export", "--state", "VT"], &old);
    export(
        &[
            "--sandbox",
            "--evolve",
            "4000",
            "export",
            "--state",
            "VT",
            "--format",
            "json",
        ],
        &new,
    );
    for width in [80, 100, 120] {
        let Some(search) = at_width(&home, width, "--sandbox search --state TX --size large")
        else {
            return;
        };
        let changes = at_width(
            &home,
            width,
            "--sandbox changes --state TX --since 2025-06-01",
        )
        .unwrap();
        let sql = at_width(&home, width, "--sandbox sql 'select * from banks limit 5'").unwrap();
        let show = at_width(&home, width, &format!("--sandbox show {id}")).unwrap();
        let stats = at_width(&home, width, "--sandbox stats --by state").unwrap();
        let due = at_width(&home, width, "--sandbox due --state TX").unwrap();
        for column in ["NAME", "RATING", "EXAM DATE", "OVERDUE", "ID"] {
            assert!(header_of(&due).contains(column), "due at {width}:\n{due}");
        }
        let diff = at_width(
            &home,
            width,
            &format!("diff {} {}", old.display(), new.display()),
        )
        .unwrap();
        for (what, screen) in [
            ("search", &search),
            ("changes", &changes),
            ("sql", &sql),
            ("show", &show),
            ("stats", &stats),
            ("diff", &diff),
        ] {
            for line in screen.lines() {
                assert!(
                    unicode_width::UnicodeWidthStr::width(line) <= width,
                    "{what} at {width}: {line:?} is {} wide",
                    unicode_width::UnicodeWidthStr::width(line)
                );
            }
        }
        for column in ["NAME", "CITY", "RATING", "EXAM DATE", "ID"] {
            assert!(
                header_of(&search).contains(column),
                "search at {width}:\n{search}"
            );
        }
        for column in ["EXAM DATE", "NAME", "PREV", "RATING", "CHANGE", "ID"] {
            assert!(
                header_of(&changes).contains(column),
                "changes at {width}:\n{changes}"
            );
        }
        // Ids give way to a unique prefix of at least 8 characters.
        let id = search
            .lines()
            .nth(2)
            .unwrap()
            .split_whitespace()
            .last()
            .unwrap();
        assert!(
            id.len() >= 8 && id.chars().all(|c| c.is_ascii_hexdigit() || c == '-'),
            "{id}"
        );
        // A rating is whole or abbreviated with its legend, never cut.
        assert!(
            !changes.contains("Satisfa…") && !changes.contains("Outsta…"),
            "{changes}"
        );
        if changes.lines().nth(2).unwrap().contains(" SAT ") || changes.contains(" OUT ") {
            assert!(changes.contains("SAT Satisfactory"), "legend:\n{changes}");
        }
        // show: the history's exam dates and ratings, whole.
        assert!(
            show.contains("EXAM DATE") && show.contains("RATING"),
            "show at {width}:\n{show}"
        );
        assert!(
            !show.contains("Satisfa…") && !show.contains("Outsta…"),
            "{show}"
        );
        // stats: every group's total, never cut.
        assert!(
            stats.lines().any(|l| l.starts_with("TX ")),
            "stats at {width}:\n{stats}"
        );
        // diff: what changed, for whom, from what to what.
        for column in ["CHANGE", "NAME", "BEFORE", "AFTER", "ID"] {
            assert!(
                header_of(&diff).contains(column),
                "diff at {width}:\n{diff}"
            );
        }
        // BEFORE and AFTER whole: every value after a ` · ` is a whole
        // date, and an abbreviated rating comes with its legend.
        for line in diff.lines().skip(2).filter(|l| l.starts_with(' ')) {
            for (_, rest) in line
                .match_indices(" · ")
                .map(|(at, _)| line.split_at(at + 4))
            {
                let date: String = rest.chars().take(10).collect();
                assert!(
                    date.len() == 10 && date.chars().all(|c| c.is_ascii_digit() || c == '-'),
                    "diff at {width}: a value cut in {line:?}\n{diff}"
                );
            }
        }
        if diff.contains("SAT · ") || diff.contains("OUT · ") {
            assert!(diff.contains("SAT Satisfactory"), "legend:\n{diff}");
        }
        // sql: dates whole; what did not fit is named.
        assert!(!sql.contains("-…"), "{sql}");
        assert!(sql.contains("not shown: "), "sql at {width}:\n{sql}");
    }
}

/// A page of "Substantial Noncompliance" and "Intermediate Small Bank" at
/// 120 columns: exam types, then ratings, are shortened before a column is
/// dropped, so the regulator stays (under REG, as the exam types under
/// TYPE: the short forms may show where they keep a name whole); at 80,
/// ratings are abbreviated (with their legend) rather than losing the
/// city, and every column stays.
#[test]
fn long_ratings_and_exam_types_give_way_before_a_column_does() {
    let home = Home::new();
    assert_code(
        &home
            .cra()
            .args(["--sandbox", "sync", "-q"])
            .output()
            .unwrap(),
        0,
    );
    let line = "--sandbox --offline search --rating snc --limit 12";
    let Some(wide) = at_width(&home, 120, line) else {
        return;
    };
    assert!(wide.contains("Substantial Noncompliance"), "{wide}");
    // Every column, some under their short headers.
    let every = [
        "NAME",
        "CITY",
        "ST",
        "REG",
        "RATING",
        "EXAM DATE",
        "TYPE",
        "ID",
    ];
    for column in every {
        assert!(
            table_header(&wide).contains(column),
            "{column} at 120:\n{wide}"
        );
    }
    assert!(!wide.contains("not shown"), "{wide}");
    let narrow = at_width(&home, 80, line).unwrap();
    for column in every {
        assert!(
            table_header(&narrow).contains(column),
            "{column} at 80:\n{narrow}"
        );
    }
    assert!(
        narrow.contains(" SNC ") && narrow.contains("SNC Substantial Noncompliance"),
        "{narrow}"
    );
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
                    // Columns two spaces apart when the table is narrowed.
                    row.split("  ")
                        .map(str::trim)
                        .any(|c| c.len() >= 8 && id.starts_with(c)),
                    "{args:?} at {width}: no prefix of id {id} on {row:?}"
                );
            }
        }
    }
}

/// A bank on several rows (`changes` of a watch list: one row per exam) is
/// one bank: its short id must differ from the other banks', not from its
/// own other rows. Printed whole, its id took the room of the answer.
#[test]
fn changes_of_two_watched_banks_at_80_columns_keep_the_answer_and_short_ids() {
    let world = World::new(&["--banks", "300", "--seed", "5"]);
    world.sync(&[]);
    let changes = world.json(&["changes", "--change", "all", "--format", "json"]);
    let mut per_bank: std::collections::BTreeMap<&str, usize> = Default::default();
    for change in &changes {
        *per_bank.entry(change["id"].as_str().unwrap()).or_default() += 1;
    }
    let twice: Vec<&str> = per_bank
        .iter()
        .filter(|(_, n)| **n >= 2)
        .map(|(id, _)| *id)
        .take(2)
        .collect();
    assert_eq!(twice.len(), 2, "two banks with several exams");
    let out = world.run(&["watch", "add", "pair", twice[0], twice[1]]);
    assert_code(&out, 0);
    let out = world
        .home
        .cra()
        .env("CRA_FORCE_TTY", "1")
        .env("COLUMNS", "80")
        .args([
            "--color", "never", "changes", "--change", "all", "--watch", "pair",
        ])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    let header = text.lines().next().unwrap();
    for column in ["NAME", "EXAM DATE", "PREV", "RATING", "CHANGE", "ID"] {
        assert!(header.contains(column), "{column} at 80:\n{text}");
    }
    let rows: Vec<&str> = text
        .lines()
        .skip(2)
        .take_while(|l| l.starts_with(' '))
        .collect();
    assert!(rows.len() > 2, "{text}");
    for row in rows {
        assert!(visible_width(row) <= 80, "{row:?}");
        let shown = row.split_whitespace().last().unwrap();
        let id = twice.iter().find(|id| id.starts_with(shown));
        assert!(
            shown.len() == 8 && id.is_some(),
            "not an 8-character prefix of a watched id: {row:?}\n{text}"
        );
    }
}
