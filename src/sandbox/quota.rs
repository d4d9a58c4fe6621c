//! The sandbox's `--quota N/s|N/m|N/h`: a fixed-window quota as rate-limited
//! services keep one. Windows are aligned on the Unix clock (a `60/m` window
//! runs from one whole minute to the next), past N requests in a window
//! the answer is 429 with `Retry-After` (whole seconds to the window's
//! end), and every answer says where the client stands, in the dialect
//! `--quota-headers` chooses: the IETF draft's `RateLimit-Limit`,
//! `-Remaining`, `-Reset` (seconds), or `X-RateLimit-*` with the reset as a
//! Unix time (GitHub's way), or none, for a client that must find the limit
//! by itself.

use std::sync::Mutex;
use std::time::Duration;

use axum::http::{HeaderMap, HeaderValue, header};
use clap::ValueEnum;

use crate::http::rate::Rate;

/// Which quota headers the sandbox sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum Dialect {
    /// No quota headers: only the 429 and its Retry-After.
    None,
    /// RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset (seconds).
    #[default]
    Ietf,
    /// X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset (Unix time).
    X,
}

/// What the quota decided for one request.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Decision {
    pub allowed: bool,
    pub limit: u32,
    pub remaining: u32,
    /// Seconds from the request to the window's end.
    pub reset: f64,
    /// The window's end, seconds since the Unix epoch.
    pub reset_at: f64,
}

impl Decision {
    /// `Retry-After` and the quota headers of `dialect`.
    pub fn headers(&self, dialect: Dialect) -> HeaderMap {
        let mut headers = HeaderMap::new();
        let whole = |n: u64| HeaderValue::from_str(&n.to_string()).expect("digits");
        let reset_secs = (self.reset.ceil() as u64).max(1);
        if !self.allowed {
            headers.insert(header::RETRY_AFTER, whole(reset_secs));
        }
        let names = match dialect {
            Dialect::None => return headers,
            Dialect::Ietf => ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"],
            Dialect::X => [
                "x-ratelimit-limit",
                "x-ratelimit-remaining",
                "x-ratelimit-reset",
            ],
        };
        let reset = match dialect {
            Dialect::X => self.reset_at.ceil() as u64,
            _ => reset_secs,
        };
        headers.insert(names[0], whole(u64::from(self.limit)));
        headers.insert(names[1], whole(u64::from(self.remaining)));
        headers.insert(names[2], whole(reset));
        headers
    }
}

/// A fixed-window counter: which window, and how many it let through.
#[derive(Debug)]
pub struct Quota {
    rate: Rate,
    state: Mutex<(u64, u32)>,
}

impl Quota {
    pub fn new(rate: Rate) -> Quota {
        Quota {
            rate,
            state: Mutex::new((u64::MAX, 0)),
        }
    }

    /// Counts a request arriving `now` seconds after the Unix epoch.
    pub fn check(&self, now: f64) -> Decision {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let (decision, next) = decide(self.rate, *state, now);
        *state = next;
        decision
    }
}

/// The decision for a request at `now` given the window and count so far;
/// the state after it. A refused request does not count.
pub fn decide(rate: Rate, (window, used): (u64, u32), now: f64) -> (Decision, (u64, u32)) {
    let period = rate.per.as_secs_f64();
    let current = (now / period).floor() as u64;
    let used = if current == window { used } else { 0 };
    let allowed = used < rate.count;
    let used = used + u32::from(allowed);
    let reset_at = (current + 1) as f64 * period;
    (
        Decision {
            allowed,
            limit: rate.count,
            remaining: rate.count - used,
            reset: (reset_at - now).max(0.0),
            reset_at,
        },
        (current, used),
    )
}

