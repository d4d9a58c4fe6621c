//! What a command does with the banks beyond selecting them, as a person
//! reads it ("change merged", "by state and regulator", "sorted by
//! -exam_date"): what a workbook's `About` sheet says after the
//! selection's own words (`Selection::words_for`), and what "no banks
//! match" names. Values are shown as they were resolved (a period's
//! first or last day), not as typed; the command line, also on that
//! sheet, shows what was typed.

use std::fmt::Display;

use super::OrderArgs;
use jiff::civil::Date;

use super::when::{Bound, When, today};

/// The words of one command line, in order: each a filter (it narrows
/// what is printed: `change upgrade`, `exam older than 2020-12-31`) or a
/// manner (how it is printed: `by state`, `sorted by -exam_date`). Both
/// are on the `About` sheet; "no banks match" names the filters alone.
#[derive(Debug, Default)]
pub struct Words(Vec<(Said, String)>);

/// What a word of [`Words`] does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Said {
    Filter,
    Manner,
}

impl Words {
    pub fn new() -> Words {
        Words::default()
    }

    fn push(mut self, said: Said, text: String) -> Words {
        self.0.push((said, text));
        self
    }

    /// The filter `what value`, when there is a value.
    pub fn add(self, what: &str, value: Option<impl Display>) -> Words {
        match value {
            Some(value) => self.push(Said::Filter, format!("{what} {value}")),
            None => self,
        }
    }

    /// The filter `what`, when `on`.
    pub fn flag(self, what: &str, on: bool) -> Words {
        if on {
            self.push(Said::Filter, what.to_string())
        } else {
            self
        }
    }

    /// The manner `what value` (how the rows are shown), when there is a
    /// value.
    pub fn how(self, what: &str, value: Option<impl Display>) -> Words {
        match value {
            Some(value) => self.push(Said::Manner, format!("{what} {value}")),
            None => self,
        }
    }

    /// The manner `what`, when `on`.
    pub fn how_flag(self, what: &str, on: bool) -> Words {
        if on {
            self.push(Said::Manner, what.to_string())
        } else {
            self
        }
    }

    /// The filter `what` and the values, joined by "or", when there are any.
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

    /// `--sort`, as given: a manner.
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
        self.how("sorted by", (!sort.is_empty()).then(|| sort.join(",")))
    }

    /// The words of a selection first (its exam period named `period`:
    /// `exam since`, `exam until`), then these.
    pub fn after(self, selection: &crate::domain::Selection, period: [&str; 2]) -> Words {
        let mut words: Vec<(Said, String)> = selection
            .words_for(period)
            .into_iter()
            .map(|word| (Said::Filter, word))
            .collect();
        words.extend(self.0);
        Words(words)
    }

    /// "state TX, rating Needs to Improve"; empty for none.
    pub fn done(self) -> String {
        self.0
            .into_iter()
            .map(|(_, word)| word)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// What every command that selects says when nothing matches: `no
    /// banks match` and its filters (not its manner), in one wording.
    pub fn no_match(self) -> String {
        let filters: Vec<String> = self
            .0
            .into_iter()
            .filter(|(said, _)| *said == Said::Filter)
            .map(|(_, word)| word)
            .collect();
        if filters.is_empty() {
            "no banks match".to_string()
        } else {
            format!(
                "no banks match: {}",
                crate::text::inert(&filters.join(", "))
            )
        }
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
            sort: vec![crate::filters::args::parse_sort_key("-exam_date").unwrap()],
            ..OrderArgs::default()
        };
        let words = Words::new()
            .how("by", Some("state and regulator"))
            .how_flag("as percentages", true)
            .flag("new banks only", false)
            .sort(Some(&order))
            .when("exam older than", Some(When::Year(2020)), Bound::Until);
        let words = words.after(&selection, ["exam since", "exam until"]);
        assert_eq!(
            words.done(),
            "state TX, by state and regulator, as percentages, sorted by -exam_date, \
             exam older than 2020-12-31"
        );
        assert_eq!(Words::new().done(), "");
        // Nothing matched: the filters are named, not the manner.
        let words = Words::new()
            .how("by", Some("state"))
            .sort(Some(&order))
            .add("change", Some("merged"))
            .after(&selection, ["ended since", "ended until"]);
        assert_eq!(words.no_match(), "no banks match: state TX, change merged");
        assert_eq!(Words::new().no_match(), "no banks match");
    }
}
