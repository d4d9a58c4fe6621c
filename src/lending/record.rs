//! One record, read: its table and year told from its first columns (the
//! README's "Telling a record's kind, table and year"), its era from the
//! year, its fields cut by the era's layout and checked by their kind,
//! then made a typed record of its table's shape. Records borrow the
//! line they were read from: a file of a million records allocates only
//! for the few names with bytes above 0x7F.

use std::borrow::Cow;

use super::codes::{self, Agency};
use super::layout::{self, FieldKind, NAMES, Name};
use super::{Era, Shape, Table};

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

/// The table and year of a record, from its first columns; why not.
pub fn classify(line: &[u8]) -> Result<(Table, u16), String> {
    let digits = |range: std::ops::Range<usize>| {
        line.get(range)
            .filter(|b| !b.is_empty() && b.iter().all(u8::is_ascii_digit))
            .map(|b| b.iter().fold(0u64, |n, d| n * 10 + u64::from(d - b'0')))
    };
    if let (Some(_), Some(b'1'..=b'4'), Some(year)) = (digits(0..10), line.get(10), digits(11..15))
    {
        return Ok((Table::Transmittal, u16::try_from(year).unwrap_or(u16::MAX)));
    }
    let first = line.first().copied();
    if !matches!(first, Some(b'A' | b'D')) || line.len() < 5 {
        return Err(format!(
            "unknown table: the record starts '{}'",
            shown(line, 10)
        ));
    }
    let four = line[4].is_ascii_digit();
    let id = if four { &line[..4] } else { &line[..5] };
    let id_text = std::str::from_utf8(id).unwrap_or("").trim_end();
    let Some(table) = Table::from_id(id_text).filter(|t| *t != Table::Transmittal) else {
        return Err(format!("unknown table '{}'", shown(id, 5).trim_end()));
    };
    let at = match (first, four) {
        (Some(b'A'), true) => 4..8,
        (Some(b'A'), false) => 5..9,
        (_, true) => 15..19,
        (_, false) => 16..20,
    };
    let columns = format!("{}-{}", at.start + 1, at.end);
    let Some(year) = digits(at) else {
        return Err(format!("table {table}: no year in columns {columns}"));
    };
    let year = u16::try_from(year).unwrap_or(u16::MAX);
    if four != (year == 1996) {
        return Err(format!(
            "table {table}: a {}-character table ID in a {year} record (only 1996's have 4)",
            id.len()
        ));
    }
    Ok((table, year))
}

/// What a layout cut of one record: each named field's bytes.
struct Slots<'a> {
    slots: [Option<&'a [u8]>; NAMES],
}

