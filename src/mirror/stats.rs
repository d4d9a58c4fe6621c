//! `cra stats` from the local copy: banks (or, by year, rating records)
//! counted per group and subgroup, by rating. SQLite selects the rows with
//! every filter; they are counted here, in a map, since SQLite's `GROUP
//! BY` sorts every row first, which costs several times the reading.

use std::collections::{BTreeMap, HashMap};

use anyhow::Result;
use rusqlite::types::ValueRef;

use super::Reader;
use super::answers::RATINGS;
use super::clauses::{Split, Tested, record_clauses, selection_clauses, where_sql};
use crate::domain::Selection;

/// What `cra stats` groups by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupBy {
    /// One group, `all`.
    All,
    State,
    Regulator,
    /// The exam type of the bank's current rating.
    Size,
    /// Rating records (not banks) by exam year.
    Year,
    /// The rating of a test at the institution's level, in the evaluation
    /// of the exam counted (the bank's current one, or each record's),
    /// `none` where no evaluation of it was read.
    Test(crate::domain::Test),
    /// The rating counted (the bank's current one, or each record's), in
    /// the scale's order, `none` where missing.
    Rating,
}

/// Orders `rows` as people read them: a test's groups by level, best
/// first, `none` last; every other grouping's ascending (as counted).
pub fn in_order(by: &[GroupBy], rows: &mut [StatsRow]) {
    in_order_of(by, rows, |row| (&row.group, row.subgroup.as_deref()));
}

/// [`in_order`] of any rows, `keys` giving each one's group and subgroup.
pub fn in_order_of<T>(by: &[GroupBy], rows: &mut [T], keys: impl Fn(&T) -> (&str, Option<&str>)) {
    use crate::domain::Level;
    let rank = |by: Option<&GroupBy>, text: Option<&str>| match (by, text) {
        (Some(GroupBy::Test(_)), Some(text)) => {
            Level::from_text(text).map_or(Level::ALL.len(), |level| level as usize)
        }
        // The scale's ratings best first, any other after them.
        (Some(GroupBy::Rating), Some(text)) => RATINGS
            .iter()
            .position(|r| *r == text)
            .unwrap_or(RATINGS.len()),
        _ => 0,
    };
    rows.sort_by(|a, b| {
        let ((a_group, a_sub), (b_group, b_sub)) = (keys(a), keys(b));
        rank(by.first(), Some(a_group))
            .cmp(&rank(by.first(), Some(b_group)))
            .then_with(|| a_group.cmp(b_group))
            .then_with(|| rank(by.get(1), a_sub).cmp(&rank(by.get(1), b_sub)))
            .then_with(|| a_sub.cmp(&b_sub))
    });
}

/// The SQL of a bank's group (of the table `banks`, its current exam).
pub(super) fn bank_key(group: GroupBy) -> String {
    match group {
        GroupBy::All => "'all'".to_string(),
        GroupBy::State => "state".to_string(),
        GroupBy::Regulator => "regulator".to_string(),
        GroupBy::Size => "coalesce(exam_type, '')".to_string(),
        GroupBy::Year => "substr(exam_date, 1, 4)".to_string(),
        GroupBy::Test(test) => test_key(test, "banks.id", "banks.exam_date"),
        GroupBy::Rating => "coalesce(rating, 'none')".to_string(),
    }
}

/// The SQL of the test rating of the exam of `bank` and `date` (columns),
/// `none` where none was read: a grouping's key, read from the exam's PE
/// by the one rule (`record::chosen`).
fn test_key(test: crate::domain::Test, bank: &str, date: &str) -> String {
    super::record::chosen::test_key_sql(test, bank, date)
}

/// What `cra stats` counts.
#[derive(Debug, Clone, Default)]
pub struct StatsFilter {
    /// The banks; its exam part (exam type, ratings, period) is of the
    /// current rating when banks are counted, of each record when records
    /// are.
    pub selection: Selection,
    /// Rating records are counted (each by its own exam type, rating and
    /// date), not banks, whatever the grouping (`--exams`; `--by year`
    /// always counts them).
    pub exams: bool,
}

/// Counts of one group: banks by current rating (by year: records).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StatsRow {
    pub group: String,
    /// The second grouping's value (`--by A,B`).
    pub subgroup: Option<String>,
    pub total: u64,
    /// The count of each rating of the scale ([`crate::domain::Rating::SCALE`], best
    /// first), then of any other rating: the order the chart draws them.
    pub counts: [u64; RATED],
}

