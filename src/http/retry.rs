//! The one retry policy of every outgoing request that retries: the API
//! client and the webhook sender (`trigger`, `replay`, `sync --notify`).
//! Which answers are worth another try, how long to wait before it
//! (exponential backoff with jitter, or the server's `Retry-After`), and
//! when to stop, decided here once so that the two senders cannot drift
//! apart. Every failed try counts, a 429 included: a request refused N+1
//! times in a row has failed, and no server can keep a sender waiting
//! longer than the policy's cap at a time or its total in all. What a
//! caller does while it waits (the client pauses all its requests and may
//! say so; the sender just sleeps) stays with the caller.

use std::time::{Duration, SystemTime};

use reqwest::StatusCode;
use reqwest::header::{HeaderMap, RETRY_AFTER};

/// First backoff step; doubled each retry, with jitter.
const BACKOFF_BASE: Duration = Duration::from_millis(250);
const BACKOFF_MAX: Duration = Duration::from_secs(8);

/// The longest `Retry-After` waited for when nobody said (`--max-wait`
/// unset): a per-minute quota's window and a margin, so that a window
/// whose end is a whole minute away (plus the service's rounding and the
/// request's own trip) is waited out rather than fail at its edge. A
/// server asking for more (a daily quota spent) makes the command fail at
/// once, saying when to try again, rather than sit silent for an hour: a
/// script's scheduler or a person is better placed to wait that long than
/// a process holding a terminal.
pub const RETRY_AFTER_CAP: Duration = Duration::from_secs(90);

/// How many retries a sender makes and how long it may wait.
#[derive(Debug, Clone, Copy)]
pub struct Policy {
    /// Retries after the first try (`--retries`); 0: one try only. Every
    /// failed try counts, a 429 as much as a 503.
    pub retries: u32,
    /// A `Retry-After` longer than this is not waited for
    /// ([`Next::TooLong`]).
    pub cap: Duration,
    /// The most one request waits in all, over every retry
    /// ([`Next::OutOfTime`]).
    pub total: Duration,
}

/// What to do after a try that did not succeed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// The answer is final: asking again would get the same (a 4xx, say).
    Final,
    /// Worth another try, but every retry has been used.
    Exhausted,
    /// The server asked for a wait longer than the policy's cap.
    TooLong(Duration),
    /// The wait before the next try would take the request past the
    /// policy's total; it has waited this long already.
    OutOfTime(Duration),
    /// Retry number `retry` (1-based) after `wait`; `asked` when the wait is
    /// the server's `Retry-After` rather than backoff.
    Retry {
        retry: u32,
        wait: Duration,
        asked: bool,
    },
}

/// Why a try did not succeed, as the policy needs to know it.
#[derive(Debug, Clone, Copy)]
pub enum Failed {
    /// An answer with this status, and the `Retry-After` it carried.
    Status(StatusCode, Option<Duration>),
    /// No answer: the connection failed or timed out.
    Transport,
}

impl Policy {
    /// The policy of both senders: `retries`, each `Retry-After` up to
    /// `cap` waited for, and twice `cap` in all (a quota's window waited
    /// out once, and once more should the first request after it be
    /// refused again).
    pub fn capped(retries: u32, cap: Duration) -> Policy {
        Policy {
            retries,
            cap,
            total: cap.saturating_mul(2),
        }
    }

    /// What to do after `failed`, `made` retries having been made so far
    /// and `waited` spent waiting for this request already. A wait too long
    /// to sit out is said before whether retries remain: it is what the
    /// person must know, even with `--retries 0`.
    pub fn next(&self, made: u32, waited: Duration, failed: Failed) -> Next {
        let asked = match failed {
            Failed::Status(status, _) if !is_retryable_status(status) => return Next::Final,
            Failed::Status(_, asked) => asked,
            Failed::Transport => None,
        };
        if let Some(wait) = asked
            && wait > self.cap
        {
            return Next::TooLong(wait);
        }
        if made >= self.retries {
            return Next::Exhausted;
        }
        let retry = made + 1;
        // Honoured, never shortened: asking again sooner would only be
        // refused again.
        let wait = asked.unwrap_or_else(|| backoff(retry, rand::random::<f64>()));
        if waited.saturating_add(wait) > self.total {
            return Next::OutOfTime(waited);
        }
        Next::Retry {
            retry,
            wait,
            asked: asked.is_some(),
        }
    }
}

