//! The CRA's vocabulary as types: the four ratings (best first), the exam
//! types the service filters by, and the regulators. Each is open: a value
//! the service sends that is not among the known ones is kept as `Other`
//! with its text, compared and printed as sent.

use std::fmt;

/// A CRA rating. The four the statute defines, best first, or another text.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Rating {
    Outstanding,
    Satisfactory,
    NeedsToImprove,
    SubstantialNoncompliance,
    Other(String),
}

impl Rating {
    /// The four ratings the CRA defines, best first, as the service spells them.
    pub const NAMES: [&'static str; 4] = [
        "Outstanding",
        "Satisfactory",
        "Needs to Improve",
        "Substantial Noncompliance",
    ];

    /// The rating a text names exactly (the service's spelling), or `Other`.
    pub fn from_text(text: &str) -> Rating {
        match text {
            "Outstanding" => Rating::Outstanding,
            "Satisfactory" => Rating::Satisfactory,
            "Needs to Improve" => Rating::NeedsToImprove,
            "Substantial Noncompliance" => Rating::SubstantialNoncompliance,
            other => Rating::Other(other.to_string()),
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            Rating::Outstanding => Rating::NAMES[0],
            Rating::Satisfactory => Rating::NAMES[1],
            Rating::NeedsToImprove => Rating::NAMES[2],
            Rating::SubstantialNoncompliance => Rating::NAMES[3],
            Rating::Other(text) => text,
        }
    }

    /// The place on the scale, 0 best; none for a rating outside the four.
    pub fn rank(&self) -> Option<usize> {
        Rating::rank_of(self.as_str())
    }

    /// [`Rating::rank`] of a text, without building a `Rating`.
    pub fn rank_of(text: &str) -> Option<usize> {
        Rating::NAMES.iter().position(|r| *r == text)
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The exam type of a rating, which the service's `size` filter selects by.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ExamType {
    LargeBank,
    SmallBank,
    IntermediateSmallBank,
    Other(String),
}

impl ExamType {
    /// The exam types the service accepts as `size`, exactly as it spells them.
    pub const SIZES: [&'static str; 3] = ["Large Bank", "Small Bank", "Intermediate Small Bank"];

    pub fn from_text(text: &str) -> ExamType {
        match text {
            "Large Bank" => ExamType::LargeBank,
            "Small Bank" => ExamType::SmallBank,
            "Intermediate Small Bank" => ExamType::IntermediateSmallBank,
            other => ExamType::Other(other.to_string()),
        }
    }

    /// A size as a user types it: an exact exam type or an alias (large,
    /// small, intermediate), any case; none for anything else.
    pub fn from_alias(text: &str) -> Option<ExamType> {
        match text.trim().to_ascii_lowercase().as_str() {
            "large" | "large bank" => Some(ExamType::LargeBank),
            "small" | "small bank" => Some(ExamType::SmallBank),
            "intermediate" | "intermediate small" | "intermediate small bank" => {
                Some(ExamType::IntermediateSmallBank)
            }
            _ => None,
        }
    }

    pub fn as_str(&self) -> &str {
        match self {
            ExamType::LargeBank => ExamType::SIZES[0],
            ExamType::SmallBank => ExamType::SIZES[1],
            ExamType::IntermediateSmallBank => ExamType::SIZES[2],
            ExamType::Other(text) => text,
        }
    }
}

impl fmt::Display for ExamType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A regulating agency's abbreviation. The service does not publish the
/// set; these are the agencies of the public CRA ratings file.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Regulator(pub String);

impl Regulator {
    pub const KNOWN: [&'static str; 4] = ["FDIC", "OCC", "FRB", "OTS"];

    pub fn is_known(&self) -> bool {
        Regulator::KNOWN.contains(&self.0.as_str())
    }
}

impl fmt::Display for Regulator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn ratings_rank_best_first() {
        assert_eq!(Rating::Outstanding.rank(), Some(0));
        assert_eq!(Rating::SubstantialNoncompliance.rank(), Some(3));
        assert_eq!(Rating::from_text("Glorious").rank(), None);
    }

    #[test]
    fn exam_type_aliases() {
        assert_eq!(ExamType::from_alias("LARGE"), Some(ExamType::LargeBank));
        assert_eq!(
            ExamType::from_alias(" intermediate small "),
            Some(ExamType::IntermediateSmallBank)
        );
        assert_eq!(ExamType::from_alias("medium"), None);
    }

    proptest! {
        #[test]
        fn any_text_round_trips(text in ".*") {
            let rating = Rating::from_text(&text);
            prop_assert_eq!(rating.as_str(), text.as_str());
            let exam_type = ExamType::from_text(&text);
            prop_assert_eq!(exam_type.as_str(), text.as_str());
        }
    }
}
