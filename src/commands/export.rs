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

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Args;
use futures_util::stream::TryStreamExt;

use crate::atomic::{Access, AtomicFile};
use crate::commands::{Ctx, Globals, Run, Spec};
use crate::domain::Format;
use crate::error::{CraError, Exit};
use crate::filters::{FilterArgs, FindArgs, list_query};
use crate::output::columns::{self, Columns};
use crate::io::{Io, Progress};
use crate::output::{BANK_LIST, Printer, RATING_HISTORY, bank_record, history_record, thousands};
use crate::parse::whole;
use crate::settings::Settings;
use crate::source::listing::{self, Listing};
use crate::source::{DetailScan, Source};
use crate::text::plural;

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
Examples:
  cra export --state TX --with-history --rate 1000/h --max-wait 1h -o tx-history.csv
  cra --sandbox export --state VT --with-history -o vt.xlsx
  cra --sandbox export --rating nti --regulator occ --city a --exam-since 10y --sort state";

#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    pub filters: FilterArgs,

    #[command(flatten)]
    pub find: FindArgs,

    /// One row per rating record (one detail request per bank)
    #[arg(long)]
    pub with_history: bool,

    /// Write to FILE atomically instead of standard output
    /// (format from --format or the extension: .csv .tsv .json .ndjson .jsonl .xlsx)
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Requests in flight at once
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = whole::<u32>(1, 32), allow_negative_numbers = true)]
    pub concurrency: u32,
    /// Longest wait for the service's rate limit (Retry-After or a quota's reset) [default: 1m]
    #[arg(long, value_name = "DURATION", value_parser = crate::parse::parse_duration)]
    pub max_wait: Option<std::time::Duration>,
}

impl Spec for ExportArgs {
    fn uses_api(&self) -> bool {
        true
    }
}

impl Run for ExportArgs {
    const GLOBALS: Globals = Globals::ALL;
    const GLOBAL_HELP: &'static [(&'static str, &'static str)] =
        &[("format", "Output format [default: csv]")];

    fn note_positions(&mut self, matches: &clap::ArgMatches) {
        self.filters.note_positions(matches);
    }

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let mut settings = ctx.settings;
        settings.max_wait = self.max_wait;
        run(self, &settings, &ctx.io).await
    }
}

async fn run(args: ExportArgs, settings: &Settings, io: &Io) -> Result<Exit> {
    if let Some(warning) = args.filters.split_size_warning() {
        io.warn(&warning);
    }
    // `-o -` is standard output, as with most tools.
    let output = args.output.as_deref().filter(|p| *p != Path::new("-"));
    let format = match output {
        Some(path) => crate::output::format_for_file(path, settings.format)?,
        None => settings.format,
    }
    .unwrap_or(Format::Csv);
    let find = crate::source::find::resolve(&args.find, settings)?;
    let source = Source::new(settings, io)?;
    let destination = match output {
        Some(path) if path.is_dir() => {
            return Err(CraError::usage(format!(
                "{} is a folder; give a file name with -o",
                path.display()
            )));
        }
        // Off the runtime's threads: opening a named pipe waits for its
        // reader, and Ctrl-C must still be heard meanwhile.
        Some(path) => {
            let path = path.to_path_buf();
            Some(
                tokio::task::spawn_blocking(move || AtomicFile::create(&path, Access::Shared))
                    .await??,
            )
        }
        None => None,
    };
    let started = Instant::now();
    let concurrency = args.concurrency as usize;
    let full = if args.with_history {
        RATING_HISTORY
    } else {
        BANK_LIST
    };
    let selection = Columns::select(full, &args.find.order.columns).map_err(CraError::usage)?;
    let layout = selection.as_ref().map_or(full, Columns::layout);
    // The first page before anything is written: a wrong key or address
    // leaves standard output empty (not a lone `[` or a header). With the
    // history, the list runs only two pages ahead of the detail requests.
    let query = list_query(&args.filters, 1, source.page_size());
    // Only json prints the objects as served.
    let raw = matches!(format, Format::Json | Format::Ndjson);
    let scan = args
        .with_history
        .then(|| source.detail_scan(query.clone(), raw))
        .flatten();
    let banks = match scan {
        _ if !find.is_plain() => Banks::Found(source.find(&query, &find, 0, u64::MAX).await?.banks),
        Some(scan) => Banks::Scan(scan),
        None => Banks::Listing(
            Listing::start(
                &source,
                query,
                listing::Options {
                    window: if args.with_history { 2 } else { concurrency },
                    limit: None,
                },
            )
            .await?,
        ),
    };
    let counts = match destination {
        Some(file) => {
            let path = file.path().to_path_buf();
            // A file is not a terminal: no borders, no colour codes in it.
            let printer = Printer::new(
                format,
                layout,
                std::io::BufWriter::new(file.writer()?),
                &crate::output::View::piped(),
            )?;
            let (counts, out) = export(
                &source,
                banks,
                (args.with_history, selection.as_ref()),
                concurrency,
                printer,
                io,
            )
            .await?;
            out.into_inner()
                .map_err(|e| e.into_error())
                .with_context(|| format!("cannot write {}", path.display()))?;
            file.commit()?;
            counts
        }
        None => {
            let printer = Printer::new(format, layout, io.stdout(), &io.view)?;
            export(
                &source,
                banks,
                (args.with_history, selection.as_ref()),
                concurrency,
                printer,
                io,
            )
            .await?
            .0
        }
    };
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
    if let Some(path) = output {
        summary.push_str(&format!(" → {}", path.display()));
    }
    io.info(&summary);
    Ok(Exit::Success)
}

