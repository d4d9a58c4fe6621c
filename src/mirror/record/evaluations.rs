//! The evaluations behind the ratings in the local copy: each public
//! evaluation (PE) `cra enrich --pe` read, known by its file's SHA-256,
//! linked to a bank through the identifier it prints and the public
//! record's links (never by name), and to that bank's exam nearest its
//! date within 8 months; or kept unlinked with the reason. Its overall
//! rating is compared with the copy's rating of that exam, never written
//! over it.

use anyhow::Result;
use rusqlite::{OptionalExtension, Transaction, params};

use super::Store;
use crate::evaluation::model::{Evaluation, IdKind};

mod link;
pub mod list;
pub mod shown;
use link::link;

/// The furthest an evaluation's date is from its exam's, in months.
pub const NEAREST_MONTHS: i8 = 8;

/// A file read, to store: a PE, or set aside.
pub struct Read<'a> {
    pub sha256: &'a str,
    /// The file or address it was read from.
    pub source: &'a str,
    /// What it says, or why it was set aside (in words).
    pub evaluation: Result<&'a Evaluation, &'a str>,
}

/// What storing one file came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stored {
    /// The bank and exam it is linked to, or why it is not (why it was set
    /// aside).
    pub link: Result<(String, String), String>,
    /// The copy's rating of that exam, where the PE's overall rating
    /// differs from it.
    pub disagrees: Option<String>,
    /// The other PEs of the same exam whose test ratings at the
    /// institution's level differ from this one's: their sources (the
    /// exam's columns read one of them: `chosen`).
    pub conflicts: Vec<String>,
    /// The file was read before, by this reader ([`READER`]): kept as it
    /// was, or linked now (`linked_now`).
    pub known: bool,
    /// Read before and not linked, and linked now (the copy has the bank).
    pub linked_now: bool,
}

/// The version of the PE reader that reads a file: a file read by an
/// earlier one is read again, and what the copy held of it replaced
/// (its link kept). 1: every reader before schema 7; 2: each state's and
/// multistate MSA's overall rating read.
pub const READER: i64 = crate::evaluation::READER;

impl Store {
    /// Exit 2 saying to run `cra enrich` when the copy has no public
    /// record: a PE is linked through it.
    pub fn require_public_record(&self) -> Result<()> {
        if super::store::enriched(self.connection())? {
            return Ok(());
        }
        Err(crate::error::CraError::usage(format!(
            "an evaluation is linked to its bank through the public record, and the local copy \
             has none yet (run: {} first)",
            super::enrich_command()
        )))
    }

    /// The files this reader ([`READER`]) read before, by SHA-256, with
    /// their status (`linked`, `unlinked`, `set_aside`).
    pub fn evaluations_read(&self) -> Result<std::collections::HashMap<String, String>> {
        let mut statement = self.connection().prepare(
            "SELECT sha256 AS sha256, status AS status FROM evaluations WHERE reader >= ?1",
        )?;
        let read = statement
            .query_map([READER], |row| Ok((row.get("sha256")?, row.get("status")?)))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(read)
    }

    /// Stores `read`, linked, in one transaction. A file this reader read
    /// before and linked, or set aside, is left as it is; one read before
    /// and not linked is linked again (the copy may have the bank now);
    /// one an earlier reader read is replaced (its link kept).
    pub fn evaluations(&mut self, read: &[Read]) -> Result<Vec<Stored>> {
        let now = super::super::now();
        let tx = self.connection_mut().transaction()?;
        let mut stored = Vec::with_capacity(read.len());
        for one in read {
            stored.push(store_one(&tx, one, &now)?);
        }
        tx.commit()?;
        Ok(stored)
    }
}

/// What the copy holds of a file read before: its bank, exam and status,
/// and whether this reader read it.
struct Known {
    bank: Option<String>,
    exam: Option<String>,
    status: String,
    current: bool,
}

