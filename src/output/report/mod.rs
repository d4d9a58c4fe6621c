//! `cra report`'s page: one self-contained HTML file (its style inline, its
//! charts inline SVG, no script, nothing fetched when it is opened), that
//! reads on a phone and prints. The command gathers the figures
//! ([`Report`]); this room only lays them out: the map in `map`, the bars
//! in `bars`.

mod bars;
mod map;

use std::fmt::Write;

use super::palette::PALETTE;
use crate::text::{day_and_time, thousands};

/// Counts of one group by current rating (by year: rating records).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Group {
    pub name: String,
    /// Outstanding, Satisfactory, Needs to Improve, Substantial
    /// Noncompliance, other: best first.
    pub counts: [u64; 5],
}

impl Group {
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }
}

/// A downgrade: one rating record worse than the bank's previous one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Downgrade {
    pub name: String,
    pub state: String,
    pub regulator: String,
    pub exam_date: String,
    pub previous: String,
    pub rating: String,
}

/// A bank probably due for its next exam (`cra due`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueBank {
    pub name: String,
    pub city: String,
    pub state: String,
    pub regulator: String,
    pub rating: String,
    pub exam_date: String,
    pub exam_type: String,
    pub months_since: i64,
    pub expected_months: i64,
}

/// Everything the page shows.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// The filters, as a person reads them ("state TX, regulator OCC"); empty: all banks.
    pub filters: String,
    /// When the local copy was last synced (RFC 3339), if ever.
    pub synced: Option<String>,
    /// When the page was made (RFC 3339).
    pub made: String,
    pub by_state: Vec<Group>,
    pub by_regulator: Vec<Group>,
    pub by_exam_type: Vec<Group>,
    pub by_year: Vec<Group>,
    /// The first of the twelve months the downgrades are from (`YYYY-MM-DD`).
    pub downgrades_since: String,
    pub downgrades: Vec<Downgrade>,
    /// The banks probably due, most overdue first.
    pub due: Vec<DueBank>,
}

/// The rating names, best first, and `Other`; with their colours (the
/// one palette: see `output::palette`).
pub const RATINGS: [(&str, &str); 5] = [
    (PALETTE[0].name, PALETTE[0].hex),
    (PALETTE[1].name, PALETTE[1].hex),
    (PALETTE[2].name, PALETTE[2].hex),
    (PALETTE[3].name, PALETTE[3].hex),
    (PALETTE[4].name, PALETTE[4].hex),
];

/// Downgrades listed whole; beyond, the count only (the page stays small).
const DOWNGRADES_SHOWN: usize = 500;

/// The most overdue banks listed; beyond, the count and the command.
const DUE_SHOWN: usize = 100;

const STYLE: &str = include_str!("style.css");

/// The page.
pub fn render(report: &Report) -> String {
    let mut page = String::with_capacity(256 * 1024);
    let banks: u64 = report.by_state.iter().map(Group::total).sum();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>CRA ratings report</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<main>\n\
         <header>\n<h1>CRA ratings</h1>\n<p class=\"meta\">{} · {} · {} · made by cra {} on {}</p>\n</header>\n",
        plural_banks(banks),
        if report.filters.is_empty() {
            "all banks in the local copy".to_string()
        } else {
            format!("filters: {}", escape(&report.filters))
        },
        match &report.synced {
            Some(when) => format!("local copy synced {}", escape(&day_and_time(when))),
            None => "local copy never fully synced".to_string(),
        },
        env!("CARGO_PKG_VERSION"),
        escape(&day_and_time(&report.made)),
    );
    map::section(&mut page, &report.by_state);
    page.push_str(&legend());
    bars::shares(
        &mut page,
        "By regulator",
        "Banks by current rating, per regulator.",
        &report.by_regulator,
    );
    bars::shares(
        &mut page,
        "By exam type",
        "Banks by current rating, per exam type of that rating.",
        &report.by_exam_type,
    );
    bars::trend(&mut page, &report.by_year);
    downgrades(&mut page, report);
    due(&mut page, &report.due);
    page.push_str(
        "<footer>Made by <code>cra report</code> from the local copy (<code>cra sync</code>). \
         Ratings: the CRA evaluations as published by the regulators. \
         State shapes: US Census Bureau cartographic boundaries (public domain), via us-atlas (ISC).</footer>\n\
         </main>\n</body>\n</html>\n",
    );
    page
}

