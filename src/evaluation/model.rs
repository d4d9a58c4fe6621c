//! What a public evaluation (PE) says, as the reader hands it on: the
//! page's text with its positions ([`Page`]), and what was read from it
//! ([`Evaluation`]). Pure types, shared by the PDF reader, the PE parser,
//! the copy and the sandbox that writes PEs.

use crate::domain::{Level, Test};

/// A piece of text drawn together on a page: `x` in points from the
/// page's left edge (of its first character), words separated by spaces.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub x: f32,
    pub text: String,
}

/// The runs that share a baseline, left to right; `y` in points from the
/// page's top.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub y: f32,
    pub runs: Vec<Run>,
}

impl Line {
    /// The line's text: its runs joined by one space.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for run in &self.runs {
            let piece = run.text.trim();
            if piece.is_empty() {
                continue;
            }
            if !out.is_empty() {
                out.push(' ');
            }
            out.push_str(piece);
        }
        out
    }
}

/// A page's lines, top to bottom.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Page {
    pub lines: Vec<Line>,
}

/// Where a test rating applies.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Area {
    Institution,
    /// A state, by its two-letter code.
    State(String),
    /// A multistate MSA, by its name as printed.
    Msa(String),
}

impl Area {
    /// As the copy stores it: `institution`, `TX`, or the MSA's name.
    pub fn as_str(&self) -> &str {
        match self {
            Area::Institution => "institution",
            Area::State(code) | Area::Msa(code) => code,
        }
    }
}

/// The evaluation's kind: which rule, which size of bank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// 1995 rule, large bank: Lending, Investment, Service Tests.
    Large,
    /// 1995 rule, intermediate small bank: Lending and CD Tests.
    IntermediateSmall,
    /// 1995 rule, small bank: the Lending Test.
    Small,
    /// 2023 rule: its four tests.
    Rule2023,
    /// Tests that fit none of the above (a wholesale bank, a strategic plan).
    Other,
}

impl Kind {
    /// As the copy stores it (`evaluations.kind`).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Large => "large",
            Kind::IntermediateSmall => "intermediate_small",
            Kind::Small => "small",
            Kind::Rule2023 => "rule_2023",
            Kind::Other => "other",
        }
    }
}

/// The identifier a PE prints on its cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IdKind {
    /// "Charter Number" (OCC).
    OccCharter,
    /// "Certificate Number" (FDIC).
    FdicCert,
    /// "RSSD ID Number", "RSSD No." (Federal Reserve).
    Rssd,
    /// "Docket Number" (former OTS thrifts).
    OtsDocket,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrintedId {
    pub kind: IdKind,
    /// The digits, leading zeros removed.
    pub number: u64,
}

/// One test rating of one area.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestRating {
    pub area: Area,
    pub test: Test,
    pub level: Level,
}

/// The overall rating a PE gives a state or multistate MSA ("CRA rating
/// for the State of Ohio: Satisfactory").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AreaRating {
    pub area: Area,
    pub level: Level,
}

/// What a PE says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// The institution's name as the cover prints it.
    pub name: String,
    pub ids: Vec<PrintedId>,
    /// The evaluation's date, `YYYY-MM-DD`.
    pub date: Option<String>,
    /// The institution's overall rating.
    pub rating: Option<Level>,
    pub kind: Kind,
    /// Institution-level first, then each state and MSA in the PE's order.
    pub tests: Vec<TestRating>,
    /// Each state's and multistate MSA's overall rating, in the PE's order.
    pub area_ratings: Vec<AreaRating>,
}

/// Why a PDF was set aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetAside {
    /// Pages as images: no text to read (scanned).
    NoText,
    /// Text, but not a CRA performance evaluation (the reason).
    NotEvaluation(String),
    /// Encrypted.
    Encrypted,
    /// Not a PDF, truncated, malformed, or past a bound (the reason).
    Damaged(String),
}

impl SetAside {
    /// The summary's key it counts under.
    pub fn key(&self) -> &'static str {
        match self {
            SetAside::NoText => "no_text",
            SetAside::NotEvaluation(_) => "not_evaluation",
            SetAside::Encrypted | SetAside::Damaged(_) => "damaged",
        }
    }

    /// One line for a person.
    pub fn reason(&self) -> String {
        match self {
            SetAside::NoText => "no text (a scanned evaluation?)".into(),
            SetAside::NotEvaluation(why) => format!("not a CRA performance evaluation: {why}"),
            SetAside::Encrypted => "encrypted".into(),
            SetAside::Damaged(why) => format!("damaged: {why}"),
        }
    }
}
