//! Reading the local copy: `--offline` answers are the online bytes; with no
//! copy (or a file that is no copy) the readers say what to run; a copy in
//! a read-only folder is read; a FIFO as the copy is refused unopened.

#[cfg(unix)]
use std::path::Path;

use serde_json::Value;

#[cfg(unix)]
use crate::common::hostile::KEY;
use crate::common::{Home, World, assert_code, run, stderr, text};
#[cfg(unix)]
use crate::common::{fifo, within_10s};

use super::support::pages;
#[cfg(unix)]
use super::support::synced;

#[test]
fn offline_answers_are_the_online_bytes() {
    let world = World::logged(&["--banks", "1200", "--seed", "3"]);
    let summary = world.sync(&[]);
    assert_eq!(summary["banks"], 1200);
    assert_eq!(summary["new_banks"], 1200);
    assert_eq!(summary["removed_banks"], 0);
    assert_eq!(summary["requests"], 1200 + pages(1200));
    let requests = world.take_requests();
    assert_eq!(requests.list, pages(1200));
    assert_eq!(requests.details.len(), 1200);

    let all = world.sandbox().walk("");
    let id = |k: usize| all[k]["id"].as_str().unwrap().to_string();
    let (a, b) = (id(7), id(900));
    let cases: Vec<Vec<String>> = [
        vec!["search", "--format", "json"],
        vec!["search", "--state", "TX", "--all", "--format", "json"],
        vec![
            "search",
            "BANK",
            "--per-page",
            "7",
            "--page",
            "2",
            "--format",
            "json",
        ],
        vec![
            "search", "first", "--state", "ia", "--all", "--format", "ndjson",
        ],
        vec!["search", "--size", "large", "--all", "--format", "csv"],
        vec!["search", "--limit", "130", "--format", "tsv"],
        vec!["search", "--page", "999", "--format", "json"],
        vec!["export", "--format", "csv"],
        vec!["export", "--with-history", "--format", "json"],
        vec!["export", "--with-history", "--format", "csv"],
        vec![
            "export",
            "--state",
            "NY",
            "--with-history",
            "--format",
            "ndjson",
        ],
        vec!["show", &a, "--format", "json"],
        vec!["show", &a, &b, "--format", "json"],
        vec!["show", &b, "--format", "csv"],
    ]
    .into_iter()
    .map(|args| args.into_iter().map(String::from).collect())
    .collect();
    for args in &cases {
        let online = run(world.cra().args(args));
        let offline = run(world.offline().args(args));
        assert_code(&online, 0);
        assert_code(&offline, 0);
        assert!(!online.stdout.is_empty(), "{args:?}");
        assert!(
            online.stdout == offline.stdout,
            "cra {args:?}: offline differs from online"
        );
    }
    // Offline sends nothing.
    world.take_requests();
    run(world.offline().args(["export", "--with-history"]));
    let after = world.take_requests();
    assert_eq!((after.list, after.details.len()), (0, 0));

    // A bank the mirror does not hold is exit 5, as online.
    let out = run(world.offline().args(["show", "no-such-bank"]));
    assert_code(&out, 5);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-bank"));
}

#[test]
fn with_no_copy_the_readers_say_to_sync() {
    let home = Home::new();
    for args in [
        vec!["--offline", "search", "--state", "TX"],
        vec!["--offline", "show", "x"],
        vec!["--offline", "export"],
        vec!["sql", "SELECT 1"],
    ] {
        let out = run(home.cra().args(&args));
        assert_code(&out, 2);
        let message = String::from_utf8_lossy(&out.stderr);
        assert!(message.contains("cra sync"), "{args:?}: {message}");
        assert!(out.stdout.is_empty());
    }
    // `--sandbox` has its own copy, which is not the service's.
    let out = run(home.cra().args(["config", "show", "--format", "json"]));
    let plain: Value = serde_json::from_slice(&out.stdout).unwrap();
    let out = run(home
        .cra()
        .args(["--sandbox", "config", "show", "--format", "json"]));
    let sandbox: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(
        plain["mirror"]["value"]
            .as_str()
            .unwrap()
            .ends_with("/cra/mirror.sqlite")
    );
    assert!(
        sandbox["mirror"]["value"]
            .as_str()
            .unwrap()
            .ends_with("/cra/sandbox-mirror.sqlite")
    );
    assert_eq!(plain["mirror"]["origin"], "default");
    let out = run(home
        .cra()
        .args(["config", "show", "--format", "json"])
        .env("CRA_MIRROR", "/tmp/x.sqlite"));
    let env: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(env["mirror"]["value"], "/tmp/x.sqlite");
    assert_eq!(env["mirror"]["origin"], "environment");
}

#[test]
fn with_no_copy_they_say_to_sync() {
    let home = Home::new();
    for args in [&["changes"][..], &["stats"], &["stats", "--by", "year"]] {
        let out = home.cra().args(args).output().unwrap();
        assert_code(&out, 2);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("cra sync"), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
    }
}

