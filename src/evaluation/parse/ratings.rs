//! Ratings read from sentences: the institution's overall rating and
//! "<Test> is rated <level>"; then every rating found, in order, and the
//! kind of bank the rated tests tell.

use super::super::model::{Area, Kind, TestRating};
use super::areas::area_at;
use super::text::{Doc, entries, level_at, window};
use crate::domain::{Level, Test};
use std::collections::{HashMap, HashSet};

/// Test names as sentences print them (with `Test::from_name`'s name),
/// longest first so that "Retail Lending Test" is never "Lending Test".
const TEST_NAMES: &str = "community development financing test=cd_financing|\
    community development services test=cd_services|retail services and products test=\
    retail_services|community development test=cd|retail lending test=retail_lending|\
    cd financing test=cd_financing|cd services test=cd_services|investment test=investment|\
    service test=service|lending test=lending";

/// The institution's overall rating: the first "Institution's CRA Rating"
/// that reads as one of the four (directly or in the sentence after it,
/// not across a contents listing), else the first "this institution is
/// rated".
pub(super) fn overall(doc: &Doc) -> Option<Level> {
    const KEY: &str = "institution's cra rating";
    let overall = |s: &str| level_at(s).filter(|l| l.is_overall());
    for (p, _) in doc.lower.match_indices(KEY) {
        let head = window(&doc.lower, p + KEY.len(), 300);
        let cut = head.find(" is rated").unwrap_or(head.len());
        let subject = &head[..cut];
        let sentence = cut <= 150 && !subject.contains(". ") && !subject.contains("..");
        let rated = head.get(cut + 9..).filter(|_| sentence);
        if let Some(level) = overall(head).or_else(|| rated.and_then(overall)) {
            return Some(level);
        }
    }
    let keys = ["this institution is rated", "the institution is rated"];
    let mut all = keys.iter().flat_map(|k| doc.lower.match_indices(k));
    all.find_map(|(p, k)| overall(window(&doc.lower, p + k.len(), 40)))
}

/// A test rating read somewhere, first its byte offset in the text.
pub(super) struct Found(
    pub(super) usize,
    pub(super) Area,
    pub(super) Test,
    pub(super) Level,
);

/// Every "<Test> is rated <level>" sentence, anywhere in the text.
pub(super) fn sentences(doc: &Doc, areas: &[(usize, Area)]) -> Vec<Found> {
    let mut out = Vec::new();
    for (pos, key) in doc.lower.match_indices(" is rated") {
        let head = &doc.lower.as_bytes()[..pos];
        if !head.ends_with(b"test") {
            continue;
        }
        let spaced = |n: &str| head.ends_with(format!(" {n}").as_bytes());
        let named = entries(TEST_NAMES).find(|(n, _)| spaced(n));
        let test = named.and_then(|(_, t)| Test::from_name(t));
        let level = level_at(window(&doc.lower, pos + key.len(), 40));
        if let Some((test, level)) = test.zip(level) {
            out.push(Found(pos, area_at(areas, pos), test, level));
        }
    }
    out
}

/// Ratings in text order, each (area, test) once: the first printed wins,
/// even when a later one (the body after a summary) disagrees. Then the
/// institution's first, and each area in the order it first appears.
pub(super) fn in_order(mut found: Vec<Found>) -> Vec<TestRating> {
    found.sort_by_key(|f| f.0);
    let mut seen = HashSet::new();
    found.retain(|f| seen.insert((f.1.clone(), f.2)));
    let mut rank: HashMap<Area, usize> = HashMap::from([(Area::Institution, 0)]);
    for f in &found {
        let next = rank.len();
        rank.entry(f.1.clone()).or_insert(next);
    }
    found.sort_by_key(|f| rank.get(&f.1).copied().unwrap_or(usize::MAX));
    let rating = |Found(_, area, test, level)| TestRating { area, test, level };
    found.into_iter().map(rating).collect()
}

/// The rule and size of bank the rated tests tell.
pub(super) fn kind_of(tests: &[TestRating]) -> Kind {
    let has = |ts: &[Test]| tests.iter().any(|r| ts.contains(&r.test));
    match () {
        // `Test::ALL` ends with the 2023 rule's four.
        _ if has(&Test::ALL[4..]) => Kind::Rule2023,
        _ if has(&[Test::Investment, Test::Service]) => Kind::Large,
        _ if has(&[Test::CommunityDevelopment]) => Kind::IntermediateSmall,
        _ if has(&[Test::Lending]) => Kind::Small,
        _ => Kind::Other,
    }
}
