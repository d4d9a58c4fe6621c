//! The one way a command prints: what the plan decided before it ran (the
//! format, `--jq`, the destination) hands it a finished output to write
//! to: rows of its columns, one document, a summary object, a card, a
//! chart, a page or a workbook. A command says what it has; which of these
//! it becomes, and how it is printed, is never its choice (no command
//! matches on the format).

use anyhow::Result;

use super::{Io, Out};
use crate::output::{Columns, Head, Planned, Printer, Rows};

impl Io {
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

    /// Refuses, before any row is read, `rows` rows more than the output
    /// decided holds (an Excel sheet's 1,048,575), where a command knows
    /// their number first (`lineage`): said at once, not after the work.
    pub fn room_for(&self, rows: u64) -> Result<()> {
        if self.view.format == crate::domain::Format::Xlsx {
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
        use crate::domain::Format;
        match self.view.format {
            Format::Table if !columns_chosen => Histories::Cards,
            Format::Json if banks == 1 => Histories::Document,
            _ => Histories::Rows,
        }
    }

    /// Whether counts are drawn as a chart (a table on a terminal), not
    /// printed as rows.
    pub fn charted(&self) -> bool {
        self.view.terminal && self.view.format == crate::domain::Format::Table
    }

    /// Whether the page is a workbook (`report -o FILE.xlsx`), not html.
    pub fn workbook(&self) -> bool {
        self.view.format == crate::domain::Format::Xlsx
    }

    /// Whether the objects as served are printed (json, ndjson), not only
    /// their fields in columns.
    pub fn served_objects(&self) -> bool {
        self.view.format.prints_json()
    }
}

/// How banks with their histories are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Histories {
    /// A card a bank, for a person at a terminal.
    Cards,
    /// One json document: the bank's object.
    Document,
    /// A row a rating record, in the format decided.
    Rows,
}
