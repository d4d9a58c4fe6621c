//! `cra search` and `cra show` against the real sandbox over loopback HTTP:
//! filters, paging, every format parsed back and compared with what the
//! server holds, terminal and piped modes, a closed pipe, `--sandbox`.

use std::io::{BufRead, BufReader};
use std::process::Stdio;

use serde_json::Value;

use crate::common::{ACTIVE_KEY, Service};

thread_local! {
    /// One sandbox per test (each test runs on its own thread, whose end
    /// drops it and so stops the process): 2,000 banks is enough for every
    /// filter to match several pages. A process-wide static would never be
    /// dropped and would outlive the test binary.
    static SANDBOX: crate::common::Sandbox = crate::common::Sandbox::start(&["--banks", "2000", "--seed", "7"]);
}

fn sandbox_url() -> String {
    SANDBOX.with(|s| s.url.clone())
}

fn sandbox_get(path: &str) -> (u16, Value) {
    SANDBOX.with(|s| s.get(path))
}

fn run_json(args: &[&str]) -> Value {
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .at(&sandbox_url(), ACTIVE_KEY)
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// What the server holds for a query string.
fn server_page(query: &str) -> (Vec<Value>, Value) {
    let (status, body) = sandbox_get(&format!("/api/v1/banks?{query}"));
    assert_eq!(status, 200, "{query}");
    (
        body["data"].as_array().unwrap().clone(),
        body["meta"].clone(),
    )
}

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
fn show_prints_the_detail_as_served() {
    let banks = run_json(&["search", "--per-page", "3"]);
    let ids: Vec<&str> = banks
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["id"].as_str().unwrap())
        .collect();
    let (status, served) = sandbox_get(&format!("/api/v1/banks/{}", ids[0]));
    assert_eq!(status, 200);

    assert_eq!(run_json(&["show", ids[0]]), served["data"]);
    // Several ids: an array, in the order given.
    let several = run_json(&["show", ids[1], ids[0]]);
    assert_eq!(several[1], served["data"]);
    assert_eq!(several[0]["id"], ids[1]);
    // The bank's page address works as an id.
    let address = format!("https://bankscorer.example/banks/{}?tab=history", ids[0]);
    assert_eq!(run_json(&["show", &address]), served["data"]);
}

#[test]
fn show_table_has_history_newest_first_with_current_marked() {
    // A bank with several exams.
    let banks = run_json(&["search", "--per-page", "50"]);
    let home = crate::common::Home::new();
    for bank in banks.as_array().unwrap() {
        let id = bank["id"].as_str().unwrap();
        let (_, served) = sandbox_get(&format!("/api/v1/banks/{id}"));
        let ratings = served["data"]["ratings"].as_array().unwrap();
        if ratings.len() < 3 {
            continue;
        }
        let out = home
            .cra()
            .at(&sandbox_url(), ACTIVE_KEY)
            .env("CRA_FORCE_TTY", "1")
            .args(["--color", "never", "show", id])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with(bank["name"].as_str().unwrap()), "{text}");
        let mut dates: Vec<&str> = ratings
            .iter()
            .map(|r| r["exam_date"].as_str().unwrap())
            .collect();
        dates.sort_unstable_by(|a, b| b.cmp(a));
        let positions: Vec<usize> = dates.iter().map(|d| text.find(d).unwrap()).collect();
        assert!(
            positions.windows(2).all(|w| w[0] < w[1]),
            "newest first: {text}"
        );
        let current_line = text.lines().find(|l| l.contains("current")).unwrap();
        assert!(current_line.contains(dates[0]), "{text}");
        // tsv/csv: one row per record, is_current true on exactly one.
        let out = home
            .cra()
            .at(&sandbox_url(), ACTIVE_KEY)
            .args(["show", id, "--format", "csv"])
            .output()
            .unwrap();
        let csv_text = String::from_utf8(out.stdout).unwrap();
        let rows: Vec<csv::StringRecord> = csv::Reader::from_reader(csv_text.as_bytes())
            .records()
            .map(Result::unwrap)
            .collect();
        assert_eq!(rows.len(), ratings.len());
        assert_eq!(rows.iter().filter(|r| &r[8] == "true").count(), 1);
        assert_eq!(&rows[0][5], dates[0]);
        return;
    }
    panic!("no bank with three exams among the first 50");
}

#[test]
fn show_unknown_id_is_exit_5_naming_it() {
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .at(&sandbox_url(), ACTIVE_KEY)
        .args(["show", "00000000-0000-0000-0000-000000000000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("00000000-0000-0000-0000-000000000000"),
        "{stderr}"
    );
    assert!(
        out.stdout.is_empty(),
        "nothing printed for a partial result"
    );

    // Several unknown among known ones: every unknown one is named, on one
    // line, and nothing is printed.
    let known = server_page("per_page=1").0[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let out = home
        .cra()
        .at(&sandbox_url(), ACTIVE_KEY)
        .args(["show", "nope-1", &known, "nope-2"])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 5);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("'nope-1', 'nope-2'") && !stderr.contains(&known),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
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
        let cells: Vec<&str> = row.split("   ").map(str::trim).collect();
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
        assert!(!lines[0].contains("EXAM TYPE"), "{text}");
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
