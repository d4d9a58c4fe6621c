//! The local stand-in of the service: generated or loaded data, the HTTP
//! server with its fault knobs, and webhook deliveries.
//!
//! `data` generates banks, `load` reads them from a file, `store` indexes
//! them, `server` answers HTTP, `webhooks` adds records and delivers
//! `rating.created`.

pub mod data;
pub mod load;
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

/// The default data set: 18,820 banks, seed 1.
pub fn default_store() -> store::Store {
    store::Store::new(data::generate(
        DEFAULT_BANKS,
        DEFAULT_SEED,
        data::default_horizon(),
    ))
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
/// loopback port, for `--sandbox`.
pub async fn start_in_process() -> Result<Running> {
    let app = Arc::new(server::App::new(default_store(), server::Faults::default()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .context("cannot start the in-process sandbox on 127.0.0.1")?;
    spawn(listener, app)
}
