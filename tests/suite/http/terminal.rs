//! Waiting on a terminal (issue 27, item 19), on a real pseudo-terminal:
//! a read that takes more than a second says how far it got, a wait for
//! the service counts down on one line rewritten in place (no trail of
//! "waiting 16 s…" lines), and a wait too long names `--max-wait`.

use crate::common::server::{Reply, TestServer, list_body, param};
use crate::common::{Home, Service, on_terminal};

/// `cra LINE` on a terminal against `server`: its screen, and whether it
/// succeeded. None where `script` is missing.
fn screen(server: &TestServer, line: &str) -> Option<(bool, String)> {
    let home = Home::new();
    let mut cmd = on_terminal(&home, line)?;
    cmd.at_with_secrets(&server.url);
    let out = cmd.output().unwrap();
    Some((
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    ))
}

/// A filtered search reads every page before it prints: at `--rate 4/s`,
/// six pages take more than a second, and the screen says how far it got.
#[test]
fn a_long_filtered_read_says_how_far_it_got() {
    let server = TestServer::start(|_, target| {
        let page = param(target, "page").unwrap_or(1);
        Reply::json(200, &list_body(100, 600, page, 100))
    });
    let Some((ok, text)) = screen(&server, "search --exam-since 2015 --rate 4/s") else {
        return;
    };
    assert!(ok, "{text}");
    assert!(
        text.contains("reading every bank for the filters the service lacks"),
        "{text}"
    );
    // The status was taken off before the table.
    assert!(text.contains("BANK 1-0"), "{text}");
}

/// Two 429s asking for a second each: a countdown on one line, rewritten
/// and cleared, not a permanent line per wait.
#[test]
fn a_wait_for_the_service_counts_down_on_one_line() {
    let server = TestServer::start(|n, _| {
        if n < 2 {
            Reply::json(429, r#"{"message":"slow down"}"#).with_header("retry-after", "1")
        } else {
            Reply::json(200, &list_body(1, 1, 1, 25))
        }
    });
    let Some((ok, text)) = screen(&server, "search") else {
        return;
    };
    assert!(ok, "{text}");
    assert!(
        text.contains("\rwaiting 0:01 for the service's rate limit"),
        "{text:?}"
    );
    assert!(!text.contains("before trying again"), "{text:?}");
    // Each countdown line is rewritten in place (\r, then cleared to the
    // end of the line), never ended with a newline of its own.
    for line in text.split('\n') {
        assert!(
            !line
                .trim_end_matches('\r')
                .ends_with("rate limit (Retry-After or its quota)"),
            "a countdown left as a line: {text:?}"
        );
    }
}

/// A wait past the longest says which flag sets the longest.
#[test]
fn a_wait_too_long_names_max_wait() {
    let server = TestServer::always(
        Reply::json(429, r#"{"message":"quota"}"#).with_header("retry-after", "120"),
    );
    let home = Home::new();
    let out = home
        .cra()
        .at_with_secrets(&server.url)
        .arg("search")
        .output()
        .unwrap();
    crate::common::assert_code(&out, 6);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("2 min") && stderr.contains("1 min 30 s") && stderr.contains("--max-wait"),
        "{stderr}"
    );
}
