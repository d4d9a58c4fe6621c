//! Issue 56, item 7: every hint the public-record path prints is
//! pasteable as printed (it keeps `--sandbox`, `--mirror FILE` and
//! `--offline` where they matter) and never a dead end: each one pasted
//! into a shell, as a user would, does what it says.

use crate::common::{Home, assert_code, cra_bin, stderr};

/// `line` run by a shell in `home`'s folder with `cra` on its PATH: a
/// hint pasted as printed.
fn pasted(home: &Home, line: &str) -> std::process::Output {
    let bin = cra_bin();
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut shell = std::process::Command::new("sh");
    crate::common::clean_env(&mut shell, home.path())
        .env("PATH", path)
        .current_dir(home.path())
        .args(["-c", line]);
    shell.output().unwrap()
}

/// The command a message names after `after`, up to `until` (or the end
/// of its line).
fn named<'a>(message: &'a str, after: &str, until: &str) -> &'a str {
    let start = message
        .find(after)
        .unwrap_or_else(|| panic!("no {after:?} in {message:?}"))
        + after.len();
    let rest = message[start..].lines().next().unwrap();
    rest.find(until).map_or(rest, |end| &rest[..end])
}

#[test]
fn hints_keep_sandbox_mirror_and_offline_and_lead_somewhere() {
    let home = Home::new();
    let copy = "my copy.sqlite";
    let cra = |args: &[&str]| {
        home.cra()
            .current_dir(home.path())
            .args(["--sandbox", "--mirror", copy])
            .args(args)
            .output()
            .unwrap()
    };
    assert_code(&cra(&["sync", "--quiet"]), 0);

    // Online, `--test` needs the copy: the sync and the enrich it names
    // are this copy's.
    let online = cra(&["search", "--test", "lending=outstanding"]);
    assert_code(&online, 2);
    assert!(
        stderr(&online).contains(
            "after cra --sandbox sync --mirror 'my copy.sqlite' and cra --sandbox enrich \
             --mirror 'my copy.sqlite'"
        ),
        "{}",
        stderr(&online)
    );

    // A copy with no public record: the stats hint names enrich first
    // (enrich --pe alone refuses there), and pasted it runs.
    let stats = cra(&["--offline", "stats", "--by", "lending_test"]);
    assert_code(&stats, 2);
    let said = stderr(&stats);
    let first = named(&said, "(run: ", ", then ");
    assert_eq!(
        first, "cra --sandbox enrich --mirror 'my copy.sqlite'",
        "{said}"
    );
    assert!(
        said.contains("then cra --sandbox enrich --mirror 'my copy.sqlite' --pe FILE|FOLDER"),
        "{said}"
    );
    assert!(
        said.contains("; cra --sandbox pe --mirror 'my copy.sqlite' BANK --download saves one"),
        "{said}"
    );
    let enriched = pasted(&home, first);
    assert_code(&enriched, 0);

    // The enrich summary names a command that says why a bank is not
    // linked; with a bank in place of BANK it does.
    let summary = stderr(&enriched);
    let show = named(&summary, "); ", " BANK says why for one");
    assert_eq!(
        show, "cra --sandbox show --mirror 'my copy.sqlite'",
        "{summary}"
    );

    // A bank no agency number leads to: enrich and search for this copy,
    // offline as the line was.
    let missing = cra(&["--offline", "show", "fdic:99999"]);
    assert_code(&missing, 5);
    let said = stderr(&missing);
    assert!(
        said.contains("(cra --sandbox enrich --mirror 'my copy.sqlite' links each bank it can"),
        "{said}"
    );
    let search = named(&said, "find it by name with ", " NAME)");
    assert_eq!(
        search, "cra --sandbox --offline search --mirror 'my copy.sqlite'",
        "{said}"
    );
    assert_code(&pasted(&home, &format!("{search} bank --limit 1")), 0);

    // A downloaded evaluation: the enrich --pe it names, pasted, reads it
    // into this copy (the file's name quoted as a shell needs).
    let id = crate::common::text(
        &cra(&[
            "--offline",
            "search",
            "--state",
            "TX",
            "--size",
            "large",
            "--limit",
            "1",
            "--format",
            "json",
            "--jq",
            ".[0].id",
        ])
        .stdout,
    );
    let saved = home.path().join("saved evaluations");
    std::fs::create_dir_all(&saved).unwrap();
    let file = saved.join("b.pdf");
    let download = cra(&["pe", id.trim(), "--download", "-o", file.to_str().unwrap()]);
    assert_code(&download, 0);
    let said = stderr(&download);
    let read = named(&said, "read it with ", "\n");
    assert_eq!(
        read,
        format!(
            "cra --sandbox enrich --mirror 'my copy.sqlite' --pe '{}'",
            file.display()
        ),
        "{said}"
    );
    let out = pasted(&home, read);
    assert_code(&out, 0);
    assert!(
        stderr(&out).contains("read 1 evaluation (1 linked"),
        "{}",
        stderr(&out)
    );
}
