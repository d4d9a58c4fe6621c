//! `cra show` by name and by short id. An argument with a space is a name
//! (no id has one), found by the service's name search (`q`, every page,
//! in one state when `--state` narrows it): the exact name ignoring case,
//! or the only match, wins; several are a usage error after a list of them
//! one per line, none is not found with a hint. An argument of 8 to 35 hex
//! digits and dashes is an id prefix (the short ids tables print),
//! resolved from the local copy. Anything else is a whole id, and a word
//! that is no bank's id is then tried as a name (`show amarillo`).

use anyhow::Result;

use super::Source;
use super::listing::{self, Listing};
use crate::domain::model::Bank;
use crate::error::CraError;
use crate::io::Io;
use crate::mirror::Reader;
use crate::settings::Settings;
use crate::text::inert;

/// What a `show` argument is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wanted {
    Id(String),
    Prefix(String),
    Name(String),
    /// `fdic:N`, `rssd:N`, `occ:N`: from the copy's public record.
    Agency(crate::mirror::record::AgencyId),
}

/// Classifies one argument (an id already taken out of any address).
pub fn classify(arg: &str) -> Wanted {
    let t = arg.trim();
    if t.contains(' ') {
        return Wanted::Name(t.to_string());
    }
    if let Some(id) = crate::mirror::record::AgencyId::parse(t) {
        return Wanted::Agency(id);
    }
    let short = (8..=35).contains(&t.len())
        && t.bytes().all(|b| b.is_ascii_hexdigit() || b == b'-')
        && t.bytes().any(|b| b.is_ascii_hexdigit());
    if short {
        Wanted::Prefix(t.to_ascii_lowercase())
    } else {
        Wanted::Id(t.to_string())
    }
}

/// How many banks a name may list before the list is cut.
const LISTED: usize = 10;

/// Where a name is looked for, and where several matches are listed.
pub struct Among<'a> {
    pub source: &'a Source,
    pub io: &'a Io,
    /// Where names are looked for (`--state`: only banks of this state).
    pub within: &'a crate::domain::Selection,
}

/// The one bank's id an argument names.
pub async fn resolve(wanted: Wanted, among: &Among<'_>, settings: &Settings) -> Result<String> {
    match wanted {
        Wanted::Id(id) => Ok(id),
        Wanted::Prefix(prefix) => by_prefix(&prefix, settings),
        Wanted::Name(name) => by_name(&name, among).await,
        Wanted::Agency(id) => by_agency(id, settings),
    }
}

/// As [`resolve`], for a command that takes one bank (`lineage`, `pe`,
/// `watch add`): a word that is no bank's id and could be a name
/// (`amarillo`) is then tried as one, as `show` tries it, at the cost of
/// one look at the source for the id.
pub async fn resolve_one(wanted: Wanted, among: &Among<'_>, settings: &Settings) -> Result<String> {
    let Wanted::Id(word) = &wanted else {
        return resolve(wanted, among, settings).await;
    };
    if !could_be_name(word) {
        return resolve(wanted, among, settings).await;
    }
    match among.source.bank(word).await {
        Ok(_) => Ok(word.clone()),
        Err(error) if crate::error::exit_of(&error) == crate::error::Exit::NotFound => {
            match named(word, among).await {
                Ok(id) => Ok(id),
                Err(name_error)
                    if crate::error::exit_of(&name_error) == crate::error::Exit::NotFound =>
                {
                    Err(CraError::NotFound {
                        message: format!(
                            "no bank has the id '{}' or a name like it",
                            crate::text::shorten(&crate::text::inert(word), 80)
                        ),
                    }
                    .into())
                }
                Err(name_error) => Err(name_error),
            }
        }
        Err(error) => Err(error),
    }
}

