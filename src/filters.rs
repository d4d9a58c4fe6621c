//! The flags that select banks, declared once ([`SelectionArgs`]: QUERY,
//! `--state`, `--size`, and `find`'s `--rating`, `--regulator`, `--city`,
//! `--watch`, `--failed-last`, the public record's filters and the exam
//! period), checked by clap where a value can be checked alone, then
//! turned into one [`Selection`](crate::domain::Selection) before the
//! command runs (`source::select`, which meets the local copy and the
//! watch lists). Every command that selects banks flattens the one
//! struct; a flag added here is taken by all of them.

use std::ffi::OsStr;

use clap::Args;
use clap::builder::{PossibleValue, TypedValueParser};

pub mod args;
pub mod when;
pub mod words;

pub use args::{OrderArgs, PeriodArgs, SelectArgs, ShownArgs, WatchArg};
pub use when::{Bound, When, parse_when, today};
pub use words::Words;

use crate::domain::Selection;

/// The flags of one command line that choose its banks: the selection and
/// its order, or `--watch` alone (`sync --notify`).
#[derive(Debug, Default, Clone, Copy)]
pub struct Choice<'a> {
    pub selection: Option<&'a SelectionArgs>,
    pub order: Option<&'a OrderArgs>,
    pub watch: Option<&'a WatchArg>,
}

/// `--state` of the commands that take banks by name (`show`, `lineage`,
/// `watch add`): a name narrowed to one state, as the selection's
/// `--state` narrows a list, and through the same selection.
#[derive(Debug, Clone, Default, Args)]
pub struct NarrowArgs {
    /// With a name: only banks in this state or territory (two letters)
    #[arg(long, value_name = "XX", value_parser = crate::filters::StateParser, hide_possible_values = true)]
    pub state: Option<String>,
}

impl NarrowArgs {
    /// The selection a name is looked for within.
    pub fn selection(&self) -> Selection {
        let NarrowArgs { state } = self;
        Selection {
            state: state.clone(),
            ..Selection::default()
        }
    }
}

/// Every flag that selects banks.
#[derive(Debug, Clone, Default, Args)]
pub struct SelectionArgs {
    /// Partial, case-insensitive bank name match
    #[arg(value_name = "QUERY", value_parser = parse_searched)]
    pub query: Option<String>,

    /// Two-letter state or territory code (case-insensitive)
    #[arg(long, value_name = "XX", value_parser = crate::filters::StateParser, hide_possible_values = true)]
    pub state: Option<String>,

    /// Exam type of the current rating: "Large Bank", "Small Bank",
    /// "Intermediate Small Bank", or large, small, intermediate
    #[arg(long, value_name = "SIZE", value_parser = crate::filters::SizeParser, hide_possible_values = true)]
    pub size: Option<String>,

    #[command(flatten)]
    pub select: SelectArgs,

    #[command(flatten)]
    pub period: PeriodArgs,

    /// QUERY came right after `--size`'s value on the command line (set by
    /// `cli::parse`, which sees the positions): `--size Large Bank`
    /// unquoted reads as size `large` and QUERY `Bank`.
    #[arg(skip)]
    pub query_follows_size: bool,
}

impl SelectionArgs {
    /// Notes whether QUERY came right after `--size`'s value (clap's
    /// matches of the command that has the filters).
    pub fn note_positions(&mut self, matches: &clap::ArgMatches) {
        self.query_follows_size = matches!(
            (matches.index_of("size"), matches.index_of("query")),
            (Some(size), Some(query)) if query == size + 1
        );
    }

    /// A warning when QUERY looks like the rest of a size the shell split:
    /// it came right after `--size` and is the last word of that size.
    pub fn split_size_warning(&self) -> Option<String> {
        let (size, query) = (self.size.as_deref()?, self.query.as_deref()?);
        let last = size.rsplit(' ').next()?;
        (self.query_follows_size && size.contains(' ') && query.trim().eq_ignore_ascii_case(last))
            .then(|| {
                format!(
                    "did you mean --size \"{size}\"? '{query}' was taken as the name to search \
                     for (quote a size of several words)"
                )
            })
    }

