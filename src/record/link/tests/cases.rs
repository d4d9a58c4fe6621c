//! The cases the linker must decide one way.

use super::*;

#[test]
fn an_institution_claimed_twice_goes_to_the_clear_best_or_to_none() {
    let mut claims = Claims::default();
    // Institution 1: bank 10 leads bank 11 by the margin.
    claims.add(11, 1, 20 - MARGIN, false);
    claims.add(10, 1, 20, false);
    // Institution 2: banks 20 and 21 within the margin, 22 far behind.
    claims.add(20, 2, 15, false);
    claims.add(22, 2, 5, false);
    claims.add(21, 2, 15 - MARGIN + 1, false);
    // Institution 3: one bank, but another bank outside holds it.
    claims.add(30, 3, 30, false);
    // Institution 4: one bank, kept.
    claims.add(40, 4, 10, false);
    // Institution 5: the bank that held it keeps it, against a better fit.
    claims.add(51, 5, 30, false);
    claims.add(50, 5, 12, true);
    // Institution 6: held before, but a bank outside holds it.
    claims.add(60, 6, 12, true);
    let mut losers = claims.losers(&HashSet::from([3, 6]));
    losers.sort();
    assert_eq!(
        losers,
        [
            (11, Reason::Claimed, false),
            (20, Reason::Ambiguous, false),
            (21, Reason::Ambiguous, false),
            (22, Reason::Claimed, false),
            (30, Reason::Claimed, false),
            (51, Reason::Claimed, false),
            (60, Reason::Claimed, true),
        ]
    );
}

#[test]
fn days_read_and_count_months() {
    assert_eq!(Day::parse("2021-08-01"), Some(Day(20210801)));
    assert_eq!(Day::parse("20210801"), Some(Day(20210801)));
    for bad in ["2021-13-01", "2021-8-01", "", "abcd-ef-gh", "2021-08-00"] {
        assert_eq!(Day::parse(bad), None, "{bad}");
    }
    assert_eq!(Day(20210801).month() - Day(20210308).month(), 5);
    assert_eq!(Day(20210801).text(), "2021-08-01");
    assert_eq!(rating_code(&Rating::Outstanding), 1);
    assert_eq!(rating_code(&Rating::from_text("Pending")), 0);
}

#[test]
fn the_same_bank_is_linked_with_what_agreed() {
    let insts = [
        inst(
            Regulator::Occ,
            14206,
            HISTORY,
            "AMARILLO NATIONAL BANK",
            "AMARILLO",
            "TX",
        ),
        inst(
            Regulator::Occ,
            99,
            &[(20030612, 2)],
            "OTHER BANK",
            "DALLAS",
            "TX",
        ),
    ];
    let banks = [bank(
        Regulator::Occ,
        HISTORY,
        "Amarillo National Bank",
        "Amarillo",
        "TX",
    )];
    let (register, outcomes) = run(&insts, &banks);
    assert_eq!(
        linked_to(&register, &outcomes[0]),
        Some(("OCC".into(), 14206))
    );
    let Outcome::Linked(link) = &outcomes[0] else {
        unreachable!()
    };
    assert_eq!(link.basis, "3 of 3 exams; regulator, state, city, name");
    assert_eq!(link.exams.len(), 3);
}

#[test]
fn twins_are_told_apart_by_their_state_or_left_alone() {
    let insts = [
        inst(
            Regulator::Fdic,
            1,
            HISTORY,
            "FIRST STATE BANK",
            "SPRINGFIELD",
            "IL",
        ),
        inst(
            Regulator::Fdic,
            2,
            HISTORY,
            "FIRST STATE BANK",
            "SPRINGFIELD",
            "MO",
        ),
    ];
    let banks = [
        bank(
            Regulator::Fdic,
            HISTORY,
            "First State Bank",
            "Springfield",
            "MO",
        ),
        bank(
            Regulator::Fdic,
            HISTORY,
            "First State Bank",
            "Springfield",
            "IL",
        ),
    ];
    let (register, outcomes) = run(&insts, &banks);
    assert_eq!(linked_to(&register, &outcomes[0]), Some(("FDIC".into(), 2)));
    assert_eq!(linked_to(&register, &outcomes[1]), Some(("FDIC".into(), 1)));
    // Identical in everything: neither is linked.
    let insts = [
        inst(
            Regulator::Fdic,
            1,
            HISTORY,
            "FIRST STATE BANK",
            "SPRINGFIELD",
            "IL",
        ),
        inst(
            Regulator::Fdic,
            2,
            HISTORY,
            "FIRST STATE BANK",
            "SPRINGFIELD",
            "IL",
        ),
    ];
    let (_, outcomes) = run(&insts, &banks[1..]);
    assert_eq!(outcomes[0], Outcome::Unlinked(Reason::Ambiguous));
}

