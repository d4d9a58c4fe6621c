//! BankFind's envelope, every endpoint's alike, read straight from the
//! answer's bytes: its total (`meta.total`, else `totals.count`), its
//! records (nested, `{"data": {...}}`, or not), or an error's own words.
//!
//! A record is read into its fields' scalars, borrowing the answer's text
//! where it can: no map of values is built per record, since a page is
//! 10,000 of them and BankFind's history some hundreds of thousands. What
//! a value is (a number or text of one, a flag) is the caller's to read,
//! tolerantly, as before: an object or list where a scalar belongs reads
//! as [`Scalar::Other`], which no field accepts.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;
use serde::de::{self, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::BankfindError;

/// One value of a record.
#[derive(Debug, Clone, PartialEq)]
pub enum Scalar<'a> {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    Text(Cow<'a, str>),
    /// An object or a list.
    Other,
}

/// A record: its fields as given (a field given twice: the last holds,
/// as JSON readers take it).
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Record<'a> {
    fields: Vec<(Cow<'a, str>, Scalar<'a>)>,
}

impl<'a> Record<'a> {
    /// The value of `name`, unless absent or null.
    pub fn get(&self, name: &str) -> Option<&Scalar<'a>> {
        self.fields
            .iter()
            .rev()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value)
            .filter(|value| **value != Scalar::Null)
    }

    /// Its text, trimmed (a number's in digits); none if blank or not a
    /// scalar of text or number.
    pub fn text(&self, name: &str) -> Option<String> {
        self.get(name)
            .and_then(|value| match value {
                Scalar::Text(s) => Some(s.trim().to_string()),
                Scalar::Number(n) => Some(n.to_string()),
                _ => None,
            })
            .filter(|s| !s.is_empty())
    }
}

/// A whole number from a JSON number or a string of one (`"123"`,
/// `123.0`, `" 42 "`); none for anything else or a negative.
pub fn number(value: &Scalar) -> Option<u64> {
    let whole = |f: f64| (f >= 0.0 && f.is_finite() && f < 1e19).then(|| f.round() as u64);
    match value {
        Scalar::Number(n) => n.as_u64().or_else(|| n.as_f64().and_then(whole)),
        Scalar::Text(s) => {
            let s = s.trim();
            s.parse::<u64>()
                .ok()
                .or_else(|| s.parse::<f64>().ok().and_then(whole))
        }
        _ => None,
    }
}

/// The whole number of `name` as [`number`] reads it, but one past the
/// largest the copy stores (`i64::MAX`: 19 or 20 digits) is an error
/// naming it, never two ids stored as one or an amount cut short.
pub fn whole(record: &Record, name: &str) -> Result<Option<u64>, BankfindError> {
    let Some(value) = record.get(name) else {
        return Ok(None);
    };
    const MOST: u64 = i64::MAX as u64;
    let past = |f: f64| f.is_finite() && f >= MOST as f64;
    let (over, text) = match value {
        Scalar::Number(n) => (
            n.as_u64()
                .map_or_else(|| n.as_f64().is_some_and(past), |n| n > MOST),
            n.to_string(),
        ),
        Scalar::Text(s) => {
            let t = s.trim();
            let over = match t.parse::<u64>() {
                Ok(n) => n > MOST,
                Err(_) => t.parse::<f64>().is_ok_and(past),
            };
            (over, crate::text::clip(t, 40))
        }
        _ => (false, String::new()),
    };
    if over {
        return Err(BankfindError::OutOfRange(format!(
            "{name} '{text}' is out of range (over {MOST})"
        )));
    }
    Ok(number(value))
}

/// An identifier (a certificate, an RSSD ID, a charter, a change code)
/// as [`whole`] reads it, but exactly: a fraction (`53.6`) or an exponent
/// in text (`"1e3"`) is an error naming it, never rounded into another
/// institution's number. `53.0` is 53; text that is no number at all is
/// unknown, as [`number`] takes it.
pub fn identifier(record: &Record, name: &str) -> Result<Option<u64>, BankfindError> {
    let inexact = |text: &str| {
        BankfindError::OutOfRange(format!(
            "{name} '{}' is not an identifier (a whole number)",
            crate::text::clip(text, 40)
        ))
    };
    match record.get(name) {
        Some(Scalar::Number(n)) if n.as_u64().is_none() => {
            let f = n.as_f64().unwrap_or(f64::NAN);
            // A negative number names no one: unknown, as before.
            if f < 0.0 {
                return Ok(None);
            }
            if f.fract() != 0.0 {
                return Err(inexact(&n.to_string()));
            }
        }
        Some(Scalar::Text(s)) => {
            let t = s.trim();
            let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
            let exact = match t.split_once('.') {
                None => digits(t),
                Some((whole, zeros)) => digits(whole) && zeros.bytes().all(|b| b == b'0'),
            };
            if t.starts_with('-') {
                return Ok(None);
            }
            if !exact && t.parse::<f64>().is_ok() {
                return Err(inexact(t));
            }
        }
        _ => {}
    }
    whole(record, name)
}

