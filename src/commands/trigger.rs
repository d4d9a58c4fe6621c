//! `cra trigger`.

use anyhow::Result;

use crate::cli::TriggerArgs;
use crate::error::Exit;
use crate::io::Io;
use crate::settings::Settings;

pub async fn run(_args: TriggerArgs, _settings: &Settings, _io: &Io) -> Result<Exit> {
    anyhow::bail!("not built yet")
}
