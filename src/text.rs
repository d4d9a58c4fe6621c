//! Words and text for people, written once: numbers with grouped digits,
//! plurals, times in words, text shortened to fit, and server text made
//! inert before a terminal shows it. Pure, below every other room.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// Groups digits: 18986 → `18,986`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The display width of `text` (control characters count as one column:
/// they are shown made inert, never raw).
pub fn width(text: &str) -> usize {
    text.width()
}

/// `text` cut to at most `max` display columns, ending in `…` when cut.
pub fn shorten(text: &str, max: usize) -> String {
    if width(text) <= max {
        return text.to_string();
    }
    if max == 0 {
        return String::new();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = c.width().unwrap_or(0);
        // One column is kept for the ellipsis.
        if used + w > max - 1 {
            break;
        }
        out.push(c);
        used += w;
    }
    // A sequence can be wider than its characters one by one ("0" then
    // U+FE0F asks for the emoji, two columns): the prefix is measured
    // whole, as a terminal and the table measure it, and cut further.
    while width(&out) > max - 1 {
        out.pop();
    }
    out.push('…');
    out
}

/// `text` cut to `max` characters, then `…`, for echoing input in messages.
pub fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

/// A control character as `\u{XX}`, visible and inert.
pub(crate) fn push_control(out: &mut String, c: char) {
    out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
}

/// `text` with its control characters (escape sequences, bells, newlines)
/// made visible and inert as `\u{1b}`: for server text shown to a person.
pub fn inert(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe(c) {
            push_control(&mut out, c);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// A character that must not reach a terminal as it is: a control
/// character, one that reorders the text around it (the bidi embeddings,
/// overrides and isolates, U+202E among them: "Trojan Source"), or a line
/// or paragraph separator (U+2028, U+2029: a new line to some terminals
/// and editors, which would let a name forge a line of its own).
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{202A}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
                | '\u{061C}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{2028}'
                | '\u{2029}'
        )
}

/// `singular` or `plural` as `n` asks: `plural(3, "bank", "banks")`.
pub fn plural<'a>(n: u64, singular: &'a str, plural: &'a str) -> &'a str {
    if n == 1 { singular } else { plural }
}

/// "3 hours ago" for an age in seconds; "just now" under a minute and a half.
pub fn ago(seconds: i64) -> String {
    let (n, unit) = match seconds {
        s if s < 90 => return "just now".to_string(),
        s if s < 90 * 60 => (s / 60, "minute"),
        s if s < 36 * 3600 => (s / 3600, "hour"),
        s => (s / 86400, "day"),
    };
    format!("{n} {unit}{} ago", if n == 1 { "" } else { "s" })
}

/// `45 s`, `2 min 5 s`, `3 h 20 min`, `2 d 4 h`: a wait as a person reads it.
pub fn duration(wait: std::time::Duration) -> String {
    let s = wait.as_secs_f64().ceil() as u64;
    let (d, h, m, s) = (s / 86_400, s / 3600 % 24, s / 60 % 60, s % 60);
    match (d, h, m) {
        (0, 0, 0) => format!("{s} s"),
        (0, 0, _) if s == 0 => format!("{m} min"),
        (0, 0, _) => format!("{m} min {s} s"),
        (0, _, 0) => format!("{h} h"),
        (0, _, _) => format!("{h} h {m} min"),
        (_, 0, _) => format!("{d} d"),
        _ => format!("{d} d {h} h"),
    }
}

/// `host:port` for messages, with an IPv6 address in brackets.
pub fn host_port(host: &str, port: u16) -> String {
    if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    }
}

/// Whether `haystack`, in Unicode lower case, contains `needle` (given in
/// lower case): `haystack.to_lowercase().contains(needle)`, without the
/// allocation when `haystack` is ASCII (a name or city nearly always is),
/// since the filters of the local copy call it once a bank.
pub fn contains_folded(haystack: &str, needle: &str) -> bool {
    if !haystack.is_ascii() {
        return haystack.to_lowercase().contains(needle);
    }
    let needle = needle.as_bytes();
    needle.is_empty()
        || haystack.as_bytes().windows(needle.len()).any(|window| {
            window
                .iter()
                .zip(needle)
                .all(|(h, n)| h.to_ascii_lowercase() == *n)
        })
}

