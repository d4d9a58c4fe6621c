//! The banks a command is about, as one typed value: every flag that
//! selects banks (QUERY, `--state`, `--size`, `--rating`, `--regulator`,
//! `--city`, the exam period, `--watch`, `--failed-last`, and the public
//! record's `--assets`, `--exam-method`, `--active`/`--inactive`) and the
//! order (`--sort`), declared once (`filters::SelectionArgs`), resolved
//! once before the command runs (`source::select`).
//!
//! Complete by construction: each reader destructures the whole value with
//! no `..`, so a field added here does not compile until every reader says
//! what it does with it. The readers are its words ([`Selection::words_for`]:
//! the `About` sheet, "no banks match", a chart's title, the report's
//! header), what the service is sent ([`Selection::list_query`]), the
//! online matcher (`domain::matching`) and order (`domain::sort`), and the local copy's one
//! clause builder (`mirror::clauses::selection_clauses`). The bank's part
//! (name, state, regulator, city, watch lists, failing exams, the public
//! record) is of the bank; the exam's part (exam type, rating, exam period)
//! is of the exam a row is about: the current one for a bank, each record
//! for `changes`, `stats --exams` and `--gaps`.

use super::TestFilter;
use super::public::AssetRange;
use super::{ListQuery, Rating, SortKey, Watched};
use super::{Rated, Test};

/// One command's selection, resolved.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Selection {
    /// Part of the name (QUERY), as given (the service is sent it).
    pub name: Option<String>,
    /// The state, upper case.
    pub state: Option<String>,
    /// The exam type, as the service spells it.
    pub size: Option<String>,
    /// Ratings (any of them).
    pub ratings: Vec<Rating>,
    /// Regulators, as the local copy spells them (any of them, compared
    /// ignoring ASCII case online).
    pub regulators: Vec<String>,
    /// Part of the city, lower case (Unicode), trimmed.
    pub city: Option<String>,
    /// Inclusive bounds on the exam date, `YYYY-MM-DD`.
    pub exam_since: Option<String>,
    pub exam_until: Option<String>,
    /// Only the banks of the watch lists named (`--watch`), read once as
    /// the selection is resolved (`source::select`).
    pub watch: Option<Watched>,
    /// Only banks whose last N exams were all failing
    /// ([`Rating::is_failing`]): `--failed-last N`. A test of the history,
    /// which the list does not give: online, the matcher keeps the banks
    /// whose current rating fails and [`super::matching::failed_last`] decides
    /// from each one's history.
    pub failed_last: Option<u32>,
    /// The public record's: the assets at the exam (`--assets`).
    pub assets: Option<AssetRange>,
    /// The public record's: exam methods, as the copy spells them.
    pub exam_methods: Vec<String>,
    /// The public record's: known active (true) or inactive (false).
    pub active: Option<bool>,
    /// The evaluations': test ratings of the row's exam (`--test
    /// lending=high-satisfactory,low-satisfactory`, `--test
    /// overall@TX=outstanding`), as its exam's evaluation says them: each
    /// filter required, any of its levels (one filter a test and area).
    pub tests: Vec<TestFilter>,
    /// The order (`--sort`): not a selection, but read with it.
    pub sort: Vec<SortKey>,
}

impl Selection {
    /// The list query for page `page` of `per_page` banks: what the
    /// service filters itself (the rest is tested on what it lists).
    pub fn list_query(&self, page: u64, per_page: u64) -> ListQuery {
        let Selection {
            name,
            state,
            size,
            ratings: _,
            regulators: _,
            city: _,
            exam_since: _,
            exam_until: _,
            watch: _,
            failed_last: _,
            assets: _,
            exam_methods: _,
            active: _,
            tests: _,
            sort: _,
        } = self;
        ListQuery {
            q: name.clone().filter(|q| !q.is_empty()),
            state: state.clone(),
            size: size.clone(),
            page,
            per_page,
        }
    }

    /// The plain list of a page: what the service's own list filters
    /// select, as the local copy answers the same query.
    pub fn of_list(query: &ListQuery) -> Selection {
        Selection {
            name: query.q.clone(),
            state: query.state.clone(),
            size: query.size.clone(),
            ..Selection::default()
        }
    }

    /// The columns of a row that it filters on and that a table shows only
    /// when asked (`--enriched`): the public record's and the institution's
    /// test ratings. A narrow table keeps them before any other gives way
    /// (`search --enriched --test lending=high-satisfactory` shows the
    /// Lending Test it was asked about).
    pub fn filtered_columns(&self) -> Vec<&'static str> {
        let Selection {
            name: _,
            state: _,
            size: _,
            ratings: _,
            regulators: _,
            city: _,
            exam_since: _,
            exam_until: _,
            watch: _,
            failed_last: _,
            assets,
            exam_methods,
            active,
            tests,
            sort: _,
        } = self;
        let mut names = Vec::new();
        if assets.is_some() {
            names.push("assets");
        }
        if !exam_methods.is_empty() {
            names.push("exam_method");
        }
        if active.is_some() {
            names.push("active");
        }
        for filter in tests.iter().filter(|f| f.area.is_none()) {
            let name = match filter.rated {
                Rated::Test(Test::Lending) => "lending_test",
                Rated::Test(Test::Investment) => "investment_test",
                Rated::Test(Test::Service) => "service_test",
                Rated::Test(Test::CommunityDevelopment) => "cd_test",
                _ => continue,
            };
            if !names.contains(&name) {
                names.push(name);
            }
        }
        names
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
    /// filters (QUERY, state, size).
    pub fn is_plain(&self) -> bool {
        *self
            == Selection {
                name: self.name.clone(),
                state: self.state.clone(),
                size: self.size.clone(),
                ..Selection::default()
            }
    }

