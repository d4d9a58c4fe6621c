//! The errors of the API client: one mapping of an HTTP status to an error
//! with its exit code, and the messages for a transport failure, a redirect
//! not followed, a wait too long to sit out and a body that is not the JSON
//! expected. Each names the URL that failed and says what to do next; the
//! client decides when to give one, this room only how it reads.

use std::time::Duration;

use reqwest::StatusCode;
use reqwest::header::HeaderMap;
use serde_json::Value;
use url::Url;

use super::base::MAX_REDIRECTS;
use crate::error::CraError;

/// A wait longer than the command takes (`--max-wait`, else
/// `RETRY_AFTER_CAP`): exit 6 now, saying when to try again. It rides in
/// the error's chain (with the same words as the `CraError` under it), so
/// that `sync` can tell it from a failure and stop, keeping what it stored.
#[derive(Debug, Clone)]
pub struct WaitTooLong {
    /// What the service asked for.
    pub wait: Duration,
    /// When to try again, if representable.
    pub at: Option<jiff::Timestamp>,
    message: String,
}

impl std::fmt::Display for WaitTooLong {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl WaitTooLong {
    /// `2026-11-24 09:12:05 UTC`.
    pub fn at_text(&self) -> String {
        self.at
            .map(|at| {
                at.to_zoned(jiff::tz::TimeZone::UTC)
                    .strftime("%Y-%m-%d %H:%M:%S UTC")
                    .to_string()
            })
            .unwrap_or_else(|| "later".to_string())
    }
}

/// The error for a wait of `wait` asked by `said` (the status and the
/// service's words, or what the quota headers said), over `cap`.
pub(super) fn wait_too_long(
    url: &Url,
    said: &str,
    how: &str,
    wait: Duration,
    cap: Duration,
) -> anyhow::Error {
    let at = jiff::Timestamp::now().checked_add(jiff::SignedDuration::from_secs(
        i64::try_from(wait.as_secs()).unwrap_or(i64::MAX),
    ));
    let mut marker = WaitTooLong {
        wait,
        at: at.ok(),
        message: String::new(),
    };
    let when = marker
        .at
        .map(|_| format!(", after {}", marker.at_text()))
        .unwrap_or_default();
    marker.message = format!(
        "{said} from {url}: the service asks to wait {} before the next request ({how}), longer than cra waits ({}, --max-wait); try again later{when}, or give a longer --max-wait",
        human_duration(wait),
        human_duration(cap)
    );
    anyhow::Error::new(CraError::Unavailable {
        message: marker.message.clone(),
    })
    .context(marker)
}

/// A `Retry-After` longer than `cap`: exit 6 now, with when (and the
/// service's own words, which may say why: a quota spent).
pub(super) fn too_long_to_wait(
    url: &Url,
    status: StatusCode,
    body: &[u8],
    wait: Duration,
    cap: Duration,
) -> anyhow::Error {
    let said = error_message(body).map_or_else(
        || status_line(status),
        |m| format!("{} ({m})", status_line(status)),
    );
    wait_too_long(url, &said, "Retry-After", wait, cap)
}

/// A request that would wait past the most one request waits in all
/// (`total`: twice `--max-wait`), having waited `waited`: exit 6, with
/// `said`, what the last try got.
pub(super) fn out_of_time(said: &str, waited: Duration, total: Duration) -> anyhow::Error {
    CraError::Unavailable {
        message: format!(
            "{said}; the service has kept this request waiting {} in all, and cra waits at most {} for one request (twice --max-wait); try again later",
            human_duration(waited),
            human_duration(total)
        ),
    }
    .into()
}

pub use crate::text::duration as human_duration;

/// `after 1 try`, `after 4 tries`.
pub(super) fn after_tries(tries: u32) -> String {
    if tries == 1 {
        "after 1 try".to_string()
    } else {
        format!("after {tries} tries")
    }
}

pub(super) fn status_line(status: StatusCode) -> String {
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

/// A redirect that was not followed, with where it pointed and why:
/// `requested` is the URL asked for, `last` the one that answered `status`.
pub(super) fn redirect_error(
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
pub(super) fn status_error(
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

pub(super) fn describe_transport(error: &reqwest::Error) -> String {
    if error.is_timeout() {
        return "timed out".to_string();
    }
    crate::http::root_cause(error)
}

/// A transport failure after `tries` requests, with the likely next step.
/// A connection refused where a redirect pointed names that address, not
/// the base address, which answered.
pub(super) fn transport_error(
    url: &Url,
    base: &Url,
    redirected: Option<&Url>,
    error: &reqwest::Error,
    tries: u32,
) -> anyhow::Error {
    let tried = after_tries(tries);
    let message = if error.is_timeout() {
        format!("GET {url} timed out {tried} (raise --timeout if the service is slow)")
    } else if error.is_connect() {
        let target = redirected.unwrap_or(url);
        let at = authority(target);
        if at != authority(base) {
            format!(
                "cannot connect to {at}: {} {tried}; {url} redirected there ({}: the service's redirect, not the base address, is what cannot be reached)",
                describe_transport(error),
                crate::http::hide_userinfo(target.as_str())
            )
        } else {
            format!(
                "cannot connect to {at}: {} {tried} (is the service running at {base}? check the base address with: cra config show)",
                describe_transport(error)
            )
        }
    } else {
        format!("GET {url} failed {tried}: {}", describe_transport(error))
    };
    CraError::Unavailable { message }.into()
}

/// `host:port` of an address (the port its scheme implies when none is
/// given).
fn authority(url: &Url) -> String {
    let host = url.host_str().unwrap_or("?");
    match url.port_or_known_default() {
        Some(port) => crate::text::host_port(host.trim_matches(['[', ']']), port),
        None => host.to_string(),
    }
}

pub(super) fn unexpected(url: &Url, what: &str) -> anyhow::Error {
    CraError::Response {
        message: format!("unexpected response from {url}: {what}"),
    }
    .into()
}

/// A body that did not read as the model: what was wrong with it, the JSON
/// itself first (an HTML page, cut short, not JSON at all), else the
/// field that does not fit (`what`, from the model).
pub(super) fn not_the_model(
    url: &Url,
    headers: &HeaderMap,
    body: &[u8],
    what: &str,
) -> anyhow::Error {
    let Err(e) = serde_json::from_slice::<serde::de::IgnoredAny>(body) else {
        return unexpected(url, what);
    };
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn durations_read_as_a_person_would() {
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
}
