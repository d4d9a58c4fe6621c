//! The HTTP client of the service: the base address check, authentication,
//! timeouts, the retry policy, the one mapping of statuses to exit codes, and
//! turning bodies into checked model values with errors that name the URL.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Result;
use reqwest::StatusCode;
use reqwest::header::{HeaderMap, RETRY_AFTER};
use secrecy::{ExposeSecret, SecretString};
use serde_json::Value;
use url::Url;

use crate::api::model::{self, BankDetail, Page};
use crate::error::CraError;
use crate::http::BodyError;
use crate::io::Io;
use crate::settings::Settings;

/// First backoff step; doubled each retry, with jitter.
const BACKOFF_BASE: Duration = Duration::from_millis(250);
const BACKOFF_MAX: Duration = Duration::from_secs(8);
/// The longest `Retry-After` waited for. A server asking for more (a daily
/// quota spent) makes the command fail at once, saying when to try again,
/// rather than sit silent for an hour: a script's scheduler or a person is
/// better placed to wait that long than a process holding a terminal.
pub const RETRY_AFTER_CAP: Duration = Duration::from_secs(60);

/// The filters and paging of `GET /api/v1/banks`.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub q: Option<String>,
    pub state: Option<String>,
    pub size: Option<String>,
    pub page: u64,
    pub per_page: u64,
}

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
        let url = self.endpoint(&["api", "v1", "banks", id]);
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
            let failure = match outcome {
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
                    if !is_retryable_status(status) {
                        return Err(failure);
                    }
                    match retry_after(&headers, std::time::SystemTime::now()) {
                        // Honoured, never shortened: asking again sooner
                        // would only be refused again. A wait longer than
                        // any sensible command fails now, saying when.
                        Some(wait) if wait > RETRY_AFTER_CAP => {
                            return Err(too_long_to_wait(url, status, &body, wait));
                        }
                        wait => (failure, wait),
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
                    (transport_error(url, &inner.base, &error, tries), None)
                }
            };
            let (error, server_wait) = failure;
            if attempt >= inner.retries {
                return Err(error);
            }
            attempt += 1;
            inner.retried.fetch_add(1, Ordering::Relaxed);
            let wait = server_wait.unwrap_or_else(|| backoff(attempt, rand::random::<f64>()));
            if let Some(wait) = server_wait
                && self.pause_for(wait)
                && wait >= Duration::from_secs(1)
            {
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
                if server_wait.is_some() {
                    " (Retry-After)"
                } else {
                    ""
                }
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

/// Parses and checks a base address: http or https, and plain http only to
/// a loopback host unless allowed. A trailing `/api/v1` is taken off, since
/// the endpoints add it.
pub fn check_base_url(text: &str, allow_insecure_http: bool) -> Result<Url> {
    // Echoed in messages with any user:password@ part hidden.
    let shown = crate::http::hide_userinfo(text);
    let text = shown.as_str();
    let mut url = Url::parse(text.trim()).map_err(|e| {
        CraError::usage(format!(
            "'{text}' is not a valid base address ({e}); expected e.g. https://api.example.com"
        ))
    })?;
    // A user or password in the address would be sent as Basic auth in
    // place of the key, and shown in traces and errors: refused, unechoed.
    if !url.username().is_empty() || url.password().is_some() {
        return Err(CraError::usage(format!(
            "the base address for {} has a user name or password in it; give just the address (the API key is the credential: CRA_API_KEY or cra config set api_key)",
            url.host_str().unwrap_or("?")
        )));
    }
    match url.scheme() {
        "https" => {}
        "http" => {
            if !crate::http::is_loopback(&url) && !allow_insecure_http {
                return Err(CraError::usage(format!(
                    "refusing plain http:// to {}: the API key would travel in clear (use https:// or --allow-insecure-http)",
                    url.host_str().unwrap_or("?")
                )));
            }
        }
        other => {
            return Err(CraError::usage(format!(
                "base address '{text}' has scheme '{other}'; use https:// (or http:// for a local server)"
            )));
        }
    }
    if url.cannot_be_a_base() || url.host().is_none() {
        return Err(CraError::usage(format!(
            "'{text}' is not a valid base address"
        )));
    }
    url.set_query(None);
    url.set_fragment(None);
    let path = url.path().trim_end_matches('/').to_string();
    let path = path.strip_suffix("/api/v1").unwrap_or(&path).to_string();
    url.set_path(&format!("{path}/"));
    Ok(url)
}

/// Statuses worth another try: rate limited, or the service (or a gateway
/// before it) failing for now.
pub fn is_retryable_status(status: StatusCode) -> bool {
    matches!(status.as_u16(), 429 | 500 | 502 | 503 | 504)
}

/// The wait before retry `attempt` (1-based): 250 ms × 2^(attempt-1), at most
/// 8 s, scaled by a jitter factor from [0.5, 1.0) so that many clients do
/// not retry in step. `unit` is a uniform sample from [0, 1).
pub fn backoff(attempt: u32, unit: f64) -> Duration {
    let exponential = BACKOFF_BASE
        .saturating_mul(1u32 << attempt.saturating_sub(1).min(16))
        .min(BACKOFF_MAX);
    exponential.mul_f64(0.5 + 0.5 * unit.clamp(0.0, 1.0))
}

/// `Retry-After` as seconds or an HTTP date; none when absent or
/// unreadable.
pub fn retry_after(headers: &HeaderMap, now: std::time::SystemTime) -> Option<Duration> {
    let value = headers.get(RETRY_AFTER)?.to_str().ok()?.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        Some(Duration::from_secs(seconds))
    } else {
        let at = httpdate::parse_http_date(value).ok()?;
        Some(at.duration_since(now).unwrap_or(Duration::ZERO))
    }
}

