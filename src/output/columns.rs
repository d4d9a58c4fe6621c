//! `--columns COL,...`: the columns a table, tsv or csv shows, and their
//! order, named as csv names them (lower case). A [`Columns`] is chosen once
//! from a [`Layout`] and then cuts each [`Record`] the same way, so every
//! printer prints the selection without knowing about it; json and ndjson
//! keep the whole object (use `--jq`).

use super::{Fit, Layout, Record, Role};

/// A selection of a layout's columns.
#[derive(Debug, Clone)]
pub struct Columns {
    layout: Layout,
    /// For each column shown: its index in the table's cells (none when
    /// the table lacks it) and in the csv's.
    table: Vec<usize>,
    csv: Vec<usize>,
}

/// Whether a table header stands for a csv name: the same words
/// (`EXAM DATE`, `exam_date`), or the first of them (`ST` for `state`,
/// `OVERDUE` for `overdue_months`); `CURRENT` is `is_current`.
fn stands_for(header: &str, csv: &str) -> bool {
    let name = header.to_lowercase().replace(' ', "_");
    name == csv || (name == "current" && csv == "is_current") || csv.starts_with(&name)
}

/// The names `--columns` accepts for `layout`, in csv order.
pub fn names(layout: &Layout) -> Vec<&'static str> {
    layout.csv.to_vec()
}

impl Columns {
    /// The selection `names` asks for; none given is none. An unknown name
    /// is an error listing the valid ones.
    pub fn select(layout: Layout, wanted: &[String]) -> Result<Option<Columns>, String> {
        if wanted.is_empty() {
            return Ok(None);
        }
        let mut table = Vec::new();
        let mut csv = Vec::new();
        for name in wanted {
            let name = name.trim().to_ascii_lowercase();
            let Some(at) = layout.csv.iter().position(|c| *c == name) else {
                return Err(format!(
                    "'{name}' is not a column; use {}",
                    names(&layout).join(", ")
                ));
            };
            if csv.contains(&at) {
                continue;
            }
            csv.push(at);
            let exact = layout
                .table
                .iter()
                .position(|h| h.to_lowercase().replace(' ', "_") == name);
            if let Some(t) =
                exact.or_else(|| layout.table.iter().position(|h| stands_for(h, &name)))
            {
                table.push(t);
            }
        }
        Ok(Some(Columns { layout, table, csv }))
    }

    /// The layout of the selection (leaked once: a layout is `'static`, and
    /// a command chooses its columns once per run).
    pub fn layout(&self) -> Layout {
        let pick = |all: &'static [&'static str], at: &[usize]| -> &'static [&'static str] {
            Box::leak(
                at.iter()
                    .map(|&i| all[i])
                    .collect::<Vec<_>>()
                    .into_boxed_slice(),
            )
        };
        let fit: &'static [Fit] = if self.layout.fit.is_empty() {
            &[]
        } else {
            Box::leak(
                self.table
                    .iter()
                    .map(|&i| self.layout.fit[i])
                    .collect::<Vec<_>>()
                    .into_boxed_slice(),
            )
        };
        let roles: &'static [Role] = Box::leak(
            self.table
                .iter()
                .map(|&i| self.layout.roles.get(i).copied().unwrap_or(Role::Text))
                .collect::<Vec<_>>()
                .into_boxed_slice(),
        );
        Layout {
            table: pick(self.layout.table, &self.table),
            csv: pick(self.layout.csv, &self.csv),
            fit,
            roles,
        }
    }

    /// The record cut to the selection (json untouched).
    pub fn apply<'a>(&self, record: &Record<'a>) -> Record<'a> {
        let cut = |rows: &[Vec<String>], at: &[usize]| -> Vec<Vec<String>> {
            rows.iter()
                .map(|row| {
                    at.iter()
                        .map(|&i| row.get(i).cloned().unwrap_or_default())
                        .collect()
                })
                .collect()
        };
        Record {
            json: record.json,
            table: cut(&record.table, &self.table),
            csv: cut(&record.csv, &self.csv),
        }
    }
}

/// A record through an optional selection.
pub fn cut<'a>(columns: Option<&Columns>, record: Record<'a>) -> Record<'a> {
    match columns {
        Some(columns) => columns.apply(&record),
        None => record,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::BANK_LIST;
    use proptest::prelude::*;
    use serde_json::Value;

    fn record(json: &Value) -> Record<'_> {
        Record {
            json,
            table: vec![
                [
                    "Name",
                    "City",
                    "TX",
                    "OCC",
                    "Outstanding",
                    "2024-01-02",
                    "Small Bank",
                    "id1",
                ]
                .map(String::from)
                .to_vec(),
            ],
            csv: vec![
                [
                    "id1",
                    "Name",
                    "City",
                    "TX",
                    "OCC",
                    "Outstanding",
                    "2024-01-02",
                    "Small Bank",
                ]
                .map(String::from)
                .to_vec(),
            ],
        }
    }

    #[test]
    fn a_selection_cuts_table_and_csv_alike_in_its_order() {
        let columns = Columns::select(BANK_LIST, &["rating".into(), "name".into(), "state".into()])
            .unwrap()
            .unwrap();
        let layout = columns.layout();
        assert_eq!(layout.table, ["RATING", "NAME", "ST"]);
        assert_eq!(layout.csv, ["rating", "name", "state"]);
        assert_eq!(layout.fit.len(), 3);
        assert_eq!(layout.roles, [Role::Rating, Role::Text, Role::Text]);
        let json = Value::Null;
        let cut = columns.apply(&record(&json));
        assert_eq!(cut.table, vec![vec!["Outstanding", "Name", "TX"]]);
        assert_eq!(cut.csv, vec![vec!["Outstanding", "Name", "TX"]]);
    }

    #[test]
    fn an_unknown_column_lists_the_valid_ones() {
        let error = Columns::select(BANK_LIST, &["name".into(), "size".into()]).unwrap_err();
        assert_eq!(
            error,
            "'size' is not a column; use id, name, city, state, regulator, rating, exam_date, exam_type"
        );
        assert!(Columns::select(BANK_LIST, &[]).unwrap().is_none());
    }

    proptest! {
        #[test]
        fn every_selection_keeps_table_and_csv_the_same(picks in proptest::collection::vec(0usize..8, 1..10)) {
            let wanted: Vec<String> = picks.iter().map(|&i| BANK_LIST.csv[i].to_string()).collect();
            let columns = Columns::select(BANK_LIST, &wanted).unwrap().unwrap();
            let json = Value::Null;
            let cut = columns.apply(&record(&json));
            prop_assert_eq!(&cut.table, &cut.csv);
            prop_assert_eq!(columns.layout().table.len(), columns.layout().csv.len());
        }
    }
}
