//! `cra lending BANK...`: what a bank reported lending, from the FFIEC's
//! CRA lending data `cra enrich --lending` read into the copy: by year,
//! county or tract income group, its small business (or farm) loans and
//! their amount, the share in low- and moderate-income tracts beside the
//! market's in the same counties (the comparison examiners make), the
//! share to small businesses, the share inside its assessment areas, its
//! community development loans and its share of the market. Several banks
//! or `--watch` give one row per bank and year.

use std::sync::Arc;

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Parts, RowsOutput, Run, Spec};
use crate::error::{CraError, Exit};
use crate::filters::{WatchArg, Words};
use crate::lending::shares::{By, Line, lines};
use crate::output::{Cell, Column, Columns, Fit, Kind, Outputs};
use crate::source::{Among, Source, Wanted, classify, resolve_one};
use crate::text::{plural, thousands};

pub const AFTER_HELP: &str = "\
Loans are counted, originations only (purchases are not lending decisions).
LMI: the share of its loans in low- and moderate-income tracts (of tracts of
known income); MKT LMI: every reporter's in the same counties that year.
SMALL REV: to businesses (farms) with revenues of $1 million or less. IN
AREA: inside its assessment areas. MKT SHARE: its loans over every
reporter's in the same counties. Shares are fractions 0-1 in csv and json,
percentages in tables. A year of which no disclosure file was read is
answered from the aggregate (FROM aggregate: loans by county only).
Run cra enrich --lending first.

Examples:
  cra lending \"first national bank\" --state TX --kind small-farm
  cra lending 7db54db2 --by county --year 2022
  cra lending --watch mine --since 2019 --format csv";

#[derive(Debug, Clone, Args)]
pub struct LendingArgs {
    /// Bank id, a short id, a name (with a space), or fdic:N, rssd:N, occ:N
    #[arg(value_name = "BANK")]
    pub banks: Vec<String>,

    /// One year
    #[arg(long, value_name = "YEAR", conflicts_with_all = ["since", "until"])]
    pub year: Option<u16>,

    /// From this year
    #[arg(long, value_name = "YEAR")]
    pub since: Option<u16>,

    /// To this year
    #[arg(long, value_name = "YEAR")]
    pub until: Option<u16>,

    /// One row a year, a year and county, or a year and tract income group
    #[arg(long, value_enum, default_value = "year")]
    pub by: By,

    /// Small business or small farm loans
    #[arg(long, value_enum, default_value = "small-business")]
    pub kind: KindArg,

    #[command(flatten)]
    pub watch: WatchArg,

    #[command(flatten)]
    pub narrow: crate::filters::NarrowArgs,

    #[command(flatten)]
    pub rows: RowsOutput,
}

/// `--kind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum KindArg {
    SmallBusiness,
    SmallFarm,
}

impl KindArg {
    fn as_str(self) -> &'static str {
        match self {
            KindArg::SmallBusiness => "small_business",
            KindArg::SmallFarm => "small_farm",
        }
    }
}

/// One row: a bank and a line of its lending.
pub struct Lent {
    pub id: String,
    pub name: String,
    pub line: Line,
}

fn fraction(x: Option<f64>) -> Cell<'static> {
    x.map_or(Cell::Empty, |x| Cell::Fixed(x, 4))
}

const NAME: Column<Lent> = Column::new(
    "name",
    "BANK",
    Kind::Text,
    Fit::Shorten { rank: 3, min: 10 },
    |r| Cell::text(&r.name),
);
const YEAR: Column<Lent> = Column::new("year", "YEAR", Kind::Number, Fit::Keep { rank: 0 }, |r| {
    Cell::Int(i64::from(r.line.year))
});
const COUNTY: Column<Lent> =
    Column::new("county", "COUNTY", Kind::Text, Fit::Keep { rank: 0 }, |r| {
        Cell::maybe(r.line.county.as_deref())
    });
const GROUP: Column<Lent> = Column::new(
    "income_group",
    "INCOME",
    Kind::Text,
    Fit::Keep { rank: 0 },
    |r| Cell::maybe(r.line.income_group.as_deref()),
);
const LOANS: Column<Lent> =
    Column::new("loans", "LOANS", Kind::Count, Fit::Keep { rank: 2 }, |r| {
        Cell::count(r.line.loans)
    });
