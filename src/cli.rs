//! The top of the command line, as clap definitions only: the subcommands,
//! the global flags and the value parsers they share. Each subcommand's own
//! arguments live beside it in `commands/<name>.rs`. Doc comments here are
//! the user's `--help`; nothing in this file reads the environment or does
//! work. `settings.rs` turns the parsed flags into one typed `Settings`.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::commands::{
    changes, completions, config, diff, export, listen, replay, sandbox, search, show, sql, stats,
    sync, trigger, verify_webhook,
};

/// Text shown after `cra --help`: where settings come from, and examples.
/// (`assets::ENVIRONMENT` holds the same variables for the man pages; a test
/// checks that both name the same ones.)
const ROOT_AFTER_HELP: &str = "\
Environment:
  CRA_BASE_URL        API base address (or: cra config set base_url URL)
  CRA_API_KEY         API key (never on the command line; or: cra config set api_key)
  CRA_WEBHOOK_SECRET  webhook signing secret for listen, verify-webhook, trigger, sandbox
  CRA_CONFIG          config file path
  CRA_MIRROR          local copy file for sync, --offline, sql, changes, stats (or: cra config set mirror FILE)
  NO_COLOR            disable colour
  COLUMNS             width tables are fitted to on a terminal (default: the terminal's)
  CRA_FORCE_TTY       1: treat standard output and error as a terminal (for tests)
  HTTPS_PROXY         proxy for https requests (also HTTP_PROXY, NO_PROXY; lower case too)

Config file: ~/.config/cra/config.toml on Linux, the platform config directory
elsewhere; `cra config path` prints the one in use.
Precedence: flag > environment > config file > default (`cra config show` tells which).

Examples:
  cra --sandbox search --state TX --size \"Large Bank\"
  cra search --state TX --format json | jq -r '.[].name'
  cra listen --forward-to http://127.0.0.1:3000/webhooks";

#[derive(Debug, Parser)]
#[command(
    name = "cra",
    version,
    about = "Bank CRA Ratings from the command line: search, show, export, webhooks, sandbox",
    after_help = ROOT_AFTER_HELP,
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalFlags,

    #[command(subcommand)]
    pub command: Command,
}

/// Parses the process's arguments, and notes what only positions tell
/// (a QUERY right after `--size`'s value, for its warning).
pub fn parse() -> Result<Cli, clap::Error> {
    parse_from(std::env::args_os())
}

/// `parse` over given arguments.
pub fn parse_from<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    use clap::{CommandFactory, FromArgMatches};
    let matches = Cli::command().try_get_matches_from(args)?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    if let Some((_, sub)) = matches.subcommand() {
        // Only commands with the filters have these ids (clap panics on an
        // id a command does not define).
        let follows = || {
            matches!(
                (sub.index_of("size"), sub.index_of("query")),
                (Some(size), Some(query)) if query == size + 1
            )
        };
        match &mut cli.command {
            Command::Search(a) => a.filters.query_follows_size = follows(),
            Command::Export(a) => a.filters.query_follows_size = follows(),
            _ => {}
        }
    }
    Ok(cli)
}

impl Cli {
    /// The global flags in force: those given before the subcommand, then
    /// those given after it (which win, being the nearer).
    pub fn global_args(&self) -> anyhow::Result<GlobalArgs> {
        let mut args = GlobalArgs::default();
        self.global.apply(&mut args);
        self.command.inherited().apply(&mut args);
        // clap checks this within one level only: `cra --sandbox search
        // --base-url URL` gives them at two.
        if args.sandbox && args.base_url.is_some() {
            return Err(crate::error::CraError::usage(
                "--sandbox and --base-url cannot be used together (the sandbox has its own address)",
            ));
        }
        Ok(args)
    }
}

/// Heading of the global flags in every `--help` (gh's "Inherited flags"),
/// after the command's own options.
const GLOBAL_HEADING: &str = "Global options";

// Global flags come in groups so that each subcommand takes only those that
// apply to it (`verify-webhook` has no use for `--timeout` or `--sandbox`).
// The root command takes every group, so that a global flag is accepted
// before the subcommand too; they are not clap `global` arguments, which
// clap would copy into every subcommand.

/// Where settings are read from.
#[derive(Debug, Clone, Args, Default)]
#[command(next_help_heading = GLOBAL_HEADING)]
pub struct ConfigFlag {
    /// Config file to read and write (overrides CRA_CONFIG)
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
}

