//! The one owner of standard output and standard error: whether each is a
//! terminal, whether colour is on, whether progress and summaries are shown.
//! Decided once here; commands and printers only ask. Every message written
//! to standard error here has this run's secrets hidden (`error::redact`).

use std::io::{IsTerminal, Write};
use std::sync::{Arc, Mutex};

use crate::domain::ColorWhen;
use crate::error::redact;
use crate::output::View;

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

/// Where standard output or standard error goes: the process's own
/// stream, or a buffer (tests run a command in-process against it).
#[derive(Clone)]
enum Sink {
    Process,
    Buffer(Arc<Mutex<Vec<u8>>>),
    /// `-o FILE`: written aside, put in place by [`Io::commit_output`]
    /// (dropped unput when the command fails).
    File(Arc<Mutex<Option<FileOut>>>),
}

/// The file standard output goes to with `-o FILE`.
pub struct FileOut {
    writer: std::io::BufWriter<crate::atomic::NamedWriter>,
    file: crate::atomic::AtomicFile,
}

/// Standard output, buffered; callers flush (or drop) when done.
pub enum Out<'a> {
    Process(std::io::BufWriter<std::io::StdoutLock<'static>>),
    Buffer(std::sync::MutexGuard<'a, Vec<u8>>),
    File(std::sync::MutexGuard<'a, Option<FileOut>>),
}

/// The writer of an `Out::File` (gone once committed).
fn file_writer(
    out: &mut Option<FileOut>,
) -> std::io::Result<&mut std::io::BufWriter<crate::atomic::NamedWriter>> {
    out.as_mut()
        .map(|out| &mut out.writer)
        .ok_or_else(|| std::io::Error::other("the output file is already closed"))
}

impl Write for Out<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Out::Process(out) => out.write(buf),
            Out::Buffer(out) => out.write(buf),
            Out::File(out) => file_writer(out)?.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        match self {
            Out::Process(out) => out.write_all(buf),
            Out::Buffer(out) => out.write_all(buf),
            Out::File(out) => file_writer(out)?.write_all(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Out::Process(out) => out.flush(),
            Out::Buffer(_) => Ok(()),
            Out::File(out) => file_writer(out)?.flush(),
        }
    }
}

/// A writer into the output file, for a task that owns its writer.
struct SharedFile(Arc<Mutex<Option<FileOut>>>);

impl Write for SharedFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut out = self
            .0
            .lock()
            .map_err(|_| std::io::Error::other("output poisoned"))?;
        file_writer(&mut out)?.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let mut out = self
            .0
            .lock()
            .map_err(|_| std::io::Error::other("output poisoned"))?;
        file_writer(&mut out)?.flush()
    }
}

/// A writer into a shared buffer (a stream of [`Io::test`]).
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| std::io::Error::other("buffer poisoned"))?
            .extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Sink {
    fn writer(&self, stdout: bool) -> Box<dyn Write + Send> {
        match (self, stdout) {
            (Sink::Process, true) => Box::new(std::io::stdout()),
            (Sink::Process, false) => Box::new(std::io::stderr()),
            (Sink::Buffer(buffer), _) => Box::new(Shared(buffer.clone())),
            (Sink::File(file), true) => Box::new(SharedFile(file.clone())),
            (Sink::File(_), false) => Box::new(std::io::stderr()),
        }
    }
}

/// What a command wrote to the buffers of [`Io::test`].
#[derive(Clone)]
pub struct Captured {
    out: Arc<Mutex<Vec<u8>>>,
    err: Arc<Mutex<Vec<u8>>>,
}

