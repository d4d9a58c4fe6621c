//! `cra due`: banks whose next CRA examination is probably due, from the
//! copy, in one statement over the covering index `banks_find` (every
//! column it prints is there). The expected interval after an exam comes
//! from [`INTERVALS`], turned into SQL here; the guide prints the same
//! table with its sources. A heuristic: assets and the agencies' plans are
//! not in the data.

use anyhow::Result;
use rusqlite::types::Value as SqlValue;

use super::Reader;
use std::cmp::Ordering;

use super::clauses::{Tested, selection_clauses};
use crate::domain::{ExamType, Rating, Regulator, SortField, SortKey};

/// Months expected between exams, by exam type (rows) and rating (columns,
/// in the order of the scale, [`Rating::SCALE`]: Outstanding, Satisfactory,
/// Needs to Improve, Substantial Noncompliance).
/// Small banks: 12 U.S.C. 2908 (not more than once every 60 months after
/// Outstanding, 48 after Satisfactory); larger banks and lower ratings: the
/// agencies' shorter published cycles, rounded.
pub const INTERVALS: [(ExamType, [u32; 4]); 3] = [
    (ExamType::SmallBank, [60, 48, 24, 12]),
    (ExamType::IntermediateSmallBank, [60, 48, 24, 12]),
    (ExamType::LargeBank, [36, 36, 24, 12]),
];

/// Any other exam type or rating: the large banks' cycle.
pub const OTHERWISE: u32 = 36;

/// The expected interval of an exam type and rating (for tests and docs).
pub fn expected(exam_type: &ExamType, rating: &Rating) -> u32 {
    let Some(rank) = rating.rank() else {
        return OTHERWISE;
    };
    INTERVALS
        .iter()
        .find(|(kind, _)| kind == exam_type)
        .map_or(OTHERWISE, |(_, months)| months[rank])
}

/// The last exam date that is `months` whole months before `today`
/// (`YYYY-MM-DD`, today's day of the month kept even past a month's end):
/// a date `d` is at least `months` old exactly when `d <=` it, as text.
/// None when no date can be that old.
pub fn cutoff(today: jiff::civil::Date, months: i64) -> Option<String> {
    let month = i64::from(today.year()) * 12 + i64::from(today.month()) - 1 - months;
    (month >= 0).then(|| format!("{:04}-{:02}-{:02}", month / 12, month % 12 + 1, today.day()))
}

/// Whole months from `exam_date` (`YYYY-MM-DD`) to `today`, as the
/// calendar counts them; None for a date not of that form.
pub fn months_since(exam_date: &str, today: jiff::civil::Date) -> Option<i64> {
    let part = |range: std::ops::Range<usize>| {
        let text = exam_date.get(range)?;
        text.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| text.parse::<i64>().ok())?
    };
    let (year, month, day) = (part(0..4)?, part(5..7)?, part(8..10)?);
    if exam_date.as_bytes().get(4) != Some(&b'-') || exam_date.as_bytes().get(7) != Some(&b'-') {
        return None;
    }
    let months = (i64::from(today.year()) - year) * 12 + i64::from(today.month())
        - month
        - i64::from(day > i64::from(today.day()));
    Some(months)
}

/// The newest exam date that makes a bank due, as SQL over `banks`: by the
/// exam type, then the rating, each compared once (the table [`INTERVALS`]
/// as cut-off dates); one date for every bank with `--older-than`. A bank
/// is selected by comparing its exam date with it, a text comparison.
fn cutoff_sql(today: jiff::civil::Date, older_than: Option<i64>) -> String {
    let date = |months: i64| match cutoff(today, months) {
        Some(date) => format!("'{date}'"),
        None => "''".to_string(),
    };
    if let Some(months) = older_than {
        return date(months);
    }
    let mut sql = String::from("CASE b.exam_type");
    for (kind, months) in &INTERVALS {
        sql.push_str(&format!(" WHEN '{kind}' THEN CASE b.rating"));
        for (rating, m) in Rating::SCALE.iter().zip(months) {
            sql.push_str(&format!(" WHEN '{rating}' THEN {}", date(i64::from(*m))));
        }
        sql.push_str(&format!(" ELSE {} END", date(i64::from(OTHERWISE))));
    }
    sql.push_str(&format!(" ELSE {} END", date(i64::from(OTHERWISE))));
    sql
}