const AMOUNT: Column<Lent> = Column::new(
    "amount",
    "AMOUNT",
    Kind::Money,
    Fit::Keep { rank: 7 },
    |r| Cell::count(r.line.amount),
);
const LMI: Column<Lent> = Column::new(
    "lmi_share",
    "LMI",
    Kind::Share,
    Fit::Keep { rank: 1 },
    |r| fraction(r.line.lmi_share),
);
const MARKET_LMI: Column<Lent> = Column::new(
    "market_lmi_share",
    "MKT LMI",
    Kind::Share,
    Fit::Keep { rank: 1 },
    |r| fraction(r.line.market_lmi_share),
);
const SMALL_REVENUE: Column<Lent> = Column::new(
    "small_revenue_share",
    "SMALL REV",
    Kind::Share,
    Fit::Keep { rank: 5 },
    |r| fraction(r.line.small_revenue_share),
);
const IN_AREA: Column<Lent> = Column::new(
    "in_area_share",
    "IN AREA",
    Kind::Share,
    Fit::Keep { rank: 4 },
    |r| fraction(r.line.in_area_share),
);
const GROUP_SHARE: Column<Lent> = Column::new(
    "group_share",
    "SHARE",
    Kind::Share,
    Fit::Keep { rank: 1 },
    |r| fraction(r.line.group_share),
);
const MARKET_GROUP_SHARE: Column<Lent> = Column::new(
    "market_group_share",
    "MKT SHARE OF",
    Kind::Share,
    Fit::Keep { rank: 1 },
    |r| fraction(r.line.market_group_share),
);
const MARKET_SHARE: Column<Lent> = Column::new(
    "market_share",
    "MKT SHARE",
    Kind::Share,
    Fit::Keep { rank: 6 },
    |r| fraction(r.line.market_share),
);
const CD_LOANS: Column<Lent> = Column::new(
    "cd_loans",
    "CD LOANS",
    Kind::Count,
    Fit::Keep { rank: 8 },
    |r| r.line.cd_loans.map_or(Cell::Empty, Cell::count),
);
const CD_AMOUNT: Column<Lent> = Column::new(
    "cd_amount",
    "CD AMOUNT",
    Kind::Money,
    Fit::Keep { rank: 6 },
    |r| r.line.cd_amount.map_or(Cell::Empty, Cell::count),
);
const SOURCE: Column<Lent> =
    Column::new("source", "FROM", Kind::Text, Fit::Keep { rank: 9 }, |r| {
        Cell::text(r.line.source)
    });
const ID: Column<Lent> = Column::new("id", "ID", Kind::Id, Fit::Id { min: 8 }, |r| {
    Cell::text(&r.id)
});

const YEARS: Columns<Lent> = Columns::new(
    &[
        ID,
        NAME,
        YEAR,
        LOANS,
        AMOUNT,
        LMI,
        MARKET_LMI,
        SMALL_REVENUE,
        IN_AREA,
        MARKET_SHARE,
        CD_LOANS,
        CD_AMOUNT,
        SOURCE,
    ],
    &[
        "name",
        "year",
        "loans",
        "amount",
        "lmi_share",
        "market_lmi_share",
        "small_revenue_share",
        "in_area_share",
        "cd_amount",
        "id",
    ],
);

const COUNTIES: Columns<Lent> = Columns::new(
    &[
        ID,
        NAME,
        YEAR,
        COUNTY,
        LOANS,
        AMOUNT,
        LMI,
        MARKET_LMI,
        SMALL_REVENUE,
        IN_AREA,
        MARKET_SHARE,
        SOURCE,
    ],
    &[
        "name",
        "year",
        "county",
        "loans",
        "amount",
        "lmi_share",
        "market_lmi_share",
        "in_area_share",
        "market_share",
        "id",
    ],
);

