//! Living within a quota: `--rate`, the slowing down on 429, the service's
//! RateLimit headers and `sync --max-wait`, against the real sandbox's
//! `--quota` in each of its header dialects. Rates are counted from the
//! sandbox's own request log (each line ends with the arrival time), not
//! from `cra`.

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::{Home, Request, Sandbox, World, assert_code};

/// A sandbox of `banks` banks with `quota` told in header `dialect`, and
/// a request log.
fn quota_world(banks: u64, quota: &str, dialect: &str) -> World {
    let banks = banks.to_string();
    World::logged(&[
        "--banks",
        &banks,
        "--quota",
        quota,
        "--quota-headers",
        dialect,
    ])
}

fn start(port: u16, banks: u64, quota: Option<(&str, &str)>, log: &Path) -> Sandbox {
    let banks = banks.to_string();
    let mut args = vec!["--banks", &banks, "--log-requests", log.to_str().unwrap()];
    if let Some((quota, dialect)) = quota {
        args.extend(["--quota", quota, "--quota-headers", dialect]);
    }
    Sandbox::start_at(port, &args, &[])
}

/// The most requests that arrived within one window of `period` seconds,
/// windows aligned on the Unix clock as the sandbox's quota counts them.
fn most_in_a_window(requests: &[Request], period: f64) -> usize {
    let mut windows = BTreeMap::<u64, usize>::new();
    for r in requests {
        *windows.entry((r.at / period).floor() as u64).or_default() += 1;
    }
    windows.values().copied().max().unwrap_or(0)
}

fn limited(requests: &[Request]) -> usize {
    requests.iter().filter(|r| r.status == 429).count()
}

/// Bank ids whose detail was answered 200, with how many times.
fn details_fetched(requests: &[Request]) -> BTreeMap<String, usize> {
    let mut ids = BTreeMap::new();
    for r in requests {
        if r.status == 200
            && let Some(id) = r.path.strip_prefix("/api/v1/banks/")
        {
            *ids.entry(id.to_string()).or_default() += 1;
        }
    }
    ids
}

/// `--rate` at the quota, in every header dialect: within one request of
/// the rate in any second (counted by arrival at the sandbox), and the
/// sync complete.
#[test]
fn the_rate_is_held_in_every_quota_mode() {
    for dialect in ["none", "ietf", "x"] {
        let world = quota_world(40, "10/s", dialect);
        let out = world
            .cra()
            .args(["sync", "--rate", "10/s"])
            .output()
            .unwrap();
        assert_code(&out, 0);
        let requests = world.requests();
        assert!(
            requests.len() >= 41,
            "{dialect}: {} requests",
            requests.len()
        );
        let most = most_in_a_window(&requests, 1.0);
        assert!(most <= 11, "{dialect}: {most} requests within a second");
        assert_eq!(details_fetched(&requests).len(), 40, "{dialect}");
    }
}

/// A rate in the config file counts like the flag, and `config show`
/// says so; a wrong one is a usage error, from either.
#[test]
fn the_rate_from_the_config_file() {
    let world = quota_world(30, "10/s", "none");
    let set = world
        .cra()
        .args(["config", "set", "rate", "10/s"])
        .output()
        .unwrap();
    assert_code(&set, 0);
    let show = world.cra().args(["config", "show"]).output().unwrap();
    let shown = String::from_utf8_lossy(&show.stdout);
    assert!(
        shown
            .lines()
            .any(|l| l.starts_with("rate") && l.contains("10/s") && l.contains("file")),
        "{shown}"
    );
    let out = world.cra().args(["sync"]).output().unwrap();
    assert_code(&out, 0);
    let requests = world.requests();
    assert_eq!(limited(&requests), 0);
    assert!(most_in_a_window(&requests, 1.0) <= 11);

    let bad = world
        .cra()
        .args(["sync", "--rate", "10/d"])
        .output()
        .unwrap();
    assert_code(&bad, 2);
    assert!(String::from_utf8_lossy(&bad.stderr).contains("N/s, N/m or N/h"));
    let bad = world
        .cra()
        .args(["config", "set", "rate", "fast"])
        .output()
        .unwrap();
    assert_code(&bad, 2);
}

