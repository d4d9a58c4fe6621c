//! The copy's schema and how a copy moves forward: the tables of schema 1
//! (the first release that recorded a version, `PRAGMA user_version`),
//! then numbered migrations, each a step from one version to the next. A
//! writer (`sync`, `enrich`) brings a copy of any earlier version up to
//! this build's on its first write, every step in one transaction, so a
//! copy is never left between versions and nothing it holds is lost (a
//! full re-sync would cost a paid quota). Readers read an older copy as it
//! is; a copy of a later version (a newer `cra` wrote it) is refused,
//! named with both versions, and left untouched.
//!
//! A migration is added at the end of [`MIGRATIONS`] and never changed
//! once released: a copy written by any release must take the same steps.
//! `tests/fixtures/copy-schema-1.sqlite`, written by the release before
//! any migration, is upgraded by the tests with every later build.

use std::path::Path;

use anyhow::Result;
use rusqlite::{Connection, OptionalExtension, Transaction};

use super::{now, record};
use crate::error::CraError;

/// One step forward: the version it makes, what it does in words, and the
/// statements that do it.
pub struct Migration {
    pub to: i64,
    pub what: &'static str,
    pub run: fn(&Transaction) -> rusqlite::Result<()>,
}

/// Every step after schema 1, in order.
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        to: 2,
        what: "the public record's tables and every index belong to each copy (they were \
               made by the first cra enrich, or the next sync, if at all)",
        run: |tx| {
            // The first copies had `links_assets(assets, bank_id)`, replaced
            // by `links_public`, which covers activity and exam method too.
            tx.execute_batch("DROP INDEX IF EXISTS links_assets;")?;
            tx.execute_batch(record::SCHEMA)?;
            tx.execute_batch(INDEXES)
        },
    },
    Migration {
        to: 3,
        what: "structure changes (events): the mergers, failures, closings and name \
               changes of the institutions linked, read by the next cra enrich",
        run: |tx| tx.execute_batch(record::EVENTS),
    },
];

/// The schema this build reads and writes.
pub const SCHEMA_VERSION: i64 = match MIGRATIONS.last() {
    Some(last) => last.to,
    None => 1,
};

/// The oldest schema this build reads and upgrades.
pub const OLDEST: i64 = 1;

