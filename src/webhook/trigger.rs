//! What `trigger` sends and how: realistic sample payloads, and the one
//! signed sender that `trigger`, `replay` and `sync --notify` deliver
//! through.
//!
//! The sender takes a stream of bodies and gives back a stream of outcomes:
//! each body is signed as the service signs (`X-Service-Signature`), POSTed
//! as `application/json` with at most `concurrency` in flight, and its
//! outcome (status or failure, time, tries) yielded as it completes. It
//! retries only when asked to (`with_retries`), under the one retry policy
//! the API client follows too (`crate::http::retry`: every failed try
//! counts, a `Retry-After` over the cap is not sat out, a delivery waits
//! at most the policy's total in all): `trigger` and `replay` show the
//! receiver's first answer as it was, a notifier wants delivery. A
//! notifier that must stop on a signal gives it (`until`): waits end at
//! once, a try on the wire gets a moment to bring its answer back, and
//! nothing more is sent.

use std::io::Write;
use std::time::{Duration, Instant};

use bytes::Bytes;
use futures_util::future::{BoxFuture, Shared};
use futures_util::{FutureExt, Stream, StreamExt};
use secrecy::{ExposeSecret, SecretString};
use uuid::Uuid;

use crate::domain::{Rating, Regulator};
use crate::error::CraError;
use crate::http::retry::{Failed, Next, Policy, RETRY_AFTER_CAP, retry_after};
use crate::webhook::payload::{RatingCreated, RatingCreatedData};
use crate::webhook::sign::{HEADER, sign};

/// One body to deliver; `number` names it in the outcome (a delivery's
/// count, a log's line number, an outbox row).
#[derive(Debug, Clone)]
pub struct Delivery {
    pub number: u64,
    pub body: Bytes,
}

/// What the receiver made of a delivery, after any retries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    Status(reqwest::StatusCode),
    /// No answer: a readable phrase (no secret can be in it: the request's
    /// headers are never part of reqwest's errors).
    Failed(String),
}

/// The outcome of one delivery.
#[derive(Debug, Clone)]
pub struct Sent {
    pub number: u64,
    pub answer: Answer,
    /// From the first try to the last answer.
    pub elapsed: Duration,
    /// 1 without retries; 0 when stopped before the first.
    pub tries: u32,
    /// Why no more tries were made although the answer may succeed later:
    /// the receiver asked for a wait longer than the policy's cap or its
    /// total (`retries: receiver asked to wait 3 h`), or the sender was
    /// stopped.
    pub gave_up: Option<String>,
}

impl Sent {
    /// Answered with a 2xx.
    pub fn delivered(&self) -> bool {
        matches!(self.answer, Answer::Status(status) if status.is_success())
    }

    /// `N STATUS REASON TIMEms` or `N failed (WHY) TIMEms`, as `trigger`
    /// prints it.
    pub fn line(&self) -> String {
        let ms = self.elapsed.as_millis();
        match &self.answer {
            Answer::Status(status) => format!(
                "{} {} {} {ms}ms",
                self.number,
                status.as_u16(),
                status.canonical_reason().unwrap_or("")
            ),
            Answer::Failed(why) => format!("{} failed {why} {ms}ms", self.number),
        }
    }

    /// What became of it, for a message: the answer, and why it was not
    /// tried again.
    pub fn why(&self) -> String {
        let line = self.line();
        let answer = line.split_once(' ').map_or(line.as_str(), |(_, why)| why);
        match &self.gave_up {
            Some(gave_up) => format!("{answer}; {gave_up}"),
            None => answer.to_string(),
        }
    }
}

/// A signal that stops a sender (see [`Sender::until`]).
pub type Stop = Shared<BoxFuture<'static, ()>>;

/// How long a try on the wire when the sender is stopped may take to bring
/// its answer back (so that a delivery the receiver took is known to be
/// delivered and not sent again), at most.
const GRACE: Duration = Duration::from_secs(2);

/// Signed deliveries to one endpoint.
pub struct Sender {
    client: reqwest::Client,
    to: url::Url,
    secret: SecretString,
    timeout: Duration,
    concurrency: usize,
    retries: u32,
    stop: Option<Stop>,
}

impl Sender {
    /// A sender to `to`, signing with `secret`, each try given `timeout`,
    /// `concurrency` deliveries in flight at most; no retries.
    pub fn new(
        to: url::Url,
        secret: SecretString,
        timeout: Duration,
        concurrency: usize,
    ) -> anyhow::Result<Sender> {
        let concurrency = concurrency.max(1);
        let client = crate::http::webhook_sender(&to, timeout, concurrency)?;
        Ok(Sender {
            client,
            to,
            secret,
            timeout,
            concurrency,
            retries: 0,
            stop: None,
        })
    }

