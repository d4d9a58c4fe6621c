//! What proptest holds the linker to, over drawn worlds.

use super::*;

const STATES: [&str; 6] = ["TX", "OK", "IL", "IA", "MN", "GA"];
const CITIES: [&str; 12] = [
    "AUSTIN",
    "DALLAS",
    "TULSA",
    "PEORIA",
    "AMES",
    "DULUTH",
    "MACON",
    "WACO",
    "ENID",
    "JOLIET",
    "MASON CITY",
    "ATHENS",
];
const NAMES: [&str; 12] = [
    "FIRST STATE BANK",
    "CITIZENS BANK",
    "FARMERS STATE BANK",
    "SECURITY BANK",
    "PEOPLES BANK",
    "FIRST NATIONAL BANK",
    "COMMUNITY BANK",
    "HOME SAVINGS BANK",
    "UNION BANK & TRUST",
    "VALLEY BANK",
    "PIONEER BANK",
    "AMERICAN BANK",
];

/// A plausible institution: 1 to 6 exams two to five years apart,
/// FDIC on the first of the month, mostly Satisfactory.
fn arb_inst() -> impl Strategy<Value = Drawn> {
    (
        0u8..3,
        1990u32..2015,
        prop::collection::vec(
            (
                24u32..60,
                1u32..=28,
                prop::sample::select(vec![1u8, 2, 2, 2, 2, 3]),
            ),
            1..6,
        ),
        0..STATES.len(),
        0..CITIES.len(),
        0..NAMES.len(),
    )
        .prop_map(|(regulator, start, steps, state, city, name)| {
            let mut month = start * 12;
            let exams = steps
                .into_iter()
                .map(|(gap, day, rating)| {
                    month += gap;
                    let day = if regulator == 0 { 1 } else { day };
                    ((month / 12) * 10000 + (month % 12 + 1) * 100 + day, rating)
                })
                .collect();
            (regulator, exams, state, city, name)
        })
}

#[derive(Debug, Clone)]
enum Change {
    Same,
    Renamed(usize),
    Dropped(usize),
    /// An FDIC bank with the exam's own date, months before publication.
    ExamDates(u32),
    /// An FDIC bank with the exam's own day, so many days before the
    /// file's date (60 to 240, as the FDIC's own search dates them).
    ExamDays(i32),
    /// A copy in another state: a bank the file does not have.
    Twin(usize),
    /// Its institution left out of the file.
    Absent,
}

fn arb_change() -> impl Strategy<Value = Change> {
    prop_oneof![
        3 => Just(Change::Same),
        1 => (0..NAMES.len()).prop_map(Change::Renamed),
        1 => (0usize..6).prop_map(Change::Dropped),
        1 => (1u32..9).prop_map(Change::ExamDates),
        1 => (60i32..=240).prop_map(Change::ExamDays),
        1 => (1..STATES.len()).prop_map(Change::Twin),
        1 => Just(Change::Absent),
    ]
}

/// One draw of `arb_inst`: regulator, exams, and state, city and name
/// by their place.
type Drawn = (u8, Vec<(u32, u8)>, usize, usize, usize);

/// The institutions of `arb_inst`'s draws, numbered from 1.
fn insts_of(world: &[Drawn]) -> Vec<Inst> {
    let regulators = [Regulator::Fdic, Regulator::Occ, Regulator::Frb];
    world
        .iter()
        .enumerate()
        .map(|(i, (r, exams, s, c, n))| Inst {
            regulator: regulators[*r as usize].clone(),
            id: i as u64 + 1,
            exams: exams.clone(),
            name: NAMES[*n],
            city: CITIES[*c],
            state: STATES[*s],
        })
        .collect()
}

