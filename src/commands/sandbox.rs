//! `cra sandbox`: generate or load the data, listen, print the address as
//! the first line of standard output, serve until Ctrl-C. Messages go to
//! standard error.

use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result};

use crate::cli::SandboxArgs;
use crate::error::Exit;
use crate::io::Io;
use crate::sandbox::{data, load, server, store, webhooks};
use crate::settings::Settings;

pub async fn run(args: SandboxArgs, settings: Settings, io: Io) -> Result<Exit> {
    let webhook = match &args.webhook_url {
        None => None,
        Some(url) => {
            let secret =
                crate::webhook::secret::require_secret(&settings, "sandbox --webhook-url")?;
            let parsed =
                crate::webhook::endpoint_url("--webhook-url", url, "http://127.0.0.1:4000/")?;
            Some(webhooks::Config {
                url: parsed,
                every: args.webhook_every,
                secret: secret.clone(),
                seed: args.seed,
            })
        }
    };

    let started = Instant::now();
    let (mut banks, mut source) = match &args.data {
        Some(path) => (
            load::load_file(path)?,
            format!("loaded from {}", path.display()),
        ),
        None => (
            data::generate(args.banks as usize, args.seed, data::default_horizon()),
            format!("generated (seed {})", args.seed),
        ),
    };
    if let Some(n) = settings.evolve {
        crate::sandbox::evolve::evolve(&mut banks, args.seed, n);
        source.push_str(&format!(", evolved by {n} examinations"));
    }
    let store = store::Store::new(banks);
    io.info(&format!(
        "cra sandbox: {} banks {source} in {} ms",
        store.len(),
        started.elapsed().as_millis()
    ));

    let faults = server::Faults {
        latency: std::time::Duration::from_millis(args.latency),
        fail_rate: args.fail_rate,
        rate_limit_every: args.rate_limit_every,
        seed: args.seed,
    };
    let mut app = server::App::new(store, faults);
    if let Some(path) = &args.log_requests {
        let file = std::fs::File::options()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open the request log {}", path.display()))?;
        app = app.with_request_log(file);
    }
    let app = Arc::new(app);
    // A (host, port) pair, not "host:port" text: `::1` has colons of its own.
    let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
        .await
        .with_context(|| {
            format!(
                "cannot listen on {}",
                crate::host_port(&args.host, args.port)
            )
        })?;
    let addr = listener.local_addr()?;
    // Listen for Ctrl-C before telling anyone the address: whoever reads
    // it may interrupt at once.
    #[cfg(unix)]
    let mut interrupt = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt())
        .context("cannot listen for Ctrl-C")?;
    {
        let mut out = io.stdout();
        writeln!(out, "http://{addr}")?;
        out.flush()?;
    }
    io.info(&format!(
        "cra sandbox: keys: {} (200), {} (403); Ctrl-C stops",
        server::ACTIVE_KEY,
        server::INACTIVE_KEY
    ));

    let webhook_task = webhook.map(|config| {
        io.info(&format!(
            "cra sandbox: a new examination record and a signed rating.created to {} every {:?}",
            config.url, config.every
        ));
        tokio::spawn(webhooks::run(app.clone(), config, io.clone()))
    });

    axum::serve(listener, server::router(app))
        .with_graceful_shutdown(async move {
            #[cfg(unix)]
            let _ = interrupt.recv().await;
            #[cfg(not(unix))]
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .context("sandbox server failed")?;
    if let Some(task) = webhook_task {
        task.abort();
    }
    io.info("cra sandbox: stopped");
    Ok(Exit::Success)
}
