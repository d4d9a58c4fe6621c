//! `cra changes`: rating records from the local copy with the same bank's
//! previous rating and the kind of change, newest exam first. On a
//! terminal the table marks upgrades (↑) and downgrades (↓) so they stand
//! out without colour, and colours them when colour is on.

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Parts, RowsOutput, Run, Spec, Wording};
use crate::domain::RatingChange;
use crate::error::{CraError, Exit};
use crate::filters::Words;
use crate::filters::{OrderArgs, SelectionArgs};
use crate::mirror::{ChangeFilter, ChangeRow};
use crate::output::Outputs;
use crate::output::{
    AboutBank, BankView, Cell, Column, Columns, Fit, Kind, bank_columns, public_columns,
    public_wanted,
};
use crate::text::{plural, thousands};

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
    #[arg(
        long = "change",
        value_name = "KIND",
        value_enum,
        value_delimiter = ',',
        hide_possible_values = true
    )]
    pub change: Vec<ChangeKind>,

    #[command(flatten)]
    pub rows: RowsOutput,
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
    /// A bank that merged into another in the period, with its last
    /// rating (BankFind's history, after cra enrich)
    Merged,
    /// A bank that failed in the period, with its last rating
    Failed,
}

pub const AFTER_HELP: &str = "\
Kinds: upgrade, downgrade, same (Outstanding best), first (no record before),
other (a rating off the scale), all; repeat-fail: failing after failing;
merged, failed: banks that ended so (cra enrich). Newest first.

Examples:
  cra --sandbox changes --state TX --since 2024-01 --columns name,change
  cra --sandbox changes --change upgrade,same --since 2y --regulator fdic
  cra --sandbox changes --change repeat-fail --since 2020 --regulator fdic";

/// The kinds asked for: none given means upgrades and downgrades
/// (`repeat-fail` is not a kind: alone, it asks for no kind but itself).
fn kinds(asked: &[ChangeKind]) -> Vec<RatingChange> {
    if asked.is_empty() {
        return vec![RatingChange::Upgrade, RatingChange::Downgrade];
    }
    if asked.contains(&ChangeKind::All) {
        let mut all = RatingChange::ALL.to_vec();
        for (kind, ending) in [
            (ChangeKind::Merged, RatingChange::Merged),
            (ChangeKind::Failed, RatingChange::Failed),
        ] {
            if asked.contains(&kind) {
                all.push(ending);
            }
        }
        return all;
    }
    asked
        .iter()
        .filter_map(|k| match k {
            ChangeKind::Upgrade => Some(RatingChange::Upgrade),
            ChangeKind::Downgrade => Some(RatingChange::Downgrade),
            ChangeKind::Same => Some(RatingChange::Same),
            ChangeKind::First => Some(RatingChange::First),
            ChangeKind::Other | ChangeKind::All => Some(RatingChange::Other),
            ChangeKind::Merged => Some(RatingChange::Merged),
            ChangeKind::Failed => Some(RatingChange::Failed),
            ChangeKind::RepeatFail => None,
        })
        .collect()
}

/// Whether a kind is a bank's end rather than a change of rating.
fn ends(kind: &RatingChange) -> bool {
    matches!(kind, RatingChange::Merged | RatingChange::Failed)
}

impl AboutBank for ChangeRow {
    fn bank(&self) -> BankView<'_> {
        crate::command::bank_view(&self.bank)
    }
}

/// What a change adds to the bank's columns and its exam's: the rating
/// before, and the kind of change.
const CHANGE: &[Column<ChangeRow>] = &[
    Column::new(
        "previous_rating",
        "PREVIOUS",
        Kind::Rating,
        Fit::Rating { rank: 4 },
        |r: &ChangeRow| Cell::maybe_rating(r.previous_rating.as_ref()),
    )
    .short("PREV"),
    Column::new(
        "change",
        "CHANGE",
        Kind::Change,
        Fit::Keep { rank: 1 },
        |r| Cell::text(r.change.as_str()),
    ),
    // A bank that ended: when, and who took it over (shown when
    // --change merged or failed is asked for).
    Column::new("ended", "ENDED", Kind::Date, Fit::Keep { rank: 2 }, |r| {
        r.ended.as_deref().map_or(Cell::Empty, Cell::date)
    }),
    Column::new(
        "successor",
        "INTO",
        Kind::Text,
        Fit::Shorten { rank: 9, min: 12 },
        |r| Cell::maybe(r.successor.as_deref()),
    ),
    // As `lineage` gives it: the successor's certificate, a column of its
    // own (files; a table names the successor alone).
    Column::new(
        "successor_cert",
        "INTO FDIC",
        Kind::Number,
        Fit::Keep { rank: 23 },
        |r| r.successor_cert.map_or(Cell::Empty, Cell::count),
    ),
];

