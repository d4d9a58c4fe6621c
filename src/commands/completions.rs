//! `cra completions SHELL`: the completion script, generated from the clap
//! definition so it never drifts (the same script `completions/` holds).

use std::io::Write;

use anyhow::Result;
use clap::Args;

use crate::commands::{Ctx, Globals, Run, Spec};
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
    // config file.
    fn before_settings(&self) -> Option<Result<Exit>> {
        Some(run(self))
    }
}

impl Run for CompletionsArgs {
    const GLOBALS: Globals = Globals::NONE;

    async fn run(self, _ctx: Ctx) -> Result<Exit> {
        run(&self)
    }
}

fn run(args: &CompletionsArgs) -> Result<Exit> {
    let mut out = std::io::stdout().lock();
    out.write_all(&crate::assets::completion(args.shell))?;
    out.flush()?;
    Ok(Exit::Success)
}
