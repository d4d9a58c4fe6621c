//! The signals that end a command, one set for every command: Ctrl-C
//! (SIGINT), SIGTERM (`timeout`, a CI runner), SIGHUP (the terminal or SSH
//! session closed) and SIGUSR1; on Windows, Ctrl-C, Ctrl-Break and the
//! console window closed. Each would otherwise end the process at
//! once, leaving a temporary file behind or a server's summary unsaid.
//!
//! The handlers are installed once, the first time anything watches, and
//! a signal is remembered: a watch begun after it (the next step of a
//! command, between opening its output and running) still sees it, so no
//! signal falls between two watchers.

use std::future::Future;
use std::sync::{Once, OnceLock};

use tokio::sync::watch;

/// Whether one of the signals has come.
fn came() -> &'static watch::Sender<bool> {
    static CAME: OnceLock<watch::Sender<bool>> = OnceLock::new();
    CAME.get_or_init(|| watch::channel(false).0)
}

/// Installs the handlers (on the Tokio runtime in use) the first time.
fn install() {
    static INSTALLED: Once = Once::new();
    INSTALLED.call_once(|| {
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
            tokio::spawn(async move {
                if streams.is_empty() {
                    let _ = tokio::signal::ctrl_c().await;
                } else {
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
                came().send_replace(true);
            });
        }
        // Windows has no signals but console events: Ctrl-C, Ctrl-Break,
        // and the console window being closed (SIGHUP's counterpart:
        // Windows then gives the process a few seconds to clean up, which
        // is enough to remove a temporary file or print a summary).
        #[cfg(windows)]
        {
            use tokio::signal::windows::{ctrl_break, ctrl_c, ctrl_close};
            // Registered now, not when the task first runs, as on Unix.
            let (c, ctrl_break, close) = (ctrl_c(), ctrl_break(), ctrl_close());
            // An event that cannot be watched, or whose stream ended,
            // never ends the command by mistake.
            let waits: [std::pin::Pin<Box<dyn Future<Output = ()> + Send>>; 3] = [
                Box::pin(async move {
                    if let Ok(mut event) = c
                        && event.recv().await.is_some()
                    {
                        return;
                    }
                    std::future::pending().await
                }),
                Box::pin(async move {
                    if let Ok(mut event) = ctrl_break
                        && event.recv().await.is_some()
                    {
                        return;
                    }
                    std::future::pending().await
                }),
                Box::pin(async move {
                    if let Ok(mut event) = close
                        && event.recv().await.is_some()
                    {
                        return;
                    }
                    std::future::pending().await
                }),
            ];
            tokio::spawn(async move {
                futures_util::future::select_all(waits).await;
                came().send_replace(true);
            });
        }
        #[cfg(not(any(unix, windows)))]
        tokio::spawn(async {
            if tokio::signal::ctrl_c().await.is_ok() {
                came().send_replace(true);
            }
        });
    });
}

/// A future that resolves on the first of the signals (at once if one has
/// already come). The handlers are installed when this is called, before
/// the future is first polled, so a signal sent right after (say) a
/// "listening on" line is never missed. Must be called on a Tokio runtime.
pub fn watch() -> impl Future<Output = ()> + Send + 'static {
    install();
    let mut came = came().subscribe();
    async move {
        // The sender lives for the process: the wait ends only on a signal.
        let _ = came.wait_for(|came| *came).await;
    }
}

/// Whether one of the signals has come: for a command that computes
/// without awaiting (a future is only dropped where it awaits), to stop
/// between rows rather than finish and exit 0.
pub fn signalled() -> bool {
    *came().borrow()
}

/// Resolves on the first of the signals.
pub async fn interrupted() {
    watch().await;
}

/// Ends the process a grace period after a signal, as the signal's default
/// would have: for a command blocked in a system call, which never hears
/// it (abort it once nothing can block).
pub fn backstop() -> tokio::task::JoinHandle<()> {
    tokio::spawn(async {
        crate::signals::interrupted().await;
        tokio::time::sleep(BLOCKED_GRACE).await;
        crate::error::report(&crate::error::CraError::Interrupted.into());
        // No destructor runs past exit: the files being written go first.
        crate::atomic::remove_pending();
        std::process::exit(crate::error::Exit::Interrupted as i32);
    })
}

/// How long a signalled command that does not stop may take before the
/// process is ended from outside it.
const BLOCKED_GRACE: std::time::Duration = std::time::Duration::from_secs(2);
