//! The rows each table's records give the copy (the migration says what
//! they mean), made with no database, so that a file's records can be
//! cut and shaped on one thread while another stores them: a
//! transmittal's reporter, the market's sums of a county's income groups
//! (added up here, stored once the file is read), a lender's county rows,
//! a reporter's county rows by income group and inside and outside its
//! areas, its community development loans, its areas' tracts. Each row
//! names its reporter; its bank is the writer's to find
//! ([`super::FileWriter::apply`]).

use std::collections::BTreeMap;

use super::super::link::number;
use super::batch::{AreaRow, Code, LendingRow};
use crate::lending::codes::{self, Category};
use crate::lending::record::{
    AreaLoans, Cd, County, Lender, Market, Pair, Place, Record, Reporter, Respondent, Sizes, Tract,
};
use crate::lending::{Action, Table};

/// The market's sums of one county, MSA and income category, of one
/// table: loans, amount, loans to small businesses or farms.
pub type MarketKey = (Table, [u8; 10], Category);

/// The market's sums of a file, by county, MSA and income category.
pub type MarketSums = BTreeMap<MarketKey, [u64; 3]>;

/// A transmittal's reporter, as `lending_reporters` keeps it.
#[derive(Debug, Clone)]
pub struct ReporterRow {
    pub year: u16,
    pub respondent: Respondent,
    pub rssd_id: Option<u64>,
    pub name: String,
    pub city: String,
    pub state: String,
    pub assets_thousands: Option<u64>,
}

/// A reporter's community development loans of a record (`cd_lending`
/// adds a year's up).
#[derive(Debug, Clone)]
pub struct CdRow {
    pub year: u16,
    pub respondent: Respondent,
    pub loans: Pair,
    pub affiliate: Pair,
}

/// What one record asks of the copy, in the file's order.
#[derive(Debug, Clone)]
pub enum Op {
    /// The first record of `table` in the file (of its year): the copy's
    /// rows of it are replaced.
    Table(Table, u16),
    Reporter(ReporterRow),
    Lending(LendingRow),
    Area(AreaRow),
    Cd(CdRow),
}

/// A file's records made rows, one after another.
#[derive(Debug, Default)]
pub struct Shaper {
    seen: Vec<Table>,
    market: MarketSums,
}

impl Shaper {
    /// What `record` asks of the copy, appended to `out`.
    pub fn shape(&mut self, record: &Record<'_>, out: &mut Vec<Op>) {
        let table = record.table();
        if !self.seen.contains(&table) {
            self.seen.push(table);
            out.push(Op::Table(table, record.year()));
        }
        match record {
            Record::Reporter(r) => out.push(Op::Reporter(reporter(r))),
            Record::Market(m) => self.market_row(m),
            Record::Lender(l) => lender(l, out),
            Record::County(c) => county(c, out),
            Record::Area(a) => area(a, out),
            Record::Cd(cd) => {
                if cd.loan_type == codes::CD_LOAN_TYPE {
                    out.push(Op::Cd(cd_row(cd)));
                }
            }
            Record::Tract(t) => out.extend(tract(t).map(Op::Area)),
        }
    }

    /// The market's sums of the file's records, once they are all shaped.
    pub fn market(self) -> MarketSums {
        self.market
    }

    /// An income-group row of a county (1997 on), or in 1996 a tract's
    /// (or a tract-unknown) row, added to its county's sums.
    fn market_row(&mut self, m: &Market<'_>) {
        let counted = if m.year == 1996 {
            m.report_level.is_empty() || m.report_level == codes::MARKET_INCOME_LEVEL
        } else {
            m.report_level == codes::MARKET_INCOME_LEVEL
        };
        let Some(category) = codes::category(m.income_group) else {
            return;
        };
        if !counted || m.place.state.is_empty() || m.place.county.is_empty() {
            return;
        }
        let mut at = [b' '; 10];
        for (to, from) in [
            (0..2, m.place.state),
            (2..5, m.place.county),
            (5..10, m.place.msa),
        ] {
            let bytes = from.as_bytes();
            let n = bytes.len().min(to.len());
            at[to.start..to.start + n].copy_from_slice(&bytes[..n]);
        }
        let total = m.sizes.total();
        let sums = self.market.entry((m.table, at, category)).or_default();
        sums[0] += total.loans.unwrap_or(0);
        sums[1] += total.amount.unwrap_or(0);
        sums[2] += m.revenue.loans.unwrap_or(0);
    }
}

