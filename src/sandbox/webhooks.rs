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

use super::data::{SandboxExam, civil_from_days, days_from_civil, format_day};
use super::draw::Draw;
use super::server::App;
use super::tables::{RATINGS, TRANSITIONS};
use crate::domain::Regulator;
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
    pub url: url::Url,
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
    // The first bank from `start` on that can take a new record: not OTS,
    // with a current record, and a next exam date this side of 9999-12-31.
    // A delivery is news: its exam is dated today (after the data's day),
    // as the service would date one published now.
    let today = jiff::Timestamp::now().as_second().div_euclid(86_400);
    let (pos, day) = (0..n).map(|k| (start + k) % n).find_map(|p| {
        let bank = &store.banks()[p];
        if bank.regulator == Regulator::Ots || bank.current().is_none() {
            return None;
        }
        let newest = bank.ratings.iter().map(|r| r.exam_date.as_str()).max()?;
        Some((p as u32, next_exam_day(newest, today)?))
    })?;
    let bank = &store.banks()[pos as usize];
    let current = bank.current()?;
    let rating = next_rating(draw, current.rating.as_str());
    let record = SandboxExam {
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
        rating: bank.ratings[0].rating.clone(),
        exam_date: bank.ratings[0].exam_date.clone(),
        regulator: bank.regulator.clone(),
    })
}

/// The rating of a bank's next exam, drawn from the real transition counts
/// out of its current one.
pub fn next_rating(draw: &mut Draw, current: &str) -> &'static str {
    let from = RATINGS.iter().position(|r| *r == current).unwrap_or(1);
    let weights = TRANSITIONS[from].map(f64::from);
    RATINGS[draw.weighted(&weights)]
}

/// The date of a bank's next record: today, or the day after its newest
/// record when that is today or later. None past 9999-12-31, the last date
/// the API's `YYYY-MM-DD` can carry.
fn next_exam_day(newest: &str, today: i64) -> Option<i64> {
    let after_newest = newest
        .parse::<jiff::civil::Date>()
        .ok()
        .map(|d| days_from_civil(i32::from(d.year()), d.month() as u32, d.day() as u32) + 1);
    let day = after_newest.map_or(today, |next| next.max(today));
    (civil_from_days(day).0 <= 9999).then_some(day)
}

/// Runs until the task is dropped: one new record and delivery per interval.
pub async fn run(app: Arc<App>, config: Config, io: Io) {
    let client = match crate::http::webhook_sender(&config.url, ATTEMPT_TIMEOUT, 8) {
        Ok(client) => client,
        Err(error) => {
            io.warn(&format!(
                "webhook: no HTTP client, so no deliveries: {error}"
            ));
            return;
        }
    };
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
            .post(config.url.clone())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sandbox::data::generate;
    use crate::sandbox::server::Faults;
    use crate::sandbox::store::ServedBanks;

    fn day(text: &str) -> i64 {
        let d: jiff::civil::Date = text.parse().unwrap();
        days_from_civil(i32::from(d.year()), d.month() as u32, d.day() as u32)
    }

    #[test]
    fn next_exam_day_is_today_or_after_the_newest_record() {
        let today = day("2026-11-21");
        assert_eq!(next_exam_day("2025-03-01", today), Some(today));
        assert_eq!(next_exam_day("2026-11-21", today), Some(today + 1));
        assert_eq!(next_exam_day("2027-12-31", today), Some(day("2028-01-01")));
        assert_eq!(next_exam_day("9999-12-30", today), Some(day("9999-12-31")));
        assert_eq!(next_exam_day("9999-12-31", today), None);
        assert_eq!(next_exam_day("not a date", today), Some(today));
    }

    /// Banks whose newest record is 9999-12-31 cannot take another: they
    /// are skipped (never looped on, holding the store's lock), and when
    /// no bank can, there is nothing to add.
    #[test]
    fn banks_at_the_end_of_the_calendar_are_skipped() {
        let mut banks = generate(20, 3, day("2026-11-01"));
        for bank in &mut banks {
            bank.regulator = "FDIC".into();
            bank.ratings[0].exam_date = "9999-12-31".into();
        }
        let open = 7;
        banks[open].ratings[0].exam_date = "2020-01-01".into();
        let app = App::new(ServedBanks::new(banks.clone()), Faults::default());
        for seed in 0..10 {
            let mut draw = Draw::new(seed, 1);
            let added = add_exam(&app, &mut draw).expect("one bank qualifies");
            assert_eq!(added.bank_id, banks[open].id);
        }
        banks[open].ratings[0].exam_date = "9999-12-31".into();
        let app = App::new(ServedBanks::new(banks), Faults::default());
        assert!(add_exam(&app, &mut Draw::new(1, 1)).is_none());
    }
}
