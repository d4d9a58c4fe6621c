//! `cra sandbox`: generate or load the data, listen, print the address as
//! the first line of standard output, serve until Ctrl-C. Messages go to
//! standard error.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Parts, Run, SecretArg, Spec};
use crate::error::Exit;
use crate::http::{Rate, parse_rate};
use crate::output::Written;
use crate::parse::{parse_duration, parse_fraction, whole};
use crate::sandbox;

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
    pub perturb: Option<sandbox::Perturb>,

    // Hidden, for the lending benchmark (bench/lending.sh): each year's
    // reporters N times over (the copies under identifiers no bank of the
    // copy holds), so a year's disclosure file has the real one's size.
    #[arg(long, value_name = "N", hide = true, default_value_t = 1,
          value_parser = whole::<u32>(1, 100), allow_negative_numbers = true)]
    pub lending_scale: u32,

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
    #[arg(long, value_name = "N/s|N/m|N/h", value_parser = parse_rate)]
    pub quota: Option<Rate>,

    /// With --quota: which quota headers every answer carries [default: ietf]
    #[arg(long, value_enum, value_name = "DIALECT", requires = "quota")]
    pub quota_headers: Option<sandbox::Dialect>,

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
    fn parts(&self) -> Parts<'_> {
        Parts {
            secret: Some(&self.secret),
            side_file: self.log_requests.as_deref().map(|path| {
                let log = Written {
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
    const OWN_SIGNALS: bool = true;

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let SandboxArgs {
            host,
            port,
            banks,
            seed,
            data,
            perturb,
            lending_scale,
            log_requests,
            latency,
            fail_rate,
            rate_limit_every,
            quota,
            quota_headers,
            webhook_url,
            webhook_every,
            secret: _,
        } = self;
        let webhook = match webhook_url {
            None => None,
            Some(url) => Some((
                url,
                ctx.settings
                    .require_secret("sandbox --webhook-url")?
                    .clone(),
            )),
        };
        let setup = sandbox::Setup {
            banks: banks as usize,
            seed,
            data,
            perturb,
            lending_scale,
            evolve: ctx.settings.evolve,
            faults: sandbox::Faults {
                latency: std::time::Duration::from_millis(latency),
                fail_rate,
                rate_limit_every,
                quota,
                quota_headers: quota_headers.unwrap_or_default(),
                seed,
            },
            log_requests,
            webhook,
            webhook_every,
        };
        sandbox::run(setup, &host, port, &ctx.io, &ctx.out).await?;
        Ok(Exit::Success)
    }
}
