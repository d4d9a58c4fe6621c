//! The one owner of the streams: what the terminal is (`Terminal`, looked
//! at once), standard error with its messages, progress bars and status
//! lines (`Io`), and standard output as the output plan decided it
//! (`Output`, in `output.rs`: every printer is made there). Every message
//! written to standard error here has this run's secrets hidden
//! (`error::redact`).

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};

use crate::domain::ColorWhen;

mod output;
pub use output::Output;
mod progress;
mod sink;
pub use progress::{Progress, Ticker};
use sink::Sink;
pub use sink::{Captured, Out};

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

/// Whether the terminal shows colour and the like from escape sequences.
/// A Windows console (Windows Terminal, or the console window of `cmd`
/// and PowerShell) does once the program asks for it
/// (`ENABLE_VIRTUAL_TERMINAL_PROCESSING`, every Windows 10 and later) and
/// may print them as text until then: asked here, once, for standard
/// output and error alike; no answer, no colour. Elsewhere terminals do.
#[cfg(windows)]
fn console_escapes() -> bool {
    crossterm::ansi_support::supports_ansi()
}

#[cfg(not(windows))]
fn console_escapes() -> bool {
    true
}

/// What the streams are, looked at once before anything is decided: the
/// output plan reads standard output's part, `Io` standard error's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terminal {
    /// Standard output is a terminal (or `CRA_FORCE_TTY`).
    pub stdout: bool,
    /// Standard error is a terminal (or `CRA_FORCE_TTY`).
    pub stderr: bool,
    /// Colour on standard output.
    pub color_stdout: bool,
    /// Colour on standard error.
    pub color_stderr: bool,
    /// Standard output's terminal's width, when it says.
    pub width: Option<usize>,
    /// Standard error's terminal's width, when it says: what a status
    /// line and a progress bar must stay within (a line that wraps is
    /// one the next cannot erase).
    pub err_width: Option<usize>,
}

impl Terminal {
    /// Looks at the real streams. `force_tty` (the hidden `CRA_FORCE_TTY=1`,
    /// for tests and screenshots) treats both as terminals; `no_color` is
    /// whether `NO_COLOR` is set to something non-empty; `columns` is
    /// `COLUMNS`, which overrides the terminal's own width (as for `ls`), and
    /// gives a forced terminal one.
    pub fn detect(
        color: ColorWhen,
        force_tty: bool,
        no_color: bool,
        columns: Option<&str>,
    ) -> Terminal {
        let stdout = force_tty || std::io::stdout().is_terminal();
        let stderr = force_tty || std::io::stderr().is_terminal();
        let escapes = !(stdout || stderr) || console_escapes();
        let decide = |tty: bool| match color {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => tty && !no_color && escapes,
        };
        Terminal {
            stdout,
            stderr,
            color_stdout: decide(stdout),
            color_stderr: decide(stderr),
            width: if stdout {
                terminal_width(columns)
            } else {
                None
            },
            err_width: if stderr {
                terminal_width(columns)
            } else {
                None
            },
        }
    }
}

/// What standard output and standard error share on one screen: a status
/// line of ours on standard error must be cleared before rows land on
/// standard output when it is the terminal, and none drawn once they have
/// (the `Output` says when: it alone knows where it goes).
pub(crate) struct Screen {
    /// Standard output, a terminal, has been handed to a printer: a status
    /// line on the same screen would land in the middle of its rows, so
    /// from then on there is none (but in a progress bar's message).
    out_taken: std::sync::atomic::AtomicBool,
    /// A status line of ours is on the screen (to clear before anything
    /// else is written there).
    status_on: std::sync::atomic::AtomicBool,
    err: Sink,
}

impl Screen {
    /// Standard output is taken by a printer: a status line left on the
    /// screen would be the first rows', so it goes.
    fn take_stdout(&self) {
        if !self
            .out_taken
            .swap(true, std::sync::atomic::Ordering::SeqCst)
        {
            self.clear_status();
        }
    }

