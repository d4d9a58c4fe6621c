//! `cra stats`: banks by current rating per group (or rating records:
//! `--by year`, `--exams`), or the months between exams (`--gaps`), from
//! the local copy. tsv, csv, json and a piped table give
//! the numbers through the printers; on a terminal the table is a chart:
//! each group's total, its shares and a stacked bar whose segments differ
//! by shade (so it reads with `NO_COLOR`), coloured when colour is on, no
//! line wider than the terminal. `--svg FILE` writes the same chart as SVG
//! with the small writer below (plotters would need system font libraries).

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Parts, RowsOutput, Run, Spec, Wording};
use crate::domain::Selection;
use crate::domain::Test;
use crate::error::{CraError, Exit};
use crate::filters::SelectionArgs;
use crate::filters::Words;
use crate::mirror::{GroupBy, StatsFilter, StatsRow};
use crate::output::{Bar, Chart, svg_chart};
use crate::output::{Outputs, Written};

mod columns;
mod gaps;
mod lending;

use columns::{Line, PAIRS, PAIRS_YEAR, SINGLE, SINGLE_YEAR, YEAR_PAIRS, columns_of};

#[derive(Debug, Clone, Args)]
pub struct StatsArgs {
    /// Group by state, regulator (the bank's current one: the service has
    /// no regulator per exam), size (the exam type) or year (of the exam:
    /// counts exams); two (A,B) for one row per pair [default: one group,
    /// all]
    #[arg(
        long,
        value_name = "GROUP[,GROUP]",
        value_enum,
        value_delimiter = ',',
        num_args = 1
    )]
    pub by: Vec<By>,

    /// The rating counts as percentages of the total (one decimal)
    #[arg(long)]
    pub percent: bool,

    /// Count exams (every rating record, by its own exam type, rating and
    /// date) instead of banks by their current rating, whatever --by
    #[arg(long)]
    pub exams: bool,

    /// The months from each exam to the bank's next one instead of
    /// counts: how many such intervals, their mean and their 10th, 25th,
    /// 50th (median), 75th and 90th percentiles, each interval under the
    /// exam it follows (its exam type, rating, date)
    #[arg(long, conflicts_with_all = ["percent", "svg"])]
    pub gaps: bool,

    /// The lending behind each bank's current exam instead of counts (cra
    /// enrich --lending): the banks with lending data and the median of
    /// their small business loans, LMI share, the market's LMI share,
    /// in-area share and community development loans
    #[arg(long, conflicts_with_all = ["percent", "svg", "gaps", "exams"])]
    pub lending: bool,

    #[command(flatten)]
    pub selection: SelectionArgs,

    /// The columns of tsv, csv and a piped table, in order, by their csv
    /// names (the terminal chart shows every rating)
    #[arg(long, value_name = "COLS", value_delimiter = ',')]
    pub columns: Vec<String>,

    /// Also write the chart as an SVG file
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,

    #[command(flatten)]
    pub rows: RowsOutput,
}

/// `--by` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum By {
    State,
    Regulator,
    Size,
    Year,
    /// The test ratings of the evaluations read (cra enrich --pe)
    #[value(name = "lending_test")]
    LendingTest,
    #[value(name = "investment_test")]
    InvestmentTest,
    #[value(name = "service_test")]
    ServiceTest,
    #[value(name = "cd_test")]
    CdTest,
    /// The rating counted, in the scale's order
    Rating,
}

pub const AFTER_HELP: &str = "\
Banks are counted by their current rating; --exams (and --by year, always)
counts rating records instead, each by its own rating, exam type and date,
which is how published studies count (--exam-since and --exam-until then
bound the exams counted). Groups in ascending order; with --by A,B one row
per pair (csv: group,subgroup,...).

Regulator and state are always the bank's current ones: the service gives
no regulator per exam, so --by year,regulator counts a bank's past exams
under the agency that regulates it now (a thrift the OTS examined in 2005
counts under the OCC if the OCC has it now).

--gaps gives months between exams instead: csv group,intervals,mean,p10,
p25,median,p75,p90 (whole calendar months; percentiles by nearest rank,
each one of the intervals). Run cra sync first.

