//! Writing the public record: `cra enrich` replaces the file's exams,
//! BankFind's institutions and every bank's link in one transaction
//! ([`Store::enrich`]), so a failure leaves the copy as it was; a sync
//! re-links only the banks whose history it changed ([`relink_pending`],
//! run by its writer), keeping every other link.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use rusqlite::{Connection, Transaction, params};
use serde::Serialize;

use crate::domain::{Rating, Regulator};
use crate::record::link::{self, Day, Exam, Outcome, Reason, Register, Row, rating_code};
use crate::record::public::{FileExam, Listed, Listings, record_of};

/// A bank of the copy, as it is linked.
struct Held {
    id: String,
    bank: link::Bank,
    /// Each exam's date as the copy has it (the bank's exams, in order).
    dates: Vec<String>,
    /// The current exam (its place in `bank.exams`).
    current: Option<usize>,
}

/// What an enrich did, for its summary.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Summary {
    pub banks: u64,
    pub linked: u64,
    /// Not linked, ambiguous ones aside.
    pub unlinked: u64,
    pub ambiguous: u64,
    /// Every bank not linked, by why.
    pub reasons: std::collections::BTreeMap<&'static str, u64>,
    /// The FFIEC file's exams and institutions, BankFind's institutions.
    pub ffiec_exams: u64,
    pub ffiec_institutions: u64,
    pub bankfind_institutions: u64,
}

