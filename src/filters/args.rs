//! The flags that find banks as the official search does, part of every
//! selection (`SelectionArgs`): `--rating`, `--regulator`, `--city`,
//! `--watch`, `--failed-last`, the public record's `--assets`,
//! `--exam-method`, `--active`/`--inactive`, and the exam period
//! (`--exam-since`, `--exam-until`); and beside them the order and the
//! columns of the commands that list rows (`--sort`, `--columns`,
//! `--enriched`). Values that can be checked alone are checked by clap;
//! regulators need the local copy's values and are checked by
//! [`resolve_regulators`] before anything is asked.

use clap::Args;

use super::when::{When, parse_when};
use crate::domain::TestFilter;
use crate::domain::{AssetRange, Rating, Regulator, SortField, SortKey};

/// `--rating`, `--regulator`, `--city`.
#[derive(Debug, Clone, Default, Args)]
pub struct SelectArgs {
    /// Rating (repeatable): name any case, out, sat, nti, snc
    #[arg(long, value_name = "RATING", hide_possible_values = true,
          value_parser = super::Offered::new(parse_rating, rating_values()))]
    pub rating: Vec<Rating>,

    /// Regulator (repeatable): OCC, FRB, FDIC, OTS, any case
    #[arg(long, value_name = "R", hide_possible_values = true,
          value_parser = super::Offered::new(super::any_text, Regulator::NAMES.to_vec()))]
    pub regulator: Vec<String>,

    /// Part of the bank's city (case-insensitive)
    #[arg(long, value_name = "CITY", value_parser = super::parse_searched)]
    pub city: Option<String>,

    #[command(flatten)]
    pub watch: WatchArg,

    /// Banks whose last N exams were all below Satisfactory
    #[arg(long, value_name = "N", value_parser = crate::parse::whole::<u32>(1, 100))]
    pub failed_last: Option<u32>,

    /// Assets at the current exam: 250M..1B, ..100M, 10B..
    #[arg(long, value_name = "RANGE", value_parser = parse_assets)]
    pub assets: Option<AssetRange>,

    /// The current exam method, any case (repeatable)
    #[arg(long, value_name = "M", hide_possible_values = true,
          value_parser = super::Offered::new(parse_exam_method, EXAM_METHODS.to_vec()))]
    pub exam_method: Vec<String>,

    /// Only banks the FDIC lists as active (public record)
    #[arg(long, conflicts_with = "inactive")]
    pub active: bool,

    /// Only banks the FDIC lists as inactive (public record)
    #[arg(long)]
    pub inactive: bool,

    /// Test rating: lending=high-sat,low-sat (enrich --pe)
    #[arg(long = "test", value_name = "TEST=R", hide_possible_values = true,
          value_parser = super::Offered::new(
              super::test_ratings::parse_test,
              super::test_ratings::test_values()))]
    pub test: Vec<TestFilter>,
}

/// `--watch`: alone in `sync --notify`, part of every selection elsewhere.
#[derive(Debug, Clone, Default, Args)]
pub struct WatchArg {
    /// Only the banks of watch list NAME (repeatable)
    #[arg(long = "watch", value_name = "NAME")]
    pub watch: Vec<String>,
}

/// `--exam-since`, `--exam-until`.
#[derive(Debug, Clone, Default, Args)]
pub struct PeriodArgs {
    /// Current exam on or after WHEN: YYYY-MM-DD, YYYY-MM, YYYY, or an age
    /// (90d, 18m, 2y)
    #[arg(long, value_name = "WHEN", value_parser = parse_when)]
    pub exam_since: Option<When>,

    /// Current exam on or before WHEN (YYYY-MM and YYYY: their last day)
    #[arg(long, value_name = "WHEN", value_parser = parse_when)]
    pub exam_until: Option<When>,
}

/// `--sort`, `--columns`.
#[derive(Debug, Clone, Default, Args)]
pub struct OrderArgs {
    /// Sort keys, -KEY descending (name, rating, exam_date...)
    #[arg(long, value_name = "KEYS", value_delimiter = ',', allow_hyphen_values = true,
          hide_possible_values = true,
          value_parser = super::Offered::new(parse_sort_key, sort_values()))]
    pub sort: Vec<SortKey>,

    #[command(flatten)]
    pub shown: ShownArgs,
}

/// `--columns`, `--enriched`: which columns rows show, wherever rows are
/// printed (`show` and `export --with-history` too).
#[derive(Debug, Clone, Default, Args)]
pub struct ShownArgs {
    /// Columns shown, in order, by csv name (table, tsv, csv)
    #[arg(long, value_name = "COLS", value_delimiter = ',')]
    pub columns: Vec<String>,