/// Schema 1's tables.
pub(crate) const SCHEMA: &str = "
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE syncs (
    id            INTEGER PRIMARY KEY,
    started_at    TEXT NOT NULL,
    finished_at   TEXT,
    status        TEXT NOT NULL,
    full          INTEGER NOT NULL,
    banks         INTEGER NOT NULL DEFAULT 0,
    new_banks     INTEGER NOT NULL DEFAULT 0,
    removed_banks INTEGER NOT NULL DEFAULT 0,
    changed_banks INTEGER NOT NULL DEFAULT 0,
    new_exams     INTEGER NOT NULL DEFAULT 0,
    failed_banks  INTEGER NOT NULL DEFAULT 0,
    requests      INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE banks (
    id           TEXT PRIMARY KEY,
    position     INTEGER NOT NULL,
    name         TEXT NOT NULL,
    city         TEXT NOT NULL,
    state        TEXT NOT NULL,
    regulator    TEXT NOT NULL,
    rating       TEXT,
    exam_date    TEXT,
    exam_type    TEXT,
    charter_type TEXT,
    list_json    TEXT NOT NULL,
    detail_json  TEXT NOT NULL,
    first_sync   INTEGER NOT NULL,
    listed_sync  INTEGER NOT NULL,
    fetched_sync INTEGER NOT NULL
);
CREATE INDEX banks_position ON banks(position);
CREATE INDEX banks_state ON banks(state, position);
CREATE TABLE ratings (
    bank_id    TEXT NOT NULL REFERENCES banks(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    exam_date  TEXT NOT NULL,
    rating     TEXT NOT NULL,
    exam_type  TEXT NOT NULL,
    is_current INTEGER NOT NULL,
    added_sync INTEGER NOT NULL,
    PRIMARY KEY (bank_id, seq)
) WITHOUT ROWID;
CREATE INDEX ratings_exam_date ON ratings(exam_date);
CREATE INDEX ratings_added ON ratings(added_sync);
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    bank_id    TEXT NOT NULL,
    data       TEXT NOT NULL,
    added_sync INTEGER NOT NULL,
    attempts   INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
);
CREATE TABLE removed_banks (
    id           TEXT PRIMARY KEY,
    name         TEXT NOT NULL,
    city         TEXT NOT NULL,
    state        TEXT NOT NULL,
    regulator    TEXT NOT NULL,
    list_json    TEXT NOT NULL,
    detail_json  TEXT NOT NULL,
    removed_at   TEXT NOT NULL,
    removed_sync INTEGER NOT NULL
);
";

/// The tables, columns and indexes a copy has, as SQL (`cra sql --schema`).
pub fn schema() -> String {
    format!(
        "{}{}{}{}",
        SCHEMA.trim_start(),
        INDEXES,
        record::SCHEMA,
        record::EVENTS
    )
}

/// Indexes added after schema 1 was first released: created by the writer
/// (`IF NOT EXISTS`, so an older mirror gains them at its next sync) and
/// readable by any build of schema 1. A bank's row carries its stored JSON
/// (most of the file), so a query that reads rows for a count reads the
/// file. The first two cover the offline list's filters (counting
/// `--state TX --size large`); `banks_groups` holds the columns counts are
/// grouped and filtered by, so `sql` and `stats` counts over all banks
/// (by state, regulator, size, rating) read it (about 1 MB) instead;
/// `banks_find` holds every column a finding command selects or sorts by
/// (`mirror::find`), so a filtered, sorted page reads it and then only the
/// page's rows. `banks_regulator` (the same columns, regulator and exam
/// date first) answers "which regulators" with a seek per regulator and
/// serves a regulator with an exam period; `banks_name` (the same, name
/// first) gives the banks in name order without sorting them all, so the
/// first page of `--sort name` reads about a page of it; `banks_city`,
/// the narrowest, is what a partial city is tested against.
pub(crate) const INDEXES: &str = "
CREATE INDEX IF NOT EXISTS banks_state_size ON banks(state, exam_type, position);
CREATE INDEX IF NOT EXISTS banks_size ON banks(exam_type, position);
CREATE INDEX IF NOT EXISTS banks_groups ON banks(state, regulator, exam_type, rating);
CREATE INDEX IF NOT EXISTS banks_find ON banks(rating, regulator, exam_date, state, exam_type, position, city, name, id);
CREATE INDEX IF NOT EXISTS banks_regulator ON banks(regulator, exam_date, rating, state, exam_type, position, city, name, id);
CREATE INDEX IF NOT EXISTS banks_name ON banks(name, position, rating, regulator, exam_date, state, exam_type, city, id);
CREATE INDEX IF NOT EXISTS banks_city ON banks(city, position);
";

/// Whether this build reads a copy of schema `version`; the refusal when
/// not (a later one, written by a newer `cra`).
pub fn check_readable(version: i64, path: &Path) -> Result<()> {
    if (OLDEST..=SCHEMA_VERSION).contains(&version) {
        return Ok(());
    }
    Err(CraError::usage(format!(
        "the local copy {} has schema {version}, written by a newer cra; this cra reads schemas \
         {OLDEST} to {SCHEMA_VERSION}: upgrade cra (the copy is left as it is)",
        path.display()
    )))
}

/// Creates the schema in an empty database, or checks an existing one (a
/// copy of `service`, of a schema this build reads) and brings it up to
/// this build's. Runs inside the writer's lock.
pub(super) fn prepare(connection: &mut Connection, path: &Path, service: &str) -> Result<()> {
    super::configure(connection)?;
    connection.pragma_update(None, "journal_mode", "wal")?;
    connection.pragma_update(None, "synchronous", "normal")?;
    let version = version(connection)?;
    if version == 0 {
        let tx = connection.transaction()?;
        let tables: i64 = tx.query_row(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table'",
            [],
            |row| row.get(0),
        )?;
        if tables > 0 {
            return Err(super::not_a_mirror(path));
        }
        tx.execute_batch(SCHEMA)?;
        tx.execute_batch(INDEXES)?;
        tx.execute(
            "INSERT INTO meta (key, value) VALUES ('service', ?1), ('created_at', ?2)",
            (service, now()),
        )?;
        tx.pragma_update(None, "user_version", OLDEST)?;
        migrate(tx, OLDEST)?;
        return Ok(());
    }
    check_readable(version, path)?;
    let recorded: Option<String> = connection
        .query_row("SELECT value FROM meta WHERE key = 'service'", [], |row| {
            row.get(0)
        })
        .optional()?;
    if let Some(recorded) = recorded
        && recorded != service
    {
        return Err(CraError::usage(format!(
            "the mirror {} is a copy of {}, not of {}; use --mirror FILE for a second service",
            path.display(),
            crate::http::hide_address_secrets(&recorded),
            crate::http::hide_address_secrets(service)
        )));
    }
    upgrade(connection, path)
}

/// Brings a copy of an earlier schema up to this build's, in one
/// transaction (a copy already there is left alone). The caller holds the
/// writer's lock.
pub(super) fn upgrade(connection: &mut Connection, path: &Path) -> Result<()> {
    let version = version(connection)?;
    check_readable(version, path)?;
    if version == SCHEMA_VERSION {
        return Ok(());
    }
    let tx = connection.transaction()?;
    // Read again inside the transaction: the lock keeps other writers out,
    // and this makes the step and its check one.
    let version = self::version(&tx)?;
    migrate(tx, version).map_err(|error| {
        error.context(format!(
            "cannot upgrade the local copy {} from schema {version} to {SCHEMA_VERSION} (it is left as it was)",
            path.display()
        ))
    })
}

/// Runs every migration after `from` in `tx`, sets the version, commits.
fn migrate(tx: Transaction, from: i64) -> Result<()> {
    for migration in MIGRATIONS.iter().filter(|m| m.to > from) {
        (migration.run)(&tx)?;
    }
    tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    tx.commit()?;
    Ok(())
}

/// The copy's schema version (0: not a copy yet).
pub(super) fn version(connection: &Connection) -> Result<i64> {
    Ok(connection.pragma_query_value(None, "user_version", |row| row.get(0))?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The fixture written by the release before any migration, copied to
    /// a scratch folder (the upgrade writes it).
    fn schema_1_copy() -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("copy.sqlite");
        std::fs::copy(
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/copy-schema-1.sqlite"
            ),
            &path,
        )
        .unwrap();
        (dir, path)
    }

    const COUNTED: [&str; 9] = [
        "banks",
        "ratings",
        "removed_banks",
        "outbox",
        "syncs",
        "ffiec_exams",
        "institutions",
        "links",
        "link_exams",
    ];

    fn count(connection: &Connection, table: &str) -> i64 {
        connection
            .query_row(&format!("SELECT count(*) FROM {table}"), [], |row| {
                row.get(0)
            })
            .unwrap()
    }

    /// Every row of every table, as text, in a stable order: what an
    /// upgrade must keep.
    fn rows(connection: &Connection, table: &str) -> Vec<String> {
        let mut statement = connection
            .prepare(&format!("SELECT * FROM {table}"))
            .unwrap();
        let columns = statement.column_count();
        let mut rows: Vec<String> = statement
            .query_map([], |row| {
                let mut text = String::new();
                for i in 0..columns {
                    let value: rusqlite::types::Value = row.get(i)?;
                    text.push_str(&format!("{value:?}|"));
                }
                Ok(text)
            })
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        rows.sort();
        rows
    }

    #[test]
    fn a_copy_of_schema_1_moves_forward_keeping_every_row() {
        let (_dir, path) = schema_1_copy();
        let mut connection = Connection::open(&path).unwrap();
        assert_eq!(version(&connection).unwrap(), 1);
        let before: Vec<Vec<String>> = COUNTED.iter().map(|t| rows(&connection, t)).collect();
        let counted: Vec<i64> = COUNTED.iter().map(|t| count(&connection, t)).collect();
        assert_eq!(counted, [204, 827, 1, 12, 3, 826, 205, 202, 805]);
        upgrade(&mut connection, &path).unwrap();
        assert_eq!(version(&connection).unwrap(), SCHEMA_VERSION);
        let after: Vec<Vec<String>> = COUNTED.iter().map(|t| rows(&connection, t)).collect();
        assert_eq!(before, after);
        // Every table and index of this build's schema is there.
        let mut fresh = Connection::open_in_memory().unwrap();
        fresh.execute_batch(SCHEMA).unwrap();
        fresh.execute_batch(INDEXES).unwrap();
        migrate(fresh.transaction().unwrap(), OLDEST).unwrap();
        let names = |c: &Connection| -> Vec<String> {
            let mut s = c
                .prepare("SELECT type || ' ' || name FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY 1")
                .unwrap();
            s.query_map([], |row| row.get(0))
                .unwrap()
                .collect::<rusqlite::Result<_>>()
                .unwrap()
        };
        assert_eq!(names(&connection), names(&fresh));
        // A second upgrade changes nothing.
        upgrade(&mut connection, &path).unwrap();
        assert_eq!(version(&connection).unwrap(), SCHEMA_VERSION);
    }

    #[test]
    fn a_later_schema_is_refused_naming_both() {
        let error = check_readable(9999, Path::new("c.sqlite")).unwrap_err();
        assert_eq!(crate::error::exit_of(&error), crate::error::Exit::Usage);
        let text = error.to_string();
        assert!(
            text.contains("schema 9999") && text.contains(&format!("{OLDEST} to {SCHEMA_VERSION}")),
            "{text}"
        );
        assert!(check_readable(OLDEST, Path::new("c")).is_ok());
        assert!(check_readable(SCHEMA_VERSION, Path::new("c")).is_ok());
        assert!(check_readable(0, Path::new("c")).is_err());
    }

    #[test]
    fn versions_only_go_forward_one_step_at_a_time() {
        for (expected, migration) in (OLDEST + 1..).zip(MIGRATIONS) {
            assert_eq!(migration.to, expected, "{}", migration.what);
        }
    }
}