/// A `Retry-After` longer than `RETRY_AFTER_CAP`: exit 6 now, with when
/// (and the service's own words, which may say why: a quota spent).
fn too_long_to_wait(url: &Url, status: StatusCode, body: &[u8], wait: Duration) -> anyhow::Error {
    let said = error_message(body).map_or_else(
        || status_line(status),
        |m| format!("{} ({m})", status_line(status)),
    );
    let when = jiff::Timestamp::now()
        .checked_add(jiff::SignedDuration::from_secs(
            i64::try_from(wait.as_secs()).unwrap_or(i64::MAX),
        ))
        .map(|at| {
            format!(
                ", after {}",
                at.to_zoned(jiff::tz::TimeZone::UTC)
                    .strftime("%Y-%m-%d %H:%M:%S UTC")
            )
        })
        .unwrap_or_default();
    CraError::Unavailable {
        message: format!(
            "{said} from {url}: the service asks to wait {} before the next request (Retry-After), longer than cra waits ({}); try again later{when}",
            human_duration(wait),
            human_duration(RETRY_AFTER_CAP)
        ),
    }
    .into()
}

/// `45 s`, `2 min 5 s`, `3 h 20 min`, `2 d 4 h`: a wait as a person reads it.
pub fn human_duration(wait: Duration) -> String {
    let s = wait.as_secs_f64().ceil() as u64;
    let (d, h, m, s) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    match (d, h, m) {
        (0, 0, 0) => format!("{s} s"),
        (0, 0, _) if s == 0 => format!("{m} min"),
        (0, 0, _) => format!("{m} min {s} s"),
        (0, _, 0) => format!("{h} h"),
        (0, _, _) => format!("{h} h {m} min"),
        (_, 0, _) => format!("{d} d"),
        _ => format!("{d} d {h} h"),
    }
}

/// `after 1 try`, `after 4 tries`.
fn after_tries(tries: u32) -> String {
    if tries == 1 {
        "after 1 try".to_string()
    } else {
        format!("after {tries} tries")
    }
}

