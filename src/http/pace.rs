//! The gate every request of the API client passes, whatever the
//! concurrency of the command that sends it: `--rate` (a token bucket,
//! evenly spread), the pace and flight learnt from 429s (`adapt::Aimd`),
//! the service's own quota figures (`adapt::Window`), and the pause a
//! `Retry-After` asks for. One `Governor` per client; its state is a few
//! numbers under a lock, held for no await.

use std::sync::Mutex;
use std::time::{Duration, SystemTime};

use reqwest::header::HeaderMap;
use tokio::sync::Notify;
use tokio::time::Instant;

use super::Later;
use super::adapt::{Aimd, Hold, Window, figures};
use super::rate::{Bucket, Rate};

/// The `--rate` spacing is stretched by this much.
const RATE_MARGIN: f64 = 1.01;

/// Pacing and pauses shared by every request of one client.
pub struct Governor {
    state: Mutex<State>,
    freed: Notify,
    /// A wait longer than this is not taken: `acquire` says how long it
    /// would have been instead.
    max_wait: Duration,
    /// Told of each wait of a second or more (a countdown for a person
    /// watching), once per wait: its end, and whether the service imposed
    /// it (else it is the pace asked for, `--rate`).
    announce: Option<Box<dyn Fn(Instant, Wait) + Send + Sync>>,
}

/// What a request waits for, as a person watching is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wait {
    /// The service's rate limit: a 429's `Retry-After`, a quota spent.
    Limit,
    /// A failing service (its `Retry-After`, or backoff) before retry
    /// `retry` of `of`.
    Retry { retry: u32, of: u32 },
    /// The pace asked for (`--rate`).
    Pace,
}

struct State {
    bucket: Bucket<Instant>,
    /// `--rate`: the pace is fixed; 429s still pause, but do not slow it.
    fixed: Option<Rate>,
    aimd: Aimd,
    window: Option<Window>,
    paused_until: Option<Instant>,
    in_flight: u32,
    sent: u64,
    /// The end of the last wait announced.
    announced: Option<Instant>,
}

/// A request under way: its number, when it left, and how long it waited
/// for what the service imposed. Dropping it frees its place in flight.
pub struct Permit<'a> {
    governor: &'a Governor,
    pub seq: u64,
    pub sent_at: Instant,
    pub imposed: Duration,
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        let mut state = self.governor.lock();
        state.in_flight = state.in_flight.saturating_sub(1);
        drop(state);
        self.governor.freed.notify_waiters();
    }
}

/// Why a request was not let through: the wait the service imposes is
/// longer than the longest wait (`in_all` false), or would take the
/// request past what it may wait in all (`in_all`: `wait` is then the
/// total it would come to).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLong {
    pub wait: Duration,
    pub in_all: bool,
}

impl Governor {
    pub fn new(rate: Option<Rate>, max_wait: Duration) -> Governor {
        let now = Instant::now();
        Governor {
            state: Mutex::new(State {
                bucket: Bucket::new(rate.map_or(Duration::ZERO, |r| r.interval())),
                fixed: rate,
                aimd: Aimd::new(now),
                window: None,
                paused_until: None,
                in_flight: 0,
                sent: 0,
                announced: None,
            }),
            freed: Notify::new(),
            max_wait,
            announce: None,
        }
    }

    /// Calls `announce` with the end of each wait of a second or more,
    /// once per wait, and what it waits for.
    pub fn with_announce(
        mut self,
        announce: impl Fn(Instant, Wait) + Send + Sync + 'static,
    ) -> Governor {
        self.announce = Some(Box::new(announce));
        self
    }

    /// Announces a wait until `until`, unless one ending about then was.
    pub fn announce_wait(&self, until: Instant, why: Wait) {
        let Some(announce) = &self.announce else {
            return;
        };
        {
            let mut state = self.lock();
            if state
                .announced
                .is_some_and(|a| until <= a.later(Duration::from_secs(1)))
            {
                return;
            }
            state.announced = Some(until);
        }
        announce(until, why);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The longest wait taken.
    pub fn max_wait(&self) -> Duration {
        self.max_wait
    }

    /// The pace in force, in requests a second, if any: `--rate`, or what
    /// 429s taught.
    #[cfg(test)]
    pub fn pace(&self) -> Option<f64> {
        let state = self.lock();
        match state.fixed {
            Some(rate) => Some(rate.per_second()),
            None => state.aimd.rate(),
        }
    }

    /// Waits for the request's turn: a place in flight, the end of any
    /// pause, its slot in the pace. A wait over `max_wait` is not taken.
    pub async fn acquire(&self) -> Result<Permit<'_>, TooLong> {
        self.acquire_within(super::FAR).await
    }

