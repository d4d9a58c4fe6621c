//! The local copy: `cra sync` against the real sandbox over loopback,
//! then `--offline` and `sql` answering from it. Requests are counted from
//! the sandbox's own request log (`--log-requests`), not from `cra`.

use std::collections::{BTreeMap, BTreeSet};
use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use crate::common::listen::Listen;
use crate::common::{ACTIVE_KEY, Service};
use crate::common::{Home, Requests, Sandbox, World, assert_code};
use serde_json::Value;

fn pages(banks: usize) -> u64 {
    banks.div_ceil(100) as u64
}

fn run(cmd: &mut assert_cmd::Command) -> Output {
    cmd.output().unwrap()
}

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
    assert!(message.contains("another cra sync"), "{message}");
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

#[test]
fn sql_answers_from_the_copy_and_refuses_to_write() {
    let world = World::logged(&["--banks", "800", "--seed", "6"]);
    world.sync(&[]);
    let all = world.sandbox().walk("");
    let mut expected: BTreeMap<String, u64> = BTreeMap::new();
    for bank in &all {
        *expected
            .entry(bank["state"].as_str().unwrap().to_string())
            .or_default() += 1;
    }
    let rows = world.sql("SELECT state, count(*) AS n FROM banks GROUP BY state ORDER BY state");
    let got: BTreeMap<String, u64> = rows
        .iter()
        .map(|r| {
            (
                r["state"].as_str().unwrap().to_string(),
                r["n"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(got, expected);

    // Rating records: one row per record of the served histories.
    let records: u64 = all
        .iter()
        .take(50)
        .map(|b| {
            let (_, detail) = world
                .sandbox()
                .get(&format!("/api/v1/banks/{}", b["id"].as_str().unwrap()));
            detail["data"]["ratings"].as_array().unwrap().len() as u64
        })
        .sum();
    let ids: Vec<String> = all
        .iter()
        .take(50)
        .map(|b| format!("'{}'", b["id"].as_str().unwrap()))
        .collect();
    let n = world.sql(&format!(
        "SELECT count(*) AS n, sum(is_current) AS current FROM ratings WHERE bank_id IN ({})",
        ids.join(",")
    ));
    assert_eq!(n[0]["n"], records);
    assert_eq!(n[0]["current"], 50);

    // Types: numbers as numbers, NULL as null; csv has the column names.
    let typed = world.sql("SELECT 1 AS one, 2.5 AS half, NULL AS empty, 'x' AS text");
    assert_eq!(
        typed[0],
        serde_json::json!({"one": 1, "half": 2.5, "empty": null, "text": "x"})
    );
    let out = run(world.home.cra().args([
        "sql",
        "SELECT id, state FROM banks ORDER BY id LIMIT 2",
        "--format",
        "csv",
    ]));
    assert_code(&out, 0);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("id,state\r\n"));

    for refused in [
        "DELETE FROM banks",
        "DROP TABLE banks",
        "UPDATE banks SET name = 'x'",
        "INSERT INTO meta VALUES ('a', 'b')",
        "SELEC * FROM banks",
        "SELECT * FROM no_such_table",
        "SELECT 1; DELETE FROM banks",
    ] {
        let out = run(world.home.cra().args(["sql", refused]));
        assert_code(&out, 2);
        let message = String::from_utf8_lossy(&out.stderr);
        assert_eq!(message.lines().count(), 1, "{message}");
        assert!(out.stdout.is_empty(), "{refused}");
    }
    let out = run(world.home.cra().args(["sql", "DELETE FROM banks"]));
    assert!(String::from_utf8_lossy(&out.stderr).contains("readonly"));
    let out = run(world.home.cra().args(["sql", "SELEC 1"]));
    assert!(String::from_utf8_lossy(&out.stderr).contains("syntax error"));
    assert_eq!(world.stored_banks(), 800, "nothing was written");
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
fn a_limit_asks_for_no_page_it_does_not_need() {
    let world = World::logged(&["--banks", "1000"]);
    for (limit, pages) in [(100, 1), (130, 2), (200, 2), (250, 3)] {
        world.take_requests();
        let out = run(world.cra().args([
            "search",
            "--limit",
            &limit.to_string(),
            "--format",
            "ndjson",
        ]));
        assert_code(&out, 0);
        assert_eq!(out.stdout.iter().filter(|b| **b == b'\n').count(), limit);
        assert_eq!(world.take_requests().list, pages, "--limit {limit}");
    }
}

/// `cra sync --notify TO` with the test's secret and no retries.
fn notify(world: &World, to: &str) -> Output {
    run(world.cra().args([
        "sync",
        "--format",
        "json",
        "--retries",
        "0",
        "--notify",
        to,
        "--secret",
        "whsec_notify_test",
    ]))
}

/// A loopback address nothing listens on.
fn dead_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    format!("http://127.0.0.1:{port}/")
}

#[test]
fn sync_notify_delivers_each_added_record_once_and_keeps_what_fails() {
    const SECRET: &str = "whsec_notify_test";
    let mut world = World::logged(&["--banks", "600", "--seed", "8"]);
    let dead = dead_url();
    // The first sync of an empty mirror notifies nothing (not even tries).
    let out = notify(&world, &dead);
    assert_code(&out, 0);
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (
            summary["notified"].as_u64(),
            summary["notify_kept"].as_u64()
        ),
        (Some(0), Some(0))
    );

    // What a later release adds, from the sandbox's own data.
    let records = |world: &World| -> BTreeSet<(String, String, String)> {
        let mut all = BTreeSet::new();
        for bank in world.sandbox().walk("") {
            let id = bank["id"].as_str().unwrap().to_string();
            let (_, detail) = world.sandbox().get(&format!("/api/v1/banks/{id}"));
            for r in detail["data"]["ratings"].as_array().unwrap() {
                all.insert((
                    id.clone(),
                    r["exam_date"].as_str().unwrap().to_string(),
                    r["rating"].as_str().unwrap().to_string(),
                ));
            }
        }
        all
    };
    let before = records(&world);
    world.restart_with(&["--evolve", "80"]);
    let after = records(&world);
    let added: BTreeSet<_> = after.difference(&before).cloned().collect();
    assert!(added.len() >= 80, "{}", added.len());

    // The receiver is down: the deliveries are kept, the mirror updated.
    let out = notify(&world, &dead);
    assert_code(&out, 1);
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["notified"], 0);
    assert_eq!(summary["notify_kept"], added.len());
    assert_eq!(summary["new_exams"], 80);
    assert!(String::from_utf8_lossy(&out.stderr).contains("kept"));
    assert_eq!(
        world.sql("SELECT count(*) AS n FROM outbox")[0]["n"],
        added.len()
    );

    // The receiver is up: every kept delivery arrives once, signed.
    let log = world.home.path().join("deliveries.log");
    let listener = Listen::start(&world.home, SECRET, &["--log", log.to_str().unwrap()]);
    let out = notify(&world, &listener.url);
    assert_code(&out, 0);
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["notified"], added.len());
    assert_eq!(summary["notify_kept"], 0);
    // Nothing new and nothing kept: nothing is sent again.
    let out = notify(&world, &listener.url);
    assert_code(&out, 0);
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["notified"], 0);
    // Stopped the way a person stops it; the secret never showed.
    listener.stop();

    let mut received = Vec::new();
    for line in std::fs::read_to_string(&log).unwrap().lines() {
        let entry: Value = serde_json::from_str(line).unwrap();
        assert_eq!(entry["verdict"], "valid", "{entry}");
        let body: Value = serde_json::from_str(entry["body"].as_str().unwrap()).unwrap();
        assert_eq!(body["event"], "rating.created");
        let data = &body["data"];
        received.push((
            data["bank_id"].as_str().unwrap().to_string(),
            data["exam_date"].as_str().unwrap().to_string(),
            data["rating"].as_str().unwrap().to_string(),
        ));
    }
    let unique: BTreeSet<_> = received.iter().cloned().collect();
    assert_eq!(unique.len(), received.len(), "a delivery arrived twice");
    assert_eq!(unique, added);
}

#[test]
fn sql_output_filters_through_jq() {
    let world = World::logged(&["--banks", "300", "--seed", "10"]);
    world.sync(&[]);
    let expected = world.sandbox().walk("&state=TX").len();
    let out = run(world.home.cra().args([
        "sql",
        "SELECT state, count(*) AS n FROM banks GROUP BY state",
        "--jq",
        r#".[] | select(.state == "TX") | .n"#,
    ]));
    assert_code(&out, 0);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        expected.to_string()
    );
    let out = run(world
        .home
        .cra()
        .args(["sql", "SELECT id FROM banks LIMIT 2", "--jq", ".[].id"]));
    assert_code(&out, 0);
    let ids: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.iter().all(|id| !id.starts_with('"')), "strings are raw");
    let out = run(world
        .home
        .cra()
        .args(["sql", "SELECT 1", "--jq", ".[", "--format", "json"]));
    assert_code(&out, 2);
}
