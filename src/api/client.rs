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
    too_long_to_wait, transport_error, unexpected,
};
use crate::domain::ListQuery;
use crate::domain::model::{self, BankDetail, Page};
use crate::error::CraError;
use crate::http::BodyError;
use crate::http::retry::{Failed, Next, Policy, retry_after};
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
    /// Set by a `Retry-After`: no request of this client (all concurrent
    /// ones share it) is sent before then, so a rate-limited export pauses
    /// as a whole instead of each request running into the limit in turn.
    paused_until: std::sync::Mutex<Option<tokio::time::Instant>>,
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
                paused_until: std::sync::Mutex::new(None),
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
        let policy = Policy::capped(inner.retries);
        let mut attempt: u32 = 0;
        loop {
            self.wait_out_pause().await;
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
            let (error, next) = match outcome {
                Ok((status, headers, body, last)) => {
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
                    match policy.next(attempt, Failed::Status(status, asked)) {
                        // A wait longer than any sensible command fails now,
                        // saying when.
                        Next::TooLong(wait) => {
                            return Err(too_long_to_wait(url, status, &body, wait));
                        }
                        next => (failure, next),
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
                        transport_error(url, &inner.base, &error, tries),
                        policy.next(attempt, Failed::Transport),
                    )
                }
            };
            let Next::Retry { retry, wait, asked } = next else {
                return Err(error);
            };
            attempt = retry;
            inner.retried.fetch_add(1, Ordering::Relaxed);
            if asked && self.pause_for(wait) && wait >= Duration::from_secs(1) {
                // A person watching would otherwise see nothing for up to a
                // minute; said once per pause, not once per waiting request.
                inner.io.summary(&format!(
                    "waiting {} before trying again: the service is busy and asked for that (Retry-After; retry {attempt} of {})",
                    human_duration(wait),
                    inner.retries
                ));
            }
            inner.io.trace(&format!(
                "retry {attempt}/{} in {:.2} s{}",
                inner.retries,
                wait.as_secs_f64(),
                if asked { " (Retry-After)" } else { "" }
            ));
            tokio::time::sleep(wait).await;
        }
    }

    /// Holds every request of this client back for `wait` from now (a
    /// longer pause already set stays). True when this made the pause
    /// longer, rather than fell within one already in force.
    fn pause_for(&self, wait: Duration) -> bool {
        let now = tokio::time::Instant::now();
        let until = now + wait;
        let mut paused = self.inner.paused_until.lock().expect("pause lock");
        match *paused {
            // Requests that were refused together set nearly the same end.
            Some(current) if current > now && current + Duration::from_secs(1) >= until => false,
            _ => {
                *paused = Some(until);
                true
            }
        }
    }

    /// Waits until no `Retry-After` pause is in force, then a random
    /// quarter second at most, so the requests held back do not all
    /// arrive in the same instant and run into the limit again.
    async fn wait_out_pause(&self) {
        loop {
            let until = *self.inner.paused_until.lock().expect("pause lock");
            match until {
                Some(until) if until > tokio::time::Instant::now() => {
                    let spread = Duration::from_millis(rand::random_range(0..250));
                    tokio::time::sleep_until(until + spread).await;
                }
                _ => return,
            }
        }
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
