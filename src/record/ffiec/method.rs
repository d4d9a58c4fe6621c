//! The file's exam method codes and the asset bands of each year: what
//! the service's exam type is for an exam whose code does not say it
//! (data/README.md's `exam_type_filled`), and what assets an exam of a
//! type can have (the sandbox draws them within the bands).

use std::fmt;

use jiff::civil::Date;

use crate::domain::ExamType;

/// The exam method code of the file. Unknown codes are kept: the FFIEC
/// may add some, and 4 and 5 do not occur in the 2021 file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExamMethod(pub u8);

impl ExamMethod {
    pub const LARGE_BANK: ExamMethod = ExamMethod(1);
    pub const SMALL_BANK: ExamMethod = ExamMethod(2);
    pub const STRATEGIC_PLAN: ExamMethod = ExamMethod(3);
    pub const WHOLESALE_LIMITED_PURPOSE: ExamMethod = ExamMethod(6);
    pub const INTERMEDIATE_SMALL_BANK: ExamMethod = ExamMethod(7);
    pub const ASSESSMENT_FACTORS: ExamMethod = ExamMethod(8);
    pub const OTHER: ExamMethod = ExamMethod(9);

    /// The names of the known codes (data/README.md's table; 4, 5, 8 and
    /// 9 are worded from third-party parsers and the data, unverified).
    pub const NAMES: [(u8, &'static str); 9] = [
        (1, "Large Bank"),
        (2, "Small Bank"),
        (3, "Strategic Plan"),
        (4, "Limited Purpose"),
        (5, "Wholesale"),
        (6, "Wholesale/Limited Purpose"),
        (7, "Intermediate Small Bank"),
        (8, "Assessment Factors (pre-1995 rules)"),
        (9, "Other / not specified"),
    ];

    pub fn code(self) -> u8 {
        self.0
    }

    /// The FFIEC's name for it; none for a code it does not know.
    pub fn name(self) -> Option<&'static str> {
        Self::NAMES
            .iter()
            .find(|(code, _)| *code == self.0)
            .map(|(_, name)| *name)
    }

    /// A method as a user names it: its name in any case, or its code.
    #[cfg(test)]
    pub fn from_name(text: &str) -> Option<ExamMethod> {
        let text = text.trim();
        if let Ok(code) = text.parse::<u8>() {
            return Some(ExamMethod(code));
        }
        Self::NAMES
            .iter()
            .find(|(_, name)| name.eq_ignore_ascii_case(text))
            .map(|(code, _)| ExamMethod(*code))
    }

    /// The service's exam type when the code says it (1, 2 and 7).
    pub fn exam_type(self) -> Option<ExamType> {
        match self.0 {
            1 => Some(ExamType::LargeBank),
            2 => Some(ExamType::SmallBank),
            7 => Some(ExamType::IntermediateSmallBank),
            _ => None,
        }
    }
}

impl fmt::Display for ExamMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => write!(f, "code {}", self.0),
        }
    }
}

/// The day the Intermediate Small Bank rule took effect.
pub const ISB_RULE: Date = jiff::civil::date(2005, 9, 1);
/// Before it: Small below $250 million (in thousands), else Large.
pub const PRE_ISB_SMALL_BELOW: u64 = 250_000;

/// `(year, small below, large from)` in thousands of dollars: the agencies'
/// CPI-indexed thresholds of each year (2005 to 2021 as `convert.py` has
/// them; 2022 to 2025 from the agencies' announcements, see
/// docs/service.md). A later year takes the last one.
pub const ISB_THRESHOLDS: [(i16, u64, u64); 21] = [
    (2005, 250_000, 1_000_000),
    (2006, 250_000, 1_000_000),
    (2007, 258_000, 1_033_000),
    (2008, 265_000, 1_061_000),
    (2009, 277_000, 1_109_000),
    (2010, 274_000, 1_098_000),
    (2011, 280_000, 1_122_000),
    (2012, 290_000, 1_160_000),
    (2013, 296_000, 1_186_000),
    (2014, 300_000, 1_202_000),
    (2015, 305_000, 1_221_000),
    (2016, 304_000, 1_216_000),
    (2017, 307_000, 1_226_000),
    (2018, 313_000, 1_252_000),
    (2019, 321_000, 1_284_000),
    (2020, 326_000, 1_305_000),
    (2021, 330_000, 1_322_000),
    (2022, 346_000, 1_384_000),
    (2023, 376_000, 1_503_000),
    (2024, 391_000, 1_564_000),
    (2025, 402_000, 1_609_000),
];

/// The asset bands (thousands) of an exam on `date`: Small below
/// `small_below`, Intermediate Small from it to below `large_from`, Large
/// from `large_from`. Before the ISB rule the two are equal (no ISB band).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeBands {
    pub small_below: u64,
    pub large_from: u64,
}

pub fn size_bands(date: Date) -> SizeBands {
    if date < ISB_RULE {
        return SizeBands {
            small_below: PRE_ISB_SMALL_BELOW,
            large_from: PRE_ISB_SMALL_BELOW,
        };
    }
    let year = date.year();
    let row = ISB_THRESHOLDS
        .iter()
        .rev()
        .find(|(y, _, _)| *y <= year)
        .unwrap_or(&ISB_THRESHOLDS[0]);
    SizeBands {
        small_below: row.1,
        large_from: row.2,
    }
}

/// The exam type that assets (thousands) on `date` put a bank in.
pub fn exam_type_by_assets(date: Date, assets_thousands: u64) -> ExamType {
    let bands = size_bands(date);
    if assets_thousands < bands.small_below {
        ExamType::SmallBank
    } else if assets_thousands < bands.large_from {
        ExamType::IntermediateSmallBank
    } else {
        ExamType::LargeBank
    }
}
