//! The output decided once, before a command runs (ripgrep's `HiArgs`
//! hands each mode a finished printer): the format, `--jq` and the
//! destination from the command's outputs, its flags and the terminal;
//! every file it writes (`-o`, a side file such as `--svg`) checked against
//! the files `cra` keeps; what a workbook says about itself. The result is
//! one `View`, made here and nowhere else, and the `-o` file opened aside:
//! the `Output` a command is handed, which it never changes.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Result;

use crate::command::{Parts, Spec};
use crate::domain::Format;
use crate::io::{Io, Output, Terminal};
use crate::output::Written;
use crate::output::{About, Destination, View, jq::Jq};
use crate::settings::Settings;
use crate::{atomic, domain, error, http, mirror, output, signals, text};

/// The output as the flags decided it, checked, before the selection is
/// known: finished into the command's [`Output`] by [`Decided::open`].
#[derive(Debug)]
pub struct Decided {
    format: Format,
    jq: Option<Arc<Jq>>,
    to: Destination,
    excel_safe: bool,
    side_file: Option<PathBuf>,
    terminal: Terminal,
}

/// Decides the output of command `name` (its `spec` and `parts`): the
/// format, `--jq`, `--excel-safe-csv`, the `-o` file and the side file,
/// each refused where it would replace a file `cra` keeps, or where the
/// format cannot go (a workbook to a terminal).
pub fn decide(
    spec: &dyn Spec,
    parts: &Parts,
    name: &str,
    settings: &Settings,
    terminal: Terminal,
) -> Result<Decided> {
    let outputs = spec.outputs();
    let (format, jq, to, excel_safe) = if outputs.formats.is_empty() {
        let format = if terminal.stdout {
            Format::Table
        } else {
            Format::Tsv
        };
        (format, None, Destination::Stdout, false)
    } else {
        let default_file = outputs.default_file(settings.format);
        let resolved = output::resolve(
            name,
            outputs,
            settings.format,
            parts.output_file().or(default_file.as_deref()),
            parts.jq(),
            terminal.stdout,
        )?;
        if parts.excel_safe() {
            output::excel_safe_for(resolved.format)?;
        }
        (
            resolved.format,
            resolved.jq,
            resolved.to,
            parts.excel_safe(),
        )
    };
    let destination = to.clone();
    let mut own = own_files(settings);
    if let output::Destination::File(path) = &destination {
        if path.is_dir() {
            return Err(error::CraError::usage(format!(
                "{} is a folder; give a file name with -o",
                path.display()
            )));
        }
        output::refuse_own_file(path, &own)?;
        own.push(output::OwnFile {
            path: path.clone(),
            what: "the -o file",
        });
    }
    if let Some((written, path)) = parts.side_file {
        if path.is_dir() {
            return Err(error::CraError::usage(format!(
                "{} {} is a folder; give a file name",
                written.flag,
                path.display()
            )));
        }
        output::refuse_own_file_as(&written, path, &own)?;
    }
    Ok(Decided {
        format,
        jq,
        to,
        excel_safe,
        side_file: parts.side_file.map(|(_, path)| path.to_path_buf()),
        terminal,
    })
}

impl Decided {
    /// Whether the output is a workbook (which says what it holds on its
    /// `About` sheet: [`about`]).
    pub fn workbook(&self) -> bool {
        self.format == Format::Xlsx
    }

