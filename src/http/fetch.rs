//! Downloading public data (the FFIEC's ratings file, BankFind's pages):
//! a GET with no key, under the one retry policy (`retry`) and the pacing
//! every request of `cra` passes (`--rate`'s token bucket, the pace learnt
//! from 429s and quota headers, a `Retry-After` shared by all requests),
//! its body read through the bounded reader. What an answer means is the
//! caller's: a 403 or an HTML page from a site that refuses scripts is
//! not an error of the network.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use reqwest::StatusCode;
use url::Url;

use super::pace::Governor;
use super::rate::Rate;
use super::retry::{Failed, Next, Policy, RETRY_AFTER_CAP, retry_after};
use super::{BodyError, read_limited};

/// What a GET brought back (after retries): its final status and body.
#[derive(Debug)]
pub struct Fetched {
    pub status: StatusCode,
    pub content_type: Option<String>,
    pub body: bytes::Bytes,
}

/// Why a GET brought nothing back.
#[derive(Debug, thiserror::Error)]
pub enum FetchError {
    /// No answer after every retry (or a failing status, retried).
    #[error("{0}")]
    Unavailable(String),
    /// The body was too large or not what its encoding said.
    #[error("{0}")]
    Body(String),
    /// A redirect not followed: to plain http from https, or, with a key,
    /// to another site (which would receive the key).
    #[error("{0}")]
    Redirect(String),
    /// A wait longer than the command takes.
    #[error("{0}")]
    TooLong(String),
}

impl FetchError {
    /// The error a command ends with, of the exit code its kind has: the
    /// source unavailable (6), or its answer not what was asked (1).
    pub fn into_error(self) -> anyhow::Error {
        use crate::error::CraError;
        match self {
            FetchError::Unavailable(message) | FetchError::TooLong(message) => {
                CraError::Unavailable { message }.into()
            }
            FetchError::Body(message) | FetchError::Redirect(message) => {
                CraError::Response { message }.into()
            }
        }
    }
}

/// What a download to a file brought back: its final status, and the
/// bytes written (a success), or the body of another answer (a page
/// saying why, at most [`super::SMALL_BODY_LIMIT`]).
#[derive(Debug)]
pub struct Downloaded {
    pub status: StatusCode,
    pub content_type: Option<String>,
    pub written: u64,
    pub body: bytes::Bytes,
}

/// Where a successful answer's body goes.
enum Sink<'f> {
    Memory,
    File(&'f mut std::fs::File),
}

/// A body as read: held, or written to the file (its length).
enum Body {
    Held(bytes::Bytes),
    Written(u64),
}

/// A client for public downloads.
pub struct Fetcher {
    http: reqwest::Client,
    /// What the client was made for, to make it again with a key.
    target: Url,
    timeout: Duration,
    policy: Policy,
    governor: Governor,
    requests: AtomicU64,
    /// A key the server asks for (`X-Api-Key`, BankFind's), sent marked
    /// sensitive so that no debug output of a request shows it.
    key: Option<reqwest::header::HeaderValue>,
}

impl Fetcher {
    /// A client for requests to `target` (a proxy is skipped for this
    /// machine), `retries` more tries after the first, at most `rate`.
    pub fn new(
        target: &Url,
        timeout: Duration,
        retries: u32,
        rate: Option<Rate>,
    ) -> reqwest::Result<Fetcher> {
        let http = client(target, timeout, false)?;
        Ok(Fetcher {
            http,
            target: target.clone(),
            timeout,
            policy: Policy::capped(retries, RETRY_AFTER_CAP),
            governor: Governor::new(rate, RETRY_AFTER_CAP),
            requests: AtomicU64::new(0),
            key: None,
        })
    }

