//! What stands behind the selected banks' ratings, for `cra report`: each
//! bank's current exam, whether its public evaluation was read and what it
//! rates each test (the one rule of `record::chosen`, as `show`, `stats
//! --by lending_test` and `--test` read it), and its small business lending
//! of the last year it reported before the exam's year (reckoned by
//! `lending::shares`, as `cra lending` reckons it).

use anyhow::Result;

use super::Reader;
use super::clauses::{Tested, selection_clauses, where_sql};
use crate::domain::{Selection, Test};
use crate::lending::shares::{By, Line, lines};

/// One selected bank, its current exam and that exam's evaluation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Behind {
    pub id: String,
    pub name: String,
    pub state: String,
    /// The copy's rating of the current exam, as stored.
    pub rating: String,
    pub exam_date: String,
    /// The exam's public evaluation was read (`cra enrich --pe`).
    pub read: bool,
    /// The tests that PE rates at the institution's level, as printed.
    pub tests: Vec<(Test, String)>,
}

impl Behind {
    /// The rating of `test`, where the PE rates it.
    pub fn test(&self, test: Test) -> Option<&str> {
        self.tests
            .iter()
            .find(|(t, _)| *t == test)
            .map(|(_, rating)| rating.as_str())
    }

    /// The year of the current exam.
    pub fn exam_year(&self) -> Option<u16> {
        self.exam_date.get(..4)?.parse().ok()
    }
}

impl Reader {
    /// Every bank `selection` selects, in the copy's order, with its
    /// current exam's evaluation.
    pub fn behind(&self, selection: &Selection) -> Result<Vec<Behind>> {
        let (clauses, values) = selection_clauses(selection, &Tested::BANKS);
        let sql = format!(
            "SELECT id AS id, name AS name, state AS state, coalesce(rating, '') AS rating, \
             coalesce(exam_date, '') AS exam_date, {} IS NOT NULL AS read, {} AS tests \
             FROM banks{} ORDER BY position, rowid",
            super::record::chosen::chosen_sql("banks.id", "banks.exam_date"),
            super::record::chosen::tests_sql("banks.id", "banks.exam_date"),
            where_sql(&clauses)
        );
        super::row::columns! { struct BehindAt { id, name, state, rating, exam_date, read, tests } }
        let connection = self.connection();
        let mut statement = connection.prepare(&sql)?;
        let at = BehindAt::of(&statement)?;
        let mut rows = statement.query(rusqlite::params_from_iter(&values))?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let tests: Option<String> = row.get(at.tests)?;
            out.push(Behind {
                id: row.get(at.id)?,
                name: row.get(at.name)?,
                state: row.get(at.state)?,
                rating: row.get(at.rating)?,
                exam_date: row.get(at.exam_date)?,
                read: row.get(at.read)?,
                tests: tests.as_deref().map(parse_tests).unwrap_or_default(),
            });
        }
        Ok(out)
    }

    /// The banks the copy holds lending data of (linked reporters).
    pub fn lending_banks(&self) -> Result<std::collections::HashSet<String>> {
        let connection = self.connection();
        let mut statement = connection.prepare_cached(
            "SELECT DISTINCT bank_id FROM lending_reporters WHERE bank_id IS NOT NULL",
        )?;
        let ids = statement
            .query_map([], |row| row.get::<_, String>(0))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(ids)
    }

    /// `bank`'s small business lending of the last year before `exam_year`
    /// it reported loans in (originations only), with its market: the line
    /// `cra lending BANK --year Y` prints. None where it reported none.
    pub fn lending_before(&self, bank: &str, exam_year: u16) -> Result<Option<Line>> {
        let Some(until) = exam_year.checked_sub(1) else {
            return Ok(None);
        };
        let lent = self.lending().of(bank, "small_business", 0, until)?;
        Ok(lines(&lent.held, &lent.market, &[], By::Year)
            .into_iter()
            .rev()
            .find(|line| line.loans > 0))
    }
}

/// `lending=High Satisfactory;service=Outstanding`, the four tests of the
/// scale and the 2023 rule's, in the order read.
fn parse_tests(text: &str) -> Vec<(Test, String)> {
    text.split(';')
        .filter_map(|pair| {
            let (test, rating) = pair.split_once('=')?;
            Some((Test::from_name(test)?, rating.to_string()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tests_of_an_exam_read_back() {
        assert_eq!(
            parse_tests("lending=High Satisfactory;community_development=Outstanding;x=y"),
            [
                (Test::Lending, "High Satisfactory".to_string()),
                (Test::CommunityDevelopment, "Outstanding".to_string())
            ]
        );
        assert!(parse_tests("").is_empty());
    }
}
