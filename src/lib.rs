//! `cra`, a command-line client for the Bank CRA Ratings service.
//!
//! Data flows one way: arguments (`cli`) → `settings` → a command
//! (`commands`) → where answers come from (`source`: the service through
//! `api`, or the local copy in `mirror`) or a local server (`sandbox`,
//! `webhook`) → rows → a printer (`output`). The words every room shares
//! are in `domain` and `text`, below them all. This file keeps the module
//! list and `run`, which resolves the settings and dispatches the command;
//! errors are printed once, by `error::report` and `cli::usage`.

pub(crate) mod api;
pub mod assets;
pub(crate) mod atomic;
pub(crate) mod card;
pub mod cli;
pub(crate) mod command;
pub(crate) mod commands;
pub(crate) mod config_file;
pub(crate) mod diff;
pub mod domain;
pub(crate) mod enrich;
pub(crate) mod error;
pub mod evaluation;
pub(crate) mod filters;
pub mod http;
pub(crate) mod io;
pub mod lending;
pub(crate) mod limited;
pub mod mirror;
pub mod output;
pub(crate) mod parse;
pub(crate) mod pe;
pub(crate) mod plan;
pub mod record;
pub mod sandbox;
pub(crate) mod settings;
pub(crate) mod signals;
pub(crate) mod source;
pub(crate) mod sync;
pub mod text;
pub(crate) mod watch;
pub mod webhook;

use anyhow::Result;

use crate::cli::Cli;
use crate::command::Ctx;
use crate::error::Exit;
use crate::io::{Io, Terminal};
use crate::settings::{Settings, process_env};

pub use crate::cli::usage::report_usage;
pub use crate::error::report;

/// Runs one command line to completion and says how it went.
pub fn run(cli: Cli) -> Result<Exit> {
    let spec = cli.command.spec();
    if let Some(result) = spec.before_settings(cli::command) {
        return result;
    }
    let parts = spec.parts();
    let mut settings = Settings::load_with(
        cli.global_flags()?,
        parts.secret(),
        &process_env,
        spec.reads_config(),
    )?;
    // From here on no message can show a secret, whoever builds it.
    // The sandbox's own test keys are public (its banner exists to show
    // them), so they are not hidden.
    error::hide_secrets(
        [
            &settings.api_key,
            &settings.webhook_secret,
            &settings.bankfind_key,
        ]
        .into_iter()
        .flatten()
        .map(|setting| &setting.value)
        .filter(|secret| !sandbox::is_test_key(secret)),
    );
    mirror::set_sync_command(settings.sync_command(), settings.offline);
    let terminal = Terminal::detect(
        settings.color,
        process_env("CRA_FORCE_TTY").is_some_and(|v| v != "0"),
        process_env("NO_COLOR").is_some(),
        process_env("COLUMNS").as_deref(),
    );
    let io = Io::new(&terminal, settings.quiet, settings.verbose);
    // The output decided once: format, `--jq`, destination, side file.
    let decided = plan::decide(spec, &parts, cli.command.name(), &settings, terminal)?;
    for warning in &settings.warnings {
        io.warn(warning);
    }
    if settings.evolve.is_some() && !settings.sandbox && !spec.serves_sandbox() {
        return Err(error::CraError::usage(
            "--evolve changes the sandbox's data: use it with --sandbox or cra sandbox",
        ));
    }
    let in_process_sandbox = settings.sandbox && !settings.offline && spec.uses_api();
    if settings.evolve.is_some() && !in_process_sandbox && !spec.serves_sandbox() {
        // Given before a command that never starts the sandbox (it reads
        // the local copy, or works offline), it would change nothing.
        return Err(error::CraError::usage(
            "--evolve changes the data the sandbox serves, and this command asks the sandbox \
             nothing (the local copy is brought up to date by cra --sandbox --evolve N sync)",
        ));
    }
    // The banks the command is about, decided once: on the local copy for
    // every command that reads it (all but an online search, export,
    // show), which is then opened once.
    let copy = source::Copy::new(&settings, &io);
    let on_copy = !spec.uses_api() || settings.offline;
    let selection =
        source::select::resolve(parts.choice(), spec.period_flags(), &copy, on_copy, &io)?;
    let about = decided
        .workbook()
        .then(|| plan::about(spec, &settings, &selection));
    let nothing = spec
        .words()
        .after(&selection, spec.period_words())
        .no_match();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let (result, output) = runtime.block_on(async move {
        let out = match decided.open(&io, about).await {
            Ok(out) => out,
            Err(error) => return (Err(error), None),
        };
        // Kept to put the output file in place once the command has
        // succeeded.
        let output = out.clone();
        let run = async {
            // Held until the command ends: the in-process sandbox lives as long.
            let _sandbox = if in_process_sandbox {
                let running = sandbox::start_in_process(settings.evolve).await?;
                settings.use_sandbox(format!("http://{}", running.addr));
                Some(running)
            } else {
                None
            };
            cli.command
                .run(Ctx {
                    settings,
                    io,
                    out,
                    selection,
                    nothing,
                    copy,
                })
                .await
        };
        (run.await, Some(output))
    });
    // Nothing is left to wait for; a blocking task still stuck (opening a
    // pipe nobody reads, when Ctrl-C came) must not hold the exit.
    runtime.shutdown_background();
    match (&result, output) {
        (Ok(_), Some(output)) => output.commit()?,
        (Err(_), Some(output)) => output.discard(),
        (_, None) => {}
    }
    result
}