#[test]
fn a_renamed_bank_needs_more_than_one_exam() {
    let one = [inst(
        Regulator::Frb,
        7,
        &HISTORY[..1],
        "GRETNA ST BK",
        "GRETNA",
        "NE",
    )];
    let (_, outcomes) = run(
        &one,
        &[bank(
            Regulator::Frb,
            &HISTORY[..1],
            "Platte Valley Bank",
            "Gretna",
            "NE",
        )],
    );
    assert_eq!(outcomes[0], Outcome::Unlinked(Reason::OtherName));
    // The file's abbreviations are the bank's name.
    let (register, outcomes) = run(
        &one,
        &[bank(
            Regulator::Frb,
            &HISTORY[..1],
            "Gretna State Bank",
            "Gretna",
            "NE",
        )],
    );
    assert_eq!(linked_to(&register, &outcomes[0]), Some(("FRB".into(), 7)));
    let three = [inst(
        Regulator::Frb,
        7,
        HISTORY,
        "GRETNA ST BK",
        "GRETNA",
        "NE",
    )];
    let (register, outcomes) = run(
        &three,
        &[bank(
            Regulator::Frb,
            HISTORY,
            "Platte Valley Bank",
            "Gretna",
            "NE",
        )],
    );
    assert_eq!(linked_to(&register, &outcomes[0]), Some(("FRB".into(), 7)));
}

#[test]
fn a_dropped_exam_or_a_later_one_still_links() {
    let insts = [inst(
        Regulator::Occ,
        5,
        HISTORY,
        "CITY BANK",
        "LUBBOCK",
        "TX",
    )];
    let dropped = [HISTORY[0], HISTORY[2]];
    let later = [HISTORY[0], HISTORY[1], HISTORY[2], (20240101, 2)];
    for exams in [&dropped[..], &later[..]] {
        let (register, outcomes) = run(
            &insts,
            &[bank(Regulator::Occ, exams, "City Bank", "Lubbock", "TX")],
        );
        assert_eq!(linked_to(&register, &outcomes[0]), Some(("OCC".into(), 5)));
    }
}

#[test]
fn fdic_dates_are_the_month_made_public() {
    let insts = [inst(
        Regulator::Fdic,
        27476,
        &[(20170501, 2), (20210801, 1)],
        "SOME BANK",
        "AUSTIN",
        "TX",
    )];
    let banks = [bank(
        Regulator::Fdic,
        &[(20161114, 2), (20210308, 1)],
        "Some Bank",
        "Austin",
        "TX",
    )];
    let (register, outcomes) = run(&insts, &banks);
    assert_eq!(
        linked_to(&register, &outcomes[0]),
        Some(("FDIC".into(), 27476))
    );
    let Outcome::Linked(link) = &outcomes[0] else {
        unreachable!()
    };
    assert!(
        link.basis.contains("2 by the month made public"),
        "{}",
        link.basis
    );
    // Not before the exam, and not years after it.
    let banks = [bank(
        Regulator::Fdic,
        &[(20170614, 2), (20230308, 1)],
        "Some Bank",
        "Austin",
        "TX",
    )];
    let (_, outcomes) = run(&insts, &banks);
    assert_eq!(outcomes[0], Outcome::Unlinked(Reason::NotInFile));
}

#[test]
fn a_former_thrift_links_with_its_ots_history() {
    let insts = [
        inst(
            Regulator::Ots,
            5848,
            &[(20040301, 2), (20080415, 2)],
            "E*TRADE BANK",
            "ARLINGTON",
            "VA",
        ),
        inst(
            Regulator::Occ,
            705848,
            &[(20130610, 2), (20170612, 2)],
            "E*TRADE BANK",
            "ARLINGTON",
            "VA",
        ),
    ];
    let all = [(20040301, 2), (20080415, 2), (20130610, 2), (20170612, 2)];
    let (register, outcomes) = run(
        &insts,
        &[bank(
            Regulator::Occ,
            &all,
            "E*TRADE Bank",
            "Arlington",
            "VA",
        )],
    );
    assert_eq!(
        linked_to(&register, &outcomes[0]),
        Some(("OCC".into(), 705848))
    );
    let Outcome::Linked(link) = &outcomes[0] else {
        unreachable!()
    };
    assert!(link.basis.contains("OTS history"), "{}", link.basis);
    // Each on its own, as a service of separate banks would list them.
    let banks = [
        bank(Regulator::Ots, &all[..2], "E*TRADE Bank", "Arlington", "VA"),
        bank(Regulator::Occ, &all[2..], "E*TRADE Bank", "Arlington", "VA"),
    ];
    let (register, outcomes) = run(&insts, &banks);
    assert_eq!(
        linked_to(&register, &outcomes[0]),
        Some(("OTS".into(), 5848))
    );
    assert_eq!(
        linked_to(&register, &outcomes[1]),
        Some(("OCC".into(), 705848))
    );
}

