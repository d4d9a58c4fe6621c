//! `cra sync`: brings the local copy up to date with the service.
//!
//! Every list page is read (the listing engine, concurrently); each listed
//! bank is compared with the mirror's copy of its list entry, and only a
//! bank that is new or whose entry changed has its detail fetched
//! (`--full`: every bank). So a refresh costs the list pages plus the
//! changed banks, a few hundred requests rather than 19,000.
//!
//! The mirror's writer stores each bank as its detail arrives, in small
//! transactions, so an interruption loses nothing stored and the next sync
//! fetches only what is still out of date. A bank whose detail keeps
//! failing is kept as it was and named at the end; a failure of the service
//! as a whole (a refused key, the service down) stops the sync at once.
//! Banks the service no longer lists leave `banks` only when the whole list
//! was read and added up.

use std::cell::RefCell;
use std::io::Write;
use std::time::Instant;

use anyhow::Result;
use clap::Args;
use futures_util::stream::TryStreamExt;

use crate::api::listing::{self, Listing, MAX_PER_PAGE};
use crate::api::{Client, ListQuery, Source};
use crate::cli::Format;
use crate::error::{CraError, Exit};
use crate::io::{Io, Progress};
use crate::mirror::write::{Needs, Writer};
use crate::output::thousands;
use crate::settings::Settings;

#[derive(Debug, Clone, Args)]
pub struct SyncArgs {
    /// Fetch every bank's detail, not only new and changed banks'
    #[arg(long)]
    pub full: bool,

    /// Requests in flight at once
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = crate::cli::whole::<u32>(1, 32), allow_negative_numbers = true)]
    pub concurrency: u32,
}

pub const AFTER_HELP: &str = "\
The local copy is a SQLite file (cra config show lists it; --mirror or
CRA_MIRROR choose another). The first sync fetches every bank; later ones
read the list and fetch only new and changed banks.

Examples:
  cra --sandbox sync
  cra sync --format json | jq .new_exams
  cra --offline search --state TX --size large";

/// Consecutive failed details after which the service, not a bank, is
/// taken to be failing.
fn failing_service(concurrency: usize) -> usize {
    2 * concurrency + 8
}

pub async fn run(args: SyncArgs, settings: &Settings, io: &Io) -> Result<Exit> {
    if settings.offline {
        return Err(CraError::usage(
            "sync brings the local copy up to date from the service; drop --offline",
        ));
    }
    if matches!(settings.format, Some(f) if f != Format::Json) {
        return Err(CraError::usage(
            "sync prints its summary on standard error, or as json with --format json",
        ));
    }
    let client = Client::new(settings, io)?;
    let service = crate::mirror::service_name(settings, client.base());
    let path = crate::mirror::path(settings).to_path_buf();
    let path_for_open = path.clone();
    let full = args.full;
    let writer =
        tokio::task::spawn_blocking(move || Writer::open(&path_for_open, &service, full)).await??;
    let started = Instant::now();
    let concurrency = args.concurrency as usize;
    let source = Source::Service(client.clone());
    let writer = RefCell::new(writer);
    let mut failed: Vec<(String, anyhow::Error)> = Vec::new();
    let outcome = fetch(&source, &writer, concurrency, io, &mut failed).await;
    let mut writer = writer.into_inner();
    writer.counts.requests = client.requests_made();
    writer.counts.failed_banks = failed.len() as u64;
    let complete = match outcome {
        Ok(complete) => complete,
        Err(error) => {
            let _ = writer.finish("failed");
            return Err(error);
        }
    };
    if complete {
        writer.remove_unlisted()?;
    }
    let status = if failed.is_empty() && complete {
        "complete"
    } else {
        "failed"
    };
    let counts = writer.finish(status)?;
    let seconds = started.elapsed().as_secs_f64();

    io.info(&format!(
        "synced {} banks in {seconds:.1} s: {} new, {} removed, {} changed, {} new exam{}, {} request{} → {}",
        thousands(counts.banks),
        thousands(counts.new_banks),
        thousands(counts.removed_banks),
        thousands(counts.changed_banks),
        thousands(counts.new_exams),
        if counts.new_exams == 1 { "" } else { "s" },
        thousands(counts.requests),
        if counts.requests == 1 { "" } else { "s" },
        path.display()
    ));
    if settings.format == Some(Format::Json) {
        let mut summary = serde_json::to_value(counts)?;
        summary["complete"] = serde_json::Value::Bool(status == "complete");
        summary["seconds"] = serde_json::json!((seconds * 1000.0).round() / 1000.0);
        summary["mirror"] = serde_json::Value::String(path.display().to_string());
        let mut out = io.stdout();
        serde_json::to_writer(&mut out, &summary)?;
        out.write_all(b"\n")?;
        out.flush()?;
    }
    if !failed.is_empty() {
        let exit = crate::error::exit_of(&failed[0].1);
        let names: Vec<String> = failed
            .iter()
            .take(5)
            .map(|(id, _)| format!("'{}'", crate::error::shorten(id, 40)))
            .collect();
        let more = failed.len().saturating_sub(names.len());
        let (id, error) = &failed[0];
        return Err(CraError::with_exit(
            exit,
            format!(
                "{} bank{} could not be fetched and {} kept as before: {}{} (first: '{}': {}); run cra sync again",
                failed.len(),
                if failed.len() == 1 { "" } else { "s" },
                if failed.len() == 1 { "is" } else { "are" },
                names.join(", "),
                if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                },
                crate::error::shorten(id, 40),
                crate::error::one_line(error)
            ),
        ));
    }
    Ok(Exit::Success)
}

