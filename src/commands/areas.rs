//! `cra areas BANK`: a bank's assessment areas (where its CRA lending is
//! judged), as it reported them with its lending data: each area's
//! counties, whole or partial, and their census tracts by income group.
//! From the disclosure files `cra enrich --lending` read.

use std::sync::Arc;

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Parts, RowsOutput, Run, Spec};
use crate::error::{CraError, Exit};
use crate::filters::Words;
use crate::mirror::lending::read::AreaCounty;
use crate::output::{Cell, Column, Columns, Fit, Kind, Outputs};
use crate::source::{Among, Source, Wanted, classify, resolve_one};
use crate::text::{inert, plural, thousands};

pub const AFTER_HELP: &str = "\
One row per county of each assessment area: whole or partial (only some of
its tracts), and its tracts by income group (LOW, MOD, MID, UPP, UNK: the
tract's median family income against its area's). The last year reported,
unless --year. Run cra enrich --lending first.

Examples:
  cra areas \"first national bank\" --state TX
  cra areas 7db54db2 --year 2022 --format csv";

#[derive(Debug, Clone, Args)]
pub struct AreasArgs {
    /// Bank id, a short id, a name (with a space), or fdic:N, rssd:N, occ:N
    #[arg(value_name = "BANK")]
    pub bank: String,

    /// The areas of this year (default: the last the bank reported)
    #[arg(long, value_name = "YEAR")]
    pub year: Option<u16>,

    #[command(flatten)]
    pub narrow: crate::filters::NarrowArgs,

    #[command(flatten)]
    pub rows: RowsOutput,
}

fn tracts(r: &AreaCounty, group: usize) -> Cell<'static> {
    Cell::count(r.by_group[group])
}

const AREA: &[Column<AreaCounty>] = &[
    Column::new("year", "YEAR", Kind::Number, Fit::Keep { rank: 5 }, |r| {
        Cell::Int(i64::from(r.year))
    }),
    Column::new("area", "AREA", Kind::Number, Fit::Keep { rank: 0 }, |r| {
        Cell::Int(i64::from(r.area))
    }),
    Column::new("county", "COUNTY", Kind::Text, Fit::Keep { rank: 0 }, |r| {
        Cell::Text(format!("{}{}", r.state, r.county).into())
    }),
    Column::new("msa", "MSA", Kind::Text, Fit::Keep { rank: 4 }, |r| {
        Cell::maybe(r.msa.as_deref())
    }),
    Column::new(
        "partial",
        "PARTIAL",
        Kind::Bool,
        Fit::Keep { rank: 1 },
        |r| Cell::Bool(r.partial),
    ),
    Column::new(
        "tracts",
        "TRACTS",
        Kind::Count,
        Fit::Keep { rank: 1 },
        |r| Cell::count(r.tracts),
    ),
    Column::new("low", "LOW", Kind::Count, Fit::Keep { rank: 2 }, |r| {
        tracts(r, 0)
    }),
    Column::new("moderate", "MOD", Kind::Count, Fit::Keep { rank: 2 }, |r| {
        tracts(r, 1)
    }),
    Column::new("middle", "MID", Kind::Count, Fit::Keep { rank: 3 }, |r| {
        tracts(r, 2)
    }),
    Column::new("upper", "UPP", Kind::Count, Fit::Keep { rank: 3 }, |r| {
        tracts(r, 3)
    }),
    Column::new("unknown", "UNK", Kind::Count, Fit::Keep { rank: 4 }, |r| {
        tracts(r, 4)
    }),
];

const AREAS: Columns<AreaCounty> = Columns::new(
    AREA,
    &[
        "year", "area", "county", "msa", "partial", "tracts", "low", "moderate", "middle", "upper",
        "unknown",
    ],
);

impl Spec for AreasArgs {
    fn parts(&self) -> Parts<'_> {
        self.rows.parts()
    }

    fn sheet(&self) -> &'static str {
        "Areas"
    }

    fn words(&self) -> Words {
        Words::new().add("the assessment areas of", Some(&self.bank))
    }

    fn outputs(&self) -> Outputs {
        Outputs::ROWS
    }
}

impl Run for AreasArgs {
    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let (settings, io, out) = (&ctx.settings, &ctx.io, &ctx.out);
        let reader = ctx.copy.reader()?;
        if !reader.lending().any()? {
            return Err(CraError::usage(
                "cra areas answers from the FFIEC's CRA lending data, which the local copy \
                 has not read yet (run: cra enrich --lending)",
            ));
        }
        let wanted = match classify(&self.bank) {
            name @ Wanted::Name(_) => name,
            _ => classify(&crate::source::bank_id(&self.bank)?),
        };
        let source = Source::mirror(Arc::clone(&reader));
        let among = Among {
            source: &source,
            io,
            within: &self.narrow.selection(),
        };
        let id = resolve_one(wanted, &among, settings).await?;
        let name = inert(&reader.served().bank(&id)?.fields.name).into_owned();
        let rows = reader.lending().areas(&id, self.year)?;
        let mut printed = out.rows(out.plan_rows(&AREAS, &[], false)?)?;
        for row in &rows {
            printed.write_plain(row)?;
        }
        printed.finish()?;
        let Some(first) = rows.first() else {
            io.info(&format!(
                "{name}: no assessment area reported{} (a disclosure file of the year, read \
                 by cra enrich --lending, gives them)",
                self.year.map_or(String::new(), |y| format!(" in {y}"))
            ));
            return Ok(Exit::Success);
        };
        let areas = rows
            .iter()
            .map(|r| r.area)
            .collect::<std::collections::BTreeSet<_>>()
            .len() as u64;
        let counties = rows.len() as u64;
        io.summary(&out.said(&format!(
            "{name}, {}: {} {}, {} {}",
            first.year,
            thousands(areas),
            plural(areas, "assessment area", "assessment areas"),
            thousands(counties),
            plural(counties, "county", "counties"),
        )));
        Ok(Exit::Success)
    }
}
