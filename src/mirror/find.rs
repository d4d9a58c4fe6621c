//! Finding banks in the local copy as the official search does: a whole
//! [`Selection`] (the list's filters, ratings, regulators, city, exam
//! period, watch lists, failing exams, the public record, the order) in
//! one statement, its clauses from the copy's one clause builder
//! (`mirror::clauses`), as every other reader's. The selection and the
//! order are read from one covering index (`banks_find`, about a tenth of
//! a bank's row); only the page's rows are then read for their JSON. Same
//! rows, same order as the service's banks tested and sorted by
//! [`Selection::matches`] and [`Selection::compare`].

use anyhow::Result;
use rusqlite::types::Value as SqlValue;

use super::Reader;
use super::clauses::{Tested, clause, public_tests, rating_rank_sql};
use crate::domain::model::{self, Bank};
use crate::domain::{Selection, SortField};

/// How a find reads the public record's filter, decided from how many
/// banks it selects (a count of `links` by its index, before the query):
/// few are looked up by id; many are tested as an index is read in the
/// page's order (for the service's order, `banks_position` itself, which
/// finds a page of them after a few rows). And when the filter is all that
/// selects, its count is the count of the find (every link is of a bank of
/// the copy: a sync drops a removed bank's link in the same transaction).
#[derive(Debug, Clone, Copy, Default)]
struct Reading {
    seek: bool,
    walk_position: bool,
    count: Option<u64>,
}

impl Reading {
    /// The columns of `banks`, the public record's banks read as decided.
    fn tested(self) -> Tested<'static> {
        if self.seek {
            Tested::BANKS_SEEKING
        } else {
            Tested::BANKS
        }
    }
}

/// Of the banks a filter of the public record selects, at least this share
/// of the copy's are many.
const MANY: i64 = 16;

/// A sort key as SQL over the `banks` columns.
pub(super) fn key_sql(field: SortField) -> String {
    match field {
        SortField::Rating => rating_rank_sql("rating"),
        other => other.name().to_string(),
    }
}

/// The statement of a page of found banks, and its values (offset and
/// limit last). The inner query selects and orders from the covering
/// index; the outer one reads the page's JSON and keeps that order.
fn page_sql(selection: &Selection, reading: Reading) -> (String, Vec<SqlValue>) {
    ordered_sql(selection, reading, true)
}

/// [`page_sql`] (`page`), or the rows of every bank found in order, with
/// no page (and no JSON) read.
fn ordered_sql(selection: &Selection, reading: Reading, page: bool) -> (String, Vec<SqlValue>) {
    let find = selection;
    let (filter, values) = clause(selection, &reading.tested());
    let mut inner_keys = Vec::new();
    let mut outer_keys = Vec::new();
    for (i, key) in find.sort.iter().enumerate() {
        let direction = if key.descending { " DESC" } else { "" };
        inner_keys.push((
            format!("{} AS k{i}", key_sql(key.field)),
            format!("k{i}{direction}"),
        ));
        outer_keys.push(format!("m.k{i}{direction}"));
    }
    let selected: String = inner_keys
        .iter()
        .map(|(select, _)| format!(", {select}"))
        .collect();
    let mut order: Vec<String> = inner_keys.into_iter().map(|(_, order)| order).collect();
    // `+position`: ordering by the bare column would let SQLite walk
    // `banks_position` (every row, JSON and all) to skip a sort of the few
    // rows selected; unless many are selected by an id test, which that
    // walk meets after a few rows.
    let position = if reading.walk_position && find.sort.is_empty() {
        "position"
    } else {
        "+position"
    };
    order.extend([position.to_string(), "rowid".to_string()]);
    outer_keys.extend(["m.p".to_string(), "m.r".to_string()]);
    let sql = if page {
        format!(
            "WITH m AS (SELECT rowid AS r, position AS p{selected} FROM banks{filter} \
             ORDER BY {} LIMIT ? OFFSET ?) \
             SELECT b.list_json FROM m CROSS JOIN banks b ON b.rowid = m.r ORDER BY {}",
            order.join(", "),
            outer_keys.join(", ")
        )
    } else {
        format!(
            "SELECT rowid{selected} FROM banks{filter} ORDER BY {}",
            order.join(", ")
        )
    };
    (sql, values)
}

