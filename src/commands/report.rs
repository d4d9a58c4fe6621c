//! `cra report`: one self-contained HTML page about the banks the filters
//! select, from the local copy, for people who would rather look than read:
//! the map by state, the split by regulator and by exam type, the trend by
//! exam year, the downgrades of the last 12 months, the banks probably due;
//! or the same as a workbook with native charts (`-o FILE.xlsx`). The
//! figures are the answers `stats`, `changes` and `due` give; the page and
//! the workbook are laid out by `output::report` and written atomically.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use clap::Args;

use crate::commands::{Ctx, Globals, Run, Spec};
use crate::domain::{Format, ListQuery};
use crate::error::{CraError, Exit};
use crate::mirror::Reader;
use crate::mirror::due::DueQuery;
use crate::mirror::answers::{ChangeFilter, RatingChange};
use crate::mirror::stats::{GroupBy, StatsFilter, StatsRow};
use crate::output::report::{self, Downgrade, DueBank, Group, Report};
use crate::text::thousands;

pub const AFTER_HELP: &str = "\
The page loads nothing from the network: its style and charts are inside it.
Run cra sync first.

Examples:
  cra --sandbox report -o cra-report.html
  cra report --regulator occ -o occ.xlsx
  cra --sandbox report --rating nti --exam-since 2020 -o needs-to-improve.html";

#[derive(Debug, Clone, Args)]
pub struct ReportArgs {
    /// Two-letter state or territory code (case-insensitive)
    #[arg(long, value_name = "XX", value_parser = crate::filters::StateParser, hide_possible_values = true)]
    pub state: Option<String>,

    /// Exam type of the current rating: "Large Bank", "Small Bank",
    /// "Intermediate Small Bank", or large, small, intermediate
    #[arg(long, value_name = "SIZE", value_parser = crate::filters::SizeParser, hide_possible_values = true)]
    pub size: Option<String>,

    #[command(flatten)]
    pub select: crate::filters::SelectArgs,

    #[command(flatten)]
    pub period: crate::filters::PeriodArgs,

    /// The file to write (atomically; .xlsx: a workbook with charts; - is
    /// standard output) [default: cra-report.html, or cra-report.xlsx with
    /// --format xlsx]
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
}

impl Spec for ReportArgs {
    fn outputs(&self) -> crate::output::Outputs {
        crate::output::Outputs::PAGE
    }

    fn output_file(&self) -> Option<&std::path::Path> {
        self.output.as_deref()
    }

    fn sheet(&self) -> &'static str {
        "States"
    }

    fn filters(&self) -> String {
        crate::filters::words::Words::new()
            .place(self.state.as_deref(), self.size.as_deref())
            .select(&self.select)
            .period(&self.period)
            .done()
    }
}

impl Run for ReportArgs {
    const GLOBALS: Globals = Globals::LOCAL_COPY;

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let started = Instant::now();
        let reader = Reader::open(&ctx.settings.mirror.value)?;
        if let Some(warning) = reader.unfinished_warning() {
            ctx.io.warn(&warning);
        }
        let figures = gather(&self, &reader, &ctx.io)?;
        let mut out = ctx.io.stdout();
        let mut counted = Counted(&mut out, 0);
        let what = if ctx.io.view.format == Format::Xlsx {
            report::book::write(&figures, ctx.io.view.about.as_deref(), &mut counted)?;
            "the workbook"
        } else {
            std::io::Write::write_all(&mut counted, report::render(&figures).as_bytes())?;
            "the page"
        };
        let size = counted.1;
        std::io::Write::flush(&mut out)?;
        drop(out);
        let file = self.output.clone().or_else(|| {
            crate::output::Outputs::PAGE.default_file(Some(ctx.io.view.format))
        });
        let written = match file {
            Some(file) if file.as_os_str() != "-" => file.display().to_string(),
            _ => what.to_string(),
        };
        ctx.io.info(&format!(
            "wrote {written} ({} KB) in {:.2} s",
            thousands(size.div_ceil(1024)),
            started.elapsed().as_secs_f64()
        ));
        Ok(Exit::Success)
    }
}

/// A writer that counts what goes through it (the size said at the end).
struct Counted<W>(W, u64);

impl<W: std::io::Write> std::io::Write for Counted<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.0.write(buf)?;
        self.1 += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// The figures of the page, from the local copy.
