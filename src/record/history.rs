//! The facts the linker compares: a day, an exam (its day and rating), a
//! bank of the service and an institution of the FFIEC file, each with
//! its exams by day.

use crate::domain::{Rating, Regulator};

/// A day as the number YYYYMMDD (orders as the calendar does).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(pub u32);

impl Day {
    /// `YYYY-MM-DD` (or `YYYYMMDD`); none for anything else.
    pub fn parse(text: &str) -> Option<Day> {
        let digits: String = match text.len() {
            10 if text.as_bytes()[4] == b'-' && text.as_bytes()[7] == b'-' => {
                [&text[0..4], &text[5..7], &text[8..10]].concat()
            }
            8 => text.to_string(),
            _ => return None,
        };
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u32 = digits.parse().ok()?;
        let (month, day) = (n / 100 % 100, n % 100);
        ((1..=12).contains(&month) && (1..=31).contains(&day)).then_some(Day(n))
    }

    /// Months since year 0, for distances in months.
    pub fn month(self) -> i32 {
        (self.0 / 10000) as i32 * 12 + (self.0 / 100 % 100) as i32 - 1
    }

    pub fn is_first(self) -> bool {
        self.0 % 100 == 1
    }

    /// `YYYY-MM-DD`.
    pub fn text(self) -> String {
        format!(
            "{:04}-{:02}-{:02}",
            self.0 / 10000,
            self.0 / 100 % 100,
            self.0 % 100
        )
    }
}

/// One exam: its day and rating (1 to 4 on the scale, best first; 0 any
/// other, which matches nothing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exam {
    pub day: Day,
    pub rating: u8,
}

/// A rating as an exam's code.
pub fn rating_code(rating: &Rating) -> u8 {
    rating.rank().map_or(0, |rank| rank as u8 + 1)
}

/// A name, city or state key as a number of the register's words: equal
/// keys, equal numbers; a key the file never has is [`Word::NONE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Word(pub u32);

impl Word {
    pub const NONE: Word = Word(u32::MAX);
}

/// An institution of the file: its key, its exams by day, and every name,
/// city and state it had (keys, the latest first), as text and as words.
#[derive(Debug, Clone)]
pub struct Institution {
    pub regulator: Regulator,
    pub agency_id: u64,
    pub exams: Vec<Exam>,
    pub names: Vec<String>,
    pub cities: Vec<String>,
    pub states: Vec<String>,
    pub(super) name_words: Vec<Word>,
    pub(super) city_words: Vec<Word>,
    pub(super) state_words: Vec<Word>,
    /// The exam each row came from, as added (for [`Register::row`]).
    pub(super) rows: Vec<usize>,
}

/// A bank of the service, as the linker sees it.
#[derive(Debug, Clone)]
pub struct Bank {
    pub regulator: Regulator,
    pub name: String,
    pub city: String,
    pub state: String,
    pub exams: Vec<Exam>,
    /// The institution it was linked to before (an index of the register),
    /// which it keeps unless the evidence contradicts it.
    pub prior: Option<u32>,
}
