//! The one owner of standard output and standard error: whether each is a
//! terminal, whether colour is on, whether progress and summaries are shown.
//! Decided once here; commands and printers only ask. Every message written
//! to standard error here has this run's secrets hidden (`error::redact`).

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};

use crate::domain::ColorWhen;
use crate::output::View;

mod print;
pub use print::Histories;
mod progress;
mod sink;
pub use progress::{Progress, Ticker, rate_text};
use sink::Sink;
pub use sink::{Captured, FileOut, Out};

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

/// Streams and the decisions taken about them.
#[derive(Clone)]
pub struct Io {
    /// How standard output is shown (terminal, width, colour, `--jq`):
    /// what printers are handed.
    pub view: View,
    /// Standard error is a terminal (or `CRA_FORCE_TTY`).
    pub stderr_tty: bool,
    /// Colour on standard error.
    pub color_stderr: bool,
    pub quiet: bool,
    pub verbose: bool,
    out: Sink,
    err: Sink,
    /// The progress bar on screen, if any: a status (a countdown) goes
    /// into its message rather than fight it for the line.
    bar: Arc<Mutex<Option<indicatif::ProgressBar>>>,
    /// Standard output, a terminal, has been handed to a printer: a status
    /// line on the same screen would land in the middle of its rows, so
    /// from then on there is none (but in a progress bar's message).
    out_taken: Arc<std::sync::atomic::AtomicBool>,
    /// A status line of ours is on the screen (to clear before anything
    /// else is written there).
    status_on: Arc<std::sync::atomic::AtomicBool>,
}

