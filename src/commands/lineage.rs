//! `cra lineage BANK`: a bank's predecessors and successors, oldest first,
//! one line each (the date, the kind of change, the institution, its
//! latest rating when the copy has it), from the structure changes `cra
//! enrich` read of BankFind's history: the CRA record a merger carries
//! forward. A bank with no structure change says so.

use std::collections::HashSet;
use std::sync::Arc;

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Parts, RowsOutput, Run, Spec};
use crate::error::{CraError, Exit};
use crate::filters::Words;
use crate::mirror::{AgencyId, FOLLOWED, Forward, Lineage, LinkState, Role};
use crate::output::Outputs;
use crate::output::{Cell, Column, Columns, Fit, Kind};
use crate::source::{Among, Source, Wanted, classify, resolve_one};
use crate::text::{inert, plural, thousands};

pub const AFTER_HELP: &str = "\
Each line is one institution's change: a merger (into whom), a failure, a
closing, a name or charter change, with that institution's latest rating
when the local copy has a bank of it (show takes fdic:N). From BankFind's
history, read by cra enrich. Run cra sync and cra enrich first.

Examples:
  cra --sandbox lineage \"the eastern bank\" --state MO
  cra lineage fdic:3510 --format csv
  cra lineage 7db54db2 -o lineage.xlsx";

#[derive(Debug, Clone, Args)]
pub struct LineageArgs {
    /// Bank id, a short id, a name (with a space), or fdic:N, rssd:N, occ:N
    #[arg(value_name = "BANK")]
    pub bank: String,

    #[command(flatten)]
    pub narrow: crate::filters::NarrowArgs,

    #[command(flatten)]
    pub rows: RowsOutput,
}

fn known<'r>(row: &'r Lineage, pick: fn(&'r crate::mirror::KnownBank) -> Cell<'r>) -> Cell<'r> {
    row.known.as_ref().map_or(Cell::Empty, pick)
}

const LINE: &[Column<Lineage>] = &[
    Column::new("date", "DATE", Kind::Date, Fit::Keep { rank: 0 }, |r| {
        Cell::date(&r.date)
    }),
    Column::new("kind", "KIND", Kind::Text, Fit::Keep { rank: 1 }, |r| {
        Cell::text(r.kind.name())
    }),
    // The role and the certificate give way before a name is cut: the
    // names are the answer.
    Column::new("role", "ROLE", Kind::Text, Fit::Spare { rank: 5 }, |r| {
        Cell::text(r.role.name())
    }),
    Column::new(
        "fdic_cert",
        "FDIC CERT",
        Kind::Number,
        Fit::Spare { rank: 6 },
        |r| Cell::count(r.fdic_cert),
    ),
    Column::new(
        "institution",
        "INSTITUTION",
        Kind::Text,
        Fit::Shorten { rank: 2, min: 16 },
        institution,
    ),
    Column::new(
        "successor",
        "INTO",
        Kind::Text,
        // Who took it over: the answer beside the institution, kept as
        // long and shortened alike (two successors can share a first
        // word).
        Fit::Shorten { rank: 3, min: 16 },
        |r| Cell::maybe(r.successor_name.as_deref()),
    ),
    Column::new(
        "successor_cert",
        "INTO CERT",
        Kind::Number,
        Fit::Keep { rank: 8 },
        |r| r.successor_cert.map_or(Cell::Empty, Cell::count),
    ),
    Column::new(
        "rating",
        "RATING",
        Kind::Rating,
        Fit::Rating { rank: 4 },
        |r| known(r, |k| Cell::maybe_rating(k.rating.as_ref())),
    ),
    Column::new(
        "exam_date",
        "EXAM DATE",
        Kind::Date,
        Fit::Keep { rank: 7 },
        |r| {
            known(r, |k| {
                k.exam_date.as_deref().map_or(Cell::Empty, Cell::date)
            })
        },
    ),
    Column::new("code", "CODE", Kind::Number, Fit::Keep { rank: 10 }, |r| {
        Cell::count(u64::from(r.code))
    }),
    Column::new("id", "ID", Kind::Id, Fit::Id { min: 8 }, |r| {
        known(r, |k| Cell::text(&k.id))
    }),
    Column::new(
        "former_name",
        "FORMER NAME",
        Kind::Text,
        Fit::Shorten { rank: 9, min: 16 },
        |r| {
            r.renamed()
                .map_or(Cell::Empty, |(former, _)| Cell::maybe(former))
        },
    ),
    Column::new(
        "new_name",
        "NEW NAME",
        Kind::Text,
        Fit::Shorten { rank: 9, min: 16 },
        |r| r.renamed().map_or(Cell::Empty, |(_, new)| Cell::maybe(new)),
    ),
];

