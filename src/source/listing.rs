//! The one way to page through the list: `search --all`, `export` and
//! `sync` consume it, online or offline alike.
//!
//! A producer task fetches pages (a window of them on the wire at once) and
//! hands their banks, in list order and each id once, to a bounded channel:
//! memory stays flat whatever the list's length, and a consumer that stops
//! reading (a `--limit` reached, a failure) stops the producer.
//!
//! Nothing is lost or doubled. When the service's total changes while paging
//! (a bank added or removed shifts later pages), or the pages do not add up
//! to the total, the list is read again and whatever was missed is yielded
//! after the rest; if it still does not add up, the listing fails. A page
//! that only repeats banks already listed ends a pass (a service repeating
//! itself is otherwise followed for every page it claims). With a limit, no
//! page beyond what the limit needs is asked for.
//!
//! `details` is the other half: a bank's detail per listed bank, with at
//! most `--concurrency` requests on the wire, shared by `export` and `sync`.

use std::collections::{HashSet, VecDeque};
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Result;
use futures_util::stream::{Stream, StreamExt, TryStreamExt};
use tokio::sync::{Semaphore, mpsc};

use super::Source;
use crate::domain::ListQuery;
use crate::domain::model::{Bank, BankDetail, Meta, Page};
use crate::error::CraError;
use crate::text::thousands;

/// The largest page the service gives.
pub const MAX_PER_PAGE: u64 = 100;

/// Banks waiting in the channel between the producer and the consumer.
const CHANNEL: usize = 2 * MAX_PER_PAGE as usize;

/// Results waiting, per permitted detail request: lets fast requests finish
/// while a slow one holds the head of the line.
const WINDOW_PER_PERMIT: usize = 4;

/// How a listing runs.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// List requests on the wire at once.
    pub window: usize,
    /// Stop after this many banks (and ask for no page they do not need).
    pub limit: Option<u64>,
}

/// Every bank of a query, in list order, each once.
pub struct Listing {
    rx: mpsc::Receiver<Result<Bank>>,
    meta: Meta,
    complete: Arc<AtomicBool>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Listing {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Listing {
    /// Reads the first page (so a wrong key or address fails before
    /// anything is printed), then starts the producer. `base.page` is
    /// ignored; `base.per_page` is the page size asked for.
    pub async fn start(source: &Source, base: ListQuery, options: Options) -> Result<Listing> {
        let first = source
            .list(&ListQuery {
                page: 1,
                ..base.clone()
            })
            .await?;
        let meta = first.meta;
        let (tx, rx) = mpsc::channel(CHANNEL);
        let complete = Arc::new(AtomicBool::new(false));
        let producer = Producer {
            source: source.clone(),
            base,
            options,
            tx,
            seen: Seen::default(),
            sent: 0,
        };
        let done = complete.clone();
        let task = tokio::spawn(producer.run(first, done));
        Ok(Listing {
            rx,
            meta,
            complete,
            task,
        })
    }

    /// The first page's meta: the total as the service first said it.
    pub fn meta(&self) -> Meta {
        self.meta
    }

    /// The next bank; `None` when the list is done.
    pub async fn next(&mut self) -> Option<Result<Bank>> {
        self.rx.recv().await
    }

    /// True once every page was read and the banks listed add up to the
    /// service's total: only then may a bank missing from it be taken as
    /// gone. Never true when a limit ended the listing.
    pub fn complete(&self) -> bool {
        self.complete.load(Ordering::Acquire)
    }

    /// The banks as a stream (for `details`).
    pub fn banks(&mut self) -> impl Stream<Item = Result<Bank>> + '_ {
        futures_util::stream::unfold(self, |listing| async move {
            let next = listing.next().await?;
            Some((next, listing))
        })
    }
}

struct Producer {
    source: Source,
    base: ListQuery,
    options: Options,
    tx: mpsc::Sender<Result<Bank>>,
    /// Every bank sent, over both passes.
    seen: Seen,
    sent: u64,
}

/// Why a pass stopped early.
enum Stop {
    /// The consumer is gone or the limit is reached: nothing more to do.
    Done,
    Failed(anyhow::Error),
}

impl From<anyhow::Error> for Stop {
    fn from(error: anyhow::Error) -> Stop {
        Stop::Failed(error)
    }
}

impl Producer {
    async fn run(mut self, first: Page, complete: Arc<AtomicBool>) {
        match self.all(first).await {
            Ok(()) => complete.store(true, Ordering::Release),
            Err(Stop::Done) => {}
            Err(Stop::Failed(error)) => {
                let _ = self.tx.send(Err(error)).await;
            }
        }
    }

    async fn all(&mut self, first: Page) -> Result<(), Stop> {
        let first_total = first.meta.total;
        let mut totals_changed = false;
        self.pass(first, false, |meta| {
            totals_changed |= meta.total != first_total;
        })
        .await?;
        if totals_changed || self.seen.len() != first_total {
            // Pages shifted under us (or did not add up to the total): read
            // the whole list again; what was missed comes after the rest.
            let again = self.page(1).await?;
            let mut latest_total = again.meta.total;
            self.pass(again, true, |meta| latest_total = meta.total)
                .await?;
            if self.seen.len() < latest_total {
                return Err(Stop::Failed(
                    CraError::Response {
                        message: format!(
                            "the data changed while the list was read: {} banks listed but the service now lists {}; run the command again",
                            thousands(self.seen.len()),
                            thousands(latest_total)
                        ),
                    }
                    .into(),
                ));
            }
        }
        Ok(())
    }

