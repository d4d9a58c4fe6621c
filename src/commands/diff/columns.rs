//! The columns of `cra diff`: the change and its direction, the bank, the
//! fields that changed, and each side's values.

use crate::diff::{self, Difference, Row};
use crate::domain::RatingChange;
use crate::output::{Cell, Column, Columns, Fit, Kind as Holds, RowJson};

/// A side's field `name` (of `diff::FIELDS`), empty where the bank is
/// absent.
fn side<'r>(row: &'r Option<Row>, name: &str) -> Cell<'r> {
    row.as_ref()
        .map_or(Cell::Empty, |r| Cell::text(r.field(name)))
}

/// A side's rating, empty where the bank is absent.
fn side_rating(row: &Option<Row>) -> Cell<'static> {
    row.as_ref().map_or(Cell::Empty, |r| {
        Cell::Rating(std::borrow::Cow::Owned(crate::domain::Rating::from(
            r.field("rating"),
        )))
    })
}

/// A side's exam date, empty where the bank is absent.
fn side_date(row: &Option<Row>) -> Cell<'_> {
    row.as_ref()
        .map_or(Cell::Empty, |r| Cell::date(r.field("exam_date")))
}

/// The changed fields' names, joined by `separator`.
fn changed(change: &Difference, separator: &str) -> String {
    match (&change.before, &change.after) {
        (Some(b), Some(a)) => diff::changed_fields(b, a).join(separator),
        _ => String::new(),
    }
}

/// What the table shows of one side: for a changed bank the values of the
/// fields that differ, for an added or removed one its rating and exam
/// date on the side it is on.
fn values(change: &Difference, before: bool) -> Cell<'static> {
    let row = if before {
        &change.before
    } else {
        &change.after
    };
    let Some(row) = row else {
        return Cell::Text(String::new().into());
    };
    let fields = match (&change.before, &change.after) {
        (Some(b), Some(a)) => diff::changed_fields(b, a),
        _ => vec!["rating", "exam_date"],
    };
    let shown: Vec<&str> = fields.iter().map(|f| row.field(f)).collect();
    Cell::Text(shown.join(" · ").into())
}

/// csv: every field of both sides; the table: what changed at a glance.
const DIFF: &[Column<Difference>] = &[
    Column::new(
        "change",
        "CHANGE",
        Holds::Change,
        Fit::Keep { rank: 0 },
        |d| Cell::text(d.kind.as_str()),
    ),
    // The direction can be read from BEFORE and AFTER: it gives way first.
    Column::new(
        "direction",
        "DIRECTION",
        Holds::Change,
        Fit::Keep { rank: 3 },
        |d| Cell::maybe(d.direction().map(RatingChange::as_str)),
    ),
    Column::new("id", "ID", Holds::Id, Fit::Id { min: 8 }, |d| {
        Cell::text(d.id())
    }),
    Column::new(
        "name",
        "NAME",
        Holds::Text,
        Fit::Shorten { rank: 1, min: 12 },
        |d| Cell::text(d.side().field("name")),
    ),
    Column::new(
        "fields",
        "FIELDS",
        Holds::Text,
        Fit::Shorten { rank: 3, min: 10 },
        |d| Cell::Text(changed(d, " ").into()),
    ),
    Column::new("before_name", "BEFORE NAME", Holds::Text, Fit::Whole, |d| {
        side(&d.before, "name")
    }),
    Column::new("before_city", "BEFORE CITY", Holds::Text, Fit::Whole, |d| {
        side(&d.before, "city")
    }),
    Column::new(
        "before_state",
        "BEFORE STATE",
        Holds::Text,
        Fit::Whole,
        |d| side(&d.before, "state"),
    ),
    Column::new(
        "before_regulator",
        "BEFORE REGULATOR",
        Holds::Text,
        Fit::Whole,
        |d| side(&d.before, "regulator"),
    ),
    Column::new(
        "before_rating",
        "BEFORE RATING",
        Holds::Rating,
        Fit::Whole,
        |d| side_rating(&d.before),
    ),
    Column::new(
        "before_exam_date",
        "BEFORE EXAM DATE",
        Holds::Date,
        Fit::Whole,
        |d| side_date(&d.before),
    ),
    Column::new(
        "before_exam_type",
        "BEFORE EXAM TYPE",
        Holds::Text,
        Fit::Whole,
        |d| side(&d.before, "exam_type"),
    ),
    Column::new("after_name", "AFTER NAME", Holds::Text, Fit::Whole, |d| {
        side(&d.after, "name")
    }),
    Column::new("after_city", "AFTER CITY", Holds::Text, Fit::Whole, |d| {
        side(&d.after, "city")
    }),
    Column::new("after_state", "AFTER STATE", Holds::Text, Fit::Whole, |d| {
        side(&d.after, "state")
    }),
    Column::new(
        "after_regulator",
        "AFTER REGULATOR",
        Holds::Text,
        Fit::Whole,
        |d| side(&d.after, "regulator"),
    ),
    Column::new(
        "after_rating",
        "AFTER RATING",
        Holds::Rating,
        Fit::Whole,
        |d| side_rating(&d.after),
    ),
    Column::new(
        "after_exam_date",
        "AFTER EXAM DATE",
        Holds::Date,
        Fit::Whole,
        |d| side_date(&d.after),
    ),
    Column::new(
        "after_exam_type",
        "AFTER EXAM TYPE",
        Holds::Text,
        Fit::Whole,
        |d| side(&d.after, "exam_type"),
    ),
];

/// What only the table shows: the bank's state, the changed fields as a
/// list, and each side's values of them (whole in `--format json`).
const DIFF_TABLE: &[Column<Difference>] = &[
    Column::new(
        "state_shown",
        "ST",
        Holds::Text,
        Fit::Keep { rank: 4 },
        |d| Cell::text(d.side().field("state")),
    ),
    Column::new(
        "fields_shown",
        "FIELDS",
        Holds::Text,
        Fit::Shorten { rank: 3, min: 10 },
        |d| Cell::Text(changed(d, ", ").into()),
    ),
    // A rating is never cut ("Outstanding · 2…" says nothing): whole, or
    // abbreviated (with the legend) when narrow; the name gives way first.
    Column::new(
        "before",
        "BEFORE",
        Holds::Text,
        Fit::Values { rank: 2, min: 18 },
        |d| values(d, true),
    ),
    Column::new(
        "after",
        "AFTER",
        Holds::Text,
        Fit::Values { rank: 2, min: 18 },
        |d| values(d, false),
    ),
];

pub const DIFF_COLUMNS: Columns<Difference> = Columns::new(
    DIFF,
    &[
        "change",
        "direction",
        "name",
        "state_shown",
        "fields_shown",
        "before",
        "after",
        "id",
    ],
)
.with_table_only(DIFF_TABLE)
.with_json(RowJson::Own(super::change_json));