/// How output looks and how much is said.
#[derive(Debug, Clone, Args, Default)]
#[command(next_help_heading = GLOBAL_HEADING)]
pub struct OutputFlags {
    /// Output format [default: table on a terminal, tsv otherwise; csv for export]
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<Format>,

    /// When to use colour [default: auto]
    #[arg(long, value_enum, value_name = "WHEN")]
    pub color: Option<ColorWhen>,

    /// Print nothing but data and errors (no summary, no progress)
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// Trace every HTTP request on standard error (secrets redacted)
    #[arg(long, short = 'v')]
    pub verbose: bool,
}

/// How long a request may take.
#[derive(Debug, Clone, Args, Default)]
#[command(next_help_heading = GLOBAL_HEADING)]
pub struct TimeoutFlag {
    /// Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub timeout: Option<std::time::Duration>,
}

/// Which service to call, and how.
#[derive(Debug, Clone, Args, Default)]
#[command(next_help_heading = GLOBAL_HEADING)]
pub struct ApiFlags {
    /// API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)
    #[arg(long, value_name = "URL")]
    pub base_url: Option<String>,

    /// Retries after the first try on connection errors, timeouts, 429 and 5xx
    #[arg(long, value_name = "N", value_parser = whole::<u32>(0, 20), allow_negative_numbers = true)]
    pub retries: Option<u32>,

    /// Allow plain http:// to a host that is not loopback (the key travels in clear)
    #[arg(long)]
    pub allow_insecure_http: bool,
}

/// Whether the built-in sandbox stands in for the service (also the local
/// copy's default file: the sandbox has its own).
#[derive(Debug, Clone, Args, Default)]
#[command(next_help_heading = GLOBAL_HEADING)]
pub struct SandboxFlag {
    /// Run against the built-in sandbox service (no key or network needed)
    #[arg(long)]
    pub sandbox: bool,
}

/// Which release of its data the sandbox serves.
#[derive(Debug, Clone, Args, Default)]
#[command(next_help_heading = GLOBAL_HEADING)]
pub struct EvolveFlag {
    /// With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations
    #[arg(long, value_name = "N", value_parser = whole::<u64>(0, 1_000_000), allow_negative_numbers = true)]
    pub evolve: Option<u64>,
}

/// Which local copy (see `cra sync`).
#[derive(Debug, Clone, Args, Default)]
#[command(next_help_heading = GLOBAL_HEADING)]
pub struct MirrorFlag {
    /// The local copy's file (overrides CRA_MIRROR and the config key mirror)
    #[arg(long, value_name = "FILE")]
    pub mirror: Option<PathBuf>,
}

/// Whether to answer from the local copy instead of the service.
#[derive(Debug, Clone, Args, Default)]
#[command(next_help_heading = GLOBAL_HEADING)]
pub struct OfflineFlag {
    /// Answer search, show and export from the local copy (see cra sync): no network
    #[arg(long)]
    pub offline: bool,
}

/// `--jq`, shared by every command whose JSON output it can filter.
#[derive(Debug, Clone, Args, Default)]
pub struct JqArg {
    /// Filter the JSON output with a jq expression (built in; strings printed
    /// raw, other values as compact JSON, one result a line)
    #[arg(long, value_name = "EXPR")]
    pub jq: Option<String>,
}

/// Every global flag: what the root command and the commands that call the
/// API take.
#[derive(Debug, Clone, Args, Default)]
pub struct GlobalFlags {
    #[command(flatten)]
    pub config: ConfigFlag,
    #[command(flatten)]
    pub output: OutputFlags,
    #[command(flatten)]
    pub timeout: TimeoutFlag,
    #[command(flatten)]
    pub api: ApiFlags,
    #[command(flatten)]
    pub sandbox: SandboxFlag,
    #[command(flatten)]
    pub evolve: EvolveFlag,
    #[command(flatten)]
    pub mirror: MirrorFlag,
    #[command(flatten)]
    pub offline: OfflineFlag,
}

impl GlobalFlags {
    fn apply(&self, args: &mut GlobalArgs) {
        Inherited::all(self).apply(args);
    }
}