    /// Add the public record's columns (json: public_record)
    #[arg(long)]
    pub enriched: bool,
}

impl OrderArgs {
    /// The sort keys, each field once: a later key only orders what the
    /// earlier ones left tied, and a field already sorted by leaves
    /// nothing tied on it, so a repeat (`name,-name`, or 2,000 keys) is
    /// dropped and the order is the same.
    pub fn keys(&self) -> Vec<SortKey> {
        let mut keys: Vec<SortKey> = Vec::new();
        for key in &self.sort {
            if !keys.iter().any(|k| k.field == key.field) {
                keys.push(*key);
            }
        }
        keys
    }
}

/// The ratings as a user types them: the four names, any case, or their
/// aliases.
pub fn parse_rating(text: &str) -> Result<Rating, String> {
    let t = text.trim().to_lowercase().replace(['-', '_'], " ");
    Ok(match t.as_str() {
        "outstanding" | "out" => Rating::Outstanding,
        "satisfactory" | "sat" => Rating::Satisfactory,
        "needs to improve" | "nti" => Rating::NeedsToImprove,
        "substantial noncompliance" | "snc" => Rating::SubstantialNoncompliance,
        _ => {
            return Err(format!(
                "'{text}' is not a rating; use Outstanding, Satisfactory, \"Needs to Improve\", \
                 \"Substantial Noncompliance\" or out, sat, nti, snc"
            ));
        }
    })
}

/// What completions offer for `--rating`: the names, then the aliases.
fn rating_values() -> Vec<&'static str> {
    let mut values = Rating::NAMES.to_vec();
    values.extend(["out", "sat", "nti", "snc"]);
    values
}

/// What completions offer for `--sort`: each key, then each descending.
fn sort_values() -> Vec<&'static str> {
    let mut values: Vec<&'static str> = SortField::ALL.iter().map(|f| f.name()).collect();
    values.extend(SortField::ALL.iter().map(|f| f.descending_name()));
    values
}

/// An amount of dollars as people write it: `250M`, `1.5B`, `10k`,
/// `$2,500,000`.
fn parse_dollars(text: &str) -> Option<u64> {
    let t = text.trim().trim_start_matches('$').replace([',', '_'], "");
    let (number, scale) = match t.chars().last()?.to_ascii_uppercase() {
        'K' => (&t[..t.len() - 1], 1e3),
        'M' => (&t[..t.len() - 1], 1e6),
        'B' => (&t[..t.len() - 1], 1e9),
        'T' => (&t[..t.len() - 1], 1e12),
        _ => (t.as_str(), 1.0),
    };
    if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    let value: f64 = number.parse().ok()?;
    let dollars = (value * scale).round();
    (dollars.is_finite() && (0.0..1.8e19).contains(&dollars)).then_some(dollars as u64)
}

/// `--assets`: `LOW..HIGH`, `..HIGH` or `LOW..`, in dollars (K, M, B).
pub fn parse_assets(text: &str) -> Result<AssetRange, String> {
    let wrong = || {
        format!(
            "'{text}' is not a range of assets; use LOW..HIGH, ..HIGH or LOW.. in dollars with K, M or B (250M..1B, ..100M, 10B..)"
        )
    };
    let (low, high) = text.split_once("..").ok_or_else(wrong)?;
    let bound = |side: &str| -> Result<Option<u64>, String> {
        if side.trim().is_empty() {
            Ok(None)
        } else {
            parse_dollars(side).map(Some).ok_or_else(wrong)
        }
    };
    let range = AssetRange {
        low: bound(low)?,
        high: bound(high)?,
    };
    match range {
        AssetRange {
            low: None,
            high: None,
        } => Err(wrong()),
        AssetRange {
            low: Some(low),
            high: Some(high),
        } if low > high => Err(format!(
            "--assets {text}: the low bound is above the high one"
        )),
        range => Ok(range),
    }
}

/// The regulator a person most likely meant by a name the service does
/// not use: the Federal Reserve as `fed`, `frs`, `federal reserve`; the
/// agencies by their names.
fn regulator_meant(value: &str) -> Option<&'static str> {
    let wanted = value
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_ascii_lowercase();
    let meant = match wanted.as_str() {
        "fed"
        | "frs"
        | "fr"
        | "federal reserve"
        | "federal reserve board"
        | "the fed"
        | "federal reserve system" => "FRB",
        "comptroller" | "comptroller of the currency" => "OCC",
        "federal deposit insurance corporation" => "FDIC",
        "thrift" | "office of thrift supervision" => "OTS",
        _ => return None,
    };
    Some(meant)
}

