//! One module per subcommand, each of one shape: its clap arguments, a
//! [`Run`] implementation saying which global flags apply and what it
//! needs, and its run function, which takes one [`Ctx`]. Registering a
//! command is one entry in `cli::command_list!`.

use anyhow::Result;
use clap::{ArgMatches, Args};

use crate::error::{CraError, Exit};
use crate::io::Io;
use crate::settings::Settings;
pub use crate::settings::flags::Globals;

pub mod changes;
pub mod completions;
pub mod config;
pub mod diff;
pub mod export;
pub mod listen;
pub mod replay;
pub mod sandbox;
pub mod search;
pub mod show;
pub mod sql;
pub mod stats;
pub mod sync;
pub mod trigger;
pub mod verify_webhook;

/// `--secret`, shared by the webhook commands.
#[derive(Debug, Clone, Args)]
pub struct SecretArg {
    /// Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)
    #[arg(long, value_name = "SECRET")]
    pub secret: Option<String>,
}

/// `--jq`, shared by every command whose JSON output it can filter.
#[derive(Debug, Clone, Args, Default)]
pub struct JqArg {
    /// Filter the JSON output with a jq expression (built in; strings printed
    /// raw, other values as compact JSON, one result a line)
    #[arg(long, value_name = "EXPR")]
    pub jq: Option<String>,
}

/// What a command runs with: the settings in force and the streams.
pub struct Ctx {
    pub settings: Settings,
    pub io: Io,
}

/// What `run` asks of a command before it runs it (object-safe, so the
/// command line can be asked without knowing which command it is).
pub trait Spec {
    /// Whether it calls the API (and so may run against `--sandbox`).
    fn uses_api(&self) -> bool {
        false
    }
    /// The `--secret` given on its line, for the commands that take one.
    fn secret(&self) -> Option<&str> {
        None
    }
    /// The `--jq` given on its line, for the commands that take one.
    fn jq(&self) -> Option<&str> {
        None
    }
    /// Whether the config file's values are read. False for the commands
    /// that must work with a broken file (`config path`, `set`, `unset`:
    /// they are how a person finds and repairs it) or use none (`diff`).
    fn reads_config(&self) -> bool {
        true
    }
    /// Whether it is the sandbox server itself (which takes `--evolve`
    /// without `--sandbox`).
    fn serves_sandbox(&self) -> bool {
        false
    }
    /// Whether it runs before any setting is read (completions must work
    /// with a broken config file and need no runtime).
    fn before_settings(&self) -> Option<Result<Exit>> {
        None
    }
}

/// A command: its global flags, and how it runs.
pub trait Run: Spec + Sized {
    /// The global-flag groups it takes after its name.
    const GLOBALS: Globals;
    /// For a command with commands of its own (`config show`): the groups
    /// each takes, by name.
    const SUB_GLOBALS: &'static [(&'static str, Globals)] = &[];
    /// Whether it handles Ctrl-C itself (a summary, a clean shutdown)
    /// rather than being dropped when a signal comes.
    const OWN_SIGNALS: bool = false;

    /// Notes what only positions on the line tell (clap's matches of its
    /// own level).
    fn note_positions(&mut self, _matches: &ArgMatches) {}

    /// Runs to completion and says how it went.
    fn run(self, ctx: Ctx) -> impl Future<Output = Result<Exit>>;
}

/// Runs `command`; unless it handles signals itself, a signal drops its
/// future (which removes any temporary file) and the exit is non-zero.
pub async fn run<R: Run>(command: R, ctx: Ctx) -> Result<Exit> {
    if R::OWN_SIGNALS {
        return command.run(ctx).await;
    }
    tokio::select! {
        result = command.run(ctx) => result,
        () = crate::signals::interrupted() => Err(CraError::Interrupted.into()),
    }
}
