//! The one owner of standard output and standard error: whether each is a
//! terminal, whether colour is on, whether progress and summaries are shown.
//! Decided once here; commands and printers only ask.

use std::io::{IsTerminal, Write};

use crate::cli::ColorWhen;

/// `COLUMNS` when it is a positive number, else the size standard output's
/// terminal reports (none for a pty that says 0, or for no terminal).
fn terminal_width(columns: Option<&str>) -> Option<usize> {
    columns
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0)
        .or_else(|| {
            comfy_table::Table::new()
                .width()
                .map(usize::from)
                .filter(|&c| c > 0)
        })
}

/// Streams and the decisions taken about them.
#[derive(Debug, Clone)]
pub struct Io {
    /// Standard output is a terminal (or `CRA_FORCE_TTY` says to act as if).
    pub stdout_tty: bool,
    /// Standard error is a terminal (or `CRA_FORCE_TTY`).
    pub stderr_tty: bool,
    /// Colour on standard output.
    pub color: bool,
    /// Colour on standard error.
    pub color_stderr: bool,
    pub quiet: bool,
    pub verbose: bool,
    /// Width of the terminal standard output shows on, in columns (`None`:
    /// not a terminal, or one that does not say): tables are fitted to it.
    pub width: Option<usize>,
}

impl Io {
    /// Looks at the real streams. `force_tty` (the hidden `CRA_FORCE_TTY=1`,
    /// for tests and screenshots) treats both as terminals; `no_color` is
    /// whether `NO_COLOR` is set to something non-empty; `columns` is
    /// `COLUMNS`, which overrides the terminal's own width (as for `ls`), and
    /// gives a forced terminal one.
    pub fn new(
        color: ColorWhen,
        quiet: bool,
        verbose: bool,
        force_tty: bool,
        no_color: bool,
        columns: Option<&str>,
    ) -> Io {
        let stdout_tty = force_tty || std::io::stdout().is_terminal();
        let stderr_tty = force_tty || std::io::stderr().is_terminal();
        let decide = |tty: bool| match color {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => tty && !no_color,
        };
        Io {
            stdout_tty,
            stderr_tty,
            color: decide(stdout_tty),
            color_stderr: decide(stderr_tty),
            quiet,
            verbose,
            width: if stdout_tty {
                terminal_width(columns)
            } else {
                None
            },
        }
    }

    /// Progress bars and summaries: only for a person watching.
    pub fn show_progress(&self) -> bool {
        self.stderr_tty && !self.quiet
    }

    /// Standard output, buffered. Callers flush (or drop) when done.
    pub fn stdout(&self) -> std::io::BufWriter<std::io::StdoutLock<'static>> {
        std::io::BufWriter::with_capacity(64 * 1024, std::io::stdout().lock())
    }

    /// A note for a person (summaries): on a terminal only, never with --quiet.
    pub fn summary(&self, message: &str) {
        if self.show_progress() {
            let _ = writeln!(std::io::stderr(), "{message}");
        }
    }

    /// A message on standard error unless --quiet (refusals, statuses).
    pub fn info(&self, message: &str) {
        if !self.quiet {
            let _ = writeln!(std::io::stderr(), "{message}");
        }
    }

    /// A warning, always shown.
    pub fn warn(&self, message: &str) {
        let _ = writeln!(std::io::stderr(), "cra: warning: {message}");
    }

    /// A `--verbose` trace line.
    pub fn trace(&self, message: &str) {
        if self.verbose {
            let _ = writeln!(std::io::stderr(), "* {message}");
        }
    }
}