/// The counts of a row: one for each rating of the scale, then `other`.
pub const RATED: usize = crate::domain::Rating::SCALE.len() + 1;

impl StatsRow {
    /// The counts of `total` banks or records, `on_scale` of them for each
    /// rating of the scale: the rest is `other`.
    fn of(group: String, subgroup: Option<String>, total: u64, on_scale: &[u64]) -> StatsRow {
        let mut counts = [0; RATED];
        counts[..on_scale.len()].copy_from_slice(on_scale);
        counts[RATED - 1] = total - on_scale.iter().sum::<u64>();
        StatsRow {
            group,
            subgroup,
            total,
            counts,
        }
    }

    /// The five counts in the order the chart draws them, best first,
    /// `other` last.
    pub fn counts(&self) -> [u64; RATED] {
        self.counts
    }
}

/// Counts by group and subgroup, in ascending order of both (bytes, as
/// SQLite's `BINARY`): the total, then the four ratings.
type Tally = BTreeMap<(String, Option<String>), [u64; 5]>;

/// Adds one bank or record to its group's counts.
fn count(tally: &mut Tally, key: (String, Option<String>), rating: ValueRef) {
    add(tally.entry(key).or_default(), rating);
}

/// Adds one bank or record of `rating` to counts.
fn add(counts: &mut [u64; 5], rating: ValueRef) {
    counts[0] += 1;
    if let ValueRef::Text(text) = rating
        && let Some(place) = RATINGS.iter().position(|r| r.as_bytes() == text)
    {
        counts[place + 1] += 1;
    }
}

/// A bank's id and the groups `stats` and `--gaps` read of it, as
/// [`GroupedAt`] names them.
pub(super) const GROUPED_SQL: &str = "id AS id, state AS state, regulator AS regulator";

super::row::columns! {
    /// Where a statement has the columns of [`GROUPED_SQL`].
    pub(super) struct GroupedAt { id, state, regulator }
}

/// Group values, each kept once and known by its number.
#[derive(Default)]
struct Names {
    texts: Vec<String>,
    numbers: HashMap<Vec<u8>, u32>,
    last: Option<u32>,
}

impl Names {
    /// The number of `text` (its bytes as SQLite holds them).
    fn number(&mut self, text: &[u8]) -> u32 {
        if let Some(last) = self.last
            && self.texts[last as usize].as_bytes() == text
        {
            return last;
        }
        let number = match self.numbers.get(text) {
            Some(number) => *number,
            None => {
                let number = self.texts.len() as u32;
                self.texts.push(String::from_utf8_lossy(text).into_owned());
                self.numbers.insert(text.to_vec(), number);
                number
            }
        };
        self.last = Some(number);
        number
    }

    fn text(&self, number: u32) -> String {
        self.texts[number as usize].clone()
    }
}

/// `cra stats`'s counts: [`Reader::stats`].
pub struct Stats<'r>(&'r Reader);

impl Reader {
    /// `cra stats`'s counts.
    pub fn stats(&self) -> Stats<'_> {
        Stats(self)
    }
}