    /// The same, the service's waits coming to at most `in_all` (what is
    /// left of the request's total): past it, the wait is not taken.
    pub async fn acquire_within(&self, in_all: Duration) -> Result<Permit<'_>, TooLong> {
        let mut permit: Option<Permit<'_>> = None;
        let mut imposed_so_far = Duration::ZERO;
        loop {
            let freed = self.freed.notified();
            tokio::pin!(freed);
            freed.as_mut().enable();
            let at = {
                let mut state = self.lock();
                let now = Instant::now();
                if permit.is_none() && state.in_flight >= state.flight_limit() {
                    None
                } else {
                    let (at, imposed) = state.slot(now);
                    // Only what the service imposes counts against the
                    // longest wait: a pace asked for (`--rate 10/h`) is
                    // kept however slow.
                    let wait = imposed.saturating_duration_since(now);
                    if wait > self.max_wait {
                        return Err(TooLong {
                            wait,
                            in_all: false,
                        });
                    }
                    let total = imposed_so_far.saturating_add(wait);
                    if total > in_all {
                        return Err(TooLong {
                            wait: total,
                            in_all: true,
                        });
                    }
                    imposed_so_far = total;
                    let stretch = state.stretch();
                    state.bucket.reserve(at, stretch);
                    if let Some(permit) = &mut permit {
                        permit.imposed = imposed_so_far;
                    } else {
                        state.in_flight += 1;
                        state.sent += 1;
                        permit = Some(Permit {
                            governor: self,
                            seq: state.sent,
                            sent_at: at,
                            imposed: imposed_so_far,
                        });
                    }
                    Some((at, imposed))
                }
            };
            let Some((at, imposed)) = at else {
                freed.await;
                continue;
            };
            let soon = Instant::now().later(Duration::from_secs(1));
            if imposed >= soon {
                self.announce_wait(imposed, Wait::Limit);
            } else if at >= soon {
                self.announce_wait(at, Wait::Pace);
            }
            tokio::time::sleep_until(at).await;
            // A 429 to another request while this one waited: it waits
            // too, and takes a new slot after the pause.
            let paused = self.lock().paused_until.is_some_and(|p| p > Instant::now());
            if !paused {
                let mut permit = permit.expect("set above");
                permit.sent_at = Instant::now();
                return Ok(permit);
            }
        }
    }

    /// An answer arrived for `permit`: learn from its status and headers.
    pub fn answered(&self, permit: &Permit<'_>, status: u16, headers: &HeaderMap) {
        let now = Instant::now();
        let said = figures(headers, SystemTime::now());
        let mut state = self.lock();
        if let Some(said) = said {
            state.window = Some(Window::observe(
                state.window,
                permit.seq,
                permit.sent_at,
                now,
                said,
            ));
        }
        if status != 429 && status < 500 && state.fixed.is_none() {
            state.aimd.success(0.5 + rand::random::<f64>());
        }
    }

    /// A 429 to `permit`, to be retried after `wait`: every request
    /// pauses until then, and (without `--rate`) the pace and the flight
    /// come down. True when this made the pause longer, rather than fell
    /// within one in force.
    pub fn limited(&self, permit: &Permit<'_>, wait: Duration) -> bool {
        let now = Instant::now();
        let mut state = self.lock();
        let longer = state.pause(now, wait);
        if state.fixed.is_none() {
            let in_flight = state.in_flight;
            let resume = now.later(wait);
            state.aimd.limited(permit.sent_at, now, resume, in_flight);
        }
        longer
    }

    /// Holds every request back for `wait` from now (for a 5xx's
    /// `Retry-After`). True when this made the pause longer.
    pub fn pause_for(&self, wait: Duration) -> bool {
        self.lock().pause(Instant::now(), wait)
    }
}

