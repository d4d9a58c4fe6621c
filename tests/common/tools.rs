//! The programs from outside this repository that some tests run (bash, jq,
//! groff, chromium, util-linux `script`, ...) and the one rule for a
//! missing one, so that `cargo test` passes on a machine with only Rust:
//! the test says `skipped: needs TOOL (apt-get install PACKAGE)` and
//! returns. Where the environment variable `CI` is set (`.ci/run` sets it,
//! and installs every tool) a missing tool fails its test instead, naming
//! it, so that nothing is skipped unseen where it must run. Every test that
//! starts an outside program goes through [`tool`], [`any_of`] or [`need`].

use std::io::Write;
use std::process::{Command, Stdio};

/// Whether `program` runs here, quietly (for a test that has something else
/// to do without it; [`need`] for one that cannot do without it).
pub fn have(program: &str) -> bool {
    // Only whether it starts: `sh` (dash), for one, has no --version.
    Command::new(program)
        .arg("--version")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// Whether `program`, from Debian package `package`, runs here; when it
/// does not, says so or fails (see the module).
#[track_caller]
pub fn need(program: &str, package: &str) -> bool {
    have(program) || missing(program, &format!("apt-get install {package}"))
}

/// `program` as a command to set up and run, or None (said, or failed)
/// when it is missing: as [`need`].
#[track_caller]
pub fn tool(program: &str, package: &str) -> Option<Command> {
    need(program, package).then(|| Command::new(program))
}

/// The first of `programs` that runs here (one tool under several names:
/// `chromium`, `chromium-browser`), or None as [`need`] for the first.
#[track_caller]
pub fn any_of<'a>(programs: &[&'a str], package: &str) -> Option<&'a str> {
    let found = programs.iter().copied().find(|program| have(program));
    if found.is_none() {
        missing(programs[0], &format!("apt-get install {package}"));
    }
    found
}

/// The environment that moves a process's clock by `offset` (`+3650d`)
/// with libfaketime (Debian's `faketime`), preloaded into the process
/// itself rather than through the `faketime` wrapper, which forks and
/// would leave its child running when the test stops it; None as
/// [`need`] when the library is missing.
#[track_caller]
pub fn moved_clock(offset: &str) -> Option<Vec<(&'static str, String)>> {
    let library = std::fs::read_dir("/usr/lib")
        .into_iter()
        .flatten()
        .flatten()
        .map(|dir| dir.path().join("faketime/libfaketime.so.1"))
        .chain([std::path::PathBuf::from(
            "/usr/lib/faketime/libfaketime.so.1",
        )])
        .find(|path| path.is_file());
    match library {
        Some(library) => Some(vec![
            ("LD_PRELOAD", library.display().to_string()),
            ("FAKETIME", offset.to_string()),
            // Timeouts and pacing keep the machine's steady clock.
            ("FAKETIME_DONT_FAKE_MONOTONIC", "1".to_string()),
        ]),
        None => {
            missing("libfaketime", "apt-get install faketime");
            None
        }
    }
}

/// Whether the IPv6 loopback `::1` can be bound here; as [`need`].
#[track_caller]
pub fn need_ipv6_loopback() -> bool {
    std::net::TcpListener::bind("[::1]:0").is_ok()
        || missing("the IPv6 loopback ::1", "enable IPv6 on `lo`")
}

/// The missing `what` (`how` brings it): fails under CI, otherwise says
/// the test skipped. Always false, for `have(..) || missing(..)`.
#[track_caller]
fn missing(what: &str, how: &str) -> bool {
    if std::env::var_os("CI").is_some() {
        panic!("this test needs {what} ({how}), which is missing here; CI is set, so it fails");
    }
    skipped(&format!("needs {what} ({how})"));
    false
}

/// Says on standard error that the running test skipped, and why. Written
/// to the stream itself rather than with `eprintln!`, which the test
/// harness captures and shows only for a test that fails: a skip must show
/// in a run that passes.
pub fn skipped(why: &str) {
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let _ = writeln!(std::io::stderr(), "{test}: skipped: {why}");
}

/// Makes a named pipe at `path` (by the system call, as `mkfifo` would).
#[cfg(all(unix, not(target_vendor = "apple")))]
#[track_caller]
pub fn make_fifo(path: &std::path::Path) {
    use rustix::fs::{CWD, Mode, mkfifoat};
    if let Err(e) = mkfifoat(CWD, path, Mode::RUSR | Mode::WUSR) {
        panic!("mkfifo {}: {e}", path.display());
    }
}

/// Makes a named pipe at `path` (rustix has no `mkfifoat` on Apple's
/// systems, whose `mkfifo` is always there).
#[cfg(target_vendor = "apple")]
#[track_caller]
pub fn make_fifo(path: &std::path::Path) {
    let made = Command::new("mkfifo").arg(path).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo {}", path.display());
}

/// A named pipe `name` made in `dir`.
#[cfg(unix)]
pub fn fifo(dir: &std::path::Path, name: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    crate::common::make_fifo(&path);
    path
}