/// One bank probably due.
#[derive(Debug, Clone, PartialEq)]
pub struct DueRow {
    /// The bank and its current exam.
    pub bank: super::row::BankRow,
    pub months_since: i64,
    pub expected_months: i64,
    pub overdue_months: i64,
    /// The bank's public record, when its columns were asked for.
    pub public: Option<Box<crate::domain::PublicRecord>>,
    /// Where the list had it, and its row: the last keys of the order.
    position: i64,
    rowid: i64,
}

impl crate::domain::HasPublic for DueRow {
    fn public(&self) -> Option<&crate::domain::PublicRecord> {
        self.public.as_deref()
    }
}

impl DueRow {
    /// The order of two rows: `sort`'s keys (as [`crate::domain::Selection`]
    /// sorts banks and SQL sorts them: bytes, rating best first, a missing
    /// value first), else most overdue first; then the list's order.
    fn compare(&self, other: &DueRow, sort: &[SortKey]) -> Ordering {
        let keys = if sort.is_empty() {
            other.overdue_months.cmp(&self.overdue_months)
        } else {
            sort.iter().fold(Ordering::Equal, |order, key| {
                order.then_with(|| {
                    let by = self.compare_field(other, key.field);
                    if key.descending { by.reverse() } else { by }
                })
            })
        };
        keys.then(self.position.cmp(&other.position))
            .then(self.rowid.cmp(&other.rowid))
    }

    fn compare_field(&self, other: &DueRow, field: SortField) -> Ordering {
        let text = |a: &str, b: &str| a.as_bytes().cmp(b.as_bytes());
        // A missing rating or exam type sorts as SQL sorts NULL: first.
        let rank = |row: &DueRow| Rating::sort_rank(row.bank.rating.as_ref());
        fn kind(row: &DueRow) -> Option<&[u8]> {
            row.bank.exam_type.as_ref().map(|k| k.as_str().as_bytes())
        }
        let (a, b) = (&self.bank, &other.bank);
        match field {
            SortField::Name => text(&a.name, &b.name),
            SortField::City => text(&a.city, &b.city),
            SortField::State => text(&a.state, &b.state),
            SortField::Regulator => text(a.regulator.as_str(), b.regulator.as_str()),
            SortField::Id => text(&a.id, &b.id),
            SortField::ExamDate => text(a.exam_date(), b.exam_date()),
            SortField::Rating => rank(self).cmp(&rank(other)),
            SortField::ExamType => kind(self).cmp(&kind(other)),
        }
    }
}

/// What `due` asks.
#[derive(Debug, Clone, Default)]
pub struct DueQuery {
    /// The banks (the exam part: of the current exam), and their order.
    pub selection: crate::domain::Selection,
    pub today: jiff::civil::Date,
    /// One interval for every bank (`--older-than`), instead of the table.
    pub older_than_months: Option<i64>,
    /// Keep the banks known to be inactive and those last examined under
    /// the OTS (`--include-inactive`).
    pub include_inactive: bool,
    /// Each row comes with its bank's public record.
    pub public_record: bool,
}

/// The banks `due` left out, by why.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LeftOut {
    /// They ended (merged, failed, closed), as BankFind's history says.
    pub ended: u64,
    /// BankFind lists them as no longer active.
    pub inactive: u64,
    /// Their last exam was under the OTS (closed in 2011).
    pub ots: u64,
    /// Kept, but BankFind says nothing of them (not linked to the public
    /// record, or not in BankFind): listed after the banks known active,
    /// since most are long gone (their last exams decades old).
    pub unknown: u64,
}

/// The statement and its values; `public`: the copy has the public
/// record, whose activity each bank is read with (and, `events`, whether
/// it ended), and with `query.public_record` each bank's public record,
/// joined in the same statement.
fn due_sql(query: &DueQuery, public: bool, events: bool) -> (String, Vec<SqlValue>) {
    let mut clauses = vec!["b.exam_date IS NOT NULL".to_string()];
    let (more, values) = selection_clauses(&query.selection, &Tested::BANKS_AS_B);
    clauses.extend(more);
    let joined = public && query.public_record;
    let (record, linked) = if joined {
        (
            format!(", {}", super::row::public_sql_at("b.exam_date")),
            super::row::LINKED,
        )
    } else {
        (String::new(), "")
    };
    let active = match (public, joined) {
        (true, true) => "l.active",
        (true, false) => "(SELECT active FROM links WHERE bank_id = b.id)",
        (false, _) => "NULL",
    };
    let ended = if public && events {
        format!(
            "EXISTS (SELECT 1 FROM links k JOIN events e ON e.fdic_cert = k.fdic_cert \
             WHERE k.bank_id = b.id AND e.kind IN {})",
            super::record::events::ENDINGS
        )
    } else {
        "0".to_string()
    };
    let sql = format!(
        "SELECT {}, b.position AS position, b.rowid AS r, {active} AS active, {ended} AS ended\
         {record} FROM banks b{linked} WHERE {} AND b.exam_date <= {}",
        super::row::bank_sql(&super::row::CURRENT),
        clauses.join(" AND "),
        cutoff_sql(query.today, query.older_than_months),
    );
    (sql, values)
}

