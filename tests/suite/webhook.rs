//! The webhook commands through the real binary: `verify-webhook` on files
//! and standard input, `listen` fed by `trigger` and by raw clients, with
//! an in-test downstream for `--forward-to`. No sleeps to wait for a
//! server: `listen`'s first standard-error line gives its address.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::common::Home;
use crate::common::listen::Listen;

const SECRET: &str = "whsec_s3cr3t-value-never-printed";

fn sign(secret: &str, body: &[u8]) -> String {
    use hmac::{Hmac, KeyInit, Mac};
    let mut mac = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(body);
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

fn body_for(bank_id: &str) -> Vec<u8> {
    format!(
        r#"{{"event":"rating.created","timestamp":"2026-11-20T12:34:56.789Z","data":{{"bank_id":"{bank_id}","bank_name":"CITIZENS STATE BANK","rating":"Satisfactory","exam_date":"2026-11-01","regulator":"FDIC"}}}}"#
    )
    .into_bytes()
}

fn assert_no_secret(what: &str, text: &str) {
    assert!(!text.contains(SECRET), "the secret appeared in {what}");
    assert!(
        !text.contains("s3cr3t"),
        "part of the secret appeared in {what}"
    );
}

// ---------------------------------------------------------------- verify

fn verify(home: &Home, sig: &str, body: &[u8], secret: &str) -> (i32, String, String) {
    let out = home
        .cra()
        .args(["verify-webhook", "--signature", sig, "-"])
        .env("CRA_WEBHOOK_SECRET", secret)
        .write_stdin(body.to_vec())
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_no_secret("verify stdout", &stdout);
    assert_no_secret("verify stderr", &stderr);
    (out.status.code().unwrap(), stdout, stderr)
}

/// `verify-webhook` refuses (exit 7) with `explanation` in its line.
fn assert_explained(home: &Home, sig: &str, body: &[u8], secret: &str, explanation: &str) {
    let (code, stdout, _) = verify(home, sig, body, secret);
    assert_eq!(code, 7);
    assert!(stdout.contains(explanation), "{stdout}");
}

#[test]
fn verify_valid_from_stdin_and_file() {
    let home = Home::new();
    let body = body_for("b1");
    let sig = sign(SECRET, &body);
    assert_eq!(
        verify(&home, &sig, &body, SECRET),
        (0, "valid\n".into(), String::new())
    );

    let file = home.path().join("body.json");
    std::fs::write(&file, &body).unwrap();
    let out = home
        .cra()
        .args(["verify-webhook", "--secret", SECRET, "--signature", &sig])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"valid\n");
    // Upper-case hex digits are accepted.
    let upper = format!("sha256={}", sig[7..].to_uppercase());
    assert_eq!(verify(&home, &upper, &body, SECRET).0, 0);
}

#[test]
fn verify_invalid_reasons_exit_7() {
    let home = Home::new();
    let body = body_for("b1");
    let sig = sign(SECRET, &body);
    let cases = [
        (sig[7..].to_string(), "invalid: missing sha256= prefix"),
        (sig.to_uppercase(), "invalid: missing sha256= prefix"),
        ("sha256=xyz".to_string(), "invalid: signature is not hex"),
        ("sha256=abcd".to_string(), "invalid: wrong length"),
        (
            sign("other secret", &body),
            "invalid: signature does not match",
        ),
    ];
    for (header, expected) in cases {
        let (code, stdout, _) = verify(&home, &header, &body, SECRET);
        assert_eq!(code, 7, "{header}");
        assert!(stdout.starts_with(expected), "{header}: {stdout}");
        assert_eq!(stdout.lines().count(), 1);
        // A plain mismatch is not explained by a common mistake.
        if expected.ends_with("match") {
            assert_eq!(stdout.trim_end(), expected);
        }
    }
}

#[test]
fn verify_explains_trailing_newline_added_and_removed() {
    let home = Home::new();
    let body = body_for("b1");
    let with_newline = [&body[..], b"\n"].concat();
    assert_explained(
        &home,
        &sign(SECRET, &body),
        &with_newline,
        SECRET,
        "ends with a newline that was not signed",
    );

    assert_explained(
        &home,
        &sign(SECRET, &with_newline),
        &body,
        SECRET,
        "ended with a newline that is missing here",
    );
}