    /// Takes our status line off the screen, if one is there.
    fn clear_status(&self) {
        if self
            .status_on
            .swap(false, std::sync::atomic::Ordering::SeqCst)
        {
            self.err.raw("\r\x1b[K");
        }
    }
}

/// Standard error and the decisions taken about it: messages, warnings,
/// progress bars and status lines. Standard output is the [`Output`].
#[derive(Clone)]
pub struct Io {
    /// Standard error is a terminal (or `CRA_FORCE_TTY`).
    pub stderr_tty: bool,
    /// Colour on standard error.
    pub color_stderr: bool,
    pub quiet: bool,
    pub verbose: bool,
    /// Standard error's width on a terminal (80 when it does not say).
    width: usize,
    err: Sink,
    /// The progress bar on screen, if any: a status (a countdown) goes
    /// into its message rather than fight it for the line.
    bar: Arc<Mutex<Option<indicatif::ProgressBar>>>,
    screen: Arc<Screen>,
}

impl std::fmt::Debug for Io {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Io")
            .field("stderr_tty", &self.stderr_tty)
            .field("quiet", &self.quiet)
            .field("verbose", &self.verbose)
            .finish_non_exhaustive()
    }
}

impl Io {
    /// Standard error of the process, on `terminal`.
    pub fn new(terminal: &Terminal, quiet: bool, verbose: bool) -> Io {
        Io {
            stderr_tty: terminal.stderr,
            color_stderr: terminal.color_stderr,
            quiet,
            verbose,
            width: terminal.err_width.unwrap_or(80),
            err: Sink::Process,
            bar: Arc::default(),
            screen: Arc::new(Screen {
                out_taken: Default::default(),
                status_on: Default::default(),
                err: Sink::Process,
            }),
        }
    }

    /// Standard error into a buffer (a terminal or not), with standard
    /// output's [`Output`] into another as `view` shows it: for running a
    /// command in-process in a test.
    pub fn test(view: crate::output::View) -> (Io, Output, Captured) {
        let captured = Captured {
            out: Arc::default(),
            err: Arc::default(),
        };
        let err = Sink::Buffer(captured.err.clone());
        let screen = Arc::new(Screen {
            out_taken: Default::default(),
            status_on: Default::default(),
            err: err.clone(),
        });
        let io = Io {
            stderr_tty: view.terminal,
            color_stderr: view.color,
            quiet: false,
            verbose: false,
            width: view.width.unwrap_or(80),
            err,
            bar: Arc::default(),
            screen,
        };
        let view = crate::output::View {
            warn: io.warn_printer(),
            ..view
        };
        let out = Output::buffer(view, captured.out.clone(), io.screen.clone());
        (io, out, captured)
    }

    /// Where a printer says what it had to change (a workbook cell cut to
    /// Excel's limit): as [`Io::warn`] writes it.
    pub fn warn_printer(&self) -> crate::output::Warn {
        self.err.warn()
    }

    /// Standard output as `view` shows it, going where the plan decided
    /// (`file`: the `-o` file, written aside until [`Output::commit`]),
    /// sharing this screen.
    pub fn output(
        &self,
        view: crate::output::View,
        file: Option<crate::atomic::AtomicFile>,
    ) -> anyhow::Result<Output> {
        Output::new(view, file, self.screen.clone())
    }

    /// Standard error as an owned writer, for a server whose tasks print
    /// as deliveries arrive (`listen`).
    pub fn err_writer(&self) -> Box<dyn Write + Send> {
        self.err.writer(false)
    }

    /// Progress bars and summaries: only for a person watching.
    pub fn show_progress(&self) -> bool {
        self.stderr_tty && !self.quiet
    }

