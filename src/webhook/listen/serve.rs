//! Serving: binding the address (and opening the log), the accept loop,
//! one task per connection on hyper's HTTP/1 connection builder (for its
//! header read timeout), and the wind-down once `--max-events` is reached
//! or `listen` is stopped.
//!
//! With `--forward-to` or `--max-events` a delivery runs in a task of its
//! own, so a sender that hangs up cannot cut it off halfway. When
//! `--max-events` is reached, listen winds down without dropping anything:
//! keep-alive is off under `--max-events` (no delivery is caught on an idle
//! connection), a connection is handed to hyper only once its first bytes
//! are really there (hyper closes an empty one as idle at shutdown), and
//! the port stays open while senders keep connecting, each later delivery
//! answered 503.

use std::net::SocketAddr;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, Result};
use axum::Router;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::watch;

use super::lines::Writer;
use super::{Config, Shared, Streams, Summary};
use crate::webhook::payload::timestamp_now;

/// How long `listen` goes on answering 503 once `--max-events` is reached,
/// after the last new connection: long enough for the rest of a sender's
/// burst to connect on a busy machine, short enough not to be noticed.
const LINGER: Duration = Duration::from_millis(500);

/// The longest that answering lasts, however busy the senders.
const LINGER_MAX: Duration = Duration::from_secs(5);

/// A bound receiver, not yet serving.
pub struct Server {
    listener: TcpListener,
    shared: Arc<Shared>,
    log_writer: Option<Writer>,
    stdout_writer: Writer,
    enough: watch::Receiver<bool>,
}

impl Server {
    /// Opens the log file and binds the address; events and refusals go to
    /// `streams`.
    pub async fn bind_with(
        host: &str,
        port: u16,
        config: Config,
        streams: Streams,
    ) -> Result<Server> {
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
        let stdout_writer = Writer::spawn("cra-stdout", streams.out);
        let listener = TcpListener::bind((host, port))
            .await
            .with_context(|| format!("cannot listen on {}", crate::text::host_port(host, port)))?;
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
            stderr: Mutex::new(streams.err),
            summary: Mutex::new(Summary::default()),
            accepted: AtomicU64::new(0),
            seen: Mutex::new(Default::default()),
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

#[cfg(test)]
mod tests {
    use std::io::Write;

    use secrecy::SecretString;

    use super::*;
    use crate::webhook::payload::{RatingCreated, RatingCreatedData};
    use crate::webhook::sign::{HEADER, sign};

    /// A stream a test reads back.
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl Write for Buffer {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Buffer {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    #[tokio::test]
    async fn prints_through_the_streams_it_is_handed() {
        let (out, err) = (Buffer::default(), Buffer::default());
        let config = Config {
            path: "/hook".into(),
            secret: SecretString::from("k"),
            forward_to: None,
            forward_timeout: Duration::from_secs(10),
            log: None,
            max_events: Some(1),
            tolerance: None,
            max_body: 1 << 20,
            read_timeout: Duration::from_secs(10),
            raw_json: false,
            quiet: false,
        };
        let streams = Streams {
            out: Box::new(out.clone()),
            err: Box::new(err.clone()),
        };
        let server = Server::bind_with("127.0.0.1", 0, config, streams)
            .await
            .unwrap();
        let url: url::Url = server.url().unwrap().parse().unwrap();
        let client = crate::http::webhook_sender(&url, Duration::from_secs(10), 1).unwrap();
        let send = async {
            let refused = client.post(url.clone()).body("{}").send().await.unwrap();
            assert_eq!(refused.status(), 401);
            // Written before the answer, so there already.
            assert!(
                err.text()
                    .contains(" refused 401 missing_signature: no X-Service-Signature header\n"),
                "{}",
                err.text()
            );
            let body = RatingCreated::now(RatingCreatedData {
                bank_id: "b".into(),
                bank_name: "A BANK".into(),
                rating: "Satisfactory".into(),
                exam_date: "2026-01-02".into(),
                regulator: "OCC".into(),
            })
            .to_body();
            let accepted = client
                .post(url.clone())
                .header(HEADER, sign(b"k", &body))
                .body(body)
                .send()
                .await
                .unwrap();
            assert_eq!(accepted.status(), 200);
        };
        let (summary, ()) = tokio::join!(server.serve(std::future::pending()), send);
        assert_eq!(
            summary.unwrap().line(),
            "received 2, verified 1 (0 duplicates), refused 1 (missing_signature 1)"
        );
        assert!(
            out.text()
                .ends_with("  rating.created  A BANK  OCC  Satisfactory  2026-01-02\n"),
            "{}",
            out.text()
        );
    }
}
