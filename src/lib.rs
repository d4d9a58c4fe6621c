//! `cra`, a command-line client for the Bank CRA Ratings service.
//!
//! Data flows one way: arguments (`cli`) → `settings` → a command
//! (`commands`) → the API (`api`) or a local server (`sandbox`, `webhook`) →
//! rows → a printer (`output`). `run` wires those together; `report` prints
//! an error in the one place errors are printed.

pub mod api;
pub mod assets;
pub mod atomic;
pub mod cli;
pub mod commands;
pub mod config_file;
pub mod diff;
pub mod error;
pub mod filters;
pub mod http;
pub mod io;
pub mod mirror;
pub mod output;
pub mod sandbox;
pub mod settings;
pub mod webhook;

use anyhow::Result;

use crate::cli::{Cli, Command};
use crate::error::{CraError, Exit};
use crate::io::Io;
use crate::settings::{Settings, process_env};

/// Runs one command line to completion and says how it went.
pub fn run(cli: Cli) -> Result<Exit> {
    // Completions need neither settings nor a runtime, and must work with a
    // broken config file.
    if let Command::Completions(args) = &cli.command {
        return commands::completions::run(args);
    }
    let secret_flag = match &cli.command {
        Command::VerifyWebhook(a) => a.secret.secret.as_deref(),
        Command::Listen(a) => a.secret.secret.as_deref(),
        Command::Trigger(a) => a.secret.secret.as_deref(),
        Command::Replay(a) => a.secret.secret.as_deref(),
        Command::Sync(a) => a.secret.secret.as_deref(),
        Command::Sandbox(a) => a.secret.secret.as_deref(),
        _ => None,
    };
    // `config path`, `set` and `unset` must work with a broken config file:
    // they are how a person finds it and repairs it.
    // `diff` reads two local files and nothing from the config.
    let read_file = !matches!(
        &cli.command,
        Command::Config(
            commands::config::ConfigCommand::Path { .. }
                | commands::config::ConfigCommand::Set { .. }
                | commands::config::ConfigCommand::Unset { .. }
        ) | Command::Diff(_)
    );
    let mut settings =
        Settings::load_with(&cli.global_args()?, secret_flag, &process_env, read_file)?;
    // From here on no message can show a secret, whoever builds it.
    error::hide_secrets(
        [&settings.api_key, &settings.webhook_secret]
            .into_iter()
            .flatten()
            .map(|setting| &setting.value),
    );
    let jq = jq_filter(&cli.command, &mut settings)?;
    let mut io = Io::new(
        settings.color,
        settings.quiet,
        settings.verbose,
        process_env("CRA_FORCE_TTY").is_some_and(|v| v != "0"),
        process_env("NO_COLOR").is_some(),
        process_env("COLUMNS").as_deref(),
    );
    io.jq = jq;
    for warning in &settings.warnings {
        io.warn(warning);
    }
    if settings.evolve.is_some() && !settings.sandbox && !matches!(cli.command, Command::Sandbox(_))
    {
        return Err(error::CraError::usage(
            "--evolve changes the sandbox's data: use it with --sandbox or cra sandbox",
        ));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let result = runtime.block_on(async move {
        // Held until the command ends: the in-process sandbox lives as long.
        let _sandbox = if settings.sandbox && !settings.offline && uses_api(&cli.command) {
            let running = sandbox::start_in_process(settings.evolve).await?;
            settings.use_sandbox(format!("http://{}", running.addr));
            Some(running)
        } else {
            None
        };
        dispatch(cli.command, settings, io).await
    });
    // Nothing is left to wait for; a blocking task still stuck (opening a
    // pipe nobody reads, when Ctrl-C came) must not hold the exit.
    runtime.shutdown_background();
    result
}

/// The compiled `--jq` of the commands that take it, checked before
/// anything runs (no request is made for a bad expression); it makes the
/// output format json, and any other `--format` a usage error.
fn jq_filter(
    command: &Command,
    settings: &mut Settings,
) -> Result<Option<std::sync::Arc<output::jq::Jq>>> {
    let expr = match command {
        Command::Search(a) => a.jq.jq.as_deref(),
        Command::Show(a) => a.jq.jq.as_deref(),
        Command::Diff(a) => a.jq.jq.as_deref(),
        Command::Sql(a) => a.jq.jq.as_deref(),
        Command::Changes(a) => a.jq.jq.as_deref(),
        Command::Stats(a) => a.jq.jq.as_deref(),
        _ => None,
    };
    let Some(expr) = expr else {
        return Ok(None);
    };
    let jq = output::jq::Jq::compile(expr)?;
    match settings.format {
        None | Some(cli::Format::Json) => settings.format = Some(cli::Format::Json),
        Some(other) => {
            return Err(CraError::usage(format!(
                "--jq filters the json output; it cannot be combined with --format {}",
                clap::ValueEnum::to_possible_value(&other)
                    .map_or_else(String::new, |v| v.get_name().to_string())
            )));
        }
    }
    Ok(Some(std::sync::Arc::new(jq)))
}

/// Commands that call the API (and so may run against `--sandbox`).
fn uses_api(command: &Command) -> bool {
    matches!(
        command,
        Command::Search(_)
            | Command::Show(_)
            | Command::Export(_)
            | Command::Sync(_)
            | Command::Config(commands::config::ConfigCommand::Show { .. })
    )
}

async fn dispatch(command: Command, settings: Settings, io: Io) -> Result<Exit> {
    match command {
        // These handle Ctrl-C themselves (a summary, a clean shutdown).
        Command::Listen(args) => commands::listen::run(args, settings, io).await,
        Command::Sandbox(args) => commands::sandbox::run(args, settings, io).await,
        command => {
            let work = async {
                match command {
                    Command::Search(args) => commands::search::run(args, &settings, &io).await,
                    Command::Show(args) => commands::show::run(args, &settings, &io).await,
                    Command::Export(args) => commands::export::run(args, &settings, &io).await,
                    Command::VerifyWebhook(args) => {
                        commands::verify_webhook::run(args, &settings, &io).await
                    }
                    Command::Trigger(args) => commands::trigger::run(args, &settings, &io).await,
                    Command::Replay(args) => commands::replay::run(args, &settings, &io).await,
                    Command::Config(args) => commands::config::run(args, &settings, &io),
                    Command::Sync(args) => commands::sync::run(args, &settings, &io).await,
                    Command::Sql(args) => commands::sql::run(args, &settings, &io).await,
                    Command::Diff(args) => commands::diff::run(args, &settings, &io),
                    Command::Changes(args) => commands::changes::run(args, &settings, &io).await,
                    Command::Stats(args) => commands::stats::run(args, &settings, &io).await,
                    Command::Listen(_) | Command::Sandbox(_) | Command::Completions(_) => {
                        unreachable!("dispatched above")
                    }
                }
            };
            tokio::select! {
                result = work => result,
                () = interrupted() => Err(CraError::Interrupted.into()),
            }
        }
    }
}

/// Resolves on Ctrl-C, SIGTERM (`timeout`, a CI runner), SIGHUP (the
/// terminal or SSH session closed) or SIGUSR1: each would otherwise end the
/// process at once, leaving a temporary file behind. Here the command's
/// future is dropped instead, which removes it, and the exit is non-zero.
async fn interrupted() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{Signal, SignalKind, signal};
        /// One signal's next delivery; never, when it could not be watched
        /// (or its stream ended), so that it cannot end the command by mistake.
        async fn next(stream: &mut Option<Signal>) {
            if let Some(stream) = stream
                && stream.recv().await.is_some()
            {
                return;
            }
            std::future::pending::<()>().await;
        }
        let mut term = signal(SignalKind::terminate()).ok();
        let mut hangup = signal(SignalKind::hangup()).ok();
        let mut user1 = signal(SignalKind::user_defined1()).ok();
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            () = next(&mut term) => {}
            () = next(&mut hangup) => {}
            () = next(&mut user1) => {}
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}