/// Statuses worth another try: rate limited, or the service (or a gateway
/// before it) failing for now.
pub fn is_retryable_status(status: StatusCode) -> bool {
    matches!(status.as_u16(), 429 | 500 | 502 | 503 | 504)
}

/// The wait before retry `attempt` (1-based): 250 ms × 2^(attempt-1), at most
/// 8 s, scaled by a jitter factor from [0.5, 1.0) so that many clients do
/// not retry in step. `unit` is a uniform sample from [0, 1).
pub fn backoff(attempt: u32, unit: f64) -> Duration {
    let exponential = BACKOFF_BASE
        .saturating_mul(1u32 << attempt.saturating_sub(1).min(16))
        .min(BACKOFF_MAX);
    let unit = if unit.is_nan() {
        0.0
    } else {
        unit.clamp(0.0, 1.0)
    };
    exponential.mul_f64(0.5 + 0.5 * unit)
}

/// `Retry-After` as seconds or an HTTP date; none when absent or
/// unreadable. A number of seconds too large for any clock is
/// [`Duration::MAX`]: a wait like that is refused as too long, not
/// mistaken for no wait at all.
pub fn retry_after(headers: &HeaderMap, now: SystemTime) -> Option<Duration> {
    parse_retry_after(headers.get(RETRY_AFTER)?.to_str().ok()?, now)
}

