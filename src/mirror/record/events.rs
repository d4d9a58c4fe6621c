//! Structure changes in the local copy (`events`): written by `cra enrich`
//! in its one transaction (the institution-level changes of the
//! institutions it linked, and of those that merged into them), read for
//! a bank that ended (`show`, `due`, `changes --change merged|failed`)
//! and for a bank's lineage (`cra lineage`).

use std::collections::{HashMap, HashSet, VecDeque};

use anyhow::Result;
use rusqlite::{OptionalExtension, Transaction, params};

use crate::domain::Rating;
use crate::mirror::{Reader, vocab_or_null};
use crate::record::bankfind::history::{Change, ChangeKind};

/// The kinds of change that end an institution, as SQL's `IN` list.
pub(crate) const ENDINGS: &str = "('merger', 'failure', 'closing')";

/// Replaces the copy's structure changes with those of `changes` that are
/// an institution's own (not a branch's) and concern an institution the
/// copy links (its own change, or one that merged into it). Runs in
/// enrich's transaction, after the links are written; how many it kept.
pub(super) fn store(tx: &Transaction, changes: &[Change]) -> Result<u64> {
    tx.execute("DELETE FROM events", [])?;
    let linked: HashSet<u64> = {
        let mut statement =
            tx.prepare("SELECT DISTINCT fdic_cert FROM links WHERE fdic_cert IS NOT NULL")?;
        let rows = statement.query_map([], |row| row.get::<_, i64>(0))?;
        rows.filter_map(|r| r.ok().and_then(|n| u64::try_from(n).ok()))
            .collect()
    };
    let mut insert = tx.prepare(
        "INSERT INTO events (fdic_cert, date, kind, code, description, successor_cert, \
         successor_name, name, former_name) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?;
    let mut kept = 0;
    // A record BankFind sent twice (pages that overlap) is stored once.
    let mut stored = HashSet::new();
    for change in changes {
        let concerns = linked.contains(&change.fdic_cert)
            || change.successor_cert.is_some_and(|s| linked.contains(&s));
        let key = (
            change.fdic_cert,
            change.date,
            change.code,
            change.successor_cert,
        );
        if !change.institution || !concerns || !stored.insert(key) {
            continue;
        }
        insert.execute(params![
            change.fdic_cert as i64,
            change.date.to_string(),
            change.kind.name(),
            i64::from(change.code),
            change.description,
            change.successor_cert.map(|c| c as i64),
            change.successor_name,
            change.name,
            change.former_name,
        ])?;
        kept += 1;
    }
    Ok(kept)
}

/// How a bank ended, and who took it over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ending {
    pub date: String,
    pub kind: ChangeKind,
    pub successor_cert: Option<u64>,
    pub successor_name: Option<String>,
    /// The successor's bank in the copy (id, current rating), if any.
    pub successor: Option<KnownBank>,
}

impl Ending {
    /// As json: `{"date", "kind", "successor_cert", "successor_name",
    /// "successor": {"id", "name", "rating", "exam_date"} or null}`.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "date": self.date,
            "kind": self.kind.name(),
            "successor_cert": self.successor_cert,
            "successor_name": self.successor_name,
            "successor": self.successor.as_ref().map(|known| serde_json::json!({
                "id": known.id,
                "name": known.name,
                "rating": known.rating.as_ref().map(|r| r.as_str()),
                "exam_date": known.exam_date,
            })),
        })
    }
}

/// An institution as the copy knows it: a bank of it, linked to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownBank {
    pub id: String,
    pub name: String,
    pub rating: Option<Rating>,
    pub exam_date: Option<String>,
}

/// The institution a record ended up with, through `hops` endings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    pub cert: u64,
    /// Its name as the last ending gives it.
    pub name: Option<String>,
    /// Its bank in the copy, when the copy has one.
    pub known: Option<KnownBank>,
    pub hops: usize,
}

/// One line of a lineage: an institution's change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lineage {
    pub date: String,
    pub kind: ChangeKind,
    pub code: u32,
    pub description: Option<String>,
    /// The institution the change is of.
    pub fdic_cert: u64,
    /// Its name: the copy's bank's, else BankFind's at the change.
    pub name: Option<String>,
    /// For a name change, BankFind's name before it; `name` is the one
    /// after.
    pub former_name: Option<String>,
    /// Where it stands to the bank asked about.
    pub role: Role,
    pub successor_cert: Option<u64>,
    pub successor_name: Option<String>,
    /// The copy's bank of that institution, when it has it.
    pub known: Option<KnownBank>,
}

