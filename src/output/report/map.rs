//! The map: each state coloured by the share of its banks with the rating
//! the page is about (Outstanding, or the ratings `--rating` names), in
//! classes of similar size (`classes`: quantiles), on the blue side of the
//! one palette for the good ratings and its red side for the poor ones;
//! the legend is exactly the classes drawn, each with its range and number
//! of states. Each state's figures are on hover (an SVG `<title>`) and in
//! the table under it (which is also what a screen reader gets). With one
//! state selected there is nothing to map: a note and the table.
//!
//! The shapes are `us-states.tsv`, made once by `tools/us-states.py` from
//! us-atlas (ISC), itself from the US Census Bureau's cartographic boundary
//! files (public domain), already projected (Albers USA, 975 x 610).

use std::fmt::Write;

use super::classes::{Class, class_of, quantiles};
use super::{Group, RATINGS, escape, percent};
use crate::output::fit::abbreviate;
use crate::text::thousands;

/// Postal code, name, SVG path: one line a state (and DC).
const SHAPES: &str = include_str!("us-states.tsv");

/// The blue side of ColorBrewer's RdBu (11 classes), light to dark: the
/// map of a good rating's share. Its middle steps are the palette's
/// Satisfactory and Outstanding.
pub const BLUES: [&str; 5] = ["#d1e5f0", "#92c5de", "#4393c3", "#2166ac", "#053061"];
/// Its red side: the map of a poor rating's share (Needs to Improve and
/// Substantial Noncompliance are its second and fourth steps).
pub const REDS: [&str; 5] = ["#fddbc7", "#f4a582", "#d6604d", "#b2182b", "#67001f"];
/// A state with no bank the filters select.
pub const NO_BANKS: &str = "#e0e0e0";
/// The most classes (colours) the map uses.
const CLASSES: usize = 5;
/// The most places the table lists (the states, DC and the territories
/// come to 59; only a copy with made-up codes has more).
const PLACES_SHOWN: usize = 60;

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
pub fn name_of(code: &str) -> String {
    shapes()
        .map(|(c, n, _)| (c, n))
        .chain(ELSEWHERE)
        .find(|(c, _)| *c == code)
        .map_or_else(|| code.to_string(), |(_, n)| n.to_string())
}

/// What the map measures: the share of a state's banks whose current
/// rating is one of these (ranks, 0 Outstanding to 3 Substantial
/// Noncompliance).
#[derive(Debug, Clone, Copy)]
pub struct Measure<'a>(pub &'a [usize]);

impl Measure<'_> {
    /// "Outstanding", "Needs to Improve or Substantial Noncompliance".
    pub fn words(self) -> String {
        let names: Vec<&str> = self.ranks().map(|r| RATINGS[r].0).collect();
        names.join(" or ")
    }

    fn ranks(self) -> impl Iterator<Item = usize> {
        let ranks = if self.0.is_empty() { &[0][..] } else { self.0 };
        ranks.iter().copied().filter(|r| *r < 4)
    }

    /// The share, 0 to 1.
    pub fn share(self, group: &Group) -> f64 {
        match group.total() {
            0 => 0.0,
            total => self.count(group) as f64 / total as f64,
        }
    }

    pub fn count(self, group: &Group) -> u64 {
        self.ranks().map(|r| group.counts[r]).sum()
    }

    /// The colours: blue for a share of good ratings, red for poor ones.
    fn ramp(self) -> &'static [&'static str; 5] {
        if self.ranks().any(|r| r >= 2) {
            &REDS
        } else {
            &BLUES
        }
    }
}

/// The colours of `k` classes, light to dark, spread over the ramp; the
/// lowest class always the lightest step (a 0.0 % is never drawn dark).
fn colours(ramp: &'static [&'static str; 5], k: usize) -> Vec<&'static str> {
    let picks: &[usize] = match k {
        0 => &[],
        1 => &[0],
        2 => &[0, 3],
        3 => &[0, 2, 4],
        4 => &[0, 1, 3, 4],
        _ => &[0, 1, 2, 3, 4],
    };
    picks.iter().map(|i| ramp[*i]).collect()
}

