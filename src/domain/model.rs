//! The service's resources (docs/service.md, section 2) as the client reads them.
//!
//! Every object is kept twice: `raw`, the JSON exactly as served (unknown
//! fields, unknown values, field order), which JSON output prints; and a typed
//! view checked against the documented shape, which tables and CSV use. A body
//! that does not fit the documented shape is an error naming the field's path.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::vocab::{ExamType, Rating, Regulator};

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
    /// Null, or any JSON value: its type is not documented.
    #[serde(default)]
    pub charter_type: Value,
    pub ratings: Vec<RatingRecord>,
}

/// A bank as listed: the object as served and its typed view (and, when
/// its columns were asked for, its public record from the local copy).
#[derive(Debug, Clone)]
pub struct Bank {
    pub raw: Value,
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
    pub raw: Value,
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

    /// `charter_type` as text for a table: none when null.
    pub fn charter_text(&self) -> Option<String> {
        match &self.charter_type {
            Value::Null => None,
            Value::String(s) => Some(s.clone()),
            other => Some(other.to_string()),
        }
    }
}

/// Reads `T` out of `value`, with the path of the first field that does not fit.
pub fn typed<T: serde::de::DeserializeOwned>(value: &Value) -> Result<T, String> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner().to_string();
        if path == "." || path.is_empty() {
            inner
        } else {
            format!("{path}: {inner}")
        }
    })
}

/// Splits a list envelope into checked banks and meta.
pub fn parse_page(body: Value) -> Result<Page, String> {
    #[derive(Deserialize)]
    struct Envelope {
        data: Vec<Value>,
        meta: Meta,
    }
    let envelope: Envelope = typed(&body)?;
    let mut banks = Vec::with_capacity(envelope.data.len());
    for (index, raw) in envelope.data.into_iter().enumerate() {
        let fields: BankFields = typed(&raw).map_err(|e| format!("data[{index}].{e}"))?;
        banks.push(Bank {
            raw,
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
pub fn parse_detail(body: Value) -> Result<BankDetail, String> {
    let Value::Object(mut envelope) = body else {
        return Err("expected a JSON object with a `data` field".to_string());
    };
    let raw = envelope
        .remove("data")
        .ok_or_else(|| "missing field `data`".to_string())?;
    let fields: DetailFields = typed(&raw).map_err(|e| format!("data.{e}"))?;
    Ok(BankDetail { raw, fields })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn item() -> Value {
        json!({"id": "a", "name": "N", "city": "C", "state": "TX", "regulator": "FDIC",
               "current_rating": {"rating": "Satisfactory", "exam_date": "2020-01-01", "exam_type": "Small Bank"},
               "brand_new_field": [1, 2]})
    }

    #[test]
    fn unknown_fields_are_kept_in_raw() {
        let page = parse_page(json!({"data": [item()], "meta": {"total": 1, "page": 1, "per_page": 25, "total_pages": 1}})).unwrap();
        assert_eq!(page.banks[0].raw["brand_new_field"], json!([1, 2]));
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
        let err = parse_page(json!({"data": [item(), bad], "meta": {"total": 2, "page": 1, "per_page": 25, "total_pages": 1}})).unwrap_err();
        assert!(err.starts_with("data[1].name:"), "{err}");
        let err = parse_page(json!({"data": [], "meta": {"total": "x", "page": 1, "per_page": 25, "total_pages": 1}})).unwrap_err();
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
            let err = parse_page(json!({"data": [item(), bad], "meta": {"total": 2, "page": 1, "per_page": 25, "total_pages": 1}})).unwrap_err();
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
            ]}})).unwrap();
        assert_eq!(
            detail.fields.charter_text().as_deref(),
            Some(r#"{"kind":3}"#)
        );
        assert_eq!(detail.fields.ratings_newest_first()[0].rating, "Glorious");
        assert_eq!(detail.fields.regulator.as_str(), "NEWREG");
        let err = parse_detail(json!({"data": {"id": "a"}})).unwrap_err();
        assert!(err.starts_with("data."), "{err}");
    }
}