impl Lineage {
    /// A name change's names, before and after (BankFind's).
    pub fn renamed(&self) -> Option<(Option<&str>, Option<&str>)> {
        let names = (self.former_name.as_deref(), self.name.as_deref());
        (self.kind == ChangeKind::NameChange).then_some(names)
    }
}

/// Where an institution of a lineage stands to the bank asked about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// It merged into the bank (or into one of its predecessors).
    Predecessor,
    /// The bank itself.
    Itself,
    /// The bank merged into it (or into one of its successors).
    Successor,
}

impl Role {
    pub fn name(self) -> &'static str {
        match self {
            Role::Predecessor => "predecessor",
            Role::Itself => "this bank",
            Role::Successor => "successor",
        }
    }
}

/// At most this many institutions are followed either way (a chain of
/// mergers is a handful; a loop in a malformed history ends here).
pub const FOLLOWED: usize = 200;

/// The institutions of a bank's lineage, each once with where it stands
/// (in the order they were found: predecessors, the bank, its
/// successors), and where following its successors stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineageOf {
    pub institutions: Vec<(u64, Role)>,
    pub forward: Forward,
}

impl LineageOf {
    /// The certificates in order, as json for SQL's `json_each`.
    fn certs_json(&self) -> String {
        let certs: Vec<u64> = self.institutions.iter().map(|(cert, _)| *cert).collect();
        serde_json::to_string(&certs).unwrap_or_else(|_| "[]".to_string())
    }
}

/// Where following a bank's successors stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Forward {
    /// At an institution that has not ended (or whose successor the
    /// history does not name): the one that holds the record now.
    Held,
    /// After [`FOLLOWED`] institutions, with `next` still to follow: a
    /// chain longer than any real one, cut.
    Cut { next: u64 },
    /// At `back`, an institution already followed: the history goes round.
    Cycle { back: u64 },
}

/// The copy's structure changes: how banks ended, and lineages
/// ([`Reader::events`]).
pub struct Events<'r>(&'r Reader);

impl Reader {
    /// The copy's structure changes.
    pub fn events(&self) -> Events<'_> {
        Events(self)
    }
}

