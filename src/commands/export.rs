//! `cra export`: every matching bank, all pages, streamed in list order.
//!
//! Pages (and, with `--with-history`, one detail request per bank) are
//! fetched concurrently but written in list order: ordered streams keep a
//! bounded window of results, and a semaphore keeps at most `--concurrency`
//! requests on the wire. Memory stays flat whatever the data set's size.
//!
//! Nothing is lost or doubled: banks are deduplicated by id; when the
//! service's total changes while paging (a bank added or removed shifts
//! later pages), the list is read again and whatever was missed is fetched;
//! if the result still does not add up, the export fails. With `-o`, output
//! goes to a temporary file in the same folder, renamed over the destination
//! only when everything succeeded.

use std::collections::HashSet;
use std::hash::{BuildHasher, Hash, Hasher};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Args;
use futures_util::stream::{self, Stream, StreamExt, TryStreamExt};
use tokio::sync::Semaphore;

use crate::api::model::{Bank, Meta, Page};
use crate::api::{Client, ListQuery};
use crate::atomic::{Access, AtomicFile};
use crate::cli::{Format, GlobalFlags, whole};
use crate::commands::search::{MAX_PER_PAGE, list_query};
use crate::error::{CraError, Exit};
use crate::filters::FilterArgs;
use crate::io::Io;
use crate::output::{BANK_LIST, Printer, RATING_HISTORY, bank_record, history_record, thousands};
use crate::settings::Settings;

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
Examples:
  cra export --state TX --with-history -o tx-history.csv
  cra export --size small --format ndjson | jq -c 'select(.current_rating.rating == \"Outstanding\")'
  cra --sandbox export --state VT -o vt.json";

#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    pub filters: FilterArgs,

    /// One row per rating record (one detail request per bank)
    #[arg(long)]
    pub with_history: bool,

    /// Write to FILE atomically instead of standard output
    /// (format from --format or the extension: .csv, .json, .ndjson, .jsonl)
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Requests in flight at once
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = whole::<u32>(1, 32), allow_negative_numbers = true)]
    pub concurrency: u32,

    #[command(flatten)]
    pub global: GlobalFlags,
}

/// Results waiting to be written, per permitted request: lets fast requests
/// finish while a slow one holds the head of the line.
const WINDOW_PER_PERMIT: usize = 4;

pub async fn run(args: ExportArgs, settings: &Settings, io: &Io) -> Result<Exit> {
    if let Some(warning) = args.filters.split_size_warning() {
        io.warn(&warning);
    }
    // `-o -` is standard output, as with most tools.
    let output = args.output.as_deref().filter(|p| *p != Path::new("-"));
    let format = match (settings.format, output) {
        (Some(format), _) => format,
        (None, Some(path)) => format_for_path(path),
        (None, None) => Format::Csv,
    };
    let client = Client::new(settings, io)?;
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
    let exporter = Exporter {
        client: client.clone(),
        permits: Arc::new(Semaphore::new(args.concurrency as usize)),
        concurrency: args.concurrency as usize,
        with_history: args.with_history,
        base: list_query(&args.filters, 1, MAX_PER_PAGE),
    };
    let layout = if args.with_history {
        RATING_HISTORY
    } else {
        BANK_LIST
    };
    // The first page before anything is written: a wrong key or address
    // leaves standard output empty (not a lone `[` or a header).
    let first = exporter.page(1).await?;
    let counts = match destination {
        Some(file) => {
            let path = file.path().to_path_buf();
            // A file is not a terminal: no borders, no colour codes in it.
            let file_io = Io {
                stdout_tty: false,
                color: false,
                ..io.clone()
            };
            let mut printer = Printer::new(
                format,
                layout,
                std::io::BufWriter::new(file.handle()?),
                &file_io,
            )?;
            let counts = exporter.export(first, &mut printer, io).await?;
            printer
                .finish()?
                .into_inner()
                .map_err(|e| e.into_error())
                .with_context(|| format!("cannot write {}", path.display()))?;
            file.commit()?;
            counts
        }
        None => {
            let mut printer = Printer::new(format, layout, io.stdout(), io)?;
            let counts = exporter.export(first, &mut printer, io).await?;
            printer.finish()?;
            counts
        }
    };
    let seconds = started.elapsed().as_secs_f64();
    let mut summary = format!("exported {} banks", thousands(counts.banks));
    if args.with_history {
        summary.push_str(&format!(" ({} rating records)", thousands(counts.records)));
    }
    let (requests, retries) = (client.requests_made(), client.retries_made());
    summary.push_str(&format!(
        " in {seconds:.1} s, {} request{}, {} retr{}",
        thousands(requests),
        if requests == 1 { "" } else { "s" },
        thousands(retries),
        if retries == 1 { "y" } else { "ies" }
    ));
    if let Some(path) = output {
        summary.push_str(&format!(" → {}", path.display()));
    }
    io.info(&summary);
    Ok(Exit::Success)
}

