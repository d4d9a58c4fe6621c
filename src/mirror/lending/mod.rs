//! The lending data in the local copy (schema 6; the migration says what
//! every row of every table means): each file `cra enrich --lending`
//! reads stored in one transaction of its own (`file`), and every
//! reporter linked to the copy's banks through the public record's
//! identifiers, never by name (`link`), again by each enrich: a reporter
//! whose bank changed has its rows follow it.

pub mod exam;
pub mod file;
pub(crate) mod link;
pub mod read;
pub mod stats;

use std::collections::BTreeMap;

use anyhow::Result;
use rusqlite::Connection;

pub use file::shape::{MarketSums, Op, Shaper};
pub use file::{FileWriter, Origin, PER_TABLE_FROM, Rows, Stored};

use super::Store;
use crate::lending::link::Identifiers;

/// The page cache of the copy while its lending data is written, in KiB.
const LENDING_CACHE_KIB: i64 = 64 * 1024;

/// The copy open to write its lending data: the public record's
/// identifiers read once.
pub struct Lending {
    store: Store,
    ids: Identifiers,
}

/// The reporters the copy holds, linked and not.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Held {
    pub reporters: u64,
    pub linked: u64,
    /// The reporters not linked, by why.
    pub unlinked: BTreeMap<&'static str, u64>,
}

impl Store {
    /// Exit 2 saying to run `cra enrich` when the copy has no public
    /// record: a reporter is linked to its bank through it.
    pub fn require_record_for_lending(&self) -> Result<()> {
        if super::record::store::enriched(self.connection_for_lending())? {
            return Ok(());
        }
        Err(crate::error::CraError::usage(format!(
            "lending data is linked to its banks through the public record, and the local copy \
             has none yet (run: {} first)",
            super::record::enrich_command()
        )))
    }

    /// The copy, to write its lending data.
    pub fn into_lending(self) -> Result<Lending> {
        // A year's file inserts a million rows in one transaction, into
        // two tables and the index of each by reporter: with SQLite's
        // 2 MB of page cache the index pages it goes back to on every
        // table of the file are spilled to the WAL, some many times, and
        // read back from it (the peak stays near 100 MB).
        self.connection_for_lending()
            .pragma_update(None, "cache_size", -LENDING_CACHE_KIB)?;
        let ids = link::identifiers(self.connection_for_lending())?;
        Ok(Lending { store: self, ids })
    }
}

impl Lending {
    /// Whether the zip of SHA-256 `zip_sha256`, of `members` files, was
    /// read whole before (and the copy holds what it gave).
    pub fn zip_known(&self, zip_sha256: &str, members: usize) -> Result<bool> {
        let held: i64 = self.connection().query_row(
            "SELECT count(*) FROM lending_files WHERE zip_sha256 = ?1",
            [zip_sha256],
            |row| row.get(0),
        )?;
        Ok(members > 0 && held >= members as i64)
    }

    /// Whether a file of SHA-256 `sha256` was read before.
    pub fn file_known(&self, sha256: &str) -> Result<bool> {
        let held: i64 = self.connection().query_row(
            "SELECT count(*) FROM lending_files WHERE sha256 = ?1",
            [sha256],
            |row| row.get(0),
        )?;
        Ok(held > 0)
    }

    /// A file to store, in a transaction of its own.
    pub fn begin(&mut self) -> Result<FileWriter<'_>> {
        let tx = self.store.connection_for_lending_mut().transaction()?;
        Ok(FileWriter::new(tx, &self.ids))
    }

    /// Links every reporter again (the copy's links may have changed
    /// since its files were read), in one transaction; how many changed.
    pub fn relink(&mut self) -> Result<u64> {
        let tx = self.store.connection_for_lending_mut().transaction()?;
        let changed = link::relink(&tx, &self.ids, None)?;
        tx.commit()?;
        Ok(changed)
    }

    /// The reporters the copy holds, linked and not.
    pub fn held(&self) -> Result<Held> {
        let connection = self.connection();
        let (reporters, linked): (i64, i64) = connection.query_row(
            "SELECT count(*) AS reporters, count(bank_id) AS linked FROM lending_reporters",
            [],
            |row| Ok((row.get("reporters")?, row.get("linked")?)),
        )?;
        let mut held = Held {
            reporters: u64::try_from(reporters).unwrap_or(0),
            linked: u64::try_from(linked).unwrap_or(0),
            unlinked: link::reasons().map(|r| (r, 0)).collect(),
        };
        let mut statement = connection.prepare(
            "SELECT reason AS reason, count(*) AS n FROM lending_reporters \
             WHERE bank_id IS NULL GROUP BY reason",
        )?;
        let mut rows = statement.query([])?;
        while let Some(row) = rows.next()? {
            let reason: Option<String> = row.get("reason")?;
            let n: i64 = row.get("n")?;
            if let Some(known) = link::reasons().find(|r| Some(*r) == reason.as_deref()) {
                *held.unlinked.entry(known).or_default() += u64::try_from(n).unwrap_or(0);
            }
        }
        Ok(held)
    }

    fn connection(&self) -> &Connection {
        self.store.connection_for_lending()
    }
}
