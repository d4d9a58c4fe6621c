//! The one retry policy of every outgoing request that retries: the API
//! client and the webhook sender (`trigger`, `replay`, `sync --notify`).
//! Which answers are worth another try, how long to wait before it
//! (exponential backoff with jitter, or the server's `Retry-After`), and
//! when to stop, decided here once so that the two senders cannot drift
//! apart. What a caller does while it waits (the client pauses all its
//! requests and may say so; the sender just sleeps) stays with the caller.

use std::time::{Duration, SystemTime};

use reqwest::StatusCode;
use reqwest::header::{HeaderMap, RETRY_AFTER};

/// First backoff step; doubled each retry, with jitter.
const BACKOFF_BASE: Duration = Duration::from_millis(250);
const BACKOFF_MAX: Duration = Duration::from_secs(8);

/// The longest `Retry-After` the API client waits for. A server asking for
/// more (a daily quota spent) makes the command fail at once, saying when
/// to try again, rather than sit silent for an hour: a script's scheduler
/// or a person is better placed to wait that long than a process holding a
/// terminal.
pub const RETRY_AFTER_CAP: Duration = Duration::from_secs(60);

/// How many retries a sender makes and the longest `Retry-After` it sits
/// out.
#[derive(Debug, Clone, Copy)]
pub struct Policy {
    /// Retries after the first try (`--retries`); 0: one try only.
    pub retries: u32,
    /// A `Retry-After` longer than this is not waited for
    /// ([`Next::TooLong`]); `None`: any is.
    pub cap: Option<Duration>,
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
    /// The API client's policy: `retries`, with `Retry-After` capped at
    /// [`RETRY_AFTER_CAP`].
    pub fn capped(retries: u32) -> Policy {
        Policy {
            retries,
            cap: Some(RETRY_AFTER_CAP),
        }
    }

    /// What to do after `failed`, `made` retries having been made so far.
    /// A wait too long to sit out is said before whether retries remain:
    /// it is what the person must know, even with `--retries 0`.
    pub fn next(&self, made: u32, failed: Failed) -> Next {
        let asked = match failed {
            Failed::Status(status, _) if !is_retryable_status(status) => return Next::Final,
            Failed::Status(_, asked) => asked,
            Failed::Transport => None,
        };
        if let (Some(wait), Some(cap)) = (asked, self.cap)
            && wait > cap
        {
            return Next::TooLong(wait);
        }
        if made >= self.retries {
            return Next::Exhausted;
        }
        let retry = made + 1;
        Next::Retry {
            retry,
            // Honoured, never shortened: asking again sooner would only be
            // refused again.
            wait: asked.unwrap_or_else(|| backoff(retry, rand::random::<f64>())),
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
    exponential.mul_f64(0.5 + 0.5 * unit.clamp(0.0, 1.0))
}

/// `Retry-After` as seconds or an HTTP date; none when absent or
/// unreadable.
pub fn retry_after(headers: &HeaderMap, now: SystemTime) -> Option<Duration> {
    let value = headers.get(RETRY_AFTER)?.to_str().ok()?.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        Some(Duration::from_secs(seconds))
    } else {
        let at = httpdate::parse_http_date(value).ok()?;
        Some(at.duration_since(now).unwrap_or(Duration::ZERO))
    }
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
        let capped = Policy::capped(2);
        let status = |code| StatusCode::from_u16(code).unwrap();
        for code in [400, 401, 403, 404, 301, 501] {
            assert_eq!(
                capped.next(0, Failed::Status(status(code), None)),
                Next::Final
            );
        }
        let asked = Failed::Status(status(429), Some(Duration::from_secs(3)));
        assert_eq!(
            capped.next(1, asked),
            Next::Retry {
                retry: 2,
                wait: Duration::from_secs(3),
                asked: true
            }
        );
        assert_eq!(capped.next(2, asked), Next::Exhausted);
        assert!(matches!(
            capped.next(0, Failed::Transport),
            Next::Retry {
                retry: 1,
                asked: false,
                ..
            }
        ));
        assert_eq!(capped.next(2, Failed::Transport), Next::Exhausted);
        // Too long a wait is said even with no retries left; without a
        // cap it is waited for.
        let day = Failed::Status(status(503), Some(Duration::from_secs(86_400)));
        assert_eq!(
            Policy::capped(0).next(0, day),
            Next::TooLong(Duration::from_secs(86_400))
        );
        let uncapped = Policy {
            retries: 1,
            cap: None,
        };
        assert!(matches!(
            uncapped.next(0, day),
            Next::Retry { asked: true, .. }
        ));
    }

    proptest! {
        #[test]
        fn backoff_grows_within_bounds(attempt in 1u32..40, unit in 0.0f64..1.0) {
            let wait = backoff(attempt, unit);
            let full = BACKOFF_BASE.saturating_mul(1u32 << (attempt - 1).min(16)).min(BACKOFF_MAX);
            prop_assert!(wait >= full / 2 && wait <= full);
            prop_assert!(wait <= BACKOFF_MAX);
        }
    }
}
