//! The signals that end a command: Ctrl-C, SIGTERM, SIGHUP and SIGUSR1,
//! watched in one place so every command stops on the same set.

/// Resolves on Ctrl-C, SIGTERM (`timeout`, a CI runner), SIGHUP (the
/// terminal or SSH session closed) or SIGUSR1: each would otherwise end the
/// process at once, leaving a temporary file behind. Here the command's
/// future is dropped instead, which removes it, and the exit is non-zero.
pub async fn interrupted() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{Signal, SignalKind, signal};
        /// One signal's next delivery; never, when it could not be watched
        /// (or its stream ended), so that it cannot end the command by mistake.
        async fn next(stream: &mut Option<Signal>) {
            if let Some(stream) = stream
                && stream.recv().await.is_some()
            {
                return;
            }
            std::future::pending::<()>().await;
        }
        let mut term = signal(SignalKind::terminate()).ok();
        let mut hangup = signal(SignalKind::hangup()).ok();
        let mut user1 = signal(SignalKind::user_defined1()).ok();
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            () = next(&mut term) => {}
            () = next(&mut hangup) => {}
            () = next(&mut user1) => {}
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}
