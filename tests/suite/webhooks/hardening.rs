//! What a hostile receiver or app can no longer do to the webhook commands:
//! make `trigger` or `listen --forward-to` hold an endless answer, or make
//! `replay` and `trigger` show a password in an address; and
//! `verify-webhook` names a missing file and will not wait on a terminal.
//! Against a raw in-test server that streams whatever the test scripts.

use crate::common::listen::Listen;
use crate::common::measure::{run_measured, vm_hwm};
use crate::common::raw_server::{Answer, Streamer};
use crate::common::{Home, SECRET, Service, text};

/// `trigger` reads an answer only so far: an endless one is a failed
/// delivery (exit 1), said next to the status.
#[test]
fn trigger_refuses_an_endless_answer() {
    let server = Streamer::start(Answer::new("200 OK", &["content-type: text/plain"]).body(
        b"",
        &[b'y'; 64 << 10],
        None,
    ));
    let home = crate::common::Home::new();
    let run = run_measured(home.cra_std().at_with_secrets(&server.url).args([
        "trigger",
        "rating.created",
        "--to",
        &server.url,
    ]));
    run.assert_code(1);
    assert!(run.stdout.contains("over 1 MiB"), "{}", run.stdout);
    run.assert_peak_under(48);
    run.assert_no_secret();
}

/// What one `trigger` delivery through `listen --forward-to APP` gave.
struct Forwarded {
    /// `trigger`'s exit code and standard output.
    code: Option<i32>,
    answer: String,
    /// `listen`'s standard output (its event lines).
    events: String,
    /// `listen`'s peak memory in KiB once the delivery was answered.
    peak_kib: Option<u64>,
}

/// Starts `listen --forward-to app`, sends it one delivery with `trigger`,
/// then stops it (SIGTERM) and collects what it printed.
fn forward_one(app: &str) -> Forwarded {
    let home = crate::common::Home::new();
    let listen = Listen::start(&home, SECRET, &["--forward-to", app]);
    let out = home
        .cra()
        .env("CRA_WEBHOOK_SECRET", SECRET)
        .args(["trigger", "rating.created", "--to", &listen.url])
        .output()
        .unwrap();
    // The delivery was answered, so the app's answer was read (or given
    // up on): the high-water mark now covers it.
    let peak_kib = vm_hwm(listen.child.id());
    let (_, events, _) = listen.stop();
    let answer = String::from_utf8_lossy(&out.stdout).into_owned();
    for text in [&events, &answer] {
        assert!(!text.contains(SECRET), "the secret leaked: {text}");
    }
    Forwarded {
        code: out.status.code(),
        answer,
        events,
        peak_kib,
    }
}

/// The app behind `listen --forward-to` answers 500 with its own message
/// (and an escape sequence): the first line of it shows next to the
/// status, inert.
#[test]
fn forward_to_shows_the_first_line_of_a_failing_apps_answer() {
    let app = Streamer::start(Answer::new("500 Internal Server Error", &[]).body(
        b"\n  database is down \x1b[2J\nTraceback (most recent call last):\n",
        b"",
        Some(0),
    ));
    let run = forward_one(&app.url);
    assert_eq!(run.code, Some(1));
    assert!(run.answer.starts_with("1 500 "), "{}", run.answer);
    let events = &run.events;
    assert!(
        events.contains("forwarded 500 Internal Server Error: database is down"),
        "{events}"
    );
    assert!(!events.contains('\x1b'), "{events:?}");
    assert!(
        !events.contains("Traceback"),
        "only the first line: {events}"
    );
}

/// An app whose answer never ends: `listen` reads 1 MiB of it, says so,
/// and passes the app's status on; its memory stays bounded.
#[test]
fn forward_to_reads_no_more_than_1_mib_of_an_endless_answer() {
    let app = Streamer::start(
        Answer::new("500 Internal Server Error", &["content-type: text/plain"]).body(
            b"out of memory: ",
            &[b'z'; 64 << 10],
            None,
        ),
    );
    let run = forward_one(&app.url);
    assert_eq!(run.code, Some(1));
    assert!(run.answer.starts_with("1 500 "), "{}", run.answer);
    assert!(
        run.events
            .contains("forwarded 500 Internal Server Error: out of memory: zzz"),
        "{}",
        run.events
    );
    assert!(run.events.contains("answer over 1 MiB"), "{}", run.events);
    if let Some(peak) = run.peak_kib {
        assert!(peak < 48 << 10, "listen peaked at {} MiB", peak >> 10);
    }
}

/// `verify-webhook` with a FILE that does not exist names it (exit 1),
/// whatever the signature looks like.
#[test]
fn verify_webhook_names_a_missing_file_before_judging_the_signature() {
    let home = crate::common::Home::new();
    let missing = home.path().join("missing.json");
    let mut cmd = home.cra_std();
    cmd.env("CRA_WEBHOOK_SECRET", SECRET)
        .args(["verify-webhook", "--signature", "sha256=abcd"])
        .arg(&missing);
    let run = run_measured(&mut cmd);
    run.assert_code(1);
    assert!(
        run.stderr
            .contains(&format!("cannot read {}", missing.display())),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty(), "{}", run.stdout);
}

/// With no FILE and a terminal on standard input, `verify-webhook`
/// refuses (exit 2) instead of waiting in silence. `script` gives it a
/// terminal: under CI the test fails without it.
#[test]
fn verify_webhook_refuses_to_wait_on_a_terminal() {
    let home = crate::common::Home::new();
    let Some(mut script) =
        crate::common::on_terminal(&home, "verify-webhook --signature sha256=abcd")
    else {
        return;
    };
    let run = run_measured(script.env("CRA_WEBHOOK_SECRET", SECRET));
    let output = format!("{}{}", run.stdout, run.stderr);
    assert_eq!(run.code, Some(2), "{output}");
    assert!(output.contains("pipe it in"), "{output}");
}

#[test]
fn replay_and_trigger_never_show_a_password_in_the_address() {
    let home = Home::new();
    let log = home.path().join("log.ndjson");
    std::fs::write(
        &log,
        r#"{"received_at":"2026-11-20T12:34:56.789Z","verdict":"valid","status":200,"body":"{}"}"#
            .to_string()
            + "\n",
    )
    .unwrap();
    let to = "http://user:hunter2pw@127.0.0.1:9/";
    for args in [
        vec![
            "replay",
            log.to_str().unwrap(),
            "--to",
            to,
            "--secret",
            "s3cr3t-s3cr3t",
            "--retries",
            "0",
        ],
        vec![
            "trigger",
            "rating.created",
            "--to",
            to,
            "--secret",
            "s3cr3t-s3cr3t",
            "--retries",
            "0",
        ],
        vec![
            "trigger",
            "rating.created",
            "--to",
            "ftp://u:hunter2pw@x/",
            "--secret",
            "s3cr3t-s3cr3t",
        ],
    ] {
        let out = home.cra().args(&args).output().unwrap();
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(!all.contains("hunter2pw"), "{args:?}: {all}");
    }
}
