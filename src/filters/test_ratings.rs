//! `--test`: the test ratings of the evaluations read (`cra enrich --pe`)
//! as a selection takes them. `TEST[@AREA]=RATING[,RATING...]`: a test
//! (`cd` for community development), or `overall` for the overall rating
//! a PE gives a state or multistate MSA; the area, a state's code or an
//! MSA's name as the PE prints it; the levels, any of them. Repeated for
//! one test and area, the levels add up (either); across tests, every
//! filter must hold, as `--rating` and `--regulator` combine. A value
//! mistyped is answered with the nearest one.

use crate::domain::{Level, Rated, Test, TestFilter};

/// `TEST[@AREA]=RATING[,RATING...]`.
pub fn parse_test(text: &str) -> Result<TestFilter, String> {
    let Some((what, ratings)) = text.split_once('=') else {
        return Err(format!(
            "give a test and a rating as TEST=RATING (lending=high-satisfactory); TEST is one of \
             {}, or cd",
            test_names().join(", ")
        ));
    };
    let (name, area) = match what.split_once('@') {
        Some((name, area)) => (name, Some(parse_area(area)?)),
        None => (what, None),
    };
    let Some(rated) = Rated::from_name(name) else {
        let mut known = test_names();
        known.extend(["cd", "overall"]);
        return Err(format!(
            "'{}' is not a test;{} use one of {}, or cd, or overall@AREA",
            crate::text::clip(name.trim(), 40),
            meant(name, &known),
            test_names().join(", ")
        ));
    };
    if rated == Rated::Overall && area.is_none() {
        return Err(
            "overall is the overall rating of a state or multistate MSA: give its area, as \
             overall@TX=outstanding (the institution's own overall rating is --rating)"
                .into(),
        );
    }
    let mut levels = Vec::new();
    for rating in ratings.split(',') {
        let level = parse_level(rating)?;
        if !levels.contains(&level) {
            levels.push(level);
        }
    }
    Ok(TestFilter {
        rated,
        area,
        levels,
    })
}

/// The filters of every `--test` given, one a test and area: the levels
/// of repeats for the same test and area added (either), in the order
/// first given.
pub fn merge(given: &[TestFilter]) -> Vec<TestFilter> {
    let mut merged: Vec<TestFilter> = Vec::new();
    for filter in given {
        let same = |m: &&mut TestFilter| {
            m.rated == filter.rated
                && m.area.as_deref().map(str::to_ascii_lowercase)
                    == filter.area.as_deref().map(str::to_ascii_lowercase)
        };
        match merged.iter_mut().find(same) {
            Some(into) => {
                for level in &filter.levels {
                    if !into.levels.contains(level) {
                        into.levels.push(*level);
                    }
                }
            }
            None => merged.push(filter.clone()),
        }
    }
    merged
}

/// The names of the tests, as `--test` takes them.
fn test_names() -> Vec<&'static str> {
    Test::ALL.iter().map(|t| t.as_str()).collect()
}

/// An area: a state's two-letter code (any case), or a multistate MSA's
/// name as the PE prints it.
fn parse_area(text: &str) -> Result<String, String> {
    let area = text.trim();
    if area.is_empty() {
        return Err(
            "give an area after @: a state's code (overall@TX) or a multistate MSA's \
                    name as the evaluation prints it"
                .into(),
        );
    }
    if area.len() == 2 && area.chars().all(|c| c.is_ascii_alphabetic()) {
        return crate::filters::parse_state(area);
    }
    Ok(crate::text::clip(area, 120))
}

/// The levels as `--test` takes them: a level's name (`high-satisfactory`),
/// or a rating as `--rating` takes it.
fn parse_level(text: &str) -> Result<Level, String> {
    // The ratings' short names, as --rating takes them.
    let short = match text.trim().to_ascii_lowercase().as_str() {
        "out" => Some(Level::Outstanding),
        "sat" => Some(Level::Satisfactory),
        "nti" => Some(Level::NeedsToImprove),
        "snc" => Some(Level::SubstantialNoncompliance),
        _ => None,
    };
    let level = Level::from_text(text).or(short);
    level.ok_or_else(|| {
        let slugs: Vec<&str> = Level::ALL.iter().map(|l| l.slug()).collect();
        let mut known = slugs.clone();
        known.extend(["high-sat", "low-sat", "out", "sat", "nti", "snc"]);
        format!(
            "'{}' is not a rating of a test;{} use one of {}",
            crate::text::clip(text.trim(), 40),
            meant(text, &known),
            slugs.join(", ")
        )
    })
}

