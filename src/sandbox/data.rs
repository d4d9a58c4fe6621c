//! The bank model the sandbox serves, and the deterministic generator.
//!
//! Determinism: one ChaCha8 stream per (seed, N, horizon; the horizon is
//! [`DATA_DAY`], never the clock) and our own
//! sampling helpers on `next_u64` (`draw`), so the data cannot change with
//! a `rand` upgrade. Ids are UUIDv5 of `cra-sandbox/<seed>/<index>`, so a
//! bank keeps its id for a seed whatever N is.
//!
//! How the tables are used (all counts in `tables.rs`):
//! - regulator by institution share; OTS exams end 2011-07-20; FRB exams
//!   start in 1996; FDIC exams dated as the FFIEC file dates them, by the
//!   month the evaluation was made public (91% on the 1st), except for
//!   about a third of the FDIC banks, which the service dates by each
//!   exam's own day, as the FDIC's own search does ([`dated_by_exam_day`]:
//!   the public record is published 60 to 240 days later);
//! - number of exams from the real exams-per-institution table, the gaps
//!   between them from the real gap quantiles (median 3 years);
//! - the current rating from the real current shares, then earlier ratings
//!   backwards through the real transition counts weighted by the rating
//!   mix of the exam's year;
//! - the current exam type from the real current shares (an Intermediate
//!   Small Bank exam is never dated before the 2005-09-01 rule);
//! - the state from the real count of institutions per state;
//! - names and towns from `names`, on a random stream of their own.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::draw::Draw;
use super::names::Namer;
use super::tables::{self, RATINGS};
use crate::domain::{ExamType, Rating, Regulator};

/// The exam types the service accepts as `size`.
pub const SIZES: [&str; 3] = crate::domain::ExamType::SIZES;

/// One examination record, as the detail endpoint serves it (the
/// service's side of the client's `domain::model::RatingRecord`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SandboxExam {
    pub exam_date: String,
    /// The domain's vocabulary: a known value is no allocation per record,
    /// an unknown one (from a loaded file) is served as it was.
    pub rating: Rating,
    pub exam_type: ExamType,
    pub is_current: bool,
    /// Fields a loaded JSON file had that the service does not document;
    /// served after the documented ones.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One bank, as the detail endpoint serves it (ratings newest first): the
