//! The map: each state coloured by the share of its banks rated
//! Outstanding, in five equal steps between the lowest share and the
//! highest; each state's figures on hover (an SVG `<title>`) and in the
//! table under it (which is also what a printout and a screen reader get).
//!
//! The shapes are `us-states.tsv`, made once by `tools/us-states.py` from
//! us-atlas (ISC), itself from the US Census Bureau's cartographic boundary
//! files (public domain), already projected (Albers USA, 975 x 610).

use std::fmt::Write;

use super::{Group, escape, percent};
use crate::text::thousands;

/// Postal code, name, SVG path: one line a state (and DC).
const SHAPES: &str = include_str!("us-states.tsv");

/// Light to dark: a higher share of Outstanding is darker.
pub const STEPS: [&str; 5] = ["#edf8e9", "#bae4b3", "#74c476", "#31a354", "#006d2c"];
/// A state with no bank the filters select.
pub const NO_BANKS: &str = "#e0e0e0";

/// Places with banks that the map does not draw.
const ELSEWHERE: [(&str, &str); 8] = [
    ("PR", "Puerto Rico"),
    ("GU", "Guam"),
    ("VI", "U.S. Virgin Islands"),
    ("AS", "American Samoa"),
    ("MP", "Northern Mariana Islands"),
    ("FM", "Micronesia"),
    ("MH", "Marshall Islands"),
    ("PW", "Palau"),
];

fn shapes() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    SHAPES.lines().filter_map(|line| {
        let mut parts = line.splitn(3, '\t');
        Some((parts.next()?, parts.next()?, parts.next()?))
    })
}

/// The name of a state or territory code (the code itself when unknown).
fn name_of(code: &str) -> String {
    shapes()
        .map(|(c, n, _)| (c, n))
        .chain(ELSEWHERE)
        .find(|(c, _)| *c == code)
        .map_or_else(|| code.to_string(), |(_, n)| n.to_string())
}

/// The share of Outstanding in a group, 0 to 1.
fn share(group: &Group) -> f64 {
    match group.total() {
        0 => 0.0,
        total => group.counts[0] as f64 / total as f64,
    }
}

/// The colour step of each share: equal steps from `low` to `high`.
fn step(value: f64, low: f64, high: f64) -> usize {
    if high <= low {
        return STEPS.len() / 2;
    }
    let at = ((value - low) / (high - low) * STEPS.len() as f64).floor() as usize;
    at.min(STEPS.len() - 1)
}

pub fn section(page: &mut String, by_state: &[Group]) {
    let with_banks: Vec<&Group> = by_state.iter().filter(|g| g.total() > 0).collect();
    let (low, high) = with_banks
        .iter()
        .map(|g| share(g))
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(low, high), s| {
            (low.min(s), high.max(s))
        });
    page.push_str(
        "<section id=\"map\">\n<h2>Share of banks rated Outstanding, by state</h2>\n\
         <p>The darker the state, the larger the share of its banks whose current rating is Outstanding. \
         Point at a state for its figures; all of them are in the table below.</p>\n\
         <svg class=\"map\" viewBox=\"0 0 975 610\" role=\"img\" aria-label=\"Map of the United States by share of banks rated Outstanding\">\n",
    );
    for (code, name, path) in shapes() {
        let group = by_state.iter().find(|g| g.name == code);
        let (fill, title) = match group.filter(|g| g.total() > 0) {
            Some(g) => (
                STEPS[step(share(g), low, high)],
                format!("{name} ({code}): {}", figures(g)),
            ),
            None => (NO_BANKS, format!("{name} ({code}): no banks")),
        };
        let _ = writeln!(
            page,
            "<path d=\"{path}\" fill=\"{fill}\"><title>{}</title></path>",
            escape(&title)
        );
    }
    page.push_str("</svg>\n<ul class=\"legend steps\" aria-label=\"Share rated Outstanding\">");
    if with_banks.is_empty() {
        page.push_str("<li>no banks selected</li>");
    } else {
        let width = (high - low) / STEPS.len() as f64;
        for (i, colour) in STEPS.iter().enumerate() {
            let from = low + width * i as f64;
            let to = if i + 1 == STEPS.len() {
                high
            } else {
                from + width
            };
            let _ = write!(
                page,
                "<li><span class=\"swatch\" style=\"background:{colour}\"></span>{:.1}–{:.1}%</li>",
                from * 100.0,
                to * 100.0
            );
            if high <= low {
                break;
            }
        }
    }
    let _ = writeln!(
        page,
        "<li><span class=\"swatch\" style=\"background:{NO_BANKS}\"></span>no banks</li></ul>"
    );
    table(page, by_state);
    page.push_str("</section>\n");
}

/// "96 banks · 10.4% Outstanding · 6.3% below Satisfactory".
fn figures(g: &Group) -> String {
    let total = g.total();
    format!(
        "{} {} · {}% Outstanding · {}% Satisfactory · {}% Needs to Improve or worse",
        thousands(total),
        if total == 1 { "bank" } else { "banks" },
        percent(g.counts[0], total),
        percent(g.counts[1], total),
        percent(g.counts[2] + g.counts[3], total)
    )
}

fn table(page: &mut String, by_state: &[Group]) {
    page.push_str(
        "<div class=\"scroll\"><table class=\"states\">\n<thead><tr><th>State</th><th>Banks</th>\
         <th>Outstanding</th><th>Satisfactory</th><th>Needs to Improve</th><th>Substantial Noncompliance</th></tr></thead>\n<tbody>\n",
    );
    // By name, as a person looks a state up.
    let mut rows: Vec<(String, &Group)> = by_state
        .iter()
        .filter(|g| g.total() > 0)
        .map(|g| (name_of(&g.name), g))
        .collect();
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    for (name, g) in rows {
        let total = g.total();
        let _ = writeln!(
            page,
            "<tr><td>{} ({})</td><td class=\"n\">{}</td><td class=\"n\">{}%</td><td class=\"n\">{}%</td><td class=\"n\">{}%</td><td class=\"n\">{}%</td></tr>",
            escape(&name),
            escape(&g.name),
            thousands(total),
            percent(g.counts[0], total),
            percent(g.counts[1], total),
            percent(g.counts[2], total),
            percent(g.counts[3], total),
        );
    }
    page.push_str("</tbody>\n</table></div>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn every_state_and_dc_has_a_shape() {
        let codes: Vec<&str> = shapes().map(|(c, _, _)| c).collect();
        assert_eq!(codes.len(), 51);
        for code in ["AK", "HI", "DC", "TX", "RI"] {
            assert!(codes.contains(&code), "{code}");
        }
        for (_, _, path) in shapes() {
            assert!(path.starts_with('M') && path.ends_with('Z'));
        }
        assert_eq!(name_of("PR"), "Puerto Rico");
        assert_eq!(name_of("ZZ"), "ZZ");
    }

    #[test]
    fn the_lowest_and_highest_shares_get_the_end_steps() {
        assert_eq!(step(0.1, 0.1, 0.3), 0);
        assert_eq!(step(0.3, 0.1, 0.3), STEPS.len() - 1);
        assert_eq!(step(0.2, 0.2, 0.2), 2);
    }

    proptest! {
        #[test]
        fn a_step_is_always_a_colour(value in 0.0f64..=1.0, a in 0.0f64..=1.0, b in 0.0f64..=1.0) {
            let (low, high) = (a.min(b), a.max(b));
            let value = value.clamp(low, high);
            prop_assert!(step(value, low, high) < STEPS.len());
        }
    }
}
