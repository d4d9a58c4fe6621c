//! The sandbox's public evaluations (PEs): a PDF laid out like the
//! agencies' real ones (cover, rating page, narrative, state and MSA
//! sections), written deterministically from a [`PeSpec`], and the test
//! ratings that go with an overall rating ([`draw_tests`]).
//!
//! Point rules ([`combine`] is the one place they live):
//! - Large: Lending 12/9/6/3/0, Investment and Service 6/4/3/1/0 for
//!   Outstanding / High Sat. / Low Sat. / Needs to Improve / Substantial
//!   Noncompliance; total ≥ 20 Outstanding, 11–19 Satisfactory, 5–10 Needs
//!   to Improve, 0–4 Substantial Noncompliance; a Lending Test below Low
//!   Satisfactory caps the overall at Needs to Improve.
//! - IntermediateSmall: Lending and Community Development, each 3/2/1/0 for
//!   Outstanding / Satisfactory / Needs to Improve / Substantial
//!   Noncompliance; sum ≥ 5 Outstanding (one Outstanding, the other at
//!   least Satisfactory), 4 Satisfactory (both Satisfactory, or Outstanding
//!   with Needs to Improve), 2–3 Needs to Improve, 0–1 Substantial
//!   Noncompliance.
//! - Small: the Lending Test is the overall. Other: one Community
//!   Development Test, equal to the overall.
//! - Rule2023: levels 10/7/5/3/0, weights Retail Lending 40%, Retail
//!   Services 10%, CD Financing 40%, CD Services 10% (computed in tenths:
//!   4a + b + 4c + d out of 100); ≥ 85 Outstanding, ≥ 45 Satisfactory,
//!   ≥ 15 Needs to Improve, else Substantial Noncompliance.

mod fonts;
mod layout;
mod page;
mod pdf;
mod places;
mod points;

use super::draw::Draw;
use crate::evaluation::model::{Evaluation, PrintedId};

#[cfg(test)]
use fonts::winansi;
pub use layout::area_rating;
pub use places::{long_date, state_name};
pub use points::draw_tests;

/// Which agency's layout and cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agency {
    Occ,
    Fdic,
    Frb,
}

/// What to write: the bank, the evaluation, and the layout's choices.
#[derive(Debug, Clone)]
pub struct PeSpec<'a> {
    pub agency: Agency,
    pub name: &'a str,
    pub city: &'a str,
    /// Two-letter code.
    pub state: &'a str,
    /// The number printed on the cover; its kind names the label.
    pub id: PrintedId,
    /// `YYYY-MM-DD`.
    pub date: &'a str,
    pub evaluation: &'a Evaluation,
    /// Institution- and area-level tests of a Large evaluation as the table
    /// of performance levels (else as sentences).
    pub table: bool,
    /// Pages as images only, no text.
    pub scanned: bool,
    /// Extra pages of narrative text.
    pub narrative_pages: usize,
    pub seed: u64,
}

/// The PE as a PDF, the same bytes for the same spec.
pub fn write(spec: &PeSpec) -> Vec<u8> {
    let (pages, mut draw) = layout::pages(spec);
    pdf::assemble(spec, &mut draw, &pages)
}

#[cfg(test)]
mod tests;
