//! The `listen` receiver: an axum service on hyper's HTTP/1 connection
//! builder (for its header read timeout), verifying raw bytes before
//! anything is parsed.
//!
//! One delivery goes: route and method → Content-Length precheck → body read
//! under a size cap and a deadline → signature → payload shape → a
//! `--max-events` slot (503 when none is left) → duplicate check → optional
//! forward → log line (written and flushed by the log writer, which
//! acknowledges) → counts and the event line → response. With `--forward-to`
//! or `--max-events` a delivery runs in a task of its own, so a sender that
//! hangs up cannot cut it off halfway. When `--max-events` is reached,
//! listen winds down without dropping anything: keep-alive is off under
//! `--max-events` (no delivery is caught on an idle connection), a
//! connection is handed to hyper only once its first bytes are really there
//! (hyper closes an empty one as idle at shutdown), and the port stays open
//! while senders keep connecting, each later delivery answered 503. Standard output and the log file
//! each have one writer thread fed by a channel, so concurrent deliveries
//! never interleave lines and the log is written in batches under load
//! (group commit: one `write` for every line queued meanwhile).

use std::collections::{BTreeMap, HashSet, VecDeque};
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::Duration;

use anyhow::{Context, Result};
use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bytes::{Bytes, BytesMut};
use futures_util::StreamExt;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use secrecy::{ExposeSecret, SecretString};
use sha2::{Digest, Sha256};
use tokio::net::TcpListener;
use tokio::sync::{oneshot, watch};

use crate::http;
use crate::webhook::diagnose::diagnose;
use crate::webhook::payload::{RATING_CREATED, RatingCreated, timestamp_now};
use crate::webhook::sign::{self, HEADER};

/// Largest refused body a signature mismatch is diagnosed on (each common
/// mistake is one more HMAC of the body).
const DIAGNOSE_MAX: usize = 64 * 1024;

/// Bodies whose digests are remembered for duplicate marks, at most; the
/// oldest are forgotten first, so memory stays flat on a long run.
const REMEMBERED: usize = 100_000;

/// How long `listen` goes on answering 503 once `--max-events` is reached,
/// after the last new connection: long enough for the rest of a sender's
/// burst to connect on a busy machine, short enough not to be noticed.
const LINGER: Duration = Duration::from_millis(500);

/// The longest that answering lasts, however busy the senders.
const LINGER_MAX: Duration = Duration::from_secs(5);

/// What `listen` was asked to do, resolved.
pub struct Config {
    /// Path deliveries are accepted on, starting with `/`.
    pub path: String,
    pub secret: SecretString,
    pub forward_to: Option<url::Url>,
    /// Timeout of a forwarded request.
    pub forward_timeout: Duration,
    pub log: Option<PathBuf>,
    pub max_events: Option<u64>,
    /// `--tolerance`: how far a payload's `timestamp` may be from now, in
    /// either direction, before the delivery is refused as `stale`.
    pub tolerance: Option<Duration>,
    pub max_body: u64,
    /// Headers must arrive within this, then the body within this.
    pub read_timeout: Duration,
    /// `--format json`: events as the raw body, one per line.
    pub raw_json: bool,
    /// `--quiet`: no refusal lines on standard error.
    pub quiet: bool,
}

/// Counts for the summary.
#[derive(Debug, Default, Clone)]
pub struct Summary {
    pub received: u64,
    pub verified: u64,
    /// Verified and answered with a 2xx (what `--max-events` counts).
    pub delivered: u64,
    pub duplicates: u64,
    pub refused: BTreeMap<&'static str, u64>,
}

impl Summary {
    pub fn line(&self) -> String {
        let refused: u64 = self.refused.values().sum();
        let mut line = format!(
            "received {}, verified {} ({} duplicate{}), refused {}",
            self.received,
            self.verified,
            self.duplicates,
            if self.duplicates == 1 { "" } else { "s" },
            refused
        );
        if refused > 0 {
            let reasons: Vec<String> = self
                .refused
                .iter()
                .map(|(reason, n)| format!("{reason} {n}"))
                .collect();
            line.push_str(&format!(" ({})", reasons.join(", ")));
        }
        line
    }
}

/// A line for a writer thread, with an optional acknowledgement once it
/// has been written and flushed.
enum Line {
    Write(Vec<u8>, Option<oneshot::Sender<bool>>),
    Stop,
}

