//! The command line itself, through the real binary: what `--help` lists and
//! in which sections, global flags before and after the subcommand, and the
//! messages for flags given to the wrong command or values split by the shell.

/// `cra ARGS --help`, as text.
fn help(args: &[&str]) -> String {
    let home = crate::common::Home::new();
    let out = home.cra().args(args).arg("--help").output().unwrap();
    assert!(out.status.success(), "{args:?} --help failed");
    String::from_utf8(out.stdout).unwrap()
}

/// The long flags of `help`'s section `heading` (up to the next section).
fn section_flags(help: &str, heading: &str) -> Vec<String> {
    let mut lines = help.lines().skip_while(|l| *l != heading).skip(1);
    let mut flags = Vec::new();
    for line in lines.by_ref() {
        if !line.is_empty() && !line.starts_with(' ') {
            break;
        }
        let trimmed = line.trim_start();
        // A flag line starts with `-x, --long` or `--long`; wrapped text does not.
        let first = trimmed.split_whitespace().next().unwrap_or("");
        let candidate = if first.ends_with(',') {
            trimmed.split_whitespace().nth(1).unwrap_or("")
        } else {
            first
        };
        if candidate.starts_with("--") {
            flags.push(candidate.to_string());
        }
    }
    flags
}

#[test]
fn a_subcommand_lists_its_own_flags_first_and_the_global_ones_after() {
    let text = help(&["search"]);
    let own = section_flags(&text, "Options:");
    let global = section_flags(&text, "Global options:");
    for flag in [
        "--state",
        "--size",
        "--page",
        "--per-page",
        "--all",
        "--limit",
    ] {
        assert!(own.iter().any(|f| f == flag), "{flag} not own: {text}");
        assert!(!global.iter().any(|f| f == flag), "{flag} global: {text}");
    }
    for flag in [
        "--base-url",
        "--config",
        "--format",
        "--color",
        "--quiet",
        "--verbose",
        "--timeout",
        "--retries",
        "--allow-insecure-http",
        "--sandbox",
    ] {
        assert!(
            global.iter().any(|f| f == flag),
            "{flag} not global: {text}"
        );
        assert!(!own.iter().any(|f| f == flag), "{flag} own: {text}");
    }
    assert!(
        text.find("Options:").unwrap() < text.find("Global options:").unwrap(),
        "{text}"
    );
}

#[test]
fn a_subcommand_lists_only_the_global_flags_that_apply() {
    let text = help(&["verify-webhook"]);
    for flag in [
        "--timeout",
        "--sandbox",
        "--base-url",
        "--retries",
        "--allow-insecure-http",
    ] {
        assert!(!text.contains(flag), "verify-webhook lists {flag}: {text}");
    }
    assert!(section_flags(&text, "Global options:").contains(&"--config".to_string()));
    // A server of its own, not the API's: no --sandbox, no --base-url.
    // (`sandbox`'s `--evolve` mentions `--sandbox` in its text: the flags
    // listed are what counts.)
    for command in ["listen", "trigger", "replay", "sandbox"] {
        let text = help(&[command]);
        let listed = [
            section_flags(&text, "Options:"),
            section_flags(&text, "Global options:"),
        ]
        .concat();
        for flag in ["--sandbox", "--base-url", "--retries", "--offline"] {
            assert!(
                !listed.iter().any(|f| f == flag),
                "{command} lists {flag}: {text}"
            );
        }
    }
    // The local copy's readers: which copy, but no address, key or timeout.
    for command in ["sql", "changes", "stats"] {
        let global = section_flags(&help(&[command]), "Global options:");
        for flag in ["--mirror", "--sandbox", "--format", "--offline"] {
            assert!(global.iter().any(|f| f == flag), "{command}: {global:?}");
        }
        for flag in ["--base-url", "--timeout", "--retries", "--evolve"] {
            assert!(!global.iter().any(|f| f == flag), "{command}: {global:?}");
        }
    }
    let global = section_flags(&help(&["sync"]), "Global options:");
    assert!(global.iter().any(|f| f == "--base-url"), "{global:?}");
    assert!(!global.iter().any(|f| f == "--offline"), "{global:?}");
    assert!(section_flags(&help(&["listen"]), "Global options:").contains(&"--timeout".into()));
    assert!(!help(&["completions"]).contains("Global options"));

    // And one that does not apply is refused after the subcommand, as any
    // unknown flag is, with the usage exit code.
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .args([
            "verify-webhook",
            "--signature",
            "sha256=00",
            "--timeout",
            "5",
        ])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 2);
}

