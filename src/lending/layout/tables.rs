//! The layouts' tables: each era's fields of each shape, in column order,
//! as the README (and the FFIEC's specifications) give them.

use super::{Field, FieldKind, Name};

const fn f(name: Name, start: u16, end: u16, kind: FieldKind) -> Field {
    Field {
        name,
        start,
        end,
        kind,
    }
}

use FieldKind::{Code as C, Number as N, Text as T};
use Name::*;

/// The transmittal sheet, 1997 on; 1996's is its first nine fields (no
/// RSSD ID, no assets: it ends at column 132).
pub(super) static TRANSMITTAL: [Field; 11] = [
    f(RespondentId, 1, 10, N),
    f(Agency, 11, 11, N),
    f(Year, 12, 15, N),
    f(InstitutionName, 16, 45, T),
    f(Address, 46, 85, T),
    f(City, 86, 110, T),
    f(State, 111, 112, C),
    f(Zip, 113, 122, T),
    f(TaxId, 123, 132, T),
    f(Rssd, 133, 142, N),
    f(Assets, 143, 152, N),
];

/// A1-1 ... A2-2 (all reporters by tract, income group, county, MSA), 1996.
pub(super) static MARKET_1996: [Field; 20] = [
    f(Table, 1, 4, C),
    f(Year, 5, 8, N),
    f(LoanType, 9, 9, C),
    f(Action, 10, 10, C),
    f(State, 11, 12, C),
    f(County, 13, 15, C),
    f(Msa, 16, 19, C),
    f(Tract, 20, 26, C),
    f(Split, 27, 27, C),
    f(Pop, 28, 28, C),
    f(IncomeGroup, 29, 31, C),
    f(ReportLevel, 32, 34, C),
    f(LoansUnder100k, 35, 40, N),
    f(AmountUnder100k, 41, 48, N),
    f(Loans100k250k, 49, 54, N),
    f(Amount100k250k, 55, 62, N),
    f(Loans250kPlus, 63, 68, N),
    f(Amount250kPlus, 69, 76, N),
    f(RevenueLoans, 77, 82, N),
    f(RevenueAmount, 83, 90, N),
];

/// A1-1 ... A2-2, 1997-2003.
pub(super) static MARKET_1997: [Field; 20] = [
    f(Table, 1, 5, C),
    f(Year, 6, 9, N),
    f(LoanType, 10, 10, C),
    f(Action, 11, 11, C),
    f(State, 12, 13, C),
    f(County, 14, 16, C),
    f(Msa, 17, 20, C),
    f(Tract, 21, 27, C),
    f(Split, 28, 28, C),
    f(Pop, 29, 29, C),
    f(IncomeGroup, 30, 32, C),
    f(ReportLevel, 33, 35, C),
    f(LoansUnder100k, 36, 41, N),
    f(AmountUnder100k, 42, 49, N),
    f(Loans100k250k, 50, 55, N),
    f(Amount100k250k, 56, 63, N),
    f(Loans250kPlus, 64, 69, N),
    f(Amount250kPlus, 70, 77, N),
    f(RevenueLoans, 78, 83, N),
    f(RevenueAmount, 84, 91, N),
];

/// A1-1 ... A2-2, 2004 on.
pub(super) static MARKET_2004: [Field; 20] = [
    f(Table, 1, 5, C),
    f(Year, 6, 9, N),
    f(LoanType, 10, 10, C),
    f(Action, 11, 11, C),
    f(State, 12, 13, C),
    f(County, 14, 16, C),
    f(Msa, 17, 21, C),
    f(Tract, 22, 28, C),
    f(Split, 29, 29, C),
    f(Pop, 30, 30, C),
    f(IncomeGroup, 31, 33, C),
    f(ReportLevel, 34, 36, C),
    f(LoansUnder100k, 37, 46, N),
    f(AmountUnder100k, 47, 56, N),
    f(Loans100k250k, 57, 66, N),
    f(Amount100k250k, 67, 76, N),
    f(Loans250kPlus, 77, 86, N),
    f(Amount250kPlus, 87, 96, N),
    f(RevenueLoans, 97, 106, N),
    f(RevenueAmount, 107, 116, N),
];

