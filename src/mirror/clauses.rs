//! The local copy's one clause builder: a whole [`Selection`] as SQL over
//! the columns a reader tests ([`Tested`]: the bank's, and those of the
//! exam its rows are about), in its bank's and exam's parts. Every reader
//! of the copy (the finding commands, `stats`, `changes`, `due`, the gaps,
//! the plain list) takes its clauses from here, so none can leave a
//! filter out.

use rusqlite::types::Value as SqlValue;

use crate::domain::{Rating, Selection};

/// Which columns a reader's selection tests: the bank's, and those of the
/// exam its rows are about (the current one in `banks`; each record in
/// `ratings` for `changes`, `stats --exams`, the gaps).
pub(super) struct Tested<'a> {
    /// The bank's id (the public record's filters, `--watch`, `--failed-last`).
    pub id: &'a str,
    pub name: &'a str,
    pub city: &'a str,
    pub state: &'a str,
    pub regulator: &'a str,
    /// The exam's rating, date and exam type.
    pub rating: &'a str,
    pub exam_date: &'a str,
    pub exam_type: &'a str,
    /// Whether the banks the public record's filter selects are looked up
    /// by id (few of them) or each bank read tested against its list
    /// (many): see [`super::record::filter_clause`].
    pub seek_public: bool,
}

impl Tested<'static> {
    /// The current rating's columns of `banks`.
    pub const BANKS: Tested<'static> = Tested {
        id: "id",
        name: "name",
        city: "city",
        state: "state",
        regulator: "regulator",
        rating: "rating",
        exam_date: "exam_date",
        exam_type: "exam_type",
        seek_public: false,
    };

    /// The current rating's columns of `banks` named `b`, for a query that
    /// joins other tables.
    pub const BANKS_AS_B: Tested<'static> = Tested {
        id: "b.id",
        name: "b.name",
        city: "b.city",
        state: "b.state",
        regulator: "b.regulator",
        rating: "b.rating",
        exam_date: "b.exam_date",
        exam_type: "b.exam_type",
        seek_public: false,
    };

    /// A bank's columns as `b.`, each exam's of `ratings` as `h.`, for a
    /// query of records joined with their banks.
    pub const RECORDS: Tested<'static> = Tested {
        id: "b.id",
        name: "b.name",
        city: "b.city",
        state: "b.state",
        regulator: "b.regulator",
        rating: "h.rating",
        exam_date: "h.exam_date",
        exam_type: "h.exam_type",
        seek_public: false,
    };

    /// The same, looking up by id the banks the public record selects.
    pub(super) const BANKS_SEEKING: Tested<'static> = Tested {
        seek_public: true,
        ..Tested::BANKS
    };
}

/// Whether `column` contains `needle` (given in lower case), ignoring case
/// as [`crate::text::contains_folded`] does, as SQL and its values. For an
/// ASCII needle, SQLite's own `LIKE` (which ignores ASCII case) answers for
/// every value of ASCII alone, and the function only for a value with
/// other characters: the same answer, for a fraction of a call a bank.
pub(super) fn contains_clause(column: &str, needle: &str) -> (String, Vec<SqlValue>) {
    if !needle.is_ascii() {
        return (
            format!("cra_name_contains({column}, ?)"),
            vec![needle.to_string().into()],
        );
    }
    let escaped = needle
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    (
        format!(
            "({column} LIKE ? ESCAPE '\\' OR (length(CAST({column} AS BLOB)) <> length({column}) \
             AND cra_name_contains({column}, ?)))"
        ),
        vec![format!("%{escaped}%").into(), needle.to_string().into()],
    )
}

/// SQL clauses and the values they bind, in order.
pub(super) type Clauses = (Vec<String>, Vec<SqlValue>);

/// A selection's clauses, in its two parts: the bank's (the name searched
/// for, state, regulators, city, watch lists, failing exams, the public
/// record) and the exam's (exam type, ratings, exam period). A reader that
/// reads banks and exams apart (`stats --exams`, the gaps) takes each
/// part; the others take both ([`selection_clauses`]).
pub(super) struct Split {
    pub bank: Clauses,
    pub exam: Clauses,
}

