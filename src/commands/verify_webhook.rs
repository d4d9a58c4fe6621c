//! `cra verify-webhook`.

use anyhow::Result;

use crate::cli::VerifyWebhookArgs;
use crate::error::Exit;
use crate::io::Io;
use crate::settings::Settings;

pub async fn run(_args: VerifyWebhookArgs, _settings: &Settings, _io: &Io) -> Result<Exit> {
    anyhow::bail!("not built yet")
}