#[test]
fn verify_explains_reserialized_json() {
    let home = Home::new();
    let body = body_for("b1");
    let value: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let pretty = serde_json::to_vec_pretty(&value).unwrap();
    let (code, stdout, _) = verify(&home, &sign(SECRET, &body), &pretty, SECRET);
    assert_eq!(code, 7);
    assert!(
        stdout.contains("re-serialized") && stdout.contains("pretty-printed"),
        "{stdout}"
    );

    // The sender's keys sorted (jq -S -c): a reordering.
    let sorted = br#"{"data":{"bank_id":"b1","bank_name":"CITIZENS STATE BANK","exam_date":"2026-11-01","rating":"Satisfactory","regulator":"FDIC"},"event":"rating.created","timestamp":"2026-11-20T12:34:56.789Z"}"#;
    assert_explained(
        &home,
        &sign(SECRET, sorted),
        &body,
        SECRET,
        "keys in another order",
    );

    // The other way, the commoner one: signed as the service writes it,
    // checked after `jq -S` (compact) or `jq -S .` (pretty) sorted it.
    let sorted_value: serde_json::Value = serde_json::from_slice(sorted).unwrap();
    let sorted_pretty = serde_json::to_vec_pretty(&sorted_value).unwrap();
    for received in [&sorted[..], &sorted_pretty[..]] {
        assert_explained(
            &home,
            &sign(SECRET, &body),
            received,
            SECRET,
            "keys in another order",
        );
    }
}

#[test]
fn verify_explains_secret_whitespace() {
    let home = Home::new();
    let body = body_for("b1");
    let sig = sign(SECRET, &body);
    assert_explained(
        &home,
        &sig,
        &body,
        &format!("{SECRET}\n"),
        "secret given here has surrounding whitespace",
    );

    let sig = sign(&format!("{SECRET}\n"), &body);
    assert_explained(&home, &sig, &body, SECRET, "sender's secret has whitespace");
}

#[test]
fn verify_usage_errors_exit_2() {
    let home = Home::new();
    let out = home
        .cra()
        .args(["verify-webhook", "--signature", "sha256=00", "-"])
        .write_stdin("x")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("CRA_WEBHOOK_SECRET") && stderr.contains("--secret"),
        "{stderr}"
    );
    // No --signature at all.
    let out = home.cra().args(["verify-webhook"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    // A missing file is an I/O failure (1), naming the file.
    let out = home
        .cra()
        .args([
            "verify-webhook",
            "--secret",
            SECRET,
            "--signature",
            "sha256=00",
        ])
        .arg(home.path().join("nope.json"))
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    // The missing file is the problem to fix first, whatever the signature.
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("nope.json"), "{stderr}");
    assert_no_secret("stderr", &stderr);
    let sig = sign(SECRET, b"x");
    let out = home
        .cra()
        .args(["verify-webhook", "--secret", SECRET, "--signature", &sig])
        .arg(home.path().join("nope.json"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr).unwrap().contains("nope.json"));
}

// ---------------------------------------------------------------- listen

fn post(url: &str, body: Vec<u8>, signature: Option<&str>) -> u16 {
    let client = reqwest::blocking::Client::new();
    let mut request = client
        .post(url)
        .header("Content-Type", "application/json")
        .body(body);
    if let Some(sig) = signature {
        request = request.header("X-Service-Signature", sig);
    }
    request.send().unwrap().status().as_u16()
}

fn post_signed(url: &str, body: Vec<u8>) -> u16 {
    let sig = sign(SECRET, &body);
    post(url, body, Some(&sig))
}

fn log_lines(path: &std::path::Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).unwrap();
    assert_no_secret("the log file", &text);
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

