//! The layouts, declared once as data: for each era and shape of table,
//! its fields in order, each with its first and last column (1-based,
//! inclusive, as the FFIEC's specifications and the README give them)
//! and its kind. Reading (`record`) and writing (`write`) both go through
//! these tables; no position is written anywhere else.

mod tables;

use super::{Era, Shape};
use tables::*;

/// What a field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// Latin-1 text, left-justified, blank-padded (names, addresses).
    Text,
    /// A code: printable ASCII, left-justified, blank-padded (a table ID,
    /// state, county, MSA or `NA`, tract, a flag, an income group).
    Code,
    /// A number: right-justified, zero-filled digits; all blanks when
    /// absent.
    Number,
}

/// A field's name, as the README's layouts call it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Name {
    Table,
    Year,
    RespondentId,
    Agency,
    InstitutionName,
    Address,
    City,
    State,
    Zip,
    TaxId,
    Rssd,
    Assets,
    LoanType,
    Action,
    County,
    Msa,
    Tract,
    Split,
    Pop,
    IncomeGroup,
    ReportLevel,
    Lenders,
    Area,
    Partial,
    LoansUnder100k,
    AmountUnder100k,
    Loans100k250k,
    Amount100k250k,
    Loans250kPlus,
    Amount250kPlus,
    RevenueLoans,
    RevenueAmount,
    AllLoans,
    AllAmount,
    AffiliateLoans,
    AffiliateAmount,
    OriginatedLoans,
    OriginatedAmount,
    OriginatedRevenueLoans,
    OriginatedRevenueAmount,
    PurchasedLoans,
    PurchasedAmount,
    CdLoans,
    CdAmount,
    CdAffiliateLoans,
    CdAffiliateAmount,
    CdAction,
    LoanIndicator,
}

/// How many names there are (the size of a record's slots).
pub const NAMES: usize = Name::LoanIndicator as usize + 1;

impl Name {
    /// As the README's layouts name it, for messages.
    pub fn label(self) -> &'static str {
        match self {
            Name::Table => "table",
            Name::Year => "year",
            Name::RespondentId => "respondent_id",
            Name::Agency => "agency",
            Name::InstitutionName => "name",
            Name::Address => "address",
            Name::City => "city",
            Name::State => "state",
            Name::Zip => "zip",
            Name::TaxId => "tax_id",
            Name::Rssd => "rssd",
            Name::Assets => "assets",
            Name::LoanType => "loan_type",
            Name::Action => "action",
            Name::County => "county",
            Name::Msa => "msa",
            Name::Tract => "tract",
            Name::Split => "split",
            Name::Pop => "pop",
            Name::IncomeGroup => "income_group",
            Name::ReportLevel => "report_level",
            Name::Lenders => "lenders",
            Name::Area => "aa",
            Name::Partial => "partial",
            Name::LoansUnder100k => "lt100k_loans",
            Name::AmountUnder100k => "lt100k_amount",
            Name::Loans100k250k => "100k_250k_loans",
            Name::Amount100k250k => "100k_250k_amount",
            Name::Loans250kPlus => "250k_1m_loans",
            Name::Amount250kPlus => "250k_1m_amount",
            Name::RevenueLoans => "rev_loans",
            Name::RevenueAmount => "rev_amount",
            Name::AllLoans => "all_loans",
            Name::AllAmount => "all_amount",
            Name::AffiliateLoans => "affiliate_loans",
            Name::AffiliateAmount => "affiliate_amount",
            Name::OriginatedLoans => "orig_loans",
            Name::OriginatedAmount => "orig_amount",
            Name::OriginatedRevenueLoans => "orig_rev_loans",
            Name::OriginatedRevenueAmount => "orig_rev_amount",
            Name::PurchasedLoans => "purch_loans",
            Name::PurchasedAmount => "purch_amount",
            Name::CdLoans => "cd_loans",
            Name::CdAmount => "cd_amount",
            Name::CdAffiliateLoans => "cd_affiliate_loans",
            Name::CdAffiliateAmount => "cd_affiliate_amount",
            Name::CdAction => "action",
            Name::LoanIndicator => "loan_indicator",
        }
    }
}

