//! `cra completions SHELL`: the completion script, generated from the clap
//! definition so it never drifts (the same script `completions/` holds).

use std::io::Write;

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Run, Spec};
use crate::error::Exit;

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
Examples:
  cra completions bash > ~/.local/share/bash-completion/completions/cra
  cra completions zsh > ~/.zfunc/_cra
  cra completions fish > ~/.config/fish/completions/cra.fish";

#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// Shell to print the script for
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

impl Spec for CompletionsArgs {
    // Needs neither settings nor a runtime, and must work with a broken
    // config file: it always runs here, before them.
    fn before_settings(&self, definition: fn() -> clap::Command) -> Option<Result<Exit>> {
        Some(print(self.shell, definition()))
    }
}

impl Run for CompletionsArgs {
    async fn run(self, _ctx: Ctx) -> Result<Exit> {
        Err(anyhow::anyhow!(
            "cra completions runs before the settings are read, never after"
        ))
    }
}

fn print(shell: clap_complete::Shell, definition: clap::Command) -> Result<Exit> {
    let mut out = std::io::stdout().lock();
    out.write_all(&crate::assets::completion(shell, definition))?;
    out.flush()?;
    Ok(Exit::Success)
}