/// A selection's clauses over `columns`, in its two parts.
pub(super) fn split_clauses(selection: &Selection, columns: &Tested) -> Split {
    build(selection, columns).0
}

/// The public record's part of `selection` (`--assets`, `--exam-method`,
/// `--active`/`--inactive`), as the clause builder tests it: for counting
/// what it selects.
pub(super) fn public_tests(selection: &Selection) -> super::record::PublicTests<'_> {
    build(selection, &Tested::BANKS).1
}

/// The one clause builder of the local copy: every field of `selection`
/// as SQL over `columns`, and the public record's part of it, which the
/// bank's clauses test. The selection is destructured whole, so a field
/// added to it does not compile until it is said here.
fn build<'a>(
    selection: &'a Selection,
    columns: &Tested,
) -> (Split, super::record::PublicTests<'a>) {
    let Selection {
        // Trimmed and folded as the service matches it (`name_folded`).
        name: _,
        state,
        size,
        ratings,
        regulators,
        city,
        exam_since,
        exam_until,
        watch,
        failed_last,
        assets,
        exam_methods,
        active,
        tests,
        // The order is the page's (`page_sql`), not a clause.
        sort: _,
    } = selection;
    let mut bank: Clauses = (Vec::new(), Vec::new());
    let mut exam: Clauses = (Vec::new(), Vec::new());
    let push = |part: &mut Clauses, clause: String, values: Vec<SqlValue>| {
        part.0.push(clause);
        part.1.extend(values);
    };
    let any = |column: &str, n: usize| format!("{column} IN ({})", vec!["?"; n].join(", "));
    if let Some(state) = state {
        let clause = format!("{} = ?", columns.state);
        push(&mut bank, clause, vec![state.clone().into()]);
    }
    if let Some(name) = selection.name_folded() {
        let (clause, values) = contains_clause(columns.name, &name);
        push(&mut bank, clause, values);
    }
    if let Some(city) = city {
        let (clause, values) = contains_clause(columns.city, city);
        push(&mut bank, clause, values);
    }
    if !regulators.is_empty() {
        let values = regulators
            .iter()
            .map(|v| SqlValue::from(v.clone()))
            .collect();
        push(&mut bank, any(columns.regulator, regulators.len()), values);
    }
    let public = super::record::PublicTests {
        assets: *assets,
        exam_methods,
        active: *active,
    };
    if let (Some(clause), values) =
        super::record::filter_clause(&public, columns.id, columns.seek_public)
    {
        push(&mut bank, clause, values);
    }
    if let Some(watched) = watch {
        // One value however many ids (a list may hold thousands: more than
        // SQLite's limit of bound values).
        let clause = format!("{} IN (SELECT value FROM json_each(?))", columns.id);
        let values = vec![
            serde_json::to_string(watched.set())
                .unwrap_or_default()
                .into(),
        ];
        push(&mut bank, clause, values);
    }
    if let Some(n) = failed_last {
        let clause = format!("{} IN ({})", columns.id, failed_last_sql());
        let values = std::iter::repeat_n(SqlValue::from(i64::from(*n)), 3).collect();
        push(&mut bank, clause, values);
    }
    if let Some(size) = size {
        let clause = format!("{} = ?", columns.exam_type);
        push(&mut exam, clause, vec![size.clone().into()]);
    }
    if let Some(since) = exam_since {
        let clause = format!("{} >= ?", columns.exam_date);
        push(&mut exam, clause, vec![since.clone().into()]);
    }
    if let Some(until) = exam_until {
        let clause = format!("{} <= ?", columns.exam_date);
        push(&mut exam, clause, vec![until.clone().into()]);
    }
    if !ratings.is_empty() {
        let values = ratings
            .iter()
            .map(|r| SqlValue::from(r.as_str().to_string()))
            .collect();
        push(&mut exam, any(columns.rating, ratings.len()), values);
    }
    for (test, level) in tests {
        // The row's own exam's evaluation, at the institution's level.
        // Not a correlated EXISTS: an unqualified column of the row
        // (`exam_date` of `banks`) would be read as the evaluation's own.
        let clause = format!(
            "({}, {}) IN (SELECT t.bank_id, t.exam_date FROM evaluation_tests t \
             WHERE t.area = 'institution' AND t.test = ? AND t.rating = ?)",
            columns.id, columns.exam_date
        );
        let values = vec![
            SqlValue::from(test.as_str().to_string()),
            SqlValue::from(level.as_str().to_string()),
        ];
        push(&mut exam, clause, values);
    }
    (Split { bank, exam }, public)
}

