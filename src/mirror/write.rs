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

use std::collections::HashMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::order::Order;
use crate::api::model::{Bank, BankDetail};
use crate::error::CraError;
use crate::webhook::payload::RatingCreatedData;

/// Commit at least this often, and after this many units.
const COMMIT_EVERY: Duration = Duration::from_millis(250);
const COMMIT_UNITS: usize = 2000;

/// What a sync did, for its summary.
#[derive(Debug, Default, Clone, Copy, Serialize)]
pub struct Counts {
    /// Banks the mirror holds afterwards.
    pub banks: u64,
    pub new_banks: u64,
    pub removed_banks: u64,
    /// Banks already held whose list entry or history changed.
    pub changed_banks: u64,
    /// Rating records added to banks the mirror already held.
    pub new_exams: u64,
    /// Banks whose detail could not be fetched (kept as they were).
    pub failed_banks: u64,
    pub requests: u64,
}

/// What a listed bank needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Up to date: nothing to write.
    Nothing,
    /// Its detail: the bank is new to the mirror.
    New,
    /// Its detail: its list entry differs (or `--full`).
    Refresh,
}

/// The mirror's banks as a sync compares them with the list, loaded once:
/// per bank (by a digest of its id), a digest of its stored list entry and
/// its position. About 50 bytes a bank, so comparing the list costs no
/// query, and which banks the list still holds is known without writing a
/// mark on each (the old way: an UPDATE per listed bank, which rewrote
/// every row of the file on every refresh).
pub struct Known {
    banks: HashMap<u128, Held>,
    order: Order,
    full: bool,
}

#[derive(Debug, Clone, Copy)]
struct Held {
    list: u128,
    position: u64,
    listed: bool,
}

impl Known {
    /// What the mirror holds: (id, position, list entry) per bank; `full`:
    /// every bank is to be fetched again.
    pub fn new<'a>(banks: impl IntoIterator<Item = (&'a str, u64, &'a str)>, full: bool) -> Known {
        let mut known = Known {
            banks: HashMap::new(),
            order: Order::default(),
            full,
        };
        for (id, position, list_json) in banks {
            known.hold(id, position, list_json);
        }
        known
    }

    /// One more bank the mirror holds.
    fn hold(&mut self, id: &str, position: u64, list_json: &str) {
        self.banks.insert(
            digest(id.as_bytes()),
            Held {
                list: digest(list_json.as_bytes()),
                position,
                listed: false,
            },
        );
        self.order.hold(position);
    }

    /// Compares the next bank of the list with the mirror's copy: what it
    /// needs, and its position. Remembers that the list holds it (a bank
    /// whose detail then fails is still listed: kept as it was, not taken
    /// for removed).
    pub fn check(&mut self, id: &str, list_json: &str) -> (Needs, u64) {
        let id = digest(id.as_bytes());
        match self.banks.get_mut(&id) {
            None => (Needs::New, self.order.place(id, None)),
            Some(held) => {
                held.listed = true;
                let needs = if held.list == digest(list_json.as_bytes()) && !self.full {
                    Needs::Nothing
                } else {
                    Needs::Refresh
                };
                (needs, self.order.place(id, Some(held.position)))
            }
        }
    }

    /// True unless the mirror held `id` at the start and this sync's list
    /// did not (a bank the mirror did not hold was stored by this sync: the
    /// only writer).
    pub fn listed(&self, id: &str) -> bool {
        self.banks
            .get(&digest(id.as_bytes()))
            .is_none_or(|held| held.listed)
    }

    /// After a complete list: the banks whose position must change to
    /// follow the list's order ([`Order::moves`]).
    pub fn moves(&self) -> HashMap<u128, u64> {
        self.order.moves()
    }
}

/// 128 bits of digest of `bytes` (two keyed SipHash runs): equal entries
/// compare equal, different ones differ but for a chance of 2^-128. Only
/// ever compared within one process, never stored.
pub(super) fn digest(bytes: &[u8]) -> u128 {
    use std::hash::{BuildHasher, Hasher};
    let half = |salt: u64| {
        let mut hasher =
            std::hash::BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
                .build_hasher();
        hasher.write_u64(salt);
        hasher.write(bytes);
        hasher.finish()
    };
    (u128::from(half(0x6d69_7272_6f72_0001)) << 64) | u128::from(half(0x6d69_7272_6f72_0002))
}

pub struct Writer {
    connection: Connection,
    path: PathBuf,
    /// Held for the writer's life: one sync of a mirror at a time.
    _lock: File,
    sync: i64,
    full: bool,
    in_transaction: bool,
    units: usize,
    last_commit: Instant,
    finished: bool,
    /// Records this sync adds go to the outbox (`sync --notify`).
    notify: bool,
    pub counts: Counts,
}

