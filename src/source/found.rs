//! Finding banks with filters the service lacks (`--rating`, `--regulator`,
//! `--city`, the exam period, `--watch`, `--failed-last`, `--sort`), from
//! either source with one answer: the local copy selects and orders in SQL
//! (`mirror::find`); the service is asked for every page its own filters
//! (`q`, state, size) leave and the rest is applied to the banks it lists,
//! as [`Selection::matches`] says, with a stable sort so ties keep its order. Then a
//! page is cut locally. `--failed-last` needs a bank's history: online,
//! only the banks whose current rating fails have their detail fetched.
//! A short watch list is read by id instead of by every page (`by_id`:
//! whichever costs fewer requests).

use anyhow::Result;

use super::by_id::{self, ById as By};
use super::listing::{self, Listing};
use super::{From, Source};
use crate::domain::model::Bank;
use crate::domain::{Listed, Place, Selection};
use crate::text::thousands;

/// What a find gives: the banks of the page asked for, how many the
/// filters select in all, and the list requests it took (none offline).
pub struct Found {
    pub banks: Vec<Bank>,
    pub total: u64,
    pub requests: u64,
    /// Read online by id (a short watch list), not from the list's pages.
    pub by_id: bool,
}

/// List requests on the wire at once while reading every page.
const WINDOW: usize = 4;

/// Every bank a selection selects from the local copy, a page at a time:
/// their rows in order first (a few bytes a bank), then each page's banks,
/// with their public record when the source joins it. What `export` of a
/// selection reads, in memory that does not grow with the selection.
pub struct FoundPages {
    reader: std::sync::Arc<crate::mirror::Reader>,
    rows: Vec<i64>,
    at: usize,
}

/// Banks read at once by [`FoundPages`].
const FOUND_PAGE: usize = 1_000;

impl FoundPages {
    /// How many banks there are.
    pub fn total(&self) -> u64 {
        self.rows.len() as u64
    }

    /// The next page of banks (none when all were given).
    pub fn next_page(&mut self, source: &Source) -> Result<Option<Vec<Bank>>> {
        if self.at >= self.rows.len() {
            return Ok(None);
        }
        let end = (self.at + FOUND_PAGE).min(self.rows.len());
        let mut banks = self.reader.banks().at(&self.rows[self.at..end])?;
        self.at = end;
        source.join(&mut banks)?;
        Ok(Some(banks))
    }
}

impl Source {
    /// Every bank `selection` selects, a page at a time, when this source
    /// can read them so (the local copy); none online, where the service's
    /// pages are read and tested ([`Source::find`]).
    pub fn found_pages(&self, selection: &Selection) -> Result<Option<FoundPages>> {
        match &self.from {
            From::Mirror(reader) => Ok(Some(FoundPages {
                reader: reader.clone(),
                rows: reader.banks().found_rows(selection)?,
                at: 0,
            })),
            From::Service(..) => Ok(None),
        }
    }

    /// The banks `selection` selects, in its order, `limit` of them after
    /// the first `offset`. Online, a bank of its watch lists that the
    /// service no longer has is named on standard error, as the copy's
    /// readers name one the copy lacks.
    pub async fn find(&self, selection: &Selection, offset: u64, limit: u64) -> Result<Found> {
        let mut found = self.found(selection, offset, limit).await?;
        self.join(&mut found.banks)?;
        Ok(found)
    }

    /// [`Source::find`], the public record aside.
    async fn found(&self, selection: &Selection, offset: u64, limit: u64) -> Result<Found> {
        match &self.from {
            From::Mirror(reader) => Ok(Found {
                total: reader.banks().found(selection)?,
                banks: reader.banks().find(selection, offset, limit)?,
                requests: 0,
                by_id: false,
            }),
            From::Service(_, io) => {
                let before = self.requests_made();
                let watched: Option<Vec<String>> = selection
                    .watch
                    .as_ref()
                    .map(|w| w.set().iter().cloned().collect());
                if let Some(ids) = &watched
                    && by_id::cheaper(ids.len(), None)
                {
                    return self
                        .found_by_id(selection, ids, offset, limit, before)
                        .await;
                }
                let query = selection.list_query(1, listing::MAX_PER_PAGE);
                let first = self.list(&query).await?;
                if let Some(ids) = &watched
                    && by_id::cheaper(
                        ids.len(),
                        Some(first.meta.total.div_ceil(listing::MAX_PER_PAGE)),
                    )
                {
                    return self
                        .found_by_id(selection, ids, offset, limit, before)
                        .await;
                }
                let mut seen_watched = std::collections::HashSet::new();
                let mut listing = Listing::start_from(
                    self,
                    query,
                    listing::Options {
                        window: WINDOW,
                        limit: None,
                    },
                    first,
                );
                let mut banks = Vec::new();
                // Nothing is printed until every page is in: a person
                // watching is told how far it got, once it takes a while.
                let ticker = io.ticker();
                let listed = listing.meta().total;
                let mut read = 0u64;
                while let Some(bank) = listing.next().await {
                    let bank = bank?;
                    read += 1;
                    if selection
                        .watch
                        .as_ref()
                        .is_some_and(|w| w.contains(&bank.fields.id))
                    {
                        seen_watched.insert(bank.fields.id.clone());
                    }
                    if selection.matches(&bank.fields, Listed::ByTheService) {
                        banks.push(bank);
                    }
                    ticker.tick(|| {
                        format!(
                            "reading every bank for the filters the service lacks: {} of {} ({} {} so far)",
                            thousands(read),
                            thousands(listed),
                            thousands(self.requests_made() - before),
                            crate::text::plural(self.requests_made() - before, "request", "requests")
                        )
                    });
                }
                drop(ticker);
                self.gone_watched(selection, &seen_watched).await?;
                if let Some(n) = selection.failed_last {
                    banks = self.failing(banks, n).await?;
                }
                Ok(self.ordered(selection, banks, offset, limit, before))
            }
        }
    }