/// The distinct regulators, each found by a seek past the one before.
const REGULATORS_SQL: &str = "WITH RECURSIVE r(x) AS (SELECT min(regulator) FROM banks \
     UNION ALL SELECT (SELECT min(regulator) FROM banks WHERE regulator > r.x) FROM r WHERE r.x IS NOT NULL) \
     SELECT x FROM r WHERE x IS NOT NULL";

/// The banks a selection finds, and the ids the copy holds:
/// [`Reader::banks`].
pub struct Banks<'r>(&'r Reader);

impl Reader {
    /// The banks a selection finds, and the ids the copy holds.
    pub fn banks(&self) -> Banks<'_> {
        Banks(self)
    }
}

impl Banks<'_> {
    /// Up to `limit` ids that start with `prefix` (ignoring ASCII case), in
    /// id order: a short id's banks.
    pub fn ids_starting_with(&self, prefix: &str, limit: u64) -> Result<Vec<String>> {
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(
            "SELECT id FROM banks WHERE lower(substr(id, 1, length(?1))) = lower(?1) ORDER BY id LIMIT ?2",
        )?;
        let rows = statement.query_map(
            rusqlite::params![prefix, i64::try_from(limit).unwrap_or(i64::MAX)],
            |row| row.get::<_, String>(0),
        )?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    /// Those of `ids` the copy does not hold, in their order (a watch
    /// list's banks that are gone).
    pub fn missing_ids(&self, ids: &[String]) -> Result<Vec<String>> {
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(
            "SELECT j.value FROM json_each(?1) j WHERE NOT EXISTS (SELECT 1 FROM banks b WHERE b.id = j.value) ORDER BY j.key",
        )?;
        let rows =
            statement.query_map([serde_json::to_string(ids)?], |row| row.get::<_, String>(0))?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    /// The regulators the copy holds, each spelling once, in order: one
    /// seek of `banks_regulator` for each (a loose index scan), not a read
    /// of every bank.
    pub fn regulators(&self) -> Result<Vec<String>> {
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(REGULATORS_SQL)?;
        let rows = statement.query_map([], |row| row.get::<_, String>(0))?;
        Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
    }

    /// How a find reads its public record's filter.
    fn reading(&self, selection: &Selection) -> Result<Reading> {
        let Some((tests, values)) = super::record::links_where(&public_tests(selection)) else {
            return Ok(Reading::default());
        };
        let connection = self.0.connection();
        let selected: i64 = connection
            .prepare_cached(&format!("SELECT count(*) FROM links WHERE {tests}"))?
            .query_row(rusqlite::params_from_iter(&values), |row| row.get(0))?;
        // The largest rowid: the number of banks, near enough to compare.
        let banks: i64 = connection
            .prepare_cached("SELECT coalesce(max(rowid), 0) FROM banks")?
            .query_row([], |row| row.get(0))?;
        let many = selected.saturating_mul(MANY) >= banks;
        let mut rest = selection.clone();
        (rest.assets, rest.exam_methods, rest.active) = (None, Vec::new(), None);
        let alone = clause(&rest, &Tested::BANKS).0.is_empty();
        Ok(Reading {
            seek: !many,
            walk_position: many,
            count: alone.then_some(selected.max(0) as u64),
        })
    }

    /// How many banks `selection` selects.
    pub fn found(&self, selection: &Selection) -> Result<u64> {
        let reading = self.reading(selection)?;
        if let Some(count) = reading.count {
            return Ok(count);
        }
        let (filter, values) = clause(selection, &reading.tested());
        let total: i64 = self
            .0
            .connection()
            .prepare_cached(&format!("SELECT count(*) FROM banks{filter}"))?
            .query_row(rusqlite::params_from_iter(&values), |row| row.get(0))?;
        Ok(total.max(0) as u64)
    }

    /// The banks `selection` selects, in its order (ties in the service's),
    /// `limit` of them after the first `offset`.
    /// Every bank `selection` selects, as the rows of `banks` in the
    /// selection's order: a few bytes a bank, whatever the banks hold, for
    /// a reader that then reads them a page at a time ([`Banks::at`]:
    /// `export` of a selection, in memory that does not grow with it).
    pub fn found_rows(&self, selection: &Selection) -> Result<Vec<i64>> {
        let (sql, values) = ordered_sql(selection, self.reading(selection)?, false);
        let connection = self.0.connection();
        let mut statement = connection.prepare(&sql)?;
        let rows = statement.query_map(rusqlite::params_from_iter(&values), |row| row.get(0))?;
        Ok(rows.collect::<rusqlite::Result<Vec<i64>>>()?)
    }

    /// The banks of these rows of `banks`, in the order given (rows since
    /// removed are skipped).
    pub fn at(&self, rows: &[i64]) -> Result<Vec<Bank>> {
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(
            "SELECT rowid AS r, list_json AS list_json FROM banks \
             WHERE rowid IN (SELECT value FROM json_each(?))",
        )?;
        let wanted = serde_json::to_string(rows)?;
        super::row::columns! { struct StoredAt { r, list_json } }
        let at = StoredAt::of(&statement)?;
        let mut found: std::collections::HashMap<i64, String> = statement
            .query_map([wanted], |row| Ok((row.get(at.r)?, row.get(at.list_json)?)))?
            .collect::<rusqlite::Result<_>>()?;
        let mut banks = Vec::with_capacity(rows.len());
        for row in rows {
            if let Some(json) = found.remove(row) {
                banks.push(model::stored_bank(json).map_err(|e| self.misfit(&e))?);
            }
        }
        Ok(banks)
    }

    /// A bank of the copy that does not fit the documented shape.
    fn misfit(&self, error: &impl std::fmt::Display) -> anyhow::Error {
        anyhow::anyhow!(
            "the local copy {} holds a bank that does not fit the documented shape (data.{error}); run cra sync --full",
            self.0.path().display()
        )
    }

    pub fn find(&self, selection: &Selection, offset: u64, limit: u64) -> Result<Vec<Bank>> {
        let (sql, mut values) = page_sql(selection, self.reading(selection)?);
        values.push(i64::try_from(limit).unwrap_or(i64::MAX).into());
        values.push(i64::try_from(offset).unwrap_or(i64::MAX).into());
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(&sql)?;
        let mut rows = statement.query(rusqlite::params_from_iter(&values))?;
        let mut banks = Vec::new();
        while let Some(row) = rows.next()? {
            let bank = model::stored_bank(row.get_ref(0)?.as_str()?.to_string())
                .map_err(|e| self.misfit(&e))?;
            banks.push(bank);
        }
        Ok(banks)
    }
}

#[cfg(test)]
mod tests {
    use super::super::clauses::{contains_clause, selection_clauses};
    use super::*;
    use crate::domain::{AssetRange, Rating, SortKey};
    use rusqlite::Connection;

    /// A selection of `find` alone, or in a state.
    fn of(find: &Selection, state: Option<&str>) -> Selection {
        Selection {
            state: state.map(str::to_string),
            ..find.clone()
        }
    }

    /// The plan SQLite picks for `sql` on an empty copy with every index.
    fn plan(sql: &str, values: &[SqlValue]) -> String {
        let mut connection = Connection::open_in_memory().unwrap();
        crate::mirror::schema::create(&mut connection).unwrap();
        connection
            .create_scalar_function("cra_name_contains", 2, Default::default(), |_| Ok(true))
            .unwrap();
        let mut statement = connection
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .unwrap();
        let mut values = values.to_vec();
        while values.len() < statement.parameter_count() {
            values.push(SqlValue::Integer(10));
        }
        statement
            .query_map(rusqlite::params_from_iter(&values), |row| {
                row.get::<_, String>("detail")
            })
            .unwrap()
            .collect::<rusqlite::Result<Vec<_>>>()
            .unwrap()
            .join("; ")
    }

    fn finds() -> Vec<(&'static str, Selection)> {
        let mut all = vec![];
        let base = Selection::default();
        all.push((
            "rating",
            Selection {
                ratings: vec![Rating::Outstanding, Rating::Satisfactory],
                ..base.clone()
            },
        ));
        all.push((
            "regulator",
            Selection {
                regulators: vec!["OCC".into()],
                ..base.clone()
            },
        ));
        all.push((
            "city",
            Selection {
                city: Some("austin".into()),
                ..base.clone()
            },
        ));
        all.push((
            "period",
            Selection {
                exam_since: Some("2022-01-01".into()),
                exam_until: Some("2023-12-31".into()),
                ..base.clone()
            },
        ));
        all.push((
            "sort",
            Selection {
                sort: vec![
                    SortKey {
                        field: SortField::ExamDate,
                        descending: true,
                    },
                    SortKey {
                        field: SortField::Rating,
                        descending: false,
                    },
                ],
                ..base.clone()
            },
        ));
        all.push((
            "public record",
            Selection {
                assets: Some(AssetRange {
                    low: Some(250_000_000),
                    high: Some(1_000_000_000),
                }),
                ..base.clone()
            },
        ));
        all.push((
            "everything",
            Selection {
                ratings: vec!["Needs to Improve".into()],
                regulators: vec!["FDIC".into(), "OCC".into()],
                city: Some("a".into()),
                exam_since: Some("2022-01-01".into()),
                exam_until: None,
                sort: vec![SortKey {
                    field: SortField::Name,
                    descending: false,
                }],
                ..Selection::default()
            },
        ));
        all
    }

    #[test]
    fn every_filter_and_sort_is_read_from_a_covering_index() {
        for (what, find) in finds() {
            for selection in [of(&find, None), of(&find, Some("TX"))] {
                let (sql, values) = page_sql(&selection, Reading::default());
                let page_plan = plan(&sql, &values);
                // The selection and the order from an index (a covering
                // one, or a state's or size's); the rows themselves only by
                // rowid, for the page's JSON: never a scan of the table.
                assert!(
                    page_plan.contains("SEARCH banks USING ")
                        || page_plan.contains("SCAN banks USING COVERING INDEX banks_"),
                    "{what}: {page_plan}"
                );
                assert!(
                    page_plan.contains("SEARCH b USING INTEGER PRIMARY KEY (rowid=?)"),
                    "{what}: {page_plan}"
                );
                assert!(
                    !page_plan.contains("SCAN banks;") && !page_plan.ends_with("SCAN banks"),
                    "{what}: {page_plan}"
                );
                // Not each bank of a wide selection looked up by id and
                // its row read to order them.
                assert!(
                    !page_plan.contains("sqlite_autoindex_banks_1 (id=?)"),
                    "{what}: {page_plan}"
                );
                let (filter, values) = clause(&selection, &Tested::BANKS);
                let count = plan(&format!("SELECT count(*) FROM banks{filter}"), &values);
                assert!(
                    count.contains("SEARCH banks USING ") || count.contains("COVERING INDEX"),
                    "{what} count: {count}"
                );
            }
        }
        // A rating is a search of the index, not a scan of it.
        let (sql, values) = page_sql(&of(&finds()[0].1, None), Reading::default());
        assert!(
            plan(&sql, &values).contains("SEARCH banks USING COVERING INDEX banks_find (rating=?)")
        );
    }

    #[test]
    fn regulators_seek_their_index_and_name_order_needs_no_sort_of_every_bank() {
        let regulators = plan(REGULATORS_SQL, &[]);
        assert!(
            regulators.contains("SEARCH banks USING COVERING INDEX banks_regulator (regulator>?)"),
            "{regulators}"
        );
        assert!(!regulators.contains("SCAN banks"), "{regulators}");
        let by_name = Selection {
            sort: vec![SortKey {
                field: SortField::Name,
                descending: false,
            }],
            ..Selection::default()
        };
        let (sql, values) = page_sql(&of(&by_name, None), Reading::default());
        let page = plan(&sql, &values);
        assert!(
            page.starts_with("CO-ROUTINE m; SCAN banks USING COVERING INDEX banks_name; USE TEMP B-TREE FOR LAST 2 TERMS"),
            "{page}"
        );
        let period = Selection {
            regulators: vec!["OCC".into(), "FRB".into()],
            exam_since: Some("2024-11-24".into()),
            ..Selection::default()
        };
        let (filter, values) = clause(&of(&period, None), &Tested::BANKS);
        let count = plan(&format!("SELECT count(*) FROM banks{filter}"), &values);
        assert!(
            count.contains(
                "SEARCH banks USING COVERING INDEX banks_regulator (regulator=? AND exam_date>?)"
            ),
            "{count}"
        );
    }

    #[test]
    fn few_banks_of_the_public_record_are_looked_up_and_many_met_in_order() {
        let find = finds()
            .into_iter()
            .find(|(what, _)| *what == "public record")
            .unwrap()
            .1;
        let few = Reading {
            seek: true,
            ..Reading::default()
        };
        let (sql, values) = page_sql(&of(&find, None), few);
        let page = plan(&sql, &values);
        assert!(
            page.contains("SEARCH banks USING INDEX sqlite_autoindex_banks_1 (id=?)"),
            "{page}"
        );
        let many = Reading {
            walk_position: true,
            ..Reading::default()
        };
        let (sql, values) = page_sql(&of(&find, None), many);
        let page = plan(&sql, &values);
        assert!(
            page.contains("SCAN banks USING INDEX banks_position"),
            "{page}"
        );
        assert!(!page.contains("(id=?)"), "{page}");
        // Sorted otherwise: that sort's covering index, each id tested.
        let by_name = Selection {
            sort: vec![SortKey {
                field: SortField::Name,
                descending: false,
            }],
            ..find
        };
        let (sql, values) = page_sql(&of(&by_name, None), many);
        let page = plan(&sql, &values);
        assert!(
            page.contains("SCAN banks USING COVERING INDEX banks_name"),
            "{page}"
        );
    }

    #[test]
    fn the_clause_names_each_filter_given_once() {
        let everything = finds()
            .into_iter()
            .find(|(what, _)| *what == "everything")
            .unwrap()
            .1;
        let selection = Selection {
            name: Some(" First ".into()),
            ..of(&everything, None)
        };
        let (clause, values) = clause(&selection, &Tested::BANKS);
        assert_eq!(
            clause,
            " WHERE (name LIKE ? ESCAPE '\\' OR (length(CAST(name AS BLOB)) <> length(name) AND cra_name_contains(name, ?))) \
             AND (city LIKE ? ESCAPE '\\' OR (length(CAST(city AS BLOB)) <> length(city) AND cra_name_contains(city, ?))) \
             AND regulator IN (?, ?) AND exam_date >= ? AND rating IN (?)"
        );
        assert_eq!(values.len(), 8);
        assert_eq!(values[0], SqlValue::from("%first%".to_string()));
        assert_eq!(values[1], SqlValue::from("first".to_string()));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        /// `--failed-last N` in SQL keeps the banks the domain's
        /// `failed_last` keeps from their histories as served: exams of
        /// one date included, ratings outside the scale, short histories.
        #[test]
        fn failed_last_in_sql_is_the_domains(
            banks in proptest::collection::vec(
                (0usize..3, 0usize..3, 0usize..6, 0usize..3, proptest::collection::vec((2018i16..2022, 0usize..6, 0usize..3), 0..5)),
                0..25,
            ),
            n in 1u32..4,
        ) {
            use super::super::stats::tests::{RATING_NAMES, copy_with};
            let (_dir, path) = copy_with(&banks);
            let reader = Reader::open(&path).unwrap();
            let find = Selection { failed_last: Some(n), ..Selection::default() };
            let (clauses, values) = selection_clauses(&of(&find, None), &Tested::BANKS);
            let sql = format!("SELECT id FROM banks WHERE {} ORDER BY id", clauses.join(" AND "));
            let found: Vec<String> = {
                let connection = reader.connection();
                let mut statement = connection.prepare(&sql).unwrap();
                statement
                    .query_map(rusqlite::params_from_iter(&values), |row| row.get(0))
                    .unwrap()
                    .map(Result::unwrap)
                    .collect()
            };
            let expected: Vec<String> = banks
                .iter()
                .enumerate()
                .filter(|(_, bank)| {
                    let history: Vec<crate::domain::model::RatingRecord> = bank
                        .4
                        .iter()
                        .map(|(year, rating, _)| {
                            serde_json::from_value(serde_json::json!({
                                "exam_date": format!("{year}-06-30"),
                                "rating": RATING_NAMES[*rating],
                                "exam_type": "Small Bank",
                                "is_current": false,
                            }))
                            .unwrap()
                        })
                        .collect();
                    crate::domain::matching::failed_last(&history, n)
                })
                .map(|(i, _)| format!("bank-{i:02}"))
                .collect();
            proptest::prop_assert_eq!(found, expected);
        }
    }

    proptest::proptest! {
        /// The clause finds what the function alone finds (which is
        /// `text::contains_folded`), whatever the value and the needle:
        /// other scripts, the characters `LIKE` treats as patterns, NUL.
        #[test]
        fn contains_clause_agrees_with_the_function(
            value in "[a-zA-Z%_\\\\ \u{0}\u{130}\u{212A}\u{C9}\u{E9}]{0,10}",
            needle in "[a-zA-Z%_\\\\ \u{E9}]{0,3}",
        ) {
            let needle = needle.to_lowercase();
            let connection = Connection::open_in_memory().unwrap();
            connection
                .create_scalar_function("cra_name_contains", 2, Default::default(), |ctx| {
                    let value = ctx.get_raw(0).as_str().unwrap_or_default();
                    let needle = ctx.get_raw(1).as_str().unwrap_or_default();
                    Ok(crate::text::contains_folded(value, needle))
                })
                .unwrap();
            let (clause, mut values) = contains_clause("v", &needle);
            values.push(value.clone().into());
            let found: bool = connection
                .query_row(
                    &format!("SELECT {clause} FROM (SELECT ? AS v)"),
                    rusqlite::params_from_iter(&values),
                    |row| row.get(0),
                )
                .unwrap();
            proptest::prop_assert_eq!(found, crate::text::contains_folded(&value, &needle));
        }

        /// The generated SQL ranks every value as the domain does: each
        /// rating of the scale, NULL, and any other text (its case, quotes
        /// and spaces included).
        #[test]
        fn rating_rank_sql_agrees_with_the_domain(
            other in "[A-Za-z' ]{0,26}",
            which in 0usize..6,
        ) {
            let connection = Connection::open_in_memory().unwrap();
            let rating: Option<Rating> = match which {
                0..4 => Some(Rating::SCALE[which].clone()),
                4 => None,
                _ => Some(Rating::from_text(&other)),
            };
            let ranked: i64 = connection
                .query_row(
                    &format!("SELECT {} FROM (SELECT ? AS r)", rating_rank_sql("r")),
                    [rating.as_ref().map(Rating::as_str)],
                    |row| row.get(0),
                )
                .unwrap();
            proptest::prop_assert_eq!(ranked, i64::from(Rating::sort_rank(rating.as_ref())));
        }
    }
}
