//! Rows `cra` builds itself (a rating change, a bank probably due, a
//! count), printed the one way: json and ndjson print each row's object of
//! csv's columns (with the key `public_record` when `--enriched` asks for
//! it), the other formats its cells in the columns shown. What `changes`,
//! `due`, `stats` and `watch list` once each looped over by hand.

use std::io::Write;

use anyhow::Result;
use serde_json::Value;

use super::{Column, Columns, Printer, Record, Shape};
use crate::domain::HasPublic;

/// The rows a run will print, decided before anything is: their columns
/// (`--columns`, `--enriched`) and whether their json gets the public
/// record. A command checks what they need (a public record) before it
/// starts printing them, so a refusal leaves standard output empty.
pub struct Planned<R: 'static> {
    columns: &'static Columns<R>,
    shape: Shape<R>,
    public_json: bool,
    /// Columns added to the defaults: json objects get their keys too.
    widened: Vec<&'static Column<R>>,
    /// The output is a table (where a column all rows leave empty may go).
    table: bool,
}

impl<R> Planned<R> {
    /// The rows of `columns` that `format` shows: those `wanted`, the
    /// public record's appended with `enriched`; `json`: the output is json.
    pub fn new(
        columns: &'static Columns<R>,
        format: crate::domain::Format,
        wanted: &[String],
        enriched: bool,
        json: bool,
    ) -> Result<Planned<R>> {
        let shape = columns
            .shape_enriched(format, wanted, enriched)
            .map_err(crate::error::CraError::usage)?;
        Ok(Planned {
            columns,
            shape,
            public_json: enriched && json,
            widened: Vec::new(),
            table: format == crate::domain::Format::Table,
        })
    }

    /// The default columns and json keys widened by `names` (when the
    /// run's rows carry them: banks that ended, in `changes`), after the
    /// others; columns chosen with `--columns` stay as chosen.
    pub fn widened(mut self, wanted: &[String], names: &[&str]) -> Planned<R> {
        if wanted.is_empty() {
            self.widened = self.columns.widen(&mut self.shape, names);
        }
        self
    }

    /// A table's default columns without those named `names` (which the
    /// run's rows all leave empty); csv, tsv, json and workbooks keep them
    /// (a script reads the same columns whatever was asked), and columns
    /// chosen with `--columns` stay as chosen.
    pub fn narrowed(mut self, wanted: &[String], names: &[&str]) -> Planned<R> {
        if wanted.is_empty() && self.table {
            self.columns.narrow(&mut self.shape, names);
        }
        self
    }

    /// A table's default columns led by the one named `name` (the one its
    /// rows are ordered by, when that is not the usual); files keep their
    /// order, and columns chosen with `--columns` stay as chosen.
    pub fn led_by(mut self, wanted: &[String], name: &str) -> Planned<R> {
        if wanted.is_empty() && self.table {
            self.columns.lead(&mut self.shape, name);
        }
        self
    }

    /// Whether the rows need their public record (a column of it shown,
    /// or its json key).
    pub fn needs_public(&self) -> bool {
        self.public_json || self.columns.shows_extra(&self.shape)
    }

    /// The columns' heads, for the printer.
    pub fn heads(&self) -> Vec<super::Head> {
        self.shape.heads()
    }

    /// The rows, printed by `printer`.
    pub fn start<W: Write>(self, printer: Printer<W>) -> Rows<R, W> {
        Rows {
            printer,
            columns: self.columns,
            shape: self.shape,
            public_json: self.public_json,
            widened: self.widened,
        }
    }
}

/// A printer of rows of type `R`.
pub struct Rows<R: 'static, W: Write> {
    printer: Printer<W>,
    columns: &'static Columns<R>,
    shape: Shape<R>,
    /// json objects get `public_record` (`--enriched`).
    public_json: bool,
    widened: Vec<&'static Column<R>>,
}

impl<R, W: Write> Rows<R, W> {
    /// Rows written so far.
    pub fn count(&self) -> u64 {
        self.printer.count
    }

    /// Writes one row.
    pub fn write(&mut self, row: &R) -> Result<()>
    where
        R: HasPublic,
    {
        let record = row.public();
        self.write_with(row, record)
    }

    /// Writes one row of a kind that has no public record.
    pub fn write_plain(&mut self, row: &R) -> Result<()> {
        self.write_with(row, None)
    }

    fn write_with(&mut self, row: &R, public: Option<&crate::domain::PublicRecord>) -> Result<()> {
        let nothing = Value::Null;
        let json = self.printer.prints_json().then(|| {
            let mut json = self.columns.json(row);
            if let Value::Object(object) = &mut json {
                for column in &self.widened {
                    object.insert(column.name.to_string(), (column.get)(row).to_json());
                }
            }
            if self.public_json {
                crate::domain::public::with_public_record(json, public)
            } else {
                json
            }
        });
        let cells = if self.printer.prints_json() {
            Vec::new()
        } else {
            vec![self.shape.cells(row)]
        };
        self.printer.write(&Record {
            json: json.as_ref().unwrap_or(&nothing),
            rows: cells,
        })
    }

    /// A fact for a workbook's `About` sheet (see [`Printer::note`]).
    pub fn note(&mut self, fact: super::about::Fact) {
        self.printer.note(fact);
    }

    /// Writes what was held back and flushes: how many rows were written.
    pub fn finish(self) -> Result<u64> {
        let count = self.printer.count;
        self.printer.finish()?;
        Ok(count)
    }
}
