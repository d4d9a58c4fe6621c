//! Comparing two `cra export` files, bank by bank, in flat memory.
//!
//! Each side is read as a stream of compact per-bank summaries (`Row`: the
//! columns of a csv export without history, in one allocation); a history
//! export is folded bank by bank as it streams, never held whole. The OLD
//! side is kept in a set keyed by id (a few hundred bytes a bank); the NEW side
//! is then streamed against it, and each bank's change is known, and
//! printed, as soon as that bank has been read. What is left of OLD at the
//! end was removed. Output order is therefore NEW's order for added and
//! changed banks, then OLD's order for removed ones.

use std::borrow::Borrow;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use crate::domain::vocab::{Rating, RatingChange, change_kind};

pub mod read;
pub use read::Export;
mod xlsx;

/// The columns of a csv export without history (the bank's columns, by
/// their names), the fields of a `Row`.
pub const FIELDS: [&str; 8] = crate::output::bank::NAMES;

/// The current rating's fields: a change of any of them is a rating
/// change.
const RATING_FIELDS: [&str; 3] = ["rating", "exam_date", "exam_type"];

/// The place of the field `name` in [`FIELDS`].
fn place(name: &str) -> usize {
    FIELDS
        .iter()
        .position(|field| *field == name)
        .expect("a field of a csv export")
}

/// A bank as a flat summary: its eight fields in one string, with where
/// each ends (so a bank costs one allocation plus 32 bytes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    text: Box<str>,
    ends: [u32; 8],
}

impl Row {
    pub fn new(fields: [&str; 8]) -> Row {
        let mut text = String::with_capacity(fields.iter().map(|f| f.len()).sum());
        let mut ends = [0u32; 8];
        for (i, field) in fields.iter().enumerate() {
            text.push_str(field);
            // A field over 4 GiB cannot come out of a file this reads
            // through a bounded line; saturate rather than wrap.
            ends[i] = u32::try_from(text.len()).unwrap_or(u32::MAX);
        }
        Row {
            text: text.into_boxed_str(),
            ends,
        }
    }

    /// The field named `name` (one of [`FIELDS`]).
    pub fn field(&self, name: &str) -> &str {
        self.get(place(name))
    }

    /// The field at `index` of `FIELDS`.
    fn get(&self, index: usize) -> &str {
        let start = if index == 0 {
            0
        } else {
            self.ends[index - 1] as usize
        };
        &self.text[start..self.ends[index] as usize]
    }

    pub fn id(&self) -> &str {
        self.get(place("id"))
    }

    pub fn fields(&self) -> [&str; 8] {
        std::array::from_fn(|i| self.get(i))
    }
}

/// What happened to a bank between OLD and NEW.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Added,
    Removed,
    /// The current rating, its exam date or its exam type changed (other
    /// fields may have changed too).
    Rating,
    /// Only name, city, state or regulator changed.
    Details,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Added => "added",
            Kind::Removed => "removed",
            Kind::Rating => "rating",
            Kind::Details => "details",
        }
    }
}

/// How a bank present on both sides changed, if it did.
pub fn compare(old: &Row, new: &Row) -> Option<Kind> {
    let changed = changed_fields(old, new);
    if changed.iter().any(|f| RATING_FIELDS.contains(f)) {
        Some(Kind::Rating)
    } else if !changed.is_empty() {
        Some(Kind::Details)
    } else {
        None
    }
}

/// The fields (by name, in `FIELDS`' order, the id aside) whose values
/// differ.
pub fn changed_fields(old: &Row, new: &Row) -> Vec<&'static str> {
    FIELDS
        .iter()
        .copied()
        .filter(|&f| f != "id" && old.field(f) != new.field(f))
        .collect()
}

/// One difference: the bank as it was, as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    pub kind: Kind,
    pub before: Option<Row>,
    pub after: Option<Row>,
}

impl Difference {
    /// The bank's id.
    pub fn id(&self) -> &str {
        self.side().id()
    }

    /// For a rating change, how the current rating moved, in the words of
    /// `cra changes`: upgrade, downgrade, same (a new exam that kept the
    /// rating) or other (either rating is none of the four); none for the
    /// other kinds.
    pub fn direction(&self) -> Option<RatingChange> {
        match (self.kind, &self.before, &self.after) {
            (Kind::Rating, Some(before), Some(after)) => Some(change_kind(
                Some(&Rating::from(before.field("rating"))),
                &Rating::from(after.field("rating")),
            )),
            _ => None,
        }
    }

    /// NEW's row when the bank is there, else OLD's.
    pub fn side(&self) -> &Row {
        self.after
            .as_ref()
            .or(self.before.as_ref())
            .expect("a change has at least one side")
    }
}

