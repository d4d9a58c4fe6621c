//! A request rate (`--rate 50/s`, `--quota 1000/h`): how it is written,
//! and the token bucket that holds a sender to it. The bucket is pure
//! arithmetic over instants handed to it, so its promise ("never more than
//! N in any period") is checked by property tests without a clock.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// N requests per period: `50/s`, `600/m`, `1000/h`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub count: u32,
    pub per: Duration,
}

impl Rate {
    /// The even spacing of `count` requests over `per`.
    /// Rounded up to the nanosecond: N gaps never add up to less than the
    /// period.
    pub fn interval(&self) -> Duration {
        let nanos = self.per.as_nanos().div_ceil(u128::from(self.count.max(1)));
        Duration::from_nanos(u64::try_from(nanos).unwrap_or(u64::MAX))
    }

    /// Requests a second (for progress and messages).
    pub fn per_second(&self) -> f64 {
        f64::from(self.count) / self.per.as_secs_f64()
    }

    fn unit(&self) -> &'static str {
        match self.per.as_secs() {
            1 => "s",
            60 => "m",
            _ => "h",
        }
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.count, self.unit())
    }
}

impl FromStr for Rate {
    type Err = String;

    fn from_str(text: &str) -> Result<Rate, String> {
        let wrong = || format!("expected N/s, N/m or N/h (e.g. 50/s, 1000/h), got '{text}'");
        let (count, unit) = text.trim().split_once('/').ok_or_else(wrong)?;
        let per = match unit.trim() {
            "s" | "sec" | "second" => Duration::from_secs(1),
            "m" | "min" | "minute" => Duration::from_secs(60),
            "h" | "hour" => Duration::from_secs(3600),
            _ => return Err(wrong()),
        };
        let count: u32 = count.trim().parse().map_err(|_| wrong())?;
        if count == 0 || count > 1_000_000 {
            return Err(format!(
                "the rate must be between 1 and 1000000 requests a period, got '{text}'"
            ));
        }
        Ok(Rate { count, per })
    }
}

/// clap's value parser for a rate.
pub fn parse_rate(text: &str) -> Result<Rate, String> {
    text.parse()
}

/// A token bucket of one token: the next request may leave no sooner than
/// `interval` after the one before it, so requests are spread evenly and
/// no burst is ever saved up (a pause does not earn a rush after it).
#[derive(Debug, Clone)]
pub struct Bucket<I> {
    interval: Duration,
    next: Option<I>,
}

impl<I> Bucket<I>
where
    I: Copy + Ord + super::Later,
{
    pub fn new(interval: Duration) -> Bucket<I> {
        Bucket {
            interval,
            next: None,
        }
    }

    #[cfg(test)]
    pub fn interval(&self) -> Duration {
        self.interval
    }

    /// A new spacing from now on (the slot already promised stays).
    pub fn set_interval(&mut self, interval: Duration) {
        self.interval = interval;
    }

    /// When a request asking at `now` may leave; the slot is taken.
    /// `stretch` (1.0: none) scales the gap after this one, for jitter.
    pub fn reserve(&mut self, now: I, stretch: f64) -> I {
        let at = match self.next {
            Some(next) if next > now => next,
            _ => now,
        };
        // Jitter within reason (a stretch that is not a number is none),
        // and an instant however far the gap: no value can overflow.
        let stretch = if stretch.is_nan() {
            1.0
        } else {
            stretch.clamp(0.0, 2.0)
        };
        let gap = Duration::try_from_secs_f64(self.interval.as_secs_f64() * stretch)
            .unwrap_or(Duration::MAX);
        self.next = Some(at.later(gap));
        at
    }

    /// The earliest a request could leave, without taking the slot.
    pub fn earliest(&self, now: I) -> I {
        match self.next {
            Some(next) if next > now => next,
            _ => now,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn rates_parse_and_print() {
        let rate: Rate = "50/s".parse().unwrap();
        assert_eq!(rate.interval(), Duration::from_millis(20));
        assert_eq!(rate.to_string(), "50/s");
        let hourly: Rate = " 1000/h".parse().unwrap();
        assert_eq!(hourly.interval(), Duration::from_millis(3600));
        assert_eq!(hourly.to_string(), "1000/h");
        assert_eq!(
            "6/m".parse::<Rate>().unwrap().interval(),
            Duration::from_secs(10)
        );
        for bad in [
            "",
            "50",
            "50/d",
            "0/s",
            "-1/s",
            "x/s",
            "1.5/s",
            "50/",
            "2000000/s",
        ] {
            assert!(bad.parse::<Rate>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_pause_earns_no_burst() {
        let mut bucket = Bucket::new(Duration::from_millis(100));
        let t0 = Duration::ZERO;
        assert_eq!(bucket.reserve(t0, 1.0), t0);
        assert_eq!(bucket.reserve(t0, 1.0), Duration::from_millis(100));
        // Idle for a minute: the next leaves at once, the one after it
        // still waits its turn.
        let later = Duration::from_secs(60);
        assert_eq!(bucket.reserve(later, 1.0), later);
        assert_eq!(
            bucket.reserve(later, 1.0),
            later + Duration::from_millis(100)
        );
    }

    proptest! {
        /// Any spacing, any moment, any stretch: a slot is given, never
        /// before it was asked for, and nothing overflows.
        #[test]
        fn any_interval_and_stretch_reserve_without_overflow(
            secs in any::<u64>(),
            nanos in 0u32..1_000_000_000,
            at in any::<u64>(),
            stretch in any::<f64>(),
        ) {
            let mut bucket = Bucket::new(Duration::new(secs, nanos));
            let ask = Duration::from_nanos(at);
            prop_assert!(bucket.reserve(ask, stretch) == ask);
            prop_assert!(bucket.reserve(ask, stretch) >= ask);
            prop_assert!(bucket.earliest(ask) >= ask);
        }

        /// Whatever the order and the moments of the asks, no window of
        /// one period holds more than N departures; nobody leaves before
        /// asking; and a request waits only behind the one before it.
        #[test]
        fn never_more_than_n_in_any_period(
            count in 1u32..100,
            per_ms in prop::sample::select(vec![1_000u64, 60_000, 3_600_000]),
            mut asks in prop::collection::vec(0u64..10_000_000, 1..300),
        ) {
            asks.sort_unstable();
            let rate = Rate { count, per: Duration::from_millis(per_ms) };
            let mut bucket = Bucket::new(rate.interval());
            let mut left = Vec::new();
            for ask in &asks {
                let ask = Duration::from_micros(*ask * 100);
                let at = bucket.reserve(ask, 1.0);
                prop_assert!(at >= ask);
                if let Some(previous) = left.last() {
                    prop_assert!(at == ask || at == *previous + rate.interval());
                }
                left.push(at);
            }
            for (i, start) in left.iter().enumerate() {
                let end = *start + rate.per;
                let within = left[i..].iter().take_while(|t| **t < end).count();
                prop_assert!(within <= count as usize, "{} in a period from {:?}", within, start);
            }
        }
    }
}
