//! The command line, as clap definitions only. Doc comments here are the
//! user's `--help`; nothing in this file reads the environment or does work.
//! `settings.rs` turns the parsed flags into one typed `Settings`.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Text shown after `cra --help`: where settings come from, and examples.
/// (`assets::ENVIRONMENT` holds the same variables for the man pages; a test
/// checks that both name the same ones.)
const ROOT_AFTER_HELP: &str = "\
Environment:
  CRA_BASE_URL        API base address (or: cra config set base_url URL)
  CRA_API_KEY         API key (never on the command line; or: cra config set api_key)
  CRA_WEBHOOK_SECRET  webhook signing secret for listen, verify-webhook, trigger, sandbox
  CRA_CONFIG          config file path
  CRA_MIRROR          local copy file for sync, --offline, sql (or: cra config set mirror FILE)
  NO_COLOR            disable colour
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
    pub global: GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

/// Flags accepted before or after any subcommand.
#[derive(Debug, Clone, Args, Default)]
pub struct GlobalArgs {
    /// API base address, e.g. https://api.example.com (overrides CRA_BASE_URL)
    #[arg(long, global = true, value_name = "URL")]
    pub base_url: Option<String>,

    /// Config file to read and write (overrides CRA_CONFIG)
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Output format [default: table on a terminal, tsv otherwise; csv for export]
    #[arg(long, global = true, value_enum, value_name = "FORMAT")]
    pub format: Option<Format>,

    /// When to use colour
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = ColorWhen::Auto)]
    pub color: ColorWhen,

    /// Print nothing but data and errors (no summary, no progress)
    #[arg(long, short = 'q', global = true)]
    pub quiet: bool,

    /// Trace every HTTP request on standard error (secrets redacted)
    #[arg(long, short = 'v', global = true)]
    pub verbose: bool,

    /// Request timeout: seconds, or with a unit (30, 30s, 1m, 500ms)
    #[arg(long, global = true, value_name = "DURATION", value_parser = parse_duration)]
    pub timeout: Option<std::time::Duration>,

    /// Retries after the first try on connection errors, timeouts, 429 and 5xx
    #[arg(long, global = true, value_name = "N", value_parser = whole::<u32>(0, 20), allow_negative_numbers = true)]
    pub retries: Option<u32>,

    /// Allow plain http:// to a host that is not loopback (the key travels in clear)
    #[arg(long, global = true)]
    pub allow_insecure_http: bool,

    /// Run against the built-in sandbox service (no key or network needed)
    #[arg(long, global = true, conflicts_with = "base_url")]
    pub sandbox: bool,

    /// With --sandbox or cra sandbox: serve the data as a later release would, after N new examinations
    #[arg(long, global = true, value_name = "N", value_parser = whole::<u64>(0, 1_000_000), allow_negative_numbers = true)]
    pub evolve: Option<u64>,

    /// Answer search, show and export from the local copy (see cra sync): no network
    #[arg(long, global = true)]
    pub offline: bool,

    /// The local copy's file (overrides CRA_MIRROR and the config key mirror)
    #[arg(long, global = true, value_name = "FILE")]
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
    #[command(after_help = SEARCH_AFTER_HELP)]
    Search(SearchArgs),
    /// One or more banks with their complete rating history
    #[command(after_help = SHOW_AFTER_HELP)]
    Show(ShowArgs),
    /// Every matching bank, all pages, streamed to a file or standard output
    #[command(after_help = EXPORT_AFTER_HELP)]
    Export(ExportArgs),
    /// Check one webhook delivery's signature offline
    #[command(name = "verify-webhook", after_help = VERIFY_AFTER_HELP)]
    VerifyWebhook(VerifyWebhookArgs),
    /// Receive webhook deliveries locally, verify and print them
    #[command(after_help = LISTEN_AFTER_HELP)]
    Listen(ListenArgs),
    /// Send signed test deliveries to a webhook endpoint
    #[command(after_help = TRIGGER_AFTER_HELP)]
    Trigger(TriggerArgs),
    /// Send again deliveries recorded by `listen --log`, signed, byte for byte
    #[command(after_help = crate::commands::replay::REPLAY_AFTER_HELP)]
    Replay(crate::commands::replay::ReplayArgs),
    /// Bring the local copy (SQLite) up to date with the service
    #[command(after_help = crate::commands::sync::AFTER_HELP)]
    Sync(crate::commands::sync::SyncArgs),
    /// Run one read-only SQL query on the local copy
    #[command(after_help = crate::commands::sql::AFTER_HELP)]
    Sql(crate::commands::sql::SqlArgs),
    /// Rating changes (upgrades, downgrades...) from the local copy
    #[command(after_help = crate::commands::changes::AFTER_HELP)]
    Changes(crate::commands::changes::ChangesArgs),
    /// Counts of banks by rating per group, with a chart, from the local copy
    #[command(after_help = crate::commands::stats::AFTER_HELP)]
    Stats(crate::commands::stats::StatsArgs),
    /// Run the local stand-in of the service
    #[command(after_help = SANDBOX_AFTER_HELP)]
    Sandbox(SandboxArgs),
    /// Read and write the config file
    #[command(subcommand, after_help = CONFIG_AFTER_HELP)]
    Config(ConfigCommand),
    /// Print a shell completion script
    #[command(after_help = COMPLETIONS_AFTER_HELP)]
    Completions(CompletionsArgs),
    /// Compare two files written by `cra export`: added, removed and changed banks
    #[command(long_about = crate::commands::diff::LONG_ABOUT, after_help = crate::commands::diff::AFTER_HELP)]
    Diff(crate::commands::diff::DiffArgs),
}

