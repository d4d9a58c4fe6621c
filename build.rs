//! Build facts for `cra version --verbose`: the commit the binary was built
//! from, its target and the compiler, which a bug report needs and only the
//! build knows. A build script because the target triple (`TARGET`) and the
//! compiler (`RUSTC`) are given to build scripts alone, and the commit must
//! be read when the binary is built, not when it runs.
//!
//! The commit comes from `.cargo_vcs_info.json` when the source is a
//! published package (cargo writes it there, and there is no `.git`), else
//! from `git` when this folder is the top of a checkout (a package unpacked
//! inside someone else's repository must not report their commit). Neither:
//! no commit, and `cra version` says `unknown`. Whether the tree had
//! uncommitted changes is left out: telling would mean rerunning this on
//! every edit; release binaries are built from a clean tag anyway.
//!
//! Only `std`: nothing is added to the build for a few lines of output.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    set("CRA_BUILD_TARGET", std::env::var("TARGET").ok());
    set("CRA_BUILD_PROFILE", std::env::var("PROFILE").ok());
    set("CRA_BUILD_RUSTC", rustc_version());
    let vcs_info = root.join(".cargo_vcs_info.json");
    let commit = if vcs_info.is_file() {
        println!("cargo:rerun-if-changed=.cargo_vcs_info.json");
        std::fs::read_to_string(&vcs_info)
            .ok()
            .and_then(|text| sha1_of(&text))
            .map(|hash| (hash, None))
    } else {
        git_commit(&root)
    };
    let (hash, date) = commit.unzip();
    set("CRA_BUILD_COMMIT", hash);
    set("CRA_BUILD_COMMIT_DATE", date.flatten());
}

/// Passes `value` to the crate as the compile-time variable `name`
/// (read with `option_env!`), empty when unknown.
fn set(name: &str, value: Option<String>) {
    println!("cargo:rustc-env={name}={}", value.unwrap_or_default());
}

/// `1.95.0` from `rustc 1.95.0 (59807616e 2026-04-14)`.
fn rustc_version() -> Option<String> {
    let rustc = std::env::var_os("RUSTC")?;
    let out = Command::new(rustc).arg("--version").output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    text.split_whitespace().nth(1).map(str::to_string)
}

/// The `sha1` of `.cargo_vcs_info.json` (`{"git": {"sha1": "…"}, …}`),
/// found without a JSON parser: the first 40 hex digits after the key.
fn sha1_of(text: &str) -> Option<String> {
    let after = &text[text.find("\"sha1\"")? + 6..];
    let start = after.find(|c: char| c.is_ascii_hexdigit())?;
    let hash: String = after[start..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    (hash.len() == 40).then_some(hash)
}

/// The commit checked out at `root` and its date, when `root` is the top
/// of a git checkout; the build is rerun when the commit changes.
fn git_commit(root: &Path) -> Option<(String, Option<String>)> {
    let top = git(root, &["rev-parse", "--show-toplevel"])?;
    let same = |a: &Path, b: &Path| {
        a.canonicalize()
            .ok()
            .is_some_and(|a| Some(a) == b.canonicalize().ok())
    };
    if !same(Path::new(&top), root) {
        return None;
    }
    // HEAD moves on a checkout, the branch's ref on a commit; refs may be
    // packed. `--git-path` finds each, in a worktree too.
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    watched.extend(git(root, &["symbolic-ref", "-q", "HEAD"]));
    for name in watched {
        if let Some(path) = git(root, &["rev-parse", "--git-path", &name]) {
            let path = root.join(path);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    let hash = git(root, &["rev-parse", "HEAD"])?;
    let date = git(root, &["log", "-1", "--format=%cs", "HEAD"]);
    Some((hash, date))
}

/// One line of `git`'s output, or `None` when git is missing or fails.
fn git(root: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(root)
        .args(args)
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let line = text.trim();
    (out.status.success() && !line.is_empty()).then(|| line.to_string())
}
