//! The second half of `cra enrich`: the banks linked and the public record
//! stored, in one transaction, on a thread of their own, while BankFind's
//! structure changes are read (they are stored after the links, in that
//! same transaction). A signal stops it before the transaction commits,
//! and the copy is as it was (exit 130); once it has committed, the record
//! is stored and that is what the exit status says (0), the signal noted.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result};
use url::Url;

use super::bankfind_pages::read_history;
use super::history_address;
use crate::error::CraError;
use crate::http::Fetcher;
use crate::io::Io;
use crate::mirror::{Sources, Store, Summary};
use crate::record::{Change, FileExam, Listed};

/// What the first half read: the copy, opened; the file's exams; BankFind's
/// institutions; where each came from.
pub(super) struct Read {
    pub store: Store,
    pub exams: Vec<FileExam>,
    pub listed: Vec<Listed>,
    pub ffiec: String,
    pub bankfind: Option<String>,
    /// Where the structure changes are read, with BankFind's client and
    /// whether it sends a key.
    pub history: Option<(Fetcher, Url, bool)>,
    pub requests: u64,
}

/// What came of it.
pub(super) struct Linked {
    pub summary: Summary,
    pub requests: u64,
    /// A signal came once the record was stored: it is kept.
    pub late_signal: bool,
}

/// Links the banks and stores the record, reading the structure changes
/// meanwhile.
pub(super) async fn link(read: Read, io: &Io) -> Result<Linked> {
    let Read {
        mut store,
        exams,
        listed,
        ffiec,
        bankfind,
        history,
        mut requests,
    } = read;
    let trace = |line: String| io.trace(&line);
    let history_source = history
        .as_ref()
        .map(|(_, url, _)| history_address(url).to_string());
    // The changes of no institution the copy can link (by BankFind's
    // certificates or the file's own FDIC ones) are not held.
    let concerns: HashSet<u64> = listed
        .iter()
        .filter_map(|entry| entry.fdic_cert)
        .chain(
            exams
                .iter()
                .filter(|exam| exam.regulator == crate::domain::Regulator::Fdic)
                .map(|exam| exam.agency_id),
        )
        .collect();
    let stop = Arc::new(AtomicBool::new(false));
    let (send, changes) = std::sync::mpsc::channel::<Option<Vec<Change>>>();
    let mut linking = tokio::task::spawn_blocking({
        let stop = Arc::clone(&stop);
        move || {
            store.enrich(
                &exams,
                &listed,
                || match changes.recv() {
                    Ok(Some(changes)) => Ok(changes),
                    // Not read (an error, a signal): what is told is that.
                    _ => Err(CraError::Interrupted.into()),
                },
                &Sources {
                    ffiec: &ffiec,
                    bankfind: bankfind.as_deref(),
                    history: history_source.as_deref(),
                },
                &stop,
            )
        }
    });
    let reading = async {
        match &history {
            None => Ok((Vec::new(), 0)),
            Some((client, url, keyed)) => {
                let before = client.requests();
                let read =
                    read_history(client, &history_address(url), *keyed, io, &trace, &concerns)
                        .await;
                requests += client.requests() - before;
                read
            }
        }
    };
    let mut signalled = false;
    let read = tokio::select! {
        read = reading => read,
        () = crate::signals::interrupted() => {
            signalled = true;
            Err(CraError::Interrupted.into())
        }
    };
    let mut received = 0;
    let read = match read {
        Ok((changes, sent)) => {
            received = sent;
            let _ = send.send(Some(changes));
            // The history's bar, which carried the status, is gone: the
            // linking that goes on says so on a line of its own.
            io.status(Some("linking the banks…"));
            Ok(())
        }
        Err(error) => {
            stop.store(true, Ordering::SeqCst);
            let _ = send.send(None);
            Err(error)
        }
    };
    // A signal now stops the linking before it commits; after, it is late.
    let stored = tokio::select! {
        stored = &mut linking => stored,
        () = crate::signals::interrupted(), if !signalled => {
            signalled = true;
            stop.store(true, Ordering::SeqCst);
            (&mut linking).await
        }
    };
    let stored = stored.context("linking the banks failed")?;
    read?;
    match stored {
        Ok(summary) => Ok(Linked {
            summary: Summary {
                events_read: received,
                ..summary
            },
            requests,
            late_signal: signalled,
        }),
        Err(_) if signalled => Err(CraError::Interrupted.into()),
        Err(error) => Err(error),
    }
}