    /// The finished output: its one `View` (a file is shown as a pipe: no
    /// borders, no colour), the workbook's `about` sheet, and the `-o`
    /// file opened aside. Opened off the runtime's threads: opening a
    /// named pipe waits for its reader, and Ctrl-C must still be heard
    /// meanwhile.
    pub async fn open(self, io: &Io, about: Option<About>) -> Result<Output> {
        let Decided {
            format,
            jq,
            to,
            excel_safe,
            side_file,
            terminal,
        } = self;
        let to_terminal = terminal.stdout && to == Destination::Stdout;
        let file = match &to {
            Destination::File(path) => Some(path.clone()),
            Destination::Stdout => None,
        };
        let view = View {
            format,
            terminal: to_terminal,
            color: to_terminal && terminal.color_stdout,
            width: terminal.width.filter(|_| to_terminal),
            jq,
            about: about.map(Arc::new),
            warn: io.warn_printer(),
            excel_safe,
            file: file.clone(),
            side_file,
        };
        let opened = match file {
            Some(path) => Some(open_aside(path).await?),
            None => None,
        };
        io.output(view, opened)
    }
}
/// Refuses a file a command names once it has run (`pe --download`'s
/// name from the evaluation) as the plan refuses a side file: where it
/// would replace a file `cra` keeps, or a folder.
pub fn refuse_late_file(
    written: &Written,
    path: &std::path::Path,
    settings: &Settings,
) -> Result<()> {
    if path.is_dir() {
        return Err(error::CraError::usage(format!(
            "{} {} is a folder; give a file name",
            written.flag,
            path.display()
        )));
    }
    output::refuse_own_file_as(written, path, &own_files(settings))
}

/// The files `cra` reads and keeps, which no `-o` may replace: the local
/// copy in use and every other copy it knows (the configured one, both
/// default copies), each with its write-ahead log, shared-memory index and
/// writers' lock (replacing the lock during a sync would let a second
/// writer in), the config file and the watch lists. Any other SQLite file
/// is refused by its header (`output::refuse_own_file`).
fn own_files(settings: &Settings) -> Vec<output::OwnFile> {
    let beside = |copy: &std::path::Path, suffix: &str| {
        let mut name = copy.as_os_str().to_owned();
        name.push(suffix);
        std::path::PathBuf::from(name)
    };
    let copy = &settings.mirror.value;
    let mut own = Vec::new();
    let copies = std::iter::once((copy, true)).chain(
        settings
            .known_mirrors
            .iter()
            .filter(|other| *other != copy)
            .map(|other| (other, false)),
    );
    for (copy, in_use) in copies {
        own.extend([
            output::OwnFile {
                path: copy.clone(),
                what: if in_use {
                    "the local copy in use"
                } else {
                    "a local copy cra keeps"
                },
            },
            output::OwnFile {
                path: beside(copy, "-wal"),
                what: "a local copy's write-ahead log",
            },
            output::OwnFile {
                path: beside(copy, "-shm"),
                what: "a local copy's shared-memory index",
            },
            output::OwnFile {
                path: beside(copy, ".lock"),
                what: "a local copy's lock file",
            },
        ]);
    }
    own.push(output::OwnFile {
        path: settings.config_path.value.clone(),
        what: "cra's config file",
    });
    if let Some(path) = mirror::watch_lists_path() {
        own.push(output::OwnFile {
            path,
            what: "cra's watch lists",
        });
    }
    own
}

/// `path` opened aside, to be put in place when the command succeeds.
async fn open_aside(path: PathBuf) -> Result<atomic::AtomicFile> {
    // Watched before the file exists, so that a signal from then on stops
    // the command (see `signals`) rather than the process.
    let stop = signals::watch();
    let open = tokio::task::spawn_blocking(move || {
        atomic::AtomicFile::create(&path, atomic::Access::Shared)
    });
    tokio::select! {
        file = open => file?,
        () = stop => Err(error::CraError::Interrupted.into()),
    }
}

/// What a workbook says about itself (`output::about`), decided with the
/// output: the command line (secrets hidden), the selection and what the
/// command does with it in words (secrets hidden there too: a key pasted
/// as the name searched for), where the rows come from and when.
pub fn about(spec: &dyn Spec, settings: &Settings, selection: &domain::Selection) -> About {
    let (source, copy) = match spec.source() {
        Some(files) => (files, String::new()),
        None if spec.uses_api() && !settings.offline => (
            service(
                settings.sandbox,
                settings.base_url.as_ref().map(|b| b.value.as_str()),
            ),
            "none: asked of the service as the command ran (live)".to_string(),
        ),
        None => copy_facts(&settings.mirror.value),
    };
    About {
        sheet: spec.sheet().to_string(),
        command: command_line(std::env::args_os()),
        filters: error::redact(&spec.words().after(selection, spec.period_words()).done())
            .into_owned(),
        source,
        copy,
        written: text::day_and_time(&mirror::now()),
    }
}

