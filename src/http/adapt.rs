//! How fast to go when nobody said (no `--rate`): the pure state behind
//! the API client's pacing. `Aimd` learns from 429s (multiplicative
//! decrease, additive increase while requests succeed), `Window` from the
//! service's `RateLimit-*` / `X-RateLimit-*` headers. Both take the
//! instants they reason about as arguments, so tests need no clock.

use std::time::{Duration, SystemTime};

use reqwest::header::HeaderMap;
use tokio::time::Instant;

use super::Later;

/// Requests in flight before any 429: more than any `--concurrency`, so
/// only a 429 makes this the limit.
pub const OPEN_WINDOW: f64 = 64.0;
/// The fewest requests in flight after 429s.
const MIN_WINDOW: f64 = 2.0;
/// What a 429 leaves of the pace (multiplicative decrease).
const DECREASE: f64 = 0.9;
/// What a 429 leaves of the requests in flight.
const WINDOW_DECREASE: f64 = 0.5;
/// The pace grows, per success, by this share of the pace set at the last
/// 429 (additive increase): back to where it was after 10 % / share
/// successes, about 500 requests, so a quota is probed gently.
const STEP_SHARE: f64 = 0.0002;
/// Successes since the last cut below which a 429 leaves the pace alone.
const MIN_EVIDENCE: u64 = 20;
/// Slowest pace: one request an hour.
const MIN_RATE: f64 = 1.0 / 3600.0;
/// A pace above this is no pace at all.
const MAX_RATE: f64 = 10_000.0;

/// Additive increase, multiplicative decrease of a pace (requests a
/// second) and of the requests in flight.
#[derive(Debug, Clone)]
pub struct Aimd {
    /// None until the first 429: as fast as the concurrency allows.
    rate: Option<f64>,
    step: f64,
    window: f64,
    /// Successes since `since`.
    ok: u64,
    since: Instant,
    /// The last decrease: requests sent before it were sent at the old
    /// pace, so their 429s do not decrease it again.
    last_cut: Option<Instant>,
}

impl Aimd {
    pub fn new(now: Instant) -> Aimd {
        Aimd {
            rate: None,
            step: 0.0,
            window: OPEN_WINDOW,
            ok: 0,
            since: now,
            last_cut: None,
        }
    }

    /// The gap between requests, if a 429 has set one.
    pub fn interval(&self) -> Option<Duration> {
        self.rate.map(|r| Duration::from_secs_f64(1.0 / r))
    }

    /// Requests a second, if a 429 has set a pace.
    pub fn rate(&self) -> Option<f64> {
        self.rate
    }

    /// How many requests may be in flight.
    pub fn window(&self) -> u32 {
        self.window as u32
    }

    /// A request succeeded. `jitter` (around 1.0) varies the step, so
    /// that several clients do not climb in step.
    pub fn success(&mut self, jitter: f64) {
        self.ok += 1;
        self.window = (self.window + 1.0 / self.window).min(OPEN_WINDOW);
        if let Some(rate) = self.rate {
            let next = rate + self.step * jitter;
            self.rate = (next < MAX_RATE).then_some(next);
        }
    }

    /// A request sent at `sent_at` got a 429 at `now`; requests resume at
    /// `resume_at`; `in_flight` were out. True when this lowered the pace
    /// (once per burst of 429s).
    pub fn limited(
        &mut self,
        sent_at: Instant,
        now: Instant,
        resume_at: Instant,
        in_flight: u32,
    ) -> bool {
        if self.last_cut.is_some_and(|cut| sent_at <= cut) {
            return false;
        }
        // What got through: before any pace, counted up to when requests
        // may go again (the service allowed `ok` over that span, the wait
        // included: already below what it allows, so taken as it is); with
        // a pace, the decrease from the pace, or from the rate actually
        // reached if lower.
        let next = match self.rate {
            // Too few successes since the last cut to say the pace is the
            // cause (a service refusing every Nth request whatever the
            // pace): the pause and the smaller flight are enough.
            _ if self.ok < MIN_EVIDENCE => self.rate,
            None => Some(self.ok as f64 / secs(resume_at, self.since)),
            // Never below what got through, the wait included: a service
            // that refuses some requests whatever the pace (every Nth, say)
            // must not slow the run down to nothing, one cut at a time.
            Some(rate) => Some(
                (rate.min(self.ok as f64 / secs(now, self.since)) * DECREASE)
                    .max((self.ok as f64 / secs(resume_at, self.since)).min(rate)),
            ),
        };
        if let Some(next) = next {
            let rate = next.max(MIN_RATE);
            self.rate = Some(rate);
            self.step = rate * STEP_SHARE;
        }
        self.window = (f64::from(in_flight) * WINDOW_DECREASE)
            .max(MIN_WINDOW)
            .min(self.window);
        self.ok = 0;
        self.since = resume_at;
        self.last_cut = Some(now);
        true
    }
}