    /// True when a regulator was given (the copy's values are then needed).
    pub fn needs_regulators(&self) -> bool {
        !self.select.regulator.is_empty()
    }

    /// The selection the flags give, with regulators resolved against
    /// `present` (the local copy's) and the exam period against `today`
    /// (its flags named as the command's line names them), and `order`'s
    /// sort; the watch lists' banks and the public record's checks are
    /// the copy's business (`source::select`).
    pub fn selection(
        &self,
        order: Option<&OrderArgs>,
        present: &[String],
        today: jiff::civil::Date,
        period_flags: (&str, &str),
    ) -> Result<Selection, String> {
        let SelectionArgs {
            query,
            state,
            size,
            select:
                SelectArgs {
                    rating,
                    regulator,
                    city,
                    // The lists' banks, once the lists are read
                    // (`source::select`).
                    watch: WatchArg { watch: _ },
                    failed_last,
                    assets,
                    exam_method,
                    active,
                    inactive,
                    test,
                },
            period:
                PeriodArgs {
                    exam_since,
                    exam_until,
                },
            query_follows_size: _,
        } = self;
        let (exam_since, exam_until) = when::period(*exam_since, *exam_until, period_flags, today)?;
        Ok(Selection {
            name: query.clone().filter(|q| !q.is_empty()),
            state: state.clone(),
            size: size.clone(),
            ratings: args::ratings_once(rating),
            regulators: args::resolve_regulators(regulator, present)?,
            city: city
                .as_deref()
                .map(|c| c.trim().to_lowercase())
                .filter(|c| !c.is_empty()),
            exam_since,
            exam_until,
            watch: None,
            failed_last: *failed_last,
            assets: *assets,
            exam_methods: exam_method
                .iter()
                .map(|m| m.trim().to_string())
                .filter(|m| !m.is_empty())
                .collect(),
            active: match (active, inactive) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            },
            tests: {
                let mut tests = test.clone();
                tests.dedup();
                tests
            },
            sort: order.map(OrderArgs::keys).unwrap_or_default(),
        })
    }
}

/// The longest text searched for in a name or a city (QUERY, `--city`,
/// `show NAME`): the longest name in the FFIEC's ratings file is 72
/// characters, its longest city 26. A bound checked where arguments are
/// parsed, so that the local copy (whose SQL `LIKE` refuses a pattern over
/// 50,000 bytes) and the service answer alike: with a usage error.
pub const MAX_SEARCHED: usize = 200;

/// A name or city searched for: at most [`MAX_SEARCHED`] characters.
pub fn parse_searched(text: &str) -> Result<String, String> {
    let length = text.chars().count();
    if length > MAX_SEARCHED {
        return Err(format!(
            "{} characters is too long for a name or city searched for (at most {MAX_SEARCHED})",
            crate::text::thousands(length as u64)
        ));
    }
    Ok(text.to_string())
}

/// The exam types the service accepts as `size`, exactly as it spells them.
pub const SIZES: [&str; 3] = crate::domain::ExamType::SIZES;

/// A state code, case-insensitive, returned upper case.
pub fn parse_state(text: &str) -> Result<String, String> {
    crate::domain::states::normalize(text).ok_or_else(|| match crate::domain::states::code_of_name(
        text,
    ) {
        Some(code) => format!("'{text}' is not a state code; did you mean {code}?"),
        None => format!(
            "'{text}' is not a state code; use one of the 50 states, DC, PR, GU, VI, AS, MP, \
                 FM, MH or PW"
        ),
    })
}

