//! What goes wrong reading the FFIEC file, each said in one line: a
//! zip's files listed a few at most (a zip may hold 100,000).

use std::io;

use jiff::civil::Date;

use super::{InstitutionKey, TEXT_NAME};
use crate::domain::Rating;

/// The most names of a zip's files an error lists.
pub(super) const LISTED: usize = 5;

/// A malformed or unreadable FFIEC file. `Line` names the line (1-based)
/// of the text; the caller adds which file or address it was.
#[derive(Debug, thiserror::Error)]
pub enum FfiecError {
    #[error("line {line}: {what}")]
    Line { line: u64, what: String },
    #[error("an HTML page, not the FFIEC file")]
    Html,
    #[error("empty, not the FFIEC file")]
    Empty,
    #[error(
        "not the FFIEC file: neither a zip nor its tab-separated text (it starts with {start})"
    )]
    NotFfiec { start: String },
    #[error("a zip without {TEXT_NAME} (it holds {})", list(.names, *.count))]
    NoText { names: Vec<String>, count: usize },
    #[error("a zip with two {TEXT_NAME}, {first} and {second}: which is the file is unclear")]
    TwoTexts { first: String, second: String },
    #[error("not a readable zip: {0}")]
    Zip(String),
    #[error("a damaged zip: {0}")]
    Damaged(String),
    /// `over 64 MiB of text unzipped`, `over 500,000 lines`.
    #[error("{0}: not the FFIEC file, which is about 5 MB of text in 80,000 lines")]
    TooBig(String),
    #[error(
        "line {line} repeats the exam of line {first} ({key}, {date}){}",
        rated(.ratings)
    )]
    Repeated {
        line: u64,
        first: u64,
        key: InstitutionKey,
        date: Date,
        /// The two ratings, when they differ.
        ratings: Option<(Rating, Rating)>,
    },
    #[error("cannot read it: {0}")]
    Io(#[from] io::Error),
}

/// The first few names of a zip's `count` files (a zip may hold 100,000).
fn list(names: &[String], count: usize) -> String {
    let shown: Vec<String> = names
        .iter()
        .take(LISTED)
        .map(|n| crate::text::inert(&crate::text::clip(n, 60)).into_owned())
        .collect();
    match count {
        0 => "no files".to_string(),
        n if n <= LISTED => shown.join(", "),
        n => format!(
            "{} files: {}, …",
            crate::text::thousands(n as u64),
            shown.join(", ")
        ),
    }
}

/// `, rated Satisfactory there and Outstanding here` when they differ.
fn rated(ratings: &Option<(Rating, Rating)>) -> String {
    match ratings {
        Some((first, here)) => format!(
            ", rated {} there and {} here",
            first.as_str(),
            here.as_str()
        ),
        None => String::new(),
    }
}
