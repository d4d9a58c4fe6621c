//! A service that refuses for ever or asks for absurd waits (issue 27,
//! items 1 and 4): a 429 is a failed try like any other, each wait is at
//! most `--max-wait` and a request waits at most twice that in all; a
//! header value too large for any clock is ignored (quota figures) or
//! refused as too long a wait (`Retry-After`), never a panic.

use std::time::Duration;

use crate::common::measure::run_measured;
use crate::common::server::{Reply, TestServer, list_body};
use crate::common::{Home, Service};

fn refusing(retry_after: Option<&str>) -> TestServer {
    let mut reply = Reply::json(429, r#"{"message":"slow down"}"#);
    if let Some(wait) = retry_after {
        reply = reply.with_header("retry-after", wait);
    }
    TestServer::always(reply)
}

/// Every request answered 429: `--retries 2` makes three tries and ends
/// with exit 6, whatever the `Retry-After` (before: 101 tries, or for ever).
#[test]
fn a_service_answering_429_to_everything_fails_after_the_retries() {
    for (retry_after, args) in [
        (Some("0"), &["--retries", "2", "search"][..]),
        (Some("1"), &["--retries", "2", "search"][..]),
        (
            None,
            &["--retries", "2", "search", "--all", "--max-wait", "5s"][..],
        ),
    ] {
        let server = refusing(retry_after);
        let home = Home::new();
        let run = run_measured(home.cra_std().at_with_secrets(&server.url).args(args));
        run.assert_code(6);
        assert_eq!(
            server.hits(),
            3,
            "Retry-After {retry_after:?}: {}",
            run.stderr
        );
        assert!(run.took < Duration::from_secs(15), "took {:?}", run.took);
        assert!(
            run.stderr.contains("429") && run.stderr.contains("after 3 tries"),
            "{}",
            run.stderr
        );
    }
}

/// Each `Retry-After` within `--max-wait`, but many of them: the request
/// stops once it would wait past twice `--max-wait` in all, saying so.
#[test]
fn a_request_waits_at_most_twice_max_wait_in_all() {
    let server = refusing(Some("1"));
    let home = Home::new();
    let run = run_measured(home.cra_std().at_with_secrets(&server.url).args([
        "--retries",
        "20",
        "search",
        "--max-wait",
        "1s",
    ]));
    run.assert_code(6);
    // Waits of 1 s, 1 s: 2 s in all; a third would pass it.
    assert_eq!(server.hits(), 3, "{}", run.stderr);
    assert!(run.took < Duration::from_secs(10), "took {:?}", run.took);
    assert!(
        run.stderr.contains("in all") && run.stderr.contains("--max-wait"),
        "{}",
        run.stderr
    );
}

/// Quota figures no clock can hold (the values of the hostile pass) are
/// ignored: the answer is used, nothing panics.
#[test]
fn absurd_quota_headers_are_ignored() {
    for (name, value) in [
        ("ratelimit-reset", "1e30"),
        ("x-ratelimit-reset", "1e19"),
        ("x-ratelimit-reset", "9.3e18"),
        ("ratelimit", "limit=10, remaining=3, reset=1e300"),
    ] {
        let server = TestServer::always(
            Reply::json(200, &list_body(2, 2, 1, 25))
                .with_header("ratelimit-remaining", "0")
                .with_header("x-ratelimit-remaining", "0")
                .with_header(name, value),
        );
        let home = Home::new();
        let run = run_measured(
            home.cra_std()
                .at_with_secrets(&server.url)
                .args(["search", "--all", "--format", "json"]),
        );
        run.assert_code(0);
        assert_eq!(run.stdout.matches("\"id\"").count(), 2, "{name}: {value}");
    }
}

/// A `Retry-After` too large for any clock, on a 429 or a 503, is a wait
/// too long: exit 6 at once, saying so (before: a panic, exit 101).
#[test]
fn a_retry_after_past_any_clock_is_too_long_a_wait() {
    for status in [429, 503] {
        for wait in ["18446744073709551615", "99999999999999999999999"] {
            let server = TestServer::always(
                Reply::json(status, r#"{"message":"later"}"#).with_header("retry-after", wait),
            );
            let home = Home::new();
            let run = run_measured(home.cra_std().at_with_secrets(&server.url).args(["search"]));
            run.assert_code(6);
            assert!(run.took < Duration::from_secs(10), "took {:?}", run.took);
            assert!(
                run.stderr.contains("longer than cra waits") && run.stderr.contains("--max-wait"),
                "{status} {wait}: {}",
                run.stderr
            );
            assert_eq!(server.hits(), 1);
        }
    }
}