/// A sort key, `-` first for descending.
pub fn parse_sort_key(text: &str) -> Result<SortKey, String> {
    let t = text.trim();
    let (descending, name) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let field = SortField::from_name(&name.to_ascii_lowercase()).ok_or_else(|| {
        let names: Vec<&str> = SortField::ALL.iter().map(|f| f.name()).collect();
        format!(
            "'{text}' is not a sort key; use {} (-KEY for descending)",
            names.join(", ")
        )
    })?;
    Ok(SortKey { field, descending })
}

/// The regulators to match for those given: each, ignoring case, one of the
/// agencies known or a value the local copy holds (`present`), in every
/// spelling met; anything else is a usage error listing the values known.
pub fn resolve_regulators(given: &[String], present: &[String]) -> Result<Vec<String>, String> {
    let mut known: Vec<String> = Regulator::NAMES.iter().map(|r| r.to_string()).collect();
    for value in present {
        if !known.contains(value) {
            known.push(value.clone());
        }
    }
    let mut spellings = Vec::new();
    for value in given {
        let wanted = value.trim();
        let found: Vec<&String> = known
            .iter()
            .filter(|k| k.eq_ignore_ascii_case(wanted))
            .collect();
        if found.is_empty() {
            return Err(unknown_regulator(value, &known));
        }
        for spelling in found {
            if !spellings.contains(spelling) {
                spellings.push(spelling.clone());
            }
        }
    }
    Ok(spellings)
}

/// The most regulators an unknown one's error lists: a copy of a service
/// that names its agencies freely may hold thousands.
const LISTED_REGULATORS: usize = 30;

/// The error for a regulator neither known nor present: the agencies
/// first, then what the copy holds, at most [`LISTED_REGULATORS`] of them
/// and how many more.
fn unknown_regulator(value: &str, known: &[String]) -> String {
    if let Some(meant) = regulator_meant(value) {
        return format!(
            "'{}' is not a regulator; did you mean {meant}?",
            crate::text::shorten(value, 60)
        );
    }
    let mut listed: Vec<&String> = known.iter().collect();
    listed.sort_by_key(|k| (!Regulator::NAMES.contains(&k.as_str()), k.as_str()));
    listed.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
    let more = listed.len().saturating_sub(LISTED_REGULATORS);
    let shown: Vec<String> = listed
        .iter()
        .take(LISTED_REGULATORS)
        .map(|k| crate::text::shorten(&crate::text::inert(k), 40))
        .collect();
    let tail = if more > 0 {
        format!(
            " and {} more (cra sql \"SELECT DISTINCT regulator FROM banks\" lists them)",
            crate::text::thousands(more as u64)
        )
    } else {
        String::new()
    };
    format!(
        "'{}' is not a regulator; use one of {}{tail}",
        crate::text::shorten(value, 60),
        shown.join(", ")
    )
}

/// The exam methods the FFIEC's file names (`record::ffiec::ExamMethod`),
/// offered by shell completion; the copy's own spellings are what is
/// checked. Not the one in parentheses, which a shell would read as
/// syntax once completed.
const EXAM_METHODS: [&str; 8] = [
    "Large Bank",
    "Small Bank",
    "Strategic Plan",
    "Limited Purpose",
    "Wholesale",
    "Wholesale/Limited Purpose",
    "Intermediate Small Bank",
    "Other / not specified",
];

/// `--exam-method M`: a method, trimmed. An empty one is refused: it
/// selected nothing less, in silence, as if the flag were not there.
fn parse_exam_method(text: &str) -> Result<String, String> {
    let method = text.trim();
    if method.is_empty() {
        return Err(
            "an exam method cannot be empty; give one, e.g. 'Small Bank' or 'Large Bank'"
                .to_string(),
        );
    }
    Ok(method.to_string())
}

