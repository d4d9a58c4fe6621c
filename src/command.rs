//! What every command is (gh's `cmdutil`): the traits a command
//! implements ([`Spec`]: what `run` asks of it before it runs; [`Run`]:
//! its global flags and its run function), the context it runs with
//! ([`Ctx`]: the settings, standard error, the output decided, the banks
//! selected, the local copy), the argument groups several commands
//! flatten in (`-o`, `--jq`, `--excel-safe-csv`, `--secret`), and how a
//! command is run under the signals.

use anyhow::Result;
use clap::{ArgMatches, Args};

use crate::error::{CraError, Exit};
use crate::filters::Words;
use crate::io::{Io, Output};
use crate::output::{Outputs, Written};
use crate::settings::Settings;
use crate::settings::flags::Globals;

/// A bank of the copy and its row's exam, as the bank's columns show them
/// (`changes`, `due`: rows that embed [`crate::mirror::row::BankRow`]).
pub(crate) fn bank_view(bank: &crate::mirror::row::BankRow) -> crate::output::bank::BankView<'_> {
    crate::output::bank::BankView {
        id: &bank.id,
        name: &bank.name,
        city: &bank.city,
        state: &bank.state,
        regulator: &bank.regulator,
        exam: Some(crate::output::bank::ExamView {
            rating: bank.rating(),
            exam_date: bank.exam_date(),
            exam_type: bank.exam_type(),
        }),
    }
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

/// `-o FILE`, declared once for every command that writes to a file (its
/// wording for one command, where the formats differ, is in that
/// command's `Run::ARGS`).
#[derive(Debug, Clone, Args, Default)]
pub struct OutputArg {
    /// Write to FILE atomically (format from its extension: .csv .tsv .json
    /// .ndjson .jsonl .xlsx; - is standard output)
    #[arg(long = "output", short = 'o', value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,
}

/// The output flags of a command that prints rows, one bundle (as gh's
/// `AddJSONFlags` gives every list command its `--json`, `--jq` and
/// `--template`): `--jq`, `-o FILE`, `--excel-safe-csv`. A command
/// flattens it once, and its [`Parts`] come from it.
#[derive(Debug, Clone, Args, Default)]
pub struct RowsOutput {
    #[command(flatten)]
    pub jq: JqArg,

    #[command(flatten)]
    pub output: OutputArg,

    #[command(flatten)]
    pub excel: ExcelSafeArg,
}

impl RowsOutput {
    /// The argument groups these are: a rows command adds its own
    /// (`selection`, `order`) to them.
    pub fn parts(&self) -> Parts<'_> {
        Parts {
            output: Some(&self.output),
            excel: Some(&self.excel),
            jq: Some(&self.jq),
            ..Parts::default()
        }
    }
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

/// What a command runs with: the settings in force, the streams (with the
/// output decided), the banks its flags select, and the local copy if
/// choosing them opened it.
pub struct Ctx {
    pub settings: Settings,
    /// Standard error: messages, progress.
    pub io: Io,
    /// Standard output, as the plan decided it.
    pub out: Output,
    /// The selection, resolved (empty for a command that takes none).
    pub selection: crate::domain::Selection,
    /// What it says when nothing matches: `no banks match` and its
    /// filters, in the words every selecting command uses.
    pub nothing: String,
    /// The local copy, opened once: by the selection, or on first use.
    pub copy: crate::source::Copy,
}

/// The argument groups a command takes (flattened into its arguments):
/// all `run` reads of its line before it runs. The output is decided from
/// `output`, `excel` and `jq`; the selection from `selection` and `order`
/// (or `watch` alone); the secret from `secret`. A command names the
/// groups it has in [`Spec::parts`], and nothing else is asked of it.
#[derive(Debug, Default, Clone, Copy)]
pub struct Parts<'a> {
    pub output: Option<&'a OutputArg>,
    pub excel: Option<&'a ExcelSafeArg>,
    pub jq: Option<&'a JqArg>,
    pub secret: Option<&'a SecretArg>,
    pub selection: Option<&'a crate::filters::SelectionArgs>,
    pub order: Option<&'a crate::filters::OrderArgs>,
    /// `--watch` without the rest of a selection (`sync --notify`).
    pub watch: Option<&'a crate::filters::WatchArg>,
    /// A file it writes beside its output (`stats --svg`, `listen --log`),
    /// refused as `-o` is where it would replace or write into a file
    /// `cra` keeps.
    pub side_file: Option<(Written, &'a std::path::Path)>,
}

