//! Every example in the README, the guide (docs/guide.md) and `--help`
//! parses as a `cra` command line, and those that run against `--sandbox`
//! are run.

use std::process::{Command as StdCommand, Stdio};

use cra::assets;

use crate::common::repo;

/// `cra ARGS --help`'s example lines (the indented lines after `Examples:`).
fn help_examples_of(args: &[&str]) -> Vec<String> {
    let home = crate::common::Home::new();
    let out = home.cra().args(args).arg("--help").output().unwrap();
    assert!(out.status.success(), "{args:?} --help failed");
    let help = String::from_utf8(out.stdout).unwrap();
    let tail: Vec<&str> = help
        .lines()
        .skip_while(|l| l.trim() != "Examples:")
        .skip(1)
        .collect();
    assert!(!tail.is_empty(), "cra {args:?} --help has no examples");
    assert!(
        tail.iter().all(|l| l.starts_with("  cra ")),
        "cra {args:?} --help does not end with examples: {tail:?}"
    );
    tail.iter().map(|l| l.trim().to_string()).collect()
}

/// The examples of `cra --help` and of every subcommand's `--help`, nested
/// ones included, each with where it was found.
fn all_help_examples() -> Vec<(String, String)> {
    let root = assets::command(cra::cli::command());
    let mut examples = Vec::new();
    for cmd in assets::pages(&root) {
        let bin_name = cmd.get_bin_name().unwrap_or("cra").to_string();
        let path: Vec<&str> = bin_name.split(' ').skip(1).collect();
        let found = help_examples_of(&path);
        assert!(
            (2..=3).contains(&found.len()),
            "{bin_name} --help has {} examples",
            found.len()
        );
        for example in found {
            examples.push((format!("{bin_name} --help"), example));
        }
    }
    examples
}

/// Example command lines in the fenced code blocks of the README and the
/// guide, in that order: lines that start (after `$ ` and `VAR=value`
/// assignments) with `cra` or `cargo run`.
fn readme_examples() -> Vec<(String, String)> {
    let mut examples = Vec::new();
    for doc in ["README.md", "docs/guide.md"] {
        let text = std::fs::read_to_string(repo().join(doc)).unwrap();
        let mut in_block = false;
        let mut found = 0;
        for (number, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("```") {
                in_block = !in_block;
                continue;
            }
            if !in_block {
                continue;
            }
            let line = line.trim();
            let line = line.strip_prefix("$ ").unwrap_or(line);
            let words = strip_assignments(line);
            if words.starts_with("cra ") || words.starts_with("cargo run ") {
                found += 1;
                examples.push((format!("{doc}:{}", number + 1), line.to_string()));
            }
        }
        assert!(found > 15, "few examples found in {doc}");
    }
    examples
}

/// Whether a command line runs the `jq` program (not `cra --jq`): a
/// command of its own, after a pipe, `;`, `&&` or in a `$( )`.
fn runs_jq(line: &str) -> bool {
    line.split(['|', ';', '&', '('])
        .any(|command| command.trim_start().starts_with("jq "))
}

/// The line without leading `NAME=value ` environment assignments.
fn strip_assignments(line: &str) -> &str {
    let mut rest = line;
    loop {
        let Some((word, after)) = rest.split_once(' ') else {
            return rest;
        };
        let is_assignment = word.split_once('=').is_some_and(|(name, _)| {
            !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
        });
        if !is_assignment {
            return rest;
        }
        rest = after.trim_start();
    }
}

/// A shell word or operator.
#[derive(Debug, PartialEq)]
enum Token {
    Word(String),
    Op(String),
}

