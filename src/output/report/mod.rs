//! `cra report`'s page: one self-contained HTML file (its style inline, its
//! charts inline SVG, no script, nothing fetched when it is opened), that
//! reads on a phone and prints (the map on the first page, page numbers,
//! no table split mid-row). The command gathers the figures ([`Report`]);
//! this room lays them out: the map in `map` (its classes in `classes`),
//! the bars in `bars`, the public evaluations behind the ratings in
//! `evaluations`, the lending behind them in `lending`, the downgrades and
//! the banks due in `tables`, and the same report as a workbook with native
//! charts in `book` (its sheets' columns in `columns`, written by the one
//! xlsx writer; the evaluations' and lending's sheets in `sheets`).
//!
//! Groups are capped (`capped`): a copy whose banks carry thousands of
//! distinct regulator names makes a page of the largest few and one bar
//! for the rest, saying how many, not a page of megabytes.

mod bars;
pub mod book;
mod classes;
mod columns;
pub mod evaluations;
pub mod lending;
mod map;
mod sheets;
mod tables;

use std::fmt::Write;

use super::bank::{AboutBank, BankView, ExamView};
use super::due::Overdue;
use super::palette::PALETTE;
use crate::domain::{ExamType, HasPublic, PublicRecord, Rating, Regulator};
use crate::text::{day_and_time, thousands};

pub use evaluations::{Evaluated, Evaluations, SMALL, TESTS};
pub use lending::{ByRating, Lending, LendingBank, median};
pub use map::Measure;

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
    /// The bank's id, for `cra show` (a workbook's last column).
    pub id: String,
    pub name: String,
    pub city: String,
    pub state: String,
    pub regulator: Regulator,
    pub exam_date: String,
    pub exam_type: ExamType,
    /// The rating before (none when the copy has none).
    pub previous: Option<Rating>,
    pub rating: Rating,
}

/// A bank probably due for its next exam (`cra due`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueBank {
    /// The bank's id, for `cra show` (a workbook's last column).
    pub id: String,
    pub name: String,
    pub city: String,
    pub state: String,
    pub regulator: Regulator,
    pub rating: Rating,
    pub exam_date: String,
    pub exam_type: ExamType,
    pub months_since: i64,
    pub expected_months: i64,
}

impl DueBank {
    /// Months past the cycle.
    pub fn overdue_months(&self) -> i64 {
        self.months_since - self.expected_months
    }
}

impl HasPublic for DueBank {
    fn public(&self) -> Option<&PublicRecord> {
        None
    }
}

impl AboutBank for DueBank {
    fn bank(&self) -> BankView<'_> {
        BankView {
            id: &self.id,
            name: &self.name,
            city: &self.city,
            state: &self.state,
            regulator: &self.regulator,
            exam: Some(ExamView {
                rating: &self.rating,
                exam_date: &self.exam_date,
                exam_type: &self.exam_type,
            }),
        }
    }
}

impl Overdue for DueBank {
    fn months_since(&self) -> i64 {
        self.months_since
    }

    fn expected_months(&self) -> i64 {
        self.expected_months
    }
}

impl HasPublic for Downgrade {
    fn public(&self) -> Option<&PublicRecord> {
        None
    }
}

impl AboutBank for Downgrade {
    fn bank(&self) -> BankView<'_> {
        BankView {
            id: &self.id,
            name: &self.name,
            city: &self.city,
            state: &self.state,
            regulator: &self.regulator,
            exam: Some(ExamView {
                rating: &self.rating,
                exam_date: &self.exam_date,
                exam_type: &self.exam_type,
            }),
        }
    }
}