const SEARCH_AFTER_HELP: &str = "\
Examples:
  cra search --state TX --size \"Large Bank\"
  cra search \"first national\" --state ia --format json | jq -r '.[].id'
  cra --sandbox search --state TX --size large --limit 5";

const SHOW_AFTER_HELP: &str = "\
Examples:
  cra show BANK_ID                     # an id from `cra search --format json`
  cra show BANK_ID OTHER_ID --format json | jq '.[].ratings | length'
  cra --sandbox show \"$(cra --sandbox search --limit 1 --format json | jq -r '.[0].id')\"";

const EXPORT_AFTER_HELP: &str = "\
Examples:
  cra export --state TX --with-history -o tx-history.csv
  cra export --size small --format ndjson | jq -c 'select(.current_rating.rating == \"Outstanding\")'
  cra --sandbox export --state VT -o vt.json";

const VERIFY_AFTER_HELP: &str = "\
Examples:
  cra verify-webhook --signature \"sha256=5d1f...\" body.json
  cra verify-webhook --signature \"$SIGNATURE\" - < body.json   # in a unit test: exit 0 or 7";

const LISTEN_AFTER_HELP: &str = "\
Examples:
  cra listen --port 4000 --log deliveries.ndjson
  cra listen --forward-to http://127.0.0.1:3000/webhooks
  cra listen --port 0 --format json --max-events 1 | jq .data.bank_name";

const TRIGGER_AFTER_HELP: &str = "\
Examples:
  cra trigger rating.created --to http://127.0.0.1:4000/
  cra trigger rating.created --to http://127.0.0.1:4000/ --count 100 --rating Outstanding";

const SANDBOX_AFTER_HELP: &str = "\
Examples:
  cra sandbox --port 8080       # then CRA_BASE_URL=http://127.0.0.1:8080 CRA_API_KEY=sandbox_active
  cra sandbox --port 0 --latency 20 --fail-rate 0.1 --rate-limit-every 50
  cra sandbox --webhook-url http://127.0.0.1:4000/ --webhook-every 5 --secret s3cret";

const CONFIG_AFTER_HELP: &str = "\
Examples:
  cra config set base_url https://api.example.com
  cra config set api_key            # reads the key from standard input
  cra --sandbox config show --format json";

const COMPLETIONS_AFTER_HELP: &str = "\
Examples:
  cra completions bash > ~/.local/share/bash-completion/completions/cra
  cra completions zsh > ~/.zfunc/_cra
  cra completions fish > ~/.config/fish/completions/cra.fish";

#[derive(Debug, Clone, Args)]
pub struct FilterArgs {
    /// Partial, case-insensitive bank name match
    #[arg(value_name = "QUERY")]
    pub query: Option<String>,

