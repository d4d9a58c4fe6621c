//! One record, read: its table and year told from its first columns (the
//! README's "Telling a record's kind, table and year"), its era from the
//! year, its fields cut by the era's layout and checked by their kind
//! (a code printable ASCII, a number right-justified digits or blanks),
//! then made a typed record of its table's shape, its codes checked
//! against the lists (agency, loan type and action as the table says,
//! income group).

use std::borrow::Cow;

use super::codes::{self, Agency};
use super::layout::{self, FieldKind, NAMES, Name};
use super::record::{
    AreaLoans, Cd, County, Lender, Market, Pair, Place, Record, Reporter, Respondent, Sizes, Tract,
};
use super::{Era, Shape, Table};

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
