//! The order of a list of banks (`--sort -exam_date,name`): its keys,
//! and how two banks the service lists compare by them
//! ([`Selection::compare`]). The local copy orders the same keys in SQL
//! (`mirror::find`), and the two agree row for row: byte comparison of
//! text (SQLite's `BINARY`), a missing exam date first in ascending order,
//! ties kept in the service's order.

use std::cmp::Ordering;

use super::Rating;
use super::Selection;
use super::model::BankFields;

/// A sort key (`--sort -exam_date,name`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SortField {
    Name,
    City,
    State,
    Regulator,
    /// Best first: Outstanding … Substantial Noncompliance, then any other
    /// rating, then none.
    Rating,
    ExamDate,
    ExamType,
    Id,
}

impl SortField {
    pub const ALL: [SortField; 8] = [
        SortField::Name,
        SortField::City,
        SortField::State,
        SortField::Regulator,
        SortField::Rating,
        SortField::ExamDate,
        SortField::ExamType,
        SortField::Id,
    ];

    pub fn name(self) -> &'static str {
        match self {
            SortField::Name => "name",
            SortField::City => "city",
            SortField::State => "state",
            SortField::Regulator => "regulator",
            SortField::Rating => "rating",
            SortField::ExamDate => "exam_date",
            SortField::ExamType => "exam_type",
            SortField::Id => "id",
        }
    }

    /// The key's name descending (`-exam_date`).
    pub fn descending_name(self) -> &'static str {
        match self {
            SortField::Name => "-name",
            SortField::City => "-city",
            SortField::State => "-state",
            SortField::Regulator => "-regulator",
            SortField::Rating => "-rating",
            SortField::ExamDate => "-exam_date",
            SortField::ExamType => "-exam_type",
            SortField::Id => "-id",
        }
    }

    pub fn from_name(text: &str) -> Option<SortField> {
        SortField::ALL.into_iter().find(|f| f.name() == text)
    }
}

/// One key of a sort, ascending or descending.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SortKey {
    pub field: SortField,
    pub descending: bool,
}

impl Selection {
    /// The order of two banks by the sort keys (equal: keep the service's
    /// order, which a stable sort does).
    pub fn compare(&self, a: &BankFields, b: &BankFields) -> Ordering {
        for key in &self.sort {
            let order = compare_field(key.field, a, b);
            let order = if key.descending {
                order.reverse()
            } else {
                order
            };
            if order != Ordering::Equal {
                return order;
            }
        }
        Ordering::Equal
    }
}

fn compare_field(field: SortField, a: &BankFields, b: &BankFields) -> Ordering {
    fn current(bank: &BankFields, pick: fn(&super::model::CurrentRating) -> &str) -> Option<&str> {
        bank.current_rating.as_ref().map(pick)
    }
    match field {
        SortField::Name => a.name.as_bytes().cmp(b.name.as_bytes()),
        SortField::City => a.city.as_bytes().cmp(b.city.as_bytes()),
        SortField::State => a.state.as_bytes().cmp(b.state.as_bytes()),
        SortField::Regulator => a.regulator.as_str().cmp(b.regulator.as_str()),
        SortField::Id => a.id.as_bytes().cmp(b.id.as_bytes()),
        SortField::Rating => {
            let rank = |bank: &BankFields| {
                Rating::sort_rank(bank.current_rating.as_ref().map(|c| &c.rating))
            };
            rank(a).cmp(&rank(b))
        }
        // None first, as SQLite orders NULL in ascending order.
        SortField::ExamDate => current(a, |c| &c.exam_date).cmp(&current(b, |c| &c.exam_date)),
        SortField::ExamType => {
            current(a, |c| c.exam_type.as_str()).cmp(&current(b, |c| c.exam_type.as_str()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
    fn rating_sorts_best_first_then_others_then_none() {
        let find = Selection {
            sort: vec![SortKey {
                field: SortField::Rating,
                descending: false,
            }],
            ..Selection::default()
        };
        let mut banks = [
            bank("a", "x", None),
            bank("b", "x", Some(("Pending", "2020-01-01"))),
            bank("c", "x", Some(("Needs to Improve", "2020-01-01"))),
            bank("d", "x", Some(("Outstanding", "2020-01-01"))),
        ];
        banks.sort_by(|a, b| find.compare(a, b));
        let names: Vec<&str> = banks.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, ["d", "c", "b", "a"]);
    }

    proptest! {
        #[test]
        fn descending_is_ascending_reversed_for_distinct_names(
            a in "[a-zA-Zé ]{0,6}", b in "[a-zA-Zé ]{0,6}"
        ) {
            let up = Selection { sort: vec![SortKey { field: SortField::Name, descending: false }], ..Selection::default() };
            let down = Selection { sort: vec![SortKey { field: SortField::Name, descending: true }], ..Selection::default() };
            let (x, y) = (bank(&a, "c", None), bank(&b, "c", None));
            prop_assert_eq!(up.compare(&x, &y), down.compare(&x, &y).reverse());
            prop_assert_eq!(up.compare(&x, &y), a.as_bytes().cmp(b.as_bytes()));
        }
    }
}
