//! `cra due`: banks whose next CRA examination is, by the published exam
//! cycles, probably due or overdue, most overdue first, from the local
//! copy. The table of expected intervals (`mirror::due::INTERVALS`) is a
//! heuristic, and the README says so with its sources; `--older-than`
//! replaces it with one age for every bank.

use anyhow::Result;
use clap::Args;
use serde_json::json;

use crate::commands::{Ctx, Globals, JqArg, Run, Spec};
use crate::domain::Format;
use crate::error::{CraError, Exit};
use crate::filters::when::{Bound, When, parse_when, today};
use crate::filters::{FilterArgs, FindArgs, list_query};
use crate::mirror::Reader;
use crate::mirror::due::{DueQuery, DueRow};
use crate::output::columns::{self, Columns};
use crate::output::{self, Fit, Layout, Printer, Record, Role};

pub const AFTER_HELP: &str = "\
Expected months between exams (a heuristic; see the README for its sources):
  exam type                 Outstanding  Satisfactory  NTI  SNC
  Small Bank                         60            48   24   12
  Intermediate Small Bank            60            48   24   12
  Large Bank (and others)            36            36   24   12
Exams are published 45-60 days after they are done: a bank one or two
months overdue may already have been examined. Run cra sync first.

Examples:
  cra --sandbox due --state TX --city a --exam-until 2015 --sort -exam_date
  cra --sandbox due --regulator occ --rating nti --columns name,state,overdue_months
  cra --sandbox due --older-than 6y --size large --format csv";

#[derive(Debug, Clone, Args)]
pub struct DueArgs {
    #[command(flatten)]
    pub filters: FilterArgs,

    #[command(flatten)]
    pub find: FindArgs,

    /// One age for every bank instead of the table: banks whose current
    /// exam is older than WHEN (90d, 18m, 6y, or a date)
    #[arg(long, value_name = "WHEN", value_parser = parse_when)]
    pub older_than: Option<When>,

    #[command(flatten)]
    pub jq: JqArg,
}

const LAYOUT: Layout = Layout {
    table: &[
        "NAME",
        "CITY",
        "ST",
        "REGULATOR",
        "RATING",
        "EXAM DATE",
        "EXAM TYPE",
        "MONTHS",
        "EXPECTED",
        "OVERDUE",
        "ID",
    ],
    csv: &[
        "id",
        "name",
        "city",
        "state",
        "regulator",
        "rating",
        "exam_date",
        "exam_type",
        "months_since",
        "expected_months",
        "overdue_months",
    ],
    // The bank, how overdue, and why (its exam and rating) first.
    fit: &[
        Fit::Shorten { rank: 0, min: 16 },
        Fit::Shorten { rank: 8, min: 10 },
        Fit::Keep { rank: 4 },
        Fit::Keep { rank: 7 },
        Fit::Rating { rank: 3 },
        Fit::Keep { rank: 2 },
        Fit::Keep { rank: 6 },
        Fit::Keep { rank: 9 },
        Fit::Keep { rank: 5 },
        Fit::Keep { rank: 1 },
        Fit::Id { min: 8 },
    ],
    roles: &[Role::Text, Role::Text, Role::Text, Role::Text, Role::Rating],
};

impl Spec for DueArgs {
    fn jq(&self) -> Option<&str> {
        self.jq.jq.as_deref()
    }
}

impl Run for DueArgs {
    const GLOBALS: Globals = Globals::LOCAL_COPY;

    fn note_positions(&mut self, matches: &clap::ArgMatches) {
        self.filters.note_positions(matches);
    }

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let (settings, io) = (&ctx.settings, &ctx.io);
        if let Some(warning) = self.filters.split_size_warning() {
            io.warn(&warning);
        }
        let reader = Reader::open(&settings.mirror.value)?;
        if let Some(warning) = reader.unfinished_warning() {
            io.warn(&warning);
        }
        let present = if self.find.needs_regulators() {
            reader.regulators()?
        } else {
            Vec::new()
        };
        let today = today();
        let find = self.find.find(&present, today).map_err(CraError::usage)?;
        let selection =
            Columns::select(LAYOUT, &self.find.order.columns).map_err(CraError::usage)?;
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
        let rows = reader.due(&DueQuery {
            list: list_query(&self.filters, 1, 1),
            find,
            today,
            older_than_months,
        })?;
        let format = settings
            .format
            .unwrap_or_else(|| output::default_format(&io.view));
        let layout = selection.as_ref().map_or(LAYOUT, Columns::layout);
        let mut printer = Printer::new(format, layout, io.stdout(), &io.view)?;
        // Only the shape the format prints is built: `due` prints thousands.
        let nothing = serde_json::Value::Null;
        for row in rows {
            let json = format.prints_json().then(|| row_json(&row));
            let record = record(row, json.as_ref().unwrap_or(&nothing), format);
            printer.write(&columns::cut(selection.as_ref(), record))?;
        }
        let count = printer.count;
        printer.finish()?;
        io.summary(&format!(
            "{} {} probably due or overdue{}",
            crate::text::thousands(count),
            crate::text::plural(count, "bank", "banks"),
            if older_than_months.is_some() {
                " (by --older-than)"
            } else {
                " (a heuristic: see cra due --help)"
            }
        ));
        Ok(Exit::Success)
    }
}

fn row_json(row: &DueRow) -> serde_json::Value {
    json!({
        "id": row.id,
        "name": row.name,
        "city": row.city,
        "state": row.state,
        "regulator": row.regulator,
        "rating": row.rating,
        "exam_date": row.exam_date,
        "exam_type": row.exam_type,
        "months_since": row.months_since,
        "expected_months": row.expected_months,
        "overdue_months": row.overdue_months,
    })
}

fn record<'a>(row: DueRow, json: &'a serde_json::Value, format: Format) -> Record<'a> {
    let mut record = Record {
        json,
        table: Vec::new(),
        csv: Vec::new(),
    };
    if format.prints_json() {
        return record;
    }
    let numbers = [row.months_since, row.expected_months, row.overdue_months].map(|n| n.to_string());
    let fields = [
        row.name,
        row.city,
        row.state,
        row.regulator.into(),
        row.rating.into(),
        row.exam_date,
        row.exam_type.into(),
    ];
    let mut cells: Vec<String> = Vec::with_capacity(11);
    if format.prints_csv() {
        cells.push(row.id);
        cells.extend(fields);
        cells.extend(numbers);
        record.csv.push(cells);
    } else {
        cells.extend(fields);
        cells.extend(numbers);
        cells.push(row.id);
        record.table.push(cells);
    }
    record
}
