//! Global and subcommand flags through the real binary: a subcommand's
//! `--help` lists its own flags first and only the global ones that apply,
//! and global flags work before and after the subcommand.

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

/// Every command that takes `-o` and `--jq` hands them to the plan: a
/// command whose parts lost them would print to the terminal what was
/// asked of a file, unfiltered (`diff` and `sql` once did, for a while).
#[test]
fn every_commands_output_flags_reach_the_plan() {
    let root = cra::cli::command();
    let mut checked = 0;
    for sub in root.get_subcommands() {
        let name = sub.get_name();
        let takes = |id: &str| sub.get_arguments().any(|a| a.get_id() == id);
        if !takes("output") {
            continue;
        }
        // A value for each of its positionals, so that it parses.
        let mut line: Vec<String> = vec!["cra".into(), name.into()];
        line.extend(sub.get_positionals().map(|_| "x".to_string()));
        line.extend(["-o".into(), "out.csv".into()]);
        if takes("jq") {
            line.extend(["--jq".into(), ".".into()]);
        }
        let cli = cra::cli::parse_from(&line).unwrap_or_else(|e| panic!("{line:?}: {e}"));
        let parts = cli.command.spec().parts();
        assert_eq!(
            parts.output_file(),
            Some(std::path::Path::new("out.csv")),
            "{name}: -o does not reach its parts"
        );
        if takes("jq") {
            assert_eq!(
                parts.jq(),
                Some("."),
                "{name}: --jq does not reach its parts"
            );
        }
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} commands take -o");
}