/// The table says a name change as the name it had and the one it took,
/// beside a merger's institution and whom it merged into.
const TABLE_ONLY: &[Column<Lineage>] = &[
    Column::new(
        "was",
        "INSTITUTION",
        Kind::Text,
        Fit::Shorten { rank: 2, min: 16 },
        |r| match r.renamed() {
            Some((Some(former), _)) => Cell::text(former),
            _ => institution(r),
        },
    ),
    Column::new(
        "into",
        "INTO",
        Kind::Text,
        Fit::Shorten { rank: 3, min: 16 },
        |r| match r.renamed() {
            Some((_, new)) => Cell::maybe(new),
            None => Cell::maybe(r.successor_name.as_deref()),
        },
    ),
];

/// On a terminal, a rename's two names whole before any detail: the fits
/// its table tries first when the lineage has one (the exam date, the
/// kind and the rating give way, in that order, while that keeps both
/// names whole; else the table is fitted as usual). Read in a pass of its
/// own, as the lines are printed a line at a time.
fn names_first(
    reader: &crate::mirror::Reader,
    of: &crate::mirror::LineageOf,
) -> Result<Vec<(&'static str, Fit)>> {
    let (mut was, mut into) = (0, 0);
    let width = |name: Option<&str>| name.map_or(0, |n| crate::text::width(&inert(n)));
    reader.events().lineage_lines(of, |line| {
        if let Some((former, new)) = line.renamed() {
            was = was.max(width(former));
            into = into.max(width(new));
        }
        Ok(())
    })?;
    if was + into == 0 {
        return Ok(Vec::new());
    }
    let floor = |w: usize| u8::try_from(w.max(16)).unwrap_or(u8::MAX);
    Ok(vec![
        (
            "was",
            Fit::Shorten {
                rank: 2,
                min: floor(was),
            },
        ),
        (
            "into",
            Fit::Shorten {
                rank: 3,
                min: floor(into),
            },
        ),
        ("kind", Fit::Keep { rank: 6 }),
        ("rating", Fit::Rating { rank: 5 }),
    ])
}

/// The institution: the copy's bank's name, else BankFind's at the change.
fn institution(r: &Lineage) -> Cell<'_> {
    match &r.known {
        Some(known) => Cell::text(&known.name),
        None => Cell::maybe(r.name.as_deref()),
    }
}

const LINES: Columns<Lineage> = Columns::new(
    LINE,
    &[
        "date",
        "kind",
        "was",
        "into",
        "rating",
        "exam_date",
        "role",
        "fdic_cert",
        "id",
    ],
)
.with_table_only(TABLE_ONLY);

impl Spec for LineageArgs {
    fn parts(&self) -> Parts<'_> {
        self.rows.parts()
    }

    fn sheet(&self) -> &'static str {
        "Lineage"
    }

    fn words(&self) -> Words {
        Words::new().add("the lineage of", Some(&self.bank))
    }

    fn outputs(&self) -> Outputs {
        Outputs::ROWS
    }
}

