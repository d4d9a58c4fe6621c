//! Linking the service's banks to the institutions of the FFIEC's ratings
//! file, precision first: a wrong link is worse than none.
//!
//! A bank is known by its exam history (dates and ratings), its regulator,
//! state, city and name; an institution of the file by the same, exam by
//! exam. Candidates are the institutions that share an exam with the bank
//! (the same day and rating; for the FDIC, whose file dates are the first
//! of the month the evaluation was made public, a first of the month up to
//! a year after the bank's date). Each is scored (`score`): exams matched
//! in order, exams either side lacks, and agreement of regulator, state,
//! city and name. A bank is linked to its best candidate only when that
//! one scores [`LINK_AT`] or more, lies in a state the institution has
//! been in, contradicts no exam (the same day, another rating), and beats
//! every other by [`MARGIN`]; and an institution goes to one bank only, the
//! one that fits it best by that margin. Everything else stays unlinked,
//! counted by [`Reason`].
//!
//! The OTS's thrifts moved to the OCC in 2011 under the charter 700000 +
//! their OTS docket: an OCC institution of such a charter is also tried
//! with its OTS history before its own, for a bank the service shows with
//! both.

use std::collections::HashSet;

pub use super::history::{Bank, Day, Exam, Institution, Word, rating_code};
use super::register::state_code;
pub use super::register::{OTS_TO_OCC, Register, Row};
pub use super::score::LINK_AT;
use super::score::{Candidate, Fit, Keys, Scratch, Side};
use crate::domain::Regulator;

/// How far the best candidate must lead the next, and the best bank of an
/// institution the next bank: equally good is never linked.
pub const MARGIN: i32 = 3;

/// Key lists longer than this gather no candidates (a month every FDIC
/// bank of a region shares says nothing); they still count in a score.
const CROWDED: usize = 3000;

/// Candidates scored per bank, those of its state and sharing the most
/// exams first.
const CANDIDATES: usize = 64;

impl Register {
    /// What linking one bank after another keeps between them.
    pub fn work(&self) -> Work {
        Work {
            shared: vec![0; self.institutions.len()],
            touched: Vec::new(),
            ranked: Vec::new(),
            exams: Vec::new(),
            order: Vec::new(),
            fits: Vec::new(),
            scratch: Scratch::new(self.words.len()),
            settle_all: false,
        }
    }

    /// The institutions sharing an exam with the bank (its exams in
    /// `work.exams`), the most exams shared first, at most [`CANDIDATES`]
    /// of them, left in `work.ranked`.
    fn candidates(&self, bank: &Bank, keys: &Keys, work: &mut Work) {
        let Work {
            shared,
            touched,
            ranked,
            exams,
            ..
        } = work;
        let here = state_code(&keys.state);
        // An exam of the same day counts twice one of a month made public
        // later, which many of a region's FDIC banks share.
        let mut count = |list: Option<&Vec<u32>>, points: u32| {
            if let Some(list) = list.filter(|l| l.len() <= CROWDED) {
                for &index in list {
                    let count = &mut shared[index as usize];
                    if *count == 0 {
                        touched.push(index);
                    }
                    *count += points;
                }
            }
        };
        for exam in exams.iter() {
            count(self.by_exam.get(&(exam.day, exam.rating)), 2);
            // An FDIC bank's date that is the exam's own (or a first of the
            // month before it was made public): the file has the month the
            // evaluation was made public.
            if bank.regulator == Regulator::Fdic {
                let first = exam.day.month() + i32::from(exam.day.is_first());
                for month in first..=exam.day.month() + super::score::PUBLICATION_LAG {
                    count(self.by_month.get(&(month, exam.rating, here)), 1);
                }
            }
        }
        // The OTS history of a thrift now with the OCC finds its charter
        // (a successor is never itself a predecessor: what it is given is
        // its predecessor's own count).
        for at in 0..touched.len() {
            let index = touched[at];
            if let Some(successor) = self.successor[index as usize] {
                let count = shared[index as usize];
                let entry = &mut shared[successor as usize];
                if *entry == 0 {
                    touched.push(successor);
                }
                *entry = (*entry).max(count);
            }
        }
        // Those in the bank's state first (no other can be linked), then
        // the most exams shared, then those of its name and city (a single
        // exam's month is shared by more than `CANDIDATES` of a state).
        ranked.clear();
        ranked.extend(touched.drain(..).map(|index| {
            let (states, names, cities) = self.attributes(index);
            let here = states.contains(&keys.state_word);
            let alike =
                names.contains(&keys.name_word) as u8 + cities.contains(&keys.city_word) as u8;
            let count = std::mem::take(&mut shared[index as usize]);
            (here, count, alike, index)
        }));
        let order = |a: &(bool, u32, u8, u32), b: &(bool, u32, u8, u32)| {
            b.0.cmp(&a.0)
                .then(b.1.cmp(&a.1))
                .then(b.2.cmp(&a.2))
                .then(a.3.cmp(&b.3))
        };
        if ranked.len() > CANDIDATES {
            ranked.select_nth_unstable_by(CANDIDATES - 1, order);
            ranked.truncate(CANDIDATES);
        }
        ranked.sort_unstable_by(order);
    }

