//! The columns of the report's workbook, by sheet: each a `Column` reading
//! a typed cell from a row, as every command's rows are, written by the
//! one xlsx writer (`output::xlsx::named`). A bank's columns are the ones
//! every row about a bank has (`output::bank`), a bank due's the ones `cra
//! due` has (`output::due`); the groups' counts, the tests' and the
//! lending's are the report's own. Each column is as wide as [`width`]
//! says of its name.

use super::lending::{ByRating, LendingBank};
use super::{Downgrade, DueBank, Evaluated, Group};
use crate::domain::{ExamType, HasPublic, PublicRecord, Regulator};
use crate::output::bank::{AboutBank, BankView, ExamView, columns as bank_columns};
use crate::output::cell::Cell;
use crate::output::column::{Column, Kind};
use crate::output::due;
use crate::output::{Fit, xlsx::named::pick};

/// A column of a sheet: its name heads it (a workbook has no other
/// header); it never gives way (a sheet is not a terminal).
const fn column<R>(
    name: &'static str,
    kind: Kind,
    get: for<'r> fn(&'r R) -> Cell<'r>,
) -> Column<R> {
    Column::new(name, name, kind, Fit::Keep { rank: 0 }, get)
}

/// The widths of the columns by name, in Excel characters.
const WIDTHS: [(&str, f64); 25] = [
    ("name", 44.0),
    ("city", 18.0),
    ("state", 7.0),
    ("regulator", 11.0),
    ("rating", 26.0),
    ("previous_rating", 26.0),
    ("exam_date", 12.0),
    ("exam_type", 24.0),
    ("months_since", 14.0),
    ("expected_months", 17.0),
    ("overdue_months", 16.0),
    ("id", 38.0),
    ("total", 9.0),
    ("outstanding", 13.0),
    ("satisfactory", 13.0),
    ("needs_to_improve", 18.0),
    ("substantial_noncompliance", 27.0),
    ("other", 8.0),
    ("measured_share", 16.0),
    ("banks_reporting", 17.0),
    ("year", 7.0),
    ("loans", 9.0),
    ("lmi_share", 12.0),
    ("market_lmi_share", 19.0),
    ("in_area_share", 16.0),
];

/// A test's rating column (`lending_test`...).
const TEST_WIDTH: f64 = 19.0;

/// The width of the column `name`; `own` first, a sheet's own widths.
pub(super) fn width<'a>(own: &'a [(&'a str, f64)]) -> impl Fn(&str) -> f64 + 'a {
    move |name| {
        own.iter()
            .chain(&WIDTHS)
            .find(|(at, _)| *at == name)
            .map_or(TEST_WIDTH, |(_, width)| *width)
    }
}

/// A row counted by rating: a group, or a state.
pub(super) trait Counted {
    fn counted(&self) -> &Group;
}

impl Counted for Group {
    fn counted(&self) -> &Group {
        self
    }
}

fn total<R: Counted>(row: &R) -> Cell<'_> {
    Cell::count(row.counted().total())
}

fn count<R: Counted, const RANK: usize>(row: &R) -> Cell<'_> {
    Cell::count(row.counted().counts[RANK])
}

/// The counts of a group: total, then by rating, best first, and other.
pub(super) const fn counts<R: Counted + 'static>() -> [Column<R>; 6] {
    [
        column("total", Kind::Count, total::<R>),
        column("outstanding", Kind::Count, count::<R, 0>),
        column("satisfactory", Kind::Count, count::<R, 1>),
        column("needs_to_improve", Kind::Count, count::<R, 2>),
        column("substantial_noncompliance", Kind::Count, count::<R, 3>),
        column("other", Kind::Count, count::<R, 4>),
    ]
}

/// The names of [`counts`], in order.
pub(super) const COUNTS: [&str; 6] = [
    "total",
    "outstanding",
    "satisfactory",
    "needs_to_improve",
    "substantial_noncompliance",
    "other",
];

/// A state with banks: its code, its name, its counts and the map's
/// measure of it.
pub(super) struct Place {
    pub(super) group: Group,
    pub(super) name: String,
    pub(super) share: f64,
}

impl Counted for Place {
    fn counted(&self) -> &Group {
        &self.group
    }
}

pub(super) static PLACE: [Column<Place>; 3] = [
    column("state", Kind::Text, |p| Cell::text(&p.group.name)),
    column("name", Kind::Text, |p| Cell::text(&p.name)),
    column("measured_share", Kind::Share, |p| Cell::Fixed(p.share, 3)),
];
pub(super) static PLACE_COUNTS: [Column<Place>; 6] = counts::<Place>();
pub(super) static GROUP_COUNTS: [Column<Group>; 6] = counts::<Group>();

/// A group's name as the first column `what` (`regulator`, `lending_test`);
/// a year's (`exam_year`) a number.
pub(super) fn group_name(what: &'static str) -> Column<Group> {
    if what == "exam_year" {
        column(what, Kind::Number, |g| match g.name.parse::<i32>() {
            Ok(year) => Cell::Year(year),
            Err(_) => Cell::text(&g.name),
        })
    } else {
        column(what, Kind::Text, |g| Cell::text(&g.name))
    }
}

