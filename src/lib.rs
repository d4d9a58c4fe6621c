//! `cra`, a command-line client for the Bank CRA Ratings service.
//!
//! Data flows one way: arguments (`cli`) → `settings` → a command
//! (`commands`) → where answers come from (`source`: the service through
//! `api`, or the local copy in `mirror`) or a local server (`sandbox`,
//! `webhook`) → rows → a printer (`output`). The words every room shares
//! are in `domain` and `text`, below them all. This file keeps the module
//! list and `run`, which resolves the settings and dispatches the command;
//! errors are printed once, by `error::report` and `cli::usage`.

pub mod api;
pub mod assets;
pub mod atomic;
pub mod cli;
pub mod commands;
pub mod config_file;
pub mod diff;
pub mod domain;
pub mod error;
pub mod filters;
pub mod http;
pub mod io;
pub mod limited;
pub mod mirror;
pub mod output;
pub mod parse;
pub mod record;
pub mod sandbox;
pub mod settings;
pub mod signals;
pub mod source;
pub mod text;
pub mod watch;
pub mod webhook;

use anyhow::Result;

use crate::cli::Cli;
use crate::commands::Ctx;
use crate::error::Exit;
use crate::io::Io;
use crate::settings::{Settings, process_env};

pub use crate::cli::usage::report_usage;
pub use crate::error::report;

/// Runs one command line to completion and says how it went.
pub fn run(cli: Cli) -> Result<Exit> {
    let spec = cli.command.spec();
    if let Some(result) = spec.before_settings() {
        return result;
    }
    let mut settings = Settings::load_with(
        cli.global_flags()?,
        spec.secret(),
        &process_env,
        spec.reads_config(),
    )?;
    // From here on no message can show a secret, whoever builds it.
    // The sandbox's own test keys are public (its banner exists to show
    // them), so they are not hidden.
    error::hide_secrets(
        [&settings.api_key, &settings.webhook_secret]
            .into_iter()
            .flatten()
            .map(|setting| &setting.value)
            .filter(|secret| !sandbox::is_test_key(secret)),
    );
    mirror::set_sync_command(settings.sync_command());
    let mut io = Io::new(
        settings.color,
        settings.quiet,
        settings.verbose,
        process_env("CRA_FORCE_TTY").is_some_and(|v| v != "0"),
        process_env("NO_COLOR").is_some(),
        process_env("COLUMNS").as_deref(),
    );
    // The output decided once: format, `--jq`, destination.
    let outputs = spec.outputs();
    let destination = if outputs.formats.is_empty() {
        output::Destination::Stdout
    } else {
        let resolved = output::resolve(
            cli.command.name(),
            outputs,
            settings.format,
            spec.output_file(),
            spec.jq(),
            io.view.terminal,
        )?;
        io.view.format = resolved.format;
        io.view.jq = resolved.jq;
        resolved.to
    };
    if let output::Destination::File(path) = &destination
        && path.is_dir()
    {
        return Err(error::CraError::usage(format!(
            "{} is a folder; give a file name with -o",
            path.display()
        )));
    }
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
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let (result, output) = runtime.block_on(async move {
        if let output::Destination::File(path) = destination {
            match open_output(io, path).await {
                Ok(file) => io = file,
                Err(error) => return (Err(error), None),
            }
        }
        // Kept to put the output file in place once the command has
        // succeeded.
        let output = io.clone();
        let run = async {
            // Held until the command ends: the in-process sandbox lives as long.
            let _sandbox = if in_process_sandbox {
                let running = sandbox::start_in_process(settings.evolve).await?;
                settings.use_sandbox(format!("http://{}", running.addr));
                Some(running)
            } else {
                None
            };
            cli.command.run(Ctx { settings, io }).await
        };
        (run.await, Some(output))
    });
    // Nothing is left to wait for; a blocking task still stuck (opening a
    // pipe nobody reads, when Ctrl-C came) must not hold the exit.
    runtime.shutdown_background();
    if let (Ok(_), Some(output)) = (&result, output) {
        output.commit_output()?;
    }
    result
}

/// Standard output sent to `path`, written aside and put in place when the
/// command succeeds. Opened off the runtime's threads: opening a named
/// pipe waits for its reader, and Ctrl-C must still be heard meanwhile.
async fn open_output(io: Io, path: std::path::PathBuf) -> Result<Io> {
    // Watched before the file exists, so that a signal from then on stops
    // the command (see `signals`) rather than the process.
    let stop = signals::watch();
    let open = tokio::task::spawn_blocking(move || {
        atomic::AtomicFile::create(&path, atomic::Access::Shared)
    });
    tokio::select! {
        file = open => io.into_file(file??),
        () = stop => Err(error::CraError::Interrupted.into()),
    }
}
