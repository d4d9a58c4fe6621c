//! What a hostile or broken server can no longer do to `cra`: make it hold
//! an endless or bomb-sized body in memory (API answers, error bodies,
//! answers to `trigger` and to `listen --forward-to`), or make it print the
//! caller's API key. The real binary runs against a raw in-test server
//! that streams whatever the test scripts; peak memory is read from
//! `/proc/PID/status` (VmHWM) while the child runs, on Linux.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::common::listen::Listen;
use crate::common::server::{Reply, TestServer, list_body};
use crate::common::{KEY, SECRET, Service};

/// Above this a run is killed: without the limits it would go on to
/// gigabytes, which a shared machine must not be asked for.
const KILL_ABOVE_KIB: u64 = 1 << 20;

// ------------------------------------------------------------ the server

/// One scripted answer, always sent chunked (no length a client could
/// check first): `prefix`, then `piece` `times` times (`None`: until the
/// client goes away).
#[derive(Clone)]
struct Answer {
    head: String,
    prefix: Vec<u8>,
    piece: Vec<u8>,
    times: Option<usize>,
}

impl Answer {
    fn new(status: &str, headers: &[&str]) -> Answer {
        let mut head = format!("HTTP/1.1 {status}\r\n");
        for header in headers {
            head.push_str(header);
            head.push_str("\r\n");
        }
        head.push_str("transfer-encoding: chunked\r\nconnection: close\r\n\r\n");
        Answer {
            head,
            prefix: Vec::new(),
            piece: Vec::new(),
            times: Some(0),
        }
    }

    fn body(mut self, prefix: &[u8], piece: &[u8], times: Option<usize>) -> Answer {
        self.prefix = prefix.to_vec();
        self.piece = piece.to_vec();
        self.times = times;
        self
    }
}

/// A raw HTTP/1.1 server on loopback answering every request with `answer`.
struct Streamer {
    url: String,
    hits: Arc<AtomicUsize>,
}

impl Streamer {
    fn start(answer: Answer) -> Streamer {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let hits = Arc::new(AtomicUsize::new(0));
        let counted = hits.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(stream) = stream else { continue };
                counted.fetch_add(1, Ordering::SeqCst);
                let answer = answer.clone();
                std::thread::spawn(move || {
                    // The client hanging up ends the answer: no error.
                    let _ = serve(stream, &answer);
                });
            }
        });
        Streamer { url, hits }
    }

    fn hits(&self) -> usize {
        self.hits.load(Ordering::SeqCst)
    }
}

fn serve(stream: TcpStream, answer: &Answer) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream);
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 {
            return Ok(());
        }
        if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = v.trim().parse().unwrap_or(0);
        }
        if line == "\r\n" {
            break;
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    let mut stream = std::io::BufWriter::with_capacity(256 << 10, reader.into_inner());
    stream.write_all(answer.head.as_bytes())?;
    let mut chunk = |data: &[u8]| -> std::io::Result<()> {
        if !data.is_empty() {
            write!(stream, "{:x}\r\n", data.len())?;
            stream.write_all(data)?;
            stream.write_all(b"\r\n")?;
        }
        Ok(())
    };
    chunk(&answer.prefix)?;
    let mut sent = 0;
    while answer.times.is_none_or(|times| sent < times) {
        chunk(&answer.piece)?;
        sent += 1;
    }
    stream.write_all(b"0\r\n\r\n")?;
    stream.flush()
}

/// A gzip stream of zeros: a header, then a deflate block of 1 MiB of
/// zeros (about a kilobyte) to be sent as many times as wanted. Every
/// back-reference in the block points at zeros, so repeating it decodes
/// to more zeros; no trailer is needed to make a decoder work through it.
fn gzip_bomb_parts() -> (Vec<u8>, Vec<u8>) {
    use flate2::{Compress, Compression, FlushCompress};
    let header = vec![0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    let zeros = vec![0u8; 1 << 20];
    let mut deflate = Compress::new(Compression::fast(), false);
    let mut block = Vec::with_capacity(256 << 10);
    deflate
        .compress_vec(&zeros, &mut block, FlushCompress::Sync)
        .unwrap();
    assert_eq!(deflate.total_in(), 1 << 20, "the whole MiB in one block");
    assert!(block.len() < 64 << 10, "{} bytes", block.len());
    (header, block)
}

// ------------------------------------------------------------ the runs

/// How a measured run ended.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    /// Peak resident memory in KiB, where the system tells it.
    peak_kib: Option<u64>,
    took: Duration,
}

