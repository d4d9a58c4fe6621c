//! A short watch list, read online by id (one detail request a bank)
//! rather than by listing every page (CONTRACT: Watch lists).
//!
//! Whether to is decided by what each way costs in requests: a list of
//! [`SHORT`] banks or fewer is read by id at once; a longer one only when
//! it holds fewer banks than the pages the service's own filters leave,
//! which its first page says. Read by id, each bank's list item is made
//! from its detail ([`listed`]) and tested by the one online matcher, the
//! service's own filters (QUERY, state, size) with the rest
//! ([`Selection::matches`], [`Listed::ById`]). A bank the
//! service no longer has (404) is named on standard error, as the list
//! path names one; every other failure fails the command.

use anyhow::Result;
use futures_util::stream::{self, StreamExt};
use serde_json::{Map, Value};

use super::Source;
use crate::domain::model::{Bank, BankDetail, Raw, typed};
use crate::domain::{Listed, Selection};
use crate::error::{Exit, exit_of};

/// A watch list this short is read by id without asking for a page first:
/// a page costs a request, and a list this short rarely leaves fewer
/// pages than banks.
pub const SHORT: usize = 25;

/// Detail requests on the wire at once.
const DETAILS: usize = 8;

/// Whether `watched` banks are cheaper read by id than by listing `pages`
/// pages (the first of which, when known, is already read).
pub fn cheaper(watched: usize, pages: Option<u64>) -> bool {
    match pages {
        None => watched <= SHORT,
        Some(pages) => (watched as u64) < pages.saturating_sub(1),
    }
}

/// What reading the banks by id gave: those the selection keeps (its
/// filters beyond the list's applied too), their details, and the ids the
/// service no longer has.
pub struct ById {
    pub banks: Vec<(Bank, BankDetail)>,
    pub gone: Vec<String>,
}

impl Source {
    /// Each of `ids` by its detail, those the service's own filters and
    /// the selection's keep, in name order (then id: the service's list
    /// order is not shown, and a name order is the one a person scans).
    pub async fn by_id(&self, selection: &Selection, ids: &[String]) -> Result<ById> {
        let mut answers = stream::iter(
            ids.iter()
                .map(|id| async move { (id, self.bank(id).await) }),
        )
        .buffered(DETAILS);
        let mut banks = Vec::new();
        let mut gone = Vec::new();
        while let Some((id, answer)) = answers.next().await {
            match answer {
                Ok(detail) => {
                    let bank = listed(&detail)?;
                    if selection.matches(&bank.fields, Listed::ById) {
                        banks.push((bank, detail));
                    }
                }
                Err(error) if exit_of(&error) == Exit::NotFound => gone.push(id.clone()),
                Err(error) => return Err(error),
            }
        }
        banks.sort_by(|(a, _), (b, _)| {
            a.fields
                .name
                .cmp(&b.fields.name)
                .then_with(|| a.fields.id.cmp(&b.fields.id))
        });
        Ok(ById { banks, gone })
    }
}

/// The list item the service would list for a bank, from its detail: its
/// fields but the history and charter type, in their order, and
/// `current_rating` from the record marked current (the newest, should
/// several be; `null` when none is).
pub fn listed(detail: &BankDetail) -> Result<Bank> {
    let Value::Object(object) = detail.raw.to_value() else {
        anyhow::bail!("the detail of {} is not an object", detail.fields.id);
    };
    let ratings = object.get("ratings").and_then(Value::as_array);
    let current = ratings
        .into_iter()
        .flatten()
        .filter(|record| record.get("is_current") == Some(&Value::Bool(true)))
        .max_by(|a, b| {
            let date = |r: &Value| {
                r.get("exam_date")
                    .and_then(Value::as_str)
                    .map(str::to_string)
            };
            date(a).cmp(&date(b))
        })
        .map(|record| {
            // The fields in the order the interface lists them (2.3), then
            // any others the record has.
            let mut record = record.as_object().cloned().unwrap_or_default();
            record.remove("is_current");
            let mut current = Map::new();
            for key in ["rating", "exam_date", "exam_type"] {
                if let Some(value) = record.remove(key) {
                    current.insert(key.into(), value);
                }
            }
            current.extend(record);
            Value::Object(current)
        });
    let mut item = Map::new();
    for (key, value) in &object {
        if key != "ratings" && key != "charter_type" {
            item.insert(key.clone(), value.clone());
        }
    }
    item.insert("current_rating".into(), current.unwrap_or(Value::Null));
    let value = Value::Object(item);
    let text = value.to_string();
    let fields =
        typed(&text).map_err(|e| anyhow::anyhow!("the detail of {}: {e}", detail.fields.id))?;
    Ok(Bank {
        raw: Raw::of(&value),
        fields,
        public: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::model::parse_detail;

    fn detail(ratings: &str) -> BankDetail {
        parse_detail(
            format!(
                r#"{{"data": {{"id": "b1", "name": "First Bank", "city": "Austin",
                "state": "TX", "regulator": "FDIC", "charter_type": null, "extra": [1],
                "ratings": [{ratings}]}}}}"#
            )
            .as_bytes(),
        )
        .unwrap()
    }

    const OLD: &str = r#"{"exam_date": "2015-01-01", "rating": "Satisfactory", "exam_type": "Small Bank", "is_current": false}"#;
    const NOW: &str = r#"{"exam_date": "2021-03-04", "rating": "Outstanding", "exam_type": "Large Bank", "is_current": true}"#;

    #[test]
    fn a_list_item_is_the_detail_with_its_current_record_and_without_its_history() {
        let bank = listed(&detail(&format!("{NOW}, {OLD}"))).unwrap();
        assert_eq!(
            bank.raw.get(),
            r#"{"id":"b1","name":"First Bank","city":"Austin","state":"TX","regulator":"FDIC","extra":[1],"current_rating":{"rating":"Outstanding","exam_date":"2021-03-04","exam_type":"Large Bank"}}"#
        );
        let current = bank.fields.current_rating.unwrap();
        assert_eq!(current.exam_date, "2021-03-04");
        assert_eq!(current.exam_type.as_str(), "Large Bank");
    }

    #[test]
    fn a_bank_with_no_current_record_lists_none_and_two_current_the_newest() {
        let none = listed(&detail(OLD)).unwrap();
        assert!(none.fields.current_rating.is_none());
        assert!(none.raw.get().ends_with(r#""current_rating":null}"#));
        let old_current = OLD.replace("false", "true");
        let two = listed(&detail(&format!("{old_current}, {NOW}"))).unwrap();
        assert_eq!(two.fields.current_rating.unwrap().exam_date, "2021-03-04");
    }

    #[test]
    fn a_short_list_is_read_by_id_and_a_long_one_only_when_it_costs_fewer_requests() {
        assert!(cheaper(2, None));
        assert!(cheaper(SHORT, None));
        assert!(!cheaper(SHORT + 1, None));
        // 18,820 banks: 189 pages, one read.
        assert!(cheaper(150, Some(189)));
        assert!(!cheaper(188, Some(189)));
        assert!(!cheaper(30, Some(15)));
        assert!(!cheaper(0, Some(1)));
    }
}