/// Text safe inside HTML and XML (SVG) elements and quoted attributes:
/// `&`, `<`, `>`, `"` and `'` escaped, and a control character, which XML
/// 1.0 does not allow, shown as `\u{fffd}` (tab and line ends are kept).
pub fn escape_markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if c.is_control() => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// `$2.17B`: an amount for a person (a bank card, a table's ASSETS):
/// three significant figures or so, in the largest unit under it. Files
/// keep the exact amount.
pub fn dollars(amount: u64) -> String {
    let n = amount as f64;
    match amount {
        0..1_000 => format!("${amount}"),
        1_000..1_000_000 => format!("${:.0}K", n / 1e3),
        1_000_000..1_000_000_000 => format!("${:.1}M", n / 1e6),
        1_000_000_000..1_000_000_000_000 => format!("${:.2}B", n / 1e9),
        _ => format!("${:.2}T", n / 1e12),
    }
}

/// An amount of dollars as a person writes a bound (`250M`, `1.5B`,
/// `10K`): the largest unit that keeps it exact in two decimals, else the
/// whole number grouped by thousands. Never rounded: a bound said is the
/// bound applied.
pub fn compact_dollars(amount: u64) -> String {
    for (unit, suffix) in [
        (1_000_000_000_000u64, "T"),
        (1_000_000_000, "B"),
        (1_000_000, "M"),
        (1_000, "K"),
    ] {
        if amount >= unit && amount.is_multiple_of(unit / 100) {
            let whole = amount / unit;
            let hundredths = amount % unit / (unit / 100);
            let decimals = format!("{hundredths:02}");
            let decimals = decimals.trim_end_matches('0');
            let whole = thousands(whole);
            return if decimals.is_empty() {
                format!("{whole}{suffix}")
            } else {
                format!("{whole}.{decimals}{suffix}")
            };
        }
    }
    thousands(amount)
}

