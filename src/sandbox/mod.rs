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
//!
//! `cra sandbox` hands its flags over as one [`Setup`]; [`build`] makes the
//! app of it and [`Sandbox::serve`] serves it, so the command keeps only
//! its flags, its address and its Ctrl-C.

pub mod data;
pub mod delay;
pub mod draw;
pub mod evolve;
pub mod load;
pub mod names;
pub mod pe;
pub mod public;
pub mod quota;
pub mod server;
pub mod store;
pub mod tables;
pub mod webhooks;

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use secrecy::SecretString;

use crate::io::{Io, Output};

pub use public::file::Perturb;
pub use quota::Dialect;
pub use server::Faults;

/// Where the sandbox serves the public evaluation of a bank's exam (its
/// date `YYYY-MM-DD`), under its address.
pub fn evaluation_path(bank_id: &str, exam_date: &str) -> String {
    format!("/pe/{bank_id}/{exam_date}.pdf")
}

/// The last year of lending data the sandbox serves: the last the FFIEC
/// would have published by the data's day.
pub fn lending_last_year() -> u16 {
    crate::lending::address::last_published(public::days_from_data())
}

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
pub fn default_data(evolve: Option<u64>) -> (store::ServedBanks, public::Origin) {
    let mut banks = data::generate(DEFAULT_BANKS, DEFAULT_SEED, data::DATA_DAY);
    let mut lineage = public::Lineage::of(&banks);
    if let Some(n) = evolve {
        let gone = evolve::evolve(&mut banks, DEFAULT_SEED, n);
        lineage.evolved(&banks, gone);
    }
    (
        store::ServedBanks::new(banks),
        public::Origin::Drawn(lineage),
    )
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
    let app = Arc::new(server::App::new(store, server::Faults::default()).with_public(public, 1));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .context("cannot start the in-process sandbox on 127.0.0.1")?;
    spawn(listener, app)
}

/// What `cra sandbox` serves, as its flags say.
pub struct Setup {
    /// Banks generated when no file is given.
    pub banks: usize,
    /// The seed of all that is drawn: the data, `--perturb`, `--evolve`,
    /// the webhook deliveries.
    pub seed: u64,
    /// `--data`: the banks of this file instead.
    pub data: Option<PathBuf>,
    /// `--perturb`: what is changed in the FFIEC file given as `data`.
    pub perturb: Option<Perturb>,
    /// `--lending-scale N` (hidden): each year's lending reporters N times
    /// over, for the benchmark.
    pub lending_scale: u32,
    /// `--evolve N`: examinations added to the data before it is served.
    pub evolve: Option<u64>,
    /// Latency, failures, the rate limit and the quota.
    pub faults: Faults,
    /// `--log-requests`: one line per request answered, appended there.
    pub log_requests: Option<PathBuf>,
    /// `--webhook-url` (as given: checked by [`build`]) and the secret: a
    /// new examination record and a signed `rating.created` POSTed there
    /// every `webhook_every`.
    pub webhook: Option<(String, SecretString)>,
    pub webhook_every: Duration,
}

/// A sandbox built from its [`Setup`], not serving yet.
pub struct Sandbox {
    app: Arc<server::App>,
    webhook: Option<webhooks::Config>,
}

/// Makes the app `setup` asks for: the banks generated or loaded (and
/// evolved), their public record, the faults and the request log. Says on
/// standard error how many banks it serves and how long they took.
pub fn build(setup: Setup, io: &Io) -> Result<Sandbox> {
    let webhook = match setup.webhook {
        None => None,
        Some((url, secret)) => Some((
            crate::webhook::endpoint_url("--webhook-url", &url, "http://127.0.0.1:4000/")?,
            secret,
        )),
    };
    let webhook = webhook.map(|(url, secret)| webhooks::Config {
        url,
        every: setup.webhook_every,
        secret,
        seed: setup.seed,
    });

    let started = Instant::now();
    let (mut banks, record, mut source) = match &setup.data {
        Some(path) => {
            let loaded = load::load(path, setup.perturb.unwrap_or_default(), setup.seed)?;
            let what = if loaded.record.is_some() {
                "the FFIEC file"
            } else {
                "the banks"
            };
            (
                loaded.banks,
                loaded.record,
                format!("loaded from {} ({what})", path.display()),
            )
        }
        None => (
            data::generate(setup.banks, setup.seed, data::DATA_DAY),
            None,
            format!("generated (seed {})", setup.seed),
        ),
    };
    if setup.perturb.is_some() && record.is_none() {
        return Err(crate::error::CraError::usage(
            "--perturb takes the FFIEC file as --data (craratng.zip or its text)",
        ));
    }
    let mut lineage = public::Lineage::of(&banks);
    if let Some(n) = setup.evolve {
        let gone = evolve::evolve(&mut banks, setup.seed, n);
        lineage.evolved(&banks, gone);
        source.push_str(&format!(", evolved by {n} examinations"));
    }
    let public_source = match record {
        Some(record) => public::Origin::Given(Box::new(record)),
        None => public::Origin::Drawn(lineage),
    };
    let store = store::ServedBanks::new(banks);
    io.info(&format!(
        "cra sandbox: {} banks {source} in {} ms",
        store.len(),
        started.elapsed().as_millis()
    ));

    let mut app =
        server::App::new(store, setup.faults).with_public(public_source, setup.lending_scale);
    if let Some(path) = &setup.log_requests {
        let file = std::fs::File::options()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("cannot open the request log {}", path.display()))?;
        app = app.with_request_log(file);
    }
    Ok(Sandbox {
        app: Arc::new(app),
        webhook,
    })
}

/// `cra sandbox`: builds what `setup` asks for, listens on `host` and
/// `port`, prints the address as the first line of standard output and
/// serves until a signal. Messages go to standard error.
pub async fn run(setup: Setup, host: &str, port: u16, io: &Io, out: &Output) -> Result<()> {
    let built = build(setup, io)?;
    // A (host, port) pair, not "host:port" text: `::1` has colons of its own.
    let listener = tokio::net::TcpListener::bind((host, port))
        .await
        .with_context(|| format!("cannot listen on {}", crate::text::host_port(host, port)))?;
    let addr = listener.local_addr()?;
    // Listen for Ctrl-C before telling anyone the address: whoever reads
    // it may interrupt at once.
    let stop = crate::signals::watch();
    {
        let mut out = out.stdout();
        writeln!(out, "http://{addr}")?;
        out.flush()?;
    }
    built.serve(listener, stop, io).await?;
    io.info("cra sandbox: stopped");
    Ok(())
}

impl Sandbox {
    /// Serves on `listener` until `stop`, with the webhook deliveries
    /// running beside it; says the test keys first.
    pub async fn serve(
        self,
        listener: tokio::net::TcpListener,
        stop: impl Future<Output = ()> + Send + 'static,
        io: &Io,
    ) -> Result<()> {
        io.info(&format!(
            "cra sandbox: keys: {} (200), {} (403); Ctrl-C stops",
            server::ACTIVE_KEY,
            server::INACTIVE_KEY
        ));

        let webhook_task = self.webhook.map(|config| {
            io.info(&format!(
                "cra sandbox: a new examination record and a signed rating.created to {} every {:?}",
                config.url, config.every
            ));
            tokio::spawn(webhooks::run(self.app.clone(), config, io.clone()))
        });

        axum::serve(listener, server::router(self.app))
            .with_graceful_shutdown(stop)
            .await
            .context("sandbox server failed")?;
        if let Some(task) = webhook_task {
            task.abort();
        }
        Ok(())
    }
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
        crate::http::install_tls();
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