    async fn page(&self, page: u64) -> Result<Page> {
        self.source
            .list(&ListQuery {
                page,
                ..self.base.clone()
            })
            .await
    }

    /// One read of the list from `first` on: sends the banks not sent yet.
    async fn pass(
        &mut self,
        first: Page,
        last_pass: bool,
        mut on_meta: impl FnMut(Meta),
    ) -> Result<(), Stop> {
        let limit = self.options.limit.unwrap_or(u64::MAX);
        let per_page = self.base.per_page.max(1);
        // A total_pages beyond what total and per_page imply is not trusted;
        // the page numbers are ours, so a server always answering `page: 1`
        // cannot make this loop for ever.
        let last = first
            .meta
            .total_pages
            .min(first.meta.total.div_ceil(per_page));
        let mut in_flight: VecDeque<AbortOnDrop<Result<Page>>> = VecDeque::new();
        let mut next_page = 2u64;
        let mut number = 1u64;
        // Ids met in this pass: a page after the first that brings none is
        // the service repeating itself.
        let mut this_pass = Seen::default();
        let mut current = first;
        loop {
            if self.sent >= limit {
                return Err(Stop::Done);
            }
            // Ask for the next pages while this one is handed on, but none
            // that the limit cannot use.
            let pending = current.banks.len() as u64;
            while in_flight.len() < self.options.window.max(1)
                && next_page <= last
                && self
                    .sent
                    .saturating_add(pending)
                    .saturating_add(in_flight.len() as u64 * per_page)
                    < limit
            {
                let source = self.source.clone();
                let query = ListQuery {
                    page: next_page,
                    ..self.base.clone()
                };
                in_flight.push_back(AbortOnDrop(tokio::spawn(async move {
                    source.list(&query).await
                })));
                next_page += 1;
            }
            let fresh = current
                .banks
                .iter()
                .filter(|bank| this_pass.insert(&bank.fields.id))
                .count();
            if number > 1 && !current.banks.is_empty() && fresh == 0 {
                return if last_pass {
                    Err(Stop::Failed(repeated_page(number)))
                } else {
                    Ok(())
                };
            }
            on_meta(current.meta);
            let empty = current.banks.is_empty();
            for bank in current.banks {
                if self.sent >= limit {
                    return Err(Stop::Done);
                }
                if self.seen.insert(&bank.fields.id) {
                    self.tx.send(Ok(bank)).await.map_err(|_| Stop::Done)?;
                    self.sent += 1;
                }
            }
            if self.sent >= limit {
                return Err(Stop::Done);
            }
            // An empty page is past the end, whatever the total said.
            if empty {
                return Ok(());
            }
            let Some(next) = in_flight.pop_front() else {
                return Ok(());
            };
            current = next.join().await?;
            number += 1;
        }
    }
}

/// A spawned task that is aborted when dropped (a failed pass, a consumer
/// gone), so no request outlives the listing.
struct AbortOnDrop<T>(tokio::task::JoinHandle<T>);

impl<T> AbortOnDrop<T> {
    async fn join(mut self) -> T {
        match (&mut self.0).await {
            Ok(value) => value,
            Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
            Err(_) => unreachable!("only dropping the handle aborts the task"),
        }
    }
}

impl<T> Drop for AbortOnDrop<T> {
    fn drop(&mut self) {
        self.0.abort();
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

/// Each listed bank with its detail, at most `concurrency` requests on the
/// wire; `T` is whatever the consumer carries along with each bank.
/// `ordered`: in list order (export); otherwise as they arrive (sync). A
/// failed detail is handed on with its bank, not raised: the consumer
/// decides whether it ends everything.
pub fn details<'a, T: 'a>(
    source: &'a Source,
    banks: impl Stream<Item = Result<(T, Bank)>> + 'a,
    concurrency: usize,
    ordered: bool,
) -> impl Stream<Item = Result<(T, Bank, Result<BankDetail>)>> + 'a {
    let permits = Arc::new(Semaphore::new(concurrency.max(1)));
    let fetches = banks.map_ok(move |(tag, bank)| {
        let permits = permits.clone();
        async move {
            let _permit = permits
                .acquire_owned()
                .await
                .expect("the semaphore is never closed");
            let detail = source.bank(&bank.fields.id).await;
            Ok((tag, bank, detail))
        }
    });
    if ordered {
        fetches
            .try_buffered(concurrency.max(1) * WINDOW_PER_PERMIT)
            .left_stream()
    } else {
        fetches
            .try_buffer_unordered(concurrency.max(1))
            .right_stream()
    }
}

/// Ids already met, by a 128-bit digest (16 bytes a bank, whatever the
/// id's length).
#[derive(Default)]
pub struct Seen(HashSet<u128>);

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

    /// True when `id` was not met before.
    pub fn insert(&mut self, id: &str) -> bool {
        self.0.insert(Seen::digest(id))
    }

    pub fn contains(&self, id: &str) -> bool {
        self.0.contains(&Seen::digest(id))
    }

    pub fn len(&self) -> u64 {
        self.0.len() as u64
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
