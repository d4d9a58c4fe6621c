//! Value parsers shared by the flags of every command, the config file and
//! the filters: durations, byte sizes, bounded whole numbers, fractions.
//! Pure, with messages that say what was expected in words.

/// Parses `30`, `30s`, `1m`, `500ms`, `1h` (a bare number is seconds).
pub fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a duration (try 30, 30s, 1m or 500ms)"))?;
    let seconds = match unit.trim() {
        "" | "s" | "sec" | "secs" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        other => {
            return Err(format!(
                "unknown unit '{other}' in '{text}' (use ms, s, m or h)"
            ));
        }
    };
    if !seconds.is_finite() || !(0.001..=86_400.0).contains(&seconds) {
        return Err(format!("'{text}' is out of range (from 1ms to 24h)"));
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// Parses a byte count with an optional k/M/G suffix (powers of 1024).
pub fn parse_size_bytes(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (number, factor) = match text.char_indices().last() {
        Some((i, 'k' | 'K')) => (&text[..i], 1024),
        Some((i, 'm' | 'M')) => (&text[..i], 1024 * 1024),
        Some((i, 'g' | 'G')) => (&text[..i], 1024 * 1024 * 1024),
        _ => (text, 1),
    };
    let value: u64 = number
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a size (try 65536, 64k or 1M)"))?;
    value
        .checked_mul(factor)
        .filter(|v| *v > 0)
        .ok_or_else(|| format!("'{text}' is out of range"))
}

/// A whole number from `min` to `max`, with messages that say so in words
/// (clap's own range says `0 is not in 1..18446744073709551615`); a
/// negative number is read as one, not taken for a flag.
pub fn whole<T: TryFrom<u64> + Clone + Send + Sync + 'static>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text| {
        let n: i128 = text
            .trim()
            .parse()
            .map_err(|_| format!("'{text}' is not a whole number"))?;
        if n < i128::from(min) {
            return Err(format!("must be at least {min}"));
        }
        if n > i128::from(max) {
            return Err(format!("must be at most {max}"));
        }
        u64::try_from(n)
            .ok()
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| format!("must be at most {max}"))
    }
}

pub fn parse_fraction(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(format!("'{text}' is not a fraction from 0.0 to 1.0")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn whole_numbers_say_their_bounds_in_words() {
        let page = whole::<u64>(1, u64::MAX);
        assert_eq!(page("7"), Ok(7));
        assert_eq!(page(" 7 "), Ok(7));
        assert_eq!(page("0"), Err("must be at least 1".to_string()));
        assert_eq!(page("-1"), Err("must be at least 1".to_string()));
        assert_eq!(page("1.5"), Err("'1.5' is not a whole number".to_string()));
        let retries = whole::<u32>(0, 20);
        assert_eq!(retries("20"), Ok(20));
        assert_eq!(retries("21"), Err("must be at most 20".to_string()));
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("30"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("1m"), Ok(Duration::from_secs(60)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert!(parse_duration("0").is_err());
        assert!(parse_duration("abc").is_err());
        assert!(parse_duration("5 parsecs").is_err());
        assert!(parse_duration("-1").is_err());
        assert!(parse_duration("0.0000000001").is_err());
        assert_eq!(parse_duration("1ms"), Ok(Duration::from_millis(1)));
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size_bytes("1M"), Ok(1024 * 1024));
        assert_eq!(parse_size_bytes("64k"), Ok(65536));
        assert_eq!(parse_size_bytes("100"), Ok(100));
        assert!(parse_size_bytes("0").is_err());
        assert!(parse_size_bytes("x").is_err());
    }
}
