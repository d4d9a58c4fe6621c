//! What the sandbox's generated banks look like in shares (regulators,
//! ratings, sizes, states, dates, names), measured here and compared with
//! the real FFIEC statistics by `data.rs`: test code, kept out of the
//! library so that the compiler sees what the sandbox itself uses.

use cra::domain::Regulator;
use cra::sandbox::data::{SandboxBank, dated_by_exam_day, days_from_civil, generate};

/// Shares of the generated data, compared with the real statistics by the
/// tests (fixed expectations here, the real file in `data.rs` beside it).
#[derive(Debug, Default)]
pub struct Shares {
    pub regulator: std::collections::BTreeMap<String, f64>,
    pub current_rating: std::collections::BTreeMap<String, f64>,
    pub all_rating: std::collections::BTreeMap<String, f64>,
    pub current_size: std::collections::BTreeMap<String, f64>,
    pub state: std::collections::BTreeMap<String, f64>,
    pub exams_mean: f64,
    pub exams_max: usize,
    pub gap_median_years: f64,
    /// Of the exams of FDIC banks dated by the month made public.
    pub fdic_first_of_month: f64,
    /// FDIC banks dated by their exams' own days.
    pub fdic_by_exam_day: f64,
    pub ots_after_2011: usize,
    pub non_null_charter: f64,
    pub non_ascii_names: usize,
    /// Distinct names over banks (real: 15,129 of 18,820, 80%).
    pub distinct_names: f64,
    /// Banks whose name and city are both another bank's too (real: 8%).
    pub name_city_shared: f64,
}

/// Measures `banks`.
pub fn shares(banks: &[SandboxBank]) -> Shares {
    use std::collections::BTreeMap;
    fn add(map: &mut BTreeMap<String, f64>, key: &str) {
        *map.entry(key.to_string()).or_default() += 1.0;
    }
    fn norm(map: &mut BTreeMap<String, f64>) {
        let total: f64 = map.values().sum();
        map.values_mut().for_each(|v| *v /= total);
    }
    let mut s = Shares {
        ..Shares::default()
    };
    let mut exams = 0usize;
    let mut gaps = Vec::new();
    let (mut fdic, mut fdic_first) = (0usize, 0usize);
    let (mut fdic_banks, mut by_exam_day) = (0usize, 0usize);
    let mut charter = 0usize;
    for bank in banks {
        add(&mut s.regulator, bank.regulator.as_str());
        add(&mut s.state, &bank.state);
        let current = bank.current().expect("a current record");
        add(&mut s.current_rating, current.rating.as_str());
        add(&mut s.current_size, current.exam_type.as_str());
        exams += bank.ratings.len();
        s.exams_max = s.exams_max.max(bank.ratings.len());
        charter += usize::from(!bank.charter_type.is_null());
        s.non_ascii_names += usize::from(!bank.name.is_ascii());
        let days: Vec<i64> = bank
            .ratings
            .iter()
            .map(|r| {
                let y = r.exam_date[..4].parse().unwrap();
                let m = r.exam_date[5..7].parse().unwrap();
                let d = r.exam_date[8..].parse().unwrap();
                days_from_civil(y, m, d)
            })
            .collect();
        gaps.extend(days.windows(2).map(|w| (w[0] - w[1]) as f64 / 365.25));
        let exam_days = dated_by_exam_day(&bank.id);
        if bank.regulator == Regulator::Fdic {
            fdic_banks += 1;
            by_exam_day += usize::from(exam_days);
        }
        for r in &bank.ratings {
            add(&mut s.all_rating, r.rating.as_str());
            if bank.regulator == Regulator::Fdic && !exam_days {
                fdic += 1;
                fdic_first += usize::from(r.exam_date.ends_with("-01"));
            }
            if bank.regulator == Regulator::Ots && r.exam_date.as_str() > "2011-12-31" {
                s.ots_after_2011 += 1;
            }
        }
    }
    for map in [
        &mut s.regulator,
        &mut s.state,
        &mut s.current_rating,
        &mut s.current_size,
        &mut s.all_rating,
    ] {
        norm(map);
    }
    s.exams_mean = exams as f64 / banks.len().max(1) as f64;
    gaps.sort_by(f64::total_cmp);
    s.gap_median_years = gaps.get(gaps.len() / 2).copied().unwrap_or(0.0);
    s.fdic_first_of_month = fdic_first as f64 / fdic.max(1) as f64;
    s.fdic_by_exam_day = by_exam_day as f64 / fdic_banks.max(1) as f64;
    s.non_null_charter = charter as f64 / banks.len().max(1) as f64;
    (s.distinct_names, s.name_city_shared) =
        name_shares(banks.iter().map(|b| (b.name.as_str(), b.city.as_str())));
    s
}

