//! Tables of performance levels: the header's columns, the rows labelled
//! with a level, and the marks under each column.

use super::super::model::Area;
use super::areas::area_at;
use super::ratings::Found;
use super::text::level_at;
use super::text::{Doc, entries, normalise, one_of, window};
use crate::domain::{Level, Test};

/// Estimated width of one character in points: runs carry only their
/// start, so ats of header words are guessed from their length.
pub(super) const CHAR_W: f32 = 5.0;

/// Words that name a table column's test, in the order they are tried.
const COLUMN_WORDS: &str = "financing=cd_financing|development services=cd_services|\
    cd services=cd_services|retail services=retail_services|products=retail_services|\
    retail lending=retail_lending|community development=cd|investment=investment|\
    service=service|lending=lending";

/// Words a table's column header is made of; a line of only these next to
/// "Performance Levels" is part of the header (a bank's name is not).
const HEADER_WORDS: &str = "lending investment service services community development test \
    tests retail financing and products cd & performance levels level";

/// A span of words: left and right x (estimated), lowercase text.
struct Piece {
    x0: f32,
    x1: f32,
    text: String,
}

impl Piece {
    /// Widens the span to take `other` in and appends its words.
    fn join(&mut self, other: &Piece) {
        (self.x0, self.x1) = (self.x0.min(other.x0), self.x1.max(other.x1));
        self.text.push(' ');
        self.text.push_str(&other.text);
    }
}

/// Whether line `i` holds a table's "Performance Levels" header, on one
/// line or, in a narrow column, as "Performance" over "Levels".
pub(super) fn table_header(doc: &Doc, i: usize) -> bool {
    let first = |j: usize| {
        let line = doc.lines.get(j).filter(|l| l.page == doc.lines[i].page);
        let run = line.and_then(|l| l.runs.first());
        run.map(|r| normalise(window(&r.text, 0, 40)).to_ascii_lowercase())
    };
    let lower = doc.lower(i);
    let below = |j: usize| first(j).is_some_and(|t| t.starts_with("level"));
    lower.contains("performance level")
        || (first(i).as_deref() == Some("performance") && (i + 1..i + 3).any(below))
}

/// The table of performance levels whose "Performance Levels" header is
/// line `i`: column headers on it and on the lines of header words just
/// above (up to four) or below (up to six: a narrow column wraps them);
/// rows labelled with a level (maybe wrapped, "High" over "Satisfactory"),
/// holding X marks.
pub(super) fn table_at(doc: &Doc, i: usize, areas: &[(usize, Area)]) -> Vec<Found> {
    let page = doc.lines[i].page;
    let same = |j: usize| doc.lines.get(j).is_some_and(|l| l.page == page);
    let header_only = |j: usize| {
        let mut words = doc.lower(j).split(' ').map(|w| w.trim_matches(['*', ',']));
        same(j) && words.all(|w| one_of(HEADER_WORDS, w))
    };
    let up = (i.saturating_sub(4)..i).rev();
    let above = up.take_while(|&j| header_only(j));
    let below = (i + 1..i + 7).take_while(|&j| header_only(j));
    let (first, last) = (above.last().unwrap_or(i), below.last().unwrap_or(i));
    let columns = columns(doc, first..=last);
    let (mut labelled, mut loose) = (Vec::new(), Vec::new());
    // The first half of a label wrapped over two lines: its y and marks.
    let mut half: Option<(f32, &str, Vec<f32>)> = None;
    for j in (last + 1..last + 15).take_while(|&j| same(j)) {
        let (label, marks, y) = (level_at(doc.lower(j)), row_marks(doc, j), doc.lines[j].y);
        let wrapped = "noncompliance|non-compliance|satisfactory|improve|to improve";
        let only_marks = marks.len() == doc.lower(j).split(' ').count();
        if let Some((y0, head, xs)) = half.take() {
            let whole = level_at(&format!("{head} {}", doc.lower(j)));
            match whole {
                Some(level) => labelled.push(((y0 + y) / 2.0, level, [xs, marks].concat())),
                None if only_marks => {
                    loose.push((y, marks));
                    half = Some((y0, head, xs));
                }
                None => break,
            }
            continue;
        }
        let unmarked = |w: &&str| !["x", "\u{2713}", "\u{2714}"].contains(&w.trim_matches('*'));
        let words: Vec<&str> = doc.lower(j).split(' ').filter(unmarked).collect();
        let mut head = ["high", "low", "needs", "needs to"].into_iter();
        let head = head.find(|h| label.is_none() && *h == words.join(" "));
        if let Some(head) = head {
            half = Some((y, head, marks));
            continue;
        }
        match label {
            Some(level) => labelled.push((y, level, marks)),
            None if only_marks => loose.push((y, marks)),
            None if wrapped.split('|').any(|w| w == doc.lower(j)) => {}
            None => break,
        }
    }
    // Marks on a baseline of their own go to the nearest labelled row.
    for (y, marks) in loose {
        let rows = labelled.iter_mut().map(|r| ((r.0 - y).abs(), r));
        let rows = rows.filter(|(d, _)| *d <= 12.0);
        if let Some((_, row)) = rows.min_by(|a, b| a.0.total_cmp(&b.0)) {
            row.2.extend(marks);
        }
    }
    // Left to right, a column's top mark first.
    let rows = labelled.into_iter();
    let marks = rows.flat_map(|(_, l, xs)| xs.into_iter().map(move |x| (x, l)));
    let under = |(x, l): (f32, Level)| Some((nearest(&columns, x)?, l));
    let mut marked: Vec<_> = marks.filter_map(under).collect();
    // Columns by their left edge: a header wrapped over lines makes them
    // in the order their top words come, not left to right.
    marked.sort_by(|a, b| columns[a.0].1.x0.total_cmp(&columns[b.0].1.x0));
    let pos = doc.lines[i].at.start;
    let area = area_at(areas, pos);
    let found = |(c, level): (usize, Level)| Found(pos, area.clone(), columns[c].0, level);
    marked.into_iter().map(found).collect()
}

