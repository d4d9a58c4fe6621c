//! `cra show`.

use anyhow::Result;

use crate::cli::ShowArgs;
use crate::error::Exit;
use crate::io::Io;
use crate::settings::Settings;

pub async fn run(_args: ShowArgs, _settings: &Settings, _io: &Io) -> Result<Exit> {
    anyhow::bail!("not built yet")
}
