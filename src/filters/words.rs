//! What a command does with the banks beyond selecting them, as a person
//! reads it ("by state and regulator", "sorted by -exam_date"): what a
//! workbook's `About` sheet says after the selection's own words
//! (`Selection::words`). Values are shown as they were resolved (a period's
//! first or last day), not as typed; the command line, also on that
//! sheet, shows what was typed.

use std::fmt::Display;

use super::OrderArgs;
use jiff::civil::Date;

use super::when::{Bound, When, today};

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
        self.when_to(what, when, bound, today())
    }

    /// A bound of a period, as the day it resolves to `day` (`due --as-of`).
    pub fn when_to(self, what: &str, when: Option<When>, bound: Bound, day: Date) -> Words {
        let resolved = when.and_then(|w| w.resolve(bound, day).ok());
        self.add(what, resolved)
    }

    /// `--sort`, as given.
    pub fn sort(self, order: Option<&OrderArgs>) -> Words {
        let sort: Vec<String> = order
            .map(|order| &order.sort[..])
            .unwrap_or_default()
            .iter()
            .map(|key| {
                format!(
                    "{}{}",
                    if key.descending { "-" } else { "" },
                    key.field.name()
                )
            })
            .collect();
        self.add("sorted by", (!sort.is_empty()).then(|| sort.join(",")))
    }

    /// The words of a selection first, then these.
    pub fn after(self, selection: &crate::domain::Selection) -> Words {
        let mut words = selection.words();
        words.extend(self.0);
        Words(words)
    }

    /// "state TX, rating Needs to Improve"; empty for none.
    pub fn done(self) -> String {
        self.0.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_commands_words_follow_its_selections() {
        let selection = crate::domain::Selection {
            state: Some("TX".into()),
            ..Default::default()
        };
        let order = OrderArgs {
            sort: vec![crate::filters::find::parse_sort_key("-exam_date").unwrap()],
            ..OrderArgs::default()
        };
        let words = Words::new()
            .add("by", Some("state and regulator"))
            .flag("as percentages", true)
            .flag("new banks only", false)
            .sort(Some(&order))
            .when("exam older than", Some(When::Year(2020)), Bound::Until)
            .after(&selection)
            .done();
        assert_eq!(
            words,
            "state TX, by state and regulator, as percentages, sorted by -exam_date, \
             exam older than 2020-12-31"
        );
        assert_eq!(Words::new().done(), "");
    }
}