/// An OLD bank waiting for its NEW counterpart: hashed and compared by id,
/// so the set needs no second copy of the id as a key.
#[derive(Debug)]
struct Old {
    row: Row,
    /// Position in OLD, to list removed banks in OLD's order.
    index: u64,
}

impl PartialEq for Old {
    fn eq(&self, other: &Self) -> bool {
        self.row.id() == other.row.id()
    }
}
impl Eq for Old {}
impl Hash for Old {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.row.id().hash(state);
    }
}
impl Borrow<str> for Old {
    fn borrow(&self) -> &str {
        self.row.id()
    }
}

/// A bank id met twice on one side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Duplicate(pub String);

/// The comparison engine: OLD banks in, then NEW banks streamed through.
#[derive(Debug, Default)]
pub struct Differ {
    old: HashSet<Old>,
    old_count: u64,
    /// Ids NEW has shown so far, to refuse a bank listed twice.
    new_ids: HashSet<Box<str>>,
}

impl Differ {
    pub fn new() -> Differ {
        Differ::default()
    }

    /// One bank of OLD.
    pub fn add_old(&mut self, row: Row) -> Result<(), Duplicate> {
        let index = self.old_count;
        self.old_count += 1;
        let id = row.id().to_string();
        if self.old.insert(Old { row, index }) {
            Ok(())
        } else {
            Err(Duplicate(id))
        }
    }

    /// One bank of NEW, after every bank of OLD: its change, if any.
    pub fn add_new(&mut self, row: Row) -> Result<Option<Difference>, Duplicate> {
        if !self.new_ids.insert(row.id().into()) {
            return Err(Duplicate(row.id().to_string()));
        }
        Ok(match self.old.take(row.id()) {
            None => Some(Difference {
                kind: Kind::Added,
                before: None,
                after: Some(row),
            }),
            Some(old) => compare(&old.row, &row).map(|kind| Difference {
                kind,
                before: Some(old.row),
                after: Some(row),
            }),
        })
    }

    /// The banks of OLD that NEW did not have, in OLD's order.
    pub fn removed(self) -> Vec<Difference> {
        let mut left: Vec<Old> = self.old.into_iter().collect();
        left.sort_unstable_by_key(|old| old.index);
        left.into_iter()
            .map(|old| Difference {
                kind: Kind::Removed,
                before: Some(old.row),
                after: None,
            })
            .collect()
    }
}

