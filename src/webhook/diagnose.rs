//! Why a signature does not match, when a common mistake explains it.
//!
//! A mismatch alone says nothing useful to a developer wiring up a receiver.
//! Most mismatches come from a handful of mistakes: the body gained or lost
//! a trailing newline on its way to disk, the JSON was parsed and written
//! back (pretty-printed or with keys reordered) before signing or checking,
//! or the secret carries whitespace from the file or prompt it came from.
//! Each is tried by re-signing a variant and comparing with the header's
//! digest; the first that matches is the explanation. Pure, like `sign`:
//! neither the secret nor any expected digest ever leaves this module.

use serde::Serialize;

use super::sign::Signer;

/// A common mistake that explains a mismatch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mistake {
    /// The body here ends with a newline (or CRLF) the sender did not sign.
    TrailingNewlineAdded,
    /// The signed body ended with a newline (or CRLF) missing here.
    TrailingNewlineRemoved,
    /// The signature is of a compact form of this (pretty-printed) JSON.
    JsonPrettyPrinted,
    /// The signature is of a pretty-printed form of this JSON.
    JsonCompacted,
    /// The signature is of this JSON with its keys in another order.
    JsonReordered,
    /// The signature is of this JSON written with other spacing
    /// (e.g. Python's `json.dumps` default `", "` and `": "`).
    JsonRespaced,
    /// The secret given here has surrounding whitespace; the sender's had none.
    SecretHasWhitespace,
    /// The sender's secret had a trailing newline or surrounding whitespace.
    SenderSecretHasWhitespace,
}

impl Mistake {
    /// One sentence for `verify-webhook`'s output.
    pub fn explain(self) -> &'static str {
        match self {
            Mistake::TrailingNewlineAdded => {
                "the body ends with a newline that was not signed (it was added when the body was saved or pasted; keep the raw bytes, e.g. curl --data-binary @file, printf '%s')"
            }
            Mistake::TrailingNewlineRemoved => {
                "the signed body ended with a newline that is missing here (it was stripped when the body was saved or copied; keep the raw bytes)"
            }
            Mistake::JsonPrettyPrinted => {
                "the JSON was re-serialized: the signature matches its compact form, but this body is pretty-printed (verify the raw bytes as received, not a re-encoded object)"
            }
            Mistake::JsonCompacted => {
                "the JSON was re-serialized: the signature matches a pretty-printed form of this body (verify the raw bytes as received, not a re-encoded object)"
            }
            Mistake::JsonReordered => {
                "the JSON was re-serialized: the signature matches the same object with its keys in another order (verify the raw bytes as received, not a re-encoded object)"
            }
            Mistake::JsonRespaced => {
                "the JSON was re-serialized: the signature matches the same object written with other spacing (verify the raw bytes as received, not a re-encoded object)"
            }
            Mistake::SecretHasWhitespace => {
                "the secret given here has surrounding whitespace (a newline from a file or echo?); the signature matches it trimmed"
            }
            Mistake::SenderSecretHasWhitespace => {
                "the signature matches this secret with a trailing newline or surrounding space: the sender's secret has whitespace (a newline from a file or echo?)"
            }
        }
    }
}

/// Whether the HMAC of `parts` (concatenated) under `secret` is `wanted`,
/// compared in constant time (the expected digest is secret-derived).
fn signs(secret: &[u8], parts: &[&[u8]], wanted: &[u8; 32]) -> bool {
    let mut signer = Signer::new(secret);
    for part in parts {
        signer.update(part);
    }
    signer.matches(wanted)
}