    /// Two-letter state or territory code (case-insensitive)
    #[arg(long, value_name = "XX", value_parser = crate::filters::StateParser, hide_possible_values = true)]
    pub state: Option<String>,

    /// Exam type of the current rating: "Large Bank", "Small Bank",
    /// "Intermediate Small Bank", or large, small, intermediate
    #[arg(long, value_name = "SIZE", value_parser = crate::filters::SizeParser, hide_possible_values = true)]
    pub size: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct SearchArgs {
    #[command(flatten)]
    pub filters: FilterArgs,

    /// Page to fetch
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = whole::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    pub page: u64,

    /// Banks per page
    #[arg(long, value_name = "N", default_value_t = 25,
          value_parser = whole::<u64>(1, 100), allow_negative_numbers = true)]
    pub per_page: u64,

    /// Follow every page (100 banks a request)
    #[arg(long, conflicts_with = "page")]
    pub all: bool,

    /// Stop after N banks (implies following pages)
    #[arg(long, value_name = "N", conflicts_with = "page",
          value_parser = whole::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    pub limit: Option<u64>,

    #[command(flatten)]
    pub jq: JqArg,
}

#[derive(Debug, Clone, Args)]
pub struct ShowArgs {
    /// Bank id, or the bank's page address on the service's website
    #[arg(value_name = "ID", required = true)]
    pub ids: Vec<String>,

    #[command(flatten)]
    pub jq: JqArg,
}

#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    pub filters: FilterArgs,

    /// One row per rating record (one detail request per bank)
    #[arg(long)]
    pub with_history: bool,

    /// Write to FILE atomically instead of standard output
    /// (format from --format or the extension: .csv, .json, .ndjson, .jsonl)
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Requests in flight at once
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = whole::<u32>(1, 32), allow_negative_numbers = true)]
    pub concurrency: u32,
}

/// `--jq`, shared by every command whose JSON output it can filter.
#[derive(Debug, Clone, Args, Default)]
pub struct JqArg {
    /// Filter the JSON output with a jq expression (built in; strings printed
    /// raw, other values as compact JSON, one result a line)
    #[arg(long, value_name = "EXPR")]
    pub jq: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct SecretArg {
    /// Webhook signing secret (overrides CRA_WEBHOOK_SECRET and the config file)
    #[arg(long, value_name = "SECRET")]
    pub secret: Option<String>,
}

#[derive(Debug, Clone, Args)]
pub struct VerifyWebhookArgs {
    /// The X-Service-Signature header value, sha256=<hex>
    #[arg(long, value_name = "SIG")]
    pub signature: String,

    #[command(flatten)]
    pub secret: SecretArg,

    /// The raw body, exactly as received; - or nothing for standard input
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

#[derive(Debug, Clone, Args)]
pub struct ListenArgs {
    /// Address to listen on
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,

    /// Port to listen on (0 picks a free one)
    #[arg(long, default_value_t = 4000)]
    pub port: u16,

    /// Path deliveries are accepted on
    #[arg(long, default_value = "/")]
    pub path: String,

    #[command(flatten)]
    pub secret: SecretArg,

    /// Re-post verified deliveries, body and signature unchanged, to URL
    #[arg(long, value_name = "URL")]
    pub forward_to: Option<String>,

    /// Append every delivery as one JSON line to FILE
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,

    /// Exit after N verified events
    #[arg(long, value_name = "N", value_parser = whole::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    pub max_events: Option<u64>,

    /// Largest body accepted, in bytes (suffixes k, M accepted)
    #[arg(long, value_name = "BYTES", default_value = "1M", value_parser = parse_size_bytes)]
    pub max_body: u64,

    /// Time a client gets to send its headers, and then its body
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    pub read_timeout: std::time::Duration,

    /// Refuse (401, stale) a verified delivery whose payload timestamp is
    /// more than DURATION in the past or future, e.g. 5m (off by default)
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub tolerance: Option<std::time::Duration>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EventKind {
    #[value(name = "rating.created")]
    RatingCreated,
}

#[derive(Debug, Clone, Args)]
pub struct TriggerArgs {
    /// Event to send
    #[arg(value_enum, value_name = "EVENT")]
    pub event: EventKind,