impl Captured {
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.out.lock().expect("stdout buffer")).into_owned()
    }

    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.err.lock().expect("stderr buffer")).into_owned()
    }
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
            },
            stderr_tty,
            color_stderr: decide(stderr_tty),
            quiet,
            verbose,
            out: Sink::Process,
            err: Sink::Process,
            bar: Arc::default(),
        }
    }

    /// Streams into buffers, shown as `view` says (a terminal or a pipe),
    /// with standard error a terminal when standard output is: for running
    /// a command in-process in a test.
    pub fn test(view: View) -> (Io, Captured) {
        let captured = Captured {
            out: Arc::default(),
            err: Arc::default(),
        };
        let io = Io {
            stderr_tty: view.terminal,
            color_stderr: view.color,
            view,
            quiet: false,
            verbose: false,
            out: Sink::Buffer(captured.out.clone()),
            err: Sink::Buffer(captured.err.clone()),
            bar: Arc::default(),
        };
        (io, captured)
    }

    /// Progress bars and summaries: only for a person watching.
    pub fn show_progress(&self) -> bool {
        self.stderr_tty && !self.quiet
    }

    /// Standard output, buffered. Callers flush (or drop) when done.
    pub fn stdout(&self) -> Out<'_> {
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
            ..View::piped()
        };
        self.out = Sink::File(Arc::new(Mutex::new(Some(FileOut { writer, file }))));
        Ok(self)
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

    /// Standard output and standard error as owned writers, for a server
    /// whose tasks print as deliveries arrive (`listen`).
    pub fn writers(&self) -> (Box<dyn Write + Send>, Box<dyn Write + Send>) {
        (self.out.writer(true), self.err.writer(false))
    }

    /// One line on standard error, secrets hidden.
    fn line(&self, text: std::fmt::Arguments) {
        let line = format!("{text}\n");
        let line = redact(&line);
        match &self.err {
            Sink::Process | Sink::File(_) => {
                let _ = std::io::stderr().write_all(line.as_bytes());
            }
            Sink::Buffer(buffer) => {
                if let Ok(mut buffer) = buffer.lock() {
                    buffer.extend_from_slice(line.as_bytes());
                }
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

    /// A passing status for a person watching (a countdown), replaced by
    /// the next and cleared with `None`: the progress bar's message when a
    /// bar is on screen, else one line rewritten in place.
    pub fn status(&self, text: Option<&str>) {
        if !self.show_progress() {
            return;
        }
        // A bar that draws nothing (standard error forced to count as a
        // terminal) leaves the line to the status.
        let bar = self
            .bar
            .lock()
            .ok()
            .and_then(|bar| bar.clone())
            .filter(|bar| !bar.is_hidden());
        match (bar, text) {
            (Some(bar), Some(text)) => bar.set_message(format!(" · {text}")),
            (Some(bar), None) => bar.set_message(""),
            (None, Some(text)) => self.raw_err(&format!("\r{text}\x1b[K")),
            (None, None) => self.raw_err("\r\x1b[K"),
        }
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

/// A progress bar on standard error: done of total, a whole-number rate and
/// the time left; only for a person watching a terminal (`show_progress`).
pub struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    /// A bar counting `total` things called `unit` (e.g. "banks").
    pub fn new(io: &Io, total: u64, unit: &str) -> Progress {
        if !io.show_progress() {
            return Progress(None);
        }
        let bar = indicatif::ProgressBar::with_draw_target(
            Some(total),
            indicatif::ProgressDrawTarget::stderr_with_hz(10),
        );
        let template = format!(
            "{{bar:30.cyan/blue}} {{human_pos}}/{{human_len}} {unit} · {{rate}} · ETA {{eta}}{{msg}}"
        );
        bar.set_style(
            indicatif::ProgressStyle::with_template(&template)
                .expect("the template is valid")
                .with_key(
                    "rate",
                    |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{}", rate_text(state.per_sec()));
                    },
                )
                .progress_chars("█▉▊▋▌▍▎▏ "),
        );
        if let Ok(mut slot) = io.bar.lock() {
            *slot = Some(bar.clone());
        }
        Progress(Some(bar))
    }

    pub fn inc(&self) {
        if let Some(bar) = &self.0 {
            bar.inc(1);
        }
    }

    /// Takes the bar off the screen (the summary follows).
    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }

    /// Leaves the bar where it stopped (a failure follows).
    pub fn abandon(&self) {
        if let Some(bar) = &self.0 {
            bar.abandon();
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = self.0.as_ref().filter(|bar| !bar.is_finished()) {
            bar.finish_and_clear();
        }
    }
}

/// `13,341/s`: a whole number, grouped, whatever the rate's fraction.
pub fn rate_text(per_second: f64) -> String {
    let whole = if per_second.is_finite() && per_second > 0.0 {
        per_second.round() as u64
    } else {
        0
    };
    format!("{}/s", crate::text::thousands(whole))
}

#[cfg(test)]
mod progress_tests {
    use super::rate_text;

    #[test]
    fn rates_are_whole_numbers() {
        assert_eq!(rate_text(13_341.278_6), "13,341/s");
        assert_eq!(rate_text(0.4), "0/s");
        assert_eq!(rate_text(f64::NAN), "0/s");
        assert_eq!(rate_text(f64::INFINITY), "0/s");
    }
}
