//! `cra sandbox` as a command: the banner with its own test keys,
//! `--evolve` refused where it changes nothing, and the faults it injects
//! on request (latency, a fail rate, every k-th request a 429).

use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::common::{Home, Sandbox, assert_code, get, stderr};

#[test]
fn latency_is_added_to_every_request() {
    let sandbox = Sandbox::start(&["--banks", "10", "--latency", "150"]);
    for path in ["/api/v1/banks", "/api/v1/banks/nope"] {
        let started = Instant::now();
        let (status, _) = sandbox.get(path);
        assert!(status == 200 || status == 404);
        assert!(started.elapsed() >= Duration::from_millis(150), "{path}");
    }
}

fn statuses(args: &[&str], n: usize) -> Vec<u16> {
    let sandbox = Sandbox::start(args);
    (0..n)
        .map(|_| {
            let (status, body) = sandbox.get("/api/v1/banks?per_page=1");
            if status == 500 {
                assert_eq!(body["error"]["status"], 500, "{body}");
                assert_eq!(body["error"]["code"], "internal_error");
            }
            status
        })
        .collect()
}

#[test]
fn fail_rate_fails_about_that_fraction_deterministically() {
    let args = ["--banks", "10", "--fail-rate", "0.25", "--seed", "4"];
    let first = statuses(&args, 200);
    let failed = first.iter().filter(|s| **s == 500).count();
    assert!((25..=75).contains(&failed), "{failed} of 200 failed");
    assert!(first.iter().all(|s| *s == 200 || *s == 500));
    assert_eq!(first, statuses(&args, 200), "same seed, same failures");
    let other = statuses(
        &["--banks", "10", "--fail-rate", "0.25", "--seed", "5"],
        400,
    );
    assert_ne!(first, other);
    assert!(statuses(&["--banks", "10"], 50).iter().all(|s| *s == 200));
}

#[test]
fn every_kth_request_is_429_with_retry_after() {
    let sandbox = Sandbox::start(&["--banks", "10", "--rate-limit-every", "3"]);
    for n in 1..=9 {
        let (status, headers, body) = get(
            &format!("{}/api/v1/banks", sandbox.url),
            Some("sandbox_active"),
        );
        if n % 3 == 0 {
            assert_eq!(status, 429, "request {n}");
            assert_eq!(headers["retry-after"], "1");
            assert_eq!(body["error"]["status"], 429);
            assert_eq!(body["error"]["code"], "rate_limited");
        } else {
            assert_eq!(status, 200, "request {n}");
        }
    }
}

#[test]
fn the_sandbox_banner_shows_its_own_test_keys() {
    use std::io::BufRead;
    let home = Home::new();
    let mut child = home
        .cra_std()
        .env("CRA_API_KEY", "sandbox_active")
        .args(["sandbox", "--port", "0", "--banks", "10"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stderr.take().unwrap()).lines();
    let keys = lines
        .by_ref()
        .map_while(Result::ok)
        .find(|line| line.contains("keys:"))
        .expect("a keys line");
    let _ = child.kill();
    let _ = child.wait();
    assert!(keys.contains("sandbox_active (200)"), "{keys}");
    assert!(!keys.contains("[redacted]"), "{keys}");
}

#[test]
fn evolve_is_refused_where_it_changes_nothing() {
    let home = Home::new();
    let out = home
        .cra()
        .args(["--sandbox", "--evolve", "3", "stats"])
        .output()
        .unwrap();
    assert_code(&out, 2);
    assert!(stderr(&out).contains("--evolve"), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("cra --sandbox --evolve N sync"),
        "{}",
        stderr(&out)
    );
}
