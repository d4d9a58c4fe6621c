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

use std::collections::{HashMap, HashSet};

pub use super::history::{Bank, Day, Exam, Institution, rating_code};
use super::names::{city_key, name_key};
pub use super::score::LINK_AT;
use super::score::{Candidate, Fit, Keys, Side};
use crate::domain::Regulator;

/// How far the best candidate must lead the next, and the best bank of an
/// institution the next bank: equally good is never linked.
pub const MARGIN: i32 = 3;

/// The OCC charter of a former OTS thrift: 700000 + its docket.
pub const OTS_TO_OCC: u64 = 700_000;

/// Key lists longer than this gather no candidates (a month every FDIC
/// bank of a region shares says nothing); they still count in a score.
const CROWDED: usize = 3000;

/// Candidates scored per bank, those of its state and sharing the most
/// exams first.
const CANDIDATES: usize = 64;

/// One exam row of the file, as the register is built from.
pub struct Row<'a> {
    pub regulator: Regulator,
    pub agency_id: u64,
    pub exam: Exam,
    pub name: &'a str,
    pub city: &'a str,
    pub state: &'a str,
}

/// The file's institutions, indexed by the exams that find them.
pub struct Register {
    institutions: Vec<Institution>,
    by_exam: HashMap<(Day, u8), Vec<u32>>,
    /// FDIC exams on a first of the month, by month, rating and each
    /// state of the institution (only one of the bank's state can be
    /// linked, and a month's list of the whole country is long).
    by_month: HashMap<(i32, u8, u16), Vec<u32>>,
    /// For an OCC charter of 700000 + docket: the OTS institution of that
    /// docket, when the file has it; and the other way round.
    predecessor: Vec<Option<u32>>,
    successor: Vec<Option<u32>>,
    keys: HashMap<(Regulator, u64), u32>,
    /// The file's last exam day: a bank's later exams cannot be in it.
    pub horizon: Day,
}

