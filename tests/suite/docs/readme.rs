//! The blocks of the README and of the guide (docs/guide.md) run as
//! pasted, in order, each document on a fresh HOME: a reader who pastes a
//! block after the ones before it gets what the document shows. Blocks
//! that run here are those whose every `cra` command works on the built-in
//! sandbox (`--sandbox`, or `diff` of files an earlier block wrote) and
//! starts no server; each runs whole in one bash, in one working folder
//! for the whole document. A `console` block's sample output is compared
//! with what the tool prints on a terminal as wide as the sample's widest
//! line (80 at least): the sandbox's data is of its seed alone (never the
//! clock), so every line the data decides must be printed as shown; a line
//! the clock decides (a sync's time, how long ago, how long it took, a
//! file's size) must have the sample's columns.

use std::process::{Command as StdCommand, Stdio};

/// A fenced block of a document: its language and lines.
pub(super) struct Block {
    pub line: usize,
    pub lang: String,
    pub lines: Vec<String>,
}

/// The fenced blocks of `doc`, a path from the repository's root.
pub(super) fn blocks(doc: &str) -> Vec<Block> {
    let text = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(doc))
        .unwrap();
    let mut blocks = Vec::new();
    let mut current: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        match (&mut current, line.strip_prefix("```")) {
            (None, Some(lang)) => {
                current = Some(Block {
                    line: i + 1,
                    lang: lang.trim().to_string(),
                    lines: Vec::new(),
                })
            }
            (Some(_), Some(_)) => blocks.push(current.take().unwrap()),
            (Some(block), None) => block.lines.push(line.to_string()),
            (None, None) => {}
        }
    }
    blocks
}

/// The commands of a block: a `sh` block's lines, a `console` block's `$ `
/// lines, each with the sample output that follows it.
pub(super) fn commands(block: &Block) -> Vec<(String, Vec<String>)> {
    match block.lang.as_str() {
        "sh" => block
            .lines
            .iter()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
            .map(|l| (l.clone(), Vec::new()))
            .collect(),
        "console" => {
            let mut out: Vec<(String, Vec<String>)> = Vec::new();
            for line in &block.lines {
                match line.strip_prefix("$ ") {
                    Some(command) => out.push((command.to_string(), Vec::new())),
                    None => {
                        if let Some(last) = out.last_mut() {
                            last.1.push(line.clone());
                        }
                    }
                }
            }
            out
        }
        _ => Vec::new(),
    }
}

/// Whether a command line runs here: cra on the sandbox (or `cra diff`),
/// no server, no placeholder.
fn runs_here(command: &str) -> bool {
    let invokes: Vec<&str> = command
        .split(['|', ';', '&'])
        .map(str::trim)
        .filter(|part| part.starts_with("cra ") || part.starts_with("cargo run"))
        .collect();
    !invokes.is_empty()
        && invokes.iter().all(|part| {
            (part.contains("--sandbox") || part.starts_with("cra diff "))
                && !part.starts_with("cra sandbox")
                && !part.contains(" listen")
                && !part.contains("BANK_ID")
                && !part.contains("OTHER_ID")
        })
}

/// Columns of a table or csv line.
fn columns(line: &str) -> Vec<String> {
    if line.contains(',') && !line.contains("  ") {
        return line.split(',').map(str::to_string).collect();
    }
    line.split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_string)
        .collect()
}

/// Whether the clock decides a line: it holds a time of day, an age ("just
/// now", "3 minutes ago"), a duration or rate ("in 1.2 s", "40 banks/s")
/// or a size ("12 KB"), all of which vary from run to run.
fn of_the_clock(line: &str) -> bool {
    let bytes = line.as_bytes();
    let time_of_day = bytes.windows(6).any(|w| {
        w[0] == b'T'
            && w[1].is_ascii_digit()
            && w[2].is_ascii_digit()
            && w[3] == b':'
            && w[4].is_ascii_digit()
    });
    let unit_after_number = |units: &[&str]| {
        units.iter().any(|unit| {
            line.match_indices(unit).any(|(at, _)| {
                let before = line[..at].trim_end();
                let after = line[at + unit.len()..].chars().next();
                before.ends_with(|c: char| c.is_ascii_digit())
                    && !after.is_some_and(|c| c.is_alphanumeric())
            })
        })
    };
    time_of_day
        || line.contains("just now")
        || line.contains(" ago")
        || unit_after_number(&[" s", "s", " ms", "ms", "/s", " KB", " MB", " min"])
}

/// Differences between a sample and what was printed (see the module).
fn compare(sample: &[String], actual: &str) -> Vec<String> {
    // What a terminal shows of a line: a status line drawn and erased
    // (`\r…\x1b[K`) leaves what was written after its last return.
    let shown: Vec<String> = actual
        .lines()
        .map(|line| {
            line.rsplit('\r')
                .next()
                .unwrap_or(line)
                .replace("\x1b[K", "")
        })
        .collect();
    let actual: Vec<&str> = shown.iter().map(|l| l.trim_end()).collect();
    let mut problems = Vec::new();
    let Some(first) = sample.first() else {
        return problems;
    };
    if columns(first) != columns(actual.first().copied().unwrap_or("")) {
        problems.push(format!(
            "header: sample {first:?}, printed {:?}",
            actual.first()
        ));
    }
    for line in sample.iter().skip(1).map(|l| l.trim_end()) {
        if line.is_empty() {
            continue;
        }
        let fixed = !of_the_clock(line);
        // A table's rule is as wide as the table, whose data varies.
        let rule = |l: &str| !l.is_empty() && l.chars().all(|c| c == '─');
        let found = if rule(line) {
            actual.iter().any(|a| rule(a))
        } else if fixed {
            actual.contains(&line)
        } else {
            let want = columns(line).len();
            actual.iter().any(|a| columns(a).len() == want)
        };
        if !found {
            problems.push(format!("no printed line like {line:?}"));
        }
    }
    problems
}

