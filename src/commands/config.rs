//! `cra config`.

use anyhow::Result;

use crate::cli::ConfigCommand;
use crate::error::Exit;
use crate::io::Io;
use crate::settings::Settings;

pub fn run(_args: ConfigCommand, _settings: &Settings, _io: &Io) -> Result<Exit> {
    anyhow::bail!("not built yet")
}
