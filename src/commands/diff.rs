//! `cra diff OLD NEW`: what changed between two `cra export` files, with no
//! request, no key and no mirror. The comparison itself lives in `diff/`;
//! this file reads the two sides into it and prints each change through
//! the usual printers as soon as it is known.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use serde_json::{Map, Value, json};

use crate::commands::JqArg;
use crate::commands::{Ctx, Globals, Run, Spec};
use crate::diff::read::Export;
use crate::diff::{self, Differ, Difference, FIELDS, Kind, Row};
use crate::error::{CraError, Exit};
use crate::io::Io;
use crate::output::{self, Fit, Layout, Printer, Record};
use crate::settings::Settings;
use crate::text::plural;

pub const AFTER_HELP: &str = "\
Each file may be csv, json or ndjson, with or without history (told from its
content, not its name); no request is made. Either may be `-`, standard
input, or a pipe: each is read once, as a stream. Banks are matched by id. `rating`:
the current rating, its exam date or its exam type changed; `details`: only
name, city, state or regulator did. Order: NEW's order for added and changed
banks, then removed banks in OLD's order.

Examples:
  cra diff last-quarter.csv banks.csv -o what-changed.xlsx
  cra diff old.json new.ndjson --jq '.[] | select(.change == \"rating\") | .name'
  cra diff old.csv new.csv --exit-code > /dev/null || echo changed";

#[derive(Debug, Clone, Args)]
pub struct DiffArgs {
    /// The earlier export (- for standard input)
    #[arg(value_name = "OLD")]
    pub old: PathBuf,

    /// The later export (- for standard input)
    #[arg(value_name = "NEW")]
    pub new: PathBuf,

    /// Exit 1 when there are differences, 0 when there are none (as git diff)
    #[arg(long)]
    pub exit_code: bool,

    #[command(flatten)]
    pub jq: JqArg,

    #[command(flatten)]

    pub output: crate::commands::OutputArg,
}

/// The fields of a side that csv and the table show, after `id`.
const SIDE_FIELDS: std::ops::Range<usize> = 1..8;

/// Table/tsv: what changed at a glance. csv: every field of both sides.
pub const DIFF: Layout = Layout {
    table: &["CHANGE", "NAME", "ST", "FIELDS", "BEFORE", "AFTER", "ID"],
    csv: &[
        "change",
        "id",
        "name",
        "fields",
        "before_name",
        "before_city",
        "before_state",
        "before_regulator",
        "before_rating",
        "before_exam_date",
        "before_exam_type",
        "after_name",
        "after_city",
        "after_state",
        "after_regulator",
        "after_rating",
        "after_exam_date",
        "after_exam_type",
    ],
    // What changed and for whom; the values before and after give way
    // (they are in --format json whole).
    fit: &[
        Fit::Keep { rank: 0 },
        Fit::Shorten { rank: 1, min: 12 },
        Fit::Keep { rank: 4 },
        Fit::Shorten { rank: 3, min: 10 },
        Fit::Shorten { rank: 2, min: 16 },
        Fit::Shorten { rank: 2, min: 16 },
        Fit::Id { min: 8 },
    ],
    roles: &[crate::output::Role::Change],
};

impl Spec for DiffArgs {
    fn jq(&self) -> Option<&str> {
        self.jq.jq.as_deref()
    }

    fn output_file(&self) -> Option<&std::path::Path> {
        self.output.output.as_deref()
    }

    fn reads_config(&self) -> bool {
        false
    }
}

impl Run for DiffArgs {
    const GLOBALS: Globals = Globals::OUTPUT;

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        run(self, &ctx.settings, &ctx.io)
    }
}