--lending gives the lending behind each bank's current exam instead (the
last year it reported before that exam; cra enrich --lending): csv group,
total,with_lending, then the medians of sb_loans, sb_lmi_share,
sb_market_lmi_share, sb_in_area_share and cd_loans_amount. --by rating
--lending: do Outstanding banks lend more in LMI tracts?

Examples:
  cra --sandbox stats --by regulator --state TX -o by-regulator.xlsx
  cra --sandbox stats --exams --by size --exam-since 2010 --exam-until 2020 --percent
  cra --sandbox stats --gaps --by regulator,size";

impl Spec for StatsArgs {
    fn parts(&self) -> Parts<'_> {
        Parts {
            selection: Some(&self.selection),
            side_file: self.svg.as_deref().map(|path| (SVG, path)),
            ..self.rows.parts()
        }
    }

    fn sheet(&self) -> &'static str {
        if self.gaps {
            "Gaps"
        } else if self.lending {
            "Lending"
        } else {
            "Counts"
        }
    }

    fn words(&self) -> Words {
        let by: Vec<String> = self
            .by
            .iter()
            .filter_map(|b| clap::ValueEnum::to_possible_value(b).map(|v| v.get_name().to_string()))
            .collect();
        Words::new()
            .how("by", (!by.is_empty()).then(|| by.join(" and ")))
            .how_flag("as percentages", self.percent)
            .how_flag("every exam counted (--exams)", self.exams)
            .how_flag("months between exams (--gaps)", self.gaps)
            .how_flag("the lending behind the exams (--lending)", self.lending)
    }

    fn outputs(&self) -> Outputs {
        Outputs::ROWS
    }
}

impl Run for StatsArgs {
    const ARGS: &'static [Wording] = &[Wording::help(
        "size",
        "Exam type of the current rating (with --exams, --by year or --gaps: of the exam): \
         \"Large Bank\", \"Small Bank\", \"Intermediate Small Bank\", or large, small, intermediate",
    )];

    fn column_names() -> Vec<&'static str> {
        PAIRS.names()
    }

    fn note_positions(&mut self, matches: &clap::ArgMatches) {
        self.selection.note_positions(matches);
    }

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        run(self, &ctx)
    }
}

/// `--svg FILE`: the chart, written as the plan checked it.
const SVG: Written = Written {
    flag: "--svg",
    appended: false,
};

fn run(args: StatsArgs, ctx: &Ctx) -> Result<Exit> {
    let (io, out) = (&ctx.io, &ctx.out);
    let by = groupings(&args.by)?;
    let columns = columns_of(
        &by,
        [&SINGLE, &SINGLE_YEAR, &PAIRS, &YEAR_PAIRS, &PAIRS_YEAR],
    );
    let reader = ctx.copy.reader()?;
    if by.iter().any(|g| matches!(g, GroupBy::Test(_))) {
        if args.gaps {
            return Err(CraError::usage(
                "--gaps groups by state, regulator, size or year: a gap lies between two exams, \
                 each with its own evaluation",
            ));
        }
        reader.evaluations().require("--by a test")?;
    }
    if args.gaps && by.contains(&GroupBy::Rating) {
        return Err(CraError::usage(
            "--gaps groups by state, regulator, size or year: a gap lies between two exams, \
             each with its own rating",
        ));
    }
    let title = title(&args, &by, &ctx.selection);
    let filter = StatsFilter {
        selection: ctx.selection.clone(),
        exams: args.exams,
    };
    for note in notes(&args, &by, &ctx.selection) {
        io.info(&note);
    }
    // Banks counted by their current rating: those that ended count by
    // their last one, said with how many (an --active selection has none).
    if !(args.exams || args.gaps || by.contains(&GroupBy::Year))
        && let Some(ended) = reader.stats().ended_among(&ctx.selection)?
        && ended > 0
    {
        io.info(&format!(
            "note: {} {} that ended (merged, failed or closed) {} counted by {} last rating; \
             --active counts the banks BankFind lists as open",
            crate::text::thousands(ended),
            crate::text::plural(ended, "bank", "banks"),
            crate::text::plural(ended, "is", "are"),
            crate::text::plural(ended, "its", "their"),
        ));
    }
    if args.lending {
        let rows = reader.lending_stats(&by, &filter)?;
        return lending::print(&rows, &by, &args.columns, ctx);
    }
    if args.gaps {
        return gaps::print(&reader.gaps().by(&by, &filter)?, &by, &args.columns, ctx);
    }
    // A wrong --columns is said before anything is counted.
    let planned = out
        .plan_rows(columns, &args.columns, false)?
        .headed(test_headers(&args.by));
    let rows = reader.stats().by(&by, &filter)?;
    if rows.iter().all(|row| row.total == 0) {
        io.summary(&out.said(&ctx.nothing));
    }
    let unit = unit(&args, &by);
    if args.svg.is_some() {
        out.write_side_file(svg_chart(&title, &bars(&rows)).as_bytes())?;
    }
    let chart = Chart {
        bars: bars(&rows),
        unit,
        places: usize::from(args.percent),
        heads: test_heads(&args.by),
    };
    let percent = args.percent;
    out.counts(
        planned,
        rows.into_iter().map(|row| Line { row, percent }),
        chart,
    )?;
    Ok(Exit::Success)
}