/// The ratings' colours, once for the whole page.
fn legend() -> String {
    let mut out = String::from("<ul class=\"legend\" aria-label=\"Ratings\">");
    for (name, colour) in RATINGS {
        let _ = write!(
            out,
            "<li><span class=\"swatch\" style=\"background:{colour}\"></span>{name}</li>"
        );
    }
    out.push_str("</ul>\n");
    out
}

fn downgrades(page: &mut String, report: &Report) {
    let rows = &report.downgrades;
    let _ = write!(
        page,
        "<section id=\"downgrades\">\n<h2>Downgrades in the last 12 months</h2>\n\
         <p>{} rating {} worse than the bank's previous one, with an exam date since {}.</p>\n",
        thousands(rows.len() as u64),
        if rows.len() == 1 { "record" } else { "records" },
        escape(&report.downgrades_since)
    );
    if !rows.is_empty() {
        page.push_str(
            "<div class=\"scroll\"><table>\n<thead><tr><th>Bank</th><th>State</th><th>Regulator</th>\
             <th>Exam date</th><th>From</th><th>To</th></tr></thead>\n<tbody>\n",
        );
        for row in rows.iter().take(DOWNGRADES_SHOWN) {
            let _ = writeln!(
                page,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"date\">{}</td><td>{}</td><td>{}</td></tr>",
                escape(&row.name),
                escape(&row.state),
                escape(&row.regulator),
                escape(&row.exam_date),
                escape(&row.previous),
                escape(&row.rating),
            );
        }
        page.push_str("</tbody>\n</table></div>\n");
        if rows.len() > DOWNGRADES_SHOWN {
            let _ = writeln!(
                page,
                "<p>The {} most recent shown; all of them: <code>cra changes --change downgrade --since {}</code>.</p>",
                DOWNGRADES_SHOWN,
                escape(&report.downgrades_since)
            );
        }
    }
    page.push_str("</section>\n");
}

fn due(page: &mut String, rows: &[DueBank]) {
    let _ = write!(
        page,
        "<section id=\"due\">\n<h2>Banks probably due for an exam</h2>\n\
         <p>{} whose current exam is older than the published cycle for its exam type and rating \
         (60 months after Outstanding and 48 after Satisfactory for small banks, shorter for larger \
         banks and lower ratings). A heuristic: assets and the agencies' plans are not in the data, \
         and exams are published 45&ndash;60 days after they are done.</p>\n",
        plural_banks(rows.len() as u64),
    );
    if !rows.is_empty() {
        page.push_str(
            "<div class=\"scroll\"><table>\n<thead><tr><th>Bank</th><th>City</th><th>State</th>\
             <th>Regulator</th><th>Rating</th><th>Exam date</th><th>Exam type</th>\
             <th class=\"n\">Months since</th><th class=\"n\">Cycle</th></tr></thead>\n<tbody>\n",
        );
        for row in rows.iter().take(DUE_SHOWN) {
            let _ = writeln!(
                page,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"date\">{}</td>\
                 <td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
                escape(&row.name),
                escape(&row.city),
                escape(&row.state),
                escape(&row.regulator),
                escape(&row.rating),
                escape(&row.exam_date),
                escape(&row.exam_type),
                row.months_since,
                row.expected_months,
            );
        }
        page.push_str("</tbody>\n</table></div>\n");
        if rows.len() > DUE_SHOWN {
            let _ = writeln!(
                page,
                "<p>The {DUE_SHOWN} most overdue shown; all of them: <code>cra due</code> with the same filters.</p>",
            );
        }
    }
    page.push_str("</section>\n");
}