    /// The best fit of `institution` for `bank` (its exams by day in
    /// `exams`): its own history, or (a former thrift) its OTS history
    /// before its own. `lineage`: only that one (the exams it matched are
    /// left in `scratch`).
    fn fit(
        &self,
        bank: (&Regulator, &[Exam]),
        keys: &Keys,
        institution: u32,
        lineage: Option<bool>,
        scratch: &mut Scratch,
    ) -> Fit {
        let own = &self.institutions[institution as usize];
        let side = Side {
            institution,
            exams: &own.exams,
        };
        let fit = |sides: &[Side], lineage: bool, scratch: &mut Scratch| {
            Candidate {
                regulator: bank.0,
                bank: bank.1,
                keys,
                own,
                sides,
                horizon: self.horizon,
                lineage,
            }
            .fit(scratch)
        };
        let predecessor = self.predecessor[institution as usize];
        let with_history = |scratch: &mut Scratch| {
            predecessor.map(|predecessor| {
                let before = Side {
                    institution: predecessor,
                    exams: &self.institutions[predecessor as usize].exams,
                };
                fit(&[before, side], true, scratch)
            })
        };
        match lineage {
            Some(false) => fit(&[side], false, scratch),
            Some(true) => with_history(scratch).unwrap_or_else(|| fit(&[side], false, scratch)),
            None => {
                let own_fit = fit(&[side], false, scratch);
                match with_history(scratch) {
                    Some(history) if history.score > own_fit.score => history,
                    _ => own_fit,
                }
            }
        }
    }

    /// A bank's best candidate, if it is good enough and clearly the best.
    pub fn best_for(&self, bank: &Bank, work: &mut Work) -> Outcome {
        if bank.exams.is_empty() {
            return Outcome::Unlinked(Reason::NoExams);
        }
        work.scratch.next_bank();
        // Sorted by day, remembering each exam's place as given.
        work.order.clear();
        work.order.extend(0..bank.exams.len());
        work.order.sort_by_key(|&i| bank.exams[i].day);
        work.exams.clear();
        work.exams.extend(work.order.iter().map(|&i| bank.exams[i]));
        let keys = Keys::of(bank, |key| self.word(key));
        self.candidates(bank, &keys, work);
        if work.ranked.is_empty() {
            return Outcome::Unlinked(Reason::NotInFile);
        }
        let settle_all = work.settle_all;
        let Work {
            ranked,
            exams,
            order,
            fits,
            scratch,
            ..
        } = work;
        let sorted = (&bank.regulator, exams.as_slice());
        fits.clear();
        fits.extend(
            ranked
                .iter()
                .map(|&(_, _, _, index)| self.fit(sorted, &keys, index, None, scratch)),
        );
        // Settled only where it could matter: a fit that even at its most
        // trails one at its least by the margin neither wins nor makes the
        // winner ambiguous.
        let least = fits.iter().map(|fit| fit.score).max().unwrap_or(i32::MIN);
        for fit in fits.iter_mut() {
            if settle_all || fit.most() > least.saturating_sub(MARGIN) {
                fit.settle(&self.institutions[fit.institution as usize], &keys, scratch);
            }
        }
        fits.sort_by_key(|fit| std::cmp::Reverse(fit.score));
        let best = fits[0];
        if !best.acceptable() {
            return Outcome::Unlinked(Reason::Weak);
        }
        // A thrift's OTS institution and its OCC charter are one institution
        // under two regulators: the history that fits better wins, by any
        // lead (a tie is still ambiguous).
        let lineage = |other: u32| {
            self.predecessor[best.institution as usize] == Some(other)
                || self.successor[best.institution as usize] == Some(other)
        };
        if fits[1..].iter().any(|next| {
            let lead = best.score - next.score;
            if lineage(next.institution) {
                lead == 0
            } else {
                lead < MARGIN
            }
        }) {
            return Outcome::Unlinked(Reason::Ambiguous);
        }
        // Fitted again, for the exams it matched.
        self.fit(sorted, &keys, best.institution, Some(best.lineage), scratch);
        Outcome::Linked(Link {
            institution: best.institution,
            score: best.score,
            basis: best.basis(),
            exams: scratch
                .pairs()
                .iter()
                .map(|&(at, institution, exam)| (order[at], institution, exam))
                .collect(),
        })
    }
}

