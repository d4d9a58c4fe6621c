//! `cra changes`: rating records from the local copy with the same bank's
//! previous rating and the kind of change, newest exam first. On a
//! terminal the table marks upgrades (↑) and downgrades (↓) so they stand
//! out without colour, and colours them when colour is on.

use anyhow::Result;
use clap::Args;
use serde_json::{Value, json};

use crate::commands::{Ctx, Globals, Run, Spec};
use crate::error::Exit;
use crate::io::Io;
use crate::mirror::Reader;
use crate::mirror::answers::{ChangeFilter, ChangeRow, RatingChange};
use crate::output::{self, Fit, Layout, Printer, Record};
use crate::settings::Settings;

#[derive(Debug, Clone, Args)]
pub struct ChangesArgs {
    /// Only exams on or after DATE: YYYY-MM-DD, YYYY-MM, YYYY, or an age
    /// (90d, 18m, 2y)
    #[arg(long, value_name = "DATE", value_parser = crate::filters::when::parse_when)]
    pub since: Option<crate::filters::when::When>,

    /// Only exams on or before DATE (YYYY-MM and YYYY: their last day)
    #[arg(long, value_name = "DATE", value_parser = crate::filters::when::parse_when)]
    pub until: Option<crate::filters::when::When>,

    /// Only records the latest sync added (see the README: not the same as
    /// a recent exam date)
    #[arg(long)]
    pub new: bool,

    /// The bank's two-letter state or territory code (case-insensitive)
    #[arg(long, value_name = "XX", value_parser = crate::filters::StateParser, hide_possible_values = true)]
    pub state: Option<String>,

    /// The record's exam type: "Large Bank", "Small Bank",
    /// "Intermediate Small Bank", or large, small, intermediate
    #[arg(long, value_name = "SIZE", value_parser = crate::filters::SizeParser, hide_possible_values = true)]
    pub size: Option<String>,

    /// --rating: the record's own rating; --regulator, --city: the bank's
    #[command(flatten)]
    pub select: crate::filters::SelectArgs,

    #[command(flatten)]
    pub order: crate::filters::OrderArgs,

    /// Kinds to list (repeatable): upgrade, downgrade, same, first, other,
    /// or all [default: upgrade and downgrade]
    #[arg(long = "change", value_name = "KIND", value_enum, hide_possible_values = true)]
    pub change: Vec<ChangeKind>,

    #[command(flatten)]
    pub jq: crate::commands::JqArg,

    #[command(flatten)]

    pub output: crate::commands::OutputArg,
}

/// `--change` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ChangeKind {
    /// A better rating than the previous one
    Upgrade,
    /// A worse rating than the previous one
    Downgrade,
    /// The same rating as the previous one
    Same,
    /// The bank's first record
    First,
    /// Either rating is none of the four CRA ratings
    Other,
    /// Every kind
    All,
}

pub const AFTER_HELP: &str = "\
Kinds (best rating first: Outstanding, Satisfactory, Needs to Improve,
Substantial Noncompliance): upgrade, downgrade, same, first (no earlier
record), other (either rating is none of the four). Newest exam first.
Run cra sync first; --new lists what the latest sync added.

Examples:
  cra --sandbox changes --state TX --since 2024-01 --columns name,change
  cra --sandbox changes --since 2y --rating nti --regulator fdic --city a
  cra --sandbox changes --since 2024-11 --until 2025 --sort regulator";

/// The kinds asked for: none given means upgrades and downgrades.
fn kinds(asked: &[ChangeKind]) -> Vec<RatingChange> {
    if asked.is_empty() {
        return vec![RatingChange::Upgrade, RatingChange::Downgrade];
    }
    if asked.contains(&ChangeKind::All) {
        return RatingChange::ALL.to_vec();
    }
    asked
        .iter()
        .map(|k| match k {
            ChangeKind::Upgrade => RatingChange::Upgrade,
            ChangeKind::Downgrade => RatingChange::Downgrade,
            ChangeKind::Same => RatingChange::Same,
            ChangeKind::First => RatingChange::First,
            ChangeKind::Other | ChangeKind::All => RatingChange::Other,
        })
        .collect()
}

