//! Finding banks with filters the service lacks (`--rating`, `--regulator`,
//! `--city`, the exam period, `--watch`, `--failed-last`, `--sort`), from
//! either source with one answer: the local copy selects and orders in SQL
//! (`mirror::find`); the service is asked for every page its own filters
//! (`q`, state, size) leave and the rest is applied to the banks it lists,
//! as [`Find`] says, with a stable sort so ties keep its order. Then a
//! page is cut locally. `--failed-last` needs a bank's history: online,
//! only the banks whose current rating fails have their detail fetched.

use anyhow::Result;

use super::Source;
use super::listing::{self, Listing};
use crate::domain::model::Bank;
use crate::domain::{Find, ListQuery};
use crate::error::CraError;
use crate::filters::FindArgs;
use crate::settings::Settings;
use crate::text::thousands;

/// What a find gives: the banks of the page asked for, how many the
/// filters select in all, and the list requests it took (none offline).
pub struct Found {
    pub banks: Vec<Bank>,
    pub total: u64,
    pub requests: u64,
}

/// List requests on the wire at once while reading every page.
const WINDOW: usize = 4;

impl Source {
    /// The banks `query`'s filters and `find` select, in `find`'s order,
    /// `limit` of them after the first `offset`. `query.page` and
    /// `query.per_page` are ignored.
    pub async fn find(
        &self,
        query: &ListQuery,
        find: &Find,
        offset: u64,
        limit: u64,
    ) -> Result<Found> {
        match self {
            Source::Mirror(reader) => Ok(Found {
                total: reader.found(query, find)?,
                banks: reader.find(query, find, offset, limit)?,
                requests: 0,
            }),
            Source::Service(_, io) => {
                let before = self.requests_made();
                let mut listing = Listing::start(
                    self,
                    ListQuery {
                        per_page: listing::MAX_PER_PAGE,
                        ..query.clone()
                    },
                    listing::Options {
                        window: WINDOW,
                        limit: None,
                    },
                )
                .await?;
                let mut banks = Vec::new();
                // Nothing is printed until every page is in: a person
                // watching is told how far it got, once it takes a while.
                let ticker = io.ticker();
                let listed = listing.meta().total;
                let mut read = 0u64;
                while let Some(bank) = listing.next().await {
                    let bank = bank?;
                    read += 1;
                    if find.matches(&bank.fields) {
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
                if let Some(n) = find.failed_last {
                    banks = self.failing(banks, n).await?;
                }
                banks.sort_by(|a, b| find.compare(&a.fields, &b.fields));
                let total = banks.len() as u64;
                let start = usize::try_from(offset)
                    .unwrap_or(usize::MAX)
                    .min(banks.len());
                let end = start
                    .saturating_add(usize::try_from(limit).unwrap_or(usize::MAX))
                    .min(banks.len());
                Ok(Found {
                    banks: banks.drain(start..end).collect(),
                    total,
                    requests: self.requests_made() - before,
                })
            }
        }
    }
}

impl Source {
    /// The banks whose last `n` exams all failed, by their histories
    /// (fetched concurrently, in list order).
    async fn failing(&self, banks: Vec<Bank>, n: u32) -> Result<Vec<Bank>> {
        use futures_util::stream::TryStreamExt;
        let listed = futures_util::stream::iter(banks.into_iter().map(|bank| Ok(((), bank))));
        let mut details = std::pin::pin!(listing::details(self, listed, DETAILS, true));
        let mut kept = Vec::new();
        while let Some(((), bank, detail)) = details.try_next().await? {
            if crate::domain::find::failed_last(&detail?.fields.ratings, n) {
                kept.push(bank);
            }
        }
        Ok(kept)
    }
}

/// Detail requests on the wire at once for `--failed-last`.
const DETAILS: usize = 8;

/// The regulators the local copy holds (none when there is no copy yet):
/// with the four agencies, what `--regulator` accepts.
pub fn regulators_present(settings: &Settings) -> Result<Vec<String>> {
    let path = &settings.mirror.value;
    if !path.exists() {
        return Ok(Vec::new());
    }
    crate::mirror::Reader::open(path)?.regulators()
}

/// The selection and order the flags ask for, checked (an unknown
/// regulator, a period in the future: usage errors).
pub fn resolve(args: &FindArgs, settings: &Settings) -> Result<Find> {
    Ok(resolve_keeping(args, settings)?.0)
}

/// [`resolve`], with the local copy it opened to check the public
/// record's filters (if it did), for the command to read on.
pub fn resolve_keeping(
    args: &FindArgs,
    settings: &Settings,
) -> Result<(Find, Option<crate::mirror::Reader>)> {
    let present = if args.needs_regulators() {
        regulators_present(settings)?
    } else {
        Vec::new()
    };
    let mut find = args
        .find(&present, crate::filters::when::today())
        .map_err(CraError::usage)?;
    let mut opened = None;
    if !find.public.is_empty() {
        if !settings.offline {
            return Err(CraError::usage(format!(
                "{} {} the local copy (the service has no public record): add --offline, after \
                 cra sync and cra enrich",
                find.public.flags().join(", "),
                if find.public.flags().len() > 1 {
                    "need"
                } else {
                    "needs"
                }
            )));
        }
        let reader = crate::mirror::Reader::open(&settings.mirror.value)?;
        check_public(&reader, &mut find)?;
        opened = Some(reader);
    }
    find.ids = super::watch::select(&args.select.watch, None)?;
    Ok((find, opened))
}

/// Checks the public record's filters of `find` against the copy: it has
/// a public record (else exit 2 saying to run `cra enrich`), and each exam
/// method is one it holds, any case (else a usage error listing them).
pub fn check_public(reader: &crate::mirror::Reader, find: &mut Find) -> Result<()> {
    if find.public.is_empty() {
        return Ok(());
    }
    reader.require_public_record(&find.public.flags().join(", "))?;
    if find.public.exam_methods.is_empty() {
        return Ok(());
    }
    let known = reader.exam_methods()?;
    let mut spellings = Vec::new();
    for given in &find.public.exam_methods {
        let found: Vec<&String> = known
            .iter()
            .filter(|k| k.eq_ignore_ascii_case(given))
            .collect();
        if found.is_empty() {
            return Err(CraError::usage(format!(
                "'{given}' is not an exam method of the local copy's banks; use one of {}",
                known.join(", ")
            )));
        }
        spellings.extend(found.into_iter().cloned());
    }
    spellings.dedup();
    find.public.exam_methods = spellings;
    Ok(())
}
