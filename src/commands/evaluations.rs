//! `cra evaluations`: the public evaluations (PEs) `cra enrich --pe`
//! read, one row a file: linked to its bank's exam, unlinked or set aside
//! (with the reason), and what it disagrees with (the copy's rating of its exam,
//! another PE of the same exam).

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Parts, RowsOutput, Run, Spec};
use crate::error::Exit;
use crate::filters::{SelectionArgs, Words};
use crate::mirror::{AreaRow, EvaluationRow, Listed};
use crate::output::{Cell, Column, Columns, Fit, Kind, Outputs, RowJson};
use crate::text::{plural, thousands};

pub const AFTER_HELP: &str = "\
One row per evaluation file read by cra enrich --pe: its bank and exam, or
unlinked or set aside (no evaluation could be read) with the reason;
disagrees_with: the copy's rating of the exam when the PE's overall rating
is another, or the file of another PE of the same exam that rates its tests
otherwise. The filters select linked files' banks. --areas: one row per PE
and area it rates (the institution, each state and multistate MSA): its
overall rating and each test's, as the PE prints them.

Examples:
  cra evaluations --disagree --columns name,exam_date,rating,disagrees_with
  cra evaluations --set-aside --format csv
  cra evaluations --areas --test overall@TX=outstanding";

#[derive(Debug, Clone, Args)]
pub struct EvaluationsArgs {
    /// Only the files linked to no bank's exam
    #[arg(long, conflicts_with_all = ["disagree", "set_aside"])]
    pub unlinked: bool,

    /// Only the files set aside: no evaluation could be read from them
    /// (scanned, encrypted, damaged, not a CRA evaluation)
    #[arg(long, conflicts_with = "disagree")]
    pub set_aside: bool,

    /// Only the files whose overall rating is not the copy's, or that rate
    /// their exam's tests otherwise than another PE of it
    #[arg(long)]
    pub disagree: bool,

    /// One row per PE and area it rates: the institution, each state and
    /// multistate MSA, with its overall rating and each test's
    #[arg(long, conflicts_with_all = ["unlinked", "set_aside", "disagree"])]
    pub areas: bool,

    /// Columns shown, in order, by csv name (every format; --areas: its
    /// own)
    #[arg(long, value_name = "COLS", value_delimiter = ',')]
    pub columns: Vec<String>,

    #[command(flatten)]
    pub selection: SelectionArgs,

    #[command(flatten)]
    pub rows: RowsOutput,
}

fn text(value: &Option<String>) -> Cell<'_> {
    Cell::maybe(value.as_deref())
}

const COLUMN: &[Column<EvaluationRow>] = &[
    // The file's SHA-256 whole or not at all: a table at 80 columns leaves
    // it out first (tsv and the files keep it).
    Column::new("sha256", "SHA256", Kind::Id, Fit::Spare { rank: 6 }, |r| {
        Cell::Text(r.sha256.as_str().into())
    }),
    Column::new(
        "file",
        "FILE",
        Kind::Text,
        Fit::Shorten { rank: 3, min: 12 },
        |r| Cell::Text(r.file.as_str().into()),
    ),
    Column::new("bank_id", "BANK", Kind::Id, Fit::Id { min: 8 }, |r| {
        text(&r.bank_id)
    }),
    Column::new(
        "name",
        "NAME",
        Kind::Text,
        Fit::Shorten { rank: 0, min: 16 },
        |r| text(&r.name),
    ),
    Column::new(
        "exam_date",
        "EXAM",
        Kind::Date,
        Fit::Keep { rank: 1 },
        |r| text(&r.exam_date),
    ),
    Column::new(
        "evaluation_date",
        "EVALUATED",
        Kind::Date,
        Fit::Keep { rank: 5 },
        |r| text(&r.evaluation_date),
    ),
    Column::new(
        "rating",
        "RATING",
        Kind::Rating,
        Fit::Rating { rank: 1 },
        |r| text(&r.rating),
    ),
    Column::new("status", "STATUS", Kind::Text, Fit::Keep { rank: 0 }, |r| {
        Cell::Text(r.status.into())
    }),
    Column::new(
        "reason",
        "REASON",
        Kind::Text,
        Fit::Shorten { rank: 4, min: 10 },
        |r| text(&r.reason),
    ),
    Column::new(
        "disagrees_with",
        "DISAGREES WITH",
        Kind::Text,
        Fit::Shorten { rank: 2, min: 10 },
        |r| text(&r.disagrees_with),
    ),
];

// json too has the columns --columns chose.
const EVALUATIONS: Columns<EvaluationRow> = Columns::new(
    COLUMN,
    &[
        "sha256",
        "file",
        "bank_id",
        "name",
        "exam_date",
        "evaluation_date",
        "rating",
        "status",
        "reason",
        "disagrees_with",
    ],
)
.with_json(RowJson::Shown);

fn rated(value: &Option<String>) -> Cell<'_> {
    Cell::maybe(value.as_deref())
}