const GROUPS: Columns<Lent> = Columns::new(
    &[
        ID,
        NAME,
        YEAR,
        GROUP,
        LOANS,
        AMOUNT,
        GROUP_SHARE,
        MARKET_GROUP_SHARE,
        MARKET_SHARE,
        SMALL_REVENUE,
        IN_AREA,
        SOURCE,
    ],
    &[
        "name",
        "year",
        "income_group",
        "loans",
        "amount",
        "group_share",
        "market_group_share",
        "market_share",
        "in_area_share",
        "id",
    ],
);

impl Spec for LendingArgs {
    fn parts(&self) -> Parts<'_> {
        Parts {
            watch: Some(&self.watch),
            ..self.rows.parts()
        }
    }

    fn sheet(&self) -> &'static str {
        "Lending"
    }

    fn words(&self) -> Words {
        Words::new().add("the lending of", self.banks.first())
    }

    fn outputs(&self) -> Outputs {
        Outputs::ROWS
    }
}

impl LendingArgs {
    fn columns(&self) -> &'static Columns<Lent> {
        match self.by {
            By::Year => &YEARS,
            By::County => &COUNTIES,
            By::Income => &GROUPS,
        }
    }

    /// The years asked for, first and last.
    fn span(&self) -> (u16, u16) {
        match self.year {
            Some(year) => (year, year),
            None => (self.since.unwrap_or(0), self.until.unwrap_or(u16::MAX)),
        }
    }
}

impl Run for LendingArgs {
    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let (settings, io, out) = (&ctx.settings, &ctx.io, &ctx.out);
        let reader = ctx.copy.reader()?;
        if !reader.lending().any()? {
            return Err(CraError::usage(
                "cra lending answers from the FFIEC's CRA lending data, which the local copy \
                 has not read yet (run: cra enrich --lending)",
            ));
        }
        let mut ids: Vec<String> = Vec::new();
        let source = Source::mirror(Arc::clone(&reader));
        for bank in &self.banks {
            let wanted = match classify(bank) {
                name @ Wanted::Name(_) => name,
                _ => classify(&crate::source::bank_id(bank)?),
            };
            let among = Among {
                source: &source,
                io,
                within: &self.narrow.selection(),
            };
            ids.push(resolve_one(wanted, &among, settings).await?);
        }
        if let Some(watched) = &ctx.selection.watch {
            ids.extend(watched.ids.iter().cloned());
        }
        let mut seen = std::collections::HashSet::new();
        ids.retain(|id| seen.insert(id.clone()));
        if ids.is_empty() {
            return Err(CraError::usage(
                "cra lending: name a bank (BANK...) or a watch list (--watch NAME)",
            ));
        }
        let (since, until) = self.span();
        let mut printed = out.rows(out.plan_rows(self.columns(), &[], false)?)?;
        let mut none = Vec::new();
        let mut aggregate = 0u64;
        for id in ids {
            // A watched bank the copy lacks was named when the lists were read.
            let Ok(bank) = reader.served().bank(&id) else {
                continue;
            };
            let lent = reader.lending().of(&id, self.kind.as_str(), since, until)?;
            let lines = lines(&lent.held, &lent.market, &lent.cd, self.by);
            if lines.is_empty() {
                none.push(crate::text::inert(&bank.fields.name).into_owned());
            }
            for line in lines {
                aggregate += u64::from(line.from_aggregate());
                printed.write_plain(&Lent {
                    id: id.clone(),
                    name: bank.fields.name.clone(),
                    line,
                })?;
            }
        }
        let count = printed.finish()?;
        for name in &none {
            io.info(&format!(
                "{name}: no {} lending reported in the years the local copy holds{}",
                self.kind.as_str().replace('_', " "),
                match self.year {
                    Some(year) => format!(" (asked: {year})"),
                    None => String::new(),
                }
            ));
        }
        if aggregate > 0 {
            io.info(&format!(
                "{} {} from the aggregate (no disclosure file of the year read): loans by \
                 county only, no LMI or in-area share",
                thousands(aggregate),
                plural(aggregate, "row", "rows")
            ));
        }
        io.summary(&out.said(&format!(
            "{} {}",
            thousands(count),
            plural(count, "row", "rows")
        )));
        Ok(Exit::Success)
    }
}
