//! The selection resolved once, before a command runs: the flags of
//! `filters::SelectionArgs` meet the local copy (the regulators it holds,
//! its exam methods, whether it has a public record) and the watch lists
//! (`--watch NAME`: their banks, by id, read here once and never again),
//! and become the one [`Selection`] every reader takes. A bank of a watch
//! list that is not
//! there is named the same way by every command ([`Watched::note`]): on
//! the copy as the selection is resolved, online once the service has
//! been asked (`Source::find`).
//!
//! [`Copy`] is the local copy of one run, opened once, by the selection
//! or by the first reader that needs it.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

use anyhow::Result;

use crate::domain::{Place, Selection, Watched};
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
        return Ok(Selection {
            watch: watched(&watch.watch)?,
            ..Selection::default()
        });
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
                 {} and {}",
                flags.join(", "),
                if flags.len() > 1 { "need" } else { "needs" },
                crate::mirror::sync_command(),
                crate::mirror::record::enrich_command()
            )));
        };
        check_public(reader, &mut selection)?;
        if let Some(note) = satisfactory_note(&selection) {
            io.info(&note);
        }
    }
    // The lists are read last, as they always were: a usage error or a
    // copy without a public record is said first.
    if let Some(watched) = watched(&args.select.watch.watch)? {
        if let Some(reader) = &reader {
            let missing = reader.banks().missing_ids(&watched.ids)?;
            if !missing.is_empty() {
                io.notice(&watched.note(&missing, Place::Copy));
            }
        }
        selection.watch = Some(watched);
    }
    Ok(selection)
}

/// What `--test TEST=satisfactory` finds, said once when a test rated on
/// five levels asks for Satisfactory alone: only the banks rated on four
/// (small and intermediate small banks), and how to take in the others.
fn satisfactory_note(selection: &Selection) -> Option<String> {
    let filter = selection.tests.iter().find(|f| f.satisfactory_alone())?;
    let test = match &filter.area {
        Some(area) => format!("{}@{area}", filter.rated.as_str()),
        None => filter.rated.as_str().to_string(),
    };
    let mut levels: Vec<&str> = filter.levels.iter().map(|l| l.slug()).collect();
    levels.extend(["high-satisfactory", "low-satisfactory"]);
    Some(format!(
        "note: --test {test}=satisfactory finds tests rated Satisfactory, as small and \
         intermediate small banks' are; a large bank's are rated High or Low Satisfactory \
         (to take them in: --test {test}={})",
        levels.join(",")
    ))
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

/// The banks of the watch lists `names`, read from the watch lists' file
/// (none named: none); an unknown one is exit 2 naming the lists there
/// are. Read once a command, as its selection is resolved.
pub fn watched(names: &[String]) -> Result<Option<Watched>> {
    if names.is_empty() {
        return Ok(None);
    }
    watched_within(&Lists::load(&crate::watch::path()?)?, names).map(Some)
}

/// The banks of the lists `names` of `lists`.
pub fn watched_within(lists: &Lists, names: &[String]) -> Result<Watched> {
    let ids = lists.ids(names)?;
    let mut labels = BTreeMap::new();
    for name in names {
        for entry in lists.get(name)?.unwrap_or_default() {
            if let Some(label) = entry.label {
                labels.entry(entry.id).or_insert(label);
            }
        }
    }
    Ok(Watched::new(names.to_vec(), ids, labels))
}