/// service's side of the client's `domain::model::BankDetail`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SandboxBank {
    pub id: String,
    pub name: String,
    pub city: String,
    pub state: String,
    pub regulator: Regulator,
    #[serde(default)]
    pub charter_type: Value,
    pub ratings: Vec<SandboxExam>,
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl SandboxBank {
    /// The record whose `is_current` is true.
    pub fn current(&self) -> Option<&SandboxExam> {
        self.ratings.iter().find(|r| r.is_current)
    }
}

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
pub fn days_from_civil(y: i32, m: u32, d: u32) -> i64 {
    let y = i64::from(if m <= 2 { y - 1 } else { y });
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(m);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day count since 1970-01-01.
pub fn civil_from_days(z: i64) -> (i32, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    ((if m <= 2 { y + 1 } else { y }) as i32, m, d)
}

/// `YYYY-MM-DD` of a day count.
pub fn format_day(day: i64) -> String {
    let (y, m, d) = civil_from_days(day);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The day the sandbox's data is as of, 2026-11-01, whatever the clock
/// says: its exams end there, its public record (the FFIEC file, BankFind,
/// the history of mergers and failures) is of that day, and `--evolve`
/// dates its new exams in the months before it. A seed, a size and
/// `--evolve` alone decide what the sandbox serves, so the guide's
/// examples and the tests hold on any day of any year.
pub const DATA_DAY: i64 = 20_758;

fn weights<const N: usize>(counts: [u32; N]) -> [f64; N] {
    counts.map(f64::from)
}

/// The namespace of sandbox ids (a fixed random UUID).
const ID_NAMESPACE: uuid::Uuid = uuid::Uuid::from_u128(0x6c1e_2f4b_93a7_4d0e_8b5f_0a1c_3e7d_9b24);

/// The id of bank `index` under `seed`.
pub fn bank_id(seed: u64, index: u64) -> String {
    uuid::Uuid::new_v5(
        &ID_NAMESPACE,
        format!("cra-sandbox/{seed}/{index}").as_bytes(),
    )
    .to_string()
}

const DAY_1990: i64 = 7305; // 1990-01-01
const DAY_1996: i64 = 9496; // 1996-01-01
const DAY_ISB: i64 = 13_027; // 2005-09-01
const DAY_OTS_END: i64 = 15_175; // 2011-07-20

/// Precomputed tables shared by every bank of one run.
struct Model {
    regulators: [f64; 4],
    states: Vec<f64>,
    exams: [f64; 18],
    current_rating: [f64; 4],
    size: [f64; 3],
    /// `P(previous | next)` before the year weighting: transition counts.
    transitions: [[f64; 4]; 4],
    /// Year mix relative to the overall mix, per year and rating.
    year_factor: Vec<[f64; 4]>,
}

impl Model {
    fn new() -> Model {
        let all = weights(tables::RATING_ALL);
        let all_total: f64 = all.iter().sum();
        let year_factor = tables::YEAR_RATING
            .iter()
            .map(|row| {
                let total: f64 = row.iter().map(|c| f64::from(*c)).sum();
                let mut f = [0.0; 4];
                for i in 0..4 {
                    // A small floor keeps a rating possible in a year that
                    // happened to have none of it.
                    let share = (f64::from(row[i]) + 0.5) / (total + 2.0);
                    f[i] = share / (all[i] / all_total);
                }
                f
            })
            .collect();
        Model {
            regulators: tables::REGULATORS.map(|(_, c)| f64::from(c)),
            states: tables::STATES.iter().map(|(_, c)| f64::from(*c)).collect(),
            exams: weights(tables::EXAMS_PER_BANK),
            current_rating: weights(tables::RATING_CURRENT),
            size: tables::SIZE_CURRENT.map(|(_, c)| f64::from(c)),
            transitions: tables::TRANSITIONS.map(weights),
            year_factor,
        }
    }

    fn year_factor(&self, year: i32) -> [f64; 4] {
        let i = (year - tables::FIRST_YEAR).clamp(0, self.year_factor.len() as i32 - 1);
        self.year_factor[i as usize]
    }
}

/// Years between two exams, from the real quantiles (linear between them).
fn gap_days(draw: &mut Draw) -> i64 {
    let u = draw.unit();
    let q = &tables::GAP_QUANTILES;
    let mut years = q[q.len() - 1].1;
    for pair in q.windows(2) {
        let ((p0, y0), (p1, y1)) = (pair[0], pair[1]);
        if u < p1 {
            years = y0 + (y1 - y0) * (u - p0) / (p1 - p0);
            break;
        }
    }
    (years * 365.25).round() as i64
}

/// `N` banks for `seed`, exam dates up to `horizon` (a day count).
pub fn generate(n: usize, seed: u64, horizon: i64) -> Vec<SandboxBank> {
    let model = Model::new();
    let mut draw = Draw::new(seed, 0);
    let mut namer = Namer::new(seed);
    (0..n)
        .map(|i| generate_one(&model, &mut draw, &mut namer, seed, i as u64, horizon))
        .collect()
}

/// `count` banks more for `seed`, with the indices (so the ids) that follow
/// `from`: the banks a later release adds (`--evolve`). Their own streams,
/// so the first `from` banks are unchanged.
pub fn generate_more(seed: u64, from: usize, count: usize, horizon: i64) -> Vec<SandboxBank> {
    let model = Model::new();
    let mut draw = Draw::new(seed, 3);
    let mut namer = Namer::new(seed ^ 0x0e70_1e00);
    (from..from + count)
        .map(|i| generate_one(&model, &mut draw, &mut namer, seed, i as u64, horizon))
        .collect()
}

fn generate_one(
    model: &Model,
    draw: &mut Draw,
    namer: &mut Namer,
    seed: u64,
    index: u64,
    horizon: i64,
) -> SandboxBank {
    let regulator = tables::REGULATORS[draw.weighted(&model.regulators)].0;
    let state_index = draw.weighted(&model.states);
    let state = tables::STATES[state_index].0;
    let (name, city) = namer.next(state_index, regulator);
    // Where the town was drawn from this stream before names had their own.
    draw.unit();
    let size = draw.weighted(&model.size);
    let count = draw.weighted(&model.exams) + 1;

    // Dates, newest first: place the run of gaps inside the regulator's window.
    let floor = if regulator == "FRB" {
        DAY_1996
    } else {
        DAY_1990
    };
    let ceiling = if regulator == "OTS" {
        DAY_OTS_END.min(horizon)
    } else {
        horizon
    };
    let mut gaps: Vec<i64> = (1..count).map(|_| gap_days(draw)).collect();
    let span: i64 = gaps.iter().sum();
    let room = ceiling - floor;
    if span > room * 9 / 10 {
        // Too long a history for the window: compress it.
        for gap in &mut gaps {
            *gap = (*gap * room * 9 / 10 / span.max(1)).max(120);
        }
    }
    let span: i64 = gaps.iter().sum();
    let mut lowest_last = floor + span;
    if size == 2 {
        lowest_last = lowest_last.max(DAY_ISB);
    }
    let lowest_last = lowest_last.min(ceiling);
    let last = lowest_last + draw.below((ceiling - lowest_last + 1) as usize) as i64;
    let mut days = Vec::with_capacity(count);
    let mut day = last;
    days.push(day);
    for gap in &gaps {
        day -= gap;
        days.push(day);
    }
    let id = bank_id(seed, index);
    let exam_days = regulator == "FDIC" && dated_by_exam_day(&id);
    let days: Vec<i64> = days
        .into_iter()
        .map(|d| adjust_day(draw, regulator, d, exam_days))
        .collect();

    // Ratings backwards from the current one.
    let mut rating = draw.weighted(&model.current_rating);
    let mut ratings = Vec::with_capacity(count);
    for (k, &d) in days.iter().enumerate() {
        if k > 0 {
            let (year, _, _) = civil_from_days(d);
            let factor = model.year_factor(year);
            let w: [f64; 4] =
                std::array::from_fn(|prev| model.transitions[prev][rating] * factor[prev]);
            rating = draw.weighted(&w);
        }
        let exam_type = exam_type_at(draw, size, k == 0, d);
        ratings.push(SandboxExam {
            exam_date: format_day(d),
            rating: Rating::from_text(RATINGS[rating]),
            exam_type: ExamType::from_text(exam_type),
            is_current: k == 0,
            extra: Map::new(),
        });
    }

    skip_former_name_draws(draw, state);
    SandboxBank {
        id,
        name,
        city,
        state: state.to_string(),
        regulator: Regulator::from_text(regulator),
        charter_type: charter_type(draw, regulator),
        ratings,
        extra: Map::new(),
    }
}

/// Takes the values the name took from this stream before names had a
/// stream of their own (`names`), so that every other value of a seed (dates,
/// ratings, charter types) stays what it was: one each, five in all, or two
/// for half the banks of Puerto Rico.
fn skip_former_name_draws(draw: &mut Draw, state: &str) {
    if state == "PR" && draw.chance(0.5) {
        draw.unit();
        return;
    }
    for _ in 0..5 {
        draw.unit();
    }
}

/// Whether the service dates the exams of the FDIC bank `id` by their own
/// day (a working day) rather than by the month their evaluation was made
/// public: about a third of them, told by the id alone, so that the
/// public record drawn for the bank (`public::draw`) knows it too.
pub fn dated_by_exam_day(id: &str) -> bool {
    let hash = id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    (hash >> 32) % 100 < 35
}

/// FDIC records the month only, unless the bank is dated by its exams'
/// own days (`exam_days`); the others give a working day. The month's
/// draw is taken either way, so that every other value stays as it was.
fn adjust_day(draw: &mut Draw, regulator: &str, day: i64, exam_days: bool) -> i64 {
    if regulator == "FDIC" && draw.chance(0.91) && !exam_days {
        let (y, m, _) = civil_from_days(day);
        return days_from_civil(y, m, 1);
    }
    // 1970-01-01 was a Thursday: weekday 0 = Monday. A weekend moves back
    // to the Friday, so no date passes the window's end.
    match (day + 3).rem_euclid(7) {
        5 => day - 1,
        6 => day - 2,
        _ => day,
    }
}

/// The exam type of one exam of a bank whose current type is `SIZES[size]`.
fn exam_type_at(draw: &mut Draw, size: usize, current: bool, day: i64) -> &'static str {
    let isb_exists = day >= DAY_ISB;
    let (large, small, isb) = (SIZES[0], SIZES[1], SIZES[2]);
    if current {
        return SIZES[size];
    }
    match size {
        0 if draw.chance(0.85) => large,
        0 if isb_exists => isb,
        0 => small,
        2 if !isb_exists => {
            if draw.chance(0.8) {
                small
            } else {
                large
            }
        }
        2 if draw.chance(0.8) => isb,
        2 => small,
        _ if draw.chance(0.97) => small,
        _ if isb_exists => isb,
        _ => large,
    }
}

/// `charter_type`: null for most banks; the regulator's charter code for
/// some; a few of other JSON types, so clients cannot assume a string.
fn charter_type(draw: &mut Draw, regulator: &str) -> Value {
    let u = draw.unit();
    let code = match regulator {
        "OCC" => "N",
        "FRB" => "SM",
        "OTS" => "SA",
        _ => "NM",
    };
    if u < 0.80 {
        Value::Null
    } else if u < 0.985 {
        Value::String(code.to_string())
    } else if u < 0.992 {
        Value::from(match code {
            "N" => 1,
            "SM" => 2,
            "NM" => 3,
            _ => 4,
        })
    } else {
        serde_json::json!({ "code": code, "source": "sandbox" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HORIZON: i64 = 20_758; // 2026-11-01

    fn bytes(banks: &[SandboxBank]) -> Vec<u8> {
        serde_json::to_vec(banks).unwrap()
    }

    #[test]
    fn dates_round_trip() {
        assert_eq!(days_from_civil(1970, 1, 1), 0);
        assert_eq!(days_from_civil(1990, 1, 1), DAY_1990);
        assert_eq!(days_from_civil(1996, 1, 1), DAY_1996);
        assert_eq!(days_from_civil(2005, 9, 1), DAY_ISB);
        assert_eq!(days_from_civil(2011, 7, 20), DAY_OTS_END);
        assert_eq!(days_from_civil(2026, 11, 1), HORIZON);
        for day in [-1000, 0, 59, 60, 11_016, 20_000, 40_000] {
            let (y, m, d) = civil_from_days(day);
            assert_eq!(days_from_civil(y, m, d), day);
        }
        assert_eq!(format_day(11_016), "2000-02-29");
    }

    #[test]
    fn same_seed_gives_identical_bytes() {
        let a = generate(2000, 7, HORIZON);
        let b = generate(2000, 7, HORIZON);
        assert_eq!(bytes(&a), bytes(&b));
        // A prefix of a larger run is the same banks.
        let c = generate(500, 7, HORIZON);
        assert_eq!(bytes(&a[..500]), bytes(&c));
    }

    #[test]
    fn different_seed_gives_different_data() {
        let a = generate(500, 1, HORIZON);
        let b = generate(500, 2, HORIZON);
        assert_ne!(bytes(&a), bytes(&b));
        assert!(a.iter().zip(&b).all(|(x, y)| x.id != y.id));
    }

    #[test]
    fn records_are_well_formed() {
        for bank in generate(3000, 3, HORIZON) {
            assert!(uuid::Uuid::parse_str(&bank.id).is_ok());
            assert_eq!(bank.name, bank.name.to_uppercase(), "{}", bank.name);
            assert_eq!(bank.ratings.iter().filter(|r| r.is_current).count(), 1);
            assert!(bank.ratings[0].is_current, "newest first and current");
            for pair in bank.ratings.windows(2) {
                assert!(pair[0].exam_date > pair[1].exam_date, "{:?}", bank.ratings);
            }
            for r in &bank.ratings {
                assert!(r.exam_date.as_str() >= "1990-01-01");
                assert!(r.exam_date.as_str() <= "2026-11-01");
                assert!(r.exam_type.is_known() && r.rating.is_known());
                if r.exam_type == ExamType::IntermediateSmallBank {
                    assert!(r.exam_date.as_str() >= "2005-09-01");
                }
                if bank.regulator == Regulator::Ots {
                    assert!(r.exam_date.as_str() <= "2011-07-20");
                }
            }
        }
    }
}
