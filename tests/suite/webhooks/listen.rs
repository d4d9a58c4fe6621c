//! `cra listen` through the real binary on loopback: deliveries verified
//! and logged, `--max-events`, `--tolerance`, `--format json`, five hundred
//! at once, bad input refused while it keeps serving, a silent connection
//! closed, and `--forward-to` an app (or a dead port).

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

use crate::common::Home;
use crate::common::listen::Listen;

use super::support::{
    SECRET, assert_no_secret, body_for, downstream, downstream_on, log_lines, post, post_signed,
    sign,
};

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
    let client = crate::common::async_http();
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
    let chunked = crate::common::http()
        .post(&url)
        .header("X-Service-Signature", sign(SECRET, &big))
        .body(reqwest::blocking::Body::new(std::io::Cursor::new(
            big.clone(),
        )))
        .send()
        .unwrap();
    assert_eq!(chunked.status().as_u16(), 413);
    valid();
    let client = crate::common::http();
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

/// A refused signature is explained on listen's standard error where a
/// common mistake accounts for it, and the sender is told nothing more than
/// the refusal.
#[test]
fn refusal_lines_explain_common_signature_mistakes() {
    let home = Home::new();
    let listen = Listen::start(&home, SECRET, &[]);
    let body = body_for("hint");
    let send = |body: Vec<u8>, signature: String| {
        let response = crate::common::http()
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
