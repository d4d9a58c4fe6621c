//! Public evaluations (PEs), the examiners' reports behind the ratings,
//! read from PDF: the PDF's text with its positions, read in bounded time
//! and memory whatever the file holds (`pdf`), then what the text says of
//! the institution and its test ratings (`parse`). Outside documents are
//! hostile by default: what cannot be read is set aside with its reason
//! ([`model::SetAside`]), never guessed at. Pure: no copy, no network.

pub mod model;
pub mod parse;
pub mod pdf;

pub use model::{Evaluation, SetAside};

/// What a PDF's bytes say as a PE, or why they were set aside; bounded in
/// time and memory by [`pdf::Limits::default`].
pub fn read(bytes: &[u8]) -> Result<Evaluation, SetAside> {
    let pages = pdf::read(bytes, &pdf::Limits::default())?;
    parse::parse(&pages)
}

#[cfg(test)]
mod tests;
