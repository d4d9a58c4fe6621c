//! `cra enrich --pe PATH...`: public evaluations (PDF files, folders of
//! them, http(s) addresses) read into the local copy. Each file is read
//! in bounded time and memory (`evaluation::read`), on every core, and
//! taken in the order the files were listed (`readers`), set aside with
//! its reason when it is no readable PE, and the batch goes on; what was
//! read is linked and stored, by one thread, in one transaction (`Store::evaluations`), the
//! set-aside files with their reason. Files are known by their SHA-256:
//! one this reader read before is said `already read` and not read again
//! (one not linked then is linked again); one an earlier reader read is
//! read again.

use std::path::{Path, PathBuf};

use anyhow::Result;
use serde::Serialize;

use super::web_address;
use crate::error::{CraError, Exit};
use crate::evaluation::{Evaluation, SetAside};
use crate::http::Fetcher;
use crate::io::{Io, Output};
use crate::mirror::{EvaluationRead as Read, Store};
use crate::settings::Settings;
use crate::text::{inert, plural, thousands};

mod readers;
use readers::Outcome;

/// The most files a folder gives.
const FOLDER_FILES: usize = 100_000;

/// The summary's counts (`--format json`: the key `evaluations`).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Counts {
    pub read: u64,
    pub linked: u64,
    pub unlinked: u64,
    pub no_text: u64,
    pub not_evaluation: u64,
    pub damaged: u64,
    pub disagree: u64,
    /// Files read before (by this reader): nothing of them changed, but
    /// the link of one not linked then.
    pub already_read: u64,
}

/// One file to read: where, as the user named it.
enum Location {
    File(PathBuf),
    Web(url::Url),
}

impl Location {
    /// As the copy records it (`evaluations.source`): a file's whole path,
    /// an address without its secrets.
    fn stored(&self) -> String {
        match self {
            Location::File(path) => std::path::absolute(path)
                .unwrap_or_else(|_| path.clone())
                .display()
                .to_string(),
            Location::Web(_) => self.shown(),
        }
    }

    fn shown(&self) -> String {
        match self {
            Location::File(path) => path.display().to_string(),
            Location::Web(url) => crate::http::hide_address_secrets(url.as_str()),
        }
    }
}

/// What the files and addresses gave, before anything is stored.
struct Gathered {
    /// SHA-256, source, and what it says or why it was set aside.
    read: Vec<(String, String, Result<Evaluation, String>)>,
    counts: Counts,
    /// The paths that could not be read at all.
    unreadable: Vec<String>,
    requests: u64,
}

