//! One module per subcommand, each of one shape: its clap arguments, a
//! [`Run`] implementation saying which global flags apply and what it
//! needs, and its run function, which takes one [`Ctx`]. Registering a
//! command is one entry in the list below, which also declares its module.

use anyhow::Result;
use clap::{ArgMatches, Args};

use crate::error::{CraError, Exit};
use crate::io::Io;
use crate::settings::Settings;
pub use crate::settings::flags::Globals;

/// The commands: one entry each (its help line, its attributes, its
/// module and arguments type, which implements `Run`). From this list come
/// the modules, the clap subcommands, the global flags each takes, and the
/// dispatch.
macro_rules! command_list {
    ($( $(#[$attr:meta])* $variant:ident($module:ident :: $args:ident) ),* $(,)?) => {
        $( pub mod $module; )*

        #[derive(Debug, clap::Subcommand)]
        pub enum Command {
            $( $(#[$attr])* $variant($module::$args), )*
        }

        impl Command {
            /// The global-flag groups of each command, in the list's order
            /// (which is clap's order of subcommands).
            pub(crate) fn globals() -> Vec<Groups> {
                vec![$( Groups {
                    globals: <$module::$args as Run>::GLOBALS,
                    nested: <$module::$args as Run>::SUB_GLOBALS,
                    help: <$module::$args as Run>::GLOBAL_HELP,
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
            pub fn spec(&self) -> &dyn crate::commands::Spec {
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
            pub async fn run(self, ctx: crate::commands::Ctx) -> anyhow::Result<crate::error::Exit> {
                match self {
                    $( Command::$variant(args) => crate::commands::run(args, ctx).await, )*
                }
            }
        }
    };
}

command_list! {
    /// List banks with their current rating
    #[command(after_help = search::AFTER_HELP)]
    Search(search::SearchArgs),
    /// One or more banks with their complete rating history
    #[command(after_help = show::AFTER_HELP)]
    Show(show::ShowArgs),
    /// Every matching bank, all pages, streamed to a file or standard output
    #[command(after_help = export::AFTER_HELP)]
    Export(export::ExportArgs),
    /// Check one webhook delivery's signature offline
    #[command(name = "verify-webhook", after_help = verify_webhook::AFTER_HELP)]
    VerifyWebhook(verify_webhook::VerifyWebhookArgs),
    /// Receive webhook deliveries locally, verify and print them
    #[command(after_help = listen::AFTER_HELP)]
    Listen(listen::ListenArgs),
    /// Send signed test deliveries to a webhook endpoint
    #[command(after_help = trigger::AFTER_HELP)]
    Trigger(trigger::TriggerArgs),
    /// Send again deliveries recorded by `listen --log`, signed, byte for byte
    #[command(after_help = replay::REPLAY_AFTER_HELP)]
    Replay(replay::ReplayArgs),
    /// Bring the local copy (SQLite) up to date with the service
    #[command(after_help = sync::AFTER_HELP)]
    Sync(sync::SyncArgs),
    /// Bring the public record (FFIEC ratings file, BankFind) into the local copy and link the banks to it
    #[command(after_help = enrich::AFTER_HELP)]
    Enrich(enrich::EnrichArgs),
    /// The address of a bank's public evaluation (the examiners' report behind a rating)
    #[command(after_help = pe::AFTER_HELP)]
    Pe(pe::PeArgs),
    /// Run one read-only SQL query on the local copy
    #[command(after_help = sql::AFTER_HELP)]
    Sql(sql::SqlArgs),
    /// Rating changes (upgrades, downgrades...) from the local copy
    #[command(after_help = changes::AFTER_HELP)]
    Changes(changes::ChangesArgs),
    /// Counts of banks by rating per group, with a chart, from the local copy
    #[command(after_help = stats::AFTER_HELP)]
    Stats(stats::StatsArgs),
    /// Banks probably due or overdue for their next CRA exam (a heuristic), from the local copy
    #[command(after_help = due::AFTER_HELP)]
    Due(due::DueArgs),
    /// Run the local stand-in of the service
    #[command(after_help = sandbox::AFTER_HELP)]
    Sandbox(sandbox::SandboxArgs),
    /// Read and write the config file
    #[command(subcommand, after_help = config::AFTER_HELP)]
    Config(config::ConfigCommand),
    /// Print a shell completion script
    #[command(after_help = completions::AFTER_HELP)]
    Completions(completions::CompletionsArgs),
    /// Compare two files written by `cra export`: added, removed and changed banks
    #[command(after_help = diff::AFTER_HELP)]
    Diff(diff::DiffArgs),
    /// One self-contained HTML page about the banks, from the local copy: map, charts, downgrades
    #[command(after_help = report::AFTER_HELP)]
    Report(report::ReportArgs),
    /// The version; with --verbose also the commit, target and compiler, for a bug report
    #[command(after_help = version::AFTER_HELP)]
    Version(version::VersionArgs),
    /// Named lists of banks you follow, which --watch NAME selects
    #[command(subcommand, after_help = watch::AFTER_HELP)]
    Watch(watch::WatchCommand),
}

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

/// `-o FILE`, shared by every command that prints rows.
#[derive(Debug, Clone, Args, Default)]
pub struct OutputArg {
    /// Write to FILE atomically (format from its extension: .csv .tsv .json
    /// .ndjson .jsonl .xlsx; - is standard output)
    #[arg(long = "output", short = 'o', value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,

    #[command(flatten)]
    pub excel: ExcelSafeArg,
}

/// `--excel-safe-csv`, for every command that writes csv or tsv.
#[derive(Debug, Clone, Copy, Args, Default)]
pub struct ExcelSafeArg {
    /// csv, tsv: prefix formula-like text cells with '
    // (A text cell starting with =, +, -, @, a tab or a carriage return,
    // which a spreadsheet would run; numbers are left as they are. One
    // line: the guide says the rest, and help stays compact.)
    #[arg(long)]
    pub excel_safe_csv: bool,
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
    /// What its standard output can be: the formats it writes and its
    /// default. `run` resolves the format, `--jq` and `-o` from it before
    /// the command runs (into `io.view`).
    fn outputs(&self) -> crate::output::Outputs {
        crate::output::Outputs::NONE
    }
    /// The `-o FILE` given on its line: standard output then goes to that
    /// file (`-`: standard output), put in place only when the command
    /// succeeds.
    fn output_file(&self) -> Option<&std::path::Path> {
        None
    }
    /// What its rows are, as a workbook names its sheet of them (`Banks`).
    fn sheet(&self) -> &'static str {
        "Rows"
    }
    /// The filters given, in words (`filters::words`), for a workbook's
    /// `About` sheet; empty for none.
    fn filters(&self) -> String {
        String::new()
    }
    /// Where its rows come from when that is neither the service nor the
    /// local copy (`diff`: the files it compares), for the same sheet.
    fn source(&self) -> Option<String> {
        None
    }
    /// Whether `--excel-safe-csv` was given, for the commands that take it.
    fn excel_safe_csv(&self) -> bool {
        false
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

/// The global flags a command takes, as the list gives them to `cli`.
pub(crate) struct Groups {
    pub globals: Globals,
    pub nested: &'static [(&'static str, Globals)],
    pub help: &'static [(&'static str, &'static str)],
    /// The names its `--columns` takes (none: it has no `--columns`).
    pub columns: Vec<&'static str>,
}

/// A command: its global flags, and how it runs.
pub trait Run: Spec + Sized {
    /// The global-flag groups it takes after its name.
    const GLOBALS: Globals;
    /// For a command with commands of its own (`config show`): the groups
    /// each takes, by name.
    const SUB_GLOBALS: &'static [(&'static str, Globals)] = &[];
    /// Its own wording of a global flag's help, by the flag's id, where
    /// the group's would mislead (`--format`'s default of `export`).
    const GLOBAL_HELP: &'static [(&'static str, &'static str)] = &[];
    /// Whether it handles Ctrl-C itself (a summary, a clean shutdown)
    /// rather than being dropped when a signal comes.
    const OWN_SIGNALS: bool = false;

    /// The names its `--columns` takes, for shell completions: none for
    /// a command without `--columns`.
    fn column_names() -> Vec<&'static str> {
        Vec::new()
    }

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
    // A command blocked in a system call (opening a FIFO nobody writes,
    // a read that never returns) never gets to hear the signal below:
    // after a grace period the process ends anyway, as the signal's
    // default would have ended it.
    let backstop = tokio::spawn(async {
        crate::signals::interrupted().await;
        tokio::time::sleep(BLOCKED_GRACE).await;
        crate::error::report(&CraError::Interrupted.into());
        std::process::exit(Exit::Interrupted as i32);
    });
    let result = tokio::select! {
        result = command.run(ctx) => result,
        () = crate::signals::interrupted() => Err(CraError::Interrupted.into()),
    };
    backstop.abort();
    result
}

/// How long a signalled command that does not stop may take before the
/// process is ended from outside it.
const BLOCKED_GRACE: std::time::Duration = std::time::Duration::from_secs(2);
