//! The layouts against the README's worked examples (real lines), the
//! refusals, and every layout written then read back.

use std::borrow::Cow;

use proptest::prelude::*;

use super::codes::{Agency, Category};
use super::record::{AreaLoans, Cd, County, Lender, Market, Pair, Place, Reporter, Sizes, Tract};
use super::*;

const TRANSMITTAL_2013: &str = "000001413432013PASSUMPSIC SAVINGS BANK       497 RAILROAD STREET                     ST. JOHNSBURY            VT05819     03-014756000003000090000579877";
const LENDER_2013: &str =
    "A1-1a201341500071554000000141343        0000000003000000060400000000020000000105";
const TRACT_ROW_2013: &str = "A1-1 20134148059101800301.01NS103   00000000580000001100000000000500000010050000000004000000207800000000240000000543";
const INCOME_ROW_2013: &str = "A1-1 2013414805910180       NS10610000000000120000000065000000000000000000000000000000000000000000000000030000000026";
const CD_2024: &str = "D5-0 00000000011202460000000477000723841300000000010000208627O";

fn parse(line: &str) -> Record<'_> {
    parse::parse(line.as_bytes()).unwrap_or_else(|e| panic!("{e}: {line}"))
}

fn pair(loans: u64, amount: u64) -> Pair {
    Pair {
        loans: Some(loans),
        amount: Some(amount),
    }
}

#[test]
fn the_worked_transmittal_of_2013() {
    let Record::Reporter(r) = parse(TRANSMITTAL_2013) else {
        panic!("not a reporter")
    };
    assert_eq!(
        r.respondent,
        Respondent {
            agency: Agency::Fdic,
            id: 14134
        }
    );
    assert_eq!(r.year, 2013);
    assert_eq!(r.name, "PASSUMPSIC SAVINGS BANK");
    assert_eq!(r.city, "ST. JOHNSBURY");
    assert_eq!(
        (r.state, &*r.zip, &*r.tax_id),
        ("VT", "05819", "03-0147560")
    );
    assert_eq!(
        (r.rssd_id, r.assets_thousands),
        (Some(300009), Some(579877))
    );
}

#[test]
fn the_worked_aggregate_rows_of_2013_and_2000_and_1996() {
    let Record::Lender(l) = parse(LENDER_2013) else {
        panic!()
    };
    assert_eq!((l.table, l.year), (Table::A11a, 2013));
    assert_eq!(
        l.place,
        Place {
            state: "50",
            county: "007",
            msa: "15540"
        }
    );
    assert_eq!(
        l.respondent.map(|r| (r.agency, r.id)),
        Some((Agency::Fdic, 14134))
    );
    assert_eq!((l.lenders, l.report_level), (None, ""));
    assert_eq!((l.all, l.revenue), (pair(3, 604), pair(2, 105)));

    let Record::Market(m) = parse(TRACT_ROW_2013) else {
        panic!()
    };
    assert_eq!(
        (m.place.state, m.place.county, m.place.msa),
        ("48", "059", "10180")
    );
    assert_eq!(
        (m.tract, m.split, m.pop, m.income_group),
        ("0301.01", "N", "S", "103")
    );
    assert_eq!(m.report_level, "");
    assert_eq!(m.sizes.total(), pair(67, 4183));
    assert_eq!(m.revenue, pair(24, 543));

    let Record::Market(m) = parse(INCOME_ROW_2013) else {
        panic!()
    };
    assert_eq!(
        (m.tract, m.income_group, m.report_level),
        ("", "106", "100")
    );
    assert_eq!(m.sizes.total(), pair(12, 65));
    assert_eq!(codes::category(m.income_group), Some(Category::Unknown));

    let lender_2000 = format!(
        "A1-1a20004150007130500000335353        0002130000183400021300001834{}",
        " ".repeat(93)
    );
    let Record::Lender(l) = parse(&lender_2000) else {
        panic!()
    };
    assert_eq!((l.year, l.place.msa), (2000, "1305"));
    assert_eq!(l.respondent.map(|r| r.id), Some(33535));
    assert_eq!((l.all, l.revenue), (pair(213, 1834), pair(213, 1834)));

    let tract_1996 = format!(
        "A1-11996414844100400110.00NS101   00002500000356000002000002700000000000000000001300000453{}",
        " ".repeat(23)
    );
    let Record::Market(m) = parse(&tract_1996) else {
        panic!()
    };
    assert_eq!(
        (m.table, m.year, m.place.msa, m.tract),
        (Table::A11, 1996, "0040", "0110.00")
    );
    assert_eq!(m.income_group, "101");
    assert_eq!(m.sizes.total(), pair(27, 626));
    assert_eq!(m.revenue, pair(13, 453));
}

