//! The `listen` receiver: what it is asked to do ([`Config`]), where it
//! prints ([`Streams`]), what it counted ([`Summary`]), and the state its
//! parts share. The parts, one job each:
//!
//! - `serve`: binding, the accept loop and the wind-down of `--max-events`;
//! - `deliver`: the checks a delivery passes, a chain of small steps that
//!   each let it through or refuse it with a typed [`Verdict`];
//! - `outcome`: what a delivery came to (verdict, outcome, refusal), read
//!   by the checks and by the lines alike;
//! - `forward`: `--forward-to`, passing a verified delivery on to the app;
//! - `finish`: once the verdict is in, log, count, print and answer;
//! - `lines`: the log line, the event line and the writer threads.
//!
//! One delivery goes: route and method → Content-Length precheck → body read
//! under a size cap and a deadline → signature → payload shape → freshness
//! → a `--max-events` slot (503 when none is left) → duplicate check →
//! optional forward → log line (written and flushed by the log writer,
//! which acknowledges) → counts and the event line → response. Standard
//! output and the log file each have one writer thread fed by a channel, so
//! concurrent deliveries never interleave lines and the log is written in
//! batches under load (group commit: one `write` for every line queued
//! meanwhile).

mod deliver;
mod finish;
mod forward;
mod lines;
mod outcome;
mod serve;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::{Mutex, mpsc};
use std::time::Duration;

use secrecy::SecretString;
use tokio::sync::watch;

pub use outcome::Verdict;
pub use serve::Server;

/// What `listen` was asked to do, resolved.
pub struct Config {
    /// Path deliveries are accepted on, starting with `/`.
    pub path: String,
    pub secret: SecretString,
    pub forward_to: Option<url::Url>,
    /// Timeout of a forwarded request.
    pub forward_timeout: Duration,
    pub log: Option<PathBuf>,
    pub max_events: Option<u64>,
    /// `--tolerance`: how far a payload's `timestamp` may be from now, in
    /// either direction, before the delivery is refused as `stale`.
    pub tolerance: Option<Duration>,
    pub max_body: u64,
    /// Headers must arrive within this, then the body within this.
    pub read_timeout: Duration,
    /// `--format json`: events as the raw body, one per line.
    pub raw_json: bool,
    /// `--quiet`: no refusal lines on standard error.
    pub quiet: bool,
}

/// Where `listen` prints: events to `out` (standard output), refusal lines
/// and warnings to `err` (standard error). Handed in rather than taken, so
/// that whoever runs the receiver (the command, a test) chooses the
/// streams.
pub struct Streams {
    pub out: Box<dyn Write + Send>,
    pub err: Box<dyn Write + Send>,
}

/// Counts for the summary.
#[derive(Debug, Default, Clone)]
pub struct Summary {
    pub received: u64,
    pub verified: u64,
    /// Verified and answered with a 2xx (what `--max-events` counts).
    pub delivered: u64,
    pub duplicates: u64,
    /// Refusals by their verdict's code ([`Verdict::code`]).
    pub refused: BTreeMap<&'static str, u64>,
}

impl Summary {
    pub fn line(&self) -> String {
        let refused: u64 = self.refused.values().sum();
        let mut line = format!(
            "received {}, verified {} ({} duplicate{}), refused {}",
            self.received,
            self.verified,
            self.duplicates,
            if self.duplicates == 1 { "" } else { "s" },
            refused
        );
        if refused > 0 {
            let reasons: Vec<String> = self
                .refused
                .iter()
                .map(|(reason, n)| format!("{reason} {n}"))
                .collect();
            line.push_str(&format!(" ({})", reasons.join(", ")));
        }
        line
    }
}

/// What every delivery and connection of one receiver shares.
struct Shared {
    config: Config,
    /// The `--forward-to` client.
    client: Option<reqwest::Client>,
    log: Option<mpsc::Sender<lines::Line>>,
    stdout: mpsc::Sender<lines::Line>,
    /// Refusal lines and warnings, written at once (not through a thread):
    /// a refusal's line is out before its answer is.
    stderr: Mutex<Box<dyn Write + Send>>,
    summary: Mutex<Summary>,
    /// Verified deliveries accepted so far, counted before they are
    /// forwarded or printed, so that `--max-events N` accepts exactly N.
    accepted: AtomicU64,
    seen: Mutex<deliver::Seen>,
    /// Set once `--max-events` verified events have been seen.
    enough: watch::Sender<bool>,
    /// Held by every connection and delivery task while `serve` runs; when
    /// all are dropped, everything in flight has finished.
    alive: Mutex<Option<tokio::sync::mpsc::Sender<()>>>,
}

impl Shared {
    /// One line on standard error, written and flushed at once.
    fn warn(&self, line: &str) {
        let mut err = self.stderr.lock().expect("stderr lock");
        let _ = err
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|()| err.flush());
    }
}
