//! The one online matcher: how a selection is tested on the banks the
//! service gives ([`Selection::matches`], and [`failed_last`] on a bank's
//! history): those it lists, its own filters (QUERY, state, size) applied
//! already, and those read by id (a short watch list's), tested for them
//! here too. The local copy turns the same selection into SQL
//! (`mirror::clauses`), and the two agree row for row: byte comparison of
//! text (SQLite's `BINARY`), the name and the city compared as
//! [`crate::text::contains_folded`] compares them.

use super::Rating;
use super::Selection;
use super::model::{BankFields, RatingRecord};

/// How the banks a matcher is asked about were read online.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listed {
    /// From the service's list, which filtered them by its own filters
    /// (QUERY, state, size: [`Selection::list_query`]).
    ByTheService,
    /// By id, each from its detail (`source::by_id`): nothing filtered yet.
    ById,
}

impl Selection {
    /// Whether a bank the service gives passes the selection: what the
    /// service cannot filter itself, and its own filters too when it did
    /// not apply them (`listed`). The public record's filters are refused
    /// online before this is asked ([`Selection::public_flags`]).
    pub fn matches(&self, bank: &BankFields, listed: Listed) -> bool {
        let Selection {
            // Trimmed and folded ([`Selection::name_folded`]).
            name: _,
            state,
            size,
            ratings,
            regulators,
            city,
            exam_since,
            exam_until,
            watch,
            failed_last,
            // The local copy's alone: refused online (`source::select`).
            assets: _,
            exam_methods: _,
            active: _,
            tests: _,
            // The order, not a test (`compare`).
            sort: _,
        } = self;
        let current = bank.current_rating.as_ref();
        let rating = current.map(|c| &c.rating);
        let date = current.map(|c| c.exam_date.as_str());
        let listed = match listed {
            Listed::ByTheService => true,
            // Part of the name ignoring case, the state, the current
            // exam's type: as the local copy compares them.
            Listed::ById => {
                self.name_folded()
                    .is_none_or(|q| crate::text::contains_folded(&bank.name, &q))
                    && state
                        .as_deref()
                        .is_none_or(|state| bank.state.eq_ignore_ascii_case(state))
                    && size
                        .as_deref()
                        .is_none_or(|size| current.is_some_and(|c| c.exam_type.as_str() == size))
            }
        };
        listed
            && (ratings.is_empty() || rating.is_some_and(|r| ratings.contains(r)))
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
            && watch.as_ref().is_none_or(|w| w.contains(&bank.id))
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
        assert!(find.matches(&b, Listed::ByTheService));
        find.city = Some("antonio".into());
        find.regulators = vec!["occ".into()];
        find.ratings = vec![Rating::Satisfactory, Rating::Outstanding];
        find.exam_since = Some("2023-05-01".into());
        find.exam_until = Some("2023-05-01".into());
        assert!(find.matches(&b, Listed::ByTheService));
        find.exam_since = Some("2023-05-02".into());
        assert!(!find.matches(&b, Listed::ByTheService));
        let none = bank("None", "San Antonio", None);
        let only_city = Selection {
            city: Some("san".into()),
            ..Selection::default()
        };
        assert!(only_city.matches(&none, Listed::ByTheService));
        let with_rating = Selection {
            ratings: vec![Rating::Outstanding],
            ..Selection::default()
        };
        assert!(!with_rating.matches(&none, Listed::ByTheService));
    }

    #[test]
    fn a_bank_read_by_id_is_tested_for_the_services_own_filters_as_the_copy_tests_them() {
        let b = bank("First Bank", "Austin", Some(("Outstanding", "2021-03-04")));
        let with = |name: Option<&str>, state: Option<&str>, size: Option<&str>| Selection {
            name: name.map(str::to_string),
            state: state.map(str::to_string),
            size: size.map(str::to_string),
            ..Selection::default()
        };
        let by_id =
            |selection: &Selection, bank: &BankFields| selection.matches(bank, Listed::ById);
        assert!(by_id(&with(None, None, None), &b));
        assert!(by_id(
            &with(Some(" FIRST "), Some("TX"), Some("Small Bank")),
            &b
        ));
        assert!(!by_id(&with(Some("second"), None, None), &b));
        assert!(!by_id(&with(None, Some("OK"), None), &b));
        assert!(!by_id(&with(None, None, Some("Large Bank")), &b));
        let unrated = bank("Second Bank", "Austin", None);
        assert!(!by_id(&with(None, None, Some("Small Bank")), &unrated));
        // Listed by the service, they were its to apply.
        let elsewhere = with(Some("second"), Some("OK"), Some("Large Bank"));
        assert!(elsewhere.matches(&b, Listed::ByTheService));
        assert!(!elsewhere.matches(&b, Listed::ById));
    }
}