#[test]
fn the_reported_cd_row_of_2024() {
    let Record::Cd(cd) = parse(CD_2024) else {
        panic!()
    };
    assert_eq!(cd.respondent.id, 1);
    assert_eq!((cd.year, cd.loan_type, cd.action), (2024, "6", "O"));
    assert_eq!(
        (cd.loans, cd.affiliate),
        (pair(477, 7238413), pair(1, 208627))
    );
}

#[test]
fn wrong_lengths_unknown_tables_and_bad_fields_are_refused_in_words() {
    let error = |line: &str| parse::parse(line.as_bytes()).unwrap_err();
    assert!(
        error(&LENDER_2013[..79]).contains("79 characters, shorter than a 2013 A1-1a record (80)")
    );
    let long = format!("{LENDER_2013}   x");
    assert!(
        error(&long).contains("'x' in column 84 after the last field"),
        "{}",
        error(&long)
    );
    // Blanks after the last field are padding.
    assert!(parse::parse(format!("{LENDER_2013}      ").as_bytes()).is_ok());
    assert!(error("X1-1 2013").contains("unknown table"));
    assert!(error(&LENDER_2013.replace("A1-1a", "A9-9a")).contains("unknown table 'A9-9a'"));
    assert!(
        error(&LENDER_2013.replace("A1-1a2013", "A1-1a1996"))
            .contains("a 5-character table ID in a 1996 record")
    );
    assert!(error(&LENDER_2013.replace("A1-1a2013", "A1-1a1995")).contains("year 1995"));
    let letters = LENDER_2013.replace("0000000003", "00000000x3");
    assert!(error(&letters).contains("columns 41-50 (all_loans): '00000000x3' is not a number"));
    let agency = LENDER_2013.replace("141343", "141347");
    assert!(error(&agency).contains("agency code 7"));
    let farm = LENDER_2013.replace("A1-1a20134", "A1-1a20135");
    assert!(error(&farm).contains("loan type '5' in table A1-1a"));
    let income = TRACT_ROW_2013.replace("NS103", "NS109");
    assert!(error(&income).contains("income group '109'"));
}

#[test]
fn latin_1_names_are_read_not_refused() {
    let mut line = TRANSMITTAL_2013.as_bytes().to_vec();
    line[15] = 0xD1;
    let Record::Reporter(r) = parse::parse(&line).unwrap() else {
        panic!()
    };
    assert!(r.name.starts_with('Ñ'), "{}", r.name);
}

#[test]
fn a_file_holds_one_kind_and_one_year_and_names_the_line() {
    let text = format!("{LENDER_2013}\r\n\r\n{TRACT_ROW_2013}\r\n{TRANSMITTAL_2013}\r\n");
    let mut records = Records::new(text.as_bytes());
    assert!(records.next().unwrap().is_ok());
    assert!(records.next().unwrap().is_ok());
    let error = records.next().unwrap().unwrap_err();
    assert_eq!(error.line, 4);
    assert!(
        error
            .to_string()
            .starts_with("line 4: a transmittal record"),
        "{error}"
    );
    assert_eq!(records.tables(), [Table::A11a, Table::A11]);
    assert_eq!(records.kind_year(), Some((Kind::Aggregate, 2013)));
    let other_year = format!(
        "{LENDER_2013}\n{}\n",
        LENDER_2013.replace("A1-1a2013", "A1-1a2012")
    );
    let mut records = Records::new(other_year.as_bytes());
    records.next().unwrap().unwrap();
    assert!(
        records
            .next()
            .unwrap()
            .unwrap_err()
            .message
            .contains("a 2012 record (table A1-1a) in a file of 2013")
    );
    let endless = vec![b'A'; 5000];
    let mut records = Records::new(&endless[..]);
    assert!(
        records
            .next()
            .unwrap()
            .unwrap_err()
            .message
            .contains("longer than 1024")
    );
}

