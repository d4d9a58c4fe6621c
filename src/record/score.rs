//! How well one institution of the FFIEC file fits one bank: the exams
//! matched in order (the same day and rating, or for the FDIC the month
//! the evaluation was made public), the exams either side lacks, an exam
//! of the same day rated otherwise (which rules it out), and whether the
//! regulator, state, city and name agree. The weights are chosen so that
//! one matched exam needs every attribute to agree and several exams
//! outweigh a renamed bank or a moved head office; `link` decides with
//! the score.

use super::history::{Bank, Day, Exam, Institution, Word};
use super::names::{city_key, name_key, overlap};
use super::reason::Reason;
use crate::domain::Regulator;

/// The most months between an exam's own date and the month its
/// evaluation was made public: the FDIC's file dates are that month, a
/// service may date the exam by its own day (the FDIC's own search does),
/// 60 to 240 days before it.
pub const PUBLICATION_LAG: i32 = 8;

/// The least score a link needs: one exam matched with every attribute
/// agreeing, or several exams with most of them.
pub const LINK_AT: i32 = 10;

/// Whether an FDIC exam the service dates `bank` may be the one the file
/// dates `file`: the file has the month its evaluation was made public
/// (mostly the first of it; some rows a day of it), the service the
/// exam's own day up to [`PUBLICATION_LAG`] months before, or the first
/// of that month itself.
pub fn made_public_after(bank: Day, file: Day) -> bool {
    let lag = file.month() - bank.month();
    (0..=PUBLICATION_LAG).contains(&lag) && (file > bank || file.is_first())
}

/// How far the best candidate must lead the next, and the best bank of an
/// institution the next bank: equally good is never linked.
pub const MARGIN: i32 = 3;

/// What each thing found is worth.
const EXACT: i32 = 3;
const NEAR: i32 = 2;
const MISSING: i32 = -2;
const REGULATOR: (i32, i32) = (2, -2);
const STATE: (i32, i32, i32) = (2, 1, -6);
const CITY: (i32, i32, i32) = (2, 1, -1);
const NAME: (i32, i32, i32) = (3, 1, -2);

/// One institution's exams, as a candidate's history is made of (a former
/// thrift's OTS exams, then its OCC ones).
#[derive(Clone, Copy)]
pub struct Side<'a> {
    pub institution: u32,
    pub exams: &'a [Exam],
}

/// A bank's name, city and state as they are compared (made once a bank,
/// not once a candidate): the keys and their words in the register.
pub struct Keys {
    pub name: String,
    pub city: String,
    pub state: String,
    pub name_word: Word,
    pub city_word: Word,
    pub state_word: Word,
}

impl Keys {
    /// `word`: a key's word in the register ([`Word::NONE`] if none).
    pub fn of(bank: &Bank, word: impl Fn(&str) -> Word) -> Keys {
        let (name, city) = (name_key(&bank.name), city_key(&bank.city));
        let state = bank.state.trim().to_ascii_uppercase();
        Keys {
            name_word: word(&name),
            city_word: word(&city),
            state_word: word(&state),
            name,
            city,
            state,
        }
    }
}

/// What fitting needs again and again, kept between candidates and banks
/// so that a fit allocates nothing: the candidate's exams, the table of
/// the alignment, the exams matched, and for one bank whether a city or
/// name of the file is close to its own (by word, computed once a bank).
pub struct Scratch {
    exams: Vec<(usize, u16, Exam)>,
    best: Vec<i32>,
    pairs: Vec<(usize, u32, u16)>,
    /// The bank these memos are of, and per word: (the bank, the answer).
    bank: u32,
    city_close: Vec<(u32, bool)>,
    name_close: Vec<(u32, bool)>,
}

impl Scratch {
    /// For a register of `words` words.
    pub fn new(words: usize) -> Scratch {
        Scratch {
            exams: Vec::new(),
            best: Vec::new(),
            pairs: Vec::new(),
            bank: 0,
            city_close: vec![(0, false); words],
            name_close: vec![(0, false); words],
        }
    }

