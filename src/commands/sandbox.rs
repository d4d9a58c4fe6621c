//! `cra sandbox`: generate or load the data, listen, print the address as
//! the first line of standard output, serve until Ctrl-C. Messages go to
//! standard error.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::Args;

use crate::commands::SecretArg;
use crate::commands::{Ctx, Globals, Run, Spec};
use crate::error::Exit;
use crate::io::Io;
use crate::parse::{parse_duration, parse_fraction, whole};
use crate::sandbox::{data, load, public, server, store, webhooks};
use crate::settings::Settings;

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
Examples:
  cra sandbox --port 8080       # then CRA_BASE_URL=http://127.0.0.1:8080 CRA_API_KEY=sandbox_active
  cra sandbox --port 0 --latency 20 --fail-rate 0.1 --quota 50/s --quota-headers x
  cra sandbox --webhook-url http://127.0.0.1:4000/ --webhook-every 5 --secret s3cret";

#[derive(Debug, Clone, Args)]
pub struct SandboxArgs {
    /// Address to listen on
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,

    /// Port to listen on (0 picks a free one)
    #[arg(long, default_value_t = 8080)]
    pub port: u16,

    /// Number of banks to generate
    #[arg(long, value_name = "N", default_value_t = 18_820,
          value_parser = whole::<u64>(0, 2_000_000), allow_negative_numbers = true)]
    pub banks: u64,

    /// Seed of the generated data (same seed, same data)
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Serve the banks in FILE (csv from `export --with-history`, json, ndjson, or the FFIEC's craratng.zip) instead
    #[arg(long, value_name = "FILE")]
    pub data: Option<PathBuf>,

    // Hidden, for the linking benchmark: with `--data` the FFIEC file,
    // renames, dropped exams and twins drawn from --seed
    // (`renames=200,drops=100,twins=20`; docs/service.md).
    #[arg(long, value_name = "SPEC", hide = true, requires = "data")]
    pub perturb: Option<crate::sandbox::public::file::Perturb>,

    /// Append one line per request answered to FILE (method, path and query, status, arrival time)
    #[arg(long, value_name = "FILE")]
    pub log_requests: Option<PathBuf>,

    /// Milliseconds added to every request
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub latency: u64,

    /// Fraction of requests answered with 500 (0.0 to 1.0)
    #[arg(long, value_name = "P", default_value_t = 0.0, value_parser = parse_fraction, allow_negative_numbers = true)]
    pub fail_rate: f64,

    /// Answer every Kth request with 429 and Retry-After: 1
    #[arg(long, value_name = "K", value_parser = whole::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    pub rate_limit_every: Option<u64>,

    /// Past N requests a second, minute or hour, answer 429 with Retry-After (e.g. 50/s, 1000/h)
    #[arg(long, value_name = "N/s|N/m|N/h", value_parser = crate::http::rate::parse_rate)]
    pub quota: Option<crate::http::rate::Rate>,

    /// With --quota: which quota headers every answer carries [default: ietf]
    #[arg(long, value_enum, value_name = "DIALECT", requires = "quota")]
    pub quota_headers: Option<crate::sandbox::quota::Dialect>,

    /// POST a signed rating.created to URL every --webhook-every seconds
    #[arg(long, value_name = "URL")]
    pub webhook_url: Option<String>,

    /// Seconds between new examination records (with --webhook-url)
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_duration, requires = "webhook_url")]
    pub webhook_every: std::time::Duration,

    #[command(flatten)]
    pub secret: SecretArg,
}

impl Spec for SandboxArgs {
    fn parts(&self) -> crate::commands::Parts<'_> {
        crate::commands::Parts {
            secret: Some(&self.secret),
            side_file: self.log_requests.as_deref().map(|path| {
                let log = crate::output::Written {
                    flag: "--log-requests",
                    appended: true,
                };
                (log, path)
            }),
            ..Default::default()
        }
    }

    fn serves_sandbox(&self) -> bool {
        true
    }
}

impl Run for SandboxArgs {
    const GLOBALS: Globals = Globals::CONFIG.and(Globals::OUTPUT).and(Globals::EVOLVE);
    const OWN_SIGNALS: bool = true;

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        run(self, ctx.settings, ctx.io).await
    }
}

async fn run(args: SandboxArgs, settings: Settings, io: Io) -> Result<Exit> {
    let webhook = match &args.webhook_url {
        None => None,
        Some(url) => {
            let secret = settings.require_secret("sandbox --webhook-url")?;
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
    let (mut banks, record, mut source) = match &args.data {
        Some(path) => {
            let loaded = load::load(path, args.perturb.unwrap_or_default(), args.seed)?;
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
            data::generate(args.banks as usize, args.seed, data::DATA_DAY),
            None,
            format!("generated (seed {})", args.seed),
        ),
    };
    if args.perturb.is_some() && record.is_none() {
        return Err(crate::error::CraError::usage(
            "--perturb takes the FFIEC file as --data (craratng.zip or its text)",
        ));
    }
    let mut lineage = public::Lineage::of(&banks);
    if let Some(n) = settings.evolve {
        let gone = crate::sandbox::evolve::evolve(&mut banks, args.seed, n);
        lineage.evolved(&banks, gone);
        source.push_str(&format!(", evolved by {n} examinations"));
    }
    let public_source = match record {
        Some(record) => public::Source::Given(Box::new(record)),
        None => public::Source::Drawn(lineage),
    };
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
        quota: args.quota,
        quota_headers: args.quota_headers.unwrap_or_default(),
        seed: args.seed,
    };
    let mut app = server::App::new(store, faults).with_public(public_source);
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
                crate::text::host_port(&args.host, args.port)
            )
        })?;
    let addr = listener.local_addr()?;
    // Listen for Ctrl-C before telling anyone the address: whoever reads
    // it may interrupt at once.
    let stop = crate::signals::watch();
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
        .with_graceful_shutdown(stop)
        .await
        .context("sandbox server failed")?;
    if let Some(task) = webhook_task {
        task.abort();
    }
    io.info("cra sandbox: stopped");
    Ok(Exit::Success)
}