#[test]
fn trigger_to_listen_round_trip_with_max_events_and_log() {
    let home = Home::new();
    let log = home.path().join("deliveries.ndjson");
    let mut listen = Listen::start(
        &home,
        SECRET,
        &["--max-events", "3", "--log", log.to_str().unwrap()],
    );
    let out = home
        .cra()
        .args([
            "trigger",
            "rating.created",
            "--to",
            &listen.url,
            "--count",
            "3",
        ])
        .env("CRA_WEBHOOK_SECRET", SECRET)
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert_no_secret("trigger stdout", &stdout);
    assert_no_secret("trigger stderr", &String::from_utf8_lossy(&out.stderr));
    assert_eq!(stdout.lines().count(), 3);
    for line in stdout.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(&words[1..3], ["200", "OK"], "{line}");
        assert!(words.last().unwrap().ends_with("ms"), "{line}");
    }
    // --max-events 3: listen exits by itself, 0.
    let (code, out, err) = listen.wait();
    assert_eq!(code, 0, "{err}");
    let events: Vec<&str> = out.lines().collect();
    assert_eq!(events.len(), 3, "{out}");
    for event in &events {
        assert!(event.contains("rating.created"), "{event}");
        assert!(
            ["OCC", "FDIC", "FRB"].iter().any(|r| event.contains(r)),
            "{event}"
        );
    }
    assert!(out.contains("FIRST NATIONAL BANK OF AMARILLO"), "{out}");
    assert!(err.contains("received 3, verified 3"), "{err}");
    let lines = log_lines(&log);
    assert_eq!(lines.len(), 3);
    for line in &lines {
        assert_eq!(line["verdict"], "valid");
        assert_eq!(line["status"], 200);
        assert_eq!(line["received_at"].as_str().unwrap().len(), 24);
        let body: serde_json::Value = serde_json::from_str(line["body"].as_str().unwrap()).unwrap();
        assert_eq!(body["event"], "rating.created");
        let ts = body["timestamp"].as_str().unwrap();
        assert!(ts.ends_with('Z') && ts.len() == 24, "{ts}");
    }
}

#[test]
fn max_events_accepts_exactly_n_and_turns_the_rest_away_with_503() {
    let home = Home::new();
    let log = home.path().join("deliveries.ndjson");
    let mut listen = Listen::start(
        &home,
        SECRET,
        &["--max-events", "3", "--log", log.to_str().unwrap()],
    );
    // Twelve distinct deliveries, each held back by its last body byte on
    // its own connection, then all completed at once: all twelve are sent
    // when the third is accepted.
    let mut streams: Vec<TcpStream> = (0..12)
        .map(|i| {
            let body = body_for(&format!("bank-{i}"));
            let request = [
                format!(
                    "POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
                     Content-Type: application/json\r\nX-Service-Signature: {}\r\n\
                     Content-Length: {}\r\n\r\n",
                    sign(SECRET, &body),
                    body.len()
                )
                .into_bytes(),
                body,
            ]
            .concat();
            let mut stream = TcpStream::connect(&listen.addr).unwrap();
            stream
                .set_read_timeout(Some(Duration::from_secs(20)))
                .unwrap();
            stream.set_nodelay(true).unwrap();
            assert_eq!(request.last(), Some(&b'}'));
            stream.write_all(&request[..request.len() - 1]).unwrap();
            stream
        })
        .collect();
    for stream in &mut streams {
        stream.write_all(b"}").unwrap();
    }
    let answers: Vec<String> = streams
        .into_iter()
        .map(|mut stream| {
            let mut answer = String::new();
            let _ = stream.read_to_string(&mut answer);
            answer
        })
        .collect();
    let (code, out, err) = listen.wait();
    assert_eq!(code, 0, "{err}");
    let status = |a: &String| a.split(' ').nth(1).unwrap_or("").to_string();
    let ok = answers.iter().filter(|a| status(a) == "200").count();
    let turned_away = answers.iter().filter(|a| status(a) == "503").count();
    assert_eq!(ok, 3, "{answers:?}");
    // Every request already sent is answered, even one whose connection
    // was still in the kernel's queue when the third was accepted.
    assert_eq!(
        ok + turned_away,
        12,
        "200 or 503, nothing else: {answers:?}"
    );
    for answer in answers.iter().filter(|a| status(a) == "503") {
        let lower = answer.to_ascii_lowercase();
        assert!(lower.contains("retry-after: 60"), "{answer}");
        assert!(lower.contains("--max-events 3"), "{answer}");
    }
    assert_eq!(
        out.lines().count(),
        3,
        "only the accepted are printed: {out}"
    );
    assert!(err.contains("verified 3 "), "{err}");
    if turned_away > 0 {
        assert!(
            err.contains(&format!("shutting_down {turned_away}")),
            "{err}"
        );
    }
    let lines = log_lines(&log);
    assert_eq!(lines.len(), 3 + turned_away, "{lines:?}");
    assert_eq!(lines.iter().filter(|l| l["verdict"] == "valid").count(), 3);
    assert!(
        lines
            .iter()
            .filter(|l| l["verdict"] != "valid")
            .all(|l| l["verdict"] == "shutting_down" && l["status"] == 503)
    );
}