struct Writer {
    tx: mpsc::Sender<Line>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Writer {
    fn spawn(name: &str, sink: Box<dyn Write + Send>) -> Writer {
        let (tx, rx) = mpsc::channel::<Line>();
        let thread = std::thread::Builder::new()
            .name(name.to_string())
            .spawn(move || write_loop(sink, rx))
            .expect("spawn a writer thread");
        Writer {
            tx,
            thread: Some(thread),
        }
    }

    fn stop(&mut self) {
        let _ = self.tx.send(Line::Stop);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn write_loop(mut sink: Box<dyn Write + Send>, rx: mpsc::Receiver<Line>) {
    let mut acks = Vec::new();
    let mut batch = Vec::with_capacity(64 * 1024);
    while let Ok(first) = rx.recv() {
        let mut stop = false;
        let mut next = Some(first);
        while let Some(line) = next {
            match line {
                Line::Write(bytes, ack) => {
                    batch.extend_from_slice(&bytes);
                    acks.extend(ack);
                }
                Line::Stop => stop = true,
            }
            if stop || batch.len() > 1 << 20 {
                break;
            }
            next = rx.try_recv().ok();
        }
        let ok = sink.write_all(&batch).and_then(|()| sink.flush()).is_ok();
        batch.clear();
        for ack in acks.drain(..) {
            let _ = ack.send(ok);
        }
        if stop {
            return;
        }
    }
}

/// Digests of bodies already seen, bounded.
#[derive(Default)]
struct Seen {
    set: HashSet<[u8; 32]>,
    order: VecDeque<[u8; 32]>,
}

impl Seen {
    /// Remembers `digest`; true when it was already there.
    fn check(&mut self, digest: [u8; 32]) -> bool {
        if self.set.contains(&digest) {
            return true;
        }
        if self.order.len() >= REMEMBERED
            && let Some(old) = self.order.pop_front()
        {
            self.set.remove(&old);
        }
        self.set.insert(digest);
        self.order.push_back(digest);
        false
    }
}

struct Shared {
    config: Config,
    client: Option<reqwest::Client>,
    log: Option<mpsc::Sender<Line>>,
    stdout: mpsc::Sender<Line>,
    summary: Mutex<Summary>,
    /// Verified deliveries accepted so far, counted before they are
    /// forwarded or printed, so that `--max-events N` accepts exactly N.
    accepted: AtomicU64,
    seen: Mutex<Seen>,
    /// Set once `--max-events` verified events have been seen.
    enough: watch::Sender<bool>,
    /// Held by every connection and delivery task while `serve` runs; when
    /// all are dropped, everything in flight has finished.
    alive: Mutex<Option<tokio::sync::mpsc::Sender<()>>>,
}

/// How one delivery ended.
struct Outcome {
    status: StatusCode,
    /// `valid` or the refusal's reason code.
    verdict: &'static str,
    /// For the refusal line on standard error.
    reason: String,
    body: Bytes,
    duplicate: bool,
    event: Option<RatingCreated>,
    forward: Option<String>,
    extra_headers: Vec<(header::HeaderName, HeaderValue)>,
    /// Why a signature failed, added to the refusal line on standard error
    /// (never to the answer).
    hint: Option<String>,
}

impl Outcome {
    fn refused(status: StatusCode, verdict: &'static str, reason: impl Into<String>) -> Outcome {
        Outcome {
            status,
            verdict,
            reason: reason.into(),
            body: Bytes::new(),
            duplicate: false,
            event: None,
            forward: None,
            extra_headers: Vec::new(),
            hint: None,
        }
    }

    fn with_body(mut self, body: Bytes) -> Outcome {
        self.body = body;
        self
    }

    fn closing(mut self) -> Outcome {
        self.extra_headers
            .push((header::CONNECTION, HeaderValue::from_static("close")));
        self
    }
}

/// A bound receiver, not yet serving.
pub struct Server {
    listener: TcpListener,
    shared: Arc<Shared>,
    log_writer: Option<Writer>,
    stdout_writer: Writer,
    enough: watch::Receiver<bool>,
}

impl Server {
    /// Opens the log file and binds the address.
    pub async fn bind(host: &str, port: u16, config: Config) -> Result<Server> {
        let log_writer = match &config.log {
            Some(path) => {
                let file = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .with_context(|| format!("cannot open log file {}", path.display()))?;
                Some(Writer::spawn("cra-log", Box::new(file)))
            }
            None => None,
        };
        let stdout_writer = Writer::spawn("cra-stdout", Box::new(std::io::stdout()));
        let listener = TcpListener::bind((host, port))
            .await
            .with_context(|| format!("cannot listen on {}", crate::host_port(host, port)))?;
        let client = config
            .forward_to
            .as_ref()
            .map(|to| crate::http::webhook_sender(to, config.forward_timeout, 64))
            .transpose()?;
        let (enough_tx, enough) = watch::channel(false);
        let shared = Arc::new(Shared {
            config,
            client,
            log: log_writer.as_ref().map(|w| w.tx.clone()),
            stdout: stdout_writer.tx.clone(),
            summary: Mutex::new(Summary::default()),
            accepted: AtomicU64::new(0),
            seen: Mutex::new(Seen::default()),
            enough: enough_tx,
            alive: Mutex::new(None),
        });
        Ok(Server {
            listener,
            shared,
            log_writer,
            stdout_writer,
            enough,
        })
    }

    pub fn local_addr(&self) -> Result<SocketAddr> {
        Ok(self.listener.local_addr()?)
    }

    /// `http://ADDR/PATH`, for the first line a person or test reads.
    pub fn url(&self) -> Result<String> {
        Ok(format!(
            "http://{}{}",
            self.local_addr()?,
            self.shared.config.path
        ))
    }

    /// Serves until `stop` resolves or `--max-events` is reached, then
    /// finishes in-flight deliveries and returns the counts.
    pub async fn serve(mut self, stop: impl Future<Output = ()>) -> Result<Summary> {
        let router = Router::new()
            .fallback(handle)
            .with_state(self.shared.clone());
        let (closing_tx, closing_rx) = watch::channel(false);
        // Each connection task holds a clone; all dropped = all finished.
        let (alive_tx, mut alive_rx) = tokio::sync::mpsc::channel::<()>(1);
        *self.shared.alive.lock().expect("alive lock") = Some(alive_tx.clone());
        let read_timeout = self.shared.config.read_timeout;
        // With --max-events every delivery gets a connection of its own: a
        // connection kept alive for the sender's next delivery would sit idle
        // in its pool when listen stops, and a delivery sent on it just as
        // hyper closes it would be lost rather than answered 503.
        let keep_alive = self.shared.config.max_events.is_none();
        tokio::pin!(stop);
        let mut enough = self.enough.clone();
        // After the last event --max-events wants, the port stays open until
        // senders are quiet (LINGER without a new connection, LINGER_MAX at
        // most), every delivery answered 503: the rest of a burst learns to
        // send again later instead of finding the port closed.
        let mut lame_duck: Option<(tokio::time::Instant, tokio::time::Instant)> = None;
        loop {
            let quiet = async {
                match lame_duck {
                    Some((quiet_at, _)) => tokio::time::sleep_until(quiet_at).await,
                    None => std::future::pending().await,
                }
            };
            let (stream, _peer) = tokio::select! {
                accepted = self.listener.accept() => match accepted {
                    Ok(pair) => pair,
                    // Out of file descriptors and the like: keep serving.
                    Err(_) => { tokio::time::sleep(Duration::from_millis(20)).await; continue; }
                },
                () = &mut stop => break,
                _ = enough.wait_for(|done| *done), if lame_duck.is_none() => {
                    let now = tokio::time::Instant::now();
                    lame_duck = Some((now + LINGER, now + LINGER_MAX));
                    let _ = closing_tx.send(true);
                    continue;
                }
                () = quiet => break,
            };
            if let Some((quiet_at, until)) = &mut lame_duck {
                *quiet_at = (tokio::time::Instant::now() + LINGER).min(*until);
            }
            spawn_connection(
                stream,
                &router,
                read_timeout,
                &closing_rx,
                &alive_tx,
                keep_alive,
            );
        }
        // Connections already queued by the kernel are served too (they get
        // 503 after --max-events) rather than reset: accepted with plain
        // non-blocking calls until none is left, since the reactor may not
        // have seen them yet.
        if let Ok(listener) = self.listener.into_std() {
            while let Ok((stream, _)) = listener.accept() {
                let stream = stream
                    .set_nonblocking(true)
                    .and_then(|()| tokio::net::TcpStream::from_std(stream));
                if let Ok(stream) = stream {
                    spawn_connection(
                        stream,
                        &router,
                        read_timeout,
                        &closing_rx,
                        &alive_tx,
                        keep_alive,
                    );
                }
            }
        }
        let _ = closing_tx.send(true);
        self.shared.alive.lock().expect("alive lock").take();
        drop(alive_tx);
        // In-flight deliveries finish; a stuck one cannot outlive its own
        // read and forward deadlines by much.
        let grace = read_timeout + self.shared.config.forward_timeout + Duration::from_secs(1);
        let _ = tokio::time::timeout(grace, alive_rx.recv()).await;
        if let Some(writer) = self.log_writer.as_mut() {
            writer.stop();
        }
        self.stdout_writer.stop();
        let summary = self.shared.summary.lock().expect("summary lock").clone();
        Ok(summary)
    }
}

/// Resolves once at least one byte has arrived on `stream` (or it is
/// closed or failed: hyper then sees that itself), without consuming it.
async fn first_bytes(stream: &tokio::net::TcpStream) {
    let mut probe = [0u8; 1];
    let _ = stream.peek(&mut probe).await;
}

/// Serves one connection until it ends or, once `closing` is set, until its
/// request in progress is answered.
fn spawn_connection(
    stream: tokio::net::TcpStream,
    router: &Router,
    read_timeout: Duration,
    closing: &watch::Receiver<bool>,
    alive: &tokio::sync::mpsc::Sender<()>,
    keep_alive: bool,
) {
    let _ = stream.set_nodelay(true);
    let service = TowerToHyperService::new(router.clone());
    let mut closing = closing.clone();
    let alive = alive.clone();
    tokio::spawn(async move {
        // The first request's bytes are awaited here, before hyper takes the
        // socket: hyper closes a connection it has read nothing from as idle
        // when listen stops, and the request its sender wrote meanwhile would
        // be lost unanswered. The bytes are peeked, not just awaited as
        // readiness: `readable()` may wake before any byte is there (a fresh
        // socket often does), and that false start let a connection through
        // to hyper empty-handed (the flaky `--max-events` drops). Stopping, a
        // connection with nothing to read within a moment is closed; so is
        // one silent for the read timeout.
        tokio::select! {
            biased;
            _ = first_bytes(&stream) => {}
            () = tokio::time::sleep(read_timeout) => {
                drop(alive);
                return;
            }
            () = async { let _ = closing.wait_for(|c| *c).await; } => {
                if tokio::time::timeout(Duration::from_millis(200), first_bytes(&stream))
                    .await
                    .is_err()
                {
                    drop(alive);
                    return;
                }
            }
        }
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(read_timeout)
            .keep_alive(keep_alive)
            .serve_connection(TokioIo::new(stream), service);
        tokio::pin!(connection);
        tokio::select! {
            // The connection first: a request already sent is read and
            // answered before a shutdown can close the connection as idle.
            biased;
            _ = connection.as_mut() => {}
            () = async { let _ = closing.wait_for(|c| *c).await; } => {
                connection.as_mut().graceful_shutdown();
                let _ = connection.as_mut().await;
            }
        }
        drop(alive);
    });
}

async fn handle(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    if shared.config.forward_to.is_none() && shared.config.max_events.is_none() {
        let received_at = timestamp_now();
        let outcome = shared.deliver(request).await;
        return shared.finish(received_at, outcome).await;
    }
    // Its own task: hyper drops this future when the sender hangs up, and a
    // delivery cut off between its `--max-events` slot, its forward and its
    // log line would leave the counts, the log and the downstream at odds.
    // The task holds `alive`, so shutdown waits for it.
    let alive = shared.alive.lock().expect("alive lock").clone();
    let task = tokio::spawn(async move {
        let received_at = timestamp_now();
        let outcome = shared.deliver(request).await;
        let response = shared.finish(received_at, outcome).await;
        drop(alive);
        response
    });
    task.await
        .unwrap_or_else(|_| (StatusCode::INTERNAL_SERVER_ERROR, "internal error\n").into_response())
}

impl Shared {
    async fn deliver(&self, request: Request) -> Outcome {
        let config = &self.config;
        let (parts, body) = request.into_parts();
        if parts.uri.path() != config.path {
            return Outcome::refused(
                StatusCode::NOT_FOUND,
                "not_found",
                format!(
                    "{} is not the webhook path {}",
                    parts.uri.path(),
                    config.path
                ),
            );
        }
        if parts.method != Method::POST {
            let mut outcome = Outcome::refused(
                StatusCode::METHOD_NOT_ALLOWED,
                "method_not_allowed",
                format!("{} instead of POST", parts.method),
            );
            outcome
                .extra_headers
                .push((header::ALLOW, HeaderValue::from_static("POST")));
            return outcome;
        }
        let declared = parts
            .headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if let Some(length) = declared
            && length > config.max_body
        {
            // Refused on the declared length alone; a modest excess is read
            // and thrown away (never stored) so the sender sees the 413
            // instead of a connection reset.
            if length <= config.max_body + DRAIN {
                let mut stream = body.into_data_stream();
                let _ = tokio::time::timeout(config.read_timeout, drain(&mut stream)).await;
            }
            return too_large(config.max_body).closing();
        }
        let body = match read_body(body, declared, config.max_body, config.read_timeout).await {
            Ok(body) => body,
            Err(outcome) => return outcome,
        };

        // The signature is checked on the raw bytes, before any parsing.
        let Some(signature) = signature_of(&parts.headers) else {
            return Outcome::refused(
                StatusCode::UNAUTHORIZED,
                sign::Invalid::Missing.code(),
                format!("no {HEADER} header"),
            )
            .with_body(body);
        };
        let secret = config.secret.expose_secret().as_bytes();
        if let Err(reason) = sign::verify(secret, &body, signature) {
            // Why, where a common mistake explains it: for the refusal line
            // on standard error only, never in the answer to the sender.
            let hint = match reason {
                sign::Invalid::Mismatch if body.len() <= DIAGNOSE_MAX => sign::decode(signature)
                    .ok()
                    .and_then(|wanted| diagnose(secret, &body, &wanted))
                    .map(|mistake| format!(": {}", mistake.explain())),
                other => other.hint(signature).map(|hint| format!(" ({hint})")),
            };
            let mut outcome =
                Outcome::refused(StatusCode::UNAUTHORIZED, reason.code(), reason.to_string())
                    .with_body(body);
            outcome.hint = hint;
            return outcome;
        }
        let event = match serde_json::from_slice::<RatingCreated>(&body) {
            Ok(event) if event.event == RATING_CREATED => event,
            Ok(event) => {
                return Outcome::refused(
                    StatusCode::BAD_REQUEST,
                    "bad_payload",
                    format!(
                        "signed, but event is {:?}, not {RATING_CREATED}",
                        event.event
                    ),
                )
                .with_body(body);
            }
            Err(error) => {
                return Outcome::refused(
                    StatusCode::BAD_REQUEST,
                    "bad_payload",
                    format!("signed, but not a {RATING_CREATED} payload: {error}"),
                )
                .with_body(body);
            }
        };
        if let Some(tolerance) = config.tolerance
            && let Err(why) = check_fresh(&event.timestamp, jiff::Timestamp::now(), tolerance)
        {
            return Outcome::refused(StatusCode::UNAUTHORIZED, "stale", why).with_body(body);
        }
        // With --max-events N, deliveries verified after the Nth (in flight
        // while listen stops) are turned away with 503 so that the sender
        // retries them later: neither printed nor forwarded, nor lost.
        if let Some(max) = config.max_events
            && self
                .accepted
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                    (n < max).then_some(n + 1)
                })
                .is_err()
        {
            let mut outcome = Outcome::refused(
                StatusCode::SERVICE_UNAVAILABLE,
                "shutting_down",
                format!("--max-events {max} already reached; send it again later"),
            )
            .with_body(body)
            .closing();
            outcome
                .extra_headers
                .push((header::RETRY_AFTER, HeaderValue::from_static("60")));
            return outcome;
        }
        let digest: [u8; 32] = Sha256::digest(&body).into();
        let duplicate = self.seen.lock().expect("seen lock").check(digest);

        let mut status = StatusCode::OK;
        let mut forward = None;
        if let (Some(client), Some(to)) = (&self.client, &config.forward_to) {
            let sent = client
                .post(to.clone())
                .header(
                    header::CONTENT_TYPE,
                    parts
                        .headers
                        .get(header::CONTENT_TYPE)
                        .cloned()
                        .unwrap_or(HeaderValue::from_static("application/json")),
                )
                .header(HEADER, signature)
                .body(body.clone())
                .send()
                .await;
            match sent {
                Ok(response) => {
                    status = StatusCode::from_u16(response.status().as_u16())
                        .unwrap_or(StatusCode::BAD_GATEWAY);
                    let mut line = format!(
                        "forwarded {} {}",
                        status.as_u16(),
                        status.canonical_reason().unwrap_or("")
                    );
                    // The app's answer, read no further than the limit: on
                    // a failure its first line is the app's own error
                    // message, what the developer needs next to the status.
                    let answer = http::read_prefix(response, http::SMALL_BODY_LIMIT).await;
                    if !status.is_success()
                        && let Ok((body, _)) = &answer
                        && let Some(first) = first_line(body)
                    {
                        line = format!("{}: {first}", line.trim_end());
                    }
                    if let Ok((_, false)) = answer {
                        line.push_str(&format!(
                            " (answer over {}, read no further)",
                            http::size(http::SMALL_BODY_LIMIT)
                        ));
                    }
                    forward = Some(line);
                }
                Err(error) => {
                    status = StatusCode::BAD_GATEWAY;
                    let why = if error.is_timeout() {
                        "timed out"
                    } else if error.is_connect() {
                        "unreachable"
                    } else {
                        "failed"
                    };
                    forward = Some(format!("forward {why}: 502"));
                }
            }
        }
        Outcome {
            status,
            verdict: "valid",
            reason: String::new(),
            body,
            duplicate,
            event: Some(event),
            forward,
            extra_headers: Vec::new(),
            hint: None,
        }
    }

    /// Logs (waiting for the flush), counts, prints, and answers.
    ///
    /// Without `--forward-to` and `--max-events` this runs in the
    /// connection's own future, which hyper drops if the sender hangs up:
    /// so the counting and printing come before the one wait (the log's
    /// flush), and a hang-up there loses only the answer nobody reads.
    /// With `--max-events` (run in a task of its own, see `handle`), the
    /// count waits for the flush: a delivery answered 500 must not count.
    async fn finish(&self, received_at: String, outcome: Outcome) -> Response {
        let verified = outcome.verdict == "valid";
        let mut pending_log = self.log.as_ref().map(|log| {
            let (ack, written) = oneshot::channel();
            let sent = log
                .send(Line::Write(log_line(&received_at, &outcome), Some(ack)))
                .is_ok();
            (sent, written)
        });
        let mut status = outcome.status;
        if self.config.max_events.is_some()
            && let Some(pending) = pending_log.take()
            && !log_written(pending).await
        {
            status = StatusCode::INTERNAL_SERVER_ERROR;
        }
        self.record(&received_at, &outcome, status);
        if let Some(pending) = pending_log
            && !log_written(pending).await
        {
            status = StatusCode::INTERNAL_SERVER_ERROR;
        }

        let text = if verified {
            "ok\n".to_string()
        } else {
            format!("{}: {}\n", outcome.verdict, outcome.reason)
        };
        let mut response = (status, text).into_response();
        for (name, value) in outcome.extra_headers {
            response.headers_mut().insert(name, value);
        }
        response
    }

    /// Counts the delivery, prints it (events on standard output, refusals
    /// on standard error), and says when `--max-events` is reached.
    fn record(&self, received_at: &str, outcome: &Outcome, status: StatusCode) {
        let mut reached = false;
        {
            let mut summary = self.summary.lock().expect("summary lock");
            summary.received += 1;
            if outcome.verdict == "valid" {
                summary.verified += 1;
                if outcome.duplicate {
                    summary.duplicates += 1;
                }
                // Only a delivery the sender saw succeed counts toward
                // --max-events; one answered 500 or 502 gives its slot
                // back, since the sender will send it again.
                if status.is_success() {
                    summary.delivered += 1;
                    reached = self.config.max_events == Some(summary.delivered);
                } else if self.config.max_events.is_some() {
                    self.accepted.fetch_sub(1, Ordering::SeqCst);
                }
            } else {
                *summary.refused.entry(outcome.verdict).or_default() += 1;
            }
        }
        if let Some(event) = &outcome.event {
            let line = if self.config.raw_json {
                raw_json_line(&outcome.body)
            } else {
                event_line(received_at, event, outcome)
            };
            let _ = self.stdout.send(Line::Write(line, None));
        } else if !self.config.quiet {
            let hint = outcome.hint.as_deref().unwrap_or_default();
            eprintln!(
                "{received_at} refused {} {}: {}{hint}",
                outcome.status.as_u16(),
                outcome.verdict,
                clean(&outcome.reason)
            );
        }
        if reached {
            let _ = self.enough.send(true);
        }
    }
}

/// Whether a log line sent to the writer was written and flushed; warns
/// once per failed line.
async fn log_written((sent, written): (bool, oneshot::Receiver<bool>)) -> bool {
    let ok = sent && written.await.unwrap_or(false);
    if !ok {
        eprintln!("cra: warning: could not write the log file; answering 500");
    }
    ok
}

/// Whether a payload stamped `timestamp` is within `tolerance` of `now`,
/// either way (Standard Webhooks' defence against a captured delivery sent
/// again later); if not, why, in words for the refusal line.
fn check_fresh(timestamp: &str, now: jiff::Timestamp, tolerance: Duration) -> Result<(), String> {
    let allowed =
        friendly(jiff::SignedDuration::try_from(tolerance).unwrap_or(jiff::SignedDuration::MAX));
    let Ok(at) = timestamp.parse::<jiff::Timestamp>() else {
        return Err(format!(
            "timestamp {:?} is not an ISO 8601 date-time with an offset, so its age cannot be \
             checked against --tolerance {allowed}",
            clean(timestamp)
        ));
    };
    let age = now.duration_since(at);
    if age.unsigned_abs() <= tolerance {
        return Ok(());
    }
    let (how_far, which_way) = if age.is_negative() {
        (-age, "in the future")
    } else {
        (age, "old")
    };
    // Whole seconds read best, unless they would round it into tolerance.
    let seconds = jiff::SignedDuration::from_secs(how_far.as_secs());
    let how_far = if seconds.unsigned_abs() > tolerance {
        format!("{seconds:#}")
    } else {
        friendly(how_far)
    };
    Err(format!(
        "timestamp {timestamp} is {how_far} {which_way}, over --tolerance {allowed} \
         (a replayed or delayed delivery, or a clock out of step)"
    ))
}

/// `3h 2m 5s`, `1s 200ms`: a duration as a person writes it, to the
/// millisecond.
fn friendly(duration: jiff::SignedDuration) -> String {
    format!(
        "{:#}",
        jiff::SignedDuration::from_millis(duration.as_millis() as i64)
    )
}

fn too_large(max: u64) -> Outcome {
    Outcome::refused(
        StatusCode::PAYLOAD_TOO_LARGE,
        "too_large",
        format!("body over {max} bytes (--max-body)"),
    )
}

/// Bytes read and discarded after a 413 before the connection is closed:
/// closing a socket with unread data makes the kernel send a reset, and the
/// sender would see that instead of the 413.
const DRAIN: u64 = 1 << 20;

async fn drain(stream: &mut axum::body::BodyDataStream) {
    let mut drained = 0u64;
    while drained <= DRAIN {
        match stream.next().await {
            Some(Ok(chunk)) => drained += chunk.len() as u64,
            _ => return,
        }
    }
}

/// The signature header's value, if present and text.
fn signature_of(headers: &HeaderMap) -> Option<&str> {
    headers.get(HEADER).and_then(|v| v.to_str().ok())
}

/// Reads the body, refusing it as soon as it passes `max` (chunked bodies
/// have no length to check first) or when it does not arrive in time.
async fn read_body(
    body: Body,
    declared: Option<u64>,
    max: u64,
    deadline: Duration,
) -> Result<Bytes, Outcome> {
    let read = async {
        let mut stream = body.into_data_stream();
        // Grow with what arrives: a declared length is a promise, and
        // reserving it up front would let stalled clients pin memory.
        let mut buf =
            BytesMut::with_capacity(declared.unwrap_or(1024).min(max).min(64 * 1024) as usize);
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| {
                Outcome::refused(StatusCode::BAD_REQUEST, "body_error", e.to_string()).closing()
            })?;
            if (buf.len() + chunk.len()) as u64 > max {
                drain(&mut stream).await;
                return Err(too_large(max).closing());
            }
            buf.extend_from_slice(&chunk);
        }
        Ok(buf.freeze())
    };
    match tokio::time::timeout(deadline, read).await {
        Ok(result) => result,
        Err(_) => Err(Outcome::refused(
            StatusCode::REQUEST_TIMEOUT,
            "read_timeout",
            format!("body not received within {}s", deadline.as_secs_f64()),
        )
        .closing()),
    }
}

