//! BankFind, page after page: its institutions and its structure changes
//! (`/history`), both in as few requests as their totals need at its
//! largest page, through the shared retries, pacing and quota, the key
//! sent when one is set. A page that is not BankFind's answer is exit 1
//! naming the source and the page; the copy is untouched (nothing is
//! written before every page is in).

use std::collections::{HashMap, HashSet};

use anyhow::Result;
use url::Url;

use super::status_error;
use crate::error::CraError;
use crate::http::Fetcher;
use crate::io::{Io, Progress};
use crate::record::{
    BANKFIND_PAGE_MAX, BankfindError, Change, HISTORY_FIELDS, Listed, Query, parse_bankfind_page,
    parse_history,
};
use crate::text::thousands;

/// BankFind's largest page.
const PAGE: u64 = BANKFIND_PAGE_MAX;

/// What a 401 or 403 from BankFind says: it wants a key, or refused the
/// one given; how to get and set one either way.
fn key_refused(source: &str, status: u16, keyed: bool) -> String {
    let how = "a free key comes from https://api.data.gov/signup; set it with CRA_BANKFIND_KEY \
               or cra config set bankfind_key (or run cra enrich --no-bankfind)";
    if keyed {
        format!("{source} answered {status}: it refused the BankFind key given; {how}")
    } else {
        format!("{source} answered {status}: it asks for a key; {how}")
    }
}

/// Every institution of BankFind.
pub(super) async fn read_bankfind(
    client: &Fetcher,
    base: &Url,
    keyed: bool,
    io: &Io,
    trace: &dyn Fn(String),
) -> Result<Vec<Listed>> {
    let (listed, _) = pages(
        client,
        base,
        Endpoint {
            what: "institutions",
            query: |offset| Query::page(offset, PAGE),
            parse: |bytes| {
                let page = parse_bankfind_page(bytes)?;
                Ok((page.total, page.institutions))
            },
            key: |institution| institution.fdic_cert,
        },
        keyed,
        io,
        trace,
        |_| true,
    )
    .await?;
    Ok(listed.iter().map(Listed::from_bankfind).collect())
}

/// Every institution-level structure change BankFind has (a branch's are
/// asked to be left out, and left out here should it send them) of the
/// institutions in `concerns` (as the one that changed or its successor):
/// the others cannot concern a bank of the copy, and are not held; and
/// how many BankFind sent (its bar's count).
pub(super) async fn read_history(
    client: &Fetcher,
    base: &Url,
    keyed: bool,
    io: &Io,
    trace: &dyn Fn(String),
    concerns: &HashSet<u64>,
) -> Result<(Vec<Change>, u64)> {
    let (changes, received) = pages(
        client,
        base,
        Endpoint {
            what: "structure changes",
            query: |offset| Query {
                filters: Some("ORG_ROLE_CDE:FI".to_string()),
                fields: HISTORY_FIELDS.iter().map(|f| f.to_string()).collect(),
                sort_by: Some("CERT".to_string()),
                limit: PAGE,
                offset,
                ..Query::default()
            },
            parse: |bytes| {
                let page = parse_history(bytes)?;
                Ok((page.total, page.changes))
            },
            // A change may be listed beside its like (one merger, two
            // roles): only a page repeated whole is paging gone wrong.
            key: |_| None,
        },
        keyed,
        io,
        trace,
        |change: &Change| {
            change.institution
                && (concerns.contains(&change.fdic_cert)
                    || change.successor_cert.is_some_and(|s| concerns.contains(&s)))
        },
    )
    .await?;
    // A change is history: one dated past tomorrow (9999-12-31, say) is
    // not, and would be shown as an ending of a bank still open.
    let latest = crate::filters::today()
        .tomorrow()
        .unwrap_or(jiff::civil::Date::MAX);
    let (changes, late): (Vec<Change>, Vec<Change>) = changes
        .into_iter()
        .partition(|change| change.date <= latest);
    if let Some(last) = late.iter().max_by_key(|change| change.date) {
        // Never shown as an ending of a bank still open, nor the rest of
        // the history lost for it: left out, and said, piped or not.
        io.notice(&format!(
            "BankFind ({}) dates {} {} after today (the latest {}, CERT {}): left out, \
             as no history can hold them yet",
            crate::http::hide_address_secrets(base.as_str()),
            thousands(late.len() as u64),
            if late.len() == 1 {
                "structure change"
            } else {
                "structure changes"
            },
            last.date,
            last.fdic_cert
        ));
    }
    Ok((changes, received))
}

