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
use serde_json::Value;
use url::Url;

use super::base::follow_redirect;
use super::errors::{
    describe_transport, human_duration, parse_json, redirect_error, status_error, status_line,
    too_long_to_wait, transport_error, unexpected, wait_too_long,
};
use crate::domain::ListQuery;
use crate::domain::model::{self, BankDetail, Page};
use crate::error::CraError;
use crate::http::BodyError;
use crate::http::pace::{Governor, Permit};
use crate::http::retry::{Failed, Next, Policy, RETRY_AFTER_CAP, retry_after};
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

/// A 429 is retried after its wait without using up `--retries` (the
/// service is not failing, only pacing); this many in a row for one
/// request, though, and it fails.
const MAX_LIMITED_TRIES: u32 = 100;

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
        let http = crate::http::builder(&base, settings.timeout.value)
            .gzip(true)
            .pool_max_idle_per_host(64)
            .redirect(reqwest::redirect::Policy::custom(|attempt| {
                if follow_redirect(attempt.previous(), attempt.url()) {
                    attempt.follow()
                } else {
                    attempt.stop()
                }
            }))
            .build()?;
        Ok(Client {
            inner: Arc::new(Inner {
                http,
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
                    .with_announce(move |until| super::wait::countdown(&io, until))
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

    /// `GET /api/v1/banks` with the query's filters and paging.
    pub async fn list(&self, query: &ListQuery) -> Result<Page> {
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
        let body = self.get_json(&url, None).await?;
        model::parse_page(body).map_err(|e| unexpected(&url, &e))
    }

    /// `GET /api/v1/banks/{id}`.
    pub async fn bank(&self, id: &str) -> Result<BankDetail> {
        let url = super::base::bank_url(&self.inner.base, id)?;
        let body = self.get_json(&url, Some(id)).await?;
        model::parse_detail(body).map_err(|e| unexpected(&url, &e))
    }

    fn endpoint(&self, segments: &[&str]) -> Url {
        let mut url = self.inner.base.clone();
        url.path_segments_mut()
            .expect("an http(s) URL has path segments")
            .pop_if_empty()
            .extend(segments);
        url
    }

    /// GET with retries; the body parsed as JSON. `bank_id` names the bank a
    /// 404 is about.
    async fn get_json(&self, url: &Url, bank_id: Option<&str>) -> Result<Value> {
        let inner = &*self.inner;
        let max_wait = inner.governor.max_wait();
        let policy = Policy {
            retries: inner.retries,
            cap: Some(max_wait),
        };
        let mut attempt: u32 = 0;
        // 429s answered so far: retried without counting against --retries.
        let mut limited: u32 = 0;
        loop {
            let permit = match inner.governor.acquire().await {
                Ok(permit) => permit,
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
            inner.requests.fetch_add(1, Ordering::Relaxed);
            let started = Instant::now();
            let outcome = self.send_once(url).await;
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
                        return parse_json(url, &headers, &body);
                    }
                    let failure = if status.is_redirection() {
                        redirect_error(url, &last, status, &headers)
                    } else {
                        status_error(url, status, &body, bank_id, tries)
                    };
                    let asked = retry_after(&headers, std::time::SystemTime::now());
                    let is_limit = status == StatusCode::TOO_MANY_REQUESTS;
                    let made = attempt - limited.min(attempt);
                    // A 429 is retried whatever --retries says, up to a
                    // bound: the service is pacing, not failing.
                    let next = if is_limit && limited < MAX_LIMITED_TRIES {
                        Policy {
                            retries: MAX_LIMITED_TRIES,
                            ..policy
                        }
                        .next(limited, Failed::Status(status, asked))
                    } else {
                        policy.next(made, Failed::Status(status, asked))
                    };
                    match next {
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
                    let made = attempt - limited.min(attempt);
                    (
                        transport_error(url, &inner.base, &error, tries),
                        policy.next(made, Failed::Transport),
                        None,
                    )
                }
            };
            let Next::Retry { wait, asked, .. } = next else {
                return Err(error);
            };
            attempt += 1;
            let is_limit = status == Some(StatusCode::TOO_MANY_REQUESTS);
            if is_limit {
                limited += 1;
            }
            inner.retried.fetch_add(1, Ordering::Relaxed);
            self.wait_before_retry(&permit, wait, asked, is_limit, attempt - limited);
            drop(permit);
            tokio::time::sleep(wait).await;
        }
    }

    /// Sets the pause a retry waits for (all requests share a server's
    /// `Retry-After`; a 429 also slows the pace), and says so: on a
    /// terminal once per pause, in the trace every time.
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
        if asked && longer && wait >= Duration::from_secs(1) {
            // A person watching would otherwise see nothing for up to a
            // minute; said once per pause, not once per waiting request.
            let which = if is_limit {
                "the service's rate limit".to_string()
            } else {
                format!("retry {retry} of {}", inner.retries)
            };
            inner.io.summary(&format!(
                "waiting {} before trying again: the service is busy and asked for that (Retry-After; {which})",
                human_duration(wait),
            ));
            inner
                .governor
                .announce_wait(tokio::time::Instant::now() + wait);
        }
        inner.io.trace(&format!(
            "{} in {:.2} s{}",
            if is_limit {
                "rate limited (429): again".to_string()
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
    async fn send_once(&self, url: &Url) -> Result<Sent, reqwest::Error> {
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
        let body = match crate::http::read_limited(response, limit).await {
            Err(BodyError::Transport(error)) => return Err(error),
            body => body,
        };
        Ok((status, headers, body, last))
    }
}

/// What one request brought back: status, headers, the body (or why it
/// was not read) and the URL that answered.
type Sent = (StatusCode, HeaderMap, Result<bytes::Bytes, BodyError>, Url);