/// The global flags of the commands that read the local copy only (`sql`,
/// `changes`, `stats`): which copy (`--sandbox` has its own), and how
/// output looks. `--offline` is what they always are, so it is accepted
/// (a script may say it) and changes nothing.
#[derive(Debug, Clone, Args, Default)]
pub struct LocalCopyFlags {
    #[command(flatten)]
    pub config: ConfigFlag,
    #[command(flatten)]
    pub output: OutputFlags,
    #[command(flatten)]
    pub sandbox: SandboxFlag,
    #[command(flatten)]
    pub mirror: MirrorFlag,
    #[command(flatten)]
    pub offline: OfflineFlag,
}

impl LocalCopyFlags {
    pub fn inherited(&self) -> Inherited<'_> {
        Inherited {
            config: Some(&self.config),
            output: Some(&self.output),
            sandbox: Some(&self.sandbox),
            mirror: Some(&self.mirror),
            offline: Some(&self.offline),
            ..Inherited::default()
        }
    }
}

/// The global flags a subcommand was given after its name: the groups it
/// takes, `None` for the others.
#[derive(Debug, Clone, Copy, Default)]
pub struct Inherited<'a> {
    pub config: Option<&'a ConfigFlag>,
    pub output: Option<&'a OutputFlags>,
    pub timeout: Option<&'a TimeoutFlag>,
    pub api: Option<&'a ApiFlags>,
    pub sandbox: Option<&'a SandboxFlag>,
    pub evolve: Option<&'a EvolveFlag>,
    pub mirror: Option<&'a MirrorFlag>,
    pub offline: Option<&'a OfflineFlag>,
}