static DOWNGRADE_BANK: [Column<Downgrade>; 8] = bank_columns::<Downgrade>();
static DOWNGRADE: [Column<Downgrade>; 1] = [column("previous_rating", Kind::Rating, |d| {
    Cell::maybe_rating(d.previous.as_ref())
})];

/// The downgrades' columns.
pub(super) fn downgrades() -> Vec<&'static Column<Downgrade>> {
    pick(
        &[&DOWNGRADE_BANK, &DOWNGRADE[..]],
        &[
            "name",
            "state",
            "regulator",
            "exam_date",
            "previous_rating",
            "rating",
            "id",
        ],
    )
}

static DUE_BANK: [Column<DueBank>; 8] = bank_columns::<DueBank>();
static DUE: [Column<DueBank>; 3] = due::columns::<DueBank>();

/// The banks due's columns, in `cra due`'s table's order.
pub(super) fn banks_due() -> Vec<&'static Column<DueBank>> {
    pick(&[&DUE_BANK, &DUE[..]], &due::TABLE)
}

/// What the evaluations' and the lending's banks do not carry (their
/// sheets show neither).
static NO_REGULATOR: Regulator = Regulator::Other(String::new());
static NO_EXAM_TYPE: ExamType = ExamType::Other(String::new());

/// The bank's columns of a bank of the evaluations or the lending.
macro_rules! about_bank {
    ($row:ty) => {
        impl HasPublic for $row {
            fn public(&self) -> Option<&PublicRecord> {
                None
            }
        }

        impl AboutBank for $row {
            fn bank(&self) -> BankView<'_> {
                BankView {
                    id: &self.id,
                    name: &self.name,
                    city: "",
                    state: &self.state,
                    regulator: &NO_REGULATOR,
                    exam: Some(ExamView {
                        rating: &self.rating,
                        exam_date: &self.exam_date,
                        exam_type: &NO_EXAM_TYPE,
                    }),
                }
            }
        }
    };
}

about_bank!(Evaluated);
about_bank!(LendingBank);

/// A test's rating, or why there is none.
fn test<const AT: usize>(bank: &Evaluated) -> Cell<'_> {
    match &bank.tests[AT] {
        Some(level) => Cell::text(level),
        None if bank.read => Cell::text("not rated"),
        None => Cell::text("not read"),
    }
}

static EVALUATED_BANK: [Column<Evaluated>; 8] = bank_columns::<Evaluated>();
/// Each of `evaluations::TESTS`, in its order.
static TESTS: [Column<Evaluated>; 4] = [
    column("lending_test", Kind::Rating, test::<0>),
    column("investment_test", Kind::Rating, test::<1>),
    column("service_test", Kind::Rating, test::<2>),
    column("cd_test", Kind::Rating, test::<3>),
];

/// The evaluations' columns: the bank, its rating, its tests'.
pub(super) fn evaluated() -> Vec<&'static Column<Evaluated>> {
    let mut names = vec!["name", "state", "rating", "exam_date"];
    names.extend(super::evaluations::TESTS.map(super::evaluations::column));
    names.push("id");
    pick(&[&EVALUATED_BANK, &TESTS[..]], &names)
}

/// A share, or nothing.
fn share(value: Option<f64>) -> Cell<'static> {
    value.map_or(Cell::Empty, |x| Cell::Fixed(x, 3))
}

/// The lending's medians per overall rating.
pub(super) static BY_RATING: [Column<ByRating>; 5] = [
    column("rating", Kind::Rating, |r| Cell::text(&r.rating)),
    column("banks_reporting", Kind::Count, |r| Cell::count(r.banks)),
    column("lmi_share", Kind::Share, |r| share(r.lmi_share)),
    column("market_lmi_share", Kind::Share, |r| {
        share(r.market_lmi_share)
    }),
    column("in_area_share", Kind::Share, |r| share(r.in_area_share)),
];

static LENDING_BANK: [Column<LendingBank>; 8] = bank_columns::<LendingBank>();
/// A bank's lending, where it reported a year.
static LENT: [Column<LendingBank>; 5] = [
    column("year", Kind::Number, |b| {
        b.year
            .map_or(Cell::Empty, |year| Cell::Year(i32::from(year)))
    }),
    column("loans", Kind::Count, |b| match b.year {
        Some(_) => Cell::count(b.loans),
        None => Cell::Empty,
    }),
    column("lmi_share", Kind::Share, |b| share(b.lmi_share)),
    column("market_lmi_share", Kind::Share, |b| {
        share(b.market_lmi_share)
    }),
    column("in_area_share", Kind::Share, |b| share(b.in_area_share)),
];

/// Each bank beside its market.
pub(super) fn lending_banks() -> Vec<&'static Column<LendingBank>> {
    pick(
        &[&LENDING_BANK, &LENT[..]],
        &[
            "name",
            "state",
            "rating",
            "exam_date",
            "year",
            "loans",
            "lmi_share",
            "market_lmi_share",
            "in_area_share",
            "id",
        ],
    )
}