impl State {
    fn flight_limit(&self) -> u32 {
        match self.fixed {
            Some(_) => u32::MAX,
            None => self.aimd.window().max(1),
        }
    }

    /// The pace's gap between requests: the tightest of `--rate`, the
    /// learnt pace and the quota's spread.
    fn interval(&self, now: Instant) -> (Duration, Option<Instant>) {
        // 1 % over the rate's spacing: a request that reaches the service
        // a few milliseconds later than the one after it (the network, a
        // busy machine) still leaves the period within N.
        let mut gap = self.fixed.map(|r| r.interval().mul_f64(RATE_MARGIN));
        if self.fixed.is_none()
            && let Some(learnt) = self.aimd.interval()
        {
            gap = Some(learnt);
        }
        let mut until = None;
        let from = self.bucket.earliest(now);
        match self.window.map(|w| w.hold(now, from, self.sent)) {
            Some(Hold::Spread(spread)) => gap = Some(gap.map_or(spread, |g| g.max(spread))),
            Some(Hold::Until(at)) => until = Some(at),
            _ => {}
        }
        (gap.unwrap_or(Duration::ZERO), until)
    }

    /// When a request asking at `now` may leave (without taking the slot),
    /// and the part of that the service imposes (a pause, a quota spent).
    fn slot(&mut self, now: Instant) -> (Instant, Instant) {
        let (gap, until) = self.interval(now);
        self.bucket.set_interval(gap);
        let mut at = now;
        if let Some(paused) = self.paused_until.filter(|p| *p > now) {
            // Those held back do not all arrive in the same instant.
            at = paused.later(Duration::from_millis(rand::random_range(0..250)));
        }
        if let Some(until) = until {
            at = at.max(until);
        }
        (self.bucket.earliest(at), at)
    }

    /// Jitter of the learnt pace; `--rate` and the quota's spread are kept
    /// exactly.
    fn stretch(&self) -> f64 {
        if self.fixed.is_none() && self.aimd.rate().is_some() {
            0.9 + 0.2 * rand::random::<f64>()
        } else {
            1.0
        }
    }

