//! Answers from the local copy for `cra changes` (and, in `stats`, for
//! `cra stats`): each a
//! query of its own here (the mirror owns every SQL statement), handing the
//! commands plain rows. The kind of a rating change is decided in Rust
//! ([`change_kind`], in `domain`) so it can be tested without a database.

use anyhow::Result;

use super::record::events::ENDINGS;
use super::{Reader, vocab_or_null};
use crate::domain::{Rating, Regulator, SortField};

/// The four ratings the CRA defines, best first.
pub const RATINGS: [&str; 4] = Rating::NAMES;

// The kind of a change is the domain's: `diff` names its rating changes
// with the same words.
pub use crate::domain::vocab::{RatingChange, change_kind};

/// What `cra changes` lists.
#[derive(Debug, Clone, Default)]
pub struct ChangeFilter {
    /// The banks, and the records: its exam part (exam type, ratings, the
    /// exam period) is of each record; its sort comes before the usual
    /// order.
    pub selection: crate::domain::Selection,
    /// Only records the latest sync added.
    pub new: bool,
    /// Each row comes with its bank's public record.
    pub public: bool,
    /// Only records whose rating differs from the previous one (all that
    /// an upgrade or a downgrade can be): left out in the statement, not
    /// read to be dropped.
    pub changed: bool,
}

/// One rating record with the bank's previous rating.
#[derive(Debug, Clone, PartialEq)]
pub struct ChangeRow {
    /// The bank, and the record's exam (its last one for a bank that
    /// ended).
    pub bank: super::row::BankRow,
    pub previous_rating: Option<Rating>,
    pub change: RatingChange,
    /// The bank's public record, when its columns were asked for.
    pub public: Option<Box<crate::domain::PublicRecord>>,
    /// For a bank that ended: the day it did (its row's rating and exam
    /// date are its last ones).
    pub ended: Option<String>,
    /// For a bank that ended: who took it over, its name as BankFind
    /// gives it and its FDIC certificate.
    pub successor: Option<String>,
    pub successor_cert: Option<u64>,
}

impl ChangeRow {
    /// The day of the change: the exam's, or the day the bank ended.
    pub fn date(&self) -> &str {
        self.ended.as_deref().unwrap_or(self.bank.exam_date())
    }
}

impl crate::domain::HasPublic for ChangeRow {
    fn public(&self) -> Option<&crate::domain::PublicRecord> {
        self.public.as_deref()
    }
}

/// `cra changes`'s rating records and endings: [`Reader::changes`].
pub struct Changes<'r>(&'r Reader);

impl Reader {
    /// `cra changes`'s rating records and endings.
    pub fn changes(&self) -> Changes<'_> {
        Changes(self)
    }
}

