//! Linking the copy's banks and writing their links, in constant memory
//! and on every core: the banks are read a chunk at a time (each with its
//! history and the link it had, from `temp.link_prior`), linked by worker
//! threads (each with its own [`Work`]), and written in the order they
//! were read as the chunks come back; only the claims (an institution, a
//! score, a row, whether it was the bank's before) are held to the end,
//! where an institution claimed by several banks is given to the one
//! that held it, or the best of them by the margin, and the others lose
//! their links again.

use std::collections::{BTreeMap, HashSet};
use std::panic::AssertUnwindSafe;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use anyhow::Result;
use rusqlite::{Rows, Transaction, params};

use crate::domain::{Rating, Regulator};
use crate::record::link::{
    self, Claims, Day, Decision, Exam, Outcome, Reason, Register, Work, rating_code,
};
use crate::record::public::{FileExam, Listed, Listings, record_of};

/// A number as SQLite stores it.
pub(super) fn number(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// A chunk of banks with what became of each, or the linking's panic.
type Linked = std::result::Result<Vec<(Held, Decision)>, ()>;

/// The links the banks had before, by bank: what [`link_into`] reads to
/// keep them (made by its caller, dropped after).
pub(super) const PRIOR: &str = "
DROP TABLE IF EXISTS temp.link_prior;
CREATE TEMP TABLE link_prior (
    bank_id   TEXT PRIMARY KEY,
    regulator TEXT NOT NULL,
    agency_id INTEGER NOT NULL
);
";

/// Banks read, linked and written at a time.
const CHUNK: usize = 1024;

/// A bank of the copy, as it is linked.
struct Held {
    /// Its row in `banks` (how its claim names it).
    row: i64,
    id: String,
    bank: link::Bank,
    /// Each exam's date as the copy has it (the bank's exams, in order).
    dates: Vec<String>,
    /// The current exam (its place in `bank.exams`).
    current: Option<usize>,
    /// It had a link (`bank.prior` its institution, when the file still
    /// has it).
    had_link: bool,
}

/// What became of the banks linked, and of the links they had.
#[derive(Debug, Default)]
pub(super) struct Tally {
    pub banks: u64,
    pub linked: u64,
    pub unlinked: BTreeMap<Reason, u64>,
    /// Linked to the institution they had.
    pub kept: u64,
    /// Linked to an institution they did not have (none, or another).
    pub new: u64,
    /// The links let go of, by why.
    pub lost: BTreeMap<Reason, u64>,
}

/// Links the copy's banks (all of them, or those a sync left to re-link:
/// `pending`), none of them to an institution in `taken`, and writes
/// their links, their exams' records, or why they have none (`stop` set:
/// they stop, with an error, before the next chunk). The links
/// they had are in `temp.link_prior` ([`PRIOR`]); theirs in `links` are
/// gone already.
pub(super) fn link_into(
    tx: &Transaction,
    register: &Register,
    exams: &[FileExam],
    listed: &[Listed],
    pending: bool,
    taken: &HashSet<u32>,
    stop: &AtomicBool,
) -> Result<Tally> {
    let mut statement = tx.prepare(&banks_query(pending))?;
    let at = HeldAt::of(&statement)?;
    let mut rows = statement.query([])?;
    let mut writer = Writer::new(tx, register, exams, listed)?;
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
    let (to_workers, queue) = mpsc::sync_channel::<(usize, Vec<Held>)>(workers);
    let queue = Mutex::new(queue);
    std::thread::scope(|scope| -> Result<()> {
        // Owned here, so that however this returns, the workers are told
        // there is no more and stop before the scope waits for them.
        let to_workers = to_workers;
        let (to_writer, linked) = mpsc::channel::<(usize, Linked)>();
        for _ in 0..workers {
            let (queue, to_writer) = (&queue, to_writer.clone());
            scope.spawn(move || {
                let mut work: Work = register.work();
                loop {
                    let next = match queue.lock() {
                        Ok(queue) => queue.recv(),
                        Err(_) => return,
                    };
                    let Ok((number, chunk)) = next else { return };
                    // A panic (a bug) is told to the writer, which stops
                    // with an error and the copy unchanged, not left
                    // waiting for a chunk that never comes.
                    let done = std::panic::catch_unwind(AssertUnwindSafe(|| {
                        chunk
                            .into_iter()
                            .map(|held| {
                                let decision = register.decide(&held.bank, &mut work);
                                (held, decision)
                            })
                            .collect::<Vec<_>>()
                    }));
                    let failed = done.is_err();
                    if to_writer.send((number, done.map_err(|_| ()))).is_err() || failed {
                        return;
                    }
                }
            });
        }
        drop(to_writer);
        // Chunks come back in any order and are written in the order read;
        // no more than a few are out at once, so memory stays flat.
        let mut waiting: BTreeMap<usize, Vec<(Held, Decision)>> = BTreeMap::new();
        let receive = |waiting: &mut BTreeMap<usize, Vec<(Held, Decision)>>| -> Result<()> {
            let (number, done) = linked.recv()?;
            let done = done.map_err(|()| anyhow::anyhow!("linking a chunk of banks failed"))?;
            waiting.insert(number, done);
            Ok(())
        };
        let (mut sent, mut written) = (0usize, 0usize);
        let mut carry = None;
        let mut write_ready = |waiting: &mut BTreeMap<usize, Vec<(Held, Decision)>>,
                               written: &mut usize|
         -> Result<()> {
            while let Some(chunk) = waiting.remove(written) {
                for (held, decision) in chunk {
                    writer.write(&held, &decision)?;
                }
                *written += 1;
            }
            Ok(())
        };
        loop {
            if stop.load(Ordering::SeqCst) {
                return Err(crate::error::CraError::Interrupted.into());
            }
            let chunk = next_chunk(&mut rows, &at, &mut carry, register)?;
            if chunk.is_empty() {
                break;
            }
            while sent - written >= 2 * workers {
                receive(&mut waiting)?;
                write_ready(&mut waiting, &mut written)?;
            }
            to_workers
                .send((sent, chunk))
                .map_err(|_| anyhow::anyhow!("the threads linking the banks stopped"))?;
            sent += 1;
        }
        drop(to_workers);
        while written < sent {
            receive(&mut waiting)?;
            write_ready(&mut waiting, &mut written)?;
        }
        Ok(())
    })?;
    writer.finish(taken)
}

/// The banks with their exams and the link each had, a row an exam (one
/// with none for a bank without), a bank's rows together: all of them,
/// or those `pending`.
fn banks_query(pending: bool) -> String {
    let only = if pending {
        " WHERE b.id IN (SELECT bank_id FROM link_pending)"
    } else {
        ""
    };
    format!(
        "SELECT b.rowid AS bank_row, b.id AS id, b.name AS name, b.city AS city, b.state AS state, \
         b.regulator AS regulator, r.exam_date AS exam_date, r.rating AS rating, \
         r.is_current AS is_current, p.regulator AS prior_regulator, \
         p.agency_id AS prior_agency_id \
         FROM banks b LEFT JOIN ratings r ON r.bank_id = b.id \
         LEFT JOIN temp.link_prior p ON p.bank_id = b.id{only} \
         ORDER BY b.position, b.rowid, r.seq"
    )
}

crate::mirror::row::columns! {
    /// Where the statement of [`banks_query`] has its columns.
    struct HeldAt {
        bank_row, id, name, city, state, regulator, exam_date, rating, is_current, prior_regulator,
        prior_agency_id,
    }
}

/// The next banks (up to [`CHUNK`]) with their histories and the
/// institutions of `register` they were linked to, from the rows of
/// [`banks_query`] (its columns where `at` says); `carry` is the bank
/// whose first row the last chunk read past.
fn next_chunk(
    rows: &mut Rows,
    at: &HeldAt,
    carry: &mut Option<Held>,
    register: &Register,
) -> Result<Vec<Held>> {
    let mut chunk: Vec<Held> = Vec::with_capacity(CHUNK);
    while let Some(row) = rows.next()? {
        let bank_row: i64 = row.get(at.bank_row)?;
        if carry.as_ref().is_none_or(|held| held.row != bank_row) {
            let prior: Option<(Regulator, i64)> = match row
                .get::<_, Option<i64>>(at.prior_agency_id)?
            {
                Some(agency_id) => Some((super::super::vocab(row, at.prior_regulator)?, agency_id)),
                None => None,
            };
            let next = Held {
                row: bank_row,
                id: row.get(at.id)?,
                bank: link::Bank {
                    name: row.get(at.name)?,
                    city: row.get(at.city)?,
                    state: row.get(at.state)?,
                    regulator: super::super::vocab(row, at.regulator)?,
                    exams: Vec::new(),
                    prior: prior.as_ref().and_then(|(regulator, agency_id)| {
                        register.index_of(regulator, u64::try_from(*agency_id).ok()?)
                    }),
                },
                dates: Vec::new(),
                current: None,
                had_link: prior.is_some(),
            };
            if let Some(done) = carry.replace(next) {
                chunk.push(finished(done));
                if chunk.len() == CHUNK {
                    // This row is the carried bank's first exam: read it
                    // below before returning.
                    add_exam(row, at, carry.as_mut().expect("just set"))?;
                    return Ok(chunk);
                }
            }
        }
        add_exam(row, at, carry.as_mut().expect("set above"))?;
    }
    chunk.extend(carry.take().map(finished));
    Ok(chunk)
}

/// A row's exam (none for a bank without one; a date of another form
/// matches nothing, and the others still may).
fn add_exam(row: &rusqlite::Row, at: &HeldAt, held: &mut Held) -> Result<()> {
    let Some(date) = row.get::<_, Option<String>>(at.exam_date)? else {
        return Ok(());
    };
    let Some(day) = Day::parse(&date) else {
        return Ok(());
    };
    let rating: Rating = super::super::vocab(row, at.rating)?;
    if row.get::<_, bool>(at.is_current)? {
        held.current = Some(held.bank.exams.len());
    }
    held.bank.exams.push(Exam {
        day,
        rating: rating_code(&rating),
    });
    held.dates.push(date);
    Ok(())
}

/// A bank with all its exams read: without an exam marked current, its
/// latest is.
fn finished(mut held: Held) -> Held {
    if held.current.is_none() {
        held.current = (0..held.bank.exams.len()).max_by_key(|&i| held.bank.exams[i].day);
    }
    held
}

/// Writes the banks' links as they come, and at the end takes back the
/// links of the banks whose institution another bank holds or fits
/// better.
struct Writer<'t> {
    tx: &'t Transaction<'t>,
    register: &'t Register,
    exams: &'t [FileExam],
    listings: Listings<'t>,
    claims: Claims,
    tally: Tally,
}

