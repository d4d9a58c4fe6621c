//! The sync's writer: the only code that changes a mirror.
//!
//! A sync compares each listed bank with what the mirror holds in memory
//! ([`Known`], loaded once), so an unchanged bank costs no statement at
//! all; only what changed reaches the writer, which runs on a thread of its
//! own ([`Background`]) so that the requests never wait on SQLite.
//!
//! Every change is a whole unit (one bank moved in the list order, or one
//! bank stored with its history), and units are grouped into transactions
//! committed every few hundred milliseconds. So an interrupted sync, even
//! one killed outright, leaves each bank as it was or as it is now, and the
//! next sync finds every stored bank up to date and fetches it no more.
//! When the writer is dropped unfinished (Ctrl-C, SIGTERM, a failure), what
//! it holds is committed and the sync is recorded as interrupted.
//!
//! One job a file: `known` (the in-memory comparison), `lock` (one writer
//! at a time, naming the one that holds it), `writer` (the units and their
//! transactions), `outbox` (what `sync --notify` has yet to deliver),
//! `thread` (the writer on its own thread).

mod known;
mod lock;
mod outbox;
mod thread;
mod writer;

use std::time::Duration;

pub use known::{Known, Needs};
pub use lock::{lock_path, take_lock};
pub use thread::{Background, Edit};
pub use writer::{Counts, Writer};

/// Commit at least this often, and after this many units.
const COMMIT_EVERY: Duration = Duration::from_millis(250);
const COMMIT_UNITS: usize = 2000;