/// Splits a command line as a POSIX shell would, well enough for examples:
/// quotes, backslashes, `|`, `;`, `&&`, redirections and `#` comments.
/// A `$( ... )` substitution becomes the word `BANK_ID`.
fn shell_split(line: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars().peekable();
    let mut single = false;
    let mut double = false;
    while let Some(c) = chars.next() {
        if single {
            if c == '\'' {
                single = false;
            } else {
                word.get_or_insert_default().push(c);
            }
            continue;
        }
        if c == '$' && chars.peek() == Some(&'(') {
            let mut depth = 0;
            for d in chars.by_ref() {
                match d {
                    '(' => depth += 1,
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
            }
            word.get_or_insert_default().push_str("BANK_ID");
            continue;
        }
        if double {
            match c {
                '"' => double = false,
                '\\' => {
                    if let Some(d) = chars.next() {
                        word.get_or_insert_default().push(d);
                    }
                }
                _ => word.get_or_insert_default().push(c),
            }
            continue;
        }
        match c {
            '\'' => {
                single = true;
                word.get_or_insert_default();
            }
            '"' => {
                double = true;
                word.get_or_insert_default();
            }
            '\\' => {
                if let Some(d) = chars.next() {
                    word.get_or_insert_default().push(d);
                }
            }
            '#' if word.is_none() => break,
            ' ' | '\t' => {
                if let Some(w) = word.take() {
                    tokens.push(Token::Word(w));
                }
            }
            '|' | ';' | '&' | '>' | '<' => {
                // `2>`: the digit belongs to the operator.
                let mut op = String::new();
                if word.as_deref() == Some("2") {
                    word = None;
                    op.push('2');
                }
                if let Some(w) = word.take() {
                    tokens.push(Token::Word(w));
                }
                op.push(c);
                while let Some(&d) = chars.peek() {
                    if "|&>".contains(d) {
                        op.push(d);
                        chars.next();
                    } else {
                        break;
                    }
                }
                tokens.push(Token::Op(op));
            }
            _ => word.get_or_insert_default().push(c),
        }
    }
    if let Some(w) = word {
        tokens.push(Token::Word(w));
    }
    tokens
}

/// The `cra` invocations of an example line, as argument lists (the program
/// name first), redirections and assignments removed, `cargo run ... --`
/// read as `cra`.
fn cra_invocations(line: &str) -> Vec<Vec<String>> {
    let mut commands: Vec<Vec<String>> = vec![Vec::new()];
    let mut skip_next = false;
    for token in shell_split(line) {
        match token {
            Token::Op(op) if op.contains('>') || op.contains('<') => skip_next = true,
            Token::Op(_) => commands.push(Vec::new()),
            Token::Word(word) => {
                if skip_next {
                    skip_next = false;
                    continue;
                }
                let current = commands.last_mut().unwrap();
                let is_assignment = current.is_empty()
                    && word.split_once('=').is_some_and(|(name, _)| {
                        !name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
                    });
                if !is_assignment {
                    current.push(word);
                }
            }
        }
    }
    commands
        .into_iter()
        .filter_map(|words| {
            if words.first().map(String::as_str) == Some("cra") {
                Some(words)
            } else if words.starts_with(&["cargo".to_string(), "run".to_string()]) {
                let dashes = words.iter().position(|w| w == "--")?;
                let mut args = vec!["cra".to_string()];
                args.extend(words[dashes + 1..].iter().cloned());
                Some(args)
            } else {
                None
            }
        })
        .collect()
}

#[test]
fn runs_jq_tells_the_program_from_cras_own_flag() {
    assert!(runs_jq(
        "cra --sandbox search --format json | jq -r '.[].id'"
    ));
    assert!(runs_jq(
        r#"cra show "$(cra search --format json | jq -r '.[0].id')""#
    ));
    assert!(runs_jq("jq . banks.json"));
    assert!(!runs_jq(
        "cra --sandbox search --jq 'map(.rating) | group_by(.)'"
    ));
    assert!(!runs_jq(
        "cra --sandbox show BANK_ID --jq '.ratings[] | select(.is_current)'"
    ));
}

#[test]
fn shell_split_handles_quotes_pipes_and_comments() {
    assert_eq!(
        cra_invocations(
            r#"CRA_FORCE_TTY=1 cra search "first national" --state ia --format json | jq -r '.[].id' > x  # note"#
        ),
        vec![vec![
            "cra",
            "search",
            "first national",
            "--state",
            "ia",
            "--format",
            "json"
        ]]
    );
    assert_eq!(
        cra_invocations(
            r#"cra --sandbox show "$(cra --sandbox search --limit 1 --format json | jq -r '.[0].id')""#
        ),
        vec![vec!["cra", "--sandbox", "show", "BANK_ID"]]
    );
    assert_eq!(
        cra_invocations(r#"curl -s x | cra verify-webhook --signature "$SIG" - 2>/dev/null"#),
        vec![vec!["cra", "verify-webhook", "--signature", "$SIG", "-"]]
    );
    assert_eq!(
        cra_invocations(r#"cargo run --release -- --sandbox search --size "Large Bank""#),
        vec![vec!["cra", "--sandbox", "search", "--size", "Large Bank"]]
    );
}

/// Every `cra` example in the README, the guide and `--help` is a valid command line
/// for the current clap definition (no sandbox or network needed).
#[test]
fn every_example_parses() {
    let mut examples = readme_examples();
    examples.extend(all_help_examples());
    let mut failures = Vec::new();
    let mut count = 0;
    for (place, line) in &examples {
        for args in cra_invocations(line) {
            count += 1;
            if let Err(error) = cra::cli::parse_from(&args) {
                let first = error.to_string();
                let first = first.lines().next().unwrap_or_default().to_string();
                failures.push(format!("{place}: {line}\n    {first}"));
            }
        }
    }
    assert!(count > 30, "only {count} examples found");
    assert!(
        failures.is_empty(),
        "examples that do not parse:\n{}",
        failures.join("\n")
    );
}

/// Two real bank ids from the default sandbox (the data is deterministic,
/// so every `--sandbox` process serves the same ones).
fn sandbox_ids(home: &crate::common::Home) -> (String, String) {
    let out = home
        .cra()
        .args(["--sandbox", "search", "--limit", "2", "--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "cra --sandbox search failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let banks: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let id = |i: usize| banks[i]["id"].as_str().expect("a bank id").to_string();
    (id(0), id(1))
}

/// Every example line in the README, the guide and `--help` that uses `--sandbox`
/// is run, as written, by bash, with the built `cra` first on PATH, a clean
/// environment and an empty working folder. `BANK_ID` and `OTHER_ID` are
/// replaced by real sandbox ids. Each must exit 0 and produce output (on
/// standard output, or in a file it writes). Needs the sandbox.
#[test]
fn sandbox_examples_run() {
    let mut examples: Vec<(String, String)> = readme_examples()
        .into_iter()
        .chain(all_help_examples())
        .filter(|(_, line)| {
            cra_invocations(line)
                .iter()
                .any(|a| a.contains(&"--sandbox".to_string()))
        })
        .collect();
    examples.dedup_by(|a, b| a.1 == b.1);
    assert!(
        examples.len() >= 8,
        "only {} sandbox examples",
        examples.len()
    );
    let home = crate::common::Home::new();
    let (id, other) = sandbox_ids(&home);
    let bin_dir = crate::common::cra_bin().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    if !crate::common::need("bash", "bash") {
        return;
    }
    // Without jq (said, or failed under CI), the examples that run it are
    // left out.
    let jq = crate::common::need("jq", "jq");
    let mut failures = Vec::new();
    for (place, line) in &examples {
        let line = line.replace("BANK_ID", &id).replace("OTHER_ID", &other);
        let line = match line.strip_prefix("cargo run --release --") {
            Some(rest) => format!("cra{rest}"),
            None => line,
        };
        if !jq && runs_jq(&line) {
            continue;
        }
        let work = tempfile::tempdir().unwrap();
        let out = crate::common::clean_env(&mut StdCommand::new("bash"), home.path())
            .args(["-o", "pipefail", "-c", &line])
            .current_dir(work.path())
            .env("PATH", &path)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let wrote_file = std::fs::read_dir(work.path())
            .unwrap()
            .flatten()
            .any(|e| e.metadata().map(|m| m.len() > 0).unwrap_or(false));
        // `sync`, `enrich` (`enrich --lending`: `read N lending files`) and
        // `watch add`/`remove` report on standard error: their summary is
        // their output.
        let stderr = String::from_utf8_lossy(&out.stderr);
        let summarized = ["synced ", "linked ", "read ", "added ", "removed "]
            .iter()
            .any(|start| stderr.starts_with(start));
        if !out.status.success() || (out.stdout.is_empty() && !wrote_file && !summarized) {
            failures.push(format!(
                "{place}: {line}\n    exit {:?}, {} bytes out, stderr: {}",
                out.status.code(),
                out.stdout.len(),
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "sandbox examples that failed:\n{}",
        failures.join("\n")
    );
}
