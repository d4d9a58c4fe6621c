//! The FFIEC file's institutions as the linker finds them: each one's
//! exams by day and its names, cities and states (as text and as words),
//! indexed by the exams that find it (the same day and rating; for the
//! FDIC, the month made public, by state), with the OTS thrifts that
//! became OCC charters paired with them.

use std::collections::HashMap;

use super::history::{Day, Exam, Institution, Word};
use super::names::{city_key, name_key};
use crate::domain::Regulator;

/// The OCC charter of a former OTS thrift: 700000 + its docket.
pub const OTS_TO_OCC: u64 = 700_000;

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
    pub(super) institutions: Vec<Institution>,
    pub(super) by_exam: HashMap<(Day, u8), Vec<u32>>,
    /// FDIC exams by month, rating and each state of the institution (only one of the bank's state can be
    /// linked, and a month's list of the whole country is long).
    pub(super) by_month: HashMap<(i32, u8, u16), Vec<u32>>,
    /// For an OCC charter of 700000 + docket: the OTS institution of that
    /// docket, when the file has it; and the other way round.
    pub(super) predecessor: Vec<Option<u32>>,
    pub(super) successor: Vec<Option<u32>>,
    pub(super) keys: HashMap<(Regulator, u64), u32>,
    /// Every name, city and state key of the file, as its word.
    pub(super) words: HashMap<String, Word>,
    /// Each institution's state, name and city words one after another
    /// (where they start, how many of each), so that ranking the many
    /// institutions a bank's exams find reads two arrays and no
    /// institution.
    pub(super) attributes: Vec<Word>,
    pub(super) spans: Vec<(u32, u16, u16, u16)>,
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
                        name_words: Vec::new(),
                        city_words: Vec::new(),
                        state_words: Vec::new(),
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
        let mut words: HashMap<String, Word> = HashMap::new();
        let mut word = |key: &String| {
            let next = Word(words.len() as u32);
            *words.entry(key.clone()).or_insert(next)
        };
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
            institution.name_words = institution.names.iter().map(&mut word).collect();
            institution.city_words = institution.cities.iter().map(&mut word).collect();
            institution.state_words = institution.states.iter().map(&mut word).collect();
            if let Some(last) = institution.exams.last() {
                horizon = horizon.max(last.day);
            }
        }
        let mut attributes: Vec<Word> = Vec::new();
        let spans = institutions
            .iter()
            .map(|i| {
                let start = attributes.len() as u32;
                let count = |words: &[Word]| words.len().min(usize::from(u16::MAX));
                let (states, names, cities) = (
                    count(&i.state_words),
                    count(&i.name_words),
                    count(&i.city_words),
                );
                attributes.extend(&i.state_words[..states]);
                attributes.extend(&i.name_words[..names]);
                attributes.extend(&i.city_words[..cities]);
                (start, states as u16, names as u16, cities as u16)
            })
            .collect();
        let mut by_exam: HashMap<(Day, u8), Vec<u32>> = HashMap::new();
        let mut by_month: HashMap<(i32, u8, u16), Vec<u32>> = HashMap::new();
        for (index, institution) in institutions.iter().enumerate() {
            for exam in &institution.exams {
                by_exam
                    .entry((exam.day, exam.rating))
                    .or_default()
                    .push(index as u32);
                if institution.regulator == Regulator::Fdic {
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
            words,
            attributes,
            spans,
            horizon,
        }
    }

    /// An institution's state, name and city words.
    pub(super) fn attributes(&self, index: u32) -> (&[Word], &[Word], &[Word]) {
        let (start, states, names, cities) = self.spans[index as usize];
        let words = &self.attributes[start as usize..];
        let (states, rest) = words.split_at(usize::from(states));
        let (names, rest) = rest.split_at(usize::from(names));
        (states, names, &rest[..usize::from(cities)])
    }

    /// A key's word ([`Word::NONE`] for one the file never has).
    pub(super) fn word(&self, key: &str) -> Word {
        self.words.get(key).copied().unwrap_or(Word::NONE)
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
}

fn push_new(list: &mut Vec<String>, value: String) {
    if !value.is_empty() && !list.contains(&value) {
        list.push(value);
    }
}

/// A state's two letters as one number (a key of `Register::by_month`).
pub(super) fn state_code(state: &str) -> u16 {
    let bytes = state.as_bytes();
    u16::from_be_bytes([
        bytes.first().copied().unwrap_or(0),
        bytes.get(1).copied().unwrap_or(0),
    ])
}
