//! `cra stats`: banks by current rating per group (or rating records per
//! exam year), from the local copy. tsv, csv, json and a piped table give
//! the numbers through the printers; on a terminal the table is a chart:
//! each group's total, its shares and a stacked bar whose segments differ
//! by shade (so it reads with `NO_COLOR`), coloured when colour is on, no
//! line wider than the terminal. `--svg FILE` writes the same chart as SVG
//! with the small writer below (plotters would need system font libraries).

use std::io::Write;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use serde_json::json;

use crate::commands::{Ctx, Globals, Run, Spec};
use crate::error::Exit;
use crate::io::Io;
use crate::mirror::Reader;
use crate::mirror::answers::{GroupBy, StatsFilter, StatsRow};
use crate::output::chart::{self, Bar};
use crate::output::{self, Fit, Layout, Printer, Record};
use crate::settings::Settings;

#[derive(Debug, Clone, Args)]
pub struct StatsArgs {
    /// Group banks by state, regulator or size (current exam type), or
    /// rating records by exam year [default: one group, all]
    #[arg(long, value_name = "GROUP", value_enum)]
    pub by: Option<By>,

    /// Two-letter state or territory code (case-insensitive)
    #[arg(long, value_name = "XX", value_parser = crate::filters::StateParser, hide_possible_values = true)]
    pub state: Option<String>,

    /// Exam type of the current rating (by year: of the record): "Large
    /// Bank", "Small Bank", "Intermediate Small Bank", or large, small,
    /// intermediate
    #[arg(long, value_name = "SIZE", value_parser = crate::filters::SizeParser, hide_possible_values = true)]
    pub size: Option<String>,

    /// The bank's regulator, e.g. OCC (case-insensitive)
    #[arg(long, value_name = "R")]
    pub regulator: Option<String>,

    /// Also write the chart as an SVG file
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,

    #[command(flatten)]
    pub jq: crate::commands::JqArg,

    #[command(flatten)]

    pub output: crate::commands::OutputArg,
}

/// `--by` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum By {
    State,
    Regulator,
    Size,
    Year,
}

pub const AFTER_HELP: &str = "\
Banks are counted by their current rating; --by year counts rating records
by exam year. Groups in ascending order. Run cra sync first.

Examples:
  cra --sandbox stats --by state
  cra stats --by regulator --state TX -o by-regulator.xlsx
  cra stats --by year --svg ratings-by-year.svg";

const LAYOUT: Layout = Layout {
    table: &[
        "GROUP",
        "TOTAL",
        "OUTSTANDING",
        "SATISFACTORY",
        "NEEDS TO IMPROVE",
        "SUBSTANTIAL NONCOMPLIANCE",
        "OTHER",
    ],
    csv: &[
        "group",
        "total",
        "outstanding",
        "satisfactory",
        "needs_to_improve",
        "substantial_noncompliance",
        "other",
    ],
    // Counts are never cut (a cut number misleads); the rarest go first.
    fit: &[
        Fit::Shorten { rank: 0, min: 8 },
        Fit::Keep { rank: 1 },
        Fit::Keep { rank: 2 },
        Fit::Keep { rank: 3 },
        Fit::Keep { rank: 4 },
        Fit::Keep { rank: 5 },
        Fit::Keep { rank: 6 },
    ],
    roles: &[],
};

impl Spec for StatsArgs {
    fn jq(&self) -> Option<&str> {
        self.jq.jq.as_deref()
    }

    fn output_file(&self) -> Option<&std::path::Path> {
        self.output.output.as_deref()
    }
}

impl Run for StatsArgs {
    const GLOBALS: Globals = Globals::LOCAL_COPY;

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        run(self, &ctx.settings, &ctx.io).await
    }
}

async fn run(args: StatsArgs, settings: &Settings, io: &Io) -> Result<Exit> {
    let reader = Reader::open(&settings.mirror.value)?;
    if let Some(warning) = reader.unfinished_warning() {
        io.warn(&warning);
    }
    let by = match args.by {
        None => GroupBy::All,
        Some(By::State) => GroupBy::State,
        Some(By::Regulator) => GroupBy::Regulator,
        Some(By::Size) => GroupBy::Size,
        Some(By::Year) => GroupBy::Year,
    };
    let filter = StatsFilter {
        state: args.state,
        size: args.size,
        regulator: args.regulator,
    };
    let rows = reader.stats(by, &filter)?;
    let unit = if by == GroupBy::Year {
        "records"
    } else {
        "banks"
    };
    if let Some(path) = &args.svg {
        let title = match args.by {
            None => format!("CRA ratings: {unit}"),
            Some(b) => format!(
                "CRA ratings: {unit} by {}",
                clap::ValueEnum::to_possible_value(&b)
                    .map(|v| v.get_name().to_string())
                    .unwrap_or_default()
            ),
        };
        crate::atomic::write(
            path,
            chart::svg(&title, &bars(&rows)).as_bytes(),
            crate::atomic::Access::Shared,
        )?;
    }
    let format = settings
        .format
        .unwrap_or_else(|| output::default_format(&io.view));
    if io.view.terminal && matches!(format, crate::domain::Format::Table) {
        let mut out = io.stdout();
        out.write_all(
            chart::chart(
                &bars(&rows),
                unit,
                io.view.width.unwrap_or(80),
                io.view.color,
            )
            .as_bytes(),
        )?;
        out.flush()?;
        return Ok(Exit::Success);
    }
    let mut printer = Printer::new(format, LAYOUT, io.stdout(), &io.view)?;
    for row in &rows {
        let json = json!({
            "group": row.group,
            "total": row.total,
            "outstanding": row.outstanding,
            "satisfactory": row.satisfactory,
            "needs_to_improve": row.needs_to_improve,
            "substantial_noncompliance": row.substantial_noncompliance,
            "other": row.other,
        });
        let mut cells = vec![row.group.clone(), row.total.to_string()];
        cells.extend(row.counts().iter().map(u64::to_string));
        printer.write(&Record {
            json: &json,
            table: vec![cells.clone()],
            csv: vec![cells],
        })?;
    }
    printer.finish()?;
    Ok(Exit::Success)
}

/// The rows as the chart draws them.
fn bars(rows: &[StatsRow]) -> Vec<Bar> {
    rows.iter()
        .map(|row| Bar {
            group: row.group.clone(),
            total: row.total,
            counts: row.counts(),
        })
        .collect()
}
