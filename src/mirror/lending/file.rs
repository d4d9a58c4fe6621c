//! One lending file stored, in one transaction: the rows its records
//! hold replace those the copy had of its kind and year (from 2016, of
//! its tables) as each table first comes, each reporter is linked as it
//! first comes (and again, with its RSSD ID, once the transmittal is
//! read), and only the rows the tables' meanings allow are kept (the
//! migration says which). Until [`FileWriter::finish`] commits, nothing
//! is written: a file refused half-way, a signal, or a file already read
//! leaves the copy as it was.

mod batch;
mod rows;
pub mod shape;

use std::collections::HashMap;

use anyhow::Result;
use rusqlite::{Transaction, params};

use super::link::{Link, decide, number, relink, set_link};
use crate::lending::link::Identifiers;
use crate::lending::record::Respondent;
use crate::lending::{Kind, Shape, Table};
use shape::MarketSums;

/// The first year the FFIEC publishes one file a table: a file of then
/// on replaces only its own tables.
pub const PER_TABLE_FROM: u16 = 2016;

/// Rows written, by the copy's table.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Rows {
    pub lending_reporters: u64,
    pub lending: u64,
    pub cd_lending: u64,
    pub assessment_areas: u64,
    pub lending_market: u64,
}

impl Rows {
    pub fn add(&mut self, other: &Rows) {
        self.lending_reporters += other.lending_reporters;
        self.lending += other.lending;
        self.cd_lending += other.cd_lending;
        self.assessment_areas += other.assessment_areas;
        self.lending_market += other.lending_market;
    }
}

/// What storing a file came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stored {
    /// Its rows are in the copy.
    Read(Rows),
    /// A file of that SHA-256 was read before: nothing changed.
    Known,
}

/// Where a file came from, as `lending_files` records it.
pub struct Origin<'a> {
    pub sha256: &'a str,
    pub zip_sha256: Option<&'a str>,
    pub source: &'a str,
    pub tables: &'a [Table],
    pub records: u64,
}

/// A file being stored.
pub struct FileWriter<'c> {
    tx: Transaction<'c>,
    ids: &'c Identifiers,
    /// The file's kind and year, from its first record.
    kind_year: Option<(Kind, u16)>,
    /// The tables whose rows this file replaced.
    cleared: Vec<Table>,
    banks: HashMap<Respondent, Option<String>>,
    /// The reporter last asked for, and its bank.
    last_bank: Option<(Respondent, Option<String>)>,
    /// Rows of `lending` and `assessment_areas` waiting for their batch.
    pending: batch::Pending,
    rows: Rows,
}

