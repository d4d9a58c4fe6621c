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

use super::now;
use crate::error::CraError;

/// One step forward: the version it makes, what it does in words, and its
/// statements, literal SQL of its own (`migrations/N.sql`): no constant
/// the current schema also uses, so a released step cannot change by an
/// edit elsewhere (a test pins each one's checksum).
pub struct Migration {
    pub to: i64,
    pub what: &'static str,
    pub sql: &'static str,
}

/// Schema 1's tables, as the first release that recorded a version made
/// them: what a new copy starts from, before every step after it.
pub const SCHEMA_1: &str = include_str!("migrations/1.sql");

/// Every step after schema 1, in order.
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        to: 2,
        what: "the public record's tables and every index belong to each copy (they were \
               made by the first cra enrich, or the next sync, if at all)",
        sql: include_str!("migrations/2.sql"),
    },
    Migration {
        to: 3,
        what: "structure changes (events): the mergers, failures, closings and name \
               changes of the institutions linked, read by the next cra enrich",
        sql: include_str!("migrations/3.sql"),
    },
    Migration {
        to: 4,
        what: "the evaluations behind the ratings (evaluations, evaluation_tests): public \
               evaluations read by cra enrich --pe, and each area's test ratings",
        sql: include_str!("migrations/4.sql"),
    },
    Migration {
        to: 5,
        what: "a name change says the name before it (events.former_name), read by the \
               next cra enrich",
        sql: include_str!("migrations/5.sql"),
    },
    Migration {
        to: 6,
        what: "the lending behind the rating (lending_files, lending_reporters, lending, \
               cd_lending, assessment_areas, lending_market): the FFIEC's CRA lending data read \
               by cra enrich --lending, each reporter linked to its bank",
        sql: include_str!("migrations/6.sql"),
    },
    Migration {
        to: 7,
        what: "every file cra enrich --pe read is kept, set-aside ones too \
               (evaluations.status: linked, unlinked, set_aside; evaluations.reader: the PE \
               reader's version, a later one reads a file again)",
        sql: include_str!("migrations/7.sql"),
    },
    Migration {
        to: 8,
        what: "the lending rows found through their reporters: the indexes of lending and \
               assessment_areas by bank dropped (a third of reading a year's disclosure file)",
        sql: include_str!("migrations/8.sql"),
    },
];

/// The schema this build reads and writes.
pub const SCHEMA_VERSION: i64 = match MIGRATIONS.last() {
    Some(last) => last.to,
    None => 1,
};

/// The oldest schema this build reads and upgrades.
pub const OLDEST: i64 = 1;

/// The tables, columns and indexes a copy of this build's schema has, as
/// SQLite holds them (`cra sql --schema`): those of a new copy, made here
/// in memory by the released steps.
pub fn schema() -> String {
    let made = Connection::open_in_memory()
        .map_err(anyhow::Error::from)
        .and_then(|mut connection| {
            create(&mut connection)?;
            let mut statement = connection
                .prepare("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid")?;
            let statements = statement
                .query_map([], |row| row.get::<_, String>(0))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(statements)
        });
    match made {
        Ok(statements) => statements.iter().map(|sql| format!("{sql};\n")).collect(),
        Err(error) => format!("-- cannot make the schema in memory: {error}\n"),
    }
}

/// Makes an empty database a copy of this build's schema: schema 1, then
/// every step, as a copy written by the first release moves forward.
pub(crate) fn create(connection: &mut Connection) -> Result<()> {
    let tx = connection.transaction()?;
    tx.execute_batch(SCHEMA_1)?;
    migrate(tx, OLDEST)
}

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
    // A copy this build cannot read, or a damaged one, is refused before
    // its journal mode is touched.
    let version = version(connection)?;
    if version != 0 {
        check_readable(version, path)?;
        check_whole(connection, version, path)?;
    }
    connection.pragma_update(None, "journal_mode", "wal")?;
    connection.pragma_update(None, "synchronous", "normal")?;
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
        tx.execute_batch(SCHEMA_1)?;
        tx.execute(
            "INSERT INTO meta (key, value) VALUES ('service', ?1), ('created_at', ?2)",
            (service, now()),
        )?;
        tx.pragma_update(None, "user_version", OLDEST)?;
        migrate(tx, OLDEST)?;
        return Ok(());
    }
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
    check_whole(connection, version, path)?;
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
        tx.execute_batch(migration.sql)?;
    }
    tx.pragma_update(None, "user_version", SCHEMA_VERSION)?;
    tx.commit()?;
    Ok(())
}

