//! The local stand-in of the service: generated or loaded data, the HTTP
//! server with its fault knobs, and webhook deliveries.
//!
//! `data` generates banks (`names` their names and towns, both drawing
//! from `draw`), `load` reads them from a file, `store` indexes them,
//! `server` answers HTTP, `webhooks` adds records and delivers
//! `rating.created`, `public` serves the public record of the banks (an
//! FFIEC file and BankFind answers) beside the API. Its types are the service's side of the wire
//! (`SandboxBank`, `SandboxExam`, `ListParams`), named apart from the
//! client's `domain` types they mirror.

pub mod data;
pub mod delay;
pub mod draw;
pub mod evolve;
pub mod load;
pub mod names;
pub mod public;
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

/// The default data set and the source of its public record.
pub fn default_data(evolve: Option<u64>) -> (store::Store, public::Source) {
    let mut banks = data::generate(DEFAULT_BANKS, DEFAULT_SEED, data::DATA_DAY);
    let mut lineage = public::Lineage::of(&banks);
    if let Some(n) = evolve {
        let gone = evolve::evolve(&mut banks, DEFAULT_SEED, n);
        lineage.evolved(&banks, gone);
    }
    (store::Store::new(banks), public::Source::Drawn(lineage))
}

/// Serves `app` on `listener` in a task of the current runtime.
pub fn spawn(listener: tokio::net::TcpListener, app: Arc<server::App>) -> Result<Running> {
    let addr = listener.local_addr()?;
    let task = tokio::spawn(async move {
        let _ = axum::serve(listener, server::router(app)).await;
    });
    Ok(Running { addr, task })
}

/// Starts the default sandbox (default data set and its public record, no
/// faults) on a free loopback port, for `--sandbox` (and `--sandbox
/// --evolve N`).
pub async fn start_in_process(evolve: Option<u64>) -> Result<Running> {
    let (store, public) = default_data(evolve);
    let app = Arc::new(server::App::new(store, server::Faults::default()).with_public(public));
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
