//! Webhooks: signing (pure), the `listen` receiver and `trigger` sender.

pub mod diagnose;
pub mod listen;
pub mod payload;
pub mod sign;
pub mod trigger;

pub use payload::RatingCreated;
pub use trigger::{Delivery, Sender, print_outcomes};

/// A webhook endpoint given on the command line (`--to`, `--forward-to`,
/// `--webhook-url`): an http:// or https:// URL with a host, or a usage error
/// naming the flag, with `example` as a hint.
pub fn endpoint_url(flag: &str, text: &str, example: &str) -> anyhow::Result<url::Url> {
    url::Url::parse(text)
        .ok()
        .filter(|u| matches!(u.scheme(), "http" | "https") && u.has_host())
        .ok_or_else(|| {
            crate::error::CraError::usage(format!(
                "{flag} '{}' is not an http:// or https:// URL (e.g. {example})",
                crate::http::hide_userinfo(text)
            ))
        })
}
