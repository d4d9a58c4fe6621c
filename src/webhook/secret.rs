//! The webhook secret, required by all three webhook commands.

use secrecy::{ExposeSecret, SecretString};

use crate::error::CraError;
use crate::settings::Settings;

/// The resolved secret, or a usage error (exit 2) saying how to set one.
pub fn require_secret<'a>(
    settings: &'a Settings,
    command: &str,
) -> anyhow::Result<&'a SecretString> {
    match &settings.webhook_secret {
        Some(setting) if !setting.value.expose_secret().is_empty() => Ok(&setting.value),
        Some(_) => Err(CraError::usage(format!(
            "{command}: the webhook secret is empty (pass --secret, set CRA_WEBHOOK_SECRET, or run cra config set webhook_secret)"
        ))),
        None => Err(CraError::usage(format!(
            "{command} needs the webhook signing secret (pass --secret SECRET, set CRA_WEBHOOK_SECRET, or run cra config set webhook_secret)"
        ))),
    }
}