/// The mistake that explains why `wanted` (the decoded header digest) is not
/// the HMAC of `body` under `secret`, if one of the common ones does.
pub fn diagnose(secret: &[u8], body: &[u8], wanted: &[u8; 32]) -> Option<Mistake> {
    let matches = |secret: &[u8], parts: &[&[u8]]| signs(secret, parts, wanted);

    // Trailing newline added here: the signed body is this one without it.
    for ending in [&b"\r\n"[..], b"\n", b"\r"] {
        if let Some(stripped) = body.strip_suffix(ending)
            && matches(secret, &[stripped])
        {
            return Some(Mistake::TrailingNewlineAdded);
        }
    }
    // Trailing newline removed here: the signed body had one more.
    for ending in [&b"\n"[..], b"\r\n"] {
        if matches(secret, &[body, ending]) {
            return Some(Mistake::TrailingNewlineRemoved);
        }
    }

    // Secret whitespace, either side.
    if let Ok(text) = std::str::from_utf8(secret) {
        let trimmed = text.trim();
        if trimmed != text && matches(trimmed.as_bytes(), &[body]) {
            return Some(Mistake::SecretHasWhitespace);
        }
    }
    for (before, after) in [("", "\n"), ("", "\r\n"), ("", " "), (" ", ""), (" ", " ")] {
        let padded = [before.as_bytes(), secret, after.as_bytes()].concat();
        if matches(&padded, &[body]) {
            return Some(Mistake::SenderSecretHasWhitespace);
        }
    }

    // The JSON re-serialized.
    let value: serde_json::Value = serde_json::from_slice(body).ok()?;
    let sorted = sort_keys(&value);
    let documented = documented_order(&value);
    // Value equality ignores key order, so compare the written forms.
    let differs = |other: &serde_json::Value| {
        serde_json::to_vec(other).ok() != serde_json::to_vec(&value).ok()
    };
    let (sorted_differs, documented_differs) = (differs(&sorted), differs(&documented));
    let is_pretty = body.contains(&b'\n');
    for (candidate, order_changed) in [
        (&value, false),
        (&sorted, sorted_differs),
        (&documented, documented_differs),
    ] {
        for (style, bytes) in renderings(candidate) {
            if bytes.as_slice() == body {
                continue;
            }
            let with_newline = [bytes.as_slice(), b"\n"].concat();
            if matches(secret, &[&bytes]) || matches(secret, &[&with_newline]) {
                return Some(if order_changed {
                    Mistake::JsonReordered
                } else {
                    match style {
                        Style::Compact if is_pretty => Mistake::JsonPrettyPrinted,
                        Style::Pretty if !is_pretty => Mistake::JsonCompacted,
                        Style::Compact | Style::Pretty | Style::Spaced => Mistake::JsonRespaced,
                    }
                });
            }
        }
    }
    None
}

#[derive(Debug, Clone, Copy)]
enum Style {
    Compact,
    Pretty,
    Spaced,
}

/// The ways a JSON library commonly writes a value back out.
fn renderings(value: &serde_json::Value) -> Vec<(Style, Vec<u8>)> {
    let mut out = Vec::new();
    out.push((
        Style::Compact,
        serde_json::to_vec(value).expect("a Value serializes"),
    ));
    for indent in [2usize, 4] {
        let spaces = " ".repeat(indent);
        let mut buf = Vec::new();
        let formatter = serde_json::ser::PrettyFormatter::with_indent(spaces.as_bytes());
        let mut ser = serde_json::Serializer::with_formatter(&mut buf, formatter);
        value.serialize(&mut ser).expect("a Value serializes");
        out.push((Style::Pretty, buf));
    }
    let mut buf = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut buf, SpacedFormatter);
    value.serialize(&mut ser).expect("a Value serializes");
    out.push((Style::Spaced, buf));
    out
}

/// The keys of a `rating.created` payload in the order the service
/// documents them (docs/service.md, section 6.1), which a sender writes them in.
const DOCUMENTED_KEYS: [&str; 8] = [
    "event",
    "timestamp",
    "data",
    "bank_id",
    "bank_name",
    "rating",
    "exam_date",
    "regulator",
];

/// A copy of `value` with every object's documented keys first, in the
/// documented order, then any others as they were: the body as sent, when
/// the receiver's copy was re-ordered (`jq -S`, a sorting canonicalizer).
fn documented_order(value: &serde_json::Value) -> serde_json::Value {
    let rank = |key: &str| {
        DOCUMENTED_KEYS
            .iter()
            .position(|k| *k == key)
            .unwrap_or(DOCUMENTED_KEYS.len())
    };
    // Stable: unknown keys keep their order among themselves.
    reorder_keys(value, &|entries| entries.sort_by_key(|(k, _)| rank(k)))
}

/// A copy of `value` with every object's keys in sorted order (what
/// `json.dumps(sort_keys=True)`, `jq -S` and many canonicalizers do).
fn sort_keys(value: &serde_json::Value) -> serde_json::Value {
    reorder_keys(value, &|entries| entries.sort_by(|a, b| a.0.cmp(b.0)))
}

type Entries<'a> = Vec<(&'a String, &'a serde_json::Value)>;

/// A copy of `value` with every object's entries put in order by `order`,
/// at every depth.
fn reorder_keys(value: &serde_json::Value, order: &dyn Fn(&mut Entries<'_>)) -> serde_json::Value {
    match value {
        serde_json::Value::Object(map) => {
            let mut entries: Entries<'_> = map.iter().collect();
            order(&mut entries);
            serde_json::Value::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (k.clone(), reorder_keys(v, order)))
                    .collect(),
            )
        }
        serde_json::Value::Array(items) => {
            serde_json::Value::Array(items.iter().map(|item| reorder_keys(item, order)).collect())
        }
        other => other.clone(),
    }
}

/// One line with `", "` between items and `": "` after keys: Python's
/// `json.dumps` default.
struct SpacedFormatter;

