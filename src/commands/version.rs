//! `cra version [--verbose]`: the version, and with `--verbose` the commit,
//! target and compiler it was built with, the lines a bug report needs.
//! `cra --version` (clap's) stays the one plain line `cra 0.1.0`; the facts
//! here are captured by `build.rs`, and any it could not learn read
//! `unknown` rather than failing the build. Shaped like `cargo version
//! --verbose` and `rustc -vV`: `key: value` lines a script can grep.

use std::io::Write;

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Run, Spec};
use crate::error::Exit;

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
Examples:
  cra version
  cra version --verbose             # paste this into a bug report";

#[derive(Debug, Clone, Args)]
pub struct VersionArgs {
    /// Also the commit, build date, target and compiler, for a bug report
    #[arg(long, short = 'v')]
    pub verbose: bool,
}

/// What the build knew about itself (empty strings: not known).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Build {
    pub version: &'static str,
    pub commit: &'static str,
    pub commit_date: &'static str,
    pub target: &'static str,
    pub profile: &'static str,
    pub rustc: &'static str,
}

impl Build {
    /// This binary's build.
    pub fn this() -> Build {
        Build {
            version: env!("CARGO_PKG_VERSION"),
            commit: option_env!("CRA_BUILD_COMMIT").unwrap_or_default(),
            commit_date: option_env!("CRA_BUILD_COMMIT_DATE").unwrap_or_default(),
            target: option_env!("CRA_BUILD_TARGET").unwrap_or_default(),
            profile: option_env!("CRA_BUILD_PROFILE").unwrap_or_default(),
            rustc: option_env!("CRA_BUILD_RUSTC").unwrap_or_default(),
        }
    }

    /// `cra 0.1.0 (66f7809a1b2c 2026-11-26)`, or `cra 0.1.0` when the
    /// commit is not known.
    pub fn line(&self) -> String {
        let short: String = self.commit.chars().take(12).collect();
        match (short.as_str(), self.commit_date) {
            ("", _) => format!("cra {}", self.version),
            (short, "") => format!("cra {} ({short})", self.version),
            (short, date) => format!("cra {} ({short} {date})", self.version),
        }
    }

    /// The line, then one `key: value` line per fact.
    pub fn verbose(&self) -> String {
        let known = |value: &'static str| if value.is_empty() { "unknown" } else { value };
        let mut text = self.line();
        for (key, value) in [
            ("release", self.version),
            ("commit-hash", known(self.commit)),
            ("commit-date", known(self.commit_date)),
            ("target", known(self.target)),
            ("profile", known(self.profile)),
            ("rustc", known(self.rustc)),
        ] {
            text.push_str(&format!("\n{key}: {value}"));
        }
        text
    }
}

impl Spec for VersionArgs {
    // Must answer with a broken config file and needs no runtime.
    fn before_settings(&self, _definition: fn() -> clap::Command) -> Option<Result<Exit>> {
        Some(run(self))
    }
}

impl Run for VersionArgs {
    async fn run(self, _ctx: Ctx) -> Result<Exit> {
        run(&self)
    }
}

fn run(args: &VersionArgs) -> Result<Exit> {
    let build = Build::this();
    let text = if args.verbose {
        build.verbose()
    } else {
        build.line()
    };
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")?;
    out.flush()?;
    Ok(Exit::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build(commit: &'static str, commit_date: &'static str) -> Build {
        Build {
            version: "1.2.3",
            commit,
            commit_date,
            target: "x86_64-pc-windows-gnu",
            profile: "release",
            rustc: "",
        }
    }

    #[test]
    fn line_names_what_is_known() {
        let full = "66f7809a1b2c3d4e5f60718293a4b5c6d7e8f901";
        assert_eq!(
            build(full, "2026-11-26").line(),
            "cra 1.2.3 (66f7809a1b2c 2026-11-26)"
        );
        assert_eq!(build(full, "").line(), "cra 1.2.3 (66f7809a1b2c)");
        assert_eq!(build("", "").line(), "cra 1.2.3");
    }

    #[test]
    fn verbose_says_unknown_rather_than_nothing() {
        let text = build("", "").verbose();
        assert_eq!(
            text.lines().collect::<Vec<_>>(),
            [
                "cra 1.2.3",
                "release: 1.2.3",
                "commit-hash: unknown",
                "commit-date: unknown",
                "target: x86_64-pc-windows-gnu",
                "profile: release",
                "rustc: unknown",
            ]
        );
    }

    /// `build.rs` ran for this build: the target is this one's.
    #[test]
    fn this_build_knows_its_target() {
        let build = Build::this();
        assert!(build.target.contains(std::env::consts::ARCH), "{build:?}");
        assert_eq!(build.version, env!("CARGO_PKG_VERSION"));
    }
}
