//! `cra export`.

use anyhow::Result;

use crate::cli::ExportArgs;
use crate::error::Exit;
use crate::io::Io;
use crate::settings::Settings;

pub async fn run(_args: ExportArgs, _settings: &Settings, _io: &Io) -> Result<Exit> {
    anyhow::bail!("not built yet")
}