/// `selection`'s clauses for a reader of rating records: the bank's part
/// over `banks`, the record's over `ratings` (whose bank is `bank_id`).
pub(super) fn record_clauses(selection: &Selection) -> Split {
    let Split { bank, exam: _ } = split_clauses(selection, &Tested::BANKS);
    let Split { bank: _, exam } = split_clauses(
        selection,
        &Tested {
            id: "bank_id",
            ..Tested::BANKS
        },
    );
    Split { bank, exam }
}

/// Every clause of `selection` over `columns`, the bank's then the exam's.
pub(super) fn selection_clauses(selection: &Selection, columns: &Tested) -> Clauses {
    let Split {
        bank: (mut clauses, mut values),
        exam: (more, more_values),
    } = split_clauses(selection, columns);
    clauses.extend(more);
    values.extend(more_values);
    (clauses, values)
}

/// The `WHERE` of some clauses (empty for none).
pub(super) fn where_sql(clauses: &[String]) -> String {
    if clauses.is_empty() {
        String::new()
    } else {
        format!(" WHERE {}", clauses.join(" AND "))
    }
}

/// The banks whose last `?` exams (newest by exam date; of one date, the
/// first served) all failed, as [`crate::domain::matching::failed_last`]
/// decides for a history in hand: SQL taking N three times. Only banks
/// with a failing record are ranked at all. The failing ratings come from
/// the domain's scale.
fn failed_last_sql() -> String {
    let failing: Vec<String> = Rating::SCALE
        .iter()
        .filter(|r| r.is_failing())
        .map(|r| format!("'{}'", r.as_str().replace('\'', "''")))
        .collect();
    let failing = failing.join(", ");
    format!(
        "SELECT bank_id FROM (\
         SELECT bank_id, rating, row_number() OVER (PARTITION BY bank_id ORDER BY exam_date DESC, seq) AS k \
         FROM ratings WHERE bank_id IN (SELECT bank_id FROM ratings WHERE rating IN ({failing}))) \
         WHERE k <= ? GROUP BY bank_id \
         HAVING count(*) = ? AND count(*) FILTER (WHERE rating IN ({failing})) = ?"
    )
}

/// The `WHERE` clause of a selection over `banks` (empty when nothing
/// selects).
pub(super) fn clause(selection: &Selection, tested: &Tested) -> (String, Vec<SqlValue>) {
    let (clauses, values) = selection_clauses(selection, tested);
    (where_sql(&clauses), values)
}

/// The place of a rating in `column` in a rating sort, as SQL: what
/// [`Rating::sort_rank`] gives (the scale best first, then any other text,
/// then none), built from the domain's scale, so a rating added there is
/// ranked here too.
pub(super) fn rating_rank_sql(column: &str) -> String {
    let mut sql = format!(
        "CASE WHEN {column} IS NULL THEN {}",
        Rating::sort_rank(None)
    );
    for rating in &Rating::SCALE {
        sql.push_str(&format!(
            " WHEN {column} = '{}' THEN {}",
            rating.as_str().replace('\'', "''"),
            Rating::sort_rank(Some(rating))
        ));
    }
    let other = Rating::Other(String::new());
    sql.push_str(&format!(" ELSE {} END", Rating::sort_rank(Some(&other))));
    sql
}
