//! The checks one delivery passes, in order, each a small step that lets it
//! through or refuses it with a typed [`Verdict`]: route, method, declared
//! length, body (under a size cap and a deadline), signature (on the raw
//! bytes, before anything is parsed), payload, freshness, a `--max-events`
//! slot, and the duplicate mark. The first refusal ends the chain; its
//! [`Outcome`] is what is logged, counted, printed and answered (the three
//! live in `outcome`, which the printing side reads too).

use std::collections::{HashSet, VecDeque};
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::body::Body;
use axum::extract::Request;
use axum::http::request::Parts;
use axum::http::{HeaderMap, Method, StatusCode, header};
use bytes::{Bytes, BytesMut};
use futures_util::StreamExt;
use secrecy::ExposeSecret;
use sha2::{Digest, Sha256};

use super::lines::clean;
use super::outcome::{Outcome, Refusal, Step, Verdict};
use super::{Config, Shared};
use crate::webhook::diagnose::diagnose;
use crate::webhook::payload::{RATING_CREATED, RatingCreated};
use crate::webhook::sign::{self, HEADER};

/// Largest refused body a signature mismatch is diagnosed on (each common
/// mistake is one more HMAC of the body).
const DIAGNOSE_MAX: usize = 64 * 1024;

/// Bodies whose digests are remembered for duplicate marks, at most; the
/// oldest are forgotten first, so memory stays flat on a long run.
const REMEMBERED: usize = 100_000;

/// Bytes read and discarded after a 413 before the connection is closed:
/// closing a socket with unread data makes the kernel send a reset, and the
/// sender would see that instead of the 413.
const DRAIN: u64 = 1 << 20;

impl Shared {
    /// Runs the chain on one request: the refusal of the first step that
    /// refuses, else the accepted delivery (forwarded, if asked).
    pub(super) async fn deliver(&self, request: Request) -> Outcome {
        let (parts, body) = request.into_parts();
        let body = match self.receive(&parts, body).await {
            Ok(body) => body,
            Err(refusal) => return refusal.outcome(Bytes::new()),
        };
        let (signature, event) = match self.verify(&parts.headers, &body) {
            Ok(verified) => verified,
            Err(refusal) => return refusal.outcome(body),
        };
        let duplicate = self.duplicate(&body);
        let (status, forward) = match (&self.client, &self.config.forward_to) {
            (Some(client), Some(to)) => {
                let (status, line) =
                    super::forward::forward(client, to, &parts.headers, signature, &body).await;
                (status, Some(line))
            }
            _ => (StatusCode::OK, None),
        };
        Outcome {
            status,
            verdict: Verdict::Valid,
            reason: String::new(),
            body,
            duplicate,
            event: Some(event),
            forward,
            extra_headers: Vec::new(),
            hint: None,
        }
    }

    /// Route, method, length and body: the bytes to check.
    async fn receive(&self, parts: &Parts, body: Body) -> Step<Bytes> {
        let config = &self.config;
        route(parts, &config.path)?;
        method(parts)?;
        let (declared, body) = length(&parts.headers, body, config).await?;
        read_body(body, declared, config.max_body, config.read_timeout).await
    }

    /// Signature, payload, freshness and a `--max-events` slot: the
    /// signature and the event of a delivery to accept.
    fn verify<'h>(&self, headers: &'h HeaderMap, body: &Bytes) -> Step<(&'h str, RatingCreated)> {
        let signature = signature(headers, &self.config, body)?;
        let event = payload(body)?;
        fresh(&event, self.config.tolerance)?;
        self.slot()?;
        Ok((signature, event))
    }

    /// With `--max-events N`, deliveries verified after the Nth (in flight
    /// while listen stops) are turned away with 503 so that the sender
    /// retries them later: neither printed nor forwarded, nor lost.
    fn slot(&self) -> Step<()> {
        let Some(max) = self.config.max_events else {
            return Ok(());
        };
        self.accepted
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < max).then_some(n + 1)
            })
            .map(|_| ())
            .map_err(|_| {
                Refusal::new(
                    Verdict::ShuttingDown,
                    format!("--max-events {max} already reached; send it again later"),
                )
                .closing()
                .with_header(header::RETRY_AFTER, "60")
            })
    }

    /// Whether this body was delivered before (it is remembered now).
    fn duplicate(&self, body: &Bytes) -> bool {
        let digest: [u8; 32] = Sha256::digest(body).into();
        self.seen.lock().expect("seen lock").check(digest)
    }
}

fn route(parts: &Parts, path: &str) -> Step<()> {
    if parts.uri.path() == path {
        return Ok(());
    }
    Err(Refusal::new(
        Verdict::NotFound,
        format!("{} is not the webhook path {path}", parts.uri.path()),
    ))
}