/// The service's figures, in either dialect, pace the sync: no 429 at
/// all, and never over the quota in a second.
#[test]
fn rate_limit_headers_prevent_every_429() {
    for dialect in ["ietf", "x"] {
        let world = quota_world(80, "25/s", dialect);
        let out = world.cra().args(["sync"]).output().unwrap();
        assert_code(&out, 0);
        let requests = world.requests();
        // On a loaded machine a request sent just before a window's end
        // can reach the sandbox just after it: at most one such 429.
        assert!(limited(&requests) <= 1, "{dialect}: {requests:?}");
        assert!(most_in_a_window(&requests, 1.0) <= 26, "{dialect}");
        assert_eq!(details_fetched(&requests).len(), 80, "{dialect}");
    }
}

/// No figures: the 429s slow the sync down; it completes, every bank
/// fetched once, no bank counted as failed, few requests refused; and a
/// person at a terminal sees the wait counted down. (With the default
/// retries: a 429 is a failed try like any other, and the slowing down is
/// what keeps a request from being refused four times in a row.)
#[test]
fn without_headers_a_429_slows_the_sync_down() {
    let world = quota_world(120, "25/s", "none");
    let out = world
        .cra()
        .env("CRA_FORCE_TTY", "1")
        .args(["sync"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let requests = world.requests();
    let fetched = details_fetched(&requests);
    assert_eq!(fetched.len(), 120);
    assert!(fetched.values().all(|n| *n == 1));
    let refused = limited(&requests);
    assert!(refused >= 1, "the quota was never reached");
    assert!(refused <= 20, "{refused} refused of {}", requests.len());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("for the service's rate limit"), "{stderr}");
}

/// A wait longer than `--max-wait` stops the sync (exit 6) saying when to
/// run it again; what was fetched is kept, and the next run fetches only
/// the rest: no bank twice, counted from the sandbox's log. With headers,
/// the sync stops before any 429.
#[test]
fn a_sync_stopped_by_max_wait_resumes_later() {
    for dialect in ["none", "ietf"] {
        let home = Home::new();
        let log = home.path().join("requests.log");
        let sandbox = start(0, 60, Some(("30/m", dialect)), &log);
        let out = home
            .cra()
            .env("CRA_BASE_URL", &sandbox.url)
            .env("CRA_API_KEY", "sandbox_active")
            .args(["sync", "--max-wait", "2s"])
            .output()
            .unwrap();
        assert_code(&out, 6);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("run cra sync again after")
                && stderr.contains("UTC")
                && stderr.contains("resumes"),
            "{stderr}"
        );
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        let first = Request::read(&log);
        if dialect == "ietf" {
            assert_eq!(limited(&first), 0, "{first:?}");
        }
        let stored = details_fetched(&first).len();
        assert!(stored > 0 && stored < 60, "{stored}");

        // Later: the quota is whole again (here: the same service without
        // one, on the same address).
        let port = sandbox.port();
        drop(sandbox);
        let _sandbox = start(port, 60, None, &log);
        let out = home
            .cra()
            .env("CRA_BASE_URL", format!("http://127.0.0.1:{port}"))
            .env("CRA_API_KEY", "sandbox_active")
            .args(["sync", "--format", "json"])
            .output()
            .unwrap();
        assert_code(&out, 0);
        let all = Request::read(&log);
        let fetched = details_fetched(&all);
        assert_eq!(fetched.len(), 60, "{dialect}");
        assert!(
            fetched.values().all(|n| *n == 1),
            "{dialect}: a stored bank fetched twice: {fetched:?}"
        );
    }
}

/// `export` keeps today's longest wait, but takes `--max-wait` too.
#[test]
fn export_takes_max_wait_too() {
    let world = quota_world(40, "10/m", "none");
    let out = world
        .cra()
        .args(["export", "--with-history", "--max-wait", "1s", "-o"])
        .arg(world.home.path().join("all.csv"))
        .output()
        .unwrap();
    assert_code(&out, 6);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("longer than cra waits (1 s, --max-wait)"),
        "{stderr}"
    );
    assert!(!world.home.path().join("all.csv").exists());
}
