//! `cra listen`: resolve the settings, bind, say where, serve until
//! `--max-events`, Ctrl-C or SIGTERM, then print the summary.

use anyhow::Result;

use crate::cli::{Format, ListenArgs};
use crate::error::Exit;
use crate::io::Io;
use crate::settings::Settings;
use crate::webhook::listen::{Config, Server};
use crate::webhook::secret::require_secret;

pub async fn run(args: ListenArgs, settings: Settings, io: Io) -> Result<Exit> {
    let secret = require_secret(&settings, "listen")?.clone();
    let forward_to = match &args.forward_to {
        Some(text) => Some(crate::webhook::endpoint_url(
            "--forward-to",
            text,
            "http://127.0.0.1:3000/webhooks",
        )?),
        None => None,
    };
    let path = if args.path.starts_with('/') {
        args.path.clone()
    } else {
        format!("/{}", args.path)
    };
    let config = Config {
        path,
        secret,
        forward_to,
        forward_timeout: settings.timeout.value,
        log: args.log.clone(),
        max_events: args.max_events,
        tolerance: args.tolerance,
        max_body: args.max_body,
        read_timeout: args.read_timeout,
        raw_json: matches!(settings.format, Some(Format::Json | Format::Ndjson)),
        quiet: io.quiet,
    };
    let server = Server::bind(&args.host, args.port, config).await?;
    let stop = stop_signal()?;
    // Always shown, even with --quiet: it is how a person or a test finds
    // the port. eprintln! is unbuffered, so it is out before serving starts.
    eprintln!("listening on {}", server.url()?);
    let summary = server.serve(stop).await?;
    io.info(&summary.line());
    Ok(Exit::Success)
}

/// A future that resolves on Ctrl-C or SIGTERM. The handlers are installed
/// here, before it is first polled, so a signal sent right after the
/// "listening on" line is never missed.
fn stop_signal() -> Result<impl std::future::Future<Output = ()>> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut interrupt = signal(SignalKind::interrupt())?;
        let mut term = signal(SignalKind::terminate())?;
        Ok(async move {
            tokio::select! {
                _ = interrupt.recv() => {}
                _ = term.recv() => {}
            }
        })
    }
    #[cfg(not(unix))]
    {
        Ok(async {
            let _ = tokio::signal::ctrl_c().await;
        })
    }
}