/// The groupings asked for: none (one group, all), one, or two different.
fn groupings(by: &[By]) -> Result<Vec<GroupBy>> {
    let group = |b: &By| match b {
        By::State => GroupBy::State,
        By::Regulator => GroupBy::Regulator,
        By::Size => GroupBy::Size,
        By::Year => GroupBy::Year,
        By::LendingTest => GroupBy::Test(Test::Lending),
        By::InvestmentTest => GroupBy::Test(Test::Investment),
        By::ServiceTest => GroupBy::Test(Test::Service),
        By::CdTest => GroupBy::Test(Test::CommunityDevelopment),
        By::Rating => GroupBy::Rating,
    };
    const GROUPINGS: &str = "state, regulator, size, year, lending_test, investment_test, \
                             service_test, cd_test, rating";
    match by {
        [] => Ok(vec![GroupBy::All]),
        [one] => Ok(vec![group(one)]),
        [a, b] if a != b => Ok(vec![group(a), group(b)]),
        [_, _] => Err(CraError::usage(format!(
            "--by takes two different groupings (of {GROUPINGS})"
        ))),
        _ => Err(CraError::usage(format!(
            "--by takes one or two groupings (of {GROUPINGS}), e.g. --by year,regulator"
        ))),
    }
}

/// What a person must know to read the figures right, said on standard
/// error piped or not: exams counted by a filter of the bank's current
/// exam (the public record is the bank's, not each exam's), and gaps by
/// year, whose recent years hold only the exams already followed by
/// another.
fn notes(args: &StatsArgs, by: &[GroupBy], selection: &crate::domain::Selection) -> Vec<String> {
    let mut notes = Vec::new();
    let per_exam = args.exams || args.gaps || by.contains(&GroupBy::Year);
    let public: Vec<&str> = [
        ("--assets", selection.assets.is_some()),
        ("--exam-method", !selection.exam_methods.is_empty()),
    ]
    .into_iter()
    .filter_map(|(flag, given)| given.then_some(flag))
    .collect();
    if per_exam && !public.is_empty() {
        notes.push(format!(
            "note: {} select{} banks by the public record of their current exam, not of each \
             exam counted (a bank with $1B now was smaller at its older exams)",
            public.join(" and "),
            if public.len() == 1 { "s" } else { "" }
        ));
    }
    if args.gaps && by.contains(&GroupBy::Year) {
        notes.push(
            "note: a year's gaps are those of its exams already followed by another: the \
             latest years hold only the short ones so far, so their figures run low"
                .to_string(),
        );
    }
    notes
}

/// What is counted: banks, or (by year) records, or (`--exams`) exams.
fn unit(args: &StatsArgs, by: &[GroupBy]) -> &'static str {
    if args.exams {
        "exams"
    } else if by.contains(&GroupBy::Year) {
        "records"
    } else {
        "banks"
    }
}