/// `{"received_at","verdict","status","body"[,"body_encoding"],"duplicate"}`.
/// The body is the UTF-8 text when it is UTF-8, else lower-case hex with
/// `"body_encoding":"hex"`.
fn log_line(received_at: &str, outcome: &Outcome) -> Vec<u8> {
    let mut object = serde_json::Map::new();
    object.insert("received_at".into(), received_at.into());
    object.insert("verdict".into(), outcome.verdict.into());
    object.insert("status".into(), outcome.status.as_u16().into());
    match std::str::from_utf8(&outcome.body) {
        Ok(text) => {
            object.insert("body".into(), text.into());
        }
        Err(_) => {
            object.insert("body".into(), hex::encode(&outcome.body).into());
            object.insert("body_encoding".into(), "hex".into());
        }
    }
    object.insert("duplicate".into(), outcome.duplicate.into());
    let mut line = serde_json::to_vec(&object).expect("a map of strings serializes");
    line.push(b'\n');
    line
}

/// The raw body as one line: exactly as received unless it spans lines
/// (a pretty-printed sender), in which case it is written compact.
fn raw_json_line(body: &[u8]) -> Vec<u8> {
    let mut line = if body.contains(&b'\n') {
        serde_json::from_slice::<serde_json::Value>(body)
            .ok()
            .and_then(|v| serde_json::to_vec(&v).ok())
            .unwrap_or_else(|| body.iter().copied().filter(|b| *b != b'\n').collect())
    } else {
        body.to_vec()
    };
    line.push(b'\n');
    line
}

