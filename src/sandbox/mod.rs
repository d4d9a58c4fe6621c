//! The local stand-in of the service: generated or loaded data, the HTTP
//! server with its fault knobs, and webhook deliveries.
//!
//! `data` generates banks (`names` their names and towns, both drawing
//! from `draw`), `load` reads them from a file, `store` indexes them,
//! `server` answers HTTP, `webhooks` adds records and delivers
//! `rating.created`. Its types are the service's side of the wire
//! (`SandboxBank`, `SandboxExam`, `ListParams`), named apart from the
//! client's `domain` types they mirror.

pub mod data;
pub mod delay;
pub mod draw;
pub mod evolve;
pub mod load;
pub mod names;
pub mod quota;
pub mod server;
pub mod store;
pub mod tables;
pub mod webhooks;

use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::{Context, Result};

/// Banks in the default data set (the institutions of the real FFIEC file).
pub const DEFAULT_BANKS: usize = 18_820;
/// Seed of the default data set.
pub const DEFAULT_SEED: u64 = 1;

/// A sandbox running on the current runtime; it stops when dropped.
pub struct Running {
    pub addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The default data set: 18,820 banks, seed 1, after `evolve` new
/// examinations when given.
pub fn default_store(evolve: Option<u64>) -> store::Store {
    let mut banks = data::generate(DEFAULT_BANKS, DEFAULT_SEED, data::default_horizon());
    if let Some(n) = evolve {
        evolve::evolve(&mut banks, DEFAULT_SEED, n);
    }
    store::Store::new(banks)
}

/// Serves `app` on `listener` in a task of the current runtime.
pub fn spawn(listener: tokio::net::TcpListener, app: Arc<server::App>) -> Result<Running> {
    let addr = listener.local_addr()?;
    let task = tokio::spawn(async move {
        let _ = axum::serve(listener, server::router(app)).await;
    });
    Ok(Running { addr, task })
}

/// Starts the default sandbox (default data set, no faults) on a free
/// loopback port, for `--sandbox` (and `--sandbox --evolve N`).
pub async fn start_in_process(evolve: Option<u64>) -> Result<Running> {
    let app = Arc::new(server::App::new(
        default_store(evolve),
        server::Faults::default(),
    ));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .context("cannot start the in-process sandbox on 127.0.0.1")?;
    spawn(listener, app)
}

/// Whether `key` is one of the sandbox's published test keys
/// (`sandbox_active`, `sandbox_inactive`): not a secret.
pub fn is_test_key(key: &secrecy::SecretString) -> bool {
    use secrecy::ExposeSecret;
    [crate::settings::SANDBOX_KEY, server::INACTIVE_KEY].contains(&key.expose_secret())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn in_process_sandbox_answers_on_loopback_with_the_default_data() {
        let running = start_in_process(None).await.unwrap();
        assert!(running.addr.ip().is_loopback());
        let url = format!("http://{}/api/v1/banks?per_page=1", running.addr);
        let client = reqwest::Client::new();
        let bytes = client
            .get(&url)
            .bearer_auth(server::ACTIVE_KEY)
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap();
        let body: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(body["meta"]["total"], DEFAULT_BANKS);
        let status = client.get(&url).send().await.unwrap().status();
        assert_eq!(status, 401);
        drop(running);
    }
}