/// The format a file's extension names; csv for anything else.
fn format_for_path(path: &Path) -> Format {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("json") => Format::Json,
        Some("ndjson" | "jsonl") => Format::Ndjson,
        Some("tsv" | "tab") => Format::Tsv,
        _ => Format::Csv,
    }
}

#[derive(Debug, Default, Clone, Copy)]
struct Counts {
    banks: u64,
    records: u64,
}

/// What has been written so far: the ids (never one twice) and the counts.
#[derive(Default)]
struct Written {
    seen: Seen,
    counts: Counts,
}

struct Exporter {
    client: Client,
    /// At most `--concurrency` detail requests on the wire.
    permits: Arc<Semaphore>,
    concurrency: usize,
    with_history: bool,
    /// The filters, page 1, per_page 100.
    base: ListQuery,
}

/// Banks already written, by a 128-bit digest of the id (16 bytes a bank,
/// whatever the id's length).
#[derive(Default)]
struct Seen(HashSet<u128>);

impl Seen {
    fn digest(id: &str) -> u128 {
        let half = |salt: u64| {
            let mut hasher = std::hash::BuildHasherDefault::<
                std::collections::hash_map::DefaultHasher,
            >::default()
            .build_hasher();
            salt.hash(&mut hasher);
            id.hash(&mut hasher);
            hasher.finish()
        };
        (u128::from(half(0x5eed_0001)) << 64) | u128::from(half(0x5eed_0002))
    }

    fn insert(&mut self, id: &str) -> bool {
        self.0.insert(Seen::digest(id))
    }

    fn contains(&self, id: &str) -> bool {
        self.0.contains(&Seen::digest(id))
    }

    fn len(&self) -> u64 {
        self.0.len() as u64
    }
}

impl Exporter {
    /// Writes every bank, `first` being the list's first page.
    async fn export<W: Write>(
        &self,
        first: Page,
        printer: &mut Printer<W>,
        io: &Io,
    ) -> Result<Counts> {
        let first_meta = first.meta;
        let progress = Progress::new(io, first_meta.total);
        let mut written = Written::default();
        let mut totals_changed = false;

        let rest = self.pages_after(first_meta);
        let pages = stream::once(async { Ok(first) })
            .chain(rest)
            .map_ok(move |page| (page.meta, page.banks));
        self.write_banks(pages, printer, &mut written, &progress, false, |meta| {
            if meta.total != first_meta.total {
                totals_changed = true;
            }
        })
        .await?;

        if totals_changed || written.seen.len() != first_meta.total {
            // Pages shifted under us (or the pages did not add up to the
            // total): read the whole list again and fetch whatever was
            // missed, appended after the rest, so no bank is silently left
            // out. If it still does not add up, the export fails.
            io.trace("the banks written do not add up to the total; reading the list again");
            let again = self.page(1).await?;
            let latest = again.meta;
            let rest = self.pages_after(latest);
            let pages = stream::once(async { Ok(again) })
                .chain(rest)
                .map_ok(|page| (page.meta, page.banks));
            let mut latest_total = latest.total;
            self.write_banks(pages, printer, &mut written, &progress, true, |meta| {
                latest_total = meta.total;
            })
            .await?;
            if written.seen.len() < latest_total {
                progress.abandon();
                return Err(CraError::Response {
                    message: format!(
                        "the data changed during the export: {} banks written but the service now lists {}; run the export again",
                        thousands(written.seen.len()),
                        thousands(latest_total)
                    ),
                }
                .into());
            }
        }
        progress.finish();
        Ok(written.counts)
    }

