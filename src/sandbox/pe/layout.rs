//! The pages: cover, contents, rating page (test sentences or the table of
//! performance levels), narrative, and each state's and MSA's section.

use super::fonts::{BODY, BOLD, HEAD, SMALL, St, width, wrap};
use super::page::{BOTTOM, LEFT, Page, RIGHT};
use super::places::{DISTRICTS, id_line, long_date, state_name};
use super::points::{FIVE, LARGE, S, combine, tests_of};
use super::{Agency, Draw, PeSpec};
use crate::domain::{Level, Test};
use crate::evaluation::model::{Area, Evaluation, Kind};

const FILLER: [&str; 12] = [
    "The bank’s average net loan-to-deposit ratio is reasonable given the institution’s size, financial condition, and the credit needs of its assessment area.",
    "A majority of the bank’s home mortgage and small business loans were originated inside its assessment area.",
    "The geographic distribution of loans reflects reasonable dispersion throughout the assessment area, including low- and moderate-income geographies.",
    "The distribution of loans to individuals of different income levels and businesses of different sizes reflects reasonable penetration.",
    "{n} is headquartered in {c}, {s}, and operates a network of full-service branches and automated teller machines.",
    "The assessment area consists of whole census tracts and does not arbitrarily exclude any low- or moderate-income geographies.",
    "Competition for loans and deposits in the assessment area is strong and includes large regional and national institutions.",
    "Community contacts identified affordable housing and small business financing as the primary credit needs of the area.",
    "The bank made community development loans and qualified investments that were responsive to the needs of its assessment area.",
    "The bank did not receive any written complaints regarding its CRA performance during the evaluation period.",
    "Examiners did not identify evidence of discriminatory or other illegal credit practices inconsistent with helping to meet community credit needs.",
    "Lending levels reflect good responsiveness to credit needs in the assessment area, considering the bank’s capacity and local economic conditions.",
];

const SECTIONS: &str = "DESCRIPTION OF INSTITUTION|SCOPE OF EVALUATION|\
DESCRIPTION OF ASSESSMENT AREA|CONCLUSIONS WITH RESPECT TO PERFORMANCE CRITERIA|\
DISCRIMINATORY OR OTHER ILLEGAL CREDIT PRACTICES REVIEW";

/// What the writer carries from page to page.
struct Ctx<'a> {
    spec: &'a PeSpec<'a>,
    draw: Draw,
    state: String,
    /// 0: "is rated: Level." 1: "is rated:" then LEVEL; 2: "lending test is rated Level."
    style: usize,
    /// Table headers over two lines ("Lending" above "Test*").
    split: bool,
}

