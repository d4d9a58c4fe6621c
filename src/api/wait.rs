//! The countdown a person at a terminal sees while requests wait a second
//! or more (a `Retry-After`, a quota's reset, a failing service's backoff,
//! a slow `--rate`): in the progress bar's message when one is on screen,
//! else on one status line rewritten in place once a second and cleared
//! at the end, so that waits leave no trail of lines. Nothing on a pipe or
//! with `--quiet`.

use std::time::Duration;

use tokio::time::Instant;

use crate::http::pace::Wait;
use crate::io::Io;

/// Counts down to `until` on standard error, in a task of its own.
pub fn countdown(io: &Io, until: Instant, why: Wait) {
    if !io.show_progress() {
        return;
    }
    let io = io.clone();
    tokio::spawn(async move {
        loop {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            io.status(Some(&waiting(left, why)));
            tokio::time::sleep(left.min(Duration::from_secs(1))).await;
        }
        io.status(None);
    });
}

/// The status line of a wait with `left` to go.
fn waiting(left: Duration, why: Wait) -> String {
    let left = clock(left);
    match why {
        Wait::Limit => {
            format!("waiting {left} for the service's rate limit (Retry-After or its quota)")
        }
        Wait::Retry { retry, of } => {
            format!("the service is failing: retry {retry} of {of} in {left}")
        }
        Wait::Pace => format!("next request in {left} (the pace --rate asks for)"),
    }
}

/// `0:42`, `12:05`, `1:02:03`: seconds left, rounded up.
pub fn clock(left: Duration) -> String {
    let secs = left.as_secs() + u64::from(left.subsec_nanos() > 0);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_wait_says_what_it_waits_for() {
        let second = Duration::from_secs(1);
        assert_eq!(
            waiting(second * 16, Wait::Limit),
            "waiting 0:16 for the service's rate limit (Retry-After or its quota)"
        );
        assert_eq!(
            waiting(second * 2, Wait::Retry { retry: 2, of: 3 }),
            "the service is failing: retry 2 of 3 in 0:02"
        );
        assert!(waiting(second * 6, Wait::Pace).contains("--rate"));
    }

    #[test]
    fn clocks_round_up() {
        assert_eq!(clock(Duration::from_millis(41_200)), "0:42");
        assert_eq!(clock(Duration::from_secs(725)), "12:05");
        assert_eq!(clock(Duration::from_secs(3723)), "1:02:03");
    }
}