impl Run {
    #[track_caller]
    fn assert_code(&self, code: i32) {
        assert_eq!(self.code, Some(code), "stderr: {}", self.stderr);
    }

    /// The peak stayed under `mib` (checked on Linux only).
    #[track_caller]
    fn assert_peak_under(&self, mib: u64) {
        if let Some(peak) = self.peak_kib {
            assert!(
                peak < mib << 10,
                "peak memory {} MiB, over {mib} MiB; stderr: {}",
                peak >> 10,
                self.stderr
            );
        }
    }

    #[track_caller]
    fn assert_no_secret(&self) {
        for secret in [KEY, SECRET] {
            assert!(
                !self.stdout.contains(secret) && !self.stderr.contains(secret),
                "a secret leaked: {}{}",
                self.stdout,
                self.stderr
            );
        }
    }
}

/// The high-water mark of `pid`'s resident memory, in KiB.
fn vm_hwm(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Runs `cmd` to its end, sampling its peak memory while it runs (the
/// sampling interval is a measurement, not a wait for anything), and kills
/// it should it pass `KILL_ABOVE_KIB`.
fn run_measured(cmd: &mut Command) -> Run {
    let started = Instant::now();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let collect = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = collect(Box::new(child.stdout.take().unwrap()));
    let stderr = collect(Box::new(child.stderr.take().unwrap()));
    let linux = cfg!(target_os = "linux");
    let mut peak = 0;
    let status = loop {
        if linux && let Some(hwm) = vm_hwm(child.id()) {
            peak = peak.max(hwm);
            if hwm > KILL_ABOVE_KIB {
                let _ = child.kill();
            }
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Run {
        code: status.code(),
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
        peak_kib: linux.then_some(peak),
        took: started.elapsed(),
    }
}

// ------------------------------------------------------------ bounded bodies

/// 512 MiB of zeros in about half a megabyte of gzip: read no further than
/// 16 MiB, exit 1 naming the URL and the limit, not retried.
#[test]
fn a_gzip_bomb_is_refused_past_16_mib_with_bounded_memory() {
    let (header, block) = gzip_bomb_parts();
    let server = Streamer::start(
        Answer::new(
            "200 OK",
            &["content-type: application/json", "content-encoding: gzip"],
        )
        .body(&header, &block, Some(512)),
    );
    let home = crate::common::Home::new();
    let run = run_measured(home.cra_std().at_with_secrets(&server.url).args(["search"]));
    run.assert_code(1);
    assert!(run.stderr.contains("over 16 MiB"), "{}", run.stderr);
    assert!(run.stderr.contains(&server.url), "{}", run.stderr);
    run.assert_peak_under(80);
    assert_eq!(server.hits(), 1, "bad data is not asked for again");
}

/// A list page that never ends (chunked, no length): the same.
#[test]
fn an_endless_list_page_is_refused_past_16_mib_with_bounded_memory() {
    let piece =
        br#"{"id":"x","name":"N","city":"C","state":"TX","regulator":"FDIC"},"#.repeat(1000);
    let server = Streamer::start(
        Answer::new("200 OK", &["content-type: application/json"]).body(
            br#"{"data":["#,
            &piece,
            None,
        ),
    );
    let home = crate::common::Home::new();
    let run = run_measured(home.cra_std().at_with_secrets(&server.url).args([
        "--timeout",
        "60s",
        "search",
    ]));
    run.assert_code(1);
    assert!(run.stderr.contains("over 16 MiB"), "{}", run.stderr);
    assert!(run.stderr.contains("/api/v1/banks"), "{}", run.stderr);
    run.assert_peak_under(80);
    assert_eq!(server.hits(), 1);
}

/// An error body gets 1 MiB: a 401 that never ends is refused past it.
#[test]
fn an_endless_error_body_is_refused_past_1_mib() {
    let server = Streamer::start(
        Answer::new("401 Unauthorized", &["content-type: application/json"]).body(
            br#"{"message":""#,
            &[b'x'; 64 << 10],
            None,
        ),
    );
    let home = crate::common::Home::new();
    let run = run_measured(home.cra_std().at_with_secrets(&server.url).args([
        "--timeout",
        "60s",
        "search",
    ]));
    run.assert_code(1);
    assert!(
        run.stderr.contains("401") && run.stderr.contains("over 1 MiB"),
        "{}",
        run.stderr
    );
    run.assert_peak_under(48);
}

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

/// `Content-Encoding: gzip` on a body that is not gzip is bad data (exit
/// 1, once), not a network failure retried and reported as exit 6.
#[test]
fn a_gzip_header_on_a_plain_body_is_bad_data() {
    let server = Streamer::start(
        Answer::new(
            "200 OK",
            &["content-type: application/json", "content-encoding: gzip"],
        )
        .body(list_body(1, 1, 1, 25).as_bytes(), b"", Some(0)),
    );
    let home = crate::common::Home::new();
    let run = run_measured(home.cra_std().at_with_secrets(&server.url).args(["search"]));
    run.assert_code(1);
    assert!(run.stderr.contains("not gzip data"), "{}", run.stderr);
    assert!(run.stderr.contains(&server.url), "{}", run.stderr);
    assert_eq!(server.hits(), 1, "not retried");
}

// ------------------------------------------------------------ listen --forward-to

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

// ------------------------------------------------------------ the key never shows

/// A server putting the caller's Authorization value where a number
/// belongs: the parse error would quote it.
#[test]
fn a_key_quoted_in_a_parse_error_is_hidden() {
    let body =
        list_body(1, 1, 1, 25).replace(r#""total":1,"#, &format!(r#""total":"Bearer {KEY}","#));
    let server = TestServer::always(Reply::json(200, &body));
    let home = crate::common::Home::new();
    let run = run_measured(home.cra_std().at_with_secrets(&server.url).args(["search"]));
    run.assert_code(1);
    run.assert_no_secret();
    assert!(run.stderr.contains("meta.total"), "{}", run.stderr);
    assert!(run.stderr.contains("[redacted]"), "{}", run.stderr);
}

/// Ids that contain the key: the `--verbose` trace of each detail URL
/// (percent-encoded there) and the error naming the bank hide it.
#[test]
fn a_key_inside_ids_is_hidden_from_traces_and_errors() {
    let list = list_body(2, 2, 1, 100)
        .replace("id-1-0", &format!("{KEY}/x y"))
        .replace("id-1-1", &format!("pre-{KEY}"));
    let server = TestServer::start(move |_, target| {
        if target.starts_with("/api/v1/banks?") {
            Reply::json(200, &list)
        } else {
            Reply::json(404, r#"{"message":"no such bank"}"#)
        }
    });
    let home = crate::common::Home::new();
    let run = run_measured(home.cra_std().at_with_secrets(&server.url).args([
        "--verbose",
        "export",
        "--with-history",
        "--format",
        "csv",
    ]));
    run.assert_code(5);
    run.assert_no_secret();
    // Since issue 19 the key is taken out of the list's data itself, ids
    // included, so the bank is asked for (and named) without it.
    assert!(
        run.stderr.contains("'[redacted]/x y'") || run.stderr.contains("pre-[redacted]"),
        "{}",
        run.stderr
    );
    assert!(server.seen().len() >= 2, "the detail URLs were asked for");
}

/// Error bodies echoing the key, in each form a server may quote it.
#[test]
fn a_key_echoed_by_an_error_body_is_hidden() {
    for (status, code) in [(403, 4), (500, 6), (400, 1)] {
        let body = serde_json::json!({ "message": format!("refused Bearer {KEY}") }).to_string();
        let server = TestServer::always(Reply::json(status, &body));
        let home = crate::common::Home::new();
        let run = run_measured(home.cra_std().at_with_secrets(&server.url).args([
            "--retries",
            "0",
            "search",
        ]));
        run.assert_code(code);
        run.assert_no_secret();
        assert!(
            run.stderr.contains("refused Bearer [redacted]"),
            "{}",
            run.stderr
        );
    }
}

// ------------------------------------------------------------ errors that help

/// Retry-After of a day: fail at once (exit 6) saying when to try again,
/// rather than wait in silence.
#[test]
fn a_retry_after_of_a_day_fails_at_once_saying_when() {
    let server = TestServer::always(
        Reply::json(429, r#"{"message":"daily quota spent"}"#).with_header("retry-after", "86400"),
    );
    let home = crate::common::Home::new();
    let run = run_measured(home.cra_std().at_with_secrets(&server.url).args(["search"]));
    run.assert_code(6);
    assert!(run.took < Duration::from_secs(30), "took {:?}", run.took);
    assert!(
        run.stderr.contains("1 d")
            && run.stderr.contains("try again later")
            && run.stderr.contains("daily quota spent"),
        "{}",
        run.stderr
    );
    assert_eq!(server.hits(), 1);
}

/// A short Retry-After is waited for, and a person at a terminal is told.
#[test]
fn a_short_retry_after_is_announced_on_a_terminal() {
    let server = TestServer::slow_down_once();
    let home = crate::common::Home::new();
    let mut cmd = home.cra_std();
    cmd.at_with_secrets(&server.url).args(["search"]);
    cmd.env("CRA_FORCE_TTY", "1");
    let run = run_measured(&mut cmd);
    run.assert_code(0);
    assert!(
        run.stderr.contains("waiting 1 s before trying again"),
        "{}",
        run.stderr
    );
    // Not on a pipe: a script's standard error stays quiet.
    let run = run_measured(home.cra_std().at_with_secrets(&server.url).args(["search"]));
    run.assert_code(0);
    assert!(!run.stderr.contains("waiting"), "{}", run.stderr);
}

/// A refused connection says how many tries were made and what to check.
#[test]
fn a_refused_connection_says_the_tries_and_what_to_check() {
    let port = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let home = crate::common::Home::new();
    let url = format!("http://127.0.0.1:{port}");
    let run = run_measured(
        home.cra_std()
            .at_with_secrets(&url)
            .args(["--retries", "1", "search"]),
    );
    run.assert_code(6);
    let stderr = &run.stderr;
    assert!(stderr.contains("after 2 tries"), "{stderr}");
    assert!(stderr.contains("cra config show"), "{stderr}");
    assert!(stderr.contains(&format!("127.0.0.1:{port}")), "{stderr}");
}

/// 401 and 403 say their reason once.
#[test]
fn a_refusal_says_its_reason_once() {
    for (status, reason, code) in [
        (403, "the subscription of this API key is inactive", 4),
        (401, "the API key is missing or invalid", 3),
    ] {
        let body = serde_json::json!({ "message": reason }).to_string();
        let server = TestServer::always(Reply::json(status, &body));
        let home = crate::common::Home::new();
        let run = run_measured(home.cra_std().at_with_secrets(&server.url).args(["search"]));
        run.assert_code(code);
        assert_eq!(run.stderr.matches(reason).count(), 1, "{}", run.stderr);
    }
}

/// A failed `-o` names the destination given, not the temporary file.
#[test]
fn a_failed_output_file_is_named_as_given() {
    let server = TestServer::always(Reply::json(200, &list_body(1, 1, 1, 100)));
    let home = crate::common::Home::new();
    let dest = home.path().join("no-such-folder/out.csv");
    let mut cmd = home.cra_std();
    cmd.at_with_secrets(&server.url).args(["export", "-o"]);
    cmd.arg(&dest);
    let run = run_measured(&mut cmd);
    run.assert_code(1);
    assert!(
        run.stderr
            .contains(&format!("cannot write {}", dest.display())),
        "{}",
        run.stderr
    );
    assert!(!run.stderr.contains(".part"), "{}", run.stderr);
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
