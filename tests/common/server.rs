//! A scripted in-test HTTP server for responses the sandbox cannot give
//! (truncated JSON, HTML, 429 with Retry-After, slow answers). It counts the
//! requests it receives and records their headers.
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::http::{HeaderMap, Request, Response, StatusCode};

/// One scripted answer.
#[derive(Clone)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    pub delay: Duration,
}

impl Reply {
    pub fn json(status: u16, body: &str) -> Reply {
        Reply {
            status,
            headers: vec![("content-type".into(), "application/json".into())],
            body: body.as_bytes().to_vec(),
            delay: Duration::ZERO,
        }
    }

    pub fn with_header(mut self, name: &str, value: &str) -> Reply {
        self.headers.push((name.into(), value.into()));
        self
    }

    pub fn content_type(mut self, value: &str) -> Reply {
        self.headers.retain(|(n, _)| n != "content-type");
        self.headers.push(("content-type".into(), value.into()));
        self
    }

    pub fn delayed(mut self, delay: Duration) -> Reply {
        self.delay = delay;
        self
    }
}

type Script = dyn Fn(usize, &str) -> Reply + Send + Sync;

pub struct TestServer {
    pub url: String,
    hits: Arc<AtomicUsize>,
    seen: Arc<Mutex<Vec<(String, HeaderMap)>>>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl TestServer {
    /// Serves `script(n, path_and_query)` for the n-th request (0-based).
    pub fn start(script: impl Fn(usize, &str) -> Reply + Send + Sync + 'static) -> TestServer {
        let script: Arc<Script> = Arc::new(script);
        let hits = Arc::new(AtomicUsize::new(0));
        let seen = Arc::new(Mutex::new(Vec::new()));
        let (addr_tx, addr_rx) = std::sync::mpsc::channel();
        let (shutdown_tx, shutdown_rx) = tokio::sync::oneshot::channel::<()>();
        let (h, s) = (hits.clone(), seen.clone());
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                addr_tx.send(listener.local_addr().unwrap()).unwrap();
                let app = axum::Router::new().fallback(move |request: Request<Body>| {
                    let (script, hits, seen) = (script.clone(), h.clone(), s.clone());
                    async move {
                        let n = hits.fetch_add(1, Ordering::SeqCst);
                        let target = request
                            .uri()
                            .path_and_query()
                            .map(|p| p.to_string())
                            .unwrap_or_default();
                        seen.lock()
                            .unwrap()
                            .push((target.clone(), request.headers().clone()));
                        let reply = script(n, &target);
                        if !reply.delay.is_zero() {
                            tokio::time::sleep(reply.delay).await;
                        }
                        let mut response = Response::new(Body::from(reply.body));
                        *response.status_mut() = StatusCode::from_u16(reply.status).unwrap();
                        for (name, value) in reply.headers {
                            response.headers_mut().insert(
                                axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                                value.parse().unwrap(),
                            );
                        }
                        response
                    }
                });
                axum::serve(listener, app)
                    .with_graceful_shutdown(async {
                        let _ = shutdown_rx.await;
                    })
                    .await
                    .unwrap();
            });
        });
        let addr = addr_rx.recv().unwrap();
        TestServer {
            url: format!("http://{addr}"),
            hits,
            seen,
            shutdown: Some(shutdown_tx),
            thread: Some(thread),
        }
    }

    /// A 429 asking to wait one second (`Retry-After: 1`), then a list of
    /// one bank for every later request.
    pub fn slow_down_once() -> TestServer {
        TestServer::start(|n, _| {
            if n == 0 {
                Reply::json(429, r#"{"message":"slow down"}"#).with_header("retry-after", "1")
            } else {
                Reply::json(200, &list_body(1, 1, 1, 25))
            }
        })
    }

    /// Always the same reply.
    pub fn always(reply: Reply) -> TestServer {
        TestServer::start(move |_, _| reply.clone())
    }

    pub fn hits(&self) -> usize {
        self.hits.load(Ordering::SeqCst)
    }

    /// Request targets and headers received so far.
    pub fn seen(&self) -> Vec<(String, HeaderMap)> {
        self.seen.lock().unwrap().clone()
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        // Slow handlers may still be sleeping; do not wait for them.
        drop(self.thread.take());
    }
}

/// A valid list body with `n` banks.
pub fn list_body(n: usize, total: u64, page: u64, per_page: u64) -> String {
    let banks: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"{{"id":"id-{page}-{i}","name":"BANK {page}-{i}","city":"AUSTIN","state":"TX","regulator":"FDIC","current_rating":{{"rating":"Satisfactory","exam_date":"2020-01-01","exam_type":"Small Bank"}}}}"#
            )
        })
        .collect();
    let total_pages = total.div_ceil(per_page);
    format!(
        r#"{{"data":[{}],"meta":{{"total":{total},"page":{page},"per_page":{per_page},"total_pages":{total_pages}}}}}"#,
        banks.join(",")
    )
}

/// Query parameter `name` of a request target.
pub fn param(target: &str, name: &str) -> Option<u64> {
    target
        .split_once('?')?
        .1
        .split('&')
        .find_map(|kv| kv.strip_prefix(&format!("{name}=")))?
        .parse()
        .ok()
}