impl std::fmt::Debug for Io {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Io")
            .field("view", &self.view)
            .field("stderr_tty", &self.stderr_tty)
            .field("quiet", &self.quiet)
            .field("verbose", &self.verbose)
            .finish_non_exhaustive()
    }
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
        let escapes = !(stdout_tty || stderr_tty) || console_escapes();
        let decide = |tty: bool| match color {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => tty && !no_color && escapes,
        };
        Io {
            view: View {
                // The default until `run` resolves the command's output.
                format: if stdout_tty {
                    crate::domain::Format::Table
                } else {
                    crate::domain::Format::Tsv
                },
                terminal: stdout_tty,
                color: decide(stdout_tty),
                width: if stdout_tty {
                    terminal_width(columns)
                } else {
                    None
                },
                jq: None,
                about: None,
                warn: Sink::Process.warn(),
                excel_safe: false,
                file: None,
                side_file: None,
            },
            stderr_tty,
            color_stderr: decide(stderr_tty),
            quiet,
            verbose,
            out: Sink::Process,
            err: Sink::Process,
            bar: Arc::default(),
            out_taken: Arc::default(),
            status_on: Arc::default(),
        }
    }

    /// Streams into buffers, shown as `view` says (a terminal or a pipe),
    /// with standard error a terminal when standard output is: for running
    /// a command in-process in a test.
    pub fn test(mut view: View) -> (Io, Captured) {
        let captured = Captured {
            out: Arc::default(),
            err: Arc::default(),
        };
        view.warn = Sink::Buffer(captured.err.clone()).warn();
        let io = Io {
            stderr_tty: view.terminal,
            color_stderr: view.color,
            view,
            quiet: false,
            verbose: false,
            out: Sink::Buffer(captured.out.clone()),
            err: Sink::Buffer(captured.err.clone()),
            bar: Arc::default(),
            out_taken: Arc::default(),
            status_on: Arc::default(),
        };
        (io, captured)
    }

    /// Progress bars and summaries: only for a person watching.
    pub fn show_progress(&self) -> bool {
        self.stderr_tty && !self.quiet
    }

    /// Standard output, buffered. Callers flush (or drop) when done.
    pub fn stdout(&self) -> Out<'_> {
        if self.view.terminal
            && !self
                .out_taken
                .swap(true, std::sync::atomic::Ordering::SeqCst)
        {
            // A status line left on the screen would be the first rows'.
            self.clear_status();
        }
        match &self.out {
            Sink::Process => Out::Process(std::io::BufWriter::with_capacity(
                64 * 1024,
                std::io::stdout().lock(),
            )),
            Sink::Buffer(buffer) => Out::Buffer(buffer.lock().expect("stdout buffer")),
            Sink::File(file) => Out::File(file.lock().expect("output file")),
        }
    }

    /// This `Io` with standard output sent to `file` (`-o FILE`): a file,
    /// so shown as a pipe (no borders, no colour), `--jq` kept. Nothing is
    /// in place until [`Io::commit_output`].
    pub fn into_file(mut self, file: crate::atomic::AtomicFile) -> anyhow::Result<Io> {
        let writer = std::io::BufWriter::with_capacity(64 * 1024, file.writer()?);
        self.view = View {
            jq: self.view.jq.take(),
            format: self.view.format,
            about: self.view.about.take(),
            warn: self.view.warn.clone(),
            excel_safe: self.view.excel_safe,
            file: self.view.file.take(),
            side_file: self.view.side_file.take(),
            ..View::piped()
        };
        self.out = Sink::File(Arc::new(Mutex::new(Some(FileOut { writer, file }))));
        Ok(self)
    }

    /// Writes `bytes` atomically to the file the command writes beside its
    /// output (`stats --svg FILE`), as the plan checked it; nothing
    /// without one.
    pub fn write_side_file(&self, bytes: &[u8]) -> anyhow::Result<()> {
        match &self.view.side_file {
            Some(path) => crate::atomic::write(path, bytes, crate::atomic::Access::Shared),
            None => Ok(()),
        }
    }

    /// Puts the `-o FILE` written in place (nothing to do without one).
    pub fn commit_output(&self) -> anyhow::Result<()> {
        let Sink::File(file) = &self.out else {
            return Ok(());
        };
        let taken = file
            .lock()
            .map_err(|_| anyhow::anyhow!("output poisoned"))?
            .take();
        if let Some(FileOut { writer, file }) = taken {
            // The writer's errors already name the file.
            writer.into_inner().map_err(|e| e.into_error())?;
            file.commit()?;
        }
        Ok(())
    }

    /// Removes the `-o FILE` written aside, unput, when the command failed:
    /// taken out of its cell here rather than left to the last owner's drop,
    /// because a task the failure left running (an export's writer) may
    /// hold the stream until the process exits, and its temporary file with it.
    pub fn discard_output(&self) {
        if let Sink::File(file) = &self.out {
            let mut file = file.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            drop(file.take());
        }
    }

    /// Standard output and standard error as owned writers, for a server
    /// whose tasks print as deliveries arrive (`listen`).
    pub fn writers(&self) -> (Box<dyn Write + Send>, Box<dyn Write + Send>) {
        (self.out.writer(true), self.err.writer(false))
    }

    /// One line on standard error, secrets hidden.
    fn line(&self, text: std::fmt::Arguments) {
        self.err.line(text);
    }

    /// A note for a person (summaries): on a terminal only, never with --quiet.
    pub fn summary(&self, message: &str) {
        if self.show_progress() {
            self.line(format_args!("{message}"));
        }
    }

    /// The summary of a command's rows ([`Io::summary`]), saying where
    /// they went when that is a file (`-o FILE`): `12 of 12 banks →
    /// banks.xlsx`.
    pub fn rows_summary(&self, message: &str) {
        match &self.view.file {
            Some(path) => self.summary(&format!("{message} → {}", path.display())),
            None => self.summary(message),
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
        let out_taken =
            self.view.terminal && self.out_taken.load(std::sync::atomic::Ordering::SeqCst);
        match (self.visible_bar(), text) {
            (Some(bar), Some(text)) => bar.set_message(format!(" · {text}")),
            (Some(bar), None) => bar.set_message(""),
            // Rows are being printed on this screen: no line of ours.
            (None, _) if out_taken => {}
            (None, Some(text)) => {
                self.status_on
                    .store(true, std::sync::atomic::Ordering::SeqCst);
                self.raw_err(&format!("\r{text}\x1b[K"));
            }
            (None, None) => self.clear_status(),
        }
    }

    /// Takes our status line off the screen, if one is there.
    fn clear_status(&self) {
        if self
            .status_on
            .swap(false, std::sync::atomic::Ordering::SeqCst)
        {
            self.raw_err("\r\x1b[K");
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

    fn raw_err(&self, text: &str) {
        match &self.err {
            Sink::Process | Sink::File(_) => {
                let mut err = std::io::stderr();
                let _ = err.write_all(text.as_bytes());
                let _ = err.flush();
            }
            Sink::Buffer(buffer) => {
                if let Ok(mut buffer) = buffer.lock() {
                    buffer.extend_from_slice(text.as_bytes());
                }
            }
        }
    }

    /// A `--verbose` trace line.
    pub fn trace(&self, message: &str) {
        if self.verbose {
            self.line(format_args!("* {message}"));
        }
    }
}