fn status_line(status: StatusCode) -> String {
    format!(
        "{} {}",
        status.as_u16(),
        status.canonical_reason().unwrap_or("")
    )
    .trim()
    .to_string()
}

/// The message a JSON error body carries, if it has a message-like field
/// (at the top or under `error`).
pub fn error_message(body: &[u8]) -> Option<String> {
    let value: Value = serde_json::from_slice(body).ok()?;
    fn find(value: &Value, depth: u8) -> Option<String> {
        let object = value.as_object()?;
        for key in [
            "message",
            "error_description",
            "detail",
            "title",
            "error",
            "errors",
        ] {
            match object.get(key) {
                Some(Value::String(text)) if !text.trim().is_empty() => {
                    return Some(text.trim().chars().take(300).collect());
                }
                Some(nested @ Value::Object(_)) if depth < 2 => {
                    if let Some(text) = find(nested, depth + 1) {
                        return Some(text);
                    }
                }
                Some(Value::Array(items)) if depth < 2 => {
                    if let Some(text) = items.iter().find_map(|item| match item {
                        Value::String(text) => Some(text.clone()),
                        other => find(other, depth + 1),
                    }) {
                        return Some(text);
                    }
                }
                _ => {}
            }
        }
        None
    }
    find(&value, 0).map(|text| text.replace(['\n', '\r'], " "))
}

/// Redirects followed in a row, at most.
const MAX_REDIRECTS: usize = 5;

/// Whether to follow a redirect to `next` after the URLs in `previous`
/// (the first is the one requested): a few are followed, but never from
/// https to plain http, where the key would travel in clear.
fn follow_redirect(previous: &[Url], next: &Url) -> bool {
    let downgrade = next.scheme() == "http" && previous.iter().any(|u| u.scheme() == "https");
    !downgrade && previous.len() <= MAX_REDIRECTS
}

/// A redirect that was not followed, with where it pointed and why:
/// `requested` is the URL asked for, `last` the one that answered `status`.
fn redirect_error(
    requested: &Url,
    last: &Url,
    status: StatusCode,
    headers: &HeaderMap,
) -> anyhow::Error {
    let location = headers
        .get(reqwest::header::LOCATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| last.join(v).ok());
    let said = status_line(status);
    let followable = matches!(status.as_u16(), 301 | 302 | 303 | 307 | 308);
    let message = match location {
        _ if !followable => format!("unexpected {said} from {last} (check the base address)"),
        None => format!("{said} without a Location from {last} (check the base address)"),
        Some(to)
            if to.scheme() == "http"
                && (requested.scheme() == "https" || last.scheme() == "https") =>
        {
            format!(
                "{said} from {last} to plain http {to}: not followed, the API key would travel in clear (check the base address)"
            )
        }
        Some(to) => format!(
            "{said} from {last} to {to}: not followed after {MAX_REDIRECTS} redirects (check the base address)"
        ),
    };
    CraError::Response { message }.into()
}