impl<'c> FileWriter<'c> {
    pub(super) fn new(tx: Transaction<'c>, ids: &'c Identifiers) -> FileWriter<'c> {
        FileWriter {
            tx,
            ids,
            kind_year: None,
            cleared: Vec::new(),
            banks: HashMap::new(),
            last_bank: None,
            pending: batch::Pending::default(),
            rows: Rows::default(),
        }
    }

    /// Removes what the copy holds of `table` in `year` (before 2016, of
    /// every table of its kind), as the file's first record of it comes.
    fn clear(&mut self, table: Table, year: u16) -> Result<()> {
        let tables: Vec<Table> = if year >= PER_TABLE_FROM {
            vec![table]
        } else {
            Table::ALL
                .into_iter()
                .filter(|t| t.kind() == table.kind())
                .collect()
        };
        // What is kept of the file so far, in the copy before it changes.
        self.pending.flush(&self.tx)?;
        for table in tables {
            if self.cleared.contains(&table) {
                continue;
            }
            self.cleared.push(table);
            let tx = &self.tx;
            match table.shape() {
                Shape::Transmittal => tx.execute(
                    "UPDATE lending_reporters SET rssd_id = NULL, name = NULL, city = NULL, \
                     state = NULL, assets_thousands = NULL WHERE year = ?1",
                    [year],
                )?,
                Shape::Market => tx.execute(
                    "DELETE FROM lending_market WHERE year = ?1 AND kind = ?2 AND action = ?3",
                    params![
                        year,
                        table.loans().map(|k| k.as_str()),
                        table.action().map(|a| a.as_str())
                    ],
                )?,
                Shape::Lender | Shape::County | Shape::Area => tx.execute(
                    "DELETE FROM lending WHERE year = ?1 AND table_id = ?2",
                    params![year, table.id()],
                )?,
                Shape::Cd => tx.execute("DELETE FROM cd_lending WHERE year = ?1", [year])?,
                Shape::Tract => {
                    tx.execute("DELETE FROM assessment_areas WHERE year = ?1", [year])?
                }
            };
        }
        Ok(())
    }

    /// The bank of a reporter, linked as it first comes (its row in
    /// `lending_reporters` made when no transmittal made it).
    fn bank(&mut self, who: Respondent, year: u16) -> Result<()> {
        if !self.banks.contains_key(&who) {
            let key = params![year, who.agency.code(), number(who.id)];
            let made = self
                .tx
                .prepare_cached(
                    "INSERT OR IGNORE INTO lending_reporters (year, agency, respondent_id) \
                 VALUES (?1, ?2, ?3)",
                )?
                .execute(key)?;
            self.rows.lending_reporters += made as u64;
            let (rssd, bank, reason): (Option<i64>, Option<String>, Option<String>) = self
                .tx
                .prepare_cached(
                    "SELECT rssd_id AS rssd_id, bank_id AS bank_id, reason AS reason \
                     FROM lending_reporters WHERE year = ?1 AND agency = ?2 AND respondent_id = ?3",
                )?
                .query_row(key, |row| {
                    Ok((row.get("rssd_id")?, row.get("bank_id")?, row.get("reason")?))
                })?;
            let rssd = rssd.and_then(|n| u64::try_from(n).ok());
            let link: Link = decide(who, rssd, self.ids);
            if (link.0.as_deref(), link.1) != (bank.as_deref(), reason.as_deref()) {
                set_link(&self.tx, i64::from(year), who, &link)?;
            }
            self.banks.insert(who, link.0);
        }
        Ok(())
    }

    /// Commits the file known by `origin`, with the market's sums of its
    /// records (or, when a file of its SHA-256 was read before, leaves the
    /// copy as it was).
    pub fn finish(mut self, market: MarketSums, origin: &Origin<'_>) -> Result<Stored> {
        let known: i64 = self.tx.query_row(
            "SELECT count(*) FROM lending_files WHERE sha256 = ?1",
            [origin.sha256],
            |row| row.get(0),
        )?;
        let Some((kind, year)) = self.kind_year else {
            return Ok(Stored::Known);
        };
        if known > 0 {
            return Ok(Stored::Known);
        }
        self.pending.flush(&self.tx)?;
        self.flush_market(market, year)?;
        if kind == Kind::Transmittal {
            relink(&self.tx, self.ids, Some(year))?;
        }
        // Reporters no transmittal gives whose rows this file replaced.
        self.tx.execute(
            "DELETE FROM lending_reporters AS r WHERE year = ?1 AND name IS NULL \
             AND NOT EXISTS (SELECT 1 FROM lending l WHERE l.year = r.year \
               AND l.agency = r.agency AND l.respondent_id = r.respondent_id) \
             AND NOT EXISTS (SELECT 1 FROM cd_lending c WHERE c.year = r.year \
               AND c.agency = r.agency AND c.respondent_id = r.respondent_id) \
             AND NOT EXISTS (SELECT 1 FROM assessment_areas a WHERE a.year = r.year \
               AND a.agency = r.agency AND a.respondent_id = r.respondent_id)",
            [year],
        )?;
        self.files(kind, year, origin)?;
        self.tx.commit()?;
        Ok(Stored::Read(self.rows))
    }

    /// The sums of the market's counties.
    fn flush_market(&mut self, market: MarketSums, year: u16) -> Result<()> {
        let mut insert = self.tx.prepare_cached(
            "INSERT INTO lending_market (year, kind, action, state, county, msa, income_group, \
             loans, amount_thousands, loans_small_revenue) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        )?;
        for ((table, at, category), [loans, amount, revenue]) in market {
            let text = |range: std::ops::Range<usize>| {
                String::from_utf8_lossy(&at[range]).trim().to_string()
            };
            let msa = text(5..10);
            insert.execute(params![
                year,
                table.loans().map(|k| k.as_str()),
                table.action().map(|a| a.as_str()),
                text(0..2),
                text(2..5),
                (!msa.is_empty()).then_some(msa),
                category.as_str(),
                number(loans),
                number(amount),
                (year != 1996).then_some(number(revenue)),
            ])?;
            self.rows.lending_market += 1;
        }
        Ok(())
    }

    /// The file's row in `lending_files`; the tables it replaced taken
    /// from the rows of the files read before.
    fn files(&self, kind: Kind, year: u16, origin: &Origin<'_>) -> Result<()> {
        let mut older = self.tx.prepare(
            "SELECT sha256 AS sha256, tables AS tables FROM lending_files \
             WHERE kind = ?1 AND year = ?2",
        )?;
        let rows: Vec<(String, String)> = older
            .query_map(params![kind.as_str(), year], |row| {
                Ok((row.get("sha256")?, row.get("tables")?))
            })?
            .collect::<rusqlite::Result<_>>()?;
        for (sha, tables) in rows {
            let left: Vec<&str> = tables
                .split(',')
                .filter(|t| !self.cleared.iter().any(|c| c.id() == *t))
                .collect();
            if left.is_empty() {
                self.tx
                    .execute("DELETE FROM lending_files WHERE sha256 = ?1", [&sha])?;
            } else {
                self.tx.execute(
                    "UPDATE lending_files SET tables = ?2 WHERE sha256 = ?1",
                    params![sha, left.join(",")],
                )?;
            }
        }
        let tables: Vec<&str> = origin.tables.iter().map(|t| t.id()).collect();
        self.tx.execute(
            "INSERT INTO lending_files (sha256, zip_sha256, kind, year, tables, records, source, \
             read_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                origin.sha256,
                origin.zip_sha256,
                kind.as_str(),
                year,
                tables.join(","),
                number(origin.records),
                origin.source,
                crate::mirror::now(),
            ],
        )?;
        Ok(())
    }
}