#[test]
fn hints_name_the_sync_that_works_here() {
    let home = Home::new();
    let out = home.cra().args(["--sandbox", "stats"]).output().unwrap();
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("(run: cra --sandbox sync)"),
        "{}",
        stderr(&out)
    );

    let mirror = home.path().join("team copy.sqlite");
    let out = home
        .cra()
        .args(["changes", "--mirror"])
        .arg(&mirror)
        .output()
        .unwrap();
    assert_code(&out, 2);
    let want = format!("(run: cra sync --mirror '{}')", mirror.display());
    assert!(
        stderr(&out).contains(&want),
        "{} lacks {want}",
        stderr(&out)
    );

    // From the environment the sync finds the copy by itself.
    let out = home
        .cra()
        .env("CRA_MIRROR", &mirror)
        .args(["sql", "select 1"])
        .output()
        .unwrap();
    assert_code(&out, 2);
    assert!(stderr(&out).contains("(run: cra sync)"), "{}", stderr(&out));
}

/// Whether this test runs as root (who may write anywhere).
#[cfg(unix)]
fn running_as_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    let probe = tempfile::NamedTempFile::new().unwrap();
    probe.as_file().metadata().unwrap().uid() == 0
}

#[cfg(unix)]
#[test]
fn a_mirror_in_a_read_only_folder_is_read() {
    use std::os::unix::fs::PermissionsExt;
    let world = synced();
    let folder = world.home.path().join("ro");
    std::fs::create_dir(&folder).unwrap();
    let mirror = folder.join("m.sqlite");
    std::fs::rename(world.mirror(), &mirror).unwrap();
    for side in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{side}", world.mirror().display()));
    }
    let set = |path: &Path, mode: u32| {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    set(world.home.path(), 0o755);
    set(&mirror, 0o444);
    set(&folder, 0o555);
    let root = running_as_root();
    for args in [
        vec!["sql", "SELECT count(*) AS n FROM banks", "--format", "tsv"],
        vec!["stats", "--format", "csv"],
        vec!["--offline", "search", "--format", "csv"],
    ] {
        // Root writes anywhere: the folder is read-only only to another user.
        let mut cmd = if root {
            let Some(mut cmd) = crate::common::tool("setpriv", "util-linux") else {
                return;
            };
            cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
                .arg(crate::common::cra_bin());
            cmd
        } else {
            std::process::Command::new(crate::common::cra_bin())
        };
        cmd.env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("HOME", world.home.path())
            .env("CRA_CONFIG", world.home.config_path())
            .env("CRA_MIRROR", &mirror)
            .args(&args);
        let out = cmd.output().unwrap();
        set(&folder, 0o555);
        let stderr = text(&out.stderr);
        assert!(out.status.success(), "{args:?}: {stderr}");
        assert!(!stderr.contains("not a cra mirror"), "{stderr}");
        if args[0] == "sql" {
            assert_eq!(text(&out.stdout), "n\n3\n");
        }
    }
    // Nothing was written beside it.
    let names: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec![std::ffi::OsString::from("m.sqlite")]);
    set(&folder, 0o755);
}

#[test]
fn readers_of_an_unrelated_sqlite_file_do_not_say_run_cra_sync() {
    let home = Home::new();
    let path = home.path().join("other.sqlite");
    let db = rusqlite::Connection::open(&path).unwrap();
    db.execute_batch("CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('x');")
        .unwrap();
    drop(db);
    for args in [
        vec!["sql", "SELECT 1"],
        vec!["stats"],
        vec!["--offline", "search"],
    ] {
        let out = home
            .cra()
            .env("CRA_MIRROR", &path)
            .args(&args)
            .output()
            .unwrap();
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("is a SQLite database but not a cra mirror"),
            "{stderr}"
        );
        assert!(!stderr.contains("cra sync"), "{stderr}");
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_as_the_mirror_or_the_replay_log_is_refused_unopened() {
    let home = Home::new();
    let pipe = fifo(home.path(), "pipe");
    for args in [
        vec!["sql", "SELECT 1"],
        vec!["stats"],
        vec!["changes"],
        vec!["--offline", "search"],
        vec!["sync"],
    ] {
        let mut cmd = home.cra_std();
        cmd.env("CRA_MIRROR", &pipe)
            .env("CRA_BASE_URL", "http://127.0.0.1:9")
            .env("CRA_API_KEY", KEY)
            .args(&args);
        let out = within_10s(cmd);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("is not a regular file"),
            "{args:?}: {stderr}"
        );
    }
    let mut cmd = home.cra_std();
    cmd.args(["replay"]).arg(&pipe).args([
        "--to",
        "http://127.0.0.1:9/",
        "--secret",
        "s3cr3t-s3cr3t",
    ]);
    let out = within_10s(cmd);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("is not a regular file"));
}
