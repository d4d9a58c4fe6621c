//! `cra export`: every matching bank, all pages, streamed in list order.
//!
//! The banks come from the listing engine (`listing`: concurrent
//! pages, each bank once, re-read when the list shifts) and, with
//! `--with-history`, their details from its `details` (at most
//! `--concurrency` requests on the wire, in list order). Memory stays flat
//! whatever the data set's size. With `-o`, output goes to a temporary file
//! in the same folder, renamed over the destination only when everything
//! succeeded. `--offline` reads the same from the local copy (with
//! `--with-history`, in one query of it: no list pages, no per-bank look-up).

use std::time::Instant;

use anyhow::Result;
use clap::Args;
use futures_util::stream::TryStreamExt;

use crate::command::{Ctx, ExcelSafeArg, OutputArg, Parts, Run, Spec, Wording};
use crate::domain::{Bank, BankDetail};
use crate::error::Exit;
use crate::filters::Words;
use crate::filters::{OrderArgs, SelectionArgs};
use crate::output::Outputs;
use crate::output::{self, BANKS, HISTORIES, HistoryRow, public_wanted, write_history};
use crate::parse::{parse_duration, whole};
use crate::source::{DetailScan, Listing, ListingOptions, Source};
use crate::text::{plural, thousands};

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
Examples:
  cra export --state TX --with-history --rate 1000/h --max-wait 1h -o tx-history.csv
  cra --sandbox export --state VT --with-history -o vt.xlsx
  cra --sandbox export --rating nti --regulator occ --city a --exam-since 10y --sort state";

#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    pub selection: SelectionArgs,

    #[command(flatten)]
    pub order: OrderArgs,

    /// One row per rating record (one detail request per bank)
    #[arg(long)]
    pub with_history: bool,

    #[command(flatten)]
    pub output: OutputArg,

    #[command(flatten)]
    pub excel: ExcelSafeArg,

    /// Requests in flight at once
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = whole::<u32>(1, 32), allow_negative_numbers = true)]
    pub concurrency: u32,
    /// Longest wait for the service's rate limit (Retry-After or a quota's reset) [default: 90s]
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub max_wait: Option<std::time::Duration>,
}

impl Spec for ExportArgs {
    fn parts(&self) -> Parts<'_> {
        Parts {
            output: Some(&self.output),
            excel: Some(&self.excel),
            selection: Some(&self.selection),
            order: Some(&self.order),
            ..Parts::default()
        }
    }

    fn sheet(&self) -> &'static str {
        if self.with_history {
            "Rating records"
        } else {
            "Banks"
        }
    }

    fn words(&self) -> Words {
        Words::new().sort(Some(&self.order)).how_flag(
            "every rating record of each bank (--with-history)",
            self.with_history,
        )
    }

    fn uses_api(&self) -> bool {
        true
    }

    fn outputs(&self) -> Outputs {
        Outputs::EXPORT
    }
}

impl Run for ExportArgs {
    fn column_names() -> Vec<&'static str> {
        let mut names = BANKS.names();
        names.extend(
            HISTORIES
                .names()
                .into_iter()
                .filter(|n| !BANKS.names().contains(n)),
        );
        names
    }
    const ARGS: &'static [Wording] = &[
        Wording::help("format", "Output format [default: csv]"),
        Wording::help(
            "output",
            "Write to FILE atomically instead of standard output (format from --format or the \
             extension: .csv .tsv .json .ndjson .jsonl .xlsx)",
        ),
    ];

    fn note_positions(&mut self, matches: &clap::ArgMatches) {
        self.selection.note_positions(matches);
    }

    async fn run(self, mut ctx: Ctx) -> Result<Exit> {
        ctx.settings.max_wait = self.max_wait;
        run(self, &ctx).await
    }
}

async fn run(args: ExportArgs, ctx: &Ctx) -> Result<Exit> {
    let (io, out, selection) = (&ctx.io, &ctx.out, &ctx.selection);
    let columns = &args.order.shown.columns;
    let enriched = args.order.shown.enriched;
    let (planned, public) = if args.with_history {
        let planned = out
            .plan_rows(&HISTORIES, columns, enriched)?
            .keeping(&selection.filtered_columns());
        let public = enriched || planned.needs_public();
        (Planned::Histories(planned), public)
    } else {
        let planned = out
            .plan_rows(&BANKS, columns, enriched)?
            .keeping(&selection.filtered_columns());
        let public = enriched || planned.needs_public();
        (Planned::Banks(planned), public)
    };
    let source = Source::new(&ctx.settings, io, &ctx.copy)?.joining(
        public,
        &ctx.copy,
        public_wanted(enriched),
    )?;
    let started = Instant::now();
    let concurrency = args.concurrency as usize;
    // The first page before anything is written: a wrong key or address
    // leaves standard output empty (not a lone `[` or a header). With the
    // history, the list runs only two pages ahead of the detail requests.
    let query = selection.list_query(1, source.page_size());
    // Only json prints the objects as served.
    let raw = out.served_objects();
    let scan = args
        .with_history
        .then(|| source.detail_scan(query.clone(), raw))
        .flatten();
    let banks = match scan {
        _ if !selection.is_plain() => Banks::Found(match source.found_pages(selection)? {
            // The copy: a page at a time, whatever the selection holds.
            Some(pages) => Found::Paged(pages),
            None => Found::Held(Some(source.find(selection, 0, u64::MAX).await?.banks)),
        }),
        Some(scan) => Banks::Scan(scan),
        None => Banks::Listing(
            Listing::start(
                &source,
                query,
                ListingOptions {
                    window: if args.with_history { 2 } else { concurrency },
                    limit: None,
                },
            )
            .await?,
        ),
    };
    let rows = match planned {
        Planned::Banks(planned) => Printing::Banks(out.rows(planned)?),
        Planned::Histories(planned) => Printing::Histories(out.rows(planned)?),
    };
    let counts = export(&source, banks, rows, concurrency, ctx).await?;
    let seconds = started.elapsed().as_secs_f64();
    let mut summary = format!("exported {} banks", thousands(counts.banks));
    if args.with_history {
        summary.push_str(&format!(" ({} rating records)", thousands(counts.records)));
    }
    let (requests, retries) = (source.requests_made(), source.retries_made());
    summary.push_str(&format!(
        " in {seconds:.1} s, {} {}, {} {}",
        thousands(requests),
        plural(requests, "request", "requests"),
        thousands(retries),
        plural(retries, "retry", "retries")
    ));
    if let Some(path) = out.file() {
        summary.push_str(&format!(" → {}", path.display()));
    }
    if counts.banks == 0 {
        // Said before the figures, in the words of every selecting command.
        io.info(&ctx.nothing);
    }
    io.info(&summary);
    Ok(Exit::Success)
}