impl Stats<'_> {
    /// Counts per group, groups in ascending order. Banks are counted by
    /// their current rating (none counts as `other`); `--by year` counts
    /// rating records by exam year. Without a grouping there is always one
    /// row, `all`, even when nothing matches.
    pub fn by_one(&self, by: GroupBy, filter: &StatsFilter) -> Result<Vec<StatsRow>> {
        self.by(&[by], filter)
    }

    /// Counts per pair of groups (`--by year,regulator`), or per group when
    /// `by` has one; in ascending order of the first, then the second. With
    /// `year` among them, or `exams`, rating records are counted (their own
    /// rating, exam type and date), else banks.
    pub fn by(&self, by: &[GroupBy], filter: &StatsFilter) -> Result<Vec<StatsRow>> {
        let by: Vec<GroupBy> = if by.is_empty() {
            vec![GroupBy::All]
        } else {
            by.to_vec()
        };
        let tally = if filter.exams || by.contains(&GroupBy::Year) {
            self.tally_records(&by, filter)?
        } else {
            self.tally_banks(&by, filter)?
        };
        let mut rows: Vec<StatsRow> = tally
            .into_iter()
            .map(|((group, subgroup), counts)| {
                StatsRow::of(group, subgroup, counts[0], &counts[1..])
            })
            .collect();
        if by[0] == GroupBy::All && rows.is_empty() {
            rows.push(StatsRow {
                group: "all".to_string(),
                ..StatsRow::default()
            });
        }
        in_order(by.as_slice(), &mut rows);
        Ok(rows)
    }

    /// How many banks of `selection` ended (merged, failed, closed), as
    /// BankFind's history says: counted by their last rating wherever
    /// banks are counted (`stats`, the report), which says so. None when
    /// the copy never read the history.
    pub fn ended_among(&self, selection: &crate::domain::Selection) -> Result<Option<u64>> {
        if self.0.record().enriched_at()?.is_none() || !self.0.events().any()? {
            return Ok(None);
        }
        let (clauses, values) = selection_clauses(selection, &Tested::BANKS_AS_B);
        let more: String = clauses.iter().map(|c| format!(" AND {c}")).collect();
        let sql = format!(
            "SELECT count(*) FROM banks b WHERE EXISTS (SELECT 1 FROM links k JOIN events e \
             ON e.fdic_cert = k.fdic_cert WHERE k.bank_id = b.id AND e.kind IN {}){more}",
            super::record::events::ENDINGS
        );
        let count: i64 =
            self.0
                .connection()
                .query_row(&sql, rusqlite::params_from_iter(&values), |row| row.get(0))?;
        Ok(Some(u64::try_from(count).unwrap_or(0)))
    }

    /// Banks, by their current rating: one read of a covering index.
    fn tally_banks(&self, by: &[GroupBy], filter: &StatsFilter) -> Result<Tally> {
        let key = bank_key;
        let (clauses, values) = selection_clauses(&filter.selection, &Tested::BANKS);
        let sql = format!(
            "SELECT {} AS first_group, {} AS second_group, rating AS rating FROM banks{}",
            key(by[0]),
            by.get(1).map_or("NULL".to_string(), |g| key(*g)),
            where_sql(&clauses)
        );
        super::row::columns! { struct BankAt { first_group, second_group, rating } }
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(&sql)?;
        let at = BankAt::of(&statement)?;
        let mut selected = statement.query(rusqlite::params_from_iter(&values))?;
        let mut tally = Tally::new();
        while let Some(row) = selected.next()? {
            let key = (row.get(at.first_group)?, row.get(at.second_group)?);
            count(&mut tally, key, row.get_ref(at.rating)?);
        }
        Ok(tally)
    }

    /// Rating records, by their own rating, exam type and date, grouped
    /// with their bank's state or regulator. The banks the filters keep
    /// are read first (a covering index) into a map by id, then the
    /// records the filters keep, in the table's order: two reads in order,
    /// where a join would search one for every row of the other (three
    /// times the cost).
    fn tally_records(&self, by: &[GroupBy], filter: &StatsFilter) -> Result<Tally> {
        let connection = self.0.connection();
        // The bank's part of the selection.
        let Split {
            bank: (clauses, values),
            exam: (exam_clauses, exam_values),
        } = record_clauses(&filter.selection);
        // Group values are few (states, regulators, years): each is kept
        // once and a row carries their numbers.
        let mut names = Names::default();
        let mut banks: HashMap<String, [u32; 2]> = HashMap::new();
        {
            let mut statement = connection.prepare_cached(&format!(
                "SELECT {GROUPED_SQL} FROM banks{}",
                where_sql(&clauses)
            ))?;
            let at = GroupedAt::of(&statement)?;
            let mut rows = statement.query(rusqlite::params_from_iter(&values))?;
            while let Some(row) = rows.next()? {
                let state = names.number(row.get_ref(at.state)?.as_bytes()?);
                let regulator = names.number(row.get_ref(at.regulator)?.as_bytes()?);
                banks.insert(row.get(at.id)?, [state, regulator]);
            }
        }
        // The record's part: exam type, ratings, exam period (the columns of
        // `ratings` are named as those of `banks`).
        let (clauses, values) = (exam_clauses, exam_values);
        // The exam type only when a grouping reads it.
        let size = if by.contains(&GroupBy::Size) {
            "exam_type"
        } else {
            "NULL"
        };
        // Each record's test ratings, when a grouping reads them.
        let tests: Vec<String> = (0..2)
            .map(|n| match by.get(n) {
                Some(GroupBy::Test(test)) => {
                    test_key(*test, "ratings.bank_id", "ratings.exam_date")
                }
                _ => "NULL".to_string(),
            })
            .collect();
        let mut statement = connection.prepare_cached(&format!(
            "SELECT bank_id AS bank_id, substr(exam_date, 1, 4) AS year, {size} AS size, \
             rating AS rating, {} AS first_test, {} AS second_test FROM ratings{}",
            tests[0],
            tests[1],
            where_sql(&clauses)
        ))?;
        super::row::columns! {
            struct RecordAt { bank_id, year, size, rating, first_test, second_test }
        }
        let at = RecordAt::of(&statement)?;
        let test_at = [at.first_test, at.second_test];
        let mut rows = statement.query(rusqlite::params_from_iter(&values))?;
        let all = names.number(b"all");
        // Counts by the numbers of group and subgroup; a bank's records
        // come together, so its entry is looked up once.
        let mut counts: HashMap<(u32, u32), [u64; 5]> = HashMap::new();
        let mut last: Option<(Vec<u8>, Option<[u32; 2]>)> = None;
        while let Some(row) = rows.next()? {
            let id = row.get_ref(at.bank_id)?.as_bytes()?;
            let bank = match &last {
                Some((last_id, bank)) if last_id.as_slice() == id => *bank,
                _ => {
                    let bank = std::str::from_utf8(id)
                        .ok()
                        .and_then(|id| banks.get(id).copied());
                    last = Some((id.to_vec(), bank));
                    bank
                }
            };
            let Some([state, regulator]) = bank else {
                continue;
            };
            let mut key = |group: GroupBy, n: usize| -> rusqlite::Result<u32> {
                Ok(match group {
                    GroupBy::All => all,
                    GroupBy::State => state,
                    GroupBy::Regulator => regulator,
                    GroupBy::Size => names.number(row.get_ref(at.size)?.as_bytes()?),
                    GroupBy::Year => names.number(row.get_ref(at.year)?.as_bytes()?),
                    GroupBy::Test(_) => names.number(row.get_ref(test_at[n])?.as_bytes()?),
                    GroupBy::Rating => match row.get_ref(at.rating)? {
                        ValueRef::Null => names.number(b"none"),
                        rating => names.number(rating.as_bytes()?),
                    },
                })
            };
            let first = key(by[0], 0)?;
            let second = by
                .get(1)
                .map(|g| key(*g, 1))
                .transpose()?
                .unwrap_or(u32::MAX);
            let entry = counts.entry((first, second)).or_default();
            add(entry, row.get_ref(at.rating)?);
        }
        let mut tally = Tally::new();
        for ((first, second), numbers) in counts {
            let key = (
                names.text(first),
                (second != u32::MAX).then(|| names.text(second)),
            );
            let total = tally.entry(key).or_default();
            for (sum, n) in total.iter_mut().zip(numbers) {
                *sum += n;
            }
        }
        Ok(tally)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use proptest::prelude::*;
    use rusqlite::Connection;

    const GROUPS: [GroupBy; 8] = [
        GroupBy::Rating,
        GroupBy::All,
        GroupBy::State,
        GroupBy::Regulator,
        GroupBy::Size,
        GroupBy::Year,
        GroupBy::Test(crate::domain::Test::Lending),
        GroupBy::Test(crate::domain::Test::Service),
    ];

    /// The counts as one `GROUP BY` statement gives them (how `stats`
    /// counted before it counted in a map): the reference.
    fn grouped(connection: &Connection, by: &[GroupBy], filter: &StatsFilter) -> Vec<StatsRow> {
        let records = filter.exams || by.contains(&GroupBy::Year);
        let (from, rating, size, date) = if records {
            (
                "ratings r JOIN banks b ON b.id = r.bank_id",
                "r.rating",
                "r.exam_type",
                "r.exam_date",
            )
        } else {
            ("banks b", "b.rating", "b.exam_type", "b.exam_date")
        };
        let key = |group: GroupBy| match group {
            GroupBy::All => "'all'".to_string(),
            GroupBy::State => "b.state".to_string(),
            GroupBy::Regulator => "b.regulator".to_string(),
            GroupBy::Size => format!("coalesce({size}, '')"),
            GroupBy::Year => "substr(r.exam_date, 1, 4)".to_string(),
            GroupBy::Test(test) => test_key(test, "b.id", date),
            GroupBy::Rating => format!("coalesce({rating}, 'none')"),
        };
        let (clauses, values) = selection_clauses(
            &filter.selection,
            &Tested {
                id: "b.id",
                name: "b.name",
                city: "b.city",
                state: "b.state",
                regulator: "b.regulator",
                rating,
                exam_date: date,
                exam_type: size,
                seek_public: false,
            },
        );
        let counts: String = RATINGS
            .iter()
            .enumerate()
            .map(|(i, r)| format!(", count(*) FILTER (WHERE {rating} = '{r}') AS rated_{i}"))
            .collect();
        let second = by.get(1).map_or("NULL".to_string(), |g| key(*g));
        let sql = format!(
            "SELECT {} AS g, {second} AS s, count(*) AS total{counts} FROM {from}{} \
             GROUP BY g, s ORDER BY g, s",
            key(by[0]),
            where_sql(&clauses)
        );
        let mut statement = connection.prepare(&sql).unwrap();
        let rows = statement
            .query_map(rusqlite::params_from_iter(&values), |row| {
                let n = |name: &str| row.get::<_, i64>(name).map(|n| n as u64);
                let four = [n("rated_0")?, n("rated_1")?, n("rated_2")?, n("rated_3")?];
                Ok(StatsRow::of(
                    row.get("g")?,
                    row.get("s")?,
                    n("total")?,
                    &four,
                ))
            })
            .unwrap();
        let mut rows: Vec<StatsRow> = rows.map(Result::unwrap).collect();
        if by[0] == GroupBy::All && rows.is_empty() {
            rows.push(StatsRow {
                group: "all".into(),
                ..StatsRow::default()
            });
        }
        rows
    }

    pub const STATES: [&str; 3] = ["TX", "VT", "AK"];
    pub const REGULATORS: [&str; 3] = ["OCC", "FDIC", "occ"];
    pub const RATING_NAMES: [&str; 6] = [
        "Outstanding",
        "Satisfactory",
        "Needs to Improve",
        "Substantial Noncompliance",
        "Pending",
        "",
    ];
    pub const KINDS: [&str; 3] = ["Small Bank", "Large Bank", ""];

    /// A bank of a test copy: state, regulator, current rating (5: none)
    /// and exam type, by their places in the lists above, and its history
    /// (year, rating, exam type; each exam on June 30th).
    pub type TestBank = (usize, usize, usize, usize, Vec<(i16, usize, usize)>);

    /// The evaluation `sha256` of the exam of `bank` on `date`, read.
    fn evaluated(connection: &Connection, sha256: &str, bank: &str, date: &str) {
        connection
            .execute(
                "INSERT OR IGNORE INTO evaluations (sha256, source, bank_id, exam_date, kind, read_at) \
                 VALUES (?1, 'pe.pdf', ?2, ?3, 'large', '2026-01-01')",
                rusqlite::params![sha256, bank, date],
            )
            .unwrap();
    }

    /// A local copy holding `banks` (ids `bank-00`, `bank-01`...).
    pub fn copy_with(banks: &[TestBank]) -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("mirror.sqlite");
        super::super::write::Writer::open(&path, "http://127.0.0.1:1/", false).unwrap();
        let connection = Connection::open(&path).unwrap();
        for (i, (state, regulator, rating, kind, history)) in banks.iter().enumerate() {
            let id = format!("bank-{i:02}");
            connection.execute(
                "INSERT INTO banks (id, position, name, city, state, regulator, rating, exam_date, exam_type, \
                 list_json, detail_json, first_sync, listed_sync, fetched_sync) \
                 VALUES (?1, ?2, 'A BANK', 'AUSTIN', ?3, ?4, ?5, '2020-01-02', ?6, '{}', '{}', 1, 1, 1)",
                rusqlite::params![id, i as i64, STATES[*state], REGULATORS[*regulator],
                    (*rating < 5).then_some(RATING_NAMES[*rating]), KINDS[*kind]],
            ).unwrap();
            for (seq, (year, rating, kind)) in history.iter().enumerate() {
                connection.execute(
                    "INSERT INTO ratings (bank_id, seq, exam_date, rating, exam_type, is_current, added_sync) \
                     VALUES (?1, ?2, ?3, ?4, ?5, 0, 1)",
                    rusqlite::params![id, seq as i64, format!("{year}-06-30"), RATING_NAMES[*rating], KINDS[*kind]],
                ).unwrap();
                // An evaluation read of some exams: its lending test, and
                // a state's (never counted).
                let levels = ["High Satisfactory", "Low Satisfactory"];
                if year % 3 != 2 {
                    connection.execute(
                        "INSERT INTO evaluation_tests (sha256, bank_id, exam_date, area, test, rating) \
                         VALUES (?1, ?2, ?3, 'institution', 'lending', ?4), (?1, ?2, ?3, 'TX', 'service', ?4)",
                        rusqlite::params![format!("{id}-{seq}"), id, format!("{year}-06-30"), levels[(*year % 3) as usize]],
                    ).unwrap();
                    evaluated(
                        &connection,
                        &format!("{id}-{seq}"),
                        &id,
                        &format!("{year}-06-30"),
                    );
                }
            }
            if history.len() % 2 == 1 {
                // The current exam's, when the history has it not.
                connection.execute(
                    "INSERT OR IGNORE INTO evaluation_tests (sha256, bank_id, exam_date, area, test, rating) \
                     VALUES (?1, ?2, '2020-01-02', 'institution', 'service', 'Outstanding')",
                    rusqlite::params![format!("{id}-now"), id],
                ).unwrap();
                evaluated(&connection, &format!("{id}-now"), &id, "2020-01-02");
            }
        }
        (dir, path)
    }

    /// A test's groups read best first, `none` last; others as counted.
    #[test]
    fn a_tests_groups_are_in_the_order_of_its_levels() {
        let row = |group: &str, subgroup: Option<&str>| StatsRow {
            group: group.into(),
            subgroup: subgroup.map(str::to_string),
            ..StatsRow::default()
        };
        let lending = GroupBy::Test(crate::domain::Test::Lending);
        let mut rows = vec![
            row("Low Satisfactory", None),
            row("Outstanding", None),
            row("none", None),
            row("High Satisfactory", None),
        ];
        in_order(&[lending], &mut rows);
        let groups: Vec<&str> = rows.iter().map(|r| r.group.as_str()).collect();
        assert_eq!(
            groups,
            [
                "Outstanding",
                "High Satisfactory",
                "Low Satisfactory",
                "none"
            ]
        );
        let mut rows = vec![
            row("TX", Some("none")),
            row("OK", Some("Satisfactory")),
            row("TX", Some("Outstanding")),
        ];
        in_order(&[GroupBy::State, lending], &mut rows);
        let pairs: Vec<(&str, Option<&str>)> = rows
            .iter()
            .map(|r| (r.group.as_str(), r.subgroup.as_deref()))
            .collect();
        assert_eq!(
            pairs,
            [
                ("OK", Some("Satisfactory")),
                ("TX", Some("Outstanding")),
                ("TX", Some("none"))
            ]
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// Counted in a map, the groups, subgroups and counts are what
        /// SQLite's `GROUP BY` gives, for any grouping and filters.
        #[test]
        fn counts_are_what_group_by_gives(
            banks in proptest::collection::vec(
                (0usize..3, 0usize..3, 0usize..6, 0usize..3, proptest::collection::vec((2015i16..2026, 0usize..6, 0usize..3), 0..4)),
                0..30,
            ),
            first in 0usize..7, second in proptest::option::of(1usize..7),
            state in proptest::option::of(0usize..3), size in proptest::option::of(0usize..3),
            ratings in proptest::collection::vec(0usize..4, 0..2),
            regulators in proptest::collection::vec(0usize..3, 0..2),
            since in proptest::option::of(2015i16..2026),
            exams in any::<bool>(),
            watched in proptest::option::of(proptest::collection::btree_set(0usize..30, 0..8)),
        ) {
            let (states, regulators_, rating_names, kinds) = (STATES, REGULATORS, RATING_NAMES, KINDS);
            let (_dir, path) = copy_with(&banks);
            let connection = Connection::open(&path).unwrap();
            let mut by = vec![GROUPS[first]];
            if let Some(second) = second.filter(|s| *s != first && first != 0) {
                by.push(GROUPS[second]);
            }
            let filter = StatsFilter {
                selection: crate::domain::Selection {
                state: state.map(|s| states[s].to_string()),
                size: size.map(|k| kinds[k].to_string()),
                ratings: ratings.iter().map(|r| rating_names[*r].into()).collect(),
                    regulators: regulators.iter().map(|r| regulators_[*r].to_string()).collect(),
                    exam_since: since.map(|y| format!("{y}-01-01")),
                    watch: watched.map(|w| w.iter().map(|i| format!("bank-{i:02}")).collect()),
                ..crate::domain::Selection::default()
                },
                exams,
            };
            let reader = Reader::open(&path).unwrap();
            let mut expected = grouped(&connection, &by, &filter);
            in_order(&by, &mut expected);
            prop_assert_eq!(reader.stats().by(&by, &filter).unwrap(), expected);
        }
    }
}