/// The map section: `by_state` counts every rating (the measure is a
/// share of them); `state`, the one state asked for.
pub fn section(page: &mut String, by_state: &[Group], measure: Measure, state: Option<&str>) {
    let drawn: Vec<(&str, &str, &str, Option<&Group>)> = shapes()
        .map(|(code, name, path)| {
            let group = by_state.iter().find(|g| g.name == code && g.total() > 0);
            (code, name, path, group)
        })
        .collect();
    let with_banks: Vec<&Group> = drawn.iter().filter_map(|d| d.3).collect();
    let words = measure.words();
    if state.is_some() || with_banks.len() <= 1 {
        let only = state
            .map(str::to_string)
            .or_else(|| with_banks.first().map(|g| g.name.clone()));
        let _ = write!(
            page,
            "<section id=\"map\">\n<h2>Share of banks rated {}{}</h2>\n\
             <p class=\"note\">{} selected: a map of one place would say nothing the table does not.</p>\n",
            escape(&words),
            only.as_deref()
                .map(|code| format!(" in {}", escape(&name_of(code))))
                .unwrap_or_default(),
            if only.is_some() {
                "One state is"
            } else {
                "No state is"
            }
        );
        table(page, by_state, measure);
        page.push_str("</section>\n");
        return;
    }
    // Classed as shown (to 0.1 %): two states that read the same share
    // get the same colour, and no two classes' ranges meet once rounded.
    let shares: Vec<f64> = with_banks.iter().map(|g| shown(measure.share(g))).collect();
    let classes = quantiles(&shares, CLASSES);
    let fills = colours(measure.ramp(), classes.len());
    let _ = write!(
        page,
        "<section id=\"map\">\n<h2>Share of banks rated {words}, by state</h2>\n\
         <p>Each state is coloured by the share of its banks whose current rating is {words}: \
         the darker, the larger. {} Point at a state for its figures; all of them are in the \
         table below.</p>\n\
         <figure class=\"map\">\n\
         <svg class=\"map\" viewBox=\"0 0 975 610\" role=\"img\" aria-label=\"Map of the United States by share of banks rated {words}\">\n",
        how_coloured(shares.len(), &classes),
        words = escape(&words),
    );
    for (code, name, path, group) in &drawn {
        let (fill, title) = match group {
            Some(g) => (
                fills[class_of(&classes, shown(measure.share(g)))],
                format!("{name} ({code}): {}", figures(g, measure)),
            ),
            None => (NO_BANKS, format!("{name} ({code}): no banks")),
        };
        let _ = writeln!(
            page,
            "<path d=\"{path}\" fill=\"{fill}\"><title>{}</title></path>",
            escape(&title)
        );
    }
    page.push_str("</svg>\n");
    legend(
        page,
        &classes,
        &fills,
        drawn.iter().any(|d| d.3.is_none()),
        measure,
    );
    page.push_str("</figure>\n");
    table(page, by_state, measure);
    page.push_str("</section>\n");
}

/// The legend: one swatch per class drawn, with its range and its number
/// of states, and "no banks" when a state is drawn without any.
fn legend(page: &mut String, classes: &[Class], fills: &[&str], empty: bool, measure: Measure) {
    let _ = write!(
        page,
        "<figcaption><ul class=\"legend steps\" aria-label=\"Share rated {}\">",
        escape(&measure.words())
    );
    for (class, fill) in classes.iter().zip(fills) {
        let range = if percent_of(class.low) == percent_of(class.high) {
            format!("{}%", percent_of(class.low))
        } else {
            format!("{}–{}%", percent_of(class.low), percent_of(class.high))
        };
        let _ = write!(
            page,
            "<li><span class=\"swatch\" style=\"background:{fill}\"></span>{range} ({} {})</li>",
            class.states,
            if class.states == 1 { "state" } else { "states" }
        );
    }
    if empty {
        let _ = write!(
            page,
            "<li><span class=\"swatch\" style=\"background:{NO_BANKS}\"></span>no banks</li>"
        );
    }
    page.push_str("</ul></figcaption>\n");
}