/// The day `days` before `day`.
fn days_before(day: Day, days: i32) -> Day {
    let text = day.text();
    let date: jiff::civil::Date = text.parse().expect("a day");
    let before = date
        .checked_sub(jiff::Span::new().days(i64::from(days)))
        .expect("in range");
    Day::parse(&before.to_string()).expect("a day")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Whatever the perturbation, a link made is the true one.
    #[test]
    fn perturbations_never_make_a_wrong_link(
        world in prop::collection::vec((arb_inst(), arb_change()), 1..40),
    ) {
        let regulators = [Regulator::Fdic, Regulator::Occ, Regulator::Frb];
        let mut insts = Vec::new();
        let mut banks = Vec::new();
        let mut truth = Vec::new();
        for (i, ((regulator, exams, state, city, name), change)) in world.iter().enumerate() {
            let regulator = regulators[*regulator as usize].clone();
            let id = i as u64 + 1;
            let mut facts = bank(regulator.clone(), exams, NAMES[*name], CITIES[*city], STATES[*state]);
            let mut true_link = Some((regulator.as_str().to_string(), id));
            match change {
                Change::Same => {}
                Change::Renamed(other) => facts.name = NAMES[*other].to_string(),
                Change::Dropped(at) => {
                    if facts.exams.len() > 1 {
                        facts.exams.remove(at % facts.exams.len());
                    }
                }
                Change::ExamDates(months) => {
                    if regulator == Regulator::Fdic {
                        for exam in &mut facts.exams {
                            let month = exam.day.month() as u32 - months;
                            exam.day = Day((month / 12) * 10000 + (month % 12 + 1) * 100 + 15);
                        }
                    }
                }
                Change::ExamDays(days) => {
                    if regulator == Regulator::Fdic {
                        for exam in &mut facts.exams {
                            exam.day = days_before(exam.day, *days);
                        }
                    }
                }
                Change::Twin(shift) => {
                    facts.state = STATES[(*state + shift) % STATES.len()].to_string();
                    true_link = None;
                    // The original is a bank of the copy too.
                    banks.push(bank(regulator.clone(), exams, NAMES[*name], CITIES[*city], STATES[*state]));
                    truth.push(Some((regulator.as_str().to_string(), id)));
                }
                Change::Absent => true_link = None,
            }
            if !matches!(change, Change::Absent) {
                insts.push(Inst {
                    regulator,
                    id,
                    exams: exams.clone(),
                    name: NAMES[*name],
                    city: CITIES[*city],
                    state: STATES[*state],
                });
            }
            banks.push(facts);
            truth.push(true_link);
        }
        let (register, outcomes) = run(&insts, &banks);
        for ((outcome, truth), bank) in outcomes.iter().zip(&truth).zip(&banks) {
            if let Some(linked) = linked_to(&register, outcome) {
                prop_assert_eq!(Some(&linked), truth.as_ref(), "{:?}", bank);
            }
        }
    }

    /// Two institutions alike in everything but their ID: never linked.
    #[test]
    fn equally_good_candidates_are_never_linked(
        (regulator, exams, state, city, name) in arb_inst(),
    ) {
        let regulator = [Regulator::Fdic, Regulator::Occ, Regulator::Frb][regulator as usize].clone();
        let insts = [
            Inst { regulator: regulator.clone(), id: 1, exams: exams.clone(), name: NAMES[name], city: CITIES[city], state: STATES[state] },
            Inst { regulator: regulator.clone(), id: 2, exams: exams.clone(), name: NAMES[name], city: CITIES[city], state: STATES[state] },
        ];
        let banks = [bank(regulator, &exams, NAMES[name], CITIES[city], STATES[state])];
        let (_, outcomes) = run(&insts, &banks);
        prop_assert_eq!(&outcomes[0], &Outcome::Unlinked(Reason::Ambiguous));
    }

    /// The order of the file's rows changes nothing.
    #[test]
    fn the_files_order_does_not_matter(
        world in prop::collection::vec(arb_inst(), 1..12),
        seed in any::<u64>(),
    ) {
        let insts = insts_of(&world);
        let banks: Vec<Bank> = insts.iter().map(|i| bank(i.regulator.clone(), &i.exams, i.name, i.city, i.state)).collect();
        let (register, outcomes) = run(&insts, &banks);
        let mut reversed: Vec<Inst> = insts.into_iter().rev().collect();
        let turn = (seed as usize) % reversed.len();
        reversed.rotate_left(turn);
        let (other, again) = run(&reversed, &banks);
        for (a, b) in outcomes.iter().zip(&again) {
            prop_assert_eq!(linked_to(&register, a), linked_to(&other, b));
        }
    }

    /// Many institutions sharing some of a bank's exams, with names
    /// and cities close to its own and not: settling only the fits
    /// that could matter decides as settling all of them does.
    #[test]
    fn settling_only_what_could_matter_decides_the_same(
        (regulator, history) in arb_inst().prop_map(|(r, exams, ..)| (r, exams)),
        crowd in prop::collection::vec(
            (0u8..3, prop::collection::vec(any::<bool>(), 6), 0usize..3, 0usize..6, 0usize..6, 0usize..3),
            2..40,
        ),
        (name, city, state) in (0usize..6, 0usize..6, 0usize..3),
    ) {
        const CLOSE_NAMES: [&str; 6] = [
            "FIRST STATE BANK", "FIRST STATE BANK OF TEXAS", "FIRST STATE BANK AND TRUST",
            "STATE BANK", "CITIZENS BANK", "CITIZENS STATE BANK",
        ];
        const CLOSE_CITIES: [&str; 6] = [
            "SPRINGFIELD", "SPRINGFEILD", "SPRINGFIELD CENTER", "DALLAS", "DALLAS CITY", "WACO",
        ];
        let regulators = [Regulator::Fdic, Regulator::Occ, Regulator::Frb];
        let insts: Vec<Inst> = crowd.iter().enumerate().map(|(i, (r, shared, extra, n, c, st))| {
            let mut exams: Vec<(u32, u8)> = history.iter().zip(shared).filter(|(_, s)| **s).map(|(e, _)| *e).collect();
            exams.extend((0..*extra).map(|k| (20200101 + k as u32 * 10000, 2)));
            if exams.is_empty() {
                exams.push(history[0]);
            }
            Inst {
                regulator: regulators[*r as usize].clone(), id: i as u64 + 1, exams,
                name: CLOSE_NAMES[*n], city: CLOSE_CITIES[*c], state: STATES[*st],
            }
        }).collect();
        let register = register(&insts);
        let bank = bank(regulators[regulator as usize].clone(), &history, CLOSE_NAMES[name], CLOSE_CITIES[city], STATES[state]);
        let (mut least, mut all) = (register.work(), register.work());
        all.settle_all = true;
        prop_assert_eq!(register.best_for(&bank, &mut least), register.best_for(&bank, &mut all));
    }

    /// Banks linked in another order (as the threads of `cra enrich`
    /// finish them), and with every candidate's city and name settled
    /// rather than only those that could matter: the same outcome.
    #[test]
    fn the_banks_order_and_settling_less_do_not_matter(
        world in prop::collection::vec(arb_inst(), 1..12),
        changes in prop::collection::vec(arb_change(), 1..12),
        seed in any::<u64>(),
    ) {
        let insts = insts_of(&world);
        let banks: Vec<Bank> = world.iter().zip(&insts).zip(changes.iter().cycle()).map(|((w, i), change)| {
            let mut b = bank(i.regulator.clone(), &i.exams, i.name, i.city, i.state);
            match change {
                Change::Renamed(other) => b.name = NAMES[*other].to_string(),
                Change::Dropped(at) if b.exams.len() > 1 => {
                    b.exams.remove(at % b.exams.len());
                }
                Change::Twin(shift) => b.state = STATES[(w.2 + shift) % STATES.len()].to_string(),
                _ => {}
            }
            b
        }).collect();
        let register = register(&insts);
        let outcomes = link(&register, &banks, &HashSet::new());
        // Each bank settled as little as it can be, and every fit settled.
        let (mut least, mut all) = (register.work(), register.work());
        all.settle_all = true;
        for bank in &banks {
            prop_assert_eq!(register.best_for(bank, &mut least), register.best_for(bank, &mut all));
        }
        // The banks turned about: each bank's outcome is its own.
        let mut order: Vec<usize> = (0..banks.len()).collect();
        order.rotate_left((seed as usize) % banks.len());
        order.reverse();
        let turned: Vec<Bank> = order.iter().map(|&i| banks[i].clone()).collect();
        let again = link(&register, &turned, &HashSet::new());
        for (at, &i) in order.iter().enumerate() {
            prop_assert_eq!(&again[at], &outcomes[i]);
        }
    }

    /// The banks linked, linked again with their links as the links they
    /// had, each given later exams the file has yet to publish (a sync of
    /// a later release, the file unchanged): every one keeps its
    /// institution, and no bank is linked that was not.
    #[test]
    fn a_link_lasts_through_exams_not_yet_published(
        world in prop::collection::vec(arb_inst(), 1..12),
        changes in prop::collection::vec(arb_change(), 1..12),
        later in prop::collection::vec((1u32..=300, prop::sample::select(vec![1u8, 2, 2, 3])), 0..3),
    ) {
        let insts = insts_of(&world);
        let mut banks: Vec<Bank> = world.iter().zip(&insts).zip(changes.iter().cycle()).map(|((w, i), change)| {
            let mut b = bank(i.regulator.clone(), &i.exams, i.name, i.city, i.state);
            match change {
                Change::Renamed(other) => b.name = NAMES[*other].to_string(),
                Change::Dropped(at) if b.exams.len() > 1 => {
                    b.exams.remove(at % b.exams.len());
                }
                Change::ExamDays(days) if i.regulator == Regulator::Fdic => {
                    for exam in &mut b.exams {
                        exam.day = days_before(exam.day, *days);
                    }
                }
                Change::Twin(shift) => b.state = STATES[(w.2 + shift) % STATES.len()].to_string(),
                _ => {}
            }
            b
        }).collect();
        let register = register(&insts);
        let before = link(&register, &banks, &HashSet::new());
        let horizon = register.horizon;
        for (bank, outcome) in banks.iter_mut().zip(&before) {
            if let Outcome::Linked(link) = outcome {
                bank.prior = Some(link.institution);
            }
            // Days after the file's last exam.
            let mut last = horizon;
            for &(step, rating) in &later {
                last = days_before(last, -(step as i32));
                if bank.exams.iter().all(|e| e.day < last) {
                    bank.exams.push(Exam { day: last, rating });
                }
            }
        }
        let after = link(&register, &banks, &HashSet::new());
        for ((was, now), bank) in before.iter().zip(&after).zip(&banks) {
            match (was, now) {
                (Outcome::Linked(was), Outcome::Linked(now)) => {
                    prop_assert_eq!(was.institution, now.institution, "{:?}", bank);
                    prop_assert!(now.kept);
                }
                (Outcome::Linked(_), Outcome::Unlinked(reason)) => {
                    prop_assert!(false, "lost ({:?}): {:?}", reason, bank);
                }
                (Outcome::Unlinked(_), Outcome::Linked(now)) => {
                    prop_assert!(false, "linked only now to {}: {:?}", now.institution, bank);
                }
                _ => {}
            }
        }
    }
}