fn store_one(tx: &Transaction, read: &Read, now: &str) -> Result<Stored> {
    let known: Option<Known> = tx
        .query_row(
            "SELECT bank_id AS bank_id, exam_date AS exam_date, status AS status, \
             reader AS reader FROM evaluations WHERE sha256 = ?1",
            [read.sha256],
            |row| {
                Ok(Known {
                    bank: row.get("bank_id")?,
                    exam: row.get("exam_date")?,
                    status: row.get("status")?,
                    current: row.get::<_, i64>("reader")? >= READER,
                })
            },
        )
        .optional()?;
    let current = known.as_ref().is_some_and(|k| k.current);
    let evaluation = match read.evaluation {
        Ok(evaluation) => evaluation,
        Err(why) => {
            if !current {
                replace(tx, read, now, None, Status::SetAside(why))?;
            }
            return Ok(Stored {
                link: Err(why.to_string()),
                disagrees: None,
                conflicts: Vec::new(),
                known: current,
                linked_now: false,
            });
        }
    };
    // Read before and linked: the link it has is kept, and said.
    let link = match &known {
        Some(Known {
            bank: Some(bank),
            exam: Some(exam),
            ..
        }) => Ok((bank.clone(), exam.clone())),
        _ => link(tx, evaluation)?,
    };
    let (disagrees, conflicts) = match &link {
        Ok((bank, exam)) => (
            disagreement(tx, bank, exam, evaluation)?,
            conflicts(tx, read.sha256, bank, exam, evaluation)?,
        ),
        Err(_) => (None, Vec::new()),
    };
    let was_linked = known.as_ref().is_some_and(|k| k.status == "linked");
    let mut stored = Stored {
        link,
        disagrees,
        conflicts,
        known: current,
        linked_now: current && !was_linked,
    };
    if current && (was_linked || stored.link.is_err()) {
        // Read before by this reader: linked then (kept), set aside then
        // (a file is read once by a reader), or still not linkable.
        stored.linked_now = false;
        return Ok(stored);
    }
    let status = match &stored.link {
        Ok((bank, exam)) => Status::Linked(bank, exam),
        Err(reason) => Status::Unlinked(reason),
    };
    replace(tx, read, now, Some(evaluation), status)?;
    Ok(stored)
}

