//! The writer: the only code that changes a mirror. It holds the mirror's
//! lock for a sync's life, records the sync, and applies each change as a
//! whole unit (a bank stored with its history, a bank moved, the removal of
//! the banks the list no longer holds), grouping units into transactions
//! committed every few hundred milliseconds. Dropped unfinished, it commits
//! what it holds and records the sync as interrupted.

use std::collections::HashMap;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Serialize;

use super::known::{Known, digest};
use super::lock::take_lock;
use super::{COMMIT_EVERY, COMMIT_UNITS};
use crate::domain::model::{Bank, BankDetail};
use crate::error::CraError;
use crate::mirror::SyncStatus;
use crate::webhook::payload::RatingCreatedData;

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

pub struct Writer {
    pub(super) connection: Connection,
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
    pub(super) notify: bool,
    /// The copy has a public record: a bank whose history changes is
    /// re-linked when the sync ends.
    public: bool,
    /// Only those of these banks (`sync --notify --watch`).
    pub(super) notify_only: Option<std::collections::BTreeSet<String>>,
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
        if let Ok(metadata) = std::fs::metadata(path)
            && !metadata.is_file()
        {
            return Err(CraError::usage(format!(
                "{} is not a regular file (a mirror is a SQLite file; choose another with --mirror)",
                path.display()
            )));
        }
        // Another application's database is refused before its lock.
        crate::mirror::refuse_foreign(path)?;
        let lock = take_lock(path, "sync", |who| {
            format!(
                "{who} is updating {}; wait for it to finish and run {} again",
                path.display(),
                crate::mirror::sync_command()
            )
        })?;
        let mut connection = Connection::open(path)
            .with_context(|| format!("cannot open the mirror {}", path.display()))?;
        crate::mirror::schema::prepare(&mut connection, path, service)
            .with_context(|| format!("cannot use the mirror {}", path.display()))?;
        // A sync still `running` while this one holds the lock was killed
        // (kill -9, a power cut) before it could say so.
        connection.execute(
            "UPDATE syncs SET status = 'interrupted' WHERE status = 'running'",
            [],
        )?;
        connection.execute(
            "INSERT INTO syncs (started_at, status, full) VALUES (?1, 'running', ?2)",
            params![crate::mirror::now(), full],
        )?;
        let sync = connection.last_insert_rowid();
        let public = crate::mirror::record::store::enriched(&connection)?;
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
            public,
            notify_only: None,
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

    /// The banks the mirror holds, for the sync to compare the list with.
    pub fn known(&self) -> Result<Known> {
        let mut statement = self
            .connection
            .prepare("SELECT id AS id, position AS position, list_json AS list_json FROM banks")?;
        crate::mirror::row::columns! { struct ListedAt { id, position, list_json } }
        let at = ListedAt::of(&statement)?;
        let mut rows = statement.query([])?;
        let mut known = Known::new([], self.full);
        // Row by row: the list entries are never all in memory at once.
        while let Some(row) = rows.next()? {
            known.hold(
                row.get_ref(at.id)?.as_str()?,
                row.get::<_, i64>(at.position)? as u64,
                row.get_ref(at.list_json)?.as_str()?,
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
        let charter = detail.fields.charter_text();
        let mut counted = (0u64, 0u64, 0u64); // new bank, changed bank, new exams
        let notify = self.notify
            && self
                .notify_only
                .as_ref()
                .is_none_or(|only| only.contains(&f.id));
        let public = self.public;
        self.unit(|c, sync| {
            let before: Option<(String, String)> = c
                .prepare_cached(
                    "SELECT list_json AS list_json, detail_json AS detail_json FROM banks \
                     WHERE id = ?1",
                )?
                .query_row([&f.id], |row| {
                    Ok((row.get("list_json")?, row.get("detail_json")?))
                })
                .optional()?;
            // Records already held keep the sync that first added them.
            let mut held: HashMap<(String, String, String), Vec<i64>> = HashMap::new();
            {
                let mut statement = c.prepare_cached(
                    "SELECT exam_date AS exam_date, rating AS rating, exam_type AS exam_type, \
                     added_sync AS added_sync FROM ratings WHERE bank_id = ?1",
                )?;
                crate::mirror::row::columns! {
                    struct HeldAt { exam_date, rating, exam_type, added_sync }
                }
                let at = HeldAt::of(&statement)?;
                let rows = statement.query_map([&f.id], |row| {
                    Ok((
                        (row.get(at.exam_date)?, row.get(at.rating)?, row.get(at.exam_type)?),
                        row.get(at.added_sync)?,
                    ))
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
                f.regulator.as_str(),
                current.map(|r| r.rating.as_str()),
                current.map(|r| &r.exam_date),
                current.map(|r| r.exam_type.as_str()),
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
                    record.rating.as_str().to_owned(),
                    record.exam_type.as_str().to_owned(),
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
                            super::outbox::put(c, &data, sync)?;
                        }
                        sync
                    }
                };
                insert.execute(params![
                    f.id,
                    seq as i64,
                    record.exam_date,
                    record.rating.as_str(),
                    record.exam_type.as_str(),
                    record.is_current,
                    first,
                ])?;
            }
            // A new bank, or a history that is not the one linked: linked
            // again when the sync ends.
            if public && (before.is_none() || added > 0 || held.values().any(|v| !v.is_empty())) {
                crate::mirror::record::store::mark_pending(c, &f.id)?;
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
        let now = crate::mirror::now();
        let public = self.public;
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
            if public {
                crate::mirror::record::store::forget_removed(c)?;
            }
            Ok(())
        })?;
        self.counts.removed_banks = gone.len() as u64;
        Ok(())
    }

    /// Commits everything and records the sync's outcome: `complete` or
    /// `failed`.
    pub fn finish(mut self, status: SyncStatus) -> Result<Counts> {
        self.close(status)?;
        Ok(self.counts)
    }

    fn close(&mut self, status: SyncStatus) -> Result<()> {
        self.commit()?;
        if self.public {
            // Also after an interruption: what was stored is linked.
            crate::mirror::record::store::relink_pending(&mut self.connection)
                .with_context(|| format!("cannot link the banks of {}", self.path.display()))?;
        }
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
                status.as_str(),
                crate::mirror::now(),
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
    pub(super) fn unit(&mut self, work: impl FnOnce(&Connection, i64) -> Result<()>) -> Result<()> {
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
    pub(super) fn commit_if_due(&mut self) -> Result<()> {
        if self.in_transaction && self.last_commit.elapsed() >= COMMIT_EVERY {
            self.commit()?;
        }
        Ok(())
    }

    pub(super) fn commit(&mut self) -> Result<()> {
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
            let _ = self.close(SyncStatus::Interrupted);
        }
    }
}