    /// True when it selects anything at all (rather than only sorting; a
    /// name of spaces selects nothing).
    pub fn selects(&self) -> bool {
        let mut rest = self.clone();
        rest.name = None;
        rest.sort.clear();
        self.name_folded().is_some() || rest != Selection::default()
    }

    /// True when it selects by the public record (the local copy's alone).
    pub fn by_public_record(&self) -> bool {
        !self.public_flags().is_empty()
    }

    /// The flags given that only the local copy answers, for messages
    /// (`--assets, --active`): the public record's and the evaluations'.
    /// What is refused online ([`Selection::by_public_record`]), so the
    /// selection is destructured whole: a field added to it does not
    /// compile until it is said to be answered online or not.
    pub fn public_flags(&self) -> Vec<&'static str> {
        let Selection {
            // Sent to the service (`list_query`) or tested on the banks it
            // lists (`matches`).
            name: _,
            state: _,
            size: _,
            ratings: _,
            regulators: _,
            city: _,
            exam_since: _,
            exam_until: _,
            watch: _,
            failed_last: _,
            // The local copy's alone.
            assets,
            exam_methods,
            active,
            tests,
            // The order: online too (`compare`).
            sort: _,
        } = self;
        let mut flags = Vec::new();
        if assets.is_some() {
            flags.push("--assets");
        }
        if !exam_methods.is_empty() {
            flags.push("--exam-method");
        }
        match active {
            Some(true) => flags.push("--active"),
            Some(false) => flags.push("--inactive"),
            None => {}
        }
        if !tests.is_empty() {
            flags.push("--test");
        }
        flags
    }

    /// The selection in words, each filter once, in the order the flags
    /// are listed: `name containing "first", state TX, rating Needs to
    /// Improve`. Values as resolved (a rating's name for `nti`, a period's
    /// days), not as typed; the order (`--sort`) is not a selection.
    pub fn words(&self) -> Vec<String> {
        self.words_for(["exam since", "exam until"])
    }

    /// [`Selection::words`], the exam period named `period` (`changes
    /// --change merged` bounds the day a bank ended: `ended since`).
    pub fn words_for(&self, period: [&str; 2]) -> Vec<String> {
        let Selection {
            name,
            state,
            size,
            ratings,
            regulators,
            city,
            exam_since,
            exam_until,
            // The banks of the lists, said by the lists' names.
            watch,
            failed_last,
            assets,
            exam_methods,
            active,
            tests,
            sort: _,
        } = self;
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
        add(
            "name containing",
            name.as_deref().filter(|q| !q.trim().is_empty()).map(quoted),
        );
        add("state", state.clone());
        add("exam type", size.clone());
        add(
            "rating",
            any(ratings.iter().map(|r| r.as_str().to_string()).collect()),
        );
        add("regulator", any(regulators.clone()));
        add("city containing", city.as_deref().map(quoted));
        add(period[0], exam_since.clone());
        add(period[1], exam_until.clone());
        add(
            "watch list",
            any(watch.iter().flat_map(|w| w.names.clone()).collect()),
        );
        add(
            "failed their last",
            failed_last.map(|n| match n {
                1 => "exam".to_string(),
                n => format!("{n} exams"),
            }),
        );
        let dollars = |n: u64| format!("${}", crate::text::compact_dollars(n));
        add(
            "assets",
            assets.map(|AssetRange { low, high }| match (low, high) {
                (Some(low), Some(high)) => format!("{} to {}", dollars(low), dollars(high)),
                (Some(low), None) => format!("{} or more", dollars(low)),
                (None, Some(high)) => format!("up to {}", dollars(high)),
                (None, None) => "any".to_string(),
            }),
        );
        add("exam method", any(exam_methods.clone()));
        add(
            "FDIC lists it as",
            active.map(|active| if active { "active" } else { "inactive" }.to_string()),
        );
        for filter in tests {
            let (what, levels) = filter.words();
            add(&what, Some(levels));
        }
        words
    }

    /// [`Selection::words`] joined: `state TX, rating Outstanding`; empty
    /// for none.
    pub fn said(&self) -> String {
        self.words().join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_selection_reads_as_words_in_the_flags_order() {
        let selection = Selection {
            name: Some(" first ".into()),
            state: Some("TX".into()),
            size: Some("Small Bank".into()),
            ratings: vec![Rating::NeedsToImprove, Rating::Outstanding],
            regulators: vec!["OCC".into()],
            city: Some("austin".into()),
            exam_since: Some("2020-01-01".into()),
            failed_last: Some(2),
            assets: Some(AssetRange {
                low: Some(250_000_000),
                high: Some(1_000_000_000),
            }),
            exam_methods: vec!["Strategic Plan".into()],
            active: Some(true),
            watch: Some(Watched::new(
                vec!["peers".into()],
                vec!["b1".into()],
                Default::default(),
            )),
            ..Selection::default()
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
        let once = Selection {
            failed_last: Some(1),
            ..Selection::default()
        };
        assert_eq!(once.said(), "failed their last exam");
    }

    #[test]
    fn the_public_record_names_its_flags() {
        let selection = Selection {
            assets: Some(AssetRange {
                low: Some(1),
                high: None,
            }),
            active: Some(false),
            ..Selection::default()
        };
        assert_eq!(selection.public_flags(), ["--assets", "--inactive"]);
        let tested = Selection {
            tests: vec![TestFilter {
                rated: crate::domain::Rated::Test(crate::domain::Test::Lending),
                area: None,
                levels: vec![crate::domain::Level::Outstanding],
            }],
            ..selection.clone()
        };
        assert_eq!(tested.public_flags(), ["--assets", "--inactive", "--test"]);
        assert!(selection.by_public_record());
        assert!(!Selection::default().by_public_record());
    }
}
