//! The filters given, as a person reads them ("state TX, rating Needs to
//! Improve, exam since 2020-01-01"): what a workbook's `About` sheet says
//! selected its rows. Values are shown as they were resolved (a rating's
//! name for `nti`, a period's first or last day), not as typed; the
//! command line, also on that sheet, shows what was typed.

use std::fmt::Display;

use super::when::{Bound, When, today};
use super::{FilterArgs, FindArgs, PeriodArgs, SelectArgs};

/// The filters of one command line, in order.
#[derive(Debug, Default)]
pub struct Words(Vec<String>);

impl Words {
    pub fn new() -> Words {
        Words::default()
    }

    /// `what value`, when there is a value.
    pub fn add(mut self, what: &str, value: Option<impl Display>) -> Words {
        if let Some(value) = value {
            self.0.push(format!("{what} {value}"));
        }
        self
    }

    /// `what`, when `on`.
    pub fn flag(mut self, what: &str, on: bool) -> Words {
        if on {
            self.0.push(what.to_string());
        }
        self
    }

    /// `what` and the values, joined by "or", when there are any.
    pub fn any<T: Display>(self, what: &str, values: &[T]) -> Words {
        let joined = values
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" or ");
        self.add(what, (!values.is_empty()).then_some(joined))
    }

    /// A bound of a period, as the day it resolves to today.
    pub fn when(self, what: &str, when: Option<When>, bound: Bound) -> Words {
        let day = when.and_then(|w| w.resolve(bound, today()).ok());
        self.add(what, day)
    }

    /// QUERY, `--state`, `--size`.
    pub fn filters(self, filters: &FilterArgs) -> Words {
        self.add(
            "name containing",
            filters
                .query
                .as_deref()
                .filter(|q| !q.is_empty())
                .map(|q| format!("\"{q}\"")),
        )
        .place(filters.state.as_deref(), filters.size.as_deref())
    }

    /// `--state`, `--size` of the commands that have no QUERY.
    pub fn place(self, state: Option<&str>, size: Option<&str>) -> Words {
        self.add("state", state).add("exam type", size)
    }

    /// `--rating`, `--regulator`, `--city`, `--watch`, `--failed-last`.
    pub fn select(self, select: &SelectArgs) -> Words {
        let regulators: Vec<String> = select
            .regulator
            .iter()
            .map(|r| r.trim().to_uppercase())
            .collect();
        self.any("rating", &select.rating)
            .any("regulator", &regulators)
            .add(
                "city containing",
                select.city.as_deref().map(|c| format!("\"{}\"", c.trim())),
            )
            .add(
                "watch list",
                (!select.watch.is_empty()).then(|| select.watch.join(" or ")),
            )
            .add(
                "failed their last",
                select.failed_last.map(|n| format!("{n} exams")),
            )
    }

    /// `--exam-since`, `--exam-until`.
    pub fn period(self, period: &PeriodArgs) -> Words {
        self.when("exam since", period.exam_since, Bound::Since)
            .when("exam until", period.exam_until, Bound::Until)
    }

    /// The selection and period of a finding command, and its order.
    pub fn find(self, find: &FindArgs) -> Words {
        let sort: Vec<String> = find
            .order
            .sort
            .iter()
            .map(|key| {
                format!(
                    "{}{}",
                    if key.descending { "-" } else { "" },
                    key.field.name()
                )
            })
            .collect();
        self.select(&find.select)
            .period(&find.period)
            .add("sorted by", (!sort.is_empty()).then(|| sort.join(",")))
    }

    /// "state TX, rating Needs to Improve"; empty for none.
    pub fn done(self) -> String {
        self.0.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Rating;

    #[test]
    fn filters_read_as_words() {
        let select = SelectArgs {
            rating: vec![Rating::NeedsToImprove, Rating::Outstanding],
            regulator: vec!["occ".into()],
            city: Some(" austin".into()),
            watch: vec!["mine".into()],
            failed_last: Some(2),
            ..SelectArgs::default()
        };
        let words = Words::new()
            .place(Some("TX"), None)
            .select(&select)
            .when("exam since", Some(When::Year(2020)), Bound::Since)
            .flag("new banks only", false)
            .done();
        assert_eq!(
            words,
            "state TX, rating Needs to Improve or Outstanding, regulator OCC, \
             city containing \"austin\", watch list mine, failed their last 2 exams, \
             exam since 2020-01-01"
        );
        assert_eq!(Words::new().done(), "");
    }
}
