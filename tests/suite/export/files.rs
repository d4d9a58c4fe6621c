//! `cra export` against the real sandbox: every format holds exactly what
//! the server holds, filters narrow and runs are byte-identical, faults
//! change no byte, `-o` (the format from its extension, a folder refused up
//! front, standard output, a named pipe, a failure named as given), the
//! data file round trip, and the progress bar on a terminal only.

use std::collections::HashMap;

use serde_json::Value;

use crate::common::measure::run_measured;
use crate::common::server::{Reply, TestServer, list_body};
use crate::common::{ACTIVE_KEY, Service};

const BANKS: &str = "300";

fn export(home: &crate::common::Home, url: &str, args: &[&str]) -> Vec<u8> {
    let out = home
        .cra()
        .at(url, ACTIVE_KEY)
        .arg("export")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

#[test]
fn every_format_holds_exactly_what_the_server_holds() {
    let sandbox = crate::common::Sandbox::start(&["--banks", BANKS]);
    let home = crate::common::Home::new();
    let details = sandbox.details("");
    let records: usize = details
        .iter()
        .map(|d| d["ratings"].as_array().unwrap().len())
        .sum();

    // Plain csv: one row per bank with the contract's header.
    let plain = String::from_utf8(export(&home, &sandbox.url, &[])).unwrap();
    let mut reader = csv::Reader::from_reader(plain.as_bytes());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        crate::common::CSV_HEADER
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), details.len());
    for (row, detail) in rows.iter().zip(&details) {
        assert_eq!(&row[0], detail["id"].as_str().unwrap(), "list order");
        assert_eq!(&row[1], detail["name"].as_str().unwrap());
    }

    // csv with history: one row per rating record.
    let history = String::from_utf8(export(&home, &sandbox.url, &["--with-history"])).unwrap();
    let mut reader = csv::Reader::from_reader(history.as_bytes());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        [
            "id",
            "name",
            "city",
            "state",
            "regulator",
            "exam_date",
            "rating",
            "exam_type",
            "is_current"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), records);
    let mut by_bank: HashMap<&str, Vec<&csv::StringRecord>> = HashMap::new();
    for row in &rows {
        by_bank.entry(row.get(0).unwrap()).or_default().push(row);
    }
    for detail in &details {
        let ratings = detail["ratings"].as_array().unwrap();
        let rows = &by_bank[detail["id"].as_str().unwrap()];
        assert_eq!(rows.len(), ratings.len());
        for rating in ratings {
            assert!(
                rows.iter()
                    .any(|r| &r[5] == rating["exam_date"].as_str().unwrap()
                        && &r[6] == rating["rating"].as_str().unwrap()
                        && r[8] == rating["is_current"].as_bool().unwrap().to_string())
            );
        }
    }

    // json and ndjson with history: the detail objects as served.
    let json: Vec<Value> = serde_json::from_slice(&export(
        &home,
        &sandbox.url,
        &["--with-history", "--format", "json"],
    ))
    .unwrap();
    assert_eq!(json, details);
    let ndjson = String::from_utf8(export(
        &home,
        &sandbox.url,
        &["--with-history", "--format", "ndjson"],
    ))
    .unwrap();
    let ndjson: Vec<Value> = ndjson
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(ndjson, details);
}

#[test]
fn filters_narrow_and_runs_are_byte_identical() {
    let sandbox = crate::common::Sandbox::start(&["--banks", BANKS]);
    let home = crate::common::Home::new();
    let all = export(&home, &sandbox.url, &["--format", "ndjson"]);
    let tx = export(
        &home,
        &sandbox.url,
        &["--state", "TX", "--format", "ndjson"],
    );
    let tx_large = export(
        &home,
        &sandbox.url,
        &["--state", "TX", "--size", "large", "--format", "ndjson"],
    );
    let count = |b: &[u8]| b.iter().filter(|&&c| c == b'\n').count();
    assert!(
        count(&all) > count(&tx) && count(&tx) > count(&tx_large),
        "{} {} {}",
        count(&all),
        count(&tx),
        count(&tx_large)
    );
    for line in String::from_utf8(tx_large).unwrap().lines() {
        let bank: Value = serde_json::from_str(line).unwrap();
        assert_eq!(bank["state"], "TX");
        assert_eq!(bank["current_rating"]["exam_type"], "Large Bank");
    }
    let first = home.path().join("a.csv");
    let second = home.path().join("b.csv");
    home.cra()
        .at(&sandbox.url, ACTIVE_KEY)
        .args(["export", "--with-history", "--concurrency", "16", "-o"])
        .arg(&first)
        .assert()
        .success();
    home.cra()
        .at(&sandbox.url, ACTIVE_KEY)
        .args(["export", "--with-history", "--concurrency", "3", "-o"])
        .arg(&second)
        .assert()
        .success();
    assert_eq!(
        std::fs::read(&first).unwrap(),
        std::fs::read(&second).unwrap()
    );
}