const CHANGE_BANK: &[Column<ChangeRow>] = &bank_columns::<ChangeRow>();
const CHANGE_PUBLIC: &[Column<ChangeRow>] = &public_columns::<ChangeRow>();

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
        "ended",
        "rating",
        "exam_date",
        "successor",
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
            selection: Some(&self.selection),
            order: Some(&self.order),
            ..self.rows.parts()
        }
    }

    fn sheet(&self) -> &'static str {
        "Changes"
    }

    fn words(&self) -> Words {
        // The kinds as resolved: none given is upgrades and downgrades.
        let mut kinds: Vec<&str> = kinds(&self.change).iter().map(|k| k.as_str()).collect();
        if self.change.contains(&ChangeKind::RepeatFail) {
            kinds.push("repeat-fail");
        }
        Words::new()
            .flag(
                "only the rating records the last sync added (--new)",
                self.new,
            )
            .any("change", &kinds)
            .sort(Some(&self.order))
    }

    fn period_flags(&self) -> (&'static str, &'static str) {
        ("--since", "--until")
    }

    /// `--since` and `--until` bound a record's exam date, and the day a
    /// bank ended for `--change merged` and `failed`.
    fn period_words(&self) -> [&'static str; 2] {
        let wanted = kinds(&self.change);
        if wanted.iter().all(ends) {
            ["ended since", "ended until"]
        } else if wanted.iter().any(ends) {
            ["exam or ending since", "exam or ending until"]
        } else {
            ["exam since", "exam until"]
        }
    }

    fn outputs(&self) -> Outputs {
        Outputs::ROWS
    }
}

impl Run for ChangesArgs {
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
        Wording::help(
            "rating",
            "The record's rating (repeatable): out, sat, nti, snc",
        ),
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
    let (io, out) = (&ctx.io, &ctx.out);
    let reader = ctx.copy.reader()?;
    let wanted = kinds(&args.change);
    let shown = &args.order.shown;
    let mut planned = out
        .plan_rows(&CHANGES, &shown.columns, shown.enriched)?
        .keeping(&ctx.selection.filtered_columns());
    if wanted.iter().any(ends) {
        // The same columns whichever kinds are mixed with the endings.
        planned = planned.widened(&shown.columns, &["ended", "successor", "successor_cert"]);
        // A table names the successor alone (lineage gives the rest).
        planned = planned.narrowed(&shown.columns, &["successor_cert"]);
    }
    if wanted.iter().all(ends) {
        // Banks that ended alone: their last rating has no "before", a
        // column a table leaves out (files keep it, empty); the rows are
        // ordered by the day each ended, the table's first column.
        planned = planned
            .narrowed(&shown.columns, &["previous_rating"])
            .led_by(&shown.columns, "ended");
    }
    let public = planned.needs_public();
    if public {
        reader.record().require(public_wanted(shown.enriched))?;
    }
    if wanted.iter().any(ends) && !reader.events().any()? {
        let asked =
            if wanted.contains(&RatingChange::Failed) && !wanted.contains(&RatingChange::Merged) {
                "--change failed"
            } else {
                "--change merged"
            };
        return Err(CraError::usage(format!(
            "{asked} needs the structure changes of BankFind's history, which the local copy \
             has not read (run: {})",
            crate::mirror::enrich_command()
        )));
    }
    let repeat_fail = args.change.contains(&ChangeKind::RepeatFail);
    let ratings: Vec<RatingChange> = wanted.iter().copied().filter(|k| !ends(k)).collect();
    let filter = ChangeFilter {
        selection: ctx.selection.clone(),
        new: args.new,
        public,
        // Upgrades and downgrades alone (the default) are changes of the
        // rating: the statement keeps no other record.
        changed: !repeat_fail
            && ratings
                .iter()
                .all(|k| matches!(k, RatingChange::Upgrade | RatingChange::Downgrade)),
    };
    // One statement reads every record before its first row when all are
    // asked (a second or more on a large copy): said meanwhile.
    let (count, ended) = io.while_busy(
        "reading the local copy's rating records…",
        || -> Result<(u64, u64)> {
            // The banks that ended (a few hundred at most), newest first.
            let endings: Vec<ChangeRow> = reader.changes().endings(&filter, &wanted)?;
            let ended = endings.len() as u64;
            let mut endings = endings.into_iter().peekable();
            let mut rows = out.rows(planned)?;
            if !ratings.is_empty() || repeat_fail {
                // Each record printed as it is read: memory stays flat however
                // many. The endings come in among them by date (newest first);
                // sorted otherwise (--sort), after them.
                let by_date = ctx.selection.sort.is_empty();
                reader.changes().each(&filter, |row| {
                    let repeated = row.bank.rating().is_failing()
                        && row.previous_rating.as_ref().is_some_and(|p| p.is_failing());
                    if ratings.contains(&row.change) || (repeat_fail && repeated) {
                        while by_date && endings.peek().is_some_and(|e| e.date() > row.date()) {
                            rows.write(&endings.next().expect("peeked"))?;
                        }
                        rows.write(&row)?;
                    }
                    Ok(())
                })?;
            }
            for ending in endings {
                rows.write(&ending)?;
            }
            Ok((rows.finish()?, ended))
        },
    )?;
    if count == 0 {
        io.summary(&out.said(&ctx.nothing));
    } else if ended == count {
        io.summary(&out.said(&format!(
            "{} {} that ended",
            thousands(ended),
            plural(ended, "bank", "banks"),
        )));
    } else if ended > 0 {
        io.summary(&out.said(&format!(
            "{} {} and {} {} that ended",
            thousands(count - ended),
            plural(count - ended, "rating record", "rating records"),
            thousands(ended),
            plural(ended, "bank", "banks"),
        )));
    } else {
        io.summary(&out.said(&format!(
            "{} {}",
            thousands(count),
            plural(count, "rating record", "rating records")
        )));
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
