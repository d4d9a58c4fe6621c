//! `cra trigger rating.created --to URL`: signed test deliveries.
//!
//! Each delivery is a fresh payload (timestamp now, stamped as it is sent)
//! through the shared webhook sender, at most `--concurrency` in flight.
//! One line per response on standard output, in the order they complete:
//! `N STATUS REASON TIMEms`.

use anyhow::Result;
use futures_util::StreamExt;

use crate::cli::{EventKind, TriggerArgs};
use crate::error::Exit;
use crate::io::Io;
use crate::settings::Settings;
use crate::webhook::secret::require_secret;
use crate::webhook::trigger::{Delivery, Sender, payload, print_outcomes};

pub async fn run(args: TriggerArgs, settings: &Settings, io: &Io) -> Result<Exit> {
    let EventKind::RatingCreated = args.event;
    let secret = require_secret(settings, "trigger")?.clone();
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
    print_outcomes(sender.send_all(deliveries), &mut io.stdout()).await?;
    Ok(Exit::Success)
}