fn secs(later: Instant, earlier: Instant) -> f64 {
    later
        .saturating_duration_since(earlier)
        .as_secs_f64()
        .max(0.001)
}

/// What the service said of its quota in one answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Figures {
    pub remaining: u64,
    /// Until the quota is whole again.
    pub reset: Duration,
}

/// `RateLimit-Remaining`/`-Reset` (IETF draft), or `X-RateLimit-*`, or
/// the structured `RateLimit: limit=.., remaining=.., reset=..`. A reset
/// past a billion is a Unix time (GitHub's way), else seconds from now.
/// None when absent or unreadable: tolerated, not an error.
pub fn figures(headers: &HeaderMap, now: SystemTime) -> Option<Figures> {
    let get = |name: &str| headers.get(name)?.to_str().ok().map(str::trim);
    let (remaining, reset) = match (
        get("ratelimit-remaining").or_else(|| get("x-ratelimit-remaining")),
        get("ratelimit-reset").or_else(|| get("x-ratelimit-reset")),
    ) {
        (Some(remaining), Some(reset)) => (remaining.to_string(), reset.to_string()),
        _ => {
            let field = get("ratelimit")?;
            let item = |key: &str| {
                field.split([',', ';']).find_map(|part| {
                    let (k, v) = part.trim().split_once('=')?;
                    (k.trim() == key).then(|| v.trim().to_string())
                })
            };
            (item("remaining")?, item("reset")?)
        }
    };
    let remaining = remaining.parse::<u64>().ok()?;
    let reset = reset
        .parse::<f64>()
        .ok()
        .filter(|r| r.is_finite() && *r >= 0.0)?;
    // A value no clock can hold (`1e30`, a Unix time past the year
    // 292277026596) is no figure at all, like `inf`: ignored, not a panic.
    let reset = Duration::try_from_secs_f64(reset).ok()?;
    let reset = if reset > Duration::from_secs(1_000_000_000) {
        let at = SystemTime::UNIX_EPOCH.checked_add(reset)?;
        at.duration_since(now).unwrap_or(Duration::ZERO)
    } else {
        reset
    };
    // A reset further than a day is taken as a misreading, not a plan.
    (reset <= Duration::from_secs(86_400)).then_some(Figures { remaining, reset })
}

/// The quota's current window as the answers tell it: what was left after
/// request number `seq`, and when the window ends (between `lo` and `hi`:
/// a reset in whole seconds is rounded, so each answer narrows it).
#[derive(Debug, Clone, Copy)]
pub struct Window {
    remaining: u64,
    seq: u64,
    lo: Instant,
    hi: Instant,
}

/// What the quota allows the next request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hold {
    /// Nothing known: go.
    Free,
    /// Spread what is left: at most one request per this gap.
    Spread(Duration),
    /// Nothing left: not before then.
    Until(Instant),
}

/// After the reset, a little more, for the service's clock.
const RESET_MARGIN: Duration = Duration::from_millis(5);