/// Where the public record came from, as `meta` records it.
pub struct Sources<'a> {
    pub ffiec: &'a str,
    /// None: `--no-bankfind`.
    pub bankfind: Option<&'a str>,
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
        let lock = super::super::write::take_lock(path, || {
            format!(
                "a cra sync is updating {}; wait for it to finish and run {} again",
                path.display(),
                super::enrich_command()
            )
        })?;
        let connection = Connection::open(path)
            .with_context(|| format!("cannot open the mirror {}", path.display()))?;
        super::super::configure(&connection)?;
        connection.execute_batch(super::SCHEMA)?;
        Ok(Store {
            connection,
            path: path.to_path_buf(),
            _lock: lock,
        })
    }

    /// Replaces the public record with `exams` and `listed` and links every
    /// bank, in one transaction.
    pub fn enrich(
        &mut self,
        exams: &[FileExam],
        listed: &[Listed],
        sources: &Sources,
    ) -> Result<Summary> {
        let path = self.path.clone();
        let tx = self.connection.transaction()?;
        tx.execute_batch(
            "DELETE FROM ffiec_exams; DELETE FROM institutions; DELETE FROM links; \
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
        let held = held_banks(&tx, false)?;
        let register = register_of(exams);
        let outcomes = link_into(&tx, &register, exams, listed, &held, &HashSet::new())?;
        let now = super::super::now();
        let mut meta = tx.prepare(
            "INSERT INTO meta (key, value) VALUES (?1, ?2) \
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )?;
        meta.execute(params!["enriched_at", now])?;
        meta.execute(params!["ffiec_source", sources.ffiec])?;
        meta.execute(params!["bankfind_source", sources.bankfind.unwrap_or("")])?;
        drop(meta);
        tx.commit()
            .with_context(|| format!("cannot write the mirror {}", path.display()))?;
        let mut summary = Summary {
            banks: held.len() as u64,
            ffiec_exams: exams.len() as u64,
            ffiec_institutions: register.institutions().len() as u64,
            bankfind_institutions: listed.len() as u64,
            ..Summary::default()
        };
        for reason in Reason::ALL {
            summary.reasons.insert(reason.name(), 0);
        }
        for outcome in &outcomes {
            match outcome {
                Outcome::Linked(_) => summary.linked += 1,
                Outcome::Unlinked(reason) => {
                    *summary.reasons.entry(reason.name()).or_default() += 1;
                    if *reason == Reason::Ambiguous {
                        summary.ambiguous += 1;
                    } else {
                        summary.unlinked += 1;
                    }
                }
            }
        }
        // Fold the write-ahead log back into the file, as a sync does.
        let _ = self
            .connection
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
        Ok(summary)
    }
}

/// A number as SQLite stores it.
fn number(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
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

/// The copy's banks with their histories: all of them, or those a sync
/// left to re-link.
fn held_banks(tx: &Transaction, pending: bool) -> Result<Vec<Held>> {
    let only = if pending {
        " WHERE id IN (SELECT bank_id FROM link_pending)"
    } else {
        ""
    };
    let mut held: Vec<Held> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    {
        let mut statement = tx.prepare(&format!(
            "SELECT id, name, city, state, regulator FROM banks{only} ORDER BY position, rowid"
        ))?;
        let mut rows = statement.query([])?;
        while let Some(row) = rows.next()? {
            let id: String = row.get(0)?;
            at.insert(id.clone(), held.len());
            held.push(Held {
                id,
                bank: link::Bank {
                    name: row.get(1)?,
                    city: row.get(2)?,
                    state: row.get(3)?,
                    regulator: super::super::vocab(row, 4)?,
                    exams: Vec::new(),
                },
                dates: Vec::new(),
                current: None,
            });
        }
    }
    let only = if pending {
        " WHERE bank_id IN (SELECT bank_id FROM link_pending)"
    } else {
        ""
    };
    let mut statement = tx.prepare(&format!(
        "SELECT bank_id, exam_date, rating, is_current FROM ratings{only} ORDER BY bank_id, seq"
    ))?;
    let mut rows = statement.query([])?;
    while let Some(row) = rows.next()? {
        let Some(&index) = at.get(row.get_ref(0)?.as_str()?) else {
            continue;
        };
        let date: String = row.get(1)?;
        // A date of another form matches nothing; the others still may.
        let Some(day) = Day::parse(&date) else {
            continue;
        };
        let rating: Rating = super::super::vocab(row, 2)?;
        let held = &mut held[index];
        if row.get::<_, bool>(3)? {
            held.current = Some(held.bank.exams.len());
        }
        held.bank.exams.push(Exam {
            day,
            rating: rating_code(&rating),
        });
        held.dates.push(date);
    }
    for held in &mut held {
        if held.current.is_none() {
            held.current = (0..held.bank.exams.len()).max_by_key(|&i| held.bank.exams[i].day);
        }
    }
    Ok(held)
}

/// Links `held` (none of them to an institution in `taken`) and writes
/// their links, their exams' records, or why they have none.
fn link_into(
    tx: &Transaction,
    register: &Register,
    exams: &[FileExam],
    listed: &[Listed],
    held: &[Held],
    taken: &HashSet<u32>,
) -> Result<Vec<Outcome>> {
    let banks: Vec<link::Bank> = held.iter().map(|h| h.bank.clone()).collect();
    let outcomes = link::link(register, &banks, taken);
    let listings = Listings::new(listed);
    let mut link_row = tx.prepare_cached(
        "INSERT OR REPLACE INTO links (bank_id, regulator, agency_id, basis, fdic_cert, rssd_id, \
         occ_charter, assets, exam_method, active, pe_url) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
    )?;
    let mut exam_row = tx.prepare_cached(
        "INSERT INTO link_exams (bank_id, exam_date, regulator, agency_id, ffiec_date) \
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    let mut miss_row =
        tx.prepare_cached("INSERT OR REPLACE INTO unlinked (bank_id, reason) VALUES (?1, ?2)")?;
    for (held, outcome) in held.iter().zip(&outcomes) {
        match outcome {
            Outcome::Linked(found) => {
                let institution = &register.institutions()[found.institution as usize];
                let mut current = None;
                for &(at, other, exam) in &found.exams {
                    let file = &exams[register.row(other, exam)];
                    if Some(at) == held.current {
                        current = Some(file);
                    }
                    exam_row.execute(params![
                        held.id,
                        held.dates[at],
                        file.regulator.as_str(),
                        number(file.agency_id),
                        file.day.text(),
                    ])?;
                }
                let record = record_of(
                    &institution.regulator,
                    institution.agency_id,
                    current,
                    held.current.map(|at| held.bank.exams[at].day),
                    &listings,
                );
                link_row.execute(params![
                    held.id,
                    institution.regulator.as_str(),
                    number(institution.agency_id),
                    found.basis,
                    record.fdic_cert.map(number),
                    record.rssd_id.map(number),
                    record.occ_charter.map(number),
                    record.assets.map(number),
                    record.exam_method,
                    record.active,
                    record.pe_url,
                ])?;
            }
            Outcome::Unlinked(reason) => {
                miss_row.execute(params![held.id, reason.name()])?;
            }
        }
    }
    Ok(outcomes)
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
/// re-linked, dropping its link: inside the sync's unit for that bank.
pub(crate) fn mark_pending(connection: &Connection, bank_id: &str) -> Result<()> {
    for sql in [
        "DELETE FROM links WHERE bank_id = ?1",
        "DELETE FROM link_exams WHERE bank_id = ?1",
        "DELETE FROM unlinked WHERE bank_id = ?1",
        "INSERT OR IGNORE INTO link_pending (bank_id) VALUES (?1)",
    ] {
        connection.prepare_cached(sql)?.execute([bank_id])?;
    }
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
/// holds, none of them to an institution another bank keeps. Returns how
/// many were re-linked.
pub(crate) fn relink_pending(connection: &mut Connection) -> Result<u64> {
    let tx = connection.transaction()?;
    let held = held_banks(&tx, true)?;
    if held.is_empty() {
        tx.execute("DELETE FROM link_pending", [])?;
        tx.commit()?;
        return Ok(0);
    }
    let exams = stored_exams(&tx)?;
    let listed = stored_listed(&tx)?;
    let register = register_of(&exams);
    let mut taken = HashSet::new();
    {
        let mut statement = tx.prepare("SELECT regulator, agency_id FROM links")?;
        let mut rows = statement.query([])?;
        while let Some(row) = rows.next()? {
            let regulator: Regulator = super::super::vocab(row, 0)?;
            let agency_id = u64::try_from(row.get::<_, i64>(1)?).unwrap_or(0);
            if let Some(index) = register.index_of(&regulator, agency_id) {
                taken.insert(index);
            }
        }
    }
    link_into(&tx, &register, &exams, &listed, &held, &taken)?;
    tx.execute("DELETE FROM link_pending", [])?;
    tx.commit()?;
    Ok(held.len() as u64)
}

fn stored_exams(tx: &Transaction) -> Result<Vec<FileExam>> {
    let mut statement = tx.prepare(
        "SELECT regulator, agency_id, exam_date, name, city, state, assets_thousands, exam_method, rating \
         FROM ffiec_exams ORDER BY rowid",
    )?;
    let rows = statement.query_map([], |row| {
        let date: String = row.get(2)?;
        Ok(FileExam {
            regulator: super::super::vocab(row, 0)?,
            agency_id: u64::try_from(row.get::<_, i64>(1)?).unwrap_or(0),
            day: Day::parse(&date).unwrap_or(Day(0)),
            name: row.get(3)?,
            city: row.get(4)?,
            state: row.get(5)?,
            assets_thousands: u64::try_from(row.get::<_, i64>(6)?).unwrap_or(0),
            exam_method: row.get(7)?,
            rating: super::super::vocab(row, 8)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
}

fn stored_listed(tx: &Transaction) -> Result<Vec<Listed>> {
    let mut statement = tx.prepare(
        "SELECT fdic_cert, rssd_id, occ_charter, ots_docket, name, active, assets_thousands, report_date \
         FROM institutions ORDER BY rowid",
    )?;
    let rows = statement.query_map([], |row| {
        let number = |i: usize| -> rusqlite::Result<Option<u64>> {
            Ok(row
                .get::<_, Option<i64>>(i)?
                .and_then(|n| u64::try_from(n).ok()))
        };
        Ok(Listed {
            fdic_cert: number(0)?,
            rssd_id: number(1)?,
            occ_charter: number(2)?,
            ots_docket: number(3)?,
            name: row.get(4)?,
            active: row.get::<_, Option<i64>>(5)?.map(|a| a != 0),
            assets_thousands: number(6)?,
            report_date: row.get(7)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
}