impl<'a> Slots<'a> {
    fn raw(&self, name: Name) -> &'a [u8] {
        self.slots[name as usize].unwrap_or_default()
    }

    /// A code, blanks trimmed (checked ASCII when cut).
    fn code(&self, name: Name) -> &'a str {
        std::str::from_utf8(self.raw(name)).unwrap_or("").trim()
    }

    /// Text, blanks trimmed, decoded from Latin-1.
    fn text(&self, name: Name) -> Cow<'a, str> {
        latin1(trim(self.raw(name)))
    }

    /// A number (checked digits when cut); None where blank.
    fn number(&self, name: Name) -> Option<u64> {
        let digits = trim(self.raw(name));
        (!digits.is_empty()).then(|| {
            digits.iter().fold(0u64, |n, d| {
                n.saturating_mul(10).saturating_add(u64::from(d - b'0'))
            })
        })
    }

    fn pair(&self, loans: Name, amount: Name) -> Pair {
        Pair {
            loans: self.number(loans),
            amount: self.number(amount),
        }
    }

    fn sizes(&self) -> Sizes {
        Sizes {
            classes: [
                self.pair(Name::LoansUnder100k, Name::AmountUnder100k),
                self.pair(Name::Loans100k250k, Name::Amount100k250k),
                self.pair(Name::Loans250kPlus, Name::Amount250kPlus),
            ],
        }
    }

    fn place(&self) -> Place<'a> {
        Place {
            state: self.code(Name::State),
            county: self.code(Name::County),
            msa: self.code(Name::Msa),
        }
    }

    /// The reporter; none when both fields are blank (a summary row).
    fn respondent(&self) -> Result<Option<Respondent>, String> {
        match (self.number(Name::RespondentId), self.number(Name::Agency)) {
            (None, None) => Ok(None),
            (Some(id), Some(code)) => match Agency::from_code(code) {
                Some(agency) => Ok(Some(Respondent { agency, id })),
                None => Err(format!("agency code {code}: not one of 1 to 4")),
            },
            (Some(_), None) => Err("a respondent ID with a blank agency code".into()),
            (None, Some(_)) => Err("an agency code with a blank respondent ID".into()),
        }
    }

    fn reporter(&self, table: Table) -> Result<Respondent, String> {
        self.respondent()?
            .ok_or_else(|| format!("table {table}: no respondent ID and agency code"))
    }

    fn income_group(&self) -> Result<&'a str, String> {
        let code = self.code(Name::IncomeGroup);
        if code.is_empty() || codes::category(code).is_some() {
            Ok(code)
        } else {
            Err(format!("income group '{code}': no code list has it"))
        }
    }

    /// The loan type and action the table says, or why the record says
    /// otherwise.
    fn agrees(&self, table: Table, action: bool) -> Result<(), String> {
        if let Some(kind) = table.loans() {
            let given = self.code(Name::LoanType);
            if given != kind.code() {
                return Err(format!(
                    "loan type '{given}' in table {table} ({}: {})",
                    kind.as_str().replace('_', " "),
                    kind.code()
                ));
            }
        }
        if let (true, Some(wanted)) = (action, table.action()) {
            let given = self.code(Name::Action);
            if given != wanted.code() {
                return Err(format!(
                    "action '{given}' in table {table} ({}: {})",
                    wanted.as_str(),
                    wanted.code()
                ));
            }
        }
        Ok(())
    }
}

/// Blanks trimmed from both ends.
fn trim(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|b| *b != b' ').unwrap_or(bytes.len());
    let end = bytes
        .iter()
        .rposition(|b| *b != b' ')
        .map_or(start, |e| e + 1);
    &bytes[start..end.max(start)]
}

/// Latin-1 bytes as text: borrowed when ASCII.
pub fn latin1(bytes: &[u8]) -> Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) if bytes.is_ascii() => Cow::Borrowed(text),
        _ => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// Up to `most` bytes of a record, shown inert.
fn shown(bytes: &[u8], most: usize) -> String {
    let text = latin1(&bytes[..bytes.len().min(most)]);
    crate::text::inert(&text).into_owned()
}

/// One record (a line without its line end), read; why it cannot be.
pub fn parse(line: &[u8]) -> Result<Record<'_>, String> {
    let (table, year) = classify(line)?;
    let Some(era) = Era::of(year) else {
        return Err(format!(
            "table {table}: year {year}, when the data begin in {}",
            super::FIRST_YEAR
        ));
    };
    let Some(fields) = layout::fields(table.shape(), era) else {
        return Err(format!(
            "table {table} in a {year} record: it begins in 1997"
        ));
    };
    let last = layout::last_column(fields);
    if line.len() < last {
        return Err(format!(
            "{} characters, shorter than a {year} {table} record ({last})",
            line.len()
        ));
    }
    if let Some(at) = line[last..].iter().position(|b| *b != b' ') {
        return Err(format!(
            "'{}' in column {} after the last field of a {year} {table} record (column {last})",
            shown(&line[last + at..], 12),
            last + at + 1
        ));
    }
    let mut slots = Slots {
        slots: [None; NAMES],
    };
    for field in fields {
        let bytes = &line[field.range()];
        let fits = match field.kind {
            FieldKind::Text => true,
            FieldKind::Code => bytes.iter().all(|b| (b' '..=b'~').contains(b)),
            // Right-justified digits; blanks alone when absent.
            FieldKind::Number => {
                let blanks = bytes.iter().take_while(|b| **b == b' ').count();
                bytes[blanks..].iter().all(u8::is_ascii_digit)
            }
        };
        if !fits {
            return Err(format!(
                "columns {}-{} ({}): '{}' is not {}",
                field.start,
                field.end,
                field.name.label(),
                shown(bytes, 20),
                match field.kind {
                    FieldKind::Number => "a number",
                    _ => "a code",
                }
            ));
        }
        slots.slots[field.name as usize] = Some(bytes);
    }
    typed(table, year, &slots)
}

