//! The work of `cra sync`: brings the local copy up to date with the service.
//!
//! Every list page is read (the listing engine, concurrently); each listed
//! bank is compared with the mirror's copy of its list entry (in memory:
//! `mirror::write::Known`, loaded once), and only a bank that is new or
//! whose entry changed has its detail fetched (`--full`: every bank). So a
//! refresh costs the list pages plus the changed banks, a few hundred
//! requests rather than 19,000.
//!
//! The mirror's writer, on a thread of its own, stores each bank as its
//! detail arrives, in small transactions, so an interruption loses nothing
//! stored and the next sync fetches only what is still out of date. A bank whose detail keeps
//! failing is kept as it was and named at the end; a failure of the service
//! as a whole (a refused key, the service down) stops the sync at once.
//! Banks the service no longer lists leave `banks` only when the whole list
//! was read and added up.

use std::time::Instant;

use anyhow::Result;

use crate::api::{Client, WaitTooLong};
use crate::domain::ListQuery;
use crate::error::{CraError, Exit, exit_of, one_line, shorten};
use crate::io::{Io, Output};
use crate::mirror::{Background, Known, SyncStatus, Writer};
use crate::settings::Settings;
use crate::source::{Listing, ListingOptions, MAX_PER_PAGE, Source};
use crate::text::{duration, plural, thousands};

mod fetch;
mod notify;
use fetch::fetch;
use notify::deliver;

/// What `cra sync` was asked (its flags, as `--help` says them).
#[derive(Debug, Clone)]
pub(crate) struct Asked {
    /// `--full`: every bank's detail, not only new and changed banks'.
    pub full: bool,
    /// `--concurrency`: requests in flight at once.
    pub concurrency: u32,
    /// `--notify URL`: where each new rating record is delivered.
    pub notify: Option<String>,
}

/// Consecutive failed details after which the service, not a bank, is
/// taken to be failing.
fn failing_service(concurrency: usize) -> usize {
    2 * concurrency + 8
}

/// A signal: Ctrl-C, SIGTERM, SIGHUP, SIGUSR1 (see `signals`).
pub(crate) type Stop = futures_util::future::Shared<futures_util::future::BoxFuture<'static, ()>>;

/// Brings the copy up to date, delivering to `--notify` the new records
/// of the banks `only` (all without), until done or `stop`.
pub(crate) async fn run(
    args: Asked,
    settings: &Settings,
    io: &Io,
    out: &Output,
    only: Option<std::collections::BTreeSet<String>>,
    stop: Stop,
) -> Result<Exit> {
    if settings.offline {
        return Err(CraError::usage(
            "sync brings the local copy up to date from the service; drop --offline",
        ));
    }
    // `only`: the banks of the lists `--watch` named, as the selection holds them.
    if only.is_some() && args.notify.is_none() {
        return Err(CraError::usage(
            "--watch chooses whose new records --notify delivers: add --notify URL",
        ));
    }
    // Checked before anything is fetched: a notifier with no secret or a
    // bad address would only fail after the whole sync.
    let notify = match &args.notify {
        None => None,
        Some(url) => {
            let secret = settings.require_secret("sync --notify")?.clone();
            let url = crate::webhook::endpoint_url("--notify", url, "http://127.0.0.1:4000/")?;
            Some((url, secret, only))
        }
    };
    let only = notify.as_ref().map(|(_, _, only)| only.clone());
    // Until banks are fetched a signal ends the sync at once (nothing is
    // stored yet); from then on `fetch` is stopped and what it fetched kept.
    let started_sync = tokio::select! {
        started = start(&args, settings, io, only) => started?,
        () = stop.clone() => return Err(CraError::Interrupted.into()),
    };
    let Started {
        client,
        path,
        writer,
        listing,
        mut known,
        started,
        concurrency,
        source,
    } = started_sync;
    let background = Background::start(writer)?;
    let mut failed: Vec<(String, anyhow::Error)> = Vec::new();
    // A signal while banks are fetched stops the fetching (the progress bar
    // goes with it), and what was fetched is stored and kept.
    let outcome = tokio::select! {
        outcome = fetch(
            listing,
            &source,
            &background,
            &mut known,
            concurrency,
            io,
            &mut failed,
        ) => Some(outcome),
        () = stop.clone() => None,
    };
    let (mut writer, stored) = background.finish().await?;
    let Some(outcome) = outcome else {
        stored?;
        writer.counts.requests = client.requests_made();
        let counts = writer.finish(SyncStatus::Interrupted)?;
        io.warn(&format!(
            "interrupted: the local copy {} keeps {} banks ({} new, {} changed by this sync); \
             {} resumes where this one stopped",
            path.display(),
            thousands(counts.banks),
            thousands(counts.new_banks),
            thousands(counts.changed_banks),
            crate::mirror::sync_command()
        ));
        return Err(CraError::Silent(Exit::Interrupted).into());
    };
    writer.counts.requests = client.requests_made();
    writer.counts.failed_banks = failed.len() as u64;
    // The writer's own failure first: a fetch that stopped because the
    // writer did says only that it stopped.
    let complete = match stored.and(outcome) {
        Ok(complete) => complete,
        Err(error) => {
            let _ = writer.finish(SyncStatus::Failed);
            return Err(error);
        }
    };
    if complete {
        writer.remove_unlisted(&known)?;
        writer.reorder(&known.moves())?;
    }
    let notified = match &notify {
        Some((url, secret, only)) => Some(
            deliver(
                &mut writer,
                url,
                secret,
                only.as_ref(),
                settings,
                io,
                stop.clone(),
            )
            .await?,
        ),
        None => None,
    };
    let status = if failed.is_empty() && complete {
        SyncStatus::Complete
    } else {
        SyncStatus::Failed
    };
    let counts = writer.finish(status.clone())?;
    let seconds = started.elapsed().as_secs_f64();
    if let (Some(notified), Some((url, _, _))) = (&notified, &notify)
        && notified.interrupted
    {
        io.warn(&format!(
            "interrupted while notifying: the local copy {} is up to date; {} of {} rating.created deliveries to {} are kept and sent by the next {} --notify",
            path.display(),
            thousands(notified.kept),
            thousands(notified.kept + notified.delivered),
            crate::http::hide_userinfo(url.as_str()),
            crate::mirror::sync_command()
        ));
        return Err(CraError::Silent(Exit::Interrupted).into());
    }

    io.info(&format!(
        "synced {} banks in {seconds:.1} s: {} new, {} removed, {} changed, {} new {}, {} {} → {}",
        thousands(counts.banks),
        thousands(counts.new_banks),
        thousands(counts.removed_banks),
        thousands(counts.changed_banks),
        thousands(counts.new_exams),
        plural(counts.new_exams, "exam", "exams"),
        thousands(counts.requests),
        plural(counts.requests, "request", "requests"),
        path.display()
    ));
    let mut summary = serde_json::to_value(counts)?;
    summary["complete"] = serde_json::Value::Bool(status == SyncStatus::Complete);
    summary["seconds"] = serde_json::json!((seconds * 1000.0).round() / 1000.0);
    summary["mirror"] = serde_json::Value::String(path.display().to_string());
    if let Some(notified) = &notified {
        summary["notified"] = notified.delivered.into();
        summary["notify_kept"] = notified.kept.into();
    }
    out.summary_object(&summary)?;
    if !failed.is_empty() {
        let exit = exit_of(&failed[0].1);
        let names: Vec<String> = failed
            .iter()
            .take(5)
            .map(|(id, _)| format!("'{}'", shorten(id, 40)))
            .collect();
        let more = failed.len().saturating_sub(names.len());
        let (id, error) = &failed[0];
        return Err(CraError::with_exit(
            exit,
            format!(
                "{} {} could not be fetched and {} kept as before: {}{} (first: '{}': {}); run cra sync again",
                failed.len(),
                plural(failed.len() as u64, "bank", "banks"),
                plural(failed.len() as u64, "is", "are"),
                names.join(", "),
                if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                },
                shorten(id, 40),
                one_line(error)
            ),
        ));
    }
    if let (Some(notified), Some((url, _, _))) = (&notified, &notify)
        && notified.kept > 0
    {
        return Err(CraError::Response {
            message: format!(
                "{} of {} rating.created deliveries to {} got no 2xx ({}); they are kept and sent by the next cra sync --notify",
                thousands(notified.kept),
                thousands(notified.kept + notified.delivered),
                crate::http::hide_userinfo(url.as_str()),
                notified.first_failure
            ),
        }
        .into());
    }
    Ok(Exit::Success)
}