/// Fewer states than this are not split into groups of similar size:
/// with two or three states a group, "groups" would be an empty word.
const FEW_STATES: usize = 2 * CLASSES;

/// How the colours were chosen, in a sentence for `states` states.
fn how_coloured(states: usize, classes: &[Class]) -> String {
    match classes {
        [one] => format!(
            "All {states} states have the same share, {}%: one colour.",
            percent_of(one.low)
        ),
        _ if states < FEW_STATES => format!(
            "With only {states} states, they are not split into groups: the {} colours go from \
             the lowest share to the highest, as the legend says.",
            classes.len()
        ),
        _ => format!(
            "The colours split the states into {} groups of about as many states each \
             (quantiles), so that each colour covers a similar part of the map whatever the \
             outliers.",
            classes.len()
        ),
    }
}

/// A share (0 to 1) as shown: rounded to a tenth of a percent.
fn shown(share: f64) -> f64 {
    (share * 1000.0).round() / 1000.0
}

/// A share (0 to 1) as a percentage with one decimal.
fn percent_of(share: f64) -> String {
    format!("{:.1}", share * 100.0)
}

/// "96 banks · 10.4% Outstanding · 6.3% Needs to Improve or worse".
fn figures(g: &Group, measure: Measure) -> String {
    let total = g.total();
    let mut text = format!(
        "{} {} · {}% Outstanding · {}% Satisfactory · {}% Needs to Improve or worse",
        thousands(total),
        if total == 1 { "bank" } else { "banks" },
        percent(g.counts[0], total),
        percent(g.counts[1], total),
        percent(g.counts[2] + g.counts[3], total)
    );
    if measure.words() != RATINGS[0].0 {
        let _ = write!(
            text,
            " · {}% {}",
            percent(measure.count(g), total),
            measure.words()
        );
    }
    text
}