/// The value of a `Retry-After` header (see [`retry_after`]).
pub fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let value = value.trim();
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        return Some(
            value
                .parse::<u64>()
                .map_or(Duration::MAX, Duration::from_secs),
        );
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn retry_after_seconds_and_date() {
        let now = httpdate::parse_http_date("Fri, 20 Nov 2026 12:00:00 GMT").unwrap();
        let mut headers = HeaderMap::new();
        headers.insert(RETRY_AFTER, "2".parse().unwrap());
        assert_eq!(retry_after(&headers, now), Some(Duration::from_secs(2)));
        headers.insert(
            RETRY_AFTER,
            "Fri, 20 Nov 2026 12:00:05 GMT".parse().unwrap(),
        );
        assert_eq!(retry_after(&headers, now), Some(Duration::from_secs(5)));
        headers.insert(
            RETRY_AFTER,
            "Fri, 20 Nov 2026 11:00:00 GMT".parse().unwrap(),
        );
        assert_eq!(retry_after(&headers, now), Some(Duration::ZERO));
        headers.insert(RETRY_AFTER, "86400".parse().unwrap());
        assert_eq!(retry_after(&headers, now), Some(Duration::from_secs(86400)));
        headers.insert(RETRY_AFTER, "soon".parse().unwrap());
        assert_eq!(retry_after(&headers, now), None);
    }

    #[test]
    fn the_policy_retries_what_may_succeed_later() {
        let capped = Policy::capped(2, Duration::from_secs(60));
        let none = Duration::ZERO;
        let status = |code| StatusCode::from_u16(code).unwrap();
        for code in [400, 401, 403, 404, 301, 501] {
            assert_eq!(
                capped.next(0, none, Failed::Status(status(code), None)),
                Next::Final
            );
        }
        let asked = Failed::Status(status(429), Some(Duration::from_secs(3)));
        assert_eq!(
            capped.next(1, none, asked),
            Next::Retry {
                retry: 2,
                wait: Duration::from_secs(3),
                asked: true
            }
        );
        assert_eq!(capped.next(2, none, asked), Next::Exhausted);
        assert!(matches!(
            capped.next(0, none, Failed::Transport),
            Next::Retry {
                retry: 1,
                asked: false,
                ..
            }
        ));
        assert_eq!(capped.next(2, none, Failed::Transport), Next::Exhausted);
        // Too long a wait is said even with no retries left.
        let day = Failed::Status(status(503), Some(Duration::from_secs(86_400)));
        assert_eq!(
            Policy::capped(0, Duration::from_secs(60)).next(0, none, day),
            Next::TooLong(Duration::from_secs(86_400))
        );
        // A 429 is a try like any other: refused once more than the
        // retries allow, the request has failed.
        let limited = Failed::Status(status(429), Some(Duration::ZERO));
        assert!(matches!(capped.next(1, none, limited), Next::Retry { .. }));
        assert_eq!(capped.next(2, none, limited), Next::Exhausted);
        // Each wait within the cap, but not past the total in all.
        let minute = Failed::Status(status(429), Some(Duration::from_secs(60)));
        let many = Policy::capped(100, Duration::from_secs(60));
        assert!(matches!(
            many.next(1, Duration::from_secs(60), minute),
            Next::Retry { .. }
        ));
        assert_eq!(
            many.next(2, Duration::from_secs(120), minute),
            Next::OutOfTime(Duration::from_secs(120))
        );
    }

    #[test]
    fn retry_after_too_large_for_a_clock_is_too_long_not_absent() {
        let now = SystemTime::UNIX_EPOCH;
        for huge in [
            "18446744073709551615",
            "18446744073709551616",
            "99999999999999999999999",
        ] {
            let wait = parse_retry_after(huge, now).unwrap();
            assert!(wait >= Duration::from_secs(u64::MAX), "{huge}");
            let asked = Failed::Status(StatusCode::TOO_MANY_REQUESTS, Some(wait));
            assert_eq!(
                Policy::capped(3, RETRY_AFTER_CAP).next(0, Duration::ZERO, asked),
                Next::TooLong(wait)
            );
        }
        for unreadable in ["", "-1", "1.5", "soon", "1e30", "+5"] {
            assert_eq!(parse_retry_after(unreadable, now), None, "{unreadable:?}");
        }
    }

    proptest! {
        /// Any text a server puts in Retry-After is read without a panic,
        /// and whatever it says, the policy's waits stay within its cap
        /// and its total.
        #[test]
        fn any_retry_after_is_read_and_bounded(
            value in "\\PC{0,40}|[0-9]{1,30}|(Mon|Fri), [0-9]{1,2} (Jan|Nov) [0-9]{1,5} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT",
            now in proptest::prelude::any::<u64>(),
            made in 0u32..10,
            waited in proptest::prelude::any::<u64>(),
            status in proptest::sample::select(vec![429u16, 500, 502, 503, 504]),
        ) {
            let now = SystemTime::UNIX_EPOCH.checked_add(Duration::from_secs(now / 4)).unwrap_or(SystemTime::UNIX_EPOCH);
            let asked = parse_retry_after(&value, now);
            let policy = Policy::capped(5, RETRY_AFTER_CAP);
            let failed = Failed::Status(StatusCode::from_u16(status).unwrap(), asked);
            let waited = Duration::from_millis(waited);
            if let Next::Retry { wait, .. } = policy.next(made, waited, failed) {
                prop_assert!(wait <= policy.cap);
                prop_assert!(waited + wait <= policy.total);
            }
        }

        #[test]
        fn backoff_grows_within_bounds(attempt in 1u32..40, unit in 0.0f64..1.0) {
            let wait = backoff(attempt, unit);
            let full = BACKOFF_BASE.saturating_mul(1u32 << (attempt - 1).min(16)).min(BACKOFF_MAX);
            prop_assert!(wait >= full / 2 && wait <= full);
            prop_assert!(wait <= BACKOFF_MAX);
        }
    }
}