impl Events<'_> {
    /// Whether the copy holds structure changes: the last `cra enrich`
    /// read BankFind's history (a copy enriched before it did, or with
    /// `--no-bankfind`, does not know how its banks ended).
    pub fn any(&self) -> Result<bool> {
        let source: Option<String> = self
            .0
            .connection()
            .query_row(
                "SELECT value FROM meta WHERE key = 'history_source'",
                [],
                |row| row.get(0),
            )
            .optional()?;
        Ok(source.is_some_and(|s| !s.is_empty()) && self.0.record().enriched_at()?.is_some())
    }

    /// The FDIC certificate of the bank `bank_id`'s institution.
    pub fn fdic_cert_of(&self, bank_id: &str) -> Result<Option<u64>> {
        let cert: Option<Option<i64>> = self
            .0
            .connection()
            .query_row(
                "SELECT fdic_cert FROM links WHERE bank_id = ?1",
                [bank_id],
                |row| row.get(0),
            )
            .optional()?;
        Ok(cert.flatten().and_then(|n| u64::try_from(n).ok()))
    }

    /// The copy's bank of the institution `fdic_cert`, when it has one
    /// (the first by its place in the list, should two be linked to it).
    pub fn known(&self, fdic_cert: u64) -> Result<Option<KnownBank>> {
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(
            "SELECT b.id AS id, b.name AS name, b.rating AS rating, b.exam_date AS exam_date \
             FROM links l JOIN banks b ON b.id = l.bank_id \
             WHERE l.fdic_cert = ?1 ORDER BY b.position LIMIT 1",
        )?;
        Ok(statement
            .query_row([fdic_cert as i64], |row| {
                Ok(KnownBank {
                    id: row.get("id")?,
                    name: row.get("name")?,
                    rating: vocab_or_null(row, "rating")?,
                    exam_date: row.get("exam_date")?,
                })
            })
            .optional()?)
    }

    /// Whether BankFind's institutions (as of the last `cra enrich`) list
    /// the FDIC certificate `fdic_cert`.
    pub fn institution_listed(&self, fdic_cert: u64) -> Result<bool> {
        let connection = self.0.connection();
        let mut statement =
            connection.prepare_cached("SELECT 1 FROM institutions WHERE fdic_cert = ?1 LIMIT 1")?;
        Ok(statement.exists([fdic_cert as i64])?)
    }

    /// How the bank `bank_id` ended, if it did (its institution's first
    /// merger, failure or closing), with its successor as the copy knows it.
    pub fn ending(&self, bank_id: &str) -> Result<Option<Ending>> {
        if !self.any()? {
            return Ok(None);
        }
        let Some(cert) = self.fdic_cert_of(bank_id)? else {
            return Ok(None);
        };
        let found = {
            let connection = self.0.connection();
            let mut statement = connection.prepare_cached(&format!(
                "SELECT date AS date, kind AS kind, successor_cert AS successor_cert, \
                 successor_name AS successor_name FROM events \
                 WHERE fdic_cert = ?1 AND kind IN {ENDINGS} ORDER BY date LIMIT 1"
            ))?;
            statement
                .query_row([cert as i64], |row| {
                    Ok((
                        row.get::<_, String>("date")?,
                        ChangeKind::from_name(row.get_ref("kind")?.as_str()?),
                        row.get::<_, Option<i64>>("successor_cert")?
                            .and_then(|n| u64::try_from(n).ok()),
                        row.get::<_, Option<String>>("successor_name")?,
                    ))
                })
                .optional()?
        };
        let Some((date, kind, successor_cert, successor_name)) = found else {
            return Ok(None);
        };
        let successor = match successor_cert {
            Some(cert) => self.known(cert)?,
            None => None,
        };
        Ok(Some(Ending {
            date,
            kind,
            successor_cert,
            successor_name,
            successor,
        }))
    }

    /// Where the record of the institution `cert` is now: following each
    /// institution it ended into, the last one, when that is further than
    /// its first successor (two or more hops); none when the chain stops
    /// at the first, or loops, or runs past [`FOLLOWED`] (a lineage says
    /// those whole).
    pub fn holder(&self, cert: u64) -> Result<Option<Holder>> {
        let mut seen: HashSet<u64> = HashSet::from([cert]);
        let mut at = cert;
        let mut last: Option<(u64, Option<String>)> = None;
        let mut hops = 0usize;
        loop {
            let next = self
                .first_ending(at)?
                .and_then(|(cert, name)| Some((cert?, name)));
            let Some((successor, name)) = next else {
                break;
            };
            if !seen.insert(successor) || seen.len() > FOLLOWED {
                return Ok(None);
            }
            hops += 1;
            at = successor;
            last = Some((successor, name));
        }
        match last {
            Some((cert, name)) if hops >= 2 => Ok(Some(Holder {
                known: self.known(cert)?,
                cert,
                name,
                hops,
            })),
            _ => Ok(None),
        }
    }

    /// The institutions that merged into `cert`.
    fn merged_into(&self, cert: u64) -> Result<Vec<u64>> {
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(&format!(
            "SELECT DISTINCT fdic_cert FROM events WHERE successor_cert = ?1 AND kind IN {ENDINGS}"
        ))?;
        let rows = statement.query_map([cert as i64], |row| row.get::<_, i64>(0))?;
        Ok(rows
            .filter_map(|r| r.ok().and_then(|n| u64::try_from(n).ok()))
            .collect())
    }

    /// The first ending of the institution `cert` (its first merger,
    /// failure or closing): whom it ended into, as far as the history
    /// names it.
    fn first_ending(&self, cert: u64) -> Result<Option<(Option<u64>, Option<String>)>> {
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(&format!(
            "SELECT successor_cert AS successor_cert, successor_name AS successor_name FROM events \
             WHERE fdic_cert = ?1 AND kind IN {ENDINGS} ORDER BY date, rowid LIMIT 1"
        ))?;
        Ok(statement
            .query_row([cert as i64], |row| {
                let successor: Option<i64> = row.get("successor_cert")?;
                Ok((
                    successor.and_then(|n| u64::try_from(n).ok()),
                    row.get("successor_name")?,
                ))
            })
            .optional()?)
    }

    /// The institutions of the lineage of `cert`: every institution that
    /// merged into it or into one of those, itself, and every institution
    /// it (or its successor) ended into, each once, with where it stands;
    /// and where following the successors stopped. Only the institutions
    /// are read here, not their changes ([`Events::lineage_lines`]).
    pub fn lineage(&self, cert: u64) -> Result<LineageOf> {
        let mut institutions = Vec::new();
        let mut seen: HashSet<u64> = HashSet::from([cert]);
        // Back: whoever merged into it, and into them.
        let mut queue: VecDeque<u64> = VecDeque::from([cert]);
        while let Some(at) = queue.pop_front() {
            for predecessor in self.merged_into(at)? {
                if seen.len() < FOLLOWED && seen.insert(predecessor) {
                    institutions.push((predecessor, Role::Predecessor));
                    queue.push_back(predecessor);
                }
            }
        }
        // Itself, then forward through each institution it ended into.
        let mut at = Some(cert);
        let mut role = Role::Itself;
        let mut forward = Forward::Held;
        let mut hops = 0usize;
        while let Some(here) = at.take() {
            institutions.push((here, role));
            if let Some(next) = self.first_ending(here)?.and_then(|(cert, _)| cert) {
                if seen.contains(&next) {
                    forward = Forward::Cycle { back: next };
                } else if hops >= FOLLOWED {
                    forward = Forward::Cut { next };
                } else {
                    hops += 1;
                    seen.insert(next);
                    at = Some(next);
                    role = Role::Successor;
                }
            }
        }
        Ok(LineageOf {
            institutions,
            forward,
        })
    }

    /// How many changes the lineage has: what its lines will be, counted
    /// before any is read (an output that cannot hold them says so first).
    pub fn lineage_count(&self, of: &LineageOf) -> Result<u64> {
        let count: i64 = self.0.connection().query_row(
            "SELECT count(*) FROM events WHERE fdic_cert IN (SELECT value FROM json_each(?1))",
            [of.certs_json()],
            |row| row.get(0),
        )?;
        Ok(u64::try_from(count).unwrap_or(0))
    }

    /// The lineage's changes, oldest first (of one day, in the order the
    /// institutions were found), each with the copy's bank of its
    /// institution when there is one, handed to `each` one at a time: a
    /// history of any length is read in the memory of one line.
    pub fn lineage_lines(
        &self,
        of: &LineageOf,
        mut each: impl FnMut(Lineage) -> Result<()>,
    ) -> Result<()> {
        let mut known: HashMap<u64, Option<KnownBank>> = HashMap::new();
        for (cert, _) in &of.institutions {
            known.insert(*cert, self.known(*cert)?);
        }
        let roles: HashMap<u64, Role> = of.institutions.iter().copied().collect();
        let connection = self.0.connection();
        // A copy of schema 3 or 4 (read as it is) has no name before a
        // name change.
        let former: bool = connection.query_row(
            "SELECT count(*) > 0 FROM pragma_table_info('events') WHERE name = 'former_name'",
            [],
            |row| row.get(0),
        )?;
        let mut statement = connection.prepare_cached(&format!(
            "SELECT e.fdic_cert AS cert, e.date AS date, e.kind AS kind, e.code AS code, \
             e.description AS description, e.successor_cert AS successor_cert, \
             e.successor_name AS successor_name, e.name AS name, {} AS former_name \
             FROM events e JOIN json_each(?1) j ON e.fdic_cert = j.value \
             ORDER BY e.date, j.key, e.rowid",
            if former { "e.former_name" } else { "NULL" }
        ))?;
        crate::mirror::row::columns! {
            struct LineageAt {
                cert, date, kind, code, description, successor_cert, successor_name, name,
                former_name,
            }
        }
        let at = LineageAt::of(&statement)?;
        let mut rows = statement.query([of.certs_json()])?;
        while let Some(row) = rows.next()? {
            let Ok(cert) = u64::try_from(row.get::<_, i64>(at.cert)?) else {
                continue;
            };
            each(Lineage {
                date: row.get(at.date)?,
                kind: ChangeKind::from_name(row.get_ref(at.kind)?.as_str()?),
                code: u32::try_from(row.get::<_, i64>(at.code)?).unwrap_or(0),
                description: row.get(at.description)?,
                fdic_cert: cert,
                name: row.get(at.name)?,
                former_name: row.get(at.former_name)?,
                role: roles.get(&cert).copied().unwrap_or(Role::Itself),
                successor_cert: row
                    .get::<_, Option<i64>>(at.successor_cert)?
                    .and_then(|n| u64::try_from(n).ok()),
                successor_name: row.get(at.successor_name)?,
                known: known.get(&cert).cloned().flatten(),
            })?;
        }
        Ok(())
    }
}