/// What a sync has once the first list page and the mirror's banks are in.
struct Started {
    client: Client,
    path: std::path::PathBuf,
    writer: Writer,
    listing: Listing,
    known: Known,
    started: Instant,
    concurrency: usize,
    source: Source,
}

/// Opens the mirror (its lock taken) and the listing.
/// `notify`: whether `--notify` was given, with the banks `--watch`
/// keeps (none: every bank).
async fn start(
    args: &Asked,
    settings: &Settings,
    io: &Io,
    notify: Option<Option<std::collections::BTreeSet<String>>>,
) -> Result<Started> {
    let client = Client::new(settings, io)?;
    let service = crate::mirror::service_name(settings.sandbox, client.base());
    let path = settings.mirror.value.clone();
    let path_for_open = path.clone();
    let full = args.full;
    let writer =
        tokio::task::spawn_blocking(move || Writer::open(&path_for_open, &service, full)).await??;
    let started = Instant::now();
    let concurrency = args.concurrency as usize;
    let source = Source::service(client.clone(), io.clone());
    // The mirror's banks are loaded (a read of the whole file) while the
    // first list page is on the wire; the lock was taken before.
    let loading = tokio::task::spawn_blocking(move || {
        let known = writer.known();
        (writer, known)
    });
    let (listing, loaded) = tokio::join!(
        Listing::start(
            &source,
            ListQuery {
                page: 1,
                per_page: MAX_PER_PAGE,
                ..ListQuery::default()
            },
            ListingOptions {
                window: concurrency,
                limit: None,
            },
        ),
        loading
    );
    let (mut writer, known) = loaded?;
    let (listing, known) = match listing.and_then(|listing| Ok((listing, known?))) {
        Ok(started) => started,
        Err(error) => {
            let _ = writer.finish(SyncStatus::Failed);
            return Err(error);
        }
    };
    // The first sync of an empty mirror notifies nothing: every record
    // would be "new".
    if let Some(only) = notify
        && !writer.is_empty()?
    {
        writer.notify_added(only);
    }
    Ok(Started {
        client,
        path,
        writer,
        listing,
        known,
        started,
        concurrency,
        source,
    })
}

/// A sync stopped by a wait over `--max-wait` (exit 6): says when to run it
/// again, and that it resumes. Anything else as it is.
pub(crate) fn resumable(error: anyhow::Error) -> anyhow::Error {
    let Some(wait) = error.downcast_ref::<WaitTooLong>() else {
        return error;
    };
    CraError::with_exit(
        Exit::Unavailable,
        format!(
            "the sync stopped: the service's rate limit asks for a wait of {}, longer than --max-wait; what was fetched is stored: run cra sync again after {} and it resumes where it stopped",
            duration(wait.wait),
            wait.at_text()
        ),
    )
}