/// A1-1a ... A2-2a (each lender by county and MSA), 1997-2003.
pub(super) static LENDER_1997: [Field; 15] = [
    f(Table, 1, 5, C),
    f(Year, 6, 9, N),
    f(LoanType, 10, 10, C),
    f(Action, 11, 11, C),
    f(State, 12, 13, C),
    f(County, 14, 16, C),
    f(Msa, 17, 20, C),
    f(RespondentId, 21, 30, N),
    f(Agency, 31, 31, N),
    f(Lenders, 32, 36, N),
    f(ReportLevel, 37, 39, C),
    f(AllLoans, 40, 45, N),
    f(AllAmount, 46, 53, N),
    f(RevenueLoans, 54, 59, N),
    f(RevenueAmount, 60, 67, N),
];

/// A1-1a ... A2-2a, 2004 on.
pub(super) static LENDER_2004: [Field; 15] = [
    f(Table, 1, 5, C),
    f(Year, 6, 9, N),
    f(LoanType, 10, 10, C),
    f(Action, 11, 11, C),
    f(State, 12, 13, C),
    f(County, 14, 16, C),
    f(Msa, 17, 21, C),
    f(RespondentId, 22, 31, N),
    f(Agency, 32, 32, N),
    f(Lenders, 33, 37, N),
    f(ReportLevel, 38, 40, C),
    f(AllLoans, 41, 50, N),
    f(AllAmount, 51, 60, N),
    f(RevenueLoans, 61, 70, N),
    f(RevenueAmount, 71, 80, N),
];

/// D1-1 ... D2-2 (each reporter by county and income group), 1996.
pub(super) static COUNTY_1996: [Field; 25] = [
    f(Table, 1, 4, C),
    f(RespondentId, 5, 14, N),
    f(Agency, 15, 15, N),
    f(Year, 16, 19, N),
    f(LoanType, 20, 20, C),
    f(Action, 21, 21, C),
    f(State, 22, 23, C),
    f(County, 24, 26, C),
    f(Msa, 27, 30, C),
    f(Area, 31, 34, C),
    f(Partial, 35, 35, C),
    f(Split, 36, 36, C),
    f(Pop, 37, 37, C),
    f(IncomeGroup, 38, 40, C),
    f(ReportLevel, 41, 43, C),
    f(LoansUnder100k, 44, 49, N),
    f(AmountUnder100k, 50, 57, N),
    f(Loans100k250k, 58, 63, N),
    f(Amount100k250k, 64, 71, N),
    f(Loans250kPlus, 72, 77, N),
    f(Amount250kPlus, 78, 85, N),
    f(RevenueLoans, 86, 91, N),
    f(RevenueAmount, 92, 99, N),
    f(AffiliateLoans, 100, 105, N),
    f(AffiliateAmount, 106, 113, N),
];

/// D1-1 ... D2-2, 1997-2003.
pub(super) static COUNTY_1997: [Field; 25] = [
    f(Table, 1, 5, C),
    f(RespondentId, 6, 15, N),
    f(Agency, 16, 16, N),
    f(Year, 17, 20, N),
    f(LoanType, 21, 21, C),
    f(Action, 22, 22, C),
    f(State, 23, 24, C),
    f(County, 25, 27, C),
    f(Msa, 28, 31, C),
    f(Area, 32, 35, C),
    f(Partial, 36, 36, C),
    f(Split, 37, 37, C),
    f(Pop, 38, 38, C),
    f(IncomeGroup, 39, 41, C),
    f(ReportLevel, 42, 44, C),
    f(LoansUnder100k, 45, 50, N),
    f(AmountUnder100k, 51, 58, N),
    f(Loans100k250k, 59, 64, N),
    f(Amount100k250k, 65, 72, N),
    f(Loans250kPlus, 73, 78, N),
    f(Amount250kPlus, 79, 86, N),
    f(RevenueLoans, 87, 92, N),
    f(RevenueAmount, 93, 100, N),
    f(AffiliateLoans, 101, 106, N),
    f(AffiliateAmount, 107, 114, N),
];

