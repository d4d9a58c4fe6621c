//! `cra sync` against the real sandbox (and a scripted service): a refresh
//! fetches exactly the changed banks, a sync stopped by Ctrl-C or killed
//! outright resumes without refetching (and says what it kept), a second
//! sync of one copy at once refuses, a copy belongs to one service.
//! Requests are counted from the sandbox's own request log.

use std::collections::{BTreeMap, BTreeSet};
use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::common::hostile::{Hostile, KEY, against, entry};
use crate::common::{ACTIVE_KEY, Sandbox, Service, World, assert_code, run, text};
#[cfg(unix)]
use crate::common::{Home, Requests, stderr};

use super::support::pages;

#[test]
fn a_refresh_fetches_exactly_the_changed_banks() {
    let mut world = World::logged(&["--banks", "1500", "--seed", "4"]);
    world.sync(&[]);
    let before: BTreeMap<String, Value> = world
        .sandbox()
        .walk("")
        .into_iter()
        .map(|b| (b["id"].as_str().unwrap().to_string(), b))
        .collect();
    world.restart_with(&["--evolve", "200"]);
    world.take_requests();
    let after_list = world.sandbox().walk("");
    world.take_requests();
    let after: BTreeMap<String, Value> = after_list
        .iter()
        .map(|b| (b["id"].as_str().unwrap().to_string(), b.clone()))
        .collect();
    // What the sandbox's own data says changed.
    let changed: BTreeSet<String> = after
        .iter()
        .filter(|(id, bank)| before.get(*id) != Some(bank))
        .map(|(id, _)| id.clone())
        .collect();
    let new: BTreeSet<&String> = after
        .keys()
        .filter(|id| !before.contains_key(*id))
        .collect();
    let removed: BTreeSet<String> = before
        .keys()
        .filter(|id| !after.contains_key(*id))
        .cloned()
        .collect();
    assert_eq!(
        (new.len(), removed.len()),
        (5, 2),
        "--evolve 200 adds 5, removes 2"
    );

    let summary = world.sync(&[]);
    let requests = world.take_requests();
    assert_eq!(requests.list, pages(after.len()));
    let fetched: BTreeSet<String> = requests.details.iter().cloned().collect();
    assert_eq!(
        fetched.len(),
        requests.details.len(),
        "no detail fetched twice"
    );
    assert_eq!(fetched, changed);
    assert_eq!(summary["new_banks"], new.len());
    assert_eq!(summary["removed_banks"], removed.len());
    assert_eq!(summary["changed_banks"], changed.len() - new.len());
    assert_eq!(summary["new_exams"], changed.len() - new.len());
    assert_eq!(summary["banks"], after.len());
    assert_eq!(
        summary["requests"],
        requests.list + requests.details.len() as u64
    );

    // The removed banks are kept apart, with their history.
    let gone: BTreeSet<String> = world
        .sql("SELECT id FROM removed_banks")
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(gone, removed);
    assert_eq!(world.stored_banks(), after.len() as u64);

    // Only the changed banks' rows were written: the banks after one added
    // or removed shifted in the list, yet keep their rows untouched.
    let last = &world.sql("SELECT max(id) AS id FROM syncs")[0]["id"];
    let written = &world.sql(&format!(
        "SELECT count(*) AS n FROM banks WHERE listed_sync = {last}"
    ))[0]["n"];
    assert_eq!(written, &Value::from(changed.len()));

    // The copy now answers as the evolved service does.
    let online = run(world.cra().args(["search", "--all", "--format", "json"]));
    let offline = run(world
        .offline()
        .args(["search", "--all", "--format", "json"]));
    assert!(online.stdout == offline.stdout);

    // Nothing changed: the list pages and nothing else.
    world.take_requests();
    let summary = world.sync(&[]);
    let requests = world.take_requests();
    assert_eq!(requests.list, pages(after.len()));
    assert!(requests.details.is_empty());
    assert_eq!(summary["changed_banks"], 0);
    assert_eq!(summary["new_exams"], 0);

    // --full fetches every detail again, and finds nothing changed.
    let summary = world.sync(&["--full"]);
    assert_eq!(world.take_requests().details.len(), after.len());
    assert_eq!(summary["changed_banks"], 0);
}