/// A size: an exact exam type or an alias (large, small, intermediate), any case.
pub fn parse_size(text: &str) -> Result<String, String> {
    crate::domain::ExamType::from_alias(text)
        .map(|size| size.as_str().to_string())
        .ok_or_else(|| {
            format!(
                "'{text}' is not a size; use \"Large Bank\", \"Small Bank\", \"Intermediate Small Bank\" \
                 or large, small, intermediate"
            )
        })
}

/// `--state` for clap: [`parse_state`] (same checks, same messages) plus
/// the codes as possible values, so shell completions can offer them.
#[derive(Debug, Clone, Copy, Default)]
pub struct StateParser;

impl TypedValueParser for StateParser {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        // Delegating to the function parser keeps clap's error wording.
        TypedValueParser::parse_ref(&parse_state, cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            crate::domain::states::CODES.iter().map(PossibleValue::new),
        ))
    }
}

/// A parser function and the values a shell completion should offer for
/// it. The function alone decides what is valid (a regulator outside the
/// four, a sort key's `-`): the values only tell the completion scripts,
/// which would otherwise offer file names.
#[derive(Debug, Clone)]
pub struct Offered<T> {
    parse: fn(&str) -> Result<T, String>,
    values: Vec<&'static str>,
}

impl<T> Offered<T> {
    pub fn new(parse: fn(&str) -> Result<T, String>, values: Vec<&'static str>) -> Offered<T> {
        Offered { parse, values }
    }
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Offered<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<T, clap::Error> {
        TypedValueParser::parse_ref(&self.parse, cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.values.iter().map(PossibleValue::new)))
    }
}

/// Any text, as given (checked later, where what is valid is known).
pub fn any_text(text: &str) -> Result<String, String> {
    Ok(text.to_string())
}

/// `--size` for clap: [`parse_size`] plus the exact values and the aliases as
/// possible values, for completions.
#[derive(Debug, Clone, Copy, Default)]
pub struct SizeParser;

