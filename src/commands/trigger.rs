//! `cra trigger rating.created --to URL`: signed test deliveries.
//!
//! Each delivery is a fresh payload (timestamp now), signed and POSTed with
//! at most `--concurrency` in flight. One line per response on standard
//! output, in the order they complete: `N STATUS REASON TIMEms`.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;
use futures_util::StreamExt;
use secrecy::ExposeSecret;

use crate::cli::{EventKind, TriggerArgs};
use crate::error::{CraError, Exit};
use crate::http;
use crate::io::Io;
use crate::settings::Settings;
use crate::webhook::secret::require_secret;
use crate::webhook::sign::{HEADER, sign};
use crate::webhook::trigger::payload;

/// How one delivery went.
enum Outcome {
    Status(reqwest::StatusCode),
    Failed(String),
}

pub async fn run(args: TriggerArgs, settings: &Settings, io: &Io) -> Result<Exit> {
    let EventKind::RatingCreated = args.event;
    let secret = require_secret(settings, "trigger")?;
    let to = crate::webhook::endpoint_url("--to", &args.to, "http://127.0.0.1:4000/")?;
    let timeout = settings.timeout.value;
    let client = crate::http::webhook_sender(&to, timeout, args.concurrency as usize)?;

    let bank_id = args.bank_id.as_deref();
    let rating = args.rating.as_deref();
    let deliveries = futures_util::stream::iter(0..args.count).map(|index| {
        let client = client.clone();
        let to = to.clone();
        let body = payload(index, bank_id, rating).to_body();
        let signature = sign(secret.expose_secret().as_bytes(), &body);
        async move {
            let started = Instant::now();
            let sent = client
                .post(to.clone())
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .header(HEADER, signature)
                .body(body)
                .send()
                .await;
            let outcome = match sent {
                Ok(response) => {
                    let status = response.status();
                    // Read (so the connection can be reused), but only so
                    // much: an answer that never ends must not fill memory.
                    match http::read_limited(response, http::SMALL_BODY_LIMIT).await {
                        Err(error @ http::BodyError::TooLarge { .. }) => Outcome::Failed(format!(
                            "({} {}: {})",
                            status.as_u16(),
                            status.canonical_reason().unwrap_or(""),
                            error.describe(&format!("the answer from {to}"))
                        )),
                        _ => Outcome::Status(status),
                    }
                }
                Err(error) => Outcome::Failed(describe_error(&error, &to, timeout)),
            };
            (index + 1, outcome, started.elapsed())
        }
    });
    let mut deliveries = deliveries.buffer_unordered(args.concurrency as usize);

    let mut failed = 0u64;
    let mut out = io.stdout();
    while let Some((number, outcome, elapsed)) = deliveries.next().await {
        let ms = elapsed.as_millis();
        match outcome {
            Outcome::Status(status) => {
                if !status.is_success() {
                    failed += 1;
                }
                writeln!(
                    out,
                    "{number} {} {} {ms}ms",
                    status.as_u16(),
                    status.canonical_reason().unwrap_or("")
                )?;
            }
            Outcome::Failed(why) => {
                failed += 1;
                writeln!(out, "{number} failed {why} {ms}ms")?;
            }
        }
        out.flush()?;
    }
    if failed > 0 {
        let what = if args.count == 1 {
            "the delivery did not get a 2xx response".to_string()
        } else {
            format!(
                "{failed} of {} deliveries did not get a 2xx response",
                args.count
            )
        };
        return Err(CraError::Response { message: what }.into());
    }
    Ok(Exit::Success)
}

/// One readable phrase for a failed send (no secret can be in it: the
/// request's headers are never part of reqwest's errors).
fn describe_error(error: &reqwest::Error, to: &url::Url, timeout: Duration) -> String {
    if error.is_timeout() {
        return format!("(no response from {to} within {}s)", timeout.as_secs_f64());
    }
    let mut root: &dyn std::error::Error = error;
    while let Some(source) = root.source() {
        root = source;
    }
    if error.is_connect() {
        format!("(could not connect to {to}: {root})")
    } else {
        format!("({to}: {root})")
    }
}
