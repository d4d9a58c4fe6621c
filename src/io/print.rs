//! The one way a command prints rows: a printer of the format decided
//! before it ran, to standard output (or the `-o` file). A command gives
//! its columns and rows; the format, the destination and the printer are
//! never its choice.

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

    /// Whether the output decided is json (`--format json`, `--jq`): what
    /// a command whose own output is a summary or lines of text asks.
    pub fn json(&self) -> bool {
        self.view.format.prints_json() || self.view.jq.is_some()
    }
}