#[test]
fn faults_do_not_change_a_byte() {
    let clean = crate::common::Sandbox::start(&["--banks", "200"]);
    let faulty = crate::common::Sandbox::start(&[
        "--banks",
        "200",
        "--fail-rate",
        "0.2",
        "--rate-limit-every",
        "7",
    ]);
    let home = crate::common::Home::new();
    let expected = export(&home, &clean.url, &["--with-history"]);
    let out = home
        .cra()
        .at(&faulty.url, ACTIVE_KEY)
        .args([
            "export",
            "--with-history",
            "--retries",
            "10",
            "--concurrency",
            "16",
        ])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    assert!(out.stdout == expected, "output differs from the clean run");
    let summary = String::from_utf8(out.stderr).unwrap();
    assert!(summary.contains(" retr"), "{summary}");
    assert!(
        !summary.contains(" 0 retries"),
        "faults were injected: {summary}"
    );
}

#[test]
fn output_file_format_follows_the_extension() {
    let sandbox = crate::common::Sandbox::start(&["--banks", "50"]);
    let home = crate::common::Home::new();
    for (name, check) in [
        (
            "banks.json",
            (|t: &str| serde_json::from_str::<Vec<Value>>(t).is_ok()) as fn(&str) -> bool,
        ),
        ("banks.ndjson", |t: &str| {
            t.lines().all(|l| serde_json::from_str::<Value>(l).is_ok())
        }),
        ("banks.jsonl", |t: &str| {
            t.lines().all(|l| serde_json::from_str::<Value>(l).is_ok())
        }),
        ("banks.csv", |t: &str| t.starts_with("id,name,city")),
    ] {
        let path = home.path().join(name);
        let out = home
            .cra()
            .at(&sandbox.url, ACTIVE_KEY)
            .args(["export", "-o"])
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success());
        assert!(out.stdout.is_empty(), "nothing on stdout with -o");
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(check(&text), "{name}: {text:.200}");
    }
}

/// `-o` a folder, or a file in a folder that does not exist: a usage
/// error or a failure with one line, before a request is sent, and nothing
/// written anywhere.
#[test]
fn output_to_a_folder_or_a_missing_folder_is_refused_up_front() {
    let home = crate::common::Home::new();
    // Nobody listens here: the checks must come before any request.
    let url = "http://127.0.0.1:9";
    let before: Vec<_> = std::fs::read_dir(home.path()).unwrap().collect();
    let out = home
        .cra()
        .at(url, ACTIVE_KEY)
        .args(["export", "-o"])
        .arg(home.path())
        .output()
        .unwrap();
    crate::common::assert_code(&out, 2);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("is a folder"), "{stderr}");

    let out = home
        .cra()
        .at(url, ACTIVE_KEY)
        .args(["export", "-o"])
        .arg(home.path().join("no-such-folder/banks.csv"))
        .output()
        .unwrap();
    crate::common::assert_code(&out, 1);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("no-such-folder"), "{stderr}");
    let after: Vec<_> = std::fs::read_dir(home.path()).unwrap().collect();
    assert_eq!(before.len(), after.len(), "nothing written");
}

/// `-o -` is standard output; `-o` a named pipe (or a device such as
/// /dev/stdout) writes into it instead of replacing it with a file.
#[cfg(unix)]
#[test]
fn output_to_standard_output_and_to_a_pipe() {
    let sandbox = crate::common::Sandbox::start(&["--banks", "40"]);
    let home = crate::common::Home::new();
    let to_stdout = export(&home, &sandbox.url, &["-o", "-"]);
    assert_eq!(to_stdout, export(&home, &sandbox.url, &[]));
    assert!(to_stdout.starts_with(b"id,name,city"));

    let fifo = home.path().join("banks.pipe");
    crate::common::make_fifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(&fifo).unwrap())
    };
    let out = home
        .cra()
        .at(&sandbox.url, ACTIVE_KEY)
        .args(["export", "--format", "csv", "-o"])
        .arg(&fifo)
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    // Checked before the reader is joined: had the pipe been replaced, the
    // reader would wait on it for ever.
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(reader.join().unwrap(), to_stdout);
}