fn plural_banks(n: u64) -> String {
    format!("{} {}", thousands(n), if n == 1 { "bank" } else { "banks" })
}

/// `part` of `whole` as a percentage with one decimal (`0.0` of nothing).
pub fn percent(part: u64, whole: u64) -> String {
    if whole == 0 {
        return "0.0".to_string();
    }
    format!("{:.1}", part as f64 * 100.0 / whole as f64)
}

pub use crate::text::escape_markup as escape;

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn sample() -> Report {
        let group = |name: &str, counts: [u64; 5]| Group {
            name: name.into(),
            counts,
        };
        Report {
            filters: "regulator <OCC>".into(),
            synced: Some("2026-11-20T10:00:00.000Z".into()),
            made: "2026-11-24T08:00:00.000Z".into(),
            by_state: vec![
                group("TX", [10, 80, 5, 1, 0]),
                group("VT", [5, 5, 0, 0, 0]),
                group("PR", [1, 2, 0, 0, 0]),
                group("AK", [1, 0, 0, 0, 0]),
                group("AL", [1, 0, 0, 0, 0]),
            ],
            by_regulator: vec![group("OCC", [15, 85, 5, 1, 0])],
            by_exam_type: vec![group("Small Bank", [15, 85, 5, 1, 0])],
            by_year: vec![
                group("2024", [3, 4, 1, 0, 0]),
                group("2025", [1, 1, 0, 0, 0]),
            ],
            downgrades_since: "2025-11-24".into(),
            downgrades: vec![Downgrade {
                name: "A & B <BANK>".into(),
                state: "TX".into(),
                regulator: "OCC".into(),
                exam_date: "2026-01-02".into(),
                previous: "Outstanding".into(),
                rating: "Satisfactory".into(),
            }],
            due: vec![DueBank {
                name: "Overdue <Savings>".into(),
                city: "Austin".into(),
                state: "TX".into(),
                regulator: "FDIC".into(),
                rating: "Satisfactory".into(),
                exam_date: "2019-03-04".into(),
                exam_type: "Small Bank".into(),
                months_since: 92,
                expected_months: 48,
            }],
        }
    }

    #[test]
    fn the_page_holds_every_part_and_nothing_from_elsewhere() {
        let page = render(&sample());
        for part in [
            "<svg",
            "Texas (TX): 96 banks",
            "By regulator",
            "By exam type",
            "By exam year",
            "Downgrades in the last 12 months",
            "A &amp; B &lt;BANK&gt;",
            "Banks probably due for an exam",
            "<td>Overdue &lt;Savings&gt;</td><td>Austin</td>",
            "<td class=\"n\">92</td><td class=\"n\">48</td>",
            "filters: regulator &lt;OCC&gt;",
            "local copy synced 2026-11-20 10:00 UTC",
            "Puerto Rico",
        ] {
            assert!(page.contains(part), "no {part:?}");
        }
        // The table is by name, not by code: Alabama (AL) before Alaska (AK).
        let at = |name: &str| page.find(&format!("<td>{name} (")).unwrap();
        assert!(at("Alabama") < at("Alaska") && at("Alaska") < at("Texas"));
        assert!(!page.contains("<script"), "no script");
        for fetch in ["src=", "href=", "url(", "@import", "http://", "https://"] {
            assert!(!page.contains(fetch), "{fetch} in the page");
        }
    }

    #[test]
    fn an_empty_copy_still_makes_a_page() {
        let page = render(&Report::default());
        assert!(page.contains("0 banks") && page.ends_with("</html>\n"));
    }

    proptest! {
        #[test]
        fn escaped_text_cannot_open_a_tag(text in "\\PC{0,40}") {
            let escaped = escape(&text);
            prop_assert!(!escaped.contains('<') && !escaped.contains('"'));
        }
    }
}