impl Writer {
    /// Locks the mirror (creating it and its folder if need be), checks that
    /// it is a copy of `service`, and records a new sync as running.
    pub fn open(path: &Path, service: &str, full: bool) -> Result<Writer> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create the folder {}", dir.display()))?;
        }
        let lock_path = lock_path(path);
        let lock = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&lock_path)
            .with_context(|| format!("cannot create the lock file {}", lock_path.display()))?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(CraError::Response {
                    message: format!(
                        "another cra sync is updating {}; wait for it to finish and run cra sync again",
                        path.display()
                    ),
                }
                .into());
            }
            Err(std::fs::TryLockError::Error(error)) => {
                return Err(error).with_context(|| format!("cannot lock {}", lock_path.display()));
            }
        }
        let mut connection = Connection::open(path)
            .with_context(|| format!("cannot open the mirror {}", path.display()))?;
        super::prepare(&mut connection, path, service)
            .with_context(|| format!("cannot use the mirror {}", path.display()))?;
        connection.execute(
            "INSERT INTO syncs (started_at, status, full) VALUES (?1, 'running', ?2)",
            params![super::now(), full],
        )?;
        let sync = connection.last_insert_rowid();
        Ok(Writer {
            connection,
            path: path.to_path_buf(),
            _lock: lock,
            sync,
            full,
            in_transaction: false,
            units: 0,
            last_commit: Instant::now(),
            finished: false,
            notify: false,
            counts: Counts::default(),
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// True when the mirror held no bank before this sync.
    pub fn is_empty(&self) -> Result<bool> {
        let any: Option<i64> = self
            .connection
            .query_row("SELECT 1 FROM banks LIMIT 1", [], |row| row.get(0))
            .optional()?;
        Ok(any.is_none())
    }

    /// From now on, each rating record stored that the mirror did not hold
    /// is also put in the outbox, in the same transaction, for `--notify`.
    pub fn notify_added(&mut self) {
        self.notify = true;
    }

    /// The outbox: deliveries not yet answered 2xx, oldest first.
    pub fn outbox(&self) -> Result<Vec<(i64, RatingCreatedData)>> {
        let mut statement = self
            .connection
            .prepare("SELECT id, data FROM outbox ORDER BY id")?;
        let rows = statement.query_map([], |row| {
            Ok((row.get::<_, i64>(0)?, row.get::<_, String>(1)?))
        })?;
        let mut pending = Vec::new();
        for row in rows {
            let (id, data) = row?;
            pending.push((id, serde_json::from_str(&data)?));
        }
        Ok(pending)
    }

    /// A delivery answered 2xx leaves the outbox at once (committed), so it
    /// is never sent again.
    pub fn delivered(&mut self, id: i64) -> Result<()> {
        self.unit(|c, _| {
            c.prepare_cached("DELETE FROM outbox WHERE id = ?1")?
                .execute([id])?;
            Ok(())
        })?;
        self.commit()
    }

    /// A delivery that failed stays, with why.
    pub fn not_delivered(&mut self, id: i64, why: &str) -> Result<()> {
        self.unit(|c, _| {
            c.prepare_cached(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?2 WHERE id = ?1",
            )?
            .execute(params![id, why])?;
            Ok(())
        })?;
        self.commit()
    }

    /// The banks the mirror holds, for the sync to compare the list with.
    pub fn known(&self) -> Result<Known> {
        let mut statement = self
            .connection
            .prepare("SELECT id, position, list_json FROM banks")?;
        let mut rows = statement.query([])?;
        let mut known = Known::new([], self.full);
        // Row by row: the list entries are never all in memory at once.
        while let Some(row) = rows.next()? {
            known.hold(
                row.get_ref(0)?.as_str()?,
                row.get::<_, i64>(1)? as u64,
                row.get_ref(2)?.as_str()?,
            );
        }
        Ok(known)
    }

    /// After a complete list: gives the banks `moves` names (by id digest)
    /// their new positions.
    pub fn reorder(&mut self, moves: &HashMap<u128, u64>) -> Result<()> {
        if moves.is_empty() {
            return Ok(());
        }
        let mut moved = Vec::new();
        {
            let mut statement = self.connection.prepare("SELECT id FROM banks")?;
            let mut rows = statement.query([])?;
            while let Some(row) = rows.next()? {
                let id = row.get_ref(0)?.as_str()?;
                if let Some(&position) = moves.get(&digest(id.as_bytes())) {
                    moved.push((id.to_string(), position));
                }
            }
        }
        for (id, position) in moved {
            self.unit(|c, sync| {
                c.prepare_cached("UPDATE banks SET listed_sync = ?2, position = ?3 WHERE id = ?1")?
                    .execute(params![id, sync, position as i64])?;
                Ok(())
            })?;
        }
        Ok(())
    }

    /// Stores a bank as listed at `position` with its detail, in one unit.
    pub fn store(
        &mut self,
        position: u64,
        bank: &Bank,
        list_json: &str,
        detail: &BankDetail,
    ) -> Result<()> {
        let detail_json = serde_json::to_string(&detail.raw)?;
        let f = &bank.fields;
        let current = f.current_rating.as_ref();
        let charter = match &detail.fields.charter_type {
            serde_json::Value::Null => None,
            serde_json::Value::String(s) => Some(s.clone()),
            other => Some(other.to_string()),
        };
        let mut counted = (0u64, 0u64, 0u64); // new bank, changed bank, new exams
        let notify = self.notify;
        self.unit(|c, sync| {
            let before: Option<(String, String)> = c
                .prepare_cached("SELECT list_json, detail_json FROM banks WHERE id = ?1")?
                .query_row([&f.id], |row| Ok((row.get(0)?, row.get(1)?)))
                .optional()?;
            // Records already held keep the sync that first added them.
            let mut held: HashMap<(String, String, String), Vec<i64>> = HashMap::new();
            {
                let mut statement = c.prepare_cached(
                    "SELECT exam_date, rating, exam_type, added_sync FROM ratings WHERE bank_id = ?1",
                )?;
                let rows = statement.query_map([&f.id], |row| {
                    Ok(((row.get(0)?, row.get(1)?, row.get(2)?), row.get(3)?))
                })?;
                for row in rows {
                    let (key, added) = row?;
                    held.entry(key).or_default().push(added);
                }
            }
            c.prepare_cached("DELETE FROM ratings WHERE bank_id = ?1")?
                .execute([&f.id])?;
            c.prepare_cached("DELETE FROM removed_banks WHERE id = ?1")?
                .execute([&f.id])?;
            c.prepare_cached(
                "INSERT INTO banks (id, position, name, city, state, regulator, rating, exam_date, exam_type,
                                    charter_type, list_json, detail_json, first_sync, listed_sync, fetched_sync)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13, ?13)
                 ON CONFLICT (id) DO UPDATE SET
                    position = excluded.position, name = excluded.name, city = excluded.city,
                    state = excluded.state, regulator = excluded.regulator, rating = excluded.rating,
                    exam_date = excluded.exam_date, exam_type = excluded.exam_type,
                    charter_type = excluded.charter_type, list_json = excluded.list_json,
                    detail_json = excluded.detail_json, listed_sync = excluded.listed_sync,
                    fetched_sync = excluded.fetched_sync",
            )?
            .execute(params![
                f.id,
                position as i64,
                f.name,
                f.city,
                f.state,
                f.regulator,
                current.map(|r| &r.rating),
                current.map(|r| &r.exam_date),
                current.map(|r| &r.exam_type),
                charter,
                list_json,
                detail_json,
                sync,
            ])?;
            let mut added = 0u64;
            let mut insert = c.prepare_cached(
                "INSERT INTO ratings (bank_id, seq, exam_date, rating, exam_type, is_current, added_sync)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            )?;
            for (seq, record) in detail.fields.ratings.iter().enumerate() {
                let key = (
                    record.exam_date.clone(),
                    record.rating.clone(),
                    record.exam_type.clone(),
                );
                let first = match held.get_mut(&key).and_then(Vec::pop) {
                    Some(first) => first,
                    None => {
                        added += 1;
                        if notify {
                            let data = RatingCreatedData {
                                bank_id: f.id.clone(),
                                bank_name: detail.fields.name.clone(),
                                rating: record.rating.clone(),
                                exam_date: record.exam_date.clone(),
                                regulator: detail.fields.regulator.clone(),
                            };
                            c.prepare_cached(
                                "INSERT INTO outbox (bank_id, data, added_sync) VALUES (?1, ?2, ?3)",
                            )?
                            .execute(params![f.id, serde_json::to_string(&data)?, sync])?;
                        }
                        sync
                    }
                };
                insert.execute(params![
                    f.id,
                    seq as i64,
                    record.exam_date,
                    record.rating,
                    record.exam_type,
                    record.is_current,
                    first,
                ])?;
            }
            counted = match before {
                None => (1, 0, 0),
                Some((list, detail)) => {
                    let changed = list != list_json || detail != detail_json;
                    (0, u64::from(changed), added)
                }
            };
            Ok(())
        })?;
        self.counts.new_banks += counted.0;
        self.counts.changed_banks += counted.1;
        self.counts.new_exams += counted.2;
        Ok(())
    }

    /// After a complete list: the banks it no longer holds (`known` says
    /// which it held) move to `removed_banks`, with the time they were
    /// found gone.
    pub fn remove_unlisted(&mut self, known: &Known) -> Result<()> {
        let mut gone = Vec::new();
        {
            let mut statement = self.connection.prepare("SELECT id FROM banks")?;
            let mut rows = statement.query([])?;
            while let Some(row) = rows.next()? {
                let id = row.get_ref(0)?.as_str()?;
                if !known.listed(id) {
                    gone.push(id.to_string());
                }
            }
        }
        let now = super::now();
        // One unit: a reader, or an interrupted sync, sees all of the
        // removal or none of it.
        self.unit(|c, sync| {
            for id in &gone {
                c.prepare_cached(
                    "INSERT OR REPLACE INTO removed_banks
                        (id, name, city, state, regulator, list_json, detail_json, removed_at, removed_sync)
                     SELECT id, name, city, state, regulator, list_json, detail_json, ?2, ?3
                     FROM banks WHERE id = ?1",
                )?
                .execute(params![id, now, sync])?;
                c.prepare_cached("DELETE FROM banks WHERE id = ?1")?
                    .execute([id])?;
            }
            Ok(())
        })?;
        self.counts.removed_banks = gone.len() as u64;
        Ok(())
    }

    /// Commits everything and records the sync's outcome: `complete` or
    /// `failed`.
    pub fn finish(mut self, status: &str) -> Result<Counts> {
        self.close(status)?;
        Ok(self.counts)
    }

    fn close(&mut self, status: &str) -> Result<()> {
        self.commit()?;
        self.counts.banks = self
            .connection
            .query_row("SELECT count(*) FROM banks", [], |row| row.get::<_, i64>(0))?
            as u64;
        let c = &self.counts;
        self.connection.execute(
            "UPDATE syncs SET status = ?2, finished_at = CASE WHEN ?2 = 'interrupted' THEN NULL ELSE ?3 END,
                 banks = ?4, new_banks = ?5, removed_banks = ?6, changed_banks = ?7, new_exams = ?8,
                 failed_banks = ?9, requests = ?10
             WHERE id = ?1",
            params![
                self.sync,
                status,
                super::now(),
                c.banks as i64,
                c.new_banks as i64,
                c.removed_banks as i64,
                c.changed_banks as i64,
                c.new_exams as i64,
                c.failed_banks as i64,
                c.requests as i64,
            ],
        )?;
        self.finished = true;
        // Fold the write-ahead log back into the file (best effort: a
        // reader may hold it), so a copied mirror is one file.
        let _ = self
            .connection
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
        Ok(())
    }

    /// Runs one unit of change inside the open transaction, committing when
    /// the transaction is old or large enough.
    fn unit(&mut self, work: impl FnOnce(&Connection, i64) -> Result<()>) -> Result<()> {
        if !self.in_transaction {
            self.connection.execute_batch("BEGIN IMMEDIATE")?;
            self.in_transaction = true;
        }
        // A unit that fails halfway is undone alone.
        self.connection.execute_batch("SAVEPOINT unit")?;
        match work(&self.connection, self.sync) {
            Ok(()) => self.connection.execute_batch("RELEASE unit")?,
            Err(error) => {
                self.connection
                    .execute_batch("ROLLBACK TO unit; RELEASE unit")?;
                return Err(error);
            }
        }
        self.units += 1;
        if self.units >= COMMIT_UNITS || self.last_commit.elapsed() >= COMMIT_EVERY {
            self.commit()?;
        }
        Ok(())
    }

    /// Commits the open transaction once it is old enough, changes or not:
    /// what was stored is never held back while the network is slow.
    fn commit_if_due(&mut self) -> Result<()> {
        if self.in_transaction && self.last_commit.elapsed() >= COMMIT_EVERY {
            self.commit()?;
        }
        Ok(())
    }

    fn commit(&mut self) -> Result<()> {
        if self.in_transaction {
            self.connection
                .execute_batch("COMMIT")
                .with_context(|| format!("cannot write the mirror {}", self.path.display()))?;
            self.in_transaction = false;
        }
        self.units = 0;
        self.last_commit = Instant::now();
        Ok(())
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        if !self.finished {
            let _ = self.close("interrupted");
        }
    }
}

