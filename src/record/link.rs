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
mod tests;