/// The rows to print: banks, or their histories.
enum Planned {
    Banks(output::Planned<Bank>),
    Histories(output::Planned<HistoryRow>),
}

/// The rows being printed.
enum Printing<W: std::io::Write> {
    Banks(output::Rows<Bank, W>),
    Histories(output::Rows<HistoryRow, W>),
}

/// Where the banks come from.
enum Banks {
    /// The listing engine (online, or offline without the history).
    Listing(Listing),
    /// With the history, from a source that gives every bank with its
    /// details in one pass (the local copy), with no list pages on the way.
    Scan(DetailScan),
    /// Found with filters the service lacks, in their order.
    Found(Found),
}

/// Banks found with filters the service lacks: online, held (the service's
/// every page read and tested); from the copy, read a page at a time.
enum Found {
    Held(Option<Vec<Bank>>),
    Paged(crate::source::FoundPages),
}

impl Found {
    fn total(&self) -> u64 {
        match self {
            Found::Held(banks) => banks.as_ref().map_or(0, |b| b.len() as u64),
            Found::Paged(pages) => pages.total(),
        }
    }

    fn next_page(&mut self, source: &Source) -> Result<Option<Vec<Bank>>> {
        match self {
            Found::Held(banks) => Ok(banks.take()),
            Found::Paged(pages) => pages.next_page(source),
        }
    }
}

#[derive(Debug, Default, Clone, Copy)]
struct Counts {
    banks: u64,
    records: u64,
}

/// Writes every bank the listing hands on, with its detail when the
/// history is wanted (at most `concurrency` detail requests on the wire,
/// written in list order), and finishes the printer. What was written stays
/// well-formed (a json array closed) when the export fails halfway; the
/// error says it failed.
async fn export<W: std::io::Write>(
    source: &Source,
    banks: Banks,
    mut rows: Printing<W>,
    concurrency: usize,
    ctx: &Ctx,
) -> Result<Counts> {
    let total = match &banks {
        Banks::Listing(banks) => banks.meta().total,
        Banks::Scan(scan) => scan.count()?,
        Banks::Found(found) => found.total(),
    };
    let progress = ctx.io.progress(total, "banks");
    let mut counts = Counts::default();
    // A bank with its history (and its public record, when joined): its
    // rows, counted.
    let history = |rows: &mut Printing<W>,
                   counts: &mut Counts,
                   detail: BankDetail,
                   public: Option<Vec<crate::domain::PublicRecord>>| {
        counts.banks += 1;
        counts.records += detail.fields.ratings.len() as u64;
        progress.inc();
        match rows {
            Printing::Histories(rows) => write_history(rows, detail, public.as_deref()),
            Printing::Banks(_) => Err(anyhow::anyhow!("a detail came for a list without history")),
        }
    };
    let result = async {
        let mut banks = match banks {
            Banks::Listing(banks) => banks,
            Banks::Scan(scan) => {
                return scan.run(|detail, public| history(&mut rows, &mut counts, detail, public));
            }
            Banks::Found(mut found) => {
                while let Some(page) = found.next_page(source)? {
                    if let Printing::Banks(rows) = &mut rows {
                        for bank in &page {
                            rows.write(bank)?;
                            counts.banks += 1;
                            progress.inc();
                        }
                        continue;
                    }
                    let listed =
                        futures_util::stream::iter(page.into_iter().map(|bank| Ok(((), bank))));
                    let mut details =
                        std::pin::pin!(crate::source::details(source, listed, concurrency, true));
                    while let Some(((), _, detail)) = details.try_next().await? {
                        let detail = detail?;
                        let public = source.exam_publics(&detail)?;
                        history(&mut rows, &mut counts, detail, public)?;
                    }
                }
                return Ok(());
            }
        };
        if let Printing::Banks(rows) = &mut rows {
            while let Some(bank) = banks.next().await {
                rows.write(&bank?)?;
                counts.banks += 1;
                progress.inc();
            }
            return Ok(());
        }
        let listed = banks.banks().map_ok(|bank| ((), bank));
        let mut details = std::pin::pin!(crate::source::details(source, listed, concurrency, true));
        while let Some(((), _, detail)) = details.try_next().await? {
            // A bank that cannot be fetched fails the export: nothing is
            // silently left out.
            let detail = detail?;
            let public = source.exam_publics(&detail)?;
            history(&mut rows, &mut counts, detail, public)?;
        }
        Ok::<_, anyhow::Error>(())
    }
    .await;
    match &result {
        Ok(()) => progress.finish(),
        Err(_) => progress.abandon(),
    }
    let closed = match rows {
        Printing::Banks(rows) => rows.finish(),
        Printing::Histories(rows) => rows.finish(),
    };
    result?;
    closed?;
    Ok(counts)
}