/// The bank an agency's ID names, by the links of the copy's public record.
fn by_agency(id: crate::mirror::record::AgencyId, settings: &Settings) -> Result<String> {
    let path = &settings.mirror.value;
    if !path.exists() {
        return Err(CraError::usage(format!(
            "{} is found in the local copy's public record; run {}, then {}",
            id.text(),
            settings.sync_command(),
            crate::mirror::record::enrich_command()
        )));
    }
    let reader = Reader::open(path)?;
    reader.record().require(&id.text())?;
    let found = reader.record().banks_with(id)?;
    match found.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(CraError::NotFound {
            message: format!(
                "no bank of the local copy {} is linked to {} ({} links each bank it can; \
                 find it by name with {} NAME)",
                path.display(),
                id.text(),
                crate::mirror::record::enrich_command(),
                crate::mirror::command_named("search")
            ),
        }
        .into()),
        several => Err(CraError::usage(format!(
            "{} names several banks: {}; give one's id",
            id.text(),
            several.join(", ")
        ))),
    }
}

/// Whether a whole id that no bank has may be a name instead: one word
/// with a letter in it, no path, not longer than a name searched for.
pub fn could_be_name(arg: &str) -> bool {
    arg.chars().any(char::is_alphabetic)
        && !arg.contains('/')
        && arg.chars().count() <= crate::filters::MAX_SEARCHED
}

fn by_prefix(prefix: &str, settings: &Settings) -> Result<String> {
    let path = &settings.mirror.value;
    if !path.exists() {
        return Err(CraError::usage(format!(
            "'{prefix}' looks like a short id, which only the local copy can resolve; give the whole id or run {}",
            crate::mirror::sync_command()
        )));
    }
    let reader = Reader::open(path)?;
    let found = reader.banks().ids_starting_with(prefix, 2)?;
    match found.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(CraError::NotFound {
            message: format!(
                "no bank whose id starts with '{prefix}' in the local copy {} (give the whole id, or run {})",
                path.display(),
                crate::mirror::sync_command()
            ),
        }
        .into()),
        several => Err(CraError::usage(format!(
            "'{prefix}' starts the ids of several banks: {}; give more of the id",
            several.join(", ")
        ))),
    }
}

async fn by_name(raw: &str, among: &Among<'_>) -> Result<String> {
    // The service does not promise that no id has a space: one that is a
    // bank's whole id is that bank.
    match among.source.bank(raw).await {
        Ok(bank) => return Ok(bank.fields.id),
        Err(error) if crate::error::exit_of(&error) == crate::error::Exit::NotFound => {}
        Err(error) => return Err(error),
    }
    named(raw, among).await
}

/// The one bank named like `raw` (not tried as an id): the exact name
/// ignoring case, or the only match; none is not found; several are listed
/// one per line on standard error, then a usage error.
pub async fn named(raw: &str, among: &Among<'_>) -> Result<String> {
    let source = among.source;
    let name = raw.split_whitespace().collect::<Vec<_>>().join(" ");
    let name = name.as_str();
    let named = crate::domain::Selection {
        name: Some(name.to_string()),
        ..among.within.clone()
    };
    let mut listing = Listing::start(
        source,
        named.list_query(1, source.page_size()),
        listing::Options {
            window: 2,
            limit: None,
        },
    )
    .await?;
    let mut matches: Vec<Bank> = Vec::new();
    while let Some(bank) = listing.next().await {
        matches.push(bank?);
    }
    let exact: Vec<&Bank> = matches
        .iter()
        .filter(|b| b.fields.name.to_lowercase() == name.to_lowercase())
        .collect();
    let pick: Vec<&Bank> = if exact.is_empty() {
        matches.iter().collect()
    } else {
        exact
    };
    let state = among.within.state.as_deref();
    let within = state
        .map(|state| format!(" in {state}"))
        .unwrap_or_default();
    let shown = crate::error::shorten(name, 80);
    match pick.as_slice() {
        [one] => Ok(one.fields.id.clone()),
        [] => Err(CraError::NotFound {
            message: format!(
                "no bank named like '{shown}'{within} (try: {} \"{shown}\")",
                crate::mirror::command_named("search")
            ),
        }
        .into()),
        several => {
            // One per line, to pick from: the error itself stays one line.
            for bank in several.iter().take(LISTED) {
                let f = &bank.fields;
                among.io.info(&format!(
                    "  {} · {}, {} · {}",
                    crate::text::inert(&f.name),
                    crate::text::inert(&f.city),
                    crate::text::inert(&f.state),
                    crate::text::inert(&f.id)
                ));
            }
            let more = several.len().saturating_sub(LISTED);
            if more > 0 {
                among.io.info(&format!(
                    "  and {} more ({} \"{shown}\"{})",
                    crate::text::thousands(more as u64),
                    crate::mirror::command_named("search"),
                    state
                        .map(|state| format!(" --state {state}"))
                        .unwrap_or_default()
                ));
            }
            let narrow = if state.is_none() {
                ", or narrow it with --state XX"
            } else {
                ""
            };
            Err(CraError::usage(format!(
                "{} banks match '{shown}'{within} (listed above); give one's id or short id{narrow}",
                several.len()
            )))
        }
    }
}