const AREA_COLUMN: &[Column<AreaRow>] = &[
    Column::new("sha256", "SHA256", Kind::Id, Fit::Spare { rank: 13 }, |r| {
        Cell::Text(r.sha256.as_str().into())
    }),
    Column::new(
        "file",
        "FILE",
        Kind::Text,
        Fit::Shorten { rank: 12, min: 12 },
        |r| Cell::Text(r.file.as_str().into()),
    ),
    Column::new("bank_id", "BANK", Kind::Id, Fit::Id { min: 8 }, |r| {
        text(&r.bank_id)
    }),
    Column::new(
        "name",
        "NAME",
        Kind::Text,
        Fit::Shorten { rank: 1, min: 16 },
        |r| text(&r.name),
    ),
    Column::new(
        "exam_date",
        "EXAM",
        Kind::Date,
        Fit::Keep { rank: 2 },
        |r| text(&r.exam_date),
    ),
    Column::new(
        "area",
        "AREA",
        Kind::Text,
        Fit::Shorten { rank: 0, min: 12 },
        |r| Cell::Text(r.area.as_str().into()),
    ),
    Column::new(
        "overall",
        "OVERALL",
        Kind::Rating,
        Fit::Rating { rank: 0 },
        |r| rated(&r.ratings[0]),
    ),
    Column::new(
        "lending_test",
        "LENDING",
        Kind::Text,
        Fit::Rating { rank: 3 },
        |r| rated(&r.ratings[1]),
    ),
    Column::new(
        "investment_test",
        "INVESTMENT",
        Kind::Text,
        Fit::Rating { rank: 4 },
        |r| rated(&r.ratings[2]),
    ),
    Column::new(
        "service_test",
        "SERVICE",
        Kind::Text,
        Fit::Rating { rank: 5 },
        |r| rated(&r.ratings[3]),
    ),
    Column::new(
        "cd_test",
        "CD TEST",
        Kind::Text,
        Fit::Rating { rank: 6 },
        |r| rated(&r.ratings[4]),
    ),
    Column::new(
        "retail_lending",
        "RETAIL LENDING",
        Kind::Text,
        Fit::Rating { rank: 7 },
        |r| rated(&r.ratings[5]),
    ),
    Column::new(
        "retail_services",
        "RETAIL SERVICES",
        Kind::Text,
        Fit::Rating { rank: 8 },
        |r| rated(&r.ratings[6]),
    ),
    Column::new(
        "cd_financing",
        "CD FINANCING",
        Kind::Text,
        Fit::Rating { rank: 9 },
        |r| rated(&r.ratings[7]),
    ),
    Column::new(
        "cd_services",
        "CD SERVICES",
        Kind::Text,
        Fit::Rating { rank: 10 },
        |r| rated(&r.ratings[8]),
    ),
];

const AREAS: Columns<AreaRow> = Columns::new(
    AREA_COLUMN,
    &[
        "sha256",
        "file",
        "bank_id",
        "name",
        "exam_date",
        "area",
        "overall",
        "lending_test",
        "investment_test",
        "service_test",
        "cd_test",
        "retail_lending",
        "retail_services",
        "cd_financing",
        "cd_services",
    ],
)
.with_json(RowJson::Shown);

impl EvaluationsArgs {
    fn listed(&self) -> Listed {
        if self.unlinked {
            Listed::Unlinked
        } else if self.set_aside {
            Listed::SetAside
        } else if self.disagree {
            Listed::Disagree
        } else {
            Listed::All
        }
    }
}

impl Spec for EvaluationsArgs {
    fn parts(&self) -> Parts<'_> {
        Parts {
            selection: Some(&self.selection),
            ..self.rows.parts()
        }
    }

    fn sheet(&self) -> &'static str {
        "Evaluations"
    }

    fn words(&self) -> Words {
        Words::new()
            .flag("only the unlinked files (--unlinked)", self.unlinked)
            .flag("only the set-aside files (--set-aside)", self.set_aside)
            .flag("only the files that disagree (--disagree)", self.disagree)
            .flag("each area the PEs rate (--areas)", self.areas)
    }

    fn outputs(&self) -> Outputs {
        Outputs::ROWS
    }
}

impl Run for EvaluationsArgs {
    fn column_names() -> Vec<&'static str> {
        let mut names = EVALUATIONS.names();
        for name in AREAS.names() {
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
    }

    fn note_positions(&mut self, matches: &clap::ArgMatches) {
        self.selection.note_positions(matches);
    }

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let (io, out) = (&ctx.io, &ctx.out);
        // A wrong --columns is said before the copy is read.
        if self.areas {
            let planned = out.plan_rows(&AREAS, &self.columns, false)?;
            let reader = ctx.copy.reader()?;
            reader.evaluations().require("cra evaluations")?;
            let rows = reader.evaluations().areas(&ctx.selection)?;
            let mut printed = out.rows(planned)?;
            for row in &rows {
                printed.write_plain(row)?;
            }
            printed.finish()?;
            let n = rows.len() as u64;
            io.summary(&out.said(&format!(
                "{} {} rated",
                thousands(n),
                plural(n, "area", "areas")
            )));
            return Ok(Exit::Success);
        }
        let planned = out.plan_rows(&EVALUATIONS, &self.columns, false)?;
        let reader = ctx.copy.reader()?;
        reader.evaluations().require("cra evaluations")?;
        let rows = reader.evaluations().list(&ctx.selection, self.listed())?;
        let mut printed = out.rows(planned)?;
        for row in &rows {
            printed.write_plain(row)?;
        }
        printed.finish()?;
        let n = rows.len() as u64;
        let counted = format!(
            "{} {}",
            thousands(n),
            plural(n, "evaluation", "evaluations")
        );
        let said = match self.listed() {
            Listed::All => format!("{counted} read"),
            Listed::Unlinked => format!("{counted} unlinked"),
            Listed::SetAside => format!("{counted} set aside"),
            Listed::Disagree => format!("{counted} that disagree"),
        };
        io.summary(&out.said(&said));
        Ok(Exit::Success)
    }
}
