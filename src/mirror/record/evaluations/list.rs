//! `cra evaluations`: one row per evaluation file `cra enrich --pe` read,
//! linked, unlinked or set aside, with what it disagrees with: the copy's rating of its
//! exam, or another PE of the same exam that rates its tests otherwise
//! (the one the exam's columns read, by [`super::super::chosen`]'s rule,
//! for the others; the first other, by file, for that one).

use anyhow::Result;

use super::Evaluations;
use crate::domain::Selection;
use crate::mirror::clauses::{Tested, clause};
use crate::mirror::row::columns;

/// Which evaluations `cra evaluations` lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Listed {
    #[default]
    All,
    /// Only the files linked to no bank's exam.
    Unlinked,
    /// Only the files no PE could be read from.
    SetAside,
    /// Only the files that disagree with the copy or with another PE of
    /// their exam.
    Disagree,
}

/// One evaluation file read, as `cra evaluations` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EvaluationRow {
    pub sha256: String,
    /// Where it was read from (the table's `source`).
    pub file: String,
    pub bank_id: Option<String>,
    pub name: Option<String>,
    pub exam_date: Option<String>,
    pub evaluation_date: Option<String>,
    pub rating: Option<String>,
    /// `linked`, `unlinked` or `set_aside`.
    pub status: &'static str,
    pub reason: Option<String>,
    /// The copy's rating of the exam where the PE's overall rating is
    /// another, else the file of another PE of the exam that rates its
    /// tests otherwise.
    pub disagrees_with: Option<String>,
}

/// An evaluation's test ratings at the institution's level as one sorted
/// text, as `cra enrich --pe` compares two PEs of one exam.
fn tests_sql(sha256: &str) -> String {
    format!(
        "(SELECT group_concat(x, ';') FROM (SELECT t.test || '=' || t.rating AS x \
         FROM evaluation_tests t WHERE t.sha256 = {sha256} AND t.area = 'institution' \
         ORDER BY 1))"
    )
}

impl Evaluations<'_> {
    /// The evaluations read, of the banks `selection` selects (none
    /// unlinked when it selects anything), by bank name, exam newest
    /// first, then file.
    pub fn list(&self, selection: &Selection, listed: Listed) -> Result<Vec<EvaluationRow>> {
        let (mut clause, values) = clause(selection, &Tested::BANKS_AS_B);
        let only = match listed {
            Listed::All => None,
            Listed::Unlinked => Some("status = 'unlinked'"),
            Listed::SetAside => Some("status = 'set_aside'"),
            Listed::Disagree => Some("disagrees_with IS NOT NULL"),
        };
        let selects = !clause.is_empty();
        if clause.is_empty() {
            clause = " WHERE 1".to_string();
        }
        let chosen = super::super::chosen::chosen_sql("e.bank_id", "e.exam_date");
        let sql = format!(
            "SELECT * FROM (SELECT e.sha256 AS sha256, e.source AS file, e.bank_id AS bank_id, \
             e.name AS name, e.exam_date AS exam_date, e.evaluation_date AS evaluation_date, \
             e.rating AS rating, \
             e.status AS status, \
             e.reason AS reason, coalesce(\
               (SELECT c.rating FROM (SELECT r.rating FROM ratings r \
                 WHERE r.bank_id = e.bank_id AND r.exam_date = e.exam_date \
                 ORDER BY r.seq LIMIT 1) c \
                WHERE e.rating IS NOT NULL AND NOT (c.rating = e.rating COLLATE NOCASE)), \
               (SELECT o.source FROM evaluations o \
                 WHERE o.bank_id = e.bank_id AND o.exam_date = e.exam_date \
                 AND o.sha256 <> e.sha256 AND {other} IS NOT {own} \
                 ORDER BY o.sha256 IS {chosen} DESC, o.source LIMIT 1)) AS disagrees_with, \
             b.name AS sort_name \
             FROM evaluations e LEFT JOIN banks b ON b.id = e.bank_id{clause}{linked}) \
             {only} ORDER BY bank_id IS NULL, sort_name COLLATE NOCASE, bank_id, \
             exam_date DESC, file, sha256",
            other = tests_sql("o.sha256"),
            own = tests_sql("e.sha256"),
            linked = if selects {
                " AND e.bank_id IS NOT NULL"
            } else {
                ""
            },
            only = only.map_or(String::new(), |o| format!("WHERE {o}")),
        );
        let connection = self.0.connection();
        let mut statement = connection.prepare(&sql)?;
        columns! { struct RowAt { sha256, file, bank_id, name, exam_date, evaluation_date,
        rating, status, reason, disagrees_with } }
        let at = RowAt::of(&statement)?;
        let mut rows = statement.query(rusqlite::params_from_iter(values))?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let status: String = row.get(at.status)?;
            out.push(EvaluationRow {
                sha256: row.get(at.sha256)?,
                file: row.get(at.file)?,
                bank_id: row.get(at.bank_id)?,
                name: row.get(at.name)?,
                exam_date: row.get(at.exam_date)?,
                evaluation_date: row.get(at.evaluation_date)?,
                rating: row.get(at.rating)?,
                status: match status.as_str() {
                    "linked" => "linked",
                    "set_aside" => "set_aside",
                    _ => "unlinked",
                },
                reason: row.get(at.reason)?,
                disagrees_with: row.get(at.disagrees_with)?,
            });
        }
        Ok(out)
    }
}

