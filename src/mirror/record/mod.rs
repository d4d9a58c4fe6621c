//! The public record in the local copy: the FFIEC file's exams, BankFind's
//! institutions and the links of the banks to them (`cra enrich` writes
//! them in one transaction, `store`; a sync re-links the banks whose
//! history changed, `relink`), and what commands read of them: a bank's
//! public record, its link or why it has none, the banks an agency's ID
//! names, and the clause that filters by assets, exam method and activity.
//!
//! Every copy has the tables (since schema 2, `mirror::schema`); they hold
//! a public record once `cra enrich` has run, which `meta.enriched_at`
//! says.

pub(crate) mod chosen;
pub mod evaluations;
pub mod events;
mod exams;
mod linking;
pub mod store;

pub use events::{Ending, FOLLOWED, Forward, KnownBank, Lineage, LineageOf, Role};
pub(crate) use exams::exam_records_on;
pub use store::{Sources, Store, Summary};

use anyhow::Result;
use rusqlite::OptionalExtension;
use rusqlite::types::Value as SqlValue;

use super::Reader;
use crate::domain::{AssetRange, PublicRecord, Regulator};
use crate::error::CraError;
use crate::record::link::Reason;

/// `cra enrich`, as it works in the user's situation (`cra --sandbox
/// enrich`, with `--mirror FILE` when one was given).
pub fn enrich_command() -> String {
    // `--mirror FILE` comes after the command's name: kept (it was cut).
    super::command_online("enrich")
}

/// Which agency's number a `show` argument gives (`fdic:3510`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgencyId {
    Fdic(u64),
    Rssd(u64),
    Occ(u64),
}

/// The largest number an agency gives: nine digits (RSSD IDs have seven,
/// certificates and charters six), so that a number no agency could give
/// (`fdic:18446744073709551615`) is refused as not one, never looked up.
pub const MOST_AGENCY_NUMBER: u64 = 999_999_999;

impl AgencyId {
    /// `fdic:N`, `rssd:N` or `occ:N` (any case), N from 1 to
    /// [`MOST_AGENCY_NUMBER`]; none for anything else.
    pub fn parse(text: &str) -> Option<AgencyId> {
        let (kind, number) = text.trim().split_once(':')?;
        let number: u64 = number
            .trim()
            .parse()
            .ok()
            .filter(|n| (1..=MOST_AGENCY_NUMBER).contains(n))?;
        match kind.to_ascii_lowercase().as_str() {
            "fdic" | "cert" => Some(AgencyId::Fdic(number)),
            "rssd" => Some(AgencyId::Rssd(number)),
            "occ" | "charter" => Some(AgencyId::Occ(number)),
            _ => None,
        }
    }

    fn column(self) -> (&'static str, u64) {
        match self {
            AgencyId::Fdic(n) => ("fdic_cert", n),
            AgencyId::Rssd(n) => ("rssd_id", n),
            AgencyId::Occ(n) => ("occ_charter", n),
        }
    }

    pub fn text(self) -> String {
        match self {
            AgencyId::Fdic(n) => format!("fdic:{n}"),
            AgencyId::Rssd(n) => format!("rssd:{n}"),
            AgencyId::Occ(n) => format!("occ:{n}"),
        }
    }
}

/// A bank's link, or why it has none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkState {
    Linked {
        regulator: Regulator,
        agency_id: u64,
        basis: String,
    },
    Unlinked(Reason),
    /// Not in the copy when it was enriched (a sync added it since and has
    /// not linked it yet).
    Unknown,
}

/// One exam of a bank, with the file's record of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExamRecord {
    pub exam_date: String,
    pub regulator: Regulator,
    pub agency_id: u64,
    pub ffiec_date: String,
    pub assets_thousands: Option<u64>,
    pub exam_method: Option<String>,
}

impl ExamRecord {
    /// Where the exam's public evaluation is, from the file's record of it
    /// (the FDIC's date there is the month it was made public).
    pub fn evaluation(&self) -> Option<crate::record::Address> {
        let day = crate::record::Day::parse(&self.ffiec_date)?;
        crate::record::address(&self.regulator, self.agency_id, day)
    }
}

/// What a selection asks of the public record (`--assets`,
/// `--exam-method`, `--active`/`--inactive`), as the clause builder hands
/// it on.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct PublicTests<'a> {
    pub assets: Option<AssetRange>,
    pub exam_methods: &'a [String],
    pub active: Option<bool>,
}

impl PublicTests<'_> {
    fn is_empty(&self) -> bool {
        self.assets.is_none() && self.exam_methods.is_empty() && self.active.is_none()
    }
}