#[test]
fn data_file_round_trips_csv_and_json() {
    let sandbox = crate::common::Sandbox::start(&["--banks", "150"]);
    let home = crate::common::Home::new();
    for (name, format) in [
        ("history.csv", "csv"),
        ("history.json", "json"),
        ("history.ndjson", "ndjson"),
    ] {
        let path = home.path().join(name);
        home.cra()
            .at(&sandbox.url, ACTIVE_KEY)
            .args(["export", "--with-history", "-o"])
            .arg(&path)
            .assert()
            .success();
        let replay = crate::common::Sandbox::start(&["--data", path.to_str().unwrap()]);
        let first = export(&home, &sandbox.url, &["--with-history", "--format", format]);
        let again = export(&home, &replay.url, &["--with-history", "--format", format]);
        assert!(first == again, "{name}: export → --data → export differs");
    }
}

#[test]
fn progress_bar_on_a_terminal_only() {
    let sandbox = crate::common::Sandbox::start(&["--banks", "400", "--latency", "5"]);
    let home = crate::common::Home::new();
    // Piped: no bar, one summary line.
    let out = home
        .cra()
        .at(&sandbox.url, ACTIVE_KEY)
        .args(["export", "--with-history", "-o"])
        .arg(home.path().join("p.csv"))
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        !stderr.contains("banks ·") && !stderr.contains('\r'),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("exported 400 banks"), "{stderr}");

    let command = format!(
        "export --with-history -o {}",
        home.path().join("t.csv").display()
    );
    let Some(mut script) = crate::common::on_terminal(&home, &command) else {
        return;
    };
    let out = script.at(&sandbox.url, ACTIVE_KEY).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("/400 banks"),
        "a progress bar was drawn: {text}"
    );
    // --quiet: no bar and no summary even on a terminal.
    let quiet = format!("--quiet {command}");
    let mut script = crate::common::on_terminal(&home, &quiet).unwrap();
    let out = script.at(&sandbox.url, ACTIVE_KEY).output().unwrap();
    assert!(!String::from_utf8_lossy(&out.stdout).contains("banks"));
}

/// `-o FILE` says where the rows went: on a terminal in the summary
/// (`25 of 400 banks → FILE`), piped in the line that says rows were left
/// out (issue 48, item 20).
#[test]
fn a_rows_file_is_named_where_it_was_written() {
    let sandbox = crate::common::Sandbox::start(&["--banks", "400"]);
    let home = crate::common::Home::new();
    let path = home.path().join("x.xlsx");
    let out = home
        .cra()
        .at(&sandbox.url, ACTIVE_KEY)
        .args(["search", "-o"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(&format!(
            "cra: wrote 25 of 400 matching banks to {};",
            path.display()
        )),
        "{stderr}"
    );
    let command = format!("search -o {}", home.path().join("t.csv").display());
    let Some(mut script) = crate::common::on_terminal(&home, &command) else {
        return;
    };
    let out = script.at(&sandbox.url, ACTIVE_KEY).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains(&format!(" → {}", home.path().join("t.csv").display())),
        "{text}"
    );
}

/// A failed `-o` names the destination given, not the temporary file.
#[test]
fn a_failed_output_file_is_named_as_given() {
    let server = TestServer::always(Reply::json(200, &list_body(1, 1, 1, 100)));
    let home = crate::common::Home::new();
    let dest = home.path().join("no-such-folder/out.csv");
    let mut cmd = home.cra_std();
    cmd.at_with_secrets(&server.url).args(["export", "-o"]);
    cmd.arg(&dest);
    let run = run_measured(&mut cmd);
    run.assert_code(1);
    assert!(
        run.stderr
            .contains(&format!("cannot write {}", dest.display())),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains(".part"), "{}", run.stderr);
}