    /// The next bank: what was memoised of the last one no longer holds.
    pub fn next_bank(&mut self) {
        self.bank = self.bank.wrapping_add(1);
        if self.bank == 0 {
            self.city_close.iter_mut().for_each(|m| *m = (0, false));
            self.name_close.iter_mut().for_each(|m| *m = (0, false));
            self.bank = 1;
        }
    }

    /// The exams the last fit matched: (the bank's exam by day, the
    /// institution and its exam).
    pub fn pairs(&self) -> &[(usize, u32, u16)] {
        &self.pairs
    }
}

/// Whether `word` (whose text is `text`) passes `test` against the bank's
/// key, asked once a bank and word.
fn memo(memos: &mut [(u32, bool)], bank: u32, word: Word, test: impl FnOnce() -> bool) -> bool {
    match memos.get_mut(word.0 as usize) {
        Some((of, answer)) if *of == bank => *answer,
        Some(slot) => {
            *slot = (bank, test());
            slot.1
        }
        None => test(),
    }
}

/// A bank and one candidate, to be fitted.
pub struct Candidate<'a> {
    /// The bank's regulator and its exams, sorted by day.
    pub regulator: &'a Regulator,
    pub bank: &'a [Exam],
    pub keys: &'a Keys,
    /// The institution fitted, and its histories (a former thrift's OTS
    /// one first; the institution's own last).
    pub own: &'a Institution,
    pub sides: &'a [Side<'a>],
    /// The file's last exam day: see [`may_be_unpublished`].
    pub horizon: Day,
    /// Fitted with its OTS history before its own.
    pub lineage: bool,
}

/// The fit: the score and what agreed (the exams matched are left in the
/// [`Scratch`] it was made with).
#[derive(Debug, Clone, Copy)]
pub struct Fit {
    /// The candidate (the last side: the institution itself).
    pub institution: u32,
    pub score: i32,
    /// Fitted with its OTS history before its own.
    pub lineage: bool,
    matched: usize,
    of: usize,
    near: i32,
    /// What agreed: [`AGREED`]'s bits.
    agreed: u8,
    conflicts: u32,
    state_agrees: bool,
    /// What is not the institution's ([`AGREED`]'s bits: regulator, a
    /// city it had, a name it had; one merely close to its is not).
    unlike: u8,
    /// What is still to settle ([`CITY_CLOSE`], [`NAME_CLOSE`]): the
    /// score counts it as least.
    pending: u8,
}

/// A fit's city or name that may be close to one of the institution's.
const CITY_CLOSE: u8 = 1;
const NAME_CLOSE: u8 = 2;

/// The attributes a basis names, in its order.
const AGREED: [&str; 4] = ["regulator", "state", "city", "name"];

impl Fit {
    /// Good enough to link, if nothing else fits as well.
    pub fn acceptable(&self) -> bool {
        debug_assert_eq!(self.pending, 0, "a fit decided on before it was settled");
        self.conflicts == 0 && self.state_agrees && self.score >= LINK_AT
    }

    /// Why it is not good enough to link (it is not [`Fit::acceptable`]):
    /// what is true of the bank and this institution.
    pub fn why_not(&self) -> Reason {
        if self.conflicts > 0 {
            Reason::Conflict
        } else if !self.state_agrees {
            Reason::OtherState
        } else if self.unlike != 0 {
            Reason::OtherName
        } else {
            // Regulator, state, city and name agree: only exams either
            // side lacks can keep one matched exam under the bar.
            Reason::FewExams
        }
    }

    /// The most the score can be once settled.
    pub fn most(&self) -> i32 {
        let mut most = self.score;
        if self.pending & CITY_CLOSE != 0 {
            most += CITY.1 - CITY.2;
        }
        if self.pending & NAME_CLOSE != 0 {
            most += NAME.1 - NAME.2;
        }
        most
    }

    /// Settles the score: whether the bank's city and name, which `own`
    /// (the institution fitted) never had, are close to one it had.
    pub fn settle(&mut self, own: &Institution, keys: &Keys, scratch: &mut Scratch) {
        let bank = scratch.bank;
        if self.pending & CITY_CLOSE != 0
            && (0..own.cities.len()).any(|at| {
                memo(&mut scratch.city_close, bank, own.city_words[at], || {
                    strsim::jaro_winkler(&own.cities[at], &keys.city) >= 0.92
                })
            })
        {
            self.score += CITY.1 - CITY.2;
        }
        if self.pending & NAME_CLOSE != 0
            && (0..own.names.len()).any(|at| {
                memo(&mut scratch.name_close, bank, own.name_words[at], || {
                    overlap(&own.names[at], &keys.name) >= 0.6
                })
            })
        {
            self.score += NAME.1 - NAME.2;
        }
        self.pending = 0;
    }

