//! `cra changes`: rating records from the local copy with the same bank's
//! previous rating and the kind of change, newest exam first. On a
//! terminal the table marks upgrades (↑) and downgrades (↓) so they stand
//! out without colour, and colours them when colour is on.

use anyhow::Result;
use clap::Args;

use crate::commands::{Ctx, ExcelSafeArg, Globals, JqArg, OutputArg, Parts, Run, Spec, Wording};
use crate::error::Exit;
use crate::filters::{OrderArgs, SelectionArgs};
use crate::mirror::answers::{ChangeFilter, ChangeRow, RatingChange};
use crate::output::bank::{AboutBank, BankView, ExamView};
use crate::output::{Cell, Column, Columns, Fit, Kind};

#[derive(Debug, Clone, Args)]
pub struct ChangesArgs {
    /// Only records the latest sync added (see the guide)
    #[arg(long)]
    pub new: bool,

    /// The banks, and the records: --since, --until, --size and --rating
    /// are the record's own; the rest the bank's
    #[command(flatten)]
    pub selection: SelectionArgs,

    #[command(flatten)]
    pub order: OrderArgs,

    /// Kinds (repeatable; below) [default: upgrade, downgrade]
    #[arg(long = "change", value_name = "KIND", value_enum, hide_possible_values = true)]
    pub change: Vec<ChangeKind>,

    #[command(flatten)]
    pub jq: JqArg,

    #[command(flatten)]
    pub output: OutputArg,

    #[command(flatten)]
    pub excel: ExcelSafeArg,
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
    /// A failing record (Needs to Improve, Substantial Noncompliance)
    /// after a failing one: a repeat failure, whatever its kind
    RepeatFail,
}

pub const AFTER_HELP: &str = "\
Kinds (best first: Outstanding, Satisfactory, Needs to Improve, Substantial
Noncompliance): upgrade, downgrade, same, first (no earlier record), other
(either rating is none of the four), all; repeat-fail: a record below
Satisfactory after one below Satisfactory. Newest exam first; run cra sync.

Examples:
  cra --sandbox changes --state TX --since 2024-01 --columns name,change
  cra --sandbox changes --since 2y --rating nti --regulator fdic --city a
  cra --sandbox changes --change repeat-fail --since 2020 --regulator fdic";

/// The kinds asked for: none given means upgrades and downgrades
/// (`repeat-fail` is not a kind: alone, it asks for no kind but itself).
fn kinds(asked: &[ChangeKind]) -> Vec<RatingChange> {
    if asked.is_empty() {
        return vec![RatingChange::Upgrade, RatingChange::Downgrade];
    }
    if asked.contains(&ChangeKind::All) {
        return RatingChange::ALL.to_vec();
    }
    asked
        .iter()
        .filter_map(|k| match k {
            ChangeKind::Upgrade => Some(RatingChange::Upgrade),
            ChangeKind::Downgrade => Some(RatingChange::Downgrade),
            ChangeKind::Same => Some(RatingChange::Same),
            ChangeKind::First => Some(RatingChange::First),
            ChangeKind::Other | ChangeKind::All => Some(RatingChange::Other),
            ChangeKind::RepeatFail => None,
        })
        .collect()
}

impl AboutBank for ChangeRow {
    fn bank(&self) -> BankView<'_> {
        BankView {
            id: &self.id,
            name: &self.name,
            city: &self.city,
            state: &self.state,
            regulator: &self.regulator,
            exam: Some(ExamView {
                rating: &self.rating,
                exam_date: &self.exam_date,
                exam_type: &self.exam_type,
            }),
        }
    }
}

/// What a change adds to the bank's columns and its exam's: the rating
/// before, and the kind of change.
const CHANGE: &[Column<ChangeRow>] = &[
    Column::new("previous_rating", "PREVIOUS", Kind::Rating, Fit::Rating { rank: 4 }, |r| {
        Cell::maybe_rating(r.previous_rating.as_ref())
    }),
    Column::new("change", "CHANGE", Kind::Change, Fit::Keep { rank: 1 }, |r| {
        Cell::text(r.change.as_str())
    }),
];

const CHANGE_BANK: &[Column<ChangeRow>] = &crate::output::bank::columns::<ChangeRow>();
const CHANGE_PUBLIC: &[Column<ChangeRow>] = &crate::output::public::columns::<ChangeRow>();

