//! The service's resources (docs/service.md, section 2) as the client reads them.
//!
//! Every object is kept twice: `raw`, the JSON text as served (unknown
//! fields, unknown values, field order, the service's own spelling of
//! numbers and escapes; only whitespace between tokens is taken out, so
//! that each object is one line), which JSON output prints; and a typed
//! view checked against the documented shape, which tables and CSV use. A
//! body that does not fit the documented shape is an error naming the
//! field's path.
//!
//! The text is kept rather than a parsed tree because a tree costs many
//! times its text (some 40 bytes a value: a page of 16 MiB whose unknown
//! field holds eight million zeros took over a gigabyte), while the text
//! costs what it is; only the documented fields are parsed, and unknown
//! ones are skipped without being built. What an answer may cost is thus
//! a small multiple of its size, whatever it holds.

use std::borrow::Cow;

use serde::de::{DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use super::vocab::{ExamType, Rating, Regulator};

/// A JSON value as served: its text, whitespace between tokens taken out.
#[derive(Debug, Clone)]
pub struct Raw(Box<RawValue>);

impl Raw {
    /// `null` (a typed view read without its JSON).
    pub fn null() -> Raw {
        Raw(RawValue::NULL.to_owned())
    }

    /// A value of a body as served: its text, made one line.
    pub fn served(raw: &RawValue) -> Raw {
        match compact(raw.get()) {
            Cow::Borrowed(_) => Raw(raw.to_owned()),
            Cow::Owned(text) => Raw(RawValue::from_string(text)
                .expect("JSON with whitespace between tokens taken out is still JSON")),
        }
    }

    /// Text this program stored (the local copy), checked to be JSON.
    pub fn stored(text: String) -> Result<Raw, String> {
        RawValue::from_string(text).map(Raw).map_err(|e| bare(&e))
    }

    /// The text of a value built here (a redacted copy).
    pub fn of(value: &Value) -> Raw {
        Raw(serde_json::value::to_raw_value(value).expect("a JSON value serializes"))
    }

    /// The JSON text.
    pub fn get(&self) -> &str {
        self.0.get()
    }

    /// The value as a tree, for the rare caller that must change it.
    pub fn to_value(&self) -> Value {
        serde_json::from_str(self.get()).expect("a raw value is JSON")
    }

    /// Whether `hit` is true of any string or key in it, read without
    /// building anything (strings with escapes are unescaped one by one).
    pub fn any_text(&self, hit: &mut dyn FnMut(&str) -> bool) -> bool {
        let mut de = serde_json::Deserializer::from_str(self.get());
        Scan(hit).deserialize(&mut de).unwrap_or(false)
    }
}

impl Serialize for Raw {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// `text` (valid JSON) without whitespace between its tokens; borrowed when
/// it had none.
pub fn compact(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let mut out: Option<Vec<u8>> = None;
    let (mut in_string, mut escaped) = (false, false);
    for (i, &b) in bytes.iter().enumerate() {
        let keep = if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
            true
        } else {
            match b {
                b'"' => {
                    in_string = true;
                    true
                }
                b' ' | b'\n' | b'\r' | b'\t' => false,
                _ => true,
            }
        };
        match (&mut out, keep) {
            (Some(out), true) => out.push(b),
            (None, false) => out = Some(bytes[..i].to_vec()),
            _ => {}
        }
    }
    match out {
        None => Cow::Borrowed(text),
        Some(bytes) => Cow::Owned(
            String::from_utf8(bytes).expect("only ASCII whitespace outside strings was taken out"),
        ),
    }
}

/// The walk of [`Raw::any_text`]: true when `hit` is true of a string or
/// key met.
struct Scan<'f>(&'f mut dyn FnMut(&str) -> bool);