/// Columns from the header lines: pieces that overlap a piece of an
/// earlier line join its column ("Lending" over "Test*"); each column is
/// then named by the test its words spell.
fn columns(doc: &Doc, lines: std::ops::RangeInclusive<usize>) -> Vec<(Test, Piece)> {
    let mut cols: Vec<Piece> = Vec::new();
    for j in lines {
        let before = cols.len();
        for p in pieces(doc, j) {
            let overlap = |c: &Piece| p.x1.min(c.x1) - p.x0.max(c.x0);
            let with = cols[..before].iter_mut().map(|c| (overlap(c), c));
            let with = with.filter(|(o, _)| *o > 0.0);
            match with.max_by(|a, b| a.0.total_cmp(&b.0)) {
                Some((_, c)) => c.join(&p),
                None => cols.push(p),
            }
        }
    }
    let test = |c: &Piece| entries(COLUMN_WORDS).find(|(w, _)| c.text.contains(w));
    let named = |c: Piece| Some((Test::from_name(test(&c)?.1)?, c));
    cols.into_iter().filter_map(named).collect()
}

/// Words of a line, lowercase, with their run's index and estimated span.
/// Only a table's share is read (40 runs of 400 bytes): no table line is
/// longer, and it bounds the work a long line costs.
fn words(doc: &Doc, j: usize) -> Vec<(usize, Piece)> {
    let mut out = Vec::new();
    let runs = doc.lines.get(j).map_or(&[][..], |l| l.runs);
    for (r, run) in runs.iter().take(40).enumerate() {
        let mut chars = 0usize;
        let text = normalise(window(&run.text, 0, 400)).to_lowercase();
        for word in text.split(' ') {
            let (n, x0) = (word.chars().count(), run.x + chars as f32 * CHAR_W);
            chars += n + 1;
            let x1 = x0 + n as f32 * CHAR_W;
            let text = word.to_string();
            out.extend((n > 0).then_some((r, Piece { x0, x1, text })));
        }
    }
    out
}

/// A header line's words grouped into column headers: a group ends with
/// its run, after "Test" (or "Levels"), and before a word that starts a
/// test's name ("Lending Investment Service" in one run is three);
/// groups of the row-label header are dropped.
fn pieces(doc: &Doc, j: usize) -> Vec<Piece> {
    let mut out: Vec<Piece> = Vec::new();
    let (mut open, mut last_run, mut prev) = (false, usize::MAX, String::new());
    for (r, w) in words(doc, j) {
        let ends = w.text.starts_with("test") || w.text.starts_with("level");
        let starts = one_of("lending investment service community retail cd", &w.text)
            && !(w.text == "lending" && prev == "retail");
        let joins = open && r == last_run && !starts;
        (last_run, prev, open) = (r, w.text.clone(), !ends);
        match out.last_mut().filter(|_| joins) {
            Some(g) => g.join(&w),
            None => out.push(w),
        }
    }
    out.retain(|g| {
        let mut words = g.text.split(' ');
        let useful = words.any(|w| one_of(HEADER_WORDS, w.trim_matches('*')));
        useful && !g.text.contains("performance") && !g.text.contains("level")
    });
    // A real header has a handful of columns; this bounds the work.
    out.truncate(12);
    out
}

/// The x centres of a table row's marks (X, x, or a check mark).
fn row_marks(doc: &Doc, j: usize) -> Vec<f32> {
    let marks = words(doc, j).into_iter().map(|(_, w)| w);
    let marks = marks.filter(|w| ["x", "\u{2713}", "\u{2714}"].contains(&w.text.trim_matches('*')));
    marks.map(|w| (w.x0 + w.x1) / 2.0).collect()
}

/// The column a mark at `x` sits under: inside or nearest a header's
/// span, ties (overlapping spans) broken by the nearer centre.
fn nearest(columns: &[(Test, Piece)], x: f32) -> Option<usize> {
    let key = |c: &Piece| {
        let gap = (c.x0 - x).max(x - c.x1).max(0.0);
        let gap = if gap.is_nan() { f32::INFINITY } else { gap };
        (gap, ((c.x0 + c.x1) / 2.0 - x).abs())
    };
    let keyed = columns.iter().enumerate().map(|(i, (_, c))| (key(c), i));
    let best = keyed.min_by(|a, b| a.0.0.total_cmp(&b.0.0).then(a.0.1.total_cmp(&b.0.1)));
    best.map(|(_, i)| i)
}