impl Window {
    /// The window after the answer to request `seq` (sent at `sent_at`,
    /// answered at `now`) said `figures`.
    pub fn observe(
        current: Option<Window>,
        seq: u64,
        sent_at: Instant,
        now: Instant,
        figures: Figures,
    ) -> Window {
        let hi = now.later(figures.reset);
        let lo = sent_at.later(figures.reset.saturating_sub(Duration::from_secs(1)));
        let fresh = Window {
            remaining: figures.remaining,
            seq,
            lo,
            hi,
        };
        let Some(w) = current else {
            return fresh;
        };
        // A reset in whole seconds cannot tell two windows of a second
        // apart; what was left can: within a window it never grows for a
        // request sent later. An answer to an earlier request, arriving
        // late, only narrows the end.
        if now >= w.hi {
            // An answer to a request sent before the end as it was known
            // may have been counted in the old window: it says nothing
            // sure of the next one.
            return if sent_at < w.hi { w } else { fresh };
        }
        if seq > w.seq && figures.remaining > w.remaining {
            return fresh;
        }
        let narrowed = Window {
            lo: w.lo.max(lo),
            hi: w.hi.min(hi),
            ..w
        };
        if narrowed.lo >= narrowed.hi {
            return if seq > w.seq { fresh } else { w };
        }
        if seq > w.seq {
            Window {
                remaining: figures.remaining,
                seq,
                ..narrowed
            }
        } else {
            narrowed
        }
    }

