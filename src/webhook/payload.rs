//! The `rating.created` payload (docs/service.md, section 6.1), shared by `trigger`,
//! `listen` and the sandbox's deliveries.

use serde::{Deserialize, Serialize};

use crate::domain::{Rating, Regulator};

/// The only event kind the service documents.
pub const RATING_CREATED: &str = "rating.created";

/// `{"event": "rating.created", "timestamp": ..., "data": {...}}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingCreated {
    pub event: String,
    /// ISO 8601 UTC with milliseconds: `2026-11-20T12:34:56.789Z`.
    pub timestamp: String,
    pub data: RatingCreatedData,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingCreatedData {
    pub bank_id: String,
    pub bank_name: String,
    /// Any text the sender put there (an unknown one kept as sent).
    pub rating: Rating,
    pub exam_date: String,
    pub regulator: Regulator,
}

impl RatingCreated {
    /// A payload stamped with the current time.
    pub fn now(data: RatingCreatedData) -> RatingCreated {
        RatingCreated {
            event: RATING_CREATED.to_string(),
            timestamp: timestamp_now(),
            data,
        }
    }

    /// The body bytes as sent (compact JSON, field order as documented).
    pub fn to_body(&self) -> Vec<u8> {
        serde_json::to_vec(self).expect("a payload of strings always serializes")
    }
}

/// The current time as the service writes it: UTC, milliseconds, `Z`.
pub fn timestamp_now() -> String {
    format_timestamp(jiff::Timestamp::now())
}

pub fn format_timestamp(at: jiff::Timestamp) -> String {
    crate::text::timestamp(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamp_has_milliseconds_and_z() {
        let at: jiff::Timestamp = "2026-11-20T12:34:56.789123Z".parse().unwrap();
        assert_eq!(format_timestamp(at), "2026-11-20T12:34:56.789Z");
        let whole: jiff::Timestamp = "2026-11-20T12:34:56Z".parse().unwrap();
        assert_eq!(format_timestamp(whole), "2026-11-20T12:34:56.000Z");
        let now = timestamp_now();
        assert_eq!(now.len(), 24, "{now}");
    }

    #[test]
    fn body_field_order_is_documented_order() {
        let p = RatingCreated {
            event: RATING_CREATED.into(),
            timestamp: "2026-11-20T12:34:56.789Z".into(),
            data: RatingCreatedData {
                bank_id: "b".into(),
                bank_name: "FIRST BANK".into(),
                rating: "Satisfactory".into(),
                exam_date: "2026-11-01".into(),
                regulator: "FDIC".into(),
            },
        };
        let body = String::from_utf8(p.to_body()).unwrap();
        assert_eq!(
            body,
            r#"{"event":"rating.created","timestamp":"2026-11-20T12:34:56.789Z","data":{"bank_id":"b","bank_name":"FIRST BANK","rating":"Satisfactory","exam_date":"2026-11-01","regulator":"FDIC"}}"#
        );
    }
}