/// The tables a copy of schema `version` has: those its steps create,
/// read from their SQL (`CREATE TABLE [IF NOT EXISTS] name`).
pub(super) fn tables_at(version: i64) -> Vec<&'static str> {
    std::iter::once(SCHEMA_1)
        .chain(MIGRATIONS.iter().filter(|m| m.to <= version).map(|m| m.sql))
        .flat_map(|sql| sql.split("CREATE TABLE ").skip(1))
        .filter_map(|rest| {
            let rest = rest.strip_prefix("IF NOT EXISTS ").unwrap_or(rest);
            rest.split(|c: char| c.is_whitespace() || c == '(')
                .next()
                .filter(|name| !name.is_empty())
        })
        .collect()
}

/// Refuses a copy of schema `version` that lacks a table its schema has
/// (dropped by another program): named, not a raw "no such table" at the
/// first query that needs it, nor a sync that ends well and leaves it so.
pub(super) fn check_whole(connection: &Connection, version: i64, path: &Path) -> Result<()> {
    let mut statement =
        connection.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'")?;
    let present: Vec<String> = statement
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let missing: Vec<&str> = tables_at(version)
        .into_iter()
        .filter(|table| !present.iter().any(|p| p == table))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    Err(anyhow::anyhow!(
        "the local copy {} is damaged: it lacks the {} {} of its schema {version} (changed \
         outside cra); move it aside and run {} to make a new one",
        path.display(),
        if missing.len() == 1 {
            "table"
        } else {
            "tables"
        },
        missing.join(", "),
        super::sync_command()
    ))
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
        // Every table and index of a new copy is there.
        let mut fresh = Connection::open_in_memory().unwrap();
        create(&mut fresh).unwrap();
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

    /// Each released step, pinned: a step is never changed once a `cra`
    /// with it is out (copies took it as it was), so a new step is added
    /// here with its checksum, and an edit of a released one fails.
    #[test]
    fn released_steps_are_frozen() {
        use sha2::{Digest, Sha256};
        const RELEASED: &[(i64, &str)] = &[
            (
                1,
                "21330de45e0ce9fee5c3484d30bd5fc76acf9e62f5393168aaaac9e7fdd04bb2",
            ),
            (
                2,
                "80c84a1a1fa5c99b5ab44c2ef327ef2718a81c9feced9d40b90889562aafc717",
            ),
            (
                3,
                "f0a3194e1c5dd708c5062a48aef152deb2272485b9f2e785bd63934777bf72ae",
            ),
            (
                4,
                "bef973936a31ca04a7e8fe92898ada388b491632c808c23c4cec269cc394d1c6",
            ),
            (
                5,
                "bdc6674605352e85360266bd3be84d4f2391e540f9c003460523012b2bdc8379",
            ),
            (
                6,
                "916180a67ba8787f9146dac6a4cde5612b35fe9d8b324c71cb78a0e9768f5716",
            ),
            (
                7,
                "265480d287dbbd15bde8f3756c273a7fbff334f75517dbad993e3140a3812662",
            ),
            (
                8,
                "9977c7cd6909b30f6849b1305c47fac2a6154978bcfbee03352efe64ba15f8ae",
            ),
        ];
        let steps =
            std::iter::once((OLDEST, SCHEMA_1)).chain(MIGRATIONS.iter().map(|m| (m.to, m.sql)));
        for (version, sql) in steps {
            let sum = hex::encode(Sha256::digest(sql.as_bytes()));
            let pinned = RELEASED.iter().find(|(v, _)| *v == version);
            assert_eq!(
                pinned.map(|(_, sum)| *sum),
                Some(sum.as_str()),
                "schema {version}: a released step changed (add a new step instead), or a new \
                 one is not pinned yet (add ({version}, \"{sum}\") to RELEASED)"
            );
        }
        assert_eq!(RELEASED.len() as i64, SCHEMA_VERSION);
    }

    /// The tables each schema has, as read from its steps, are those a new
    /// copy has: a damaged copy is told by them.
    #[test]
    fn the_tables_of_each_schema_are_those_its_steps_create() {
        let mut connection = Connection::open_in_memory().unwrap();
        create(&mut connection).unwrap();
        let mut made: Vec<String> = connection
            .prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        made.retain(|name| !name.starts_with("sqlite_"));
        let mut read: Vec<&str> = tables_at(SCHEMA_VERSION);
        read.sort_unstable();
        assert_eq!(read, made);
        assert_eq!(
            tables_at(1),
            [
                "meta",
                "syncs",
                "banks",
                "ratings",
                "outbox",
                "removed_banks"
            ]
        );
        assert!(tables_at(3).contains(&"events") && !tables_at(2).contains(&"events"));
        assert!(check_whole(&connection, SCHEMA_VERSION, Path::new("c")).is_ok());
        connection
            .execute_batch("DROP TABLE events; DROP TABLE links")
            .unwrap();
        let error = check_whole(&connection, SCHEMA_VERSION, Path::new("c")).unwrap_err();
        assert!(
            error.to_string().contains(&format!(
                "is damaged: it lacks the tables links, events of its schema {SCHEMA_VERSION}"
            )),
            "{error}"
        );
    }

    /// Schema 7: each evaluation a copy of schema 6 holds gets its status
    /// (linked where it has a bank, else unlinked) and reader 1 (the
    /// readers before it), nothing else of it changes; set-aside files can
    /// be kept after it.
    #[test]
    fn schema_7_gives_each_evaluation_its_status() {
        let mut connection = Connection::open_in_memory().unwrap();
        let tx = connection.transaction().unwrap();
        tx.execute_batch(SCHEMA_1).unwrap();
        for step in MIGRATIONS.iter().filter(|m| m.to <= 6) {
            tx.execute_batch(step.sql).unwrap();
        }
        tx.pragma_update(None, "user_version", 6).unwrap();
        tx.execute_batch(
            "INSERT INTO evaluations (sha256, source, bank_id, exam_date, rating, reason, kind, \
             read_at) VALUES ('a', '/pe/a.pdf', 'bank-1', '2020-01-02', 'Outstanding', NULL, \
             'large', 't'), ('b', '/pe/b.pdf', NULL, NULL, 'Satisfactory', 'no bank', 'small', 't');",
        )
        .unwrap();
        tx.commit().unwrap();
        let before = rows(&connection, "evaluations");
        migrate(connection.transaction().unwrap(), 6).unwrap();
        assert_eq!(version(&connection).unwrap(), SCHEMA_VERSION);
        let said: Vec<(String, String, i64)> = connection
            .prepare("SELECT sha256, status, reader FROM evaluations ORDER BY sha256")
            .unwrap()
            .query_map([], |row| {
                Ok((row.get("sha256")?, row.get("status")?, row.get("reader")?))
            })
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(
            said,
            [
                ("a".to_string(), "linked".to_string(), 1),
                ("b".to_string(), "unlinked".to_string(), 1)
            ]
        );
        // Every column of schema 6 as it was, the new two after them.
        let after: Vec<String> = rows(&connection, "evaluations")
            .iter()
            .map(|row| row.rsplitn(4, '|').nth(3).unwrap().to_string() + "|")
            .collect();
        assert_eq!(after, before);
        connection
            .execute(
                "INSERT INTO evaluations (sha256, source, reason, kind, read_at, status, reader) \
                 VALUES ('c', '/pe/c.pdf', 'encrypted', 'none', 't', 'set_aside', 2)",
                [],
            )
            .unwrap();
    }

    #[test]
    fn versions_only_go_forward_one_step_at_a_time() {
        for (expected, migration) in (OLDEST + 1..).zip(MIGRATIONS) {
            assert_eq!(migration.to, expected, "{}", migration.what);
        }
    }
}