impl<'de> DeserializeSeed<'de> for Scan<'_> {
    type Value = bool;

    fn deserialize<D: serde::Deserializer<'de>>(self, de: D) -> Result<bool, D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Scan<'_> {
    type Value = bool;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<bool, E> {
        Ok(false)
    }

    fn visit_i64<E>(self, _: i64) -> Result<bool, E> {
        Ok(false)
    }

    fn visit_u64<E>(self, _: u64) -> Result<bool, E> {
        Ok(false)
    }

    fn visit_f64<E>(self, _: f64) -> Result<bool, E> {
        Ok(false)
    }

    fn visit_unit<E>(self) -> Result<bool, E> {
        Ok(false)
    }

    fn visit_str<E>(self, text: &str) -> Result<bool, E> {
        Ok((self.0)(text))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<bool, A::Error> {
        let Scan(hit) = self;
        let mut found = false;
        while let Some(one) = seq.next_element_seed(Scan(&mut *hit))? {
            found |= one;
        }
        Ok(found)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<bool, A::Error> {
        let Scan(hit) = self;
        let mut found = false;
        while let Some(key) = map.next_key_seed(Scan(&mut *hit))? {
            found |= key;
            found |= map.next_value_seed(Scan(&mut *hit))?;
        }
        Ok(found)
    }
}

/// Pagination meta (docs/service.md, section 2.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct Meta {
    pub total: u64,
    pub page: u64,
    pub per_page: u64,
    pub total_pages: u64,
}

/// `current_rating` (docs/service.md, section 2.3). The rating set is open: any text passes.
#[derive(Debug, Clone, Deserialize)]
pub struct CurrentRating {
    pub rating: Rating,
    pub exam_date: String,
    pub exam_type: ExamType,
}

/// A list item (docs/service.md, section 2.1).
#[derive(Debug, Clone, Deserialize)]
pub struct BankFields {
    pub id: String,
    pub name: String,
    pub city: String,
    pub state: String,
    pub regulator: Regulator,
    /// Documented as an object; a bank with no rating yet is not described,
    /// so `null` or absent is read as none rather than refused.
    #[serde(default)]
    pub current_rating: Option<CurrentRating>,
}

/// A rating record (docs/service.md, section 2.4).
#[derive(Debug, Clone, Deserialize)]
pub struct RatingRecord {
    pub exam_date: String,
    pub rating: Rating,
    pub exam_type: ExamType,
    pub is_current: bool,
}

/// A bank detail (docs/service.md, section 2.2).
#[derive(Debug, Clone, Deserialize)]
pub struct DetailFields {
    pub id: String,
    pub name: String,
    pub city: String,
    pub state: String,
    pub regulator: Regulator,
    /// Null (or absent), or any JSON value as text: its type is not
    /// documented, and it is never looked into.
    #[serde(default)]
    pub charter_type: Option<Box<RawValue>>,
    pub ratings: Vec<RatingRecord>,
}

/// A bank as listed: the object as served and its typed view (and, when
/// its columns were asked for, its public record from the local copy).
#[derive(Debug, Clone)]
pub struct Bank {
    pub raw: Raw,
    pub fields: BankFields,
    pub public: Option<Box<super::public::PublicRecord>>,
}

impl super::public::HasPublic for Bank {
    fn public(&self) -> Option<&super::public::PublicRecord> {
        self.public.as_deref()
    }
}

/// A bank with its history: the object as served and its typed view.
#[derive(Debug, Clone)]
pub struct BankDetail {
    pub raw: Raw,
    pub fields: DetailFields,
}

/// One page of the list endpoint.
#[derive(Debug, Clone)]
pub struct Page {
    pub banks: Vec<Bank>,
    pub meta: Meta,
}

impl DetailFields {
    /// The history newest first (by exam date, the service's order kept for
    /// ties), whatever order the service sent it in.
    pub fn ratings_newest_first(&self) -> Vec<&RatingRecord> {
        let mut ratings: Vec<&RatingRecord> = self.ratings.iter().collect();
        ratings.sort_by(|a, b| b.exam_date.cmp(&a.exam_date));
        ratings
    }

    /// `charter_type` as text for a table: none when null; a string as it
    /// reads; anything else as its JSON text.
    pub fn charter_text(&self) -> Option<String> {
        let raw = self.charter_type.as_ref()?;
        match serde_json::from_str::<String>(raw.get()) {
            Ok(text) => Some(text),
            Err(_) => Some(compact(raw.get()).into_owned()),
        }
    }
}

/// A serde_json error without the line and column it appends (a path names
/// the place better).
fn bare(error: &serde_json::Error) -> String {
    let text = error.to_string();
    let at = format!(" at line {} column {}", error.line(), error.column());
    match text.strip_suffix(&at) {
        Some(bare) => bare.to_string(),
        None => text,
    }
}

/// Reads `T` out of JSON text, with the path of the first field that does
/// not fit.
pub fn typed<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    typed_from(&mut serde_json::Deserializer::from_str(text))
}

