//! `cra trigger rating.created --to URL`: signed test deliveries.
//!
//! Each delivery is a fresh payload (timestamp now, stamped as it is sent)
//! through the shared webhook sender, at most `--concurrency` in flight.
//! One line per response on standard output, in the order they complete:
//! `N STATUS REASON TIMEms`.

use anyhow::Result;
use clap::{Args, ValueEnum};
use futures_util::StreamExt;

use crate::command::{Ctx, Parts, Run, SecretArg, Spec};
use crate::error::Exit;
use crate::io::Output;
use crate::parse::whole;
use crate::settings::Settings;
use crate::webhook::trigger::payload;
use crate::webhook::{Delivery, Sender, print_outcomes};

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
Examples:
  cra trigger rating.created --to http://127.0.0.1:4000/
  cra trigger rating.created --to http://127.0.0.1:4000/ --count 100 --rating Outstanding";

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EventKind {
    #[value(name = "rating.created")]
    RatingCreated,
}

#[derive(Debug, Clone, Args)]
pub struct TriggerArgs {
    /// Event to send
    #[arg(value_enum, value_name = "EVENT")]
    pub event: EventKind,

    /// Endpoint to POST to
    #[arg(long, value_name = "URL")]
    pub to: String,

    #[command(flatten)]
    pub secret: SecretArg,

    /// Number of deliveries
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = whole::<u64>(1, 1_000_000), allow_negative_numbers = true)]
    pub count: u64,

    /// Bank id to put in the payload (default: a realistic sample bank)
    #[arg(long, value_name = "ID")]
    pub bank_id: Option<String>,

    /// Rating text to put in the payload
    #[arg(long, value_name = "RATING")]
    pub rating: Option<String>,

    /// Deliveries in flight at once
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = whole::<u32>(1, 256), allow_negative_numbers = true)]
    pub concurrency: u32,
}

impl Spec for TriggerArgs {
    fn parts(&self) -> Parts<'_> {
        Parts {
            secret: Some(&self.secret),
            ..Default::default()
        }
    }
}

impl Run for TriggerArgs {
    async fn run(self, ctx: Ctx) -> Result<Exit> {
        run(self, &ctx.settings, &ctx.out).await
    }
}

async fn run(args: TriggerArgs, settings: &Settings, out: &Output) -> Result<Exit> {
    let EventKind::RatingCreated = args.event;
    let secret = settings.require_secret("trigger")?.clone();
    let to = crate::webhook::endpoint_url("--to", &args.to, "http://127.0.0.1:4000/")?;
    let sender = Sender::new(
        to,
        secret,
        settings.timeout.value,
        args.concurrency as usize,
    )?;
    let bank_id = args.bank_id.as_deref();
    let rating = args.rating.as_deref();
    let deliveries = futures_util::stream::iter(0..args.count).map(|index| Delivery {
        number: index + 1,
        body: payload(index, bank_id, rating).to_body().into(),
    });
    print_outcomes(sender.send_all(deliveries), &mut out.stdout()).await?;
    Ok(Exit::Success)
}