/// Seconds since the Unix epoch, with microseconds.
pub fn unix_now() -> f64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or(Duration::ZERO)
        .as_secs_f64()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn past_the_quota_a_429_until_the_window_ends() {
        let rate: Rate = "3/s".parse().unwrap();
        let mut state = (u64::MAX, 0);
        let mut answers = Vec::new();
        for now in [100.1, 100.2, 100.3, 100.4, 101.05] {
            let (decision, next) = decide(rate, state, now);
            state = next;
            answers.push(decision);
        }
        let allowed: Vec<bool> = answers.iter().map(|d| d.allowed).collect();
        assert_eq!(allowed, [true, true, true, false, true]);
        assert_eq!(answers[2].remaining, 0);
        let refused = answers[3].headers(Dialect::Ietf);
        assert_eq!(refused["retry-after"], "1");
        assert_eq!(refused["ratelimit-remaining"], "0");
        assert_eq!(refused["ratelimit-reset"], "1");
        let x = answers[4].headers(Dialect::X);
        assert_eq!(x["x-ratelimit-limit"], "3");
        assert_eq!(x["x-ratelimit-remaining"], "2");
        assert_eq!(x["x-ratelimit-reset"], "102");
        assert!(x.get("retry-after").is_none());
        let none = answers[3].headers(Dialect::None);
        assert_eq!(none.len(), 1);
    }

    proptest! {
        /// Whatever the arrivals, no window lets more than N through, and
        /// a refused request is told to come back no sooner than its
        /// window's end.
        #[test]
        fn no_window_lets_more_than_n_through(count in 1u32..20, mut times in prop::collection::vec(0u32..100_000, 1..300)) {
            times.sort_unstable();
            let rate = Rate { count, per: Duration::from_secs(1) };
            let mut state = (u64::MAX, 0);
            let mut per_window = std::collections::HashMap::<u64, u32>::new();
            for t in times {
                let now = 1_700_000_000.0 + f64::from(t) / 1000.0;
                let (decision, next) = decide(rate, state, now);
                state = next;
                if decision.allowed {
                    *per_window.entry(now.floor() as u64).or_default() += 1;
                } else {
                    prop_assert!(now + decision.reset >= now.floor() + 1.0 - 1e-6);
                }
            }
            prop_assert!(per_window.values().all(|n| *n <= count));
        }
    }
}

/// The client's pacing (`crate::http::pace`) against this quota, in
/// tokio's paused time: a simulated second is exact, so the figures do not
/// depend on how loaded the machine is.
#[cfg(test)]
mod simulated {
    use std::sync::Arc;

    use tokio::time::Instant;

    use super::*;
    use crate::http::pace::Governor;

    /// Runs `requests` requests, `concurrency` at a time, with `latency`
    /// each way, against a quota of `rate` speaking `dialect`; gives the
    /// arrivals by window, and how many were answered 429.
    async fn run(
        rate: Rate,
        dialect: Dialect,
        client_rate: Option<Rate>,
        requests: usize,
    ) -> (Vec<u32>, usize, f64) {
        let quota = Arc::new(Mutex::new((u64::MAX, 0u32)));
        let governor = Arc::new(Governor::new(client_rate, Duration::from_secs(7200)));
        let t0 = Instant::now();
        // Windows aligned as on the Unix clock, the run starting mid-window.
        let clock = move || 1_000_000.37 + t0.elapsed().as_secs_f64();
        let arrivals = Arc::new(Mutex::new(Vec::new()));
        let todo = Arc::new(std::sync::atomic::AtomicUsize::new(requests));
        let mut tasks = Vec::new();
        for _ in 0..8 {
            let (governor, quota, arrivals, todo) = (
                governor.clone(),
                quota.clone(),
                arrivals.clone(),
                todo.clone(),
            );
            tasks.push(tokio::spawn(async move {
                let mut limited = 0;
                while todo
                    .fetch_update(
                        std::sync::atomic::Ordering::SeqCst,
                        std::sync::atomic::Ordering::SeqCst,
                        |n| n.checked_sub(1),
                    )
                    .is_ok()
                {
                    loop {
                        let permit = governor.acquire().await.unwrap();
                        tokio::time::sleep(Duration::from_millis(2)).await;
                        let now = clock();
                        let decision = {
                            let mut state = quota.lock().unwrap();
                            let (decision, next) = decide(rate, *state, now);
                            *state = next;
                            decision
                        };
                        arrivals.lock().unwrap().push((now, decision.allowed));
                        tokio::time::sleep(Duration::from_millis(20)).await;
                        let mut headers = reqwest::header::HeaderMap::new();
                        for (name, value) in decision.headers(dialect).iter() {
                            headers.insert(
                                reqwest::header::HeaderName::from_bytes(name.as_str().as_bytes())
                                    .unwrap(),
                                reqwest::header::HeaderValue::from_bytes(value.as_bytes()).unwrap(),
                            );
                        }
                        let status = if decision.allowed { 200 } else { 429 };
                        governor.answered(&permit, status, &headers);
                        if decision.allowed {
                            break;
                        }
                        limited += 1;
                        let wait = Duration::from_secs((decision.reset.ceil() as u64).max(1));
                        governor.limited(&permit, wait);
                        drop(permit);
                        tokio::time::sleep(wait).await;
                    }
                }
                limited
            }));
        }
        let mut limited = 0;
        for task in tasks {
            limited += task.await.unwrap();
        }
        let arrivals = arrivals.lock().unwrap();
        let first = arrivals.iter().map(|a| a.0.floor() as u64).min().unwrap();
        let mut windows = vec![0u32; 1];
        for (t, _) in arrivals.iter() {
            let i = (t.floor() as u64 - first) as usize;
            if windows.len() <= i {
                windows.resize(i + 1, 0);
            }
            windows[i] += 1;
        }
        (windows, limited, t0.elapsed().as_secs_f64())
    }

