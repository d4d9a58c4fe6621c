//! The files of `cra enrich --pe`, read on every core: each worker reads
//! a file, hashes it and reads it as a PE (`evaluation::read`), and the
//! command's thread takes what each came to in the order the files were
//! listed, as one reader one file after another would have. Nothing here
//! touches the copy: what was read is stored afterwards, by the command's
//! thread alone, in one transaction.
//!
//! At most [`AHEAD`] files a worker are handed out past the one the
//! command waits for: a worker holds one file's bytes at a time (at most
//! [`crate::evaluation::FILE_BYTES`]), and what is kept waiting for its
//! turn holds no bytes, only what the file said.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError, mpsc};
use std::time::Duration;

use anyhow::Result;
use sha2::{Digest, Sha256};

use crate::error::CraError;
use crate::evaluation::{Evaluation, SetAside};

/// The most workers: each reading may reach the reader's bound on a
/// hostile file (`evaluation::pdf::Limits`), so memory grows with them.
const MOST_WORKERS: usize = 4;

/// The files handed out a worker, past the one the command waits for.
const AHEAD: usize = 4;

/// How often the command's thread, waiting for a file, looks for a signal.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// What one file came to.
pub(super) enum Outcome {
    /// It could not be read at all: why.
    Unreadable(String),
    /// Set aside by its size, unread.
    Refused(SetAside),
    /// Read before by this reader (SHA-256 and status in `known`, not
    /// `unlinked`): not read again.
    Known,
    /// Its SHA-256, and what it says as a PE or why it was set aside.
    Read(String, Result<Evaluation, SetAside>),
}

/// How many workers read `files` files: `wanted` (the hidden setting
/// `CRA_PE_WORKERS`, for tests and measures) or one a core, at most
/// [`MOST_WORKERS`] either way, never more than the files.
pub(super) fn workers(wanted: Option<usize>, files: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    wanted.unwrap_or(cores).min(MOST_WORKERS).min(files).max(1)
}

/// Reads `bytes` (a file's or an address's): its SHA-256, then, unless
/// `known` says this reader read it before, what it says as a PE.
pub(super) fn examine(bytes: &[u8], known: &HashMap<String, String>) -> Outcome {
    let sha256 = hex::encode(Sha256::digest(bytes));
    if known
        .get(&sha256)
        .is_some_and(|status| status != "unlinked")
    {
        return Outcome::Known;
    }
    // The reader never panics by design (each PDF is read on a thread of
    // its own, whose panic is a set-aside); this is the last guard.
    let read = std::panic::catch_unwind(|| crate::evaluation::read(bytes))
        .unwrap_or_else(|_| Err(SetAside::Damaged("unreadable".into())));
    Outcome::Read(sha256, read)
}

/// A file on disk read and examined.
fn examine_file(path: &Path, known: &HashMap<String, String>) -> Outcome {
    match read_file(path) {
        Ok(Ok(bytes)) => examine(&bytes, known),
        Ok(Err(set_aside)) => Outcome::Refused(set_aside),
        Err(why) => Outcome::Unreadable(why),
    }
}

/// The outcomes of the files, in their order: [`in_order`].
pub(super) struct InOrder<'a> {
    /// The next file the command takes.
    next: usize,
    /// The files handed out so far.
    handed: usize,
    files: usize,
    ahead: usize,
    jobs: mpsc::Sender<usize>,
    done: mpsc::Receiver<(usize, Outcome)>,
    /// Read before their turn.
    waiting: BTreeMap<usize, Outcome>,
    stop: &'a AtomicBool,
}

impl InOrder<'_> {
    /// The next file's outcome, once a worker has it; a signal ends the
    /// wait (`CraError::Interrupted`).
    pub(super) fn next(&mut self) -> Result<Outcome> {
        let outcome = loop {
            if let Some(outcome) = self.waiting.remove(&self.next) {
                break outcome;
            }
            if crate::signals::signalled() {
                return Err(CraError::Interrupted.into());
            }
            match self.done.recv_timeout(SIGNAL_POLL) {
                Ok((n, outcome)) => {
                    self.waiting.insert(n, outcome);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    anyhow::bail!("the evaluations' readers ended before the files were read")
                }
            }
        };
        self.next += 1;
        self.hand_out();
        Ok(outcome)
    }

    /// Hands out files up to `ahead` past the next one taken.
    fn hand_out(&mut self) {
        while self.handed < self.files && self.handed < self.next + self.ahead {
            // A worker gone (none left) is said by `next`.
            let _ = self.jobs.send(self.handed);
            self.handed += 1;
        }
    }
}

impl Drop for InOrder<'_> {
    /// The workers take no more files (those they are reading end within
    /// the reader's bounds).
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Runs `body` with the outcomes of `files` (taken in order by
/// [`InOrder::next`]), read by `workers` threads, each file examined
/// against `known` (what this reader read before). Returns once `body`
/// has and the workers have ended.
pub(super) fn in_order<R>(
    files: &[&Path],
    known: &HashMap<String, String>,
    workers: usize,
    body: impl FnOnce(&mut InOrder) -> R,
) -> R {
    let stop = AtomicBool::new(false);
    let (jobs, queue) = mpsc::channel::<usize>();
    let queue = Mutex::new(queue);
    let (finished, done) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..workers {
            let finished = finished.clone();
            let (queue, stop) = (&queue, &stop);
            scope.spawn(move || {
                loop {
                    let job = queue.lock().unwrap_or_else(PoisonError::into_inner).recv();
                    let Ok(n) = job else { break };
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    if finished.send((n, examine_file(files[n], known))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(finished);
        let mut in_order = InOrder {
            next: 0,
            handed: 0,
            files: files.len(),
            ahead: workers * AHEAD,
            jobs,
            done,
            waiting: BTreeMap::new(),
            stop: &stop,
        };
        in_order.hand_out();
        // `in_order` (and with it the queue's sender) dropped before the
        // scope waits for the workers.
        body(&mut in_order)
    })
}

/// A regular file read whole (up to one byte past the reader's bound,
/// which [`crate::evaluation::read`] sets aside), or set aside by its size
/// before it is read; why it cannot be read at all. Anything else (a
/// FIFO, which would wait for a writer for ever; a device; a socket) is
/// never opened.
fn read_file(path: &Path) -> Result<Result<Vec<u8>, SetAside>, String> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err(format!("not a regular file ({})", kind_of(&meta)));
    }
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    // Refused by its size first: a file of gigabytes is never read.
    let meta = file.metadata().map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err(format!("not a regular file ({})", kind_of(&meta)));
    }
    if let Err(set_aside) = crate::evaluation::admit(meta.len()) {
        return Ok(Err(set_aside));
    }
    let mut bytes = Vec::new();
    file.take(crate::evaluation::FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    Ok(Ok(bytes))
}

/// What a file that is not a regular one is, in words.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    if meta.is_dir() {
        "a folder"
    } else {
        "not a file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workers_are_at_most_four_and_never_more_than_the_files() {
        assert_eq!(workers(Some(500), 1_000), MOST_WORKERS);
        assert_eq!(workers(Some(3), 2), 2);
        assert_eq!(workers(Some(1), 1_000), 1);
        assert_eq!(workers(Some(0), 10), 1);
        assert_eq!(workers(None, 0), 1);
        assert!((1..=MOST_WORKERS).contains(&workers(None, 1_000)));
    }
}