    /// Writes the banks of `pages` in order, skipping ids already written,
    /// fetching each bank's detail first when the history is wanted.
    async fn write_banks<W: Write>(
        &self,
        pages: impl Stream<Item = Result<(Meta, Vec<Bank>)>>,
        printer: &mut Printer<W>,
        written: &mut Written,
        progress: &Progress,
        last_pass: bool,
        mut on_meta: impl FnMut(Meta),
    ) -> Result<()> {
        let window = self.concurrency * WINDOW_PER_PERMIT;
        // Ids met in this pass over the list: a page after the first that
        // brings none the pass has not met is a service repeating itself
        // (or one answering past its end with its last page while banks are
        // removed), and would otherwise be followed for as many pages as it
        // claims. The first pass ends there, and the count check that
        // follows reads the list again; the last pass fails there.
        let mut this_pass = Seen::default();
        let mut page_number = 0u64;
        let banks = pages
            .map(move |page| {
                let (meta, banks) = page?;
                page_number += 1;
                let fresh = banks
                    .iter()
                    .filter(|bank| this_pass.insert(&bank.fields.id))
                    .count();
                if page_number > 1 && !banks.is_empty() && fresh == 0 {
                    return if last_pass {
                        Err(repeated_page(page_number))
                    } else {
                        Ok(None)
                    };
                }
                on_meta(meta);
                Ok(Some(banks))
            })
            .try_take_while(|page| std::future::ready(Ok(page.is_some())))
            .map_ok(|page| {
                stream::iter(
                    page.unwrap_or_default()
                        .into_iter()
                        .map(Ok::<_, anyhow::Error>),
                )
            })
            .try_flatten();
        if !self.with_history {
            let mut banks = std::pin::pin!(banks);
            while let Some(bank) = banks.try_next().await? {
                if written.seen.insert(&bank.fields.id) {
                    printer.write(&bank_record(&bank))?;
                    written.counts.banks += 1;
                    progress.inc();
                }
            }
            return Ok(());
        }
        // Only banks not yet written are fetched; `seen` is asked before the
        // request and again, with insertion, before writing, since a shifted
        // page may bring the same bank twice within the window.
        let counts = &mut written.counts;
        let seen = std::cell::RefCell::new(&mut written.seen);
        let details = banks
            .try_filter(|bank| std::future::ready(!seen.borrow().contains(&bank.fields.id)))
            .map_ok(|bank| {
                let client = self.client.clone();
                let permits = self.permits.clone();
                async move {
                    let _permit = permits
                        .acquire_owned()
                        .await
                        .expect("the semaphore is never closed");
                    client.bank(&bank.fields.id).await
                }
            })
            .try_buffered(window);
        let mut details = std::pin::pin!(details);
        while let Some(detail) = details.try_next().await? {
            if !seen.borrow_mut().insert(&detail.fields.id) {
                continue;
            }
            let record = history_record(&detail);
            printer.write(&record)?;
            counts.banks += 1;
            counts.records += detail.fields.ratings.len() as u64;
            progress.inc();
        }
        Ok(())
    }

    async fn page(&self, page: u64) -> Result<Page> {
        self.client
            .list(&ListQuery {
                page,
                ..self.base.clone()
            })
            .await
    }

    /// Pages 2..=total_pages, fetched concurrently, yielded in order. The
    /// window bounds the list requests in flight: `--concurrency` of them for
    /// a plain export; with the history, two pages ahead of the detail
    /// requests (which alone take the semaphore's permits: a page waiting in
    /// a fair queue but not polled would otherwise hold a permit forever).
    fn pages_after(&self, meta: Meta) -> impl Stream<Item = Result<Page>> + '_ {
        let window = if self.with_history {
            2
        } else {
            self.concurrency
        };
        // A total_pages beyond what total and per_page imply is not trusted.
        let pages = meta.total_pages.min(meta.total.div_ceil(MAX_PER_PAGE));
        stream::iter(2..=pages)
            .map(move |page| self.page(page))
            .buffered(window)
    }
}

/// A page of the list that only repeats banks already listed.
pub fn repeated_page(page: u64) -> anyhow::Error {
    CraError::Response {
        message: format!(
            "the service repeated itself: page {page} of the list holds only banks already listed; stopping (its paging is broken; try again later)"
        ),
    }
    .into()
}

/// The progress bar: banks done of total, rate, ETA; only for a person
/// watching a terminal.
struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    fn new(io: &Io, total: u64) -> Progress {
        if !io.show_progress() {
            return Progress(None);
        }
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(total),
            indicatif::ProgressDrawTarget::stderr_with_hz(10),
        );
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:30.cyan/blue} {human_pos}/{human_len} banks · {per_sec} · ETA {eta}",
            )
            .expect("the template is valid")
            .progress_chars("█▉▊▋▌▍▎▏ "),
        );
        Progress(Some(bar))
    }

    fn inc(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }

    fn abandon(&self) {
        if let Some(bar) = &self.0 {
            bar.abandon();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = self.0.as_ref().filter(|bar| !bar.is_finished()) {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_from_extension() {
        assert_eq!(format_for_path(Path::new("a.csv")), Format::Csv);
        assert_eq!(format_for_path(Path::new("a.JSON")), Format::Json);
        assert_eq!(format_for_path(Path::new("a.jsonl")), Format::Ndjson);
        assert_eq!(format_for_path(Path::new("a.ndjson")), Format::Ndjson);
        assert_eq!(format_for_path(Path::new("a")), Format::Csv);
    }

    #[test]
    fn seen_tells_ids_apart() {
        let mut seen = Seen::default();
        assert!(seen.insert("a"));
        assert!(!seen.insert("a"));
        assert!(seen.insert("b"));
        assert!(seen.contains("a") && !seen.contains("c"));
        assert_eq!(seen.len(), 2);
    }
}
