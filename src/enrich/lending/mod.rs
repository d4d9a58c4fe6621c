//! `cra enrich --lending [PATH...]`: the FFIEC's CRA lending data read
//! into the local copy (zip and `.dat` files, folders of them, http(s)
//! addresses; with no path, the FFIEC's addresses of the years
//! `--years` names), one file at a time, each in one transaction of its
//! own (`store`), every reporter linked to the copy's banks through the
//! public record's identifiers. A file that cannot be read (a web page
//! where a zip was expected, a zip bomb, a truncated zip, a record of the
//! wrong length, an unknown table) is refused with its reason and line,
//! the rest of the batch read, and the exit is 1 at the end; the copy
//! keeps what it had of a refused file. A signal stops the file being
//! read, which is not stored (exit 130).

mod said;
mod sources;
mod store;

use anyhow::{Context, Result};

use crate::error::{CraError, Exit};
use crate::http::Fetcher;
use crate::io::{Io, Output};
use crate::lending::{Kind, address};
use crate::mirror::Store;
use crate::mirror::lending::Lending;
use crate::settings::Settings;
use crate::text::{inert, shorten};
use said::{Counts, Refusal};
use sources::{Expanded, Input};
use store::Outcome;

/// Reads `paths` (none: the FFIEC's files of `years`) into the copy; the
/// summary on standard error, or as json under the key `lending`.
pub(super) async fn read(
    paths: Vec<String>,
    years: Option<String>,
    settings: &Settings,
    io: &Io,
    out: &Output,
) -> Result<Exit> {
    let started = std::time::Instant::now();
    let path = settings.mirror.value.clone();
    let store = Store::open(&path)?;
    store.require_record_for_lending()?;
    let expanded = match (paths.is_empty(), &years) {
        (true, _) => defaults(years.as_deref(), settings)?,
        (false, None) => sources::expand(&paths)?,
        (false, Some(_)) => {
            return Err(CraError::usage(
                "--years chooses the FFIEC's files to download; with PATHs, read those (or give \
                 --lending alone with --years)",
            ));
        }
    };
    let Expanded {
        sources,
        refused: unreadable,
        skipped,
    } = expanded;
    for line in &skipped {
        io.warn(&inert(line));
    }
    let mut counts = Counts::default();
    for (path, why) in unreadable {
        counts.refuse(io, Refusal { file: path, why });
    }
    // A signal stops the file being read; past a grace, the process.
    let backstop = crate::signals::backstop();
    let mut lending = Some(store.into_lending()?);
    let mut requests = 0;
    let mut interrupted = false;
    for (n, source) in sources.iter().enumerate() {
        if crate::signals::signalled() {
            interrupted = true;
            break;
        }
        let shown = source.shown();
        io.status(Some(&format!(
            "reading the lending files… {}/{} {}",
            n + 1,
            sources.len(),
            shorten(&inert(&shown), 40)
        )));
        let mut temporary = None;
        let local = match source {
            Input::File(file) => file.clone(),
            Input::Web(url) => {
                let mut file = tempfile::NamedTempFile::new()
                    .context("cannot make a temporary file for a download")?;
                let client = Fetcher::new(
                    url,
                    settings.timeout.value,
                    settings.retries.value,
                    settings.rate.as_ref().map(|r| r.value),
                )
                .context("cannot set up the HTTP client")?;
                let trace = |line: String| io.trace(&line);
                let got = tokio::select! {
                    got = sources::download(&client, url, file.as_file_mut(), &trace) => got,
                    () = crate::signals::interrupted() => {
                        interrupted = true;
                        break;
                    }
                };
                requests += client.requests();
                if let Err(why) = got {
                    counts.refuse(io, Refusal { file: shown, why });
                    continue;
                }
                let local = file.path().to_path_buf();
                temporary = Some(file);
                local
            }
        };
        let mut taken = lending.take().context("the copy is gone")?;
        let stored = source.stored();
        let named = shown.clone();
        let (back, done) = tokio::task::spawn_blocking(move || {
            let done = store::read(&mut taken, &local, &named, &stored);
            (taken, done)
        })
        .await
        .context("reading a lending file failed")?;
        lending = Some(back);
        drop(temporary);
        for one in done? {
            match one.outcome {
                Outcome::Read { records, rows } => counts.read(records, &rows),
                Outcome::Known => {
                    counts.files.already_read += 1;
                    io.info(&format!(
                        "{}: already read: nothing changed",
                        inert(&one.name)
                    ));
                }
                Outcome::Refused(why) => counts.refuse(
                    io,
                    Refusal {
                        file: one.name,
                        why,
                    },
                ),
                Outcome::Interrupted => interrupted = true,
            }
        }
        if interrupted {
            break;
        }
    }
    io.status(None);
    if interrupted {
        backstop.abort();
        io.info(&said::interrupted_line(&counts));
        return Err(CraError::Interrupted.into());
    }
    let mut lending = lending.context("the copy is gone")?;
    let (lending, held) = tokio::task::spawn_blocking(move || {
        let held = relinked(&mut lending);
        (lending, held)
    })
    .await
    .context("linking the reporters failed")?;
    backstop.abort();
    let held = held?;
    drop(lending);
    let seconds = started.elapsed().as_secs_f64();
    for line in said::lines(&counts, &held, seconds, &path) {
        io.info(&line);
    }
    let refusals = counts.refusals.len();
    let first = counts.refusals.first().map(|r| r.file.clone());
    let json = serde_json::json!({
        "lending": said::json(&counts, &held),
        "requests": requests,
        "seconds": (seconds * 1000.0).round() / 1000.0,
        "mirror": path.display().to_string(),
    });
    out.summary_object(&json)?;
    if let Some(first) = first {
        // Exit 1: the rest of the batch was read and stored.
        return Err(anyhow::anyhow!(
            "{refusals} of the lending files {} refused ({}{})",
            if refusals == 1 { "was" } else { "were" },
            inert(&first),
            if refusals > 1 { ", …" } else { "" }
        ));
    }
    Ok(Exit::Success)
}

