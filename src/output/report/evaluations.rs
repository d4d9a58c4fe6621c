//! The page's section on the public evaluations behind the ratings: how
//! many of the selected banks have their current exam's PE read ("4 of 5
//! banks"), each of the four tests (Lending, Investment, Service,
//! Community Development) as bars of its ratings (their overall ratings
//! counted), and for a small selection each bank's tests in a table. It
//! never vanishes: with no PE read it says so, with the command that reads
//! them.

use std::fmt::Write;

use super::{Group, bars, escape, plural_banks};
use crate::domain::{Rating, Test};
use crate::text::thousands;

/// The tests the report shows, in the PEs' order.
pub const TESTS: [Test; 4] = [
    Test::Lending,
    Test::Investment,
    Test::Service,
    Test::CommunityDevelopment,
];

/// A selection of at most this many banks gets a table of its banks (in
/// this section and the lending one).
pub const SMALL: usize = 25;

/// What the section shows.
#[derive(Debug, Clone, Default)]
pub struct Evaluations {
    /// The banks selected, and those whose current exam's PE was read.
    pub banks: u64,
    pub read: u64,
    /// Each of [`TESTS`] some selected bank's PE rates: the banks by the
    /// test's rating, best first, their overall ratings counted.
    pub by_test: Vec<(Test, Vec<Group>)>,
    /// Each bank of a selection of at most [`SMALL`]; else none.
    pub each: Vec<Evaluated>,
    /// The command that reads PEs, as the user would paste it
    /// (`cra --sandbox enrich --pe FILE|FOLDER`), and the one that saves
    /// one (`cra --sandbox pe BANK --download`).
    pub command: String,
    pub download: String,
}

impl Evaluations {
    /// "4 of 5 banks have a public evaluation read".
    pub fn of_words(&self) -> String {
        format!(
            "{} of {} {} a public evaluation read",
            thousands(self.read),
            plural_banks(self.banks),
            if self.read == 1 { "has" } else { "have" }
        )
    }
}

/// One bank of a small selection, its current exam's tests.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluated {
    pub id: String,
    pub name: String,
    pub state: String,
    pub rating: Rating,
    pub exam_date: String,
    pub read: bool,
    /// The rating of each of [`TESTS`], where the PE rates it.
    pub tests: [Option<String>; 4],
}

/// The test's column in a workbook, as `export` names it (`lending_test`,
/// `cd_test`).
pub fn column(test: Test) -> &'static str {
    match test {
        Test::Lending => "lending_test",
        Test::Investment => "investment_test",
        Test::Service => "service_test",
        Test::CommunityDevelopment => "cd_test",
        other => other.as_str(),
    }
}

/// "Lending Test" without "Test", for a column's head.
pub fn short(test: Test) -> &'static str {
    match test {
        Test::CommunityDevelopment => "Community Development",
        other => other.title().trim_end_matches(" Test"),
    }
}

pub fn section(page: &mut String, evaluations: &Evaluations) {
    let _ = write!(
        page,
        "<section id=\"evaluations\">\n<h2>Public evaluations</h2>\n\
         <p>{}",
        escape(&capital(&evaluations.of_words())),
    );
    if evaluations.read < evaluations.banks {
        let _ = write!(
            page,
            ": read {} with <code>{}</code> (<code>{}</code> saves one)",
            if evaluations.read == 0 {
                "them"
            } else {
                "the others'"
            },
            escape(&evaluations.command),
            escape(&evaluations.download),
        );
    }
    page.push('.');
    page.push_str("</p>\n");
    if !evaluations.by_test.is_empty() {
        page.push_str(
            "<p>The banks by the rating their evaluation gives each test (a large bank's \
             Lending, Investment and Service Tests; an intermediate small bank's Lending and \
             Community Development Tests), each bar split by their overall rating.</p>\n",
        );
        page.push_str(&super::legend());
    }
    for (test, groups) in &evaluations.by_test {
        bars::shares_under(page, &format!("By {}", test.title()), groups);
    }
    if !evaluations.each.is_empty() {
        each(page, &evaluations.each);
    }
    page.push_str("</section>\n");
}

fn each(page: &mut String, banks: &[Evaluated]) {
    page.push_str(
        "<div class=\"scroll\"><table class=\"cards\">\n<thead><tr><th>Bank</th><th>Rating</th>\
         <th>Exam date</th>",
    );
    for test in TESTS {
        let _ = write!(page, "<th>{}</th>", short(test));
    }
    page.push_str("</tr></thead>\n<tbody>\n");
    for bank in banks {
        let _ = write!(
            page,
            "<tr><td data-label=\"Bank\">{}, {}</td><td data-label=\"Rating\">{}</td>\
             <td data-label=\"Exam date\" class=\"date\">{}</td>",
            escape(&bank.name),
            escape(&bank.state),
            escape(bank.rating.as_str()),
            escape(&bank.exam_date)
        );
        for (test, rating) in TESTS.iter().zip(&bank.tests) {
            let text = match rating {
                Some(rating) => escape(rating),
                None if bank.read => "&ndash;".to_string(),
                None => "<i>not read</i>".to_string(),
            };
            let _ = write!(page, "<td data-label=\"{}\">{text}</td>", short(*test));
        }
        page.push_str("</tr>\n");
    }
    page.push_str(
        "</tbody>\n</table></div>\n<p class=\"note\">&ndash;: the evaluation does not rate \
         that test (a large bank's rates Lending, Investment and Service; an intermediate small \
         bank's, Lending and Community Development; a small bank's, none); not read: no \
         evaluation of the bank's current exam was read.</p>\n",
    );
}

/// `text` with its first letter a capital.
pub(super) fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