/// Everything the page shows.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// The filters, as a person reads them ("state TX, regulator OCC"); empty: all banks.
    pub filters: String,
    /// When the local copy was last synced (RFC 3339), if ever.
    pub synced: Option<String>,
    /// The newest exam date in the local copy (`YYYY-MM-DD`), if any: how
    /// current the data is, whenever it was synced; the downgrades' twelve
    /// months end there.
    pub newest_exam: Option<String>,
    /// When the page was made (RFC 3339).
    pub made: String,
    /// The banks the filters select.
    pub banks: u64,
    /// Banks by state, every rating counted (the map shows a share of
    /// them): with `--rating`, the banks the other filters select.
    pub by_state: Vec<Group>,
    /// The ratings the map measures the share of (ranks, 0 Outstanding
    /// to 3 Substantial Noncompliance); none: Outstanding.
    pub measure: Vec<usize>,
    /// The one state asked for (`--state`): no map, a note and the table.
    pub state: Option<String>,
    pub by_regulator: Vec<Group>,
    pub by_exam_type: Vec<Group>,
    pub by_year: Vec<Group>,
    /// The public evaluations behind the ratings (`cra enrich --pe`).
    pub evaluations: Evaluations,
    /// The lending behind them (`cra enrich --lending`).
    pub lending: Lending,
    /// The first of the twelve months the downgrades are from (`YYYY-MM-DD`).
    pub downgrades_since: String,
    /// Their last day when it is not today, and what that day is: the
    /// newest exam in the copy (old data), or the day `--as-of` gave.
    pub downgrades_until: Option<(String, &'static str)>,
    pub downgrades: Vec<Downgrade>,
    /// The banks probably due, most overdue first.
    pub due: Vec<DueBank>,
    /// How many of the banks counted ended (merged, failed, closed), each
    /// counted by its last rating; none when the copy does not know.
    pub ended: Option<u64>,
    /// What the banks due leave out (ended, inactive, OTS) and list last
    /// (of unknown status), as `cra due` says it; none when nothing.
    pub due_left_out: Option<String>,
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

/// The most bars a section of groups shows (the largest groups; the rest
/// summed into one more bar).
pub const GROUPS_SHOWN: usize = 12;
/// The most exam years the trend shows (the latest).
pub const YEARS_SHOWN: usize = 40;

const STYLE: &str = include_str!("style.css");

/// The page.
pub fn render(report: &Report) -> String {
    let mut page = String::with_capacity(256 * 1024);
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>CRA ratings report</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<main>\n\
         <header>\n<h1>CRA ratings</h1>\n<p class=\"meta\">{}{} · {} · {}{} · made by cra {} on {}</p>\n</header>\n",
        plural_banks(report.banks),
        ended_words(report.ended),
        if report.filters.is_empty() {
            "all banks in the local copy".to_string()
        } else {
            format!("filters: {}", escape(&report.filters))
        },
        match &report.synced {
            Some(when) => format!("local copy synced {}", escape(&day_and_time(when))),
            None => "local copy never fully synced".to_string(),
        },
        match &report.newest_exam {
            Some(date) => format!(", newest exam {}", escape(date)),
            None => String::new(),
        },
        env!("CARGO_PKG_VERSION"),
        escape(&day_and_time(&report.made)),
    );
    map::section(
        &mut page,
        &report.by_state,
        Measure(&report.measure),
        report.state.as_deref(),
    );
    let (regulators, more_regulators) = capped(&report.by_regulator, GROUPS_SHOWN, "regulators");
    bars::shares(
        &mut page,
        "By regulator",
        "Banks by current rating, per regulator.",
        &regulators,
        more_regulators.as_deref(),
    );
    let (types, more_types) = capped(&report.by_exam_type, GROUPS_SHOWN, "exam types");
    bars::shares(
        &mut page,
        "By exam type",
        "Banks by current rating, per exam type of that rating.",
        &types,
        more_types.as_deref(),
    );
    bars::trend(&mut page, &report.by_year);
    tables::downgrades(&mut page, report);
    tables::due(&mut page, &report.due, report.due_left_out.as_deref());
    // What stands behind the ratings, after the lists (printed, the
    // footer then never stands alone on a last page); both a line or two
    // (nothing read yet): side by side.
    let short = report.evaluations.by_test.is_empty()
        && report.evaluations.each.is_empty()
        && !report.lending.any;
    if short {
        page.push_str("<div class=\"halves behind\">\n");
    }
    evaluations::section(&mut page, &report.evaluations);
    lending::section(&mut page, &report.lending);
    if short {
        page.push_str("</div>\n");
    }
    page.push_str(
        "<footer>Made by <code>cra report</code> from the local copy (<code>cra sync</code>). \
         Ratings: the CRA evaluations as published by the regulators. \
         State shapes: US Census Bureau cartographic boundaries (public domain), via us-atlas (ISC).</footer>\n\
         </main>\n</body>\n</html>\n",
    );
    page
}

