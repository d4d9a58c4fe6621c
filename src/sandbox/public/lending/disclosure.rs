//! The transmittal and the disclosure of a year, from what each reporter
//! lent: its county rows by income group (report level 040), inside its
//! area (050) and outside every one (060), with each county's, state's
//! and its own totals beside them as the FFIEC writes them (rows the copy
//! does not keep, and must not add); its loans by county inside and
//! outside its areas (D3-0, D4-0); its community development loans
//! (D5-0); its areas' tracts (D6-0).

use std::borrow::Cow;
use std::collections::BTreeMap;

use super::draw::{Cell, hash};
use super::{Lent, Served, put};
use crate::lending::record::{
    AreaLoans, Cd, County, Pair, Place, Record, Reporter, Respondent, Sizes, Tract,
};
use crate::lending::{Era, Table};

const D_TABLES: [Table; 4] = [Table::D11, Table::D12, Table::D21, Table::D22];

pub(super) fn pair(loans: u64, amount: u64) -> Pair {
    Pair {
        loans: Some(loans),
        amount: Some(amount),
    }
}

pub(super) fn sizes(cell: &Cell) -> Sizes {
    Sizes {
        classes: std::array::from_fn(|i| pair(cell.loans[i], cell.amounts[i])),
    }
}

pub(super) fn revenue(cell: &Cell) -> Pair {
    pair(cell.revenue_loans, cell.revenue_amount)
}

/// At most `width` characters of `text`.
pub(super) fn clip(text: &str, width: usize) -> Cow<'_, str> {
    match text.char_indices().nth(width) {
        Some((at, _)) => Cow::Borrowed(text[..at].trim_end()),
        None => Cow::Borrowed(text),
    }
}

pub(super) fn respondent(lent: &Lent) -> Respondent {
    Respondent {
        agency: lent.spec.agency,
        id: lent.spec.id,
    }
}

/// One transmittal record a reporter.
pub(super) fn transmittal(year: u16, lent: &[Lent], tables: &mut BTreeMap<Table, Vec<u8>>) {
    let later = Era::of(year) != Some(Era::Y1996);
    for one in lent {
        let spec = &one.spec;
        let h = hash(&[&spec.name, &spec.id.to_string()]);
        let zip = format!("{:05}", h % 99_999);
        let tax_id = format!("{:02}-{:07}", h % 97, (h >> 8) % 9_999_999);
        put(
            &Record::Reporter(Reporter {
                respondent: respondent(one),
                year,
                name: clip(&spec.name, 30),
                address: Cow::Borrowed("100 MAIN STREET"),
                city: clip(&spec.city, 25),
                state: &spec.state,
                zip: Cow::Owned(zip),
                tax_id: Cow::Owned(tax_id),
                rssd_id: spec.rssd.filter(|_| later),
                assets_thousands: later.then_some(spec.assets_thousands),
            }),
            tables,
        );
    }
}

/// A reporter's loans of loan table `t` in a county by income group:
/// all, inside its area, outside every area.
fn by_income(served: &Served, t: usize) -> BTreeMap<&'static str, [Cell; 3]> {
    let mut codes: BTreeMap<&'static str, [Cell; 3]> = BTreeMap::new();
    let Some(loans) = &served.loans[t] else {
        return codes;
    };
    for (k, cell) in loans.by_tract.iter().enumerate() {
        let at = codes.entry(served.county.tracts[k].income).or_default();
        at[0].add(cell);
        at[if served.in_area(k) { 1 } else { 2 }].add(cell);
    }
    if !loans.unknown.is_empty() {
        let at = codes.entry(served.county.tract_unknown()).or_default();
        at[0].add(&loans.unknown);
        let inside = served.area.is_some() && !served.partial();
        at[if inside { 1 } else { 2 }].add(&loans.unknown);
    }
    codes
}

/// The reporters' disclosure tables.
pub(super) fn write(year: u16, lent: &[Lent], tables: &mut BTreeMap<Table, Vec<u8>>) {
    for one in lent {
        for (t, table) in D_TABLES.into_iter().enumerate() {
            county_rows(year, one, t, table, tables);
        }
        for (d, table) in [(0, Table::D30), (1, Table::D40)] {
            area_rows(year, one, d, table, tables);
        }
        cd_row(year, one, tables);
        tract_rows(year, one, tables);
    }
}