/// `-o` never replaces a file `cra` reads or keeps: the local copy in use
/// (however the path is spelled, or through a link), its `-wal` and
/// `-shm`, the config file, the watch lists. Exit 2 before anything is
/// written; every file as it was.
#[test]
fn output_never_replaces_a_file_cra_reads_or_keeps() {
    let world = crate::common::synced(30);
    let data = world.home.path().join(".local/share/cra");
    let copy = data.join("mirror.sqlite");
    let config = world.home.config_path();
    std::fs::write(&config, "rate = \"5/s\"\n").unwrap();
    let link = world.home.path().join("banks.tsv");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&copy, &link).unwrap();
    let listing = |dir: &std::path::Path| {
        let mut names: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        names
    };
    let (copy_before, files_before) = (std::fs::read(&copy).unwrap(), listing(&data));
    let mut targets = vec![
        (copy.clone(), "the local copy in use"),
        (data.join("../cra/./mirror.sqlite"), "the local copy in use"),
        (data.join("mirror.sqlite-wal"), "write-ahead log"),
        (data.join("mirror.sqlite-shm"), "shared-memory index"),
        (config.clone(), "config file"),
        (data.join("watch.toml"), "watch lists"),
    ];
    if cfg!(unix) {
        targets.push((link, "the local copy in use"));
    }
    for (target, what) in &targets {
        for args in [
            &["--offline", "search", "--all"][..],
            &["sql", "SELECT 1"],
            &["changes"],
        ] {
            let out = world.local(&[args, &["-o", target.to_str().unwrap()][..]].concat());
            crate::common::assert_code(&out, 2);
            let stderr = crate::common::stderr(&out);
            assert!(
                stderr.contains(what),
                "{args:?} -o {}: {stderr}",
                target.display()
            );
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
        }
    }
    assert_eq!(std::fs::read(&copy).unwrap(), copy_before);
    assert_eq!(listing(&data), files_before);
    assert_eq!(
        std::fs::read_to_string(&config).unwrap(),
        "rate = \"5/s\"\n"
    );
    // A copy named by --mirror or CRA_MIRROR, and a config by --config.
    let other = world.home.path().join("other.sqlite");
    std::fs::copy(&copy, &other).unwrap();
    let out = world.local(&[
        "--mirror",
        other.to_str().unwrap(),
        "sql",
        "SELECT 1",
        "-o",
        other.to_str().unwrap(),
    ]);
    crate::common::assert_code(&out, 2);
    let elsewhere = world.home.path().join("elsewhere.toml");
    std::fs::write(&elsewhere, "").unwrap();
    let out = world.local(&[
        "--config",
        elsewhere.to_str().unwrap(),
        "sql",
        "SELECT 1",
        "-o",
        elsewhere.to_str().unwrap(),
    ]);
    crate::common::assert_code(&out, 2);
    assert!(crate::common::stderr(&out).contains("config file"));
    // Any other file is written as before.
    let out = world.local(&[
        "sql",
        "SELECT 1 AS n",
        "-o",
        world.home.path().join("n.csv").to_str().unwrap(),
    ]);
    crate::common::assert_code(&out, 0);
}

/// `-o` never replaces a copy `cra` knows when another is in use: the
/// default copies (the service's and the sandbox's, there or not), the one
/// CRA_MIRROR names, any SQLite database by its header, and a copy's
/// `.lock` (replaced during a sync, it would let a second writer in). One
/// line, exit 2, for every command that takes `-o`; every file as it was.
#[test]
fn output_never_replaces_another_copy_or_a_lock() {
    let world = crate::common::synced(20);
    let data = world.home.path().join(".local/share/cra");
    let copy = data.join("mirror.sqlite");
    let lock = data.join("mirror.sqlite.lock");
    if !lock.exists() {
        std::fs::write(&lock, "").unwrap();
    }
    let other = world.home.path().join("other.sqlite");
    std::fs::copy(&copy, &other).unwrap();
    let kept = world.home.path().join("kept-aside.db");
    std::fs::copy(&copy, &kept).unwrap();
    let configured = world.home.path().join("configured.sqlite");
    let before = |path: &std::path::Path| std::fs::read(path).ok();
    let (copy_before, lock_before, kept_before) = (before(&copy), before(&lock), before(&kept));
    let targets = [
        (copy.clone(), "a local copy cra keeps"),
        (lock.clone(), "lock file"),
        (data.join("sandbox-mirror.sqlite"), "a local copy cra keeps"),
        (data.join("sandbox-mirror.sqlite.lock"), "lock file"),
        (configured.clone(), "a local copy cra keeps"),
        (kept.clone(), "a SQLite database"),
        (world.home.path().join("kept-aside.db.lock"), "lock file"),
    ];
    let commands: [&[&str]; 11] = [
        &["--offline", "search", "--all"],
        &["--offline", "export"],
        &["sql", "SELECT 1"],
        &["changes"],
        &["stats"],
        &["due"],
        &["report"],
        &["--offline", "show", "1"],
        &["diff", "a.csv", "b.csv"],
        &["watch", "list"],
        &["lineage", "1"],
    ];
    for (target, what) in &targets {
        for args in commands {
            let out = world
                .home
                .cra()
                .env("CRA_MIRROR", &configured)
                .args(["--mirror", other.to_str().unwrap()])
                .args(args)
                .args(["-o", target.to_str().unwrap()])
                .output()
                .unwrap();
            let stderr = crate::common::stderr(&out);
            crate::common::assert_code(&out, 2);
            assert!(
                stderr.contains(what) && stderr.contains("would replace"),
                "{args:?} -o {}: {stderr}",
                target.display()
            );
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
        }
    }
    // --sandbox uses its own copy: the service's default copy is still kept.
    let out = world.local(&[
        "--sandbox",
        "--offline",
        "search",
        "-o",
        copy.to_str().unwrap(),
    ]);
    crate::common::assert_code(&out, 2);
    assert!(crate::common::stderr(&out).contains("a local copy cra keeps"));
    assert_eq!(before(&copy), copy_before);
    assert_eq!(before(&lock), lock_before);
    assert_eq!(before(&kept), kept_before);
    assert!(!data.join("sandbox-mirror.sqlite").exists());
    assert!(!configured.exists());
    assert!(!world.home.path().join("kept-aside.db.lock").exists());
}

