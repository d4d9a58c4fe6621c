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
//! itself is otherwise followed for every page it claims). No pass reads
//! more pages than the first answer said there were, and a little more for
//! banks added meanwhile: a service whose list grows as it is read (new ids
//! on every page, a total that keeps rising) is stopped there, and one
//! claiming more banks than any list holds is refused at once. With a
//! limit, no page beyond what the limit needs is asked for.
//!
//! `details` is the other half: a bank's detail per listed bank, with at
//! most `--concurrency` requests on the wire, shared by `export` and `sync`.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::Result;
use futures_util::stream::{Stream, StreamExt, TryStreamExt};
use tokio::sync::{Semaphore, mpsc};

use super::Source;
use super::seen::{Listed, Seen, content_digest, listed_twice};
use crate::domain::ListQuery;
use crate::domain::model::{Bank, BankDetail, Meta, Page};
use crate::error::CraError;
use crate::http::large::{Hold, Line};
use crate::text::thousands;

/// The largest page the service gives.
pub const MAX_PER_PAGE: u64 = 100;

/// Banks waiting in the channel between the producer and the consumer.
const CHANNEL: usize = 2 * MAX_PER_PAGE as usize;

/// The most banks a list may say it holds: some 250 times the service's
/// 19,000 and more than twice the sandbox's largest data set. A total past
/// it is a paging that would never end, not a list to read.
pub const MAX_LISTED: u64 = 5_000_000;

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
        Ok(Listing::start_from(source, base, options, first))
    }

    /// The same, its first page (`base` at page 1) already read.
    pub fn start_from(source: &Source, base: ListQuery, options: Options, first: Page) -> Listing {
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
        Listing {
            rx,
            meta,
            complete,
            task,
        }
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
        // What the first answer said is what is read, and a little more for
        // banks added while it is: never what later answers claim.
        let first_last = last_page(&first, page_size(self.base.per_page, &first)?);
        plausible(&first.meta)?;
        let bound = first_last.saturating_add((first_last / 50).max(2));
        let mut totals_changed = false;
        self.pass(first, false, bound, |meta| {
            totals_changed |= meta.total != first_total;
        })
        .await?;
        if totals_changed || self.seen.len() != first_total {
            // Pages shifted under us (or did not add up to the total): read
            // the whole list again; what was missed comes after the rest.
            let again = self.page(1).await?;
            plausible(&again.meta)?;
            let mut latest_total = again.meta.total;
            let cut = self
                .pass(again, true, bound, |meta| latest_total = meta.total)
                .await?;
            if cut {
                return Err(Stop::Failed(grown(
                    first_total,
                    first_last,
                    latest_total,
                    bound,
                )));
            }
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

    /// One read of the list from `first` on, no further than page `bound`:
    /// sends the banks not sent yet. True when the bound cut it short of
    /// the pages `first` claims.
    async fn pass(
        &mut self,
        first: Page,
        last_pass: bool,
        bound: u64,
        mut on_meta: impl FnMut(Meta),
    ) -> Result<bool, Stop> {
        let limit = self.options.limit.unwrap_or(u64::MAX);
        // The service's page size (what it says it used, when that is less
        // than asked and its meta agrees), else it ignored per_page.
        let per_page = page_size(self.base.per_page, &first)?;
        let claimed = last_page(&first, per_page);
        let last = claimed.min(bound);
        let mut in_flight: VecDeque<AbortOnDrop<Result<(Page, Hold)>>> = VecDeque::new();
        // Pages are taken in order: large ones take turns (`http::large`).
        let line = Line::ordered();
        let mut held: Option<Hold> = None;
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
                let turn = line.turn(next_page - 2);
                in_flight.push_back(AbortOnDrop(tokio::spawn(async move {
                    let page = source.list_in(&query, Some(&turn)).await?;
                    Ok((page, turn.hold()))
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
                    Ok(false)
                };
            }
            on_meta(current.meta);
            let empty = current.banks.is_empty();
            for bank in current.banks {
                if self.sent >= limit {
                    return Err(Stop::Done);
                }
                match self
                    .seen
                    .insert_listed(&bank.fields.id, content_digest(&bank.raw))
                {
                    Listed::New => {
                        self.tx.send(Ok(bank)).await.map_err(|_| Stop::Done)?;
                        self.sent += 1;
                    }
                    Listed::Again => {}
                    Listed::Differs => {
                        return Err(Stop::Failed(listed_twice(&bank.fields.id, number)));
                    }
                }
            }
            if self.sent >= limit {
                return Err(Stop::Done);
            }
            // An empty page is past the end, whatever the total said.
            if empty {
                return Ok(false);
            }
            let Some(next) = in_flight.pop_front() else {
                return Ok(number >= last && last < claimed);
            };
            let (page, hold) = next.join().await?;
            // The page before is done with; this one is, the next is the head.
            drop(held.replace(hold));
            line.advance();
            current = page;
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

/// The last page `first` claims, at `per_page` banks a page. A
/// total_pages beyond what total and per_page imply is not trusted; the
/// page numbers are ours, so a server always answering `page: 1` cannot
/// make a pass loop for ever.
fn last_page(first: &Page, per_page: u64) -> u64 {
    first
        .meta
        .total_pages
        .min(first.meta.total.div_ceil(per_page.max(1)))
}

/// An answer claiming more banks than any list holds: refused at once.
fn plausible(meta: &Meta) -> Result<(), Stop> {
    if meta.total <= MAX_LISTED {
        return Ok(());
    }
    Err(Stop::Failed(
        CraError::Response {
            message: format!(
                "the service says its list holds {} banks, more than any list cra reads ({}); its paging looks broken, so nothing more is read",
                thousands(meta.total),
                thousands(MAX_LISTED)
            ),
        }
        .into(),
    ))
}

/// A list that kept growing as it was read: its first answer said
/// `first_total` banks on `first_last` pages, a later one `latest`; the
/// reading stopped at page `bound`.
fn grown(first_total: u64, first_last: u64, latest: u64, bound: u64) -> anyhow::Error {
    CraError::Response {
        message: format!(
            "the service's list kept growing while it was read: its first answer said {} banks on {} pages, a later one {}; cra stopped after page {} (its paging looks broken; run the command again later)",
            thousands(first_total),
            thousands(first_last),
            thousands(latest),
            thousands(bound)
        ),
    }
    .into()
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
    // Large answers take turns (`http::large`): however many requests are
    // in flight and however many answers wait for the one before them,
    // only a few large ones are read or held at once.
    let line = if ordered {
        Line::ordered()
    } else {
        Line::unordered()
    };
    let taken = line.clone();
    let fetches = banks
        .enumerate()
        .map(move |(index, bank)| bank.map(|bank| (line.turn(index as u64), bank)))
        .map_ok(move |(turn, (tag, bank))| {
            let permits = permits.clone();
            async move {
                let _permit = permits
                    .acquire_owned()
                    .await
                    .expect("the semaphore is never closed");
                let detail = source.bank_in(&bank.fields.id, Some(&turn)).await;
                Ok((tag, bank, detail, turn.hold()))
            }
        });
    let taken_in_order = move |(tag, bank, detail, hold): (T, Bank, Result<BankDetail>, Hold)| {
        drop(hold);
        taken.advance();
        (tag, bank, detail)
    };
    if ordered {
        fetches
            .try_buffered(concurrency.max(1) * WINDOW_PER_PERMIT)
            .map_ok(taken_in_order)
            .left_stream()
    } else {
        fetches
            .try_buffer_unordered(concurrency.max(1))
            .map_ok(taken_in_order)
            .right_stream()
    }
}

/// The page size the service pages by, from its first page: the size
/// asked for; or a smaller one the service says it used (`meta.per_page`,
/// with a `total_pages` and a first page that agree); else an error that
/// says the service ignored `per_page`.
pub fn page_size(asked: u64, first: &Page) -> Result<u64> {
    let asked = asked.max(1);
    let meta = first.meta;
    let held = first.banks.len() as u64;
    if held >= asked.min(meta.total) {
        return Ok(asked);
    }
    let said = meta.per_page;
    if said >= 1
        && said < asked
        && held == said.min(meta.total)
        && meta.total_pages == meta.total.div_ceil(said)
    {
        return Ok(said);
    }
    Err(CraError::Response {
        message: format!(
            "the service ignored per_page: {asked} banks a page were asked for, page 1 holds {held} of {} and its meta (per_page {said}, total_pages {}) does not say why; the list cannot be paged reliably",
            thousands(meta.total),
            thousands(meta.total_pages)
        ),
    }
    .into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(held: usize, total: u64, per_page: u64, total_pages: u64) -> Page {
        let bank = serde_json::json!({"id": "x", "name": "N", "city": "C", "state": "TX",
            "regulator": "FDIC", "current_rating": {"rating": "Satisfactory",
            "exam_date": "2020-01-01", "exam_type": "Small Bank"}});
        let body = serde_json::json!({"data": vec![bank; held], "meta": {"total": total,
            "page": 1, "per_page": per_page, "total_pages": total_pages}});
        crate::domain::model::parse_page(body.to_string().as_bytes()).unwrap()
    }

    #[test]
    fn pages_by_the_size_the_service_says_it_used() {
        // As asked.
        assert_eq!(page_size(100, &page(100, 250, 100, 3)).unwrap(), 100);
        assert_eq!(page_size(100, &page(7, 7, 100, 1)).unwrap(), 100);
        assert_eq!(page_size(100, &page(0, 0, 100, 0)).unwrap(), 100);
        // Fewer, and the meta says so consistently.
        assert_eq!(page_size(100, &page(50, 250, 50, 5)).unwrap(), 50);
        assert_eq!(page_size(100, &page(30, 30, 50, 1)).unwrap(), 100);
        // Fewer, and the meta does not explain it.
        for short in [
            page(50, 250, 100, 3),
            page(50, 250, 50, 3),
            page(40, 250, 50, 5),
        ] {
            let message = page_size(100, &short).unwrap_err().to_string();
            assert!(message.contains("ignored per_page"), "{message}");
        }
    }

    proptest::proptest! {
        #[test]
        fn a_consistent_smaller_page_size_is_followed(total in 1u64..5000, said in 1u64..100) {
            let pages = total.div_ceil(said);
            let first = page(said.min(total) as usize, total, said, pages);
            let size = page_size(100, &first).unwrap();
            proptest::prop_assert!(size == said || (total <= said && size == 100));
        }
    }
}