/// The test of `links` selecting the banks `filter` keeps (none when it
/// keeps all), and its values.
pub(crate) fn links_where(filter: &PublicTests) -> Option<(String, Vec<SqlValue>)> {
    if filter.is_empty() {
        return None;
    }
    let mut tests = Vec::new();
    let mut values: Vec<SqlValue> = Vec::new();
    if let Some(AssetRange { low, high }) = filter.assets {
        if let Some(low) = low {
            tests.push("assets >= ?");
            values.push(i64::try_from(low).unwrap_or(i64::MAX).into());
        }
        if let Some(high) = high {
            tests.push("assets <= ?");
            values.push(i64::try_from(high).unwrap_or(i64::MAX).into());
        }
        if low.is_none() && high.is_none() {
            tests.push("assets IS NOT NULL");
        }
    }
    let methods;
    if !filter.exam_methods.is_empty() {
        methods = format!(
            "exam_method IN ({})",
            vec!["?"; filter.exam_methods.len()].join(", ")
        );
        tests.push(&methods);
        values.extend(
            filter
                .exam_methods
                .iter()
                .map(|m| SqlValue::from(m.clone())),
        );
    }
    if let Some(active) = filter.active {
        tests.push("active = ?");
        values.push(i64::from(active).into());
    }
    Some((tests.join(" AND "), values))
}

/// The clause selecting the banks whose id is in `id` that `filter` keeps
/// (empty when it keeps all), and its values. `seek`: each bank the
/// filter selects is looked up by its id (best when they are few); else
/// (`+`) the banks are read from whichever index serves the rest of the
/// query, and each id tested against the filter's list (best when they
/// are many: looking each up reads its whole row).
pub(crate) fn filter_clause(
    filter: &PublicTests,
    id: &str,
    seek: bool,
) -> (Option<String>, Vec<SqlValue>) {
    let Some((tests, values)) = links_where(filter) else {
        return (None, Vec::new());
    };
    let plus = if seek { "" } else { "+" };
    (
        Some(format!(
            "{plus}{id} IN (SELECT bank_id FROM links WHERE {tests})"
        )),
        values,
    )
}

/// The public record the copy holds (`cra enrich`): a bank's, its link,
/// its exams' ([`Reader::record`]).
pub struct Record<'r>(&'r Reader);

impl Reader {
    /// The public record the copy holds.
    pub fn record(&self) -> Record<'_> {
        Record(self)
    }
}

