//! The writer on a thread of its own ([`Background`]), fed through a
//! bounded queue, so that the requests of a sync never wait on SQLite; and
//! what happens to it on Ctrl-C: the thread stores what it was handed, and
//! the sync is recorded as interrupted, before the process may exit.

use anyhow::{Context, Result};

use super::{COMMIT_EVERY, Writer};
use crate::domain::model::{Bank, BankDetail};

/// An edit for the writer's thread to make.
pub enum Edit {
    /// [`Writer::store`].
    Store {
        position: u64,
        bank: Box<Bank>,
        list_json: String,
        detail: Box<BankDetail>,
    },
}

/// Changes waiting for the writer's thread: enough to ride out a commit,
/// few enough (each holds one bank's detail) to keep memory flat.
const QUEUE: usize = 64;

/// The writer on a thread of its own, fed through a bounded queue: the
/// task that drives the requests hands each change over and goes on, and
/// SQLite's work (and its commits) overlaps the network's.
///
/// Dropping it (Ctrl-C drops the sync's future, also while it waits in
/// [`Background::finish`]) closes the queue and waits for the thread, which
/// stores what it was handed and records the sync as interrupted, before
/// the process may exit.
pub struct Background {
    tx: Option<tokio::sync::mpsc::Sender<Edit>>,
    /// Told by the thread as its last act, so that `finish` awaits it
    /// without giving up the thread's handle.
    done: Option<tokio::sync::oneshot::Receiver<()>>,
    thread: Option<std::thread::JoinHandle<(Writer, Result<()>)>>,
}

impl Background {
    /// Starts the thread; called within the runtime, whose clock it uses.
    pub fn start(mut writer: Writer) -> Result<Background> {
        let (tx, mut rx) = tokio::sync::mpsc::channel::<Edit>(QUEUE);
        let (done_tx, done) = tokio::sync::oneshot::channel();
        let runtime = tokio::runtime::Handle::current();
        let thread = std::thread::Builder::new()
            .name("cra-mirror".into())
            .spawn(move || {
                let mut result = Ok(());
                loop {
                    // A commit's interval at most between looks at the
                    // transaction: what was stored is committed even when
                    // no further change comes for a while.
                    // (The timer is made inside: it needs the runtime.)
                    let next = runtime
                        .block_on(async { tokio::time::timeout(COMMIT_EVERY, rx.recv()).await });
                    result = match next {
                        Ok(Some(Edit::Store {
                            position,
                            bank,
                            list_json,
                            detail,
                        })) => writer.store(position, &bank, &list_json, &detail),
                        Ok(None) => break,
                        Err(_elapsed) => writer.commit_if_due(),
                    };
                    if result.is_err() {
                        break;
                    }
                }
                let _ = done_tx.send(());
                (writer, result)
            })
            .context("cannot start the mirror's writer")?;
        Ok(Background {
            tx: Some(tx),
            done: Some(done),
            thread: Some(thread),
        })
    }

    /// Hands a change over (waiting only while the queue is full). An error
    /// means the writer stopped; [`Background::finish`] says why.
    pub async fn send(&self, change: Edit) -> Result<()> {
        let tx = self.tx.as_ref().expect("open until finished");
        tx.send(change)
            .await
            .map_err(|_| anyhow::anyhow!("the mirror's writer stopped"))
    }

    /// Waits for every change handed over to be stored; the writer back,
    /// with the first failure of its thread, if any.
    pub async fn finish(mut self) -> Result<(Writer, Result<()>)> {
        self.tx.take();
        if let Some(done) = self.done.take() {
            // Dropped here (Ctrl-C), `self` still holds the thread: its
            // drop waits for it.
            let _ = done.await;
        }
        // The thread has told it is done: this join is its return.
        join(self.thread.take().expect("joined once"))
    }
}

fn join(thread: std::thread::JoinHandle<(Writer, Result<()>)>) -> Result<(Writer, Result<()>)> {
    match thread.join() {
        Ok(done) => Ok(done),
        Err(panic) => std::panic::resume_unwind(panic),
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        self.tx.take();
        if let Some(thread) = self.thread.take() {
            // The thread stores what it was handed; the writer it returns,
            // dropped here unfinished, commits and records the sync as
            // interrupted.
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;
    use std::time::{Duration, Instant};

    use rusqlite::Connection;

    use super::*;

    const G: u64 = crate::mirror::order::GAP;

    /// Two banks as the sandbox serves them: (list entry, detail).
    fn served(n: usize) -> Vec<(Bank, BankDetail)> {
        use crate::sandbox::{data, store};
        let store = store::ServedBanks::new(data::generate(n, 3, data::DATA_DAY));
        let page = crate::domain::model::parse_page(&store.list_body(&store::ListParams {
            page: 1,
            per_page: 100,
            ..Default::default()
        }))
        .unwrap();
        page.banks
            .into_iter()
            .map(|bank| {
                let body = store.detail_body(&bank.fields.id).unwrap();
                let detail = crate::domain::model::parse_detail(&body).unwrap();
                (bank, detail)
            })
            .collect()
    }

    /// What another connection sees committed.
    fn committed_banks(path: &Path) -> i64 {
        Connection::open(path)
            .unwrap()
            .query_row("SELECT count(*) FROM banks", [], |row| row.get(0))
            .unwrap()
    }

    #[test]
    fn stored_banks_are_committed_while_no_further_change_comes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mirror.sqlite");
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let writer = Writer::open(&path, "http://127.0.0.1:1/", false).unwrap();
            let background = Background::start(writer).unwrap();
            // Two changes at once, then none (a slow network): the second
            // lands inside the transaction the first one opened.
            for (k, (bank, detail)) in served(2).into_iter().enumerate() {
                let list_json = serde_json::to_string(&bank.raw).unwrap();
                background
                    .send(Edit::Store {
                        position: (k as u64 + 1) * G,
                        bank: Box::new(bank),
                        list_json,
                        detail: Box::new(detail),
                    })
                    .await
                    .unwrap();
            }
            let waited = Instant::now();
            while committed_banks(&path) < 2 {
                assert!(
                    waited.elapsed() < Duration::from_secs(20),
                    "the second bank was never committed while the queue stayed open"
                );
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            let (writer, stored) = background.finish().await.unwrap();
            stored.unwrap();
            writer.finish(crate::mirror::SyncStatus::Complete).unwrap();
        });
    }
}
