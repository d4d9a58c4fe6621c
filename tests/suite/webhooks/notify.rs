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
