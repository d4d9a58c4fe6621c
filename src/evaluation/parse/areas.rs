//! State and multistate MSA sections: where each starts, and the area a
//! printed place names.

use super::super::model::{Area, AreaRating};
use super::text::{Doc, level_at, window};
use crate::domain::Level;

/// Endings that name a multistate MSA, longest first.
const MSA_SUFFIXES: &str = " multistate metropolitan statistical area| multistate metropolitan \
    area| metropolitan statistical area| multistate msa| mmsa| msa";

/// Full names (and a few printed variants) of the states and territories.
const STATES: &str = "|alabama=AL|alaska=AK|arizona=AZ|arkansas=AR|california=CA|colorado=CO|\
    connecticut=CT|delaware=DE|florida=FL|georgia=GA|hawaii=HI|idaho=ID|illinois=IL|indiana=IN|\
    iowa=IA|kansas=KS|kentucky=KY|louisiana=LA|maine=ME|maryland=MD|massachusetts=MA|michigan=MI|\
    minnesota=MN|mississippi=MS|missouri=MO|montana=MT|nebraska=NE|nevada=NV|new hampshire=NH|\
    new jersey=NJ|new mexico=NM|new york=NY|north carolina=NC|north dakota=ND|ohio=OH|\
    oklahoma=OK|oregon=OR|pennsylvania=PA|rhode island=RI|south carolina=SC|south dakota=SD|\
    tennessee=TN|texas=TX|utah=UT|vermont=VT|virginia=VA|washington=WA|west virginia=WV|\
    wisconsin=WI|wyoming=WY|district of columbia=DC|washington, d.c=DC|washington dc=DC|\
    puerto rico=PR|guam=GU|u.s. virgin islands=VI|virgin islands=VI|american samoa=AS|\
    northern mariana islands=MP|the northern mariana islands=MP";

/// Where each state and multistate MSA section starts, in text order.
/// Sections start at "CRA rating for <place>: <level>" and at a heading
/// naming a place ("State of Texas", "Memphis TN-MS-AR Multistate MSA")
/// that a "... Rating" line heads or such a rating follows within 10
/// lines; table-of-contents lines (page numbers, dot leaders) never count.
pub(super) fn area_starts(doc: &Doc) -> Vec<(usize, Area)> {
    let rated: Vec<(usize, Area)> = rated(doc).into_iter().map(|(l, a, _)| (l, a)).collect();
    let mut marks = rated.clone();
    for i in 0..doc.lines.len() {
        let Some(area) = heading(doc, i) else {
            continue;
        };
        // A contents entry's leader or page number, printed on a baseline
        // of its own, ends the lines that may head it.
        let above = (1..=3).map(|k| doc.lower(i.wrapping_sub(k)));
        let mut above = above.take_while(|line| !leader(line));
        let headed = above.any(|line| {
            let line = line.trim_end_matches(':');
            line.len() <= 60 && line.ends_with("rating")
        });
        let after = &rated[rated.partition_point(|(l, _)| *l <= i)..];
        let mut near = after.iter().take_while(|(l, _)| *l <= i + 10);
        let confirmed = near.any(|(_, a)| *a == area);
        if headed || confirmed {
            marks.push((i, area));
        }
    }
    marks.sort_by_key(|(line, _)| *line);
    marks.dedup_by(|b, a| a.1 == b.1);
    let start = |(i, a): (usize, Area)| (doc.lines[i].at.start, a);
    marks.into_iter().map(start).collect()
}

/// Every "CRA rating for <place>: <level>": its line, the area, the level.
fn rated(doc: &Doc) -> Vec<(usize, Area, Level)> {
    let mut rated = Vec::new();
    for (p, key) in doc.lower.match_indices("cra rating for ") {
        let from = p + key.len();
        // Followed by a level, so never a contents line.
        let Some(colon) = window(&doc.lower, from, 120).find(':') else {
            continue;
        };
        let Some(level) = level_at(window(&doc.lower, from + colon + 1, 40)) else {
            continue;
        };
        let area = doc.text.get(from..from + colon).and_then(place);
        let line = doc.lines.partition_point(|l| l.at.start <= p);
        rated.extend(area.map(|a| (line.saturating_sub(1), a, level)));
    }
    rated
}