/// What linking one bank after another keeps between them, so that
/// linking a bank allocates little: each institution's count of exams
/// shared with the bank (all zero between banks), those counted, the
/// candidates ranked, the bank's exams by day and their places as given,
/// the candidates' fits, and the fitting's own.
pub struct Work {
    shared: Vec<u32>,
    touched: Vec<u32>,
    ranked: Vec<(bool, u32, u8, u32)>,
    exams: Vec<Exam>,
    order: Vec<usize>,
    fits: Vec<Fit>,
    scratch: Scratch,
    /// Settle every candidate's fit, not only those that could matter
    /// (for the tests that show the outcome is the same).
    settle_all: bool,
}

/// Why a bank was not linked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Reason {
    /// No exam to match.
    NoExams,
    /// No institution of the file shares an exam with it.
    NotInFile,
    /// Its best candidate agrees too little (a renamed bank with one exam,
    /// another state, an exam of the same day rated otherwise).
    Weak,
    /// Two or more institutions fit it as well.
    Ambiguous,
    /// Its institution fits another bank better.
    Claimed,
}

impl Reason {
    pub const ALL: [Reason; 5] = [
        Reason::NoExams,
        Reason::NotInFile,
        Reason::Weak,
        Reason::Ambiguous,
        Reason::Claimed,
    ];

    /// Its name in summaries and the copy.
    pub fn name(self) -> &'static str {
        match self {
            Reason::NoExams => "no_exams",
            Reason::NotInFile => "not_in_file",
            Reason::Weak => "weak",
            Reason::Ambiguous => "ambiguous",
            Reason::Claimed => "claimed",
        }
    }

    pub fn from_name(name: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.name() == name)
    }

    /// What it means, for a person.
    pub fn explain(self) -> &'static str {
        match self {
            Reason::NoExams => "it has no exam to match",
            Reason::NotInFile => "no institution of the FFIEC file shares an exam with it",
            Reason::Weak => {
                "its closest institution in the FFIEC file agrees too little (another name, \
                 state or rating)"
            }
            Reason::Ambiguous => "two or more institutions of the FFIEC file fit it equally well",
            Reason::Claimed => "the institution that fits it fits another bank better",
        }
    }
}

/// A bank's link: the institution, how sure, and which of its exams
/// matched which of the file's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub institution: u32,
    pub score: i32,
    /// What agreed, for a person (`5 of 5 exams; regulator, state, name`).
    pub basis: String,
    /// (the bank's exam, as given; the institution and its exam).
    pub exams: Vec<(usize, u32, u16)>,
}

/// What became of a bank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Linked(Link),
    Unlinked(Reason),
}

/// Links each bank to at most one institution of `register`. `taken`:
/// institutions already linked to banks outside `banks` (a sync
/// re-linking the banks it changed), which none of these may have.
pub fn link(register: &Register, banks: &[Bank], taken: &HashSet<u32>) -> Vec<Outcome> {
    let mut work = register.work();
    let mut outcomes: Vec<Outcome> = banks
        .iter()
        .map(|bank| register.best_for(bank, &mut work))
        .collect();
    let mut claims = Claims::default();
    for (at, outcome) in outcomes.iter().enumerate() {
        if let Outcome::Linked(link) = outcome {
            claims.add(at as u64, link);
        }
    }
    for (at, reason) in claims.losers(taken) {
        outcomes[at as usize] = Outcome::Unlinked(reason);
    }
    outcomes
}

/// The banks each institution was linked to, to keep one a institution
/// (banks are named by a number of the caller's: their place, a row).
#[derive(Debug, Default)]
pub struct Claims {
    /// (the institution, the link's score, the bank).
    claims: Vec<(u32, i32, u64)>,
}

impl Claims {
    pub fn add(&mut self, bank: u64, link: &Link) {
        self.claims.push((link.institution, link.score, bank));
    }