impl Run for LineageArgs {
    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let (settings, io, out) = (&ctx.settings, &ctx.io, &ctx.out);
        let reader = ctx.copy.reader()?;
        reader.record().require("cra lineage")?;
        if !reader.events().any()? {
            return Err(CraError::usage(format!(
                "cra lineage needs the structure changes of BankFind's history, which the local \
                 copy has not read yet (run: {})",
                crate::mirror::enrich_command()
            )));
        }
        // An FDIC certificate is followed whether or not a bank of the copy
        // is its institution (a predecessor long gone, say).
        // `known`: the public record has the institution (BankFind, or a
        // bank of the copy linked to it).
        let (cert, shown, known) = match AgencyId::parse(&self.bank) {
            Some(AgencyId::Fdic(cert)) => {
                let name = reader.events().known(cert)?.map(|k| k.name);
                let known = name.is_some() || reader.events().institution_listed(cert)?;
                (
                    cert,
                    name.map_or_else(|| "the institution".to_string(), |n| inert(&n).into_owned()),
                    known,
                )
            }
            _ => {
                let wanted = match classify(&self.bank) {
                    name @ Wanted::Name(_) => name,
                    _ => classify(&crate::source::bank_id(&self.bank)?),
                };
                let source = Source::mirror(Arc::clone(&reader));
                let among = Among {
                    source: &source,
                    io,
                    within: &self.narrow.selection(),
                };
                let id = resolve_one(wanted, &among, settings).await?;
                let name = reader.served().bank(&id)?.fields.name;
                let shown = inert(&name).into_owned();
                match reader.events().fdic_cert_of(&id)? {
                    Some(cert) => (cert, shown, true),
                    None => return Err(no_certificate(&reader, &id, &shown)?),
                }
            }
        };
        let of = reader.events().lineage(cert)?;
        let changes = reader.events().lineage_count(&of)?;
        if changes == 0 && !known {
            // Neither BankFind nor its history knows it: not found, as
            // `show fdic:N` says of it.
            return Err(CraError::NotFound {
                message: format!(
                    "no institution with FDIC certificate {cert} in the local copy's public \
                     record (BankFind, as of the last cra enrich)"
                ),
            }
            .into());
        }
        // An output that cannot hold the lines says so before any is read.
        out.room_for(changes)?;
        let mut planned = out.plan_rows(&LINES, &[], false)?;
        if out.view().for_a_person() {
            planned = planned.preferring(names_first(&reader, &of)?);
        }
        let mut printed = out.rows(planned)?;
        let mut predecessors: HashSet<u64> = HashSet::new();
        // Whoever the bank, then each successor, ended into.
        let mut successors: HashSet<u64> = HashSet::new();
        // Where the record went last: the last successor, as the copy
        // knows it.
        let mut last: Option<Lineage> = None;
        reader.events().lineage_lines(&of, |line| {
            // A long lineage stops between lines on a signal.
            if crate::signals::signalled() {
                return Err(CraError::Interrupted.into());
            }
            if line.role == Role::Predecessor {
                predecessors.insert(line.fdic_cert);
            } else if line.kind.ends()
                && let Some(successor) = line.successor_cert
            {
                successors.insert(successor);
                last = Some(line.clone());
            }
            printed.write_plain(&line)
        })?;
        printed.finish()?;
        if changes == 0 {
            io.info(&format!(
                "{shown} (fdic:{cert}) has no structure change in BankFind's history (as of the last cra enrich)"
            ));
        } else {
            let said = |n: u64, one: &str, many: &str| match n {
                0 => format!("no {one}"),
                n => format!("{} {}", thousands(n), plural(n, one, many)),
            };
            let forward = of.forward;
            // A history no real chain gives: said on standard error piped
            // or not, as a warning about the data, and no "now".
            match forward {
                Forward::Held => {}
                Forward::Cut { next } => io.notice(&format!(
                    "BankFind's history goes on past fdic:{next} after {FOLLOWED} successors, \
                     longer than any real chain: not followed further, so who holds the record \
                     now is not known"
                )),
                Forward::Cycle { back } => io.notice(&format!(
                    "BankFind's history goes round (an ending into fdic:{back}, already \
                     followed): who holds the record now is not known"
                )),
            }
            let now = match (forward, last) {
                (Forward::Cut { .. } | Forward::Cycle { .. }, _) => None,
                (Forward::Held, Some(line)) => {
                    let into = line.successor_cert.expect("found with one");
                    let known = reader.events().known(into)?;
                    let name = known
                        .as_ref()
                        .map(|k| k.name.clone())
                        .or_else(|| line.successor_name.clone())
                        .unwrap_or_else(|| "an institution".to_string());
                    let rating = known.as_ref().and_then(|k| {
                        let (rating, date) = (k.rating.as_ref()?, k.exam_date.as_deref()?);
                        Some(format!(" · {} {date}", rating.as_str()))
                    });
                    Some(format!(
                        "now {} (fdic:{into}){}",
                        inert(&name),
                        rating.unwrap_or_default()
                    ))
                }
                (Forward::Held, None) => None,
            };
            // Two short lines, so that a terminal of 80 columns shows
            // each whole.
            io.summary(&format!(
                "{shown} (fdic:{cert}): {} {}, {}, {}",
                thousands(changes),
                plural(changes, "change", "changes"),
                said(predecessors.len() as u64, "predecessor", "predecessors"),
                said(successors.len() as u64, "successor", "successors"),
            ));
            if let Some(now) = now {
                io.summary(&now);
            }
        }
        Ok(Exit::Success)
    }
}

/// Why a bank has no lineage to follow: not linked, or linked to an
/// institution BankFind has no certificate for (exit 5).
fn no_certificate(reader: &crate::mirror::Reader, id: &str, shown: &str) -> Result<anyhow::Error> {
    let why = match reader.record().link_state(id)? {
        LinkState::Linked { .. } => {
            "BankFind lists no FDIC certificate for its institution, and its history is by certificate"
                .to_string()
        }
        LinkState::Unlinked(reason) => format!("it is not linked to the FFIEC file: {}", reason.explain()),
        LinkState::Unknown => format!(
            "it is not linked yet (run: {})",
            crate::mirror::enrich_command()
        ),
    };
    Ok(CraError::NotFound {
        message: format!("no lineage of {shown}: {why}"),
    }
    .into())
}
