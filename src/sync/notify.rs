//! `sync --notify`: the outbox (the records this sync added, and any an
//! earlier `--notify` could not deliver) sent as signed `rating.created`
//! through the one webhook sender, under the retry policy the API client
//! follows too. A signal stops it as it stops every other wait of a sync;
//! what was not answered 2xx stays in the outbox for the next sync.

use anyhow::Result;

use super::Stop;
use crate::io::Io;
use crate::mirror::Writer;
use crate::settings::Settings;
use crate::text::{plural, thousands};

/// What `--notify` did.
pub(super) struct Notified {
    pub delivered: u64,
    pub kept: u64,
    /// The first failed delivery's outcome, for the message.
    pub first_failure: String,
    /// A signal stopped the deliveries (the rest are kept).
    pub interrupted: bool,
}

/// Sends the outbox (this sync's new records and any an earlier
/// `--notify` could not deliver) through the shared webhook sender, with
/// `--retries`. Each 2xx leaves the outbox at once; the rest stay. A
/// signal stops it as it stops every other wait: nothing more is sent,
/// and what was not answered 2xx stays in the outbox. With `--watch`
/// (`only`), deliveries of other banks that an earlier `--notify` left are
/// not sent: they stay for a `sync --notify` that asks for them.
pub(super) async fn deliver(
    writer: &mut Writer,
    url: &url::Url,
    secret: &secrecy::SecretString,
    only: Option<&std::collections::BTreeSet<String>>,
    settings: &Settings,
    io: &Io,
    stop: Stop,
) -> Result<Notified> {
    use crate::webhook::{Delivery, RatingCreated, Sender};
    use futures_util::{FutureExt, StreamExt};

    let (pending, others): (Vec<_>, Vec<_>) = writer
        .outbox()?
        .into_iter()
        .partition(|(_, data)| only.is_none_or(|ids| ids.contains(&data.bank_id)));
    if !others.is_empty() {
        io.info(&format!(
            "{} earlier {} for banks outside --watch's lists not sent: kept for a cra sync --notify without --watch",
            thousands(others.len() as u64),
            plural(others.len() as u64, "delivery", "deliveries"),
        ));
    }
    let mut notified = Notified {
        delivered: 0,
        kept: 0,
        first_failure: String::new(),
        interrupted: false,
    };
    if pending.is_empty() {
        return Ok(notified);
    }
    let total = pending.len() as u64;
    let sender = Sender::new(url.clone(), secret.clone(), settings.timeout.value, 4)?
        .with_retries(settings.retries.value)
        .until(stop.clone());
    // Stamped as each is sent (the stream is pulled as slots free up);
    // none is begun after a signal.
    let stopped = stop.clone();
    let deliveries = futures_util::stream::iter(pending)
        .take_while(move |_| std::future::ready(stopped.clone().now_or_never().is_none()))
        .map(|(id, data)| Delivery {
            number: id as u64,
            body: RatingCreated::now(data).to_body().into(),
        });
    let mut outcomes = std::pin::pin!(sender.send_all(deliveries));
    while let Some(sent) = outcomes.next().await {
        if sent.delivered() {
            writer.delivered(sent.number as i64)?;
            notified.delivered += 1;
        } else if sent.tries > 0 {
            let why = sent.why();
            writer.not_delivered(sent.number as i64, &why)?;
            if notified.first_failure.is_empty() {
                notified.first_failure = why;
            }
        }
    }
    notified.kept = total - notified.delivered;
    notified.interrupted = stop.now_or_never().is_some();
    if notified.interrupted {
        return Ok(notified);
    }
    io.info(&format!(
        "notified {} rating.created to {}{}",
        thousands(notified.delivered),
        crate::http::hide_userinfo(url.as_str()),
        if notified.kept > 0 {
            format!(" ({} kept for the next sync)", thousands(notified.kept))
        } else {
            String::new()
        }
    ));
    Ok(notified)
}
