//! The binary starts, answers `--help` and `--version` (a help that cannot
//! be written is a failure), and bad usage is exit 2 with one clear line:
//! a long flag with one dash, a flag of another command, a did-you-mean
//! only for misspellings, a size split by the shell, two flags that
//! contradict.

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

#[test]
fn help_and_version() {
    let home = crate::common::Home::new();
    home.cra().arg("--help").assert().success();
    home.cra().arg("--version").assert().success();
    home.cra()
        .args(["search", "--state", "XX"])
        .assert()
        .code(2);
}

/// Help that cannot be written (a full disk) is a failure, not exit 0.
#[cfg(target_os = "linux")]
#[test]
fn help_to_a_full_disk_fails() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("Linux has /dev/full");
    let home = crate::common::Home::new();
    let out = home.cra_std().arg("--help").stdout(full).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write the help"));
}

/// `--sandbox` and `--base-url` say two different things: a usage error,
/// not one silently ignored.
#[test]
fn sandbox_and_base_url_conflict() {
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .args(["--sandbox", "--base-url", "https://x.example", "search"])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 2);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--base-url"), "{stderr}");
}

/// `--exam-method ""` is a usage error (it applied no filter, silently),
/// before any copy is opened, for every command that selects banks.
#[test]
fn an_empty_exam_method_is_a_usage_error() {
    for args in [
        &["--sandbox", "--offline", "search", "--exam-method", ""][..],
        &["--sandbox", "stats", "--exam-method", "  "],
        &[
            "--sandbox",
            "due",
            "--exam-method",
            "Small Bank",
            "--exam-method",
            "",
        ],
    ] {
        let stderr = usage_error_laid_out(args);
        assert!(
            stderr
                .lines()
                .next()
                .unwrap()
                .contains("exam method cannot be empty"),
            "{args:?}: {stderr}"
        );
    }
}

/// A value a person would write is answered with the one meant (issue
/// 48): a state's name with its code, the Federal Reserve's usual names
/// with FRB, an American date with the day it is.
#[test]
fn a_value_written_as_people_write_it_gets_a_did_you_mean() {
    for (args, says) in [
        (
            &["--sandbox", "search", "--state", "Texas"][..],
            "'Texas' is not a state code; did you mean TX?",
        ),
        (
            &["--sandbox", "search", "--state", "New York"],
            "'New York' is not a state code; did you mean NY?",
        ),
        (
            &["--sandbox", "search", "--exam-since", "01/15/2023"],
            "'01/15/2023' is not a date; did you mean 2023-01-15?",
        ),
    ] {
        let stderr = usage_error_laid_out(args);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    let stderr = usage_error(&["--sandbox", "search", "--regulator", "fed"]);
    assert!(
        stderr.contains("'fed' is not a regulator; did you mean FRB?"),
        "{stderr}"
    );
}

/// A hint to paste keeps `--sandbox` when the line it answers had it: it
/// works as pasted (issue 48).
#[test]
fn hints_under_the_sandbox_keep_it() {
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .args(["--sandbox", "show", "no such bank"])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 5);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("(try: cra --sandbox search \"no such bank\")"),
        "{stderr}"
    );
    let out = home
        .cra()
        .args(["--sandbox", "show", "nosuchbank"])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 5);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("cra --sandbox search \"nosuchbank\""),
        "{stderr}"
    );
    // An id no bank has (and no name could be): the status, and what to
    // do next (issue 48, item 17: it ended "(404 Not Found)").
    let out = home
        .cra()
        .args(["--sandbox", "show", "00000000-0000-0000-0000-000000000000"])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 5);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains(
            "(404 Not Found); find a bank's id by its name with: cra --sandbox search NAME"
        ),
        "{stderr}"
    );
}