/// The share of distinct names, and the share of banks that share both
/// name and city with another, of `(name, city)` pairs.
pub fn name_shares<'a>(banks: impl Iterator<Item = (&'a str, &'a str)>) -> (f64, f64) {
    use std::collections::{HashMap, HashSet};
    let mut names = HashSet::new();
    let mut pairs: HashMap<(&str, &str), usize> = HashMap::new();
    let mut total = 0usize;
    for (name, city) in banks {
        total += 1;
        names.insert(name);
        *pairs.entry((name, city)).or_default() += 1;
    }
    let shared: usize = pairs.values().filter(|c| **c > 1).sum();
    let total = total.max(1) as f64;
    (names.len() as f64 / total, shared as f64 / total)
}

#[test]
fn shares_follow_the_real_statistics() {
    {
        let s = shares(&generate(18_820, 1, 20_758));
        eprintln!("{s:#?}");
        let close = |got: f64, want: f64, tol: f64, what: &str| {
            assert!(
                (got - want).abs() <= tol,
                "{what}: {got:.4} vs {want:.4} ± {tol}"
            );
        };
        // Regulators by institution: 54.4 / 23.9 / 12.0 / 9.7 %, ± 1.5 points.
        close(s.regulator["FDIC"], 0.544, 0.015, "FDIC");
        close(s.regulator["OCC"], 0.239, 0.015, "OCC");
        close(s.regulator["OTS"], 0.120, 0.015, "OTS");
        close(s.regulator["FRB"], 0.097, 0.015, "FRB");
        // Current rating 14.4 / 83.3 / 2.1 / 0.2 %, ± 1 point.
        close(s.current_rating["Outstanding"], 0.144, 0.01, "O");
        close(s.current_rating["Satisfactory"], 0.833, 0.01, "S");
        close(s.current_rating["Needs to Improve"], 0.021, 0.005, "NI");
        // All exams 14.3 / 82.1 / 3.2 / 0.3 %, ± 3 points.
        close(s.all_rating["Outstanding"], 0.143, 0.03, "all O");
        close(s.all_rating["Satisfactory"], 0.821, 0.03, "all S");
        // Current exam type 70.5 / 17.6 / 11.8 %, ± 1.5 points.
        close(s.current_size["Small Bank"], 0.705, 0.015, "Small");
        close(s.current_size["Large Bank"], 0.176, 0.015, "Large");
        close(
            s.current_size["Intermediate Small Bank"],
            0.118,
            0.015,
            "ISB",
        );
        // Exams per bank: mean 4.18 (± 0.25), max 18; gap median 3 years (± 0.3).
        close(s.exams_mean, 4.18, 0.25, "exams mean");
        assert!(s.exams_max <= 18);
        close(s.gap_median_years, 3.0, 0.3, "gap median");
        // FDIC dates on the 1st in 91% of rows (± 3 points), a third of
        // FDIC banks dated by the exam's own day; no OTS after 2011.
        close(s.fdic_first_of_month, 0.91, 0.03, "FDIC on the 1st");
        close(s.fdic_by_exam_day, 0.35, 0.03, "FDIC by the exam's own day");
        assert_eq!(s.ots_after_2011, 0);
        // States: all 56 appear; the largest, IL and TX, at 7.8% (± 1 point).
        assert_eq!(s.state.len(), 56);
        close(s.state["IL"], 0.078, 0.01, "IL");
        close(s.state["TX"], 0.0775, 0.01, "TX");
        // charter_type null for most; a few non-ASCII names.
        close(s.non_null_charter, 0.2, 0.02, "charter_type set");
        assert!(s.non_ascii_names >= 5, "{}", s.non_ascii_names);
        // Names: 80% distinct, 8% share name and city with another (± 4 and
        // ± 3 points; `tests/sandbox_data.rs` measures the real file).
        close(s.distinct_names, 0.80, 0.04, "distinct names");
        close(s.name_city_shared, 0.08, 0.03, "name and city shared");
    }
}
