//! Where each of a bank's ratings came from, as `show` names it: every PE
//! read of each exam (its file and date, its overall rating beside the
//! copy's rating of the exam, its test ratings at the institution's
//! level), and which of them the exam's test ratings are read from
//! ([`super::super::chosen`]'s rule).

use anyhow::Result;

use super::Evaluations;
use crate::mirror::row::columns;

/// One PE read of one of a bank's exams.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExamPe {
    pub exam_date: String,
    pub sha256: String,
    /// Where it was read from, as stored (`evaluations.source`).
    pub file: String,
    pub evaluation_date: Option<String>,
    /// Its overall rating, as printed.
    pub rating: Option<String>,
    /// The copy's rating of the exam.
    pub copy_rating: Option<String>,
    /// Whether the exam's test ratings (its columns, `--test`, the card)
    /// are read from it.
    pub chosen: bool,
    /// Its test ratings at the institution's level: `(test, rating)`, by
    /// test.
    pub tests: Vec<(String, String)>,
}

impl ExamPe {
    /// Its overall rating where the copy's rating of the exam is another.
    pub fn disagrees(&self) -> Option<&str> {
        let (said, copy) = (self.rating.as_deref()?, self.copy_rating.as_deref()?);
        (!said.eq_ignore_ascii_case(copy)).then_some(said)
    }

    /// The interagency points of its tests (a large bank's).
    pub fn points(&self) -> Option<crate::domain::points::Points> {
        crate::domain::points::Points::of_tests(
            self.tests.iter().map(|(t, r)| (t.as_str(), r.as_str())),
        )
    }
}

impl Evaluations<'_> {
    /// Every PE read of the bank's exams: newest exam first, the one its
    /// test ratings are read from first, then by file.
    pub fn exam_pes(&self, bank_id: &str) -> Result<Vec<ExamPe>> {
        let connection = self.0.connection();
        let chosen = super::super::chosen::chosen_sql("e.bank_id", "e.exam_date");
        let mut statement = connection.prepare_cached(&format!(
            "SELECT e.exam_date AS exam_date, e.sha256 AS sha256, e.source AS file, \
             e.evaluation_date AS evaluation_date, e.rating AS rating, \
             (SELECT r.rating FROM ratings r WHERE r.bank_id = e.bank_id \
               AND r.exam_date = e.exam_date ORDER BY r.seq LIMIT 1) AS copy_rating, \
             e.sha256 IS {chosen} AS chosen, \
             (SELECT group_concat(x, ';') FROM (SELECT t.test || '=' || t.rating AS x \
               FROM evaluation_tests t WHERE t.sha256 = e.sha256 AND t.area = 'institution' \
               ORDER BY 1)) AS tests \
             FROM evaluations e WHERE e.bank_id = ?1 \
             ORDER BY e.exam_date DESC, chosen DESC, e.source, e.sha256"
        ))?;
        columns! { struct PeAt { exam_date, sha256, file, evaluation_date, rating, copy_rating,
        chosen, tests } }
        let at = PeAt::of(&statement)?;
        let mut rows = statement.query([bank_id])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let tests: Option<String> = row.get(at.tests)?;
            out.push(ExamPe {
                exam_date: row.get(at.exam_date)?,
                sha256: row.get(at.sha256)?,
                file: row.get(at.file)?,
                evaluation_date: row.get(at.evaluation_date)?,
                rating: row.get(at.rating)?,
                copy_rating: row.get(at.copy_rating)?,
                chosen: row.get(at.chosen)?,
                tests: tests
                    .unwrap_or_default()
                    .split(';')
                    .filter_map(|pair| pair.split_once('='))
                    .map(|(t, r)| (t.to_string(), r.to_string()))
                    .collect(),
            });
        }
        Ok(out)
    }
}
