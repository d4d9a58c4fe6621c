//! Linking the service's banks to the institutions of the FFIEC's ratings
//! file, precision first: a wrong link is worse than none.
//!
//! A bank is known by its exam history (dates and ratings), its regulator,
//! state, city and name; an institution of the file by the same, exam by
//! exam. Candidates are the institutions that share an exam with the bank
//! (the same day and rating; for the FDIC, whose file dates are the month
//! the evaluation was made public, a day of a month up to
//! [`PUBLICATION_LAG`] months after the bank's date, the service dating
//! the exam by its own day). Each is scored (`score`): exams matched in
//! order, exams either side lacks (a bank's exam the file may not have
//! published yet not counted), and agreement of regulator, state, city and
//! name. A bank is linked to its best candidate only when that one scores
//! [`LINK_AT`] or more, lies in a state the institution has been in,
//! contradicts no exam (the same day, another rating), and beats every
//! other by [`MARGIN`]; and an institution goes to one bank only, the one
//! that fits it best by that margin. Everything else stays unlinked,
//! counted by [`Reason`], which says what is true of it.
//!
//! Links last: a bank linked before keeps its institution while that one
//! still fits well enough and no other fits better by the margin, and
//! keeps it against another bank claiming it; only evidence against a
//! link lets it go, and why is said.
//!
//! The OTS's thrifts moved to the OCC in 2011 under the charter 700000 +
//! their OTS docket: an OCC institution of such a charter is also tried
//! with its OTS history before its own, for a bank the service shows with
//! both.

#[cfg(test)]
use std::collections::HashSet;