fn run(args: DiffArgs, settings: &Settings, io: &Io) -> Result<Exit> {
    if args.old.as_os_str() == "-" && args.new.as_os_str() == "-" {
        return Err(CraError::usage(
            "only one of OLD and NEW can be - (standard input)",
        ));
    }
    // Both files are recognised before anything is read or printed.
    let old = Export::open(&args.old)?;
    let new = Export::open(&args.new)?;
    let mut differ = Differ::new();
    old.read(&mut |row| {
        differ
            .add_old(row)
            .map_err(|dup| duplicate(&args.old, &dup))
    })?;
    let format = settings
        .format
        .unwrap_or_else(|| output::default_format(&io.view));
    // The printer (and so a header or `[`) starts with the first change:
    // a file that turns out not to be an export before any difference is
    // found leaves standard output empty.
    let mut printer = None;
    let start = |printer: &mut Option<Printer<_>>| -> Result<()> {
        if printer.is_none() {
            *printer = Some(Printer::new(format, DIFF, io.stdout(), &io.view)?);
        }
        Ok(())
    };
    let mut counts = Counts::default();
    let mut print = |change: &Difference, printer: &mut Option<Printer<_>>| -> Result<()> {
        counts.add(change.kind);
        start(printer)?;
        let json = change_json(change);
        printer.as_mut().expect("started").write(&Record {
            json: &json,
            table: vec![table_row(change)],
            csv: vec![csv_row(change)],
        })
    };
    let read = new.read(&mut |row| match differ
        .add_new(row)
        .map_err(|dup| duplicate(&args.new, &dup))?
    {
        Some(change) => print(&change, &mut printer),
        None => Ok(()),
    });
    if let Err(error) = read {
        // NEW failed after changes were printed: what was printed is
        // ended well-formed (json's array closed), then the error is
        // said and the exit is non-zero. Nothing printed: nothing is.
        if let Some(printer) = printer {
            let _ = printer.finish();
        }
        return Err(error);
    }
    for change in differ.removed() {
        print(&change, &mut printer)?;
    }
    start(&mut printer)?;
    printer.expect("started").finish()?;
    io.summary(&counts.summary());
    Ok(if args.exit_code && counts.total() > 0 {
        Exit::Failure
    } else {
        Exit::Success
    })
}

fn duplicate(path: &std::path::Path, dup: &diff::Duplicate) -> anyhow::Error {
    anyhow::anyhow!(
        "{}: bank '{}' appears twice (an export lists each bank once, its history rows together)",
        path.display(),
        crate::error::shorten(&dup.0, 80)
    )
}

#[derive(Default)]
struct Counts {
    added: u64,
    removed: u64,
    rating: u64,
    details: u64,
}

impl Counts {
    fn add(&mut self, kind: Kind) {
        match kind {
            Kind::Added => self.added += 1,
            Kind::Removed => self.removed += 1,
            Kind::Rating => self.rating += 1,
            Kind::Details => self.details += 1,
        }
    }

    fn total(&self) -> u64 {
        self.added + self.removed + self.rating + self.details
    }

    fn summary(&self) -> String {
        if self.total() == 0 {
            return "no differences".to_string();
        }
        format!(
            "{} added, {} removed, {} rating {}, {} details {}",
            crate::text::thousands(self.added),
            crate::text::thousands(self.removed),
            crate::text::thousands(self.rating),
            plural(self.rating, "change", "changes"),
            crate::text::thousands(self.details),
            plural(self.details, "change", "changes"),
        )
    }
}

/// `{change, id, name, before, after}`, the sides as flat objects with the
/// columns of a csv export, `null` where the bank is absent.
pub fn change_json(change: &Difference) -> Value {
    let side = |row: &Option<Row>| match row {
        None => Value::Null,
        Some(row) => Value::Object(
            FIELDS
                .iter()
                .zip(row.fields())
                .map(|(k, v)| (k.to_string(), Value::String(v.to_string())))
                .collect::<Map<String, Value>>(),
        ),
    };
    json!({
        "change": change.kind.as_str(),
        "id": change.id(),
        "name": change.side().get(diff::NAME),
        "before": side(&change.before),
        "after": side(&change.after),
    })
}

