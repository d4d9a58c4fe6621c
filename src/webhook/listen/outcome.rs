//! What a delivery came to: its [`Verdict`] (a word for the log and the
//! summary, a status for the answer), the [`Outcome`] that is logged,
//! counted, printed and answered, and the [`Refusal`] with which a check
//! in `deliver` ends the chain. Apart from the checks so that the lines
//! printed of an outcome (`lines`) need nothing of how it was reached.

use axum::http::{HeaderValue, StatusCode, header};
use bytes::Bytes;

use crate::webhook::payload::RatingCreated;
use crate::webhook::sign;

/// What `listen` made of a delivery: accepted, or refused and why. Its
/// [`code`](Verdict::code) is the word of the log's `verdict` field, the
/// summary and the refusal line; its [`status`](Verdict::status) the
/// answer's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Signed, a `rating.created` payload, fresh: accepted.
    Valid,
    /// Not the webhook path.
    NotFound,
    /// Not a POST.
    MethodNotAllowed,
    /// Over `--max-body`, declared or read.
    TooLarge,
    /// The body could not be read.
    BodyError,
    /// The body did not arrive within `--read-timeout`.
    ReadTimeout,
    /// The signature header missing, malformed or not matching.
    BadSignature(sign::Invalid),
    /// Signed, but not a `rating.created` payload.
    BadPayload,
    /// Signed, but its `timestamp` is outside `--tolerance`.
    Stale,
    /// Verified after `--max-events` was reached: to be sent again later.
    ShuttingDown,
}

impl Verdict {
    /// A short stable word for the log, the summary and the refusal line.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Valid => "valid",
            Verdict::NotFound => "not_found",
            Verdict::MethodNotAllowed => "method_not_allowed",
            Verdict::TooLarge => "too_large",
            Verdict::BodyError => "body_error",
            Verdict::ReadTimeout => "read_timeout",
            Verdict::BadSignature(invalid) => invalid.code(),
            Verdict::BadPayload => "bad_payload",
            Verdict::Stale => "stale",
            Verdict::ShuttingDown => "shutting_down",
        }
    }

    /// The answer's status (a valid delivery's may become the forwarded
    /// app's).
    pub fn status(self) -> StatusCode {
        match self {
            Verdict::Valid => StatusCode::OK,
            Verdict::NotFound => StatusCode::NOT_FOUND,
            Verdict::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Verdict::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Verdict::BodyError | Verdict::BadPayload => StatusCode::BAD_REQUEST,
            Verdict::ReadTimeout => StatusCode::REQUEST_TIMEOUT,
            Verdict::BadSignature(_) | Verdict::Stale => StatusCode::UNAUTHORIZED,
            Verdict::ShuttingDown => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

/// How one delivery ended.
pub(super) struct Outcome {
    pub(super) status: StatusCode,
    pub(super) verdict: Verdict,
    /// For the refusal line on standard error.
    pub(super) reason: String,
    pub(super) body: Bytes,
    pub(super) duplicate: bool,
    pub(super) event: Option<RatingCreated>,
    pub(super) forward: Option<String>,
    pub(super) extra_headers: Vec<(header::HeaderName, HeaderValue)>,
    /// Why a signature failed, added to the refusal line on standard error
    /// (never to the answer).
    pub(super) hint: Option<String>,
}

/// Why a step refused a delivery: its verdict, the reason in words, and
/// what the answer needs besides. The body, if read, is added when the
/// refusal becomes the delivery's [`Outcome`].
pub(super) struct Refusal {
    verdict: Verdict,
    reason: String,
    /// Why a signature failed, for standard error only.
    pub(super) hint: Option<String>,
    headers: Vec<(header::HeaderName, HeaderValue)>,
}

impl Refusal {
    pub(super) fn new(verdict: Verdict, reason: impl Into<String>) -> Refusal {
        Refusal {
            verdict,
            reason: reason.into(),
            hint: None,
            headers: Vec::new(),
        }
    }

    pub(super) fn with_header(mut self, name: header::HeaderName, value: &'static str) -> Refusal {
        self.headers.push((name, HeaderValue::from_static(value)));
        self
    }

    pub(super) fn closing(self) -> Refusal {
        self.with_header(header::CONNECTION, "close")
    }

    /// The delivery's outcome, with the `body` read (empty if none was).
    pub(super) fn outcome(self, body: Bytes) -> Outcome {
        Outcome {
            status: self.verdict.status(),
            verdict: self.verdict,
            reason: self.reason,
            body,
            duplicate: false,
            event: None,
            forward: None,
            extra_headers: self.headers,
            hint: self.hint,
        }
    }
}

/// A step's result: what it passes on, or the refusal that ends the chain.
pub(super) type Step<T> = Result<T, Refusal>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_keep_their_words_and_statuses() {
        let all = [
            (Verdict::Valid, "valid", 200),
            (Verdict::NotFound, "not_found", 404),
            (Verdict::MethodNotAllowed, "method_not_allowed", 405),
            (Verdict::TooLarge, "too_large", 413),
            (Verdict::BodyError, "body_error", 400),
            (Verdict::ReadTimeout, "read_timeout", 408),
            (
                Verdict::BadSignature(sign::Invalid::Missing),
                "missing_signature",
                401,
            ),
            (
                Verdict::BadSignature(sign::Invalid::Mismatch),
                "mismatch",
                401,
            ),
            (Verdict::BadPayload, "bad_payload", 400),
            (Verdict::Stale, "stale", 401),
            (Verdict::ShuttingDown, "shutting_down", 503),
        ];
        for (verdict, code, status) in all {
            assert_eq!(
                (verdict.code(), verdict.status().as_u16()),
                (code, status),
                "{verdict:?}"
            );
        }
    }
}