/// Reads the list and stores what changed. True when the list was read
/// completely (so banks missing from it may be taken as removed).
async fn fetch(
    source: &Source,
    writer: &RefCell<Writer>,
    concurrency: usize,
    io: &Io,
    failed: &mut Vec<(String, anyhow::Error)>,
) -> Result<bool> {
    let mut banks = Listing::start(
        source,
        ListQuery {
            page: 1,
            per_page: MAX_PER_PAGE,
            ..ListQuery::default()
        },
        listing::Options {
            window: concurrency,
            limit: None,
        },
    )
    .await?;
    let progress = Progress::new(io, banks.meta().total, "banks");
    let mut position = 0u64;
    let result = async {
        let wanted = banks.banks().try_filter_map(|bank| {
            position += 1;
            let checked = serde_json::to_string(&bank.raw)
                .map_err(anyhow::Error::from)
                .and_then(|list_json| {
                    let needs =
                        writer
                            .borrow_mut()
                            .check(position, &list_json, &bank.fields.id)?;
                    Ok((needs, list_json))
                });
            std::future::ready(match checked {
                Ok((Needs::Nothing, _)) => {
                    progress.inc();
                    Ok(None)
                }
                Ok((_, list_json)) => Ok(Some(((position, list_json), bank))),
                Err(error) => Err(error),
            })
        });
        let mut details = std::pin::pin!(listing::details(source, wanted, concurrency, false));
        let mut failing_in_a_row = 0usize;
        while let Some(((position, list_json), bank, detail)) = details.try_next().await? {
            progress.inc();
            match detail {
                Ok(detail) => {
                    failing_in_a_row = 0;
                    writer
                        .borrow_mut()
                        .store(position, &bank, &list_json, &detail)?;
                }
                Err(error) if stops_everything(&error) => return Err(error),
                Err(error) => {
                    failing_in_a_row += 1;
                    if failing_in_a_row >= failing_service(concurrency) {
                        return Err(error.context(format!(
                            "{failing_in_a_row} bank details failed in a row; the service seems to be failing, so the sync stops (what was stored is kept)"
                        )));
                    }
                    failed.push((bank.fields.id, error));
                }
            }
        }
        Ok(())
    }
    .await;
    match &result {
        Ok(()) => progress.finish(),
        Err(_) => progress.abandon(),
    }
    result?;
    Ok(banks.complete())
}

/// A failure that no other bank would escape: a refused key or
/// subscription.
fn stops_everything(error: &anyhow::Error) -> bool {
    matches!(
        crate::error::exit_of(error),
        Exit::Unauthorized | Exit::Forbidden
    )
}