/// A time as the service and the local copy write it: RFC 3339 UTC with
/// milliseconds and `Z` (`2026-11-20T12:34:56.789Z`).
pub fn timestamp(at: jiff::Timestamp) -> String {
    at.strftime("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// `2026-11-24 08:15 UTC` from an RFC 3339 time; the text as given when it
/// is not one.
pub fn day_and_time(when: &str) -> String {
    match when.parse::<jiff::Timestamp>() {
        Ok(t) => t.strftime("%Y-%m-%d %H:%M UTC").to_string(),
        Err(_) => when.to_string(),
    }
}

/// `16 MiB`, `1 MiB`, `512 KiB`: a limit as a person reads it.
pub fn byte_size(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else if bytes >= 1 << 10 && bytes.is_multiple_of(1 << 10) {
        format!("{} KiB", bytes >> 10)
    } else {
        format!("{bytes} bytes")
    }
}

/// `word` as a shell reads it back: bare when it is plain, else in single
/// quotes (a file named in a hint is pasted as printed).
pub(crate) fn shell_quoted(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=@,+%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn dollar_bounds_are_said_exactly() {
        assert_eq!(compact_dollars(250_000_000), "250M");
        assert_eq!(compact_dollars(1_500_000_000), "1.5B");
        assert_eq!(compact_dollars(1_000_000_000), "1B");
        assert_eq!(compact_dollars(10_000), "10K");
        assert_eq!(compact_dollars(2_500_001), "2,500,001");
        assert_eq!(compact_dollars(999), "999");
        assert_eq!(compact_dollars(1_234_567_000), "1,234,567K");
        assert_eq!(compact_dollars(2_250_000_000), "2.25B");
    }

    #[test]
    fn digits_are_grouped() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(18_986), "18,986");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }

    #[test]
    fn shortening_counts_display_columns() {
        assert_eq!(shorten("FIRST NATIONAL BANK", 10), "FIRST NAT…");
        assert_eq!(shorten("SHORT", 10), "SHORT");
        assert_eq!(shorten("銀行銀行銀行", 9), "銀行銀行…");
        assert_eq!(width(&shorten("銀行銀行銀行", 8)), 7);
        // "0" then U+FE0F is two columns though each character alone
        // counts one and none (found by the sampled table's property test).
        assert_eq!(width("0\u{fe0f}"), 2);
        let cut = shorten("ab0\u{fe0f}cdef", 4);
        assert!(width(&cut) <= 4, "{cut:?}");
        assert_eq!(shorten("ab0\u{fe0f}cdef", 5), "ab0\u{fe0f}…");
        assert_eq!(cut, "ab0…");
    }

    #[test]
    fn clipping_counts_characters() {
        assert_eq!(clip("abcdef", 3), "abc…");
        assert_eq!(clip("abc", 3), "abc");
    }

    #[test]
    fn control_characters_are_made_inert() {
        assert_eq!(inert("a\x1b[31mb"), "a\\u{1b}[31mb");
        assert_eq!(inert("plain"), "plain");
        assert_eq!(inert("A\u{2028}B\u{2029}C"), "A\\u{2028}B\\u{2029}C");
    }

    #[test]
    fn plurals_and_ages() {
        assert_eq!(plural(1, "bank", "banks"), "bank");
        assert_eq!(plural(0, "bank", "banks"), "banks");
        assert_eq!(ago(30), "just now");
        assert_eq!(ago(3 * 3600), "3 hours ago");
        assert_eq!(ago(60 * 60), "60 minutes ago");
        assert_eq!(ago(86_400 * 2), "2 days ago");
        assert_eq!(ago(40 * 3600), "1 day ago");
    }

    #[test]
    fn durations_read_as_a_person_would() {
        use std::time::Duration;
        let d = Duration::from_secs;
        assert_eq!(duration(d(45)), "45 s");
        assert_eq!(duration(Duration::from_millis(1500)), "2 s");
        assert_eq!(duration(d(60)), "1 min");
        assert_eq!(duration(d(125)), "2 min 5 s");
        assert_eq!(duration(d(3600)), "1 h");
        assert_eq!(duration(d(3 * 3600 + 20 * 60)), "3 h 20 min");
        assert_eq!(duration(d(86_400)), "1 d");
        assert_eq!(duration(d(2 * 86_400 + 4 * 3600 + 59)), "2 d 4 h");
    }

    #[test]
    fn ipv6_hosts_are_bracketed() {
        assert_eq!(host_port("::1", 80), "[::1]:80");
        assert_eq!(host_port("127.0.0.1", 80), "127.0.0.1:80");
    }

    proptest! {
        #[test]
        fn shortened_text_fits(text in "\\PC{0,40}", max in 1usize..40) {
            prop_assert!(width(&shorten(&text, max)) <= max);
        }

        /// Sequences whose width is not the sum of their characters'
        /// (variation selectors, joiners, keycaps) fit all the same.
        #[test]
        fn shortened_sequences_fit(
            text in "([0-9a-z#*銀🌀❤]|\u{fe0f}|\u{fe0e}|\u{200d}|\u{20e3}){0,40}",
            max in 1usize..40,
        ) {
            prop_assert!(width(&shorten(&text, max)) <= max);
        }
    }

    proptest::proptest! {
        #[test]
        fn contains_folded_is_lowercase_contains(
            haystack in "[a-zA-Z \u{130}\u{212A}\u{C9}\u{E9}]{0,12}",
            needle in "[a-zA-Z \u{E9}i\u{307}]{0,3}",
        ) {
            let needle = needle.to_lowercase();
            proptest::prop_assert_eq!(
                contains_folded(&haystack, &needle),
                haystack.to_lowercase().contains(&needle)
            );
        }
    }

    #[test]
    fn sizes_read_as_a_person_would() {
        assert_eq!(byte_size(16 << 20), "16 MiB");
        assert_eq!(byte_size(2048), "2 KiB");
        assert_eq!(byte_size(1000), "1000 bytes");
    }
}