    /// Up to `retries` more tries of a delivery that got no answer or a
    /// 429/5xx, after the shared policy's backoff (`crate::http::retry`) or
    /// the receiver's `Retry-After`.
    pub fn with_retries(mut self, retries: u32) -> Sender {
        self.retries = retries;
        self
    }

    /// Stops on `stop`: no delivery is begun after it, no wait is sat out,
    /// and a try on the wire has [`GRACE`] to answer; what was not
    /// delivered is given back as such.
    pub fn until(mut self, stop: Stop) -> Sender {
        self.stop = Some(stop);
        self
    }

    fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|stop| stop.clone().now_or_never().is_some())
    }

    /// Runs `work` unless the stop comes first (after `grace`): `None` then.
    async fn unless_stopped<T>(&self, work: impl Future<Output = T>, grace: Duration) -> Option<T> {
        let Some(stop) = self.stop.clone() else {
            return Some(work.await);
        };
        tokio::select! {
            done = work => Some(done),
            () = async move {
                stop.await;
                tokio::time::sleep(grace).await;
            } => None,
        }
    }

    /// Sends every delivery of `deliveries` (pulled only as slots free up,
    /// so a generated body is stamped when it is sent) and yields each
    /// outcome as it completes.
    pub fn send_all<'a>(
        &'a self,
        deliveries: impl Stream<Item = Delivery> + 'a,
    ) -> impl Stream<Item = Sent> + 'a {
        deliveries
            .map(move |delivery| self.send(delivery))
            .buffer_unordered(self.concurrency)
    }

    /// One delivery, with its retries.
    pub async fn send(&self, delivery: Delivery) -> Sent {
        let signature = sign(self.secret.expose_secret().as_bytes(), &delivery.body);
        let policy = Policy::capped(self.retries, RETRY_AFTER_CAP);
        let started = Instant::now();
        let outcome = |answer, tries, gave_up| Sent {
            number: delivery.number,
            answer,
            elapsed: started.elapsed(),
            tries,
            gave_up,
        };
        let interrupted = || Some("interrupted before it was answered".to_string());
        if self.stopped() {
            return outcome(
                Answer::Failed("(not sent: interrupted)".into()),
                0,
                interrupted(),
            );
        }
        let mut tries = 0;
        let mut waited = Duration::ZERO;
        loop {
            tries += 1;
            let Some((answer, wait)) = self
                .unless_stopped(self.try_once(&delivery.body, &signature), GRACE)
                .await
            else {
                return outcome(Answer::Failed("(interrupted)".into()), tries, interrupted());
            };
            let failed = match &answer {
                Answer::Status(status) => Failed::Status(*status, wait),
                Answer::Failed(_) => Failed::Transport,
            };
            let gave_up = match policy.next(tries - 1, waited, failed) {
                Next::Retry { wait, .. } => {
                    waited = waited.saturating_add(wait);
                    if self
                        .unless_stopped(tokio::time::sleep(wait), Duration::ZERO)
                        .await
                        .is_some()
                    {
                        continue;
                    }
                    interrupted()
                }
                Next::TooLong(wait) => Some(format!(
                    "the receiver asked to wait {} (Retry-After), longer than cra waits ({})",
                    crate::text::duration(wait),
                    crate::text::duration(policy.cap)
                )),
                Next::OutOfTime(waited) => Some(format!(
                    "waited {} in all, the most cra waits for one delivery",
                    crate::text::duration(waited)
                )),
                Next::Final | Next::Exhausted => None,
            };
            return outcome(answer, tries, gave_up);
        }
    }

    /// One POST: the answer, and the receiver's `Retry-After` if it gave one.
    async fn try_once(&self, body: &Bytes, signature: &str) -> (Answer, Option<Duration>) {
        let sent = self
            .client
            .post(self.to.clone())
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(HEADER, signature)
            .body(body.clone())
            .send()
            .await;
        match sent {
            Ok(response) => {
                let status = response.status();
                let wait = retry_after(response.headers(), std::time::SystemTime::now());
                // Read (so the connection can be reused), but only so much:
                // an answer that never ends must not fill memory.
                match crate::http::read_limited(response, crate::http::SMALL_BODY_LIMIT).await {
                    Err(error @ crate::http::BodyError::TooLarge { .. }) => (
                        Answer::Failed(format!(
                            "({} {}: {})",
                            status.as_u16(),
                            status.canonical_reason().unwrap_or(""),
                            error.describe(&format!(
                                "the answer from {}",
                                crate::http::hide_userinfo(self.to.as_str())
                            ))
                        )),
                        None,
                    ),
                    _ => (Answer::Status(status), wait),
                }
            }
            Err(error) => (
                Answer::Failed(describe_error(&error, &self.to, self.timeout)),
                None,
            ),
        }
    }
}

