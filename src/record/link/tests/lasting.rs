//! Links that last: FDIC exams dated by their own day, exams the file has
//! yet to publish, and a bank's link kept until the evidence contradicts
//! it.

use super::*;

/// An FDIC institution whose file dates are the month made public, one of
/// them (as 9 % of the real file's FDIC rows are) a day of that month.
fn published() -> Inst {
    inst(
        Regulator::Fdic,
        27476,
        &[(20080915, 2), (20130501, 2), (20170801, 1), (20210801, 2)],
        "CITIZENS BANK",
        "TULSA",
        "OK",
    )
}

/// Another FDIC bank of the state, whose exams were made public in the
/// same months.
fn neighbour() -> Inst {
    inst(
        Regulator::Fdic,
        31000,
        &[(20080901, 2), (20130501, 2), (20170801, 1), (20210901, 2)],
        "FARMERS STATE BANK",
        "ENID",
        "OK",
    )
}

#[test]
fn exams_dated_by_their_own_day_link_to_the_months_made_public() {
    // Each exam 60 to 240 days before the file's date (2008-01-21 is 238
    // days before 2008-09-15, a day of the month made public).
    let own_days = [(20080121, 2), (20121203, 2), (20170308, 1), (20210530, 2)];
    let banks = [bank(
        Regulator::Fdic,
        &own_days,
        "Citizens Bank",
        "Tulsa",
        "OK",
    )];
    let (register, outcomes) = run(&[published(), neighbour()], &banks);
    assert_eq!(
        linked_to(&register, &outcomes[0]),
        Some(("FDIC".into(), 27476))
    );
    let Outcome::Linked(link) = &outcomes[0] else {
        unreachable!()
    };
    assert_eq!(
        link.basis,
        "4 of 4 exams (4 by the month made public); regulator, state, city, name"
    );
    // Dated the month made public itself: the same exams.
    let months = [(20080915, 2), (20130501, 2), (20170801, 1), (20210801, 2)];
    let banks = [bank(
        Regulator::Fdic,
        &months,
        "Citizens Bank",
        "Tulsa",
        "OK",
    )];
    let (register, outcomes) = run(&[published(), neighbour()], &banks);
    assert_eq!(
        linked_to(&register, &outcomes[0]),
        Some(("FDIC".into(), 27476))
    );
    // Not after the month made public, and not more than eight months
    // before it.
    for day in [20080916, 20071231] {
        let one = [inst(
            Regulator::Fdic,
            5,
            &[(20080915, 2)],
            "A BANK",
            "TULSA",
            "OK",
        )];
        let (_, outcomes) = run(
            &one,
            &[bank(Regulator::Fdic, &[(day, 2)], "A Bank", "Tulsa", "OK")],
        );
        assert!(
            matches!(outcomes[0], Outcome::Unlinked(_)),
            "{day}: {:?}",
            outcomes[0]
        );
    }
}

#[test]
fn an_exam_the_file_has_yet_to_publish_is_no_evidence() {
    // The file's last exam is 2021-09-01: an exam of 2021-06 may not be
    // public yet, one of 2020 would have been.
    let insts = [
        inst(
            Regulator::Occ,
            5,
            &[(20150302, 2)],
            "CITY BANK",
            "LUBBOCK",
            "TX",
        ),
        inst(
            Regulator::Fdic,
            9,
            &[(20210901, 2)],
            "OTHER BANK",
            "AMES",
            "IA",
        ),
    ];
    let recent = [(20150302, 2), (20210315, 2), (20210614, 2)];
    let (register, outcomes) = run(
        &insts,
        &[bank(Regulator::Occ, &recent, "City Bank", "Lubbock", "TX")],
    );
    assert_eq!(linked_to(&register, &outcomes[0]), Some(("OCC".into(), 5)));
    let older = [(20150302, 2), (20191010, 2), (20200614, 2)];
    let (_, outcomes) = run(
        &insts,
        &[bank(Regulator::Occ, &older, "City Bank", "Lubbock", "TX")],
    );
    assert_eq!(outcomes[0], Outcome::Unlinked(Reason::FewExams));
}

