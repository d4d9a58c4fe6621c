use super::*;
use crate::domain::{Level, Test};

/// A line of runs at `y`: each run (x, text).
fn line(y: f32, runs: &[(f32, &str)]) -> Line {
    let runs = runs
        .iter()
        .map(|&(x, t)| Run {
            x,
            text: t.to_string(),
        })
        .collect();
    Line { y, runs }
}

/// A page of one-run lines, 12 points apart.
fn page(texts: &[&str]) -> Page {
    let lines = texts.iter().enumerate();
    Page {
        lines: lines
            .map(|(i, t)| line(72.0 + 12.0 * i as f32, &[(72.0, t)]))
            .collect(),
    }
}

fn rating(area: Area, test: Test, level: Level) -> TestRating {
    TestRating { area, test, level }
}

fn inst(test: Test, level: Level) -> TestRating {
    rating(Area::Institution, test, level)
}

fn state(code: &str, test: Test, level: Level) -> TestRating {
    rating(Area::State(code.into()), test, level)
}

const OCC_COVER: [&str; 9] = [
    "PUBLIC DISCLOSURE",
    "March 15, 2021",
    "COMMUNITY REINVESTMENT ACT",
    "PERFORMANCE EVALUATION",
    "First National Bank of Amarillo",
    "Charter Number: 012345",
    "500 South Taylor Street",
    "Amarillo, Texas 79101",
    "Office of the Comptroller of the Currency",
];

/// The table of the brief, a run per cell, on page 2.
fn occ_table(header: &[Line]) -> Page {
    let mut lines = vec![
        line(90.0, &[(200.0, "First National Bank of Amarillo")]),
        line(102.0, &[(220.0, "Performance Tests")]),
    ];
    lines.extend(header.iter().cloned());
    let rows = [
        ("Outstanding", vec![262.0]),
        ("High Satisfactory", vec![162.0, 352.0]),
        ("Low Satisfactory", vec![]),
        ("Needs to Improve", vec![]),
        ("Substantial Noncompliance", vec![]),
    ];
    for (k, (label, xs)) in rows.iter().enumerate() {
        let mut runs = vec![(72.0, *label)];
        runs.extend(xs.iter().map(|&x| (x, "X")));
        lines.push(line(140.0 + 12.0 * k as f32, &runs));
    }
    let note = "* The Lending Test is weighted more heavily than the Investment and Service Tests when arriving at an overall rating.";
    lines.push(line(210.0, &[(72.0, note)]));
    Page { lines }
}

#[test]
fn fdic_intermediate_small_bank_reads_sentences() {
    let cover = page(&[
        "PUBLIC DISCLOSURE",
        "Date of Evaluation: June 1, 2020",
        "COMMUNITY REINVESTMENT ACT PERFORMANCE EVALUATION",
        "The Peoples Bank",
        "FDIC Certificate Number: 00789",
        "100 Main Street",
        "Springfield, Missouri 65801",
        "Federal Deposit Insurance Corporation",
    ]);
    let body = page(&[
        "INSTITUTION RATING",
        "INSTITUTION'S CRA RATING: This institution is rated Satisfactory.",
        "An institution in this group has a satisfactory record.",
        "The Lending Test is rated Satisfactory.",
        "The Community Development Test is rated Outstanding.",
    ]);
    let e = parse(&[cover, body]).expect("a PE");
    assert_eq!(e.name, "The Peoples Bank");
    assert_eq!(
        e.ids,
        vec![PrintedId {
            kind: IdKind::FdicCert,
            number: 789
        }]
    );
    assert_eq!(e.date.as_deref(), Some("2020-06-01"));
    assert_eq!(e.kind, Kind::IntermediateSmall);
    let want = [
        inst(Test::Lending, Level::Satisfactory),
        inst(Test::CommunityDevelopment, Level::Outstanding),
    ];
    assert_eq!(e.tests, want);
}

