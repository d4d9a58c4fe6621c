//! The local copy of the service's data: a SQLite database that `cra sync`
//! refreshes (`write`), that `--offline`, `sql`, `changes` and `stats` read
//! (`read`). This module owns the file's place, its schema and every SQL
//! statement; commands ask it for rows.
//!
//! Each bank is kept as served (the list item and the detail, unknown
//! fields included, as JSON text) beside the columns queries use, so offline
//! answers are the service's own bytes. The guide (docs/guide.md, "Ask in SQL") documents the schema.
//!
//! One writer at a time: `sync` holds an advisory lock on `FILE.lock` for
//! its whole run. Readers open the file read-only and, the journal being
//! WAL, see the last committed state while a sync writes.

mod activity;
pub mod answers;
pub mod behind;
pub mod clauses;
pub mod due;
pub mod find;
pub mod gaps;
pub mod lending;
mod older;
pub mod order;
pub mod read;
pub mod record;
pub mod row;
mod said;
pub mod schema;
pub mod stats;
pub mod write;

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use rusqlite::{Connection, OpenFlags};

pub use activity::{Activity, activity_unknown, left_out_note};
pub use answers::{ChangeFilter, ChangeRow};
pub use behind::Behind;
pub use due::{DueQuery, DueRow, LeftOut};
pub use gaps::GapRow;
pub use lending::stats::LendingGroup;
pub use read::{Reader, Rows};
pub use record::evaluations::list::{AreaRow, EvaluationRow, Listed};
pub use record::evaluations::shown::ExamPe;
pub use record::evaluations::{ExamTests, Read as EvaluationRead};
pub use record::{
    AgencyId, Ending, FOLLOWED, Forward, KnownBank, Lineage, LineageOf, LinkState,
    MOST_AGENCY_NUMBER, Role, Sources, Store, Summary, enrich_command,
};
pub use schema::{SCHEMA_VERSION, schema};
pub use stats::{GroupBy, StatsFilter, StatsRow};
pub use write::{Background, Edit, Known, Needs, Writer};

use crate::error::CraError;

/// How much of the mirror a reader maps (more than any mirror of 100,000
/// banks needs). Not the writer: mapped pages count in a process's
/// resident memory, which a sync keeps flat.
const READ_MAP_BYTES: i64 = 1 << 30;

/// Offline page size: a page costs a query, not a request.
pub const PAGE: u64 = 1000;

/// What `meta.service` says of the in-process sandbox, whatever its port.
pub const SANDBOX_SERVICE: &str = "sandbox";

/// The mirror's path: `--mirror`, `CRA_MIRROR`, the config key `mirror`,
/// else `<data dir>/cra/mirror.sqlite` (`sandbox-mirror.sqlite` under
/// `--sandbox`, so sandbox data never mixes with the service's). The local
/// data folder: the same as the data folder on Linux and macOS; on Windows
/// `%LOCALAPPDATA%`, not the roaming `%APPDATA%`, which a domain copies
/// to the server at every sign-out (a database of tens of megabytes, and
/// SQLite on a network share, are what it must not hold).
pub fn default_path(sandbox: bool) -> Option<PathBuf> {
    let name = if sandbox {
        "sandbox-mirror.sqlite"
    } else {
        "mirror.sqlite"
    };
    directories::ProjectDirs::from("", "", "cra").map(|dirs| dirs.data_local_dir().join(name))
}

/// The watch lists' file, `<data dir>/cra/watch.toml`, beside the
/// default local copies.
pub fn watch_lists_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "cra").map(|dirs| dirs.data_dir().join("watch.toml"))
}

/// How a sync ended, as its row in `syncs` records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SyncStatus {
    /// Running, or killed before it could say otherwise.
    Running,
    Complete,
    Interrupted,
    /// Ended with banks it could not fetch.
    Failed,
    /// Anything else a file holds.
    Other(String),
}

impl SyncStatus {
    pub fn as_str(&self) -> &str {
        match self {
            SyncStatus::Running => "running",
            SyncStatus::Complete => "complete",
            SyncStatus::Interrupted => "interrupted",
            SyncStatus::Failed => "failed",
            SyncStatus::Other(text) => text,
        }
    }

    pub fn from_text(text: &str) -> SyncStatus {
        match text {
            "running" => SyncStatus::Running,
            "complete" => SyncStatus::Complete,
            "interrupted" => SyncStatus::Interrupted,
            "failed" => SyncStatus::Failed,
            other => SyncStatus::Other(other.to_string()),
        }
    }
}