fn method(parts: &Parts) -> Step<()> {
    if parts.method == Method::POST {
        return Ok(());
    }
    Err(Refusal::new(
        Verdict::MethodNotAllowed,
        format!("{} instead of POST", parts.method),
    )
    .with_header(header::ALLOW, "POST"))
}

/// The declared `Content-Length`, if any, and the body unread; refused on
/// the declared length alone when it is over `--max-body`.
async fn length(headers: &HeaderMap, body: Body, config: &Config) -> Step<(Option<u64>, Body)> {
    let declared = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    match declared {
        Some(length) if length > config.max_body => {
            // A modest excess is read and thrown away (never stored) so the
            // sender sees the 413 instead of a connection reset.
            if length <= config.max_body + DRAIN {
                let mut stream = body.into_data_stream();
                let _ = tokio::time::timeout(config.read_timeout, drain(&mut stream)).await;
            }
            Err(too_large(config.max_body).closing())
        }
        _ => Ok((declared, body)),
    }
}

fn too_large(max: u64) -> Refusal {
    Refusal::new(
        Verdict::TooLarge,
        format!("body over {max} bytes (--max-body)"),
    )
}

async fn drain(stream: &mut axum::body::BodyDataStream) {
    let mut drained = 0u64;
    while drained <= DRAIN {
        match stream.next().await {
            Some(Ok(chunk)) => drained += chunk.len() as u64,
            _ => return,
        }
    }
}

/// Reads the body, refusing it as soon as it passes `max` (chunked bodies
/// have no length to check first) or when it does not arrive in time.
async fn read_body(body: Body, declared: Option<u64>, max: u64, deadline: Duration) -> Step<Bytes> {
    let read = async {
        let mut stream = body.into_data_stream();
        // Grow with what arrives: a declared length is a promise, and
        // reserving it up front would let stalled clients pin memory.
        let mut buf =
            BytesMut::with_capacity(declared.unwrap_or(1024).min(max).min(64 * 1024) as usize);
        while let Some(chunk) = stream.next().await {
            let chunk =
                chunk.map_err(|e| Refusal::new(Verdict::BodyError, e.to_string()).closing())?;
            if (buf.len() + chunk.len()) as u64 > max {
                drain(&mut stream).await;
                return Err(too_large(max).closing());
            }
            buf.extend_from_slice(&chunk);
        }
        Ok(buf.freeze())
    };
    match tokio::time::timeout(deadline, read).await {
        Ok(result) => result,
        Err(_) => Err(Refusal::new(
            Verdict::ReadTimeout,
            format!("body not received within {}s", deadline.as_secs_f64()),
        )
        .closing()),
    }
}

/// The signature header, checked on the raw bytes before any parsing.
fn signature<'h>(headers: &'h HeaderMap, config: &Config, body: &Bytes) -> Step<&'h str> {
    let Some(signature) = headers.get(HEADER).and_then(|v| v.to_str().ok()) else {
        return Err(Refusal::new(
            Verdict::BadSignature(sign::Invalid::Missing),
            format!("no {HEADER} header"),
        ));
    };
    let secret = config.secret.expose_secret().as_bytes();
    let Err(reason) = sign::verify(secret, body, signature) else {
        return Ok(signature);
    };
    // Why, where a common mistake explains it: for the refusal line on
    // standard error only, never in the answer to the sender.
    let hint = match reason {
        sign::Invalid::Mismatch if body.len() <= DIAGNOSE_MAX => sign::decode(signature)
            .ok()
            .and_then(|wanted| diagnose(secret, body, &wanted))
            .map(|mistake| format!(": {}", mistake.explain())),
        other => other.hint(signature).map(|hint| format!(" ({hint})")),
    };
    let mut refusal = Refusal::new(Verdict::BadSignature(reason), reason.to_string());
    refusal.hint = hint;
    Err(refusal)
}

/// The body as a `rating.created` payload.
fn payload(body: &Bytes) -> Step<RatingCreated> {
    let why = match serde_json::from_slice::<RatingCreated>(body) {
        Ok(event) if event.event == RATING_CREATED => return Ok(event),
        Ok(event) => format!(
            "signed, but event is {:?}, not {RATING_CREATED}",
            event.event
        ),
        Err(error) => format!("signed, but not a {RATING_CREATED} payload: {error}"),
    };
    Err(Refusal::new(Verdict::BadPayload, why))
}

/// With `--tolerance`, the payload's `timestamp` within it of now.
fn fresh(event: &RatingCreated, tolerance: Option<Duration>) -> Step<()> {
    let Some(tolerance) = tolerance else {
        return Ok(());
    };
    check_fresh(&event.timestamp, jiff::Timestamp::now(), tolerance)
        .map_err(|why| Refusal::new(Verdict::Stale, why))
}

