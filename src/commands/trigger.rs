//! `cra trigger rating.created --to URL`: signed test deliveries.
//!
//! Each delivery is a fresh payload (timestamp now), signed and POSTed with
//! at most `--concurrency` in flight. One line per response on standard
//! output, in the order they complete: `N STATUS REASON TIMEms`.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;
use clap::{Args, ValueEnum};
use futures_util::StreamExt;
use secrecy::ExposeSecret;

use crate::cli::{ConfigFlag, Inherited, TimeoutFlag, whole};
use crate::commands::SecretArg;
use crate::error::{CraError, Exit};
use crate::io::Io;
use crate::settings::Settings;
use crate::webhook::secret::require_secret;
use crate::webhook::sign::{HEADER, sign};
use crate::webhook::trigger::payload;

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
Examples:
  cra trigger rating.created --to http://127.0.0.1:4000/
  cra trigger rating.created --to http://127.0.0.1:4000/ --count 100 --rating Outstanding";

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EventKind {
    #[value(name = "rating.created")]
    RatingCreated,
}

#[derive(Debug, Clone, Args)]
pub struct TriggerArgs {
    /// Event to send
    #[arg(value_enum, value_name = "EVENT")]
    pub event: EventKind,

    /// Endpoint to POST to
    #[arg(long, value_name = "URL")]
    pub to: String,

    #[command(flatten)]
    pub secret: SecretArg,

    /// Number of deliveries
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = whole::<u64>(1, 1_000_000), allow_negative_numbers = true)]
    pub count: u64,

    /// Bank id to put in the payload (default: a realistic sample bank)
    #[arg(long, value_name = "ID")]
    pub bank_id: Option<String>,

    /// Rating text to put in the payload
    #[arg(long, value_name = "RATING")]
    pub rating: Option<String>,

    /// Deliveries in flight at once
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = whole::<u32>(1, 256), allow_negative_numbers = true)]
    pub concurrency: u32,

    #[command(flatten)]
    pub config: ConfigFlag,
    #[command(flatten)]
    pub timeout: TimeoutFlag,
}

impl TriggerArgs {
    /// No API call: the config file (for the secret) and the timeout of a delivery.
    pub fn inherited(&self) -> Inherited<'_> {
        Inherited {
            config: Some(&self.config),
            timeout: Some(&self.timeout),
            ..Inherited::default()
        }
    }
}

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
                    // Read the body so the connection can be reused.
                    let _ = response.bytes().await;
                    Outcome::Status(status)
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
