//! The one way a command prints rows: a printer of the format decided
//! before it ran, to standard output (or the `-o` file). A command gives
//! its columns and rows; the format, the destination and the printer are
//! never its choice.

use anyhow::Result;

use super::{Io, Out};
use crate::output::{Columns, Head, Printer, Rows};

impl Io {
    /// A printer of `heads`, for rows whose json is their own (a bank as
    /// served, a query's row).
    pub fn printer(&self, heads: Vec<Head>) -> Result<Printer<Out<'_>>> {
        Printer::new(heads, self.stdout(), &self.view)
    }

    /// A printer of the rows `cra` builds of `columns`: those `wanted`
    /// (`--columns`), the public record's appended with `enriched`.
    pub fn rows<R>(
        &self,
        columns: &'static Columns<R>,
        wanted: &[String],
        enriched: bool,
    ) -> Result<Rows<R, Out<'_>>> {
        let shape = columns
            .shape_enriched(self.view.format, wanted, enriched)
            .map_err(crate::error::CraError::usage)?;
        let printer = self.printer(shape.heads())?;
        Ok(Rows::new(printer, columns, shape, enriched && self.json()))
    }

    /// Whether the output decided is json (`--format json`, `--jq`): what
    /// a command whose own output is a summary or lines of text asks.
    pub fn json(&self) -> bool {
        self.view.format.prints_json() || self.view.jq.is_some()
    }
}