fn typed_from<'de, T: Deserialize<'de>, R: serde_json::de::Read<'de>>(
    de: &mut serde_json::Deserializer<R>,
) -> Result<T, String> {
    serde_path_to_error::deserialize(&mut *de).map_err(|e| {
        let path = e.path().to_string();
        let inner = bare(e.inner());
        if path == "." || path.is_empty() {
            inner
        } else {
            format!("{path}: {inner}")
        }
    })
}

/// Splits a list envelope into checked banks and meta. Fields of the
/// envelope other than `data` and `meta` are skipped unread.
pub fn parse_page(body: &[u8]) -> Result<Page, String> {
    #[derive(Deserialize)]
    struct Envelope<'a> {
        #[serde(borrow)]
        data: Vec<&'a RawValue>,
        meta: Meta,
    }
    let envelope: Envelope = typed_from(&mut serde_json::Deserializer::from_slice(body))?;
    let mut banks = Vec::with_capacity(envelope.data.len());
    for (index, raw) in envelope.data.into_iter().enumerate() {
        let fields: BankFields = typed(raw.get()).map_err(|e| format!("data[{index}].{e}"))?;
        banks.push(Bank {
            raw: Raw::served(raw),
            fields,
            public: None,
        });
    }
    Ok(Page {
        banks,
        meta: envelope.meta,
    })
}

/// Takes the `data` object out of a detail envelope and checks it.
pub fn parse_detail(body: &[u8]) -> Result<BankDetail, String> {
    #[derive(Deserialize)]
    struct Envelope<'a> {
        #[serde(borrow)]
        data: &'a RawValue,
    }
    if body.trim_ascii_start().first() != Some(&b'{') {
        return Err("expected a JSON object with a `data` field".to_string());
    }
    let envelope: Envelope = typed_from(&mut serde_json::Deserializer::from_slice(body))?;
    let fields: DetailFields = typed(envelope.data.get()).map_err(|e| format!("data.{e}"))?;
    Ok(BankDetail {
        raw: Raw::served(envelope.data),
        fields,
    })
}

/// A list entry as the local copy stored it (its own text, unchanged).
pub fn stored_bank(text: String) -> Result<Bank, String> {
    let fields = typed(&text)?;
    Ok(Bank {
        raw: Raw::stored(text)?,
        fields,
        public: None,
    })
}

