use super::*;
use proptest::prelude::*;

const O4: [Level; 4] = [O, S, NI, SN];

/// The points as the brief states them, independent of `combine`.
fn oracle(kind: Kind, levels: &[Level]) -> Level {
    let pos = |l: Level, scale: &[Level]| scale.iter().position(|s| *s == l).unwrap();
    match kind {
        Kind::Large => {
            let p = [12, 9, 6, 3, 0][pos(levels[0], &FIVE)]
                + [6, 4, 3, 1, 0][pos(levels[1], &FIVE)]
                + [6, 4, 3, 1, 0][pos(levels[2], &FIVE)];
            let o = if p >= 20 {
                O
            } else if p >= 11 {
                S
            } else if p >= 5 {
                NI
            } else {
                SN
            };
            if matches!(levels[0], NI | SN) && matches!(o, O | S) {
                NI
            } else {
                o
            }
        }
        Kind::IntermediateSmall => {
            let (a, b) = (levels[0], levels[1]);
            let has = |x: Level, y: Level| (a == x && b == y) || (a == y && b == x);
            if has(O, O) || has(O, S) {
                O
            } else if has(S, S) || has(O, NI) {
                S
            } else if [a, b].contains(&SN) && (a == SN && b == SN || [a, b].contains(&NI)) {
                SN
            } else {
                NI
            }
        }
        Kind::Rule2023 => {
            let score = |l: Level| [10.0, 7.0, 5.0, 3.0, 0.0][pos(l, &FIVE)];
            let w = 0.4 * score(levels[0])
                + 0.1 * score(levels[1])
                + 0.4 * score(levels[2])
                + 0.1 * score(levels[3]);
            if w >= 8.5 - 1e-9 {
                O
            } else if w >= 4.5 - 1e-9 {
                S
            } else if w >= 1.5 - 1e-9 {
                NI
            } else {
                SN
            }
        }
        Kind::Small | Kind::Other => levels[0],
    }
}

const KINDS: [Kind; 5] = [
    Kind::Large,
    Kind::IntermediateSmall,
    Kind::Small,
    Kind::Rule2023,
    Kind::Other,
];

#[test]
fn combine_matches_the_stated_points_everywhere() {
    for kind in KINDS {
        let (tests, scale) = (tests_of(kind), scale_of(kind));
        for code in 0..scale.len().pow(tests.len() as u32) {
            let levels: Vec<Level> = (0..tests.len())
                .map(|k| scale[code / scale.len().pow(k as u32) % scale.len()])
                .collect();
            assert_eq!(
                combine(kind, &levels),
                Some(oracle(kind, &levels)),
                "{kind:?} {levels:?}"
            );
        }
        assert_eq!(combine(kind, &[]), None);
    }
    assert_eq!(combine(Kind::Large, &[S, S, S]), None);
    assert_eq!(combine(Kind::Large, &[O, SN, SN]), Some(S));
    assert_eq!(combine(Kind::Large, &[NI, O, O]), Some(NI));
}

proptest! {
    #[test]
    fn drawn_tests_recombine_to_the_overall(seed in any::<u64>(), k in 0..5usize, o in 0..6usize, n_areas in 0..4usize) {
        let (kind, overall) = (KINDS[k], Level::ALL[o]);
        let mut areas: Vec<Area> = vec![Area::Institution];
        areas.extend((0..n_areas).map(|i| if i % 2 == 0 { Area::State(format!("S{i}")) } else { Area::Msa(format!("M{i}")) }));
        let drawn = draw_tests(overall, kind, &areas, &mut Draw::new(seed, 3));
        let expect_areas: Vec<&Area> = if kind == Kind::Large { areas.iter().collect() } else { vec![&Area::Institution] };
        prop_assert_eq!(drawn.len(), tests_of(kind).len() * expect_areas.len());
        for (a, area) in expect_areas.iter().enumerate() {
            let chunk = &drawn[a * tests_of(kind).len()..(a + 1) * tests_of(kind).len()];
            let levels: Vec<Level> = chunk.iter().map(|t| t.level).collect();
            for (t, test) in chunk.iter().zip(tests_of(kind)) {
                prop_assert_eq!(&t.area, *area);
                prop_assert_eq!(t.test, *test);
                let five = matches!(kind, Kind::Large | Kind::Rule2023);
                prop_assert!(five || !matches!(t.level, HS | LS));
                prop_assert!(!five || t.level != S);
            }
            let got = oracle(kind, &levels);
            if a == 0 {
                let want = if overall.is_overall() { overall } else { S };
                prop_assert_eq!(got, want);
            } else {
                let at = |l: Level| O4.iter().position(|x| *x == l).unwrap() as i32;
                let want = if overall.is_overall() { overall } else { S };
                prop_assert!((at(got) - at(want)).abs() <= 1);
            }
        }
        prop_assert_eq!(drawn.clone(), draw_tests(overall, kind, &areas, &mut Draw::new(seed, 3)));
    }
}