impl Ctx<'_> {
    fn sentence(&mut self) -> String {
        let s = self.draw.pick(&FILLER).replace("{n}", self.spec.name);
        s.replace("{c}", self.spec.city).replace("{s}", &self.state)
    }

    fn paragraph(&mut self, page: &mut Page) {
        let n = 3 + self.draw.below(4);
        let text: Vec<String> = (0..n).map(|_| self.sentence()).collect();
        page.para(BODY, LEFT, &text.join(" "));
    }

    fn cover(&self, agency: &str) -> Page {
        let (spec, mut p) = (self.spec, Page::new());
        let (big, cover) = (St(true, 14.0), St(false, 12.0));
        p.y = 700.0;
        p.mid(big, "PUBLIC DISCLOSURE", 8.0);
        p.mid(cover, &long_date(spec.date), 30.0);
        p.mid(big, "COMMUNITY REINVESTMENT ACT", 0.0);
        p.mid(big, "PERFORMANCE EVALUATION", 30.0);
        p.mid(St(true, 13.0), spec.name, 0.0);
        p.mid(cover, &id_line(&spec.id), 0.0);
        p.mid(cover, &format!("{}, {}", spec.city, self.state), 30.0);
        p.mid(cover, agency, 0.0);
        let rule = match spec.agency {
            Agency::Occ => "12 C.F.R. Part 25",
            Agency::Fdic => "Part 345 of the FDIC Rules and Regulations",
            Agency::Frb => "Appendix A to 12 C.F.R. Part 228",
        };
        p.y = 230.0;
        p.para(BODY, LEFT, &format!("NOTE: This document is an evaluation of this institution’s record of meeting the credit needs of its entire community, including low- and moderate-income neighborhoods, consistent with safe and sound operation of the institution. The {agency} rates the CRA performance of an institution consistent with the provisions set forth in {rule}. This evaluation is not, nor should it be construed as, an assessment of the financial condition of this institution. The rating assigned to this institution does not represent an analysis, conclusion, or opinion of the federal financial supervisory agency concerning the safety and soundness of this financial institution."));
        p
    }

    fn rating_page(&mut self, overall: Level, tests: &[(Test, Level)]) -> Page {
        let (spec, mut p) = (self.spec, Page::new());
        let occ = spec.agency == Agency::Occ;
        p.mid(
            HEAD,
            ["INSTITUTION RATING", "Overall CRA Rating"][usize::from(occ)],
            6.0,
        );
        let subject = if occ { spec.name } else { "This institution" };
        let rated = format!("INSTITUTION’S CRA RATING: {subject} is rated {overall}.");
        p.para(BOLD, LEFT, &rated);
        self.tests(&mut p, spec.name, tests);
        p.y -= 6.0;
        p.para(
            BODY,
            LEFT,
            "The major factors that support this rating include:",
        );
        let mut said = Vec::new();
        for _ in 0..3 + self.draw.below(2) {
            let s = self.sentence();
            if p.y > BOTTOM + 30.0 && !said.contains(&s) {
                p.bullet(&s);
                said.push(s);
            }
        }
        p
    }

    fn narrative(&mut self, headings: &[&str]) -> Page {
        let mut p = Page::new();
        for heading in headings {
            if p.y > BOTTOM + 40.0 {
                p.line(St(true, 11.0), LEFT, heading);
                self.paragraph(&mut p);
            }
        }
        while p.y > BOTTOM + 40.0 {
            self.paragraph(&mut p);
        }
        p
    }

    fn area_page(&mut self, area: &Area, fallback: Level) -> Page {
        let ev = self.spec.evaluation;
        let tests = area_tests(ev, area);
        // The area's overall rating the evaluation gives, else its tests'.
        let given = ev.area_ratings.iter().find(|r| r.area == *area);
        let rating = given.map_or_else(|| area_rating(ev.kind, &tests, fallback), |r| r.level);
        let (heading, title, line) = area_words(area, rating);
        let mut p = Page::new();
        p.mid(HEAD, heading, 0.0);
        p.mid(HEAD, &title, 8.0);
        p.para(BOLD, LEFT, &line);
        self.tests(&mut p, &title, &tests);
        p.y -= 6.0;
        self.paragraph(&mut p);
        p
    }

    fn tests(&mut self, page: &mut Page, title: &str, tests: &[(Test, Level)]) {
        if self.spec.table && self.spec.evaluation.kind == Kind::Large {
            return self.table(page, title, tests);
        }
        for (test, level) in tests {
            let title = test.title();
            match self.style {
                0 => page.line(BODY, LEFT, &format!("The {title} is rated: {level}.")),
                1 => {
                    page.line(BOLD, LEFT, &format!("The {title} is rated:"));
                    page.line(BOLD, LEFT + 36.0, &level.as_str().to_uppercase());
                }
                _ => {
                    let title = title.to_lowercase();
                    page.line(BODY, LEFT, &format!("The {title} is rated {level}."));
                }
            }
            page.y -= 4.0;
        }
    }

    /// The table of performance levels: an X centred under each test's
    /// column header, on its level's row.
    fn table(&mut self, page: &mut Page, title: &str, tests: &[(Test, Level)]) {
        const CENTRES: [f32; 3] = [290.0, 390.0, 490.0];
        const HEADS: [[&str; 2]; 3] = [
            ["Lending", "Test*"],
            ["Investment", "Test"],
            ["Service", "Test"],
        ];
        page.centred(BOLD, 390.0, 300.0, title);
        page.centred(BOLD, 390.0, 300.0, "Performance Tests");
        page.rule(page.y + 11.0);
        let at = |page: &mut Page, i: usize, y: f32, text: &str| {
            page.run(BOLD, CENTRES[i] - width(text, BOLD) / 2.0, y, text);
        };
        let low = page.y - if self.split { 14.0 } else { 0.0 };
        for (i, [top, bottom]) in HEADS.iter().enumerate() {
            if self.split {
                at(page, i, page.y, top);
                at(page, i, low, bottom);
            } else {
                at(page, i, low, &format!("{top} {bottom}"));
            }
        }
        page.y = low;
        page.run(BOLD, LEFT, page.y, "Performance Levels");
        for level in FIVE {
            page.y -= 18.0;
            page.rule(page.y + 12.0);
            page.run(BODY, LEFT + 4.0, page.y, level.as_str());
            for (i, test) in LARGE.iter().enumerate() {
                if tests.contains(&(*test, level)) {
                    at(page, i, page.y, "X");
                }
            }
        }
        page.rule(page.y - 6.0);
        page.y -= 22.0;
        let note = "* The Lending Test is weighted more heavily than the Investment and Service Tests when arriving at an overall rating.";
        page.para(SMALL, LEFT, note);
    }
}

fn area_tests(ev: &Evaluation, area: &Area) -> Vec<(Test, Level)> {
    let tests = ev.tests.iter().filter(|t| t.area == *area);
    tests.map(|t| (t.test, t.level)).collect()
}