/// A bank detail as the local copy stored it.
pub fn stored_detail(text: String) -> Result<BankDetail, String> {
    let fields = typed(&text)?;
    Ok(BankDetail {
        raw: Raw::stored(text)?,
        fields,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn page_of(items: &[Value], total: Value) -> Result<Page, String> {
        let body = json!({"data": items, "meta": {"total": total, "page": 1, "per_page": 25, "total_pages": 1}});
        parse_page(body.to_string().as_bytes())
    }

    fn item() -> Value {
        json!({"id": "a", "name": "N", "city": "C", "state": "TX", "regulator": "FDIC",
               "current_rating": {"rating": "Satisfactory", "exam_date": "2020-01-01", "exam_type": "Small Bank"},
               "brand_new_field": [1, 2]})
    }

    #[test]
    fn unknown_fields_are_kept_in_raw() {
        let page = page_of(&[item()], json!(1)).unwrap();
        assert_eq!(
            page.banks[0].raw.to_value()["brand_new_field"],
            json!([1, 2])
        );
        assert_eq!(page.banks[0].fields.regulator, Regulator::Fdic);
        let current = page.banks[0].fields.current_rating.as_ref().unwrap();
        assert_eq!(
            (&current.rating, &current.exam_type),
            (&Rating::Satisfactory, &ExamType::SmallBank)
        );
    }

    #[test]
    fn wrong_type_names_the_path() {
        let mut bad = item();
        bad["name"] = json!(5);
        let err = page_of(&[item(), bad], json!(2)).unwrap_err();
        assert!(err.starts_with("data[1].name:"), "{err}");
        let err = page_of(&[], json!("x")).unwrap_err();
        assert!(err.starts_with("meta.total:"), "{err}");
        // The typed vocabulary is refused as a text field was, by path.
        for (field, at) in [
            ("regulator", "data[1].regulator"),
            ("current_rating", "data[1].current_rating.rating"),
        ] {
            let mut bad = item();
            if field == "regulator" {
                bad["regulator"] = json!(5);
            } else {
                bad["current_rating"]["rating"] = json!(5);
            }
            let err = page_of(&[item(), bad], json!(2)).unwrap_err();
            assert_eq!(
                err,
                format!("{at}: invalid type: integer `5`, expected a string")
            );
        }
    }

    #[test]
    fn detail_charter_type_of_any_type_and_history_order() {
        let detail = parse_detail(json!({"data": {"id": "a", "name": "N", "city": "C", "state": "TX", "regulator": "NEWREG",
            "charter_type": {"kind": 3},
            "ratings": [
                {"exam_date": "2001-01-01", "rating": "Outstanding", "exam_type": "Small Bank", "is_current": false},
                {"exam_date": "2020-01-01", "rating": "Glorious", "exam_type": "Small Bank", "is_current": true}
            ]}}).to_string().as_bytes()).unwrap();
        assert_eq!(
            detail.fields.charter_text().as_deref(),
            Some(r#"{"kind":3}"#)
        );
        assert_eq!(detail.fields.ratings_newest_first()[0].rating, "Glorious");
        assert_eq!(detail.fields.regulator.as_str(), "NEWREG");
        let err = parse_detail(json!({"data": {"id": "a"}}).to_string().as_bytes()).unwrap_err();
        assert!(err.starts_with("data."), "{err}");
        for (charter, text) in [
            (json!(null), None),
            (json!("National"), Some("National")),
            (json!(7), Some("7")),
        ] {
            let body = json!({"data": {"id": "a", "name": "N", "city": "C", "state": "TX",
                "regulator": "OCC", "charter_type": charter, "ratings": []}});
            let detail = parse_detail(body.to_string().as_bytes()).unwrap();
            assert_eq!(detail.fields.charter_text().as_deref(), text);
        }
        assert_eq!(
            parse_detail(b"[1]").unwrap_err(),
            "expected a JSON object with a `data` field"
        );
        assert_eq!(parse_detail(b"{}").unwrap_err(), "missing field `data`");
    }

    /// A page served pretty-printed, with escapes and numbers spelt the
    /// service's way: each object becomes one line, and nothing else of
    /// its text changes.
    #[test]
    fn objects_are_kept_as_served_on_one_line() {
        let body = "{\n  \"data\": [ {\"id\" : \"a\",\n \"name\": \"B \\\"Q\\\" \\u00e9\\n\", \"city\": \"C\",
            \"state\": \"TX\", \"regulator\": \"FDIC\", \"n\": 1.50e2, \"current_rating\": null } ],
          \"meta\": {\"total\": 1, \"page\": 1, \"per_page\": 25, \"total_pages\": 1}, \"extra\": [0, 0, 0] }";
        let page = parse_page(body.as_bytes()).unwrap();
        let bank = &page.banks[0];
        assert_eq!(
            bank.raw.get(),
            r#"{"id":"a","name":"B \"Q\" \u00e9\n","city":"C","state":"TX","regulator":"FDIC","n":1.50e2,"current_rating":null}"#
        );
        assert_eq!(bank.fields.name, "B \"Q\" é\n");
        assert_eq!(serde_json::to_string(&bank.raw).unwrap(), bank.raw.get());
        // What the local copy stored reads back the same.
        let stored = stored_bank(bank.raw.get().to_string()).unwrap();
        assert_eq!(stored.raw.get(), bank.raw.get());
        assert_eq!(stored.fields.name, bank.fields.name);
    }

    #[test]
    fn compact_takes_out_only_whitespace_between_tokens() {
        assert!(matches!(compact(r#"{"a":"b c"}"#), Cow::Borrowed(_)));
        assert_eq!(
            compact("{ \"a\" :\t[1, \"x \\\" y\"]\r\n}"),
            r#"{"a":[1,"x \" y"]}"#
        );
        assert_eq!(compact(r#" "\\" "#), r#""\\""#);
    }

    /// Strings and keys are read unescaped, whatever the escapes.
    #[test]
    fn any_text_sees_every_string_and_key_unescaped() {
        let raw =
            Raw::stored(r#"{"a":[1,{"\u006bey":"x"}],"b":"s\u0065cret"}"#.to_string()).unwrap();
        assert!(raw.any_text(&mut |t| t == "key"));
        assert!(raw.any_text(&mut |t| t.contains("secret")));
        assert!(!raw.any_text(&mut |t| t.contains("absent")));
        let mut seen = Vec::new();
        raw.any_text(&mut |t| {
            seen.push(t.to_string());
            false
        });
        assert_eq!(seen, ["a", "key", "x", "b", "secret"]);
    }
}