/// A change for the writer's thread.
pub enum Change {
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
    tx: Option<tokio::sync::mpsc::Sender<Change>>,
    /// Told by the thread as its last act, so that `finish` awaits it
    /// without giving up the thread's handle.
    done: Option<tokio::sync::oneshot::Receiver<()>>,
    thread: Option<std::thread::JoinHandle<(Writer, Result<()>)>>,
}

impl Background {
    /// Starts the thread; called within the runtime, whose clock it uses.
    pub fn start(mut writer: Writer) -> Result<Background> {
        let (tx, mut rx) = tokio::sync::mpsc::channel::<Change>(QUEUE);
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
                        Ok(Some(Change::Store {
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
    pub async fn send(&self, change: Change) -> Result<()> {
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

/// `FILE.lock` beside the mirror.
pub fn lock_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two banks as the sandbox serves them: (list entry, detail).
    fn served(n: usize) -> Vec<(Bank, BankDetail)> {
        use crate::sandbox::{data, store};
        let store = store::Store::new(data::generate(n, 3, data::default_horizon()));
        let page: serde_json::Value = serde_json::from_slice(&store.list_body(&store::ListQuery {
            page: 1,
            per_page: 100,
            ..Default::default()
        }))
        .unwrap();
        let page = crate::api::model::parse_page(page).unwrap();
        page.banks
            .into_iter()
            .map(|bank| {
                let body = store.detail_body(&bank.fields.id).unwrap();
                let detail =
                    crate::api::model::parse_detail(serde_json::from_slice(&body).unwrap())
                        .unwrap();
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
                    .send(Change::Store {
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
            writer.finish("complete").unwrap();
        });
    }

    const G: u64 = super::super::order::GAP;

    fn known(full: bool) -> Known {
        Known::new(
            [
                ("a", G, r#"{"id":"a","name":"A"}"#),
                ("b", 2 * G, r#"{"id":"b","name":"B"}"#),
                ("c", 3 * G, r#"{"id":"c","name":"C"}"#),
            ],
            full,
        )
    }

    #[test]
    fn only_what_changed_needs_writing() {
        let mut known = known(false);
        assert_eq!(
            known.check("a", r#"{"id":"a","name":"A"}"#),
            (Needs::Nothing, G)
        );
        // A bank added between two others takes the gap between them.
        assert_eq!(
            known.check("new", r#"{"id":"new"}"#),
            (Needs::New, G + G / 2)
        );
        assert_eq!(
            known.check("b", r#"{"id":"b","name":"B"}"#),
            (Needs::Nothing, 2 * G)
        );
        // Any byte of the entry differing: its detail.
        assert_eq!(
            known.check("c", r#"{"id":"c","name":"C "}"#),
            (Needs::Refresh, 3 * G)
        );
        assert!(known.moves().is_empty());
        // An entry's fields in another order are other bytes: refreshed,
        // as the service's own bytes are what offline answers print.
        let mut known = self::known(false);
        assert_eq!(
            known.check("a", r#"{"name":"A","id":"a"}"#).0,
            Needs::Refresh
        );
    }

    #[test]
    fn full_refreshes_every_bank_held() {
        let mut known = known(true);
        assert_eq!(
            known.check("a", r#"{"id":"a","name":"A"}"#).0,
            Needs::Refresh
        );
        assert_eq!(known.check("d", r#"{"id":"d"}"#).0, Needs::New);
    }

    #[test]
    fn the_banks_listed_are_the_ones_checked() {
        let mut known = known(false);
        known.check("a", r#"{"id":"a","name":"A"}"#);
        known.check("c", r#"{"id":"c","name":"changed"}"#);
        known.check("d", r#"{"id":"d"}"#);
        assert!(known.listed("a") && known.listed("c") && known.listed("d"));
        // Held but not in this list: removed after a complete list.
        assert!(!known.listed("b"));
    }

    #[test]
    fn a_bank_listed_elsewhere_moves_alone() {
        let mut known = known(false);
        known.check("c", r#"{"id":"c","name":"C"}"#);
        known.check("a", r#"{"id":"a","name":"A"}"#);
        known.check("b", r#"{"id":"b","name":"B"}"#);
        assert_eq!(known.moves(), HashMap::from([(digest(b"c"), G / 2)]));
    }

    #[test]
    fn digests_tell_entries_apart() {
        assert_eq!(digest(b"abc"), digest(b"abc"));
        assert_ne!(digest(b"abc"), digest(b"abd"));
        assert_ne!(digest(b""), digest(b"\0"));
    }
}