/// `ACTIVE`: 1 or 0, as a number, a string or a boolean.
pub fn flag(value: &Scalar) -> Option<bool> {
    match value {
        Scalar::Bool(b) => Some(*b),
        other => match number(other)? {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        },
    }
}

/// Reads an answer: its total and its records, handed to `each` in order.
pub fn read(
    bytes: &[u8],
    mut each: impl FnMut(&Record) -> Result<(), BankfindError>,
) -> Result<Option<u64>, BankfindError> {
    let top: Top =
        serde_json::from_slice(bytes).map_err(|e| BankfindError::NotJson(e.to_string()))?;
    let Top::Object(top) = top else {
        return Err(BankfindError::Shape("the answer is not a JSON object"));
    };
    let Some(Nested::List(data)) = top.data else {
        if let Some(error) = top.error.or(top.message) {
            let text = match error {
                serde_json::Value::String(s) => s,
                serde_json::Value::Object(o) => o
                    .get("message")
                    .and_then(serde_json::Value::as_str)
                    .map_or_else(
                        || serde_json::Value::Object(o.clone()).to_string(),
                        str::to_string,
                    ),
                other => other.to_string(),
            };
            return Err(BankfindError::Answered(crate::text::clip(&text, 200)));
        }
        return Err(BankfindError::Shape("no \"data\" list of institutions"));
    };
    let count = |nested: &Option<Nested>, name: &str| match nested {
        Some(Nested::Record(record)) => record.get(name).and_then(number),
        _ => None,
    };
    let total = count(&top.meta, "total").or_else(|| count(&top.totals, "count"));
    for item in &data {
        match item {
            Item::Record(record) => each(record)?,
            Item::NotObject => {
                return Err(BankfindError::Shape("an item of \"data\" is not an object"));
            }
        }
    }
    Ok(total)
}

/// The answer: an object, or anything else (which is no answer).
enum Top<'a> {
    Object(Box<Envelope<'a>>),
    NotObject,
}

/// The envelope's parts `cra` reads.
#[derive(Default)]
struct Envelope<'a> {
    data: Option<Nested<'a>>,
    meta: Option<Nested<'a>>,
    totals: Option<Nested<'a>>,
    error: Option<serde_json::Value>,
    message: Option<serde_json::Value>,
}

/// An envelope's `data` (a list of items), `meta` or `totals` (objects),
/// or what else stands there.
enum Nested<'a> {
    List(Vec<Item<'a>>),
    Record(Record<'a>),
    Other,
}

/// An item of `data`: its record (the nested one, when it has one).
enum Item<'a> {
    Record(Record<'a>),
    NotObject,
}

/// A value of an item: a record nested in it (its `data`), or a scalar.
enum Value<'a> {
    Record(Record<'a>),
    Scalar(Scalar<'a>),
}

/// The visitor of everything here: what it makes of a map, and what of
/// anything else.
struct Reader<T>(std::marker::PhantomData<T>);

impl<T> Reader<T> {
    fn new() -> Self {
        Reader(std::marker::PhantomData)
    }
}

/// Drains a list, keeping nothing.
fn drain<'de, A: SeqAccess<'de>>(mut seq: A) -> Result<(), A::Error> {
    while seq.next_element::<IgnoredAny>()?.is_some() {}
    Ok(())
}

/// Drains a map, keeping nothing.
fn drain_map<'de, A: MapAccess<'de>>(mut map: A) -> Result<(), A::Error> {
    while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
    Ok(())
}

/// A map's entries as a record of scalars.
fn record<'de, A: MapAccess<'de>>(mut map: A) -> Result<Record<'de>, A::Error> {
    let mut fields = Vec::with_capacity(map.size_hint().unwrap_or(12));
    while let Some(key) = map.next_key::<Key<'de>>()? {
        fields.push((key.0, map.next_value::<Scalar<'de>>()?));
    }
    Ok(Record { fields })
}

/// A key, borrowed where the answer allows.
struct Key<'a>(Cow<'a, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a key")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_string())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v)))
            }
        }
        deserializer.deserialize_str(KeyVisitor)
    }
}