/// The id in watch list `list` (its `entries`) that an argument names
/// (`cra watch remove`): the id, the start of one (8
/// characters or more), a page address, or the bank's name (as its comment
/// or the copy gives it, ignoring case).
pub fn pick_listed(
    list: &str,
    entries: &[crate::watch::Entry],
    arg: &str,
    copy: Option<&Reader>,
) -> Result<String> {
    let wanted = arg.trim();
    let id = super::bank_id(wanted).unwrap_or_else(|_| wanted.to_string());
    if let Some(entry) = entries.iter().find(|e| e.id == id) {
        return Ok(entry.id.clone());
    }
    let matches: Vec<&crate::watch::Entry> = match classify(&id) {
        Wanted::Prefix(prefix) => entries
            .iter()
            .filter(|e| e.id.to_ascii_lowercase().starts_with(&prefix))
            .collect(),
        _ => {
            let folded = wanted.to_lowercase();
            entries
                .iter()
                .filter(|e| {
                    let by_label = e.label.as_deref().is_some_and(|label| {
                        let label = label.to_lowercase();
                        label == folded || label.starts_with(&format!("{folded} ("))
                    });
                    let by_copy = copy
                        .and_then(|reader| reader.served().bank(&e.id).ok())
                        .is_some_and(|bank| bank.fields.name.to_lowercase() == folded);
                    by_label || by_copy
                })
                .collect()
        }
    };
    match matches.as_slice() {
        [one] => Ok(one.id.clone()),
        [] => Err(CraError::NotFound {
            message: format!(
                "'{}' is not in the watch list '{list}' ({} show {list})",
                inert(arg),
                crate::mirror::command_named("watch")
            ),
        }
        .into()),
        several => Err(CraError::usage(format!(
            "'{}' names several banks of the watch list '{list}': {}; give an id",
            inert(arg),
            several
                .iter()
                .map(|e| inert(&e.id).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn names_prefixes_and_ids() {
        assert_eq!(
            classify("BANK OF  HOUSTON"),
            Wanted::Name("BANK OF  HOUSTON".into())
        );
        assert_eq!(classify("a\tb"), Wanted::Id("a\tb".into()));
        assert_eq!(classify("7db54db2"), Wanted::Prefix("7db54db2".into()));
        assert_eq!(
            classify("7DB54DB2-817e"),
            Wanted::Prefix("7db54db2-817e".into())
        );
        assert_eq!(classify("7db54db"), Wanted::Id("7db54db".into()));
        assert_eq!(
            classify("7db54db2-817e-5f3e-b1d6-dc505ca353bb"),
            Wanted::Id("7db54db2-817e-5f3e-b1d6-dc505ca353bb".into())
        );
        assert_eq!(classify("no-such-bank"), Wanted::Id("no-such-bank".into()));
        assert_eq!(classify("--------"), Wanted::Id("--------".into()));
    }

    proptest! {
        #[test]
        fn a_whole_uuid_is_never_a_prefix_and_its_first_8_to_35_are(id in "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", n in 8usize..36) {
            prop_assert_eq!(classify(&id), Wanted::Id(id.clone()));
            prop_assert_eq!(classify(&id[..n]), Wanted::Prefix(id[..n].to_string()));
        }
    }
}
