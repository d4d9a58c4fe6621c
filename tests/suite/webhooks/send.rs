//! Sending webhooks: `cra trigger` (a dead port, usage errors, a body and
//! signature a receiver verifies, no proxy for loopback and no redirect
//! followed) and `cra replay` of a `listen` log (byte for byte and signed,
//! a line that is no record refused, a failing receiver's statuses).

use std::net::TcpListener;

use crate::common::Home;
use crate::common::listen::Listen;

use super::support::{
    Received, SECRET, assert_no_secret, body_for, downstream, downstream_with, log_lines, post,
    post_signed, sign, verify,
};

#[test]
fn trigger_to_a_dead_port_fails_with_a_clear_line() {
    let home = Home::new();
    let dead = {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}/", l.local_addr().unwrap())
    };
    let out = home
        .cra()
        .args(["trigger", "rating.created", "--to", &dead, "--count", "2"])
        .env("CRA_WEBHOOK_SECRET", SECRET)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 2);
    assert!(
        stdout
            .lines()
            .all(|l| l.contains("failed (could not connect to")),
        "{stdout}"
    );
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("2 of 2 deliveries"), "{stderr}");
    assert_no_secret("trigger", &format!("{stdout}{stderr}"));
}

#[test]
fn trigger_usage_errors() {
    let home = Home::new();
    let out = home
        .cra()
        .args(["trigger", "rating.created", "--to", "http://127.0.0.1:9/"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "no secret");
    let out = home
        .cra()
        .args([
            "trigger",
            "rating.created",
            "--to",
            "not a url",
            "--secret",
            SECRET,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = home
        .cra()
        .args([
            "trigger",
            "rating.deleted",
            "--to",
            "http://127.0.0.1:9/",
            "--secret",
            SECRET,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn trigger_sends_bank_id_and_rating_and_a_verifiable_signature() {
    let home = Home::new();
    let (to, seen) = downstream(200);
    let out = home
        .cra()
        .args([
            "trigger",
            "rating.created",
            "--to",
            &to,
            "--bank-id",
            "my-bank",
            "--rating",
            "Outstanding",
        ])
        .env("CRA_WEBHOOK_SECRET", SECRET)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let (sig, body) = seen.lock().unwrap()[0].clone();
    assert_eq!(sig, sign(SECRET, &body));
    let value: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(value["data"]["bank_id"], "my-bank");
    assert_eq!(value["data"]["rating"], "Outstanding");
    // And verify-webhook agrees.
    let (code, stdout, _) = verify(&home, &sig, &body, SECRET);
    assert_eq!((code, stdout.as_str()), (0, "valid\n"));
}

/// Webhook senders (`trigger`, `listen --forward-to`) reach loopback
/// receivers directly even with a proxy configured, and show a redirect as
/// the receiver's answer instead of following it.
#[test]
fn webhook_senders_bypass_proxies_for_loopback_and_never_follow_redirects() {
    let home = Home::new();
    let closed = TcpListener::bind("127.0.0.1:0").unwrap();
    let dead_proxy = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let proxy_env = [
        ("HTTP_PROXY", dead_proxy.as_str()),
        ("http_proxy", dead_proxy.as_str()),
        ("ALL_PROXY", dead_proxy.as_str()),
    ];
    let (app, app_seen) = downstream(200);
    let (redirect, redirect_seen) = downstream_with(307, &format!("location: {app}\r\n"));

    let out = home
        .cra()
        .args(["trigger", "rating.created", "--to", &redirect])
        .env("CRA_WEBHOOK_SECRET", SECRET)
        .envs(proxy_env)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "a 307 is not a 2xx: {stdout}");
    assert!(stdout.starts_with("1 307 "), "{stdout}");
    assert_eq!(redirect_seen.lock().unwrap().len(), 1);
    assert!(
        app_seen.lock().unwrap().is_empty(),
        "the redirect was followed"
    );

    let listen = Listen::start_with_env(&home, SECRET, &["--forward-to", &app], &proxy_env);
    let out = home
        .cra()
        .args(["trigger", "rating.created", "--to", &listen.url])
        .env("CRA_WEBHOOK_SECRET", SECRET)
        .envs(proxy_env)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let (code, events, _) = listen.stop();
    assert_eq!(code, 0);
    assert!(events.contains("forwarded 200"), "{events}");
    assert_eq!(app_seen.lock().unwrap().len(), 1);
}

/// A real `listen --log` file and the bodies on its lines (1-based index
/// into the vector = line number - 1): two deliveries of the test's own
/// (one with a trailing newline and non-ASCII text), two from `trigger`,
/// one unsigned, and one non-UTF-8 body with a wrong signature (logged as
/// hex).
fn recorded_log(home: &Home) -> (std::path::PathBuf, Vec<(String, Vec<u8>)>) {
    let log = home.path().join("deliveries.ndjson");
    let listen = Listen::start(
        home,
        SECRET,
        &["--format", "json", "--log", log.to_str().unwrap()],
    );
    let mut own = body_for("own-1");
    own.push(b'\n');
    let accented = String::from_utf8(body_for("own-2"))
        .unwrap()
        .replace("CITIZENS STATE BANK", "BANCO DE AÑASCO “NUEVO”")
        .into_bytes();
    assert_eq!(post_signed(&listen.url, own.clone()), 200);
    assert_eq!(post_signed(&listen.url, accented.clone()), 200);
    let out = home
        .cra()
        .args([
            "trigger",
            "rating.created",
            "--to",
            &listen.url,
            "--count",
            "2",
        ])
        .args(["--concurrency", "1"])
        .env("CRA_WEBHOOK_SECRET", SECRET)
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    assert_eq!(post(&listen.url, body_for("unsigned"), None), 401);
    let binary = vec![0xff, 0xfe, b'{', 0x00, b'}'];
    assert_eq!(
        post(&listen.url, binary.clone(), Some(&sign("wrong", &binary))),
        401
    );
    let (code, events, err) = listen.stop();
    assert_eq!(code, 0, "{err}");
    // --format json: the trigger bodies exactly as received, one a line.
    let raw: Vec<&str> = events.lines().collect();
    assert_eq!(raw.len(), 4, "{events}");
    let expected = vec![
        ("valid".to_string(), own),
        ("valid".to_string(), accented),
        ("valid".to_string(), raw[2].as_bytes().to_vec()),
        ("valid".to_string(), raw[3].as_bytes().to_vec()),
        ("missing_signature".to_string(), body_for("unsigned")),
        ("mismatch".to_string(), binary),
    ];
    let lines = log_lines(&log);
    let verdicts: Vec<&str> = lines
        .iter()
        .map(|l| l["verdict"].as_str().unwrap())
        .collect();
    let wanted: Vec<&str> = expected.iter().map(|(v, _)| v.as_str()).collect();
    assert_eq!(verdicts, wanted);
    assert_eq!(lines[5]["body_encoding"], "hex");
    (log, expected)
}

fn replay(home: &Home, log: &std::path::Path, to: &str, args: &[&str]) -> (i32, String, String) {
    let out = home
        .cra()
        .arg("replay")
        .arg(log)
        .args(["--to", to])
        .args(args)
        .env("CRA_WEBHOOK_SECRET", SECRET)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_no_secret("replay stdout", &stdout);
    assert_no_secret("replay stderr", &stderr);
    (out.status.code().unwrap(), stdout, stderr)
}

/// What the receiver got, each checked against the secret it was signed with.
fn received_bodies(received: &Received, secret: &str) -> Vec<Vec<u8>> {
    received
        .lock()
        .unwrap()
        .iter()
        .map(|(signature, body)| {
            assert_eq!(signature, &sign(secret, body), "signed as trigger signs");
            body.clone()
        })
        .collect()
}

#[test]
fn replay_resends_logged_deliveries_byte_for_byte_and_signed() {
    let home = Home::new();
    let (log, expected) = recorded_log(&home);
    let body = |line: usize| expected[line - 1].1.clone();

    // Default: the deliveries logged valid, in log order, numbered by line.
    let (to, received) = downstream(200);
    let (code, stdout, stderr) = replay(&home, &log, &to, &[]);
    assert_eq!(code, 0, "{stderr}");
    let numbers: Vec<&str> = stdout
        .lines()
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    assert_eq!(numbers, ["1", "2", "3", "4"], "{stdout}");
    assert!(
        stdout.lines().all(|l| l.split(' ').nth(1) == Some("200")),
        "{stdout}"
    );
    assert_eq!(
        received_bodies(&received, SECRET),
        [body(1), body(2), body(3), body(4)]
    );

    // --all: the refused ones too, the hex-logged body decoded; signed with
    // the secret given now.
    let (to, received) = downstream(200);
    let out = home
        .cra()
        .arg("replay")
        .arg(&log)
        .args(["--to", &to, "--all", "--secret", "another-secret"])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    let all: Vec<Vec<u8>> = (1..=6).map(body).collect();
    assert_eq!(received_bodies(&received, "another-secret"), all);

    // --line: only those lines, whatever their verdict.
    let (to, received) = downstream(200);
    let (code, stdout, stderr) = replay(&home, &log, &to, &["--line", "6", "--line", "2"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert_eq!(received_bodies(&received, SECRET), [body(2), body(6)]);

    // A line past the end is named; nothing is sent.
    let (to, received) = downstream(200);
    let (code, _, stderr) = replay(&home, &log, &to, &["--line", "9"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("--line 9: "), "{stderr}");
    assert!(received.lock().unwrap().is_empty());
}

#[test]
fn replay_refuses_a_log_with_a_line_that_is_not_a_listen_record() {
    let home = Home::new();
    let (log, _) = recorded_log(&home);
    let mut text = std::fs::read_to_string(&log).unwrap();
    text.push_str("{\"hello\":\"world\"}\n");
    let junk = home.path().join("junk.ndjson");
    std::fs::write(&junk, text).unwrap();
    let (to, received) = downstream(200);
    let (code, stdout, stderr) = replay(&home, &junk, &to, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(stderr.starts_with("cra: error: "), "{stderr}");
    assert!(
        stderr.contains("line 7 is not a cra listen --log record"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        received.lock().unwrap().is_empty(),
        "nothing sent before the check"
    );

    let missing = home.path().join("missing.ndjson");
    let (code, _, stderr) = replay(&home, &missing, &to, &[]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("missing.ndjson"), "{stderr}");
}

#[test]
fn replay_into_a_failing_receiver_exits_1_with_each_status() {
    let home = Home::new();
    let (log, _) = recorded_log(&home);
    let (to, received) = downstream(500);
    let (code, stdout, stderr) = replay(&home, &log, &to, &["--concurrency", "4"]);
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(stdout.lines().count(), 4, "{stdout}");
    assert!(
        stdout.lines().all(|l| l.split(' ').nth(1) == Some("500")),
        "{stdout}"
    );
    assert!(
        stderr.contains("4 of 4 deliveries did not get a 2xx response"),
        "{stderr}"
    );
    assert_eq!(
        received.lock().unwrap().len(),
        4,
        "no retries: each sent once"
    );
}
