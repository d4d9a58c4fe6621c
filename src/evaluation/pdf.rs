//! A bounded PDF reader: a file's bytes in, each page's text out as
//! positioned lines ([`Page`]). PDFs come from outside, so every cost has a
//! bound ([`Limits`]) and every failure is a [`SetAside`], never a panic.
//!
//! lopdf parses the objects (its parser caps nesting at 100 and bounds each
//! inflated stream); around it this module
//! - pre-scans the raw bytes: the `%PDF-` header, the file's size, and an
//!   estimate of how many objects lopdf will build (each costs ~100 bytes of
//!   memory however few bytes it takes in the file);
//! - inflates object streams itself during the load (a load filter), against
//!   the per-stream, total and object budgets;
//! - walks the page tree and content streams itself, with visited sets, a
//!   page bound, an operator bound and a nesting bound;
//! - runs all of it on its own thread with a large stack, whose panic (the
//!   last guard, not the defence) becomes `Damaged("unreadable")`.

use super::model::{Page, SetAside};
use content::Reader;
use scan::{count_objects, load};
use std::collections::HashMap;
use tree::page_tree;

mod content;
mod fonts;
pub use fonts::HELVETICA;
mod geometry;
mod lines;
mod scan;
mod tree;

/// The bounds on what reading one file may cost: every bound of the
/// reader, each enforced where the bytes it bounds are read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// The file's size: checked before anything else ([`Limits::admit`],
    /// by [`read`] and by a caller that knows a file's size before
    /// reading it).
    pub file_bytes: u64,
    /// What one stream may inflate to (a ToUnicode map's among them).
    pub stream_bytes: usize,
    /// What all streams together may inflate to.
    pub total_bytes: usize,
    /// The PDF objects (numbers, names, strings, arrays, dictionaries) the
    /// file may hold, as the pre-scan and the object streams count them.
    pub objects: usize,
    pub pages: usize,
    /// Nesting: the page tree, graphics states (`q`).
    pub depth: usize,
    /// Form XObjects drawn within each other.
    pub form_depth: usize,
    /// Content stream operators, all pages together.
    pub operators: usize,
    /// Fonts kept, all pages together (each with its widths and encoding).
    pub fonts: usize,
    /// The widths one composite font's `/W` gives.
    pub widths: usize,
}

impl Limits {
    /// A CRA evaluation is at most a few hundred pages and a few MB; these
    /// leave room for ten times that, and keep a reading under 300 MB
    /// whatever the file holds (lopdf keeps a file's streams, about twice
    /// its size). `objects`: lopdf holds each object in 120 bytes (its
    /// `Object`), twice that while a `Vec` grows: 600,000 keep its object
    /// graph under ~150 MB (measured: 2.9 million numbers peaked at 690
    /// MB, a million at 237 MB), while a real 20 MB compressed PDF counts
    /// ~0.3 million (compressed data counts about one in 60 bytes). A long
    /// PE with maps is a few megabytes, the largest real ones tens.
    pub const DEFAULT: Limits = Limits {
        file_bytes: 64 << 20,
        stream_bytes: 32 << 20,
        total_bytes: 128 << 20,
        objects: 600_000,
        pages: 2_000,
        depth: 64,
        form_depth: 16,
        operators: 5_000_000,
        fonts: 10_000,
        widths: 65_536,
    };

    /// Whether a file of `size` bytes may be read: over [`Limits::file_bytes`]
    /// it is set aside unread.
    pub fn admit(&self, size: u64) -> Result<(), SetAside> {
        if size > self.file_bytes {
            return Err(damaged(&format!(
                "over {}: no public evaluation is that long",
                crate::text::byte_size(self.file_bytes)
            )));
        }
        Ok(())
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// Reads the text of every page of a PDF, positioned.
pub fn read(bytes: &[u8], limits: &Limits) -> Result<Vec<Page>, SetAside> {
    limits.admit(bytes.len() as u64)?;
    let head = &bytes[..bytes.len().min(1024)];
    if !head.windows(5).any(|w| w == b"%PDF-") {
        return Err(damaged("not a PDF"));
    }
    if count_objects(bytes) > limits.objects {
        return Err(bound("objects", limits.objects));
    }
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("pdf-read".into())
            .stack_size(256 << 20)
            .spawn_scoped(scope, || read_document(bytes, limits));
        match worker {
            Ok(handle) => handle.join().unwrap_or_else(|_| Err(damaged("unreadable"))),
            Err(_) => Err(damaged("no thread to read it on")),
        }
    })
}

fn damaged(why: &str) -> SetAside {
    SetAside::Damaged(why.to_string())
}

fn bound(what: &str, limit: usize) -> SetAside {
    SetAside::Damaged(format!("{what} past the bound of {limit}"))
}

fn read_document(bytes: &[u8], limits: &Limits) -> Result<Vec<Page>, SetAside> {
    let doc = load(bytes, limits, false)?;
    let doc = if page_tree(&doc, limits)?.is_empty() {
        // The cross-reference data may describe the wrong objects: scan for them.
        match load(bytes, limits, true) {
            Ok(rebuilt) if !page_tree(&rebuilt, limits)?.is_empty() => rebuilt,
            _ => doc,
        }
    } else {
        doc
    };
    let found = page_tree(&doc, limits)?;
    if found.is_empty() {
        return Err(damaged("no pages"));
    }
    let mut reader = Reader {
        doc: &doc,
        limits,
        inflated: 0,
        operators: 0,
        fonts: HashMap::new(),
    };
    found.iter().map(|page| reader.page(page)).collect()
}

#[cfg(test)]
mod tests;
