//! The interagency points: which tests a kind rates, how their levels
//! combine to the overall, and test ratings drawn to fit an overall.

use super::Draw;
use crate::domain::{Level, Test};
use crate::evaluation::model::{Area, Kind, TestRating};

pub(super) use Level::{
    HighSatisfactory as HS, LowSatisfactory as LS, NeedsToImprove as NI, Outstanding as O,
    Satisfactory as S, SubstantialNoncompliance as SN,
};

pub(super) const FIVE: [Level; 5] = [O, HS, LS, NI, SN];
const FOUR: [Level; 4] = [O, S, NI, SN];

use Test::{CdFinancing, CdServices, RetailLending, RetailServices};
pub(super) const LARGE: [Test; 3] = [Test::Lending, Test::Investment, Test::Service];
const RULE2023: [Test; 4] = [RetailLending, RetailServices, CdFinancing, CdServices];

/// The tests an evaluation of this kind rates, in the order [`combine`] takes.
pub fn tests_of(kind: Kind) -> &'static [Test] {
    match kind {
        Kind::Large => &LARGE,
        Kind::IntermediateSmall => &[Test::Lending, Test::CommunityDevelopment],
        Kind::Small => &[Test::Lending],
        Kind::Rule2023 => &RULE2023,
        Kind::Other => &[Test::CommunityDevelopment],
    }
}

fn scale_of(kind: Kind) -> &'static [Level] {
    [&FOUR[..], &FIVE[..]][usize::from(matches!(kind, Kind::Large | Kind::Rule2023))]
}

/// The overall rating the tests' levels (in [`tests_of`] order) combine to
/// by the points in the parent module's documentation; `None` if the count is
/// wrong or a level is not on the kind's scale.
pub fn combine(kind: Kind, levels: &[Level]) -> Option<Level> {
    let scale = scale_of(kind);
    let ix: Vec<usize> = levels
        .iter()
        .map(|l| scale.iter().position(|s| s == l))
        .collect::<Option<_>>()?;
    if ix.len() != tests_of(kind).len() {
        return None;
    }
    let points = |table: [u32; 5], weights: &[u32]| -> u32 {
        ix.iter().zip(weights).map(|(i, w)| table[*i] * w).sum()
    };
    let (total, cuts) = match kind {
        Kind::Large => (
            points([12, 9, 6, 3, 0], &[1]) + points([6, 4, 3, 1, 0], &[0, 1, 1]),
            [20, 11, 5],
        ),
        Kind::IntermediateSmall => (points([3, 2, 1, 0, 0], &[1, 1]), [5, 4, 2]),
        Kind::Rule2023 => (points([10, 7, 5, 3, 0], &[4, 1, 4, 1]), [85, 45, 15]),
        Kind::Small | Kind::Other => return Some(levels[0]),
    };
    let overall = FOUR[cuts.iter().position(|c| total >= *c).unwrap_or(3)];
    let capped = kind == Kind::Large && ix[0] >= 3 && matches!(overall, O | S);
    Some(if capped { NI } else { overall })
}

/// Twice a level's rank, so Satisfactory sits between High and Low.
fn rank(level: Level) -> i32 {
    [0, 2, 3, 4, 6, 8][Level::ALL.iter().position(|l| *l == level).unwrap_or(2)]
}

/// Test ratings consistent with `overall` by [`combine`], drawn from `draw`:
/// the institution's first, then (Large only) each area's, whose own overall
/// is drawn near the institution's (same 60%, one better 20%, one worse 20%,
/// clamped). A High or Low Satisfactory `overall` counts as Satisfactory.
pub fn draw_tests(overall: Level, kind: Kind, areas: &[Area], draw: &mut Draw) -> Vec<TestRating> {
    let at = FOUR.iter().position(|l| *l == overall).unwrap_or(1);
    let mut out = draw_area(Area::Institution, FOUR[at], kind, draw);
    let large = kind == Kind::Large;
    for area in areas.iter().filter(|a| large && **a != Area::Institution) {
        let step = [0, 0, 0, -1, 1][draw.weighted(&[0.2, 0.2, 0.2, 0.2, 0.2])];
        let near = (at as i32 + step).clamp(0, 3) as usize;
        out.extend(draw_area(area.clone(), FOUR[near], kind, draw));
    }
    out
}

/// Every combination of levels that combines to `overall`, weighted by
/// closeness to it (halving per half-step away), one drawn.
fn draw_area(area: Area, overall: Level, kind: Kind, draw: &mut Draw) -> Vec<TestRating> {
    let (tests, scale) = (tests_of(kind), scale_of(kind));
    let (mut combos, mut weights) = (Vec::new(), Vec::new());
    for code in 0..scale.len().pow(tests.len() as u32) {
        let at = |k: usize| scale[code / scale.len().pow(k as u32) % scale.len()];
        let levels: Vec<Level> = (0..tests.len()).map(at).collect();
        if combine(kind, &levels) == Some(overall) {
            let distance = levels.iter().map(|l| (rank(*l) - rank(overall)).abs());
            weights.push(0.5f64.powi(distance.sum()));
            combos.push(levels);
        }
    }
    let pick = &combos[draw.weighted(&weights)];
    let rating = |(test, level): (&Test, &Level)| TestRating {
        area: area.clone(),
        test: *test,
        level: *level,
    };
    tests.iter().zip(pick).map(rating).collect()
}

#[cfg(test)]
mod tests;
