//! The columns every row about a bank reads from the copy, written once as
//! SQL and read by name: the bank and the exam the row is about (its
//! current one, or a record of its history), and the bank's public record
//! (its link, at its current exam). A reader selects [`bank_sql`] (and
//! [`public_sql`] with [`LINKED`]) beside its own columns and reads them
//! with [`BankRow::read`] and [`read_public`], whatever else it selects
//! and in whatever order: no position to keep in step. The names are
//! looked up once a statement ([`BankAt::of`], [`PublicAt::of`]), not on
//! every row: a statement's columns are the same on each.

use rusqlite::{Row, Statement};

/// Declares where a statement has the columns its rows are read from:
/// `columns! { struct LineageAt { cert, date } }` makes a struct of one
/// place a column, and `LineageAt::of(&statement)` finds each by its
/// field's name, which the statement gives the column with `AS`
/// (`e.fdic_cert AS cert`). Found once a statement, as [`BankAt`] is, so
/// that every row is then read at the speed of positions.
macro_rules! columns {
    ($(#[$meta:meta])* $vis:vis struct $name:ident { $($column:ident),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy)]
        $vis struct $name {
            $($vis $column: usize),+
        }

        impl $name {
            /// Where `statement` has each column, found by name.
            $vis fn of(statement: &rusqlite::Statement) -> rusqlite::Result<$name> {
                Ok($name {
                    $($column: statement.column_index(stringify!($column))?),+
                })
            }
        }
    };
}
pub(crate) use columns;

use super::{vocab, vocab_or_null};
use crate::domain::{ExamType, PublicRecord, Rating, Regulator};

/// Where a row's exam is: the bank's current one (`banks`), or a record
/// of its history (`ratings`).
pub(super) struct ExamAt {
    pub rating: &'static str,
    pub exam_date: &'static str,
    pub exam_type: &'static str,
}

/// The current exam of the bank `b`.
pub(super) const CURRENT: ExamAt = ExamAt {
    rating: "b.rating",
    exam_date: "b.exam_date",
    exam_type: "b.exam_type",
};

/// The record `h` of the bank's history.
pub(super) const RECORD: ExamAt = ExamAt {
    rating: "h.rating",
    exam_date: "h.exam_date",
    exam_type: "h.exam_type",
};

/// The bank's columns: the bank `b` and the exam `exam`, named as
/// [`BankRow::read`] reads them.
pub(super) fn bank_sql(exam: &ExamAt) -> String {
    format!(
        "b.id AS bank_id, b.name AS bank_name, b.city AS bank_city, b.state AS bank_state, \
         b.regulator AS bank_regulator, {} AS exam_rating, {} AS exam_date, {} AS exam_type",
        exam.rating, exam.exam_date, exam.exam_type
    )
}

/// The bank and its row's exam, as a row about a bank reads them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BankRow {
    pub id: String,
    pub name: String,
    pub city: String,
    pub state: String,
    pub regulator: Regulator,
    /// Missing (NULL) for a bank the service lists with no rating.
    pub rating: Option<Rating>,
    pub exam_date: Option<String>,
    pub exam_type: Option<ExamType>,
}

/// A missing rating or exam type, as a row shows it: empty.
static NONE_RATING: Rating = Rating::Other(String::new());
static NONE_EXAM_TYPE: ExamType = ExamType::Other(String::new());

impl BankRow {
    /// The row's rating, empty where missing.
    pub fn rating(&self) -> &Rating {
        self.rating.as_ref().unwrap_or(&NONE_RATING)
    }

    /// The row's exam date, empty where missing.
    pub fn exam_date(&self) -> &str {
        self.exam_date.as_deref().unwrap_or_default()
    }

    /// The row's exam type, empty where missing.
    pub fn exam_type(&self) -> &ExamType {
        self.exam_type.as_ref().unwrap_or(&NONE_EXAM_TYPE)
    }

    /// The columns of [`bank_sql`], where `at` found them by name.
    pub(super) fn read(row: &Row, at: &BankAt) -> rusqlite::Result<BankRow> {
        let BankAt {
            id,
            name,
            city,
            state,
            regulator,
            rating,
            exam_date,
            exam_type,
        } = *at;
        Ok(BankRow {
            id: row.get(id)?,
            name: row.get(name)?,
            city: row.get(city)?,
            state: row.get(state)?,
            regulator: vocab(row, regulator)?,
            rating: vocab_or_null(row, rating)?,
            exam_date: row.get(exam_date)?,
            exam_type: vocab_or_null(row, exam_type)?,
        })
    }
}

/// Where a statement has the columns of [`bank_sql`], found by name.
#[derive(Debug, Clone, Copy)]
pub(super) struct BankAt {
    id: usize,
    name: usize,
    city: usize,
    state: usize,
    /// Read alone where it decides whether the row is kept (`due`).
    pub(super) regulator: usize,
    rating: usize,
    pub(super) exam_date: usize,
    exam_type: usize,
}

impl BankAt {
    pub(super) fn of(statement: &Statement) -> rusqlite::Result<BankAt> {
        let at = |name: &str| statement.column_index(name);
        Ok(BankAt {
            id: at("bank_id")?,
            name: at("bank_name")?,
            city: at("bank_city")?,
            state: at("bank_state")?,
            regulator: at("bank_regulator")?,
            rating: at("exam_rating")?,
            exam_date: at("exam_date")?,
            exam_type: at("exam_type")?,
        })
    }
}

/// The link `l` of the bank: its public record at its current exam (join
/// it with [`LINKED`]), named as [`read_public`] reads it.
pub(super) const PUBLIC_SQL: &str = "l.fdic_cert AS public_fdic_cert, l.rssd_id AS public_rssd_id, \
     l.occ_charter AS public_occ_charter, l.assets AS public_assets, \
     l.exam_method AS public_exam_method, l.active AS public_active, l.pe_url AS public_pe_url";

