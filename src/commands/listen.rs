//! `cra listen`.

use anyhow::Result;

use crate::cli::ListenArgs;
use crate::error::Exit;
use crate::io::Io;
use crate::settings::Settings;

pub async fn run(_args: ListenArgs, _settings: Settings, _io: Io) -> Result<Exit> {
    anyhow::bail!("not built yet")
}
