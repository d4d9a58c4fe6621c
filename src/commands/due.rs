//! `cra due`: banks whose next CRA examination is, by the published exam
//! cycles, probably due or overdue, most overdue first, from the local
//! copy. The table of expected intervals (`mirror::due::INTERVALS`) is a
//! heuristic, and the guide (docs/guide.md) says so with its sources; `--older-than`
//! replaces it with one age for every bank.

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Parts, RowsOutput, Run, Spec};
use crate::error::{CraError, Exit};
use crate::filters::Words;
use crate::filters::{Bound, OrderArgs, SelectionArgs, When, parse_when, today};
use crate::mirror::{Activity, DueQuery, DueRow, left_out_note};
use crate::output::Outputs;
use crate::output::due::{self, Overdue};
use crate::output::{
    AboutBank, BankView, Column, Columns, bank_columns, public_columns, public_wanted,
};
use crate::text::{plural, thousands};

pub const AFTER_HELP: &str = "\
Expected months between exams (a heuristic; its sources: docs/guide.md):
  exam type                 Outstanding  Satisfactory  NTI  SNC
  Small Bank                         60            48   24   12
  Intermediate Small Bank            60            48   24   12
  Large Bank (and others)            36            36   24   12
Exams are published 45-60 days after they are done: a bank one or two
months overdue may already have been examined. Run cra sync first.

Examples:
  cra --sandbox due --state TX --city a --exam-until 2015 --sort -exam_date
  cra --sandbox due --regulator occ --rating nti --as-of 2027-03-31
  cra --sandbox due --older-than 6y --size large --format csv";

#[derive(Debug, Clone, Args)]
pub struct DueArgs {
    #[command(flatten)]
    pub selection: SelectionArgs,

    #[command(flatten)]
    pub order: OrderArgs,

    /// One age for every bank instead of the table: banks whose current
    /// exam is older than WHEN (90d, 18m, 6y, or a date)
    #[arg(long, value_name = "WHEN", value_parser = parse_when)]
    pub older_than: Option<When>,

    /// Reckon to this day instead of today: which banks will be due by
    /// then (YYYY-MM-DD; YYYY-MM and YYYY stand for their last day)
    #[arg(long, value_name = "DATE", value_parser = parse_when)]
    pub as_of: Option<When>,

    /// Keep the banks known to be no longer active (BankFind, after cra
    /// enrich) and those last examined under the OTS (closed in 2011)
    #[arg(long)]
    pub include_inactive: bool,

    #[command(flatten)]
    pub rows: RowsOutput,
}

impl DueArgs {
    /// The day `due` reckons to: today, or `--as-of`.
    fn day(&self) -> jiff::civil::Date {
        self.as_of.map_or_else(today, |day| day.last_day(today()))
    }
}

impl AboutBank for DueRow {
    fn bank(&self) -> BankView<'_> {
        crate::command::bank_view(&self.bank)
    }
}

impl Overdue for DueRow {
    fn months_since(&self) -> i64 {
        self.months_since
    }

    fn expected_months(&self) -> i64 {
        self.expected_months
    }

    fn overdue_months(&self) -> i64 {
        self.overdue_months
    }
}

const DUE: &[Column<DueRow>] = &due::columns::<DueRow>();
const DUE_BANK: &[Column<DueRow>] = &bank_columns::<DueRow>();
const DUE_PUBLIC: &[Column<DueRow>] = &public_columns::<DueRow>();

/// The columns of a bank probably due (`output::due`).
const DUE_COLUMNS: Columns<DueRow> =
    Columns::about_bank(DUE_BANK, DUE, &due::CSV, &due::TABLE, &due::GIVE_WAY)
        .with_extra(DUE_PUBLIC);

impl Spec for DueArgs {
    fn parts(&self) -> Parts<'_> {
        Parts {
            selection: Some(&self.selection),
            order: Some(&self.order),
            ..self.rows.parts()
        }
    }

    fn sheet(&self) -> &'static str {
        "Due"
    }

    fn words(&self) -> Words {
        Words::new()
            .sort(Some(&self.order))
            .flag("probably due by the exam cycles", self.older_than.is_none())
            .when_to("exam older than", self.older_than, Bound::Until, self.day())
            .how("as of", self.as_of.map(|_| self.day()))
    }

    fn outputs(&self) -> Outputs {
        Outputs::ROWS
    }
}

impl Run for DueArgs {
    fn column_names() -> Vec<&'static str> {
        DUE_COLUMNS.names()
    }

    fn note_positions(&mut self, matches: &clap::ArgMatches) {
        self.selection.note_positions(matches);
    }

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let (io, out) = (&ctx.io, &ctx.out);
        let reader = ctx.copy.reader()?;
        let today = self.day();
        let older_than_months = match self.older_than {
            None => None,
            Some(when) => {
                let cutoff = when
                    .resolve(Bound::Since, today)
                    .map_err(|e| CraError::usage(format!("--older-than: {e}")))?;
                let span = cutoff
                    .until((jiff::Unit::Month, today))
                    .map_err(|e| anyhow::anyhow!("{e}"))?;
                Some(i64::from(span.get_months()))
            }
        };
        // The header (tsv, csv) only once the arguments have been checked.
        let shown = &self.order.shown;
        let planned = out
            .plan_rows(&DUE_COLUMNS, &shown.columns, shown.enriched)?
            .keeping(&ctx.selection.filtered_columns());
        let public = planned.needs_public();
        if public {
            reader.record().require(public_wanted(shown.enriched))?;
        }
        let (rows, left_out) = reader.due().rows(&DueQuery {
            selection: ctx.selection.clone(),
            today,
            older_than_months,
            include_inactive: self.include_inactive,
            public_record: public,
        })?;
        let activity = Activity::of(&reader)?;
        let note = left_out_note(left_out, activity, self.include_inactive);
        let mut printed = out.rows(planned)?;
        for row in rows {
            printed.write(&row)?;
        }
        if let Some(note) = &note {
            printed.note(("Left out", note.clone()));
        }
        let count = printed.finish()?;
        if count == 0 {
            io.summary(&out.said(&ctx.nothing));
        } else {
            io.summary(&out.said(&format!(
                "{} {} probably due or overdue{}{}",
                thousands(count),
                plural(count, "bank", "banks"),
                match self.as_of {
                    Some(_) => format!(" on {today}"),
                    None => String::new(),
                },
                if older_than_months.is_some() {
                    " (by --older-than)"
                } else {
                    " (a heuristic: see cra due --help)"
                }
            )));
        }
        // Rows left out are never left out in silence: said piped too.
        if let Some(note) = &note {
            io.info(note);
        }
        Ok(Exit::Success)
    }
}