fn reporter(r: &Reporter<'_>) -> ReporterRow {
    ReporterRow {
        year: r.year,
        respondent: r.respondent,
        rssd_id: r.rssd_id,
        name: r.name.to_string(),
        city: r.city.to_string(),
        state: r.state.to_string(),
        assets_thousands: r.assets_thousands,
    }
}

fn cd_row(cd: &Cd<'_>) -> CdRow {
    CdRow {
        year: cd.year,
        respondent: cd.respondent,
        loans: cd.loans,
        affiliate: cd.affiliate,
    }
}

fn lender(l: &Lender<'_>, out: &mut Vec<Op>) {
    // A lender's county rows; MSA, state and summary rows repeat them.
    let (Some(who), false, false, "") = (
        l.respondent,
        l.place.state.is_empty(),
        l.place.county.is_empty(),
        l.report_level,
    ) else {
        return;
    };
    let action = l.table.action().unwrap_or(Action::Originated);
    out.push(Op::Lending(row(
        who, l.table, l.year, &l.place, action, None, None, None, l.all, l.revenue,
    )));
}

fn county(c: &County<'_>, out: &mut Vec<Op>) {
    let Some(in_area) = codes::county_level(c.report_level) else {
        return;
    };
    let Some(category) = codes::category(c.income_group) else {
        // A county's total of its income groups: not added to them.
        return;
    };
    if c.place.county.is_empty() {
        return;
    }
    let action = c.table.action().unwrap_or(Action::Originated);
    out.push(Op::Lending(row(
        c.respondent,
        c.table,
        c.year,
        &c.place,
        action,
        Some(category),
        in_area,
        Some(&c.sizes),
        c.sizes.total(),
        c.revenue,
    )));
}

fn area(a: &AreaLoans<'_>, out: &mut Vec<Op>) {
    if a.place.county.is_empty() || a.area.is_empty() {
        return;
    }
    let in_area = Some(a.area != codes::NOT_APPLICABLE);
    let action = a.table.action().unwrap_or(Action::Originated);
    out.push(Op::Lending(row(
        a.respondent,
        a.table,
        a.year,
        &a.place,
        action,
        None,
        in_area,
        None,
        a.originated,
        a.originated_revenue,
    )));
    // Purchases: the second row, of action `purchased`.
    out.push(Op::Lending(row(
        a.respondent,
        a.table,
        a.year,
        &a.place,
        Action::Purchased,
        None,
        in_area,
        None,
        a.purchased,
        Pair::default(),
    )));
}

fn tract(t: &Tract<'_>) -> Option<AreaRow> {
    // A tract of none of the reporter's areas is not kept.
    let area = t.area.parse::<u32>().ok()?;
    let partial = match t.partial {
        "Y" => Some(1),
        "N" => Some(0),
        _ => None,
    };
    Some(AreaRow {
        year: t.year,
        who: t.respondent,
        bank: None,
        area,
        state: Code::of(t.place.state),
        county: Code::of(t.place.county),
        msa: Code::of(t.place.msa),
        tract: Code::of(t.tract),
        income_group: codes::category(t.income_group).map(Category::as_str),
        partial_county: partial,
    })
}

/// One `lending` row.
#[allow(clippy::too_many_arguments)]
fn row(
    who: Respondent,
    table: Table,
    year: u16,
    place: &Place<'_>,
    action: Action,
    income: Option<Category>,
    in_area: Option<bool>,
    sizes: Option<&Sizes>,
    total: Pair,
    revenue: Pair,
) -> LendingRow {
    let n = |n: Option<u64>| n.map(number);
    let class = |i: usize, loans: bool| {
        sizes.and_then(|s| {
            let pair = &s.classes[i];
            n(if loans { pair.loans } else { pair.amount })
        })
    };
    LendingRow {
        year,
        who,
        bank: None,
        table_id: table.id(),
        kind: table.loans().map_or("", |k| k.as_str()),
        action: action.as_str(),
        state: Code::of(place.state),
        county: Code::of(place.county),
        msa: Code::of(place.msa),
        income_group: income.map(Category::as_str),
        in_area,
        numbers: [
            n(total.loans),
            n(total.amount),
            class(0, true),
            class(0, false),
            class(1, true),
            class(1, false),
            class(2, true),
            class(2, false),
            n(revenue.loans),
            n(revenue.amount),
        ],
    }
}
