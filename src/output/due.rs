//! The columns of a bank probably due, defined once for `cra due` and the
//! report's `Due` sheet: what such a row adds to the bank's columns (how
//! long since its exam, how long is expected, how overdue) and the orders
//! the two show them in. A row type says what its bank is (`AboutBank`)
//! and its months ([`Overdue`]).

use super::Fit;
use super::bank::AboutBank;
use super::cell::Cell;
use super::column::{Column, Kind};

/// A row about a bank probably due.
pub trait Overdue: AboutBank {
    /// Months since its current exam.
    fn months_since(&self) -> i64;
    /// Months its exam type and rating allow between exams.
    fn expected_months(&self) -> i64;
    /// Months past the cycle.
    fn overdue_months(&self) -> i64 {
        self.months_since() - self.expected_months()
    }
}

fn months_since<R: Overdue>(row: &R) -> Cell<'_> {
    Cell::Int(row.months_since())
}

fn expected_months<R: Overdue>(row: &R) -> Cell<'_> {
    Cell::Int(row.expected_months())
}

fn overdue_months<R: Overdue>(row: &R) -> Cell<'_> {
    Cell::Int(row.overdue_months())
}

/// What a bank probably due adds to the bank's columns.
pub const fn columns<R: Overdue + 'static>() -> [Column<R>; 3] {
    [
        Column::new(
            "months_since",
            "MONTHS",
            Kind::Count,
            Fit::Keep { rank: 9 },
            months_since::<R>,
        ),
        Column::new(
            "expected_months",
            "EXPECTED",
            Kind::Count,
            Fit::Keep { rank: 5 },
            expected_months::<R>,
        ),
        Column::new(
            "overdue_months",
            "OVERDUE",
            Kind::Count,
            Fit::Keep { rank: 1 },
            overdue_months::<R>,
        ),
    ]
}

/// csv's, xlsx's and json's order.
pub const CSV: [&str; 11] = [
    "id",
    "name",
    "city",
    "state",
    "regulator",
    "rating",
    "exam_date",
    "exam_type",
    "months_since",
    "expected_months",
    "overdue_months",
];

/// The table's order (and the report's sheet's): the bank's name first,
/// its id last.
pub const TABLE: [&str; 11] = [
    "name",
    "city",
    "state",
    "regulator",
    "rating",
    "exam_date",
    "exam_type",
    "months_since",
    "expected_months",
    "overdue_months",
    "id",
];

/// The order they give way on a narrow terminal: the bank, how overdue,
/// and why (its exam and rating) are the last to go.
pub const GIVE_WAY: [&str; 10] = [
    "name",
    "overdue_months",
    "exam_date",
    "rating",
    "state",
    "expected_months",
    "exam_type",
    "regulator",
    "city",
    "months_since",
];
