//! The banks of the watch lists a selection names (`--watch NAME`), read
//! once, as the selection is resolved (`source::select`): their ids in
//! the lists' order, and the name a list gives each. Every reader takes
//! them from the selection (the matcher, the copy's clauses, the notes of
//! banks that are gone); none reads the lists' file again.

use std::collections::{BTreeMap, BTreeSet};

/// The banks of the watch lists named.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Watched {
    /// The lists' names, as given.
    pub names: Vec<String>,
    /// Their banks' ids, each once, in the lists' order.
    pub ids: Vec<String>,
    /// The same ids, to test a bank against.
    set: BTreeSet<String>,
    /// The name a list gives a bank (a comment above its id), by id.
    labels: BTreeMap<String, String>,
}

/// Where a watched bank was looked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The local copy.
    Copy,
    /// The service, online.
    Service,
}

impl Watched {
    /// The lists `names`, holding `ids` (in the lists' order; each kept
    /// once), some named by the lists (`labels`, by id).
    pub fn new(names: Vec<String>, ids: Vec<String>, labels: BTreeMap<String, String>) -> Watched {
        let mut set = BTreeSet::new();
        let ids = ids
            .into_iter()
            .filter(|id| set.insert(id.clone()))
            .collect();
        Watched {
            names,
            ids,
            set,
            labels,
        }
    }

    /// Whether the bank `id` is one of them.
    pub fn contains(&self, id: &str) -> bool {
        self.set.contains(id)
    }

    /// Their ids, sorted (as the copy is sent them).
    pub fn set(&self) -> &BTreeSet<String> {
        &self.set
    }

    /// `3 banks of the watch list 'peers' are not in the local copy (kept
    /// in the list; ...): ID (NAME), ...`: what every command says of the
    /// banks of its lists that are not there.
    pub fn note(&self, missing: &[String], place: Place) -> String {
        let labels: Vec<String> = missing
            .iter()
            .take(5)
            .map(|id| match self.labels.get(id) {
                Some(label) => {
                    format!("{} ({})", crate::text::inert(id), crate::text::inert(label))
                }
                None => crate::text::inert(id).to_string(),
            })
            .collect();
        let more = missing.len().saturating_sub(labels.len());
        let quoted: Vec<String> = self
            .names
            .iter()
            .map(|n| format!("'{}'", crate::text::inert(n)))
            .collect();
        let (where_, why) = match place {
            Place::Copy => (
                "in the local copy",
                "removed from the service, or not synced yet",
            ),
            Place::Service => ("listed by the service", "removed from the service"),
        };
        format!(
            "{} {} of the watch {} {} {} not {where_} (kept in the list; {why}): {}{}",
            missing.len(),
            crate::text::plural(missing.len() as u64, "bank", "banks"),
            crate::text::plural(self.names.len() as u64, "list", "lists"),
            quoted.join(", "),
            crate::text::plural(missing.len() as u64, "is", "are"),
            labels.join(", "),
            if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            }
        )
    }
}

/// Banks by id alone, of no list named (a test's selection).
impl FromIterator<String> for Watched {
    fn from_iter<I: IntoIterator<Item = String>>(ids: I) -> Watched {
        Watched::new(Vec::new(), ids.into_iter().collect(), BTreeMap::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bank_is_kept_once_in_the_lists_order_and_named_by_its_label() {
        let labels = BTreeMap::from([("b".to_string(), "Second Bank".to_string())]);
        let ids = ["c", "b", "c", "a"].map(String::from).to_vec();
        let watched = Watched::new(vec!["peers".into()], ids, labels);
        assert_eq!(watched.ids, ["c", "b", "a"]);
        assert!(watched.contains("a") && !watched.contains("d"));
        assert_eq!(
            watched.note(&["b".into(), "a".into()], Place::Service),
            "2 banks of the watch list 'peers' are not listed by the service (kept in the \
             list; removed from the service): b (Second Bank), a"
        );
    }
}