#[test]
fn readme_blocks_run_as_pasted_in_order_and_print_what_they_show() {
    blocks_run_as_pasted("README.md", 5);
}

#[test]
fn guide_blocks_run_as_pasted_in_order_and_print_what_they_show() {
    blocks_run_as_pasted("docs/guide.md", 20);
}

/// Runs the blocks of `doc` that run here, in order (see the module), and
/// checks that at least `least` of them ran.
fn blocks_run_as_pasted(doc: &str, least: usize) {
    if !crate::common::need("bash", "bash") {
        return;
    }
    let home = crate::common::Home::new();
    let work = tempfile::tempdir().unwrap();
    let bin_dir = crate::common::cra_bin().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // A block may use what one before it wrote: without jq (said, or failed
    // under CI) none is run, rather than a later one failing for want of an
    // earlier one's file.
    if !crate::common::need("jq", "jq") {
        return;
    }
    let mut ran = 0;
    let mut failures = Vec::new();
    for block in blocks(doc) {
        let commands = commands(&block);
        if commands.is_empty() || !commands.iter().all(|(c, _)| runs_here(c)) {
            continue;
        }
        ran += 1;
        for (command, sample) in &commands {
            let command = match command.strip_prefix("cargo run --release --") {
                Some(rest) => format!("cra{rest}"),
                None => command.clone(),
            };
            let width = sample.iter().map(|l| l.chars().count()).max().unwrap_or(0);
            let mut bash = StdCommand::new("bash");
            crate::common::clean_env(&mut bash, home.path())
                .args(["-e", "-o", "pipefail", "-c", &command])
                .current_dir(work.path())
                .env("PATH", &path)
                .env("CRA_CONFIG", home.config_path())
                .stdin(Stdio::null());
            if !sample.is_empty() {
                // As the sample was taken: on a terminal that wide.
                bash.env("CRA_FORCE_TTY", "1")
                    .env("NO_COLOR", "1")
                    .env("COLUMNS", width.max(80).to_string());
            }
            let out = bash.output().unwrap();
            if !out.status.success() {
                failures.push(format!(
                    "{doc} line {}: {command}\n    exit {:?}: {}",
                    block.line,
                    out.status.code(),
                    String::from_utf8_lossy(&out.stderr).trim()
                ));
                break;
            }
            let printed = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            for problem in compare(sample, &printed) {
                failures.push(format!(
                    "{doc} line {}: {command}\n    {problem}\n    printed:\n{printed}",
                    block.line
                ));
            }
        }
    }
    assert!(ran >= least, "only {ran} blocks of {doc} ran");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_comparison_catches_a_wrong_header_and_a_missing_row() {
    let sample: Vec<String> = ["GROUP   BANKS", "OCC    4,515", "█ OUT Outstanding"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert!(compare(&sample, "GROUP   BANKS\nOCC    4,515\n█ OUT Outstanding\n").is_empty());
    assert_eq!(
        compare(&sample, "GROUP   TOTAL\nOCC    4,515\n█ OUT Outstanding\n").len(),
        1
    );
    assert_eq!(compare(&sample, "GROUP   BANKS\nOCC    4,515\n").len(), 1);
    // Another count is another line: the data decides it.
    assert_eq!(
        compare(&sample, "GROUP   BANKS\nFDIC   10,180\n█ OUT Outstanding\n").len(),
        1
    );
    // A status line drawn and erased on a terminal is not what it shows.
    assert!(
        compare(
            &sample,
            "\rreading…\x1b[K\r\x1b[KGROUP   BANKS\nOCC    4,515\n█ OUT Outstanding\n"
        )
        .is_empty()
    );
    // Data rows are compared whole; only what the clock decides by shape.
    let rows: Vec<String> = ["NAME  RATING", "ALPHA BANK  Outstanding", "synced in 1.2 s"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert!(
        compare(
            &rows,
            "NAME  RATING\nALPHA BANK  Outstanding\nsynced in 3.4 s\n"
        )
        .is_empty()
    );
    assert_eq!(
        compare(
            &rows,
            "NAME  RATING\nALPHA BANK  Satisfactory\nsynced in 3.4 s\n"
        )
        .len(),
        1
    );
    assert!(of_the_clock(
        "offline: the local copy as of 2026-11-26T01:08:10.473Z (just now)"
    ));
    assert!(of_the_clock("wrote cra-report.html (184 KB) in 0.41 s"));
    assert!(of_the_clock("18,820 banks · 312 requests · 4.1s"));
    assert!(!of_the_clock(
        "BRYANT STATE BANK,Satisfactory,2019-12-01,Small Bank,83,48,35"
    ));
    assert!(!of_the_clock("25 of 18,820 banks · page 1 of 753"));
    assert!(runs_here("cra --sandbox search --state TX | wc -l"));
    assert!(!runs_here("cra search --state TX"));
    assert!(!runs_here("cra --sandbox show BANK_ID"));
}