impl Record<'_> {
    /// When the copy was last enriched (none: it has no public record).
    pub fn enriched_at(&self) -> Result<Option<String>> {
        Ok(self
            .0
            .connection()
            .query_row(
                "SELECT value FROM meta WHERE key = 'enriched_at'",
                [],
                |row| row.get(0),
            )
            .optional()?)
    }

    /// Whether the copy knows which banks are active: its public record
    /// read BankFind (not `cra enrich --no-bankfind`).
    pub fn activity_known(&self) -> Result<bool> {
        let source: Option<String> = self
            .0
            .connection()
            .query_row(
                "SELECT value FROM meta WHERE key = 'bankfind_source'",
                [],
                |row| row.get(0),
            )
            .optional()?;
        Ok(source.is_some_and(|s| !s.is_empty()) && self.enriched_at()?.is_some())
    }

    /// Exit 2 saying to run `cra enrich` when the copy has no public record;
    /// `what` is what needed it (`--assets`).
    pub fn require(&self, what: &str) -> Result<()> {
        if self.enriched_at()?.is_some() {
            return Ok(());
        }
        Err(CraError::usage(format!(
            "{what} needs the public record, and the local copy {} has none yet (run: {})",
            self.0.path().display(),
            enrich_command()
        )))
    }

    /// A bank's public record (every field unknown for a bank not linked).
    pub fn of(&self, bank_id: &str) -> Result<PublicRecord> {
        Ok(self
            .of_banks(&[bank_id])?
            .remove(bank_id)
            .unwrap_or_default())
    }

    /// The public records of the banks `ids` (those linked), by id: one
    /// query for a page of banks, not one a bank.
    pub fn of_banks(
        &self,
        ids: &[&str],
    ) -> Result<std::collections::HashMap<String, PublicRecord>> {
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(&format!(
            "SELECT l.bank_id, c.exam_date AS exam_date, {} \
             FROM links l LEFT JOIN banks c ON c.id = l.bank_id \
             WHERE l.bank_id IN (SELECT value FROM json_each(?1))",
            super::row::public_sql_at("c.exam_date")
        ))?;
        let at = super::row::PublicAt::of(&statement)?;
        let id_at = statement.column_index("bank_id")?;
        let date_at = statement.column_index("exam_date")?;
        let rows = statement.query_map([serde_json::to_string(ids)?], |row| {
            Ok((
                row.get::<_, String>(id_at)?,
                row.get::<_, Option<String>>(date_at)?,
                super::row::read_public(row, &at)?,
            ))
        })?;
        let mut records: Vec<(String, Option<String>, PublicRecord)> =
            rows.collect::<rusqlite::Result<_>>()?;
        // The lending behind each bank's current exam.
        super::lending::exam::fill_all_on(
            &connection,
            records
                .iter_mut()
                .filter_map(|(id, date, record)| Some((id.as_str(), date.as_deref()?, record))),
        )?;
        Ok(records
            .into_iter()
            .map(|(id, _, record)| (id, record))
            .collect())
    }

    /// A bank's link, or why it has none.
    pub fn link_state(&self, bank_id: &str) -> Result<LinkState> {
        let connection = self.0.connection();
        let linked = connection
            .prepare_cached(
                "SELECT regulator AS regulator, agency_id AS agency_id, basis AS basis \
                 FROM links WHERE bank_id = ?1",
            )?
            .query_row([bank_id], |row| {
                Ok(LinkState::Linked {
                    regulator: super::vocab(row, "regulator")?,
                    agency_id: u64::try_from(row.get::<_, i64>("agency_id")?).unwrap_or(0),
                    basis: row.get("basis")?,
                })
            })
            .optional()?;
        if let Some(linked) = linked {
            return Ok(linked);
        }
        let reason: Option<String> = connection
            .prepare_cached("SELECT reason FROM unlinked WHERE bank_id = ?1")?
            .query_row([bank_id], |row| row.get(0))
            .optional()?;
        Ok(match reason.as_deref().and_then(Reason::from_name) {
            Some(reason) => LinkState::Unlinked(reason),
            None => LinkState::Unknown,
        })
    }

    /// Each of a bank's exams that the file has, newest first, with its
    /// assets and exam method there.
    pub fn exam_records(&self, bank_id: &str) -> Result<Vec<ExamRecord>> {
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(&format!(
            "SELECT {} \
             FROM link_exams l LEFT JOIN ffiec_exams f ON f.regulator = l.regulator \
               AND f.agency_id = l.agency_id AND f.exam_date = l.ffiec_date \
             WHERE l.bank_id = ?1 ORDER BY l.exam_date DESC",
            exams::FILED_SQL
        ))?;
        let at = exams::FiledAt::of(&statement)?;
        let rows = statement.query_map([bank_id], |row| {
            Ok(ExamRecord {
                exam_date: row.get(at.exam_date)?,
                regulator: super::vocab(row, at.regulator)?,
                agency_id: u64::try_from(row.get::<_, i64>(at.agency_id)?).unwrap_or(0),
                ffiec_date: row.get(at.ffiec_date)?,
                assets_thousands: row
                    .get::<_, Option<i64>>(at.assets_thousands)?
                    .and_then(|n| u64::try_from(n).ok()),
                exam_method: row.get(at.exam_method)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    /// The banks an agency's ID names (usually one).
    pub fn banks_with(&self, id: AgencyId) -> Result<Vec<String>> {
        let (column, number) = id.column();
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(&format!(
            "SELECT bank_id FROM links WHERE {column} = ?1 ORDER BY bank_id"
        ))?;
        let rows = statement.query_map([i64::try_from(number).unwrap_or(i64::MAX)], |row| {
            row.get::<_, String>(0)
        })?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    /// The exam methods the linked banks' current exams have, in order:
    /// one seek of `links_method` for each (a loose index scan), not a
    /// read of every link.
    pub fn exam_methods(&self) -> Result<Vec<String>> {
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(
            "WITH RECURSIVE m(x) AS (SELECT min(exam_method) FROM links \
             UNION ALL SELECT (SELECT min(exam_method) FROM links WHERE exam_method > m.x) \
             FROM m WHERE m.x IS NOT NULL) SELECT x FROM m WHERE x IS NOT NULL",
        )?;
        let rows = statement.query_map([], |row| row.get::<_, String>(0))?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agency_ids_read_as_typed() {
        assert_eq!(AgencyId::parse("fdic:3510"), Some(AgencyId::Fdic(3510)));
        assert_eq!(AgencyId::parse("RSSD:480228"), Some(AgencyId::Rssd(480228)));
        assert_eq!(AgencyId::parse("occ: 13044"), Some(AgencyId::Occ(13044)));
        assert_eq!(
            AgencyId::parse("fdic:999999999"),
            Some(AgencyId::Fdic(MOST_AGENCY_NUMBER))
        );
        for other in [
            "fdic:",
            "fdic:x",
            "fdic:0",
            "fdic:1000000000",
            "fdic:18446744073709551615",
            "fdic:99999999999999999999999",
            "fdic:-5",
            "fdic:1.5",
            "ncua:5",
            "3510",
            "bank of x",
        ] {
            assert_eq!(AgencyId::parse(other), None, "{other}");
        }
        assert_eq!(AgencyId::Occ(1).text(), "occ:1");
    }

    #[test]
    fn the_filter_is_one_subquery_of_links() {
        let methods = ["Large Bank".to_string()];
        let filter = PublicTests {
            assets: Some(AssetRange {
                low: Some(250_000_000),
                high: Some(1_000_000_000),
            }),
            exam_methods: &methods,
            active: Some(true),
        };
        let (clause, values) = filter_clause(&filter, "b.id", false);
        assert_eq!(
            clause.unwrap(),
            "+b.id IN (SELECT bank_id FROM links WHERE assets >= ? AND assets <= ? AND exam_method IN (?) AND active = ?)"
        );
        assert_eq!(values.len(), 4);
        let (clause, _) = filter_clause(&filter, "id", true);
        assert!(
            clause
                .unwrap()
                .starts_with("id IN (SELECT bank_id FROM links WHERE assets >= ?")
        );
        assert_eq!(filter_clause(&PublicTests::default(), "id", true).0, None);
    }
}