    /// The same client sending `key` as `X-Api-Key` with every request; a
    /// key that cannot be a header (a control character) is an error
    /// that does not show it.
    pub fn with_key(mut self, key: Option<&secrecy::SecretString>) -> anyhow::Result<Fetcher> {
        use secrecy::ExposeSecret;
        if let Some(key) = key {
            let mut value =
                reqwest::header::HeaderValue::from_str(key.expose_secret()).map_err(|_| {
                    crate::error::CraError::usage(
                        "the BankFind key holds characters a key cannot (CRA_BANKFIND_KEY, or \
                         the config key bankfind_key)",
                    )
                })?;
            value.set_sensitive(true);
            self.key = Some(value);
            // A key stays on the site it is given for.
            self.http = client(&self.target, self.timeout, true)
                .map_err(|e| anyhow::anyhow!("cannot set up the HTTP client: {e}"))?;
        }
        Ok(self)
    }

    /// Requests sent so far, retries included.
    pub fn requests(&self) -> u64 {
        self.requests.load(Ordering::Relaxed)
    }

    /// GETs `url`, reading at most `limit` bytes of a successful body (1 MiB
    /// of another), retrying as the policy says. `trace` hears each try.
    pub async fn get(
        &self,
        url: &Url,
        limit: u64,
        trace: &dyn Fn(String),
    ) -> Result<Fetched, FetchError> {
        let (status, content_type, body) = self.exchange(url, limit, trace, Sink::Memory).await?;
        Ok(Fetched {
            status,
            content_type,
            body: match body {
                Body::Held(bytes) => bytes,
                Body::Written(_) => bytes::Bytes::new(),
            },
        })
    }

    /// GETs `url` as [`Fetcher::get`] does, a successful body written to
    /// `file` (from its start; at most `limit` bytes) as it arrives rather
    /// than held: for a download of tens of megabytes.
    pub async fn download(
        &self,
        url: &Url,
        limit: u64,
        file: &mut std::fs::File,
        trace: &dyn Fn(String),
    ) -> Result<Downloaded, FetchError> {
        let (status, content_type, body) =
            self.exchange(url, limit, trace, Sink::File(file)).await?;
        Ok(match body {
            Body::Held(body) => Downloaded {
                status,
                content_type,
                written: 0,
                body,
            },
            Body::Written(written) => Downloaded {
                status,
                content_type,
                written,
                body: bytes::Bytes::new(),
            },
        })
    }

