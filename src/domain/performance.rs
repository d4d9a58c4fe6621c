//! The words of an evaluation's test ratings: the tests a public
//! evaluation (PE) rates ([`Test`]) and the performance levels it rates
//! them at ([`Level`]). A selection's words (`--test lending=high-sat`),
//! the copy's (`evaluation_tests`), the charts' (`stats --by lending-test`)
//! and the PE reader's, which hands them on.

use std::fmt;

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