/// Prints `error` once, as `cra: error: <one line>`, and returns its exit
/// code. A closed standard output is success and prints nothing.
pub fn report(error: &anyhow::Error) -> Exit {
    if error::is_broken_pipe(error) {
        return Exit::Success;
    }
    let exit = error::exit_of(error);
    let line = error::one_line(error);
    if !line.is_empty() {
        // Errors quote the service's own words: no escape sequence of its
        // reaches the terminal, and no secret it echoes.
        eprintln!("cra: error: {}", output::inert(&error::redact(&line)));
    }
    exit
}

/// Prints a clap error: help and version as clap renders them (exit 0), a
/// usage error as one line `cra: error: ...` (exit 2).
pub fn report_usage(error: &clap::Error) -> Exit {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // Help that cannot be written (a full disk) is a failure; a
            // reader that stopped early (`| head`) is not.
            if let Err(e) = error.print()
                && e.kind() != std::io::ErrorKind::BrokenPipe
            {
                eprintln!("cra: error: cannot write the help: {e}");
                return Exit::Failure;
            }
            if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                Exit::Usage
            } else {
                Exit::Success
            }
        }
        _ => {
            let line = cli::flag_of_another_command(error)
                .or_else(|| split_size(error))
                .unwrap_or_else(|| usage_line(&error.to_string(), unrelated_suggestion(error)));
            eprintln!("cra: error: {line}");
            Exit::Usage
        }
    }
}

/// A stray word of a size the shell split (`--size Intermediate Small
/// Bank`, unquoted): say what was meant rather than clap's "unexpected
/// argument 'Bank'".
fn split_size(error: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(given)) = error.get(ContextKind::InvalidArg) else {
        return None;
    };
    // Not `env::args`, which panics on an argument that is not UTF-8.
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let size = filters::unquoted_size(&args)?;
    size.split(' ')
        .any(|word| word.eq_ignore_ascii_case(given))
        .then(|| {
            format!(
                "unexpected argument '{given}': did you mean --size \"{size}\"? \
                 (quote a size of several words)"
            )
        })
}

/// Clap's did-you-mean, when it names a flag that only shares a few
/// letters with the one given: a tip that misleads is left out.
fn unrelated_suggestion(error: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let Some(ContextValue::String(given)) = error.get(ContextKind::InvalidArg) else {
        return None;
    };
    let suggested: &[String] = match error.get(ContextKind::SuggestedArg) {
        Some(ContextValue::String(one)) => std::slice::from_ref(one),
        Some(ContextValue::Strings(many)) => many,
        _ => return None,
    };
    suggested
        .iter()
        .find(|s| !cli::similar_flag(given, s))
        .cloned()
}

/// Clap's several-line message folded into one line, without a tip naming
/// `unrelated` (and its usage line, which clap rewrites to show it).
fn usage_line(rendered: &str, unrelated: Option<String>) -> String {
    let parts: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with("For more information"))
        .filter(|line| {
            unrelated
                .as_ref()
                .is_none_or(|u| !line.split([' ', '\'']).any(|word| word == u))
        })
        .collect();
    let line = parts.join(" ");
    let line = line.strip_prefix("error: ").unwrap_or(&line);
    format!("{line} (see --help)")
}

/// `host:port` for messages, with an IPv6 address in brackets.
pub(crate) fn host_port(host: &str, port: u16) -> String {
    if host.contains(':') && !host.starts_with('[') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    }
}