#[test]
fn frb_small_bank_with_ratings_on_the_next_line() {
    let cover = page(&[
        "PUBLIC DISCLOSURE",
        "as of March 1, 2019",
        "COMMUNITY REINVESTMENT ACT",
        "PERFORMANCE EVALUATION",
        "AMERICAN\u{A0}STATE  BANK",
        "RSSD ID Number: 123456",
        "1401 Avenue Q",
        "Lubbock, Texas 79401",
        "Federal Reserve Bank of Dallas",
    ]);
    let body = page(&[
        "INSTITUTION\u{2019}S CRA RATING: This institution is rated:",
        "SATISFACTORY",
        "The Lending Test is rated:",
        "SATISFACTORY",
    ]);
    let e = parse(&[Page::default(), cover, body]).expect("a PE");
    assert_eq!(e.name, "AMERICAN STATE BANK");
    assert_eq!(
        e.ids,
        vec![PrintedId {
            kind: IdKind::Rssd,
            number: 123456
        }]
    );
    assert_eq!(e.date.as_deref(), Some("2019-03-01"));
    assert_eq!(e.rating, Some(Level::Satisfactory));
    assert_eq!(e.kind, Kind::Small);
    assert_eq!(e.tests, [inst(Test::Lending, Level::Satisfactory)]);
}

#[test]
fn sentences_broken_across_lines_and_high_low_kept_apart() {
    let body = page(&[
        "Institution's CRA Rating: This institution is rated: Needs to Improve.",
        "The Lending Test is",
        "rated: High Satisfactory. The Investment",
        "Test is rated Low Satisfactory. The Service Test is rated:",
        "LOW SATISFACTORY",
        "The lending test is rated Outstanding in the body; the summary wins.",
    ]);
    let e = parse(&[page(&OCC_COVER), body]).expect("a PE");
    assert_eq!(e.rating, Some(Level::NeedsToImprove));
    let want = [
        inst(Test::Lending, Level::HighSatisfactory),
        inst(Test::Investment, Level::LowSatisfactory),
        inst(Test::Service, Level::LowSatisfactory),
    ];
    assert_eq!(e.tests, want);
}

#[test]
fn rule_2023_reads_its_four_tests() {
    let body = page(&[
        "INSTITUTION'S CRA RATING: This institution is rated Outstanding.",
        "The Retail Lending Test is rated: High Satisfactory.",
        "The Retail Services and Products Test is rated: Low Satisfactory.",
        "The Community Development Financing Test is rated: Outstanding.",
        "The Community Development Services Test is rated: Needs to Improve.",
    ]);
    let e = parse(&[page(&OCC_COVER), body]).expect("a PE");
    assert_eq!(e.kind, Kind::Rule2023);
    let want = [
        inst(Test::RetailLending, Level::HighSatisfactory),
        inst(Test::RetailServices, Level::LowSatisfactory),
        inst(Test::CdFinancing, Level::Outstanding),
        inst(Test::CdServices, Level::NeedsToImprove),
    ];
    assert_eq!(e.tests, want);
}

#[test]
fn other_documents_are_set_aside() {
    let invoice = page(&[
        "INVOICE #4411",
        "Acme Supply Co.",
        "Total due: $1,200.00",
        "Lending Test kit 2",
    ]);
    assert!(matches!(parse(&[invoice]), Err(SetAside::NotEvaluation(_))));
    let unrated = page(&["Community Reinvestment Act", "A summary of the law."]);
    let why = SetAside::NotEvaluation("no CRA rating found".into());
    assert_eq!(parse(&[unrated]), Err(why));
    assert_eq!(parse(&[]), Err(SetAside::NoText));
    let blank = Page {
        lines: vec![line(10.0, &[(1.0, " "), (5.0, "")]), line(20.0, &[])],
    };
    assert_eq!(parse(&[Page::default(), blank]), Err(SetAside::NoText));
}

