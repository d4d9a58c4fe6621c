//! `cra stats --lending`: per group, the banks, those with lending data
//! behind their current exam, and the median of each figure (shares as
//! fractions in files, percentages on a table; amounts as `assets`).

use anyhow::Result;

use crate::command::Ctx;
use crate::error::Exit;
use crate::mirror::GroupBy;
use crate::mirror::LendingGroup;
use crate::output::{Cell, Column, Columns, Fit, Kind};
use crate::text::{plural, thousands};

fn share(x: Option<f64>) -> Cell<'static> {
    x.map_or(Cell::Empty, |x| Cell::Fixed(x, 4))
}

/// A median of whole numbers: whole, or a half between two.
fn amount(x: Option<f64>) -> Cell<'static> {
    match x {
        None => Cell::Empty,
        Some(x) if x.fract() == 0.0 => Cell::Int(x as i64),
        Some(x) => Cell::Fixed(x, 1),
    }
}

/// The longest group a table keeps whole before a figure is dropped:
/// "Substantial Noncompliance" (a rating is never cut).
const GROUP_WHOLE: u8 = 25;

const GROUP: Column<LendingGroup> = Column::new(
    "group",
    "GROUP",
    Kind::Text,
    Fit::Shorten {
        rank: 0,
        min: GROUP_WHOLE,
    },
    |r| Cell::text(r.group.as_str()),
);
const SUBGROUP: Column<LendingGroup> = Column::new(
    "subgroup",
    "SUBGROUP",
    Kind::Text,
    Fit::Shorten { rank: 1, min: 8 },
    |r| Cell::text(r.subgroup.as_deref().unwrap_or("")),
);
const YEAR: Column<LendingGroup> =
    Column::new("group", "GROUP", Kind::Number, Fit::Keep { rank: 0 }, |r| {
        super::columns::year(&r.group)
    });
const SUBYEAR: Column<LendingGroup> = Column::new(
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
// The banks of the group: `total`, as the counts of `stats` name it.
const BANKS: Column<LendingGroup> =
    Column::new("total", "TOTAL", Kind::Count, Fit::Keep { rank: 2 }, |r| {
        Cell::count(r.banks)
    });
const WITH_LENDING: Column<LendingGroup> = Column::new(
    "with_lending",
    "WITH LENDING",
    Kind::Count,
    Fit::Keep { rank: 3 },
    |r: &LendingGroup| Cell::count(r.with_lending),
)
.short("LENT");
const LOANS: Column<LendingGroup> = Column::new(
    "sb_loans",
    "SB LOANS",
    Kind::Count,
    Fit::Keep { rank: 7 },
    |r| amount(r.sb_loans),
);
const LMI: Column<LendingGroup> = Column::new(
    "sb_lmi_share",
    "SB LMI",
    Kind::Share,
    Fit::Keep { rank: 4 },
    |r| share(r.sb_lmi_share),
);
const MARKET_LMI: Column<LendingGroup> = Column::new(
    "sb_market_lmi_share",
    "MKT LMI",
    Kind::Share,
    Fit::Keep { rank: 5 },
    |r| share(r.sb_market_lmi_share),
);
const IN_AREA: Column<LendingGroup> = Column::new(
    "sb_in_area_share",
    "IN AREA",
    Kind::Share,
    Fit::Keep { rank: 6 },
    |r| share(r.sb_in_area_share),
);
const CD: Column<LendingGroup> = Column::new(
    "cd_loans_amount",
    "CD LOANS",
    Kind::Money,
    Fit::Keep { rank: 8 },
    |r| amount(r.cd_loans_amount),
);

const TABLE: &[&str] = &[
    "group",
    "total",
    "with_lending",
    "sb_loans",
    "sb_lmi_share",
    "sb_market_lmi_share",
    "sb_in_area_share",
    "cd_loans_amount",
];
const PAIRS_TABLE: &[&str] = &[
    "group",
    "subgroup",
    "total",
    "with_lending",
    "sb_loans",
    "sb_lmi_share",
    "sb_market_lmi_share",
    "sb_in_area_share",
    "cd_loans_amount",
];

const SINGLE: Columns<LendingGroup> = Columns::new(
    &[
        GROUP,
        BANKS,
        WITH_LENDING,
        LOANS,
        LMI,
        MARKET_LMI,
        IN_AREA,
        CD,
    ],
    TABLE,
);
const SINGLE_YEAR: Columns<LendingGroup> = Columns::new(
    &[
        YEAR,
        BANKS,
        WITH_LENDING,
        LOANS,
        LMI,
        MARKET_LMI,
        IN_AREA,
        CD,
    ],
    TABLE,
);
const PAIRS: Columns<LendingGroup> = Columns::new(
    &[
        GROUP,
        SUBGROUP,
        BANKS,
        WITH_LENDING,
        LOANS,
        LMI,
        MARKET_LMI,
        IN_AREA,
        CD,
    ],
    PAIRS_TABLE,
);
const YEAR_PAIRS: Columns<LendingGroup> = Columns::new(
    &[
        YEAR,
        SUBGROUP,
        BANKS,
        WITH_LENDING,
        LOANS,
        LMI,
        MARKET_LMI,
        IN_AREA,
        CD,
    ],
    PAIRS_TABLE,
);
const PAIRS_YEAR: Columns<LendingGroup> = Columns::new(
    &[
        GROUP,
        SUBYEAR,
        BANKS,
        WITH_LENDING,
        LOANS,
        LMI,
        MARKET_LMI,
        IN_AREA,
        CD,
    ],
    PAIRS_TABLE,
);

/// Prints the groups (`by`), `--columns` chosen.
pub fn print(rows: &[LendingGroup], by: &[GroupBy], wanted: &[String], ctx: &Ctx) -> Result<Exit> {
    let (io, out) = (&ctx.io, &ctx.out);
    let columns = super::columns_of(
        by,
        [&SINGLE, &SINGLE_YEAR, &PAIRS, &YEAR_PAIRS, &PAIRS_YEAR],
    );
    let mut printed = out.rows(out.plan_rows(columns, wanted, false)?)?;
    for row in rows {
        printed.write_plain(row)?;
    }
    printed.finish()?;
    let banks: u64 = rows.iter().map(|r| r.banks).sum();
    let lent: u64 = rows.iter().map(|r| r.with_lending).sum();
    if banks == 0 {
        io.summary(&ctx.nothing);
        return Ok(Exit::Success);
    }
    io.summary(&format!(
        "{} of {} {} with lending reported before their current exam (medians of those)",
        thousands(lent),
        thousands(banks),
        plural(banks, "bank", "banks")
    ));
    Ok(Exit::Success)
}
