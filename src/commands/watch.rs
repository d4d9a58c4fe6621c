//! `cra watch add | remove | show | list`: named lists of banks, kept in
//! `<data dir>/cra/watch.toml` (`crate::watch`), that `--watch NAME`
//! selects in every finding command and in `sync --notify`. Banks are
//! added as `show` takes them (an id, a short id, a name, a page address),
//! each checked against the service (or the copy, `--offline`) and written
//! with its name in a comment; they are removed by what the list holds, so
//! removing needs no network.

use anyhow::Result;
use clap::Subcommand;

use crate::command::{Ctx, ExcelSafeArg, JqArg, OutputArg, Parts, Run, Spec};
use crate::domain::{Place, Selection};
use crate::error::{CraError, Exit};
use crate::output::Outputs;
use crate::output::{BANKS, Cell, Column, Columns, Fit, Kind};
use crate::source::{
    Among, Copy, Source, Wanted, classify, pick_listed, resolve, watched, watched_within,
};
use crate::text::{plural, thousands};
use crate::watch::{Lists, check_name};

pub const AFTER_HELP: &str = "\
A watch list is a name and some banks, kept in watch.toml beside the local
copy's default (cra watch list prints where); --watch NAME (repeatable) on
search, export, changes, stats, due, report and sync --notify selects its
banks. The file reads and edits by hand: one table per list, one bank id a
line, the bank's name in a comment above it.

Examples:
  cra watch add peers \"first national bank of austin\" 7db54db2
  cra changes --watch peers --since 2y
  cra sync --notify http://127.0.0.1:4000/ --watch peers";

#[derive(Debug, Clone, Subcommand)]
pub enum WatchCommand {
    /// Add banks to a list (made if need be): an id, a short id, a name or a page address, as show takes them
    #[command(after_help = "\
Each bank is looked up as cra show looks it up (the service, or the local
copy with --offline) and written with its name; nothing is written unless
every one is found.

Examples:
  cra watch add peers \"first national bank of austin\"
  cra --offline watch add texas-lenders 7db54db2 0a1b2c3d")]
    Add {
        /// The list's name: letters, digits, - and _
        #[arg(value_name = "NAME")]
        name: String,
        /// The banks: ids, short ids, names (with a space) or page addresses
        #[arg(value_name = "BANK", required = true)]
        banks: Vec<String>,
        #[command(flatten)]
        narrow: crate::filters::NarrowArgs,
    },
    /// Remove banks from a list, by id, short id or name as the list holds them (the last one removed takes the list)
    #[command(after_help = "\
Examples:
  cra watch remove peers 7db54db2
  cra watch remove peers \"BANK OF HOUSTON\"")]
    Remove {
        #[arg(value_name = "NAME")]
        name: String,
        #[arg(value_name = "BANK", required = true)]
        banks: Vec<String>,
    },
    /// The banks of a list as search prints them (what search --watch NAME --all prints)
    #[command(after_help = "\
Banks of the list that are not found (gone from the service, or not in the
local copy yet) are named on standard error and stay in the list.

Examples:
  cra watch show peers
  cra --offline watch show peers --format csv")]
    Show {
        #[arg(value_name = "NAME")]
        name: String,
        #[command(flatten)]
        jq: JqArg,
        #[command(flatten)]
        output: OutputArg,
        #[command(flatten)]
        excel: ExcelSafeArg,
    },
    /// The lists: each one's name, its number of banks, and how many of them the local copy lacks
    #[command(after_help = "\
Examples:
  cra watch list
  cra watch list --format json")]
    List {
        #[command(flatten)]
        jq: JqArg,
        #[command(flatten)]
        output: OutputArg,
        #[command(flatten)]
        excel: ExcelSafeArg,
    },
}

impl Spec for WatchCommand {
    fn uses_api(&self) -> bool {
        matches!(self, WatchCommand::Add { .. } | WatchCommand::Show { .. })
    }

    fn outputs(&self) -> Outputs {
        match self {
            WatchCommand::Show { .. } | WatchCommand::List { .. } => Outputs::ROWS,
            _ => Outputs::NONE,
        }
    }

    fn parts(&self) -> Parts<'_> {
        match self {
            WatchCommand::Show {
                jq, output, excel, ..
            }
            | WatchCommand::List { jq, output, excel } => Parts {
                jq: Some(jq),
                output: Some(output),
                excel: Some(excel),
                ..Parts::default()
            },
            _ => Parts::default(),
        }
    }
}

impl Run for WatchCommand {
    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let path = crate::watch::path()?;
        match self {
            WatchCommand::Add {
                name,
                banks,
                narrow,
            } => add(&path, &name, &banks, &narrow.selection(), &ctx).await,
            WatchCommand::Remove { name, banks } => remove(&path, &name, &banks, &ctx),
            WatchCommand::Show { name, .. } => show(&name, &ctx).await,
            WatchCommand::List { .. } => list(&path, &ctx),
        }
    }
}