impl Register {
    /// Groups the file's rows by institution (regulator and agency ID) and
    /// indexes them. Rows may come in any order.
    pub fn new<'a>(rows: impl IntoIterator<Item = Row<'a>>) -> Register {
        let mut keys: HashMap<(Regulator, u64), u32> = HashMap::new();
        let mut institutions: Vec<Institution> = Vec::new();
        // Each row's day, to put names, cities and states latest first.
        let mut days: Vec<Vec<(Day, String, String, String)>> = Vec::new();
        for (at, row) in rows.into_iter().enumerate() {
            let index = *keys
                .entry((row.regulator.clone(), row.agency_id))
                .or_insert_with(|| {
                    institutions.push(Institution {
                        regulator: row.regulator.clone(),
                        agency_id: row.agency_id,
                        exams: Vec::new(),
                        names: Vec::new(),
                        cities: Vec::new(),
                        states: Vec::new(),
                        rows: Vec::new(),
                    });
                    days.push(Vec::new());
                    (institutions.len() - 1) as u32
                });
            let institution = &mut institutions[index as usize];
            institution.exams.push(row.exam);
            institution.rows.push(at);
            days[index as usize].push((
                row.exam.day,
                name_key(row.name),
                city_key(row.city),
                row.state.trim().to_ascii_uppercase(),
            ));
        }
        let mut horizon = Day(0);
        for (institution, mut seen) in institutions.iter_mut().zip(days) {
            let mut order: Vec<usize> = (0..institution.exams.len()).collect();
            order.sort_by_key(|&i| institution.exams[i].day);
            institution.exams = order.iter().map(|&i| institution.exams[i]).collect();
            institution.rows = order.iter().map(|&i| institution.rows[i]).collect();
            seen.sort_by_key(|row| std::cmp::Reverse(row.0));
            for (_, name, city, state) in seen {
                push_new(&mut institution.names, name);
                push_new(&mut institution.cities, city);
                push_new(&mut institution.states, state);
            }
            if let Some(last) = institution.exams.last() {
                horizon = horizon.max(last.day);
            }
        }
        let mut by_exam: HashMap<(Day, u8), Vec<u32>> = HashMap::new();
        let mut by_month: HashMap<(i32, u8, u16), Vec<u32>> = HashMap::new();
        for (index, institution) in institutions.iter().enumerate() {
            for exam in &institution.exams {
                by_exam
                    .entry((exam.day, exam.rating))
                    .or_default()
                    .push(index as u32);
                if institution.regulator == Regulator::Fdic && exam.day.is_first() {
                    for state in &institution.states {
                        by_month
                            .entry((exam.day.month(), exam.rating, state_code(state)))
                            .or_default()
                            .push(index as u32);
                    }
                }
            }
        }
        let predecessor: Vec<Option<u32>> = institutions
            .iter()
            .map(|institution| {
                (institution.regulator == Regulator::Occ && institution.agency_id > OTS_TO_OCC)
                    .then(|| keys.get(&(Regulator::Ots, institution.agency_id - OTS_TO_OCC)))
                    .flatten()
                    .copied()
            })
            .collect();
        let mut successor = vec![None; institutions.len()];
        for (index, before) in predecessor.iter().enumerate() {
            if let Some(before) = before {
                successor[*before as usize] = Some(index as u32);
            }
        }
        Register {
            institutions,
            by_exam,
            by_month,
            predecessor,
            successor,
            keys,
            horizon,
        }
    }

    /// The institution of a regulator and agency ID.
    pub fn index_of(&self, regulator: &Regulator, agency_id: u64) -> Option<u32> {
        self.keys.get(&(regulator.clone(), agency_id)).copied()
    }

    pub fn institutions(&self) -> &[Institution] {
        &self.institutions
    }

    /// The row (its place in what [`Register::new`] was given) of an
    /// institution's exam.
    pub fn row(&self, institution: u32, exam: u16) -> usize {
        self.institutions[institution as usize].rows[exam as usize]
    }

    /// The institutions sharing an exam with the bank, the
    /// most exams shared first, at most [`CANDIDATES`] of them.
    fn candidates(&self, bank: &Bank) -> Vec<u32> {
        let mut shared: HashMap<u32, u32> = HashMap::new();
        let here = state_code(&bank.state.trim().to_ascii_uppercase());
        // An exam of the same day counts twice one of a month made public
        // later, which many of a region's FDIC banks share.
        let mut count = |list: Option<&Vec<u32>>, points: u32| {
            if let Some(list) = list.filter(|l| l.len() <= CROWDED) {
                for &index in list {
                    *shared.entry(index).or_default() += points;
                }
            }
        };
        for exam in &bank.exams {
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
        // The OTS history of a thrift now with the OCC finds its charter.
        let found: Vec<u32> = shared.keys().copied().collect();
        for index in found {
            if let Some(successor) = self.successor[index as usize] {
                let count = shared[&index];
                let entry = shared.entry(successor).or_insert(0);
                *entry = (*entry).max(count);
            }
        }
        // Those in the bank's state first (no other can be linked), then
        // the most exams shared, then those of its name and city (a single
        // exam's month is shared by more than `CANDIDATES` of a state).
        let state = bank.state.trim().to_ascii_uppercase();
        let (name, city) = (name_key(&bank.name), city_key(&bank.city));
        let mut ranked: Vec<(bool, u32, u8, u32)> = shared
            .into_iter()
            .map(|(index, count)| {
                let institution = &self.institutions[index as usize];
                let here = institution.states.contains(&state);
                let alike = institution.names.contains(&name) as u8
                    + institution.cities.contains(&city) as u8;
                (here, count, alike, index)
            })
            .collect();
        ranked.sort_by(|a, b| {
            b.0.cmp(&a.0)
                .then(b.1.cmp(&a.1))
                .then(b.2.cmp(&a.2))
                .then(a.3.cmp(&b.3))
        });
        ranked.truncate(CANDIDATES);
        ranked.into_iter().map(|(_, _, _, index)| index).collect()
    }

    /// The best fit of `institution` for `bank`: its own history, or (a
    /// former thrift) its OTS history before its own.
    fn fit(&self, bank: &Bank, keys: &Keys, institution: u32) -> Fit {
        let own = &self.institutions[institution as usize];
        let mut sides = vec![Side {
            institution,
            exams: &own.exams,
        }];
        let mut best = Candidate::new(bank, keys, own, &sides, self.horizon, false).fit();
        if let Some(predecessor) = self.predecessor[institution as usize] {
            sides.insert(
                0,
                Side {
                    institution: predecessor,
                    exams: &self.institutions[predecessor as usize].exams,
                },
            );
            let lineage = Candidate::new(bank, keys, own, &sides, self.horizon, true).fit();
            if lineage.score > best.score {
                best = lineage;
            }
        }
        best
    }
}

