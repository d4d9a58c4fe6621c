//! The signals that end a command, one set for every command: Ctrl-C
//! (SIGINT), SIGTERM (`timeout`, a CI runner), SIGHUP (the terminal or SSH
//! session closed) and SIGUSR1. Each would otherwise end the process at
//! once, leaving a temporary file behind or a server's summary unsaid.

use std::future::Future;

/// A future that resolves on the first of the signals. The handlers are
/// installed when this is called, before the future is first polled, so a
/// signal sent right after (say) a "listening on" line is never missed.
pub fn watch() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let streams: Vec<_> = [
            SignalKind::interrupt(),
            SignalKind::terminate(),
            SignalKind::hangup(),
            SignalKind::user_defined1(),
        ]
        .into_iter()
        .filter_map(|kind| signal(kind).ok())
        .collect();
        async move {
            if streams.is_empty() {
                let _ = tokio::signal::ctrl_c().await;
                return;
            }
            let waits = streams.into_iter().map(|mut stream| {
                Box::pin(async move {
                    // A stream that ended never ends the command by mistake.
                    if stream.recv().await.is_none() {
                        std::future::pending::<()>().await;
                    }
                })
            });
            futures_util::future::select_all(waits).await;
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Resolves on the first of the signals (handlers installed on first poll).
pub async fn interrupted() {
    watch().await;
}
