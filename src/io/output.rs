//! Standard output as the output plan decided it, before the command ran
//! (`plan`): how it looks (`View`: the format, `--jq`, the terminal) and
//! where it goes (the process's stream, the `-o` file written aside, a
//! test's buffer). Every printer is made here: rows of a command's
//! columns, one document, a summary object, cards, a chart, a page or a
//! workbook. A command says what it has; which of these it becomes, and
//! how it is printed, is never its choice (no command matches on the
//! format), and nothing changes the plan once it is made.

use std::sync::{Arc, Mutex};

use anyhow::Result;

use super::Screen;
use super::sink::{FileOut, Out, Sink};
use crate::domain::Format;
use crate::output::{Chart, Columns, Head, Histories, Planned, Printer, Query, Report, Rows, View};

/// Standard output, decided.
#[derive(Clone)]
pub struct Output {
    view: Arc<View>,
    sink: Sink,
    screen: Arc<Screen>,
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Output")
            .field("view", &self.view)
            .finish_non_exhaustive()
    }
}

impl Output {
    /// The process's standard output, or `file` (`-o FILE`, written aside:
    /// nothing is in place until [`Output::commit`]).
    pub(super) fn new(
        view: View,
        file: Option<crate::atomic::AtomicFile>,
        screen: Arc<Screen>,
    ) -> Result<Output> {
        let sink = match file {
            Some(file) => {
                let writer = std::io::BufWriter::with_capacity(64 * 1024, file.writer()?);
                Sink::File(Arc::new(Mutex::new(Some(FileOut { writer, file }))))
            }
            None => Sink::Process,
        };
        Ok(Output {
            view: Arc::new(view),
            sink,
            screen,
        })
    }

    /// Into a test's buffer.
    pub(super) fn buffer(view: View, buffer: Arc<Mutex<Vec<u8>>>, screen: Arc<Screen>) -> Output {
        Output {
            view: Arc::new(view),
            sink: Sink::Buffer(buffer),
            screen,
        }
    }

    /// How it is shown (for a printer of its own kind: a card).
    pub fn view(&self) -> &View {
        &self.view
    }

    /// The file it goes to (`-o FILE`, or the command's default file),
    /// for what a summary says; none for standard output.
    pub fn file(&self) -> Option<&std::path::Path> {
        self.view.file.as_deref()
    }

    /// `message` (a summary of rows), saying where they went when that is
    /// a file: `12 of 12 banks → banks.xlsx`.
    pub fn said(&self, message: &str) -> String {
        match self.file() {
            Some(path) => format!("{message} → {}", path.display()),
            None => message.to_string(),
        }
    }

