//! `--help` as a reader meets it: global flags worded for the command they
//! are given to, `changes` and `diff` help compact, the root help fitting
//! 80 columns and naming the environment and the config file.

use cra::assets;

use crate::common::{Home, assert_code};

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
    assert!(sql.contains("Read the sandbox's local copy"), "{sql}");
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

/// `show --help` says a bank may be an agency's number (`fdic:N`, `rssd:N`,
/// `occ:N`), and `--assets` is said to be the assets at the current exam,
/// not today's.
#[test]
fn show_help_names_agency_numbers_and_assets_are_the_current_exams() {
    let show = help(&["show"]);
    for form in ["fdic:N", "rssd:N", "occ:N", "a bank name"] {
        assert!(show.contains(form), "{form} missing from:\n{show}");
    }
    let search = help(&["search"]);
    assert!(search.contains("Assets at the current exam"), "{search}");
    assert!(!search.contains("Current assets"), "{search}");
}