/// Each rating once, however often it was given: a repeat selects nothing
/// more (and 30,000 of them would pass SQLite's limit on a statement's
/// values).
pub(super) fn ratings_once(given: &[Rating]) -> Vec<Rating> {
    let mut ratings: Vec<Rating> = Vec::new();
    for rating in given {
        if !ratings.contains(rating) {
            ratings.push(rating.clone());
        }
    }
    ratings
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_exam_methods_offered_are_the_files() {
        let names: Vec<&str> = crate::record::ffiec::ExamMethod::NAMES
            .iter()
            .map(|(_, name)| *name)
            .filter(|name| !name.contains('('))
            .collect();
        assert_eq!(names, EXAM_METHODS);
    }

    #[test]
    fn an_empty_exam_method_is_refused_not_ignored() {
        assert_eq!(parse_exam_method(" Small Bank "), Ok("Small Bank".into()));
        for empty in ["", "   ", "\t"] {
            let error = parse_exam_method(empty).unwrap_err();
            assert!(error.contains("cannot be empty"), "{error}");
        }
    }

    #[test]
    fn ratings_by_name_and_alias() {
        for (text, want) in [
            ("outstanding", "Outstanding"),
            ("OUT", "Outstanding"),
            ("Satisfactory", "Satisfactory"),
            ("sat", "Satisfactory"),
            ("needs-to-improve", "Needs to Improve"),
            ("Needs to Improve", "Needs to Improve"),
            ("NTI", "Needs to Improve"),
            ("substantial-noncompliance", "Substantial Noncompliance"),
            ("snc", "Substantial Noncompliance"),
        ] {
            assert_eq!(parse_rating(text), Ok(Rating::from_text(want)), "{text}");
        }
        let error = parse_rating("good").unwrap_err();
        assert!(
            error.contains("Outstanding") && error.contains("nti"),
            "{error}"
        );
    }

    #[test]
    fn regulators_known_or_present_else_listed() {
        let present = vec!["FDIC".to_string(), "NCUA".to_string()];
        assert_eq!(
            resolve_regulators(&["occ".into(), "ncua".into()], &present).unwrap(),
            ["OCC", "NCUA"]
        );
        let error = resolve_regulators(&["XYZ".into()], &present).unwrap_err();
        assert_eq!(
            error,
            "'XYZ' is not a regulator; use one of FDIC, FRB, OCC, OTS, NCUA"
        );
        // Thousands present: a few dozen listed, and how many more.
        let many: Vec<String> = (0..20_000).map(|i| format!("AGENCY {i:05}")).collect();
        let error = resolve_regulators(&["x".repeat(50_000)], &many).unwrap_err();
        assert!(error.len() < 1_000, "{} bytes", error.len());
        assert!(
            error.starts_with("'xxxx") && error.contains("FDIC, FRB, OCC, OTS, AGENCY 00000"),
            "{error}"
        );
        assert!(error.contains(" and 19,974 more"), "{error}");
        assert!(resolve_regulators(&["fed".into()], &[]).is_err());
        assert!(resolve_regulators(&[], &[]).unwrap().is_empty());
    }

    #[test]
    fn each_sort_field_counts_once_the_first_time() {
        let key = |text| parse_sort_key(text).unwrap();
        let order = OrderArgs {
            sort: vec![
                key("name"),
                key("-exam_date"),
                key("-name"),
                key("exam_date"),
                key("id"),
            ],
            shown: ShownArgs::default(),
        };
        assert_eq!(order.keys(), [key("name"), key("-exam_date"), key("id")]);
    }

    #[test]
    fn asset_ranges_in_dollars() {
        let range = |text: &str| parse_assets(text).map(|r| (r.low, r.high));
        assert_eq!(
            range("250M..1B"),
            Ok((Some(250_000_000), Some(1_000_000_000)))
        );
        assert_eq!(range("..100m"), Ok((None, Some(100_000_000))));
        assert_eq!(range("10B.."), Ok((Some(10_000_000_000), None)));
        assert_eq!(
            range("1.5b..2B"),
            Ok((Some(1_500_000_000), Some(2_000_000_000)))
        );
        assert_eq!(
            range("$2,500,000..5k"),
            Err("--assets $2,500,000..5k: the low bound is above the high one".into())
        );
        assert_eq!(range("500K..600000"), Ok((Some(500_000), Some(600_000))));
        for bad in ["1B", "..", "a..b", "-5..", "1Q..", "1..2..3"] {
            let error = range(bad).unwrap_err();
            assert!(error.contains("LOW..HIGH"), "{bad}: {error}");
        }
    }

    #[test]
    fn sort_keys() {
        assert_eq!(
            parse_sort_key("-exam_date"),
            Ok(SortKey {
                field: SortField::ExamDate,
                descending: true
            })
        );
        assert_eq!(parse_sort_key("Name").unwrap().field, SortField::Name);
        let error = parse_sort_key("size").unwrap_err();
        assert!(
            error.contains("exam_date") && error.contains("-KEY"),
            "{error}"
        );
    }

    proptest! {
        #[test]
        fn rating_parse_gives_a_known_name_or_an_error(text in "\\PC{0,30}") {
            if let Ok(rating) = parse_rating(&text) {
                prop_assert!(rating.rank().is_some());
            }
        }
    }
}