async fn add(
    path: &std::path::Path,
    name: &str,
    banks: &[String],
    within: &Selection,
    ctx: &Ctx,
) -> Result<Exit> {
    let (settings, io) = (&ctx.settings, &ctx.io);
    check_name(name).map_err(CraError::usage)?;
    // A file that cannot be read is said before any request.
    Lists::load(path)?;
    let source = Source::new(settings, io, &Copy::new(settings, io))?;
    let mut found: Vec<(String, String)> = Vec::with_capacity(banks.len());
    for bank in banks {
        let wanted = match classify(bank) {
            name @ Wanted::Name(_) => name,
            _ => classify(&crate::source::bank_id(bank)?),
        };
        let among = Among {
            source: &source,
            io,
            within,
        };
        let id = resolve(wanted, &among, settings).await?;
        let detail = source.bank(&id).await?;
        let f = &detail.fields;
        found.push((id, format!("{} ({}, {})", f.name, f.city, f.state)));
    }
    let (added, total) = crate::watch::update(path, |lists| {
        let added = lists.add(name, &found);
        let total = lists.get(name)?.map_or(0, |entries| entries.len());
        Ok((added, total))
    })?;
    let already = found.len() - added.len();
    io.info(&format!(
        "added {} {} to the watch list '{name}' ({} in all{}) → {}",
        thousands(added.len() as u64),
        plural(added.len() as u64, "bank", "banks"),
        thousands(total as u64),
        if already > 0 {
            format!(
                "; {already} {} in it already",
                plural(already as u64, "was", "were")
            )
        } else {
            String::new()
        },
        path.display()
    ));
    Ok(Exit::Success)
}

fn remove(path: &std::path::Path, name: &str, banks: &[String], ctx: &Ctx) -> Result<Exit> {
    let (io, copy) = (&ctx.io, &ctx.copy);
    // Names the copy gives the list's banks, when there is a copy.
    let copy = copy.existing()?;
    let (removed, left) = crate::watch::update(path, |lists| {
        let entries = lists.get(name)?.ok_or_else(|| lists.unknown(name))?;
        let mut ids = Vec::with_capacity(banks.len());
        for bank in banks {
            ids.push(pick_listed(name, &entries, bank, copy.as_deref())?);
        }
        let removed = lists.remove(name, &ids);
        let left = lists.get(name)?.map_or(0, |entries| entries.len());
        Ok((removed, left))
    })?;
    io.info(&format!(
        "removed {} {} from the watch list '{name}'{} → {}",
        thousands(removed.len() as u64),
        plural(removed.len() as u64, "bank", "banks"),
        if left == 0 {
            " (its last: the list is gone)".to_string()
        } else {
            format!(" ({} left)", thousands(left as u64))
        },
        path.display()
    ));
    Ok(Exit::Success)
}

/// The banks of a list as `search --watch NAME --all` prints them, those
/// not found named as every `--watch` names them.
async fn show(name: &str, ctx: &Ctx) -> Result<Exit> {
    let (settings, io, out, copy) = (&ctx.settings, &ctx.io, &ctx.out, &ctx.copy);
    let names = [name.to_string()];
    let watch = watched(&names)?;
    let planned = out.plan_rows(&BANKS, &[], false)?;
    let source = Source::new(settings, io, copy)?;
    let selection = Selection {
        watch,
        ..Selection::default()
    };
    let watched = selection.watch.as_ref().expect("a list is named");
    let found = source.find(&selection, 0, u64::MAX).await?;
    let mut rows = out.rows(planned)?;
    for bank in &found.banks {
        rows.write(bank)?;
    }
    rows.finish()?;
    if settings.offline {
        // Online, the service was asked (`Source::find` named them).
        let there: std::collections::HashSet<&str> =
            found.banks.iter().map(|b| b.fields.id.as_str()).collect();
        let missing: Vec<String> = watched
            .ids
            .iter()
            .filter(|id| !there.contains(id.as_str()))
            .cloned()
            .collect();
        if !missing.is_empty() {
            io.notice(&watched.note(&missing, Place::Copy));
        }
    }
    io.summary(&format!(
        "{} of {} {} in the watch list '{name}'",
        thousands(found.banks.len() as u64),
        thousands(watched.ids.len() as u64),
        plural(watched.ids.len() as u64, "bank", "banks")
    ));
    Ok(Exit::Success)
}

/// One list as `watch list` prints it.
struct ListRow {
    name: String,
    banks: u64,
    /// Banks the local copy lacks; none without a copy.
    missing: Option<u64>,
}

const LIST: &[Column<ListRow>] = &[
    Column::new(
        "name",
        "LIST",
        Kind::Text,
        Fit::Shorten { rank: 0, min: 12 },
        |r| Cell::text(r.name.as_str()),
    ),
    Column::new("banks", "BANKS", Kind::Count, Fit::Keep { rank: 1 }, |r| {
        Cell::count(r.banks)
    }),
    Column::new(
        "missing",
        "NOT IN COPY",
        Kind::Count,
        Fit::Keep { rank: 2 },
        |r| r.missing.map_or(Cell::Empty, Cell::count),
    ),
];

const LISTS: Columns<ListRow> = Columns::new(LIST, &["name", "banks", "missing"]);

fn list(path: &std::path::Path, ctx: &Ctx) -> Result<Exit> {
    let (io, out, copy) = (&ctx.io, &ctx.out, &ctx.copy);
    let lists = Lists::load(path)?;
    let copy = copy.existing()?;
    let mut printed = out.rows(out.plan_rows(&LISTS, &[], false)?)?;
    let names = lists.names();
    for name in &names {
        let ids: Vec<String> = lists.ids(std::slice::from_ref(name))?;
        let missing = match &copy {
            Some(reader) => Some(reader.banks().missing_ids(&ids)?),
            None => None,
        };
        if let Some(missing) = missing.as_ref().filter(|m| !m.is_empty()) {
            let watched = watched_within(&lists, std::slice::from_ref(name))?;
            io.notice(&watched.note(missing, Place::Copy));
        }
        printed.write_plain(&ListRow {
            name: name.clone(),
            banks: ids.len() as u64,
            missing: missing.map(|m| m.len() as u64),
        })?;
    }
    printed.finish()?;
    io.summary(&format!(
        "{} watch {} in {}",
        thousands(names.len() as u64),
        plural(names.len() as u64, "list", "lists"),
        path.display()
    ));
    Ok(Exit::Success)
}