const LAYOUT: Layout = Layout {
    table: &[
        "EXAM DATE",
        "NAME",
        "ST",
        "REGULATOR",
        "EXAM TYPE",
        "PREVIOUS",
        "RATING",
        "CHANGE",
        "ID",
    ],
    csv: &[
        "id",
        "name",
        "state",
        "regulator",
        "exam_date",
        "exam_type",
        "previous_rating",
        "rating",
        "change",
    ],
    // The change and the bank first; the exam's details give way.
    // The answer: which bank went from what to what, and when.
    fit: &[
        Fit::Keep { rank: 3 },
        Fit::Shorten { rank: 0, min: 14 },
        Fit::Keep { rank: 5 },
        Fit::Keep { rank: 7 },
        Fit::Keep { rank: 6 },
        Fit::Rating { rank: 4 },
        Fit::Rating { rank: 2 },
        Fit::Keep { rank: 1 },
        Fit::Id { min: 8 },
    ],
    roles: &[
        crate::output::Role::Text,
        crate::output::Role::Text,
        crate::output::Role::Text,
        crate::output::Role::Text,
        crate::output::Role::Text,
        crate::output::Role::Text,
        crate::output::Role::Rating,
        crate::output::Role::Change,
    ],
};

/// The CHANGE cell: with an arrow on a terminal, the bare kind for tsv.
fn record_json(row: &ChangeRow) -> Value {
    json!({
        "id": row.id,
        "name": row.name,
        "state": row.state,
        "regulator": row.regulator,
        "exam_date": row.exam_date,
        "exam_type": row.exam_type,
        "previous_rating": row.previous_rating,
        "rating": row.rating,
        "change": row.change.as_str(),
    })
}

impl Spec for ChangesArgs {
    fn jq(&self) -> Option<&str> {
        self.jq.jq.as_deref()
    }

    fn output_file(&self) -> Option<&std::path::Path> {
        self.output.output.as_deref()
    }
}

impl Run for ChangesArgs {
    const GLOBALS: Globals = Globals::LOCAL_COPY;

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        run(self, &ctx.settings, &ctx.io).await
    }
}

async fn run(args: ChangesArgs, settings: &Settings, io: &Io) -> Result<Exit> {
    let reader = Reader::open(&settings.mirror.value)?;
    if let Some(warning) = reader.unfinished_warning() {
        io.warn(&warning);
    }
    let wanted = kinds(&args.change);
    let (since, until) = crate::filters::when::period(
        args.since,
        args.until,
        ("--since", "--until"),
        crate::filters::when::today(),
    )
    .map_err(crate::error::CraError::usage)?;
    let present = if args.select.regulator.is_empty() {
        Vec::new()
    } else {
        reader.regulators()?
    };
    let mut find = args
        .select
        .find(&present)
        .map_err(crate::error::CraError::usage)?;
    find.sort = args.order.sort.clone();
    let selection = crate::output::columns::Columns::select(LAYOUT, &args.order.columns)
        .map_err(crate::error::CraError::usage)?;
    let filter = ChangeFilter {
        since,
        until,
        state: args.state,
        size: args.size,
        find,
        new: args.new,
    };
    let format = settings
        .format
        .unwrap_or_else(|| output::default_format(&io.view));
    let layout = selection
        .as_ref()
        .map_or(LAYOUT, crate::output::columns::Columns::layout);
    let mut printer = Printer::new(format, layout, io.stdout(), &io.view)?;
    // Each record printed as it is read: memory stays flat however many.
    reader.each_change(&filter, |row| {
        if !wanted.contains(&row.change) {
            return Ok(());
        }
        let previous = row.previous_rating.as_ref().map(|r| r.as_str().to_owned()).unwrap_or_default();
        let json = record_json(&row);
        printer.write(&crate::output::columns::cut(selection.as_ref(), Record {
            json: &json,
            table: vec![vec![
                row.exam_date.clone(),
                row.name.clone(),
                row.state.clone(),
                row.regulator.as_str().to_owned(),
                row.exam_type.as_str().to_owned(),
                previous.clone(),
                row.rating.as_str().to_owned(),
                row.change.as_str().to_string(),
                row.id.clone(),
            ]],
            csv: vec![vec![
                row.id.clone(),
                row.name.clone(),
                row.state.clone(),
                row.regulator.as_str().to_owned(),
                row.exam_date.clone(),
                row.exam_type.as_str().to_owned(),
                previous,
                row.rating.as_str().to_owned(),
                row.change.as_str().to_string(),
            ]],
        }))?;
        Ok(())
    })?;
    let count = printer.count;
    printer.finish()?;
    if count == 0 {
        io.summary("no rating records match");
    } else {
        io.summary(&format!(
            "{} {}",
            crate::text::thousands(count),
            crate::text::plural(count, "rating record", "rating records")
        ));
    }
    Ok(Exit::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_default_to_upgrades_and_downgrades() {
        assert_eq!(
            kinds(&[]),
            vec![RatingChange::Upgrade, RatingChange::Downgrade]
        );
        assert_eq!(
            kinds(&[ChangeKind::First, ChangeKind::All]),
            RatingChange::ALL.to_vec()
        );
        assert_eq!(kinds(&[ChangeKind::Same]), vec![RatingChange::Same]);
    }
}
