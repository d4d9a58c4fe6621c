//! The documentation cannot rot: completion scripts load and know every
//! subcommand and value, man pages render and list every flag, the committed
//! `completions/` and `man/` match the clap definition, `--help` ends with
//! examples, and every example in the README, the guide (docs/guide.md)
//! and `--help` parses — and, when it runs against `--sandbox`, is run.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, Stdio};

use cra::assets;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Names of the visible subcommands, as a user types them.
fn subcommands() -> Vec<String> {
    assets::command()
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .map(|s| s.get_name().to_string())
        .collect()
}

// ---------------------------------------------------------------- completions

#[test]
fn completion_scripts_know_every_subcommand_and_value() {
    let home = crate::common::Home::new();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = home.cra().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}: {out:?}");
        let script = String::from_utf8(out.stdout).unwrap();
        assert!(script.len() > 1000, "{shell}: script is too short");
        for sub in subcommands() {
            assert!(script.contains(&sub), "{shell} script lacks {sub}");
        }
        for name in ["config show", "config set"] {
            let word = name.split(' ').nth(1).unwrap();
            assert!(script.contains(word), "{shell} script lacks {name}");
        }
        // Values complete where the shell's generator lists them.
        if ["bash", "zsh", "fish"].contains(&shell) {
            for value in [
                "TX",
                "PW",
                "Large Bank",
                "intermediate",
                "ndjson",
                "rating.created",
            ] {
                assert!(script.contains(value), "{shell} script lacks value {value}");
            }
        }
    }
}

/// Runs a bash `script` with `cra` first on PATH and nothing else of this
/// process's environment; its standard output, after checking it succeeded.
fn run_bash(home: &crate::common::Home, script: &str) -> String {
    let dir = crate::common::cra_bin().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = crate::common::clean_env(&mut StdCommand::new("bash"), home.path())
        .args(["-c", script])
        .env("PATH", path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "stdout: {stdout}\nstderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

#[test]
fn bash_completion_loads_and_completes_values() {
    if !crate::common::need("bash", "bash") {
        return;
    }
    let home = crate::common::Home::new();
    let script = r#"
set -e
source <(cra completions bash)
complete -p cra
complete_words() {
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _cra cra "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    echo "$1 ${*:2}: ${COMPREPLY[*]}"
}
complete_words cra se
complete_words cra search --state T
complete_words cra export --format nd
complete_words cra config s
"#;
    let stdout = run_bash(&home, script);
    assert!(stdout.contains("-F _cra cra"), "{stdout}");
    let line = |prefix: &str| {
        stdout
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no {prefix:?} in {stdout}"))
            .to_string()
    };
    assert!(line("cra se:").contains("search"), "{stdout}");
    let states = line("cra search --state T:");
    assert!(
        states.contains("TX") && states.contains("TN") && !states.contains("CA"),
        "{states}"
    );
    assert!(line("cra export --format nd:").contains("ndjson"));
    let config = line("cra config s:");
    assert!(
        config.contains("show") && config.contains("set"),
        "{config}"
    );
}

/// `--size` values with a space complete as one word (`Large\ Bank`), never
/// as the loose words `Large` and `Bank`: bash's real completion function,
/// each reply on its own line.
#[test]
fn bash_completes_multi_word_sizes_as_one_word() {
    let home = crate::common::Home::new();
    // The script as committed and as printed are the same (checked
    // elsewhere); neither hands bash a space-separated list of sizes.
    let out = home.cra().args(["completions", "bash"]).output().unwrap();
    let script = String::from_utf8(out.stdout).unwrap();
    assert!(
        !script.contains("compgen -W \"Large Bank"),
        "loose size words"
    );
    if !crate::common::need("bash", "bash") {
        return;
    }
    let script = r#"
set -e
source <(cra completions bash)
replies() {
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _cra cra "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    echo "== ${*:2}"
    printf '%s\n' "${COMPREPLY[@]}"
}
replies cra search --size ""
replies cra export --size La
replies cra search --size 'Intermediate\ S'
replies cra search --size '"Sm'
"#;
    let stdout = run_bash(&home, script);
    let replies = |after: &str| -> Vec<String> {
        stdout
            .split("== ")
            .find(|block| block.starts_with(after))
            .unwrap_or_else(|| panic!("no {after:?} in {stdout}"))
            .lines()
            .skip(1)
            .map(String::from)
            .collect()
    };
    let all = replies("search --size \n");
    assert_eq!(
        all,
        [
            "Large\\ Bank",
            "Small\\ Bank",
            "Intermediate\\ Small\\ Bank",
            "large",
            "small",
            "intermediate"
        ],
        "{stdout}"
    );
    assert_eq!(replies("export --size La"), ["Large\\ Bank"]);
    assert_eq!(
        replies("search --size Intermediate"),
        ["Intermediate\\ Small\\ Bank"]
    );
    assert_eq!(replies("search --size \"Sm"), ["Small\\ Bank"]);
}

// ---------------------------------------------------------------- man pages

/// A man page as a reader sees it, in plain ASCII: rendered by groff (or
/// man), escapes and overstrikes removed, typographic hyphens made `-`.
/// None when neither is installed, which on Linux is a failure.
fn render_man(path: &Path) -> Option<String> {
    let attempts: [(&str, Vec<&str>); 2] = [
        (
            "groff",
            vec!["-man", "-Tutf8", "-rLL=300n", "-rHY=0", "-P-c"],
        ),
        ("man", vec!["-l"]),
    ];
    for (program, args) in attempts {
        if !crate::common::have(program) {
            continue;
        }
        let out = StdCommand::new(program)
            .args(&args)
            .arg(path)
            .env("MANWIDTH", "300")
            .env("MAN_KEEP_FORMATTING", "0")
            .env("GROFF_NO_SGR", "1")
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{program} failed on {}: {}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        return Some(plain(&text));
    }
    if cfg!(target_os = "linux") {
        panic!(
            "this test needs groff (Debian package groff-base) or man (man-db), \
             which are missing on this Linux machine"
        );
    }
    None
}

fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => {
                // CSI ... final byte
                for d in chars.by_ref() {
                    if d.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
            '\u{8}' => {
                out.pop();
            }
            '\u{2010}' | '\u{2011}' | '\u{2212}' => out.push('-'),
            _ => out.push(c),
        }
    }
    out
}

#[test]
fn man_pages_render_with_every_flag_and_section() {
    let dir = tempfile::tempdir().unwrap();
    assets::write_all(dir.path()).unwrap();
    let root = assets::command();
    let pages: Vec<(clap::Command, String)> = assets::pages(&root)
        .into_iter()
        .map(|cmd| (cmd.clone(), assets::page_name(cmd)))
        .collect();
    assert!(pages.len() >= 15, "{} man pages", pages.len());
    let mut rendered_any = false;
    for (cmd, name) in pages {
        let path = dir.path().join("man").join(format!("{name}.1"));
        let source = std::fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("no man page {}", path.display()));
        let text = match render_man(&path) {
            Some(text) => {
                rendered_any = true;
                text
            }
            // Without groff or man, check the roff source itself.
            None => source.replace("\\-", "-"),
        };
        for section in [
            "NAME",
            "SYNOPSIS",
            "OPTIONS",
            "EXAMPLES",
            "ENVIRONMENT",
            "FILES",
            "EXIT STATUS",
        ] {
            assert!(text.contains(section), "{name}.1 lacks {section}");
        }
        for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
            if let Some(long) = arg.get_long() {
                assert!(
                    text.contains(&format!("--{long}")),
                    "{name}.1 lacks --{long}:\n{text}"
                );
            }
            if let Some(short) = arg.get_short() {
                assert!(
                    text.contains(&format!("-{short}")),
                    "{name}.1 lacks -{short}"
                );
            }
        }
        for example in assets::help_examples(&cmd) {
            let first_words: String = example
                .split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                text.contains(&first_words),
                "{name}.1 lacks the example {example:?}"
            );
        }
        for (variable, _) in assets::ENVIRONMENT {
            assert!(text.contains(variable), "{name}.1 lacks {variable}");
        }
        for (code, _) in assets::EXIT_CODES {
            assert!(text.contains(code), "{name}.1 lacks exit code {code}");
        }
    }
    if !rendered_any {
        eprintln!("neither groff nor man installed: checked the roff sources only");
    }
}