/// Every change between two sides held in memory, in the engine's order:
/// for tests and for callers that already have the rows.
#[cfg(test)]
pub fn diff_rows(
    old: impl IntoIterator<Item = Row>,
    new: impl IntoIterator<Item = Row>,
) -> Result<Vec<Difference>, Duplicate> {
    let mut differ = Differ::new();
    for row in old {
        differ.add_old(row)?;
    }
    let mut changes = Vec::new();
    for row in new {
        changes.extend(differ.add_new(row)?);
    }
    changes.extend(differ.removed());
    Ok(changes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeMap;

    fn row(fields: [&str; 8]) -> Row {
        Row::new(fields)
    }

    #[test]
    fn row_keeps_every_field_even_empty_ones() {
        let r = row([
            "id1",
            "",
            "Austin",
            "TX",
            "",
            "Outstanding",
            "2020-01-01",
            "",
        ]);
        assert_eq!(
            r.fields(),
            [
                "id1",
                "",
                "Austin",
                "TX",
                "",
                "Outstanding",
                "2020-01-01",
                ""
            ]
        );
        assert_eq!(r.id(), "id1");
    }

    #[test]
    fn kinds() {
        let a = row([
            "1",
            "A",
            "C",
            "TX",
            "OCC",
            "Outstanding",
            "2020-01-01",
            "Small Bank",
        ]);
        let mut f = a.fields();
        assert_eq!(compare(&a, &a), None);
        f[1] = "B";
        assert_eq!(compare(&a, &row(f)), Some(Kind::Details));
        f[6] = "2021-01-01";
        // Rating fields and details both changed: a rating change.
        assert_eq!(compare(&a, &row(f)), Some(Kind::Rating));
        assert_eq!(changed_fields(&a, &row(f)), vec!["name", "exam_date"]);
        let mut g = a.fields();
        g[7] = "Large Bank";
        assert_eq!(compare(&a, &row(g)), Some(Kind::Rating));
    }

    #[test]
    fn a_rating_change_has_a_direction_and_no_other_kind_has() {
        let at = |rating: &str, date: &str| {
            row(["1", "A", "C", "TX", "OCC", rating, date, "Small Bank"])
        };
        let direction = |old: Row, new: Row| diff_rows([old], [new]).unwrap()[0].direction();
        let old = at("Satisfactory", "2020-01-01");
        assert_eq!(
            direction(old.clone(), at("Outstanding", "2024-01-01")),
            Some(RatingChange::Upgrade)
        );
        assert_eq!(
            direction(old.clone(), at("Needs to Improve", "2024-01-01")),
            Some(RatingChange::Downgrade)
        );
        // A new exam that kept the rating.
        assert_eq!(
            direction(old.clone(), at("Satisfactory", "2024-01-01")),
            Some(RatingChange::Same)
        );
        assert_eq!(
            direction(old.clone(), at("", "2024-01-01")),
            Some(RatingChange::Other)
        );
        let mut moved = old.fields();
        moved[2] = "Elsewhere";
        assert_eq!(direction(old.clone(), row(moved)), None);
        let added = &diff_rows([], [old.clone()]).unwrap()[0];
        assert_eq!(added.direction(), None);
    }

    #[test]
    fn duplicates_are_refused_on_either_side() {
        let a = row(["1", "A", "", "", "", "", "", ""]);
        assert_eq!(
            diff_rows([a.clone(), a.clone()], []),
            Err(Duplicate("1".into()))
        );
        assert_eq!(
            diff_rows([], [a.clone(), a.clone()]),
            Err(Duplicate("1".into()))
        );
    }

    /// A bank: an id from a small set (so sides overlap), and fields from
    /// small sets (so some are equal and some differ).
    fn bank() -> impl Strategy<Value = [String; 8]> {
        (
            0u8..30,
            prop::sample::select(vec!["A", "B"]),
            prop::sample::select(vec!["X", "Y, Z"]),
            prop::sample::select(vec!["Outstanding", "Satisfactory", ""]),
            prop::sample::select(vec!["2020-01-01", "2021-06-30"]),
        )
            .prop_map(|(id, name, city, rating, date)| {
                [
                    format!("b{id}"),
                    name.into(),
                    city.into(),
                    "TX".into(),
                    "FDIC".into(),
                    rating.into(),
                    date.into(),
                    "Small Bank".into(),
                ]
            })
    }

    /// Banks with unique ids, in a random order.
    fn side() -> impl Strategy<Value = Vec<[String; 8]>> {
        prop::collection::vec(bank(), 0..25).prop_map(|banks| {
            let mut seen = std::collections::HashSet::new();
            banks
                .into_iter()
                .filter(|b| seen.insert(b[0].clone()))
                .collect()
        })
    }

    fn to_row(b: &[String; 8]) -> Row {
        Row::new(std::array::from_fn(|i| b[i].as_str()))
    }

    proptest! {
        /// The engine agrees with a plain reading of the contract: every id
        /// on one side only is added or removed, every id on both is a
        /// rating change if a rating field differs, else a details change if
        /// any field differs; NEW's order, then removed in OLD's order.
        #[test]
        fn engine_matches_the_definition(old in side(), new in side()) {
            let got = diff_rows(old.iter().map(to_row), new.iter().map(to_row)).unwrap();
            let old_by_id: BTreeMap<&str, &[String; 8]> = old.iter().map(|b| (b[0].as_str(), b)).collect();
            let new_by_id: BTreeMap<&str, &[String; 8]> = new.iter().map(|b| (b[0].as_str(), b)).collect();
            let mut expected = Vec::new();
            for b in &new {
                match old_by_id.get(b[0].as_str()) {
                    None => expected.push(("added", b[0].clone())),
                    Some(o) => {
                        if o[5..] != b[5..] {
                            expected.push(("rating", b[0].clone()));
                        } else if o[1..5] != b[1..5] {
                            expected.push(("details", b[0].clone()));
                        }
                    }
                }
            }
            for b in &old {
                if !new_by_id.contains_key(b[0].as_str()) {
                    expected.push(("removed", b[0].clone()));
                }
            }
            let got_pairs: Vec<(&str, String)> = got.iter().map(|c| (c.kind.as_str(), c.id().to_string())).collect();
            prop_assert_eq!(got_pairs, expected);
            for change in &got {
                prop_assert_eq!(change.before.is_none(), change.kind == Kind::Added);
                prop_assert_eq!(change.after.is_none(), change.kind == Kind::Removed);
                if let Some(before) = &change.before {
                    prop_assert_eq!(before, &to_row(old_by_id[change.id()]));
                }
                if let Some(after) = &change.after {
                    prop_assert_eq!(after, &to_row(new_by_id[change.id()]));
                }
            }
            // A side compared with itself has no difference.
            prop_assert!(diff_rows(old.iter().map(to_row), old.iter().map(to_row)).unwrap().is_empty());
        }
    }
}