/// `TIME  EVENT  BANK  REGULATOR  RATING  EXAM-DATE  [forwarded 200 OK]  [duplicate]`.
fn event_line(received_at: &str, event: &RatingCreated, outcome: &Outcome) -> Vec<u8> {
    let data = &event.data;
    let mut line = format!(
        "{received_at}  {}  {}  {}  {}  {}",
        clean(&event.event),
        clean(&data.bank_name),
        clean(&data.regulator),
        clean(&data.rating),
        clean(&data.exam_date)
    );
    if let Some(forward) = &outcome.forward {
        line.push_str("  ");
        line.push_str(forward);
    }
    if outcome.duplicate {
        line.push_str("  duplicate");
    }
    line.push('\n');
    line.into_bytes()
}

/// The first line of an app's answer that has text, made inert for a
/// terminal and cut to a length that fits beside the event.
fn first_line(body: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(body);
    let line = text.lines().map(str::trim).find(|line| !line.is_empty())?;
    Some(crate::output::inert(&crate::error::shorten(line, 200)).into_owned())
}

/// Sender-controlled text made safe for a terminal: control characters
/// (escape sequences, newlines) become `?`.
fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seen_is_bounded_and_marks_repeats() {
        let mut seen = Seen::default();
        assert!(!seen.check([1; 32]));
        assert!(seen.check([1; 32]));
        for i in 0..(REMEMBERED + 10) {
            let mut d = [0u8; 32];
            d[..8].copy_from_slice(&(i as u64).to_le_bytes());
            d[31] = 9;
            seen.check(d);
        }
        assert_eq!(seen.set.len(), REMEMBERED);
        assert!(!seen.check([1; 32]), "the oldest digest was forgotten");
    }

    #[test]
    fn log_line_shapes() {
        let outcome = Outcome::refused(StatusCode::UNAUTHORIZED, "mismatch", "x")
            .with_body(Bytes::from_static(b"{\"a\":1}"));
        let v: serde_json::Value = serde_json::from_slice(&log_line("T", &outcome)).unwrap();
        assert_eq!(v["body"], "{\"a\":1}");
        assert_eq!(v["status"], 401);
        assert_eq!(v["verdict"], "mismatch");
        let binary = Outcome::refused(StatusCode::UNAUTHORIZED, "mismatch", "x")
            .with_body(Bytes::from_static(&[0xff, 0x00]));
        let v: serde_json::Value = serde_json::from_slice(&log_line("T", &binary)).unwrap();
        assert_eq!(v["body"], "ff00");
        assert_eq!(v["body_encoding"], "hex");
    }

    #[test]
    fn freshness_both_ways_and_in_words() {
        let now: jiff::Timestamp = "2026-11-20T12:00:00Z".parse().unwrap();
        let five_min = Duration::from_secs(300);
        assert!(check_fresh("2026-11-20T11:55:00.000Z", now, five_min).is_ok());
        assert!(check_fresh("2026-11-20T12:05:00.000Z", now, five_min).is_ok());
        assert!(check_fresh("2026-11-20T13:00:00.000+01:00", now, five_min).is_ok());
        let old = check_fresh("2026-11-20T08:57:55.250Z", now, five_min).unwrap_err();
        assert!(
            old.contains("is 3h 2m 4s old, over --tolerance 5m"),
            "{old}"
        );
        let ahead = check_fresh("2026-11-20T12:05:00.001Z", now, five_min).unwrap_err();
        assert!(ahead.contains("is 5m 1ms in the future"), "{ahead}");
        let barely =
            check_fresh("2026-11-20T12:00:00.900Z", now, Duration::from_millis(500)).unwrap_err();
        assert!(
            barely.contains("is 900ms in the future, over --tolerance 500ms"),
            "{barely}"
        );
        for bad in [
            "yesterday",
            "2026-11-20 12:00:00",
            "2026-11-20T12:00:00",
            "",
        ] {
            let why = check_fresh(bad, now, five_min).unwrap_err();
            assert!(
                why.contains("cannot be checked against --tolerance 5m"),
                "{why}"
            );
        }
        assert!(
            check_fresh("\u{1b}[31m", now, five_min)
                .unwrap_err()
                .contains("?[31m")
        );
    }

    #[test]
    fn first_line_of_an_answer() {
        assert_eq!(
            first_line(b"\n  database is down\r\nstack trace").as_deref(),
            Some("database is down")
        );
        assert_eq!(first_line(b" \n\t\n"), None);
        let line = first_line(b"\x1b[2Jowned\x07").unwrap();
        assert!(!line.contains(['\x1b', '\x07']), "{line:?}");
        assert!(first_line(&[b'x'; 5000]).unwrap().chars().count() <= 201);
    }

    #[test]
    fn control_characters_are_cleaned() {
        assert_eq!(clean("A\x1b[31mB\n"), "A?[31mB?");
    }

    #[test]
    fn raw_json_is_one_line() {
        assert_eq!(raw_json_line(b"{\n  \"a\": 1\n}"), b"{\"a\":1}\n");
        assert_eq!(raw_json_line(b"{\"a\": 1}"), b"{\"a\": 1}\n");
    }
}
