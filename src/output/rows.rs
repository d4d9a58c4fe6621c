//! Rows, printed the one way whatever they are (a bank as served, a
//! bank's history, a rating change, a bank probably due, a count, a
//! difference between two exports): json and ndjson print each row's
//! object as its columns say (`RowJson`: csv's columns, the object as
//! served, or its own; with the key `public_record` when `--enriched` asks
//! for it), the other formats its cells in the columns shown.

use std::io::Write;

use anyhow::Result;
use serde_json::Value;

use super::column::RowJson;
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
    /// Fits a terminal's table tries first, by column name.
    prefer: Vec<(&'static str, super::Fit)>,
    /// Table and tsv headers of this run's own, by column name.
    headers: Vec<(&'static str, String)>,
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
            prefer: Vec::new(),
            headers: Vec::new(),
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

    /// A table whose columns named `names` (those the selection filters
    /// on: `--test lending=…`'s Lending Test) are the last to give way,
    /// whether chosen with `--columns` or added by `--enriched`.
    pub fn keeping(mut self, names: &[&str]) -> Planned<R> {
        if self.table {
            self.columns.keep(&mut self.shape, names);
        }
        self
    }

    /// Whether the rows need their public record (a column of it shown,
    /// or its json key).
    pub fn needs_public(&self) -> bool {
        self.public_json || self.columns.shows_extra(&self.shape)
    }

    /// A table's columns named in `prefer` tried first at these fits (see
    /// [`super::Head::prefer`]).
    pub fn preferring(mut self, prefer: Vec<(&'static str, super::Fit)>) -> Planned<R> {
        if self.table {
            self.prefer = prefer;
        }
        self
    }

    /// The columns named in `headers` headed otherwise in a table and tsv
    /// (`stats --by lending_test`: `LENDING TEST` over the groups); csv's
    /// and json's names stay.
    pub fn headed(mut self, headers: Vec<(&'static str, String)>) -> Planned<R> {
        self.headers = headers;
        self
    }

    /// The columns' heads, for the printer.
    pub fn heads(&self) -> Vec<super::Head> {
        let mut heads = self.shape.heads();
        for head in &mut heads {
            if let Some((_, header)) = self.headers.iter().find(|(name, _)| *name == head.name) {
                head.header = header.clone().into();
            }
            head.prefer = self
                .prefer
                .iter()
                .find(|(name, _)| *name == head.name)
                .map(|(_, fit)| *fit);
        }
        heads
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
        let cells = if self.printer.prints_json() {
            Vec::new()
        } else {
            vec![self.shape.cells(row)]
        };
        if !self.printer.prints_json() {
            return self.printer.write(&Record {
                json: &Value::Null,
                rows: cells,
            });
        }
        match self.columns.json {
            RowJson::Served(served) if !self.public_json => self.printer.write(&Record {
                json: served(row),
                rows: cells,
            }),
            RowJson::Served(served) => self.printer.write(&Record {
                json: &crate::domain::public::WithPublic {
                    json: served(row).to_value(),
                    record: public,
                },
                rows: cells,
            }),
            RowJson::Shown => self.printer.write(&Record {
                json: &self.shape.json(row),
                rows: cells,
            }),
            RowJson::Own(own) => self.printer.write(&Record {
                json: &own(row),
                rows: cells,
            }),
            RowJson::Columns => {
                let mut json = self.columns.json(row);
                if let Value::Object(object) = &mut json {
                    for column in &self.widened {
                        object.insert(column.name.to_string(), (column.get)(row).to_json());
                    }
                }
                if self.public_json {
                    return self.printer.write(&Record {
                        json: &crate::domain::public::WithPublic {
                            json,
                            record: public,
                        },
                        rows: cells,
                    });
                }
                self.printer.write(&Record {
                    json: &json,
                    rows: cells,
                })
            }
        }
    }

    /// Writes one record of several rows whose json is one object (a bank
    /// with its history: its detail as served, a row a rating record).
    pub(super) fn write_group<J: serde::Serialize + ?Sized>(
        &mut self,
        json: &J,
        rows: &[R],
    ) -> Result<()> {
        let cells = if self.printer.prints_json() {
            Vec::new()
        } else {
            rows.iter().map(|row| self.shape.cells(row)).collect()
        };
        self.printer.write(&Record { json, rows: cells })
    }

    /// Whether json is printed (the json of a group is built only then).
    pub(super) fn prints_json(&self) -> bool {
        self.printer.prints_json()
    }

    /// `--enriched` in json: each object gets `public_record`.
    pub(super) fn public_json(&self) -> bool {
        self.public_json
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

/// Rows whose columns are known only as the run goes (a query's): each
/// column typed by its name (an id kept whole, a date never cut, a year's
/// digits not grouped), each row its values as JSON, printed as an object
/// of its columns in json.
pub struct Query<W: Write> {
    printer: Printer<W>,
    heads: Vec<super::Head>,
}

impl<W: Write> Query<W> {
    /// The rows of the columns `names` (unique), printed by `printer`.
    pub(crate) fn start(
        names: &[String],
        printer: impl FnOnce(Vec<super::Head>) -> Result<Printer<W>>,
    ) -> Result<Query<W>> {
        let heads: Vec<super::Head> = names
            .iter()
            .enumerate()
            .map(|(at, name)| super::Head::guessed(name, at))
            .collect();
        Ok(Query {
            printer: printer(heads.clone())?,
            heads,
        })
    }

    /// Writes one row: its values, in the columns' order.
    pub fn write(&mut self, values: Vec<Value>) -> Result<()> {
        let json = Value::Object(
            self.heads
                .iter()
                .map(|h| h.name.to_string())
                .zip(values)
                .collect(),
        );
        let cells: Vec<super::Cell> = json
            .as_object()
            .into_iter()
            .flat_map(|object| object.values())
            .zip(&self.heads)
            .map(|(value, head)| super::Cell::from_json(value, head.kind == super::Kind::Date))
            .collect();
        self.printer.write(&Record {
            json: &json,
            rows: vec![cells],
        })
    }

    /// Rows written so far.
    pub fn count(&self) -> u64 {
        self.printer.count
    }

    /// Writes what was held back and flushes.
    pub fn finish(self) -> Result<()> {
        self.printer.finish().map(drop)
    }
}
