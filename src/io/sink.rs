//! Where standard output and standard error go: the process's own
//! streams, buffers (a command tested in-process), or the `-o` file
//! written aside until the command succeeds.

use std::io::Write;
use std::sync::{Arc, Mutex};

use crate::error::redact;
use crate::output::Warn;

/// Where standard output or standard error goes: the process's own
/// stream, or a buffer (tests run a command in-process against it).
#[derive(Clone)]
pub(super) enum Sink {
    Process,
    Buffer(Arc<Mutex<Vec<u8>>>),
    /// `-o FILE`: written aside, put in place by [`super::Output::commit`]
    /// (dropped unput when the command fails).
    File(Arc<Mutex<Option<FileOut>>>),
}

/// The file standard output goes to with `-o FILE`.
pub struct FileOut {
    pub(super) writer: std::io::BufWriter<crate::atomic::NamedWriter>,
    pub(super) file: crate::atomic::AtomicFile,
}

/// Standard output, buffered; callers flush (or drop) when done.
pub enum Out<'a> {
    Process(std::io::BufWriter<std::io::StdoutLock<'static>>),
    Buffer(std::sync::MutexGuard<'a, Vec<u8>>),
    File(std::sync::MutexGuard<'a, Option<FileOut>>),
}

/// The writer of an `Out::File` (gone once committed).
pub(super) fn file_writer(
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
pub(super) struct SharedFile(pub(super) Arc<Mutex<Option<FileOut>>>);

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

/// A writer into a shared buffer (a stream of [`super::Io::test`]).
pub(super) struct Shared(pub(super) Arc<Mutex<Vec<u8>>>);

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
    /// One line on this stream (standard error), secrets hidden.
    pub(super) fn line(&self, text: std::fmt::Arguments) {
        let line = format!("{text}\n");
        let line = redact(&line);
        match self {
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

    /// Text as it is (a status line's control codes), on standard error.
    pub(super) fn raw(&self, text: &str) {
        match self {
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

    /// A printer's warnings, written as [`super::Io::warn`] writes them.
    pub(super) fn warn(&self) -> Warn {
        let err = self.clone();
        Warn::to(move |message| err.line(format_args!("cra: warning: {message}")))
    }

    pub(super) fn writer(&self, stdout: bool) -> Box<dyn Write + Send> {
        match (self, stdout) {
            (Sink::Process, true) => Box::new(std::io::stdout()),
            (Sink::Process, false) => Box::new(std::io::stderr()),
            (Sink::Buffer(buffer), _) => Box::new(Shared(buffer.clone())),
            (Sink::File(file), true) => Box::new(SharedFile(file.clone())),
            (Sink::File(_), false) => Box::new(std::io::stderr()),
        }
    }
}

/// What a command wrote to the buffers of `Io::test`.
#[derive(Clone)]
pub struct Captured {
    pub(super) out: Arc<Mutex<Vec<u8>>>,
    pub(super) err: Arc<Mutex<Vec<u8>>>,
}

impl Captured {
    pub fn stdout(&self) -> String {
        String::from_utf8_lossy(&self.out.lock().expect("stdout buffer")).into_owned()
    }

    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.err.lock().expect("stderr buffer")).into_owned()
    }
}
