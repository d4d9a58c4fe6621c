//! Tables of performance levels, on one line and wrapped.

use super::*;

#[test]
fn occ_large_bank_reads_its_table() {
    let header = [line(
        126.0,
        &[
            (72.0, "Performance Levels"),
            (150.0, "Lending Test*"),
            (240.0, "Investment Test"),
            (340.0, "Service Test"),
        ],
    )];
    let rated = page(&[
        "Overall CRA Rating",
        "INSTITUTION'S CRA RATING: This institution is rated Satisfactory.",
    ]);
    let e = parse(&[page(&OCC_COVER), rated, occ_table(&header)]).expect("a PE");
    assert_eq!(e.name, "First National Bank of Amarillo");
    assert_eq!(
        e.ids,
        vec![PrintedId {
            kind: IdKind::OccCharter,
            number: 12345
        }]
    );
    assert_eq!(e.date.as_deref(), Some("2021-03-15"));
    assert_eq!(e.rating, Some(Level::Satisfactory));
    assert_eq!(e.kind, Kind::Large);
    let want = vec![
        inst(Test::Lending, Level::HighSatisfactory),
        inst(Test::Investment, Level::Outstanding),
        inst(Test::Service, Level::HighSatisfactory),
    ];
    assert_eq!(e.tests, want);
}

#[test]
fn a_narrow_table_with_wrapped_header_and_labels() {
    // The 2023 rule's four columns in a narrow table, as Chromium
    // prints it: "Performance" over "Levels", headers over three lines
    // whose top words come in no left-to-right order, row labels
    // wrapped with their X on a baseline between.
    let lines = vec![
        line(274.0, &[(278.0, "Retail")]),
        line(281.0, &[(348.0, "Community")]),
        line(
            288.0,
            &[(201.0, "Retail"), (270.0, "Services"), (446.0, "Community")],
        ),
        line(295.0, &[(88.0, "Performance"), (343.0, "Development")]),
        line(
            302.0,
            &[(194.0, "Lending"), (286.0, "and"), (441.0, "Development")],
        ),
        line(310.0, &[(110.0, "Levels"), (353.0, "Financing")]),
        line(
            316.0,
            &[
                (207.0, "Test"),
                (268.0, "Products"),
                (441.0, "Services Test"),
            ],
        ),
        line(324.0, &[(373.0, "Test")]),
        line(331.0, &[(285.0, "Test")]),
        line(350.0, &[(83.0, "Outstanding"), (382.0, "X")]),
        line(370.0, &[(83.0, "High")]),
        line(377.0, &[(217.0, "X"), (480.0, "X")]),
        line(384.0, &[(83.0, "Satisfactory")]),
        line(403.0, &[(83.0, "Low"), (294.0, "X")]),
        line(418.0, &[(83.0, "Satisfactory")]),
        line(437.0, &[(83.0, "Needs to")]),
        line(451.0, &[(83.0, "Improve")]),
        line(471.0, &[(83.0, "Substantial")]),
        line(485.0, &[(83.0, "Noncompliance")]),
    ];
    let rated = page(&["INSTITUTION'S CRA RATING: This institution is rated Satisfactory."]);
    let e = parse(&[page(&OCC_COVER), rated, Page { lines }]).expect("a PE");
    let want = [
        inst(Test::RetailLending, Level::HighSatisfactory),
        inst(Test::RetailServices, Level::LowSatisfactory),
        inst(Test::CdFinancing, Level::Outstanding),
        inst(Test::CdServices, Level::HighSatisfactory),
    ];
    assert_eq!(e.tests, want);
    assert_eq!(e.kind, Kind::Rule2023);
}

#[test]
fn a_header_on_two_lines_is_one_column_each() {
    let header = [
        line(
            114.0,
            &[
                (158.0, "Lending"),
                (245.0, "Investment"),
                (345.0, "Service"),
            ],
        ),
        line(
            126.0,
            &[
                (72.0, "Performance Levels"),
                (160.0, "Test*"),
                (255.0, "Test"),
                (350.0, "Test"),
            ],
        ),
    ];
    let rated = page(&[
        "INSTITUTION\u{2019}S CRA RATING: First National Bank of Amarillo is rated Outstanding.",
    ]);
    let e = parse(&[page(&OCC_COVER), rated, occ_table(&header)]).expect("a PE");
    assert_eq!(e.rating, Some(Level::Outstanding));
    let levels: Vec<_> = e.tests.iter().map(|r| (r.test, r.level)).collect();
    assert!(levels.contains(&(Test::Lending, Level::HighSatisfactory)));
    assert!(levels.contains(&(Test::Investment, Level::Outstanding)));
    assert!(levels.contains(&(Test::Service, Level::HighSatisfactory)));
    assert_eq!(levels.len(), 3);
    // Below it, the header on the second line.
    let header = [
        line(
            126.0,
            &[
                (72.0, "Performance Levels"),
                (158.0, "Lending"),
                (245.0, "Investment"),
                (345.0, "Service"),
            ],
        ),
        line(132.0, &[(160.0, "Test*"), (255.0, "Test"), (350.0, "Test")]),
    ];
    let e2 = parse(&[page(&OCC_COVER), page(&["CRA rating"]), occ_table(&header)]).expect("a PE");
    assert_eq!(e2.tests, e.tests);
    assert_eq!(e2.rating, None);
}