/// The chart's title: what is counted, by what, and the selection in its
/// one wording.
fn title(args: &StatsArgs, by: &[GroupBy], selection: &Selection) -> String {
    let unit = unit(args, by);
    let names: Vec<&str> = args
        .by
        .iter()
        .map(|b| match b {
            By::State => "state",
            By::Regulator => "regulator",
            By::Size => "size",
            By::Year => "year",
            By::LendingTest => "Lending Test",
            By::InvestmentTest => "Investment Test",
            By::ServiceTest => "Service Test",
            By::CdTest => "Community Development Test",
            By::Rating => "rating",
        })
        .collect();
    let mut title = format!("CRA ratings: {unit}");
    if !names.is_empty() {
        title.push_str(&format!(" by {}", names.join(" and ")));
    }
    let mut filters = selection.words();
    if args.percent {
        filters.push("percent".to_string());
    }
    if !filters.is_empty() {
        title.push_str(&format!(" ({})", filters.join(", ")));
    }
    title
}

/// A grouping's header: `LENDING TEST`, `STATE`.
fn header(by: By) -> &'static str {
    match by {
        By::State => "STATE",
        By::Regulator => "REGULATOR",
        By::Size => "SIZE",
        By::Year => "YEAR",
        By::LendingTest => "LENDING TEST",
        By::InvestmentTest => "INVESTMENT TEST",
        By::ServiceTest => "SERVICE TEST",
        By::CdTest => "COMMUNITY DEVELOPMENT TEST",
        By::Rating => "RATING",
    }
}

fn by_test(by: &[By]) -> bool {
    by.iter().any(|b| {
        matches!(
            b,
            By::LendingTest | By::InvestmentTest | By::ServiceTest | By::CdTest
        )
    })
}

/// Grouped by a test's rating, the counts are of the banks' overall
/// ratings: the table's and tsv's headers say which is which (the group
/// names the test, each count `OVERALL ...`); csv's and json's names stay.
fn test_headers(by: &[By]) -> Vec<(&'static str, String)> {
    if !by_test(by) {
        return Vec::new();
    }
    let mut headers: Vec<(&'static str, String)> = ["group", "subgroup"]
        .into_iter()
        .zip(by)
        .map(|(name, b)| (name, header(*b).to_string()))
        .collect();
    for (name, rating) in [
        ("outstanding", "OUTSTANDING"),
        ("satisfactory", "SATISFACTORY"),
        ("needs_to_improve", "NEEDS TO IMPROVE"),
        ("substantial_noncompliance", "SUBSTANTIAL NONCOMPLIANCE"),
        ("other", "OTHER"),
    ] {
        headers.push((name, format!("OVERALL {rating}")));
    }
    headers
}

/// The chart's heads grouped by a test's rating: the group column names
/// the groupings, the legend says the shares are of overall ratings.
fn test_heads(by: &[By]) -> Option<(String, &'static str)> {
    by_test(by).then(|| {
        let names: Vec<&str> = by.iter().map(|b| header(*b)).collect();
        (names.join(" / "), "overall rating:")
    })
}

/// The rows as the chart draws them.
fn bars(rows: &[StatsRow]) -> Vec<Bar> {
    // Pairs: the first group named on its first row only, so the chart
    // reads as one small block per group.
    let width = rows
        .iter()
        .map(|r| r.group.chars().count())
        .max()
        .unwrap_or(0);
    rows.iter()
        .enumerate()
        .map(|(i, row)| Bar {
            group: match &row.subgroup {
                None => row.group.clone(),
                Some(sub) => {
                    let first = i == 0 || rows[i - 1].group != row.group;
                    let sub = if sub.is_empty() { "(none)" } else { sub };
                    if first {
                        format!("{:<width$} {sub}", row.group)
                    } else {
                        format!("{:<width$} {sub}", "")
                    }
                }
            },
            total: row.total,
            counts: row.counts(),
        })
        .collect()
}