impl<'t> Writer<'t> {
    fn new(
        tx: &'t Transaction<'t>,
        register: &'t Register,
        exams: &'t [FileExam],
        listed: &'t [Listed],
    ) -> Result<Writer<'t>> {
        Ok(Writer {
            tx,
            register,
            exams,
            listings: Listings::new(listed),
            claims: Claims::default(),
            tally: Tally::default(),
        })
    }

    fn write(&mut self, held: &Held, decision: &Decision) -> Result<()> {
        self.tally.banks += 1;
        // A link the file no longer has the institution of was not
        // weighed: it is gone whatever became of the bank.
        let lost = match (held.had_link, held.bank.prior) {
            (true, None) => Some(Reason::Withdrawn),
            _ => decision.lost,
        };
        if let Some(reason) = lost {
            *self.tally.lost.entry(reason).or_default() += 1;
        }
        let found = match &decision.outcome {
            Outcome::Linked(found) => found,
            Outcome::Unlinked(reason) => {
                self.tx
                    .prepare_cached(
                        "INSERT OR REPLACE INTO unlinked (bank_id, reason) VALUES (?1, ?2)",
                    )?
                    .execute(params![held.id, reason.name()])?;
                *self.tally.unlinked.entry(*reason).or_default() += 1;
                return Ok(());
            }
        };
        self.tally.linked += 1;
        if found.kept {
            self.tally.kept += 1;
        } else {
            self.tally.new += 1;
        }
        self.claims
            .add(held.row as u64, found.institution, found.score, found.kept);
        let institution = &self.register.institutions()[found.institution as usize];
        let mut exam_row = self.tx.prepare_cached(
            "INSERT INTO link_exams (bank_id, exam_date, regulator, agency_id, ffiec_date) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
        )?;
        let mut current = None;
        for &(at, other, exam) in &found.exams {
            let file = &self.exams[self.register.row(other, exam)];
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
            &self.listings,
        );
        let maybe = |n: Option<u64>| n.map(number);
        self.tx
            .prepare_cached(
                "INSERT OR REPLACE INTO links (bank_id, regulator, agency_id, basis, fdic_cert, \
                 rssd_id, occ_charter, assets, exam_method, active, pe_url) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
            )?
            .execute(params![
                held.id,
                institution.regulator.as_str(),
                number(institution.agency_id),
                found.basis,
                maybe(record.fdic_cert),
                maybe(record.rssd_id),
                maybe(record.occ_charter),
                maybe(record.assets),
                record.exam_method,
                record.active,
                record.pe_url,
            ])?;
        Ok(())
    }

    /// One bank an institution: the others lose the link written for
    /// them, and are counted by why.
    fn finish(mut self, taken: &HashSet<u32>) -> Result<Tally> {
        let claims = std::mem::take(&mut self.claims);
        for (row, reason, kept) in claims.losers(taken) {
            let row = row as i64;
            for sql in [
                "DELETE FROM links WHERE bank_id = (SELECT id FROM banks WHERE rowid = ?1)",
                "DELETE FROM link_exams WHERE bank_id = (SELECT id FROM banks WHERE rowid = ?1)",
            ] {
                self.tx.prepare_cached(sql)?.execute([row])?;
            }
            self.tx
                .prepare_cached(
                    "INSERT OR REPLACE INTO unlinked (bank_id, reason) \
                     SELECT id, ?2 FROM banks WHERE rowid = ?1",
                )?
                .execute(params![row, reason.name()])?;
            self.tally.linked -= 1;
            *self.tally.unlinked.entry(reason).or_default() += 1;
            if kept {
                self.tally.kept -= 1;
                *self.tally.lost.entry(reason).or_default() += 1;
            } else {
                self.tally.new -= 1;
            }
        }
        Ok(self.tally)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rusqlite::Connection;

    /// Banks with 0 to 3 exams each (one of them not a date), some linked
    /// before, read in chunks: every bank once, in order, with every exam
    /// it has and the institution it had.
    #[test]
    fn chunks_hold_every_bank_once_with_all_its_exams() {
        let connection = Connection::open_in_memory().unwrap();
        connection
            .execute_batch(
                "CREATE TABLE banks (id TEXT PRIMARY KEY, position INTEGER, name TEXT, city TEXT, \
                   state TEXT, regulator TEXT); \
                 CREATE TABLE ratings (bank_id TEXT, seq INTEGER, exam_date TEXT, rating TEXT, \
                   is_current INTEGER, PRIMARY KEY (bank_id, seq)) WITHOUT ROWID; \
                 CREATE TABLE link_pending (bank_id TEXT PRIMARY KEY);",
            )
            .unwrap();
        connection.execute_batch(PRIOR).unwrap();
        // The file: one institution, FDIC 7.
        let register = Register::new([link::Row {
            regulator: Regulator::Fdic,
            agency_id: 7,
            exam: Exam {
                day: Day(20000301),
                rating: 2,
            },
            name: "A BANK",
            city: "A CITY",
            state: "TX",
        }]);
        let banks = 2 * CHUNK + 300;
        for i in 0..banks {
            let id = format!("bank-{i:05}");
            connection
                .execute(
                    "INSERT INTO banks VALUES (?1, ?2, 'A BANK', 'A CITY', 'TX', 'FDIC')",
                    params![id, (banks - i) as i64],
                )
                .unwrap();
            for seq in 0..i % 4 {
                let date = if i % 7 == 0 && seq == 0 {
                    "not a date".to_string()
                } else {
                    format!("{}-03-1{seq}", 2000 + i % 20)
                };
                connection
                    .execute(
                        "INSERT INTO ratings VALUES (?1, ?2, ?3, 'Satisfactory', ?4)",
                        params![id, seq as i64, date, seq == 0],
                    )
                    .unwrap();
            }
            if i % 3 == 0 {
                connection
                    .execute("INSERT INTO link_pending VALUES (?1)", [&id])
                    .unwrap();
            }
            // Linked before: to FDIC 7, or to one the file no longer has.
            if i % 5 < 2 {
                connection
                    .execute(
                        "INSERT INTO link_prior VALUES (?1, 'FDIC', ?2)",
                        params![id, 7 + (i % 5) as i64],
                    )
                    .unwrap();
            }
        }
        for pending in [false, true] {
            let mut statement = connection.prepare(&banks_query(pending)).unwrap();
            let at = HeldAt::of(&statement).unwrap();
            let mut rows = statement.query([]).unwrap();
            let mut carry = None;
            let mut read: Vec<Held> = Vec::new();
            let mut sizes = Vec::new();
            loop {
                let chunk = next_chunk(&mut rows, &at, &mut carry, &register).unwrap();
                if chunk.is_empty() {
                    break;
                }
                sizes.push(chunk.len());
                read.extend(chunk);
            }
            let expected: Vec<usize> = (0..banks)
                .rev()
                .filter(|i| !pending || i % 3 == 0)
                .collect();
            assert_eq!(read.len(), expected.len());
            assert!(
                sizes[..sizes.len() - 1].iter().all(|&n| n == CHUNK),
                "{sizes:?}"
            );
            for (held, &i) in read.iter().zip(&expected) {
                assert_eq!(held.id, format!("bank-{i:05}"));
                let dated = (0..i % 4).filter(|&seq| !(i % 7 == 0 && seq == 0)).count();
                assert_eq!(held.bank.exams.len(), dated, "{}", held.id);
                assert_eq!(held.dates.len(), dated);
                assert!(
                    held.dates
                        .iter()
                        .all(|d| d.starts_with(&format!("{}-03-1", 2000 + i % 20)))
                );
                // The exam marked current, else the latest.
                let current = match (i % 4, i % 7 == 0) {
                    (0, _) => None,
                    (1, true) => None,
                    (_, true) => Some(dated - 1),
                    (_, false) => Some(0),
                };
                assert_eq!(held.current, current, "{}", held.id);
                assert_eq!(held.had_link, i % 5 < 2, "{}", held.id);
                assert_eq!(held.bank.prior, (i % 5 == 0).then_some(0), "{}", held.id);
            }
        }
    }
}
