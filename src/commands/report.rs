//! `cra report`: one self-contained HTML page about the banks the filters
//! select, from the local copy, for people who would rather look than read:
//! the map by state, the split by regulator and by exam type, the trend by
//! exam year, the downgrades of the last 12 months. The figures are the
//! answers `stats` and `changes` give; the page is laid out by
//! `output::report` and written atomically.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use clap::Args;

use crate::commands::{Ctx, Globals, Run, Spec};
use crate::error::Exit;
use crate::mirror::Reader;
use crate::mirror::answers::{ChangeFilter, RatingChange};
use crate::mirror::stats::{GroupBy, StatsFilter, StatsRow};
use crate::output::report::{self, Downgrade, Group, Report};
use crate::text::thousands;

pub const AFTER_HELP: &str = "\
The page loads nothing from the network: its style and charts are inside it.
Run cra sync first.

Examples:
  cra --sandbox report -o cra-report.html
  cra report --state TX --regulator occ -o texas-occ.html";

#[derive(Debug, Clone, Args)]
pub struct ReportArgs {
    /// Two-letter state or territory code (case-insensitive)
    #[arg(long, value_name = "XX", value_parser = crate::filters::StateParser, hide_possible_values = true)]
    pub state: Option<String>,

    /// Exam type of the current rating: "Large Bank", "Small Bank",
    /// "Intermediate Small Bank", or large, small, intermediate
    #[arg(long, value_name = "SIZE", value_parser = crate::filters::SizeParser, hide_possible_values = true)]
    pub size: Option<String>,

    /// The bank's regulator, e.g. OCC (case-insensitive)
    #[arg(long, value_name = "R")]
    pub regulator: Option<String>,

    /// The page to write (atomically)
    #[arg(long, short = 'o', value_name = "FILE", default_value = "cra-report.html")]
    pub output: PathBuf,
}

impl Spec for ReportArgs {}

impl Run for ReportArgs {
    const GLOBALS: Globals = Globals::LOCAL_COPY;

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let started = Instant::now();
        let reader = Reader::open(&ctx.settings.mirror.value)?;
        if let Some(warning) = reader.unfinished_warning() {
            ctx.io.warn(&warning);
        }
        let page = report::render(&gather(&self, &reader)?);
        crate::atomic::write(
            &self.output,
            page.as_bytes(),
            crate::atomic::Access::Shared,
        )?;
        ctx.io.info(&format!(
            "wrote {} ({} KB) in {:.2} s",
            self.output.display(),
            thousands(page.len().div_ceil(1024) as u64),
            started.elapsed().as_secs_f64()
        ));
        Ok(Exit::Success)
    }
}

/// The figures of the page, from the local copy.
fn gather(args: &ReportArgs, reader: &Reader) -> Result<Report> {
    // The regulator as the copy spells its agencies (upper case).
    let find = crate::domain::Find {
        regulators: args.regulator.iter().map(|r| r.to_uppercase()).collect(),
        ..crate::domain::Find::default()
    };
    let filter = StatsFilter {
        state: args.state.clone(),
        size: args.size.clone(),
        find: find.clone(),
    };
    let groups = |by: GroupBy| -> Result<Vec<Group>> {
        Ok(reader.stats(by, &filter)?.iter().map(group).collect())
    };
    let today = jiff::Zoned::now().date();
    let since = today
        .checked_sub(jiff::Span::new().months(12))
        .unwrap_or(today)
        .to_string();
    let downgrades = reader
        .changes(&ChangeFilter {
            since: Some(since.clone()),
            state: args.state.clone(),
            size: args.size.clone(),
            find,
            ..ChangeFilter::default()
        })?
        .into_iter()
        .filter(|row| row.change == RatingChange::Downgrade)
        .map(|row| Downgrade {
            name: row.name,
            state: row.state,
            regulator: row.regulator,
            exam_date: row.exam_date,
            previous: row.previous_rating.unwrap_or_default(),
            rating: row.rating,
        })
        .collect();
    let synced = reader
        .last_sync()
        .filter(|last| last.status == crate::mirror::SyncStatus::Complete)
        .and_then(|last| last.finished_at.clone());
    Ok(Report {
        filters: describe(args),
        synced,
        made: crate::mirror::now(),
        by_state: groups(GroupBy::State)?,
        by_regulator: groups(GroupBy::Regulator)?,
        by_exam_type: groups(GroupBy::Size)?,
        by_year: groups(GroupBy::Year)?,
        downgrades_since: since,
        downgrades,
    })
}

fn group(row: &StatsRow) -> Group {
    Group {
        name: row.group.clone(),
        counts: row.counts(),
    }
}

/// "state TX, exam type Small Bank": the filters as a person reads them.
fn describe(args: &ReportArgs) -> String {
    [
        ("state", &args.state),
        ("exam type", &args.size),
        ("regulator", &args.regulator),
    ]
    .into_iter()
    .filter_map(|(what, value)| value.as_ref().map(|v| format!("{what} {v}")))
    .collect::<Vec<_>>()
    .join(", ")
}