/// What every reader here does with a scalar, given what it makes of one.
macro_rules! scalars {
    ($make:expr) => {
        fn visit_bool<E: de::Error>(self, v: bool) -> Result<Self::Value, E> {
            Ok($make(Scalar::Bool(v)))
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Self::Value, E> {
            Ok($make(Scalar::Number(v.into())))
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Self::Value, E> {
            Ok($make(Scalar::Number(v.into())))
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<Self::Value, E> {
            Ok($make(
                serde_json::Number::from_f64(v).map_or(Scalar::Other, Scalar::Number),
            ))
        }
        fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
            Ok($make(Scalar::Text(Cow::Borrowed(v))))
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
            Ok($make(Scalar::Text(Cow::Owned(v.to_string()))))
        }
        fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
            Ok($make(Scalar::Text(Cow::Owned(v))))
        }
        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok($make(Scalar::Null))
        }
        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok($make(Scalar::Null))
        }
        fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
            d.deserialize_any(self)
        }
    };
}

impl<'de> Visitor<'de> for Reader<Scalar<'de>> {
    type Value = Scalar<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a value")
    }
    scalars!(|s| s);
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        drain(seq).map(|()| Scalar::Other)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        drain_map(map).map(|()| Scalar::Other)
    }
}

impl<'de> Deserialize<'de> for Scalar<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(Reader::<Scalar<'de>>::new())
    }
}

impl<'de> Visitor<'de> for Reader<Value<'de>> {
    type Value = Value<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a value")
    }
    scalars!(Value::Scalar);
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        drain(seq).map(|()| Value::Scalar(Scalar::Other))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        record(map).map(Value::Record)
    }
}

impl<'de> Deserialize<'de> for Value<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(Reader::<Value<'de>>::new())
    }
}

impl<'de> Visitor<'de> for Reader<Item<'de>> {
    type Value = Item<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an item")
    }
    scalars!(|_| Item::NotObject);
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        drain(seq).map(|()| Item::NotObject)
    }
    /// The record nested in its `data` (the last such, as JSON readers
    /// take a key given twice), else the item's own fields.
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut own = Record::default();
        let mut nested = None;
        while let Some(key) = map.next_key::<Key<'de>>()? {
            match map.next_value::<Value<'de>>()? {
                Value::Record(inner) if key.0 == "data" => nested = Some(inner),
                Value::Record(_) => own.fields.push((key.0, Scalar::Other)),
                Value::Scalar(scalar) => {
                    if key.0 == "data" {
                        nested = None;
                    }
                    own.fields.push((key.0, scalar));
                }
            }
        }
        Ok(Item::Record(nested.unwrap_or(own)))
    }
}

impl<'de> Deserialize<'de> for Item<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(Reader::<Item<'de>>::new())
    }
}

impl<'de> Visitor<'de> for Reader<Nested<'de>> {
    type Value = Nested<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a value")
    }
    scalars!(|_| Nested::Other);
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(10_000));
        while let Some(item) = seq.next_element::<Item<'de>>()? {
            items.push(item);
        }
        Ok(Nested::List(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        record(map).map(Nested::Record)
    }
}

impl<'de> Deserialize<'de> for Nested<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(Reader::<Nested<'de>>::new())
    }
}

impl<'de> Visitor<'de> for Reader<Top<'de>> {
    type Value = Top<'de>;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an answer")
    }
    scalars!(|_| Top::NotObject);
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
        drain(seq).map(|()| Top::NotObject)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut top = Envelope::default();
        while let Some(key) = map.next_key::<Key<'de>>()? {
            match key.0.as_ref() {
                "data" => top.data = Some(map.next_value()?),
                "meta" => top.meta = Some(map.next_value()?),
                "totals" => top.totals = Some(map.next_value()?),
                "error" => top.error = Some(map.next_value()?),
                "message" => top.message = Some(map.next_value()?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(Top::Object(Box::new(top)))
    }
}

