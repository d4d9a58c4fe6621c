//! Writing the public record: `cra enrich` replaces the file's exams,
//! BankFind's institutions and every bank's link in one transaction
//! ([`Store::enrich`]), so a failure leaves the copy as it was; a sync
//! re-links only the banks whose history it changed ([`relink_pending`],
//! run by its writer), keeping every other link. Either way a bank keeps
//! the link it had unless the evidence contradicts it (`record::link`),
//! and the summary says how many were kept, made and lost.

use std::collections::{BTreeMap, HashSet};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};
use rusqlite::{Connection, Transaction, params};
use serde::Serialize;

use super::linking::{PRIOR, link_into, number};
use crate::domain::Regulator;
use crate::record::link::{Day, Exam, Reason, Register, Row, rating_code};
use crate::record::public::{FileExam, Listed};

/// What an enrich did, for its summary.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    pub banks: u64,
    pub linked: u64,
    /// Every bank not linked (`banks` − `linked`), the ambiguous ones
    /// included, as the text summary counts them.
    pub unlinked: u64,
    /// Of the banks not linked, those two or more institutions fit
    /// equally well.
    pub ambiguous: u64,
    /// Every bank not linked, by why.
    pub reasons: BTreeMap<&'static str, u64>,
    /// Of the links the copy had (of banks it still holds): those kept,
    /// the same institution.
    pub kept: u64,
    /// Links made: banks not linked before, or linked to another
    /// institution now (`linked` = `kept` + `new`).
    pub new: u64,
    /// Links the copy had and let go of, by why (the evidence that
    /// contradicts them).
    pub lost: BTreeMap<&'static str, u64>,
    /// The FFIEC file's exams and institutions, BankFind's institutions.
    pub ffiec_exams: u64,
    pub ffiec_institutions: u64,
    pub bankfind_institutions: u64,
    /// Structure changes kept (of the institutions linked).
    pub events: u64,
    /// Structure changes BankFind sent (what its progress bar counted):
    /// `events` and those of no institution linked, a branch's, or sent
    /// twice (set by the reader of the history; 0 without one).
    pub events_read: u64,
}

/// Where the public record came from, as `meta` records it.
pub struct Sources<'a> {
    pub ffiec: &'a str,
    /// None: `--no-bankfind`.
    pub bankfind: Option<&'a str>,
    /// BankFind's structure changes (beside its institutions); None with
    /// `--no-bankfind`.
    pub history: Option<&'a str>,
}

/// The copy, open to write its public record.
pub struct Store {
    connection: Connection,
    path: PathBuf,
    /// Held for the store's life: no sync writes while it does.
    _lock: File,
}

impl Store {
    /// Opens the copy at `path` (none there, or not a copy: exit 2 saying to
    /// sync), holding the lock a sync holds.
    pub fn open(path: &Path) -> Result<Store> {
        // Checked as every reader checks it (schema, a mirror at all).
        drop(super::super::open_read_only(path)?);
        let lock = super::super::write::take_lock(path, "enrich", |who| {
            format!(
                "{who} is updating {}; wait for it to finish and run {} again",
                path.display(),
                super::enrich_command()
            )
        })?;
        let mut connection = Connection::open(path)
            .with_context(|| format!("cannot open the mirror {}", path.display()))?;
        super::super::configure(&connection)?;
        // Its first write brings a copy of an earlier schema forward.
        super::super::schema::upgrade(&mut connection, path)?;
        // The whole public record is written in one transaction: with the
        // default cache of 2 MB, SQLite spills its pages to the log and
        // reads them back many times over before it commits.
        connection.pragma_update(None, "cache_size", -16384)?;
        Ok(Store {
            connection,
            path: path.to_path_buf(),
            _lock: lock,
        })
    }

    pub(super) fn connection(&self) -> &Connection {
        &self.connection
    }

    /// The copy's connection, for the other tables an enrich writes.
    pub(super) fn connection_mut(&mut self) -> &mut Connection {
        &mut self.connection
    }

