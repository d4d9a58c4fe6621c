//! The banks a command is about, as one typed value: every flag that
//! selects banks (QUERY, `--state`, `--size`, `--rating`, `--regulator`,
//! `--city`, the exam period, `--watch`, `--failed-last`, and the public
//! record's `--assets`, `--exam-method`, `--active`/`--inactive`),
//! declared once (`filters::SelectionArgs`), resolved once before the
//! command runs (`source::select`), and said once in words
//! ([`Selection::words`]): the `About` sheet, "no banks match", a chart's
//! title and the report's header all say it the same way.
//!
//! Every reader takes the whole value, so none can leave a filter out:
//! the service's pages (QUERY, state and size are sent; [`Find`] is
//! applied to what it lists), and the local copy, whose readers map its
//! two parts onto their own columns. The bank's part (name, state,
//! regulator, city, watch lists, failing exams, the public record) is of
//! the bank; the exam's part (exam type, rating, exam period) is of the
//! exam a row is about: the current one for a bank, each record for
//! `changes`, `stats --exams` and `--gaps`.

use super::{Find, ListQuery, PublicFilter};

/// One command's selection, resolved.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// Part of the name (QUERY), as given (the service is sent it).
    pub name: Option<String>,
    /// The state, upper case.
    pub state: Option<String>,
    /// The exam type, as the service spells it.
    pub size: Option<String>,
    /// What the service cannot filter: ratings, regulators, city, exam
    /// period, watch lists, failing exams, the public record; and the
    /// order.
    pub find: Find,
    /// The watch lists named (`--watch`), as given.
    pub watch: Vec<String>,
}

impl Selection {
    /// The list query for page `page` of `per_page` banks: what the
    /// service filters itself.
    pub fn list_query(&self, page: u64, per_page: u64) -> ListQuery {
        ListQuery {
            q: self.name.clone().filter(|q| !q.is_empty()),
            state: self.state.clone(),
            size: self.size.clone(),
            page,
            per_page,
        }
    }

    /// The name searched for, trimmed and in lower case (Unicode), as the
    /// local copy compares it; none when empty.
    pub fn name_folded(&self) -> Option<String> {
        self.name
            .as_deref()
            .map(|q| q.trim().to_lowercase())
            .filter(|q| !q.is_empty())
    }

    /// True when it neither selects nor orders beyond the list's own
    /// filters.
    pub fn is_plain(&self) -> bool {
        self.find.is_plain()
    }

    /// True when it selects anything at all.
    pub fn selects(&self) -> bool {
        self.name_folded().is_some()
            || self.state.is_some()
            || self.size.is_some()
            || self.find.selects()
    }

    /// The selection in words, each filter once, in the order the flags
    /// are listed: `name containing "first", state TX, rating Needs to
    /// Improve`. Values as resolved (a rating's name for `nti`, a period's
    /// days), not as typed; the order (`--sort`) is not a selection.
    pub fn words(&self) -> Vec<String> {
        let mut words = Vec::new();
        let mut add = |what: &str, value: Option<String>| {
            if let Some(value) = value {
                words.push(format!("{what} {value}"));
            }
        };
        let any = |values: Vec<String>| (!values.is_empty()).then(|| values.join(" or "));
        // A secret is hidden before the text is shortened: cut first, a
        // long key pasted as the name would show all but its last part.
        let quoted = |text: &str| {
            let hidden = crate::error::redact(text.trim());
            format!("\"{}\"", crate::text::shorten(&hidden, 60))
        };
        let find = &self.find;
        add(
            "name containing",
            self.name
                .as_deref()
                .filter(|q| !q.trim().is_empty())
                .map(quoted),
        );
        add("state", self.state.clone());
        add("exam type", self.size.clone());
        add(
            "rating",
            any(find
                .ratings
                .iter()
                .map(|r| r.as_str().to_string())
                .collect()),
        );
        add("regulator", any(find.regulators.clone()));
        add("city containing", find.city.as_deref().map(quoted));
        add("exam since", find.exam_since.clone());
        add("exam until", find.exam_until.clone());
        add("watch list", any(self.watch.clone()));
        add(
            "failed their last",
            find.failed_last.map(|n| format!("{n} exams")),
        );
        public_words(&find.public, &mut add);
        words
    }

    /// [`Selection::words`] joined: `state TX, rating Outstanding`; empty
    /// for none.
    pub fn said(&self) -> String {
        self.words().join(", ")
    }
}

/// The public record's filters in words.
fn public_words(public: &PublicFilter, add: &mut impl FnMut(&str, Option<String>)) {
    let dollars = |n: u64| format!("${}", crate::text::compact_dollars(n));
    add(
        "assets",
        public.assets.map(|range| match range {
            (Some(low), Some(high)) => format!("{} to {}", dollars(low), dollars(high)),
            (Some(low), None) => format!("{} or more", dollars(low)),
            (None, Some(high)) => format!("up to {}", dollars(high)),
            (None, None) => "any".to_string(),
        }),
    );
    add(
        "exam method",
        (!public.exam_methods.is_empty()).then(|| public.exam_methods.join(" or ")),
    );
    add(
        "FDIC lists it as",
        public
            .active
            .map(|active| if active { "active" } else { "inactive" }.to_string()),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Rating;

    #[test]
    fn a_selection_reads_as_words_in_the_flags_order() {
        let selection = Selection {
            name: Some(" first ".into()),
            state: Some("TX".into()),
            size: Some("Small Bank".into()),
            find: Find {
                ratings: vec![Rating::NeedsToImprove, Rating::Outstanding],
                regulators: vec!["OCC".into()],
                city: Some("austin".into()),
                exam_since: Some("2020-01-01".into()),
                failed_last: Some(2),
                public: PublicFilter {
                    assets: Some((Some(250_000_000), Some(1_000_000_000))),
                    exam_methods: vec!["Strategic Plan".into()],
                    active: Some(true),
                },
                ..Find::default()
            },
            watch: vec!["peers".into()],
        };
        assert_eq!(
            selection.said(),
            "name containing \"first\", state TX, exam type Small Bank, rating Needs to \
             Improve or Outstanding, regulator OCC, city containing \"austin\", exam since \
             2020-01-01, watch list peers, failed their last 2 exams, assets $250M to $1B, \
             exam method Strategic Plan, FDIC lists it as active"
        );
        assert_eq!(Selection::default().said(), "");
        assert!(!Selection::default().selects());
        assert!(selection.selects());
    }
}
