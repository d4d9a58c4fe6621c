//! How a selection is tested on the banks the service lists, beyond the
//! list's own filters (`q`, state, size): ratings, regulators, a city, an
//! exam period, the banks of watch lists, banks failing their last exams
//! ([`Selection::matches`], [`failed_last`]). The local copy turns the
//! same selection into SQL (`mirror::clauses`), and the two agree row for
//! row: byte comparison of text (SQLite's `BINARY`).

use super::Rating;
use super::Selection;
use super::model::{BankFields, RatingRecord};

impl Selection {
    /// Whether a bank the service lists passes what the service cannot
    /// filter itself (its own filters, QUERY, state and size, were sent;
    /// the public record's are refused online before this is asked).
    pub fn matches(&self, bank: &BankFields) -> bool {
        let Selection {
            // Sent to the service, which filtered by them.
            name: _,
            state: _,
            size: _,
            ratings,
            regulators,
            city,
            exam_since,
            exam_until,
            // The lists' banks are `ids`.
            watch: _,
            ids,
            failed_last,
            // The local copy's alone: refused online (`source::select`).
            assets: _,
            exam_methods: _,
            active: _,
            tests: _,
            sort: _,
        } = self;
        let current = bank.current_rating.as_ref();
        let rating = current.map(|c| &c.rating);
        let date = current.map(|c| c.exam_date.as_str());
        (ratings.is_empty() || rating.is_some_and(|r| ratings.contains(r)))
            && (regulators.is_empty()
                || regulators
                    .iter()
                    .any(|x| x.eq_ignore_ascii_case(bank.regulator.as_str())))
            && city
                .as_deref()
                .is_none_or(|part| crate::text::contains_folded(&bank.city, part))
            && exam_since
                .as_deref()
                .is_none_or(|since| date.is_some_and(|d| d >= since))
            && exam_until
                .as_deref()
                .is_none_or(|until| date.is_some_and(|d| d <= until))
            && ids.as_ref().is_none_or(|ids| ids.contains(&bank.id))
            // The last exam is the current one: it must fail too.
            && failed_last.is_none_or(|n| n == 0 || rating.is_some_and(Rating::is_failing))
    }
}

/// Whether a bank's last `n` exams (newest by exam date, the service's
/// order kept for ties) were all failing; false when it has fewer than `n`.
/// What the local copy's SQL decides too (`mirror::clauses`).
pub fn failed_last(ratings: &[RatingRecord], n: u32) -> bool {
    let mut newest: Vec<&RatingRecord> = ratings.iter().collect();
    newest.sort_by(|a, b| b.exam_date.cmp(&a.exam_date));
    let n = n as usize;
    newest.len() >= n && newest[..n].iter().all(|r| r.rating.is_failing())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bank(name: &str, city: &str, rating: Option<(&str, &str)>) -> BankFields {
        serde_json::from_value(serde_json::json!({
            "id": format!("id-{name}"),
            "name": name,
            "city": city,
            "state": "TX",
            "regulator": "OCC",
            "current_rating": rating.map(|(r, d)| serde_json::json!({
                "rating": r, "exam_date": d, "exam_type": "Small Bank"
            })),
        }))
        .unwrap()
    }

    #[test]
    fn matching_is_each_filter_and_all_of_them() {
        let b = bank("First", "San Antonio", Some(("Outstanding", "2023-05-01")));
        let mut find = Selection::default();
        assert!(find.matches(&b));
        find.city = Some("antonio".into());
        find.regulators = vec!["occ".into()];
        find.ratings = vec![Rating::Satisfactory, Rating::Outstanding];
        find.exam_since = Some("2023-05-01".into());
        find.exam_until = Some("2023-05-01".into());
        assert!(find.matches(&b));
        find.exam_since = Some("2023-05-02".into());
        assert!(!find.matches(&b));
        let none = bank("None", "San Antonio", None);
        let only_city = Selection {
            city: Some("san".into()),
            ..Selection::default()
        };
        assert!(only_city.matches(&none));
        let with_rating = Selection {
            ratings: vec![Rating::Outstanding],
            ..Selection::default()
        };
        assert!(!with_rating.matches(&none));
    }
}