pub use super::claims::Claims;
pub use super::history::{Bank, Day, Exam, rating_code};
pub use super::reason::Reason;
use super::register::state_code;
pub use super::register::{OTS_TO_OCC, Register, Row};
pub use super::score::MARGIN;
use super::score::{Candidate, Fit, Keys, Scratch, Side};
use crate::domain::Regulator;

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

    /// The most `institution` (one without an OTS history) can score for
    /// `bank` once settled ([`Candidate::most`]).
    fn most(&self, bank: (&Regulator, &[Exam]), keys: &Keys, institution: u32) -> i32 {
        let own = &self.institutions[institution as usize];
        Candidate {
            regulator: bank.0,
            bank: bank.1,
            keys,
            own,
            sides: &[Side {
                institution,
                exams: &own.exams,
            }],
            horizon: self.horizon,
            lineage: false,
        }
        .most()
    }

    /// A bank's best candidate, if it is good enough and clearly the best.
    #[cfg(test)]
    pub fn best_for(&self, bank: &Bank, work: &mut Work) -> Outcome {
        self.decide(bank, work).outcome
    }

    /// What becomes of a bank: linked to its best candidate if that one is
    /// good enough and clearly the best; or, for a bank linked before
    /// (`bank.prior`), to that institution still, unless the evidence
    /// contradicts it (it no longer fits well enough, or another fits
    /// better by the margin), and then why it lost it.
    pub fn decide(&self, bank: &Bank, work: &mut Work) -> Decision {
        let unlinked = |reason: Reason| Decision {
            outcome: Outcome::Unlinked(reason),
            lost: bank.prior.map(|_| reason),
        };
        if bank.exams.is_empty() {
            return unlinked(Reason::NoExams);
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
        // The institution it was linked to is weighed whatever it shares.
        if let Some(prior) = bank.prior
            && !work.ranked.iter().any(|r| r.3 == prior)
        {
            work.ranked.push((false, 0, 0, prior));
        }
        if work.ranked.is_empty() {
            return unlinked(Reason::NotInFile);
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
        // Fitted best first; a candidate that at its most trails the best
        // fit so far by the margin (and, for a bank linked before, cannot
        // beat the institution it had) can change nothing, and is not
        // fitted at all.
        fits.clear();
        let held = bank
            .prior
            .map(|prior| self.fit(sorted, &keys, prior, None, scratch));
        let mut best_yet = held.map_or(i32::MIN, |held| held.score);
        for &(_, _, _, index) in ranked.iter() {
            if let Some(held) = held.filter(|held| held.institution == index) {
                fits.push(held);
                continue;
            }
            if !settle_all && self.predecessor[index as usize].is_none() {
                let most = self.most(sorted, &keys, index);
                if most <= best_yet.saturating_sub(MARGIN)
                    && held.is_none_or(|held| most <= held.score)
                {
                    continue;
                }
            }
            let fit = self.fit(sorted, &keys, index, None, scratch);
            best_yet = best_yet.max(fit.score);
            fits.push(fit);
        }
        // Settled only where it could matter: a fit that even at its most
        // trails one at its least by the margin neither wins nor makes the
        // winner ambiguous (the prior's is settled always: it is weighed
        // against the best).
        let least = fits.iter().map(|fit| fit.score).max().unwrap_or(i32::MIN);
        // The prior's first: a fit that could lead it may take the bank
        // from it, and so is settled too, however far it trails the best.
        let held = match bank.prior {
            Some(prior) => fits
                .iter_mut()
                .find(|fit| fit.institution == prior)
                .map(|fit| {
                    fit.settle(&self.institutions[fit.institution as usize], &keys, scratch);
                    fit.score
                }),
            None => None,
        };
        for fit in fits.iter_mut() {
            if settle_all
                || fit.most() > least.saturating_sub(MARGIN)
                || held.is_some_and(|held| fit.most() > held)
            {
                fit.settle(&self.institutions[fit.institution as usize], &keys, scratch);
            }
        }
        fits.sort_by_key(|fit| std::cmp::Reverse(fit.score));
        let best = self.best_of(fits);
        let (chosen, lost) = match bank.prior {
            None => (best, None),
            Some(prior) => {
                let held = *fits
                    .iter()
                    .find(|fit| fit.institution == prior)
                    .expect("the prior is fitted");
                if matches!(best, Ok(best) if best.institution == prior) {
                    (best, None)
                } else if !held.acceptable() {
                    (best, Some(held.why_not()))
                } else if fits.iter().any(|other| self.ousts(other, &held)) {
                    (best, Some(Reason::OtherInstitution))
                } else {
                    // Nothing contradicts it: equally good is no reason to
                    // let go of a link (a new exam the file has yet to
                    // publish, another institution as close as it).
                    (Ok(held), None)
                }
            }
        };
        let chosen = match chosen {
            Ok(chosen) => chosen,
            Err(reason) => {
                return Decision {
                    outcome: Outcome::Unlinked(reason),
                    lost,
                };
            }
        };
        // Fitted again, for the exams it matched.
        self.fit(
            sorted,
            &keys,
            chosen.institution,
            Some(chosen.lineage),
            scratch,
        );
        let link = Link {
            institution: chosen.institution,
            score: chosen.score,
            basis: chosen.basis(),
            exams: scratch
                .pairs()
                .iter()
                .map(|&(at, institution, exam)| (order[at], institution, exam))
                .collect(),
            kept: Some(chosen.institution) == bank.prior,
        };
        Decision {
            outcome: Outcome::Linked(link),
            lost,
        }
    }

    /// The best of `fits` (by score, best first) if it is good enough and
    /// clearly the best, else why none is.
    fn best_of(&self, fits: &[Fit]) -> Result<Fit, Reason> {
        let best = fits[0];
        if !best.acceptable() {
            return Err(best.why_not());
        }
        if fits[1..].iter().any(|next| !self.leads(&best, next)) {
            return Err(Reason::Ambiguous);
        }
        Ok(best)
    }

    /// Whether `first` fits clearly better than `second`: by the margin;
    /// a thrift's OTS institution and its OCC charter being one
    /// institution under two regulators, the history that fits better of
    /// those two by any lead (a tie is still ambiguous).
    fn leads(&self, first: &Fit, second: &Fit) -> bool {
        let lead = first.score - second.score;
        let at = first.institution as usize;
        let lineage = self.predecessor[at] == Some(second.institution)
            || self.successor[at] == Some(second.institution);
        if lineage { lead > 0 } else { lead >= MARGIN }
    }

    /// Whether `other` takes a bank from the institution it was linked to
    /// (`held`, good enough to keep): it must be good enough and lead.
    fn ousts(&self, other: &Fit, held: &Fit) -> bool {
        // Leading first: a fit that cannot lead was not settled.
        other.institution != held.institution && self.leads(other, held) && other.acceptable()
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
    /// Fit and settle every candidate, not only those that could matter
    /// (for the tests that show the outcome is the same).
    settle_all: bool,
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
    /// The link the bank had before, kept.
    pub kept: bool,
}

/// What became of a bank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Linked(Link),
    Unlinked(Reason),
}

/// What became of a bank, and of the link it had.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    pub outcome: Outcome,
    /// Why it let go of the institution it was linked to (none: it had
    /// none, or kept it).
    pub lost: Option<Reason>,
}

/// Links each bank to at most one institution of `register`. `taken`:
/// institutions already linked to banks outside `banks` (a sync
/// re-linking the banks it changed), which none of these may have.
#[cfg(test)]
pub fn link(register: &Register, banks: &[Bank], taken: &HashSet<u32>) -> Vec<Outcome> {
    let mut work = register.work();
    let mut outcomes: Vec<Outcome> = banks
        .iter()
        .map(|bank| register.best_for(bank, &mut work))
        .collect();
    let mut claims = Claims::default();
    for (at, outcome) in outcomes.iter().enumerate() {
        if let Outcome::Linked(link) = outcome {
            claims.add(at as u64, link.institution, link.score, link.kept);
        }
    }
    for (at, reason, _) in claims.losers(taken) {
        outcomes[at as usize] = Outcome::Unlinked(reason);
    }
    outcomes
}

#[cfg(test)]
mod tests;