impl Changes<'_> {
    /// The id of the last complete sync before the latest one (0 when there
    /// is none): a record is new when a later sync added it. So a sync that
    /// was interrupted and then completed by the next one counts as one.
    fn new_since(&self) -> Result<i64> {
        let connection = self.0.connection();
        Ok(connection.query_row(
            "SELECT coalesce(max(id), 0) FROM syncs
             WHERE status = 'complete' AND id < (SELECT coalesce(max(id), 0) FROM syncs)",
            [],
            |row| row.get(0),
        )?)
    }

    /// Every rating record of a listed bank that passes `filter`, with the
    /// bank's previous rating (by exam date; records of one date in reverse
    /// of the order served, which lists newest first), newest exam date
    /// first, then by bank name, bank id and age.
    pub fn all(&self, filter: &ChangeFilter) -> Result<Vec<ChangeRow>> {
        let mut rows = Vec::new();
        self.each(filter, |row| {
            rows.push(row);
            Ok(())
        })?;
        Ok(rows)
    }

    /// [`Changes::all`], each handed to `visit` as it is read.
    pub fn each(
        &self,
        filter: &ChangeFilter,
        mut visit: impl FnMut(ChangeRow) -> Result<()>,
    ) -> Result<()> {
        let after = if filter.new {
            Some(self.new_since()?)
        } else {
            None
        };
        let (more, more_values) =
            super::clauses::selection_clauses(&filter.selection, &super::clauses::Tested::RECORDS);
        let more: String = more.iter().map(|c| format!(" AND {c}")).collect();
        let mut order: String = filter
            .selection
            .sort
            .iter()
            .map(|key| {
                let column = match key.field {
                    SortField::Rating => super::clauses::rating_rank_sql("h.rating"),
                    SortField::ExamDate => "h.exam_date".to_string(),
                    SortField::ExamType => "h.exam_type".to_string(),
                    other => format!("b.{}", other.name()),
                };
                let direction = if key.descending { " DESC" } else { "" };
                format!("{column}{direction}, ")
            })
            .collect();
        order.push_str("h.exam_date DESC, b.name, b.id, h.seq");
        let changed = if filter.changed {
            " AND h.previous IS NOT NULL AND h.previous <> h.rating"
        } else {
            ""
        };
        // Each record's own public record: the bank's link, and the file's
        // record of that exam (one of a date, as `link_exams` may hold two).
        let (public, joined) = if filter.public {
            (
                ", l.regulator AS link_regulator, l.agency_id AS link_agency_id, \
                 l.fdic_cert AS link_fdic_cert, l.rssd_id AS link_rssd_id, \
                 l.occ_charter AS link_occ_charter, l.active AS link_active, \
                 le.regulator AS filed_regulator, le.agency_id AS filed_agency_id, \
                 le.ffiec_date AS filed_date, f.assets_thousands AS filed_assets_thousands, \
                 f.exam_method AS filed_exam_method",
                " LEFT JOIN links l ON l.bank_id = b.id \
                 LEFT JOIN link_exams le ON le.rowid = (SELECT x.rowid FROM link_exams x \
                   WHERE x.bank_id = b.id AND x.exam_date = h.exam_date LIMIT 1) \
                 LEFT JOIN ffiec_exams f ON f.rowid = (SELECT y.rowid FROM ffiec_exams y \
                   WHERE y.regulator = le.regulator AND y.agency_id = le.agency_id \
                   AND y.exam_date = le.ffiec_date LIMIT 1)",
            )
        } else {
            ("", "")
        };
        // And the test ratings of each record's exam's evaluation.
        let tests = if filter.public {
            format!(
                ", {} AS exam_tests",
                super::record::chosen::tests_sql("b.id", "h.exam_date")
            )
        } else {
            String::new()
        };
        let bank = super::row::bank_sql(&super::row::RECORD);
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(&format!(
            "WITH history AS (
                 SELECT bank_id, seq, exam_date, exam_type, rating, added_sync,
                        LAG(rating) OVER (PARTITION BY bank_id ORDER BY exam_date, seq DESC) AS previous
                 FROM ratings
             )
             SELECT {bank}, h.previous AS previous_rating{public}{tests}
             FROM history h JOIN banks b ON b.id = h.bank_id{joined}
             WHERE (?1 IS NULL OR h.added_sync > ?1){changed}{more}
             ORDER BY {order}",
        ))?;
        let mut values: Vec<rusqlite::types::Value> = vec![after.into()];
        values.extend(more_values);
        let at = super::row::BankAt::of(&statement)?;
        let previous_at = statement.column_index("previous_rating")?;
        let lending = filter.public && super::lending::exam::held_on(&connection)?;
        let mut rows = statement.query(rusqlite::params_from_iter(&values))?;
        while let Some(row) = rows.next()? {
            let previous: Option<Rating> = vocab_or_null(row, previous_at)?;
            let bank = super::row::BankRow::read(row, &at)?;
            visit(ChangeRow {
                change: change_kind(previous.as_ref(), bank.rating()),
                previous_rating: previous,
                public: if filter.public {
                    let mut record = exam_public(row, bank.exam_date())?;
                    if lending {
                        // The lending behind the record's exam.
                        super::lending::exam::fill_on(
                            &connection,
                            &bank.id,
                            bank.exam_date(),
                            &mut record,
                        )?;
                    }
                    Some(Box::new(record))
                } else {
                    None
                },
                bank,
                ended: None,
                successor: None,
                successor_cert: None,
            })?;
        }
        Ok(())
    }
}

/// A change's own public record, from the columns named `link_*` (the
/// link: regulator, agency id, identifiers, activity) and `filed_*` (the
/// file's record of the exam of `exam_date`: regulator, agency id, date,
/// assets, method); every field unknown for a bank not linked.
fn exam_public(
    row: &rusqlite::Row,
    exam_date: &str,
) -> rusqlite::Result<crate::domain::PublicRecord> {
    use crate::record::history::Day;
    use crate::record::public::{FiledExam, Linked, exam_record};
    let number = |name: &str| -> rusqlite::Result<Option<u64>> {
        Ok(row
            .get::<_, Option<i64>>(name)?
            .and_then(|n| u64::try_from(n).ok()))
    };
    let Some(regulator) = vocab_or_null::<Regulator>(row, "link_regulator")? else {
        return Ok(crate::domain::PublicRecord::default());
    };
    let linked = Linked {
        regulator,
        agency_id: number("link_agency_id")?.unwrap_or(0),
        bank: crate::domain::PublicRecord {
            fdic_cert: number("link_fdic_cert")?,
            rssd_id: number("link_rssd_id")?,
            occ_charter: number("link_occ_charter")?,
            active: row.get::<_, Option<i64>>("link_active")?.map(|a| a != 0),
            ..Default::default()
        },
    };
    let filed = match (
        vocab_or_null::<Regulator>(row, "filed_regulator")?,
        row.get_ref("filed_date")?
            .as_str_or_null()?
            .and_then(Day::parse),
    ) {
        (Some(regulator), Some(day)) => Some(FiledExam {
            regulator,
            agency_id: number("filed_agency_id")?.unwrap_or(0),
            day,
            assets_thousands: number("filed_assets_thousands")?,
            exam_method: row.get("filed_exam_method")?,
        }),
        _ => None,
    };
    let day = Day::parse(exam_date);
    let mut record = exam_record(&linked, filed.as_ref(), day);
    record.set_tests(row.get_ref("exam_tests")?.as_str_or_null()?);
    Ok(record)
}

