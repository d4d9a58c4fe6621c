//! Records written as the FFIEC writes them, through the same layouts
//! the reader cuts them by: text left-justified and blank-padded (Latin-1),
//! numbers zero-filled, blanks where a value is absent, CR LF after every
//! record, padded as the real files of each era are (the aggregate's
//! tables to 113 or 114 characters before 2004; the disclosure's D3-0 to
//! D6-0 to D1-1's length in 1997-2003, and not at all from 2004). The
//! sandbox's files and the benchmark's are written here; the zips in the
//! two packagings (one `.dat` a kind, and from 2016 one a table).

use std::io::{Seek, Write};

use super::layout::{self, FieldKind, Name};
use super::record::{Pair, Place, Record, Sizes};
use super::{Era, Shape, Table};

/// A field's value as written.
enum Value<'a> {
    Blank,
    Text(&'a str),
    Number(u64),
}

fn number(n: Option<u64>) -> Value<'static> {
    n.map_or(Value::Blank, Value::Number)
}

fn text(t: &str) -> Value<'_> {
    Value::Text(t)
}

fn pair(p: &Pair, loans: bool) -> Value<'static> {
    number(if loans { p.loans } else { p.amount })
}

fn place<'a>(p: &Place<'a>, name: Name) -> Option<Value<'a>> {
    Some(match name {
        Name::State => text(p.state),
        Name::County => text(p.county),
        Name::Msa => text(p.msa),
        _ => return None,
    })
}

fn sizes(s: &Sizes, name: Name) -> Option<Value<'static>> {
    let [small, mid, large] = &s.classes;
    Some(match name {
        Name::LoansUnder100k => pair(small, true),
        Name::AmountUnder100k => pair(small, false),
        Name::Loans100k250k => pair(mid, true),
        Name::Amount100k250k => pair(mid, false),
        Name::Loans250kPlus => pair(large, true),
        Name::Amount250kPlus => pair(large, false),
        _ => return None,
    })
}

/// The value of field `name` of `record`.
fn value<'a>(record: &'a Record<'_>, name: Name) -> Value<'a> {
    let table = record.table();
    let year = record.year();
    // The table ID and year, and the reporter, are every shape's.
    match name {
        Name::Table => return text(table.id()),
        Name::Year => return Value::Number(u64::from(year)),
        Name::RespondentId => return number(record.respondent().map(|r| r.id)),
        Name::Agency => return number(record.respondent().map(|r| u64::from(r.agency.code()))),
        Name::LoanType if table.loans().is_some() => {
            return text(table.loans().map_or("", |k| k.code()));
        }
        Name::Action if table.action().is_some() => {
            return text(table.action().map_or("", |a| a.code()));
        }
        _ => {}
    }
    let found = match record {
        Record::Reporter(r) => match name {
            Name::InstitutionName => Some(text(&r.name)),
            Name::Address => Some(text(&r.address)),
            Name::City => Some(text(&r.city)),
            Name::State => Some(text(r.state)),
            Name::Zip => Some(text(&r.zip)),
            Name::TaxId => Some(text(&r.tax_id)),
            Name::Rssd => Some(number(r.rssd_id)),
            Name::Assets => Some(number(r.assets_thousands)),
            _ => None,
        },
        Record::Market(r) => {
            place(&r.place, name)
                .or_else(|| sizes(&r.sizes, name))
                .or(match name {
                    Name::Tract => Some(text(r.tract)),
                    Name::Split => Some(text(r.split)),
                    Name::Pop => Some(text(r.pop)),
                    Name::IncomeGroup => Some(text(r.income_group)),
                    Name::ReportLevel => Some(text(r.report_level)),
                    Name::RevenueLoans => Some(pair(&r.revenue, true)),
                    Name::RevenueAmount => Some(pair(&r.revenue, false)),
                    _ => None,
                })
        }
        Record::Lender(r) => place(&r.place, name).or(match name {
            Name::Lenders => Some(number(r.lenders)),
            Name::ReportLevel => Some(text(r.report_level)),
            Name::AllLoans => Some(pair(&r.all, true)),
            Name::AllAmount => Some(pair(&r.all, false)),
            Name::RevenueLoans => Some(pair(&r.revenue, true)),
            Name::RevenueAmount => Some(pair(&r.revenue, false)),
            _ => None,
        }),
        Record::County(r) => {
            place(&r.place, name)
                .or_else(|| sizes(&r.sizes, name))
                .or(match name {
                    Name::Area => Some(text(r.area)),
                    Name::Partial => Some(text(r.partial)),
                    Name::Split => Some(text(r.split)),
                    Name::Pop => Some(text(r.pop)),
                    Name::IncomeGroup => Some(text(r.income_group)),
                    Name::ReportLevel => Some(text(r.report_level)),
                    Name::RevenueLoans => Some(pair(&r.revenue, true)),
                    Name::RevenueAmount => Some(pair(&r.revenue, false)),
                    Name::AffiliateLoans => Some(pair(&r.affiliate, true)),
                    Name::AffiliateAmount => Some(pair(&r.affiliate, false)),
                    _ => None,
                })
        }
        Record::Area(r) => place(&r.place, name).or(match name {
            Name::Area => Some(text(r.area)),
            Name::Partial => Some(text(r.partial)),
            Name::Split => Some(text(r.split)),
            Name::ReportLevel => Some(text(r.report_level)),
            Name::OriginatedLoans => Some(pair(&r.originated, true)),
            Name::OriginatedAmount => Some(pair(&r.originated, false)),
            Name::OriginatedRevenueLoans => Some(pair(&r.originated_revenue, true)),
            Name::OriginatedRevenueAmount => Some(pair(&r.originated_revenue, false)),
            Name::PurchasedLoans => Some(pair(&r.purchased, true)),
            Name::PurchasedAmount => Some(pair(&r.purchased, false)),
            _ => None,
        }),
        Record::Cd(r) => match name {
            Name::LoanType => Some(text(r.loan_type)),
            Name::CdLoans => Some(pair(&r.loans, true)),
            Name::CdAmount => Some(pair(&r.loans, false)),
            Name::CdAffiliateLoans => Some(pair(&r.affiliate, true)),
            Name::CdAffiliateAmount => Some(pair(&r.affiliate, false)),
            Name::CdAction => Some(text(r.action)),
            _ => None,
        },
        Record::Tract(r) => place(&r.place, name).or(match name {
            Name::Tract => Some(text(r.tract)),
            Name::Area => Some(text(r.area)),
            Name::Partial => Some(text(r.partial)),
            Name::Split => Some(text(r.split)),
            Name::Pop => Some(text(r.pop)),
            Name::IncomeGroup => Some(text(r.income_group)),
            Name::LoanIndicator => Some(text(r.loan_indicator)),
            _ => None,
        }),
    };
    found.unwrap_or(Value::Blank)
}