/// The service a command talks to, as the mirror records it: the sandbox,
/// or the base address (without user, password, query or fragment).
pub fn service_name(sandbox: bool, base: &url::Url) -> String {
    if sandbox {
        return SANDBOX_SERVICE.to_string();
    }
    let mut base = base.clone();
    let _ = base.set_username("");
    let _ = base.set_password(None);
    base.set_query(None);
    base.set_fragment(None);
    base.to_string()
}

/// Settings every connection gets.
fn configure(connection: &Connection) -> Result<()> {
    connection.busy_timeout(std::time::Duration::from_secs(10))?;
    connection.pragma_update(None, "foreign_keys", true)?;
    // One plan a statement, whatever its values: SQLite built with STAT4
    // otherwise prepares a statement again each time a value it compares
    // by range is bound anew (`year < ?`), which cost `stats --lending`
    // half its time; no statement here wants a plan chosen by its values.
    connection.set_db_config(
        rusqlite::config::DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG,
        true,
    )?;
    Ok(())
}

/// Opens the mirror read-only; none there is a usage error that says to
/// sync (exit 2). What is there but not a regular file (a FIFO, a
/// device: opening it could block for ever) is refused unopened.
///
/// A mirror in a folder this user cannot write, where SQLite cannot make
/// the `-shm` index a WAL database is read through: with no `-wal` beside
/// it, it is opened immutable (nothing can be writing it there); with a
/// `-wal` (a copy taken, or left, with its log), the log holds committed
/// changes the main file does not yet, so it is read with its index in
/// this process's memory instead (exclusive locking mode, SQLite's way of
/// using a WAL without shared memory), taking no lock a read-only file
/// could not. Only when even that fails is it opened immutable, and the
/// warning returned says the answer may miss the log's changes.
fn open_read_only(path: &Path) -> Result<(Connection, Option<String>)> {
    let Ok(metadata) = std::fs::metadata(path) else {
        return Err(no_mirror(path));
    };
    if !metadata.is_file() {
        return Err(CraError::usage(format!(
            "{} is not a regular file (a mirror is a SQLite file; choose another with --mirror)",
            path.display()
        )));
    }
    let error = match open_with(path, Open::Shared) {
        Ok(connection) => return Ok((connection, None)),
        Err(error) if error.downcast_ref::<CraError>().is_some() => return Err(error),
        Err(error) => error,
    };
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    let wal = std::path::PathBuf::from(wal);
    if std::fs::metadata(&wal).is_ok_and(|m| m.len() > 0) {
        if let Ok(connection) = open_with(path, Open::PrivateIndex) {
            return Ok((connection, None));
        }
        let connection = open_with(path, Open::Immutable).map_err(|_| error)?;
        return Ok((
            connection,
            Some(format!(
                "{} could not be read (its folder is read-only and has no {}-shm): this answer lacks the changes in that log; copy both files to a folder you can write and read them there",
                wal.display(),
                path.display()
            )),
        ));
    }
    let connection = open_with(path, Open::Immutable).map_err(|_| error)?;
    Ok((connection, None))
}

/// How `open_read_only` opens the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Open {
    /// Read-only, sharing the WAL index (`-shm`) with any writer.
    Shared,
    /// Read-only, the WAL's index in this process's memory: no `-shm` is
    /// made or read, and no lock is taken.
    PrivateIndex,
    /// As a file nothing changes: no lock, no WAL.
    Immutable,
}

/// `open_read_only`'s one try.
fn open_with(path: &Path, how: Open) -> Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
    let query = match how {
        Open::Shared => None,
        // `unix-none` takes no lock (a read-only file cannot be locked for
        // the exclusive mode this needs); Unix only.
        Open::PrivateIndex if cfg!(unix) => Some("vfs=unix-none"),
        Open::PrivateIndex => anyhow::bail!("no WAL without shared memory here"),
        Open::Immutable => Some("immutable=1"),
    };
    let connection = match query {
        None => Connection::open_with_flags(path, flags),
        Some(query) => {
            let mut uri = url::Url::from_file_path(std::path::absolute(path)?)
                .map_err(|()| anyhow::anyhow!("cannot open the mirror {}", path.display()))?;
            uri.set_query(Some(query));
            Connection::open_with_flags(uri.as_str(), flags | OpenFlags::SQLITE_OPEN_URI)
        }
    }
    .with_context(|| format!("cannot open the mirror {}", path.display()))?;
    if how == Open::PrivateIndex {
        // Before the first read: only then does SQLite keep the WAL index
        // in memory rather than ask for shared memory.
        connection.pragma_update(None, "locking_mode", "exclusive")?;
    }
    configure(&connection)?;
    connection.pragma_update(None, "query_only", true)?;
    // Pages read through a memory map rather than copied in by a read call
    // each: a query over every bank (`sql ... GROUP BY`) reads most of the
    // file. Address space only; the kernel's page cache holds the pages.
    connection.pragma_update(None, "mmap_size", READ_MAP_BYTES)?;
    let version: i64 = connection
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .with_context(|| format!("cannot read the mirror {}", path.display()))?;
    match version {
        0 => {
            let tables: i64 = connection
                .query_row(
                    "SELECT count(*) FROM sqlite_schema WHERE type = 'table'",
                    [],
                    |row| row.get(0),
                )
                .with_context(|| format!("cannot read the mirror {}", path.display()))?;
            if tables > 0 {
                Err(not_a_mirror(path))
            } else {
                Err(no_mirror(path))
            }
        }
        other => {
            schema::check_readable(other, path)?;
            if !has_copy_tables(&connection)? {
                return Err(not_a_mirror(path));
            }
            schema::check_whole(&connection, other, path)?;
            older::as_this_schema(&connection, other)?;
            Ok(connection)
        }
    }
}