/// The banks probably due: [`Reader::due`].
pub struct Due<'r>(&'r Reader);

impl Reader {
    /// The banks probably due.
    pub fn due(&self) -> Due<'_> {
        Due(self)
    }
}

impl Due<'_> {
    /// The banks probably due, most overdue first (or in `find`'s order),
    /// and how many banks it left out (known inactive, last examined under
    /// the OTS) unless `include_inactive`. SQLite selects them (from a
    /// covering index, by comparing each exam date with its cut-off); how
    /// many months old and overdue each is, and the order, are worked out
    /// here: SQLite's sort of every row of a copy cost several times the
    /// query (about 20 ms of 30 for 18,820 banks), and so did its date
    /// arithmetic, a bank at a time.
    pub fn rows(&self, query: &DueQuery) -> Result<(Vec<DueRow>, LeftOut)> {
        let record = self.0.record();
        let public = record.enriched_at()?.is_some();
        let events = public && self.0.events().any()?;
        let known = public && record.activity_known()?;
        due_rows(&self.0.connection(), query, public, events, known)
    }
}

/// [`Due::rows`] over a connection.
fn due_rows(
    connection: &rusqlite::Connection,
    query: &DueQuery,
    public: bool,
    events: bool,
    activity_known: bool,
) -> Result<(Vec<DueRow>, LeftOut)> {
    let (sql, values) = due_sql(query, public, events);
    let mut statement = connection.prepare_cached(&sql)?;
    let joined = public && query.public_record;
    // The columns' positions, by name, once for every row.
    let bank_at = super::row::BankAt::of(&statement)?;
    let public_at = if joined {
        Some(super::row::PublicAt::of(&statement)?)
    } else {
        None
    };
    let [ended_at, active_at, position_at, rowid_at] =
        ["ended", "active", "position", "r"].map(|name| statement.column_index(name));
    let (ended_at, active_at, position_at, rowid_at) =
        (ended_at?, active_at?, position_at?, rowid_at?);
    let lending = joined && super::lending::exam::held_on(connection)?;
    let mut selected = statement.query(rusqlite::params_from_iter(&values))?;
    let mut rows = Vec::new();
    let mut left_out = LeftOut::default();
    // Which rows BankFind says nothing of, where it was read.
    let mut unknown: Vec<bool> = Vec::new();
    while let Some(row) = selected.next()? {
        // What leaves a bank out is read first, the bank's text only for
        // the banks kept (most of a copy's, ended or closed, are not).
        if !query.include_inactive {
            // Closed banks are not due: the OTS's last exams were in 2011,
            // and BankFind says which others are gone.
            if row
                .get_ref(bank_at.regulator)?
                .as_str()
                .is_ok_and(|r| r.eq_ignore_ascii_case(Regulator::Ots.as_str()))
            {
                left_out.ots += 1;
                continue;
            }
            // A bank that ended will never be examined again.
            if row.get::<_, i64>(ended_at)? != 0 {
                left_out.ended += 1;
                continue;
            }
            if row.get::<_, Option<i64>>(active_at)? == Some(0) {
                left_out.inactive += 1;
                continue;
            }
        }
        // A date not of the form YYYY-MM-DD says nothing of how old it is.
        let Some(months_since) = row
            .get_ref(bank_at.exam_date)?
            .as_str_or_null()?
            .and_then(|date| months_since(date, query.today))
        else {
            continue;
        };
        let bank = super::row::BankRow::read(row, &bank_at)?;
        let status_unknown = activity_known && row.get::<_, Option<i64>>(active_at)?.is_none();
        left_out.unknown += u64::from(status_unknown);
        unknown.push(status_unknown);
        let expected_months = query
            .older_than_months
            .unwrap_or_else(|| i64::from(expected(bank.exam_type(), bank.rating())));
        rows.push(DueRow {
            months_since,
            expected_months,
            overdue_months: months_since - expected_months,
            public: match &public_at {
                Some(at) => {
                    let mut record = super::row::read_public(row, at)?;
                    if lending {
                        // The lending behind the bank's current exam.
                        super::lending::exam::fill_on(
                            connection,
                            &bank.id,
                            bank.exam_date(),
                            &mut record,
                        )?;
                    }
                    Some(Box::new(record))
                }
                None => None,
            },
            position: row.get(position_at)?,
            rowid: row.get(rowid_at)?,
            bank,
        });
    }
    // Sorted by index, then moved once: a row is a dozen strings.
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| {
        // In the usual order (most overdue first), the banks BankFind
        // knows come first; a --sort is kept as asked.
        let last = |i: usize| query.selection.sort.is_empty() && unknown[i];
        last(a)
            .cmp(&last(b))
            .then_with(|| rows[a].compare(&rows[b], &query.selection.sort))
    });
    let mut slots: Vec<Option<DueRow>> = rows.into_iter().map(Some).collect();
    Ok((
        order.into_iter().filter_map(|i| slots[i].take()).collect(),
        left_out,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rusqlite::Connection;

    fn expected(exam_type: &str, rating: &str) -> u32 {
        super::expected(&exam_type.into(), &rating.into())
    }

    #[test]
    fn the_statute_for_small_banks_and_shorter_cycles_below() {
        assert_eq!(expected("Small Bank", "Outstanding"), 60);
        assert_eq!(expected("Small Bank", "Satisfactory"), 48);
        assert_eq!(expected("Large Bank", "Satisfactory"), 36);
        assert_eq!(expected("Intermediate Small Bank", "Needs to Improve"), 24);
        assert_eq!(expected("Large Bank", "Substantial Noncompliance"), 12);
        assert_eq!(expected("Wholesale", "Outstanding"), OTHERWISE);
        assert_eq!(expected("Small Bank", "Pending"), OTHERWISE);
    }

    #[test]
    fn the_whole_statement_reads_a_covering_index() {
        let mut connection = Connection::open_in_memory().unwrap();
        crate::mirror::schema::create(&mut connection).unwrap();
        let (sql, values) = due_sql(
            &DueQuery {
                today: jiff::civil::date(2026, 11, 24),
                ..DueQuery::default()
            },
            false,
            false,
        );
        let plan: Vec<String> = connection
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .unwrap()
            .query_map(rusqlite::params_from_iter(&values), |row| row.get("detail"))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert!(
            plan.iter()
                .any(|p| p.contains("USING COVERING INDEX banks_")),
            "{plan:?}"
        );
    }

    proptest! {
        /// The order made here is the order SQLite gives the same rows for
        /// the same keys (rating best first, NULL first, bytes, then the
        /// list's position and row).
        #[test]
        fn sorted_here_as_sqlite_sorts(
            banks in proptest::collection::vec(
                (0usize..3, 0usize..3, 0usize..6, 0usize..4, 2014i16..2026, 1i8..=12, 0usize..3),
                0..40,
            ),
            keys in proptest::collection::vec((0usize..8, any::<bool>()), 0..3),
        ) {
            let mut connection = Connection::open_in_memory().unwrap();
            crate::mirror::schema::create(&mut connection).unwrap();
            let names = ["B", "a", "Ä"];
            let ratings = [Some("Outstanding"), Some("Satisfactory"), Some("Needs to Improve"), Some("Pending"), Some(""), None];
            let types = [Some("Small Bank"), Some("Large Bank"), None];
            for (i, (name, city, rating, regulator, y, m, kind)) in banks.iter().enumerate() {
                connection.execute(
                    "INSERT INTO banks (id, position, name, city, state, regulator, rating, exam_date, exam_type, \
                     list_json, detail_json, first_sync, listed_sync, fetched_sync) \
                     VALUES (?1, ?2, ?3, ?4, 'TX', ?5, ?6, ?7, ?8, '{}', '{}', 1, 1, 1)",
                    rusqlite::params![
                        format!("id-{:02}", 40 - i),
                        (i % 7) as i64,
                        names[*name],
                        names[*city],
                        ["OCC", "FRB", "FDIC", "occ"][*regulator],
                        ratings[*rating],
                        format!("{y:04}-{m:02}-15"),
                        types[*kind],
                    ],
                ).unwrap();
            }
            let sort: Vec<SortKey> = keys
                .iter()
                .map(|(field, descending)| SortKey { field: SortField::ALL[*field], descending: *descending })
                .collect();
            let query = DueQuery {
                today: jiff::civil::date(2026, 11, 24),
                selection: crate::domain::Selection {
                    sort: sort.clone(),
                    ..Default::default()
                },
                ..DueQuery::default()
            };
            let query = DueQuery { include_inactive: true, ..query };
            let here: Vec<String> = due_rows(&connection, &query, false, false, false).unwrap().0.into_iter().map(|r| r.bank.id).collect();
            let mut order: Vec<String> = sort
                .iter()
                .map(|key| {
                    let column = match key.field {
                        SortField::Rating => super::super::clauses::rating_rank_sql("b.rating"),
                        other => format!("b.{}", other.name()),
                    };
                    format!("{column}{}", if key.descending { " DESC" } else { "" })
                })
                .collect();
            if order.is_empty() {
                order.push("t_months(b.exam_date) - t_expected(b.exam_type, b.rating) DESC".into());
            }
            // The months by the calendar (jiff), the table by `expected`.
            connection
                .create_scalar_function("t_months", 1, Default::default(), |ctx| {
                    let date: jiff::civil::Date = ctx.get::<String>(0)?.parse().unwrap();
                    let span = date.until((jiff::Unit::Month, jiff::civil::date(2026, 11, 24))).unwrap();
                    Ok(i64::from(span.get_months()))
                })
                .unwrap();
            connection
                .create_scalar_function("t_expected", 2, Default::default(), |ctx| {
                    let text = |i| ctx.get::<Option<String>>(i).map(Option::unwrap_or_default);
                    Ok(i64::from(expected(&text(0)?, &text(1)?)))
                })
                .unwrap();
            let (sql, values) = due_sql(&query, false, false);
            let sqlite: Vec<String> = connection
                .prepare(&format!(
                    "SELECT d.bank_id FROM ({sql}) d JOIN banks b ON b.rowid = d.r ORDER BY {}, d.position, d.r",
                    order.join(", ")
                ))
                .unwrap()
                .query_map(rusqlite::params_from_iter(&values), |row| row.get(0))
                .unwrap()
                .collect::<rusqlite::Result<_>>()
                .unwrap();
            prop_assert_eq!(here, sqlite);
        }

        /// The months counted here are the calendar's, and a date is at
        /// least N months old exactly when it is not after the cut-off.
        #[test]
        fn months_and_cutoffs_agree_with_the_calendar(
            (y, m, d) in (1990i16..2027, 1i8..=12, 1i8..=31),
            (ty, tm, td) in (2000i16..2030, 1i8..=12, 1i8..=31),
            n in 0i64..500,
        ) {
            let (Ok(date), Ok(today)) = (jiff::civil::Date::new(y, m, d), jiff::civil::Date::new(ty, tm, td)) else {
                return Ok(());
            };
            let text = date.to_string();
            let span = date.until((jiff::Unit::Month, today)).unwrap();
            let months = months_since(&text, today).unwrap();
            // (An exam after today is never due; its count is not the point.)
            if date <= today {
                prop_assert_eq!(months, i64::from(span.get_months()));
            }
            let within = cutoff(today, n).is_some_and(|c| text <= c);
            prop_assert_eq!(within, months >= n, "{} {} {:?}", text, today, cutoff(today, n));
        }
    }

    #[test]
    fn a_date_not_of_the_form_says_nothing() {
        let today = jiff::civil::date(2026, 11, 24);
        for bad in [
            "",
            "2020",
            "2020-1-05",
            "abcd-ef-gh",
            "2020/01/05",
            "-020-01-05",
        ] {
            assert_eq!(months_since(bad, today), None, "{bad}");
        }
        assert_eq!(months_since("2020-01-05T00:00", today), Some(82));
        assert_eq!(cutoff(today, 0).as_deref(), Some("2026-11-24"));
        assert_eq!(cutoff(today, 11).as_deref(), Some("2025-12-24"));
        assert_eq!(cutoff(today, 2026 * 12 + 11), None);
    }
}