/// The most records `cra` reads of one BankFind endpoint: many times what
/// the FDIC has (about 30,000 institutions; its history's institution-level
/// changes fewer than a million). A total past it is paging gone wrong.
const MOST_RECORDS: u64 = 2_000_000;

/// The most requests `cra` makes of one BankFind endpoint: BankFind gives
/// 10,000 records a page (its institutions take 3 requests, its history's
/// institution-level changes under 100); a server that pages a record or
/// a few at a time for a large total is refused before it is read, not
/// asked a million times with the copy's lock held.
const MOST_REQUESTS: u64 = 1_000;

/// The most bytes of answers whose records `cra` keeps from one endpoint:
/// BankFind's institutions are about 12 MB; records fattened past any real
/// one (names of a megabyte) are refused before memory runs out.
const MOST_KEPT_BYTES: u64 = 256 << 20;

/// A page as read: the total the answer states (if any) and its records.
type Page<T> = (Option<u64>, Vec<T>);

/// One of BankFind's endpoints: what its records are, the query of a page
/// at an offset, how a page reads.
struct Endpoint<T> {
    what: &'static str,
    query: fn(u64) -> Query,
    parse: fn(&[u8]) -> Result<Page<T>, BankfindError>,
    /// What no two records share (an institution's CERT), if anything.
    key: fn(&T) -> Option<u64>,
}

/// A page's fingerprint: a hash of its records as they read, streamed into
/// the hasher (no page is kept to compare with a later one).
fn fingerprint<T: std::fmt::Debug>(page: &[T]) -> u64 {
    use std::hash::Hasher;
    struct Into<'a>(&'a mut std::collections::hash_map::DefaultHasher);
    impl std::fmt::Write for Into<'_> {
        fn write_str(&mut self, text: &str) -> std::fmt::Result {
            self.0.write(text.as_bytes());
            Ok(())
        }
    }
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    let _ = std::fmt::Write::write_fmt(&mut Into(&mut hasher), format_args!("{page:?}"));
    hasher.finish()
}