/// `listen --max-events 1` fed a burst by `trigger`, run after run: every
/// delivery is answered (one 200, the others 503), none is dropped with the
/// connection closed or refused, and the summary counts all of them. A
/// single run passed most of the time even with the race (a connection let
/// through to hyper before its first bytes, then closed as idle when listen
/// stopped), so the runs are many.
#[test]
fn max_events_answers_every_delivery_of_a_burst_run_after_run() {
    let home = Home::new();
    let runs = 30;
    let mut failures = Vec::new();
    for run in 0..runs {
        let mut listen = Listen::start(&home, SECRET, &["--max-events", "1"]);
        let out = home
            .cra()
            .args(["trigger", "rating.created", "--to", &listen.url])
            .args(["--count", "3", "--concurrency", "3"])
            .env("CRA_WEBHOOK_SECRET", SECRET)
            .output()
            .unwrap();
        let (code, _, err) = listen.wait();
        assert_eq!(code, 0, "{err}");
        let stdout = String::from_utf8(out.stdout).unwrap();
        let statuses: Vec<&str> = stdout
            .lines()
            .map(|l| l.split(' ').nth(1).unwrap_or(""))
            .collect();
        let count = |s: &str| statuses.iter().filter(|x| **x == s).count();
        let summary_ok =
            err.contains("received 3, verified 1 ") && err.contains("refused 2 (shutting_down 2)");
        if count("200") != 1 || count("503") != 2 || !summary_ok {
            failures.push(format!("run {run}: trigger:\n{stdout}listen:\n{err}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {runs} runs dropped a delivery:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn body_at(bank_id: &str, timestamp: &str) -> Vec<u8> {
    String::from_utf8(body_for(bank_id))
        .unwrap()
        .replace("2026-11-20T12:34:56.789Z", timestamp)
        .into_bytes()
}

fn timestamp_from_now(offset_secs: i64) -> String {
    let at = jiff::Timestamp::now() + jiff::SignedDuration::from_secs(offset_secs);
    at.strftime("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// `--tolerance 5m`: payloads stamped long ago, far ahead or unreadably are
/// refused (401, logged `stale`, explained on standard error); fresh ones,
/// the test's and `trigger`'s, are events.
#[test]
fn tolerance_refuses_stale_and_future_payloads_and_accepts_fresh_ones() {
    let home = Home::new();
    let log = home.path().join("log.ndjson");
    let mut listen = Listen::start(
        &home,
        SECRET,
        &[
            "--tolerance",
            "5m",
            "--max-events",
            "3",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    // Correctly signed, so only the timestamp can be the reason.
    let old = timestamp_from_now(-3 * 3600 - 125);
    let ahead = timestamp_from_now(20 * 60);
    assert_eq!(post_signed(&listen.url, body_at("old", &old)), 401);
    assert_eq!(post_signed(&listen.url, body_at("ahead", &ahead)), 401);
    assert_eq!(
        post_signed(&listen.url, body_at("garbled", "last tuesday")),
        401
    );
    // Within tolerance either way.
    assert_eq!(
        post_signed(&listen.url, body_at("recent", &timestamp_from_now(-240))),
        200
    );
    assert_eq!(
        post_signed(&listen.url, body_at("early", &timestamp_from_now(60))),
        200
    );
    let out = home
        .cra()
        .args(["trigger", "rating.created", "--to", &listen.url])
        .env("CRA_WEBHOOK_SECRET", SECRET)
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    let (code, events, err) = listen.wait();
    assert_eq!(code, 0, "{err}");
    assert_eq!(events.lines().count(), 3, "{events}");
    assert!(
        !events.contains("old") && !events.contains("ahead"),
        "{events}"
    );
    // How far off, and the tolerance, on standard error.
    assert!(
        err.contains(&format!("refused 401 stale: timestamp {old} is 3h 2m")),
        "{err}"
    );
    assert!(err.contains("old, over --tolerance 5m"), "{err}");
    assert!(
        err.contains(&format!("timestamp {ahead} is 19m 5"))
            || err.contains(&format!("timestamp {ahead} is 20m")),
        "{err}"
    );
    assert!(err.contains("in the future, over --tolerance 5m"), "{err}");
    assert!(
        err.contains("timestamp \"last tuesday\" is not an ISO 8601 date-time"),
        "{err}"
    );
    assert!(err.contains("refused 3 (stale 3)"), "{err}");
    let lines = log_lines(&log);
    let verdicts: Vec<(&str, u64)> = lines
        .iter()
        .map(|l| {
            (
                l["verdict"].as_str().unwrap(),
                l["status"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        verdicts,
        [
            ("stale", 401),
            ("stale", 401),
            ("stale", 401),
            ("valid", 200),
            ("valid", 200),
            ("valid", 200)
        ]
    );
}

/// Without `--tolerance` (the default: the service documents none) an old
/// payload is an event like any other.
#[test]
fn without_tolerance_an_old_payload_is_accepted() {
    let home = Home::new();
    let mut listen = Listen::start(&home, SECRET, &["--max-events", "1"]);
    let old = timestamp_from_now(-30 * 86_400);
    assert_eq!(post_signed(&listen.url, body_at("old", &old)), 200);
    let (code, events, err) = listen.wait();
    assert_eq!(code, 0, "{err}");
    assert_eq!(events.lines().count(), 1, "{events}");
}

/// A delivery the sender saw fail (the forward got no answer: 502) does not
/// count toward `--max-events`: the sender will send it again.
#[test]
fn max_events_counts_only_deliveries_answered_2xx() {
    let home = Home::new();
    // A port with nobody on it, for now.
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let app = format!("http://127.0.0.1:{port}/hooks");
    let mut listen = Listen::start(&home, SECRET, &["--max-events", "1", "--forward-to", &app]);
    let trigger = || {
        home.cra()
            .args(["trigger", "rating.created", "--to", &listen.url])
            .env("CRA_WEBHOOK_SECRET", SECRET)
            .output()
            .unwrap()
    };
    let out = trigger();
    crate::common::assert_code(&out, 1);
    assert!(String::from_utf8(out.stdout).unwrap().starts_with("1 502 "));
    // The app comes up on that port; the sender's next try goes through and
    // is the one event listen was waiting for.
    let (_, received) = downstream_on(TcpListener::bind(("127.0.0.1", port)).unwrap(), 200, "");
    let out = trigger();
    crate::common::assert_code(&out, 0);
    let (code, events, err) = listen.wait();
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = events.lines().collect();
    assert_eq!(lines.len(), 2, "{events}");
    assert!(lines[0].contains("forward unreachable: 502"), "{events}");
    assert!(lines[1].contains("forwarded 200"), "{events}");
    assert!(err.contains("received 2, verified 2"), "{err}");
    assert_eq!(received.lock().unwrap().len(), 1);
}

#[test]
fn listen_format_json_prints_raw_body_and_marks_duplicates() {
    let home = Home::new();
    let mut listen = Listen::start(&home, SECRET, &["--format", "json", "--max-events", "2"]);
    let body = body_for("dup");
    assert_eq!(post_signed(&listen.url, body.clone()), 200);
    assert_eq!(post_signed(&listen.url, body.clone()), 200);
    let (code, out, err) = listen.wait();
    assert_eq!(code, 0);
    let expected = String::from_utf8(body).unwrap();
    assert_eq!(out, format!("{expected}\n{expected}\n"));
    assert!(err.contains("1 duplicate"), "{err}");

    let mut listen = Listen::start(&home, SECRET, &["--max-events", "2"]);
    assert_eq!(post_signed(&listen.url, body_for("d2")), 200);
    assert_eq!(post_signed(&listen.url, body_for("d2")), 200);
    let (_, out, _) = listen.wait();
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        !lines[0].contains("duplicate") && lines[1].ends_with("duplicate"),
        "{out}"
    );
}

/// A one-connection-at-a-time HTTP server answering `status`, recording
/// the signature header and body of each request.
/// (signature header, body) of each request a downstream got.
type Received = Arc<Mutex<Vec<(String, Vec<u8>)>>>;

fn downstream(status: u16) -> (String, Received) {
    downstream_with(status, "")
}

/// `downstream`, its answers carrying `headers` (each ending in CRLF).
fn downstream_with(status: u16, headers: &str) -> (String, Received) {
    downstream_on(TcpListener::bind("127.0.0.1:0").unwrap(), status, headers)
}

/// `downstream_with` on a listener already bound.
fn downstream_on(listener: TcpListener, status: u16, headers: &str) -> (String, Received) {
    let headers = headers.to_string();
    let url = format!("http://{}/hooks", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let mut reader = BufReader::new(stream);
            let (mut length, mut signature) = (0usize, String::new());
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 {
                    break;
                }
                let lower = line.to_ascii_lowercase();
                if let Some(v) = lower.strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap();
                }
                if lower.starts_with("x-service-signature:") {
                    signature = line[20..].trim().to_string();
                }
                if line == "\r\n" {
                    break;
                }
            }
            let mut body = vec![0; length];
            reader.read_exact(&mut body).unwrap();
            record.lock().unwrap().push((signature, body));
            let _ = write!(
                reader.get_mut(),
                "HTTP/1.1 {status} Whatever\r\n{headers}content-length: 0\r\nconnection: close\r\n\r\n"
            );
        }
    });
    (url, seen)
}

#[test]
fn forward_to_an_app_passes_body_and_signature_and_its_status() {
    let home = Home::new();
    let (to, seen) = downstream(202);
    let log = home.path().join("log.ndjson");
    let listen = Listen::start(
        &home,
        SECRET,
        &["--forward-to", &to, "--log", log.to_str().unwrap()],
    );
    let body = body_for("fw");
    let sig = sign(SECRET, &body);
    assert_eq!(post(&listen.url, body.clone(), Some(&sig)), 202);
    // A refused delivery is not forwarded.
    assert_eq!(
        post(&listen.url, body.clone(), Some(&sign("x", &body))),
        401
    );
    let (code, out, _) = listen.stop();
    assert_eq!(code, 0);
    assert_eq!(*seen.lock().unwrap(), vec![(sig, body)]);
    assert!(out.contains("forwarded 202"), "{out}");
    let lines = log_lines(&log);
    assert_eq!(lines[0]["status"], 202);
    assert_eq!(lines[1]["status"], 401);
}

#[test]
fn forward_to_a_dead_port_answers_502_and_keeps_listening() {
    let home = Home::new();
    let dead = {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}/", l.local_addr().unwrap())
    };
    let listen = Listen::start(&home, SECRET, &["--forward-to", &dead]);
    assert_eq!(post_signed(&listen.url, body_for("a")), 502);
    assert_eq!(post_signed(&listen.url, body_for("b")), 502);
    let out = home
        .cra()
        .args([
            "trigger",
            "rating.created",
            "--to",
            &listen.url,
            "--secret",
            SECRET,
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .starts_with("1 502 Bad Gateway")
    );
    let (code, out, err) = listen.stop();
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 3);
    assert!(
        out.lines().all(|l| l.contains("forward unreachable: 502")),
        "{out}"
    );
    assert!(err.contains("verified 3"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_hundred_concurrent_deliveries_all_200_each_logged_once() {
    let home = Home::new();
    let log = home.path().join("log.ndjson");
    let listen = Listen::start(&home, SECRET, &["--log", log.to_str().unwrap()]);
    let client = reqwest::Client::new();
    let mut tasks = Vec::new();
    for i in 0..500 {
        let client = client.clone();
        let url = listen.url.clone();
        tasks.push(tokio::spawn(async move {
            let body = body_for(&format!("bank-{i}"));
            let sig = sign(SECRET, &body);
            client
                .post(url)
                .header("X-Service-Signature", sig)
                .body(body)
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }));
    }
    for task in tasks {
        assert_eq!(task.await.unwrap(), 200);
    }
    // Every response came after its log line was flushed: no waiting here.
    let lines = log_lines(&log);
    assert_eq!(lines.len(), 500);
    let mut ids: Vec<String> = lines
        .iter()
        .map(|l| {
            let body: serde_json::Value =
                serde_json::from_str(l["body"].as_str().unwrap()).unwrap();
            body["data"]["bank_id"].as_str().unwrap().to_string()
        })
        .collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 500);
    let (code, out, err) = tokio::task::spawn_blocking(move || listen.stop())
        .await
        .unwrap();
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 500);
    assert!(
        err.contains("received 500, verified 500 (0 duplicates), refused 0"),
        "{err}"
    );
}

/// Sends raw bytes and returns what came back before the connection
/// closed or `within` passed.
fn raw_exchange(addr: &str, request: &[u8], within: Duration) -> (String, Duration) {
    let started = Instant::now();
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(within)).unwrap();
    stream.write_all(request).unwrap();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
    }
    (
        String::from_utf8_lossy(&got).into_owned(),
        started.elapsed(),
    )
}

#[test]
fn bad_input_is_refused_logged_and_listen_keeps_serving() {
    let home = Home::new();
    let log = home.path().join("log.ndjson");
    let listen = Listen::start(
        &home,
        SECRET,
        &[
            "--max-body",
            "1k",
            "--read-timeout",
            "1s",
            "--path",
            "/hooks",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    let url = listen.url.clone();
    assert!(url.ends_with("/hooks"), "{url}");
    let body = body_for("ok");
    let good = sign(SECRET, &body);
    let mut n = 0;
    let mut valid = || {
        n += 1;
        assert_eq!(post_signed(&url, body_for(&format!("v{n}"))), 200);
    };

    valid();
    assert_eq!(post(&url, body.clone(), Some(&sign("wrong", &body))), 401);
    valid();
    assert_eq!(post(&url, body.clone(), None), 401);
    assert_eq!(
        post(
            &url,
            body.clone(),
            Some(&good.replace("sha256=", "SHA256="))
        ),
        401
    );
    assert_eq!(post(&url, body.clone(), Some("sha256=nothex")), 401);
    valid();
    // Oversized, with Content-Length.
    let big = vec![b'x'; 4096];
    assert_eq!(post(&url, big.clone(), Some(&sign(SECRET, &big))), 413);
    // Oversized, chunked (no Content-Length).
    let chunked = reqwest::blocking::Client::new()
        .post(&url)
        .header("X-Service-Signature", sign(SECRET, &big))
        .body(reqwest::blocking::Body::new(std::io::Cursor::new(
            big.clone(),
        )))
        .send()
        .unwrap();
    assert_eq!(chunked.status().as_u16(), 413);
    valid();
    let client = reqwest::blocking::Client::new();
    assert_eq!(client.get(&url).send().unwrap().status().as_u16(), 405);
    let other = url.replace("/hooks", "/other");
    assert_eq!(post_signed(&other, body.clone()), 404);
    // Malformed JSON, a wrong event, and an empty body, all validly signed.
    assert_eq!(post_signed(&url, b"{\"event\":".to_vec()), 400);
    assert_eq!(
        post_signed(
            &url,
            br#"{"event":"rating.deleted","timestamp":"t","data":{}}"#.to_vec()
        ),
        400
    );
    assert_eq!(post_signed(&url, Vec::new()), 400);
    assert_eq!(post(&url, Vec::new(), None), 401);
    valid();

    // Headers complete, then the body never comes: cut off with a 408.
    let stalled = format!(
        "POST /hooks HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\nX-Service-Signature: {good}\r\n\r\n{{"
    );
    let addr = listen.addr.clone();
    let staller = std::thread::spawn(move || {
        raw_exchange(&addr, stalled.as_bytes(), Duration::from_secs(10))
    });
    // Half a header line, then nothing: the connection is closed.
    let addr = listen.addr.clone();
    let half = std::thread::spawn(move || {
        raw_exchange(
            &addr,
            b"POST /hooks HTTP/1.1\r\nHost:",
            Duration::from_secs(10),
        )
    });
    valid(); // served while the two stall
    let (answer, took) = staller.join().unwrap();
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(took < Duration::from_secs(4), "{took:?}");
    let (_, took) = half.join().unwrap();
    assert!(took < Duration::from_secs(4), "{took:?}");
    valid();

    let (code, out, err) = listen.stop();
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 7, "{out}");
    for reason in [
        "mismatch",
        "missing_signature",
        "missing_prefix",
        "not_hex",
        "too_large",
        "method_not_allowed",
        "not_found",
        "bad_payload",
        "read_timeout",
    ] {
        assert!(
            err.contains(&format!(" {reason}: ")),
            "no refusal line for {reason}: {err}"
        );
    }
    assert!(err.contains("received 20, verified 7"), "{err}");
    let lines = log_lines(&log);
    assert_eq!(lines.len(), 20);
    let count = |verdict: &str| lines.iter().filter(|l| l["verdict"] == verdict).count();
    assert_eq!(count("valid"), 7);
    assert_eq!(count("mismatch"), 1);
    assert_eq!(count("missing_signature"), 2);
    assert_eq!(count("missing_prefix"), 1);
    assert_eq!(count("not_hex"), 1);
    assert_eq!(count("too_large"), 2);
    assert_eq!(count("method_not_allowed"), 1);
    assert_eq!(count("not_found"), 1);
    assert_eq!(count("bad_payload"), 3);
    assert_eq!(count("read_timeout"), 1);
    for line in &lines {
        let status = line["status"].as_u64().unwrap();
        assert_eq!(line["verdict"] == "valid", status == 200, "{line}");
    }
}

#[test]
fn listen_without_a_secret_refuses_to_start() {
    let home = Home::new();
    let out = home.cra().args(["listen", "--port", "0"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.starts_with("cra: error: "), "{stderr}");
    assert!(
        stderr.contains("CRA_WEBHOOK_SECRET") && stderr.contains("cra config set webhook_secret")
    );
    assert_eq!(stderr.lines().count(), 1);
}

// ---------------------------------------------------------------- trigger

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

/// A refused signature is explained on listen's standard error where a
/// common mistake accounts for it, and the sender is told nothing more than
/// the refusal.
#[test]
fn refusal_lines_explain_common_signature_mistakes() {
    let home = Home::new();
    let listen = Listen::start(&home, SECRET, &[]);
    let body = body_for("hint");
    let send = |body: Vec<u8>, signature: String| {
        let response = reqwest::blocking::Client::new()
            .post(&listen.url)
            .header("X-Service-Signature", signature)
            .body(body)
            .send()
            .unwrap();
        (response.status().as_u16(), response.text().unwrap())
    };
    let answers = [
        // The body gained a newline after it was signed.
        send([&body[..], b"\n"].concat(), sign(SECRET, &body)),
        // The sender's secret came from a file with its newline.
        send(body.clone(), sign(&format!("{SECRET}\n"), &body)),
        send(
            body.clone(),
            sign(SECRET, &body).replace("sha256=", "SHA256="),
        ),
        // Simply another secret: nothing to explain.
        send(body.clone(), sign("another-secret", &body)),
    ];
    for (status, text) in &answers {
        assert_eq!(*status, 401);
        assert!(!text.contains('('), "no hint for the sender: {text}");
    }
    let (code, _, err) = listen.stop();
    assert_eq!(code, 0);
    let refusals: Vec<&str> = err
        .lines()
        .filter(|l| l.contains(" refused 401 "))
        .collect();
    assert_eq!(refusals.len(), 4, "{err}");
    assert!(
        refusals[0].contains("mismatch: signature does not match: the body ends with a newline"),
        "{err}"
    );
    assert!(
        refusals[1].contains("the sender's secret has whitespace"),
        "{err}"
    );
    assert!(
        refusals[2].contains("missing_prefix") && refusals[2].contains("lower case: sha256="),
        "{err}"
    );
    assert!(refusals[3].ends_with("signature does not match"), "{err}");
}

/// A client that connects and never sends a byte is closed after the read
/// timeout, and listen keeps serving meanwhile.
#[test]
fn a_silent_connection_is_closed_after_the_read_timeout() {
    let home = Home::new();
    let listen = Listen::start(&home, SECRET, &["--read-timeout", "1s"]);
    let addr = listen.addr.clone();
    let silent = std::thread::spawn(move || raw_exchange(&addr, b"", Duration::from_secs(10)));
    assert_eq!(post_signed(&listen.url, body_for("meanwhile")), 200);
    let (answer, took) = silent.join().unwrap();
    assert!(answer.is_empty(), "{answer}");
    assert!(
        took >= Duration::from_millis(900) && took < Duration::from_secs(5),
        "{took:?}"
    );
    let (code, _, _) = listen.stop();
    assert_eq!(code, 0);
}

// ---------------------------------------------------------------- replay

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
