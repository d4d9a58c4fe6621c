//! The countdown a person at a terminal sees while every request waits
//! for the service (a `Retry-After`, a quota's reset): in the progress
//! bar's message when one is on screen, else on a line of its own, once a
//! second. Nothing on a pipe or with `--quiet`.

use std::time::Duration;

use tokio::time::Instant;

use crate::io::Io;

/// Counts down to `until` on standard error, in a task of its own.
pub fn countdown(io: &Io, until: Instant) {
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
            io.status(Some(&format!(
                "waiting {} for the service's rate limit",
                clock(left)
            )));
            tokio::time::sleep(left.min(Duration::from_secs(1))).await;
        }
        io.status(None);
    });
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
    fn clocks_round_up() {
        assert_eq!(clock(Duration::from_millis(41_200)), "0:42");
        assert_eq!(clock(Duration::from_secs(725)), "12:05");
        assert_eq!(clock(Duration::from_secs(3723)), "1:02:03");
    }
}
