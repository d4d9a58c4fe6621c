//! `cra sync --notify`: each record a sync adds is delivered once to a
//! real `cra listen`, and what fails to go is kept for the next sync.

use std::collections::BTreeSet;
use std::process::Output;

use serde_json::Value;

use crate::common::listen::Listen;
use crate::common::{World, assert_code, run};

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

/// A local copy with records a sync will add: synced from a sandbox of
/// 300 banks, which then adds 20 exams.
#[cfg(unix)]
fn with_news() -> World {
    let mut world = World::new(&["--banks", "300", "--seed", "5"]);
    assert_code(&run(world.cra().arg("sync")), 0);
    world.restart_with(&["--evolve", "20"]);
    world
}

/// `sync --notify TO` with generous retries, started.
#[cfg(unix)]
fn notifying(world: &World, to: &str) -> std::process::Child {
    use crate::common::{ACTIVE_KEY, Service};
    let mut cmd = world.home.cra_std();
    cmd.at(world.url(), ACTIVE_KEY)
        .args([
            "sync",
            "--retries",
            "5",
            "--notify",
            to,
            "--secret",
            "whsec_notify_test",
        ])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// Ctrl-C or SIGTERM while deliveries wait out a busy receiver's
/// `Retry-After` (issue 27, item 5): the sync stops at once with exit 130,
/// and every delivery not answered 2xx stays in the outbox for the next.
#[cfg(unix)]
#[test]
fn a_signal_stops_the_deliveries_and_keeps_them() {
    use crate::common::server::{Reply, TestServer};
    use crate::common::{Signal, signal};
    use std::time::{Duration, Instant};

    for stop in [Signal::INT, Signal::TERM] {
        let world = with_news();
        let busy = TestServer::always(
            Reply::json(503, r#"{"message":"busy"}"#).with_header("retry-after", "1"),
        );
        let mut child = notifying(&world, &busy.url);
        let started = Instant::now();
        while busy.hits() == 0 {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "no delivery began"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        signal(child.id(), stop);
        let signalled = Instant::now();
        let status = loop {
            if let Some(status) = child.try_wait().unwrap() {
                break status;
            }
            if signalled.elapsed() > Duration::from_secs(10) {
                let _ = child.kill();
                panic!("still delivering 10 s after {stop:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let mut stderr = String::new();
        std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
        assert_eq!(status.code(), Some(130), "{stop:?}: {stderr}");
        assert!(signalled.elapsed() < Duration::from_secs(5), "{stderr}");
        assert!(stderr.contains("kept"), "{stderr}");
        let kept = world.sql("SELECT count(*) AS n FROM outbox")[0]["n"]
            .as_u64()
            .unwrap();
        assert!(kept >= 20, "{kept} kept: {stderr}");
    }
}

/// A receiver asking for a wait no clock can hold: not waited for (the
/// sender's policy caps `Retry-After` as the client's does), the sync ends
/// at once with exit 1 saying why, and the deliveries are kept.
#[cfg(unix)]
#[test]
fn a_receiver_asking_for_a_wait_past_any_clock_is_not_waited_for() {
    use crate::common::server::{Reply, TestServer};
    use std::time::{Duration, Instant};

    let world = with_news();
    let forever = TestServer::always(
        Reply::json(503, r#"{"message":"later"}"#)
            .with_header("retry-after", "18446744073709551615"),
    );
    let started = Instant::now();
    let mut child = notifying(&world, &forever.url);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("still waiting for the receiver after 30 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
    assert_eq!(status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("longer than cra waits") && stderr.contains("kept"),
        "{stderr}"
    );
    let kept = world.sql("SELECT count(*) AS n FROM outbox")[0]["n"]
        .as_u64()
        .unwrap();
    assert_eq!(forever.hits() as u64, kept, "one try each, none retried");
}