/// D1-1 ... D2-2, 2004 on.
pub(super) static COUNTY_2004: [Field; 25] = [
    f(Table, 1, 5, C),
    f(RespondentId, 6, 15, N),
    f(Agency, 16, 16, N),
    f(Year, 17, 20, N),
    f(LoanType, 21, 21, C),
    f(Action, 22, 22, C),
    f(State, 23, 24, C),
    f(County, 25, 27, C),
    f(Msa, 28, 32, C),
    f(Area, 33, 36, C),
    f(Partial, 37, 37, C),
    f(Split, 38, 38, C),
    f(Pop, 39, 39, C),
    f(IncomeGroup, 40, 42, C),
    f(ReportLevel, 43, 45, C),
    f(LoansUnder100k, 46, 55, N),
    f(AmountUnder100k, 56, 65, N),
    f(Loans100k250k, 66, 75, N),
    f(Amount100k250k, 76, 85, N),
    f(Loans250kPlus, 86, 95, N),
    f(Amount250kPlus, 96, 105, N),
    f(RevenueLoans, 106, 115, N),
    f(RevenueAmount, 116, 125, N),
    f(AffiliateLoans, 126, 135, N),
    f(AffiliateAmount, 136, 145, N),
];

/// D3-0 and D4-0 (inside and outside the assessment areas), 1996: no
/// pair of originations to small businesses or farms.
pub(super) static AREA_1996: [Field; 16] = [
    f(Table, 1, 4, C),
    f(RespondentId, 5, 14, N),
    f(Agency, 15, 15, N),
    f(Year, 16, 19, N),
    f(LoanType, 20, 20, C),
    f(State, 21, 22, C),
    f(County, 23, 25, C),
    f(Msa, 26, 29, C),
    f(Area, 30, 33, C),
    f(Partial, 34, 34, C),
    f(Split, 35, 35, C),
    f(ReportLevel, 36, 37, C),
    f(OriginatedLoans, 38, 43, N),
    f(OriginatedAmount, 44, 51, N),
    f(PurchasedLoans, 52, 57, N),
    f(PurchasedAmount, 58, 65, N),
];

/// D3-0 and D4-0, 1997-2003.
pub(super) static AREA_1997: [Field; 18] = [
    f(Table, 1, 5, C),
    f(RespondentId, 6, 15, N),
    f(Agency, 16, 16, N),
    f(Year, 17, 20, N),
    f(LoanType, 21, 21, C),
    f(State, 22, 23, C),
    f(County, 24, 26, C),
    f(Msa, 27, 30, C),
    f(Area, 31, 34, C),
    f(Partial, 35, 35, C),
    f(Split, 36, 36, C),
    f(ReportLevel, 37, 38, C),
    f(OriginatedLoans, 39, 44, N),
    f(OriginatedAmount, 45, 52, N),
    f(OriginatedRevenueLoans, 53, 58, N),
    f(OriginatedRevenueAmount, 59, 66, N),
    f(PurchasedLoans, 67, 72, N),
    f(PurchasedAmount, 73, 80, N),
];

/// D3-0 and D4-0, 2004 on.
pub(super) static AREA_2004: [Field; 18] = [
    f(Table, 1, 5, C),
    f(RespondentId, 6, 15, N),
    f(Agency, 16, 16, N),
    f(Year, 17, 20, N),
    f(LoanType, 21, 21, C),
    f(State, 22, 23, C),
    f(County, 24, 26, C),
    f(Msa, 27, 31, C),
    f(Area, 32, 35, C),
    f(Partial, 36, 36, C),
    f(Split, 37, 37, C),
    f(ReportLevel, 38, 39, C),
    f(OriginatedLoans, 40, 49, N),
    f(OriginatedAmount, 50, 59, N),
    f(OriginatedRevenueLoans, 60, 69, N),
    f(OriginatedRevenueAmount, 70, 79, N),
    f(PurchasedLoans, 80, 89, N),
    f(PurchasedAmount, 90, 99, N),
];