fn county_rows(
    year: u16,
    one: &Lent,
    t: usize,
    table: Table,
    tables: &mut BTreeMap<Table, Vec<u8>>,
) {
    let mut states: BTreeMap<&str, Cell> = BTreeMap::new();
    let mut all = Cell::default();
    let row = |tables: &mut BTreeMap<Table, Vec<u8>>,
               place: Place<'_>,
               area: &str,
               partial: &str,
               income: &str,
               level: &str,
               cell: &Cell,
               pop: &str| {
        put(
            &Record::County(County {
                table,
                respondent: respondent(one),
                year,
                place,
                area,
                partial,
                split: if place.county.is_empty() { "" } else { "N" },
                pop,
                income_group: income,
                report_level: level,
                sizes: sizes(cell),
                revenue: revenue(cell),
                affiliate: pair(0, 0),
            }),
            tables,
        );
    };
    for served in &one.served {
        let codes = by_income(served, t);
        if codes.is_empty() {
            continue;
        }
        let c = &served.county;
        let place = Place {
            state: &c.state,
            county: &c.county,
            msa: &c.msa,
        };
        let area = served.area.map(|a| format!("{a:04}"));
        let partial = if served.partial() { "Y" } else { "N" };
        let mut county_total = Cell::default();
        for (code, [total, inside, outside]) in &codes {
            row(tables, place, "", partial, code, "040", total, c.pop);
            if let Some(area) = &area
                && (!inside.is_empty() || !served.partial())
            {
                row(tables, place, area, partial, code, "050", inside, c.pop);
            }
            if !outside.is_empty() || area.is_none() {
                row(tables, place, "NA", partial, code, "060", outside, c.pop);
            }
            county_total.add(total);
        }
        row(tables, place, "", partial, "", "040", &county_total, c.pop);
        states.entry(&c.state).or_default().add(&county_total);
        all.add(&county_total);
    }
    for (state, cell) in &states {
        let place = Place {
            state,
            county: "",
            msa: "",
        };
        row(tables, place, "", "", "", "010", cell, "");
    }
    if !all.is_empty() {
        row(tables, Place::default(), "", "", "", "004", &all, "");
    }
}

/// D3-0 (business) or D4-0 (farm): each county's loans inside the area
/// and outside, originated (and to small businesses or farms) and
/// purchased; then the reporter's total.
fn area_rows(year: u16, one: &Lent, d: usize, table: Table, tables: &mut BTreeMap<Table, Vec<u8>>) {
    let mut total = [Cell::default(), Cell::default()];
    let row = |tables: &mut BTreeMap<Table, Vec<u8>>,
               place: Place<'_>,
               area: &str,
               partial: &str,
               level: &str,
               cells: &[Cell; 2]| {
        put(
            &Record::Area(AreaLoans {
                table,
                respondent: respondent(one),
                year,
                place,
                area,
                partial,
                split: if place.county.is_empty() { "" } else { "N" },
                report_level: level,
                originated: pair(cells[0].loans(), cells[0].amount()),
                originated_revenue: revenue(&cells[0]),
                purchased: pair(cells[1].loans(), cells[1].amount()),
            }),
            tables,
        );
    };
    for served in &one.served {
        let [originated, purchased] = [by_income(served, 2 * d), by_income(served, 2 * d + 1)];
        if originated.is_empty() && purchased.is_empty() {
            continue;
        }
        let mut inside = [Cell::default(), Cell::default()];
        let mut outside = [Cell::default(), Cell::default()];
        for (action, codes) in [originated, purchased].iter().enumerate() {
            for [all, i, o] in codes.values() {
                inside[action].add(i);
                outside[action].add(o);
                total[action].add(all);
            }
        }
        let c = &served.county;
        let place = Place {
            state: &c.state,
            county: &c.county,
            msa: &c.msa,
        };
        let partial = if served.partial() { "Y" } else { "N" };
        if let Some(area) = served.area {
            let area = format!("{area:04}");
            row(tables, place, &area, partial, "10", &inside);
        }
        if served.area.is_none() || served.partial() {
            row(tables, place, "NA", partial, "20", &outside);
        }
    }
    if !total[0].is_empty() || !total[1].is_empty() {
        row(tables, Place::default(), "", "", "00", &total);
    }
}

/// D5-0: the reporter's community development loans.
fn cd_row(year: u16, one: &Lent, tables: &mut BTreeMap<Table, Vec<u8>>) {
    let h = hash(&[&one.spec.id.to_string(), &year.to_string()]);
    let loans = (one.spec.assets_thousands / 400_000).min(900) + h % 5;
    put(
        &Record::Cd(Cd {
            table: Table::D50,
            respondent: respondent(one),
            year,
            loan_type: crate::lending::codes::CD_LOAN_TYPE,
            loans: pair(loans, loans * (600 + h % 700)),
            affiliate: if h.is_multiple_of(7) {
                pair(1, 250)
            } else {
                pair(0, 0)
            },
            action: if Era::of(year) == Some(Era::Y2004) {
                "O"
            } else {
                ""
            },
        }),
        tables,
    );
}

/// D6-0: the tracts of each of the reporter's areas.
fn tract_rows(year: u16, one: &Lent, tables: &mut BTreeMap<Table, Vec<u8>>) {
    for served in &one.served {
        let Some(area) = served.area else {
            continue;
        };
        let area = format!("{area:04}");
        let c = &served.county;
        for (k, tract) in c.tracts.iter().enumerate().take(served.inside) {
            let lent = served
                .loans
                .iter()
                .flatten()
                .any(|loans| !loans.by_tract[k].is_empty());
            put(
                &Record::Tract(Tract {
                    table: Table::D60,
                    respondent: respondent(one),
                    year,
                    place: Place {
                        state: &c.state,
                        county: &c.county,
                        msa: &c.msa,
                    },
                    tract: &tract.code,
                    area: &area,
                    partial: if served.partial() { "Y" } else { "N" },
                    split: "N",
                    pop: c.pop,
                    income_group: tract.income,
                    loan_indicator: if lent { "Y" } else { "N" },
                }),
                tables,
            );
        }
    }
}
