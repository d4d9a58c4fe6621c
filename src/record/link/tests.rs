//! The linker's tests: the cases it must decide one way (`cases`), links
//! that last (`lasting`: exam-day dates, exams not yet published, a link
//! kept until contradicted), and the properties proptest holds it to
//! (`properties`: the order of the banks and of the file, crowds of
//! look-alike institutions, links through later exams), over the small
//! worlds built here.

use super::*;
use crate::domain::Rating;
use proptest::prelude::*;

mod cases;
mod lasting;
mod properties;

/// A history of three exams: (day, rating) each.
const HISTORY: &[(u32, u8)] = &[(20030612, 2), (20070903, 1), (20120514, 2)];

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

fn bank(regulator: Regulator, exams: &[(u32, u8)], name: &str, city: &str, state: &str) -> Bank {
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
        prior: None,
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
