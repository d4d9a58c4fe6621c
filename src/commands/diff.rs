//! `cra diff OLD NEW`: what changed between two `cra export` files, with no
//! request, no key and no mirror. The comparison itself lives in `diff/`;
//! this file reads the two sides into it and prints each change through
//! the usual printers as soon as it is known.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use serde_json::{Map, Value};

use crate::command::{Ctx, Parts, RowsOutput, Run, Spec};
use crate::diff::{self, Differ, Difference, Export, FIELDS, Kind, Row};
use crate::domain::RatingChange;
use crate::error::{CraError, Exit, shorten};
use crate::io::{Io, Out, Output};
use crate::output::Outputs;
use crate::output::{Planned, Rows};
use crate::text::{plural, thousands};

mod columns;
pub use columns::DIFF_COLUMNS;

pub const AFTER_HELP: &str = "\
Each file may be csv, json or ndjson, with or without history (told from its
content, not its name); no request is made. Either may be `-`, standard
input, or a pipe: each is read once, as a stream. Banks are matched by id.
`rating`: the current rating, its exam date or its exam type changed, and
its direction as cra changes names it (upgrade, downgrade, same: a new exam
that kept the rating, other); `details`: only name, city, state or regulator
did. --change selects kinds and directions. Order: NEW's order for added and
changed banks, then removed banks in OLD's order.

Examples:
  cra diff last-quarter.csv banks.csv -o what-changed.xlsx
  cra diff old.json new.ndjson --change downgrade --change removed --jq '.[].name'
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

    /// Changes to list (repeatable): added, removed, rating, details, or a
    /// rating change's direction: upgrade, downgrade, same, other
    /// [default: all]
    #[arg(
        long = "change",
        value_name = "KIND",
        value_enum,
        hide_possible_values = true
    )]
    pub change: Vec<Wanted>,

    #[command(flatten)]
    pub rows: RowsOutput,
}

/// `--change` values: the kinds of change, and the directions of a rating
/// change as `cra changes` names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Wanted {
    /// A bank only NEW has
    Added,
    /// A bank only OLD has
    Removed,
    /// The current rating, its exam date or its exam type changed
    Rating,
    /// Only name, city, state or regulator changed
    Details,
    /// A rating change to a better rating
    Upgrade,
    /// A rating change to a worse rating
    Downgrade,
    /// A rating change that kept the rating (a new exam)
    Same,
    /// A rating change where either rating is none of the four
    Other,
    /// Every change
    All,
}

impl Wanted {
    /// Whether `change` is one of those `wanted` (none given: every one).
    fn selects(wanted: &[Wanted], change: &Difference) -> bool {
        if wanted.is_empty() || wanted.contains(&Wanted::All) {
            return true;
        }
        let kind = match change.kind {
            Kind::Added => Wanted::Added,
            Kind::Removed => Wanted::Removed,
            Kind::Rating => Wanted::Rating,
            Kind::Details => Wanted::Details,
        };
        let direction = change.direction().map(|d| match d {
            RatingChange::Upgrade => Wanted::Upgrade,
            RatingChange::Downgrade => Wanted::Downgrade,
            RatingChange::Same => Wanted::Same,
            // A rating change is never a first record.
            RatingChange::First
            | RatingChange::Other
            | RatingChange::Merged
            | RatingChange::Failed => Wanted::Other,
        });
        wanted.contains(&kind) || direction.is_some_and(|d| wanted.contains(&d))
    }
}

impl Spec for DiffArgs {
    fn sheet(&self) -> &'static str {
        "Differences"
    }

    fn source(&self) -> Option<String> {
        Some(format!(
            "the files compared: {} (old) and {} (new)",
            self.old.display(),
            self.new.display()
        ))
    }

    fn parts(&self) -> Parts<'_> {
        self.rows.parts()
    }

    fn outputs(&self) -> Outputs {
        Outputs::ROWS
    }

    fn reads_config(&self) -> bool {
        false
    }
}

impl Run for DiffArgs {
    async fn run(self, ctx: Ctx) -> Result<Exit> {
        run(self, &ctx.io, &ctx.out)
    }
}