impl Parts<'_> {
    /// The flags that choose its banks.
    pub fn choice(&self) -> crate::filters::Choice<'_> {
        crate::filters::Choice {
            selection: self.selection,
            order: self.order,
            watch: self.watch,
        }
    }

    /// `--jq`, when given.
    pub fn jq(&self) -> Option<&str> {
        self.jq.and_then(|jq| jq.jq.as_deref())
    }

    /// `-o FILE`, when given.
    pub fn output_file(&self) -> Option<&std::path::Path> {
        self.output.and_then(|output| output.output.as_deref())
    }

    /// `--excel-safe-csv`.
    pub fn excel_safe(&self) -> bool {
        self.excel.is_some_and(|excel| excel.excel_safe_csv)
    }

    /// `--secret`, when given.
    pub fn secret(&self) -> Option<&str> {
        self.secret.and_then(|secret| secret.secret.as_deref())
    }
}

/// What `run` asks of a command before it runs it (object-safe, so the
/// command line can be asked without knowing which command it is).
pub trait Spec {
    /// The argument groups it takes.
    fn parts(&self) -> Parts<'_> {
        Parts::default()
    }
    /// Whether it calls the API (and so may run against `--sandbox`).
    fn uses_api(&self) -> bool {
        false
    }
    /// What its standard output can be: the formats it writes and its
    /// default. `run` resolves the format, `--jq` and `-o` from it before
    /// the command runs (into its [`Output`]).
    fn outputs(&self) -> Outputs {
        Outputs::NONE
    }
    /// What its rows are, as a workbook names its sheet of them (`Banks`).
    fn sheet(&self) -> &'static str {
        "Rows"
    }
    /// What it does with the rows beyond the selection, in words (`by
    /// state`, `every rating record of each bank`), for a workbook's
    /// `About` sheet after the selection's own words.
    fn words(&self) -> Words {
        Words::new()
    }
    /// The flags of its exam period, as its line names them (`changes`
    /// calls them `--since` and `--until`).
    fn period_flags(&self) -> (&'static str, &'static str) {
        ("--exam-since", "--exam-until")
    }
    /// What its exam period bounds, in words (`changes --change merged`
    /// bounds the day a bank ended: `ended since`).
    fn period_words(&self) -> [&'static str; 2] {
        ["exam since", "exam until"]
    }
    /// Where its rows come from when that is neither the service nor the
    /// local copy (`diff`: the files it compares), for the same sheet.
    fn source(&self) -> Option<String> {
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
    /// with a broken config file and need no runtime), given the command
    /// line's definition (the completion script is generated from it).
    fn before_settings(&self, _definition: fn() -> clap::Command) -> Option<Result<Exit>> {
        None
    }
}

/// The global flags a command takes, as the list gives them to `cli`.
pub(crate) struct Groups {
    pub globals: Globals,
    pub nested: &'static [(&'static str, Globals)],
    pub args: &'static [Wording],
    /// The names its `--columns` takes (none: it has no `--columns`).
    pub columns: Vec<&'static str>,
}

/// A command: its own wording of shared flags, and how it runs (the
/// global flags it takes are said where it is registered).
pub trait Run: Spec + Sized {
    /// Its own wording of a flag it shares (a global one, `-o`, one of the
    /// selection's), where the shared one would mislead: `--format`'s
    /// default of `export`, the report's `-o`, `changes`' `--since`.
    const ARGS: &'static [Wording] = &[];
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

/// A command's wording of a shared flag: by its id, another help line,
/// long name or value name.
#[derive(Debug, Clone, Copy)]
pub struct Wording {
    pub id: &'static str,
    pub help: Option<&'static str>,
    /// Its long name here, and the shared one (still accepted, hidden).
    pub long: Option<(&'static str, &'static str)>,
    pub value_name: Option<&'static str>,
}

impl Wording {
    /// Another help line for flag `id`.
    pub const fn help(id: &'static str, help: &'static str) -> Wording {
        Wording {
            id,
            help: Some(help),
            long: None,
            value_name: None,
        }
    }

    /// Flag `id` (`--shared`) named `--long VALUE` here, with its help
    /// line.
    pub const fn renamed(
        id: &'static str,
        (long, shared): (&'static str, &'static str),
        value_name: &'static str,
        help: &'static str,
    ) -> Wording {
        Wording {
            id,
            help: Some(help),
            long: Some((long, shared)),
            value_name: Some(value_name),
        }
    }
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
    let backstop = crate::signals::backstop();
    let result = tokio::select! {
        result = command.run(ctx) => result,
        () = crate::signals::interrupted() => Err(CraError::Interrupted.into()),
    };
    backstop.abort();
    // A command that computes without awaiting (`lineage`, `sql` over a
    // copy) finishes before the signal's future is polled: stopped all
    // the same, its `-o` file not put in place, the exit saying so.
    match result {
        Ok(_) if crate::signals::signalled() => Err(CraError::Interrupted.into()),
        result => result,
    }
}