/// Each state's and multistate MSA's overall rating, as its "CRA rating
/// for <place>: <level>" prints it (one of the four an overall rating
/// can be), the first of each area, in text order.
pub(super) fn area_ratings(doc: &Doc) -> Vec<AreaRating> {
    let mut out: Vec<AreaRating> = Vec::new();
    for (_, area, level) in rated(doc) {
        if level.is_overall() && !out.iter().any(|r| r.area == area) {
            out.push(AreaRating { area, level });
        }
    }
    out
}

/// Whether a (lowercase) line is only a contents listing's dot leader or
/// page number ("..........", ".... 12", "5", "A-1").
pub(super) fn leader(lower: &str) -> bool {
    let dots = |c: char| c == '.' || c == ' ' || c.is_ascii_digit();
    let page = |c: char| c.is_ascii_alphanumeric() || c == '-';
    let numbered = lower.len() <= 5 && lower.contains(|c: char| c.is_ascii_digit());
    (lower.contains("..") && lower.chars().all(dots)) || (numbered && lower.chars().all(page))
}

/// The area the text at `pos` belongs to.
pub(super) fn area_at(starts: &[(usize, Area)], pos: usize) -> Area {
    let k = starts.partition_point(|(s, _)| *s <= pos).checked_sub(1);
    k.map_or(Area::Institution, |k| starts[k].1.clone())
}

/// The place line `i` is a heading for, if it is one (never a contents
/// line: one ending with a page number or holding dot leaders, or followed
/// by a line of only those).
fn heading(doc: &Doc, i: usize) -> Option<Area> {
    let lower = doc.lower(i).trim_end_matches(':');
    let toc = lower.ends_with(|c: char| c.is_ascii_digit()) || lower.contains("..");
    // Or its page number (or leader) on a baseline of its own just below.
    let page = |j: usize| doc.lines.get(j).map(|l| l.page);
    let toc = toc || (page(i + 1) == page(i) && leader(doc.lower(i + 1)));
    if lower.len() > 80 || toc || lower.contains("cra rating") {
        return None;
    }
    let msa = MSA_SUFFIXES.split('|').any(|s| lower.ends_with(s));
    let named = lower.starts_with("state of ") || msa;
    named.then(|| place(doc.text(i))).flatten()
}

/// The area a printed place names: a state (by name) or a multistate MSA.
fn place(printed: &str) -> Option<Area> {
    // Footnote marks ("State of Texas¹", "Texas 1") are not the name.
    let marks = |c: char| c.is_ascii_digit() || ",.*\u{B9}\u{B2}\u{B3} ".contains(c);
    let printed = printed.trim().trim_end_matches(':').trim_end_matches(marks);
    let the = printed.to_ascii_lowercase().starts_with("the ");
    let printed = printed.get(4 * usize::from(the)..)?;
    let lower = printed.to_ascii_lowercase();
    if let Some(head) = MSA_SUFFIXES.split('|').find_map(|s| lower.strip_suffix(s)) {
        let name = printed.get(..head.len())?.trim().trim_end_matches(',');
        return (!name.is_empty()).then(|| Area::Msa(name.to_string()));
    }
    if let Some(code) = state_code(lower.strip_prefix("state of ").unwrap_or(&lower)) {
        return Some(Area::State(code.into()));
    }
    // "CRA rating for the Memphis TN-MS-AR: ..." names an MSA by its codes.
    let institution = lower.contains("institution") || lower.contains("bank");
    (printed.contains('-') && !institution).then(|| Area::Msa(printed.to_string()))
}

/// The two-letter code of a state's or territory's (lowercase) name.
fn state_code(lower: &str) -> Option<&'static str> {
    let name = lower.trim().trim_end_matches('.');
    let name = name.strip_prefix("commonwealth of ").unwrap_or(name);
    let key = format!("|{name}=");
    let at = STATES.find(&key)? + key.len();
    STATES.get(at..at + 2)
}