/// What a file is stored as.
enum Status<'a> {
    Linked(&'a str, &'a str),
    Unlinked(&'a str),
    SetAside(&'a str),
}

/// Replaces what the copy holds of `read`'s file: its row, and its test
/// ratings (none when set aside).
fn replace(
    tx: &Transaction,
    read: &Read,
    now: &str,
    evaluation: Option<&Evaluation>,
    status: Status,
) -> Result<()> {
    tx.execute("DELETE FROM evaluations WHERE sha256 = ?1", [read.sha256])?;
    tx.execute(
        "DELETE FROM evaluation_tests WHERE sha256 = ?1",
        [read.sha256],
    )?;
    let (bank, exam, reason, said) = match status {
        Status::Linked(bank, exam) => (Some(bank), Some(exam), None, "linked"),
        Status::Unlinked(reason) => (None, None, Some(reason), "unlinked"),
        Status::SetAside(reason) => (None, None, Some(reason), "set_aside"),
    };
    let printed = evaluation.and_then(|e| e.ids.first());
    tx.execute(
        "INSERT INTO evaluations (sha256, source, bank_id, exam_date, evaluation_date, \
         regulator, agency_id, name, rating, reason, kind, read_at, status, reader) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
        params![
            read.sha256,
            read.source,
            bank,
            exam,
            evaluation.and_then(|e| e.date.as_deref()),
            printed.map(|id| regulator(id.kind)),
            printed.map(|id| i64::try_from(id.number).unwrap_or(i64::MAX)),
            evaluation.map(|e| e.name.as_str()),
            evaluation.and_then(|e| e.rating).map(|r| r.as_str()),
            reason,
            evaluation.map_or("none", |e| e.kind.as_str()),
            now,
            said,
            READER,
        ],
    )?;
    let Some(evaluation) = evaluation else {
        return Ok(());
    };
    let mut insert = tx.prepare_cached(
        "INSERT OR IGNORE INTO evaluation_tests (sha256, bank_id, exam_date, area, test, rating) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for (area, test, rating) in rows_of(evaluation) {
        insert.execute(params![read.sha256, bank, exam, area, test, rating])?;
    }
    Ok(())
}

/// An evaluation's rows of `evaluation_tests`, `(area, test, rating)`:
/// the institution's tests, then each state and multistate MSA in the
/// PE's order, its overall rating (`test` = `overall`) before its tests.
fn rows_of(evaluation: &Evaluation) -> Vec<(&str, &str, &str)> {
    use crate::evaluation::model::Area;
    let mut areas: Vec<&Area> = vec![&Area::Institution];
    let tested = evaluation.tests.iter().map(|t| &t.area);
    for area in tested.chain(evaluation.area_ratings.iter().map(|r| &r.area)) {
        if !areas.contains(&area) {
            areas.push(area);
        }
    }
    let mut rows = Vec::new();
    for area in areas {
        let overall = evaluation.area_ratings.iter().filter(|r| r.area == *area);
        rows.extend(overall.map(|r| (area.as_str(), "overall", r.level.as_str())));
        let tests = evaluation.tests.iter().filter(|t| t.area == *area);
        rows.extend(tests.map(|t| (area.as_str(), t.test.as_str(), t.level.as_str())));
    }
    rows
}

/// The other PEs of the exam of `bank` on `exam` whose test ratings at
/// the institution's level are not `evaluation`'s: their sources.
fn conflicts(
    tx: &Transaction,
    sha256: &str,
    bank: &str,
    exam: &str,
    evaluation: &Evaluation,
) -> Result<Vec<String>> {
    let mut own: Vec<(String, String)> = evaluation
        .tests
        .iter()
        .filter(|t| t.area == crate::evaluation::model::Area::Institution)
        .map(|t| (t.test.as_str().to_string(), t.level.as_str().to_string()))
        .collect();
    own.sort();
    let mut statement = tx.prepare_cached(
        "SELECT e.sha256 AS sha256, e.source AS source, \
         (SELECT group_concat(x, ';') FROM (SELECT t.test || '=' || t.rating AS x \
           FROM evaluation_tests t WHERE t.sha256 = e.sha256 AND t.area = 'institution' \
           ORDER BY 1)) AS tests \
         FROM evaluations e WHERE e.bank_id = ?1 AND e.exam_date = ?2 AND e.sha256 <> ?3 \
         ORDER BY e.source",
    )?;
    let own = own
        .iter()
        .map(|(t, r)| format!("{t}={r}"))
        .collect::<Vec<_>>()
        .join(";");
    let others = statement
        .query_map(params![bank, exam, sha256], |row| {
            Ok((
                row.get::<_, String>("source")?,
                row.get::<_, Option<String>>("tests")?.unwrap_or_default(),
            ))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(others
        .into_iter()
        .filter(|(_, tests)| *tests != own)
        .map(|(source, _)| source)
        .collect())
}

/// The agency an identifier is of, as the copy spells regulators.
fn regulator(kind: IdKind) -> &'static str {
    match kind {
        IdKind::OccCharter => "OCC",
        IdKind::FdicCert => "FDIC",
        IdKind::Rssd => "FRB",
        IdKind::OtsDocket => "OTS",
    }
}

/// The copy's rating of the exam, where the PE's overall rating differs.
fn disagreement(
    tx: &Transaction,
    bank: &str,
    exam: &str,
    evaluation: &Evaluation,
) -> Result<Option<String>> {
    let Some(said) = evaluation.rating else {
        return Ok(None);
    };
    let copy: Option<String> = tx
        .prepare_cached(
            "SELECT rating FROM ratings WHERE bank_id = ?1 AND exam_date = ?2 ORDER BY seq LIMIT 1",
        )?
        .query_row([bank, exam], |row| row.get(0))
        .optional()?;
    Ok(copy.filter(|rating| !rating.eq_ignore_ascii_case(said.as_str())))
}

/// One exam's evaluation as `show` gives it: the test ratings of each
/// area it rates, the institution's first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExamTests {
    pub exam_date: String,
    /// `(area, test, rating)`, as stored.
    pub tests: Vec<(String, String, String)>,
}

/// The evaluations `cra enrich --pe` read: [`Reader::evaluations`].
///
/// [`Reader::evaluations`]: crate::mirror::Reader::evaluations
pub struct Evaluations<'r>(&'r crate::mirror::Reader);

