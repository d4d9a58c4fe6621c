//! The HTTP client of the service: authentication, timeouts, the requests
//! and their retries (under the shared policy of `crate::http::retry`), and
//! turning bodies into checked model values. The base address checks live
//! in `base`, the error messages in `errors`.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Result;
use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use secrecy::{ExposeSecret, SecretString};
use url::Url;

use super::base::follow_redirect;
use super::errors::{
    describe_transport, not_the_model, out_of_time, redirect_error, status_error, status_line,
    too_long_to_wait, transport_error, unexpected, wait_too_long,
};
use crate::domain::ListQuery;
use crate::domain::model::{self, BankDetail, Page};
use crate::error::CraError;
use crate::http::large::Turn;
use crate::http::pace::{Governor, Permit, Wait};
use crate::http::retry::{Failed, Next, Policy, RETRY_AFTER_CAP, retry_after};
use crate::http::{BodyError, Later};
use crate::io::Io;
use crate::settings::Settings;

// Where other rooms found them when they lived here.
pub use super::base::check_base_url;

/// A client for one base address and key. Cheap to clone; clones share the
/// connection pool and the counters.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

struct Inner {
    http: reqwest::Client,
    /// Where each request in flight was last redirected to.
    redirected: Redirected,
    /// The base address, ending in `/`.
    base: Url,
    key: SecretString,
    retries: u32,
    io: Io,
    retried: AtomicU64,
    requests: AtomicU64,
    /// Every request passes it: `--rate`, the pace learnt from 429s and
    /// from the service's quota headers, and the pause a `Retry-After`
    /// sets for all requests of this client (so a rate-limited export
    /// pauses as a whole instead of each request running into the limit).
    governor: Governor,
}

impl Client {
    /// Checks the settings (base address present and safe, key present) and
    /// builds the client. Nothing is sent.
    pub fn new(settings: &Settings, io: &Io) -> Result<Client> {
        let base = settings.base_url.as_ref().ok_or_else(|| {
            CraError::usage(
                "no API base address (set CRA_BASE_URL, run: cra config set base_url URL, or try --sandbox)",
            )
        })?;
        let base = check_base_url(&base.value, settings.allow_insecure_http)?;
        let key = settings
            .api_key
            .as_ref()
            .ok_or_else(|| CraError::Unauthorized {
                message: "no API key (set CRA_API_KEY or run: cra config set api_key)".to_string(),
            })?;
        let redirected = Redirected::default();
        let noted = redirected.clone();
        let http = crate::http::builder(&base, settings.timeout.value)
            .gzip(true)
            .pool_max_idle_per_host(64)
            .redirect(reqwest::redirect::Policy::custom(move |attempt| {
                if follow_redirect(attempt.previous(), attempt.url()) {
                    noted.note(attempt.previous(), attempt.url());
                    attempt.follow()
                } else {
                    attempt.stop()
                }
            }))
            .build()?;
        Ok(Client {
            inner: Arc::new(Inner {
                http,
                redirected,
                base,
                key: key.value.clone(),
                retries: settings.retries.value,
                io: io.clone(),
                retried: AtomicU64::new(0),
                governor: {
                    let io = io.clone();
                    Governor::new(
                        settings.rate.as_ref().map(|r| r.value),
                        settings.max_wait.unwrap_or(RETRY_AFTER_CAP),
                    )
                    .with_announce(move |until, why| super::wait::countdown(&io, until, why))
                },
                requests: AtomicU64::new(0),
            }),
        })
    }

    /// The base address, ending in `/`.
    pub fn base(&self) -> &Url {
        &self.inner.base
    }

    /// Retries made so far (for summaries).
    pub fn retries_made(&self) -> u64 {
        self.inner.retried.load(Ordering::Relaxed)
    }

    /// Requests sent so far, retries included.
    pub fn requests_made(&self) -> u64 {
        self.inner.requests.load(Ordering::Relaxed)
    }

    /// `GET /api/v1/banks` with the query's filters and paging, a large
    /// answer read only in `turn` (see `http::large`).
    pub async fn list_in(&self, query: &ListQuery, turn: Option<&Turn>) -> Result<Page> {
        let mut url = self.endpoint(&["api", "v1", "banks"]);
        {
            let mut pairs = url.query_pairs_mut();
            if let Some(q) = &query.q {
                pairs.append_pair("q", q);
            }
            if let Some(state) = &query.state {
                pairs.append_pair("state", state);
            }
            if let Some(size) = &query.size {
                pairs.append_pair("size", size);
            }
            pairs.append_pair("page", &query.page.to_string());
            pairs.append_pair("per_page", &query.per_page.to_string());
        }
        let (headers, body) = self.get_json(&url, None, turn).await?;
        model::parse_page(&body).map_err(|e| not_the_model(&url, &headers, &body, &e))
    }