    /// What agreed, for a person (`5 of 5 exams; regulator, state, name`).
    pub fn basis(&self) -> String {
        let mut basis = format!("{} of {} exams", self.matched, self.of);
        if self.near > 0 {
            basis.push_str(&format!(" ({} by the month made public)", self.near));
        }
        if self.lineage {
            basis.push_str(", with its OTS history");
        }
        let agreed: Vec<&str> = AGREED
            .iter()
            .enumerate()
            .filter(|(bit, _)| self.agreed & (1 << bit) != 0)
            .map(|(_, what)| *what)
            .collect();
        if !agreed.is_empty() {
            basis.push_str("; ");
            basis.push_str(&agreed.join(", "));
        }
        basis
    }
}

impl Candidate<'_> {
    /// What one bank exam and one of the file's are to each other: 3 the
    /// same exam by its day, 2 by the FDIC's month of publication, 0 not.
    fn weight(&self, bank: Exam, file: Exam) -> i32 {
        if bank.rating == 0 || bank.rating != file.rating {
            return 0;
        }
        if bank.day == file.day {
            return EXACT;
        }
        if self.own.regulator == Regulator::Fdic && made_public_after(bank.day, file.day) {
            return NEAR;
        }
        0
    }

    /// The most the fit of a candidate with one side (no OTS history) can
    /// score once settled, found without aligning: each of the bank's
    /// exams that some exam of it could match counted as matched exactly,
    /// what either side then lacks counted as missing, each attribute at
    /// the most it can settle to. A candidate whose most trails another's
    /// fit by the margin can neither win nor make the winner ambiguous.
    pub fn most(&self) -> i32 {
        debug_assert_eq!(self.sides.len(), 1, "one side: no OTS history");
        let file = self.sides[0].exams;
        let bank = self.bank;
        let matchable = bank
            .iter()
            .filter(|b| file.iter().any(|f| self.weight(**b, *f) > 0))
            .count()
            .min(file.len()) as i32;
        let countable = bank
            .iter()
            .filter(|exam| !may_be_unpublished(exam.day, self.horizon))
            .count() as i32;
        let missing = (file.len() as i32 - matchable) + (countable - matchable).max(0);
        let own = self.own;
        let keys = self.keys;
        let regulator = if *self.regulator == own.regulator {
            REGULATOR.0
        } else {
            REGULATOR.1
        };
        let state = three(&own.state_words, keys.state_word, STATE);
        let city = if own.city_words.first() == Some(&keys.city_word) {
            CITY.0
        } else {
            // Its own city, or one close to its own once settled.
            CITY.1
        };
        let name = if own.name_words.contains(&keys.name_word) {
            NAME.0
        } else {
            NAME.1
        };
        EXACT * matchable + MISSING * missing + regulator + state + city + name
    }

    /// The fit, with the exams aligned in order (the most weight, as a
    /// longest common subsequence is found); the exams matched are left in
    /// `scratch`.
    pub fn fit(&self, scratch: &mut Scratch) -> Fit {
        // The candidate's exams by day (each side is; two are merged, the
        // earlier side first on a day both have).
        let file = &mut scratch.exams;
        file.clear();
        for (side, s) in self.sides.iter().enumerate() {
            file.extend(
                s.exams
                    .iter()
                    .enumerate()
                    .map(|(at, exam)| (side, at as u16, *exam)),
            );
        }
        if self.sides.len() > 1 {
            file.sort_by_key(|(_, _, exam)| exam.day);
        }
        let file = &scratch.exams;
        let bank = self.bank;
        let (n, m) = (bank.len(), file.len());
        let width = m + 1;
        let best = &mut scratch.best;
        best.clear();
        best.resize((n + 1) * width, 0);
        for i in 0..n {
            for j in 0..m {
                let w = self.weight(bank[i], file[j].2);
                let diagonal = if w > 0 { best[i * width + j] + w } else { 0 };
                best[(i + 1) * width + j + 1] = diagonal
                    .max(best[i * width + j + 1])
                    .max(best[(i + 1) * width + j]);
            }
        }
        let pairs = &mut scratch.pairs;
        pairs.clear();
        let (mut exact, mut near) = (0i32, 0i32);
        let (mut i, mut j) = (n, m);
        while i > 0 && j > 0 {
            let here = best[i * width + j];
            if here == best[(i - 1) * width + j] {
                i -= 1;
            } else if here == best[i * width + j - 1] {
                j -= 1;
            } else {
                let (side, at, exam) = file[j - 1];
                match self.weight(bank[i - 1], exam) {
                    EXACT => exact += 1,
                    _ => near += 1,
                }
                pairs.push((i - 1, self.sides[side].institution, at));
                i -= 1;
                j -= 1;
            }
        }
        pairs.reverse();
        let matched = pairs.len();
        let bank_missed = bank
            .iter()
            .enumerate()
            .filter(|(at, exam)| {
                !may_be_unpublished(exam.day, self.horizon) && !pairs.iter().any(|p| p.0 == *at)
            })
            .count();
        let file_missed = m - matched;
        let conflicts = bank
            .iter()
            .filter(|b| {
                file.iter()
                    .any(|f| f.2.day == b.day && f.2.rating != b.rating)
            })
            .count() as u32;
        let mut score = EXACT * exact + NEAR * near + MISSING * (bank_missed + file_missed) as i32;
        let (mut agreed, mut unlike) = (0u8, 0u8);
        let mut add = |points: i32, bit: u8, full: bool| {
            score += points;
            if full {
                agreed |= 1 << bit;
            }
            if points < 0 {
                unlike |= 1 << bit;
            }
        };
        let regulator = *self.regulator == self.own.regulator
            || (self.lineage && *self.regulator == Regulator::Ots);
        add(
            if regulator { REGULATOR.0 } else { REGULATOR.1 },
            0,
            regulator,
        );
        let own = self.own;
        let keys = self.keys;
        let state = keys.state_word;
        let state_agrees = own.state_words.contains(&state);
        add(
            three(&own.state_words, state, STATE),
            1,
            own.state_words.first() == Some(&state),
        );
        // A city or name of the bank's that the institution never had
        // may still be close to one it had: that is settled only for the
        // candidates it could matter for (`Fit::settle`), counted as
        // least until then.
        let city = keys.city_word;
        let mut pending = 0u8;
        let city_points = if own.city_words.first() == Some(&city) {
            CITY.0
        } else if own.city_words.contains(&city) {
            CITY.1
        } else {
            pending |= CITY_CLOSE;
            CITY.2
        };
        add(city_points, 2, city_points == CITY.0);
        let name_points = if own.name_words.contains(&keys.name_word) {
            NAME.0
        } else {
            pending |= NAME_CLOSE;
            NAME.2
        };
        add(name_points, 3, name_points == NAME.0);
        Fit {
            institution: self.sides[self.sides.len() - 1].institution,
            score,
            lineage: self.lineage,
            matched,
            of: n.max(m),
            near,
            agreed,
            conflicts,
            state_agrees,
            // A state is told by `state_agrees`: only regulator, city, name.
            unlike: unlike & !(1 << 1),
            pending,
        }
    }
}

/// Whether the file may not have an exam of `day` yet, not being evidence
/// against a link: the file lags the service by a quarter or more, and an
/// exam dated after its last exam (`horizon`), or within the months an
/// evaluation takes to be made public before it, may not be public yet.
pub fn may_be_unpublished(day: Day, horizon: Day) -> bool {
    day.month() + PUBLICATION_LAG > horizon.month()
}

/// Points for a word among an institution's (latest first): the latest,
/// any, or none.
fn three(words: &[Word], word: Word, points: (i32, i32, i32)) -> i32 {
    if words.first() == Some(&word) {
        points.0
    } else if words.contains(&word) {
        points.1
    } else {
        points.2
    }
}