#[test]
fn what_a_file_is_by_its_first_bytes() {
    use archive::{Content, sniff};
    assert_eq!(sniff(b"PK\x03\x04rest"), Content::Zip);
    assert_eq!(sniff(LENDER_2013.as_bytes()), Content::Dat);
    assert_eq!(sniff(TRANSMITTAL_2013.as_bytes()), Content::Dat);
    assert_eq!(
        sniff(b"\r\n<!DOCTYPE html><title>Just a moment...</title>"),
        Content::Html
    );
    assert_eq!(sniff(b""), Content::Empty);
    assert!(matches!(sniff(b"%PDF-1.4"), Content::Other(_)));
}

#[test]
fn member_names_are_the_published_ones() {
    assert_eq!(
        write::member_name(Table::A11a, 2013, false),
        "13exp_aggr.dat"
    );
    assert_eq!(
        write::member_name(Table::A11a, 2017, true),
        "cra2017_Aggr_A11a.dat"
    );
    assert_eq!(
        write::member_name(Table::D30, 2017, true),
        "cra2017_Discl_D3.dat"
    );
    assert_eq!(
        write::member_name(Table::D11, 2017, true),
        "cra2017_Discl_D11.dat"
    );
    assert_eq!(
        write::member_name(Table::Transmittal, 2020, true),
        "CRA2020_Transmittal.dat"
    );
    assert_eq!(
        write::member_name(Table::Transmittal, 2005, false),
        "05exp_trans.dat"
    );
}

// Every layout, written then read: the same record, whatever its values.

fn code(choices: &'static [&'static str]) -> impl Strategy<Value = &'static str> {
    proptest::sample::select(choices)
}

fn count(era: Era) -> impl Strategy<Value = Option<u64>> {
    let most = if era == Era::Y2004 {
        9_999_999_999u64
    } else {
        999_999
    };
    proptest::option::of(0..=most)
}

fn amount(era: Era) -> impl Strategy<Value = Option<u64>> {
    let most = if era == Era::Y2004 {
        9_999_999_999u64
    } else {
        99_999_999
    };
    proptest::option::of(0..=most)
}

fn pairs(era: Era) -> impl Strategy<Value = Pair> {
    (count(era), amount(era)).prop_map(|(loans, amount)| Pair { loans, amount })
}

fn msa(era: Era) -> &'static [&'static str] {
    if era == Era::Y2004 {
        &["10180", "NA", "", "35644"]
    } else {
        &["0040", "NA", "", "1305"]
    }
}

fn respondent() -> impl Strategy<Value = Respondent> {
    (0usize..4, 1u64..=9_999_999_999).prop_map(|(a, id)| Respondent {
        agency: Agency::ALL[a],
        id,
    })
}