#[test]
fn a_thrift_with_one_later_occ_exam_is_its_ots_institution() {
    // The OCC charter's history is the OTS one and one more exam: for
    // the bank of the OTS exams alone, it fits by one exam less.
    let ots = [(19920406, 2), (19930524, 2), (19950918, 2), (20090806, 2)];
    let insts = [
        inst(
            Regulator::Ots,
            358,
            &ots,
            "A J SMITH FSB",
            "MIDLOTHIAN",
            "IL",
        ),
        inst(
            Regulator::Occ,
            700358,
            &[(20141015, 2)],
            "A.J. SMITH FSB",
            "MIDLOTHIAN",
            "IL",
        ),
    ];
    let banks = [
        bank(Regulator::Ots, &ots, "A J Smith FSB", "Midlothian", "IL"),
        bank(
            Regulator::Occ,
            &[(20141015, 2)],
            "A.J. Smith FSB",
            "Midlothian",
            "IL",
        ),
    ];
    let (register, outcomes) = run(&insts, &banks);
    assert_eq!(
        linked_to(&register, &outcomes[0]),
        Some(("OTS".into(), 358))
    );
    assert_eq!(
        linked_to(&register, &outcomes[1]),
        Some(("OCC".into(), 700358))
    );
}

#[test]
fn a_month_shared_by_many_of_a_state_still_finds_the_bank() {
    // More FDIC banks of the state published in the months after the
    // bank's exam than are scored: its name and city find it.
    let names: Vec<&'static str> = (0..CANDIDATES * 2)
        .map(|i| &*Box::leak(format!("BANK NUMBER {i}").into_boxed_str()))
        .collect();
    let mut insts: Vec<Inst> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            inst(
                Regulator::Fdic,
                i as u64 + 1,
                &[(19970101 + (i as u32 % 9) * 100, 2)],
                name,
                "PEORIA",
                "IL",
            )
        })
        .collect();
    insts.push(inst(
        Regulator::Fdic,
        20371,
        &[(19970901, 2)],
        "FIRST HERITAGE BANK",
        "COUNTRY CLUB HILLS",
        "IL",
    ));
    let banks = [bank(
        Regulator::Fdic,
        &[(19970317, 2)],
        "First Heritage Bank",
        "Country Club Hills",
        "IL",
    )];
    let (register, outcomes) = run(&insts, &banks);
    assert_eq!(
        linked_to(&register, &outcomes[0]),
        Some(("FDIC".into(), 20371))
    );
}

#[test]
fn every_other_case_has_its_reason() {
    let insts = [inst(
        Regulator::Occ,
        5,
        HISTORY,
        "CITY BANK",
        "LUBBOCK",
        "TX",
    )];
    let other_rating = [(20030612, 3), (20070903, 1), (20120514, 2)];
    // One exam of the three in the file, and three it lacks.
    let few = [(19960311, 2), (19990412, 2), (20030612, 2), (20050606, 1)];
    let banks = [
        bank(Regulator::Occ, &[], "City Bank", "Lubbock", "TX"),
        bank(
            Regulator::Occ,
            &[(19990101, 2)],
            "City Bank",
            "Lubbock",
            "TX",
        ),
        bank(Regulator::Occ, &other_rating, "City Bank", "Lubbock", "TX"),
        bank(Regulator::Occ, HISTORY, "City Bank", "Lubbock", "NM"),
        bank(Regulator::Occ, &few, "City Bank", "Lubbock", "TX"),
        bank(
            Regulator::Occ,
            &HISTORY[..1],
            "Plains Capital Bank",
            "Lubbock",
            "TX",
        ),
    ];
    let (_, outcomes) = run(&insts, &banks);
    assert_eq!(
        outcomes,
        [
            Outcome::Unlinked(Reason::NoExams),
            Outcome::Unlinked(Reason::NotInFile),
            Outcome::Unlinked(Reason::Conflict),
            Outcome::Unlinked(Reason::OtherState),
            Outcome::Unlinked(Reason::FewExams),
            Outcome::Unlinked(Reason::OtherName),
        ]
    );
    // Two banks of one institution: the one that fits it better.
    let banks = [
        bank(Regulator::Occ, HISTORY, "City Bank", "Lubbock", "TX"),
        bank(Regulator::Occ, &HISTORY[1..], "City Bank", "Lubbock", "TX"),
    ];
    let (register, outcomes) = run(&insts, &banks);
    assert_eq!(linked_to(&register, &outcomes[0]), Some(("OCC".into(), 5)));
    assert_eq!(outcomes[1], Outcome::Unlinked(Reason::Claimed));
    // Taken by a bank outside the batch (a sync re-linking).
    let register = super::register(&insts);
    let outcomes = link(&register, &banks[..1], &HashSet::from([0]));
    assert_eq!(outcomes[0], Outcome::Unlinked(Reason::Claimed));
}