/// Every record of an endpoint that `keep` keeps, page after page: as many
/// requests as its total needs at the largest page, and no more. Paging
/// that goes past what its total (or, without one, [`MOST_RECORDS`])
/// allows, a page that repeats one before or a record sent twice is
/// an error naming it, never a wait without end.
async fn pages<T: PartialEq + Clone + std::fmt::Debug>(
    client: &Fetcher,
    base: &Url,
    endpoint: Endpoint<T>,
    keyed: bool,
    io: &Io,
    trace: &dyn Fn(String),
    keep: impl Fn(&T) -> bool,
) -> Result<(Vec<T>, u64)> {
    let source = format!(
        "BankFind ({})",
        crate::http::hide_address_secrets(base.as_str())
    );
    let broken = |why: String| -> anyhow::Error {
        CraError::Response {
            message: format!("{source}: paging looks broken ({why}); nothing was stored"),
        }
        .into()
    };
    let mut records: Vec<T> = Vec::new();
    // Each key seen: the offset of its record.
    let mut seen: HashMap<u64, u64> = HashMap::new();
    // Each page seen, by its fingerprint: the offset it was read at.
    let mut pages_seen: HashMap<u64, u64> = HashMap::new();
    let mut progress: Option<Progress> = None;
    let mut offset = 0u64;
    let mut requests = 0u64;
    // The answers' bytes, in the share of their records kept.
    let mut kept_bytes = 0u64;
    // The total the last page stated.
    let mut last_total: Option<u64>;
    loop {
        let mut url = base.clone();
        url.set_query(Some(&(endpoint.query)(offset).to_query_string()));
        let fetched = client
            .get(&url, crate::http::API_BODY_LIMIT, trace)
            .await
            .map_err(crate::http::FetchError::into_error)?;
        requests += 1;
        if matches!(fetched.status.as_u16(), 401 | 403) {
            return Err(CraError::Response {
                message: key_refused(&source, fetched.status.as_u16(), keyed),
            }
            .into());
        }
        if !fetched.status.is_success() {
            // Its own message, when the error body says one.
            if let Err(BankfindError::Answered(said)) = parse_bankfind_page(&fetched.body) {
                let message = format!("{source} answered {}: {said}", fetched.status.as_u16());
                return Err(if crate::http::is_retryable_status(fetched.status) {
                    CraError::Unavailable { message }.into()
                } else {
                    CraError::Response { message }.into()
                });
            }
            return Err(status_error(&source, &fetched));
        }
        let (total, page) =
            (endpoint.parse)(&fetched.body).map_err(|error| CraError::Response {
                message: format!(
                    "{source}, the {} at offset {offset}: {error}",
                    endpoint.what
                ),
            })?;
        last_total = total;
        if let Some(total) = total.filter(|t| *t > MOST_RECORDS) {
            return Err(broken(format!(
                "it says it has {} {}",
                thousands(total),
                endpoint.what
            )));
        }
        let got = page.len() as u64;
        // A page seen before (the offset ignored, or pages taking turns:
        // A, B, A, B), or a record sent twice.
        if got > 0
            && let Some(first) = pages_seen.insert(fingerprint(&page), offset)
        {
            return Err(broken(format!(
                "the {} at offset {offset} repeat those at offset {first}",
                endpoint.what
            )));
        }
        for (at, record) in (offset..).zip(&page) {
            if let Some(key) = (endpoint.key)(record)
                && let Some(first) = seen.insert(key, at)
            {
                return Err(broken(format!(
                    "CERT {key} twice, at offsets {first} and {at}"
                )));
            }
        }
        let before = records.len();
        records.extend(page.iter().filter(|record| keep(record)).cloned());
        let kept = (records.len() - before) as u64;
        kept_bytes += (fetched.body.len() as u64 * kept)
            .checked_div(got)
            .unwrap_or(0);
        if kept_bytes > MOST_KEPT_BYTES {
            return Err(broken(format!(
                "its {} add up to more than {} by offset {offset}, more than any real ones",
                endpoint.what,
                crate::text::byte_size(MOST_KEPT_BYTES)
            )));
        }
        let bar =
            progress.get_or_insert_with(|| Progress::new(io, total.unwrap_or(got), endpoint.what));
        for _ in 0..got {
            bar.inc();
        }
        offset += got;
        let done = match total {
            Some(total) => offset >= total,
            None => got < PAGE,
        };
        if done || got == 0 {
            break;
        }
        // Pages so small that the total would take more requests than
        // BankFind ever needs: refused now, not read a record at a time.
        if let Some(total) = total
            && requests == 1
            && total.div_ceil(got) > MOST_REQUESTS
        {
            return Err(broken(format!(
                "it gives {} {} a page, which would take {} requests for the {} it says it \
                 has",
                thousands(got),
                endpoint.what,
                thousands(total.div_ceil(got)),
                thousands(total)
            )));
        }
        // More requests than the total needs at the pages given, or more
        // records than any endpoint has: a server that pages without end.
        let needed = total.unwrap_or(MOST_RECORDS).div_ceil(got.max(1)) + 1;
        if requests >= needed || requests >= MOST_REQUESTS || offset > MOST_RECORDS {
            return Err(broken(format!(
                "{} requests for {} {} so far",
                thousands(requests),
                thousands(offset),
                endpoint.what
            )));
        }
    }
    // Fewer records than it said it has (an empty page at the start, or
    // pages that stop short): a short answer would wipe what the copy
    // knows, so nothing is stored.
    if let Some(total) = last_total
        && offset < total
    {
        if let Some(bar) = progress {
            bar.abandon();
        }
        return Err(broken(format!(
            "it says it has {} {} and gave {}",
            thousands(total),
            endpoint.what,
            thousands(offset)
        )));
    }
    if let Some(bar) = progress {
        bar.finish();
    }
    Ok((records, offset))
}