#[test]
fn global_flags_work_before_and_after_the_subcommand() {
    let home = crate::common::Home::new();
    let run = |args: &[&str]| {
        let out = home.cra().args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let banks: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        banks.as_array().unwrap().len()
    };
    let before = run(&[
        "--sandbox",
        "--format",
        "json",
        "search",
        "--state",
        "VT",
        "--limit",
        "3",
    ]);
    let after = run(&[
        "search",
        "--state",
        "VT",
        "--limit",
        "3",
        "--format",
        "json",
        "--sandbox",
    ]);
    let mixed = run(&[
        "--format",
        "json",
        "search",
        "--sandbox",
        "--state",
        "VT",
        "--limit",
        "3",
    ]);
    assert_eq!((before, after, mixed), (3, 3, 3));

    // The nearer flag wins: `--format tsv` after the subcommand.
    let out = home
        .cra()
        .args(["--format", "json", "--sandbox", "search", "--limit", "1"])
        .args(["--format", "csv"])
        .output()
        .unwrap();
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("id,name,"),
        "csv expected"
    );

    // Two flags that exclude each other still do across levels.
    let out = home
        .cra()
        .args([
            "--sandbox",
            "search",
            "--base-url",
            "https://api.example.com",
        ])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 2);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("--sandbox") && stderr.contains("--base-url"),
        "{stderr}"
    );
}

/// `cra ARGS`' one-line usage error.
fn usage_error(args: &[&str]) -> String {
    let home = crate::common::Home::new();
    let out = home.cra().args(args).output().unwrap();
    crate::common::assert_code(&out, 2);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr
}

/// `cra ARGS`' usage error in clap's layout: `cra: error: ...` first.
fn usage_error_laid_out(args: &[&str]) -> String {
    let home = crate::common::Home::new();
    let out = home.cra().args(args).output().unwrap();
    crate::common::assert_code(&out, 2);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with("cra: error: "), "{stderr}");
    assert!(!stderr.contains("\n\n\n"), "{stderr:?}");
    stderr
}

#[test]
fn a_long_flag_with_one_dash_asks_for_two() {
    let stderr = usage_error(&["--sandbox", "search", "-state", "TX"]);
    assert_eq!(
        stderr,
        "cra: error: unknown flag '-state': did you mean --state? (a long flag takes two dashes)\n"
    );
}

#[test]
fn a_flag_of_another_command_is_named_as_such() {
    let stderr = usage_error(&["show", "--all", "some-id"]);
    assert!(!stderr.contains("--allow-insecure-http"), "{stderr}");
    assert!(
        stderr.contains("'--all' is a flag of `search` and `replay`, not of `show`"),
        "{stderr}"
    );
    // A global flag that does not apply here is said to be one.
    let stderr = usage_error(&["verify-webhook", "--signature", "sha256=00", "--sandbox"]);
    assert!(
        stderr.contains("'--sandbox' does not apply to `verify-webhook` (a global flag"),
        "{stderr}"
    );
    let stderr = usage_error(&["sync", "--offline"]);
    assert!(
        stderr.contains("'--offline' does not apply to `sync`"),
        "{stderr}"
    );
}

#[test]
fn a_did_you_mean_is_kept_for_misspellings_only() {
    // A real misspelling keeps clap's suggestion, laid out as clap lays it
    // out: the error, then the tip and the usage on lines of their own.
    let stderr = usage_error_laid_out(&["search", "--stat", "TX"]);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines[0], "cra: error: unexpected argument '--stat' found");
    assert!(
        lines.contains(&"  tip: a similar argument exists: '--state'"),
        "{stderr}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Usage: cra search")),
        "{stderr}"
    );
    // A flag that only shares its first letter with one is not suggested.
    let stderr = usage_error_laid_out(&["show", "--s", "some-id"]);
    assert!(!stderr.contains("--sandbox"), "{stderr}");
    assert!(stderr.contains("'--s'"), "{stderr}");
}

#[test]
fn a_size_split_by_the_shell_is_warned_about() {
    let home = crate::common::Home::new();
    let run = |args: &[&str]| {
        let out = home.cra().arg("--sandbox").args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    // `--size Large Bank`, unquoted: size `large`, QUERY `Bank`.
    let stderr = run(&["search", "--size", "Large", "Bank", "--limit", "1"]);
    assert!(
        stderr.contains("cra: warning: did you mean --size \"Large Bank\"?"),
        "{stderr}"
    );
    let stderr = run(&["export", "--state", "VT", "--size", "small", "bank"]);
    assert!(
        stderr.contains("did you mean --size \"Small Bank\"?"),
        "{stderr}"
    );
    // Three words: clap finds a stray argument; the error says what was meant.
    let out = home
        .cra()
        .args([
            "--sandbox",
            "search",
            "--size",
            "Intermediate",
            "Small",
            "Bank",
        ])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 2);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(
        stderr,
        "cra: error: unexpected argument 'Bank': did you mean --size \"Intermediate Small Bank\"? \
         (quote a size of several words)\n"
    );
    // The same words, not right after --size, or quoted: no warning.
    for args in [
        &["search", "Bank", "--size", "large", "--limit", "1"][..],
        &[
            "search", "--size", "large", "--state", "TX", "Bank", "--limit", "1",
        ],
        &["search", "--size", "Large Bank", "--limit", "1"],
        &["search", "--size", "large", "First", "--limit", "1"],
    ] {
        let stderr = run(args);
        assert!(!stderr.contains("did you mean"), "{args:?}: {stderr}");
    }
}
