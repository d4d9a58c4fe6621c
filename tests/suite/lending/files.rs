//! The layouts on the real files (`../shared/data/lending/`, skipped
//! without them): every record of the 1996, 2013 and 2022 transmittals
//! and of the 2013 aggregate (386,610 records) read, and the sums the
//! README verified found again: all lenders' county rows of A1-1a add up
//! to A1-1's county rows (4,868,494 loans, $204,129,141 thousand), the
//! national LMI share of 2013 is 1,023,480 / 4,742,916 from the
//! income-group rows and from the tract rows alike, each county's
//! income-group rows add up to its county row, a lender's county rows in
//! MSA counties to its MSA rows, and every lender is a reporter of the
//! transmittal (750 of 791).

use std::collections::{HashMap, HashSet};
use std::path::Path;

use cra::lending::archive::{LIMITS, Text, members};
use cra::lending::codes::{self, Category};
use cra::lending::pipe::piped;
use cra::lending::record::{Pair, Record, Respondent};
use cra::lending::{Kind, Records, Table};

use crate::common::shared_data;

/// Calls `each` with every record of the zip's `.dat` members; the kind
/// and year of the file, and its records.
fn each_record(zip: &Path, mut each: impl FnMut(&Record<'_>)) -> ((Kind, u16), u64) {
    let (dat, _) = members(zip, &LIMITS).unwrap();
    assert_eq!(dat.len(), 1, "{}", zip.display());
    let text = Text::Member {
        zip: zip.to_path_buf(),
        member: dat[0].clone(),
    };
    let (read, hashed) = piped(&text, &LIMITS, |input| {
        let mut records = Records::new(input);
        while let Some(record) = records.next() {
            each(&record.unwrap_or_else(|e| panic!("{}: {e}", zip.display())));
        }
        (records.kind_year().unwrap(), records.records())
    });
    assert_eq!(hashed.unwrap().1, dat[0].size);
    read
}

fn loans(p: &Pair) -> u64 {
    p.loans.unwrap_or(0)
}

fn amount(p: &Pair) -> u64 {
    p.amount.unwrap_or(0)
}

#[test]
fn the_real_transmittals_read_whole_in_both_layouts() {
    let expected = [
        ("96exp_trans.zip", 1996, 2_078),
        ("13exp_trans.zip", 2013, 791),
        ("22exp_trans.zip", 2022, 711),
    ];
    for (file, year, reporters) in expected {
        let Some(zip) = shared_data(&format!("lending/{file}")) else {
            return;
        };
        let mut seen = HashSet::new();
        let mut rssd = 0;
        let mut passumpsic = None;
        let (kind_year, records) = each_record(&zip, |record| {
            let Record::Reporter(r) = record else {
                panic!("not a transmittal record: {record:?}")
            };
            assert!(seen.insert(r.respondent), "{:?} twice", r.respondent);
            rssd += usize::from(r.rssd_id.is_some_and(|n| n > 0));
            if r.respondent.id == 14134 && r.respondent.agency == cra::lending::Agency::Fdic {
                passumpsic = Some((r.name.to_string(), r.rssd_id, r.assets_thousands));
            }
        });
        assert_eq!(kind_year, (Kind::Transmittal, year));
        assert_eq!(records, reporters);
        if year == 1996 {
            assert_eq!(rssd, 0, "1996 has no RSSD ID");
        } else {
            assert_eq!(rssd, reporters as usize, "{year}: every RSSD ID given");
        }
        if year == 2013 {
            assert_eq!(
                passumpsic,
                Some((
                    "PASSUMPSIC SAVINGS BANK".into(),
                    Some(300_009),
                    Some(579_877)
                ))
            );
        }
    }
}

#[test]
fn the_2013_aggregate_reads_whole_and_adds_up_as_the_readme_says() {
    let (Some(zip), Some(transmittal)) = (
        shared_data("lending/13exp_aggr.zip"),
        shared_data("lending/13exp_trans.zip"),
    ) else {
        return;
    };
    let mut reporters = HashSet::new();
    each_record(&transmittal, |record| {
        reporters.insert(record.respondent().unwrap());
    });
    let mut county_rows = (0u64, 0u64, 0u64);
    let mut lender_rows = (0u64, 0u64);
    let mut lenders: HashSet<Respondent> = HashSet::new();
    // A1-1 income groups (level 100), tracts (blank) and tract-unknown
    // rows by category; each county's income-group rows and county row.
    let mut by_groups: HashMap<Category, u64> = HashMap::new();
    let mut by_tracts: HashMap<Category, u64> = HashMap::new();
    let mut groups: HashMap<(Table, String, String), u64> = HashMap::new();
    let mut counties: HashMap<(Table, String, String), u64> = HashMap::new();
    let mut in_msa_counties: HashMap<Respondent, u64> = HashMap::new();
    let mut in_msas: HashMap<Respondent, u64> = HashMap::new();
    let mut tables = HashSet::new();
    let (kind_year, records) = each_record(&zip, |record| {
        tables.insert(record.table());
        match record {
            Record::Market(m) => {
                let total = m.sizes.total();
                let key = (
                    m.table,
                    m.place.state.to_string(),
                    m.place.county.to_string(),
                );
                match m.report_level {
                    "200" => {
                        counties.insert(key, loans(&total));
                        if m.table == Table::A11 {
                            county_rows.0 += loans(&total);
                            county_rows.1 += amount(&total);
                            county_rows.2 += 1;
                        }
                    }
                    "100" => {
                        *groups.entry(key).or_default() += loans(&total);
                        if m.table == Table::A11 {
                            let category = codes::category(m.income_group).unwrap();
                            *by_groups.entry(category).or_default() += loans(&total);
                        }
                    }
                    "" if m.table == Table::A11 => {
                        let category = codes::category(m.income_group).unwrap();
                        *by_tracts.entry(category).or_default() += loans(&total);
                    }
                    _ => {}
                }
                // Tract-unknown loans have no tract row: only their
                // income-group row counts them.
                if m.table == Table::A11
                    && m.report_level == "100"
                    && codes::tract_unknown(m.income_group)
                {
                    *by_tracts.entry(Category::Unknown).or_default() += loans(&m.sizes.total());
                }
            }
            Record::Lender(l) => {
                let Some(who) = l.respondent else {
                    return;
                };
                lenders.insert(who);
                if l.table != Table::A11a {
                    return;
                }
                if !l.place.state.is_empty() && !l.place.county.is_empty() {
                    lender_rows.0 += loans(&l.all);
                    lender_rows.1 += amount(&l.all);
                    if l.place.msa != "NA" {
                        *in_msa_counties.entry(who).or_default() += loans(&l.all);
                    }
                } else if l.place.state.is_empty() {
                    *in_msas.entry(who).or_default() += loans(&l.all);
                }
            }
            other => panic!("not an aggregate record: {other:?}"),
        }
    });
    assert_eq!(kind_year, (Kind::Aggregate, 2013));
    assert_eq!(records, 386_610);
    assert_eq!(tables.len(), 8, "A1-1 ... A2-2a: {tables:?}");
    assert_eq!(lender_rows, (4_868_494, 204_129_141));
    assert_eq!((county_rows.0, county_rows.1), lender_rows);
    for by in [&by_groups, &by_tracts] {
        let lmi = by[&Category::Low] + by[&Category::Moderate];
        let known: u64 = by
            .iter()
            .filter(|(c, _)| **c != Category::Unknown)
            .map(|(_, n)| n)
            .sum();
        assert_eq!((lmi, known), (1_023_480, 4_742_916));
    }
    for (key, total) in &counties {
        assert_eq!(groups.get(key).copied().unwrap_or(0), *total, "{key:?}");
    }
    assert_eq!(in_msa_counties, in_msas);
    assert_eq!(lenders.len(), 750);
    assert!(lenders.iter().all(|l| reporters.contains(l)));
    assert_eq!(reporters.len(), 791);
}

/// A lender's small business originations in 2013, as this test reads
/// the columns itself (the README's positions), not as `cra` does.
pub(crate) fn lender_total_by_hand(zip: &Path, agency: u8, respondent: u64) -> (u64, u64) {
    use std::io::BufRead;
    let file = std::fs::File::open(zip).unwrap();
    let mut archive = zip::ZipArchive::new(file).unwrap();
    let member = archive.by_index(0).unwrap();
    let (mut loans, mut amount) = (0, 0);
    for line in std::io::BufReader::new(member).split(b'\n') {
        let line = line.unwrap();
        let field = |from: usize, to: usize| {
            std::str::from_utf8(&line[from - 1..to])
                .unwrap()
                .trim()
                .to_string()
        };
        if line.len() < 80
            || field(1, 5) != "A1-1a"
            || field(12, 13).is_empty()
            || field(14, 16).is_empty()
        {
            continue;
        }
        if field(32, 32) == agency.to_string()
            && field(22, 31).parse::<u64>().ok() == Some(respondent)
        {
            loans += field(41, 50).parse::<u64>().unwrap();
            amount += field(51, 60).parse::<u64>().unwrap();
        }
    }
    (loans, amount)
}