/// The columns of a change: the answer first (which bank went from what
/// to what, and when); the exam's details give way on a narrow terminal.
const CHANGES: Columns<ChangeRow> = Columns::about_bank(
    CHANGE_BANK,
    CHANGE,
    &[
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
    &[
        "exam_date",
        "name",
        "state",
        "regulator",
        "exam_type",
        "previous_rating",
        "rating",
        "change",
        "id",
    ],
    &[
        "name",
        "change",
        "rating",
        "exam_date",
        "previous_rating",
        "state",
        "exam_type",
        "regulator",
    ],
)
.with_floors(&[("name", 14)])
.with_extra(CHANGE_PUBLIC);

impl Spec for ChangesArgs {
    fn parts(&self) -> Parts<'_> {
        Parts {
            output: Some(&self.output),
            excel: Some(&self.excel),
            jq: Some(&self.jq),
            selection: Some(&self.selection),
            order: Some(&self.order),
            ..Parts::default()
        }
    }

    fn sheet(&self) -> &'static str {
        "Changes"
    }

    fn words(&self) -> crate::filters::words::Words {
        let kinds: Vec<String> = self
            .change
            .iter()
            .filter_map(|k| {
                clap::ValueEnum::to_possible_value(k).map(|v| v.get_name().to_string())
            })
            .collect();
        crate::filters::words::Words::new()
            .flag("new banks only", self.new)
            .any("change", &kinds)
            .sort(Some(&self.order))
    }

    fn period_flags(&self) -> (&'static str, &'static str) {
        ("--since", "--until")
    }

    fn outputs(&self) -> crate::output::Outputs {
        crate::output::Outputs::ROWS
    }
}

impl Run for ChangesArgs {
    const GLOBALS: Globals = Globals::LOCAL_COPY;
    // The exam period and exam type of a record, not of the bank's
    // current exam: named as `changes` always named them.
    const ARGS: &'static [Wording] = &[
        Wording::renamed(
            "exam_since",
            ("since", "exam-since"),
            "DATE",
            "From DATE: YYYY-MM-DD, YYYY-MM, YYYY, an age (2y)",
        ),
        Wording::renamed(
            "exam_until",
            ("until", "exam-until"),
            "DATE",
            "Only exams until DATE (YYYY-MM, YYYY: their last day)",
        ),
        Wording::help("state", "The bank's state or territory code (any case)"),
        Wording::help("size", "The record's exam type: large, small, intermediate"),
        Wording::help("rating", "The record's rating (repeatable): out, sat, nti, snc"),
        Wording::help(
            "output",
            "Write to FILE atomically (format from its extension; - is standard output)",
        ),
    ];

    fn note_positions(&mut self, matches: &clap::ArgMatches) {
        self.selection.note_positions(matches);
    }

    fn column_names() -> Vec<&'static str> {
        CHANGES.names()
    }

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        run(self, &ctx)
    }
}

fn run(args: ChangesArgs, ctx: &Ctx) -> Result<Exit> {
    let io = &ctx.io;
    let reader = ctx.copy.reader()?;
    let wanted = kinds(&args.change);
    let shown = &args.order.shown;
    let planned = io.plan_rows(&CHANGES, &shown.columns, shown.enriched)?;
    let public = planned.needs_public();
    if public {
        reader.require_public_record(crate::output::records::public_wanted(shown.enriched))?;
    }
    let repeat_fail = args.change.contains(&ChangeKind::RepeatFail);
    let filter = ChangeFilter {
        selection: ctx.selection.clone(),
        new: args.new,
        public,
        // Upgrades and downgrades alone (the default) are changes of the
        // rating: the statement keeps no other record.
        changed: !repeat_fail
            && wanted
                .iter()
                .all(|k| matches!(k, RatingChange::Upgrade | RatingChange::Downgrade)),
    };
    let mut rows = io.rows(planned)?;
    // Each record printed as it is read: memory stays flat however many.
    reader.each_change(&filter, |row| {
        let repeated = row.rating.is_failing()
            && row.previous_rating.as_ref().is_some_and(|p| p.is_failing());
        if wanted.contains(&row.change) || (repeat_fail && repeated) {
            rows.write(&row)?;
        }
        Ok(())
    })?;
    let count = rows.finish()?;
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
        assert!(kinds(&[ChangeKind::RepeatFail]).is_empty());
        assert_eq!(
            kinds(&[ChangeKind::RepeatFail, ChangeKind::Upgrade]),
            vec![RatingChange::Upgrade]
        );
    }
}