    /// Endpoint to POST to
    #[arg(long, value_name = "URL")]
    pub to: String,

    #[command(flatten)]
    pub secret: SecretArg,

    /// Number of deliveries
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = whole::<u64>(1, 1_000_000), allow_negative_numbers = true)]
    pub count: u64,

    /// Bank id to put in the payload (default: a realistic sample bank)
    #[arg(long, value_name = "ID")]
    pub bank_id: Option<String>,

    /// Rating text to put in the payload
    #[arg(long, value_name = "RATING")]
    pub rating: Option<String>,

    /// Deliveries in flight at once
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = whole::<u32>(1, 256), allow_negative_numbers = true)]
    pub concurrency: u32,
}

#[derive(Debug, Clone, Args)]
pub struct SandboxArgs {
    /// Address to listen on
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,

    /// Port to listen on (0 picks a free one)
    #[arg(long, default_value_t = 8080)]
    pub port: u16,

    /// Number of banks to generate
    #[arg(long, value_name = "N", default_value_t = 18_820,
          value_parser = whole::<u64>(0, 2_000_000), allow_negative_numbers = true)]
    pub banks: u64,

    /// Seed of the generated data (same seed, same data)
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,

    /// Serve the banks in FILE (csv from `export --with-history`, json or ndjson) instead
    #[arg(long, value_name = "FILE")]
    pub data: Option<PathBuf>,

    /// Append one line per request answered to FILE (method, path and query, status)
    #[arg(long, value_name = "FILE")]
    pub log_requests: Option<PathBuf>,

    /// Milliseconds added to every request
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub latency: u64,

    /// Fraction of requests answered with 500 (0.0 to 1.0)
    #[arg(long, value_name = "P", default_value_t = 0.0, value_parser = parse_fraction, allow_negative_numbers = true)]
    pub fail_rate: f64,

    /// Answer every Kth request with 429 and Retry-After: 1
    #[arg(long, value_name = "K", value_parser = whole::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    pub rate_limit_every: Option<u64>,

    /// POST a signed rating.created to URL every --webhook-every seconds
    #[arg(long, value_name = "URL")]
    pub webhook_url: Option<String>,

    /// Seconds between new examination records (with --webhook-url)
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_duration, requires = "webhook_url")]
    pub webhook_every: std::time::Duration,

    #[command(flatten)]
    pub secret: SecretArg,
}

#[derive(Debug, Clone, Subcommand)]
pub enum ConfigCommand {
    /// Print the config file's path
    #[command(after_help = "\
Examples:
  cra config path
  cra --config ./team.toml config path")]
    Path,
    /// Every setting, its value (secrets redacted) and where it came from
    #[command(after_help = "\
Examples:
  cra config show
  cra config show --format json | jq -r .base_url.origin
  cra --sandbox config show --format json")]
    Show,
    /// One setting's value (secrets redacted)
    #[command(after_help = "\
Examples:
  cra config get base_url
  cra config get api_key            # redacted: the first 8 characters, then ...")]
    Get {
        #[arg(value_enum)]
        key: ConfigKey,
    },
    /// Write a setting to the config file (secrets read from standard input when VALUE is left out)
    #[command(after_help = "\
Examples:
  cra config set base_url https://api.example.com
  cra config set api_key            # type or paste the key; no echo on a terminal
  cra config set webhook_secret < secret.txt")]
    Set {
        #[arg(value_enum)]
        key: ConfigKey,
        value: Option<String>,
    },
    /// Remove a setting from the config file
    #[command(after_help = "\
Examples:
  cra config unset api_key
  cra config unset base_url")]
    Unset {
        #[arg(value_enum)]
        key: ConfigKey,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[value(rename_all = "snake_case")]
pub enum ConfigKey {
    BaseUrl,
    ApiKey,
    WebhookSecret,
    Mirror,
}

#[derive(Debug, Clone, Args)]
pub struct CompletionsArgs {
    /// Shell to print the script for
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
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
pub fn whole<T: TryFrom<u64> + Clone + Send + Sync + 'static>(
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

fn parse_fraction(text: &str) -> Result<f64, String> {
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
    fn clap_definition_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
