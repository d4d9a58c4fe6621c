//! State and multistate MSA sections, and contents listings that start none.

use super::super::areas::leader;
use super::*;

#[test]
fn multistate_bank_rates_each_area() {
    let contents = page(&[
        "Table of Contents",
        "Overall CRA Rating .......... 1",
        "State Rating 5",
        "State of Texas ....... 5",
        "State of New Mexico 9",
        "Memphis TN-MS-AR Multistate MSA 12",
    ]);
    let summary = page(&[
        "INSTITUTION'S CRA RATING: This institution is rated Satisfactory.",
        "The Lending Test is rated: High Satisfactory.",
        "The Investment Test is rated: Outstanding.",
        "The Service Test is rated: Low Satisfactory.",
        "Scope of the Evaluation",
        "STATE OF TEXAS",
        "State of New Mexico",
    ]);
    let texas = page(&[
        "State Rating",
        "State of Texas",
        "CRA rating for the State of Texas: Satisfactory",
        "The Lending Test is rated: Low Satisfactory.",
        "The Investment Test is rated: High Satisfactory.",
        "The Service Test is rated: Outstanding.",
    ]);
    let mut new_mexico = page(&[
        "State Rating",
        "STATE OF NEW MEXICO",
        "CRA Rating for New Mexico: Outstanding",
    ]);
    new_mexico.lines.extend(
        occ_table(&[line(
            126.0,
            &[
                (72.0, "Performance Levels"),
                (150.0, "Lending Test*"),
                (240.0, "Investment Test"),
                (340.0, "Service Test"),
            ],
        )])
        .lines,
    );
    let memphis = page(&[
        "Multistate Metropolitan Statistical Area Rating",
        "Memphis TN-MS-AR Multistate MSA",
        "CRA rating for the Memphis TN-MS-AR MMSA: Satisfactory",
        "The Lending Test is rated: Outstanding.",
        "The Investment Test is rated: Needs to Improve.",
        "The Service Test is rated: Substantial Noncompliance.",
    ]);
    let e = parse(&[
        page(&OCC_COVER),
        contents,
        summary,
        texas,
        new_mexico,
        memphis,
    ])
    .expect("a PE");
    let msa = |t, l| rating(Area::Msa("Memphis TN-MS-AR".into()), t, l);
    let want = [
        inst(Test::Lending, Level::HighSatisfactory),
        inst(Test::Investment, Level::Outstanding),
        inst(Test::Service, Level::LowSatisfactory),
        state("TX", Test::Lending, Level::LowSatisfactory),
        state("TX", Test::Investment, Level::HighSatisfactory),
        state("TX", Test::Service, Level::Outstanding),
        state("NM", Test::Lending, Level::HighSatisfactory),
        state("NM", Test::Investment, Level::Outstanding),
        state("NM", Test::Service, Level::HighSatisfactory),
        msa(Test::Lending, Level::Outstanding),
        msa(Test::Investment, Level::NeedsToImprove),
        msa(Test::Service, Level::SubstantialNoncompliance),
    ];
    assert_eq!(e.tests, want);
    assert_eq!(e.kind, Kind::Large);
    // Each area's overall rating, as its "CRA rating for" line prints it.
    let rated = |area, level| AreaRating { area, level };
    assert_eq!(
        e.area_ratings,
        [
            rated(Area::State("TX".into()), Level::Satisfactory),
            rated(Area::State("NM".into()), Level::Outstanding),
            rated(Area::Msa("Memphis TN-MS-AR".into()), Level::Satisfactory),
        ]
    );
}
#[test]
fn contents_and_scope_listings_start_no_section() {
    let contents = page(&[
        "Table of Contents",
        "State Rating 12",
        "CRA rating for the State of Texas: .......... 12",
        "State of Texas .......... 12",
        "Memphis TN-MS-AR Multistate MSA ..... 20",
        "Scope of the Evaluation",
        "State of Texas",
        "Memphis TN-MS-AR Multistate MSA",
    ]);
    let summary = page(&[
        "INSTITUTION'S CRA RATING: This institution is rated Satisfactory.",
        "The Lending Test is rated: Low Satisfactory.",
    ]);
    let e = parse(&[page(&OCC_COVER), contents, summary]).expect("a PE");
    assert_eq!(e.tests, [inst(Test::Lending, Level::LowSatisfactory)]);
    assert_eq!(e.kind, Kind::Small);
}

#[test]
fn contents_with_leaders_and_page_numbers_on_their_own_lines() {
    // As Chromium prints a contents table whose dot leaders wrap: the
    // page number sits between an entry and its leader, on a baseline
    // of its own, so "State of Ohio" follows "State Rating" closely.
    let contents = page(&[
        "Contents",
        "Overall CRA Rating",
        "1",
        "..........................................",
        "State Rating",
        "5",
        "..........................................",
        "State of Ohio",
        "5",
        "..........................................",
        "State of Kentucky",
        "A-1",
    ]);
    let summary = page(&[
        "INSTITUTION'S CRA RATING: This institution is rated Satisfactory.",
        "The Lending Test is rated: Low Satisfactory.",
    ]);
    let ohio = page(&[
        "State Rating",
        "State of Ohio",
        "CRA rating for the State of Ohio: Satisfactory",
        "The Lending Test is rated: High Satisfactory.",
    ]);
    let e = parse(&[page(&OCC_COVER), contents, summary, ohio]).expect("a PE");
    let want = [
        inst(Test::Lending, Level::LowSatisfactory),
        state("OH", Test::Lending, Level::HighSatisfactory),
    ];
    assert_eq!(e.tests, want);
    assert!(leader(".... 12") && leader("a-1") && leader("5"));
    assert!(!leader("state rating") && !leader("texas") && !leader("123456"));
}

#[test]
fn a_state_named_without_heading_and_with_a_footnote() {
    let body = page(&[
        "INSTITUTION'S CRA RATING: This institution is rated Outstanding.",
        "The Lending Test is rated Outstanding.",
        "CRA Rating for Texas\u{B9}: Satisfactory",
        "The Lending Test is rated: Satisfactory.",
        "The Community Development Test is rated: Needs to Improve.",
        "CRA rating for the State of New York 2: Outstanding",
        "The lending test is rated Outstanding.",
    ]);
    let e = parse(&[page(&OCC_COVER), body]).expect("a PE");
    let want = [
        inst(Test::Lending, Level::Outstanding),
        state("TX", Test::Lending, Level::Satisfactory),
        state("TX", Test::CommunityDevelopment, Level::NeedsToImprove),
        state("NY", Test::Lending, Level::Outstanding),
    ];
    assert_eq!(e.tests, want);
    assert_eq!(e.kind, Kind::IntermediateSmall);
}
