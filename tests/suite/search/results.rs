//! `cra search` against the real sandbox over loopback HTTP: each filter
//! alone and combined matching what the server holds, paging, `--all` and
//! `--limit` (asking for no page it does not need), every format parsed back
//! and compared with the server's data, terminal and piped modes (a pipe
//! that gets fewer rows than match says so), a closed pipe, `--sandbox`.

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use serde_json::Value;

use crate::common::thread_sandbox::{run_json, sandbox_url, server_page};
use crate::common::{ACTIVE_KEY, Home, Service, World, assert_code, run, stderr};

#[test]
fn each_filter_alone_and_combined_matches_the_server() {
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec![], ""),
        (vec!["bank"], "q=bank"),
        (vec!["--state", "tx"], "state=TX"),
        (vec!["--size", "large"], "size=Large+Bank"),
        (
            vec!["--size", "Intermediate Small Bank"],
            "size=Intermediate+Small+Bank",
        ),
        (vec!["national", "--state", "IA"], "q=national&state=IA"),
        (
            vec!["--state", "TX", "--size", "small"],
            "state=TX&size=Small+Bank",
        ),
        (
            vec!["first", "--state", "IL", "--size", "SMALL"],
            "q=first&state=IL&size=Small+Bank",
        ),
    ];
    for (args, query) in cases {
        let mut full = vec!["search"];
        full.extend(args.iter().copied());
        let got = run_json(&full);
        let (expected, _) = server_page(&format!("{query}&page=1&per_page=25"));
        assert_eq!(got, Value::Array(expected), "{args:?}");
    }
}

#[test]
fn filters_narrow_the_result() {
    let (_, all) = server_page("per_page=1");
    let (_, tx) = server_page("state=TX&per_page=1");
    let (_, tx_large) = server_page("state=TX&size=Large+Bank&per_page=1");
    let (all, tx, tx_large) = (
        all["total"].as_u64().unwrap(),
        tx["total"].as_u64().unwrap(),
        tx_large["total"].as_u64().unwrap(),
    );
    assert!(
        all > tx && tx > tx_large && tx_large > 0,
        "{all} {tx} {tx_large}"
    );
    for bank in run_json(&["search", "--state", "TX", "--size", "large", "--all"])
        .as_array()
        .unwrap()
    {
        assert_eq!(bank["state"], "TX");
        assert_eq!(bank["current_rating"]["exam_type"], "Large Bank");
    }
}

#[test]
fn paging_matches_the_server() {
    for (page, per_page) in [("1", "10"), ("2", "10"), ("3", "7"), ("1", "100")] {
        let got = run_json(&["search", "--page", page, "--per-page", per_page]);
        let (expected, _) = server_page(&format!("page={page}&per_page={per_page}"));
        assert_eq!(got, Value::Array(expected));
    }
    // A page past the end: empty, success.
    assert_eq!(
        run_json(&["search", "--page", "9999"]),
        Value::Array(vec![])
    );
}