/// `yyyymmdd` moved `months` back, to the 15th (an FDIC exam's own day,
/// its evaluation made public months later); unmoved when `months` is 0.
fn exam_day(yyyymmdd: u32, months: u32) -> u32 {
    if months == 0 {
        return yyyymmdd;
    }
    let month = (yyyymmdd / 10000) * 12 + (yyyymmdd / 100 % 100 - 1) - months;
    (month / 12) * 10000 + (month % 12 + 1) * 100 + 15
}

/// One of a crowd: its regulator, which of the history's exams it shares,
/// how many later ones it has, its name, city and state.
type Member = (u8, Vec<bool>, usize, usize, usize, usize);

/// A crowd of institutions sharing some of `history`'s exams, of the
/// three regulators, names, cities and states close to each other's.
fn crowd_of(history: &[(u32, u8)], crowd: &[Member]) -> Vec<Inst> {
    const NAMES: [&str; 4] = [
        "FIRST STATE BANK",
        "FIRST STATE BANK OF TEXAS",
        "STATE BANK",
        "CITIZENS BANK",
    ];
    const CITIES: [&str; 4] = ["SPRINGFIELD", "SPRINGFEILD", "DALLAS", "WACO"];
    let regulators = [Regulator::Fdic, Regulator::Occ, Regulator::Frb];
    crowd
        .iter()
        .enumerate()
        .map(|(i, (r, shared, extra, n, c, st))| {
            let mut exams: Vec<(u32, u8)> = history
                .iter()
                .zip(shared)
                .filter(|(_, s)| **s)
                .map(|(e, _)| *e)
                .collect();
            exams.extend((0..*extra).map(|k| (20200101 + k as u32 * 10000, 2)));
            if exams.is_empty() {
                exams.push(history[0]);
            }
            Inst {
                regulator: regulators[*r as usize].clone(),
                id: i as u64 + 1,
                exams,
                name: NAMES[*n % 4],
                city: CITIES[*c % 4],
                state: STATES[*st],
            }
        })
        .collect()
}