    /// The banks that lose their link, and why: of an institution's banks
    /// only the best by [`MARGIN`] keeps it, and none when the institution
    /// is `taken`. Which banks lose does not depend on the order they
    /// came in.
    pub fn losers(mut self, taken: &HashSet<u32>) -> Vec<(u64, Reason)> {
        self.claims
            .sort_unstable_by_key(|&(institution, score, bank)| {
                (institution, std::cmp::Reverse(score), bank)
            });
        let mut losers = Vec::new();
        for banks in self.claims.chunk_by(|a, b| a.0 == b.0) {
            let (institution, top, _) = banks[0];
            let clear = banks.get(1).is_none_or(|next| top - next.1 >= MARGIN);
            let winner = clear && !taken.contains(&institution);
            for (at, &(_, score, bank)) in banks.iter().enumerate() {
                if winner && at == 0 {
                    continue;
                }
                let reason = if !clear && top - score < MARGIN {
                    Reason::Ambiguous
                } else {
                    Reason::Claimed
                };
                losers.push((bank, reason));
            }
        }
        losers
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Rating;
    use proptest::prelude::*;

    /// One institution's rows: (day, rating) each, one name, city, state.
    struct Inst {
        regulator: Regulator,
        id: u64,
        exams: Vec<(u32, u8)>,
        name: &'static str,
        city: &'static str,
        state: &'static str,
    }

    fn inst(
        regulator: Regulator,
        id: u64,
        exams: &[(u32, u8)],
        name: &'static str,
        city: &'static str,
        state: &'static str,
    ) -> Inst {
        Inst {
            regulator,
            id,
            exams: exams.to_vec(),
            name,
            city,
            state,
        }
    }

    fn register(insts: &[Inst]) -> Register {
        Register::new(insts.iter().flat_map(|i| {
            i.exams.iter().map(|&(day, rating)| Row {
                regulator: i.regulator.clone(),
                agency_id: i.id,
                exam: Exam {
                    day: Day(day),
                    rating,
                },
                name: i.name,
                city: i.city,
                state: i.state,
            })
        }))
    }

    fn bank(
        regulator: Regulator,
        exams: &[(u32, u8)],
        name: &str,
        city: &str,
        state: &str,
    ) -> Bank {
        Bank {
            regulator,
            name: name.into(),
            city: city.into(),
            state: state.into(),
            exams: exams
                .iter()
                .map(|&(day, rating)| Exam {
                    day: Day(day),
                    rating,
                })
                .collect(),
        }
    }

    fn linked_to(register: &Register, outcome: &Outcome) -> Option<(String, u64)> {
        match outcome {
            Outcome::Linked(link) => {
                let i = &register.institutions()[link.institution as usize];
                Some((i.regulator.as_str().to_string(), i.agency_id))
            }
            Outcome::Unlinked(_) => None,
        }
    }

    fn run(insts: &[Inst], banks: &[Bank]) -> (Register, Vec<Outcome>) {
        let register = register(insts);
        let outcomes = link(&register, banks, &HashSet::new());
        (register, outcomes)
    }

    const HISTORY: &[(u32, u8)] = &[(20030612, 2), (20070903, 1), (20120514, 2)];

    #[test]
    fn an_institution_claimed_twice_goes_to_the_clear_best_or_to_none() {
        let claim = |institution: u32, score: i32| Link {
            institution,
            score,
            basis: String::new(),
            exams: Vec::new(),
        };
        let mut claims = Claims::default();
        // Institution 1: bank 10 leads bank 11 by the margin.
        claims.add(11, &claim(1, 20 - MARGIN));
        claims.add(10, &claim(1, 20));
        // Institution 2: banks 20 and 21 within the margin, 22 far behind.
        claims.add(20, &claim(2, 15));
        claims.add(22, &claim(2, 5));
        claims.add(21, &claim(2, 15 - MARGIN + 1));
        // Institution 3: one bank, but another bank outside holds it.
        claims.add(30, &claim(3, 30));
        // Institution 4: one bank, kept.
        claims.add(40, &claim(4, 10));
        let mut losers = claims.losers(&HashSet::from([3]));
        losers.sort();
        assert_eq!(
            losers,
            [
                (11, Reason::Claimed),
                (20, Reason::Ambiguous),
                (21, Reason::Ambiguous),
                (22, Reason::Claimed),
                (30, Reason::Claimed),
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
        assert_eq!(outcomes[0], Outcome::Unlinked(Reason::Weak));
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
        ];
        let (_, outcomes) = run(&insts, &banks);
        assert_eq!(
            outcomes,
            [
                Outcome::Unlinked(Reason::NoExams),
                Outcome::Unlinked(Reason::NotInFile),
                Outcome::Unlinked(Reason::Weak),
                Outcome::Unlinked(Reason::Weak),
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
        let register = register_of(&insts);
        let outcomes = link(&register, &banks[..1], &HashSet::from([0]));
        assert_eq!(outcomes[0], Outcome::Unlinked(Reason::Claimed));
    }

    fn register_of(insts: &[Inst]) -> Register {
        register(insts)
    }

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
    }
}