fn run(args: DiffArgs, io: &Io, out: &Output) -> Result<Exit> {
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
    let planned = out.plan_rows(&DIFF_COLUMNS, &[], false)?;
    // The printer (and so a header or `[`) starts with the first change:
    // a file that turns out not to be an export before any difference is
    // found leaves standard output empty.
    let mut planned = Some(planned);
    let mut rows = None;
    let mut counts = Counts::default();
    let mut print = |change: &Difference| -> Result<()> {
        if !Wanted::selects(&args.change, change) {
            return Ok(());
        }
        counts.add(change.kind);
        started(out, &mut planned, &mut rows)?.write_plain(change)
    };
    let read = new.read(&mut |row| match differ
        .add_new(row)
        .map_err(|dup| duplicate(&args.new, &dup))?
    {
        Some(change) => print(&change),
        None => Ok(()),
    });
    if let Err(error) = read {
        // NEW failed after changes were printed: what was printed is
        // ended well-formed (json's array closed), then the error is
        // said and the exit is non-zero. Nothing printed: nothing is.
        if let Some(rows) = rows {
            let _ = rows.finish();
        }
        return Err(error);
    }
    for change in differ.removed() {
        print(&change)?;
    }
    started(out, &mut planned, &mut rows)?;
    rows.expect("started").finish()?;
    io.summary(&out.said(&counts.summary()));
    Ok(if args.exit_code && counts.total() > 0 {
        Exit::Failure
    } else {
        Exit::Success
    })
}

/// The rows, started with the first change (or at the end, for none).
fn started<'a, 'o>(
    out: &'o Output,
    planned: &mut Option<Planned<Difference>>,
    rows: &'a mut Option<Rows<Difference, Out<'o>>>,
) -> Result<&'a mut Rows<Difference, Out<'o>>> {
    if let Some(planned) = planned.take() {
        *rows = Some(out.rows(planned)?);
    }
    Ok(rows.as_mut().expect("started"))
}

fn duplicate(path: &std::path::Path, dup: &diff::Duplicate) -> anyhow::Error {
    anyhow::anyhow!(
        "{}: bank '{}' appears twice (an export lists each bank once, its history rows together)",
        path.display(),
        shorten(&dup.0, 80)
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
            thousands(self.added),
            thousands(self.removed),
            thousands(self.rating),
            plural(self.rating, "change", "changes"),
            thousands(self.details),
            plural(self.details, "change", "changes"),
        )
    }
}

/// `{change, direction, id, name, before, after}`, the sides as flat
/// objects with the columns of a csv export, `null` where the bank is
/// absent; `direction` only for a rating change.
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
    let mut object = Map::new();
    object.insert("change".into(), change.kind.as_str().into());
    if let Some(direction) = change.direction() {
        object.insert("direction".into(), direction.as_str().into());
    }
    object.insert("id".into(), change.id().into());
    object.insert("name".into(), change.side().field("name").into());
    object.insert("before".into(), side(&change.before));
    object.insert("after".into(), side(&change.after));
    Value::Object(object)
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
        let texts = |format, change| -> Vec<String> {
            let shape = DIFF_COLUMNS.shape(format, &[]).unwrap();
            shape
                .cells(change)
                .iter()
                .map(|c| c.as_text().into_owned())
                .collect()
        };
        for change in &changes {
            assert_eq!(texts(crate::domain::Format::Table, change).len(), 8);
            assert_eq!(texts(crate::domain::Format::Csv, change).len(), 19);
        }
        let rating = texts(crate::domain::Format::Table, &changes[0]);
        assert_eq!(rating[1], "downgrade");
        assert_eq!(rating[4], "city, rating");
        assert_eq!(rating[5], "X · Outstanding");
        assert_eq!(rating[6], "Y · Satisfactory");
        assert_eq!(
            change_json(&changes[0])
                .as_object()
                .unwrap()
                .keys()
                .collect::<Vec<_>>(),
            ["change", "direction", "id", "name", "before", "after"]
        );
        let json = change_json(&changes[1]);
        assert_eq!(json["before"], Value::Null);
        assert_eq!(json["after"]["rating"], "Outstanding");
        assert_eq!(
            json.as_object().unwrap().keys().collect::<Vec<_>>(),
            ["change", "id", "name", "before", "after"]
        );
        let removed = texts(crate::domain::Format::Csv, &changes[2]);
        assert_eq!(
            removed[5..12],
            ["Bank", "X", "TX", "FDIC", "", "2020-01-01", "Small Bank"]
        );
        assert_eq!(removed[1], "");
        assert!(removed[12..].iter().all(String::is_empty));
    }
}