/// [`PUBLIC_SQL`] and the test ratings of the bank's current exam's
/// evaluation: the public record's columns.
pub(super) fn public_sql() -> &'static str {
    static SQL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    SQL.get_or_init(|| public_sql_at("(SELECT c.exam_date FROM banks c WHERE c.id = l.bank_id)"))
}

/// [`public_sql`] where the query has the date of the bank's current exam
/// at hand as `exam_date` (a column of a join): no lookup of it a row.
pub(super) fn public_sql_at(exam_date: &str) -> String {
    format!(
        "{PUBLIC_SQL}, {} AS public_tests",
        super::record::chosen::tests_sql("l.bank_id", exam_date)
    )
}

/// The join of the link `l` of the bank `b` (none: every column NULL).
pub(super) const LINKED: &str = " LEFT JOIN links l ON l.bank_id = b.id";

/// The columns of [`PUBLIC_SQL`], where `at` found them by name (every
/// field unknown for a bank not linked).
pub(super) fn read_public(row: &Row, at: &PublicAt) -> rusqlite::Result<PublicRecord> {
    let PublicAt {
        fdic_cert,
        rssd_id,
        occ_charter,
        assets,
        exam_method,
        active,
        pe_url,
        tests,
    } = *at;
    let number = |at: usize| -> rusqlite::Result<Option<u64>> {
        Ok(row
            .get::<_, Option<i64>>(at)?
            .and_then(|n| u64::try_from(n).ok()))
    };
    let mut record = PublicRecord {
        fdic_cert: number(fdic_cert)?,
        rssd_id: number(rssd_id)?,
        occ_charter: number(occ_charter)?,
        assets: number(assets)?,
        exam_method: row.get(exam_method)?,
        active: row.get::<_, Option<i64>>(active)?.map(|a| a != 0),
        pe_url: row.get(pe_url)?,
        ..PublicRecord::default()
    };
    record.set_tests(row.get_ref(tests)?.as_str_or_null()?);
    Ok(record)
}

/// Where a statement has the columns of [`PUBLIC_SQL`], found by name.
#[derive(Debug, Clone, Copy)]
pub(super) struct PublicAt {
    fdic_cert: usize,
    rssd_id: usize,
    occ_charter: usize,
    assets: usize,
    exam_method: usize,
    active: usize,
    pe_url: usize,
    tests: usize,
}

impl PublicAt {
    pub(super) fn of(statement: &Statement) -> rusqlite::Result<PublicAt> {
        let at = |name: &str| statement.column_index(name);
        Ok(PublicAt {
            fdic_cert: at("public_fdic_cert")?,
            rssd_id: at("public_rssd_id")?,
            occ_charter: at("public_occ_charter")?,
            assets: at("public_assets")?,
            exam_method: at("public_exam_method")?,
            active: at("public_active")?,
            pe_url: at("public_pe_url")?,
            tests: at("public_tests")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_is_read_by_its_names_whatever_their_order() {
        let connection = rusqlite::Connection::open_in_memory().unwrap();
        connection
            .execute_batch(
                "CREATE TABLE banks (id, name, city, state, regulator, rating, exam_date, exam_type);
                 CREATE TABLE links (bank_id, fdic_cert, rssd_id, occ_charter, assets, exam_method, active, pe_url);
                 INSERT INTO banks VALUES ('a', 'A BANK', 'WACO', 'TX', 'FDIC', NULL, '2020-01-02', 'Small Bank');
                 INSERT INTO links VALUES ('a', 3510, NULL, NULL, 1250000000, 'Small Bank', 0, NULL);
                 CREATE TABLE ratings (bank_id, seq, exam_date, rating);
                 CREATE TABLE evaluations (sha256, bank_id, exam_date, evaluation_date, rating, read_at);
                 INSERT INTO evaluations VALUES ('s', 'a', '2020-01-02', '2020-01-02', NULL, 'now'),
                     ('t', 'a', '2016-05-01', '2016-05-01', NULL, 'now');
                 CREATE TABLE evaluation_tests (sha256, bank_id, exam_date, area, test, rating);
                 INSERT INTO evaluation_tests VALUES ('s', 'a', '2020-01-02', 'institution', 'lending', 'Low Satisfactory'),
                     ('s', 'a', '2020-01-02', 'TX', 'service', 'Outstanding'),
                     ('t', 'a', '2016-05-01', 'institution', 'service', 'Outstanding');",
            )
            .unwrap();
        let sql = format!(
            "SELECT 1 AS other, {}, 2 AS more, {} FROM banks b{LINKED}",
            public_sql(),
            bank_sql(&CURRENT)
        );
        let mut statement = connection.prepare(&sql).unwrap();
        let (bank_at, public_at) = (
            BankAt::of(&statement).unwrap(),
            PublicAt::of(&statement).unwrap(),
        );
        let (bank, public) = statement
            .query_row([], |row| {
                Ok((BankRow::read(row, &bank_at)?, read_public(row, &public_at)?))
            })
            .unwrap();
        assert_eq!(bank.name, "A BANK");
        assert_eq!(bank.rating, None);
        assert_eq!(bank.exam_type, Some(ExamType::SmallBank));
        assert_eq!(public.fdic_cert, Some(3510));
        assert_eq!(public.active, Some(false));
        assert_eq!(public.assets, Some(1_250_000_000));
        // The current exam's institution-level tests alone.
        assert_eq!(public.lending_test.as_deref(), Some("Low Satisfactory"));
        assert_eq!(public.service_test, None);
    }
}