    /// The banks of a short watch list read by id (`by_id`), the ones the
    /// service no longer has named, and the page of them asked for.
    async fn found_by_id(
        &self,
        selection: &Selection,
        ids: &[String],
        offset: u64,
        limit: u64,
        before: u64,
    ) -> Result<Found> {
        let By { banks, gone } = self.by_id(selection, ids).await?;
        if let (From::Service(_, io), false) = (&self.from, gone.is_empty())
            && let Some(watched) = &selection.watch
        {
            io.notice(&watched.note(&gone, Place::Service));
        }
        let mut kept = Vec::with_capacity(banks.len());
        for (bank, detail) in banks {
            let failing = selection
                .failed_last
                .is_none_or(|n| crate::domain::matching::failed_last(&detail.fields.ratings, n));
            if failing {
                // A command that goes on to the banks' histories (`export
                // --with-history`) is handed these rather than asking again.
                self.hold(detail);
                kept.push(bank);
            }
        }
        Ok(Found {
            by_id: true,
            ..self.ordered(selection, kept, offset, limit, before)
        })
    }

    /// The banks in the selection's order (a stable sort: ties keep the
    /// order they came in), `limit` of them after the first `offset`.
    fn ordered(
        &self,
        selection: &Selection,
        mut banks: Vec<Bank>,
        offset: u64,
        limit: u64,
        before: u64,
    ) -> Found {
        banks.sort_by(|a, b| selection.compare(&a.fields, &b.fields));
        let total = banks.len() as u64;
        let start = usize::try_from(offset)
            .unwrap_or(usize::MAX)
            .min(banks.len());
        let end = start
            .saturating_add(usize::try_from(limit).unwrap_or(usize::MAX))
            .min(banks.len());
        Found {
            banks: banks.drain(start..end).collect(),
            total,
            requests: self.requests_made() - before,
            by_id: false,
        }
    }
}

impl Source {
    /// Names on standard error the banks of the selection's watch lists
    /// that the service no longer has: of those its list did not show
    /// (`seen`), the ones whose detail is not found (the list's own
    /// filters may have left out the rest).
    async fn gone_watched(
        &self,
        selection: &Selection,
        seen: &std::collections::HashSet<String>,
    ) -> Result<()> {
        use futures_util::stream::{self, StreamExt};
        let From::Service(_, io) = &self.from else {
            return Ok(());
        };
        let Some(watched) = &selection.watch else {
            return Ok(());
        };
        let unseen = watched.ids.iter().filter(|id| !seen.contains(*id));
        let mut answers = stream::iter(unseen.map(|id| async move { (id, self.bank(id).await) }))
            .buffered(DETAILS);
        let mut gone = Vec::new();
        while let Some((id, answer)) = answers.next().await {
            match answer {
                Ok(_) => {}
                Err(error) if crate::error::exit_of(&error) == crate::error::Exit::NotFound => {
                    gone.push(id.clone());
                }
                Err(error) => return Err(error),
            }
        }
        if !gone.is_empty() {
            io.notice(&watched.note(&gone, Place::Service));
        }
        Ok(())
    }

    /// The banks whose last `n` exams all failed, by their histories
    /// (fetched concurrently, in list order).
    async fn failing(&self, banks: Vec<Bank>, n: u32) -> Result<Vec<Bank>> {
        use futures_util::stream::TryStreamExt;
        let listed = futures_util::stream::iter(banks.into_iter().map(|bank| Ok(((), bank))));
        let mut details = std::pin::pin!(listing::details(self, listed, DETAILS, true));
        let mut kept = Vec::new();
        while let Some(((), bank, detail)) = details.try_next().await? {
            if crate::domain::matching::failed_last(&detail?.fields.ratings, n) {
                kept.push(bank);
            }
        }
        Ok(kept)
    }
}

/// Detail requests on the wire at once for `--failed-last`, and for the
/// watched banks the list did not show.
const DETAILS: usize = 8;