#[test]
fn all_follows_every_page_and_limit_stops() {
    let (_, meta) = server_page("state=IA&per_page=1");
    let total = meta["total"].as_u64().unwrap() as usize;
    let got = run_json(&["search", "--state", "IA", "--all"]);
    let got = got.as_array().unwrap();
    assert_eq!(got.len(), total);
    let ids: std::collections::HashSet<_> = got.iter().map(|b| b["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), total, "no bank twice");

    let everything = run_json(&["search", "--all"]);
    let (_, meta) = server_page("per_page=1");
    assert_eq!(
        everything.as_array().unwrap().len() as u64,
        meta["total"].as_u64().unwrap()
    );

    let limited = run_json(&["search", "--limit", "130"]);
    let limited = limited.as_array().unwrap();
    assert_eq!(limited.len(), 130);
    assert_eq!(limited[..], everything.as_array().unwrap()[..130]);
}

#[test]
fn every_format_parses_back_to_what_the_server_holds() {
    let (expected, _) = server_page("state=TX&page=1&per_page=25");
    let home = crate::common::Home::new();
    let output = |format: &str| {
        let out = home
            .cra()
            .at(&sandbox_url(), ACTIVE_KEY)
            .args(["search", "--state", "TX", "--format", format])
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    // ndjson: one object per line, exactly as served.
    let ndjson: Vec<Value> = output("ndjson")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(ndjson, expected);

    // csv: the contract's header, then the fields.
    let csv_text = output("csv");
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    assert_eq!(
        reader.headers().unwrap().iter().collect::<Vec<_>>(),
        crate::common::CSV_HEADER
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), expected.len());
    for (row, bank) in rows.iter().zip(&expected) {
        let current = &bank["current_rating"];
        let want = [
            &bank["id"],
            &bank["name"],
            &bank["city"],
            &bank["state"],
            &bank["regulator"],
            &current["rating"],
            &current["exam_date"],
            &current["exam_type"],
        ];
        for (cell, value) in row.iter().zip(want) {
            assert_eq!(cell, value.as_str().unwrap());
        }
    }

    // tsv (also the default in a pipe): the table's columns.
    let tsv = output("tsv");
    assert_eq!(
        tsv,
        {
            let out = home
                .cra()
                .at(&sandbox_url(), ACTIVE_KEY)
                .args(["search", "--state", "TX"])
                .output()
                .unwrap();
            String::from_utf8(out.stdout).unwrap()
        },
        "tsv is the default when piped"
    );
    let mut lines = tsv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "NAME\tCITY\tST\tREGULATOR\tRATING\tEXAM DATE\tEXAM TYPE\tID"
    );
    for (line, bank) in lines.zip(&expected) {
        let cells: Vec<&str> = line.split('\t').collect();
        assert_eq!(cells.len(), 8);
        assert_eq!(cells[0], bank["name"].as_str().unwrap());
        assert_eq!(cells[4], bank["current_rating"]["rating"].as_str().unwrap());
        assert_eq!(cells[7], bank["id"].as_str().unwrap());
    }
}

#[test]
fn terminal_mode_prints_a_table_and_a_summary() {
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .at(&sandbox_url(), ACTIVE_KEY)
        .env("CRA_FORCE_TTY", "1")
        .args(["search", "--state", "TX"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(out.status.success());
    assert!(
        stdout.contains("NAME") && stdout.contains("EXAM TYPE") && stdout.contains('─'),
        "{stdout}"
    );
    assert!(!stdout.contains('\t'));
    let (_, meta) = server_page("state=TX&per_page=25");
    let summary = format!(
        "25 of {} banks · page 1 of {}",
        meta["total"], meta["total_pages"]
    );
    assert!(stderr.contains(&summary), "{stderr}");

    // Piped: no summary, no colour, tsv.
    let out = home
        .cra()
        .at(&sandbox_url(), ACTIVE_KEY)
        .args(["search", "--state", "TX"])
        .output()
        .unwrap();
    // Only the line that says the pipe got 25 of the matches.
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "cra: wrote 25 of {} matching banks; add --all for every one (or use cra export)\n",
            grouped(meta["total"].as_u64().unwrap())
        )
    );
    assert!(!String::from_utf8(out.stdout).unwrap().contains('\u{1b}'));

    // Colour on a terminal, unless NO_COLOR or --color never.
    let colored = home
        .cra()
        .at(&sandbox_url(), ACTIVE_KEY)
        .env("CRA_FORCE_TTY", "1")
        .args(["search"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8(colored.stdout)
            .unwrap()
            .contains('\u{1b}')
    );
    let plain = home
        .cra()
        .at(&sandbox_url(), ACTIVE_KEY)
        .env("CRA_FORCE_TTY", "1")
        .args(["search", "--color", "never"])
        .output()
        .unwrap();
    assert!(!String::from_utf8(plain.stdout).unwrap().contains('\u{1b}'));
    let plain = home
        .cra()
        .at(&sandbox_url(), ACTIVE_KEY)
        .env("CRA_FORCE_TTY", "1")
        .env("NO_COLOR", "1")
        .args(["search"])
        .output()
        .unwrap();
    assert!(!String::from_utf8(plain.stdout).unwrap().contains('\u{1b}'));
    // --quiet drops the summary.
    let quiet = home
        .cra()
        .at(&sandbox_url(), ACTIVE_KEY)
        .env("CRA_FORCE_TTY", "1")
        .args(["search", "-q"])
        .output()
        .unwrap();
    assert!(quiet.stderr.is_empty());
}

/// A real pseudo-terminal through util-linux `script` (under CI, a must).
#[test]
fn a_real_terminal_gets_a_table() {
    let home = crate::common::Home::new();
    let Some(mut script) = crate::common::on_terminal(&home, "search --state TX --size large")
    else {
        return;
    };
    let out = script.at(&sandbox_url(), ACTIVE_KEY).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains('─') && text.contains("NAME"), "{text}");
    assert!(text.contains("banks · page 1 of"), "{text}");
}

#[test]
fn a_closed_pipe_ends_quietly_with_success() {
    let home = crate::common::Home::new();
    let mut child = home
        .cra_std()
        .at(&sandbox_url(), ACTIVE_KEY)
        .args(["search", "--all"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert!(first.starts_with("NAME\t"));
    drop(reader);
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn sandbox_flag_needs_no_configuration() {
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .args([
            "--sandbox",
            "search",
            "--state",
            "TX",
            "--size",
            "large",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    let banks: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(banks.len(), 25);
    assert!(
        banks
            .iter()
            .all(|b| b["state"] == "TX" && b["current_rating"]["exam_type"] == "Large Bank")
    );

    // Global flags after the subcommand too.
    let out = home
        .cra()
        .args(["search", "--state", "TX", "--sandbox", "--format", "ndjson"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 25);

    let out = home
        .cra()
        .args(["--sandbox", "config", "show"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("http://127.0.0.1:") && text.contains("sandbox_…"),
        "{text}"
    );
    assert!(!text.contains("sandbox_active"));
}

/// 18986 → `18,986`, as `cra` writes counts for a person.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
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
    // Rows the user chose with --limit are not rows lost (the contract).
    assert_code(&limited, 0);
    assert_eq!(stderr(&limited), "");
}

#[test]
fn a_limit_asks_for_no_page_it_does_not_need() {
    let world = World::logged(&["--banks", "1000"]);
    for (limit, pages) in [(100, 1), (130, 2), (200, 2), (250, 3)] {
        world.take_requests();
        let out = run(world.cra().args([
            "search",
            "--limit",
            &limit.to_string(),
            "--format",
            "ndjson",
        ]));
        assert_code(&out, 0);
        assert_eq!(out.stdout.iter().filter(|b| **b == b'\n').count(), limit);
        assert_eq!(world.take_requests().list, pages, "--limit {limit}");
    }
}

/// No match, on a real terminal: `no banks match` and the filters that
/// made it so, never `0 of 0 banks · page 1 of 0`.
#[test]
fn no_match_on_a_terminal_says_so_and_names_the_filters() {
    let home = crate::common::Home::new();
    for line in [
        "search zzzzqq --state TX --rating nti",
        "search zzzzqq --state TX --rating nti --all",
        "search zzzzqq --state tx",
    ] {
        let Some(mut script) = crate::common::on_terminal(&home, line) else {
            return;
        };
        let out = script.at(&sandbox_url(), ACTIVE_KEY).output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{text}");
        assert!(
            text.contains("no banks match: name containing \"zzzzqq\", state TX"),
            "{line}: {text}"
        );
        assert!(
            text.contains("rating Needs to Improve") == line.contains("nti"),
            "{text}"
        );
        assert!(!text.contains("0 of 0"), "{text}");
    }
}
