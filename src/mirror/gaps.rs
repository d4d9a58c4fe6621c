//! `cra stats --gaps`: the months from each exam to the same bank's next
//! one, per group, as quartiles. An interval belongs to the exam it
//! follows (its exam type, rating, date and year), the way `due` predicts
//! a bank's next exam from its current one, so the two read side by side;
//! state and regulator are the bank's, as everywhere in `stats`. Months
//! are whole calendar months, as `due` counts them.

use std::collections::{BTreeMap, HashMap};

use anyhow::Result;

use super::Reader;
use super::clauses::{Split, record_clauses, where_sql};
use super::stats::{GROUPED_SQL, GroupBy, GroupedAt, StatsFilter};

/// The intervals of one group.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GapRow {
    pub group: String,
    pub subgroup: Option<String>,
    /// How many intervals (pairs of an exam and the bank's next).
    pub intervals: u64,
    /// Their mean, to one decimal.
    pub mean: f64,
    /// Nearest-rank percentiles: the 10th, 25th, 50th (the median), 75th
    /// and 90th.
    pub percentiles: [i64; 5],
}

/// One exam as read: its date, exam type, whether it passes the exam part
/// of the selection.
type Exam = (String, Option<String>, bool);

/// The percentiles given, in order.
pub const PERCENTILES: [u32; 5] = [10, 25, 50, 75, 90];

/// The nearest-rank percentile `p` of sorted `values` (not empty): the
/// smallest value at least `p` percent of them do not exceed, always one
/// of the values.
pub fn percentile(sorted: &[i64], p: u32) -> i64 {
    let rank = (u64::from(p) * sorted.len() as u64).div_ceil(100).max(1);
    sorted[(rank as usize - 1).min(sorted.len() - 1)]
}

/// Whole calendar months from `from` to `to` (`YYYY-MM-DD`; a later day
/// of the month than `to`'s does not make a month), as `due` counts them.
pub fn months_between(from: &str, to: &str) -> Option<i64> {
    let to = to.parse::<jiff::civil::Date>().ok()?;
    super::due::months_since(from, to)
}

/// `cra stats --gaps`'s intervals: [`Reader::gaps`].
pub struct Gaps<'r>(&'r Reader);

impl Reader {
    /// `cra stats --gaps`'s intervals.
    pub fn gaps(&self) -> Gaps<'_> {
        Gaps(self)
    }
}