    fn pause(&mut self, now: Instant, wait: Duration) -> bool {
        let until = now.later(wait);
        match self.paused_until {
            // Requests refused together set nearly the same end.
            Some(current) if current > now && current.later(Duration::from_secs(1)) >= until => {
                false
            }
            _ => {
                self.paused_until = Some(until);
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With time paused, departures follow the rate exactly, whatever the
    /// concurrency: 20 requests at 10/s from 8 tasks leave 100 ms apart.
    #[tokio::test(start_paused = true)]
    async fn the_rate_holds_whatever_the_concurrency() {
        let governor = std::sync::Arc::new(Governor::new(
            Some("10/s".parse().unwrap()),
            Duration::from_secs(60),
        ));
        let t0 = Instant::now();
        let mut tasks = Vec::new();
        for _ in 0..8 {
            let governor = governor.clone();
            tasks.push(tokio::spawn(async move {
                let mut left = Vec::new();
                for _ in 0..5 {
                    let permit = governor.acquire().await.unwrap();
                    left.push(permit.sent_at - t0);
                    tokio::time::sleep(Duration::from_millis(30)).await;
                }
                left
            }));
        }
        let mut all = Vec::new();
        for task in tasks {
            all.extend(task.await.unwrap());
        }
        all.sort();
        assert_eq!(all.len(), 40);
        for pair in all.windows(2) {
            assert!(pair[1] - pair[0] >= Duration::from_millis(100), "{pair:?}");
        }
        // Evenly, with the 1 % margin: 39 gaps of 101 ms.
        assert!(
            all[39] <= Duration::from_millis(39 * 101 + 1),
            "{:?}",
            all[39]
        );
    }

    /// A pause longer than the longest wait is refused at once, saying how
    /// long it would be; one within it is waited out.
    #[tokio::test(start_paused = true)]
    async fn a_wait_past_max_wait_is_refused() {
        let governor = Governor::new(None, Duration::from_secs(5));
        let permit = governor.acquire().await.unwrap();
        assert!(governor.limited(&permit, Duration::from_secs(60)));
        drop(permit);
        let refused = governor.acquire().await.err().unwrap();
        assert!(refused.wait > Duration::from_secs(59));
        let short = Governor::new(None, Duration::from_secs(5));
        let permit = short.acquire().await.unwrap();
        short.limited(&permit, Duration::from_secs(2));
        drop(permit);
        let t0 = Instant::now();
        let _ = short.acquire().await.unwrap();
        assert!(t0.elapsed() >= Duration::from_secs(2));
    }

    /// A per-minute quota spent (nothing left, reset in 60 s) is waited
    /// out under the default longest wait: it has a margin over a minute,
    /// so a search at the window's edge does not fail.
    #[tokio::test(start_paused = true)]
    async fn a_minute_window_is_within_the_default_wait() {
        let governor = Governor::new(None, crate::http::retry::RETRY_AFTER_CAP);
        let permit = governor.acquire().await.unwrap();
        let mut headers = HeaderMap::new();
        headers.insert("ratelimit-remaining", "0".parse().unwrap());
        headers.insert("ratelimit-reset", "60".parse().unwrap());
        governor.answered(&permit, 200, &headers);
        drop(permit);
        let t0 = Instant::now();
        let next = governor
            .acquire()
            .await
            .expect("a minute's window is waited out");
        assert!(
            next.imposed >= Duration::from_secs(59),
            "{:?}",
            next.imposed
        );
        assert!(t0.elapsed() >= Duration::from_secs(59));
    }

    /// What the service imposes counts against what a request may wait in
    /// all, over every pause it meets.
    #[tokio::test(start_paused = true)]
    async fn the_waits_of_one_request_add_up_to_at_most_its_total() {
        let governor = Governor::new(None, Duration::from_secs(60));
        let permit = governor.acquire().await.unwrap();
        governor.limited(&permit, Duration::from_secs(30));
        drop(permit);
        let refused = governor
            .acquire_within(Duration::from_secs(20))
            .await
            .err()
            .unwrap();
        assert!(refused.in_all && refused.wait >= Duration::from_secs(29));
        let fine = governor
            .acquire_within(Duration::from_secs(40))
            .await
            .unwrap();
        assert!(fine.imposed >= Duration::from_secs(29));
    }

    /// Any pause a server asks for, however long, is set without a panic
    /// (an instant that far ahead saturates), and refused as too long.
    #[tokio::test(start_paused = true)]
    async fn a_pause_past_any_clock_is_too_long_not_a_panic() {
        let governor = Governor::new(None, Duration::from_secs(60));
        let permit = governor.acquire().await.unwrap();
        for wait in [
            Duration::MAX,
            Duration::from_secs(u64::MAX),
            crate::http::FAR * 2,
        ] {
            governor.limited(&permit, wait);
            governor.pause_for(wait);
        }
        drop(permit);
        let refused = governor.acquire().await.err().unwrap();
        assert!(!refused.in_all && refused.wait > Duration::from_secs(86_400));
    }

    /// A slow rate asked for is kept, however far past the longest wait
    /// its next slot is.
    #[tokio::test(start_paused = true)]
    async fn a_slow_rate_is_no_wait_too_long() {
        let governor = Governor::new(Some("2/h".parse().unwrap()), Duration::from_secs(60));
        let t0 = Instant::now();
        drop(governor.acquire().await.unwrap());
        let second = governor.acquire().await.unwrap();
        assert_eq!(
            second.sent_at - t0,
            Duration::from_secs(1800).mul_f64(RATE_MARGIN)
        );
    }

    /// After a 429, no more than the lowered flight is out at once.
    #[tokio::test(start_paused = true)]
    async fn a_429_lowers_the_flight() {
        let governor = Governor::new(None, Duration::from_secs(60));
        let mut out = Vec::new();
        for _ in 0..8 {
            out.push(governor.acquire().await.unwrap());
        }
        governor.limited(&out[0], Duration::from_secs(1));
        out.clear();
        let limit = governor.lock().flight_limit();
        assert_eq!(limit, 4);
        let mut held = Vec::new();
        for _ in 0..limit {
            held.push(governor.acquire().await.unwrap());
        }
        let blocked = tokio::time::timeout(Duration::from_secs(30), governor.acquire()).await;
        assert!(blocked.is_err(), "a fifth request went out");
    }
}
