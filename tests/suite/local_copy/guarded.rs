//! The local copy and the files beside it, guarded (issue 48): a lock
//! file planted as a link is never written through, another application's
//! SQLite database is left byte for byte, and `cra sql` refuses a pragma
//! that sets, whatever SQLite calls it.

use crate::common::{World, assert_code, stderr};

#[cfg(unix)]
#[test]
fn a_lock_file_planted_as_a_link_overwrites_nothing() {
    let world = crate::common::synced(20);
    let data = world.home.path().join(".local/share/cra");
    let lock = data.join("mirror.sqlite.lock");
    let _ = std::fs::remove_file(&lock);
    let victim = world.home.path().join("victim.txt");
    std::fs::write(&victim, "precious").unwrap();
    std::os::unix::fs::symlink(&victim, &lock).unwrap();
    let out = world.cra().arg("sync").output().unwrap();
    assert_code(&out, 1);
    assert!(
        stderr(&out).contains("is a symbolic link"),
        "{}",
        stderr(&out)
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    // A dangling link makes no file where it points.
    std::fs::remove_file(&lock).unwrap();
    let target = world.home.path().join("made-by-a-lock");
    std::os::unix::fs::symlink(&target, &lock).unwrap();
    assert_code(&world.cra().arg("sync").output().unwrap(), 1);
    assert!(!target.exists());
}

#[test]
fn another_applications_database_is_left_byte_for_byte() {
    let world = World::new(&["--banks", "20"]);
    let app = world.home.path().join("app.db");
    for version in [1, 2, 3] {
        let _ = std::fs::remove_file(&app);
        {
            let connection = rusqlite::Connection::open(&app).unwrap();
            connection
                .execute_batch(&format!(
                    "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);
                     INSERT INTO notes (text) VALUES ('mine');
                     PRAGMA user_version = {version};"
                ))
                .unwrap();
        }
        let before = std::fs::read(&app).unwrap();
        let url = world.url().to_string();
        for args in [
            &["sync"][..],
            &[
                "enrich",
                "--ffiec",
                &format!("{url}/ffiec/craratng.zip"),
                "--no-bankfind",
            ],
            &["--offline", "search"],
            &["sql", "SELECT 1"],
        ] {
            let out = world
                .cra()
                .args(["--mirror", app.to_str().unwrap()])
                .args(args)
                .output()
                .unwrap();
            assert_code(&out, 2);
            assert!(
                stderr(&out).contains("is a SQLite database but not a cra mirror"),
                "{args:?} of a database of version {version}: {}",
                stderr(&out)
            );
        }
        assert_eq!(std::fs::read(&app).unwrap(), before, "version {version}");
        let mut beside = app.as_os_str().to_owned();
        beside.push(".lock");
        assert!(
            !std::path::Path::new(&beside).exists(),
            "no lock left beside it"
        );
    }
}

#[test]
fn a_pragma_that_sets_is_refused() {
    let world = crate::common::synced(20);
    for sql in [
        "PRAGMA query_only=0",
        "PRAGMA writable_schema = 1",
        "PRAGMA trusted_schema=ON",
    ] {
        let out = world.local(&["sql", sql]);
        assert_code(&out, 2);
        assert!(
            stderr(&out).contains("read-only"),
            "{sql}: {}",
            stderr(&out)
        );
    }
    let out = world.local(&["sql", "PRAGMA table_info(banks)"]);
    assert_code(&out, 0);
}

/// A copy whose tables another program dropped (its schema still says 3)
/// is named damaged by every command, readers and `sync` alike, in one
/// line, never a raw "no such table" or a sync that ends well and leaves
/// it so (issue 48, item 10).
#[test]
fn a_copy_with_tables_dropped_is_named_damaged_by_readers_and_sync() {
    let world = crate::common::synced(20);
    let copy = world.home.path().join(".local/share/cra/mirror.sqlite");
    {
        let connection = rusqlite::Connection::open(&copy).unwrap();
        connection
            .execute_batch("DROP TABLE events; DROP TABLE links; DROP TABLE meta;")
            .unwrap();
    }
    for args in [
        &["--offline", "search"][..],
        &["sql", "SELECT count(*) FROM banks"],
        &["lineage", "fdic:1"],
        &["due"],
        &["sync"],
    ] {
        let out = world.cra().args(args).output().unwrap();
        assert_code(&out, 1);
        let said = stderr(&out);
        assert!(
            said.contains(&format!(
                "is damaged: it lacks the tables meta, links, events of its schema {}",
                cra::mirror::SCHEMA_VERSION
            )) && said.contains("move it aside"),
            "{args:?}: {said}"
        );
        assert_eq!(said.trim().lines().count(), 1, "{said}");
        assert!(!said.contains("no such table"), "{said}");
    }
}
