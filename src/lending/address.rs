//! Where the files of a year are: the FFIEC's address of each kind's zip
//! (or another base's, `CRA_LENDING`, or the sandbox's), and which years
//! are published by a given day (a year's files come out in the summer
//! after it: the FFIEC has published year Y from September of Y + 1).

use jiff::civil::Date;

use super::Kind;

/// The FFIEC's folder of the flat files.
pub const FFIEC_BASE: &str = "https://www.ffiec.gov/sites/default/files/data/cra/flat-files";

/// The address of `kind`'s zip of `year` under `base` (no trailing
/// slash): `{base}/{yy}exp_{trans,aggr,discl}.zip`.
pub fn url(base: &str, year: u16, kind: Kind) -> String {
    format!(
        "{}/{:02}exp_{}.zip",
        base.trim_end_matches('/'),
        year % 100,
        kind.file_word()
    )
}

/// The last year published by `day`.
pub fn last_published(day: Date) -> u16 {
    let year = u16::try_from(day.year()).unwrap_or(super::FIRST_YEAR + 1);
    if day.month() >= 9 { year - 1 } else { year - 2 }
}

/// The five years up to the last published by `day`.
pub fn last_five(day: Date) -> std::ops::RangeInclusive<u16> {
    let last = last_published(day).max(super::FIRST_YEAR);
    last.saturating_sub(4).max(super::FIRST_YEAR)..=last
}

/// `2019..2024`, `2019..`, `..2024` or `2022`: the years, or why not
/// (a year before 1996, after `last`, or a range backwards).
pub fn parse_years(text: &str, last: u16) -> Result<std::ops::RangeInclusive<u16>, String> {
    let year = |part: &str, default: u16| -> Result<u16, String> {
        let part = part.trim();
        if part.is_empty() {
            return Ok(default);
        }
        let year: u16 = part
            .parse()
            .map_err(|_| format!("'{part}' is not a year (e.g. 2019..2024, or 2022)"))?;
        if !(super::FIRST_YEAR..=last).contains(&year) {
            return Err(format!(
                "{year}: the FFIEC publishes the years {} to {last}",
                super::FIRST_YEAR
            ));
        }
        Ok(year)
    };
    let (from, to) = match text.split_once("..") {
        Some((from, to)) => (year(from, super::FIRST_YEAR)?, year(to, last)?),
        None => {
            let one = year(text, 0)?;
            (one, one)
        }
    };
    if from > to {
        return Err(format!("{text}: the first year is after the last"));
    }
    Ok(from..=to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_and_years_published() {
        assert_eq!(
            url(FFIEC_BASE, 2013, Kind::Aggregate),
            "https://www.ffiec.gov/sites/default/files/data/cra/flat-files/13exp_aggr.zip"
        );
        assert_eq!(
            url("http://h/x/", 2005, Kind::Disclosure),
            "http://h/x/05exp_discl.zip"
        );
        assert_eq!(last_published(jiff::civil::date(2025, 8, 31)), 2023);
        assert_eq!(last_published(jiff::civil::date(2025, 9, 1)), 2024);
        assert_eq!(last_five(jiff::civil::date(2026, 1, 5)), 2020..=2024);
        assert_eq!(parse_years("2019..2024", 2024), Ok(2019..=2024));
        assert_eq!(parse_years("2022", 2024), Ok(2022..=2022));
        assert_eq!(parse_years("..1998", 2024), Ok(1996..=1998));
        assert_eq!(parse_years("2020..", 2024), Ok(2020..=2024));
        assert!(
            parse_years("1995", 2024)
                .unwrap_err()
                .contains("1996 to 2024")
        );
        assert!(parse_years("2025", 2024).is_err());
        assert!(parse_years("2024..2020", 2024).is_err());
        assert!(parse_years("x", 2024).is_err());
    }
}