/// The record of `table`'s shape from its slots.
fn typed<'a>(table: Table, year: u16, s: &Slots<'a>) -> Result<Record<'a>, String> {
    use Name as N;
    Ok(match table.shape() {
        Shape::Transmittal => Record::Reporter(Reporter {
            respondent: s.reporter(table)?,
            year,
            name: s.text(N::InstitutionName),
            address: s.text(N::Address),
            city: s.text(N::City),
            state: s.code(N::State),
            zip: s.text(N::Zip),
            tax_id: s.text(N::TaxId),
            rssd_id: s.number(N::Rssd),
            assets_thousands: s.number(N::Assets),
        }),
        Shape::Market => {
            s.agrees(table, true)?;
            Record::Market(Market {
                table,
                year,
                place: s.place(),
                tract: s.code(N::Tract),
                split: s.code(N::Split),
                pop: s.code(N::Pop),
                income_group: s.income_group()?,
                report_level: s.code(N::ReportLevel),
                sizes: s.sizes(),
                revenue: s.pair(N::RevenueLoans, N::RevenueAmount),
            })
        }
        Shape::Lender => {
            s.agrees(table, true)?;
            Record::Lender(Lender {
                table,
                year,
                place: s.place(),
                respondent: s.respondent()?,
                lenders: s.number(N::Lenders),
                report_level: s.code(N::ReportLevel),
                all: s.pair(N::AllLoans, N::AllAmount),
                revenue: s.pair(N::RevenueLoans, N::RevenueAmount),
            })
        }
        Shape::County => {
            s.agrees(table, true)?;
            Record::County(County {
                table,
                respondent: s.reporter(table)?,
                year,
                place: s.place(),
                area: s.code(N::Area),
                partial: s.code(N::Partial),
                split: s.code(N::Split),
                pop: s.code(N::Pop),
                income_group: s.income_group()?,
                report_level: s.code(N::ReportLevel),
                sizes: s.sizes(),
                revenue: s.pair(N::RevenueLoans, N::RevenueAmount),
                affiliate: s.pair(N::AffiliateLoans, N::AffiliateAmount),
            })
        }
        Shape::Area => {
            s.agrees(table, false)?;
            Record::Area(AreaLoans {
                table,
                respondent: s.reporter(table)?,
                year,
                place: s.place(),
                area: s.code(N::Area),
                partial: s.code(N::Partial),
                split: s.code(N::Split),
                report_level: s.code(N::ReportLevel),
                originated: s.pair(N::OriginatedLoans, N::OriginatedAmount),
                originated_revenue: s.pair(N::OriginatedRevenueLoans, N::OriginatedRevenueAmount),
                purchased: s.pair(N::PurchasedLoans, N::PurchasedAmount),
            })
        }
        Shape::Cd => Record::Cd(Cd {
            table,
            respondent: s.reporter(table)?,
            year,
            loan_type: s.code(N::LoanType),
            loans: s.pair(N::CdLoans, N::CdAmount),
            affiliate: s.pair(N::CdAffiliateLoans, N::CdAffiliateAmount),
            action: s.code(N::CdAction),
        }),
        Shape::Tract => Record::Tract(Tract {
            table,
            respondent: s.reporter(table)?,
            year,
            place: s.place(),
            tract: s.code(N::Tract),
            area: s.code(N::Area),
            partial: s.code(N::Partial),
            split: s.code(N::Split),
            pop: s.code(N::Pop),
            income_group: s.income_group()?,
            loan_indicator: s.code(N::LoanIndicator),
        }),
    })
}