/// D5-0 (community development loans), 1996.
pub(super) static CD_1996: [Field; 9] = [
    f(Table, 1, 4, C),
    f(RespondentId, 5, 14, N),
    f(Agency, 15, 15, N),
    f(Year, 16, 19, N),
    f(LoanType, 20, 20, C),
    f(CdLoans, 21, 26, N),
    f(CdAmount, 27, 34, N),
    f(CdAffiliateLoans, 35, 40, N),
    f(CdAffiliateAmount, 41, 48, N),
];

/// D5-0, 1997-2003.
pub(super) static CD_1997: [Field; 9] = [
    f(Table, 1, 5, C),
    f(RespondentId, 6, 15, N),
    f(Agency, 16, 16, N),
    f(Year, 17, 20, N),
    f(LoanType, 21, 21, C),
    f(CdLoans, 22, 27, N),
    f(CdAmount, 28, 35, N),
    f(CdAffiliateLoans, 36, 41, N),
    f(CdAffiliateAmount, 42, 49, N),
];

/// D5-0, 2004 on: the row ends in an action letter.
pub(super) static CD_2004: [Field; 10] = [
    f(Table, 1, 5, C),
    f(RespondentId, 6, 15, N),
    f(Agency, 16, 16, N),
    f(Year, 17, 20, N),
    f(LoanType, 21, 21, C),
    f(CdLoans, 22, 31, N),
    f(CdAmount, 32, 41, N),
    f(CdAffiliateLoans, 42, 51, N),
    f(CdAffiliateAmount, 52, 61, N),
    f(CdAction, 62, 62, C),
];

/// D6-0 (assessment areas, tract by tract), 1996.
pub(super) static TRACT_1996: [Field; 14] = [
    f(Table, 1, 4, C),
    f(RespondentId, 5, 14, N),
    f(Agency, 15, 15, N),
    f(Year, 16, 19, N),
    f(State, 20, 21, C),
    f(County, 22, 24, C),
    f(Msa, 25, 28, C),
    f(Tract, 29, 35, C),
    f(Area, 36, 39, C),
    f(Partial, 40, 40, C),
    f(Split, 41, 41, C),
    f(Pop, 42, 42, C),
    f(IncomeGroup, 43, 45, C),
    f(LoanIndicator, 46, 46, C),
];

/// D6-0, 1997-2003.
pub(super) static TRACT_1997: [Field; 14] = [
    f(Table, 1, 5, C),
    f(RespondentId, 6, 15, N),
    f(Agency, 16, 16, N),
    f(Year, 17, 20, N),
    f(State, 21, 22, C),
    f(County, 23, 25, C),
    f(Msa, 26, 29, C),
    f(Tract, 30, 36, C),
    f(Area, 37, 40, C),
    f(Partial, 41, 41, C),
    f(Split, 42, 42, C),
    f(Pop, 43, 43, C),
    f(IncomeGroup, 44, 46, C),
    f(LoanIndicator, 47, 47, C),
];

/// D6-0, 2004 on.
pub(super) static TRACT_2004: [Field; 14] = [
    f(Table, 1, 5, C),
    f(RespondentId, 6, 15, N),
    f(Agency, 16, 16, N),
    f(Year, 17, 20, N),
    f(State, 21, 22, C),
    f(County, 23, 25, C),
    f(Msa, 26, 30, C),
    f(Tract, 31, 37, C),
    f(Area, 38, 41, C),
    f(Partial, 42, 42, C),
    f(Split, 43, 43, C),
    f(Pop, 44, 44, C),
    f(IncomeGroup, 45, 47, C),
    f(LoanIndicator, 48, 48, C),
];
