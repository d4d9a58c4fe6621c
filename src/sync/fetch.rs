//! The heart of a sync: every list page read, each bank compared with the
//! copy's entry, and the details of those that changed fetched
//! concurrently and handed to the writer; a bank whose detail keeps
//! failing is named at the end, a failing service stops it all.

use anyhow::Result;
use futures_util::stream::TryStreamExt;

use crate::api::WaitTooLong;
use crate::error::{Exit, exit_of};
use crate::io::{Io, Progress};
use crate::mirror::{Background, Edit, Known, Needs};
use crate::source::{Listing, Source};

use super::failing_service;

/// Reads the list and hands what changed to the writer. True when the list
/// was read completely (so banks missing from it may be taken as removed).
pub(super) async fn fetch(
    mut banks: Listing,
    source: &Source,
    writer: &Background,
    known: &mut Known,
    concurrency: usize,
    io: &Io,
    failed: &mut Vec<(String, anyhow::Error)>,
) -> Result<bool> {
    let progress = Progress::new(io, banks.meta().total, "banks");
    let result = async {
        let wanted = banks.banks().try_filter_map(|bank| {
            let compared = serde_json::to_string(&bank.raw).map(|list_json| {
                let (needs, position) = known.check(&bank.fields.id, &list_json);
                (needs, position, list_json)
            });
            std::future::ready(match compared {
                Ok((Needs::Nothing, _, _)) => {
                    progress.inc();
                    Ok(None)
                }
                Ok((_, position, list_json)) => Ok(Some(((position, list_json), bank))),
                Err(error) => Err(error.into()),
            })
        });
        let mut details = std::pin::pin!(crate::source::details(source, wanted, concurrency, false));
        let mut failing_in_a_row = 0usize;
        // Past --max-wait: those in flight are stored, the rest fail at once.
        let mut stopped: Option<anyhow::Error> = None;
        while let Some(((position, list_json), bank, detail)) = details.try_next().await? {
            progress.inc();
            match detail {
                Ok(detail) => {
                    failing_in_a_row = 0;
                    writer
                        .send(Edit::Store {
                            position,
                            bank: Box::new(bank),
                            list_json,
                            detail: Box::new(detail),
                        })
                        .await?;
                }
                Err(error) if error.downcast_ref::<WaitTooLong>().is_some() => {
                    stopped.get_or_insert(error);
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
        stopped.map_or(Ok(()), Err)
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
    matches!(exit_of(error), Exit::Unauthorized | Exit::Forbidden)
}