impl<'a> Inherited<'a> {
    pub fn all(flags: &'a GlobalFlags) -> Inherited<'a> {
        Inherited {
            config: Some(&flags.config),
            output: Some(&flags.output),
            timeout: Some(&flags.timeout),
            api: Some(&flags.api),
            sandbox: Some(&flags.sandbox),
            evolve: Some(&flags.evolve),
            mirror: Some(&flags.mirror),
            offline: Some(&flags.offline),
        }
    }

    /// Overrides what `args` holds with every flag given here.
    fn apply(self, args: &mut GlobalArgs) {
        fn set<T: Clone>(into: &mut Option<T>, value: &Option<T>) {
            if value.is_some() {
                into.clone_from(value);
            }
        }
        if let Some(f) = self.config {
            set(&mut args.config, &f.config);
        }
        if let Some(f) = self.output {
            set(&mut args.format, &f.format);
            if let Some(color) = f.color {
                args.color = color;
            }
            args.quiet |= f.quiet;
            args.verbose |= f.verbose;
        }
        if let Some(f) = self.timeout {
            set(&mut args.timeout, &f.timeout);
        }
        if let Some(f) = self.api {
            set(&mut args.base_url, &f.base_url);
            set(&mut args.retries, &f.retries);
            args.allow_insecure_http |= f.allow_insecure_http;
        }
        if let Some(f) = self.sandbox {
            args.sandbox |= f.sandbox;
        }
        if let Some(f) = self.evolve {
            set(&mut args.evolve, &f.evolve);
        }
        if let Some(f) = self.mirror {
            set(&mut args.mirror, &f.mirror);
        }
        if let Some(f) = self.offline {
            args.offline |= f.offline;
        }
    }
}

/// The global flags in force, wherever on the line they were given: what
/// `Settings` is made from.
#[derive(Debug, Clone, Default)]
pub struct GlobalArgs {
    pub base_url: Option<String>,
    pub config: Option<PathBuf>,
    pub format: Option<Format>,
    pub color: ColorWhen,
    pub quiet: bool,
    pub verbose: bool,
    pub timeout: Option<std::time::Duration>,
    pub retries: Option<u32>,
    pub allow_insecure_http: bool,
    pub sandbox: bool,
    pub evolve: Option<u64>,
    pub offline: bool,
    pub mirror: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Table,
    Tsv,
    Json,
    Ndjson,
    Csv,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ColorWhen {
    #[default]
    Auto,
    Always,
    Never,
}

#[derive(Debug, Subcommand)]
pub enum Command {
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
    /// Run one read-only SQL query on the local copy
    #[command(after_help = sql::AFTER_HELP)]
    Sql(sql::SqlArgs),
    /// Rating changes (upgrades, downgrades...) from the local copy
    #[command(after_help = changes::AFTER_HELP)]
    Changes(changes::ChangesArgs),
    /// Counts of banks by rating per group, with a chart, from the local copy
    #[command(after_help = stats::AFTER_HELP)]
    Stats(stats::StatsArgs),
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
    #[command(long_about = diff::LONG_ABOUT, after_help = diff::AFTER_HELP)]
    Diff(diff::DiffArgs),
}

impl Command {
    /// The global flags given after the subcommand's name.
    pub fn inherited(&self) -> Inherited<'_> {
        match self {
            Command::Search(a) => Inherited::all(&a.global),
            Command::Show(a) => Inherited::all(&a.global),
            Command::Export(a) => Inherited::all(&a.global),
            Command::VerifyWebhook(a) => a.inherited(),
            Command::Listen(a) => a.inherited(),
            Command::Trigger(a) => a.inherited(),
            Command::Replay(a) => a.inherited(),
            Command::Sync(a) => a.inherited(),
            Command::Sql(a) => a.global.inherited(),
            Command::Changes(a) => a.global.inherited(),
            Command::Stats(a) => a.global.inherited(),
            Command::Diff(a) => a.inherited(),
            Command::Sandbox(a) => a.inherited(),
            Command::Config(a) => a.inherited(),
            Command::Completions(_) => Inherited::default(),
        }
    }
}

/// For a flag the subcommand does not take but another one does (`cra show
/// --all`), a message saying whose flag it is, in place of clap's nearest
/// spelling (which for `--all` was `--allow-insecure-http`).
pub fn flag_of_another_command(error: &clap::Error) -> Option<String> {
    use clap::CommandFactory;
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(given)) = error.get(ContextKind::InvalidArg) else {
        return None;
    };
    let flag = given.split('=').next().unwrap_or(given);
    let long = flag.strip_prefix("--")?;
    let Some(ContextValue::StyledStr(usage)) = error.get(ContextKind::Usage) else {
        return None;
    };
    // `Usage: cra show [OPTIONS] <ID>...` → `show`.
    let usage = usage.to_string();
    let path: Vec<&str> = usage
        .split_whitespace()
        .skip_while(|w| *w != "cra")
        .skip(1)
        .take_while(|w| {
            w.chars().all(|c| c.is_ascii_lowercase() || c == '-') && !w.starts_with('-')
        })
        .collect();
    let here = path.join(" ");
    let mut owners = Vec::new();
    fn walk(cmd: &clap::Command, prefix: &str, long: &str, owners: &mut Vec<String>) {
        for sub in cmd.get_subcommands() {
            let name = format!("{prefix}{}", sub.get_name());
            if sub.get_arguments().any(|a| a.get_long() == Some(long)) {
                owners.push(name.clone());
            }
            walk(sub, &format!("{name} "), long, owners);
        }
    }
    let root = Cli::command();
    if !here.is_empty() && root.get_arguments().any(|a| a.get_long() == Some(long)) {
        // A global flag: before the subcommand it is accepted; after it,
        // only where it applies.
        return Some(format!(
            "'{flag}' does not apply to `{here}` (a global flag; see cra {here} --help for those that do)"
        ));
    }
    walk(&root, "", long, &mut owners);
    owners.retain(|o| *o != here);
    if owners.is_empty() || here.is_empty() {
        return None;
    }
    let list = match owners.as_slice() {
        [one] => format!("`{one}`"),
        [init @ .., last] => format!(
            "{} and `{last}`",
            init.iter()
                .map(|o| format!("`{o}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        [] => unreachable!("checked above"),
    };
    Some(format!(
        "'{flag}' is a flag of {list}, not of `{here}` (see cra {here} --help)"
    ))
}

/// Whether clap's did-you-mean `suggested` is a plausible misspelling of
/// `given`, not merely a flag that shares its first letters.
pub fn similar_flag(given: &str, suggested: &str) -> bool {
    let strip = |f: &str| {
        f.trim_start_matches('-')
            .split('=')
            .next()
            .unwrap_or("")
            .to_string()
    };
    strsim::normalized_damerau_levenshtein(&strip(given), &strip(suggested)) >= 0.6
}

/// Parses `30`, `30s`, `1m`, `500ms`, `1h` (a bare number is seconds).
pub fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a duration (try 30, 30s, 1m or 500ms)"))?;
    let seconds = match unit.trim() {
        "" | "s" | "sec" | "secs" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        other => {
            return Err(format!(
                "unknown unit '{other}' in '{text}' (use ms, s, m or h)"
            ));
        }
    };
    if !seconds.is_finite() || !(0.001..=86_400.0).contains(&seconds) {
        return Err(format!("'{text}' is out of range (from 1ms to 24h)"));
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// Parses a byte count with an optional k/M/G suffix (powers of 1024).
pub fn parse_size_bytes(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (number, factor) = match text.char_indices().last() {
        Some((i, 'k' | 'K')) => (&text[..i], 1024),
        Some((i, 'm' | 'M')) => (&text[..i], 1024 * 1024),
        Some((i, 'g' | 'G')) => (&text[..i], 1024 * 1024 * 1024),
        _ => (text, 1),
    };
    let value: u64 = number
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a size (try 65536, 64k or 1M)"))?;
    value
        .checked_mul(factor)
        .filter(|v| *v > 0)
        .ok_or_else(|| format!("'{text}' is out of range"))
}

/// A whole number from `min` to `max`, with messages that say so in words
/// (clap's own range says `0 is not in 1..18446744073709551615`); a
/// negative number is read as one, not taken for a flag.
pub(crate) fn whole<T: TryFrom<u64> + Clone + Send + Sync + 'static>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static {
    move |text| {
        let n: i128 = text
            .trim()
            .parse()
            .map_err(|_| format!("'{text}' is not a whole number"))?;
        if n < i128::from(min) {
            return Err(format!("must be at least {min}"));
        }
        if n > i128::from(max) {
            return Err(format!("must be at most {max}"));
        }
        u64::try_from(n)
            .ok()
            .and_then(|n| T::try_from(n).ok())
            .ok_or_else(|| format!("must be at most {max}"))
    }
}

pub(crate) fn parse_fraction(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(format!("'{text}' is not a fraction from 0.0 to 1.0")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn whole_numbers_say_their_bounds_in_words() {
        let page = whole::<u64>(1, u64::MAX);
        assert_eq!(page("7"), Ok(7));
        assert_eq!(page(" 7 "), Ok(7));
        assert_eq!(page("0"), Err("must be at least 1".to_string()));
        assert_eq!(page("-1"), Err("must be at least 1".to_string()));
        assert_eq!(page("1.5"), Err("'1.5' is not a whole number".to_string()));
        let retries = whole::<u32>(0, 20);
        assert_eq!(retries("20"), Ok(20));
        assert_eq!(retries("21"), Err("must be at most 20".to_string()));
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("30"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(parse_duration("1m"), Ok(Duration::from_secs(60)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert!(parse_duration("0").is_err());
        assert!(parse_duration("abc").is_err());
        assert!(parse_duration("5 parsecs").is_err());
        assert!(parse_duration("-1").is_err());
        assert!(parse_duration("0.0000000001").is_err());
        assert_eq!(parse_duration("1ms"), Ok(Duration::from_millis(1)));
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size_bytes("1M"), Ok(1024 * 1024));
        assert_eq!(parse_size_bytes("64k"), Ok(65536));
        assert_eq!(parse_size_bytes("100"), Ok(100));
        assert!(parse_size_bytes("0").is_err());
        assert!(parse_size_bytes("x").is_err());
    }

    #[test]
    fn parse_notes_a_query_right_after_size_for_every_command() {
        let follows = |args: &[&str]| match parse_from(args).unwrap().command {
            Command::Search(a) => Some(a.filters.query_follows_size),
            Command::Export(a) => Some(a.filters.query_follows_size),
            _ => None,
        };
        assert_eq!(
            follows(&["cra", "search", "--size", "Large", "Bank"]),
            Some(true)
        );
        assert_eq!(
            follows(&["cra", "export", "--size=small", "bank"]),
            Some(true)
        );
        assert_eq!(
            follows(&["cra", "search", "Bank", "--size", "large"]),
            Some(false)
        );
        assert_eq!(
            follows(&["cra", "search", "--state", "TX", "Bank"]),
            Some(false)
        );
        // Commands without the filters parse as they did.
        assert_eq!(follows(&["cra", "config", "path"]), None);
        assert_eq!(follows(&["cra", "show", "x"]), None);
        assert_eq!(
            follows(&["cra", "verify-webhook", "--signature", "s"]),
            None
        );
    }

    #[test]
    fn similar_flags_are_misspellings_not_shared_prefixes() {
        assert!(similar_flag("--stat", "--state"));
        assert!(similar_flag("--frmat", "--format"));
        assert!(similar_flag("--per_page", "--per-page"));
        assert!(!similar_flag("--all", "--allow-insecure-http"));
        assert!(!similar_flag("--s", "--sandbox"));
    }

    #[test]
    fn clap_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
