//! `cra stats --gaps`: the months between exams per group, printed through
//! the usual printers (a table on a terminal too: quartiles are numbers to
//! read, not shares to draw).

use anyhow::Result;

use crate::command::Ctx;
use crate::error::Exit;
use crate::mirror::{GapRow, GroupBy};
use crate::output::{Cell, Column, Columns, Fit, Kind};
use crate::text::{plural, thousands};

const GROUP: Column<GapRow> = Column::new(
    "group",
    "GROUP",
    Kind::Text,
    Fit::Shorten { rank: 0, min: 8 },
    |r| Cell::text(r.group.as_str()),
);
const SUBGROUP: Column<GapRow> = Column::new(
    "subgroup",
    "SUBGROUP",
    Kind::Text,
    Fit::Shorten { rank: 1, min: 8 },
    |r| Cell::text(r.subgroup.as_deref().unwrap_or("")),
);
const INTERVALS: Column<GapRow> = Column::new(
    "intervals",
    "INTERVALS",
    Kind::Count,
    Fit::Keep { rank: 3 },
    |r| Cell::Int(r.intervals as i64),
);
const MEAN: Column<GapRow> =
    Column::new("mean", "MEAN", Kind::Number, Fit::Keep { rank: 5 }, |r| {
        Cell::Fixed(r.mean, 1)
    });
// The median is the last of the figures to give way, then the quartiles.
const P10: Column<GapRow> = Column::new("p10", "P10", Kind::Count, Fit::Keep { rank: 7 }, |r| {
    Cell::Int(r.percentiles[0])
});
const P25: Column<GapRow> = Column::new("p25", "P25", Kind::Count, Fit::Keep { rank: 4 }, |r| {
    Cell::Int(r.percentiles[1])
});
const MEDIAN: Column<GapRow> = Column::new(
    "median",
    "MEDIAN",
    Kind::Count,
    Fit::Keep { rank: 2 },
    |r| Cell::Int(r.percentiles[2]),
);
const P75: Column<GapRow> = Column::new("p75", "P75", Kind::Count, Fit::Keep { rank: 6 }, |r| {
    Cell::Int(r.percentiles[3])
});
const P90: Column<GapRow> = Column::new("p90", "P90", Kind::Count, Fit::Keep { rank: 8 }, |r| {
    Cell::Int(r.percentiles[4])
});

// A year is a number (a workbook writes a number cell, not text).
const YEAR: Column<GapRow> =
    Column::new("group", "GROUP", Kind::Number, Fit::Keep { rank: 0 }, |r| {
        super::columns::year(&r.group)
    });
const SUBYEAR: Column<GapRow> = Column::new(
    "subgroup",
    "SUBGROUP",
    Kind::Number,
    Fit::Keep { rank: 1 },
    |r| {
        r.subgroup
            .as_deref()
            .map_or(Cell::Empty, super::columns::year)
    },
);

const TABLE: &[&str] = &[
    "group",
    "intervals",
    "mean",
    "p10",
    "p25",
    "median",
    "p75",
    "p90",
];
const PAIRS_TABLE: &[&str] = &[
    "group",
    "subgroup",
    "intervals",
    "mean",
    "p10",
    "p25",
    "median",
    "p75",
    "p90",
];

const SINGLE: Columns<GapRow> =
    Columns::new(&[GROUP, INTERVALS, MEAN, P10, P25, MEDIAN, P75, P90], TABLE);
const SINGLE_YEAR: Columns<GapRow> =
    Columns::new(&[YEAR, INTERVALS, MEAN, P10, P25, MEDIAN, P75, P90], TABLE);
const PAIRS: Columns<GapRow> = Columns::new(
    &[GROUP, SUBGROUP, INTERVALS, MEAN, P10, P25, MEDIAN, P75, P90],
    PAIRS_TABLE,
);
const YEAR_PAIRS: Columns<GapRow> = Columns::new(
    &[YEAR, SUBGROUP, INTERVALS, MEAN, P10, P25, MEDIAN, P75, P90],
    PAIRS_TABLE,
);
const PAIRS_YEAR: Columns<GapRow> = Columns::new(
    &[GROUP, SUBYEAR, INTERVALS, MEAN, P10, P25, MEDIAN, P75, P90],
    PAIRS_TABLE,
);

/// Prints the rows (grouped `by`), `--columns` chosen.
pub fn print(rows: &[GapRow], by: &[GroupBy], wanted: &[String], ctx: &Ctx) -> Result<Exit> {
    let (io, out) = (&ctx.io, &ctx.out);
    let columns = super::columns_of(
        by,
        [&SINGLE, &SINGLE_YEAR, &PAIRS, &YEAR_PAIRS, &PAIRS_YEAR],
    );
    let mut printed = out.rows(out.plan_rows(columns, wanted, false)?)?;
    for row in rows {
        printed.write_plain(row)?;
    }
    let count: u64 = rows.iter().map(|r| r.intervals).sum();
    printed.finish()?;
    if count == 0 {
        io.summary(&ctx.nothing);
        return Ok(Exit::Success);
    }
    io.summary(&format!(
        "{} {} between exams, in whole months",
        thousands(count),
        plural(count, "interval", "intervals")
    ));
    Ok(Exit::Success)
}