impl Changes<'_> {
    /// The copy's banks that ended as `kinds` say (`Merged`, `Failed`),
    /// newest first: each with its last rating and exam type, the date it
    /// ended as the row's date (the selection's exam period bounds it)
    /// and who took it over; a copy without structure changes has none.
    pub fn endings(&self, filter: &ChangeFilter, kinds: &[RatingChange]) -> Result<Vec<ChangeRow>> {
        let names: Vec<&str> = kinds
            .iter()
            .filter_map(|k| match k {
                RatingChange::Merged => Some("'merger'"),
                RatingChange::Failed => Some("'failure'"),
                _ => None,
            })
            .collect();
        if names.is_empty() || !self.0.events().any()? {
            return Ok(Vec::new());
        }
        let (clauses, values) = super::clauses::selection_clauses(
            &filter.selection,
            &super::clauses::Tested {
                exam_date: "e.date",
                rating: "b.rating",
                exam_type: "b.exam_type",
                ..super::clauses::Tested::RECORDS
            },
        );
        let more: String = clauses.iter().map(|c| format!(" AND {c}")).collect();
        let connection = self.0.connection();
        let mut statement = connection.prepare(&format!(
            "SELECT {}, {}, e.kind AS ending, e.successor_cert, e.successor_name, \
             e.date AS ended \
             FROM banks b JOIN links l ON l.bank_id = b.id \
             JOIN events e ON e.rowid = (SELECT e2.rowid FROM events e2 \
               WHERE e2.fdic_cert = l.fdic_cert AND e2.kind IN {ENDINGS} \
               ORDER BY e2.date, e2.rowid LIMIT 1) \
             WHERE e.kind IN ({}){more} ORDER BY e.date DESC, b.name, b.id",
            super::row::bank_sql(&super::row::CURRENT),
            super::row::public_sql_at("b.exam_date"),
            names.join(", ")
        ))?;
        let bank_at = super::row::BankAt::of(&statement)?;
        let public_at = super::row::PublicAt::of(&statement)?;
        let lending = filter.public && super::lending::exam::held_on(&connection)?;
        let mut rows = statement.query(rusqlite::params_from_iter(&values))?;
        let mut endings = Vec::new();
        while let Some(row) = rows.next()? {
            let successor_cert = row
                .get::<_, Option<i64>>("successor_cert")?
                .and_then(|cert| u64::try_from(cert).ok());
            let bank = super::row::BankRow::read(row, &bank_at)?;
            endings.push(ChangeRow {
                previous_rating: None,
                change: if row.get_ref("ending")?.as_str()? == "failure" {
                    RatingChange::Failed
                } else {
                    RatingChange::Merged
                },
                public: if filter.public {
                    let mut record = super::row::read_public(row, &public_at)?;
                    if lending {
                        // The lending behind the bank's current exam.
                        super::lending::exam::fill_on(
                            &connection,
                            &bank.id,
                            bank.exam_date(),
                            &mut record,
                        )?;
                    }
                    Some(Box::new(record))
                } else {
                    None
                },
                bank,
                ended: row.get("ended")?,
                successor: row.get("successor_name")?,
                successor_cert,
            });
        }
        Ok(endings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(previous: Option<&str>, rating: &str) -> RatingChange {
        change_kind(previous.map(Rating::from).as_ref(), &Rating::from(rating))
    }

    #[test]
    fn kinds_follow_the_scale_best_first() {
        assert_eq!(kind(None, "Outstanding"), RatingChange::First);
        assert_eq!(kind(None, "Whatever"), RatingChange::First);
        assert_eq!(
            kind(Some("Satisfactory"), "Outstanding"),
            RatingChange::Upgrade
        );
        assert_eq!(
            kind(Some("Substantial Noncompliance"), "Needs to Improve"),
            RatingChange::Upgrade
        );
        assert_eq!(
            kind(Some("Outstanding"), "Satisfactory"),
            RatingChange::Downgrade
        );
        assert_eq!(
            kind(Some("Needs to Improve"), "Substantial Noncompliance"),
            RatingChange::Downgrade
        );
        assert_eq!(
            kind(Some("Satisfactory"), "Satisfactory"),
            RatingChange::Same
        );
        assert_eq!(kind(Some("Pending"), "Satisfactory"), RatingChange::Other);
        assert_eq!(
            kind(Some("Outstanding"), "outstanding"),
            RatingChange::Other
        );
    }

    #[test]
    fn every_pair_of_known_ratings_has_one_kind() {
        for (i, a) in RATINGS.iter().enumerate() {
            for (j, b) in RATINGS.iter().enumerate() {
                let expected = match j.cmp(&i) {
                    std::cmp::Ordering::Less => RatingChange::Upgrade,
                    std::cmp::Ordering::Greater => RatingChange::Downgrade,
                    std::cmp::Ordering::Equal => RatingChange::Same,
                };
                assert_eq!(kind(Some(a), b), expected, "{a} → {b}");
            }
        }
    }
}
