//! The registry of commands (gh's `pkg/cmd/root`): one module per
//! subcommand, each of the one shape `command` describes (its clap
//! arguments, a [`Run`] implementation saying which global flags apply
//! and what it needs, and its run function, which takes one [`Ctx`]).
//! Registering a command is its module's line and one entry in the list
//! below. A command never imports another: what two share lives in the
//! room below whose words it speaks.

use clap::ArgMatches;

use crate::command::{Groups, Run};
use crate::settings::flags::Globals;

// The commands' modules, as plain lines (a module declared inside a macro
// is one rustfmt never reads, so `cargo fmt --check` would pass it by).
pub mod areas;
pub mod changes;
pub mod completions;
pub mod config;
pub mod diff;
pub mod due;
pub mod enrich;
pub mod evaluations;
pub mod export;
pub mod lending;
pub mod lineage;
pub mod listen;
pub mod pe;
pub mod replay;
pub mod report;
pub mod sandbox;
pub mod search;
pub mod show;
pub mod sql;
pub mod stats;
pub mod sync;
pub mod trigger;
pub mod verify_webhook;
pub mod version;
pub mod watch;

/// The commands: one entry each (its help line, its attributes, its
/// module and arguments type, which implements `Run`). From this list come
/// the clap subcommands, the global flags each takes, and the dispatch; a
/// command's module is declared above.
macro_rules! command_list {
    (@nested) => { &[] };
    (@nested $nested:expr) => { $nested };
    ($( $(#[$attr:meta])* $variant:ident($module:ident :: $args:ident, $globals:expr $(, $nested:expr)?) ),* $(,)?) => {
        #[derive(Debug, clap::Subcommand)]
        pub enum Command {
            $( $(#[$attr])* $variant($module::$args), )*
        }

        impl Command {
            /// The global-flag groups of each command, in the list's order
            /// (which is clap's order of subcommands).
            pub(crate) fn globals() -> Vec<Groups> {
                vec![$( Groups {
                    globals: $globals,
                    nested: command_list!(@nested $($nested)?),
                    args: <$module::$args as Run>::ARGS,
                    columns: <$module::$args as Run>::column_names(),
                }, )*]
            }

            /// The command's name, as in its module (and, for every command
            /// that prints, on the command line).
            pub fn name(&self) -> &'static str {
                match self {
                    $( Command::$variant(_) => stringify!($module), )*
                }
            }

            /// The command's own answer to a question of [`Run`].
            pub fn spec(&self) -> &dyn crate::command::Spec {
                match self {
                    $( Command::$variant(args) => args, )*
                }
            }

            pub(crate) fn note_positions(&mut self, matches: &ArgMatches) {
                match self {
                    $( Command::$variant(args) => args.note_positions(matches), )*
                }
            }

            /// Runs the command to completion.
            pub async fn run(self, ctx: crate::command::Ctx) -> anyhow::Result<crate::error::Exit> {
                match self {
                    $( Command::$variant(args) => crate::command::run(args, ctx).await, )*
                }
            }
        }
    };
}

command_list! {
    /// List banks with their current rating
    #[command(after_help = search::AFTER_HELP)]
    Search(search::SearchArgs, Globals::ALL),
    /// One or more banks with their complete rating history
    #[command(after_help = show::AFTER_HELP)]
    Show(show::ShowArgs, Globals::ALL),
    /// Every matching bank, all pages, streamed to a file or standard output
    #[command(after_help = export::AFTER_HELP)]
    Export(export::ExportArgs, Globals::ALL),
    /// Check one webhook delivery's signature offline
    #[command(name = "verify-webhook", after_help = verify_webhook::AFTER_HELP)]
    VerifyWebhook(verify_webhook::VerifyWebhookArgs, Globals::CONFIG),
    /// Receive webhook deliveries locally, verify and print them
    #[command(after_help = listen::AFTER_HELP)]
    Listen(listen::ListenArgs, Globals::CONFIG.and(Globals::OUTPUT).and(Globals::TIMEOUT)),
    /// Send signed test deliveries to a webhook endpoint
    #[command(after_help = trigger::AFTER_HELP)]
    Trigger(trigger::TriggerArgs, Globals::CONFIG.and(Globals::TIMEOUT)),
    /// Send again deliveries recorded by `listen --log`, signed, byte for byte
    #[command(after_help = replay::REPLAY_AFTER_HELP)]
    Replay(replay::ReplayArgs, Globals::CONFIG.and(Globals::TIMEOUT)),
    /// Bring the local copy (SQLite) up to date with the service
    #[command(after_help = sync::AFTER_HELP)]
    Sync(sync::SyncArgs,
        Globals::CONFIG
            .and(Globals::OUTPUT)
            .and(Globals::TIMEOUT)
            .and(Globals::API)
            .and(Globals::SANDBOX)
            .and(Globals::EVOLVE)
            .and(Globals::MIRROR)
    ),
    /// Bring the public record (FFIEC ratings file, BankFind) into the local copy and link the banks to it
    #[command(after_help = enrich::AFTER_HELP)]
    Enrich(enrich::EnrichArgs,
        Globals::CONFIG
            .and(Globals::OUTPUT)
            .and(Globals::TIMEOUT)
            .and(Globals::API)
            .and(Globals::SANDBOX)
            .and(Globals::MIRROR)
    ),
    /// The address of a bank's public evaluation (the examiners' report behind a rating)
    #[command(after_help = pe::AFTER_HELP)]
    Pe(pe::PeArgs, Globals::LOCAL_COPY.and(Globals::TIMEOUT)),
    /// The public evaluations read (cra enrich --pe): linked or not, and what each disagrees with
    #[command(after_help = evaluations::AFTER_HELP)]
    Evaluations(evaluations::EvaluationsArgs, Globals::LOCAL_COPY),
    /// A bank's predecessors and successors (mergers, failures, renames), oldest first
    #[command(after_help = lineage::AFTER_HELP)]
    Lineage(lineage::LineageArgs, Globals::LOCAL_COPY),
    /// A bank's reported lending (FFIEC CRA data), its LMI share beside its market's
    #[command(after_help = lending::AFTER_HELP)]
    Lending(lending::LendingArgs, Globals::LOCAL_COPY),
    /// A bank's assessment areas: counties, whole or partial, and tracts by income
    #[command(after_help = areas::AFTER_HELP)]
    Areas(areas::AreasArgs, Globals::LOCAL_COPY),
    /// Run one read-only SQL query on the local copy
    #[command(after_help = sql::AFTER_HELP)]
    Sql(sql::SqlArgs, Globals::LOCAL_COPY),
    /// Rating changes (upgrades, downgrades...) from the local copy
    #[command(after_help = changes::AFTER_HELP)]
    Changes(changes::ChangesArgs, Globals::LOCAL_COPY),
    /// Counts of banks by rating per group, with a chart, from the local copy
    #[command(after_help = stats::AFTER_HELP)]
    Stats(stats::StatsArgs, Globals::LOCAL_COPY),
    /// Banks probably due or overdue for their next CRA exam (a heuristic), from the local copy
    #[command(after_help = due::AFTER_HELP)]
    Due(due::DueArgs, Globals::LOCAL_COPY),
    /// Run the local stand-in of the service
    #[command(after_help = sandbox::AFTER_HELP)]
    Sandbox(sandbox::SandboxArgs, Globals::CONFIG.and(Globals::OUTPUT).and(Globals::EVOLVE)),
    /// Read and write the config file
    #[command(subcommand, after_help = config::AFTER_HELP)]
    Config(config::ConfigCommand, Globals::NONE, CONFIG_NESTED),
    /// Print a shell completion script
    #[command(after_help = completions::AFTER_HELP)]
    Completions(completions::CompletionsArgs, Globals::NONE),
    /// Compare two files written by `cra export`: added, removed and changed banks
    #[command(after_help = diff::AFTER_HELP)]
    Diff(diff::DiffArgs, Globals::OUTPUT),
    /// One self-contained HTML page about the banks, from the local copy: map, charts, downgrades
    #[command(after_help = report::AFTER_HELP)]
    Report(report::ReportArgs, Globals::LOCAL_COPY),
    /// The version; with --verbose also the commit, target and compiler, for a bug report
    #[command(after_help = version::AFTER_HELP)]
    Version(version::VersionArgs, Globals::NONE),
    /// Named lists of banks you follow, which --watch NAME selects
    #[command(subcommand, after_help = watch::AFTER_HELP)]
    Watch(watch::WatchCommand, Globals::NONE, WATCH_NESTED),
}

/// The global-flag groups of each of `config`'s own commands.
const CONFIG_NESTED: &[(&str, Globals)] = &[
    ("path", Globals::CONFIG),
    // Every setting is shown, so every global flag applies.
    ("show", Globals::ALL),
    ("get", Globals::CONFIG),
    ("set", Globals::CONFIG.and(Globals::OUTPUT)),
    ("unset", Globals::CONFIG.and(Globals::OUTPUT)),
];

/// The global-flag groups of each of `watch`'s own commands.
const WATCH_NESTED: &[(&str, Globals)] = &[
    // Looked up as `show` looks banks up: online or offline.
    ("add", Globals::ALL),
    (
        "remove",
        Globals::CONFIG.and(Globals::OUTPUT).and(Globals::MIRROR),
    ),
    ("show", Globals::ALL),
    ("list", Globals::LOCAL_COPY),
];
