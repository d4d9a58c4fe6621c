//! `--webhook-url`: every interval a new examination record is added to one
//! bank (it becomes the current record; the API shows it at once), and a
//! signed `rating.created` is POSTed to the URL.
//!
//! Which bank: a ChaCha stream of the seed picks positions in served order,
//! skipping OTS banks (OTS closed in 2011). The record is dated today (or the
//! day after the bank's newest record, if that is today or later), keeps the
//! bank's current exam type, and draws its rating from the real transition
//! counts out of the current rating.
//!
//! Delivery: `POST`, `Content-Type: application/json`,
//! `X-Service-Signature: sha256=<hex>`. A delivery succeeds on any 2xx. A
//! failure (other status, connection error, 10 s timeout) is retried 3
//! times, after 1 s, 2 s and 4 s, with the same body and signature; then it
//! is given up. Each attempt's outcome is one line on standard error.

use std::sync::Arc;
use std::time::Duration;

use secrecy::{ExposeSecret, SecretString};

use super::data::{Draw, Rating, format_day, today};
use super::server::App;
use super::tables::{RATINGS, TRANSITIONS};
use crate::io::Io;
use crate::webhook::payload::{RatingCreated, RatingCreatedData};
use crate::webhook::sign;

/// Waits before each retry.
pub const RETRY_DELAYS: [Duration; 3] = [
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(4),
];

/// Timeout of one delivery attempt.
pub const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(10);

pub struct Config {
    pub url: String,
    pub every: Duration,
    pub secret: SecretString,
    pub seed: u64,
}

/// Adds one record to a bank chosen by `draw`; None when no bank qualifies.
pub fn add_exam(app: &App, draw: &mut Draw) -> Option<RatingCreatedData> {
    let mut store = app.write();
    let n = store.len();
    if n == 0 {
        return None;
    }
    let start = draw.below(n);
    let pos = (0..n)
        .map(|k| (start + k) % n)
        .find(|p| store.banks()[*p].regulator != "OTS")? as u32;
    let bank = &store.banks()[pos as usize];
    let current = bank.current()?;
    let from = RATINGS
        .iter()
        .position(|r| *r == current.rating)
        .unwrap_or(1);
    let weights = TRANSITIONS[from].map(f64::from);
    let rating = RATINGS[draw.weighted(&weights)];
    let newest = bank.ratings.iter().map(|r| r.exam_date.as_str()).max()?;
    let mut day = today();
    while format_day(day).as_str() <= newest {
        day += 1;
    }
    let record = Rating {
        exam_date: format_day(day),
        rating: rating.into(),
        exam_type: current.exam_type.clone(),
        is_current: true,
        extra: Default::default(),
    };
    let bank = store.add_record(pos, record);
    Some(RatingCreatedData {
        bank_id: bank.id.clone(),
        bank_name: bank.name.clone(),
        rating: bank.ratings[0].rating.to_string(),
        exam_date: bank.ratings[0].exam_date.clone(),
        regulator: bank.regulator.clone(),
    })
}

/// Runs until the task is dropped: one new record and delivery per interval.
pub async fn run(app: Arc<App>, config: Config, io: Io) {
    let client = reqwest::Client::builder()
        .timeout(ATTEMPT_TIMEOUT)
        .build()
        .expect("an HTTP client with default TLS settings");
    let config = Arc::new(config);
    let mut draw = Draw::new(config.seed, 1);
    let mut ticks = tokio::time::interval(config.every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    ticks.tick().await; // the first tick is immediate
    loop {
        ticks.tick().await;
        let Some(data) = add_exam(&app, &mut draw) else {
            io.warn("webhook: no bank to add an examination record to");
            continue;
        };
        let event = RatingCreated::now(data);
        let body = event.to_body();
        let signature = sign::sign(config.secret.expose_secret().as_bytes(), &body);
        let label = format!(
            "rating.created {} {} ({})",
            event.data.bank_id, event.data.rating, event.data.exam_date
        );
        tokio::spawn(deliver(
            client.clone(),
            config.clone(),
            body,
            signature,
            label,
            io.clone(),
        ));
    }
}

async fn deliver(
    client: reqwest::Client,
    config: Arc<Config>,
    body: Vec<u8>,
    signature: String,
    label: String,
    io: Io,
) {
    let attempts = RETRY_DELAYS.len() + 1;
    for attempt in 1..=attempts {
        let result = client
            .post(&config.url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(sign::HEADER, &signature)
            .body(body.clone())
            .send()
            .await;
        let outcome = match result {
            Ok(response) if response.status().is_success() => {
                io.info(&format!(
                    "webhook: {label} -> {} (attempt {attempt})",
                    response.status()
                ));
                return;
            }
            Ok(response) => response.status().to_string(),
            Err(error) => crate::error::one_line(&anyhow::Error::from(error.without_url())),
        };
        match RETRY_DELAYS.get(attempt - 1) {
            Some(delay) => {
                io.info(&format!(
                    "webhook: {label} -> {outcome} (attempt {attempt}); retrying in {}s",
                    delay.as_secs()
                ));
                tokio::time::sleep(*delay).await;
            }
            None => io.warn(&format!(
                "webhook: {label} -> {outcome} (attempt {attempt}); giving up"
            )),
        }
    }
}