/// An area's rating: its tests combined, else the institution's.
pub fn area_rating(kind: Kind, tests: &[(Test, Level)], fallback: Level) -> Level {
    let find = |t: &Test| tests.iter().find(|(u, _)| u == t).map(|(_, l)| *l);
    let levels: Option<Vec<Level>> = tests_of(kind).iter().map(find).collect();
    levels.and_then(|l| combine(kind, &l)).unwrap_or(fallback)
}

/// An area's (group heading, title, rating line) as its section prints them.
fn area_words(area: &Area, rating: Level) -> (&'static str, String, String) {
    if let Area::Msa(name) = area {
        let line = format!("CRA rating for the {name} MMSA: {rating}");
        let group = "Multistate Metropolitan Statistical Area Rating";
        return (group, format!("{name} Multistate MSA"), line);
    }
    let state = state_name(area.as_str()).map_or(area.as_str(), |s| s.0);
    let line = format!("CRA rating for the State of {state}: {rating}");
    ("State Rating", format!("State of {state}"), line)
}

/// A one-page table of contents: (indent, label, page number), dot leaders.
pub(super) fn toc(entries: &[(f32, String, usize)]) -> Page {
    let mut p = Page::new();
    p.mid(HEAD, "Table of Contents", 10.0);
    let st = St(false, if entries.len() > 44 { 7.5 } else { 10.0 });
    for (x, label, page_no) in entries {
        let no = page_no.to_string();
        let no_x = RIGHT - width(&no, st);
        let label = wrap(label, st, RIGHT - x - 60.0).swap_remove(0);
        let room = no_x - 10.0 - x - width(&label, st);
        let dots = ".".repeat((room / width(".", st)).max(0.0) as usize);
        if p.y > BOTTOM {
            p.run(st, *x, p.y, &format!("{label} {dots}"));
            p.line(st, no_x, &no);
        }
    }
    p
}

/// The PE's pages in order, numbered, and the draw the scanned images
/// continue from.
pub(super) fn pages(spec: &PeSpec) -> (Vec<Page>, Draw) {
    let (ev, n) = (spec.evaluation, spec.narrative_pages);
    let mut draw = Draw::new(spec.seed, 0x5045);
    let (style, split) = (draw.below(3), draw.chance(0.5));
    let state = state_name(spec.state);
    let district = state.map_or_else(|| 1 + draw.below(12), |s| s.1);
    let state = state.map_or(spec.state, |s| s.0).to_string();
    let mut ctx = Ctx {
        spec,
        draw,
        state,
        style,
        split,
    };
    let mut areas: Vec<&Area> = Vec::new();
    for t in ev.tests.iter().filter(|t| t.area != Area::Institution) {
        if !areas.contains(&&t.area) {
            areas.push(&t.area);
        }
    }
    let inst = area_tests(ev, &Area::Institution);
    let overall = match ev.rating {
        Some(level) => [level, S][usize::from(!level.is_overall())],
        None => area_rating(ev.kind, &inst, S),
    };
    let district = DISTRICTS.split('|').nth(district - 1).unwrap_or_default();
    let agency = match spec.agency {
        Agency::Occ => "Office of the Comptroller of the Currency".to_string(),
        Agency::Fdic => "Federal Deposit Insurance Corporation".to_string(),
        Agency::Frb => format!("Federal Reserve Bank of {district}"),
    };
    // Page numbers: cover 1, contents 2 (with areas), rating, narrative, areas.
    let first = if areas.is_empty() { 3 } else { 4 };
    let section_page = |s: usize| first + s * n / 5;
    let mut pages = vec![ctx.cover(&agency)];
    if !areas.is_empty() {
        let mut entries = vec![(LEFT, "Overall CRA Rating".to_string(), first - 1)];
        for (s, heading) in SECTIONS.split('|').enumerate().filter(|_| n > 0) {
            entries.push((LEFT, heading.to_string(), section_page(s)));
        }
        for (k, area) in areas.iter().enumerate() {
            let (group, title, _) = area_words(area, overall);
            if k == 0 || area_words(areas[k - 1], overall).0 != group {
                entries.push((LEFT, group.to_string(), first + n + k));
            }
            entries.push((LEFT + 18.0, title, first + n + k));
        }
        pages.push(toc(&entries));
    }
    pages.push(ctx.rating_page(overall, &inst));
    for at in 0..n {
        let starts = SECTIONS.split('|').enumerate();
        let starts = starts.filter(|(s, _)| section_page(*s) == first + at);
        let headings: Vec<&str> = starts.map(|(_, h)| h).collect();
        pages.push(ctx.narrative(&headings));
    }
    for area in &areas {
        pages.push(ctx.area_page(area, overall));
    }
    for (i, p) in pages.iter_mut().enumerate().skip(1) {
        if spec.agency == Agency::Occ {
            p.run(SMALL, LEFT, 760.0, &id_line(&spec.id));
        }
        let no = (i + 1).to_string();
        p.run(SMALL, 306.0 - width(&no, SMALL) / 2.0, 40.0, &no);
    }
    (pages, ctx.draw)
}
