//! The selection resolved once, before a command runs: the flags of
//! `filters::SelectionArgs` meet the local copy (the regulators it holds,
//! its exam methods, whether it has a public record) and the watch lists
//! (`--watch NAME`: their banks, by id), and become the one
//! [`Selection`] every reader takes. A bank of a watch list that is not
//! there is named the same way by every command ([`Watched::note`]): on
//! the copy as the selection is resolved, online once the service has
//! been asked (`Source::find`).
//!
//! [`Copy`] is the local copy of one run, opened once, by the selection
//! or by the first reader that needs it.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use anyhow::Result;

use crate::domain::Selection;
use crate::error::CraError;
use crate::io::Io;
use crate::mirror::Reader;
use crate::settings::Settings;
use crate::watch::Lists;

/// The local copy of one run, opened at most once.
#[derive(Clone)]
pub struct Copy {
    path: PathBuf,
    io: Io,
    reader: Arc<OnceLock<Arc<Reader>>>,
}

impl Copy {
    /// The copy at the settings' path (not opened yet); `io` is told when
    /// its last sync did not finish.
    pub fn new(settings: &Settings, io: &Io) -> Copy {
        Copy {
            path: settings.mirror.value.clone(),
            io: io.clone(),
            reader: Arc::default(),
        }
    }

    /// The copy, open to read (opened now if need be, saying once when its
    /// last sync did not finish); none there is exit 2 saying to sync.
    pub fn reader(&self) -> Result<Arc<Reader>> {
        if let Some(reader) = self.reader.get() {
            return Ok(reader.clone());
        }
        let reader = Arc::new(Reader::open(&self.path)?);
        if let Some(warning) = reader.unfinished_warning() {
            self.io.warn(&warning);
        }
        Ok(self.reader.get_or_init(|| reader).clone())
    }

    /// The copy when there is one (a command that can do without).
    pub fn existing(&self) -> Result<Option<Arc<Reader>>> {
        if self.reader.get().is_none() && !self.path.exists() {
            return Ok(None);
        }
        self.reader().map(Some)
    }
}

/// The selection of a command's line. `on_copy`: its answer comes from the
/// local copy (every command but an online `search`, `export` and `show`),
/// which is then checked for what the selection needs and for the banks
/// of its watch lists.
pub fn resolve(
    parts: crate::filters::Choice,
    period_flags: (&str, &str),
    copy: &Copy,
    on_copy: bool,
    io: &Io,
) -> Result<Selection> {
    if let Some(watch) = parts.watch {
        // `sync --notify --watch`: the lists' banks, whatever the copy has.
        let mut selection = Selection {
            watch: watch.watch.clone(),
            ..Selection::default()
        };
        selection.ids = Watched::load(&watch.watch)?.map(|w| w.ids());
        return Ok(selection);
    }
    let Some(args) = parts.selection else {
        return Ok(Selection::default());
    };
    if let Some(warning) = args.split_size_warning() {
        io.warn(&warning);
    }
    // A command of the copy finds none there before anything else.
    let reader = if on_copy { Some(copy.reader()?) } else { None };
    let present = match (&reader, args.needs_regulators()) {
        (_, false) => Vec::new(),
        (Some(reader), true) => reader.banks().regulators()?,
        (None, true) => match copy.existing()? {
            Some(reader) => reader.banks().regulators()?,
            None => Vec::new(),
        },
    };
    let mut selection = args
        .selection(
            parts.order,
            &present,
            crate::filters::when::today(),
            period_flags,
        )
        .map_err(CraError::usage)?;
    if selection.by_public_record() {
        let Some(reader) = &reader else {
            let flags = selection.public_flags();
            return Err(CraError::usage(format!(
                "{} {} the local copy (the service has no public record): add --offline, after \
                 cra sync and cra enrich",
                flags.join(", "),
                if flags.len() > 1 { "need" } else { "needs" }
            )));
        };
        check_public(reader, &mut selection)?;
    }
    if let Some(watched) = Watched::load(&selection.watch)? {
        if let Some(reader) = &reader {
            let missing = reader.banks().missing_ids(&watched.ids)?;
            if !missing.is_empty() {
                io.notice(&watched.note(&missing, Place::Copy));
            }
        }
        selection.ids = Some(watched.ids());
    }
    Ok(selection)
}

/// Checks the public record's filters of `selection` against the copy: it has
/// a public record (else exit 2 saying to run `cra enrich`), and each exam
/// method is one it holds, any case (else a usage error listing them).
fn check_public(reader: &Reader, find: &mut Selection) -> Result<()> {
    reader.record().require(&find.public_flags().join(", "))?;
    if !find.tests.is_empty() {
        reader.evaluations().require("--test")?;
    }
    if let Some(active) = find.active
        && !reader.record().activity_known()?
    {
        return Err(CraError::usage(format!(
            "{} needs to know which banks are active, and the local copy does not: its public \
             record was read without BankFind (cra enrich --no-bankfind); run {} to learn it",
            if active { "--active" } else { "--inactive" },
            crate::mirror::record::enrich_command()
        )));
    }
    if find.exam_methods.is_empty() {
        return Ok(());
    }
    let known = reader.record().exam_methods()?;
    let mut spellings = Vec::new();
    for given in &find.exam_methods {
        // `large`, `small`, `intermediate`: the exam types' aliases, as
        // `--size` takes them, name the FFIEC's methods of those names.
        let alias = crate::domain::ExamType::from_alias(given).map(|t| t.as_str().to_string());
        let found: Vec<&String> = known
            .iter()
            .filter(|k| k.eq_ignore_ascii_case(given) || alias.as_deref() == Some(k.as_str()))
            .collect();
        if found.is_empty() {
            // Quoted, so that one can be pasted as it is.
            let quoted: Vec<String> = known.iter().map(|k| format!("\"{k}\"")).collect();
            return Err(CraError::usage(format!(
                "'{given}' is not an exam method of the local copy's banks; use one of {}",
                quoted.join(", ")
            )));
        }
        spellings.extend(found.into_iter().cloned());
    }
    spellings.dedup();
    find.exam_methods = spellings;
    Ok(())
}

/// Where a watched bank was looked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// The local copy.
    Copy,
    /// The service, online.
    Service,
}

/// The banks of the watch lists named.
pub struct Watched {
    names: Vec<String>,
    /// Their ids, each once, in the lists' order.
    pub ids: Vec<String>,
    /// The name a list gives a bank (a comment above its id), by id.
    labels: std::collections::HashMap<String, String>,
}

impl Watched {
    /// The lists `names` of the watch lists' file (none named: none); an
    /// unknown one is exit 2 naming the lists there are.
    pub fn load(names: &[String]) -> Result<Option<Watched>> {
        if names.is_empty() {
            return Ok(None);
        }
        Watched::within(&Lists::load(&crate::watch::path()?)?, names).map(Some)
    }

    /// The lists `names` of `lists`.
    pub fn within(lists: &Lists, names: &[String]) -> Result<Watched> {
        let ids = lists.ids(names)?;
        let mut labels = std::collections::HashMap::new();
        for name in names {
            for entry in lists.get(name)?.unwrap_or_default() {
                if let Some(label) = entry.label {
                    labels.entry(entry.id).or_insert(label);
                }
            }
        }
        Ok(Watched {
            names: names.to_vec(),
            ids,
            labels,
        })
    }

    /// Their ids as a selection takes them.
    pub fn ids(&self) -> BTreeSet<String> {
        self.ids.iter().cloned().collect()
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