impl TypedValueParser for SizeParser {
    type Value = String;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<String, clap::Error> {
        TypedValueParser::parse_ref(&parse_size, cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        let exact = SIZES.iter().map(|size| PossibleValue::new(*size));
        let aliases = [
            ("large", SIZES[0]),
            ("small", SIZES[1]),
            ("intermediate", SIZES[2]),
        ]
        .into_iter()
        // No quotes in the help: clap_complete's zsh script leaves them
        // unescaped inside its own quotes, which splits `Large Bank` there.
        .map(|(alias, size)| PossibleValue::new(alias).help(format!("same as {size}")));
        Some(Box::new(exact.chain(aliases)))
    }
}

/// The size of several words that `args` give unquoted right after
/// `--size` (`--size Intermediate Small Bank`: three arguments, which clap
/// reads as size `intermediate`, QUERY `Small` and a stray `Bank`).
pub fn unquoted_size<S: AsRef<str>>(args: &[S]) -> Option<&'static str> {
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    (0..args.len()).find_map(|i| {
        let words: Vec<&str> = match args[i].strip_prefix("--size") {
            Some("") => args.get(i + 1..)?.to_vec(),
            Some(rest) => std::iter::once(rest.strip_prefix('=')?)
                .chain(args[i + 1..].iter().copied())
                .collect(),
            None => return None,
        };
        SIZES.into_iter().find(|size| {
            let want: Vec<&str> = size.split(' ').collect();
            want.len() > 1
                && words.len() >= want.len()
                && want
                    .iter()
                    .zip(&words)
                    .all(|(w, given)| w.eq_ignore_ascii_case(given))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn an_unquoted_size_of_several_words_is_recognised() {
        let find = |args: &[&str]| unquoted_size(args);
        assert_eq!(
            find(&["search", "--size", "Intermediate", "Small", "Bank"]),
            Some("Intermediate Small Bank")
        );
        assert_eq!(
            find(&["search", "--size=intermediate", "small", "BANK", "--all"]),
            Some("Intermediate Small Bank")
        );
        assert_eq!(
            find(&["search", "--size", "Large", "Bank"]),
            Some("Large Bank")
        );
        assert_eq!(find(&["search", "--size", "Intermediate Small Bank"]), None);
        assert_eq!(
            find(&["search", "--size", "large", "bank"]),
            Some("Large Bank")
        );
        assert_eq!(find(&["search", "Small", "Bank", "--size", "large"]), None);
        assert_eq!(find(&["search", "--size"]), None);
        assert_eq!(find(&["search", "--sizes", "Large", "Bank"]), None);
    }

    #[test]
    fn a_split_size_is_told_only_right_after_size() {
        let filters = |size: &str, query: &str, follows: bool| SelectionArgs {
            query: Some(query.into()),
            size: Some(parse_size(size).unwrap()),
            query_follows_size: follows,
            ..SelectionArgs::default()
        };
        let warning = filters("Large", "Bank", true).split_size_warning().unwrap();
        assert!(warning.contains("--size \"Large Bank\""), "{warning}");
        assert!(
            filters("small", "bank", true)
                .split_size_warning()
                .is_some()
        );
        assert!(
            filters("large", "Bank", false)
                .split_size_warning()
                .is_none()
        );
        assert!(
            filters("large", "First", true)
                .split_size_warning()
                .is_none()
        );
        let mut none = filters("large", "Bank", true);
        none.size = None;
        assert!(none.split_size_warning().is_none());
    }

    #[test]
    fn searched_text_is_bounded_in_characters() {
        assert!(parse_searched(&"é".repeat(MAX_SEARCHED)).is_ok());
        let error = parse_searched(&"x".repeat(50_000)).unwrap_err();
        assert!(error.starts_with("50,000 characters"), "{error}");
    }

    #[test]
    fn states() {
        assert_eq!(parse_state("tx").as_deref(), Ok("TX"));
        assert_eq!(parse_state("Pw").as_deref(), Ok("PW"));
        assert!(parse_state("XX").is_err());
        assert!(parse_state("TEX").is_err());
        assert!(parse_state("").is_err());
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("large").as_deref(), Ok("Large Bank"));
        assert_eq!(parse_size("LARGE BANK").as_deref(), Ok("Large Bank"));
        assert_eq!(
            parse_size("Intermediate").as_deref(),
            Ok("Intermediate Small Bank")
        );
        assert_eq!(parse_size("small").as_deref(), Ok("Small Bank"));
        assert!(parse_size("medium").is_err());
    }

    #[test]
    fn clap_parsers_offer_values_and_keep_messages() {
        let cmd = clap::Command::new("t");
        let states: Vec<String> = StateParser
            .possible_values()
            .unwrap()
            .map(|v| v.get_name().to_string())
            .collect();
        assert_eq!(states, crate::domain::states::CODES);
        let sizes: Vec<String> = SizeParser
            .possible_values()
            .unwrap()
            .map(|v| v.get_name().to_string())
            .collect();
        assert!(sizes.contains(&"Large Bank".to_string()) && sizes.contains(&"large".to_string()));
        assert_eq!(
            StateParser.parse_ref(&cmd, None, OsStr::new("tx")).unwrap(),
            "TX"
        );
        assert_eq!(
            SizeParser
                .parse_ref(&cmd, None, OsStr::new("small"))
                .unwrap(),
            "Small Bank"
        );
        let error = StateParser
            .parse_ref(&cmd, None, OsStr::new("XX"))
            .unwrap_err()
            .to_string();
        assert!(error.contains(&parse_state("XX").unwrap_err()), "{error}");
        let error = SizeParser
            .parse_ref(&cmd, None, OsStr::new("medium"))
            .unwrap_err()
            .to_string();
        assert!(
            error.contains(&parse_size("medium").unwrap_err()),
            "{error}"
        );
    }

    proptest! {
        #[test]
        fn state_parse_never_panics_and_is_upper(s in "\\PC{0,4}") {
            if let Ok(code) = parse_state(&s) {
                prop_assert!(crate::domain::states::is_code(&code));
            }
        }
    }
}