fn gather(args: &ReportArgs, reader: &Reader, io: &crate::io::Io) -> Result<Report> {
    let present = if args.select.regulator.is_empty() {
        Vec::new()
    } else {
        reader.regulators()?
    };
    let today = crate::filters::when::today();
    let mut find = args
        .select
        .find_within(&args.period, &present, today)
        .map_err(CraError::usage)?;
    crate::source::find::check_public(reader, &mut find)?;
    find.ids = crate::source::watch::select(&args.select.watch, Some((reader, io)))?;
    let filter = StatsFilter {
        state: args.state.clone(),
        size: args.size.clone(),
        find: find.clone(),
        exams: false,
    };
    let groups = |by: GroupBy| -> Result<Vec<Group>> {
        Ok(reader.stats(by, &filter)?.iter().map(group).collect())
    };
    // The map measures the share of the ratings asked for among the banks
    // the other filters select (among the selected banks alone it would be
    // 100% everywhere).
    let by_state = reader
        .stats(
            GroupBy::State,
            &StatsFilter {
                find: crate::domain::Find {
                    ratings: Vec::new(),
                    ..find.clone()
                },
                ..filter.clone()
            },
        )?
        .iter()
        .map(group)
        .collect();
    let by_regulator = groups(GroupBy::Regulator)?;
    // Downgrades of the last twelve months (within the exam period, when
    // one was given).
    let year_ago = today
        .checked_sub(jiff::Span::new().months(12))
        .unwrap_or(today)
        .to_string();
    let since = find
        .exam_since
        .clone()
        .filter(|since| *since > year_ago)
        .unwrap_or(year_ago);
    let downgrades = reader
        .changes(&ChangeFilter {
            since: Some(since.clone()),
            until: find.exam_until.clone(),
            state: args.state.clone(),
            size: args.size.clone(),
            find: find.clone(),
            ..ChangeFilter::default()
        })?
        .into_iter()
        .filter(|row| row.change == RatingChange::Downgrade)
        .map(|row| Downgrade {
            name: row.name,
            state: row.state,
            regulator: row.regulator.into(),
            exam_date: row.exam_date,
            previous: row.previous_rating.map(String::from).unwrap_or_default(),
            rating: row.rating.into(),
        })
        .collect();
    let due = reader
        .due(&DueQuery {
            list: ListQuery {
                state: args.state.clone(),
                size: args.size.clone(),
                ..ListQuery::default()
            },
            find: find.clone(),
            today,
            older_than_months: None,
            include_inactive: false,
        })?
        .into_iter()
        .map(|row| DueBank {
            name: row.name,
            city: row.city,
            state: row.state,
            regulator: row.regulator.into(),
            rating: row.rating.into(),
            exam_date: row.exam_date,
            exam_type: row.exam_type.into(),
            months_since: row.months_since,
            expected_months: row.expected_months,
        })
        .collect();
    let synced = reader
        .last_sync()
        .filter(|last| last.status == crate::mirror::SyncStatus::Complete)
        .and_then(|last| last.finished_at.clone());
    Ok(Report {
        filters: describe(args, &find),
        synced,
        made: crate::mirror::now(),
        banks: by_regulator.iter().map(Group::total).sum(),
        by_state,
        measure: find.ratings.iter().filter_map(|r| r.rank()).collect(),
        state: args.state.clone(),
        by_regulator,
        by_exam_type: groups(GroupBy::Size)?,
        by_year: groups(GroupBy::Year)?,
        downgrades_since: since,
        downgrades,
        due,
    })
}

fn group(row: &StatsRow) -> Group {
    Group {
        name: row.group.clone(),
        counts: row.counts(),
    }
}

/// "state TX, exam type Small Bank, rating Needs to Improve": the filters
/// as a person reads them.
fn describe(args: &ReportArgs, find: &crate::domain::Find) -> String {
    let list = |values: &[&str]| (!values.is_empty()).then(|| values.join(" or "));
    let ratings: Vec<&str> = find.ratings.iter().map(|r| r.as_str()).collect();
    let regulators: Vec<&str> = find.regulators.iter().map(String::as_str).collect();
    [
        ("state", args.state.clone()),
        ("exam type", args.size.clone()),
        ("rating", list(&ratings)),
        ("regulator", list(&regulators)),
        ("city", args.select.city.clone()),
        ("exam since", find.exam_since.clone()),
        ("exam until", find.exam_until.clone()),
        ("watch list", (!args.select.watch.is_empty()).then(|| args.select.watch.join(" or "))),
        ("failed their last", find.failed_last.map(|n| format!("{n} exams"))),
    ]
    .into_iter()
    .filter_map(|(what, value)| value.map(|v| format!("{what} {v}")))
    .collect::<Vec<_>>()
    .join(", ")
}