    /// One line on standard error, secrets hidden, on a line of its own:
    /// a status line is taken off the screen first (the next status draws
    /// it again), and a progress bar is lifted while it is written and
    /// drawn again below it. A warning never shares a line with either.
    fn line(&self, text: std::fmt::Arguments) {
        match self.visible_bar() {
            Some(bar) => bar.suspend(|| self.err.line(text)),
            None => {
                self.screen.clear_status();
                self.err.line(text);
            }
        }
    }

    /// A note for a person (summaries): on a terminal only, never with --quiet.
    pub fn summary(&self, message: &str) {
        if self.show_progress() {
            self.line(format_args!("{message}"));
        }
    }

    /// A message on standard error unless --quiet (refusals, statuses).
    pub fn info(&self, message: &str) {
        if !self.quiet {
            self.line(format_args!("{message}"));
        }
    }

    /// A warning, always shown.
    pub fn warn(&self, message: &str) {
        self.line(format_args!("cra: warning: {message}"));
    }

    /// A warning about the data, not the run (a watched bank that is not
    /// there): like [`Io::warn`], but silenced by `--quiet`.
    pub fn notice(&self, message: &str) {
        if !self.quiet {
            self.warn(message);
        }
    }

    /// A passing status for a person watching (a countdown), replaced by
    /// the next and cleared with `None`: the progress bar's message when a
    /// bar is on screen, else one line rewritten in place.
    pub fn status(&self, text: Option<&str>) {
        if !self.show_progress() {
            return;
        }
        let screen = &self.screen;
        let out_taken = screen.out_taken.load(std::sync::atomic::Ordering::SeqCst);
        match (self.visible_bar(), text) {
            (Some(bar), Some(text)) => bar.set_message(format!(" · {text}")),
            (Some(bar), None) => bar.set_message(""),
            // Rows are being printed on this screen: no line of ours.
            (None, _) if out_taken => {}
            // Within the width: a line that wraps leaves its first part
            // behind when the next is drawn.
            (None, Some(text)) => {
                screen
                    .status_on
                    .store(true, std::sync::atomic::Ordering::SeqCst);
                let text = crate::text::shorten(text, self.width.saturating_sub(1).max(10));
                self.err.raw(&format!("\r{text}\x1b[K"));
            }
            (None, None) => screen.clear_status(),
        }
    }

    /// The progress bar on screen. A bar that draws nothing (standard
    /// error forced to count as a terminal), or one taken off the screen
    /// when done, leaves the line to the status (enrich's "linking the
    /// banks…" once BankFind's bars are gone).
    fn visible_bar(&self) -> Option<indicatif::ProgressBar> {
        self.bar
            .lock()
            .ok()
            .and_then(|bar| bar.clone())
            .filter(|bar| !bar.is_hidden() && !bar.is_finished())
    }

    /// A status for a long read with nothing else on the screen: shown
    /// once it has lasted a second, rewritten in place, cleared when the
    /// ticker is dropped.
    pub fn ticker(&self) -> Ticker<'_> {
        Ticker {
            io: self,
            started: std::time::Instant::now(),
            shown: std::cell::Cell::new(None),
        }
    }

    /// Runs `work`, saying `what` on a status line once it has lasted a
    /// second (one statement of SQL can take that before a first row): a
    /// person at a terminal never looks at a blank screen wondering. The
    /// line goes when the work ends, or when rows take the screen.
    pub fn while_busy<T>(&self, what: &str, work: impl FnOnce() -> T) -> T {
        if !self.show_progress() {
            return work();
        }
        let (done, ended) = std::sync::mpsc::channel::<()>();
        std::thread::scope(|scope| {
            scope.spawn(move || {
                let second = std::time::Duration::from_secs(1);
                if let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = ended.recv_timeout(second)
                {
                    self.status(Some(what));
                    // Until the work ends (its sender dropped).
                    let _ = ended.recv();
                    self.status(None);
                }
            });
            let result = work();
            drop(done);
            result
        })
    }

    /// A `--verbose` trace line.
    pub fn trace(&self, message: &str) {
        if self.verbose {
            self.line(format_args!("* {message}"));
        }
    }
}