    /// What the next request may do at `now`, `sent` requests having been
    /// sent in all (those sent after `seq` may already count against what
    /// was left). `from` is when the next free slot is (requests already
    /// given a later slot are among the `sent`): what is left is spread
    /// over the rest of the window from then.
    pub fn hold(&self, now: Instant, from: Instant, sent: u64) -> Hold {
        if now >= self.hi {
            return Hold::Free;
        }
        // One is kept in hand: a request sent late in the window may reach
        // the service after its end and count against the next.
        let left = self
            .remaining
            .saturating_sub(sent.saturating_sub(self.seq))
            .saturating_sub(1);
        if left == 0 {
            Hold::Until(self.hi.later(RESET_MARGIN))
        } else {
            let span = self.hi.saturating_duration_since(from.max(now));
            Hold::Spread(span / u32::try_from(left).unwrap_or(u32::MAX))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use reqwest::header::HeaderValue;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn a_429_halves_the_flight_and_paces_below_what_got_through() {
        let t0 = Instant::now();
        let mut aimd = Aimd::new(t0);
        assert_eq!(aimd.interval(), None);
        for _ in 0..50 {
            aimd.success(1.0);
        }
        // 50 went through in the window that ends when requests resume.
        assert!(aimd.limited(t0, t0 + ms(125), t0 + ms(1000), 8));
        let rate = aimd.rate().unwrap();
        assert!((rate - 50.0).abs() < 1e-9, "{rate}");
        assert_eq!(aimd.window(), 4);
        // The other requests of the same burst do not cut again.
        assert!(!aimd.limited(t0 + ms(10), t0 + ms(130), t0 + ms(1000), 7));
        assert_eq!(aimd.rate(), Some(rate));
        // Successes creep back up, a little at a time.
        for _ in 0..100 {
            aimd.success(1.0);
        }
        let grown = aimd.rate().unwrap();
        assert!(grown > rate && grown < rate * 1.03, "{grown}");
        // A later 429 cuts again.
        assert!(aimd.limited(t0 + ms(5000), t0 + ms(5100), t0 + ms(6000), 3));
        assert!(aimd.rate().unwrap() < grown);
        assert_eq!(aimd.window(), 2);
    }

    proptest! {
        /// Whatever the sequence of successes and 429s, the pace stays
        /// positive and finite and the flight between its bounds; a 429
        /// never raises either.
        #[test]
        fn aimd_stays_within_bounds(events in prop::collection::vec((any::<bool>(), 1u64..2000, 1u32..40), 1..200)) {
            let t0 = Instant::now();
            let mut aimd = Aimd::new(t0);
            let mut t = t0;
            for (ok, gap, flight) in events {
                t += ms(gap);
                let before = (aimd.rate(), aimd.window());
                if ok {
                    aimd.success(1.0);
                } else if aimd.limited(t, t, t + ms(1000), flight) {
                    if let (Some(old), Some(new)) = (before.0, aimd.rate()) {
                        prop_assert!(new <= old);
                    }
                    prop_assert!(aimd.window() <= before.1);
                }
                if let Some(rate) = aimd.rate() {
                    prop_assert!(rate.is_finite() && rate >= MIN_RATE);
                }
                prop_assert!(aimd.window() >= MIN_WINDOW as u32 && aimd.window() <= OPEN_WINDOW as u32);
            }
        }

        /// Spreading what is left over what remains of the window never
        /// sends more than what was left before the reset.
        #[test]
        fn the_window_is_never_overspent(remaining in 0u64..200, reset_ms in 1u64..5000, asks in prop::collection::vec(0u64..50, 0..400)) {
            let t0 = Instant::now();
            let figures = Figures { remaining, reset: ms(reset_ms) };
            let window = Window::observe(None, 0, t0, t0, figures);
            let mut now = t0;
            let mut sent = 0u64;
            let mut before_reset = 0u64;
            for ask in asks {
                now += ms(ask);
                match window.hold(now, now, sent) {
                    Hold::Free => break,
                    Hold::Until(at) => { prop_assert!(at > t0 + ms(reset_ms)); break; }
                    Hold::Spread(gap) => {
                        sent += 1;
                        before_reset += 1;
                        now += gap;
                    }
                }
            }
            prop_assert!(before_reset <= remaining);
        }
    }

    /// Values a hostile service may send: too large for any clock, they
    /// are no figures, as `inf` is.
    #[test]
    fn absurd_resets_are_ignored() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        for (name, value) in [
            ("ratelimit-reset", "1e30"),
            ("x-ratelimit-reset", "1e19"),
            ("x-ratelimit-reset", "9.3e18"),
            ("ratelimit-reset", "inf"),
            ("ratelimit-reset", "18446744073709551616"),
        ] {
            let mut headers = HeaderMap::new();
            headers.insert("ratelimit-remaining", HeaderValue::from_static("3"));
            headers.insert(name, HeaderValue::from_static(value));
            assert_eq!(figures(&headers, now), None, "{name}: {value}");
        }
        let mut structured = HeaderMap::new();
        structured.insert(
            "ratelimit",
            HeaderValue::from_static("limit=10, remaining=3, reset=1e300"),
        );
        assert_eq!(figures(&structured, now), None);
    }

    proptest! {
        /// Any text in any of the quota headers is read without a panic,
        /// and a figure read is within a day.
        #[test]
        fn any_quota_header_is_read_safely(
            remaining in "\\PC{0,12}|[0-9]{1,30}",
            reset in "\\PC{0,12}|-?[0-9]{1,400}(\\.[0-9]{0,9})?|[0-9]\\.[0-9]{1,3}[eE][+-]?[0-9]{1,3}|inf|NaN|1e[0-9]{1,3}",
            dialect in 0usize..3,
            now in any::<u64>(),
        ) {
            let now = SystemTime::UNIX_EPOCH
                .checked_add(Duration::from_secs(now / 2))
                .unwrap_or(SystemTime::UNIX_EPOCH);
            let mut headers = HeaderMap::new();
            let value = |text: &str| HeaderValue::from_str(text).ok();
            match dialect {
                0 | 1 => {
                    let prefix = if dialect == 0 { "" } else { "x-" };
                    if let (Some(r), Some(t)) = (value(&remaining), value(&reset)) {
                        headers.insert(
                            reqwest::header::HeaderName::from_bytes(format!("{prefix}ratelimit-remaining").as_bytes()).unwrap(),
                            r,
                        );
                        headers.insert(
                            reqwest::header::HeaderName::from_bytes(format!("{prefix}ratelimit-reset").as_bytes()).unwrap(),
                            t,
                        );
                    }
                }
                _ => {
                    if let Some(v) = value(&format!("limit=10, remaining={remaining}, reset={reset}")) {
                        headers.insert("ratelimit", v);
                    }
                }
            }
            if let Some(said) = figures(&headers, now) {
                prop_assert!(said.reset <= Duration::from_secs(86_400));
            }
        }

        /// Whatever figures and instants a window is given (any reset, a
        /// late or early answer), it is made and consulted without a panic.
        #[test]
        fn any_figures_make_a_window(
            reset_secs in any::<u64>(),
            remaining in any::<u64>(),
            seqs in (any::<u64>(), any::<u64>(), any::<u64>()),
            offsets in (0u64..10_000_000, 0u64..10_000_000),
            second_reset in any::<u64>(),
        ) {
            let t0 = Instant::now();
            let first = Figures { remaining, reset: Duration::from_secs(reset_secs) };
            let sent = t0.later(ms(offsets.0));
            let now = sent.later(ms(offsets.1));
            let w = Window::observe(None, seqs.0, sent, now, first);
            let second = Figures { remaining: remaining / 2, reset: Duration::from_millis(second_reset) };
            let w = Window::observe(Some(w), seqs.1, t0, now, second);
            match w.hold(now, sent, seqs.2) {
                Hold::Until(at) => prop_assert!(at >= now),
                Hold::Spread(_) | Hold::Free => {}
            }
        }
    }

    #[test]
    fn answers_narrow_the_reset() {
        let t0 = Instant::now();
        let f = |remaining, reset| Figures {
            remaining,
            reset: Duration::from_secs(reset),
        };
        // Sent at 0, answered at 20 ms: "49 left, reset in 1 s".
        let w = Window::observe(None, 1, t0, t0 + ms(20), f(49, 1));
        // Sent at 600 ms: "19 left, reset in 1 s" (rounded up from 0.4 s):
        // same window, ends no later than 1.02 s.
        let w = Window::observe(Some(w), 31, t0 + ms(600), t0 + ms(620), f(19, 1));
        assert_eq!(w.hold(t0 + ms(620), t0, 31), Hold::Spread(ms(400) / 18));
        assert_eq!(w.hold(t0 + ms(620), t0, 50), Hold::Until(t0 + ms(1025)));
        assert_eq!(w.hold(t0 + ms(1020), t0, 50), Hold::Free);
        // After the end, a late answer to a request sent before it ("0
        // left, reset in 1 s") may be the old window's: ignored.
        let late = Window::observe(Some(w), 50, t0 + ms(1000), t0 + ms(1030), f(0, 1));
        assert_eq!(late.hold(t0 + ms(1030), t0, 50), Hold::Free);
        // One sent after it: the next window.
        let next = Window::observe(Some(w), 51, t0 + ms(1030), t0 + ms(1050), f(49, 1));
        assert_eq!(
            next.hold(t0 + ms(1050), t0, 51),
            Hold::Spread(ms(1000) / 48)
        );
        // More left than before for a later request: a new window, even
        // before the end as it was known.
        let early = Window::observe(Some(w), 52, t0 + ms(990), t0 + ms(1010), f(48, 1));
        assert_eq!(
            early.hold(t0 + ms(1010), t0, 52),
            Hold::Spread(ms(1000) / 47)
        );
    }

    #[test]
    fn figures_from_each_dialect() {
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        let mut headers = HeaderMap::new();
        assert_eq!(figures(&headers, now), None);
        headers.insert("x-ratelimit-remaining", HeaderValue::from_static("7"));
        headers.insert("x-ratelimit-reset", HeaderValue::from_static("1800000030"));
        assert_eq!(
            figures(&headers, now),
            Some(Figures {
                remaining: 7,
                reset: Duration::from_secs(30)
            })
        );
        headers.insert("ratelimit-remaining", HeaderValue::from_static("3"));
        headers.insert("ratelimit-reset", HeaderValue::from_static("2"));
        assert_eq!(
            figures(&headers, now),
            Some(Figures {
                remaining: 3,
                reset: Duration::from_secs(2)
            })
        );
        let mut structured = HeaderMap::new();
        structured.insert(
            "ratelimit",
            HeaderValue::from_static("limit=10, remaining=4, reset=9"),
        );
        assert_eq!(
            figures(&structured, now),
            Some(Figures {
                remaining: 4,
                reset: Duration::from_secs(9)
            })
        );
        let mut bad = HeaderMap::new();
        bad.insert("ratelimit-remaining", HeaderValue::from_static("many"));
        bad.insert("ratelimit-reset", HeaderValue::from_static("1"));
        assert_eq!(figures(&bad, now), None);
    }
}