    /// The one GET with its retries, the body where `sink` says.
    async fn exchange(
        &self,
        url: &Url,
        limit: u64,
        trace: &dyn Fn(String),
        mut sink: Sink<'_>,
    ) -> Result<(StatusCode, Option<String>, Body), FetchError> {
        // The address as it may be shown: no `user:password@`, no query.
        let url_shown = super::hide_address_secrets(url.as_str());
        let mut made = 0u32;
        // Time spent waiting between this request's tries, which the
        // policy bounds in all.
        let mut waited = std::time::Duration::ZERO;
        loop {
            let permit = self.governor.acquire().await.map_err(|too_long| {
                FetchError::TooLong(format!(
                    "{url_shown} asks for a wait of {} s, longer than cra waits; try again later",
                    too_long.wait.as_secs()
                ))
            })?;
            self.requests.fetch_add(1, Ordering::Relaxed);
            let started = std::time::Instant::now();
            let mut request = self
                .http
                .get(url.clone())
                .header(reqwest::header::ACCEPT, "*/*");
            if let Some(key) = &self.key {
                request = request.header("X-Api-Key", key.clone());
            }
            let sent = request.send().await;
            let failed = match sent {
                Ok(response) => {
                    let status = response.status();
                    let headers = response.headers().clone();
                    if response.url() != url {
                        trace(format!(
                            "GET {url_shown} → redirected to {}",
                            super::hide_address_secrets(response.url().as_str())
                        ));
                    }
                    if status.is_redirection() {
                        return Err(FetchError::Redirect(not_followed(
                            response.url(),
                            &headers,
                            self.key.is_some(),
                        )));
                    }
                    self.governor.answered(&permit, status.as_u16(), &headers);
                    trace(format!(
                        "GET {url_shown} → {} in {} ms",
                        status.as_u16(),
                        started.elapsed().as_millis()
                    ));
                    let content_type = headers
                        .get(reqwest::header::CONTENT_TYPE)
                        .and_then(|v| v.to_str().ok())
                        .map(str::to_string);
                    let body_limit = if status.is_success() {
                        limit
                    } else {
                        super::SMALL_BODY_LIMIT
                    };
                    let read = match &mut sink {
                        Sink::File(file) if status.is_success() => {
                            super::write_limited(response, body_limit, file)
                                .await
                                .map(Body::Written)
                        }
                        _ => read_limited(response, body_limit).await.map(Body::Held),
                    };
                    let body = match read {
                        Ok(body) => body,
                        Err(BodyError::Transport(error)) => {
                            trace(format!(
                                "GET {url_shown} → cut off: {}",
                                super::root_cause(&error)
                            ));
                            match self.policy.next(made, waited, Failed::Transport) {
                                Next::Retry { wait, .. } => {
                                    made += 1;
                                    waited = waited.saturating_add(wait);
                                    drop(permit);
                                    tokio::time::sleep(wait).await;
                                    continue;
                                }
                                _ => {
                                    return Err(FetchError::Unavailable(format!(
                                        "the answer from {url_shown} was cut off: {}",
                                        super::root_cause(&error)
                                    )));
                                }
                            }
                        }
                        Err(error) => {
                            return Err(FetchError::Body(
                                error.describe(&format!("the answer from {url_shown}")),
                            ));
                        }
                    };
                    if status.is_success() {
                        return Ok((status, content_type, body));
                    }
                    let asked = retry_after(&headers, std::time::SystemTime::now());
                    match self
                        .policy
                        .next(made, waited, Failed::Status(status, asked))
                    {
                        Next::Final | Next::Exhausted => {
                            return Ok((status, content_type, body));
                        }
                        Next::TooLong(wait) => {
                            return Err(FetchError::TooLong(format!(
                                "{url_shown} answered {} and asks for a wait of {} s; try again later",
                                status.as_u16(),
                                wait.as_secs()
                            )));
                        }
                        Next::OutOfTime(spent) => {
                            return Err(FetchError::TooLong(format!(
                                "{url_shown} answered {} again after {} s of waiting; try again later",
                                status.as_u16(),
                                spent.as_secs()
                            )));
                        }
                        Next::Retry { wait, .. } => {
                            if status == StatusCode::TOO_MANY_REQUESTS {
                                self.governor.limited(&permit, wait);
                            } else {
                                self.governor.pause_for(wait);
                            }
                            Some(wait)
                        }
                    }
                }
                // A redirect refused (a loop, too many) answers the same
                // when asked again: never retried.
                Err(error) if error.is_redirect() => {
                    trace(format!("GET {url_shown} → {}", super::root_cause(&error)));
                    return Err(FetchError::Redirect(format!(
                        "{url_shown} was not downloaded: {}",
                        super::root_cause(&error)
                    )));
                }
                Err(error) => {
                    trace(format!(
                        "GET {url_shown} → failed after {} ms: {}",
                        started.elapsed().as_millis(),
                        super::root_cause(&error)
                    ));
                    match self.policy.next(made, waited, Failed::Transport) {
                        Next::Retry { wait, .. } => Some(wait),
                        _ => {
                            return Err(FetchError::Unavailable(format!(
                                "cannot reach {url_shown}: {} (after {} {})",
                                super::root_cause(&error),
                                made + 1,
                                if made == 0 { "try" } else { "tries" }
                            )));
                        }
                    }
                }
            };
            if let Some(wait) = failed {
                made += 1;
                waited = waited.saturating_add(wait);
                drop(permit);
                tokio::time::sleep(wait).await;
            }
        }
    }
}