/// CHANGE, NAME, ST, FIELDS, BEFORE, AFTER, ID: for a changed bank the
/// fields that differ and their values on each side; for an added or
/// removed one its rating and exam date on the side it is on.
fn table_row(change: &Difference) -> Vec<String> {
    let side = change.side();
    let values = |row: &Row, fields: &[usize]| {
        fields
            .iter()
            .map(|&i| row.get(i))
            .collect::<Vec<_>>()
            .join(" · ")
    };
    let (fields, before, after) = match (&change.before, &change.after) {
        (Some(b), Some(a)) => {
            let changed = diff::changed_fields(b, a);
            (
                changed
                    .iter()
                    .map(|&i| FIELDS[i])
                    .collect::<Vec<_>>()
                    .join(", "),
                values(b, &changed),
                values(a, &changed),
            )
        }
        (None, Some(a)) => (String::new(), String::new(), values(a, &[5, 6])),
        (Some(b), None) => (String::new(), values(b, &[5, 6]), String::new()),
        (None, None) => unreachable!("a change has at least one side"),
    };
    vec![
        change.kind.as_str().to_string(),
        side.get(diff::NAME).to_string(),
        side.get(diff::STATE).to_string(),
        fields,
        before,
        after,
        change.id().to_string(),
    ]
}

/// change, id, name, fields (space-separated), then both sides' fields
/// (empty where the bank is absent).
fn csv_row(change: &Difference) -> Vec<String> {
    let fields = match (&change.before, &change.after) {
        (Some(b), Some(a)) => diff::changed_fields(b, a)
            .iter()
            .map(|&i| FIELDS[i])
            .collect::<Vec<_>>()
            .join(" "),
        _ => String::new(),
    };
    let mut row = vec![
        change.kind.as_str().to_string(),
        change.id().to_string(),
        change.side().get(diff::NAME).to_string(),
        fields,
    ];
    for side in [&change.before, &change.after] {
        for i in SIDE_FIELDS {
            row.push(
                side.as_ref()
                    .map_or_else(String::new, |r| r.get(i).to_string()),
            );
        }
    }
    row
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bank(id: &str, rating: &str, city: &str) -> Row {
        Row::new([
            id,
            "Bank",
            city,
            "TX",
            "FDIC",
            rating,
            "2020-01-01",
            "Small Bank",
        ])
    }

    #[test]
    fn rows_match_their_headers() {
        let changes = diff::diff_rows(
            [bank("a", "Outstanding", "X"), bank("r", "", "X")],
            [
                bank("a", "Satisfactory", "Y"),
                bank("n", "Outstanding", "X"),
            ],
        )
        .unwrap();
        let kinds: Vec<Kind> = changes.iter().map(|c| c.kind).collect();
        assert_eq!(kinds, [Kind::Rating, Kind::Added, Kind::Removed]);
        for change in &changes {
            assert_eq!(table_row(change).len(), DIFF.table.len());
            assert_eq!(csv_row(change).len(), DIFF.csv.len());
        }
        let rating = table_row(&changes[0]);
        assert_eq!(rating[3], "city, rating");
        assert_eq!(rating[4], "X · Outstanding");
        assert_eq!(rating[5], "Y · Satisfactory");
        let json = change_json(&changes[1]);
        assert_eq!(json["before"], Value::Null);
        assert_eq!(json["after"]["rating"], "Outstanding");
        assert_eq!(
            json.as_object().unwrap().keys().collect::<Vec<_>>(),
            ["change", "id", "name", "before", "after"]
        );
        let removed = csv_row(&changes[2]);
        assert_eq!(
            removed[4..11],
            ["Bank", "X", "TX", "FDIC", "", "2020-01-01", "Small Bank"]
        );
        assert!(removed[11..].iter().all(String::is_empty));
    }
}
