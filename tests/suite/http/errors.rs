//! The API client against a scripted in-test server: status → exit code,
//! retries, Retry-After, timeouts, bodies that are not the documented JSON,
//! usage errors that send nothing, and secrets that never show.

use std::time::{Duration, Instant};

use crate::common::server::{Reply, TestServer, list_body};
use crate::common::{KEY, SECRET, Service};

/// Runs `cra --verbose ARGS` and checks the exit code, that stderr mentions
/// `needle`, and that no secret appears on any stream.
fn expect_failure(server: &TestServer, args: &[&str], code: i32, needle: &str) -> String {
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .at_with_secrets(&server.url)
        .arg("--verbose")
        .args(args)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "stderr: {stderr}");
    assert!(stderr.contains(needle), "stderr lacks {needle:?}: {stderr}");
    for secret in [KEY, SECRET] {
        assert!(
            !stdout.contains(secret) && !stderr.contains(secret),
            "a secret leaked: {stderr}"
        );
    }
    // Exactly one error line.
    assert_eq!(
        stderr
            .lines()
            .filter(|l| l.starts_with("cra: error:"))
            .count(),
        1,
        "{stderr}"
    );
    stderr.into_owned()
}

#[test]
fn unauthorized_is_exit_3_with_a_hint() {
    let server = TestServer::always(Reply::json(401, r#"{"error":{"message":"invalid key"}}"#));
    let stderr = expect_failure(&server, &["search"], 3, "cra config set api_key");
    assert!(stderr.contains("invalid key"), "{stderr}");
    assert_eq!(server.hits(), 1, "401 is never retried");
}

#[test]
fn forbidden_is_exit_4() {
    let server = TestServer::always(Reply::json(403, r#"{"message":"subscription inactive"}"#));
    expect_failure(&server, &["search", "--state", "TX"], 4, "inactive");
    assert_eq!(server.hits(), 1);
}

#[test]
fn not_found_names_the_id() {
    let server = TestServer::always(Reply::json(404, r#"{"message":"not found"}"#));
    expect_failure(&server, &["show", "no-such-bank"], 5, "no-such-bank");
    // The id, then the word as a name (`show amarillo`); a name search the
    // service refuses leaves the id's own answer, exit 5.
    assert_eq!(server.hits(), 2);
}

#[test]
fn bad_request_is_exit_1_with_server_message() {
    let server = TestServer::always(Reply::json(400, r#"{"error":"per_page out of range"}"#));
    expect_failure(&server, &["search"], 1, "per_page out of range");
    assert_eq!(server.hits(), 1);
}

#[test]
fn server_error_then_success_is_retried() {
    let server = TestServer::start(|n, _| {
        if n == 0 {
            Reply::json(500, "{}")
        } else {
            Reply::json(200, &list_body(2, 2, 1, 25))
        }
    });
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .at_with_secrets(&server.url)
        .args(["search", "--format", "json"])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    let banks: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(banks.len(), 2);
    assert_eq!(server.hits(), 2);
}

#[test]
fn too_many_requests_waits_for_retry_after() {
    let server = TestServer::slow_down_once();
    let home = crate::common::Home::new();
    let started = Instant::now();
    let out = home
        .cra()
        .at_with_secrets(&server.url)
        .args(["--verbose", "search"])
        .output()
        .unwrap();
    let waited = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        waited >= Duration::from_millis(950),
        "retried after {waited:?}"
    );
    assert!(stderr.contains("Retry-After"), "{stderr}");
    assert_eq!(server.hits(), 2);
}

#[test]
fn server_error_forever_gives_up_after_exactly_one_plus_retries() {
    for (retries, expected) in [("0", 1), ("2", 3)] {
        let server = TestServer::always(Reply::json(503, r#"{"message":"maintenance"}"#));
        expect_failure(&server, &["--retries", retries, "search"], 6, "maintenance");
        assert_eq!(server.hits(), expected, "--retries {retries}");
    }
}

#[test]
fn default_policy_is_three_retries() {
    let server = TestServer::always(Reply::json(502, "not json"));
    expect_failure(&server, &["search"], 6, "502");
    assert_eq!(server.hits(), 4);
}

#[test]
fn truncated_json_names_the_url() {
    let body = list_body(3, 3, 1, 25);
    let cut = body[..body.len() / 2].to_string();
    let server = TestServer::always(Reply::json(200, &cut));
    let stderr = expect_failure(&server, &["search"], 1, "truncated JSON");
    assert!(stderr.contains(&server.url), "{stderr}");
    assert_eq!(server.hits(), 1);
}

#[test]
fn html_page_with_200_is_a_clear_error() {
    let server = TestServer::always(
        Reply::json(200, "<!DOCTYPE html><html><body>Login</body></html>")
            .content_type("text/html"),
    );
    expect_failure(&server, &["search"], 1, "HTML");
}

#[test]
fn empty_body_is_a_clear_error() {
    let server = TestServer::always(Reply::json(200, ""));
    expect_failure(&server, &["show", "x"], 1, "empty body");
}

#[test]
fn wrong_field_type_names_the_path() {
    let body = list_body(2, 2, 1, 25).replacen(r#""city":"AUSTIN""#, r#""city":42"#, 1);
    let server = TestServer::always(Reply::json(200, &body));
    expect_failure(&server, &["search"], 1, "data[0].city");
    let detail = r#"{"data":{"id":"a","name":"N","city":"C","state":"TX","regulator":"OCC","charter_type":null,
        "ratings":[{"exam_date":"2020-01-01","rating":"Outstanding","exam_type":"Large Bank","is_current":"yes"}]}}"#;
    let server = TestServer::always(Reply::json(200, detail));
    expect_failure(&server, &["show", "a"], 1, "data.ratings[0].is_current");
}

#[test]
fn slower_than_timeout_is_exit_6() {
    let server = TestServer::always(
        Reply::json(200, &list_body(1, 1, 1, 25)).delayed(Duration::from_secs(5)),
    );
    let started = Instant::now();
    expect_failure(
        &server,
        &["--timeout", "300ms", "--retries", "1", "search"],
        6,
        "timed out",
    );
    assert!(started.elapsed() < Duration::from_secs(4));
    assert_eq!(server.hits(), 2, "a timeout is retried");
}

#[test]
fn connection_refused_is_exit_6() {
    // Bind then drop to find a port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .at_with_secrets(&format!("http://127.0.0.1:{port}"))
        .args(["--retries", "1", "search"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(6));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot connect"));
}

#[test]
fn unknown_fields_and_values_pass_through_json() {
    let body = r#"{"data":[{"id":"x","name":"NEW BANK","city":"Z","state":"TX","regulator":"CFPB",
        "current_rating":{"rating":"Exemplary","exam_date":"2026-01-01","exam_type":"Small Bank","score":9},
        "tier":{"a":[1,2]}}],"meta":{"total":1,"page":1,"per_page":25,"total_pages":1,"next":null}}"#;
    let server = TestServer::always(Reply::json(200, body));
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .at_with_secrets(&server.url)
        .args(["search", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let banks: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(banks[0]["tier"], serde_json::json!({"a": [1, 2]}));
    assert_eq!(banks[0]["current_rating"]["score"], 9);
    assert_eq!(banks[0]["regulator"], "CFPB");
    let out = home
        .cra()
        .at_with_secrets(&server.url)
        .args(["search", "--format", "tsv"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("CFPB\tExemplary"));
}

#[test]
fn request_carries_key_agent_and_filters() {
    let server = TestServer::always(Reply::json(200, &list_body(0, 0, 1, 10)));
    let home = crate::common::Home::new();
    home.cra()
        .at_with_secrets(&format!("{}/", server.url))
        .args([
            "search",
            "first & trust",
            "--state",
            "tx",
            "--size",
            "intermediate",
            "--per-page",
            "10",
            "--page",
            "3",
        ])
        .assert()
        .success();
    let (target, headers) = server.seen().remove(0);
    assert!(target.starts_with("/api/v1/banks?"), "{target}");
    for part in [
        "q=first+%26+trust",
        "state=TX",
        "size=Intermediate+Small+Bank",
        "page=3",
        "per_page=10",
    ] {
        assert!(target.contains(part), "{target} lacks {part}");
    }
    assert_eq!(headers["authorization"], format!("Bearer {KEY}").as_str());
    assert!(headers["user-agent"].to_str().unwrap().starts_with("cra/"));
    assert!(
        headers["accept-encoding"]
            .to_str()
            .unwrap()
            .contains("gzip")
    );
}

#[test]
fn usage_errors_send_no_request() {
    let server = TestServer::always(Reply::json(200, &list_body(0, 0, 1, 25)));
    let home = crate::common::Home::new();
    for args in [
        vec!["search", "--state", "XX"],
        vec!["search", "--state", "Texas"],
        vec!["search", "--size", "medium"],
        vec!["search", "--per-page", "0"],
        vec!["search", "--per-page", "101"],
        vec!["search", "--page", "0"],
        vec!["search", "--page", "-1"],
        vec!["search", "--limit", "0"],
        vec!["search", "--page", "3", "--limit", "5"],
        vec!["search", "--timeout", "0.0000001"],
        vec!["search", "--timeout", "soon"],
        vec!["search", "--bogus"],
        vec!["show"],
        vec!["export", "--concurrency", "33"],
    ] {
        let out = home
            .cra()
            .at_with_secrets(&server.url)
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // A plain-http base address off loopback is refused before sending.
    let out = home
        .cra()
        .at_with_secrets("http://api.example.com")
        .arg("search")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--allow-insecure-http"));
    assert_eq!(server.hits(), 0);
}

#[test]
fn missing_settings_say_what_to_do() {
    let home = crate::common::Home::new();
    let out = home.cra().arg("search").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("CRA_BASE_URL") && stderr.contains("--sandbox"),
        "{stderr}"
    );

    let server = TestServer::always(Reply::json(200, &list_body(0, 0, 1, 25)));
    let out = home
        .cra()
        .env("CRA_BASE_URL", &server.url)
        .arg("search")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("CRA_API_KEY"));
    assert_eq!(server.hits(), 0);
}

#[test]
fn page_past_the_end_is_empty_and_successful() {
    let server = TestServer::always(Reply::json(200, &list_body(0, 30, 9, 25)));
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .at_with_secrets(&server.url)
        .args(["search", "--page", "9", "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "[]");
    let out = home
        .cra()
        .at_with_secrets(&server.url)
        .args(["search", "--page", "9", "--format", "ndjson"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(out.stdout.is_empty());
}

#[test]
fn a_proxy_is_not_used_for_loopback() {
    // A proxy on a closed loopback port: were it used, the request would fail.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let proxy = format!("http://127.0.0.1:{port}");
    let server = TestServer::always(Reply::json(200, &list_body(1, 1, 1, 25)));
    let home = crate::common::Home::new();
    home.cra()
        .at_with_secrets(&server.url)
        .env("HTTP_PROXY", &proxy)
        .env("http_proxy", &proxy)
        .args(["--timeout", "5s", "--retries", "0", "search"])
        .assert()
        .success();
    assert_eq!(server.hits(), 1);
}

#[test]
fn a_key_quoted_in_an_error_body_is_redacted() {
    let body = format!(r#"{{"message":"key {KEY} is not valid"}}"#);
    let server = TestServer::always(Reply::json(401, &body));
    let stderr = expect_failure(&server, &["search"], 3, "[redacted]");
    assert!(stderr.contains("is not valid"), "{stderr}");
}

#[test]
fn not_found_on_the_list_is_a_base_address_problem_not_a_missing_bank() {
    let server = TestServer::always(Reply::json(404, r#"{"message":"no such route"}"#));
    expect_failure(&server, &["search"], 1, "check the base address");
}

#[test]
fn a_server_that_ignores_the_page_cannot_make_search_loop_or_pass_for_complete() {
    // Always page 1 of 3, whatever was asked: the 100 banks of page 1 are
    // listed, then page 2 repeats them and the search fails (it used to
    // end with exit 0, a silent third of the list).
    let server = TestServer::always(Reply::json(200, &list_body(100, 300, 1, 100)));
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .at_with_secrets(&server.url)
        .args(["search", "--all", "--format", "ndjson"])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 1);
    assert!(String::from_utf8_lossy(&out.stderr).contains("repeated itself: page 2"));
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 100);
    // The listing reads the list a second time when the first read does
    // not add up (a shifted list recovers that way), then stops.
    assert!(server.hits() <= 6, "pages 1 to 3 twice at most, then stop");
}

#[test]
fn a_key_that_cannot_be_sent_is_not_retried() {
    let server = TestServer::always(Reply::json(200, &list_body(1, 1, 1, 25)));
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .env("CRA_BASE_URL", &server.url)
        .env("CRA_API_KEY", "line-one\nline-two")
        .arg("search")
        .output()
        .unwrap();
    crate::common::assert_code(&out, 1);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("line-one"));
    assert_eq!(server.hits(), 0);
}

#[test]
fn endless_redirects_stop_after_five_with_where_they_pointed() {
    let server =
        TestServer::always(Reply::json(302, "{}").with_header("Location", "/api/v1/banks?again=1"));
    let stderr = expect_failure(&server, &["search"], 1, "not followed");
    assert!(
        stderr.contains("not followed after 5 redirects"),
        "{stderr}"
    );
    assert_eq!(server.hits(), 6, "the request and five redirects");
}

/// A redirect to an address nothing listens on (issue 27, item 14): the
/// message names where the redirect pointed, not the base address, which
/// answered.
#[test]
fn a_redirect_to_an_unreachable_address_names_the_redirect() {
    let dead = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let target = format!("http://127.0.0.1:{dead}/api/v1/banks");
    let server = TestServer::always(Reply::json(302, "{}").with_header("Location", &target));
    let stderr = expect_failure(
        &server,
        &["--retries", "0", "search"],
        6,
        &format!("cannot connect to 127.0.0.1:{dead}"),
    );
    assert!(stderr.contains("redirected there"), "{stderr}");
    assert!(!stderr.contains("is the service running at"), "{stderr}");
}

/// Ids that a URL would resolve away (`..` would ask for the list) or that
/// cannot be one path segment are refused before any request.
#[test]
fn dot_segment_and_slash_ids_are_refused_up_front() {
    let server = TestServer::always(Reply::json(200, &list_body(1, 1, 1, 25)));
    // (`foo/..`, `%2e%2e`, `a%2Fb` are ids as given since issue 19: they
    // are requested percent-encoded, a path step no more.)
    for id in [
        "..",
        ".",
        "https://x.com/banks/..",
        "https://x.com/banks/a%2Fb",
    ] {
        expect_failure(&server, &["show", id], 2, "is not a bank id");
    }
    assert_eq!(server.hits(), 0);
}

/// A 404 for a bank names the id once, even when the server's message
/// repeats it.
#[test]
fn a_missing_bank_is_named_once() {
    let server = TestServer::always(Reply::json(404, r#"{"message":"no bank with id 'zz'"}"#));
    let stderr = expect_failure(&server, &["show", "zz"], 5, "no bank with id 'zz'");
    assert_eq!(stderr.matches("'zz'").count(), 1, "{stderr}");
}

/// A service that claims ten billion pages but answers every page with the
/// same banks: following it would never end. `search --all` and `export`
/// stop at the first page that repeats, with exit 1.
#[test]
fn a_service_repeating_one_page_is_not_followed_for_ever() {
    let server = TestServer::always(Reply::json(200, &list_body(3, 10_000_000_000, 1, 100)));
    for args in [&["search", "--all"][..], &["export"][..]] {
        let before = server.hits();
        // Three banks where a hundred were asked, and a meta that does
        // not say why: refused at once (issue 19) rather than followed.
        let stderr = expect_failure(&server, args, 1, "ignored per_page");
        assert!(
            server.hits() - before < 20,
            "{args:?}: {} requests",
            server.hits() - before
        );
        assert!(!stderr.contains("panicked"));
    }
}

/// A failed export writes nothing to standard output: not a lone `[`, not
/// a header row a script could mistake for an empty result.
#[test]
fn a_failed_export_leaves_standard_output_empty() {
    let server = TestServer::always(Reply::json(401, r#"{"message":"bad key"}"#));
    for format in ["json", "csv", "tsv", "ndjson"] {
        let home = crate::common::Home::new();
        let out = home
            .cra()
            .at_with_secrets(&server.url)
            .args(["export", "--format", format])
            .output()
            .unwrap();
        crate::common::assert_code(&out, 3);
        assert!(
            out.stdout.is_empty(),
            "{format}: {:?}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

/// `show` with many ids stops at the first failure that is not a missing
/// bank (a wrong key here) instead of asking for every one of them.
#[test]
fn show_stops_at_the_first_failure_that_is_not_a_missing_bank() {
    let server = TestServer::always(Reply::json(401, r#"{"message":"bad key"}"#));
    let ids: Vec<String> = (0..40).map(|i| format!("id-{i}")).collect();
    let mut args = vec!["--retries", "0", "show"];
    args.extend(ids.iter().map(String::as_str));
    expect_failure(&server, &args, 3, "cra config set api_key");
    assert!(server.hits() < 40, "{} requests for 40 ids", server.hits());
}

/// The service's message in an error line cannot drive the terminal.
#[test]
fn a_server_message_with_escape_sequences_is_made_inert() {
    let server = TestServer::always(Reply::json(
        500,
        r#"{"message":"down\u001b[2J\u001b]0;owned\u0007 for maintenance"}"#,
    ));
    let stderr = expect_failure(&server, &["--retries", "0", "search"], 6, "for maintenance");
    assert!(
        !stderr.contains('\u{1b}') && !stderr.contains('\u{7}'),
        "{stderr:?}"
    );
    assert!(stderr.contains("down\\u{1b}[2J"), "{stderr}");
}