// ---------------------------------------------------------------- staleness

#[test]
fn committed_completions_and_man_pages_are_fresh() {
    let root = repo();
    let assets = assets::all();
    let mut problems = Vec::new();
    for asset in &assets {
        match std::fs::read(root.join(&asset.path)) {
            Ok(committed) if committed == asset.contents => {}
            Ok(_) => problems.push(format!("{} is out of date", asset.path)),
            Err(_) => problems.push(format!("{} is missing", asset.path)),
        }
    }
    let expected: BTreeSet<&str> = assets.iter().map(|a| a.path.as_str()).collect();
    for dir in assets::DIRS {
        for entry in std::fs::read_dir(root.join(dir)).into_iter().flatten() {
            let entry = entry.unwrap();
            let relative = format!("{dir}/{}", entry.file_name().to_string_lossy());
            if !expected.contains(relative.as_str()) {
                problems.push(format!("{relative} is no longer generated"));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{}\nThe committed files differ from the clap definition; refresh them with:\n    {}\nand commit completions/ and man/.",
        problems.join("\n"),
        assets::REGENERATE
    );
}

// ---------------------------------------------------------------- --help

#[test]
fn root_help_lists_environment_and_config_file() {
    let home = crate::common::Home::new();
    let out = home.cra().arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    for (variables, _) in assets::ENVIRONMENT {
        for variable in variables.split(", ") {
            assert!(help.contains(variable), "cra --help lacks {variable}");
        }
    }
    assert!(help.contains("config.toml") && help.contains("cra config path"));
    assert!(help.contains("Precedence"));
}

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
    let root = assets::command();
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

// ---------------------------------------------------------------- examples

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
    // Off Linux, without jq, only the cra part of a pipeline runs.
    let jq = crate::common::need("jq", "jq");
    let mut failures = Vec::new();
    for (place, line) in &examples {
        let line = line.replace("BANK_ID", &id).replace("OTHER_ID", &other);
        let line = match line.strip_prefix("cargo run --release --") {
            Some(rest) => format!("cra{rest}"),
            None => line,
        };
        // Without jq, run the cra part of a pipeline alone.
        let line = if !jq && line.contains("jq ") && !line.contains("$(") {
            line.split(" | ").next().unwrap().to_string()
        } else {
            line
        };
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
        // `sync` reports on standard error: its summary is its output.
        let summarized = String::from_utf8_lossy(&out.stderr).starts_with("synced ");
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
