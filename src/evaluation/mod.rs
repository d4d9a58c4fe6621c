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
/// time and memory by [`pdf::Limits::DEFAULT`], bytes past [`FILE_BYTES`]
/// set aside unread.
pub fn read(bytes: &[u8]) -> Result<Evaluation, SetAside> {
    let pages = pdf::read(bytes, &pdf::Limits::DEFAULT)?;
    parse::parse(&pages)
}

/// This reader's version, as the copy records what read each file
/// (`evaluations.reader`): raised when what it reads from a file changes,
/// so that a file an earlier reader read is read again. 1: every reader
/// before schema 7; 2: each state's and multistate MSA's overall rating
/// read.
pub const READER: i64 = 2;

/// The most bytes of one file [`read`] reads: a caller reads a file or an
/// address no further than one byte past it, and [`read`] sets aside what
/// is over it.
pub const FILE_BYTES: u64 = pdf::Limits::DEFAULT.file_bytes;

/// A file of `size` bytes, as its metadata says before it is read: set
/// aside unread when over [`FILE_BYTES`], as [`read`] would set its bytes
/// aside.
pub fn admit(size: u64) -> Result<(), SetAside> {
    pdf::Limits::DEFAULT.admit(size)
}

#[cfg(test)]
mod tests;