    /// Standard output, buffered, for a command's own text (a summary, a
    /// settings list, a line an event). Callers flush (or drop) when done.
    pub fn stdout(&self) -> Out<'_> {
        if self.view.terminal {
            self.screen.take_stdout();
        }
        match &self.sink {
            Sink::Process => Out::Process(std::io::BufWriter::with_capacity(
                64 * 1024,
                std::io::stdout().lock(),
            )),
            Sink::Buffer(buffer) => Out::Buffer(buffer.lock().expect("stdout buffer")),
            Sink::File(file) => Out::File(file.lock().expect("output file")),
        }
    }

    /// Standard output as an owned writer, for a server whose tasks print
    /// as deliveries arrive (`listen`).
    pub fn writer(&self) -> Box<dyn std::io::Write + Send> {
        self.sink.writer(true)
    }

    /// Writes `bytes` atomically to the file the command writes beside its
    /// output (`stats --svg FILE`), as the plan checked it; nothing
    /// without one.
    pub fn write_side_file(&self, bytes: &[u8]) -> Result<()> {
        match &self.view.side_file {
            Some(path) => crate::atomic::write(path, bytes, crate::atomic::Access::Shared),
            None => Ok(()),
        }
    }

    /// Puts the `-o FILE` written in place (nothing to do without one).
    pub fn commit(&self) -> Result<()> {
        let Sink::File(file) = &self.sink else {
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
    pub fn discard(&self) {
        if let Sink::File(file) = &self.sink {
            let mut file = file.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            drop(file.take());
        }
    }

    /// A printer of `heads`, for rows whose json is their own (a bank as
    /// served, a query's row).
    pub fn printer(&self, heads: Vec<Head>) -> Result<Printer<Out<'_>>> {
        Printer::new(heads, self.stdout(), &self.view)
    }

    /// The rows `cra` builds of `columns` this run prints: those `wanted`
    /// (`--columns`), the public record's appended with `enriched`. Nothing
    /// is printed yet.
    pub fn plan_rows<R>(
        &self,
        columns: &'static Columns<R>,
        wanted: &[String],
        enriched: bool,
    ) -> Result<Planned<R>> {
        Planned::new(columns, self.view.format, wanted, enriched, self.json())
    }

    /// A printer of the rows planned.
    pub fn rows<R>(&self, planned: Planned<R>) -> Result<Rows<R, Out<'_>>> {
        let printer = self.printer(planned.heads())?;
        Ok(planned.start(printer))
    }

    /// A printer of a query's rows, whose columns are `names` (unique).
    pub fn query(&self, names: &[String]) -> Result<Query<Out<'_>>> {
        Query::start(names, |heads| self.printer(heads))
    }

    /// Refuses, before any row is read, `rows` rows more than the output
    /// decided holds (an Excel sheet's 1,048,575), where a command knows
    /// their number first (`lineage`): said at once, not after the work.
    pub fn room_for(&self, rows: u64) -> Result<()> {
        if self.view.format == Format::Xlsx {
            crate::output::sheet_room_for(rows)?;
        }
        Ok(())
    }

    /// Whether the output decided is json (`--format json`, `--jq`): what
    /// a command whose own output is a summary or lines of text asks.
    pub fn json(&self) -> bool {
        self.view.format.prints_json() || self.view.jq.is_some()
    }

    /// A command's summary as one json object on standard output, when
    /// the output decided is json (through `--jq` when one was given):
    /// `sync`, `enrich`, `pe`, `config show`. False (nothing written) when
    /// the summary is words on standard error instead.
    pub fn summary_object(&self, summary: &impl serde::Serialize) -> Result<bool> {
        if !self.json() {
            return Ok(false);
        }
        let mut out = self.stdout();
        crate::output::write_json_document(&mut out, summary, &self.view)?;
        std::io::Write::flush(&mut out)?;
        Ok(true)
    }

    /// How one or more banks with their histories are shown (`show`).
    pub fn histories(&self, banks: usize, columns_chosen: bool) -> Histories {
        self.view.histories(banks, columns_chosen)
    }

    /// Counts of banks by rating per group (`stats`): drawn as `chart`
    /// for a person at a terminal (a table there), else printed as the
    /// rows planned.
    pub fn counts<R>(
        &self,
        planned: Planned<R>,
        rows: impl IntoIterator<Item = R>,
        chart: Chart,
    ) -> Result<()> {
        if self.view.for_a_person() {
            let mut text = self.stdout();
            std::io::Write::write_all(&mut text, chart.draw(&self.view).as_bytes())?;
            std::io::Write::flush(&mut text)?;
            return Ok(());
        }
        let mut printed = self.rows(planned)?;
        for row in rows {
            printed.write_plain(&row)?;
        }
        printed.finish()?;
        Ok(())
    }

    /// The report: one page (html), or the same as a workbook; how many
    /// bytes were written, and which it was.
    pub fn page(&self, report: &Report) -> Result<(u64, &'static str)> {
        let mut out = self.stdout();
        let mut counted = Counted(&mut out, 0);
        let what = if self.view.format == Format::Xlsx {
            crate::output::report::book::write(report, self.view.about.as_deref(), &mut counted)?;
            "the workbook"
        } else {
            std::io::Write::write_all(
                &mut counted,
                crate::output::report::render(report).as_bytes(),
            )?;
            "the page"
        };
        let size = counted.1;
        std::io::Write::flush(&mut out)?;
        Ok((size, what))
    }

    /// Whether the objects as served are printed (json, ndjson), not only
    /// their fields in columns.
    pub fn served_objects(&self) -> bool {
        self.view.format.prints_json()
    }
}

/// A writer that counts what goes through it (the size a summary says).
struct Counted<W>(W, u64);

impl<W: std::io::Write> std::io::Write for Counted<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.0.write(buf)?;
        self.1 += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}