/// Starts a slow sync, lets it store some banks, stops it with `signal`,
/// then checks that the next sync fetches exactly what was not stored.
#[cfg(unix)]
fn interrupted_then_resumed(signal: crate::common::Signal) {
    let world = World::logged(&["--banks", "700", "--seed", "5", "--latency", "25"]);
    let mut child = world
        .home
        .cra_std()
        .at(&world.sandbox().url, ACTIVE_KEY)
        .args(["sync", "--concurrency", "2"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait (by the sandbox's log, not a fixed sleep) until a few hundred
    // milliseconds of details are stored.
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        if Requests::of(&world.requests()).details.len() >= 120 {
            break;
        }
        assert!(Instant::now() < deadline, "the sync made no progress");
        assert!(child.try_wait().unwrap().is_none(), "the sync ended early");
        std::thread::sleep(Duration::from_millis(20));
    }
    crate::common::signal(child.id(), signal);
    let out = child.wait_with_output().unwrap();
    if signal == crate::common::Signal::KILL {
        assert_eq!(out.status.code(), None, "killed by the signal");
    } else {
        assert_eq!(
            out.status.code(),
            Some(130),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let stored = world.stored_banks();
    assert!((50..700).contains(&stored), "stored {stored}");
    let stored_ids: BTreeSet<String> = world
        .sql("SELECT id FROM banks")
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect();
    let first = world.take_requests();

    // The copy is readable and says the last sync did not finish.
    let out = run(world.offline().args(["search", "--limit", "3"]));
    assert_code(&out, 0);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("did not finish"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let summary = world.sync(&[]);
    let second = world.take_requests();
    assert_eq!(
        second.details.len() as u64,
        700 - stored,
        "refetched stored banks"
    );
    assert!(second.details.iter().all(|id| !stored_ids.contains(id)));
    assert!(first.details.len() as u64 >= stored);
    assert_eq!(summary["banks"], 700);
    assert_eq!(summary["complete"], true);
    let online = run(world
        .cra()
        .args(["export", "--with-history", "--format", "json"]));
    let offline = run(world
        .offline()
        .args(["export", "--with-history", "--format", "json"]));
    assert!(online.stdout == offline.stdout);
    let out = run(world.offline().args(["search", "--limit", "1"]));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("did not finish"));
}

#[cfg(unix)]
#[test]
fn a_sync_stopped_with_ctrl_c_resumes_without_refetching() {
    interrupted_then_resumed(crate::common::Signal::INT);
}

#[cfg(unix)]
#[test]
fn a_sync_killed_outright_resumes_without_refetching() {
    interrupted_then_resumed(crate::common::Signal::KILL);
}

#[test]
fn two_syncs_of_one_mirror_at_once_the_second_refuses() {
    let world = World::logged(&["--banks", "300", "--latency", "40"]);
    let first = world
        .home
        .cra_std()
        .at(&world.sandbox().url, ACTIVE_KEY)
        .args(["sync", "--concurrency", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The lock is taken before the first request.
    let deadline = Instant::now() + Duration::from_secs(60);
    while std::fs::read_to_string(world.log())
        .unwrap_or_default()
        .is_empty()
    {
        assert!(Instant::now() < deadline);
        std::thread::sleep(Duration::from_millis(10));
    }
    let second = run(world.cra().arg("sync"));
    assert_code(&second, 1);
    let message = String::from_utf8_lossy(&second.stderr);
    // It names what holds the lock: this sync, by its process.
    assert!(
        message.contains(&format!("a cra sync (process {}) is updating", first.id())),
        "{message}"
    );
    // A reader meanwhile sees what is committed, and is told a sync runs.
    let reader = run(world.offline().args(["search", "--limit", "1"]));
    assert_code(&reader, 0);
    let out = first.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(world.stored_banks(), 300);
}

#[test]
fn a_mirror_belongs_to_one_service() {
    let world = World::logged(&["--banks", "200"]);
    world.sync(&[]);
    let other = Sandbox::start(&["--banks", "200", "--seed", "9"]);
    let out = run(world.home.cra().args(["sync"]).at(&other.url, ACTIVE_KEY));
    assert_code(&out, 2);
    let message = String::from_utf8_lossy(&out.stderr);
    assert!(
        message.contains(&world.sandbox().url)
            && message.contains(&other.url)
            && message.contains("--mirror"),
        "{message}"
    );
    // Another file is another copy.
    let elsewhere = world.home.path().join("second.sqlite");
    let out = run(world
        .home
        .cra()
        .args(["sync", "--mirror", elsewhere.to_str().unwrap()])
        .at(&other.url, ACTIVE_KEY));
    assert_code(&out, 0);
    assert!(elsewhere.exists());
}

#[cfg(unix)]
#[test]
fn ctrl_c_during_sync_says_what_was_kept_and_the_next_sync_resumes() {
    let sandbox = Sandbox::start(&["--banks", "3000", "--latency", "20"]);
    let home = Home::new();
    let mirror = home.path().join("copy.sqlite");
    let sync = |home: &Home| {
        let mut cmd = home.cra_std();
        cmd.env("CRA_BASE_URL", &sandbox.url)
            .env("CRA_API_KEY", "sandbox_active")
            .arg("--mirror")
            .arg(&mirror)
            .arg("sync")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        cmd
    };
    let child = sync(&home).spawn().unwrap();
    // Until the sync has stored banks (its handlers are in place by then).
    let started = std::time::Instant::now();
    loop {
        assert!(
            started.elapsed().as_secs() < 60,
            "the sync never stored a bank"
        );
        let out = home
            .cra()
            .arg("--mirror")
            .arg(&mirror)
            .args(["sql", "select count(*) from banks", "--format", "csv"])
            .output()
            .unwrap();
        let count: u64 = String::from_utf8_lossy(&out.stdout)
            .lines()
            .nth(1)
            .and_then(|l| l.trim().parse().ok())
            .unwrap_or(0);
        if count > 0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    crate::common::signal(child.id(), crate::common::Signal::INT);
    let out = child.wait_with_output().unwrap();
    assert_code(&out, 130);
    let err = stderr(&out);
    assert!(
        err.contains("cra: warning: interrupted: the local copy"),
        "{err}"
    );
    assert!(
        err.contains("banks (") && err.contains("resumes where this one stopped"),
        "{err}"
    );
    assert!(
        err.contains(&format!("cra sync --mirror {}", mirror.display())),
        "{err}"
    );
    assert!(
        !err.contains("error: interrupted"),
        "one line, not two: {err}"
    );

    let out = sync(&home).output().unwrap();
    assert_code(&out, 0);
    let out = home
        .cra()
        .arg("--mirror")
        .arg(&mirror)
        .args([
            "sql",
            "select status from syncs order by id",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "status\r\ninterrupted\r\ncomplete\r\n"
    );
}

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

/// A sync turned away by the copy's lock names what holds it, as the lock
/// file says: an enrich as an enrich (it always said "a cra sync"); a file
/// that says nothing readable, neither.
#[cfg(unix)]
#[test]
fn a_sync_turned_away_names_the_command_holding_the_lock() {
    let world = World::new(&["--banks", "20"]);
    world.sync(&[]);
    let lock_name = world
        .home
        .path()
        .join(".local/share/cra/mirror.sqlite.lock");
    for (written, said) in [
        (
            "cra enrich (process 4242)\n",
            "a cra enrich (process 4242) is updating",
        ),
        ("\u{1b}[2J", "another cra sync or enrich is updating"),
    ] {
        std::fs::write(&lock_name, written).unwrap();
        let lock = std::fs::File::options()
            .read(true)
            .write(true)
            .open(&lock_name)
            .unwrap();
        lock.try_lock().unwrap();
        let out = run(world.cra().arg("sync"));
        assert_code(&out, 1);
        let message = stderr(&out);
        assert!(message.contains(said), "{message}");
        assert!(!message.contains('\u{1b}'), "{message}");
        assert_eq!(message.lines().count(), 1, "{message}");
        drop(lock);
    }
    world.sync(&[]);
}
