//! How well one institution of the FFIEC file fits one bank: the exams
//! matched in order (the same day and rating, or for the FDIC the month
//! the evaluation was made public), the exams either side lacks, an exam
//! of the same day rated otherwise (which rules it out), and whether the
//! regulator, state, city and name agree. The weights are chosen so that
//! one matched exam needs every attribute to agree and several exams
//! outweigh a renamed bank or a moved head office; `link` decides with
//! the score.

use super::history::{Bank, Day, Exam, Institution};
use super::names::{city_key, name_key, overlap};
use crate::domain::Regulator;

/// The most months between an FDIC exam's own date and the first of the
/// month its evaluation was made public (the file's date).
pub const PUBLICATION_LAG: i32 = 12;

/// The least score a link needs: one exam matched with every attribute
/// agreeing, or several exams with most of them.
pub const LINK_AT: i32 = 10;

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
pub struct Side<'a> {
    pub institution: u32,
    pub exams: &'a [Exam],
}

/// A bank's name, city and state as they are compared (made once a bank,
/// not once a candidate).
pub struct Keys {
    name: String,
    city: String,
    state: String,
}

impl Keys {
    pub fn of(bank: &Bank) -> Keys {
        Keys {
            name: name_key(&bank.name),
            city: city_key(&bank.city),
            state: bank.state.trim().to_ascii_uppercase(),
        }
    }
}

/// A bank and one candidate, to be fitted.
pub struct Candidate<'a> {
    bank: &'a Bank,
    keys: &'a Keys,
    own: &'a Institution,
    /// (the side, the exam's place in it), by day.
    exams: Vec<(usize, u16, Exam)>,
    sides: &'a [Side<'a>],
    horizon: Day,
    lineage: bool,
}

/// The fit: the score, what agreed, and the exams matched.
#[derive(Debug, Clone)]
pub struct Fit {
    /// The candidate (the last side: the institution itself).
    pub institution: u32,
    pub score: i32,
    pub basis: String,
    /// (the bank's exam by day, the institution and its exam).
    pub pairs: Vec<(usize, u32, u16)>,
    conflicts: u32,
    state_agrees: bool,
}

impl Fit {
    /// Good enough to link, if nothing else fits as well.
    pub fn acceptable(&self) -> bool {
        self.conflicts == 0 && self.state_agrees && self.score >= LINK_AT
    }
}

impl<'a> Candidate<'a> {
    /// `bank.exams` sorted by day; `sides` the candidate's histories, the
    /// institution itself last.
    pub fn new(
        bank: &'a Bank,
        keys: &'a Keys,
        own: &'a Institution,
        sides: &'a [Side<'a>],
        horizon: Day,
        lineage: bool,
    ) -> Candidate<'a> {
        let mut exams: Vec<(usize, u16, Exam)> = sides
            .iter()
            .enumerate()
            .flat_map(|(side, s)| {
                s.exams
                    .iter()
                    .enumerate()
                    .map(move |(at, exam)| (side, at as u16, *exam))
            })
            .collect();
        exams.sort_by_key(|(_, _, exam)| exam.day);
        Candidate {
            bank,
            keys,
            own,
            exams,
            sides,
            horizon,
            lineage,
        }
    }

    /// What one bank exam and one of the file's are to each other: 3 the
    /// same exam by its day, 2 by the FDIC's month of publication, 0 not.
    fn weight(&self, bank: Exam, file: Exam) -> i32 {
        if bank.rating == 0 || bank.rating != file.rating {
            return 0;
        }
        if bank.day == file.day {
            return EXACT;
        }
        let lag = file.day.month() - bank.day.month();
        if self.own.regulator == Regulator::Fdic
            && file.day.is_first()
            && (0..=PUBLICATION_LAG).contains(&lag)
        {
            return NEAR;
        }
        0
    }

    /// The fit, with the exams aligned in order (the most weight, as a
    /// longest common subsequence is found).
    pub fn fit(&self) -> Fit {
        let bank = &self.bank.exams;
        let file = &self.exams;
        let (n, m) = (bank.len(), file.len());
        let width = m + 1;
        let mut best = vec![0i32; (n + 1) * width];
        for i in 0..n {
            for j in 0..m {
                let w = self.weight(bank[i], file[j].2);
                let diagonal = if w > 0 { best[i * width + j] + w } else { 0 };
                best[(i + 1) * width + j + 1] = diagonal
                    .max(best[i * width + j + 1])
                    .max(best[(i + 1) * width + j]);
            }
        }
        let mut pairs = Vec::new();
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
            .filter(|(at, exam)| exam.day <= self.horizon && !pairs.iter().any(|p| p.0 == *at))
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
        let mut agreed: Vec<&str> = Vec::new();
        let mut add = |points: i32, what: &'static str, full: bool| {
            score += points;
            if full {
                agreed.push(what);
            }
        };
        let regulator = self.bank.regulator == self.own.regulator
            || (self.lineage && self.bank.regulator == Regulator::Ots);
        add(
            if regulator { REGULATOR.0 } else { REGULATOR.1 },
            "regulator",
            regulator,
        );
        let state = &self.keys.state;
        let state_agrees = self.own.states.contains(state);
        add(
            three(&self.own.states, state, STATE, |_, _| false),
            "state",
            self.own.states.first() == Some(state),
        );
        let city = &self.keys.city;
        add(
            three(&self.own.cities, city, CITY, |a, b| {
                strsim::jaro_winkler(a, b) >= 0.92
            }),
            "city",
            self.own.cities.first() == Some(city),
        );
        let name = &self.keys.name;
        let name_points = if self.own.names.contains(name) {
            NAME.0
        } else if self.own.names.iter().any(|n| overlap(n, name) >= 0.6) {
            NAME.1
        } else {
            NAME.2
        };
        add(name_points, "name", name_points == NAME.0);
        let mut basis = format!("{matched} of {} exams", n.max(m));
        if near > 0 {
            basis.push_str(&format!(" ({near} by the month made public)"));
        }
        if self.lineage {
            basis.push_str(", with its OTS history");
        }
        if !agreed.is_empty() {
            basis.push_str("; ");
            basis.push_str(&agreed.join(", "));
        }
        Fit {
            institution: self.sides[self.sides.len() - 1].institution,
            score,
            basis,
            pairs,
            conflicts,
            state_agrees,
        }
    }
}

/// Points for a value among an institution's (latest first): the latest,
/// any, close to one (`close`), or none.
fn three(
    values: &[String],
    value: &str,
    points: (i32, i32, i32),
    close: impl Fn(&str, &str) -> bool,
) -> i32 {
    if values.first().map(String::as_str) == Some(value) {
        points.0
    } else if values.iter().any(|v| v == value || close(v, value)) {
        points.1
    } else {
        points.2
    }
}
