//! The one set of test helpers: the real `cra` binary in a clean
//! environment ([`Home`]), a real `cra sandbox` ([`Sandbox`], or one per
//! test thread: [`thread_sandbox`]), a service and a home together
//! ([`World`]), servers for what the sandbox cannot do (a scripted one,
//! [`server`]; a hostile one, [`hostile`]; one that streams endless
//! bodies, [`raw_server`]), a real `cra listen` ([`listen`]), runs measured
//! for memory ([`measure`]), signals ([`signal`], Unix only), and the
//! outside programs some tests need ([`tools`]: a missing one skips its
//! test, or fails it under CI).

pub mod hostile;
#[cfg(unix)]
mod interrupt;
pub mod listen;
pub mod measure;
pub mod raw_server;
mod sandbox;
pub mod server;
pub mod thread_sandbox;
pub mod tools;
mod world;

use std::path::{Path, PathBuf};
use std::process::{Command as StdCommand, Output, Stdio};

use assert_cmd::Command;

#[cfg(unix)]
pub use interrupt::{Signal, interrupt_export, signal, signal_and_wait};
pub use sandbox::{Sandbox, async_http, fetch, get, http};
pub use tools::{any_of, need, need_ipv6_loopback, skipped, tool};
#[cfg(unix)]
pub use tools::{fifo, make_fifo};
#[cfg(unix)]
pub use world::Requests;
pub use world::{Request, World, enriched, synced};

/// The sandbox's key that is active.
pub const ACTIVE_KEY: &str = "sandbox_active";
/// A live-looking key and webhook secret, for tests that check neither
/// ever shows on any stream.
pub const KEY: &str = "live_key_5f1e9a7c3b2d4e6f8a0b1c2d";
pub const SECRET: &str = "whsec_9d8c7b6a5f4e3d2c1b0a";

/// Path of the built `cra` binary.
pub fn cra_bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin!("cra").to_path_buf()
}

/// The one clean environment every process a test starts gets: nothing of
/// this process's but PATH, LANG and LC_ALL (and faketime's variables, so
/// that the suite run under `faketime -f +365d` moves the clock of every
/// `cra` it starts, not its own alone); HOME at `home` and CRA_CONFIG at
/// its `config.toml`, so no test reads the developer's own config.
pub fn clean_env<'a>(cmd: &'a mut StdCommand, home: &Path) -> &'a mut StdCommand {
    cmd.env_clear();
    for key in [
        "PATH",
        "LANG",
        "LC_ALL",
        "LD_PRELOAD",
        "FAKETIME",
        "FAKETIME_DONT_FAKE_MONOTONIC",
    ] {
        if let Ok(value) = std::env::var(key) {
            cmd.env(key, value);
        }
    }
    cmd.env("HOME", home)
        .env("CRA_CONFIG", home.join("config.toml"))
}

/// A per-test home: a temp folder used as HOME and config location.
pub struct Home {
    pub dir: tempfile::TempDir,
}

impl Home {
    pub fn new() -> Home {
        Home {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn config_path(&self) -> PathBuf {
        self.dir.path().join("config.toml")
    }

    /// `cra` in the clean environment of this home.
    pub fn cra(&self) -> Command {
        Command::from_std(self.cra_std())
    }

    /// `cra --sandbox ARGS` run in this home's folder, which must succeed:
    /// its output.
    pub fn sandboxed(&self, args: &[&str]) -> std::process::Output {
        let out = self
            .cra()
            .current_dir(self.path())
            .arg("--sandbox")
            .args(args)
            .output()
            .unwrap();
        assert_code(&out, 0);
        out
    }

    /// The same as a `std::process::Command`, for tests that stream.
    pub fn cra_std(&self) -> StdCommand {
        let mut cmd = StdCommand::new(cra_bin());
        clean_env(&mut cmd, self.path());
        cmd
    }
}

/// Points a `cra` (either kind of command) at a service.
pub trait Service {
    /// `CRA_BASE_URL` and `CRA_API_KEY`.
    fn at(&mut self, url: &str, key: &str) -> &mut Self;
    /// [`KEY`] and the webhook secret [`SECRET`] too.
    fn at_with_secrets(&mut self, url: &str) -> &mut Self;
}

macro_rules! service {
    ($command:ty) => {
        impl Service for $command {
            fn at(&mut self, url: &str, key: &str) -> &mut Self {
                self.env("CRA_BASE_URL", url).env("CRA_API_KEY", key)
            }
            fn at_with_secrets(&mut self, url: &str) -> &mut Self {
                self.at(url, KEY).env("CRA_WEBHOOK_SECRET", SECRET)
            }
        }
    };
}
service!(Command);
service!(StdCommand);

/// Asserts the exit code of a finished `cra`, showing its standard error
/// when it differs.
#[track_caller]
pub fn assert_code(out: &std::process::Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `../shared/data/NAME`, the real data set beside the repository, when
/// this checkout has it; otherwise None, saying the test skipped.
pub fn shared_data(name: &str) -> Option<PathBuf> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(name);
    if path.exists() {
        Some(path)
    } else {
        skipped(&format!("{} is not here", path.display()));
        None
    }
}

/// `cra LINE` (LINE as a shell would split it) on a pseudo-terminal, through
/// util-linux `script`, in the clean environment of `home` with `TERM=xterm`
/// (a terminal that draws): a command to add environment to and run. None
/// where `script` is missing (see [`tools`]).
#[track_caller]
pub fn on_terminal(home: &Home, line: &str) -> Option<StdCommand> {
    let mut script = tool("script", "bsdutils")?;
    clean_env(&mut script, home.path())
        .env("TERM", "xterm")
        .args([
            "-qec",
            &format!("{} {line}", cra_bin().display()),
            "/dev/null",
        ])
        .stdin(Stdio::null());
    Some(script)
}

/// The header of `cra search --format csv` and of a plain `cra export`, as
/// the contract writes it.
pub const CSV_HEADER: [&str; 8] = [
    "id",
    "name",
    "city",
    "state",
    "regulator",
    "rating",
    "exam_date",
    "exam_type",
];

/// Printable width of a line: ANSI escapes take none.
pub fn visible_width(line: &str) -> usize {
    let mut width = 0;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            width += 1;
        }
    }
    width
}

/// The repository: where the README, `man/` and `completions/` are.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A finished command's standard error, as text.
pub fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `cmd`'s output.
pub fn run(cmd: &mut assert_cmd::Command) -> Output {
    cmd.output().unwrap()
}

/// Bytes as text (lossy).
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `cmd`'s output, failing if it takes over 10 s (a read that blocks).
pub fn within_10s(cmd: std::process::Command) -> Output {
    within_secs(cmd, 10)
}

/// `cmd`'s output, failing if it takes over `secs` (a read that blocks, a
/// cost that grows out of bounds). Standard output is read only at the
/// end: for commands that print little.
pub fn within_secs(mut cmd: std::process::Command, secs: u64) -> Output {
    cmd.stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed().as_secs() >= secs {
            let _ = child.kill();
            panic!("{cmd:?} still running after {secs} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}
