//! `cra listen`: resolve the settings, bind, say where, serve until
//! `--max-events`, Ctrl-C or SIGTERM, then print the summary.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Parts, Run, SecretArg, Spec};
use crate::error::Exit;
use crate::output::{Outputs, Written};
use crate::parse::{parse_duration, parse_size_bytes, whole};
use crate::webhook::listen::{Config, Server};

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
Examples:
  cra listen --port 4000 --log deliveries.ndjson
  cra listen --forward-to http://127.0.0.1:3000/webhooks
  cra listen --port 0 --format json --max-events 1 | jq .data.bank_name";

#[derive(Debug, Clone, Args)]
pub struct ListenArgs {
    /// Address to listen on
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,

    /// Port to listen on (0 picks a free one)
    #[arg(long, default_value_t = 4000)]
    pub port: u16,

    /// Path deliveries are accepted on
    #[arg(long, default_value = "/")]
    pub path: String,

    #[command(flatten)]
    pub secret: SecretArg,

    /// Re-post verified deliveries, body and signature unchanged, to URL
    #[arg(long, value_name = "URL")]
    pub forward_to: Option<String>,

    /// Append every delivery as one JSON line to FILE
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,

    /// Exit after N verified events
    #[arg(long, value_name = "N", value_parser = whole::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    pub max_events: Option<u64>,

    /// Largest body accepted, in bytes (suffixes k, M accepted)
    #[arg(long, value_name = "BYTES", default_value = "1M", value_parser = parse_size_bytes)]
    pub max_body: u64,

    /// Time a client gets to send its headers, and then its body
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    pub read_timeout: std::time::Duration,

    /// Refuse (401, stale) a verified delivery whose payload timestamp is
    /// more than DURATION in the past or future, e.g. 5m (off by default)
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub tolerance: Option<std::time::Duration>,
}

impl Spec for ListenArgs {
    fn parts(&self) -> Parts<'_> {
        Parts {
            secret: Some(&self.secret),
            side_file: self.log.as_deref().map(|path| {
                let log = Written {
                    flag: "--log",
                    appended: true,
                };
                (log, path)
            }),
            ..Default::default()
        }
    }

    fn outputs(&self) -> Outputs {
        Outputs::lines(
            "listen prints each event as a line, or as it was received with --format json (or ndjson)",
        )
    }
}

impl Run for ListenArgs {
    const OWN_SIGNALS: bool = true;

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let (args, settings, io, out) = (self, ctx.settings, ctx.io, ctx.out);
        let secret = settings.require_secret("listen")?.clone();
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
            raw_json: out.json(),
            quiet: io.quiet,
        };
        let (out, err) = (out.writer(), io.err_writer());
        let server = Server::bind_with(
            &args.host,
            args.port,
            config,
            crate::webhook::listen::Streams { out, err },
        )
        .await?;
        let stop = crate::signals::watch();
        // Always shown, even with --quiet: it is how a person or a test finds
        // the port. Standard error is unbuffered, so it is out before serving
        // starts.
        crate::error::say(&format!("listening on {}", server.url()?));
        let summary = server.serve(stop).await?;
        io.info(&summary.line());
        Ok(Exit::Success)
    }
}
