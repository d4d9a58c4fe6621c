//! The FFIEC's CRA lending data, as `cra enrich --lending` reads it and
//! the sandbox writes it: every year since 1996 each bank over the
//! reporting threshold reports its small business, small farm and
//! community development loans and its assessment areas, and the FFIEC
//! publishes them as three zip files of fixed-width text a year (the
//! transmittal: who reported; the aggregate: all reporters together, and
//! each lender by county; the disclosure: each reporter's loans by county
//! and income group, inside and outside its assessment areas, its
//! community development loans and its areas tract by tract).
//!
//! Bytes in, typed records out, and back: the layouts of each era (1996,
//! 1997-2003, 2004 on) and table are declared once, as data (`layout`:
//! field, first and last column, kind), and read by byte slices
//! (`record`); the kind, table and year of every record come from the
//! record itself, never from a file's name. A record of the wrong length
//! (shorter than its last field, or anything but blanks after it), a
//! table no layout has, a number that is not one or a code no list has
//! is an error naming the line (`read`), never guessed at. Text is
//! Latin-1. The zips are read as streams with bounds on what they inflate
//! (`archive`), and the same layouts write records (`write`: the sandbox's
//! files and the benchmark's). Which copy bank a reporter is, from its
//! identifiers and the public record's, is decided in `link`.
//!
//! Pure code: no network and no SQLite (`mirror::lending` stores what is
//! read here). Only `domain` is below it. The layouts, code lists and the
//! way rows fit together are those of `../shared/data/lending/README.md`.

pub mod address;
pub mod archive;
pub mod codes;
pub mod layout;
pub mod link;
pub mod parse;
pub mod pipe;
pub mod read;
pub mod record;
pub mod shares;
pub mod write;

pub use codes::{Action, Agency, Category, LoanKind};
pub use read::{Error, Records};
pub use record::{Record, Respondent};

/// The three files of a year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// `{yy}exp_trans.zip`: one record per reporter.
    Transmittal,
    /// `{yy}exp_aggr.zip`: all reporters together, and each lender.
    Aggregate,
    /// `{yy}exp_discl.zip`: each reporter's loans and areas.
    Disclosure,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Transmittal, Kind::Aggregate, Kind::Disclosure];

    /// As the copy records it (`lending_files.kind`).
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Transmittal => "transmittal",
            Kind::Aggregate => "aggregate",
            Kind::Disclosure => "disclosure",
        }
    }

    /// As the FFIEC's file names say it: `{yy}exp_{word}.zip`.
    pub fn file_word(self) -> &'static str {
        match self {
            Kind::Transmittal => "trans",
            Kind::Aggregate => "aggr",
            Kind::Disclosure => "discl",
        }
    }

    pub fn from_text(text: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == text)
    }
}

/// The three layouts: the year picks one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Era {
    /// 1996: 4-character table IDs, no RSSD ID, no lender tables.
    Y1996,
    /// 1997-2003: 5-character table IDs, 4-digit MSAs, 6/8-digit numbers.
    Y1997,
    /// 2004 on: 5-digit MSAs (or divisions), 10-digit numbers.
    Y2004,
}

/// The first year of data, and the last a record may say (past it, the
/// year is a misread column).
pub const FIRST_YEAR: u16 = 1996;
pub const LAST_YEAR: u16 = 2099;

impl Era {
    #[cfg(test)]
    pub const ALL: [Era; 3] = [Era::Y1996, Era::Y1997, Era::Y2004];

    /// The era of activity year `year`; none before 1996 or past
    /// [`LAST_YEAR`].
    pub fn of(year: u16) -> Option<Era> {
        match year {
            1996 => Some(Era::Y1996),
            1997..=2003 => Some(Era::Y1997),
            2004..=LAST_YEAR => Some(Era::Y2004),
            _ => None,
        }
    }
}

/// What a table's records are: the tables of one shape share a layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// The transmittal sheet: one reporter.
    Transmittal,
    /// A1-1 ... A2-2: all reporters together, by tract, income group,
    /// county and MSA.
    Market,
    /// A1-1a ... A2-2a: one lender's loans in a county or MSA.
    Lender,
    /// D1-1 ... D2-2: one reporter's loans by county and income group.
    County,
    /// D3-0, D4-0: one reporter's loans in a county, inside or outside
    /// its assessment areas.
    Area,
    /// D5-0: one reporter's community development loans.
    Cd,
    /// D6-0: one tract of one of a reporter's assessment areas.
    Tract,
}

