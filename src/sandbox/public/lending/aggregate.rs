//! The aggregate of a year, from what every reporter lent: all reporters
//! together by tract, by income group of each county (from 1997; 1996
//! has its tract-unknown rows instead), by county and by MSA (A1-1 ...
//! A2-2); and each lender by county, by MSA and (to 2003) by a state's
//! non-MSA part, with the summaries of all lenders in the odd years, as
//! some real years have them and others not (A1-1a ... A2-2a, from 1997).

use std::collections::BTreeMap;

use super::disclosure::{pair, respondent, revenue, sizes};
use super::draw::{Cell, CountySpec};
use super::{LOAN_TABLES, Lent, put};
use crate::lending::record::{Lender, Market, Place, Record};
use crate::lending::{Era, Table};

const MARKET: [Table; LOAN_TABLES] = [Table::A11, Table::A12, Table::A21, Table::A22];
const LENDERS: [Table; LOAN_TABLES] = [Table::A11a, Table::A12a, Table::A21a, Table::A22a];

/// Every reporter's loans of one table in one county: by tract, and
/// those whose tract is not known.
struct Together<'a> {
    county: &'a CountySpec,
    by_tract: Vec<Cell>,
    unknown: Cell,
}

pub(super) fn write(year: u16, lent: &[Lent], tables: &mut BTreeMap<Table, Vec<u8>>) {
    for t in 0..LOAN_TABLES {
        market(year, lent, t, tables);
        if Era::of(year) != Some(Era::Y1996) {
            lenders(year, lent, t, tables);
        }
    }
}

fn market(year: u16, lent: &[Lent], t: usize, tables: &mut BTreeMap<Table, Vec<u8>>) {
    let table = MARKET[t];
    let mut counties: BTreeMap<(&str, &str), Together<'_>> = BTreeMap::new();
    for served in lent.iter().flat_map(|one| &one.served) {
        let Some(loans) = &served.loans[t] else {
            continue;
        };
        let c = &served.county;
        let at = counties
            .entry((&c.state, &c.county))
            .or_insert_with(|| Together {
                county: c,
                by_tract: vec![Cell::default(); c.tracts.len()],
                unknown: Cell::default(),
            });
        for (k, cell) in loans.by_tract.iter().enumerate() {
            at.by_tract[k].add(cell);
        }
        at.unknown.add(&loans.unknown);
    }
    let row = |tables: &mut BTreeMap<Table, Vec<u8>>,
               place: Place<'_>,
               tract: &str,
               pop: &str,
               income: &str,
               level: &str,
               cell: &Cell| {
        put(
            &Record::Market(Market {
                table,
                year,
                place,
                tract,
                split: if tract.is_empty() { "" } else { "N" },
                pop,
                income_group: income,
                report_level: level,
                sizes: sizes(cell),
                revenue: revenue(cell),
            }),
            tables,
        );
    };
    let mut msas: BTreeMap<&str, Cell> = BTreeMap::new();
    for together in counties.values() {
        let c = together.county;
        let place = Place {
            state: &c.state,
            county: &c.county,
            msa: &c.msa,
        };
        let mut codes: BTreeMap<&str, Cell> = BTreeMap::new();
        let mut total = together.unknown;
        for (k, cell) in together.by_tract.iter().enumerate() {
            // A1-1 has a row for every tract; the others for tracts with loans.
            if t == 0 || !cell.is_empty() {
                let tract = &c.tracts[k];
                row(tables, place, &tract.code, c.pop, tract.income, "", cell);
            }
            codes.entry(c.tracts[k].income).or_default().add(cell);
            total.add(cell);
        }
        if !together.unknown.is_empty() {
            codes
                .entry(c.tract_unknown())
                .or_default()
                .add(&together.unknown);
        }
        if year == 1996 {
            if !together.unknown.is_empty() {
                row(
                    tables,
                    place,
                    "",
                    c.pop,
                    c.tract_unknown(),
                    "",
                    &together.unknown,
                );
            }
        } else {
            for (code, cell) in codes.iter().filter(|(_, cell)| !cell.is_empty()) {
                row(tables, place, "", c.pop, code, "100", cell);
            }
        }
        row(tables, place, "", "", "", "200", &total);
        if c.msa != "NA" {
            msas.entry(&c.msa).or_default().add(&total);
        }
    }
    for (msa, cell) in &msas {
        let place = Place {
            state: "",
            county: "",
            msa,
        };
        row(tables, place, "", "", "", "210", cell);
    }
}

fn lenders(year: u16, lent: &[Lent], t: usize, tables: &mut BTreeMap<Table, Vec<u8>>) {
    let table = LENDERS[t];
    let summaries = year % 2 == 1;
    let early = Era::of(year) == Some(Era::Y1997);
    let mut all_counties: BTreeMap<(&str, &str, &str), (u64, Cell)> = BTreeMap::new();
    let mut all_msas: BTreeMap<&str, (u64, Cell)> = BTreeMap::new();
    for one in lent {
        let row = |tables: &mut BTreeMap<Table, Vec<u8>>, place: Place<'_>, cell: &Cell| {
            put(
                &Record::Lender(Lender {
                    table,
                    year,
                    place,
                    respondent: Some(respondent(one)),
                    lenders: None,
                    report_level: "",
                    all: pair(cell.loans(), cell.amount()),
                    revenue: revenue(cell),
                }),
                tables,
            );
        };
        let mut msas: BTreeMap<&str, Cell> = BTreeMap::new();
        let mut rural: BTreeMap<&str, Cell> = BTreeMap::new();
        for served in &one.served {
            let Some(loans) = &served.loans[t] else {
                continue;
            };
            let c = &served.county;
            let total = loans.total();
            if total.is_empty() {
                continue;
            }
            let place = Place {
                state: &c.state,
                county: &c.county,
                msa: &c.msa,
            };
            row(tables, place, &total);
            let county = all_counties
                .entry((&c.state, &c.county, &c.msa))
                .or_default();
            county.0 += 1;
            county.1.add(&total);
            if c.msa == "NA" {
                rural.entry(&c.state).or_default().add(&total);
            } else {
                msas.entry(&c.msa).or_default().add(&total);
            }
        }
        for (msa, cell) in &msas {
            let place = Place {
                state: "",
                county: "",
                msa,
            };
            row(tables, place, cell);
            let all = all_msas.entry(msa).or_default();
            all.0 += 1;
            all.1.add(cell);
        }
        if early {
            for (state, cell) in &rural {
                let place = Place {
                    state,
                    county: "",
                    msa: "NA",
                };
                row(tables, place, cell);
            }
        }
    }
    if !summaries {
        return;
    }
    let summary = |tables: &mut BTreeMap<Table, Vec<u8>>,
                   place: Place<'_>,
                   lenders: u64,
                   level: &str,
                   cell: &Cell| {
        put(
            &Record::Lender(Lender {
                table,
                year,
                place,
                respondent: None,
                lenders: Some(lenders),
                report_level: level,
                all: pair(cell.loans(), cell.amount()),
                revenue: revenue(cell),
            }),
            tables,
        );
    };
    for ((state, county, msa), (lenders, cell)) in &all_counties {
        let place = Place { state, county, msa };
        summary(tables, place, *lenders, "200", cell);
    }
    for (msa, (lenders, cell)) in &all_msas {
        let place = Place {
            state: "",
            county: "",
            msa,
        };
        summary(tables, place, *lenders, "210", cell);
    }
}
