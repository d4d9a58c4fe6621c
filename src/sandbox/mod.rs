//! The local stand-in of the service: generated or loaded data, the HTTP
//! server with its fault knobs, and webhook deliveries.

use std::net::SocketAddr;

use anyhow::Result;

/// A sandbox running on the current runtime; it stops when dropped.
pub struct Running {
    pub addr: SocketAddr,
}

/// Starts the default sandbox (default data set, no faults) on a free
/// loopback port, for `--sandbox`.
pub async fn start_in_process() -> Result<Running> {
    anyhow::bail!("not built yet")
}
