//! Data you can trust from a service you cannot (issue 19): in-test
//! hostile services that answer one bank's request with another's detail,
//! list an id twice with different content, page by their own page size,
//! quote the API key back in data, and list ids no URL carries untouched.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::Arc;

use serde_json::{Value, json};

#[cfg(unix)]
use crate::common::Signal;
use crate::common::server::{Reply, TestServer};
use crate::common::{Home, World};

/// The key the tests' `cra` sends.
const KEY: &str = "key-Zq8v-SECRET-77";

/// A list entry.
fn entry(id: &str, name: &str) -> Value {
    json!({"id": id, "name": name, "city": "AMES", "state": "IA", "regulator": "FDIC",
        "current_rating": {"rating": "Satisfactory", "exam_date": "2019-05-01", "exam_type": "Small Bank"}})
}

/// The detail matching a list entry.
fn detail_of(entry: &Value) -> Value {
    json!({"id": entry["id"], "name": entry["name"], "city": entry["city"], "state": entry["state"],
        "regulator": entry["regulator"], "charter_type": null,
        "ratings": [{"exam_date": "2019-05-01", "rating": "Satisfactory", "exam_type": "Small Bank", "is_current": true}]})
}

/// Query parameter `name` of a request target.
fn param(target: &str, name: &str) -> Option<u64> {
    target
        .split_once('?')?
        .1
        .split('&')
        .find_map(|kv| kv.strip_prefix(&format!("{name}=")))?
        .parse()
        .ok()
}

/// `%XX` decoded (the test's own, so it checks `cra`'s encoding).
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// How a hostile service behaves.
#[derive(Clone, Default)]
struct Hostile {
    /// The list, in order (an id may appear twice).
    list: Vec<Value>,
    /// Banks a page holds at most, whatever was asked (`meta.per_page`
    /// says so when `honest_meta`).
    page_cap: Option<u64>,
    honest_meta: bool,
    /// Detail answers by requested id, instead of the list entry's.
    details: HashMap<String, Value>,
    /// While set, details are answered after a minute.
    slow_details: Arc<std::sync::atomic::AtomicBool>,
}

impl Hostile {
    fn new(list: Vec<Value>) -> Hostile {
        Hostile {
            list,
            honest_meta: true,
            ..Hostile::default()
        }
    }

    fn start(self) -> TestServer {
        let this = Arc::new(self);
        TestServer::start(move |_, target| this.answer(target))
    }