/// ` (N that ended, by their last rating)` where some of the banks counted
/// ended; nothing otherwise.
pub(super) fn ended_words(ended: Option<u64>) -> String {
    match ended {
        Some(n) if n > 0 => format!(
            " ({} that ended, counted by {} last rating)",
            crate::text::thousands(n),
            if n == 1 { "its" } else { "their" }
        ),
        _ => String::new(),
    }
}

/// The ratings' colours, for the bars.
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

/// At most `max` groups: all of them when they are so few, else the
/// `max - 1` largest (in their order) and one more summing the rest, named
/// for how many it holds; with a note saying so.
pub fn capped(groups: &[Group], max: usize, plural: &str) -> (Vec<Group>, Option<String>) {
    if groups.len() <= max || max < 2 {
        return (groups.to_vec(), None);
    }
    let mut by_size: Vec<usize> = (0..groups.len()).collect();
    by_size.sort_by_key(|&i| std::cmp::Reverse(groups[i].total()));
    let mut kept: Vec<usize> = by_size[..max - 1].to_vec();
    kept.sort_unstable();
    let mut rest = Group {
        name: format!(
            "{} more {plural}",
            thousands((groups.len() - kept.len()) as u64)
        ),
        counts: [0; 5],
    };
    for &i in &by_size[max - 1..] {
        for (sum, n) in rest.counts.iter_mut().zip(groups[i].counts) {
            *sum += n;
        }
    }
    let note = format!(
        "The {} largest of {} {plural} shown; the other {} ({} banks) are summed in the last bar.",
        max - 1,
        thousands(groups.len() as u64),
        thousands((groups.len() - kept.len()) as u64),
        thousands(rest.total()),
    );
    let mut shown: Vec<Group> = kept.iter().map(|&i| groups[i].clone()).collect();
    shown.push(rest);
    (shown, Some(note))
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

    fn group(name: &str, counts: [u64; 5]) -> Group {
        Group {
            name: name.into(),
            counts,
        }
    }

    fn sample() -> Report {
        Report {
            filters: "regulator <OCC>".into(),
            synced: Some("2026-11-20T10:00:00.000Z".into()),
            newest_exam: Some("2026-01-02".into()),
            made: "2026-11-24T08:00:00.000Z".into(),
            banks: 113,
            by_state: vec![
                group("TX", [10, 80, 5, 1, 0]),
                group("VT", [5, 5, 0, 0, 0]),
                group("PR", [1, 2, 0, 0, 0]),
                group("AK", [1, 0, 0, 0, 0]),
                group("AL", [1, 0, 0, 0, 0]),
            ],
            measure: Vec::new(),
            state: None,
            by_regulator: vec![group("OCC", [15, 85, 5, 1, 0])],
            by_exam_type: vec![group("Small Bank", [15, 85, 5, 1, 0])],
            evaluations: Evaluations::default(),
            lending: Lending::default(),
            by_year: vec![
                group("2024", [3, 4, 1, 0, 0]),
                group("2025", [1, 1, 0, 0, 0]),
            ],
            downgrades_since: "2025-11-24".into(),
            downgrades_until: None,
            due_left_out: None,
            ended: None,
            downgrades: vec![Downgrade {
                id: "a1".into(),
                name: "A & B <BANK>".into(),
                city: "Austin".into(),
                state: "TX".into(),
                regulator: "OCC".into(),
                exam_date: "2026-01-02".into(),
                exam_type: "Small Bank".into(),
                previous: Some("Outstanding".into()),
                rating: "Satisfactory".into(),
            }],
            due: vec![DueBank {
                id: "d1".into(),
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

    /// The colours a fragment of the page fills shapes with (`fill="…"`)
    /// and shows in swatches (`background:…`), in the map's section.
    fn map_colours(page: &str) -> (Vec<String>, Vec<String>) {
        let map = &page[page.find("<section id=\"map\"").unwrap()..];
        let map = &map[..map.find("</section>").unwrap()];
        let after = |text: &str, mark: &str| -> Vec<String> {
            let mut found: Vec<String> = text
                .split(mark)
                .skip(1)
                .map(|rest| rest[..7].to_string())
                .collect();
            found.sort();
            found.dedup();
            found
        };
        (after(map, "fill=\""), after(map, "background:"))
    }

    #[test]
    fn the_page_holds_every_part_and_nothing_from_elsewhere() {
        let page = render(&sample());
        for part in [
            "<svg",
            "113 banks",
            "Texas (TX): 96 banks",
            "By regulator",
            "By exam type",
            "By exam year",
            "Downgrades in the last 12 months",
            "A &amp; B &lt;BANK&gt;",
            "Banks probably due for an exam",
            "<td data-label=\"Bank\">Overdue &lt;Savings&gt;</td><td data-label=\"City\">Austin, TX</td>",
            "<td data-label=\"Cycle\" class=\"n\">48&nbsp;mo</td><td data-label=\"Overdue\" class=\"n\"><b>44&nbsp;mo</b></td>",
            "filters: regulator &lt;OCC&gt;",
            "local copy synced 2026-11-20 10:00 UTC, newest exam 2026-01-02 · made by",
            "Puerto Rico",
        ] {
            assert!(page.contains(part), "no {part:?}");
        }
        // The table is by name, not by code: Alabama (AL) before Alaska (AK).
        let at = |name: &str| page.find(&format!("\">{name}</td>")).unwrap();
        assert!(at("Alabama") < at("Alaska") && at("Alaska") < at("Texas"));
        assert!(!page.contains("<script"), "no script");
        for fetch in ["src=", "href=", "url(", "@import", "http://", "https://"] {
            assert!(!page.contains(fetch), "{fetch} in the page");
        }
    }

    /// The legend is the map's colours: every fill drawn has its swatch and
    /// every swatch is drawn (here Texas alone is darker than the rest).
    #[test]
    fn the_legend_is_exactly_the_fills() {
        for measure in [vec![], vec![2, 3]] {
            let report = Report {
                measure,
                ..sample()
            };
            let (fills, swatches) = map_colours(&render(&report));
            assert_eq!(fills, swatches);
            assert!(fills.len() >= 3, "{fills:?}");
        }
    }

    #[test]
    fn many_groups_are_capped_and_the_rest_summed() {
        let groups: Vec<Group> = (0..20_000)
            .map(|i| group(&format!("REG{i:05}"), [u64::from(i % 7 == 0), 1, 0, 0, 0]))
            .collect();
        let (shown, note) = capped(&groups, GROUPS_SHOWN, "regulators");
        assert_eq!(shown.len(), GROUPS_SHOWN);
        assert_eq!(shown.last().unwrap().name, "19,989 more regulators");
        assert_eq!(
            shown.iter().map(Group::total).sum::<u64>(),
            groups.iter().map(Group::total).sum::<u64>()
        );
        assert!(
            note.unwrap()
                .contains("The 11 largest of 20,000 regulators")
        );
        let report = Report {
            by_regulator: groups,
            ..sample()
        };
        let page = render(&report);
        assert!(page.len() < 300 * 1024, "{} bytes", page.len());
        assert!(page.contains("19,989 more regulators"));
        let (few, none) = capped(&report.by_exam_type, GROUPS_SHOWN, "exam types");
        assert_eq!((few, none), (report.by_exam_type.clone(), None));
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
