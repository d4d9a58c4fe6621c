//! Dates as people give them for an exam period: `2024-06-30`, `2024-06`
//! (since: its first day; until: its last), `2024`, or an age before today
//! (`90d`, `18m`, `2y`). Parsed by clap into a [`When`], then resolved
//! against today once both bounds are known, so a period in the future or
//! ending before it starts is a usage error naming both.

use jiff::civil::Date;

/// A date as given, before it is known which bound it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    Day(Date),
    Month(i16, i8),
    Year(i16),
    /// So many days, months or years before today.
    Age(i64, AgeUnit),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgeUnit {
    Days,
    Months,
    Years,
}

/// Which end of a period a date bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Since,
    Until,
}

const FORMS: &str = "use YYYY-MM-DD, YYYY-MM, YYYY or an age such as 90d, 18m, 2y";

/// `--since`/`--exam-since` and friends, for clap.
pub fn parse_when(text: &str) -> Result<When, String> {
    let t = text.trim();
    let bad = || match american(t) {
        Some(date) => format!("'{text}' is not a date; did you mean {date}?"),
        None => format!("'{text}' is not a date; {FORMS}"),
    };
    if let Some(unit) = t.chars().last().filter(|c| c.is_ascii_alphabetic()) {
        let unit = match unit.to_ascii_lowercase() {
            'd' => AgeUnit::Days,
            'm' => AgeUnit::Months,
            'y' => AgeUnit::Years,
            _ => return Err(bad()),
        };
        let number = &t[..t.len() - 1];
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let n: i64 = number.parse().map_err(|_| bad())?;
        let limit = match unit {
            AgeUnit::Days => 36_500,
            AgeUnit::Months => 1_200,
            AgeUnit::Years => 100,
        };
        if n > limit {
            return Err(format!("'{text}' is too long ago (at most 100 years)"));
        }
        return Ok(When::Age(n, unit));
    }
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let parts: Vec<&str> = t.split('-').collect();
    let year = |s: &str| -> Result<i16, String> {
        if s.len() != 4 || !digits(s) {
            return Err(bad());
        }
        let y: i16 = s.parse().map_err(|_| bad())?;
        (1900..=9999).contains(&y).then_some(y).ok_or_else(bad)
    };
    let month = |s: &str| -> Result<i8, String> {
        if s.len() != 2 || !digits(s) {
            return Err(bad());
        }
        let m: i8 = s.parse().map_err(|_| bad())?;
        (1..=12).contains(&m).then_some(m).ok_or_else(bad)
    };
    match parts.as_slice() {
        [y] => Ok(When::Year(year(y)?)),
        [y, m] => Ok(When::Month(year(y)?, month(m)?)),
        [y, m, d] if d.len() == 2 && digits(d) => {
            let date = Date::new(year(y)?, month(m)?, d.parse().map_err(|_| bad())?)
                .map_err(|_| format!("'{text}' is not a date of the calendar; {FORMS}"))?;
            Ok(When::Day(date))
        }
        _ => Err(bad()),
    }
}

