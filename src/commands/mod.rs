//! One module per subcommand, its clap arguments beside its run function:
//! arguments and settings in, rows or events out.

use clap::Args;

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
