//! The document's text, normalised once, and the small helpers every
//! reader of it shares.

use super::super::model::{Page, Run};
use crate::domain::Level;
use std::ops::Range;

/// One non-empty line: where its normalised text sits in the document.
pub(super) struct Ln<'a> {
    pub(super) page: usize,
    pub(super) y: f32,
    pub(super) runs: &'a [Run],
    /// Where its text sits in the document's.
    pub(super) at: Range<usize>,
}

/// The whole text, lines joined by a space, and its lowercase twin.
pub(super) struct Doc<'a> {
    pub(super) lines: Vec<Ln<'a>>,
    pub(super) text: String,
    pub(super) lower: String,
}

impl<'a> Doc<'a> {
    pub(super) fn new(pages: &'a [Page]) -> Doc<'a> {
        let (mut lines, mut text, mut glue) = (Vec::new(), String::new(), false);
        let lines_of = |(n, p): (usize, &'a Page)| p.lines.iter().map(move |l| (n, l));
        for (page, line) in pages.iter().enumerate().flat_map(lines_of) {
            let raw = line.text();
            let norm = normalise(&raw);
            if norm.is_empty() {
                continue;
            }
            if !text.is_empty() && !glue {
                text.push(' ');
            }
            // A soft hyphen ending a line splits a word: join it back.
            glue = raw.ends_with('\u{AD}');
            let start = text.len();
            text.push_str(&norm);
            let (y, runs, at) = (line.y, line.runs.as_slice(), start..text.len());
            lines.push(Ln { page, y, runs, at });
        }
        let lower = text.to_ascii_lowercase();
        Doc { lines, text, lower }
    }

    pub(super) fn text(&self, i: usize) -> &str {
        self.lines.get(i).map_or("", |l| &self.text[l.at.clone()])
    }

    pub(super) fn lower(&self, i: usize) -> &str {
        self.lines.get(i).map_or("", |l| &self.lower[l.at.clone()])
    }
}

/// Folds what PDFs vary in and a reader should not see: every kind of
/// space to one, curly quotes to straight, dashes to '-', an ellipsis to
/// three dots, invisible characters dropped. (Ligatures are letters
/// already: the PDF reader folds them as it decodes a string,
/// `pdf::content::plain`.)
pub(super) fn normalise(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    for c in raw.chars() {
        let folded = match c {
            '\u{2018}' | '\u{2019}' | '\u{201B}' | '\u{2032}' | '\u{02BC}' | '`' | '\u{B4}' => '\'',
            '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{2033}' => '"',
            '\u{2010}'..='\u{2014}' | '\u{2212}' => '-',
            '\u{AD}' | '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' => continue,
            '\u{2026}' => {
                out.push_str("...");
                continue;
            }
            c if c.is_whitespace() || c.is_control() => ' ',
            c => c,
        };
        if folded != ' ' || !(out.is_empty() || out.ends_with(' ')) {
            out.push(folded);
        }
    }
    out.truncate(out.trim_end().len());
    out
}

/// The entries of a `|`-separated table, each split at its `=`.
pub(super) fn entries(table: &'static str) -> impl Iterator<Item = (&'static str, &'static str)> {
    let entry = |e: &'static str| e.split_once('=').unwrap_or((e, ""));
    table.split('|').map(entry)
}

/// `word` is one of the space-separated `words`.
pub(super) fn one_of(words: &str, word: &str) -> bool {
    words.split(' ').any(|w| w == word)
}

/// At most `n` bytes of `s` from `from`, cut back to a char boundary.
pub(super) fn window(s: &str, from: usize, n: usize) -> &str {
    let mut end = from.saturating_add(n).min(s.len());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s.get(from..end).unwrap_or("")
}

/// Level wordings, High/Low before the bare "satisfactory" they hold;
/// "substantial" alone is a row label wrapped onto two lines.
const LEVELS: &str = "high satisfactory|low satisfactory|needs to improve|needs improvement|\
    substantial noncompliance|substantial non-compliance|outstanding|satisfactory|substantial";

/// The level a (lowercase) text starts with, after ':' quotes and "as".
pub(super) fn level_at(s: &str) -> Option<Level> {
    let s = s.trim_start_matches([' ', ':', '-', '"', '\'']);
    let s = s.strip_prefix("as ").unwrap_or(s);
    LEVELS.split('|').find_map(|word| {
        let rest = s.strip_prefix(word)?;
        let level = Level::from_text(word).unwrap_or(Level::SubstantialNoncompliance);
        (!rest.starts_with(|c: char| c.is_ascii_alphanumeric())).then_some(level)
    })
}