/// The one mapping of an HTTP status to an error with its exit code.
/// `tries` is how many requests were made, for a failure worth retrying.
/// (A key a server quotes back is hidden where every message is printed,
/// in `crate::error::redact`.)
fn status_error(
    url: &Url,
    status: StatusCode,
    body: &[u8],
    bank_id: Option<&str>,
    tries: u32,
) -> anyhow::Error {
    let message = error_message(body);
    let said = message.as_ref().map_or_else(
        || status_line(status),
        |m| format!("{} ({m})", status_line(status)),
    );
    match status.as_u16() {
        // The reason once: the service's words when it gives some, else
        // ours; then what to do.
        401 => CraError::Unauthorized {
            message: format!(
                "{}: {} (set CRA_API_KEY or run: cra config set api_key)",
                status_line(status),
                message
                    .as_deref()
                    .unwrap_or("the API key is missing or invalid")
            ),
        }
        .into(),
        403 => CraError::Forbidden {
            message: format!(
                "{}: {} (renew it on the service's account page)",
                status_line(status),
                message
                    .as_deref()
                    .unwrap_or("the subscription of this API key is inactive")
            ),
        }
        .into(),
        // 404 means "bank not found" only for a bank; on the list it is a
        // wrong base address.
        404 => match bank_id {
            Some(id) => {
                // The server's own words, unless they only say the same.
                let said = if message.as_ref().is_some_and(|m| m.contains(id)) {
                    status_line(status)
                } else {
                    said
                };
                let id = crate::error::shorten(id, 80);
                CraError::NotFound {
                    message: format!("no bank with id '{id}' ({said})"),
                }
                .into()
            }
            None => CraError::Response {
                message: format!("{said} from {url} (check the base address)"),
            }
            .into(),
        },
        429 | 500..=599 => CraError::Unavailable {
            message: format!(
                "{said} from {url} {} (try again later or raise --retries)",
                after_tries(tries)
            ),
        }
        .into(),
        _ => CraError::Response {
            message: format!("unexpected {said} from {url}"),
        }
        .into(),
    }
}

fn describe_transport(error: &reqwest::Error) -> String {
    if error.is_timeout() {
        return "timed out".to_string();
    }
    crate::http::root_cause(error)
}

/// A transport failure after `tries` requests, with the likely next step.
fn transport_error(url: &Url, base: &Url, error: &reqwest::Error, tries: u32) -> anyhow::Error {
    let tried = after_tries(tries);
    let message = if error.is_timeout() {
        format!("GET {url} timed out {tried} (raise --timeout if the service is slow)")
    } else if error.is_connect() {
        let host = base.host_str().unwrap_or("?");
        let at = match base.port_or_known_default() {
            Some(port) => crate::host_port(host.trim_matches(['[', ']']), port),
            None => host.to_string(),
        };
        format!(
            "cannot connect to {at}: {} {tried} (is the service running at {base}? check the base address with: cra config show)",
            describe_transport(error)
        )
    } else {
        format!("GET {url} failed {tried}: {}", describe_transport(error))
    };
    CraError::Unavailable { message }.into()
}

fn unexpected(url: &Url, what: &str) -> anyhow::Error {
    CraError::Response {
        message: format!("unexpected response from {url}: {what}"),
    }
    .into()
}