/// Every file the tool writes goes through the plan's refusals, not only
/// `-o`: `stats --svg` onto the copy, its lock, the config, another copy or
/// the `-o` file is one line, exit 2, every file as it was (it once
/// replaced the copy with an SVG, exit 0); `listen --log` and `sandbox
/// --log-requests`, which append, never write into a copy either.
#[test]
fn svg_and_logs_never_replace_or_write_into_a_file_cra_keeps() {
    let world = crate::common::synced(20);
    let data = world.home.path().join(".local/share/cra");
    let copy = data.join("mirror.sqlite");
    let lock = data.join("mirror.sqlite.lock");
    if !lock.exists() {
        std::fs::write(&lock, "").unwrap();
    }
    let other = world.home.path().join("other.sqlite");
    std::fs::copy(&copy, &other).unwrap();
    let config = world.home.config_path();
    std::fs::write(&config, "# mine\n").unwrap();
    let csv = world.home.path().join("counts.csv");
    let snapshot = || {
        [&copy, &lock, &other, &config]
            .map(|path| std::fs::read(path).ok())
            .to_vec()
    };
    let before = snapshot();
    let targets = [
        (copy.clone(), "the local copy in use"),
        (lock.clone(), "lock file"),
        (other.clone(), "a SQLite database"),
        (config.clone(), "config file"),
        (csv.clone(), "the -o file"),
    ];
    for (target, what) in &targets {
        let out = world
            .home
            .cra()
            .args(["stats", "--by", "state", "-o", csv.to_str().unwrap()])
            .args(["--svg", target.to_str().unwrap()])
            .output()
            .unwrap();
        let stderr = crate::common::stderr(&out);
        crate::common::assert_code(&out, 2);
        assert!(
            stderr.contains(&format!("--svg {} would replace", target.display()))
                && stderr.contains(what),
            "--svg {}: {stderr}",
            target.display()
        );
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(!csv.exists(), "nothing written when refused");
    }
    // A folder is named as one.
    let out = world
        .home
        .cra()
        .args(["stats", "--svg", world.home.path().to_str().unwrap()])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 2);
    assert!(crate::common::stderr(&out).contains("is a folder"));
    for (args, flag) in [
        (&["listen", "--secret", "s", "--log"][..], "--log"),
        (
            &["sandbox", "--port", "0", "--log-requests"],
            "--log-requests",
        ),
    ] {
        let out = world.home.cra().args(args).arg(&copy).output().unwrap();
        let stderr = crate::common::stderr(&out);
        crate::common::assert_code(&out, 2);
        assert!(
            stderr.contains(&format!("{flag} {} would write into", copy.display())),
            "{stderr}"
        );
    }
    assert_eq!(snapshot(), before);
    // Elsewhere, the chart is written.
    let svg = world.home.path().join("chart.svg");
    let out = world
        .home
        .cra()
        .args(["stats", "--by", "state", "--svg", svg.to_str().unwrap()])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
}