/// ` did you mean X?` for the known value nearest `given`, when one is
/// near enough to be a misspelling of it; else nothing.
fn meant(given: &str, known: &[&str]) -> String {
    let given = given.trim().to_ascii_lowercase().replace('_', "-");
    let near = |k: &&str| strsim::normalized_damerau_levenshtein(&given, &k.replace('_', "-"));
    let best = known
        .iter()
        .map(|k| (near(k), *k))
        .max_by(|a, b| a.0.total_cmp(&b.0));
    match best {
        Some((score, k)) if score >= 0.6 && !given.is_empty() => format!(" did you mean {k}?"),
        _ => String::new(),
    }
}

/// Every `TEST=RATING`, for the completion scripts.
pub fn test_values() -> Vec<&'static str> {
    static VALUES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    VALUES
        .get_or_init(|| {
            Test::ALL
                .iter()
                .flat_map(|test| {
                    Level::ALL.iter().map(move |level| {
                        &*Box::leak(format!("{}={}", test.as_str(), level.slug()).into_boxed_str())
                    })
                })
                .collect()
        })
        .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lending(levels: &[Level]) -> TestFilter {
        TestFilter {
            rated: Rated::Test(Test::Lending),
            area: None,
            levels: levels.to_vec(),
        }
    }

    #[test]
    fn a_test_takes_levels_in_lists_and_an_area() {
        assert_eq!(
            parse_test("lending=high-satisfactory,low-sat").unwrap(),
            lending(&[Level::HighSatisfactory, Level::LowSatisfactory])
        );
        assert_eq!(
            parse_test("lending@tx=out").unwrap(),
            TestFilter {
                rated: Rated::Test(Test::Lending),
                area: Some("TX".into()),
                levels: vec![Level::Outstanding],
            }
        );
        assert_eq!(
            parse_test("overall@tx=out,sat").unwrap(),
            TestFilter {
                rated: Rated::Overall,
                area: Some("TX".into()),
                levels: vec![Level::Outstanding, Level::Satisfactory],
            }
        );
        let msa = parse_test("service@Memphis TN-MS-AR=outstanding").unwrap();
        assert_eq!(msa.area.as_deref(), Some("Memphis TN-MS-AR"));
        assert!(
            parse_test("overall=outstanding")
                .unwrap_err()
                .contains("overall@TX")
        );
        assert!(
            parse_test("overall@ZZ=outstanding")
                .unwrap_err()
                .contains("state code")
        );
    }

    #[test]
    fn a_typo_is_answered_with_the_nearest_value() {
        let error = parse_test("lendng=outstanding").unwrap_err();
        assert!(
            error.starts_with("'lendng' is not a test; did you mean lending?"),
            "{error}"
        );
        let error = parse_test("lending=hight-satisfactory").unwrap_err();
        assert!(
            error.contains("is not a rating of a test; did you mean high-satisfactory?"),
            "{error}"
        );
        let error = parse_test("lending=great").unwrap_err();
        assert!(!error.contains("did you mean"), "{error}");
        assert!(parse_test("lending").unwrap_err().contains("TEST=RATING"));
    }

    #[test]
    fn repeats_of_one_test_add_up_and_tests_stay_apart() {
        let merged = merge(&[
            lending(&[Level::HighSatisfactory]),
            parse_test("service=outstanding").unwrap(),
            lending(&[Level::LowSatisfactory, Level::HighSatisfactory]),
        ]);
        assert_eq!(
            merged,
            [
                lending(&[Level::HighSatisfactory, Level::LowSatisfactory]),
                parse_test("service=outstanding").unwrap(),
            ]
        );
    }
}
