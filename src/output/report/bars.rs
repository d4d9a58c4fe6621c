//! The bars: each group's banks split by rating, as shares of the group
//! (HTML boxes, so they reflow on a phone), and the trend by exam year (an
//! SVG of 100% columns, one a year). Every segment says its figures on
//! hover, and the counts are printed beside it.

use std::fmt::Write;

use super::{Group, RATINGS, YEARS_SHOWN, escape, legend, percent};
use crate::text::thousands;

/// Groups as stacked bars of shares, with their totals, the ratings'
/// colours above them and `note` (the groups left out) under them.
pub fn shares(page: &mut String, title: &str, what: &str, groups: &[Group], note: Option<&str>) {
    let _ = write!(
        page,
        "<section class=\"chart\">\n<h2>{}</h2>\n<p>{}</p>\n",
        escape(title),
        escape(what),
    );
    bars(page, groups);
    if let Some(note) = note {
        let _ = writeln!(page, "<p class=\"note\">{}</p>", escape(note));
    }
    page.push_str("</section>\n");
}

/// [`shares`] as a part of a section, under a heading of its own, the
/// ratings' colours said once before the first.
pub fn shares_under(page: &mut String, title: &str, groups: &[Group]) {
    let _ = writeln!(page, "<div class=\"chart\">\n<h3>{}</h3>", escape(title));
    bars_alone(page, groups);
    page.push_str("</div>\n");
}

/// The ratings' colours, then a bar a group.
fn bars(page: &mut String, groups: &[Group]) {
    page.push_str(&legend());
    bars_alone(page, groups);
}

/// A bar a group.
fn bars_alone(page: &mut String, groups: &[Group]) {
    page.push_str("<div class=\"bars\">\n");
    if groups.is_empty() {
        page.push_str("<p>No banks.</p>\n");
    }
    for group in groups {
        let total = group.total();
        let _ = write!(
            page,
            "<div class=\"bar-row\"><span class=\"label\">{}</span><span class=\"bar\">",
            escape(&group.name)
        );
        for ((name, colour), count) in RATINGS.iter().zip(group.counts) {
            if count == 0 {
                continue;
            }
            let share = percent(count, total);
            let _ = write!(
                page,
                "<span style=\"width:{share}%;background:{colour}\" title=\"{name}: {} ({share}%)\"></span>",
                thousands(count)
            );
        }
        let _ = writeln!(
            page,
            "</span><span class=\"n\">{} · {}% Outstanding · {}% below Satisfactory</span></div>",
            thousands(total),
            percent(group.counts[0], total),
            percent(group.counts[2] + group.counts[3], total)
        );
    }
    page.push_str("</div>\n");
}

/// Rating records by exam year, as shares of the year: 100% columns.
pub fn trend(page: &mut String, years: &[Group]) {
    page.push_str(
        "<section class=\"chart\">\n<h2>By exam year</h2>\n<p>Rating records by the year of the exam, as shares of the year \
         (the number of records under each column).</p>\n",
    );
    // The latest years only (a copy with made-up dates could have
    // thousands).
    let earlier = &years[..years.len().saturating_sub(YEARS_SHOWN)];
    let years = &years[earlier.len()..];
    if years.is_empty() {
        page.push_str("<p>No rating records.</p>\n</section>\n");
        return;
    }
    const COLUMN: usize = 24;
    const HEIGHT: usize = 200;
    let width = years.len() * COLUMN;
    let _ = writeln!(
        page,
        "<svg class=\"trend\" viewBox=\"0 0 {width} {}\" role=\"img\" aria-label=\"Ratings by exam year\">",
        HEIGHT + 40
    );
    for (i, year) in years.iter().enumerate() {
        let total = year.total();
        let x = i * COLUMN;
        let mut y = 0.0;
        for ((name, colour), count) in RATINGS.iter().zip(year.counts) {
            if count == 0 || total == 0 {
                continue;
            }
            let height = count as f64 * HEIGHT as f64 / total as f64;
            let _ = writeln!(
                page,
                "<rect x=\"{}\" y=\"{y:.1}\" width=\"{}\" height=\"{height:.1}\" fill=\"{colour}\"><title>{}: {name} {} of {} ({}%)</title></rect>",
                x + 2,
                COLUMN - 4,
                escape(&year.name),
                thousands(count),
                thousands(total),
                percent(count, total)
            );
            y += height;
        }
        let _ = writeln!(
            page,
            "<text x=\"{}\" y=\"{}\" class=\"year\">{}</text><text x=\"{}\" y=\"{}\" class=\"count\">{}</text>",
            x + COLUMN / 2,
            HEIGHT + 14,
            escape(year.name.get(2..).unwrap_or(&year.name)),
            x + COLUMN / 2,
            HEIGHT + 30,
            compact(total)
        );
    }
    page.push_str("</svg>\n<p class=\"note\">Years shown by their last two digits.");
    if !earlier.is_empty() {
        let _ = write!(
            page,
            " The {} earlier years ({} records) are left out.",
            thousands(earlier.len() as u64),
            thousands(earlier.iter().map(Group::total).sum())
        );
    }
    page.push_str("</p>\n</section>\n");
}

/// `950`, `1.2k`, `15k`: a count in the few characters under a column.
fn compact(n: u64) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..10_000 => format!("{:.1}k", n as f64 / 1000.0),
        _ => format!("{}k", n / 1000),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_fit_under_a_column() {
        assert_eq!(compact(950), "950");
        assert_eq!(compact(1_234), "1.2k");
        assert_eq!(compact(15_678), "15k");
    }

    #[test]
    fn segments_are_the_groups_shares() {
        let mut page = String::new();
        let group = Group {
            name: "OCC".into(),
            counts: [1, 3, 0, 0, 0],
        };
        shares(&mut page, "By regulator", "x", &[group], None);
        assert!(page.contains("width:25.0%;background:#2166ac"), "{page}");
        assert!(page.contains("width:75.0%;background:#92c5de"), "{page}");
        assert!(
            !page.contains("background:#f4a582\" title"),
            "no empty segment: {page}"
        );
    }
}