/// Prints each outcome as it comes (`Sent::line`) and judges them all as
/// `trigger` does: `Ok` when every one got a 2xx, else an error (exit 1)
/// saying how many did not. The count of outcomes when all went well.
pub async fn print_outcomes(
    outcomes: impl Stream<Item = Sent>,
    out: &mut impl Write,
) -> anyhow::Result<u64> {
    let mut outcomes = std::pin::pin!(outcomes);
    let (mut total, mut failed) = (0u64, 0u64);
    while let Some(sent) = outcomes.next().await {
        total += 1;
        if !sent.delivered() {
            failed += 1;
        }
        writeln!(out, "{}", sent.line())?;
        out.flush()?;
    }
    if failed > 0 {
        let what = if total == 1 {
            "the delivery did not get a 2xx response".to_string()
        } else {
            format!("{failed} of {total} deliveries did not get a 2xx response")
        };
        return Err(CraError::Response { message: what }.into());
    }
    Ok(total)
}

/// One readable phrase for a failed send.
fn describe_error(error: &reqwest::Error, to: &url::Url, timeout: Duration) -> String {
    // A user:password@ part of the address is never shown.
    let to = crate::http::hide_userinfo(to.as_str());
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

/// Banks to put in test deliveries when no `--bank-id` is given: real-looking
/// names, cities' regulators and ids, so the receiver's output looks like a
/// real day's deliveries.
const SAMPLE_BANKS: &[(&str, &str)] = &[
    ("FIRST NATIONAL BANK OF AMARILLO", "OCC"),
    ("CITIZENS STATE BANK", "FDIC"),
    ("HILLS BANK AND TRUST COMPANY", "FDIC"),
    ("FARMERS & MERCHANTS BANK OF LONG BEACH", "FRB"),
    ("COMMUNITY FIRST BANK", "FDIC"),
    ("PEOPLES BANK OF ALABAMA", "FRB"),
    ("SECURITY NATIONAL BANK OF OMAHA", "OCC"),
    ("BANK OF THE OZARKS", "FDIC"),
    ("UNION SAVINGS BANK", "OCC"),
    ("GREAT SOUTHERN BANK", "FRB"),
    ("MIDWESTONE BANK", "FDIC"),
    ("VALLEY NATIONAL BANK", "OCC"),
];

/// The ratings the sample deliveries take in turn (Satisfactory the most,
/// as in the real file).
const RATINGS: [Rating; 6] = [
    Rating::Satisfactory,
    Rating::Outstanding,
    Rating::Satisfactory,
    Rating::NeedsToImprove,
    Rating::Satisfactory,
    Rating::SubstantialNoncompliance,
];

/// A stable UUID for a sample bank, so repeated triggers name the same id.
fn sample_id(name: &str) -> String {
    Uuid::new_v5(
        &Uuid::NAMESPACE_URL,
        format!("cra-sample-bank:{name}").as_bytes(),
    )
    .to_string()
}

/// The payload of delivery number `index` (0-based), stamped now.
pub fn payload(index: u64, bank_id: Option<&str>, rating: Option<&str>) -> RatingCreated {
    // One bank id is always the same bank: with `--bank-id`, its name and
    // regulator follow from the id, not from the delivery's number.
    let sample = match bank_id {
        Some(id) => {
            let hash = Uuid::new_v5(&Uuid::NAMESPACE_URL, id.as_bytes()).as_u128();
            (hash % SAMPLE_BANKS.len() as u128) as usize
        }
        None => (index as usize) % SAMPLE_BANKS.len(),
    };
    let (name, regulator) = SAMPLE_BANKS[sample];
    let today = jiff::Timestamp::now()
        .to_zoned(jiff::tz::TimeZone::UTC)
        .date();
    let exam_date = today
        .checked_sub(jiff::Span::new().days(7 + (index % 60) as i64))
        .unwrap_or(today);
    RatingCreated::now(RatingCreatedData {
        bank_id: bank_id.map_or_else(|| sample_id(name), str::to_string),
        bank_name: name.to_string(),
        rating: rating.map_or_else(
            || RATINGS[(index as usize) % RATINGS.len()].clone(),
            Rating::from_text,
        ),
        exam_date: exam_date.to_string(),
        regulator: Regulator::from_text(regulator),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A receiver answering the n-th request (0-based) with `status(n)`,
    /// `Retry-After: 0` on a 503; it counts requests and checks signatures.
    async fn receiver(
        status: fn(usize) -> u16,
    ) -> (url::Url, std::sync::Arc<std::sync::atomic::AtomicUsize>) {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let hits = std::sync::Arc::new(AtomicUsize::new(0));
        let counted = hits.clone();
        let app =
            axum::Router::new().fallback(move |headers: axum::http::HeaderMap, body: Bytes| {
                let counted = counted.clone();
                async move {
                    let n = counted.fetch_add(1, Ordering::SeqCst);
                    assert_eq!(headers[HEADER], sign(b"k", &body));
                    let code = axum::http::StatusCode::from_u16(status(n)).unwrap();
                    (code, [(axum::http::header::RETRY_AFTER, "0")], "")
                }
            });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}/", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, app).await });
        (url.parse().unwrap(), hits)
    }

    fn sender(to: url::Url) -> Sender {
        Sender::new(to, SecretString::from("k"), Duration::from_secs(10), 2).unwrap()
    }

    fn delivery() -> Delivery {
        Delivery {
            number: 1,
            body: Bytes::from_static(b"{}"),
        }
    }

    #[tokio::test]
    async fn retries_only_when_asked_and_only_what_may_succeed_later() {
        use std::sync::atomic::Ordering;
        // Without retries: the first answer, as it was.
        let (to, hits) = receiver(|_| 503).await;
        let first = sender(to).send(delivery()).await;
        assert_eq!(
            first.answer,
            Answer::Status(reqwest::StatusCode::SERVICE_UNAVAILABLE)
        );
        assert_eq!((first.tries, hits.load(Ordering::SeqCst)), (1, 1));
        // 503 (with Retry-After: 0), then 200: delivered on the second try.
        let (to, hits) = receiver(|n| if n == 0 { 503 } else { 200 }).await;
        let again = sender(to).with_retries(3).send(delivery()).await;
        assert!(again.delivered(), "{again:?}");
        assert_eq!((again.tries, hits.load(Ordering::SeqCst)), (2, 2));
        // A 400 is the receiver's final word.
        let (to, hits) = receiver(|_| 400).await;
        let refused = sender(to).with_retries(3).send(delivery()).await;
        assert_eq!((refused.tries, hits.load(Ordering::SeqCst)), (1, 1));
        // Always 500: every retry used, then the last answer.
        let (to, hits) = receiver(|_| 500).await;
        let failing = sender(to).with_retries(2).send(delivery()).await;
        assert_eq!((failing.tries, hits.load(Ordering::SeqCst)), (3, 3));
        assert!(!failing.delivered());
        // Nobody listening: a connection error is retried too.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let to = format!("http://127.0.0.1:{port}/").parse().unwrap();
        let unreachable = sender(to).with_retries(1).send(delivery()).await;
        assert_eq!(unreachable.tries, 2);
        assert!(
            matches!(&unreachable.answer, Answer::Failed(why) if why.contains("could not connect"))
        );
    }

    #[test]
    fn outcome_lines_as_trigger_prints_them() {
        let sent = |answer| Sent {
            number: 7,
            answer,
            elapsed: Duration::from_micros(3_900),
            tries: 1,
            gave_up: None,
        };
        let ok = sent(Answer::Status(reqwest::StatusCode::OK));
        assert!(ok.delivered());
        assert_eq!(ok.line(), "7 200 OK 3ms");
        let busy = sent(Answer::Status(reqwest::StatusCode::SERVICE_UNAVAILABLE));
        assert!(!busy.delivered());
        assert_eq!(busy.line(), "7 503 Service Unavailable 3ms");
        let failed = sent(Answer::Failed("(refused)".into()));
        assert!(!failed.delivered());
        assert_eq!(failed.line(), "7 failed (refused) 3ms");
    }

    #[test]
    fn payload_has_the_documented_shape() {
        let p = payload(3, None, None);
        assert_eq!(p.event, "rating.created");
        assert_eq!(p.timestamp.len(), 24);
        assert_eq!(p.data.exam_date.len(), 10);
        assert!(Uuid::parse_str(&p.data.bank_id).is_ok());
        let q = payload(3, Some("abc"), Some("Outstanding"));
        assert_eq!(q.data.bank_id, "abc");
        assert_eq!(q.data.rating, "Outstanding");
        let body = p.to_body();
        assert!((150..260).contains(&body.len()), "{}", body.len());
        // The same --bank-id is the same bank in every delivery.
        let same: Vec<_> = (0..20)
            .map(|i| {
                let d = payload(i, Some("my-bank"), None).data;
                (d.bank_name, d.regulator)
            })
            .collect();
        assert!(same.windows(2).all(|w| w[0] == w[1]), "{same:?}");
        // Without one, deliveries cycle through the sample banks.
        assert_ne!(
            payload(0, None, None).data.bank_name,
            payload(1, None, None).data.bank_name
        );
    }
}
