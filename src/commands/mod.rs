//! One module per subcommand: arguments and settings in, rows or events out.

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