/// `", "` before every item but the first.
fn separate<W: ?Sized + std::io::Write>(writer: &mut W, first: bool) -> std::io::Result<()> {
    if first {
        Ok(())
    } else {
        writer.write_all(b", ")
    }
}

impl serde_json::ser::Formatter for SpacedFormatter {
    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        separate(writer, first)
    }

    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        separate(writer, first)
    }

    fn begin_object_value<W: ?Sized + std::io::Write>(
        &mut self,
        writer: &mut W,
    ) -> std::io::Result<()> {
        writer.write_all(b": ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::webhook::sign::{decode, sign};

    const SECRET: &[u8] = b"whsec_test";
    const BODY: &[u8] = br#"{"event":"rating.created","timestamp":"2026-11-20T12:34:56.789Z","data":{"bank_id":"b","bank_name":"FIRST BANK","rating":"Satisfactory","exam_date":"2026-11-01","regulator":"FDIC"}}"#;

    fn wanted(secret: &[u8], body: &[u8]) -> [u8; 32] {
        decode(&sign(secret, body)).unwrap()
    }

    #[test]
    fn trailing_newline_added_here() {
        let here = [BODY, b"\n"].concat();
        assert_eq!(
            diagnose(SECRET, &here, &wanted(SECRET, BODY)),
            Some(Mistake::TrailingNewlineAdded)
        );
        let here = [BODY, b"\r\n"].concat();
        assert_eq!(
            diagnose(SECRET, &here, &wanted(SECRET, BODY)),
            Some(Mistake::TrailingNewlineAdded)
        );
    }

    #[test]
    fn trailing_newline_removed_here() {
        let signed = [BODY, b"\n"].concat();
        assert_eq!(
            diagnose(SECRET, BODY, &wanted(SECRET, &signed)),
            Some(Mistake::TrailingNewlineRemoved)
        );
    }

    #[test]
    fn pretty_printed_here() {
        let value: serde_json::Value = serde_json::from_slice(BODY).unwrap();
        let pretty = serde_json::to_vec_pretty(&value).unwrap();
        assert_eq!(
            diagnose(SECRET, &pretty, &wanted(SECRET, BODY)),
            Some(Mistake::JsonPrettyPrinted)
        );
    }

    #[test]
    fn signed_pretty_checked_compact() {
        let value: serde_json::Value = serde_json::from_slice(BODY).unwrap();
        let pretty = serde_json::to_vec_pretty(&value).unwrap();
        assert_eq!(
            diagnose(SECRET, BODY, &wanted(SECRET, &pretty)),
            Some(Mistake::JsonCompacted)
        );
    }

    #[test]
    fn reordered_keys() {
        let sorted =
            serde_json::to_vec(&sort_keys(&serde_json::from_slice(BODY).unwrap())).unwrap();
        assert_ne!(sorted, BODY);
        assert_eq!(
            diagnose(SECRET, BODY, &wanted(SECRET, &sorted)),
            Some(Mistake::JsonReordered)
        );
        // Pretty and sorted at once (`jq -S .`) is still a reordering.
        let jq =
            serde_json::to_vec_pretty(&sort_keys(&serde_json::from_slice(BODY).unwrap())).unwrap();
        assert_eq!(
            diagnose(SECRET, BODY, &wanted(SECRET, &jq)),
            Some(Mistake::JsonReordered)
        );
    }

    #[test]
    fn python_spacing() {
        let spaced = br#"{"event": "rating.created", "timestamp": "2026-11-20T12:34:56.789Z", "data": {"bank_id": "b", "bank_name": "FIRST BANK", "rating": "Satisfactory", "exam_date": "2026-11-01", "regulator": "FDIC"}}"#;
        assert_eq!(
            diagnose(SECRET, BODY, &wanted(SECRET, spaced)),
            Some(Mistake::JsonRespaced)
        );
    }

    #[test]
    fn secret_whitespace_here() {
        assert_eq!(
            diagnose(b"whsec_test\n", BODY, &wanted(SECRET, BODY)),
            Some(Mistake::SecretHasWhitespace)
        );
        assert_eq!(
            diagnose(b"  whsec_test ", BODY, &wanted(SECRET, BODY)),
            Some(Mistake::SecretHasWhitespace)
        );
    }

    #[test]
    fn sender_secret_whitespace() {
        assert_eq!(
            diagnose(SECRET, BODY, &wanted(b"whsec_test\n", BODY)),
            Some(Mistake::SenderSecretHasWhitespace)
        );
    }

    #[test]
    fn no_explanation_for_a_plain_mismatch() {
        assert_eq!(diagnose(SECRET, BODY, &wanted(b"other", BODY)), None);
        assert_eq!(diagnose(SECRET, b"not json", &[0u8; 32]), None);
    }
}
