//! `--watch NAME`: the banks of watch lists (`crate::watch`) as a
//! selection by id, which every finding command applies as it applies its
//! other filters (`Find::ids`), online and in the local copy alike. An id
//! the copy no longer holds stays in its list and is named on standard
//! error, never dropped in silence.

use std::collections::BTreeSet;

use anyhow::Result;

use crate::io::Io;
use crate::mirror::Reader;
use crate::watch::Lists;

/// The ids of the lists named (none given: no selection). With the local
/// copy at hand (`copy`), a line on standard error names the ids it does
/// not hold.
pub fn select(names: &[String], copy: Option<(&Reader, &Io)>) -> Result<Option<BTreeSet<String>>> {
    if names.is_empty() {
        return Ok(None);
    }
    let lists = Lists::load(&crate::watch::path()?)?;
    let ids = lists.ids(names)?;
    if let Some((reader, io)) = copy {
        let missing = reader.missing_ids(&ids)?;
        if !missing.is_empty() {
            io.warn(&missing_note(&lists, names, &missing));
        }
    }
    Ok(Some(ids.into_iter().collect()))
}

/// `3 banks of the watch list 'peers' are not in the local copy (kept in
/// the list): ID (NAME), ...`.
pub fn missing_note(lists: &Lists, names: &[String], missing: &[String]) -> String {
    let labels: Vec<String> = missing
        .iter()
        .take(5)
        .map(|id| {
            let label = names
                .iter()
                .filter_map(|name| lists.get(name).ok().flatten())
                .flatten()
                .find(|entry| &entry.id == id)
                .and_then(|entry| entry.label);
            match label {
                Some(label) => format!(
                    "{} ({})",
                    crate::text::inert(id),
                    crate::text::inert(&label)
                ),
                None => crate::text::inert(id).to_string(),
            }
        })
        .collect();
    let more = missing.len().saturating_sub(labels.len());
    let quoted: Vec<String> = names
        .iter()
        .map(|n| format!("'{}'", crate::text::inert(n)))
        .collect();
    format!(
        "{} {} of the watch {} {} {} not in the local copy (kept in the list; removed from the service, or not synced yet): {}{}",
        missing.len(),
        crate::text::plural(missing.len() as u64, "bank", "banks"),
        crate::text::plural(names.len() as u64, "list", "lists"),
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
