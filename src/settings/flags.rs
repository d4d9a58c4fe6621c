//! Every global flag, declared once, in groups: a command takes the groups
//! that apply to it (`cra verify-webhook` has no use for `--timeout`), after
//! its name or before it. The doc comments are the user's `--help`. A flag
//! added to a group is accepted by every command of that group, read by
//! `cli::parse_from`, and resolved in `settings`: nothing else changes.

use std::path::PathBuf;

use clap::Args;

use crate::domain::{ColorWhen, Format};
use crate::parse::{parse_duration, whole};

/// Heading of the global flags in every `--help` (gh's "Inherited flags"),
/// after the command's own options.
pub const GLOBAL_HEADING: &str = "Global options";

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

    /// Never more than N requests a second, minute or hour, evenly spread (50/s, 1000/h)
    #[arg(long, value_name = "N/s|N/m|N/h", value_parser = crate::http::rate::parse_rate)]
    pub rate: Option<crate::http::rate::Rate>,
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

/// A set of global-flag groups: which a command takes after its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Globals(u16);

impl Globals {
    pub const NONE: Globals = Globals(0);
    pub const CONFIG: Globals = Globals(1);
    pub const OUTPUT: Globals = Globals(1 << 1);
    pub const TIMEOUT: Globals = Globals(1 << 2);
    pub const API: Globals = Globals(1 << 3);
    pub const SANDBOX: Globals = Globals(1 << 4);
    pub const EVOLVE: Globals = Globals(1 << 5);
    pub const MIRROR: Globals = Globals(1 << 6);
    pub const OFFLINE: Globals = Globals(1 << 7);
    pub const ALL: Globals = Globals(u16::MAX);
    /// The commands that read the local copy only (`sql`, `changes`,
    /// `stats`): which copy, and how output looks. `--offline` is what they
    /// always are, so it is accepted (a script may say it) and changes nothing.
    pub const LOCAL_COPY: Globals = Globals::CONFIG
        .and(Globals::OUTPUT)
        .and(Globals::SANDBOX)
        .and(Globals::MIRROR)
        .and(Globals::OFFLINE);

    pub const fn and(self, other: Globals) -> Globals {
        Globals(self.0 | other.0)
    }

    pub const fn contains(self, other: Globals) -> bool {
        self.0 & other.0 == other.0
    }

    /// The clap arguments of these groups, in the order `--help` lists them.
    pub fn arguments(self) -> Vec<clap::Arg> {
        fn of<T: Args>() -> Vec<clap::Arg> {
            T::augment_args(clap::Command::new("globals"))
                .get_arguments()
                .cloned()
                .collect()
        }
        type Arguments = fn() -> Vec<clap::Arg>;
        let groups: [(Globals, Arguments); 8] = [
            (Globals::CONFIG, of::<ConfigFlag>),
            (Globals::OUTPUT, of::<OutputFlags>),
            (Globals::TIMEOUT, of::<TimeoutFlag>),
            (Globals::API, of::<ApiFlags>),
            (Globals::SANDBOX, of::<SandboxFlag>),
            (Globals::EVOLVE, of::<EvolveFlag>),
            (Globals::MIRROR, of::<MirrorFlag>),
            (Globals::OFFLINE, of::<OfflineFlag>),
        ];
        groups
            .into_iter()
            .filter(|(group, _)| self.contains(*group))
            .flat_map(|(_, args)| args())
            .collect()
    }
}
