//! The columns of a bank, defined once for every row about a bank: a bank
//! as listed (`search`, `export`), one exam of its history (`show`,
//! `export --with-history`), a rating change (`changes`), a bank probably
//! due (`due`). A row type says what its bank and its exam are
//! ([`AboutBank`]) and gets these columns, the public record's with them
//! (`output::public`); its list then adds its own columns and says their
//! order (`Columns`). A new bank column is one entry here, and every such
//! row can show it (`--columns`).

use super::Fit;
use super::cell::Cell;
use super::column::{Column, Kind};
use crate::domain::{ExamType, HasPublic, Rating, Regulator};

/// What a row about a bank shows of it: the bank, and the exam the row is
/// about (the current one for a bank, the record's for an exam).
pub struct BankView<'a> {
    pub id: &'a str,
    pub name: &'a str,
    pub city: &'a str,
    pub state: &'a str,
    pub regulator: &'a Regulator,
    /// None: the bank has no exam (its row shows none).
    pub exam: Option<ExamView<'a>>,
}

/// One exam of a bank, as a row shows it.
pub struct ExamView<'a> {
    pub rating: &'a Rating,
    pub exam_date: &'a str,
    pub exam_type: &'a ExamType,
}

/// A row about one bank.
pub trait AboutBank: HasPublic {
    fn bank(&self) -> BankView<'_>;
}

fn id<R: AboutBank>(row: &R) -> Cell<'_> {
    Cell::text(row.bank().id)
}

fn name<R: AboutBank>(row: &R) -> Cell<'_> {
    Cell::text(row.bank().name)
}

fn city<R: AboutBank>(row: &R) -> Cell<'_> {
    Cell::text(row.bank().city)
}

fn state<R: AboutBank>(row: &R) -> Cell<'_> {
    Cell::text(row.bank().state)
}

fn regulator<R: AboutBank>(row: &R) -> Cell<'_> {
    Cell::text(row.bank().regulator.as_str())
}

fn rating<R: AboutBank>(row: &R) -> Cell<'_> {
    row.bank()
        .exam
        .map_or(Cell::Empty, |exam| Cell::rating(exam.rating))
}

fn exam_date<R: AboutBank>(row: &R) -> Cell<'_> {
    row.bank()
        .exam
        .map_or(Cell::Empty, |exam| Cell::date(exam.exam_date))
}

fn exam_type<R: AboutBank>(row: &R) -> Cell<'_> {
    row.bank()
        .exam
        .map_or(Cell::Empty, |exam| Cell::text(exam.exam_type.as_str()))
}

/// The bank's columns for rows of type `R`, with the fit each has unless
/// a list orders them otherwise: the answer (name, rating, exam date)
/// last to go; an id never dropped, shortened to a unique prefix.
pub const fn columns<R: AboutBank + 'static>() -> [Column<R>; 8] {
    [
        Column::new("id", "ID", Kind::Id, Fit::Id { min: 8 }, id::<R>),
        Column::new(
            "name",
            "NAME",
            Kind::Text,
            Fit::Shorten { rank: 0, min: 16 },
            name::<R>,
        ),
        Column::new(
            "city",
            "CITY",
            Kind::Text,
            Fit::Shorten { rank: 3, min: 10 },
            city::<R>,
        ),
        Column::new("state", "ST", Kind::Text, Fit::Keep { rank: 4 }, state::<R>),
        Column::new(
            "regulator",
            "REGULATOR",
            Kind::Text,
            Fit::Keep { rank: 6 },
            regulator::<R>,
        )
        .short("REG"),
        Column::new(
            "rating",
            "RATING",
            Kind::Rating,
            Fit::Rating { rank: 1 },
            rating::<R>,
        ),
        Column::new(
            "exam_date",
            "EXAM DATE",
            Kind::Date,
            Fit::Keep { rank: 2 },
            exam_date::<R>,
        ),
        Column::new(
            "exam_type",
            "EXAM TYPE",
            Kind::Text,
            Fit::ExamType { rank: 5 },
            exam_type::<R>,
        )
        .short("TYPE"),
    ]
}

/// The names of the bank's columns, as csv, json and `--columns` name
/// them (`diff` reads an export's fields by them): read off the columns
/// themselves, so a column added above is named here too.
pub const NAMES: [&str; 8] = names(&columns::<Named>());

/// A row type that is never made: what [`NAMES`] reads the columns of.
struct Named;

impl HasPublic for Named {
    fn public(&self) -> Option<&crate::domain::PublicRecord> {
        None
    }
}

impl AboutBank for Named {
    fn bank(&self) -> BankView<'_> {
        unreachable!("Named is never made: its columns are only named")
    }
}

/// The names of `columns`, in order.
const fn names<R, const N: usize>(columns: &[Column<R>; N]) -> [&'static str; N] {
    let mut names = [""; N];
    let mut i = 0;
    while i < N {
        names[i] = columns[i].name;
        i += 1;
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::PublicRecord;

    struct Row {
        rating: Rating,
        kind: ExamType,
        regulator: Regulator,
        exam: bool,
    }

    impl HasPublic for Row {
        fn public(&self) -> Option<&PublicRecord> {
            None
        }
    }

    impl AboutBank for Row {
        fn bank(&self) -> BankView<'_> {
            BankView {
                id: "id-1",
                name: "N",
                city: "C",
                state: "TX",
                regulator: &self.regulator,
                exam: self.exam.then_some(ExamView {
                    rating: &self.rating,
                    exam_date: "2024-01-02",
                    exam_type: &self.kind,
                }),
            }
        }
    }

    const COLUMNS: [Column<Row>; 8] = columns::<Row>();

    #[test]
    fn each_bank_column_once_and_none_without_an_exam() {
        let names: Vec<&str> = COLUMNS.iter().map(|c| c.name).collect();
        assert_eq!(names, NAMES);
        assert_eq!(
            NAMES,
            [
                "id",
                "name",
                "city",
                "state",
                "regulator",
                "rating",
                "exam_date",
                "exam_type"
            ]
        );
        // Every bank column sorts (`--sort`), by its own name.
        let sorted: Vec<&str> = crate::domain::SortField::ALL
            .iter()
            .map(|f| f.name())
            .collect();
        let mut columns = NAMES.to_vec();
        columns.sort_unstable();
        let mut keys = sorted.clone();
        keys.sort_unstable();
        assert_eq!(columns, keys);
        let mut row = Row {
            rating: Rating::Outstanding,
            kind: ExamType::SmallBank,
            regulator: Regulator::Occ,
            exam: true,
        };
        let texts: Vec<String> = COLUMNS
            .iter()
            .map(|c| (c.get)(&row).as_text().into_owned())
            .collect();
        assert_eq!(
            texts,
            [
                "id-1",
                "N",
                "C",
                "TX",
                "OCC",
                "Outstanding",
                "2024-01-02",
                "Small Bank"
            ]
        );
        assert_eq!((COLUMNS[5].get)(&row), Cell::rating(&Rating::Outstanding));
        row.exam = false;
        assert!(COLUMNS[5..].iter().all(|c| (c.get)(&row) == Cell::Empty));
    }
}