/// Where a local copy's data comes from, and when it was last synced.
fn copy_facts(path: &std::path::Path) -> (String, String) {
    let Ok(reader) = mirror::Reader::open(path) else {
        return (String::new(), path.display().to_string());
    };
    let synced = match reader.last_sync() {
        Some(last) => {
            let when = last.finished_at.as_deref().unwrap_or(&last.started_at);
            format!(
                "last synced {} ({}){}",
                text::day_and_time(when),
                mirror::age(when),
                if last.status == mirror::SyncStatus::Complete {
                    ""
                } else {
                    "; that sync did not finish"
                }
            )
        }
        None => "never synced".to_string(),
    };
    let recorded = reader.service();
    (
        service(
            recorded.as_deref() == Some(mirror::SANDBOX_SERVICE),
            recorded.as_deref(),
        ),
        format!("{}, {synced}", path.display()),
    )
}

/// Where the data comes from, for a person.
fn service(sandbox: bool, base: Option<&str>) -> String {
    match (sandbox, base) {
        (true, _) => "the built-in sandbox (cra --sandbox): made-up banks for trying cra, \
                      not real ratings"
            .to_string(),
        (false, Some(base)) => format!(
            "the CRA ratings service at {} (the ratings as the regulators published them)",
            http::hide_address_secrets(base)
        ),
        (false, None) => "the CRA ratings service".to_string(),
    }
}

/// The command line as typed, for a workbook: the program as `cra`, each
/// argument quoted as a shell would need it, no secret shown (a
/// `--secret` value, a user and password in an address, any secret of this
/// run quoted anywhere).
fn command_line(args: impl Iterator<Item = std::ffi::OsString>) -> String {
    let mut words = vec!["cra".to_string()];
    let (mut secret_next, mut base_next) = (false, false);
    for arg in args.skip(1) {
        let arg = arg.to_string_lossy();
        let shown = if secret_next {
            error::REDACTED.to_string()
        } else if arg.starts_with("--secret=") {
            format!("--secret={}", error::REDACTED)
        } else if base_next || arg.starts_with("--base-url=") {
            // A base address's query may hold a key (a command that never
            // asks the service does not check the address, and writes it).
            error::redact(&http::hide_address_secrets(&arg)).into_owned()
        } else {
            error::redact(&http::hide_userinfo(&arg)).into_owned()
        };
        secret_next = arg == "--secret";
        base_next = arg == "--base-url";
        words.push(crate::text::shell_quoted(&shown));
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(args: &[&str]) -> String {
        command_line(args.iter().map(std::ffi::OsString::from))
    }

    #[test]
    fn a_command_line_shows_no_secret_and_reads_back_in_a_shell() {
        assert_eq!(
            line(&[
                "/usr/bin/cra",
                "search",
                "--state",
                "TX",
                "--size",
                "Small Bank"
            ]),
            "cra search --state TX --size 'Small Bank'"
        );
        assert_eq!(
            line(&["cra", "trigger", "--secret", "whsec_abc", "--secret=x"]),
            "cra trigger --secret '[redacted]' '--secret=[redacted]'"
        );
        assert_eq!(
            line(&[
                "cra",
                "--base-url",
                "https://u:pw@api.example.com/v1",
                "search"
            ]),
            "cra --base-url 'https://***@api.example.com/v1' search"
        );
        assert_eq!(
            line(&[
                "cra",
                "--base-url",
                "http://127.0.0.1:8080/?api_key=SECRET",
                "--base-url=https://h/#SECRET",
                "search",
                "http://x/?y"
            ]),
            "cra --base-url 'http://127.0.0.1:8080/?***' '--base-url=https://h/?***' search 'http://x/?y'"
        );
        assert_eq!(
            line(&["cra", "sql", "SELECT 'a'"]),
            r"cra sql 'SELECT '\''a'\'''"
        );
    }
}
