//! What a public evaluation (PE) says, as the reader hands it on: the
//! page's text with its positions ([`Page`]), and what was read from it
//! ([`Evaluation`]). Pure types, shared by the PDF reader, the PE parser,
//! the copy and the sandbox that writes PEs.

use std::fmt;

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

/// A performance level: the overall rating's four, and the tests' five of
/// a large bank (High and Low Satisfactory kept apart).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    Outstanding,
    HighSatisfactory,
    Satisfactory,
    LowSatisfactory,
    NeedsToImprove,
    SubstantialNoncompliance,
}

impl Level {
    pub const ALL: [Level; 6] = [
        Level::Outstanding,
        Level::HighSatisfactory,
        Level::Satisfactory,
        Level::LowSatisfactory,
        Level::NeedsToImprove,
        Level::SubstantialNoncompliance,
    ];

    /// As the copy stores it and a PE prints it.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Outstanding => "Outstanding",
            Level::HighSatisfactory => "High Satisfactory",
            Level::Satisfactory => "Satisfactory",
            Level::LowSatisfactory => "Low Satisfactory",
            Level::NeedsToImprove => "Needs to Improve",
            Level::SubstantialNoncompliance => "Substantial Noncompliance",
        }
    }

    /// As `--test` takes it: `high-satisfactory`.
    pub fn slug(self) -> &'static str {
        match self {
            Level::Outstanding => "outstanding",
            Level::HighSatisfactory => "high-satisfactory",
            Level::Satisfactory => "satisfactory",
            Level::LowSatisfactory => "low-satisfactory",
            Level::NeedsToImprove => "needs-to-improve",
            Level::SubstantialNoncompliance => "substantial-noncompliance",
        }
    }

    /// From the stored text or a slug, any case; `Needs Improvement` too.
    pub fn from_text(text: &str) -> Option<Level> {
        let key: String = text
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        Some(match key.as_str() {
            "outstanding" => Level::Outstanding,
            "highsatisfactory" | "highsat" => Level::HighSatisfactory,
            "satisfactory" => Level::Satisfactory,
            "lowsatisfactory" | "lowsat" => Level::LowSatisfactory,
            "needstoimprove" | "needsimprovement" => Level::NeedsToImprove,
            "substantialnoncompliance" => Level::SubstantialNoncompliance,
            _ => return None,
        })
    }

    /// One of the four an overall rating can be.
    pub fn is_overall(self) -> bool {
        !matches!(self, Level::HighSatisfactory | Level::LowSatisfactory)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A test a PE rates: the 1995 rule's four and the 2023 rule's four.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Test {
    Lending,
    Investment,
    Service,
    CommunityDevelopment,
    RetailLending,
    RetailServices,
    CdFinancing,
    CdServices,
}

impl Test {
    pub const ALL: [Test; 8] = [
        Test::Lending,
        Test::Investment,
        Test::Service,
        Test::CommunityDevelopment,
        Test::RetailLending,
        Test::RetailServices,
        Test::CdFinancing,
        Test::CdServices,
    ];

    /// As the copy stores it (`evaluation_tests.test`) and `--test` takes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Test::Lending => "lending",
            Test::Investment => "investment",
            Test::Service => "service",
            Test::CommunityDevelopment => "community_development",
            Test::RetailLending => "retail_lending",
            Test::RetailServices => "retail_services",
            Test::CdFinancing => "cd_financing",
            Test::CdServices => "cd_services",
        }
    }

    /// As a PE names it: "Lending Test".
    pub fn title(self) -> &'static str {
        match self {
            Test::Lending => "Lending Test",
            Test::Investment => "Investment Test",
            Test::Service => "Service Test",
            Test::CommunityDevelopment => "Community Development Test",
            Test::RetailLending => "Retail Lending Test",
            Test::RetailServices => "Retail Services and Products Test",
            Test::CdFinancing => "Community Development Financing Test",
            Test::CdServices => "Community Development Services Test",
        }
    }

    /// From a stored name or `--test`'s (`cd` for community development).
    pub fn from_name(text: &str) -> Option<Test> {
        let key = text.trim().to_ascii_lowercase().replace('-', "_");
        if key == "cd" {
            return Some(Test::CommunityDevelopment);
        }
        Test::ALL.into_iter().find(|t| t.as_str() == key)
    }
}

impl fmt::Display for Test {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_tests_read_back_what_they_print() {
        for level in Level::ALL {
            assert_eq!(Level::from_text(level.as_str()), Some(level));
            assert_eq!(Level::from_text(level.slug()), Some(level));
            assert_eq!(
                Level::from_text(&level.as_str().to_uppercase()),
                Some(level)
            );
        }
        for test in Test::ALL {
            assert_eq!(Test::from_name(test.as_str()), Some(test));
        }
        assert_eq!(Test::from_name("cd"), Some(Test::CommunityDevelopment));
        assert_eq!(Level::from_text("low-sat"), Some(Level::LowSatisfactory));
        assert_eq!(Level::from_text("High-Sat"), Some(Level::HighSatisfactory));
        assert_eq!(Test::from_name("lendings"), None);
        assert_eq!(Level::from_text("Satisfactory-ish"), None);
    }
}
