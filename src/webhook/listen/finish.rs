//! What happens once a delivery's verdict is in: its log line (waiting for
//! the flush), the counts, the event line on standard output or the
//! refusal line on standard error, and the answer to the sender. Also where
//! `--max-events` learns it has been reached.

use std::sync::atomic::Ordering;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use tokio::sync::oneshot;

use super::Shared;
use super::lines::{Line, event_line, log_line, raw_json_line, refusal_line};
use super::outcome::{Outcome, Verdict};

impl Shared {
    /// Logs (waiting for the flush), counts, prints, and answers.
    ///
    /// Without `--forward-to` and `--max-events` this runs in the
    /// connection's own future, which hyper drops if the sender hangs up:
    /// so the counting and printing come before the one wait (the log's
    /// flush), and a hang-up there loses only the answer nobody reads.
    /// With `--max-events` (run in a task of its own, see `serve::handle`),
    /// the count waits for the flush: a delivery answered 500 must not
    /// count.
    pub(super) async fn finish(&self, received_at: String, outcome: Outcome) -> Response {
        let verified = outcome.verdict == Verdict::Valid;
        let mut pending_log = self.log.as_ref().map(|log| {
            let (ack, written) = oneshot::channel();
            let sent = log
                .send(Line::Write(log_line(&received_at, &outcome), Some(ack)))
                .is_ok();
            (sent, written)
        });
        let mut status = outcome.status;
        if self.config.max_events.is_some()
            && let Some(pending) = pending_log.take()
            && !self.log_written(pending).await
        {
            status = StatusCode::INTERNAL_SERVER_ERROR;
        }
        self.record(&received_at, &outcome, status);
        if let Some(pending) = pending_log
            && !self.log_written(pending).await
        {
            status = StatusCode::INTERNAL_SERVER_ERROR;
        }

        let text = if verified {
            "ok\n".to_string()
        } else {
            format!("{}: {}\n", outcome.verdict.code(), outcome.reason)
        };
        let mut response = (status, text).into_response();
        for (name, value) in outcome.extra_headers {
            response.headers_mut().insert(name, value);
        }
        response
    }

    /// Counts the delivery, prints it (events on standard output, refusals
    /// on standard error), and says when `--max-events` is reached.
    fn record(&self, received_at: &str, outcome: &Outcome, status: StatusCode) {
        let mut reached = false;
        {
            let mut summary = self.summary.lock().expect("summary lock");
            summary.received += 1;
            if outcome.verdict == Verdict::Valid {
                summary.verified += 1;
                if outcome.duplicate {
                    summary.duplicates += 1;
                }
                // Only a delivery the sender saw succeed counts toward
                // --max-events; one answered 500 or 502 gives its slot
                // back, since the sender will send it again.
                if status.is_success() {
                    summary.delivered += 1;
                    reached = self.config.max_events == Some(summary.delivered);
                } else if self.config.max_events.is_some() {
                    self.accepted.fetch_sub(1, Ordering::SeqCst);
                }
            } else {
                *summary.refused.entry(outcome.verdict.code()).or_default() += 1;
            }
        }
        if let Some(event) = &outcome.event {
            let line = if self.config.raw_json {
                raw_json_line(&outcome.body)
            } else {
                event_line(received_at, event, outcome)
            };
            let _ = self.stdout.send(Line::Write(line, None));
        } else if !self.config.quiet {
            self.warn(&refusal_line(received_at, outcome));
        }
        if reached {
            let _ = self.enough.send(true);
        }
    }

    /// Whether a log line sent to the writer was written and flushed; warns
    /// once per failed line.
    async fn log_written(&self, (sent, written): (bool, oneshot::Receiver<bool>)) -> bool {
        let ok = sent && written.await.unwrap_or(false);
        if !ok {
            self.warn("cra: warning: could not write the log file; answering 500");
        }
        ok
    }
}