/// Every place with banks, by name, in two halves side by side (one above
/// the other on a phone) so that the list takes half the height.
fn table(page: &mut String, by_state: &[Group], measure: Measure) {
    let mut rows: Vec<(String, &Group)> = by_state
        .iter()
        .filter(|g| g.total() > 0)
        .map(|g| (name_of(&g.name), g))
        .collect();
    // By name, as a person looks a state up.
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    let more = rows.len().saturating_sub(PLACES_SHOWN);
    rows.truncate(PLACES_SHOWN);
    let custom = measure.words() != RATINGS[0].0;
    // One rating measured: its own column, in bold, says it; a column of
    // the same figures beside it would only crowd the headers. Several: a
    // column of their sum.
    let ranks: Vec<usize> = measure.ranks().collect();
    let summed = ranks.len() > 1;
    let bold = |rank: usize| custom && !summed && ranks.contains(&rank);
    let _ = writeln!(
        page,
        "<p class=\"note\">Each place's banks, and the share of them by current rating, in %{}.</p>",
        match (custom, summed) {
            (false, _) => String::new(),
            (true, false) => format!(
                " (the map's measure, {}, in bold)",
                escape(&measure.words())
            ),
            (true, true) => format!(" (measured: the share rated {})", escape(&measure.words())),
        }
    );
    page.push_str("<div class=\"halves\">\n");
    for half in rows.chunks(rows.len().div_ceil(2).max(1)) {
        page.push_str(
            "<div class=\"scroll\"><table class=\"states\">\n<thead><tr><th>State</th><th class=\"n\">Banks</th>",
        );
        if summed {
            page.push_str("<th class=\"n\">Meas&shy;ured</th>");
        }
        // Whole words where there is room; on a phone, short forms (said
        // under the table).
        // The short forms are the terminal's (`fit::abbreviate`), so a
        // reader of both sees one set of words.
        for (full, (name, _)) in [
            "Out&shy;stand&shy;ing",
            "Satis&shy;fac&shy;tory",
            "Needs to Im&shy;prove",
            "Sub&shy;stan&shy;tial Non&shy;com&shy;pli&shy;ance",
        ]
        .into_iter()
        .zip(RATINGS)
        {
            let short = abbreviate(name).unwrap_or(name);
            let _ = write!(
                page,
                "<th class=\"n\"><span class=\"full\">{full}</span><span class=\"short\">{short}</span></th>"
            );
        }
        page.push_str("</tr></thead>\n<tbody>\n");
        for (name, g) in half {
            let total = g.total();
            let _ = write!(
                page,
                "<tr><td title=\"{}\">{}</td><td class=\"n\">{}</td>",
                escape(&g.name),
                escape(name),
                thousands(total),
            );
            if summed {
                let _ = write!(
                    page,
                    "<td class=\"n\"><b>{}</b></td>",
                    percent(measure.count(g), total)
                );
            }
            for (rank, count) in g.counts.iter().take(4).enumerate() {
                let figure = percent(*count, total);
                if bold(rank) {
                    let _ = write!(page, "<td class=\"n\"><b>{figure}</b></td>");
                } else {
                    let _ = write!(page, "<td class=\"n\">{figure}</td>");
                }
            }
            page.push_str("</tr>\n");
        }
        page.push_str("</tbody>\n</table></div>\n");
    }
    let shorts: Vec<String> = RATINGS[..4]
        .iter()
        .map(|(name, _)| format!("{}: {name}", abbreviate(name).unwrap_or(name)))
        .collect();
    let _ = writeln!(
        page,
        "</div>\n<p class=\"note short\">{}.</p>",
        shorts.join(" · ")
    );
    if more > 0 {
        let _ = writeln!(
            page,
            "<p class=\"note\">And {} more places with codes that are not states or territories \
             (<code>cra stats --by state</code> lists them all).</p>",
            thousands(more as u64)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn group(name: &str, counts: [u64; 5]) -> Group {
        Group {
            name: name.into(),
            counts,
        }
    }

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
    fn the_measure_is_the_ratings_asked_for() {
        let g = group("TX", [10, 80, 6, 4, 0]);
        assert_eq!(Measure(&[]).words(), "Outstanding");
        assert_eq!(Measure(&[]).share(&g), 0.1);
        let poor = Measure(&[2, 3]);
        assert_eq!(
            poor.words(),
            "Needs to Improve or Substantial Noncompliance"
        );
        assert_eq!(poor.share(&g), 0.1);
        assert_eq!(poor.ramp(), &REDS);
        assert_eq!(Measure(&[1]).ramp(), &BLUES);
    }

    #[test]
    fn one_state_is_a_note_and_a_table_not_a_map() {
        let mut page = String::new();
        section(
            &mut page,
            &[group("TX", [1, 2, 0, 0, 0])],
            Measure(&[]),
            Some("TX"),
        );
        assert!(!page.contains("<svg"), "{page}");
        assert!(page.contains("in Texas") && page.contains("<td title=\"TX\">Texas</td>"));
    }

    #[test]
    fn the_table_bolds_one_measured_rating_and_sums_several() {
        let states = [group("TX", [10, 80, 6, 4, 0])];
        let mut one = String::new();
        table(&mut one, &states, Measure(&[2]));
        assert!(!one.contains("Meas&shy;ured"), "{one}");
        assert!(one.contains("<td class=\"n\"><b>6.0</b></td>"), "{one}");
        assert_eq!(one.matches("<b>").count(), 1, "{one}");
        let mut two = String::new();
        table(&mut two, &states, Measure(&[2, 3]));
        assert!(two.contains("Meas&shy;ured"), "{two}");
        assert!(two.contains("<td class=\"n\"><b>10.0</b></td>"), "{two}");
        assert_eq!(two.matches("<b>").count(), 1, "{two}");
        let mut plain = String::new();
        table(&mut plain, &states, Measure(&[]));
        assert!(!plain.contains("<b>") && !plain.contains("Meas&shy;ured"));
    }

    /// The fill the map gives the state `code`.
    fn fill_of<'a>(page: &'a str, code: &str) -> &'a str {
        let title = page
            .find(&format!(" ({code}): "))
            .unwrap_or_else(|| panic!("{code} not drawn"));
        let head = &page[..title];
        let at = head.rfind("fill=\"").expect("a fill") + 6;
        &head[at..at + 7]
    }

    /// The ranges the legend gives, as (low, high) in tenths of a percent.
    fn legend_ranges(page: &str) -> Vec<(i64, i64)> {
        let legend = &page[page.find("legend steps").unwrap()..];
        let legend = &legend[..legend.find("</ul>").unwrap()];
        legend
            .split("</span>")
            .skip(1)
            .filter_map(|item| item.split('%').next())
            .filter(|range| !range.starts_with("no banks"))
            .map(|range| {
                let tenths = |t: &str| (t.trim().parse::<f64>().unwrap() * 10.0).round() as i64;
                match range.split_once('–') {
                    Some((low, high)) => (tenths(low), tenths(high)),
                    None => (tenths(range), tenths(range)),
                }
            })
            .collect()
    }

    const CODES: [&str; 14] = [
        "TX", "VT", "NH", "ME", "MA", "RI", "CT", "NY", "NJ", "PA", "OH", "MI", "IN", "IL",
    ];

    #[test]
    fn a_few_states_are_not_split_into_groups_and_zero_is_the_lightest() {
        let states = [
            group("TX", [0, 4, 0, 0, 0]),
            group("VT", [1, 3, 0, 0, 0]),
            group("NH", [2, 2, 0, 0, 0]),
            group("ME", [3, 1, 0, 0, 0]),
        ];
        let mut page = String::new();
        section(&mut page, &states, Measure(&[]), None);
        assert!(!page.contains("groups of"), "{page}");
        assert!(page.contains("With only 4 states"), "{page}");
        assert_eq!(fill_of(&page, "TX"), BLUES[0]);
        assert_eq!(fill_of(&page, "ME"), BLUES[4]);
        // All at one share: one colour, the lightest, said plainly.
        let zeros: Vec<Group> = CODES[..4]
            .iter()
            .map(|c| group(c, [0, 4, 0, 0, 0]))
            .collect();
        let mut page = String::new();
        section(&mut page, &zeros, Measure(&[]), None);
        assert!(page.contains("All 4 states have the same share, 0.0%: one colour."));
        assert!(!page.contains("1 groups"), "{page}");
        for code in &CODES[..4] {
            assert_eq!(fill_of(&page, code), BLUES[0]);
        }
    }

    #[test]
    fn shares_that_read_the_same_share_a_colour_and_ranges_never_meet() {
        // 14.09 % and 14.11 % both read 14.1 %; the others spread around.
        let mut states: Vec<Group> = [
            1290, 1300, 1350, 1380, 1400, 1409, 1411, 1430, 1460, 1490, 1500, 1600, 2000, 0,
        ]
        .iter()
        .zip(CODES)
        .map(|(n, code)| group(code, [*n, 10_000 - n, 0, 0, 0]))
        .collect();
        states.sort_by(|a, b| a.name.cmp(&b.name));
        let mut page = String::new();
        section(&mut page, &states, Measure(&[]), None);
        let (a, b) = (CODES[5], CODES[6]);
        assert_eq!(fill_of(&page, a), fill_of(&page, b), "{page}");
        let ranges = legend_ranges(&page);
        assert!(ranges.len() > 1, "{page}");
        for pair in ranges.windows(2) {
            assert!(pair[0].1 < pair[1].0, "{ranges:?}");
        }
        assert!(page.contains("split the states into"), "{page}");
        assert_eq!(fill_of(&page, CODES[13]), BLUES[0]);
    }

    #[test]
    fn the_short_rating_names_are_the_terminals() {
        let mut page = String::new();
        table(&mut page, &[group("TX", [10, 80, 6, 4, 0])], Measure(&[]));
        for short in ["OUT", "SAT", "NTI", "SNC"] {
            assert!(
                page.contains(&format!("<span class=\"short\">{short}</span>")),
                "{page}"
            );
            assert!(page.contains(&format!("{short}: ")), "{page}");
        }
        assert!(!page.contains(">NI<") && !page.contains("NI:"), "{page}");
    }
}
