//! The columns of `cra stats`: the group (or the pair's two), the total,
//! and a count (or share) of each rating.

use crate::mirror::{GroupBy, StatsRow};
use crate::output::{Cell, Column, Columns, Fit, Kind};

/// One row of counts, as shown: counts, or shares of the total.
pub(super) struct Line {
    pub(super) row: StatsRow,
    pub(super) percent: bool,
}

impl Line {
    fn share(&self, n: u64) -> Cell<'static> {
        if self.percent {
            Cell::Fixed(percent(n, self.row.total), 1)
        } else {
            Cell::count(n)
        }
    }
}

// Counts are never cut (a cut number misleads); the rarest go first.
const GROUP: Column<Line> = Column::new(
    "group",
    "GROUP",
    Kind::Text,
    Fit::Shorten { rank: 0, min: 8 },
    |l| Cell::text(l.row.group.as_str()),
);
const SUBGROUP: Column<Line> = Column::new(
    "subgroup",
    "SUBGROUP",
    Kind::Text,
    Fit::Shorten { rank: 1, min: 8 },
    |l| Cell::text(l.row.subgroup.as_deref().unwrap_or("")),
);
const TOTAL: Column<Line> =
    Column::new("total", "TOTAL", Kind::Count, Fit::Keep { rank: 2 }, |l| {
        Cell::count(l.row.total)
    });
/// The count of the rating at `I` of the scale (`other` after it), as a
/// count or a share of the total.
fn rated<const I: usize>(l: &Line) -> Cell<'static> {
    l.share(l.row.counts[I])
}

// The scale's ratings, best first, then any other: csv's names for them.
const OUTSTANDING: Column<Line> = Column::new(
    "outstanding",
    "OUTSTANDING",
    Kind::Count,
    Fit::Keep { rank: 3 },
    rated::<0>,
);
const SATISFACTORY: Column<Line> = Column::new(
    "satisfactory",
    "SATISFACTORY",
    Kind::Count,
    Fit::Keep { rank: 4 },
    rated::<1>,
);
const NEEDS_TO_IMPROVE: Column<Line> = Column::new(
    "needs_to_improve",
    "NEEDS TO IMPROVE",
    Kind::Count,
    Fit::Keep { rank: 5 },
    rated::<2>,
);
const SUBSTANTIAL_NONCOMPLIANCE: Column<Line> = Column::new(
    "substantial_noncompliance",
    "SUBSTANTIAL NONCOMPLIANCE",
    Kind::Count,
    Fit::Keep { rank: 6 },
    rated::<3>,
);
const OTHER: Column<Line> = Column::new(
    "other",
    "OTHER",
    Kind::Count,
    Fit::Keep { rank: 7 },
    rated::<4>,
);

// A year is a number (a workbook writes a number cell, not text).
const YEAR: Column<Line> =
    Column::new("group", "GROUP", Kind::Number, Fit::Keep { rank: 0 }, |l| {
        year(&l.row.group)
    });
const SUBYEAR: Column<Line> = Column::new(
    "subgroup",
    "SUBGROUP",
    Kind::Number,
    Fit::Keep { rank: 1 },
    |l| l.row.subgroup.as_deref().map_or(Cell::Empty, year),
);

const TABLE: &[&str] = &[
    "group",
    "total",
    "outstanding",
    "satisfactory",
    "needs_to_improve",
    "substantial_noncompliance",
    "other",
];
const PAIRS_TABLE: &[&str] = &[
    "group",
    "subgroup",
    "total",
    "outstanding",
    "satisfactory",
    "needs_to_improve",
    "substantial_noncompliance",
    "other",
];

/// One grouping: its group, then the counts.
pub(super) const SINGLE: Columns<Line> = Columns::new(
    &[
        GROUP,
        TOTAL,
        OUTSTANDING,
        SATISFACTORY,
        NEEDS_TO_IMPROVE,
        SUBSTANTIAL_NONCOMPLIANCE,
        OTHER,
    ],
    TABLE,
);
pub(super) const SINGLE_YEAR: Columns<Line> = Columns::new(
    &[
        YEAR,
        TOTAL,
        OUTSTANDING,
        SATISFACTORY,
        NEEDS_TO_IMPROVE,
        SUBSTANTIAL_NONCOMPLIANCE,
        OTHER,
    ],
    TABLE,
);

/// `--by A,B`: the pair's two columns first.
pub(super) const PAIRS: Columns<Line> = Columns::new(
    &[
        GROUP,
        SUBGROUP,
        TOTAL,
        OUTSTANDING,
        SATISFACTORY,
        NEEDS_TO_IMPROVE,
        SUBSTANTIAL_NONCOMPLIANCE,
        OTHER,
    ],
    PAIRS_TABLE,
);
pub(super) const YEAR_PAIRS: Columns<Line> = Columns::new(
    &[
        YEAR,
        SUBGROUP,
        TOTAL,
        OUTSTANDING,
        SATISFACTORY,
        NEEDS_TO_IMPROVE,
        SUBSTANTIAL_NONCOMPLIANCE,
        OTHER,
    ],
    PAIRS_TABLE,
);
pub(super) const PAIRS_YEAR: Columns<Line> = Columns::new(
    &[
        GROUP,
        SUBYEAR,
        TOTAL,
        OUTSTANDING,
        SATISFACTORY,
        NEEDS_TO_IMPROVE,
        SUBSTANTIAL_NONCOMPLIANCE,
        OTHER,
    ],
    PAIRS_TABLE,
);

/// A year's group as a number (text if it is not one).
pub(super) fn year(group: &str) -> Cell<'_> {
    match group.parse::<i32>() {
        Ok(year) if group.len() == 4 && group.bytes().all(|b| b.is_ascii_digit()) => {
            Cell::Year(year)
        }
        _ => Cell::text(group),
    }
}

/// The columns of a grouping (`by`): a year's as numbers.
pub(super) fn columns_of<R>(
    by: &[GroupBy],
    [single, single_year, pairs, year_pairs, pairs_year]: [&'static Columns<R>; 5],
) -> &'static Columns<R> {
    match by {
        [GroupBy::Year] => single_year,
        [GroupBy::Year, _] => year_pairs,
        [_, GroupBy::Year] => pairs_year,
        [_, _] => pairs,
        _ => single,
    }
}

/// `n` as a percentage of `total`, to one decimal (0 of nothing is 0).
pub(super) fn percent(n: u64, total: u64) -> f64 {
    if total == 0 {
        return 0.0;
    }
    (n as f64 * 1000.0 / total as f64).round() / 10.0
}
