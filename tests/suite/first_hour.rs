//! What a new user meets in the first hour (issue 18): a pipe that says
//! when it got fewer rows than match, hints that name the command that
//! works in the user's situation, a Ctrl-C during `sync` that says what it
//! kept.

use std::process::Stdio;

use crate::common::{Home, Sandbox, assert_code};

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_piped_search_says_it_wrote_fewer_rows_than_match() {
    let home = Home::new();
    let out = home
        .cra()
        .args(["--sandbox", "search", "--state", "IA", "--size", "small"])
        .args(["--format", "csv"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let rows = String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .count()
        - 1;
    assert_eq!(rows, 25);
    let err = stderr(&out);
    assert!(err.contains("cra: wrote 25 of "), "{err}");
    assert!(err.contains("--all") && err.contains("cra export"), "{err}");

    // --quiet silences it; --all and a page that holds every match need none.
    let quiet = home
        .cra()
        .args([
            "--sandbox",
            "search",
            "--state",
            "IA",
            "--size",
            "small",
            "--quiet",
        ])
        .output()
        .unwrap();
    assert_code(&quiet, 0);
    assert_eq!(stderr(&quiet), "");
    let all = home
        .cra()
        .args([
            "--sandbox",
            "search",
            "--state",
            "IA",
            "--size",
            "small",
            "--all",
        ])
        .output()
        .unwrap();
    assert_code(&all, 0);
    assert!(!stderr(&all).contains("wrote"), "{}", stderr(&all));
    let limited = home
        .cra()
        .args(["--sandbox", "search", "--state", "VT", "--limit", "3"])
        .output()
        .unwrap();
    assert!(
        stderr(&limited).contains("cra: wrote 3 of "),
        "{}",
        stderr(&limited)
    );
}

#[test]
fn hints_name_the_sync_that_works_here() {
    let home = Home::new();
    let out = home.cra().args(["--sandbox", "stats"]).output().unwrap();
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("(run: cra --sandbox sync)"),
        "{}",
        stderr(&out)
    );

    let mirror = home.path().join("team copy.sqlite");
    let out = home
        .cra()
        .args(["changes", "--mirror"])
        .arg(&mirror)
        .output()
        .unwrap();
    assert_code(&out, 2);
    let want = format!("(run: cra sync --mirror '{}')", mirror.display());
    assert!(
        stderr(&out).contains(&want),
        "{} lacks {want}",
        stderr(&out)
    );

    // From the environment the sync finds the copy by itself.
    let out = home
        .cra()
        .env("CRA_MIRROR", &mirror)
        .args(["sql", "select 1"])
        .output()
        .unwrap();
    assert_code(&out, 2);
    assert!(stderr(&out).contains("(run: cra sync)"), "{}", stderr(&out));
}

#[cfg(unix)]
#[test]
fn ctrl_c_during_sync_says_what_was_kept_and_the_next_sync_resumes() {
    let sandbox = Sandbox::start(&["--banks", "3000", "--latency", "20"]);
    let home = Home::new();
    let mirror = home.path().join("copy.sqlite");
    let sync = |home: &Home| {
        let mut cmd = home.cra_std();
        cmd.env("CRA_BASE_URL", &sandbox.url)
            .env("CRA_API_KEY", "sandbox_active")
            .arg("--mirror")
            .arg(&mirror)
            .arg("sync")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        cmd
    };
    let child = sync(&home).spawn().unwrap();
    // Until the sync has stored banks (its handlers are in place by then).
    let started = std::time::Instant::now();
    loop {
        assert!(
            started.elapsed().as_secs() < 60,
            "the sync never stored a bank"
        );
        let out = home
            .cra()
            .arg("--mirror")
            .arg(&mirror)
            .args(["sql", "select count(*) from banks", "--format", "csv"])
            .output()
            .unwrap();
        let count: u64 = String::from_utf8_lossy(&out.stdout)
            .lines()
            .nth(1)
            .and_then(|l| l.trim().parse().ok())
            .unwrap_or(0);
        if count > 0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    crate::common::signal(child.id(), crate::common::Signal::INT);
    let out = child.wait_with_output().unwrap();
    assert_code(&out, 130);
    let err = stderr(&out);
    assert!(
        err.contains("cra: warning: interrupted: the local copy"),
        "{err}"
    );
    assert!(
        err.contains("banks (") && err.contains("resumes where this one stopped"),
        "{err}"
    );
    assert!(
        err.contains(&format!("cra sync --mirror {}", mirror.display())),
        "{err}"
    );
    assert!(
        !err.contains("error: interrupted"),
        "one line, not two: {err}"
    );

    let out = sync(&home).output().unwrap();
    assert_code(&out, 0);
    let out = home
        .cra()
        .arg("--mirror")
        .arg(&mirror)
        .args([
            "sql",
            "select status from syncs order by id",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "status\r\ninterrupted\r\ncomplete\r\n"
    );
}

#[test]
fn the_sandbox_banner_shows_its_own_test_keys() {
    use std::io::BufRead;
    let home = Home::new();
    let mut child = home
        .cra_std()
        .env("CRA_API_KEY", "sandbox_active")
        .args(["sandbox", "--port", "0", "--banks", "10"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stderr.take().unwrap()).lines();
    let keys = lines
        .by_ref()
        .map_while(Result::ok)
        .find(|line| line.contains("keys:"))
        .expect("a keys line");
    let _ = child.kill();
    let _ = child.wait();
    assert!(keys.contains("sandbox_active (200)"), "{keys}");
    assert!(!keys.contains("[redacted]"), "{keys}");
}

#[test]
fn evolve_is_refused_where_it_changes_nothing() {
    let home = Home::new();
    let out = home
        .cra()
        .args(["--sandbox", "--evolve", "3", "stats"])
        .output()
        .unwrap();
    assert_code(&out, 2);
    assert!(stderr(&out).contains("--evolve"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("cra --sandbox --evolve N sync"),
        "{}",
        stderr(&out)
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

/// `cra ARGS --help` as an 80-column terminal shows it.
fn help(args: &[&str]) -> String {
    let out = Home::new()
        .cra()
        .env("COLUMNS", "80")
        .args(args)
        .arg("--help")
        .output()
        .unwrap();
    assert_code(&out, 0);
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn global_flags_are_worded_for_the_command_they_are_given_to() {
    let sql = help(&["sql"]);
    assert!(!sql.contains("Trace every HTTP request"), "{sql}");
    assert!(sql.contains("this command makes no HTTP request"), "{sql}");
    assert!(sql.contains("Read the sandbox's own local copy"), "{sql}");
    assert!(
        sql.contains("this command always reads the local copy"),
        "{sql}"
    );
    assert!(!sql.contains("csv for export"), "{sql}");
    for table in [
        "banks",
        "ratings",
        "syncs",
        "removed_banks",
        "outbox",
        "meta",
    ] {
        assert!(sql.contains(table), "{table} missing from:\n{sql}");
    }
    assert!(sql.contains("--schema"), "{sql}");
    let export = help(&["export"]);
    assert!(export.contains("[default: csv]"), "{export}");
    let search = help(&["search"]);
    assert!(search.contains("Trace every HTTP request"), "{search}");
    assert!(
        search.contains("[default: table on a terminal, tsv"),
        "{search}"
    );
    assert!(!search.contains("csv for export"), "{search}");
}

#[test]
fn changes_and_diff_help_are_compact_and_root_help_fits_80_columns() {
    for command in ["changes", "diff"] {
        let text = help(&[command]);
        assert!(!text.contains("Possible values:"), "{text}");
        // Compact layout: a flag and its help on one line.
        let flag = if command == "changes" {
            "--since <DATE>"
        } else {
            "--exit-code"
        };
        let line = text.lines().find(|l| l.contains(flag)).unwrap();
        assert!(
            line.trim_end().len() > flag.len() + 8,
            "{line:?} in\n{text}"
        );
        assert!(text.lines().count() < 60, "{text}");
    }
    let root = help(&[]);
    let environment: Vec<&str> = root
        .lines()
        .skip_while(|l| *l != "Environment:")
        .skip(1)
        .take_while(|l| !l.is_empty())
        .collect();
    assert!(environment.len() > 9, "{root}");
    for line in &environment {
        assert!(line.chars().count() <= 80, "{line:?}");
        // A variable's name, or a continuation under its meaning.
        assert!(
            line.starts_with("  CRA_")
                || line.starts_with("  NO_COLOR")
                || line.starts_with("  COLUMNS")
                || line.starts_with("  HTTPS_PROXY")
                || line.starts_with(&" ".repeat(22)),
            "{line:?}"
        );
    }
}

#[test]
fn sql_schema_prints_every_table_without_a_copy() {
    let out = Home::new()
        .cra()
        .args(["sql", "--schema"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let schema = String::from_utf8(out.stdout).unwrap();
    for table in [
        "meta",
        "syncs",
        "banks",
        "ratings",
        "outbox",
        "removed_banks",
    ] {
        assert!(
            schema.contains(&format!("CREATE TABLE {table} (")),
            "{table}:\n{schema}"
        );
    }
    let man = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("man/cra-sql.1"),
    )
    .unwrap();
    assert!(
        man.contains("mirror.sqlite"),
        "the man page's FILES names the copy"
    );
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
        for column in ["EXAM DATE", "NAME", "PREVIOUS", "RATING", "CHANGE", "ID"] {
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
        // sql: dates whole; what did not fit is named.
        assert!(!sql.contains("-…"), "{sql}");
        assert!(sql.contains("not shown: "), "sql at {width}:\n{sql}");
    }
}
