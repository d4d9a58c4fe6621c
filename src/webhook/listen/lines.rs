//! What `listen` writes, and the threads that write it: the log's line per
//! delivery, the event line (or the raw body) on standard output, and the
//! writer that puts each stream's lines out in order, in batches under load
//! (group commit: one `write` for every line queued meanwhile), telling
//! whoever asks once its line is written and flushed.

use std::io::Write;
use std::sync::mpsc;

use tokio::sync::oneshot;

use super::outcome::Outcome;
use crate::webhook::payload::RatingCreated;

/// A line for a writer thread, with an optional acknowledgement once it
/// has been written and flushed.
pub(super) enum Line {
    Write(Vec<u8>, Option<oneshot::Sender<bool>>),
    Stop,
}

/// One stream's writer thread, fed through `tx`.
pub(super) struct Writer {
    pub(super) tx: mpsc::Sender<Line>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Writer {
    pub(super) fn spawn(name: &str, sink: Box<dyn Write + Send>) -> Writer {
        let (tx, rx) = mpsc::channel::<Line>();
        let thread = std::thread::Builder::new()
            .name(name.to_string())
            .spawn(move || write_loop(sink, rx))
            .expect("spawn a writer thread");
        Writer {
            tx,
            thread: Some(thread),
        }
    }

    /// Writes what is queued, then ends the thread.
    pub(super) fn stop(&mut self) {
        let _ = self.tx.send(Line::Stop);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn write_loop(mut sink: Box<dyn Write + Send>, rx: mpsc::Receiver<Line>) {
    let mut acks = Vec::new();
    let mut batch = Vec::with_capacity(64 * 1024);
    while let Ok(first) = rx.recv() {
        let mut stop = false;
        let mut next = Some(first);
        while let Some(line) = next {
            match line {
                Line::Write(bytes, ack) => {
                    batch.extend_from_slice(&bytes);
                    acks.extend(ack);
                }
                Line::Stop => stop = true,
            }
            if stop || batch.len() > 1 << 20 {
                break;
            }
            next = rx.try_recv().ok();
        }
        let ok = sink.write_all(&batch).and_then(|()| sink.flush()).is_ok();
        batch.clear();
        for ack in acks.drain(..) {
            let _ = ack.send(ok);
        }
        if stop {
            return;
        }
    }
}

/// `{"received_at","verdict","status","body"[,"body_encoding"],"duplicate"}`.
/// The body is the UTF-8 text when it is UTF-8, else lower-case hex with
/// `"body_encoding":"hex"`.
pub(super) fn log_line(received_at: &str, outcome: &Outcome) -> Vec<u8> {
    let mut object = serde_json::Map::new();
    object.insert("received_at".into(), received_at.into());
    object.insert("verdict".into(), outcome.verdict.code().into());
    object.insert("status".into(), outcome.status.as_u16().into());
    match std::str::from_utf8(&outcome.body) {
        Ok(text) => {
            object.insert("body".into(), text.into());
        }
        Err(_) => {
            object.insert("body".into(), hex::encode(&outcome.body).into());
            object.insert("body_encoding".into(), "hex".into());
        }
    }
    object.insert("duplicate".into(), outcome.duplicate.into());
    let mut line = serde_json::to_vec(&object).expect("a map of strings serializes");
    line.push(b'\n');
    line
}

/// The raw body as one line: exactly as received unless it spans lines
/// (a pretty-printed sender), in which case it is written compact.
pub(super) fn raw_json_line(body: &[u8]) -> Vec<u8> {
    let mut line = if body.contains(&b'\n') {
        serde_json::from_slice::<serde_json::Value>(body)
            .ok()
            .and_then(|v| serde_json::to_vec(&v).ok())
            .unwrap_or_else(|| body.iter().copied().filter(|b| *b != b'\n').collect())
    } else {
        body.to_vec()
    };
    line.push(b'\n');
    line
}

/// `TIME  EVENT  BANK  REGULATOR  RATING  EXAM-DATE  [forwarded 200 OK]  [duplicate]`.
pub(super) fn event_line(received_at: &str, event: &RatingCreated, outcome: &Outcome) -> Vec<u8> {
    let data = &event.data;
    let mut line = format!(
        "{received_at}  {}  {}  {}  {}  {}",
        clean(&event.event),
        clean(&data.bank_name),
        clean(data.regulator.as_str()),
        clean(data.rating.as_str()),
        clean(&data.exam_date)
    );
    if let Some(forward) = &outcome.forward {
        line.push_str("  ");
        line.push_str(forward);
    }
    if outcome.duplicate {
        line.push_str("  duplicate");
    }
    line.push('\n');
    line.into_bytes()
}

/// `TIME refused STATUS VERDICT: REASON[HINT]`, for standard error.
pub(super) fn refusal_line(received_at: &str, outcome: &Outcome) -> String {
    let hint = outcome.hint.as_deref().unwrap_or_default();
    format!(
        "{received_at} refused {} {}: {}{hint}",
        outcome.status.as_u16(),
        outcome.verdict.code(),
        clean(&outcome.reason)
    )
}

/// Sender-controlled text made safe for a terminal: control characters
/// (escape sequences, newlines) become `?`.
pub(super) fn clean(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::webhook::listen::Verdict;
    use crate::webhook::listen::outcome::Refusal;
    use crate::webhook::sign::Invalid;
    use bytes::Bytes;

    #[test]
    fn log_line_shapes() {
        let outcome = Refusal::new(Verdict::BadSignature(Invalid::Mismatch), "x")
            .outcome(Bytes::from_static(b"{\"a\":1}"));
        let v: serde_json::Value = serde_json::from_slice(&log_line("T", &outcome)).unwrap();
        assert_eq!(v["body"], "{\"a\":1}");
        assert_eq!(v["status"], 401);
        assert_eq!(v["verdict"], "mismatch");
        let binary = Refusal::new(Verdict::BadSignature(Invalid::Mismatch), "x")
            .outcome(Bytes::from_static(&[0xff, 0x00]));
        let v: serde_json::Value = serde_json::from_slice(&log_line("T", &binary)).unwrap();
        assert_eq!(v["body"], "ff00");
        assert_eq!(v["body_encoding"], "hex");
    }

    #[test]
    fn refusal_lines() {
        let mut outcome = Refusal::new(Verdict::Stale, "too\nold").outcome(Bytes::new());
        assert_eq!(refusal_line("T", &outcome), "T refused 401 stale: too?old");
        outcome.hint = Some(" (why)".into());
        assert_eq!(
            refusal_line("T", &outcome),
            "T refused 401 stale: too?old (why)"
        );
    }

    #[test]
    fn control_characters_are_cleaned() {
        assert_eq!(clean("A\x1b[31mB\n"), "A?[31mB?");
    }

    #[test]
    fn raw_json_is_one_line() {
        assert_eq!(raw_json_line(b"{\n  \"a\": 1\n}"), b"{\"a\":1}\n");
        assert_eq!(raw_json_line(b"{\"a\": 1}"), b"{\"a\": 1}\n");
    }
}
