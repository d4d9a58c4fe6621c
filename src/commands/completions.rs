//! `cra completions SHELL`: the completion script, generated from the clap
//! definition so it never drifts.

use anyhow::Result;
use clap::CommandFactory;

use crate::cli::{Cli, CompletionsArgs};
use crate::error::Exit;

pub fn run(args: &CompletionsArgs) -> Result<Exit> {
    let mut command = Cli::command();
    let mut out = std::io::stdout().lock();
    clap_complete::generate(args.shell, &mut command, "cra", &mut out);
    Ok(Exit::Success)
}