/// The tables that hold a copy's data since schema 1: a database of
/// another application with a `user_version` of its own has not all of
/// them (a copy that lacks another of its tables is damaged: see
/// `schema::check_whole`).
const COPY_TABLES: [&str; 3] = ["syncs", "banks", "ratings"];

/// Whether the database has every table of [`COPY_TABLES`].
fn has_copy_tables(connection: &Connection) -> Result<bool> {
    let found: i64 = connection.query_row(
        "SELECT count(*) FROM sqlite_schema WHERE type = 'table' \
         AND name IN (SELECT value FROM json_each(?1))",
        [serde_json::to_string(&COPY_TABLES)?],
        |row| row.get(0),
    )?;
    Ok(found == COPY_TABLES.len() as i64)
}

/// Refuses a file that is a SQLite database but not a copy (another
/// application's, whatever its `user_version`), before a writer touches
/// it: no lock file beside it, no change of its journal mode, no
/// migration. Read as an unchanging file (no lock, no log made); an empty
/// database, or a file that is no database at all (which the writer
/// names), is let through.
pub(crate) fn refuse_foreign(path: &Path) -> Result<()> {
    if std::fs::metadata(path).map_or(true, |m| !m.is_file() || m.len() == 0) {
        return Ok(());
    }
    let Ok(connection) = open_with_query(path, "immutable=1") else {
        return Ok(());
    };
    let read = || -> rusqlite::Result<(i64, i64)> {
        let version = connection.pragma_query_value(None, "user_version", |row| row.get(0))?;
        let tables = connection.query_row(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table'",
            [],
            |row| row.get(0),
        )?;
        Ok((version, tables))
    };
    let Ok((version, tables)) = read() else {
        return Ok(());
    };
    let foreign = match version {
        0 => tables > 0,
        _ => !has_copy_tables(&connection)?,
    };
    if foreign {
        return Err(not_a_mirror(path));
    }
    Ok(())
}

/// The file at `path` opened read-only as a URI with `query`.
fn open_with_query(path: &Path, query: &str) -> Result<Connection> {
    let flags = OpenFlags::SQLITE_OPEN_READ_ONLY
        | OpenFlags::SQLITE_OPEN_NO_MUTEX
        | OpenFlags::SQLITE_OPEN_URI;
    let mut uri = url::Url::from_file_path(std::path::absolute(path)?)
        .map_err(|()| anyhow::anyhow!("cannot open the mirror {}", path.display()))?;
    uri.set_query(Some(query));
    Ok(Connection::open_with_flags(uri.as_str(), flags)?)
}

/// A SQLite database with tables of its own: `sync` will not take it over.
fn not_a_mirror(path: &Path) -> anyhow::Error {
    CraError::usage(format!(
        "{} is a SQLite database but not a cra mirror; choose another file with --mirror",
        path.display()
    ))
}

fn no_mirror(path: &Path) -> anyhow::Error {
    // Someone who tried the sandbox has its copy and not the service's: a
    // command without --sandbox looks for the latter.
    let sandbox_copy = default_path(true).filter(|sandbox| {
        default_path(false).as_deref() == Some(path)
            && !sync_command().contains("--sandbox")
            && sandbox.is_file()
    });
    match sandbox_copy {
        Some(sandbox) => CraError::usage(format!(
            "no local copy of the service at {} yet (run: {}); the sandbox's copy is at {}: add --sandbox to read it",
            path.display(),
            sync_command(),
            sandbox.display()
        )),
        None => CraError::usage(format!(
            "no local copy at {} yet (run: {})",
            path.display(),
            sync_command()
        )),
    }
}