impl crate::mirror::Reader {
    /// The evaluations `cra enrich --pe` read.
    pub fn evaluations(&self) -> Evaluations<'_> {
        Evaluations(self)
    }
}

impl Evaluations<'_> {
    /// Whether the copy holds an evaluation read by `cra enrich --pe`
    /// (none in a copy of a schema before 4, which has not the table).
    pub fn any(&self) -> Result<bool> {
        let connection = self.0.connection();
        let table: bool = connection
            .query_row(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'evaluations'",
                [],
                |row| row.get::<_, i64>(0),
            )
            .map(|n| n > 0)?;
        if !table {
            return Ok(false);
        }
        Ok(connection
            .query_row("SELECT 1 FROM evaluations LIMIT 1", [], |_| Ok(()))
            .optional()?
            .is_some())
    }

    /// Exit 2 saying to run `cra enrich --pe` when the copy holds no
    /// evaluation; `what` is what needed them (`--test`).
    pub fn require(&self, what: &str) -> Result<()> {
        if self.any()? {
            return Ok(());
        }
        // An evaluation is linked through the public record: a copy
        // without one is enriched first (`enrich --pe` alone refuses).
        let first = if super::store::enriched(&self.0.connection())? {
            String::new()
        } else {
            format!("{}, then ", super::enrich_command())
        };
        Err(crate::error::CraError::usage(format!(
            "{what} reads the evaluations behind the ratings, and the local copy {} has none yet \
             (run: {first}{} --pe FILE|FOLDER, with public evaluations in PDF; {} BANK --download \
             saves one)",
            self.0.path().display(),
            super::enrich_command(),
            crate::mirror::command_online("pe")
        )))
    }

    /// The test ratings of each of the bank's exams an evaluation was read
    /// for, newest exam first: of two PEs of one exam, the one the rule
    /// picks (`chosen`), as the exam's columns.
    pub fn exam_tests(&self, bank_id: &str) -> Result<Vec<ExamTests>> {
        let chosen = super::chosen::chosen_sql("t.bank_id", "t.exam_date");
        self.tests_where(bank_id, &format!(" AND t.sha256 IS {chosen}"))
    }

    /// The ratings of each state and multistate MSA (each area's overall
    /// rating, `overall`, and its tests) of each of the bank's exams, from
    /// the exam's PE (of two, the one [`super::chosen`] picks), newest
    /// exam first, the areas in the PE's order.
    pub fn area_ratings(&self, bank_id: &str) -> Result<Vec<ExamTests>> {
        let chosen = super::chosen::chosen_sql("t.bank_id", "t.exam_date");
        self.tests_where(
            bank_id,
            &format!(" AND t.area <> 'institution' AND t.sha256 = {chosen}"),
        )
    }

    /// The bank's stored test ratings that `more` (SQL on `t`) keeps,
    /// grouped by exam.
    fn tests_where(&self, bank_id: &str, more: &str) -> Result<Vec<ExamTests>> {
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(&format!(
            "SELECT t.exam_date AS exam_date, t.area AS area, t.test AS test, \
             t.rating AS rating FROM evaluation_tests t WHERE t.bank_id = ?1{more} \
             ORDER BY t.exam_date DESC, t.area <> 'institution', t.rowid"
        ))?;
        crate::mirror::row::columns! { struct TestAt { exam_date, area, test, rating } }
        let at = TestAt::of(&statement)?;
        let mut exams: Vec<ExamTests> = Vec::new();
        let mut rows = statement.query([bank_id])?;
        while let Some(row) = rows.next()? {
            let date: String = row.get(at.exam_date)?;
            let test = (row.get(at.area)?, row.get(at.test)?, row.get(at.rating)?);
            match exams.last_mut() {
                Some(last) if last.exam_date == date => last.tests.push(test),
                _ => exams.push(ExamTests {
                    exam_date: date,
                    tests: vec![test],
                }),
            }
        }
        Ok(exams)
    }
}