fn push_new(list: &mut Vec<String>, value: String) {
    if !value.is_empty() && !list.contains(&value) {
        list.push(value);
    }
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
    let mut outcomes: Vec<Outcome> = banks.iter().map(|bank| best_for(register, bank)).collect();
    // One bank an institution: the best by the margin, else none.
    let mut claims: HashMap<u32, Vec<usize>> = HashMap::new();
    for (at, outcome) in outcomes.iter().enumerate() {
        if let Outcome::Linked(link) = outcome {
            claims.entry(link.institution).or_default().push(at);
        }
    }
    for (institution, mut banks) in claims {
        let score = |at: usize| match &outcomes[at] {
            Outcome::Linked(link) => link.score,
            Outcome::Unlinked(_) => i32::MIN,
        };
        banks.sort_by_key(|&at| std::cmp::Reverse(score(at)));
        let scores: Vec<i32> = banks.iter().map(|&at| score(at)).collect();
        let top = scores[0];
        let clear = scores.get(1).is_none_or(|&next| top - next >= MARGIN);
        let winner = (clear && !taken.contains(&institution)).then_some(banks[0]);
        for (&at, &points) in banks.iter().zip(&scores) {
            if Some(at) == winner {
                continue;
            }
            let reason = if !clear && top - points < MARGIN {
                Reason::Ambiguous
            } else {
                Reason::Claimed
            };
            outcomes[at] = Outcome::Unlinked(reason);
        }
    }
    outcomes
}

/// A state's two letters as one number (a key of `Register::by_month`).
fn state_code(state: &str) -> u16 {
    let bytes = state.as_bytes();
    u16::from_be_bytes([
        bytes.first().copied().unwrap_or(0),
        bytes.get(1).copied().unwrap_or(0),
    ])
}

/// A bank's best candidate, if it is good enough and clearly the best.
fn best_for(register: &Register, bank: &Bank) -> Outcome {
    if bank.exams.is_empty() {
        return Outcome::Unlinked(Reason::NoExams);
    }
    // Sorted by day, remembering each exam's place as given.
    let mut bank = bank.clone();
    let mut order: Vec<usize> = (0..bank.exams.len()).collect();
    order.sort_by_key(|&i| bank.exams[i].day);
    bank.exams = order.iter().map(|&i| bank.exams[i]).collect();
    let candidates = register.candidates(&bank);
    if candidates.is_empty() {
        return Outcome::Unlinked(Reason::NotInFile);
    }
    let keys = Keys::of(&bank);
    let mut fits: Vec<Fit> = candidates
        .iter()
        .map(|&index| register.fit(&bank, &keys, index))
        .collect();
    fits.sort_by_key(|fit| std::cmp::Reverse(fit.score));
    let best = &fits[0];
    if !best.acceptable() {
        return Outcome::Unlinked(Reason::Weak);
    }
    // A thrift's OTS institution and its OCC charter are one institution
    // under two regulators: the history that fits better wins, by any
    // lead (a tie is still ambiguous).
    let lineage = |other: u32| {
        register.predecessor[best.institution as usize] == Some(other)
            || register.successor[best.institution as usize] == Some(other)
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
    let best = fits.swap_remove(0);
    Outcome::Linked(Link {
        institution: best.institution,
        score: best.score,
        basis: best.basis,
        exams: best
            .pairs
            .into_iter()
            .map(|(at, institution, exam)| (order[at], institution, exam))
            .collect(),
    })
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
    fn arb_inst() -> impl Strategy<Value = (u8, Vec<(u32, u8)>, usize, usize, usize)> {
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
            let regulators = [Regulator::Fdic, Regulator::Occ, Regulator::Frb];
            let insts: Vec<Inst> = world.iter().enumerate().map(|(i, (r, exams, s, c, n))| Inst {
                regulator: regulators[*r as usize].clone(), id: i as u64 + 1, exams: exams.clone(),
                name: NAMES[*n], city: CITIES[*c], state: STATES[*s],
            }).collect();
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
    }
}