/// The length the real files pad a record of `shape` in `year` to (its
/// last field's column where they do not).
pub fn padded_length(shape: Shape, year: u16) -> usize {
    let era = Era::of(year).unwrap_or(Era::Y2004);
    let last = layout::fields(shape, era).map_or(0, layout::last_column);
    match (shape, year) {
        (Shape::Market, ..=1999) => 113,
        (Shape::Market, 2000..=2003) => 114,
        (Shape::Lender, ..=1999) => 159,
        (Shape::Lender, 2000..=2003) => 160,
        (Shape::Area | Shape::Cd | Shape::Tract, 1997..=2003) => 114,
        _ => last,
    }
}

/// Appends `record` to `out` as one line (CR LF), padded to `padded`
/// characters (at least its last field's column); why it cannot be
/// written (a value wider than its field).
pub fn write(record: &Record<'_>, padded: usize, out: &mut Vec<u8>) -> Result<(), String> {
    let table = record.table();
    let year = record.year();
    let fields = Era::of(year)
        .and_then(|era| layout::fields(table.shape(), era))
        .ok_or_else(|| format!("no layout of table {table} in {year}"))?;
    let start = out.len();
    for field in fields {
        let width = field.width();
        match value(record, field.name) {
            Value::Blank => out.extend(std::iter::repeat_n(b' ', width)),
            Value::Text(t) => {
                let bytes: Vec<u8> = t
                    .chars()
                    .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
                    .collect();
                if bytes.len() > width || (field.kind != FieldKind::Text && !bytes.is_ascii()) {
                    return Err(format!(
                        "table {table}: '{t}' does not fit {} ({width} characters)",
                        field.name.label()
                    ));
                }
                out.extend_from_slice(&bytes);
                out.extend(std::iter::repeat_n(b' ', width - bytes.len()));
            }
            Value::Number(n) => {
                let digits = n.to_string();
                if digits.len() > width {
                    return Err(format!(
                        "table {table}: {n} does not fit {} ({width} digits)",
                        field.name.label()
                    ));
                }
                out.extend(std::iter::repeat_n(b'0', width - digits.len()));
                out.extend_from_slice(digits.as_bytes());
            }
        }
    }
    let written = out.len() - start;
    out.extend(std::iter::repeat_n(b' ', padded.saturating_sub(written)));
    out.extend_from_slice(b"\r\n");
    Ok(())
}

/// The name of the `.dat` member of a kind's file (one per kind, to
/// 2015) or of a table's (from 2016), as the FFIEC names them.
pub fn member_name(table: Table, year: u16, per_table: bool) -> String {
    let yy = year % 100;
    match (table.kind(), per_table) {
        (super::Kind::Transmittal, _) if year >= 2016 => format!("CRA{year}_Transmittal.dat"),
        (kind, false) => format!("{yy:02}exp_{}.dat", kind.file_word()),
        (kind, true) => {
            let word = match kind {
                super::Kind::Aggregate => "Aggr",
                _ => "Discl",
            };
            let id: String = table.id().chars().filter(|c| *c != '-').collect();
            // `D3-0` is `_D3`, as the published names drop the zero.
            let id = id.strip_suffix('0').unwrap_or(&id);
            format!("cra{year}_{word}_{id}.dat")
        }
    }
}

/// A zip of `members` (name, text), deflated, dated `modified`: the same
/// bytes every time for the same input.
pub fn zip<W: Write + Seek>(
    out: W,
    members: &[(String, &[u8])],
    modified: jiff::civil::DateTime,
) -> std::io::Result<W> {
    let to_io = |e: zip::result::ZipError| std::io::Error::other(e.to_string());
    let stamp = zip::DateTime::from_date_and_time(
        u16::try_from(modified.year()).unwrap_or(1980),
        modified.month() as u8,
        modified.day() as u8,
        modified.hour() as u8,
        modified.minute() as u8,
        modified.second() as u8,
    )
    .unwrap_or_default();
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(stamp)
        .large_file(false);
    let mut zip = zip::ZipWriter::new(out);
    for (name, text) in members {
        zip.start_file(name.as_str(), options).map_err(to_io)?;
        zip.write_all(text)?;
    }
    zip.finish().map_err(to_io)
}
