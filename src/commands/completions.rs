//! `cra completions SHELL`: the completion script, generated from the clap
//! definition so it never drifts (the same script `completions/` holds).

use std::io::Write;

use anyhow::Result;

use crate::cli::CompletionsArgs;
use crate::error::Exit;

pub fn run(args: &CompletionsArgs) -> Result<Exit> {
    let mut out = std::io::stdout().lock();
    out.write_all(&crate::assets::completion(args.shell))?;
    out.flush()?;
    Ok(Exit::Success)
}
