//! The code lists of the lending files: agency codes (whose number a
//! respondent ID is), loan types, actions, income groups and their
//! categories, and the report levels that say what a row sums.

use crate::domain::Regulator;

/// The agency a reporter reports to: its respondent ID is that agency's
/// own number for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Agency {
    /// `1`: the OCC; the respondent ID is the OCC charter number.
    Occ,
    /// `2`: the Federal Reserve; the respondent ID is the RSSD ID.
    Frb,
    /// `3`: the FDIC; the respondent ID is the FDIC certificate.
    Fdic,
    /// `4`: the OTS (to 2010); the respondent ID is the OTS docket.
    Ots,
}

impl Agency {
    pub const ALL: [Agency; 4] = [Agency::Occ, Agency::Frb, Agency::Fdic, Agency::Ots];

    /// The code the files give (`1` ... `4`).
    pub fn code(self) -> u8 {
        match self {
            Agency::Occ => 1,
            Agency::Frb => 2,
            Agency::Fdic => 3,
            Agency::Ots => 4,
        }
    }

    pub fn from_code(code: u64) -> Option<Agency> {
        Agency::ALL
            .into_iter()
            .find(|a| u64::from(a.code()) == code)
    }

    /// The regulator, as the ratings file and the copy name it.
    pub fn regulator(self) -> Regulator {
        match self {
            Agency::Occ => Regulator::Occ,
            Agency::Frb => Regulator::Frb,
            Agency::Fdic => Regulator::Fdic,
            Agency::Ots => Regulator::Ots,
        }
    }
}

/// Small business or small farm loans (loan type `4`, `5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LoanKind {
    SmallBusiness,
    SmallFarm,
}

impl LoanKind {
    /// As the copy records it (`lending.kind`).
    pub fn as_str(self) -> &'static str {
        match self {
            LoanKind::SmallBusiness => "small_business",
            LoanKind::SmallFarm => "small_farm",
        }
    }

    /// The loan type code of the records.
    pub fn code(self) -> &'static str {
        match self {
            LoanKind::SmallBusiness => "4",
            LoanKind::SmallFarm => "5",
        }
    }
}

/// The loan type code of community development loans (D5-0).
pub const CD_LOAN_TYPE: &str = "6";

/// Loans originated or purchased (action `1`, `6`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    Originated,
    Purchased,
}

impl Action {
    /// As the copy records it (`lending.action`).
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Originated => "originated",
            Action::Purchased => "purchased",
        }
    }

    /// The action code of the records.
    pub fn code(self) -> &'static str {
        match self {
            Action::Originated => "1",
            Action::Purchased => "6",
        }
    }
}

/// The income category of a tract (its median family income as a share
/// of its area's: low under 50 %, moderate 50 to under 80 %, middle 80 to
/// under 120 %, upper 120 % and over), or not known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    Low,
    Moderate,
    Middle,
    Upper,
    Unknown,
}

impl Category {
    pub const ALL: [Category; 5] = [
        Category::Low,
        Category::Moderate,
        Category::Middle,
        Category::Upper,
        Category::Unknown,
    ];

    /// As the copy records it (`income_group`).
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Low => "low",
            Category::Moderate => "moderate",
            Category::Middle => "middle",
            Category::Upper => "upper",
            Category::Unknown => "unknown",
        }
    }

    /// A code of the four-category scheme (`S` counties) for it.
    pub fn small_county_code(self) -> &'static str {
        match self {
            Category::Low => "101",
            Category::Moderate => "102",
            Category::Middle => "103",
            Category::Upper => "104",
            Category::Unknown => "105",
        }
    }
}

/// The category of an income group code: the ten-point scheme of large
/// counties (`001`-`015`) or the four categories of small ones
/// (`101`-`106`). `011` and `012` (100-120 %) are middle, as the CRA
/// defines it. None for a code no list has.
pub fn category(code: &str) -> Option<Category> {
    Some(match code {
        "001" | "002" | "003" | "004" | "005" | "101" => Category::Low,
        "006" | "007" | "008" | "102" => Category::Moderate,
        "009" | "010" | "011" | "012" | "103" => Category::Middle,
        "013" | "104" => Category::Upper,
        // Income not known; tract not known.
        "014" | "015" | "105" | "106" => Category::Unknown,
        _ => return None,
    })
}

/// Whether an income group code says the tract was not known (`015`,
/// `106`): such loans have no tract row.
pub fn tract_unknown(code: &str) -> bool {
    matches!(code, "015" | "106")
}

/// What a disclosure D1-1 ... D2-2 row's report level says of a county
/// row: `040` the county's loans (None: inside and outside together),
/// `050` inside its assessment area (Some(true)), `060` outside them
/// (Some(false)). None for every other level (states, the whole
/// reporter, MSAs: the same loans again at a higher level).
pub fn county_level(level: &str) -> Option<Option<bool>> {
    match level {
        "040" => Some(None),
        "050" => Some(Some(true)),
        "060" => Some(Some(false)),
        _ => None,
    }
}

/// The report level of the aggregate's A1-1 ... A2-2 rows of a county's
/// income group (1997 on); a county's total is 200, an MSA's 210, a
/// tract's blank.
pub const MARKET_INCOME_LEVEL: &str = "100";

/// The area field of a place outside every assessment area (`NA`), and
/// of one outside every MSA.
pub const NOT_APPLICABLE: &str = "NA";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_has_its_category_and_011_012_are_middle() {
        let low = ["001", "002", "003", "004", "005", "101"];
        assert!(low.iter().all(|c| category(c) == Some(Category::Low)));
        assert_eq!(category("008"), Some(Category::Moderate));
        assert_eq!(category("011"), Some(Category::Middle));
        assert_eq!(category("012"), Some(Category::Middle));
        assert_eq!(category("013"), Some(Category::Upper));
        assert_eq!(category("104"), Some(Category::Upper));
        for unknown in ["014", "015", "105", "106"] {
            assert_eq!(category(unknown), Some(Category::Unknown));
        }
        assert_eq!(category("016"), None);
        assert_eq!(category(""), None);
        assert!(tract_unknown("106") && !tract_unknown("105"));
        for c in Category::ALL {
            assert_eq!(category(c.small_county_code()), Some(c));
        }
    }

    #[test]
    fn agencies_are_their_codes_and_regulators() {
        assert_eq!(Agency::from_code(3), Some(Agency::Fdic));
        assert_eq!(Agency::from_code(5), None);
        assert_eq!(Agency::Ots.regulator(), Regulator::Ots);
        assert_eq!(county_level("050"), Some(Some(true)));
        assert_eq!(county_level("004"), None);
    }
}