    /// Throughput as a share of the quota's, and the most in any window.
    fn share(windows: &[u32], secs: f64, quota: f64) -> (f64, u32) {
        let total: u32 = windows.iter().sum();
        (
            f64::from(total) / secs / quota,
            *windows.iter().max().unwrap(),
        )
    }

    /// `--rate` at the quota: never a 429, the quota's whole throughput
    /// (at most one request over in a window, as arrivals are not the
    /// departures to the microsecond).
    #[tokio::test(start_paused = true)]
    async fn a_rate_at_the_quota_gets_no_429() {
        let rate: Rate = "50/s".parse().unwrap();
        let (windows, limited, secs) = run(rate, Dialect::None, Some(rate), 1000).await;
        let (share, most) = share(&windows, secs, 50.0);
        assert_eq!(limited, 0, "{windows:?}");
        assert!(most <= 50, "{windows:?}");
        assert!(share >= 0.95, "{share} {windows:?}");
    }

    /// The service's figures (IETF draft) pace the client: no 429, and at
    /// least 90 % of the quota.
    #[tokio::test(start_paused = true)]
    async fn ietf_headers_keep_under_the_quota() {
        let (windows, limited, secs) =
            run("50/s".parse().unwrap(), Dialect::Ietf, None, 1000).await;
        let (share, most) = share(&windows, secs, 50.0);
        assert_eq!(limited, 0, "{windows:?}");
        assert!(most <= 50, "{windows:?}");
        assert!(share >= 0.9, "{share} {windows:?}");
    }

    /// No figures: the 429s slow the client down to about the quota, and
    /// few requests are refused.
    #[tokio::test(start_paused = true)]
    async fn without_headers_429s_slow_it_down() {
        let (windows, limited, secs) =
            run("50/s".parse().unwrap(), Dialect::None, None, 1000).await;
        let (share, _) = share(&windows, secs, 50.0);
        assert!(limited <= 20, "{limited} refused: {windows:?}");
        assert!(share >= 0.8, "{share} {windows:?}");
    }

    /// An hourly quota: the same, over hours of simulated time.
    #[tokio::test(start_paused = true)]
    async fn an_hourly_quota_is_learnt_too() {
        let (windows, limited, secs) =
            run("600/h".parse().unwrap(), Dialect::None, None, 1500).await;
        assert!(limited <= 30, "{limited} refused");
        assert!(secs < 4.0 * 3600.0, "{secs} s for 1500 at 600/h");
        let _ = windows;
    }
}