impl<'de> Deserialize<'de> for Top<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(Reader::<Top<'de>>::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same record, owning its text.
    fn owned(record: &Record) -> Record<'static> {
        let fields = record
            .fields
            .iter()
            .map(|(key, value)| {
                let value = match value {
                    Scalar::Text(text) => Scalar::Text(Cow::Owned(text.to_string())),
                    Scalar::Null => Scalar::Null,
                    Scalar::Bool(b) => Scalar::Bool(*b),
                    Scalar::Number(n) => Scalar::Number(n.clone()),
                    Scalar::Other => Scalar::Other,
                };
                (Cow::Owned(key.to_string()), value)
            })
            .collect();
        Record { fields }
    }

    /// What the reader made of every record of `body`.
    fn records(body: &str) -> Vec<Record<'static>> {
        let mut all = Vec::new();
        read(body.as_bytes(), |record| {
            all.push(owned(record));
            Ok(())
        })
        .unwrap();
        all
    }

    #[test]
    fn records_nested_or_not_read_alike_and_a_key_given_twice_takes_the_last() {
        let nested = records(r#"{"data":[{"data":{"CERT":"7","NAME":"A\u0020B"},"score":0}]}"#);
        let flat = records(r#"{"data":[{"CERT":7,"NAME":"x","NAME":"A B","score":0}]}"#);
        assert_eq!(nested[0].text("NAME").as_deref(), Some("A B"));
        assert_eq!(flat[0].text("NAME").as_deref(), Some("A B"));
        assert_eq!(nested[0].get("CERT").and_then(number), Some(7));
        assert_eq!(flat[0].get("CERT").and_then(number), Some(7));
        // A null is absent; an object where a scalar belongs reads as none.
        let odd = records(r#"{"data":[{"data":{"CERT":null,"NAME":{"a":[1]},"ACTIVE":true}}]}"#);
        assert_eq!(odd[0].get("CERT"), None);
        assert_eq!(odd[0].text("NAME"), None);
        assert_eq!(odd[0].get("ACTIVE").and_then(flag), Some(true));
        // A "data" that is no object is one of the item's own fields.
        let own = records(r#"{"data":[{"data":"x","CERT":3}]}"#);
        assert_eq!(own[0].get("CERT").and_then(number), Some(3));
    }

    #[test]
    fn a_number_past_what_the_copy_stores_is_an_error_naming_it() {
        let records = records(
            r#"{"data":[{"CERT":9223372036854775807,"FED_RSSD":"9223372036854775808","ASSET":18446744073709551616,"DOCKET":"123456789012345678901"}]}"#,
        );
        let record = &records[0];
        assert_eq!(whole(record, "CERT").unwrap(), Some(9223372036854775807));
        for name in ["FED_RSSD", "ASSET", "DOCKET"] {
            let error = whole(record, name).unwrap_err().to_string();
            assert!(
                error.contains(name) && error.contains("out of range"),
                "{error}"
            );
        }
        assert_eq!(whole(record, "NAME").unwrap(), None);
    }

    #[test]
    fn an_identifier_is_exact_or_an_error_naming_it() {
        let records = records(
            r#"{"data":[{"A":53,"B":"53","C":53.0,"D":" 53.00 ","E":53.6,"F":"53.6","G":"1e3","H":-5,"I":"N/A","J":"-5"}]}"#,
        );
        let record = &records[0];
        for name in ["A", "B", "C", "D"] {
            assert_eq!(identifier(record, name).unwrap(), Some(53), "{name}");
        }
        for name in ["E", "F", "G"] {
            let error = identifier(record, name).unwrap_err().to_string();
            assert!(
                error.starts_with(&format!("{name} '")) && error.contains("not an identifier"),
                "{error}"
            );
        }
        // Negative or no number at all: unknown, as `number` reads them.
        for name in ["H", "I", "J"] {
            assert_eq!(identifier(record, name).unwrap(), None, "{name}");
        }
        assert_eq!(identifier(record, "absent").unwrap(), None);
    }

    #[test]
    fn numbers_read_as_before_from_numbers_and_text() {
        fn value(json: &str) -> Scalar<'_> {
            serde_json::from_str(json).unwrap()
        }
        assert_eq!(number(&value("42")), Some(42));
        assert_eq!(number(&value("\" 42 \"")), Some(42));
        assert_eq!(number(&value("41.6")), Some(42));
        assert_eq!(number(&value("\"-1\"")), None);
        assert_eq!(number(&value("-1")), None);
        assert_eq!(number(&value("[1]")), None);
        assert_eq!(flag(&value("\"0\"")), Some(false));
        assert_eq!(flag(&value("2")), None);
    }
}