/// A record of every table and era, its values drawn.
fn any_record() -> impl Strategy<Value = (Record<'static>, usize)> {
    let era = proptest::sample::select(&Era::ALL[..]);
    let table = proptest::sample::select(&Table::ALL[..]);
    (era, table, 0usize..3)
        .prop_filter("a table of the era", |(era, table, _)| table.in_era(*era))
        .prop_flat_map(|(era, table, pad)| {
            let year = Just(match era {
                Era::Y1996 => 1996u16,
                Era::Y1997 => 2001,
                Era::Y2004 => 2019,
            });
            let place = (
                code(&["48", "50", ""]),
                code(&["059", "007", ""]),
                code(msa(era)),
            )
                .prop_map(|(state, county, msa)| Place { state, county, msa });
            let sizes = (pairs(era), pairs(era), pairs(era))
                .prop_map(|(a, b, c)| Sizes { classes: [a, b, c] });
            let income = code(&["103", "006", "015", ""]);
            let level = code(&["", "040", "050", "100", "210"]);
            let fields = (
                year,
                respondent(),
                place,
                sizes,
                (pairs(era), pairs(era), pairs(era)),
                (
                    income,
                    level,
                    code(&["0001", "NA", ""]),
                    code(&["Y", "N", ""]),
                ),
                (
                    code(&["0301.01", ""]),
                    proptest::option::of(1u64..=99_999),
                    "[A-Z &.,']{0,30}",
                ),
            );
            (Just(era), Just(table), Just(pad), fields)
        })
        .prop_map(|(era, table, pad, fields)| {
            let (
                year,
                who,
                place,
                sizes,
                (p1, p2, p3),
                (income, level, area, flag),
                (tract, lenders, name),
            ) = fields;
            let cd_type = if p1.loans.unwrap_or(0) % 2 == 0 {
                "6"
            } else {
                "7"
            };
            let record = match table.shape() {
                Shape::Transmittal => Record::Reporter(Reporter {
                    respondent: who,
                    year,
                    name: Cow::Owned(name.trim().to_string()),
                    address: Cow::Borrowed("497 RAILROAD STREET"),
                    city: Cow::Borrowed("ST. JOHNSBURY"),
                    state: "VT",
                    zip: Cow::Borrowed("05819"),
                    tax_id: Cow::Borrowed("03-0147560"),
                    rssd_id: (era != Era::Y1996).then_some(who.id),
                    assets_thousands: (era != Era::Y1996).then_some(579_877),
                }),
                Shape::Market => Record::Market(Market {
                    table,
                    year,
                    place,
                    tract,
                    split: flag,
                    pop: "S",
                    income_group: income,
                    report_level: level,
                    sizes,
                    revenue: p1,
                }),
                Shape::Lender => Record::Lender(Lender {
                    table,
                    year,
                    place,
                    respondent: lenders.is_none().then_some(who),
                    lenders,
                    report_level: level,
                    all: p1,
                    revenue: p2,
                }),
                Shape::County => Record::County(County {
                    table,
                    respondent: who,
                    year,
                    place,
                    area,
                    partial: flag,
                    split: "N",
                    pop: "L",
                    income_group: income,
                    report_level: level,
                    sizes,
                    revenue: p1,
                    affiliate: p2,
                }),
                Shape::Area => Record::Area(AreaLoans {
                    table,
                    respondent: who,
                    year,
                    place,
                    area,
                    partial: flag,
                    split: "N",
                    report_level: &level[..level.len().min(2)],
                    originated: p1,
                    originated_revenue: if era == Era::Y1996 {
                        Pair::default()
                    } else {
                        p2
                    },
                    purchased: p3,
                }),
                Shape::Cd => Record::Cd(Cd {
                    table,
                    respondent: who,
                    year,
                    loan_type: cd_type,
                    loans: p1,
                    affiliate: p2,
                    action: if era == Era::Y2004 { "O" } else { "" },
                }),
                Shape::Tract => Record::Tract(Tract {
                    table,
                    respondent: who,
                    year,
                    place,
                    tract,
                    area,
                    partial: flag,
                    split: "N",
                    pop: "S",
                    income_group: income,
                    loan_indicator: "Y",
                }),
            };
            let padded = match pad {
                0 => 0,
                1 => write::padded_length(table.shape(), year),
                _ => 200,
            };
            (record, padded)
        })
}

proptest! {
    #[test]
    fn every_layout_written_then_read_is_the_same_record((record, padded) in any_record()) {
        let mut line = Vec::new();
        write::write(&record, padded, &mut line).unwrap();
        prop_assert!(line.ends_with(b"\r\n"));
        let mut records = Records::new(&line[..]);
        let read = records.next().unwrap().unwrap();
        prop_assert_eq!(read, record);
    }
}