fn arb_crowd() -> impl Strategy<Value = Vec<Member>> {
    prop::collection::vec(
        (
            0u8..3,
            prop::collection::vec(any::<bool>(), 6),
            0usize..3,
            0usize..4,
            0usize..4,
            0usize..3,
        ),
        2..40,
    )
}

proptest! {
    /// What a candidate can score at the most, found without aligning its
    /// exams, is never under what its fit scores once settled: linking
    /// skips a candidate on it.
    #[test]
    fn a_candidates_most_is_never_under_its_settled_fit(
        (regulator, history) in arb_inst().prop_map(|(r, exams, ..)| (r, exams)),
        crowd in arb_crowd(),
        back in prop::collection::vec(0u32..10, 6),
        (name, city, state) in (0usize..4, 0usize..4, 0usize..3),
    ) {
        let insts = crowd_of(&history, &crowd);
        let register = register(&insts);
        let dated: Vec<(u32, u8)> = history.iter().zip(&back).map(|(&(day, rating), &b)| (exam_day(day, b), rating)).collect();
        let named = &insts[name % insts.len()];
        let bank = bank([Regulator::Fdic, Regulator::Occ, Regulator::Frb][regulator as usize].clone(), &dated, named.name, insts[city % insts.len()].city, STATES[state]);
        let keys = Keys::of(&bank, |key| register.word(key));
        let mut sorted = bank.exams.clone();
        sorted.sort_by_key(|exam| exam.day);
        let mut scratch = Scratch::new(register.words.len());
        scratch.next_bank();
        for index in 0..register.institutions().len() as u32 {
            if register.predecessor[index as usize].is_some() {
                continue;
            }
            let mut fit = register.fit((&bank.regulator, &sorted), &keys, index, Some(false), &mut scratch);
            fit.settle(&register.institutions()[index as usize], &keys, &mut scratch);
            let most = register.most((&bank.regulator, &sorted), &keys, index);
            prop_assert!(most >= fit.score, "{most} under {}", fit.score);
        }
    }

    /// A bank linked before (to any institution of a crowd, dated by its
    /// exams' own days or not): fitting only the candidates that could
    /// matter decides as fitting and settling every one.
    #[test]
    fn fitting_only_what_could_matter_decides_the_same_for_a_bank_linked_before(
        (regulator, history) in arb_inst().prop_map(|(r, exams, ..)| (r, exams)),
        crowd in arb_crowd(),
        back in prop::collection::vec(0u32..10, 6),
        prior in any::<prop::sample::Index>(),
        (city, state) in (0usize..4, 0usize..3),
    ) {
        let insts = crowd_of(&history, &crowd);
        let register = register(&insts);
        let dated: Vec<(u32, u8)> = history.iter().zip(&back).map(|(&(day, rating), &b)| (exam_day(day, b), rating)).collect();
        let mut bank = bank([Regulator::Fdic, Regulator::Occ, Regulator::Frb][regulator as usize].clone(), &dated, insts[0].name, insts[city % insts.len()].city, STATES[state]);
        bank.prior = Some(prior.index(insts.len()) as u32);
        let (mut least, mut all) = (register.work(), register.work());
        all.settle_all = true;
        prop_assert_eq!(register.decide(&bank, &mut least), register.decide(&bank, &mut all));
        bank.prior = None;
        prop_assert_eq!(register.decide(&bank, &mut least), register.decide(&bank, &mut all));
    }
}