    fn answer(&self, target: &str) -> Reply {
        let path = target.split('?').next().unwrap();
        if let Some(id) = path.strip_prefix("/api/v1/banks/") {
            let id = decode(id);
            if self.slow_details.load(std::sync::atomic::Ordering::SeqCst) {
                return Reply::json(500, "{}").delayed(std::time::Duration::from_secs(60));
            }
            if let Some(detail) = self.details.get(&id) {
                return Reply::json(200, &json!({"data": detail}).to_string());
            }
            return match self.list.iter().find(|e| e["id"] == id.as_str()) {
                Some(entry) => Reply::json(200, &json!({"data": detail_of(entry)}).to_string()),
                None => Reply::json(404, r#"{"error":"not found"}"#),
            };
        }
        let page = param(target, "page").unwrap_or(1);
        let asked = param(target, "per_page").unwrap_or(25);
        let per_page = self.page_cap.map_or(asked, |cap| cap.min(asked));
        let total = self.list.len() as u64;
        let start = ((page - 1) * per_page) as usize;
        let data: Vec<Value> = self
            .list
            .iter()
            .skip(start)
            .take(per_page as usize)
            .cloned()
            .collect();
        let shown = if self.honest_meta { per_page } else { asked };
        Reply::json(
            200,
            &json!({"data": data, "meta": {"total": total, "page": page, "per_page": shown,
                "total_pages": total.div_ceil(shown)}})
            .to_string(),
        )
    }
}

/// A world whose service is `service`, its local copy in the home.
fn against(service: Hostile) -> World {
    World::scripted(service.start(), KEY)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn exists(path: &Path) -> bool {
    path.exists()
}

// ---- 1. a detail that is not the bank asked for -------------------------

fn swapped() -> Hostile {
    let a = entry("bank-a", "ALPHA BANK");
    let b = entry("bank-b", "BETA BANK");
    let mut service = Hostile::new(vec![a, b.clone()]);
    service.details.insert("bank-a".into(), detail_of(&b));
    service
}

#[test]
fn sync_stores_nothing_for_a_detail_of_another_bank() {
    let world = against(swapped());
    let out = world.run(&["sync"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("'bank-a'") && stderr.contains("answered the request for bank"),
        "{stderr}"
    );
    // B is stored once, as itself; nothing under A's id.
    assert_eq!(
        world.sql_tsv("SELECT id, name FROM banks ORDER BY id"),
        "id\tname\nbank-b\tBETA BANK\n"
    );
    assert_eq!(
        world.sql_tsv("SELECT count(*) AS n FROM ratings WHERE bank_id = 'bank-a'"),
        "n\n0\n"
    );
    // Asked once: the same answer would come again.
    let asked_a = world
        .detail_requests()
        .iter()
        .filter(|p| *p == "bank-a")
        .count();
    assert_eq!(asked_a, 1);
    // The next sync asks for it again (it is still not stored).
    let out = world.run(&["sync"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        world
            .detail_requests()
            .iter()
            .filter(|p| *p == "bank-a")
            .count(),
        2
    );
}

#[test]
fn export_with_history_and_show_refuse_a_detail_of_another_bank() {
    let world = against(swapped());
    let dest = world.home.path().join("out.csv");
    let out = world.run(&["export", "--with-history", "-o", dest.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("with bank 'bank-b'"), "{stderr}");
    assert!(!exists(&dest));
    for format in ["json", "table"] {
        let out = world.run(&["show", "bank-a", "--format", format]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(
            stderr.contains("'bank-a'") && stderr.contains("'bank-b'"),
            "{stderr}"
        );
        assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    }
    // The honest bank still shows.
    let out = world.run(&["show", "bank-b", "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn ids_are_requested_exactly_as_listed_whatever_they_hold() {
    let odd = ["a\tb", "c\nd", "e/f?g&h=i", "50% off", "x#y"];
    let world = against(Hostile::new(
        odd.iter().map(|id| entry(id, "ODD BANK")).collect(),
    ));
    let out = world.run(&["sync"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let asked: Vec<String> = world.detail_requests();
    for id in odd {
        assert!(
            asked.iter().any(|p| decode(p) == id),
            "{id:?} not requested; asked {asked:?}"
        );
    }
    assert!(asked.contains(&"a%09b".to_string()), "{asked:?}");
    assert!(
        asked.contains(&"e%2Ff%3Fg%26h%3Di".to_string()),
        "{asked:?}"
    );
    assert_eq!(world.sql_tsv("SELECT count(*) AS n FROM banks"), "n\n5\n");
    // show takes such ids as they are, online.
    for id in odd {
        let out = world.run(&["show", id, "--format", "json"]);
        assert!(out.status.success(), "{id:?}: {}", text(&out.stderr));
        let shown: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(shown["id"], id);
    }
}

// ---- 2. the same id listed twice with different content ----------------

fn listed_twice() -> Hostile {
    let mut list: Vec<Value> = (0..150)
        .map(|i| entry(&format!("b{i:03}"), "SOME BANK"))
        .collect();
    // Page 2 lists b007 again, renamed.
    list[120] = entry("b007", "ANOTHER NAME");
    Hostile::new(list)
}

#[test]
fn an_id_listed_twice_with_different_content_is_an_inconsistent_list() {
    let world = against(listed_twice());
    let dest = world.home.path().join("out.csv");
    for args in [
        vec!["sync"],
        vec!["export", "-o", dest.to_str().unwrap()],
        vec!["search", "--all", "--format", "csv"],
    ] {
        let out = world.run(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("listed bank 'b007' twice with different content"),
            "{args:?}: {stderr}"
        );
    }
    assert!(!exists(&dest));
}

// ---- 3. fewer banks a page than asked -----------------------------------

fn short_pages(honest_meta: bool) -> Hostile {
    let mut service = Hostile::new(
        (0..230)
            .map(|i| entry(&format!("b{i:03}"), "SOME BANK"))
            .collect(),
    );
    service.page_cap = Some(50);
    service.honest_meta = honest_meta;
    service
}

#[test]
fn a_service_paging_by_a_smaller_size_it_admits_is_followed() {
    let world = against(short_pages(true));
    let out = world.run(&["sync"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(world.sql_tsv("SELECT count(*) AS n FROM banks"), "n\n230\n");
    let out = world.run(&["search", "--all", "--format", "csv"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 231);
    let dest = world.home.path().join("out.csv");
    let out = world.run(&["export", "--with-history", "-o", dest.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&dest).unwrap().lines().count(), 231);
}

#[test]
fn a_service_ignoring_per_page_without_saying_so_is_named() {
    let world = against(short_pages(false));
    for args in [vec!["sync"], vec!["search", "--all"], vec!["export"]] {
        let out = world.run(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains(
                "the service ignored per_page: 100 banks a page were asked for, page 1 holds 50"
            ),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("run the command again"), "{stderr}");
    }
}

// ---- 4. the API key quoted back in data ---------------------------------

fn quoting() -> Hostile {
    let mut a = entry("bank-a", &format!("BANK OF {KEY}"));
    a["motto"] = json!(format!("key={KEY}"));
    let mut service = Hostile::new(vec![a.clone(), entry("bank-b", "PLAIN BANK")]);
    let mut detail = detail_of(&a);
    detail["ratings"][0]["exam_type"] = json!(KEY);
    detail["notes"] = json!({ KEY: [KEY] });
    service.details.insert("bank-a".into(), detail);
    service
}

#[test]
fn the_api_key_quoted_in_data_is_never_printed_nor_stored() {
    let world = against(quoting());
    let dest = world.home.path().join("out.json");
    let runs: Vec<Vec<&str>> = vec![
        vec!["show", "bank-a", "--format", "json"],
        vec!["show", "bank-a", "--format", "table"],
        vec!["search", "--format", "json"],
        vec!["search", "--all", "--format", "csv"],
        vec!["export", "--with-history", "--format", "csv"],
        vec!["export", "--with-history", "--format", "json"],
        vec!["sync"],
        vec!["sql", "SELECT * FROM banks", "--format", "json"],
        vec!["export", "--with-history", "-o", dest.to_str().unwrap()],
        vec!["--offline", "show", "bank-a", "--format", "json"],
    ];
    for args in runs {
        let out = world.run(&args);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(out.status.success(), "{args:?}: {stderr}");
        assert!(
            !stdout.contains(KEY) && !stderr.contains(KEY),
            "{args:?}: {stdout}{stderr}"
        );
        if args[0] != "sql" && args[0] != "--offline" {
            assert_eq!(
                stderr.matches("quoted the API key").count(),
                1,
                "{args:?}: {stderr}"
            );
        }
    }
    assert!(text(&std::fs::read(&dest).unwrap()).contains("[redacted]"));
    // Not a byte of it in the mirror's files.
    for entry in std::fs::read_dir(world.home.path()).unwrap() {
        let path = entry.unwrap().path();
        if path.to_string_lossy().contains("m.sqlite") {
            let bytes = std::fs::read(&path).unwrap();
            assert!(
                !bytes.windows(KEY.len()).any(|w| w == KEY.as_bytes()),
                "{} holds the key",
                path.display()
            );
        }
    }
    let shown = world.sql_tsv("SELECT name FROM banks WHERE id = 'bank-a'");
    assert_eq!(shown, "name\nBANK OF [redacted]\n");
}

// ---- 7. sql keeps every column -------------------------------------------

#[test]
fn sql_json_keeps_columns_of_the_same_name() {
    let world = against(Hostile::new(vec![entry("bank-a", "ALPHA")]));
    assert!(world.run(&["sync"]).status.success());
    let query = "SELECT r.exam_date, b.exam_date, 1 AS exam_date FROM ratings r JOIN banks b ON b.id = r.bank_id";
    let out = world.run(&["sql", query, "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        rows,
        json!([{"exam_date": "2019-05-01", "exam_date:1": "2019-05-01", "exam_date:2": 1}])
    );
    let out = world.run(&["sql", query, "--format", "ndjson"]);
    assert_eq!(text(&out.stdout).trim(), rows[0].to_string());
    let out = world.run(&["sql", query, "--jq", ".[0] | keys | length"]);
    assert_eq!(text(&out.stdout).trim(), "3", "{}", text(&out.stderr));
}

// ---- 5. sql stops on a signal, and --timeout bounds it ------------------

/// A query that runs until stopped, printing nothing.
const ENDLESS: &str =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c";

/// A world with a synced mirror of a few banks.
fn synced() -> World {
    let world = against(Hostile::new(
        (0..3)
            .map(|i| entry(&format!("b{i}"), "SOME BANK"))
            .collect(),
    ));
    let out = world.run(&["sync"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    world
}

/// Runs `cra ARGS` in `world`, sends `signal` after a moment, and returns
/// the exit code and standard error, failing if it takes over 10 s.
#[cfg(unix)]
fn signalled(world: &World, args: &[&str], signal: Signal) -> (Option<i32>, String) {
    let mut cmd = world.home.cra_std();
    cmd.env("CRA_MIRROR", world.mirror()).args(args);
    signal_and_wait(cmd, args, signal)
}

/// Starts `cmd`, sends `signal` after a moment, and returns the exit code
/// and standard error, failing if it takes over 10 s.
#[cfg(unix)]
fn signal_and_wait(
    mut cmd: std::process::Command,
    args: &[&str],
    signal: Signal,
) -> (Option<i32>, String) {
    cmd.stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    assert!(
        child.try_wait().unwrap().is_none(),
        "{args:?} ended before the signal"
    );
    crate::common::signal(child.id(), signal);
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut stderr = String::new();
            std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
            return (status.code(), stderr);
        }
        if started.elapsed() > std::time::Duration::from_secs(10) {
            let _ = child.kill();
            panic!("{args:?} still running 10 s after {signal:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[cfg(unix)]
#[test]
fn sql_stops_on_ctrl_c_sigterm_and_sighup() {
    let world = synced();
    for signal in [Signal::INT, Signal::TERM, Signal::HUP] {
        let (code, stderr) = signalled(&world, &["sql", ENDLESS], signal);
        assert_eq!(code, Some(130), "{signal:?}: {stderr}");
        assert!(stderr.contains("interrupted"), "{stderr}");
    }
}

#[test]
fn sql_timeout_bounds_a_query() {
    let world = synced();
    let started = std::time::Instant::now();
    let out = world.run(&["sql", ENDLESS, "--timeout", "1s"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("ran longer than --timeout 1 s"), "{stderr}");
    assert!(started.elapsed() < std::time::Duration::from_secs(8));
    // A quick query is not bounded by the default request timeout.
    let out = world.run(&["sql", "SELECT count(*) AS n FROM banks", "--timeout", "5s"]);
    assert_eq!(text(&out.stdout), "n\n3\n", "{}", text(&out.stderr));
}

// ---- 9. a mirror in a read-only folder ------------------------------------

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

// ---- 11. a SQLite file that is not a mirror ------------------------------

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

// ---- 10. a sync killed with -9 --------------------------------------------

#[test]
fn a_sync_killed_with_9_is_marked_interrupted_by_the_next() {
    let slow = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let mut service = Hostile::new(
        (0..3)
            .map(|i| entry(&format!("b{i}"), "SOME BANK"))
            .collect(),
    );
    service.slow_details = slow.clone();
    let world = against(service);
    let mut cmd = world.home.cra_std();
    cmd.env("CRA_BASE_URL", world.url())
        .env("CRA_API_KEY", KEY)
        .env("CRA_MIRROR", world.mirror())
        .arg("sync")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    let mut child = cmd.spawn().unwrap();
    let started = std::time::Instant::now();
    while world.detail_requests().is_empty() {
        assert!(started.elapsed().as_secs() < 20, "no detail asked for");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(
        world.sql_tsv("SELECT status FROM syncs"),
        "status\nrunning\n"
    );
    slow.store(false, std::sync::atomic::Ordering::SeqCst);
    let out = world.run(&["sync"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        world.sql_tsv("SELECT status FROM syncs ORDER BY id"),
        "status\ninterrupted\ncomplete\n"
    );
}

// ---- 8. FIFOs ------------------------------------------------------------

#[cfg(unix)]
fn fifo(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    crate::common::make_fifo(&path);
    path
}

/// `cmd`'s output, failing if it takes over 10 s (a read that blocks).
fn within_10s(mut cmd: std::process::Command) -> Output {
    cmd.stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed().as_secs() >= 10 {
            let _ = child.kill();
            panic!("{cmd:?} still running after 10 s");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
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

#[cfg(unix)]
#[test]
fn a_config_file_that_is_no_file_or_too_large_is_refused_unread() {
    let home = Home::new();
    let pipe = fifo(home.path(), "config-pipe");
    let large = home.path().join("large.toml");
    std::fs::write(&large, format!("# {}\n", "x".repeat(2 << 20))).unwrap();
    for (config, says) in [
        (pipe.as_path(), "is not a regular file"),
        (Path::new("/dev/zero"), "is not a regular file"),
        (large.as_path(), "is larger than 1 MiB"),
    ] {
        let mut cmd = home.cra_std();
        cmd.env("CRA_CONFIG", config)
            .args(["--sandbox", "search", "--limit", "1"]);
        let out = within_10s(cmd);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{config:?}: {stderr}");
        assert!(
            stderr.contains(says) && stderr.lines().count() == 1,
            "{config:?}: {stderr}"
        );
    }
}

#[cfg(unix)]
#[test]
fn diff_reads_standard_input_and_a_blocked_read_stops_on_a_signal() {
    let home = Home::new();
    let new = home.path().join("new.csv");
    let header = "id,name,city,state,regulator,rating,exam_date,exam_type\n";
    std::fs::write(
        &new,
        format!("{header}b1,ONE,AMES,IA,FDIC,Outstanding,2020-01-01,Small Bank\n"),
    )
    .unwrap();
    let old = format!("{header}b1,ONE,AMES,IA,FDIC,Satisfactory,2019-01-01,Small Bank\n");
    let out = home
        .cra()
        .args(["diff", "-"])
        .arg(&new)
        .args(["--format", "json"])
        .write_stdin(old)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let changes: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(changes[0]["change"], "rating");
    // A FIFO nobody writes blocks the open; a signal still ends it.
    let pipe = fifo(home.path(), "pipe");
    for signal in [Signal::TERM, Signal::INT, Signal::HUP] {
        let mut cmd = home.cra_std();
        cmd.arg("diff").arg(&pipe).arg(&new);
        let (code, stderr) = signal_and_wait(cmd, &["diff"], signal);
        assert_eq!(code, Some(130), "{signal:?}: {stderr}");
    }
}

// ---- 11. the smaller ones -------------------------------------------------

#[test]
fn sql_reads_pragmas_and_shows_blobs_infinities_and_odd_names_for_what_they_are() {
    let world = against(Hostile::new(vec![
        entry("b1", "EVIL \u{202E}KNAB\u{1b}[2J"),
        entry("b2", "PLAIN"),
    ]));
    assert!(world.run(&["sync"]).status.success());
    let out = world.run(&["sql", "PRAGMA journal_mode", "--format", "tsv"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).starts_with("journal_mode\n"));
    // Setting it is still refused.
    let out = world.run(&["sql", "PRAGMA journal_mode = delete"]);
    assert_eq!(out.status.code(), Some(2));
    let out = world.run(&[
        "sql",
        "SELECT x'4142' AS b, 9e999 AS inf, -9e999 AS ninf, NULL AS n",
        "--format",
        "json",
    ]);
    let rows: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        rows,
        json!([{"b": "x'4142'", "inf": "Inf", "ninf": "-Inf", "n": null}])
    );
    // No control or bidi character reaches a table, in cells or headers.
    for args in [
        vec![
            "sql",
            "SELECT name AS \"x\u{1b}[31my\u{202E}z\" FROM banks",
            "--format",
            "table",
        ],
        vec![
            "sql",
            "SELECT name AS \"x\u{1b}[31my\u{202E}z\" FROM banks",
            "--format",
            "tsv",
        ],
        vec!["--offline", "search", "--format", "table"],
        vec!["--offline", "show", "b1", "--format", "table"],
    ] {
        let out = world.run(&args);
        let stdout = text(&out.stdout);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert!(
            !stdout.contains('\u{202E}') && !stdout.contains('\u{1b}'),
            "{args:?}: {stdout:?}"
        );
        assert!(stdout.contains("\\u{202e}"), "{args:?}: {stdout:?}");
    }
}

#[test]
fn diff_json_failing_late_ends_its_array() {
    let home = Home::new();
    let header = "id,name,city,state,regulator,rating,exam_date,exam_type\n";
    let old = home.path().join("old.csv");
    let new = home.path().join("new.csv");
    std::fs::write(
        &old,
        format!("{header}b1,ONE,AMES,IA,FDIC,Satisfactory,2019-01-01,Small Bank\n"),
    )
    .unwrap();
    std::fs::write(
        &new,
        format!("{header}b1,ONE,AMES,IA,FDIC,Outstanding,2020-01-01,Small Bank\nb2,TWO,broken\n"),
    )
    .unwrap();
    let out = home
        .cra()
        .arg("diff")
        .arg(&old)
        .arg(&new)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let printed: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", text(&out.stdout)));
    assert_eq!(printed[0]["id"], "b1");
    assert!(
        text(&out.stderr).contains("new.csv"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn replay_and_trigger_never_show_a_password_in_the_address() {
    let home = Home::new();
    let log = home.path().join("log.ndjson");
    std::fs::write(
        &log,
        r#"{"received_at":"2026-11-20T12:34:56.789Z","verdict":"valid","status":200,"body":"{}"}"#
            .to_string()
            + "\n",
    )
    .unwrap();
    let to = "http://user:hunter2pw@127.0.0.1:9/";
    for args in [
        vec![
            "replay",
            log.to_str().unwrap(),
            "--to",
            to,
            "--secret",
            "s3cr3t-s3cr3t",
            "--retries",
            "0",
        ],
        vec![
            "trigger",
            "rating.created",
            "--to",
            to,
            "--secret",
            "s3cr3t-s3cr3t",
            "--retries",
            "0",
        ],
        vec![
            "trigger",
            "rating.created",
            "--to",
            "ftp://u:hunter2pw@x/",
            "--secret",
            "s3cr3t-s3cr3t",
        ],
    ] {
        let out = home.cra().args(&args).output().unwrap();
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(!all.contains("hunter2pw"), "{args:?}: {all}");
    }
}

// ---- 6. a per-record limit for the readers of files ----------------------

/// `cra ARGS` under a 1.5 GB address-space limit, so that a reader whose
/// memory grows with its input aborts instead of passing slowly; None
/// without a shell to set the limit.
fn bounded(home: &Home, args: &[&str]) -> Option<Output> {
    let mut cmd = crate::common::tool("sh", "dash")?;
    cmd.arg("-c")
        .arg("ulimit -v 1500000 && exec \"$0\" \"$@\"")
        .arg(crate::common::cra_bin())
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("HOME", home.path())
        .env("CRA_CONFIG", home.config_path());
    Some(within_10s(cmd))
}

#[test]
fn endless_or_huge_records_are_a_clear_error_naming_the_file_and_the_limit() {
    let home = Home::new();
    let small = home.path().join("small.csv");
    std::fs::write(
        &small,
        "id,name,city,state,regulator,rating,exam_date,exam_type\nb1,ONE,AMES,IA,FDIC,Outstanding,2020-01-01,Small Bank\n",
    )
    .unwrap();
    let huge = home.path().join("huge.ndjson");
    std::fs::write(&huge, vec![b'x'; 65 * 1024 * 1024]).unwrap();
    for (args, file) in [
        (
            vec!["diff", "/dev/zero", small.to_str().unwrap()],
            "/dev/zero",
        ),
        (
            vec!["diff", small.to_str().unwrap(), huge.to_str().unwrap()],
            "huge.ndjson",
        ),
        (
            vec![
                "replay",
                huge.to_str().unwrap(),
                "--to",
                "http://127.0.0.1:9/",
                "--secret",
                "s3cr3t-s3cr3t",
            ],
            "huge.ndjson",
        ),
    ] {
        let Some(out) = bounded(&home, &args) else {
            return;
        };
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains(file) && stderr.contains("longer than 64 MiB"),
            "{args:?}: {stderr}"
        );
    }
}