/// The client of a download to `target`: gzip, and the redirects
/// [`follows`] allows (`keyed`: a key goes with every request).
fn client(target: &Url, timeout: Duration, keyed: bool) -> reqwest::Result<reqwest::Client> {
    let first = target.clone();
    super::builder(target, timeout)
        .gzip(true)
        .redirect(reqwest::redirect::Policy::custom(move |attempt| {
            let hops = attempt.previous().len();
            let from = attempt.previous().last().unwrap_or(&first).clone();
            // A loop would be followed to the bound and then retried:
            // refused at once.
            if attempt.previous().contains(attempt.url()) {
                return attempt.error("it redirects in a loop");
            }
            match follows(&first, &from, attempt.url(), hops, keyed) {
                Follow::Yes => attempt.follow(),
                Follow::Stop => attempt.stop(),
                Follow::TooMany => attempt.error("too many redirects"),
            }
        }))
        .build()
}

/// Whether a download follows a redirect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Follow {
    Yes,
    /// Not followed: the redirect is the answer, and said so.
    Stop,
    TooMany,
}

/// The most redirects a download follows.
const MAX_REDIRECTS: usize = 5;

/// Whether a download of `first` follows a redirect from `from` to `to`
/// after `hops` others: never from https to plain http, never more than
/// [`MAX_REDIRECTS`], and with a key (`keyed`) never to another site
/// (scheme, host or port), which would receive it.
pub(crate) fn follows(first: &Url, from: &Url, to: &Url, hops: usize, keyed: bool) -> Follow {
    if hops >= MAX_REDIRECTS {
        return Follow::TooMany;
    }
    let downgrade = from.scheme() == "https" && to.scheme() != "https";
    let elsewhere = first.scheme() != to.scheme()
        || first.host_str() != to.host_str()
        || first.port_or_known_default() != to.port_or_known_default();
    if downgrade || (keyed && elsewhere) {
        Follow::Stop
    } else {
        Follow::Yes
    }
}

/// Why a redirect from `url` was not followed, where it pointed.
fn not_followed(url: &Url, headers: &reqwest::header::HeaderMap, keyed: bool) -> String {
    let to = headers
        .get(reqwest::header::LOCATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|location| url.join(location).ok());
    let shown = |u: &Url| super::hide_address_secrets(u.as_str());
    match to {
        Some(to) if url.scheme() == "https" && to.scheme() != "https" => format!(
            "{} redirected to {}, plain http: not followed (what comes from it could be \
             anyone's)",
            shown(url),
            shown(&to)
        ),
        Some(to) if keyed => format!(
            "{} redirected to {}, another site: not followed, so the BankFind key is not sent \
             there (if that is BankFind's address, give it with --bankfind)",
            shown(url),
            shown(&to)
        ),
        Some(to) => format!("{} redirected to {}: not followed", shown(url), shown(&to)),
        None => format!(
            "{} answered a redirect with no address to follow",
            shown(url)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_stays_on_its_site_and_https_never_goes_plain() {
        let url = |s: &str| Url::parse(s).unwrap();
        let first = url("https://api.fdic.gov/banks/institutions");
        let same = url("https://api.fdic.gov/banks/v2/institutions");
        let other = url("https://evil.example/collect");
        let plain = url("http://api.fdic.gov/banks/institutions");
        let port = url("https://api.fdic.gov:8443/banks/institutions");
        assert_eq!(follows(&first, &first, &same, 0, true), Follow::Yes);
        assert_eq!(follows(&first, &first, &other, 0, true), Follow::Stop);
        assert_eq!(follows(&first, &first, &port, 0, true), Follow::Stop);
        assert_eq!(follows(&first, &first, &plain, 0, true), Follow::Stop);
        // Without a key another site is followed; plain http never.
        assert_eq!(follows(&first, &first, &other, 0, false), Follow::Yes);
        assert_eq!(follows(&first, &first, &plain, 0, false), Follow::Stop);
        assert_eq!(
            follows(&first, &first, &same, MAX_REDIRECTS, false),
            Follow::TooMany
        );
        // From loopback http to `localhost`: another host.
        let loopback = url("http://127.0.0.1:4000/bankfind/institutions");
        let named = url("http://localhost:4000/bankfind/institutions");
        assert_eq!(follows(&loopback, &loopback, &named, 0, true), Follow::Stop);
    }
}