/// A table, as its records name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Table {
    Transmittal,
    A11,
    A12,
    A21,
    A22,
    A11a,
    A12a,
    A21a,
    A22a,
    D11,
    D12,
    D21,
    D22,
    D30,
    D40,
    D50,
    D60,
}

impl Table {
    pub const ALL: [Table; 17] = [
        Table::Transmittal,
        Table::A11,
        Table::A12,
        Table::A21,
        Table::A22,
        Table::A11a,
        Table::A12a,
        Table::A21a,
        Table::A22a,
        Table::D11,
        Table::D12,
        Table::D21,
        Table::D22,
        Table::D30,
        Table::D40,
        Table::D50,
        Table::D60,
    ];

    /// The ID as the records give it, blanks trimmed (`A1-1`, `A1-1a`,
    /// `D3-0`); `transmittal` for the transmittal sheet, which has none.
    pub fn id(self) -> &'static str {
        match self {
            Table::Transmittal => "transmittal",
            Table::A11 => "A1-1",
            Table::A12 => "A1-2",
            Table::A21 => "A2-1",
            Table::A22 => "A2-2",
            Table::A11a => "A1-1a",
            Table::A12a => "A1-2a",
            Table::A21a => "A2-1a",
            Table::A22a => "A2-2a",
            Table::D11 => "D1-1",
            Table::D12 => "D1-2",
            Table::D21 => "D2-1",
            Table::D22 => "D2-2",
            Table::D30 => "D3-0",
            Table::D40 => "D4-0",
            Table::D50 => "D5-0",
            Table::D60 => "D6-0",
        }
    }

    /// The table a record's ID names (blanks trimmed); none for any other.
    pub fn from_id(id: &str) -> Option<Table> {
        Table::ALL.into_iter().find(|t| t.id() == id)
    }

    pub fn kind(self) -> Kind {
        match self.shape() {
            Shape::Transmittal => Kind::Transmittal,
            Shape::Market | Shape::Lender => Kind::Aggregate,
            Shape::County | Shape::Area | Shape::Cd | Shape::Tract => Kind::Disclosure,
        }
    }

    pub fn shape(self) -> Shape {
        match self {
            Table::Transmittal => Shape::Transmittal,
            Table::A11 | Table::A12 | Table::A21 | Table::A22 => Shape::Market,
            Table::A11a | Table::A12a | Table::A21a | Table::A22a => Shape::Lender,
            Table::D11 | Table::D12 | Table::D21 | Table::D22 => Shape::County,
            Table::D30 | Table::D40 => Shape::Area,
            Table::D50 => Shape::Cd,
            Table::D60 => Shape::Tract,
        }
    }

    /// The loans the table counts: businesses (A1, D1, D3) or farms (A2,
    /// D2, D4); none for the others.
    pub fn loans(self) -> Option<LoanKind> {
        match self {
            Table::A11 | Table::A12 | Table::A11a | Table::A12a => Some(LoanKind::SmallBusiness),
            Table::D11 | Table::D12 | Table::D30 => Some(LoanKind::SmallBusiness),
            Table::A21 | Table::A22 | Table::A21a | Table::A22a => Some(LoanKind::SmallFarm),
            Table::D21 | Table::D22 | Table::D40 => Some(LoanKind::SmallFarm),
            Table::Transmittal | Table::D50 | Table::D60 => None,
        }
    }

    /// Originations (A?-1, D?-1) or purchases (A?-2, D?-2); none for a
    /// table of both (D3-0, D4-0) or neither.
    pub fn action(self) -> Option<Action> {
        match self {
            Table::A11 | Table::A21 | Table::A11a | Table::A21a | Table::D11 | Table::D21 => {
                Some(Action::Originated)
            }
            Table::A12 | Table::A22 | Table::A12a | Table::A22a | Table::D12 | Table::D22 => {
                Some(Action::Purchased)
            }
            _ => None,
        }
    }

    /// Whether the table exists in `era` (the lender tables from 1997).
    #[cfg(test)]
    pub fn in_era(self, era: Era) -> bool {
        !(self.shape() == Shape::Lender && era == Era::Y1996)
    }
}

impl std::fmt::Display for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests;