/// The tests `cra evaluations --areas` gives a column each, as stored.
pub const AREA_TESTS: [&str; 9] = [
    "overall",
    "lending",
    "investment",
    "service",
    "community_development",
    "retail_lending",
    "retail_services",
    "cd_financing",
    "cd_services",
];

/// One area an evaluation rates, as `cra evaluations --areas` lists it:
/// the institution (its overall rating the PE's), each state and
/// multistate MSA (its overall rating as the PE prints it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AreaRow {
    pub sha256: String,
    pub file: String,
    pub bank_id: Option<String>,
    pub name: Option<String>,
    pub exam_date: Option<String>,
    /// `institution`, a state's code, a multistate MSA's name.
    pub area: String,
    /// The ratings of [`AREA_TESTS`], in that order.
    pub ratings: [Option<String>; 9],
}

impl Evaluations<'_> {
    /// Each area each evaluation read rates (set-aside files rate none),
    /// of the banks `selection` selects (none unlinked when it selects
    /// anything), in the order of [`Evaluations::list`], each file's
    /// areas in the PE's order, the institution first.
    pub fn areas(&self, selection: &Selection) -> Result<Vec<AreaRow>> {
        let (mut clause, values) = clause(selection, &Tested::BANKS_AS_B);
        let selects = !clause.is_empty();
        if clause.is_empty() {
            clause = " WHERE 1".to_string();
        }
        let rated: Vec<String> = AREA_TESTS
            .iter()
            .map(|test| {
                let stored = format!(
                    "(SELECT t.rating FROM evaluation_tests t WHERE t.sha256 = e.sha256 \
                     AND t.area = a.area AND t.test = '{test}')"
                );
                if *test == "overall" {
                    format!(
                        "CASE WHEN a.area = 'institution' THEN e.rating ELSE {stored} END AS r_{test}"
                    )
                } else {
                    format!("{stored} AS r_{test}")
                }
            })
            .collect();
        let sql = format!(
            "SELECT e.sha256 AS sha256, e.source AS file, e.bank_id AS bank_id, e.name AS name, \
             e.exam_date AS exam_date, a.area AS area, {rated} \
             FROM evaluations e \
             JOIN (SELECT sha256, area, min(first) AS first FROM (\
               SELECT sha256, area, rowid AS first FROM evaluation_tests \
               UNION ALL SELECT sha256, 'institution', -1 FROM evaluations \
               WHERE status <> 'set_aside') GROUP BY sha256, area) a ON a.sha256 = e.sha256 \
             LEFT JOIN banks b ON b.id = e.bank_id{clause}{linked} \
             ORDER BY e.bank_id IS NULL, b.name COLLATE NOCASE, e.bank_id, e.exam_date DESC, \
             e.source, e.sha256, a.first",
            rated = rated.join(", "),
            linked = if selects {
                " AND e.bank_id IS NOT NULL"
            } else {
                ""
            },
        );
        let connection = self.0.connection();
        let mut statement = connection.prepare(&sql)?;
        columns! { struct AreaAt { sha256, file, bank_id, name, exam_date, area } }
        let at = AreaAt::of(&statement)?;
        let first = statement
            .column_index("r_overall")
            .map_err(anyhow::Error::from)?;
        let mut rows = statement.query(rusqlite::params_from_iter(values))?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let mut ratings: [Option<String>; 9] = Default::default();
            for (k, rating) in ratings.iter_mut().enumerate() {
                *rating = row.get(first + k)?;
            }
            out.push(AreaRow {
                sha256: row.get(at.sha256)?,
                file: row.get(at.file)?,
                bank_id: row.get(at.bank_id)?,
                name: row.get(at.name)?,
                exam_date: row.get(at.exam_date)?,
                area: row.get(at.area)?,
                ratings,
            });
        }
        Ok(out)
    }
}