/// Every reporter linked again (the copy's links may have changed since
/// its files were read), and what the copy holds.
fn relinked(lending: &mut Lending) -> Result<crate::mirror::lending::Held> {
    lending.relink()?;
    lending.held()
}

/// The FFIEC's addresses (`CRA_LENDING`'s, the sandbox's) of each kind's
/// file of each year `years` names (the last five published without it).
fn defaults(years: Option<&str>, settings: &Settings) -> Result<Expanded> {
    let today = jiff::Zoned::now().date();
    let sandbox = settings
        .sandbox
        .then_some(settings.base_url.as_ref())
        .flatten()
        .map(|base| format!("{}/lending", base.value.trim_end_matches('/')));
    let (base, last) = match (&settings.lending, sandbox) {
        (Some(base), _) => (base.clone(), address::last_published(today)),
        (None, Some(base)) => (base, crate::sandbox::lending_last_year()),
        (None, None) => (
            address::FFIEC_BASE.to_string(),
            address::last_published(today),
        ),
    };
    let years = match years {
        Some(text) => address::parse_years(text, last)
            .map_err(|why| CraError::usage(format!("--years {}: {why}", inert(text))))?,
        None => address::last_five(day_after(last)),
    };
    let mut expanded = Expanded::default();
    for year in years {
        for kind in Kind::ALL {
            let url = address::url(&base, year, kind);
            match super::web_address(&url)? {
                Some(url) => expanded.sources.push(Input::Web(url)),
                None => {
                    return Err(CraError::usage(format!(
                        "CRA_LENDING {}: not an http(s) address",
                        inert(&base)
                    )));
                }
            }
        }
    }
    Ok(expanded)
}

/// A day by which `last` is the last year published.
fn day_after(last: u16) -> jiff::civil::Date {
    jiff::civil::date(i16::try_from(last).unwrap_or(2024) + 1, 10, 1)
}