/// One field of a layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    pub name: Name,
    /// First column, 1-based.
    pub start: u16,
    /// Last column, inclusive.
    pub end: u16,
    pub kind: FieldKind,
}

impl Field {
    pub fn width(&self) -> usize {
        usize::from(self.end - self.start + 1)
    }

    /// The field's bytes of a record long enough to hold it.
    pub fn range(&self) -> std::ops::Range<usize> {
        usize::from(self.start - 1)..usize::from(self.end)
    }
}

/// The fields of `shape` in `era`, in column order; none where the table
/// does not exist (the lender tables in 1996).
pub fn fields(shape: Shape, era: Era) -> Option<&'static [Field]> {
    Some(match (shape, era) {
        (Shape::Transmittal, Era::Y1996) => &TRANSMITTAL[..9],
        (Shape::Transmittal, _) => &TRANSMITTAL,
        (Shape::Market, Era::Y1996) => &MARKET_1996,
        (Shape::Market, Era::Y1997) => &MARKET_1997,
        (Shape::Market, Era::Y2004) => &MARKET_2004,
        (Shape::Lender, Era::Y1996) => return None,
        (Shape::Lender, Era::Y1997) => &LENDER_1997,
        (Shape::Lender, Era::Y2004) => &LENDER_2004,
        (Shape::County, Era::Y1996) => &COUNTY_1996,
        (Shape::County, Era::Y1997) => &COUNTY_1997,
        (Shape::County, Era::Y2004) => &COUNTY_2004,
        (Shape::Area, Era::Y1996) => &AREA_1996,
        (Shape::Area, Era::Y1997) => &AREA_1997,
        (Shape::Area, Era::Y2004) => &AREA_2004,
        (Shape::Cd, Era::Y1996) => &CD_1996,
        (Shape::Cd, Era::Y1997) => &CD_1997,
        (Shape::Cd, Era::Y2004) => &CD_2004,
        (Shape::Tract, Era::Y1996) => &TRACT_1996,
        (Shape::Tract, Era::Y1997) => &TRACT_1997,
        (Shape::Tract, Era::Y2004) => &TRACT_2004,
    })
}

/// The last column of a layout: a record is at least this long, and
/// nothing but blanks follows it.
pub fn last_column(fields: &[Field]) -> usize {
    fields.iter().map(|f| usize::from(f.end)).max().unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every layout tiles its columns from 1 to its last, in order, with
    /// no gap and no overlap, and names a field at most once.
    #[test]
    fn every_layout_tiles_its_columns() {
        let shapes = [
            Shape::Transmittal,
            Shape::Market,
            Shape::Lender,
            Shape::County,
            Shape::Area,
            Shape::Cd,
            Shape::Tract,
        ];
        for shape in shapes {
            for era in Era::ALL {
                let Some(fields) = fields(shape, era) else {
                    assert_eq!((shape, era), (Shape::Lender, Era::Y1996));
                    continue;
                };
                let mut next = 1;
                for field in fields {
                    assert_eq!(field.start, next, "{shape:?} {era:?} {:?}", field.name);
                    assert!(field.end >= field.start);
                    next = field.end + 1;
                    let named = fields.iter().filter(|f| f.name == field.name).count();
                    assert_eq!(named, 1, "{shape:?} {era:?} {:?}", field.name);
                }
            }
        }
    }

    /// The last columns the README's tables give.
    #[test]
    fn the_last_columns_are_the_published_ones() {
        let last = |shape, era| last_column(fields(shape, era).unwrap());
        let expected = [
            (Shape::Transmittal, [132, 152, 152]),
            (Shape::Market, [90, 91, 116]),
            (Shape::County, [113, 114, 145]),
            (Shape::Area, [65, 80, 99]),
            (Shape::Cd, [48, 49, 62]),
            (Shape::Tract, [46, 47, 48]),
        ];
        for (shape, lasts) in expected {
            for (era, want) in Era::ALL.into_iter().zip(lasts) {
                assert_eq!(last(shape, era), want, "{shape:?} {era:?}");
            }
        }
        assert_eq!(last(Shape::Lender, Era::Y1997), 67);
        assert_eq!(last(Shape::Lender, Era::Y2004), 80);
    }
}
