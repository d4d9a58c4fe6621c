//! Days as the public record counts them: civil dates, day numbers, the
//! first of a later month (FDIC dates), quarter ends (BankFind's report
//! dates), working days, how long a bank goes unexamined before it is
//! surely closed, and the hash that seeds a bank's streams.

use jiff::civil::Date;

use crate::sandbox::data::{civil_from_days, days_from_civil};

/// 2011-07-21: the OTS's thrifts passed to the OCC.
pub const OTS_END: Date = jiff::civil::date(2011, 7, 21);

/// Whether an institution last examined on `last` has closed by
/// `vintage`: a bank is examined every two to five years (a small one
/// rated well, up to seven), so one not examined for eight years is gone.
pub fn long_unexamined(last: Date, vintage: Date) -> bool {
    day_number(vintage) - day_number(last) > 8 * 365 + 2
}

/// A stable hash of a bank's id (FNV-1a), the seed of its streams.
pub fn seed_of(id: &str) -> u64 {
    id.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A `YYYY-MM-DD` date (jiff's parser costs more in the debug builds
/// tests run, and the sandbox reads 80,000 dates at once).
pub fn parse_day(text: &str) -> Option<Date> {
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let digits = |range: std::ops::Range<usize>| {
        b[range].iter().try_fold(0i32, |n, d| {
            d.is_ascii_digit().then(|| n * 10 + i32::from(d - b'0'))
        })
    };
    let (y, m, d) = (digits(0..4)?, digits(5..7)?, digits(8..10)?);
    Date::new(y as i16, m as i8, d as i8).ok()
}

pub fn day_number(date: Date) -> i64 {
    days_from_civil(
        i32::from(date.year()),
        date.month() as u32,
        date.day() as u32,
    )
}

pub fn from_day_number(day: i64) -> Date {
    let (y, m, d) = civil_from_days(day);
    jiff::civil::date(y as i16, m as i8, d as i8)
}

/// The first of the month `months` after `date`'s.
pub fn month_after(date: Date, months: i64) -> Date {
    let index = i64::from(date.year()) * 12 + i64::from(date.month()) - 1 + months;
    jiff::civil::date(
        index.div_euclid(12) as i16,
        (index.rem_euclid(12) + 1) as i8,
        1,
    )
}

/// The last quarter end on or before `date`.
pub fn quarter_end(date: Date) -> Date {
    let month = (date.month() - 1) / 3 * 3 + 3;
    let end = month_after(jiff::civil::date(date.year(), month, 1), 1)
        .yesterday()
        .unwrap_or(date);
    if end <= date {
        end
    } else {
        month_after(end, -2).yesterday().unwrap_or(date)
    }
}

/// A working day: a Saturday or Sunday moves back to the Friday.
pub fn weekday(day: i64) -> Date {
    from_day_number(match (day + 3).rem_euclid(7) {
        5 => day - 1,
        6 => day - 2,
        _ => day,
    })
}
