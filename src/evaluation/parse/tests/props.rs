//! Generated documents: arbitrary pages never panic; generated tables and
//! sentences read back.

use super::super::table::CHAR_W;
use super::*;
use proptest::prelude::*;

/// A table of performance levels: columns at random gaps, each X at a
/// random place under its header, the header on one line or two, x
/// in either case.
fn generated_table(
    levels: &[usize],
    gaps: &[f32],
    offsets: &[f32],
    two_lines: bool,
    small_x: bool,
) -> Page {
    let names = [
        ("Lending", "Test*"),
        ("Investment", "Test"),
        ("Service", "Test"),
    ];
    let (mut x, mut top, mut header, mut marks) = (
        160.0,
        Vec::new(),
        vec![(72.0, "Performance Levels")],
        Vec::new(),
    );
    let mut joined = Vec::new();
    for k in 0..3 {
        x += gaps[k];
        let (word, test) = names[k];
        joined.push(format!("{word} {test}"));
        let width = (word.len() + test.len() + 1) as f32 * CHAR_W;
        // Under a header on two lines the column is its longer word.
        let under = if two_lines {
            word.len() as f32 * CHAR_W
        } else {
            width
        };
        marks.push(x + offsets[k] * (under - CHAR_W));
        top.push(x);
        x += width + 5.0;
    }
    let mut lines = vec![line(100.0, &[(150.0, "Performance Tests")])];
    if two_lines {
        let above: Vec<_> = (0..3).map(|k| (top[k], names[k].0)).collect();
        lines.push(line(106.0, &above));
        header.extend((0..3).map(|k| (top[k] + offsets[k] * 10.0, names[k].1)));
        lines.push(line(112.0, &header));
    } else {
        header.extend((0..3).map(|k| (top[k], joined[k].as_str())));
        lines.push(line(112.0, &header));
    }
    let mark = if small_x { "x" } else { "X" };
    for (r, level) in FIVE.iter().enumerate() {
        let mut runs = vec![(72.0, level.as_str())];
        runs.extend((0..3).filter(|&k| levels[k] == r).map(|k| (marks[k], mark)));
        lines.push(line(124.0 + 12.0 * r as f32, &runs));
    }
    Page { lines }
}

/// Bits of PE wording, multibyte text and marks, to reach deep paths.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        prop::sample::select(vec![
            "Performance Levels",
            "Lending Test",
            "Test*",
            "X",
            "x",
            "is rated",
            ":",
            "High Satisfactory",
            "INSTITUTION\u{2019}S CRA RATING",
            "CRA rating for the State of Texas:",
            "State of Texas",
            "Multistate MSA",
            "Charter Number",
            "RSSD#",
            "0",
            "99999999999999999999999",
            "March 32, 2021",
            "\u{AD}",
            "\u{A0}",
            "İ",
            "ß",
            "é",
            "\u{FB01}",
            "…",
            "State Rating",
            "Substantial",
        ])
        .prop_map(String::from),
    ]
}

fn arbitrary_pages() -> impl Strategy<Value = Vec<Page>> {
    let run = (any::<f32>(), prop::collection::vec(fragment(), 0..4)).prop_map(|(x, parts)| Run {
        x,
        text: parts.join(" "),
    });
    let line =
        (any::<f32>(), prop::collection::vec(run, 0..5)).prop_map(|(y, runs)| Line { y, runs });
    let page = prop::collection::vec(line, 0..20).prop_map(|lines| Page { lines });
    prop::collection::vec(page, 0..4)
}

const TABLE_TESTS: [Test; 3] = [Test::Lending, Test::Investment, Test::Service];
const FIVE: [Level; 5] = [
    Level::Outstanding,
    Level::HighSatisfactory,
    Level::LowSatisfactory,
    Level::NeedsToImprove,
    Level::SubstantialNoncompliance,
];

proptest! {
    #[test]
    fn never_panics(pages in arbitrary_pages()) {
        let _ = parse(&pages);
    }

    #[test]
    fn a_generated_table_reads_back(
        levels in prop::collection::vec(0..5usize, 3),
        gaps in prop::collection::vec(0.0f32..60.0, 3),
        offsets in prop::collection::vec(0.0f32..1.0, 3),
        two_lines in any::<bool>(),
        small_x in any::<bool>(),
    ) {
        let table = generated_table(&levels, &gaps, &offsets, two_lines, small_x);
        let e = parse(&[page(&OCC_COVER), table]).expect("a PE");
        let want: Vec<_> =
            (0..3).map(|k| inst(TABLE_TESTS[k], FIVE[levels[k]])).collect();
        prop_assert_eq!(e.tests, want);
    }

    #[test]
    fn generated_sentences_read_back(
        picks in prop::collection::vec(
            (0..8usize, 0..6usize, any::<bool>(), any::<bool>()),
            1..8,
        ),
        breaks in prop::collection::vec(any::<bool>(), 200),
    ) {
        let mut text =
            String::from("INSTITUTION\u{2019}S CRA RATING: This institution is rated Satisfactory.");
        let mut want: Vec<TestRating> = Vec::new();
        for (t, l, colon, caps) in picks {
            let (test, level) = (Test::ALL[t], Level::ALL[l]);
            if want.iter().any(|r| r.test == test) {
                continue;
            }
            let printed = level.as_str();
            let printed = if caps { printed.to_uppercase() } else { printed.into() };
            let colon = if colon { ":" } else { "" };
            text.push_str(&format!(" The {} is rated{colon} {printed}.", test.title()));
            want.push(inst(test, level));
        }
        let mut lines = vec![String::new()];
        for (k, word) in text.split(' ').enumerate() {
            if breaks[k % breaks.len()] && !lines.last().is_some_and(|l| l.is_empty()) {
                lines.push(String::new());
            }
            let last = lines.last_mut().expect("one line");
            if !last.is_empty() {
                // Now and then a no-break space too: it folds to one.
                let nbsp = breaks[(k * 7 + 3) % breaks.len()];
                last.push_str(if nbsp { " \u{A0}" } else { " " });
            }
            last.push_str(word);
        }
        let body: Vec<&str> = lines.iter().map(String::as_str).collect();
        let e = parse(&[page(&OCC_COVER), page(&body)]).expect("a PE");
        prop_assert_eq!(e.tests, want);
        prop_assert_eq!(e.rating, Some(Level::Satisfactory));
    }
}
