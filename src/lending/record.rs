//! The records of each table's shape, typed: what `parse` makes of a
//! line and `write` writes back. Records borrow the line they were read
//! from: a file of a million records allocates only for the few names
//! with bytes above 0x7F. Codes are kept as the record gives them (`103`,
//! `NA`, blanks trimmed); numbers are None where blank.

use std::borrow::Cow;

use super::Table;
use super::codes::Agency;

/// A reporter: the agency it reports to and that agency's number for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Respondent {
    pub agency: Agency,
    pub id: u64,
}

/// Where a row is: state and county (FIPS codes as the records give
/// them, `48`, `059`) and MSA (or `NA`); empty where blank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Place<'a> {
    pub state: &'a str,
    pub county: &'a str,
    pub msa: &'a str,
}

/// Loans and their amount (thousands of dollars); None where blank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pair {
    pub loans: Option<u64>,
    pub amount: Option<u64>,
}

/// The three size classes: $100,000 or less; over $100,000 to $250,000;
/// over $250,000 (to $1 million for businesses, $500,000 for farms).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sizes {
    pub classes: [Pair; 3],
}

impl Sizes {
    /// All the loans: the sum of the classes (None when all are blank).
    pub fn total(&self) -> Pair {
        let sum = |get: fn(&Pair) -> Option<u64>| {
            self.classes
                .iter()
                .filter_map(get)
                .fold(None, |acc: Option<u64>, n| Some(acc.unwrap_or(0) + n))
        };
        Pair {
            loans: sum(|p| p.loans),
            amount: sum(|p| p.amount),
        }
    }
}

/// A transmittal record: one reporter of a year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reporter<'a> {
    pub respondent: Respondent,
    pub year: u16,
    pub name: Cow<'a, str>,
    pub address: Cow<'a, str>,
    pub city: Cow<'a, str>,
    /// Postal code (`VT`).
    pub state: &'a str,
    pub zip: Cow<'a, str>,
    pub tax_id: Cow<'a, str>,
    /// From 1997; zero on a few lines (kept as the record says).
    pub rssd_id: Option<u64>,
    /// Thousands of dollars, from 1997.
    pub assets_thousands: Option<u64>,
}

/// A1-1 ... A2-2: all reporters together in a tract (report level blank),
/// a county's income group (`100`), a county (`200`) or an MSA (`210`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Market<'a> {
    pub table: Table,
    pub year: u16,
    pub place: Place<'a>,
    pub tract: &'a str,
    pub split: &'a str,
    pub pop: &'a str,
    /// The code as given (`103`); empty on totals.
    pub income_group: &'a str,
    pub report_level: &'a str,
    pub sizes: Sizes,
    /// To businesses (farms) with revenues of $1 million or less.
    pub revenue: Pair,
}

/// A1-1a ... A2-2a: one lender's loans in a county (state and county
/// given), an MSA or a state's non-MSA part, or (no lender, a number of
/// lenders, level `200`/`210`) the summary of all lenders there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lender<'a> {
    pub table: Table,
    pub year: u16,
    pub place: Place<'a>,
    pub respondent: Option<Respondent>,
    pub lenders: Option<u64>,
    pub report_level: &'a str,
    pub all: Pair,
    pub revenue: Pair,
}

/// D1-1 ... D2-2: one reporter's loans in a place and income group, at a
/// report level (`040` a county, `050` inside an area there, `060`
/// outside; the others higher up).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct County<'a> {
    pub table: Table,
    pub respondent: Respondent,
    pub year: u16,
    pub place: Place<'a>,
    /// `0001`..., `NA` outside every area, empty on totals.
    pub area: &'a str,
    pub partial: &'a str,
    pub split: &'a str,
    pub pop: &'a str,
    pub income_group: &'a str,
    pub report_level: &'a str,
    pub sizes: Sizes,
    pub revenue: Pair,
    pub affiliate: Pair,
}

/// D3-0, D4-0: one reporter's loans in a county and area (a number, or
/// `NA` outside every area); blank county or area: a total.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AreaLoans<'a> {
    pub table: Table,
    pub respondent: Respondent,
    pub year: u16,
    pub place: Place<'a>,
    pub area: &'a str,
    pub partial: &'a str,
    pub split: &'a str,
    pub report_level: &'a str,
    pub originated: Pair,
    /// Originations to businesses (farms) with revenues of $1 million or
    /// less; none in 1996.
    pub originated_revenue: Pair,
    pub purchased: Pair,
}

/// D5-0: one reporter's community development loans.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cd<'a> {
    pub table: Table,
    pub respondent: Respondent,
    pub year: u16,
    /// `6` on the rows to add up.
    pub loan_type: &'a str,
    pub loans: Pair,
    pub affiliate: Pair,
    /// A letter, from 2004 (`O`).
    pub action: &'a str,
}

/// D6-0: one tract of one of a reporter's assessment areas.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tract<'a> {
    pub table: Table,
    pub respondent: Respondent,
    pub year: u16,
    pub place: Place<'a>,
    pub tract: &'a str,
    pub area: &'a str,
    pub partial: &'a str,
    pub split: &'a str,
    pub pop: &'a str,
    pub income_group: &'a str,
    pub loan_indicator: &'a str,
}

/// A record of any table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Record<'a> {
    Reporter(Reporter<'a>),
    Market(Market<'a>),
    Lender(Lender<'a>),
    County(County<'a>),
    Area(AreaLoans<'a>),
    Cd(Cd<'a>),
    Tract(Tract<'a>),
}

impl Record<'_> {
    pub fn table(&self) -> Table {
        match self {
            Record::Reporter(_) => Table::Transmittal,
            Record::Market(r) => r.table,
            Record::Lender(r) => r.table,
            Record::County(r) => r.table,
            Record::Area(r) => r.table,
            Record::Cd(r) => r.table,
            Record::Tract(r) => r.table,
        }
    }

    pub fn year(&self) -> u16 {
        match self {
            Record::Reporter(r) => r.year,
            Record::Market(r) => r.year,
            Record::Lender(r) => r.year,
            Record::County(r) => r.year,
            Record::Area(r) => r.year,
            Record::Cd(r) => r.year,
            Record::Tract(r) => r.year,
        }
    }

    /// The reporter the record is of (none for the market's rows and the
    /// lender tables' summaries).
    pub fn respondent(&self) -> Option<Respondent> {
        match self {
            Record::Reporter(r) => Some(r.respondent),
            Record::Market(_) => None,
            Record::Lender(r) => r.respondent,
            Record::County(r) => Some(r.respondent),
            Record::Area(r) => Some(r.respondent),
            Record::Cd(r) => Some(r.respondent),
            Record::Tract(r) => Some(r.respondent),
        }
    }
}