    /// `GET /api/v1/banks/{id}`, a large answer read only in `turn` (see
    /// `http::large`).
    pub async fn bank_in(&self, id: &str, turn: Option<&Turn>) -> Result<BankDetail> {
        let url = super::base::bank_url(&self.inner.base, id)?;
        let (headers, body) = self.get_json(&url, Some(id), turn).await?;
        model::parse_detail(&body).map_err(|e| not_the_model(&url, &headers, &body, &e))
    }

    fn endpoint(&self, segments: &[&str]) -> Url {
        let mut url = self.inner.base.clone();
        url.path_segments_mut()
            .expect("an http(s) URL has path segments")
            .pop_if_empty()
            .extend(segments);
        url
    }

    /// GET with retries; the headers and body of the answer. `bank_id` names
    /// the bank a 404 is about. Every failed try counts against `--retries`, a 429
    /// included, and the request waits for the service (its pauses, its
    /// quota, the waits before retries) at most the policy's total in all.
    async fn get_json(
        &self,
        url: &Url,
        bank_id: Option<&str>,
        turn: Option<&Turn>,
    ) -> Result<(HeaderMap, bytes::Bytes)> {
        let inner = &*self.inner;
        let max_wait = inner.governor.max_wait();
        let policy = Policy::capped(inner.retries, max_wait);
        let mut attempt: u32 = 0;
        let mut waited = Duration::ZERO;
        loop {
            let permit = match inner
                .governor
                .acquire_within(policy.total.saturating_sub(waited))
                .await
            {
                Ok(permit) => permit,
                Err(too_long) if too_long.in_all => {
                    let said = format!("the service's rate limit kept GET {url} waiting");
                    return Err(out_of_time(&said, waited.max(too_long.wait), policy.total));
                }
                Err(too_long) => {
                    return Err(wait_too_long(
                        url,
                        "the service's rate limit",
                        "its rate-limit headers or Retry-After",
                        too_long.wait,
                        max_wait,
                    ));
                }
            };
            waited = waited.saturating_add(permit.imposed);
            inner.requests.fetch_add(1, Ordering::Relaxed);
            let started = Instant::now();
            let outcome = self.send_once(url, turn).await;
            let hop = inner.redirected.take(url);
            let elapsed = started.elapsed();
            let tries = attempt + 1;
            let retry_label = if attempt > 0 {
                format!(" (retry {attempt})")
            } else {
                String::new()
            };
            let (error, next, status) = match outcome {
                Ok((status, headers, body, last)) => {
                    inner.governor.answered(&permit, status.as_u16(), &headers);
                    inner.io.trace(&format!(
                        "GET {url} → {} in {} ms{retry_label}",
                        status_line(status),
                        elapsed.as_millis()
                    ));
                    // A body too large or not decodable is the server's
                    // data being wrong: the same again on a retry.
                    let body = body.map_err(|e| {
                        let what = if status.is_success() {
                            format!("the response from {url}")
                        } else {
                            format!("the {} error body from {url}", status.as_u16())
                        };
                        CraError::Response {
                            message: e.describe(&what),
                        }
                    })?;
                    if status.is_success() {
                        if body.iter().all(u8::is_ascii_whitespace) {
                            return Err(unexpected(url, "empty body where JSON was expected"));
                        }
                        return Ok((headers, body));
                    }
                    let failure = if status.is_redirection() {
                        redirect_error(url, &last, status, &headers)
                    } else {
                        status_error(url, status, &body, bank_id, tries)
                    };
                    let asked = retry_after(&headers, std::time::SystemTime::now());
                    match policy.next(attempt, waited, Failed::Status(status, asked)) {
                        // A wait longer than any sensible command fails now,
                        // saying when; every other request of this client
                        // fails at once too, rather than ask again.
                        Next::TooLong(wait) => {
                            inner.governor.pause_for(wait);
                            return Err(too_long_to_wait(url, status, &body, wait, max_wait));
                        }
                        next => (failure, next, Some(status)),
                    }
                }
                Err(error) => {
                    inner.io.trace(&format!(
                        "GET {url} → failed after {} ms{retry_label}: {}",
                        elapsed.as_millis(),
                        describe_transport(&error)
                    ));
                    // A request that could not be built (a key with a control
                    // character, say) will not build on a retry either.
                    if error.is_builder() {
                        return Err(CraError::Response {
                            message: format!("cannot build the request to {url} (is the API key a single line of text?)"),
                        }
                        .into());
                    }
                    (
                        transport_error(url, &inner.base, hop.as_ref(), &error, tries),
                        policy.next(attempt, waited, Failed::Transport),
                        None,
                    )
                }
            };
            let (wait, asked) = match next {
                Next::Retry { wait, asked, .. } => (wait, asked),
                Next::OutOfTime(waited) => {
                    let said = crate::error::one_line(&error);
                    return Err(out_of_time(&said, waited, policy.total));
                }
                _ => return Err(error),
            };
            attempt += 1;
            waited = waited.saturating_add(wait);
            let is_limit = status == Some(StatusCode::TOO_MANY_REQUESTS);
            inner.retried.fetch_add(1, Ordering::Relaxed);
            self.wait_before_retry(&permit, wait, asked, is_limit, attempt);
            drop(permit);
            tokio::time::sleep(wait).await;
        }
    }