#[test]
fn cover_variants() {
    let cover = page(&[
        "PUBLIC DISCLOSURE",
        "Evaluation Date: 03/15/2021",
        "OTS Docket # 04567",
        "Charter Number 12A45",
        "Home Savings Bank, F.S.B.",
        "COMMUNITY REINVESTMENT ACT PERFORMANCE EVALUATION",
        "CRA rating: This institution is rated Outstanding.",
    ]);
    let e = parse(&[cover]).expect("a PE");
    assert_eq!(e.date.as_deref(), Some("2021-03-15"));
    assert_eq!(
        e.ids,
        vec![PrintedId {
            kind: IdKind::OtsDocket,
            number: 4567
        }]
    );
    assert_eq!(e.name, "Home Savings Bank, F.S.B.");
    assert_eq!(find_date("february 30, 2021"), None);
    assert_eq!(
        find_date("february 29, 2020").as_deref(),
        Some("2020-02-29")
    );
    assert_eq!(find_date("13/01/2020"), None);
}

#[test]
fn cover_identifiers_names_and_dates() {
    let cover = |lines: &[&str]| {
        let mut all = vec![
            "PUBLIC DISCLOSURE",
            "COMMUNITY REINVESTMENT ACT PERFORMANCE EVALUATION",
        ];
        all.extend(lines);
        all.push("INSTITUTION'S CRA RATING: This institution is rated Satisfactory.");
        parse(&[page(&all)]).expect("a PE")
    };
    let e = cover(&[
        "1st Source Bank",
        "RSSD# 0123456",
        "100 North Michigan Street",
        "February 30, 2021",
    ]);
    assert_eq!(e.name, "1st Source Bank");
    assert_eq!(
        e.ids,
        [PrintedId {
            kind: IdKind::Rssd,
            number: 123456
        }]
    );
    assert_eq!(e.date, None);
    let e = cover(&[
        "RSSD No. 77",
        "Certificate Number: 12345",
        "Charter Number",
        "2468",
        "Dallas, TX 75201-1234",
    ]);
    assert_eq!(e.name, "");
    let kinds: Vec<_> = e.ids.iter().map(|id| (id.kind, id.number)).collect();
    assert_eq!(
        kinds,
        [
            (IdKind::Rssd, 77),
            (IdKind::FdicCert, 12345),
            (IdKind::OccCharter, 2468)
        ]
    );
    let e = cover(&[
        "The Peoples Bank",
        "Docket Number: 0009",
        "Evaluation Date: Sept. 9th, 2019",
    ]);
    assert_eq!(
        (e.name.as_str(), e.date.as_deref()),
        ("The Peoples Bank", Some("2019-09-09"))
    );
    assert_eq!(
        e.ids,
        [PrintedId {
            kind: IdKind::OtsDocket,
            number: 9
        }]
    );
}

#[test]
fn a_thousand_pages_parse_fast() {
    let filler =
        "The bank originated a majority of its loans inside its assessment area, Lending Test.";
    let mut texts = vec![filler; 60];
    texts[10] = "The Lending Test is rated: High Satisfactory.";
    texts[20] = "INSTITUTION'S CRA RATING: This institution is rated Satisfactory.";
    let pages = vec![page(&texts); 1000];
    // Unoptimised code (`cargo test`) runs several times slower than a
    // release build; quadratic scans would take minutes here either way.
    // The bound is that, not a speed: a loaded machine (CI, two builds on
    // two cores) takes seconds where an idle one takes a fraction.
    let budget = if cfg!(debug_assertions) {
        30_000
    } else {
        5_000
    };
    let start = std::time::Instant::now();
    let e = parse(&pages).expect("a PE");
    assert!(
        start.elapsed().as_millis() < budget,
        "{:?}",
        start.elapsed()
    );
    assert_eq!(e.tests, [inst(Test::Lending, Level::HighSatisfactory)]);
    // One huge line full of what every scan looks for.
    let bait = "Performance Levels Lending Test is rated CRA rating for Texas: Charter Number x ";
    let line = bait.repeat(20_000);
    let start = std::time::Instant::now();
    let _ = parse(&[page(&[&line, &line]), page(&vec![bait; 5_000])]);
    assert!(
        start.elapsed().as_millis() < budget,
        "{:?}",
        start.elapsed()
    );
}

mod areas;
mod props;
mod tables;
