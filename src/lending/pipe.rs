//! A file's text read on a thread of its own (inflated, if it is a zip's
//! member, and hashed with SHA-256 as it goes) and handed to the caller's
//! thread a block at a time through a channel of a few blocks: the two
//! cores share the work of a large file (inflating on one, the records
//! and their storing on the other), and memory stays that of the blocks
//! in flight, whatever the file's size.

use std::io::{BufRead, Read};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use sha2::{Digest, Sha256};

use super::archive::{Limits, Text, pump};

/// Blocks in flight between the threads.
const IN_FLIGHT: usize = 4;

/// The text as the caller's thread reads it.
pub struct Piped {
    blocks: Receiver<Result<Vec<u8>, String>>,
    block: Vec<u8>,
    at: usize,
    /// Why the reading thread stopped, once it said so.
    failed: Option<String>,
}

impl Read for Piped {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Piped {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        while self.at >= self.block.len() {
            if let Some(why) = &self.failed {
                return Err(std::io::Error::other(why.clone()));
            }
            match self.blocks.recv() {
                Ok(Ok(block)) => {
                    self.block = block;
                    self.at = 0;
                }
                Ok(Err(why)) => self.failed = Some(why),
                // The end: the reading thread is done.
                Err(_) => return Ok(&[]),
            }
        }
        Ok(&self.block[self.at..])
    }

    fn consume(&mut self, amount: usize) {
        self.at = (self.at + amount).min(self.block.len());
    }
}

/// Why the reading thread did not read the text whole.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unread {
    /// It could not (a zip bomb, a damaged zip, a failed read): why.
    Failed(String),
    /// The caller stopped reading first (a record it refused, a signal):
    /// the caller's reason is the cause.
    Stopped,
}

/// What the reading thread came to: the text's SHA-256 (hex) and bytes,
/// or why it did not read it whole.
pub type Hashed = Result<(String, u64), Unread>;

/// Reads `text` on a thread of its own under `limits`, while `consume`
/// reads it on this one; what `consume` returns, and the text's hash
/// (only once the whole text was read: `consume` may stop early, and the
/// rest is then not read).
pub fn piped<T>(text: &Text, limits: &Limits, consume: impl FnOnce(Piped) -> T) -> (T, Hashed) {
    let (send, blocks) = sync_channel::<Result<Vec<u8>, String>>(IN_FLIGHT);
    std::thread::scope(|scope| {
        let reading = scope.spawn(move || produce(text, limits, &send));
        let out = consume(Piped {
            blocks,
            block: Vec::new(),
            at: 0,
            failed: None,
        });
        let hashed = reading
            .join()
            .unwrap_or_else(|_| Err(Unread::Failed("the reading thread failed".into())));
        (out, hashed)
    })
}

fn produce(text: &Text, limits: &Limits, send: &SyncSender<Result<Vec<u8>, String>>) -> Hashed {
    let mut hasher = Sha256::new();
    let mut bytes = 0u64;
    let mut whole = true;
    let pumped = pump(text, limits, |block| {
        hasher.update(block);
        bytes += block.len() as u64;
        // The reader gone (it stopped early): no more to read.
        whole = send.send(Ok(block.to_vec())).is_ok();
        whole
    });
    match pumped {
        Err(why) => {
            let _ = send.send(Err(why.clone()));
            Err(Unread::Failed(why))
        }
        Ok(()) if !whole => Err(Unread::Stopped),
        Ok(()) => Ok((hex::encode(hasher.finalize()), bytes)),
    }
}