/// Where the banks come from.
enum Banks {
    /// The listing engine (online, or offline without the history).
    Listing(Listing),
    /// With the history, from a source that gives every bank with its
    /// details in one pass (the local copy), with no list pages on the way.
    Scan(DetailScan),
    /// Found with filters the service lacks, in their order.
    Found(Vec<crate::domain::model::Bank>),
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
async fn export<W: Write>(
    source: &Source,
    banks: Banks,
    (with_history, selection): (bool, Option<&Columns>),
    concurrency: usize,
    mut printer: Printer<W>,
    io: &Io,
) -> Result<(Counts, W)> {
    let total = match &banks {
        Banks::Listing(banks) => banks.meta().total,
        Banks::Scan(scan) => scan.count()?,
        Banks::Found(banks) => banks.len() as u64,
    };
    let progress = Progress::new(io, total, "banks");
    let mut counts = Counts::default();
    let result = async {
        let mut banks = match banks {
            Banks::Listing(banks) => banks,
            Banks::Found(banks) => {
                if !with_history {
                    for bank in &banks {
                        printer.write(&columns::cut(selection, bank_record(bank)))?;
                        counts.banks += 1;
                        progress.inc();
                    }
                    return Ok(());
                }
                let listed = futures_util::stream::iter(banks.into_iter().map(|bank| Ok(((), bank))));
                let mut details =
                    std::pin::pin!(listing::details(source, listed, concurrency, true));
                while let Some(((), _, detail)) = details.try_next().await? {
                    let detail = detail?;
                    printer.write(&columns::cut(selection, history_record(&detail)))?;
                    counts.banks += 1;
                    counts.records += detail.fields.ratings.len() as u64;
                    progress.inc();
                }
                return Ok(());
            }
            Banks::Scan(scan) => {
                return scan.run(|detail| {
                    printer.write(&columns::cut(selection, history_record(&detail)))?;
                    counts.banks += 1;
                    counts.records += detail.fields.ratings.len() as u64;
                    progress.inc();
                    Ok(())
                });
            }
        };
        if !with_history {
            while let Some(bank) = banks.next().await {
                printer.write(&columns::cut(selection, bank_record(&bank?)))?;
                counts.banks += 1;
                progress.inc();
            }
            return Ok(());
        }
        let listed = banks.banks().map_ok(|bank| ((), bank));
        let mut details = std::pin::pin!(listing::details(source, listed, concurrency, true));
        while let Some(((), _, detail)) = details.try_next().await? {
            // A bank that cannot be fetched fails the export: nothing is
            // silently left out.
            let detail = detail?;
            printer.write(&columns::cut(selection, history_record(&detail)))?;
            counts.banks += 1;
            counts.records += detail.fields.ratings.len() as u64;
            progress.inc();
        }
        Ok::<_, anyhow::Error>(())
    }
    .await;
    match &result {
        Ok(()) => progress.finish(),
        Err(_) => progress.abandon(),
    }
    let closed = printer.finish();
    result?;
    Ok((counts, closed?))
}