    /// The copy's connection, for its lending data (`mirror::lending`).
    pub(in crate::mirror) fn connection_for_lending(&self) -> &Connection {
        &self.connection
    }

    pub(in crate::mirror) fn connection_for_lending_mut(&mut self) -> &mut Connection {
        &mut self.connection
    }

    /// How many institutions (regulator and agency ID) the copy's FFIEC
    /// record has: none before a first enrich.
    pub fn ffiec_institutions(&self) -> Result<u64> {
        let count: i64 = self.connection.query_row(
            "SELECT COUNT(*) FROM (SELECT DISTINCT regulator, agency_id FROM ffiec_exams)",
            [],
            |row| row.get(0),
        )?;
        Ok(u64::try_from(count).unwrap_or(0))
    }

    /// Replaces the public record with `exams` and `listed`, links every
    /// bank and stores the structure changes `changes` gives once the links
    /// are made (it may wait for them: they are read meanwhile), in one
    /// transaction; an error from `changes` leaves the copy as it was, and
    /// so does `stop`, set before it commits.
    pub fn enrich(
        &mut self,
        exams: &[FileExam],
        listed: &[Listed],
        changes: impl FnOnce() -> Result<Vec<crate::record::bankfind::history::Change>>,
        sources: &Sources,
        stop: &AtomicBool,
    ) -> Result<Summary> {
        let path = self.path.clone();
        let tx = self.connection.transaction()?;
        // The links the copy has, to keep those nothing contradicts.
        tx.execute_batch(PRIOR)?;
        tx.execute_batch(
            "INSERT INTO temp.link_prior SELECT bank_id, regulator, agency_id FROM links; \
             DELETE FROM ffiec_exams; DELETE FROM institutions; DELETE FROM links; \
             DELETE FROM link_exams; DELETE FROM unlinked; DELETE FROM link_pending;",
        )?;
        {
            let mut insert = tx.prepare(
                "INSERT INTO ffiec_exams (regulator, agency_id, exam_date, name, city, state, \
                 assets_thousands, exam_method, rating) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            )?;
            for exam in exams {
                insert.execute(params![
                    exam.regulator.as_str(),
                    number(exam.agency_id),
                    exam.day.text(),
                    exam.name,
                    exam.city,
                    exam.state,
                    number(exam.assets_thousands),
                    exam.exam_method,
                    exam.rating.as_str(),
                ])?;
            }
            let mut insert = tx.prepare(
                "INSERT INTO institutions (fdic_cert, rssd_id, occ_charter, ots_docket, name, active, \
                 assets_thousands, report_date) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            )?;
            for entry in listed {
                insert.execute(params![
                    entry.fdic_cert.map(number),
                    entry.rssd_id.map(number),
                    entry.occ_charter.map(number),
                    entry.ots_docket.map(number),
                    entry.name,
                    entry.active,
                    entry.assets_thousands.map(number),
                    entry.report_date,
                ])?;
            }
        }
        let register = register_of(exams);
        let tally = link_into(&tx, &register, exams, listed, false, &HashSet::new(), stop)?;
        tx.execute_batch("DROP TABLE temp.link_prior;")?;
        let now = super::super::now();
        let mut meta = tx.prepare(
            "INSERT INTO meta (key, value) VALUES (?1, ?2) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )?;
        meta.execute(params!["enriched_at", now])?;
        // Where the record came from, as it may be shown: a password or a
        // query (where a key may be pasted) of an address is kept nowhere.
        let hidden = crate::http::hide_address_secrets;
        meta.execute(params!["ffiec_source", hidden(sources.ffiec)])?;
        meta.execute(params![
            "bankfind_source",
            hidden(sources.bankfind.unwrap_or(""))
        ])?;
        meta.execute(params![
            "history_source",
            hidden(sources.history.unwrap_or(""))
        ])?;
        drop(meta);
        // BankFind's structure changes, read while the banks were linked.
        let events = super::events::store(&tx, &changes()?)?;
        // The lending reporters follow the links (none on most copies).
        crate::mirror::lending::link::relink_all(&tx)?;
        // The last moment a signal leaves the copy as it was.
        if stop.load(Ordering::SeqCst) {
            return Err(crate::error::CraError::Interrupted.into());
        }
        tx.commit()
            .with_context(|| format!("cannot write the mirror {}", path.display()))?;
        let mut summary = Summary {
            banks: tally.banks,
            linked: tally.linked,
            unlinked: tally.banks - tally.linked,
            kept: tally.kept,
            new: tally.new,
            ffiec_exams: exams.len() as u64,
            ffiec_institutions: register.institutions().len() as u64,
            bankfind_institutions: listed.len() as u64,
            events,
            ..Summary::default()
        };
        for reason in Reason::ALL {
            let count = tally.unlinked.get(&reason).copied().unwrap_or(0);
            summary.reasons.insert(reason.name(), count);
        }
        summary.ambiguous = summary.reasons[Reason::Ambiguous.name()];
        for reason in Reason::LOST {
            let count = tally.lost.get(&reason).copied().unwrap_or(0);
            summary.lost.insert(reason.name(), count);
        }
        // Fold the write-ahead log back into the file, as a sync does.
        let _ = self
            .connection
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
        Ok(summary)
    }
}

/// The register of the file's exams (rows in the order given, so
/// [`Register::row`] is a place in `exams`).
fn register_of(exams: &[FileExam]) -> Register {
    Register::new(exams.iter().map(|exam| Row {
        regulator: exam.regulator.clone(),
        agency_id: exam.agency_id,
        exam: Exam {
            day: exam.day,
            rating: rating_code(&exam.rating),
        },
        name: &exam.name,
        city: &exam.city,
        state: &exam.state,
    }))
}

/// Whether the copy has a public record to keep links with.
pub(crate) fn enriched(connection: &Connection) -> Result<bool> {
    let found: i64 = connection.query_row(
        "SELECT count(*) FROM meta WHERE key = 'enriched_at'",
        [],
        |row| row.get(0),
    )?;
    Ok(found > 0)
}

/// Marks a bank whose history a sync changed (or a new one) to be
/// re-linked when the sync ends: inside the sync's unit for that bank.
/// Its link stays until then (and is kept then unless its new history
/// contradicts it).
pub(crate) fn mark_pending(connection: &Connection, bank_id: &str) -> Result<()> {
    connection
        .prepare_cached("INSERT OR IGNORE INTO link_pending (bank_id) VALUES (?1)")?
        .execute([bank_id])?;
    Ok(())
}

/// Drops the links of banks the copy no longer holds.
pub(crate) fn forget_removed(connection: &Connection) -> Result<()> {
    connection.execute_batch(
        "DELETE FROM links WHERE bank_id NOT IN (SELECT id FROM banks); \
         DELETE FROM link_exams WHERE bank_id NOT IN (SELECT id FROM banks); \
         DELETE FROM unlinked WHERE bank_id NOT IN (SELECT id FROM banks); \
         DELETE FROM link_pending WHERE bank_id NOT IN (SELECT id FROM banks);",
    )?;
    Ok(())
}

/// Links the banks a sync marked, against the public record the copy
/// holds, none of them to an institution another bank keeps, each
/// keeping the link it had unless its history now contradicts it.
/// Returns how many were re-linked.
pub(crate) fn relink_pending(connection: &mut Connection) -> Result<u64> {
    let tx = connection.transaction()?;
    let pending: i64 = tx.query_row("SELECT count(*) FROM link_pending", [], |row| row.get(0))?;
    if pending == 0 {
        tx.commit()?;
        return Ok(0);
    }
    let exams = stored_exams(&tx)?;
    let listed = stored_listed(&tx)?;
    let register = register_of(&exams);
    tx.execute_batch(PRIOR)?;
    tx.execute_batch(
        "INSERT INTO temp.link_prior SELECT bank_id, regulator, agency_id FROM links \
           WHERE bank_id IN (SELECT bank_id FROM link_pending); \
         DELETE FROM links WHERE bank_id IN (SELECT bank_id FROM link_pending); \
         DELETE FROM link_exams WHERE bank_id IN (SELECT bank_id FROM link_pending); \
         DELETE FROM unlinked WHERE bank_id IN (SELECT bank_id FROM link_pending);",
    )?;
    // The institutions the other banks keep.
    let mut taken = HashSet::new();
    {
        let mut statement =
            tx.prepare("SELECT regulator AS regulator, agency_id AS agency_id FROM links")?;
        crate::mirror::row::columns! { struct TakenAt { regulator, agency_id } }
        let at = TakenAt::of(&statement)?;
        let mut rows = statement.query([])?;
        while let Some(row) = rows.next()? {
            let regulator: Regulator = super::super::vocab(row, at.regulator)?;
            let agency_id = u64::try_from(row.get::<_, i64>(at.agency_id)?).unwrap_or(0);
            if let Some(index) = register.index_of(&regulator, agency_id) {
                taken.insert(index);
            }
        }
    }
    let tally = link_into(
        &tx,
        &register,
        &exams,
        &listed,
        true,
        &taken,
        &AtomicBool::new(false),
    )?;
    tx.execute_batch("DELETE FROM link_pending; DROP TABLE temp.link_prior;")?;
    crate::mirror::lending::link::relink_all(&tx)?;
    tx.commit()?;
    Ok(tally.banks)
}

fn stored_exams(tx: &Transaction) -> Result<Vec<FileExam>> {
    let mut statement = tx.prepare(
        "SELECT regulator AS regulator, agency_id AS agency_id, exam_date AS exam_date, \
         name AS name, city AS city, state AS state, assets_thousands AS assets_thousands, \
         exam_method AS exam_method, rating AS rating FROM ffiec_exams ORDER BY rowid",
    )?;
    crate::mirror::row::columns! {
        struct ExamAt {
            regulator, agency_id, exam_date, name, city, state, assets_thousands, exam_method,
            rating,
        }
    }
    let at = ExamAt::of(&statement)?;
    let rows = statement.query_map([], |row| {
        let date: String = row.get(at.exam_date)?;
        Ok(FileExam {
            regulator: super::super::vocab(row, at.regulator)?,
            agency_id: u64::try_from(row.get::<_, i64>(at.agency_id)?).unwrap_or(0),
            day: Day::parse(&date).unwrap_or(Day(0)),
            name: row.get(at.name)?,
            city: row.get(at.city)?,
            state: row.get(at.state)?,
            assets_thousands: u64::try_from(row.get::<_, i64>(at.assets_thousands)?).unwrap_or(0),
            exam_method: row.get(at.exam_method)?,
            rating: super::super::vocab(row, at.rating)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
}

fn stored_listed(tx: &Transaction) -> Result<Vec<Listed>> {
    let mut statement = tx.prepare(
        "SELECT fdic_cert AS fdic_cert, rssd_id AS rssd_id, occ_charter AS occ_charter, \
         ots_docket AS ots_docket, name AS name, active AS active, \
         assets_thousands AS assets_thousands, report_date AS report_date \
         FROM institutions ORDER BY rowid",
    )?;
    crate::mirror::row::columns! {
        struct ListedAt {
            fdic_cert, rssd_id, occ_charter, ots_docket, name, active, assets_thousands,
            report_date,
        }
    }
    let at = ListedAt::of(&statement)?;
    let rows = statement.query_map([], |row| {
        let number = |at: usize| -> rusqlite::Result<Option<u64>> {
            Ok(row
                .get::<_, Option<i64>>(at)?
                .and_then(|n| u64::try_from(n).ok()))
        };
        Ok(Listed {
            fdic_cert: number(at.fdic_cert)?,
            rssd_id: number(at.rssd_id)?,
            occ_charter: number(at.occ_charter)?,
            ots_docket: number(at.ots_docket)?,
            name: row.get(at.name)?,
            active: row.get::<_, Option<i64>>(at.active)?.map(|a| a != 0),
            assets_thousands: number(at.assets_thousands)?,
            report_date: row.get(at.report_date)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
}