/// `bank` as linked before to the institution `id` of `register`.
fn held(register: &Register, mut bank: Bank, regulator: Regulator, id: u64) -> Bank {
    bank.prior = register.index_of(&regulator, id);
    assert!(bank.prior.is_some());
    bank
}

#[test]
fn a_link_lasts_until_the_evidence_contradicts_it() {
    // Two institutions alike in all but their ID: not linked, unless the
    // bank was linked to one of them before (a file or history that told
    // them apart then), which nothing now contradicts.
    let twins = [
        inst(Regulator::Occ, 1, HISTORY, "CITY BANK", "LUBBOCK", "TX"),
        inst(Regulator::Occ, 2, HISTORY, "CITY BANK", "LUBBOCK", "TX"),
    ];
    let register = super::register(&twins);
    let plain = bank(Regulator::Occ, HISTORY, "City Bank", "Lubbock", "TX");
    let mut work = register.work();
    assert_eq!(
        register.best_for(&plain, &mut work),
        Outcome::Unlinked(Reason::Ambiguous)
    );
    let decision = register.decide(&held(&register, plain, Regulator::Occ, 2), &mut work);
    assert_eq!(decision.lost, None);
    let Outcome::Linked(made) = &decision.outcome else {
        panic!("{decision:?}")
    };
    assert!(made.kept);
    assert_eq!(
        linked_to(&register, &decision.outcome),
        Some(("OCC".into(), 2))
    );

    // A rating the file gives otherwise: lost, and why.
    let insts = [inst(
        Regulator::Occ,
        5,
        HISTORY,
        "CITY BANK",
        "LUBBOCK",
        "TX",
    )];
    let register = super::register(&insts);
    let other_rating = [(20030612, 3), (20070903, 1), (20120514, 2)];
    let contradicted = bank(Regulator::Occ, &other_rating, "City Bank", "Lubbock", "TX");
    let decision = register.decide(
        &held(&register, contradicted, Regulator::Occ, 5),
        &mut register.work(),
    );
    assert_eq!(decision.outcome, Outcome::Unlinked(Reason::Conflict));
    assert_eq!(decision.lost, Some(Reason::Conflict));

    // Another institution fitting it better by the margin: linked to that
    // one, the first lost.
    let insts = [
        inst(
            Regulator::Occ,
            5,
            &HISTORY[..1],
            "CITY BANK",
            "LUBBOCK",
            "TX",
        ),
        inst(Regulator::Occ, 6, HISTORY, "CITY BANK", "LUBBOCK", "TX"),
    ];
    let register = super::register(&insts);
    let moved = bank(Regulator::Occ, HISTORY, "City Bank", "Lubbock", "TX");
    let decision = register.decide(
        &held(&register, moved, Regulator::Occ, 5),
        &mut register.work(),
    );
    assert_eq!(
        linked_to(&register, &decision.outcome),
        Some(("OCC".into(), 6))
    );
    assert_eq!(decision.lost, Some(Reason::OtherInstitution));

    // Claimed by a bank that fits it better: the one that held it keeps it.
    let insts = [inst(
        Regulator::Occ,
        5,
        HISTORY,
        "CITY BANK",
        "LUBBOCK",
        "TX",
    )];
    let register = super::register(&insts);
    let banks = [
        bank(Regulator::Occ, HISTORY, "City Bank", "Lubbock", "TX"),
        held(
            &register,
            bank(Regulator::Occ, &HISTORY[1..], "City Bank", "Lubbock", "TX"),
            Regulator::Occ,
            5,
        ),
    ];
    let outcomes = link(&register, &banks, &HashSet::new());
    assert_eq!(outcomes[0], Outcome::Unlinked(Reason::Claimed));
    assert_eq!(linked_to(&register, &outcomes[1]), Some(("OCC".into(), 5)));
}
