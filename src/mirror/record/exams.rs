//! The public record exam by exam: what a bank's link says of it whatever
//! its exam, and each exam's own assets, method and evaluation where the
//! file has the exam (`record::public::exam_record`), for the rows about
//! one exam (`changes`, a history's rows).

use anyhow::Result;
use rusqlite::OptionalExtension;

use crate::domain::PublicRecord;

impl super::Record<'_> {
    /// The public record of each of a bank's `ratings`, its exams, in
    /// their order (see [`exam_records_on`]).
    pub fn exam_publics(
        &self,
        bank_id: &str,
        ratings: &[crate::domain::model::RatingRecord],
    ) -> Result<Vec<PublicRecord>> {
        exam_records_on(&self.0.connection(), bank_id, ratings)
    }
}

/// Each exam of a bank as the file has it: the exam `l` of `link_exams`
/// and the file's exam `f` of `ffiec_exams` it names, as [`FiledAt`]
/// names their columns.
pub(super) const FILED_SQL: &str = "l.exam_date AS exam_date, l.regulator AS regulator, \
     l.agency_id AS agency_id, l.ffiec_date AS ffiec_date, \
     f.assets_thousands AS assets_thousands, f.exam_method AS exam_method";

crate::mirror::row::columns! {
    /// Where a statement has the columns of [`FILED_SQL`].
    pub(super) struct FiledAt {
        exam_date, regulator, agency_id, ffiec_date, assets_thousands, exam_method,
    }
}

/// What the link of the bank `bank_id` says of it whatever its exam (none:
/// not linked), over `connection` (a reader's, whose lock is held).
pub(crate) fn linked_on(
    connection: &rusqlite::Connection,
    bank_id: &str,
) -> Result<Option<crate::record::public::Linked>> {
    let mut statement = connection.prepare_cached(&format!(
        "SELECT l.regulator, l.agency_id, {} FROM links l WHERE l.bank_id = ?1",
        crate::mirror::row::public_sql()
    ))?;
    let at = crate::mirror::row::PublicAt::of(&statement)?;
    Ok(statement
        .query_row([bank_id], |row| {
            Ok(crate::record::public::Linked {
                regulator: crate::mirror::vocab(row, "regulator")?,
                agency_id: u64::try_from(row.get::<_, i64>("agency_id")?).unwrap_or(0),
                // What is the bank's whatever its exam.
                bank: crate::mirror::row::read_public(row, &at)?.of_bank(),
            })
        })
        .optional()?)
}

/// The public record of each of `ratings`, exams of the bank `bank_id`,
/// in their order: the exam's own (`record::public::exam_record`), every
/// field unknown for a bank not linked. Over `connection` (a reader's,
/// whose lock is held).
pub(crate) fn exam_records_on(
    connection: &rusqlite::Connection,
    bank_id: &str,
    ratings: &[crate::domain::model::RatingRecord],
) -> Result<Vec<PublicRecord>> {
    use crate::record::history::Day;
    use crate::record::public::{FiledExam, exam_record};
    let Some(linked) = linked_on(connection, bank_id)? else {
        return Ok(vec![PublicRecord::default(); ratings.len()]);
    };
    let mut statement = connection.prepare_cached(&format!(
        "SELECT {FILED_SQL} \
         FROM link_exams l LEFT JOIN ffiec_exams f ON f.rowid = (SELECT y.rowid FROM ffiec_exams y \
           WHERE y.regulator = l.regulator AND y.agency_id = l.agency_id AND y.exam_date = l.ffiec_date LIMIT 1) \
         WHERE l.bank_id = ?1",
    ))?;
    let at = FiledAt::of(&statement)?;
    let mut filed: std::collections::HashMap<String, FiledExam> = std::collections::HashMap::new();
    let mut rows = statement.query([bank_id])?;
    while let Some(row) = rows.next()? {
        let exam_date: String = row.get(at.exam_date)?;
        let Some(day) = Day::parse(row.get_ref(at.ffiec_date)?.as_str()?) else {
            continue;
        };
        filed.entry(exam_date).or_insert(FiledExam {
            regulator: crate::mirror::vocab(row, at.regulator)?,
            agency_id: u64::try_from(row.get::<_, i64>(at.agency_id)?).unwrap_or(0),
            day,
            assets_thousands: row
                .get::<_, Option<i64>>(at.assets_thousands)?
                .and_then(|n| u64::try_from(n).ok()),
            exam_method: row.get(at.exam_method)?,
        });
    }
    // The test ratings of each exam's evaluation, where one was read (of
    // two, the one the rule picks: `chosen`).
    let mut statement = connection.prepare_cached(&format!(
        "SELECT t.exam_date AS exam_date, group_concat(t.test || '=' || t.rating, ';') AS tests \
         FROM evaluation_tests t WHERE t.bank_id = ?1 AND t.area = 'institution' \
         AND t.sha256 = {} GROUP BY t.exam_date",
        super::chosen::chosen_sql("t.bank_id", "t.exam_date")
    ))?;
    crate::mirror::row::columns! { struct TestsAt { exam_date, tests } }
    let at = TestsAt::of(&statement)?;
    let tests: std::collections::HashMap<String, String> = statement
        .query_map([bank_id], |row| {
            Ok((row.get(at.exam_date)?, row.get(at.tests)?))
        })?
        .collect::<rusqlite::Result<_>>()?;
    let mut records: Vec<PublicRecord> = ratings
        .iter()
        .map(|rating| {
            let mut record = exam_record(
                &linked,
                filed.get(&rating.exam_date),
                Day::parse(&rating.exam_date),
            );
            record.set_tests(tests.get(&rating.exam_date).map(String::as_str));
            record
        })
        .collect();
    // The lending behind each exam.
    crate::mirror::lending::exam::fill_all_on(
        connection,
        ratings
            .iter()
            .zip(records.iter_mut())
            .map(|(rating, record)| (bank_id, rating.exam_date.as_str(), record)),
    )?;
    Ok(records)
}