    /// Sets the pause a retry waits for (all requests share a server's
    /// `Retry-After`; a 429 also slows the pace), and says so: on a
    /// terminal as a countdown on one status line, in the trace every time.
    fn wait_before_retry(
        &self,
        permit: &Permit<'_>,
        wait: Duration,
        asked: bool,
        is_limit: bool,
        retry: u32,
    ) {
        let inner = &*self.inner;
        let longer = if is_limit {
            inner.governor.limited(permit, wait)
        } else {
            asked && inner.governor.pause_for(wait)
        };
        if (longer || !asked) && wait >= Duration::from_secs(1) {
            // A person watching would otherwise see nothing for up to a
            // minute and a half; one line, rewritten as it counts down,
            // once per pause rather than once per waiting request.
            let why = if is_limit {
                Wait::Limit
            } else {
                Wait::Retry {
                    retry,
                    of: inner.retries,
                }
            };
            inner
                .governor
                .announce_wait(tokio::time::Instant::now().later(wait), why);
        }
        inner.io.trace(&format!(
            "{} in {:.2} s{}",
            if is_limit {
                format!("rate limited (429): retry {retry}/{}", inner.retries)
            } else {
                format!("retry {retry}/{}", inner.retries)
            },
            wait.as_secs_f64(),
            if asked { " (Retry-After)" } else { "" }
        ));
    }

    /// One request: status, headers, the body read through the limited
    /// reader (at most 16 MiB, 1 MiB for an error) and the URL that
    /// answered; or a transport error (connect, timeout, a body cut off).
    async fn send_once(&self, url: &Url, turn: Option<&Turn>) -> Result<Sent, reqwest::Error> {
        let response = self
            .inner
            .http
            .get(url.clone())
            .header(
                reqwest::header::AUTHORIZATION,
                format!("Bearer {}", self.inner.key.expose_secret()),
            )
            .header(reqwest::header::ACCEPT, "application/json")
            .send()
            .await?;
        let status = response.status();
        let headers = response.headers().clone();
        // Where the last request went, after any redirects followed.
        let last = response.url().clone();
        let limit = if status.is_success() {
            crate::http::API_BODY_LIMIT
        } else {
            crate::http::SMALL_BODY_LIMIT
        };
        let body = match crate::http::read_in_turn(response, limit, turn).await {
            Err(BodyError::Transport(error)) => return Err(error),
            body => body,
        };
        Ok((status, headers, body, last))
    }
}

/// The address each request was last redirected to, by the address asked
/// for: a connection refused there names it, not the base address (the
/// client's errors name the address asked for only).
#[derive(Clone, Default)]
struct Redirected(Arc<std::sync::Mutex<std::collections::HashMap<String, Url>>>);

impl Redirected {
    fn note(&self, previous: &[Url], next: &Url) {
        if let Some(asked) = previous.first() {
            self.lock().insert(asked.to_string(), next.clone());
        }
    }

    fn take(&self, asked: &Url) -> Option<Url> {
        self.lock().remove(asked.as_str())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, std::collections::HashMap<String, Url>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What one request brought back: status, headers, the body (or why it
/// was not read) and the URL that answered.
type Sent = (StatusCode, HeaderMap, Result<bytes::Bytes, BodyError>, Url);