/// Reads `paths` into the copy at `mirror`; the summary on standard error
/// (or json). Exit 0 when every path could be read (as a PE or set aside
/// with a reason), 1 when one could not be read at all. A signal before
/// the batch is stored ends the command (130) with nothing of it stored;
/// one that comes while it is stored is late, and said.
pub async fn read(paths: &[String], settings: &Settings, io: &Io, out: &Output) -> Result<Exit> {
    let started = std::time::Instant::now();
    let path = settings.mirror.value.clone();
    let mut store = Store::open(&path)?;
    store.require_public_record()?;
    // A read blocked in a system call (a file on a stalled network
    // mount) never hears the signal: the backstop ends the process.
    let backstop = crate::signals::backstop();
    let known = store.evaluations_read()?;
    let gathered = tokio::select! {
        gathered = gather(paths, settings, io, known) => gathered,
        () = crate::signals::interrupted() => Err(CraError::Interrupted.into()),
    };
    backstop.abort();
    let Gathered {
        read,
        mut counts,
        unreadable,
        requests,
    } = gathered?;
    if crate::signals::signalled() {
        return Err(CraError::Interrupted.into());
    }
    io.status(Some("linking the evaluations…"));
    let batch: Vec<Read> = read
        .iter()
        .map(|(sha256, source, evaluation)| Read {
            sha256,
            source,
            evaluation: evaluation.as_ref().map_err(String::as_str),
        })
        .collect();
    let stored = store.evaluations(&batch)?;
    io.status(None);
    let late_signal = crate::signals::signalled();
    for ((_, source, evaluation), stored) in read.iter().zip(&stored) {
        let Ok(evaluation) = evaluation else {
            // Set aside: counted and said as it was read.
            continue;
        };
        if stored.known {
            counts.already_read += 1;
            match (&stored.link, stored.linked_now) {
                (Ok((bank, exam)), true) => io.info(&format!(
                    "{}: already read, linked now to bank {bank}'s exam of {exam}",
                    inert(source)
                )),
                _ => io.info(&format!("{}: already read", inert(source))),
            }
            if !stored.linked_now {
                continue;
            }
        } else {
            counts.read += 1;
        }
        match &stored.link {
            Ok(_) => counts.linked += 1,
            Err(why) => {
                counts.unlinked += 1;
                io.notice(&format!("{}: not linked: {}", inert(source), inert(why)));
            }
        }
        if let (Some(copy), Ok((bank, exam))) = (&stored.disagrees, &stored.link) {
            counts.disagree += 1;
            io.warn(&format!(
                "{}: disagree: the evaluation rates {} {}, the copy's exam of {exam} says {}",
                inert(source),
                bank,
                evaluation.rating.map_or("-", |r| r.as_str()),
                inert(copy)
            ));
        }
    }
    // Two PEs of one exam that rate its tests otherwise: named, with the
    // one the exam's columns read (`mirror::record::chosen`).
    for ((_, source, _), stored) in read.iter().zip(&stored) {
        let new = !stored.known || stored.linked_now;
        if let (Some(other), Ok((bank, exam)), true) = (stored.conflicts.first(), &stored.link, new)
        {
            io.warn(&format!(
                "{}: conflict: it rates the tests of bank {bank}'s exam of {exam} otherwise than \
                 {} (the exam's test ratings are read from one of them: the PE whose overall \
                 rating is the copy's, then the latest dated; cra sql lists both)",
                inert(source),
                inert(other)
            ));
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    io.info(&summary_line(&counts, seconds, &path));
    if late_signal {
        io.info("the signal came once the evaluations were stored: they are kept");
    }
    let json = serde_json::json!({
        "evaluations": counts,
        "requests": requests,
        "seconds": (seconds * 1000.0).round() / 1000.0,
        "mirror": path.display().to_string(),
    });
    out.summary_object(&json)?;
    if let Some(first) = unreadable.first() {
        // Exit 1: what could be read was read and stored.
        return Err(anyhow::anyhow!(format!(
            "{} of the paths could not be read ({}{})",
            thousands(unreadable.len() as u64),
            inert(first),
            if unreadable.len() > 1 { ", …" } else { "" }
        )));
    }
    Ok(Exit::Success)
}

/// Reads every file and address `paths` name, each set aside with its
/// reason or read, the batch going on: the files on every core
/// (`readers`), each taken, said and counted in the order they were
/// listed, the addresses fetched in their turn. A file in `known` (read
/// before by this reader: SHA-256 and status), or met before in the
/// batch, is said `already read` and not kept again, unless it was not
/// linked (it is linked again).
async fn gather(
    paths: &[String],
    settings: &Settings,
    io: &Io,
    known: std::collections::HashMap<String, String>,
) -> Result<Gathered> {
    let mut unreadable = Vec::new();
    let sources = expand(paths, io, &mut unreadable)?;
    let files: Vec<&Path> = sources
        .iter()
        .filter_map(|source| match source {
            Location::File(path) => Some(path.as_path()),
            Location::Web(_) => None,
        })
        .collect();
    let workers = readers::workers(settings.pe_workers, files.len());
    let runtime = tokio::runtime::Handle::current();
    // The command's thread waits for the workers: the runtime's other
    // tasks (the signals' watch among them) go on on its other threads.
    tokio::task::block_in_place(|| {
        let before = known.clone();
        readers::in_order(&files, &before, workers, |in_order| {
            let mut batch = Batch {
                known,
                counts: Counts::default(),
                read: Vec::new(),
                unreadable,
                requests: 0,
            };
            for (n, source) in sources.iter().enumerate() {
                if crate::signals::signalled() {
                    return Err(CraError::Interrupted.into());
                }
                io.status(Some(&format!(
                    "reading the evaluations… {}/{} {}",
                    thousands(n as u64 + 1),
                    thousands(sources.len() as u64),
                    crate::text::shorten(&inert(&source.shown()), 40)
                )));
                let outcome = match source {
                    Location::File(_) => in_order.next()?,
                    Location::Web(url) => {
                        let fetched = runtime.block_on(async {
                            tokio::select! {
                                fetched = fetch(url, settings, io, &mut batch.requests) => fetched,
                                () = crate::signals::interrupted() => Err(CraError::Interrupted.into()),
                            }
                        })?;
                        match fetched {
                            Ok(bytes) => readers::examine(&bytes, &batch.known),
                            Err(why) => Outcome::Unreadable(why),
                        }
                    }
                };
                batch.take(source, outcome, io);
            }
            Ok(Gathered {
                read: batch.read,
                counts: batch.counts,
                unreadable: batch.unreadable,
                requests: batch.requests,
            })
        })
    })
}

/// The batch as it is gathered, file by file in their order.
struct Batch {
    /// What this reader read, before and in this batch: SHA-256 and status.
    known: std::collections::HashMap<String, String>,
    counts: Counts,
    read: Vec<(String, String, Result<Evaluation, String>)>,
    unreadable: Vec<String>,
    requests: u64,
}

impl Batch {
    /// What one file or address came to: counted, said, and kept.
    fn take(&mut self, source: &Location, outcome: Outcome, io: &Io) {
        let shown = source.shown();
        let (sha256, evaluation) = match outcome {
            Outcome::Unreadable(why) => {
                io.warn(&format!("{}: cannot be read: {why}", inert(&shown)));
                self.unreadable.push(shown);
                return;
            }
            Outcome::Refused(set_aside) => {
                self.counts.damaged += 1;
                io.warn(&format!(
                    "{}: set aside: {}",
                    inert(&shown),
                    set_aside.reason()
                ));
                return;
            }
            Outcome::Known => {
                self.counts.already_read += 1;
                io.info(&format!("{}: already read", inert(&shown)));
                return;
            }
            Outcome::Read(sha256, evaluation) => (sha256, evaluation),
        };
        // Met before in this batch, and set aside then: read once.
        if self
            .known
            .get(&sha256)
            .is_some_and(|status| status != "unlinked")
        {
            self.counts.already_read += 1;
            io.info(&format!("{}: already read", inert(&shown)));
            return;
        }
        match evaluation {
            Ok(evaluation) => {
                self.known.insert(sha256.clone(), "unlinked".into());
                self.read.push((sha256, source.stored(), Ok(evaluation)));
            }
            Err(set_aside) => {
                match &set_aside {
                    SetAside::NoText => self.counts.no_text += 1,
                    SetAside::NotEvaluation(_) => self.counts.not_evaluation += 1,
                    SetAside::Encrypted | SetAside::Damaged(_) => self.counts.damaged += 1,
                }
                io.warn(&format!(
                    "{}: set aside: {}",
                    inert(&shown),
                    set_aside.reason()
                ));
                self.known.insert(sha256.clone(), "set_aside".into());
                self.read
                    .push((sha256, source.stored(), Err(set_aside.reason())));
            }
        }
    }
}

/// An address's body, or why it cannot be read (a page saying why, a 404
/// or a login, is no evaluation); the requests it took counted.
async fn fetch(
    url: &url::Url,
    settings: &Settings,
    io: &Io,
    requests: &mut u64,
) -> Result<Result<Vec<u8>, String>> {
    let client = Fetcher::new(
        url,
        settings.timeout.value,
        settings.retries.value,
        settings.rate.as_ref().map(|r| r.value),
    )?;
    let trace = |line: String| io.trace(&line);
    let fetched = client.get(url, crate::evaluation::FILE_BYTES, &trace).await;
    *requests += client.requests();
    Ok(match fetched {
        Ok(fetched) if fetched.status.is_success() => Ok(fetched.body.to_vec()),
        Ok(fetched) => Err(format!(
            "it answered {} {}",
            fetched.status.as_u16(),
            fetched.status.canonical_reason().unwrap_or("")
        )),
        Err(error) => Err(error.into_error().to_string()),
    })
}

/// `read 12 evaluations (10 linked, 2 not linked); set aside 3 (…)`.
fn summary_line(counts: &Counts, seconds: f64, path: &Path) -> String {
    let Counts {
        read,
        linked,
        unlinked,
        no_text,
        not_evaluation,
        damaged,
        disagree,
        already_read,
    } = counts;
    let mut line = format!(
        "read {} {} ({} linked, {} not linked)",
        thousands(*read),
        plural(*read, "evaluation", "evaluations"),
        thousands(*linked),
        thousands(*unlinked)
    );
    if *already_read > 0 {
        line.push_str(&format!("; {} already read", thousands(*already_read)));
    }
    let aside = no_text + not_evaluation + damaged;
    if aside > 0 {
        line.push_str(&format!(
            "; set aside {} ({} no text, {} not an evaluation, {} damaged)",
            thousands(aside),
            thousands(*no_text),
            thousands(*not_evaluation),
            thousands(*damaged)
        ));
    }
    if *disagree > 0 {
        line.push_str(&format!(
            "; {} {} with the copy's rating",
            thousands(*disagree),
            plural(*disagree, "disagrees", "disagree")
        ));
    }
    format!("{line}, into {} in {seconds:.1} s", path.display())
}

/// The files `paths` name: files, the PDFs of folders (and their
/// folders), addresses. A path that does not exist, or a folder that
/// cannot be read, goes to `unreadable` (the folder named on standard
/// error) and the others are read.
fn expand(paths: &[String], io: &Io, unreadable: &mut Vec<String>) -> Result<Vec<Location>> {
    let mut sources = Vec::new();
    for path in paths {
        if let Some(url) = web_address(path)? {
            sources.push(Location::Web(url));
            continue;
        }
        let path = PathBuf::from(path);
        match std::fs::metadata(&path) {
            Ok(meta) if meta.is_dir() => folder(&path, &mut sources, io, unreadable)?,
            Ok(_) => sources.push(Location::File(path)),
            Err(error) => unreadable.push(format!("{}: {error}", path.display())),
        }
    }
    Ok(sources)
}

/// The PDFs under `dir`, in name order, at most [`FOLDER_FILES`]; a folder
/// that cannot be read is named, goes to `unreadable`, and the others are
/// read. Any file whose name ends in `.pdf` is listed: `readers` reads
/// regular files only.
fn folder(
    dir: &Path,
    sources: &mut Vec<Location>,
    io: &Io,
    unreadable: &mut Vec<String>,
) -> Result<()> {
    let mut stack = vec![dir.to_path_buf()];
    let mut found = Vec::new();
    while let Some(dir) = stack.pop() {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(error) => {
                let shown = dir.display().to_string();
                io.warn(&format!("{}: cannot be read: {error}", inert(&shown)));
                unreadable.push(shown);
                continue;
            }
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                stack.push(path);
            } else if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("pdf"))
            {
                found.push(path);
                if found.len() > FOLDER_FILES {
                    return Err(CraError::usage(format!(
                        "{} holds more than {} PDFs; give fewer at a time",
                        dir.display(),
                        thousands(FOLDER_FILES as u64)
                    )));
                }
            }
        }
    }
    found.sort();
    sources.extend(found.into_iter().map(Location::File));
    Ok(())
}