/// Whether a payload stamped `timestamp` is within `tolerance` of `now`,
/// either way (Standard Webhooks' defence against a captured delivery sent
/// again later); if not, why, in words for the refusal line.
fn check_fresh(timestamp: &str, now: jiff::Timestamp, tolerance: Duration) -> Result<(), String> {
    let allowed =
        friendly(jiff::SignedDuration::try_from(tolerance).unwrap_or(jiff::SignedDuration::MAX));
    let Ok(at) = timestamp.parse::<jiff::Timestamp>() else {
        return Err(format!(
            "timestamp {:?} is not an ISO 8601 date-time with an offset, so its age cannot be \
             checked against --tolerance {allowed}",
            clean(timestamp)
        ));
    };
    let age = now.duration_since(at);
    if age.unsigned_abs() <= tolerance {
        return Ok(());
    }
    let (how_far, which_way) = if age.is_negative() {
        (-age, "in the future")
    } else {
        (age, "old")
    };
    // Whole seconds read best, unless they would round it into tolerance.
    let seconds = jiff::SignedDuration::from_secs(how_far.as_secs());
    let how_far = if seconds.unsigned_abs() > tolerance {
        format!("{seconds:#}")
    } else {
        friendly(how_far)
    };
    Err(format!(
        "timestamp {timestamp} is {how_far} {which_way}, over --tolerance {allowed} \
         (a replayed or delayed delivery, or a clock out of step)"
    ))
}

/// `3h 2m 5s`, `1s 200ms`: a duration as a person writes it, to the
/// millisecond.
fn friendly(duration: jiff::SignedDuration) -> String {
    format!(
        "{:#}",
        jiff::SignedDuration::from_millis(duration.as_millis() as i64)
    )
}

/// Digests of bodies already seen, bounded.
#[derive(Default)]
pub(super) struct Seen {
    set: HashSet<[u8; 32]>,
    order: VecDeque<[u8; 32]>,
}

impl Seen {
    /// Remembers `digest`; true when it was already there.
    fn check(&mut self, digest: [u8; 32]) -> bool {
        if self.set.contains(&digest) {
            return true;
        }
        if self.order.len() >= REMEMBERED
            && let Some(old) = self.order.pop_front()
        {
            self.set.remove(&old);
        }
        self.set.insert(digest);
        self.order.push_back(digest);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seen_is_bounded_and_marks_repeats() {
        let mut seen = Seen::default();
        assert!(!seen.check([1; 32]));
        assert!(seen.check([1; 32]));
        for i in 0..(REMEMBERED + 10) {
            let mut d = [0u8; 32];
            d[..8].copy_from_slice(&(i as u64).to_le_bytes());
            d[31] = 9;
            seen.check(d);
        }
        assert_eq!(seen.set.len(), REMEMBERED);
        assert!(!seen.check([1; 32]), "the oldest digest was forgotten");
    }

    #[test]
    fn freshness_both_ways_and_in_words() {
        let now: jiff::Timestamp = "2026-11-20T12:00:00Z".parse().unwrap();
        let five_min = Duration::from_secs(300);
        assert!(check_fresh("2026-11-20T11:55:00.000Z", now, five_min).is_ok());
        assert!(check_fresh("2026-11-20T12:05:00.000Z", now, five_min).is_ok());
        assert!(check_fresh("2026-11-20T13:00:00.000+01:00", now, five_min).is_ok());
        let old = check_fresh("2026-11-20T08:57:55.250Z", now, five_min).unwrap_err();
        assert!(
            old.contains("is 3h 2m 4s old, over --tolerance 5m"),
            "{old}"
        );
        let ahead = check_fresh("2026-11-20T12:05:00.001Z", now, five_min).unwrap_err();
        assert!(ahead.contains("is 5m 1ms in the future"), "{ahead}");
        let barely =
            check_fresh("2026-11-20T12:00:00.900Z", now, Duration::from_millis(500)).unwrap_err();
        assert!(
            barely.contains("is 900ms in the future, over --tolerance 500ms"),
            "{barely}"
        );
        for bad in [
            "yesterday",
            "2026-11-20 12:00:00",
            "2026-11-20T12:00:00",
            "",
        ] {
            let why = check_fresh(bad, now, five_min).unwrap_err();
            assert!(
                why.contains("cannot be checked against --tolerance 5m"),
                "{why}"
            );
        }
        assert!(
            check_fresh("\u{1b}[31m", now, five_min)
                .unwrap_err()
                .contains("?[31m")
        );
    }
}