/// The body as JSON, or an error saying what it was instead.
fn parse_json(url: &Url, headers: &HeaderMap, body: &[u8]) -> Result<Value> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(unexpected(url, "empty body where JSON was expected"));
    }
    serde_json::from_slice(body).map_err(|e| {
        let content_type = headers
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        let what = if content_type.contains("html") || body.trim_ascii_start().starts_with(b"<") {
            format!("expected JSON, got an HTML page ({content_type})")
        } else if e.is_eof() {
            format!("truncated JSON ({e})")
        } else {
            format!("invalid JSON ({e})")
        };
        unexpected(url, what.trim_end_matches(" ()"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn redirects_never_go_from_https_to_http_and_are_bounded() {
        let u = |s: &str| Url::parse(s).unwrap();
        let https = u("https://api.example.com/api/v1/banks");
        assert!(follow_redirect(
            std::slice::from_ref(&https),
            &u("https://api2.example.com/x")
        ));
        assert!(!follow_redirect(
            std::slice::from_ref(&https),
            &u("http://api.example.com/x")
        ));
        // Not even after an https hop in between.
        let chain = [https.clone(), u("https://b.example.com/")];
        assert!(!follow_redirect(&chain, &u("http://c.example.com/")));
        // Plain http to http (loopback or --allow-insecure-http) is followed.
        assert!(follow_redirect(
            &[u("http://127.0.0.1:1/")],
            &u("http://127.0.0.1:2/")
        ));
        let long: Vec<Url> = (0..=MAX_REDIRECTS)
            .map(|i| u(&format!("https://e.example/{i}")))
            .collect();
        assert!(follow_redirect(&long[..MAX_REDIRECTS], &https));
        assert!(!follow_redirect(&long, &https));
    }

    #[test]
    fn a_redirect_not_followed_says_where_and_why() {
        let url = Url::parse("https://api.example.com/api/v1/banks").unwrap();
        let mut headers = HeaderMap::new();
        headers.insert(
            reqwest::header::LOCATION,
            "http://api.example.com/api/v1/banks".parse().unwrap(),
        );
        let error = redirect_error(&url, &url, StatusCode::MOVED_PERMANENTLY, &headers);
        let text = error.to_string();
        assert!(
            text.contains("to plain http http://api.example.com/api/v1/banks"),
            "{text}"
        );
        assert!(text.contains("in clear"), "{text}");
        assert_eq!(crate::error::exit_of(&error), crate::error::Exit::Failure);
        // Resolved against the last hop, which may be another host.
        let last = Url::parse("https://eu.api.example.com/v1/banks").unwrap();
        headers.insert(reqwest::header::LOCATION, "/elsewhere".parse().unwrap());
        let text = redirect_error(&url, &last, StatusCode::FOUND, &headers).to_string();
        assert!(
            text.contains("to https://eu.api.example.com/elsewhere: not followed after 5"),
            "{text}"
        );
        // 300 and 304 are not redirects a client follows by itself.
        let text = redirect_error(&url, &url, StatusCode::NOT_MODIFIED, &headers).to_string();
        assert!(text.starts_with("unexpected 304"), "{text}");
        let text = redirect_error(&url, &url, StatusCode::FOUND, &HeaderMap::new()).to_string();
        assert!(text.contains("without a Location"), "{text}");
    }

    #[test]
    fn base_url_with_credentials_is_refused_without_echoing_them() {
        for text in [
            "https://user:hunter2@api.example.com/",
            "https://hunter2@api.example.com/",
            "http://u:hunter2@127.0.0.1:8080/",
        ] {
            let error = check_base_url(text, false).unwrap_err();
            let message = error.to_string();
            assert!(message.contains("user name or password"), "{message}");
            assert!(!message.contains("hunter2"), "{message}");
            assert_eq!(crate::error::exit_of(&error), crate::error::Exit::Usage);
        }
        // Not even when the address is also broken in another way.
        for text in [
            "https://u:hunter2@api.example.com:99999/",
            "https://u:hunter2@/",
        ] {
            let message = check_base_url(text, false).unwrap_err().to_string();
            assert!(!message.contains("hunter2"), "{message}");
        }
    }

    #[test]
    fn base_url_forms() {
        let u = check_base_url("https://api.example.com", false).unwrap();
        assert_eq!(u.as_str(), "https://api.example.com/");
        let u = check_base_url("https://api.example.com/prefix/", false).unwrap();
        assert_eq!(u.as_str(), "https://api.example.com/prefix/");
        let u = check_base_url("https://api.example.com/api/v1/", false).unwrap();
        assert_eq!(u.as_str(), "https://api.example.com/");
        assert!(check_base_url("http://127.0.0.1:8080", false).is_ok());
        assert!(check_base_url("http://localhost:8080", false).is_ok());
        assert!(check_base_url("http://[::1]:8080", false).is_ok());
        assert!(check_base_url("http://api.example.com", false).is_err());
        assert!(check_base_url("http://api.example.com", true).is_ok());
        assert!(check_base_url("ftp://x", false).is_err());
        assert!(check_base_url("not a url", false).is_err());
    }

    #[test]
    fn retry_after_seconds_and_date() {
        let now = httpdate::parse_http_date("Fri, 20 Nov 2026 12:00:00 GMT").unwrap();
        let mut headers = HeaderMap::new();
        headers.insert(RETRY_AFTER, "2".parse().unwrap());
        assert_eq!(retry_after(&headers, now), Some(Duration::from_secs(2)));
        headers.insert(
            RETRY_AFTER,
            "Fri, 20 Nov 2026 12:00:05 GMT".parse().unwrap(),
        );
        assert_eq!(retry_after(&headers, now), Some(Duration::from_secs(5)));
        headers.insert(
            RETRY_AFTER,
            "Fri, 20 Nov 2026 11:00:00 GMT".parse().unwrap(),
        );
        assert_eq!(retry_after(&headers, now), Some(Duration::ZERO));
        headers.insert(RETRY_AFTER, "86400".parse().unwrap());
        assert_eq!(retry_after(&headers, now), Some(Duration::from_secs(86400)));
        headers.insert(RETRY_AFTER, "soon".parse().unwrap());
        assert_eq!(retry_after(&headers, now), None);
    }

    #[test]
    fn durations_read_as_a_person_would() {
        let d = Duration::from_secs;
        assert_eq!(human_duration(d(45)), "45 s");
        assert_eq!(human_duration(Duration::from_millis(1500)), "2 s");
        assert_eq!(human_duration(d(60)), "1 min");
        assert_eq!(human_duration(d(125)), "2 min 5 s");
        assert_eq!(human_duration(d(3600)), "1 h");
        assert_eq!(human_duration(d(3 * 3600 + 20 * 60)), "3 h 20 min");
        assert_eq!(human_duration(d(86_400)), "1 d");
        assert_eq!(human_duration(d(2 * 86_400 + 4 * 3600 + 59)), "2 d 4 h");
        assert_eq!(after_tries(1), "after 1 try");
        assert_eq!(after_tries(4), "after 4 tries");
    }

    #[test]
    fn the_reason_of_401_and_403_is_said_once() {
        let url = Url::parse("https://api.example.com/api/v1/banks").unwrap();
        let body = br#"{"message":"the subscription of this API key is inactive"}"#;
        let text = status_error(&url, StatusCode::FORBIDDEN, body, None, 1).to_string();
        assert_eq!(text.matches("inactive").count(), 1, "{text}");
        assert!(
            text.starts_with("403 Forbidden: the subscription"),
            "{text}"
        );
        let text = status_error(&url, StatusCode::FORBIDDEN, b"", None, 1).to_string();
        assert_eq!(text.matches("inactive").count(), 1, "{text}");
        let body = br#"{"message":"invalid key"}"#;
        let text = status_error(&url, StatusCode::UNAUTHORIZED, body, None, 1).to_string();
        assert!(
            text.starts_with("401 Unauthorized: invalid key (set CRA_API_KEY"),
            "{text}"
        );
        assert!(!text.contains("missing or invalid"), "{text}");
    }

    #[test]
    fn error_messages() {
        assert_eq!(
            error_message(br#"{"message":"bad key"}"#).as_deref(),
            Some("bad key")
        );
        assert_eq!(
            error_message(br#"{"error":{"code":"x","message":"nested"}}"#).as_deref(),
            Some("nested")
        );
        assert_eq!(
            error_message(br#"{"error":"plain"}"#).as_deref(),
            Some("plain")
        );
        assert_eq!(
            error_message(br#"{"errors":[{"detail":"first"}]}"#).as_deref(),
            Some("first")
        );
        assert_eq!(error_message(b"<html>"), None);
        assert_eq!(error_message(br#"{"code":5}"#), None);
    }

    proptest! {
        #[test]
        fn backoff_grows_within_bounds(attempt in 1u32..40, unit in 0.0f64..1.0) {
            let wait = backoff(attempt, unit);
            let full = BACKOFF_BASE.saturating_mul(1u32 << (attempt - 1).min(16)).min(BACKOFF_MAX);
            prop_assert!(wait >= full / 2 && wait <= full);
            prop_assert!(wait <= BACKOFF_MAX);
        }
    }
}