/// The sync a hint names, as it works in the user's situation
/// (`cra --sandbox sync`, `--mirror FILE` when one was given): set once
/// from the settings, before any command runs.
static SYNC_COMMAND: std::sync::OnceLock<String> = std::sync::OnceLock::new();

/// Whether the run reads the local copy only (`--offline`): a hint for a
/// command that reads it says so too. Set with [`set_sync_command`].
static OFFLINE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();

/// `cra NAME` as a hint names it in the user's situation: after
/// `--sandbox` and `--offline` when the run has them, before `--mirror
/// FILE` when one was given (`cra --sandbox --offline search --mirror
/// x.sqlite`), so that a hint pasted works as the line it came from did.
pub fn command_named(name: &str) -> String {
    let offline = if OFFLINE.get().copied().unwrap_or(false) {
        " --offline"
    } else {
        ""
    };
    match sync_command().split_once(" sync") {
        Some((before, after)) => format!("{before}{offline} {name}{after}"),
        None => format!("cra{offline} {name}"),
    }
}

/// [`command_named`] without `--offline`: a command that reaches past the
/// copy (`cra --sandbox pe BANK --download`, `enrich`), which `--offline`
/// would stop.
pub fn command_online(name: &str) -> String {
    match sync_command().split_once(" sync") {
        Some((before, after)) => format!("{before} {name}{after}"),
        None => format!("cra {name}"),
    }
}

/// Sets the command hints name (the sync as it works here, and whether
/// the run is `--offline`); the first call wins.
pub fn set_sync_command(command: String, offline: bool) {
    let _ = SYNC_COMMAND.set(command);
    let _ = OFFLINE.set(offline);
}

/// `cra sync`, or what [`set_sync_command`] set.
pub fn sync_command() -> &'static str {
    SYNC_COMMAND.get().map_or("cra sync", String::as_str)
}

/// Now, as the mirror writes times: RFC 3339 UTC with milliseconds.
pub fn now() -> String {
    crate::text::timestamp(jiff::Timestamp::now())
}

/// A text column as a vocabulary value (`Rating`, `ExamType`,
/// `Regulator`): read in place, so a known value allocates nothing.
pub(crate) fn vocab<T: for<'a> From<&'a str>>(
    row: &rusqlite::Row,
    column: impl rusqlite::RowIndex,
) -> rusqlite::Result<T> {
    Ok(T::from(row.get_ref(column)?.as_str()?))
}

/// [`vocab`] of a column that may be NULL.
pub(crate) fn vocab_or_null<T: for<'a> From<&'a str>>(
    row: &rusqlite::Row,
    column: impl rusqlite::RowIndex,
) -> rusqlite::Result<Option<T>> {
    Ok(row.get_ref(column)?.as_str_or_null()?.map(T::from))
}

/// "3 hours ago" for a recorded time.
pub fn age(recorded: &str) -> String {
    let Ok(then) = recorded.parse::<jiff::Timestamp>() else {
        return recorded.to_string();
    };
    crate::text::ago(jiff::Timestamp::now().as_second() - then.as_second())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_over_all_banks_read_an_index_not_the_rows() {
        let mut connection = Connection::open_in_memory().unwrap();
        schema::create(&mut connection).unwrap();
        for query in [
            "SELECT state, rating, count(*) FROM banks GROUP BY state, rating",
            "SELECT regulator, rating, count(*) FROM banks GROUP BY regulator, rating",
        ] {
            let plan: Vec<String> = connection
                .prepare(&format!("EXPLAIN QUERY PLAN {query}"))
                .unwrap()
                .query_map([], |row| row.get("detail"))
                .unwrap()
                .collect::<rusqlite::Result<_>>()
                .unwrap();
            assert!(
                plan.iter().any(|step| step.contains("COVERING INDEX")),
                "{query}: {plan:?}"
            );
        }
    }

    #[test]
    fn ages_read_naturally() {
        let ago = |s: i64| {
            let t = jiff::Timestamp::now() - jiff::SignedDuration::from_secs(s);
            age(&crate::text::timestamp(t))
        };
        assert_eq!(ago(5), "just now");
        assert_eq!(ago(60 * 10), "10 minutes ago");
        assert_eq!(ago(3600 * 3), "3 hours ago");
        assert_eq!(ago(86400 * 2), "2 days ago");
        assert_eq!(age("garbage"), "garbage");
    }
}