impl Gaps<'_> {
    /// The intervals between exams per group (or pair of groups), groups
    /// in ascending order. The selection's bank part selects banks; its
    /// exam part (exam type, rating, exam period) the exam an interval
    /// follows.
    pub fn by(&self, by: &[GroupBy], filter: &StatsFilter) -> Result<Vec<GapRow>> {
        let connection = self.0.connection();
        let Split {
            bank: (clauses, values),
            exam: (exam_clauses, exam_values),
        } = record_clauses(&filter.selection);
        let mut banks: HashMap<String, [String; 2]> = HashMap::new();
        {
            let mut statement = connection.prepare_cached(&format!(
                "SELECT {GROUPED_SQL} FROM banks{}",
                where_sql(&clauses)
            ))?;
            let at = GroupedAt::of(&statement)?;
            let mut rows = statement.query(rusqlite::params_from_iter(&values))?;
            while let Some(row) = rows.next()? {
                banks.insert(
                    row.get(at.id)?,
                    [row.get(at.state)?, row.get(at.regulator)?],
                );
            }
        }
        // Every exam in the order `due` reads a history (by date, records
        // of one date in reverse of the order served), each saying whether
        // it passes the exam part: read in one pass, bank by bank (a window
        // function over the table sorts every row first, twice the cost).
        let exam = exam_clauses;
        let passes = if exam.is_empty() {
            "1".to_string()
        } else {
            format!("({})", exam.join(" AND "))
        };
        let mut groups: BTreeMap<(String, Option<String>), Vec<i64>> = BTreeMap::new();
        let mut statement = connection.prepare_cached(&format!(
            "SELECT bank_id AS bank_id, exam_date AS exam_date, exam_type AS exam_type, \
             {passes} AS passes FROM ratings ORDER BY bank_id, exam_date, seq DESC"
        ))?;
        super::row::columns! { struct ExamAt { bank_id, exam_date, exam_type, passes } }
        let at = ExamAt::of(&statement)?;
        let mut rows = statement.query(rusqlite::params_from_iter(&exam_values))?;
        let mut current: Option<(String, Vec<Exam>)> = None;
        let mut flush = |bank: Option<(String, Vec<Exam>)>| {
            let Some((id, exams)) = bank else { return };
            let Some([state, regulator]) = banks.get(&id) else {
                return;
            };
            for pair in exams.windows(2) {
                let ((date, kind, passes), (next, _, _)) = (&pair[0], &pair[1]);
                if !passes {
                    continue;
                }
                let Some(months) = months_between(date, next) else {
                    continue;
                };
                let key = |group: GroupBy| match group {
                    GroupBy::All => "all".to_string(),
                    GroupBy::State => state.clone(),
                    GroupBy::Regulator => regulator.clone(),
                    GroupBy::Size => kind.clone().unwrap_or_default(),
                    GroupBy::Year => date.get(..4).unwrap_or(date).to_string(),
                    // Refused with --gaps (`cra stats`): a gap is between
                    // two exams, each with its own evaluation.
                    GroupBy::Test(_) | GroupBy::Rating => String::new(),
                };
                groups
                    .entry((key(by[0]), by.get(1).map(|g| key(*g))))
                    .or_default()
                    .push(months);
            }
        };
        while let Some(row) = rows.next()? {
            let id = row.get_ref(at.bank_id)?.as_str()?;
            if current.as_ref().is_none_or(|(held, _)| held != id) {
                flush(current.take());
                current = Some((id.to_string(), Vec::new()));
            }
            if let Some((_, exams)) = current.as_mut() {
                exams.push((
                    row.get(at.exam_date)?,
                    row.get(at.exam_type)?,
                    row.get::<_, i64>(at.passes)? != 0,
                ));
            }
        }
        flush(current.take());
        Ok(groups
            .into_iter()
            .map(|((group, subgroup), mut months)| {
                months.sort_unstable();
                let sum: i64 = months.iter().sum();
                GapRow {
                    group,
                    subgroup,
                    intervals: months.len() as u64,
                    mean: (sum as f64 * 10.0 / months.len() as f64).round() / 10.0,
                    percentiles: PERCENTILES.map(|p| percentile(&months, p)),
                }
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn percentiles_by_nearest_rank() {
        let v = [12, 24, 36, 48];
        assert_eq!(PERCENTILES.map(|p| percentile(&v, p)), [12, 12, 24, 36, 48]);
        assert_eq!(percentile(&[7], 90), 7);
        let ten: Vec<i64> = (1..=10).collect();
        assert_eq!(PERCENTILES.map(|p| percentile(&ten, p)), [1, 3, 5, 8, 9]);
    }

    #[test]
    fn months_are_whole_calendar_months() {
        assert_eq!(months_between("2020-01-15", "2023-01-15"), Some(36));
        assert_eq!(months_between("2020-01-15", "2023-01-14"), Some(35));
        assert_eq!(months_between("2020-01-01", "2020-01-31"), Some(0));
        assert_eq!(months_between("2020-01-01", "not a date"), None);
    }

    /// The intervals as one window function gives them (each record and
    /// the bank's next, in SQL), grouped here: the reference.
    fn reference(path: &std::path::Path, by: &[GroupBy], filter: &StatsFilter) -> Vec<GapRow> {
        let connection = rusqlite::Connection::open(path).unwrap();
        let mut statement = connection
            .prepare(
                "SELECT b.id AS id, b.state AS state, b.regulator AS regulator, \
                 r.exam_date AS exam_date, r.exam_type AS exam_type, r.rating AS rating, \
                 LEAD(r.exam_date) OVER (PARTITION BY r.bank_id ORDER BY r.exam_date, r.seq DESC) \
                 AS next FROM ratings r JOIN banks b ON b.id = r.bank_id",
            )
            .unwrap();
        let mut groups: BTreeMap<(String, Option<String>), Vec<i64>> = BTreeMap::new();
        let rows = statement
            .query_map([], |row| {
                Ok((
                    row.get::<_, String>("id")?,
                    row.get::<_, String>("state")?,
                    row.get::<_, String>("regulator")?,
                    row.get::<_, String>("exam_date")?,
                    row.get::<_, String>("exam_type")?,
                    row.get::<_, String>("rating")?,
                    row.get::<_, Option<String>>("next")?,
                ))
            })
            .unwrap();
        for row in rows {
            let (id, state, regulator, date, kind, rating, next) = row.unwrap();
            let Some(next) = next else { continue };
            let f = &filter.selection;
            let keep = filter.selection.state.as_ref().is_none_or(|s| *s == state)
                && filter.selection.size.as_ref().is_none_or(|s| *s == kind)
                && (f.regulators.is_empty() || f.regulators.contains(&regulator))
                && (f.ratings.is_empty() || f.ratings.iter().any(|r| r.as_str() == rating))
                && f.exam_since.as_ref().is_none_or(|s| date >= *s)
                && f.watch.as_ref().is_none_or(|w| w.contains(&id));
            if !keep {
                continue;
            }
            let key = |g: GroupBy| match g {
                GroupBy::All => "all".to_string(),
                GroupBy::State => state.clone(),
                GroupBy::Regulator => regulator.clone(),
                GroupBy::Size => kind.clone(),
                GroupBy::Year => date[..4].to_string(),
                GroupBy::Test(_) | GroupBy::Rating => String::new(),
            };
            groups
                .entry((key(by[0]), by.get(1).map(|g| key(*g))))
                .or_default()
                .push(months_between(&date, &next).unwrap());
        }
        groups
            .into_iter()
            .map(|((group, subgroup), mut months)| {
                months.sort_unstable();
                GapRow {
                    group,
                    subgroup,
                    intervals: months.len() as u64,
                    mean: (months.iter().sum::<i64>() as f64 * 10.0 / months.len() as f64).round()
                        / 10.0,
                    percentiles: PERCENTILES.map(|p| percentile(&months, p)),
                }
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Intervals read bank by bank are what a window function over the
        /// whole table gives, for any grouping and filters.
        #[test]
        fn gaps_are_what_a_window_function_gives(
            banks in proptest::collection::vec(
                (0usize..3, 0usize..3, 0usize..6, 0usize..3, proptest::collection::vec((1995i16..2026, 0usize..6, 0usize..3), 0..6)),
                0..25,
            ),
            first in 0usize..5, second in proptest::option::of(1usize..5),
            state in proptest::option::of(0usize..3), size in proptest::option::of(0usize..3),
            ratings in proptest::collection::vec(0usize..4, 0..2),
            regulators in proptest::collection::vec(0usize..3, 0..2),
            since in proptest::option::of(1995i16..2026),
            watched in proptest::option::of(proptest::collection::btree_set(0usize..25, 0..8)),
        ) {
            use super::super::stats::tests::{KINDS, RATING_NAMES, REGULATORS, STATES, copy_with};
            let groups = [GroupBy::All, GroupBy::State, GroupBy::Regulator, GroupBy::Size, GroupBy::Year];
            let (_dir, path) = copy_with(&banks);
            let mut by = vec![groups[first]];
            if let Some(second) = second.filter(|s| *s != first && first != 0) {
                by.push(groups[second]);
            }
            let filter = StatsFilter {
                selection: crate::domain::Selection {
                state: state.map(|s| STATES[s].to_string()),
                size: size.map(|k| KINDS[k].to_string()),
                ratings: ratings.iter().map(|r| RATING_NAMES[*r].into()).collect(),
                    regulators: regulators.iter().map(|r| REGULATORS[*r].to_string()).collect(),
                    exam_since: since.map(|y| format!("{y}-01-01")),
                    watch: watched.map(|w| w.iter().map(|i| format!("bank-{i:02}")).collect()),
                ..crate::domain::Selection::default()
                },
                exams: false,
            };
            let reader = Reader::open(&path).unwrap();
            prop_assert_eq!(reader.gaps().by(&by, &filter).unwrap(), reference(&path, &by, &filter));
        }

        #[test]
        fn a_percentile_is_a_value_with_enough_at_or_below_it(
            mut v in proptest::collection::vec(0i64..200, 1..60), p in 1u32..100
        ) {
            v.sort_unstable();
            let x = percentile(&v, p);
            prop_assert!(v.contains(&x));
            let at_or_below = v.iter().filter(|y| **y <= x).count() as u64;
            prop_assert!(at_or_below * 100 >= u64::from(p) * v.len() as u64);
            let below = v.iter().filter(|y| **y < x).count() as u64;
            prop_assert!(below * 100 < u64::from(p) * v.len() as u64);
        }
    }
}