/// A date written the American way (`01/15/2023`, `1-15-2023`): month,
/// day, year of four digits; the same day as `YYYY-MM-DD`, for a "did you
/// mean".
fn american(text: &str) -> Option<String> {
    let parts: Vec<&str> = text.split(['/', '-']).collect();
    let [m, d, y] = parts.as_slice() else {
        return None;
    };
    let number = |s: &str| -> Option<i16> {
        (!s.is_empty() && s.len() <= 4 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    if y.len() != 4 || m.len() > 2 || d.len() > 2 {
        return None;
    }
    let (y, m, d) = (number(y)?, number(m)?, number(d)?);
    let date = Date::new(y, i8::try_from(m).ok()?, i8::try_from(d).ok()?).ok()?;
    Some(date.to_string())
}

impl When {
    /// The first and last day this names, relative to `today`.
    fn span(self, today: Date) -> (Date, Date) {
        match self {
            When::Day(date) => (date, date),
            When::Month(y, m) => {
                let first = Date::new(y, m, 1).expect("a checked month");
                (first, first.last_of_month())
            }
            When::Year(y) => (
                Date::new(y, 1, 1).expect("a year in range"),
                Date::new(y, 12, 31).expect("a year in range"),
            ),
            When::Age(n, unit) => {
                let span = match unit {
                    AgeUnit::Days => jiff::Span::new().days(n),
                    AgeUnit::Months => jiff::Span::new().months(n),
                    AgeUnit::Years => jiff::Span::new().years(n),
                };
                let date = today.checked_sub(span).unwrap_or(today);
                (date, date)
            }
        }
    }

    /// The day this bound stands for (`YYYY-MM-DD`); one whose period
    /// starts after today is an error.
    pub fn resolve(self, bound: Bound, today: Date) -> Result<Date, String> {
        let (first, last) = self.span(today);
        if first > today {
            return Err(format!("{first} is in the future (today is {today})"));
        }
        Ok(match bound {
            Bound::Since => first,
            Bound::Until => last,
        })
    }
}

impl When {
    /// The last day this names (`2027-03`: 2027-03-31), the future
    /// allowed: the day `--as-of` reckons to.
    pub fn last_day(self, today: Date) -> Date {
        self.span(today).1
    }
}

/// Both bounds of a period as `YYYY-MM-DD`, checked against today and
/// each other; `flags` names them in messages (`--exam-since`, ...).
pub fn period(
    since: Option<When>,
    until: Option<When>,
    flags: (&str, &str),
    today: Date,
) -> Result<(Option<String>, Option<String>), String> {
    let since = since
        .map(|w| w.resolve(Bound::Since, today))
        .transpose()
        .map_err(|e| format!("{}: {e}", flags.0))?;
    let until = until
        .map(|w| w.resolve(Bound::Until, today))
        .transpose()
        .map_err(|e| format!("{}: {e}", flags.1))?;
    if let (Some(s), Some(u)) = (since, until)
        && u < s
    {
        return Err(format!(
            "{} {u} is before {} {s}: no exam can be in that period",
            flags.1, flags.0
        ));
    }
    Ok((since.map(|d| d.to_string()), until.map(|d| d.to_string())))
}

/// Today, in the local time zone.
pub fn today() -> Date {
    jiff::Timestamp::now().to_zoned(local_zone()).date()
}

/// The local time zone. Without `TZ`, `/etc/localtime` is read as the
/// zone file it is: the same rules jiff would find, without first listing
/// the whole time zone database (a millisecond of every command that
/// needs today's date).
fn local_zone() -> jiff::tz::TimeZone {
    if cfg!(unix) && std::env::var_os("TZ").is_none() {
        let zone = std::fs::read("/etc/localtime")
            .ok()
            .and_then(|data| jiff::tz::TimeZone::tzif("Local", &data).ok());
        if let Some(zone) = zone {
            return zone;
        }
    }
    jiff::tz::TimeZone::system()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_american_date_is_read_back_as_a_suggestion() {
        assert_eq!(
            parse_when("01/15/2023").unwrap_err(),
            "'01/15/2023' is not a date; did you mean 2023-01-15?"
        );
        assert_eq!(american("1-5-2023").as_deref(), Some("2023-01-05"));
        assert_eq!(american("13/01/2023"), None);
        assert_eq!(american("2023/01/15"), None);
        assert!(
            parse_when("15.01.2023")
                .unwrap_err()
                .contains("use YYYY-MM-DD")
        );
    }
    use proptest::prelude::*;

    #[test]
    fn today_is_the_day_jiff_finds_in_the_system_zone() {
        // (Read twice around it, in case midnight passes in between.)
        let before = jiff::Zoned::now().date();
        let ours = today();
        let after = jiff::Zoned::now().date();
        assert!(ours == before || ours == after, "{ours} {before} {after}");
        assert_eq!(
            local_zone().to_offset(jiff::Timestamp::now()),
            jiff::tz::TimeZone::system().to_offset(jiff::Timestamp::now())
        );
    }

    fn d(text: &str) -> Date {
        text.parse().unwrap()
    }

    const FLAGS: (&str, &str) = ("--since", "--until");

    #[test]
    fn each_form_resolves_for_each_bound() {
        let today = d("2026-11-24");
        let both = |s: &str, u: &str| {
            period(
                Some(parse_when(s).unwrap()),
                Some(parse_when(u).unwrap()),
                FLAGS,
                today,
            )
        };
        assert_eq!(
            both("2024-02", "2024-02").unwrap(),
            (Some("2024-02-01".into()), Some("2024-02-29".into()))
        );
        assert_eq!(
            both("2022", "2023").unwrap(),
            (Some("2022-01-01".into()), Some("2023-12-31".into()))
        );
        assert_eq!(
            both("2y", "90d").unwrap(),
            (Some("2024-11-24".into()), Some("2026-08-26".into()))
        );
        assert_eq!(
            both("18m", "2026-11-24").unwrap(),
            (Some("2025-05-24".into()), Some("2026-11-24".into()))
        );
        // This year, this month: they start before today, so they are fine.
        assert!(both("2026", "2026-11").is_ok());
    }

    #[test]
    fn the_future_and_an_inverted_period_are_refused() {
        let today = d("2026-11-24");
        let one = |s: &str| period(Some(parse_when(s).unwrap()), None, FLAGS, today);
        assert!(one("2026-11-25").unwrap_err().contains("in the future"));
        assert!(one("2026-12").unwrap_err().contains("--since"));
        assert!(one("2027").is_err());
        let error = period(
            Some(parse_when("2024").unwrap()),
            Some(parse_when("2023-06").unwrap()),
            FLAGS,
            today,
        )
        .unwrap_err();
        assert!(
            error.contains("2023-06-30 is before --since 2024-01-01"),
            "{error}"
        );
    }

    #[test]
    fn bad_text_is_refused_with_the_forms() {
        for bad in [
            "",
            "yesterday",
            "2024-1",
            "2024-13",
            "2023-02-29",
            "24",
            "2y3",
            "-2y",
            "3w",
            "d",
            "2024-01-01-01",
            "1800",
        ] {
            let error = parse_when(bad).unwrap_err();
            assert!(
                error.contains("YYYY") || error.contains("calendar") || error.contains("ago"),
                "{bad}: {error}"
            );
        }
        assert!(parse_when("101y").unwrap_err().contains("100 years"));
        assert_eq!(parse_when("2Y"), Ok(When::Age(2, AgeUnit::Years)));
    }

    proptest! {
        #[test]
        fn never_panics_and_a_past_age_is_never_in_the_future(text in "\\PC{0,12}", n in 0i64..1000) {
            let today = d("2026-11-24");
            if let Ok(when) = parse_when(&text) {
                let _ = when.resolve(Bound::Since, today);
            }
            let age = When::Age(n, AgeUnit::Days).resolve(Bound::Since, today).unwrap();
            prop_assert!(age <= today);
        }
    }
}
