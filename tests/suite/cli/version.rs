//! `cra --version` is the version alone; `cra version --verbose` adds what
//! a bug report needs (the commit, target, profile, compiler), and both
//! answer with a broken config file.

use std::path::Path;

use crate::common::{Home, text};

/// The commit checked out here, when this is the top of a git checkout
/// (what `build.rs` reads); None in an unpacked package.
fn checked_out() -> Option<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .arg("-C")
            .arg(root)
            .args(args)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| text(&out.stdout).trim().to_string())
    };
    let top = git(&["rev-parse", "--show-toplevel"])?;
    (Path::new(&top).canonicalize().ok()? == root.canonicalize().ok()?)
        .then(|| git(&["rev-parse", "HEAD"]))
        .flatten()
}

#[test]
fn version_alone_then_the_build_for_a_bug_report() {
    let home = Home::new();
    std::fs::write(home.config_path(), "base_url = [not toml").unwrap();
    let version = env!("CARGO_PKG_VERSION");

    let out = home.cra().arg("--version").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), format!("cra {version}\n"));

    let out = home.cra().args(["version", "--verbose"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let printed = text(&out.stdout);
    let facts: Vec<(&str, &str)> = printed
        .lines()
        .skip(1)
        .map(|line| line.split_once(": ").expect(line))
        .collect();
    let fact = |key: &str| {
        facts
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| *v)
            .unwrap_or_else(|| panic!("no {key} in {printed}"))
    };
    assert_eq!(fact("release"), version);
    let target = fact("target");
    assert!(
        target.starts_with(std::env::consts::ARCH) && target.contains(std::env::consts::OS),
        "{target}"
    );
    assert!(!fact("rustc").is_empty() && fact("rustc") != "unknown");
    match checked_out() {
        Some(head) => {
            assert_eq!(fact("commit-hash"), head);
            let first = printed.lines().next().unwrap();
            assert!(
                first.starts_with(&format!("cra {version} ({} ", &head[..12])),
                "{first}"
            );
        }
        None => assert_eq!(fact("commit-hash"), "unknown"),
    }

    // Without --verbose: the first line alone, the same as above.
    let short = home.cra().arg("version").output().unwrap();
    assert_eq!(
        text(&short.stdout),
        format!("{}\n", printed.lines().next().unwrap())
    );
}
