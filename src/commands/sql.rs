//! `cra sql QUERY`: one read-only query on the local copy, printed through
//! the usual printers (json: an array of objects keyed by column name).

use std::io::Write;

use anyhow::Result;
use clap::Args;
use serde_json::Value;

use crate::commands::{Ctx, Globals, Run, Spec};
use crate::error::Exit;
use crate::io::Io;
use crate::mirror::Reader;
use crate::mirror::read::Rows;
use crate::output::{self, Layout, Printer, Record};
use crate::settings::Settings;

#[derive(Debug, Clone, Args)]
pub struct SqlArgs {
    /// One read-only SQL statement (tables: banks, ratings, syncs,
    /// removed_banks, outbox, meta; see --schema)
    #[arg(value_name = "QUERY", required_unless_present = "schema")]
    pub query: Option<String>,

    /// Print the local copy's tables, columns and indexes, and exit
    #[arg(long, conflicts_with = "query")]
    pub schema: bool,

    #[command(flatten)]
    pub jq: crate::commands::JqArg,
}

pub const AFTER_HELP: &str = "\
The tables and their columns: cra sql --schema (and the README's \"Keep a
local copy\"). Run cra sync first.

Examples:
  cra --sandbox sql \"SELECT state, count(*) AS banks FROM banks GROUP BY state\"
  cra sql \"SELECT rating, count(*) FROM ratings GROUP BY rating\" --format csv
  cra sql --schema";

impl Spec for SqlArgs {
    fn jq(&self) -> Option<&str> {
        self.jq.jq.as_deref()
    }
}

impl Run for SqlArgs {
    const GLOBALS: Globals = Globals::LOCAL_COPY;

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        run(self, &ctx.settings, &ctx.io).await
    }
}

async fn run(args: SqlArgs, settings: &Settings, io: &Io) -> Result<Exit> {
    let Some(query) = args.query.as_deref().filter(|_| !args.schema) else {
        let mut out = io.stdout();
        out.write_all(crate::mirror::schema().as_bytes())?;
        out.flush()?;
        return Ok(Exit::Success);
    };
    let reader = Reader::open(&settings.mirror.value)?;
    if let Some(warning) = reader.unfinished_warning() {
        io.warn(&warning);
    }
    let format = settings
        .format
        .unwrap_or_else(|| output::default_format(&io.view));
    let mut printer: Option<Printer<_>> = None;
    let mut names: Vec<String> = Vec::new();
    let result = reader.query(query, |rows| {
        match rows {
            Rows::Columns(columns) => {
                names = columns.to_vec();
                // The printers take 'static headers (most are constants);
                // a query's few column names live for this one command.
                let header: &'static [&'static str] = Box::leak(
                    columns
                        .iter()
                        .map(|c| &*Box::leak(c.clone().into_boxed_str()))
                        .collect::<Vec<&'static str>>()
                        .into_boxed_slice(),
                );
                printer = Some(Printer::new(
                    format,
                    Layout {
                        table: header,
                        csv: header,
                        // Any columns: an ID kept whole, the others in order.
                        fit: &[],
                        roles: &[],
                    },
                    io.stdout(),
                    &io.view,
                )?);
            }
            Rows::Row(values) => {
                let cells: Vec<String> = values.iter().map(cell).collect();
                let json = Value::Object(names.iter().cloned().zip(values).collect());
                let printer = printer.as_mut().expect("columns come before rows");
                printer.write(&Record {
                    json: &json,
                    table: vec![cells.clone()],
                    csv: vec![cells],
                })?;
            }
        }
        Ok(())
    });
    // Rows already printed stay well-formed if the query fails halfway.
    let count = printer.as_ref().map_or(0, |p| p.count);
    let closed = printer.map(Printer::finish).transpose();
    result?;
    closed?;
    io.summary(&format!(
        "{} {}",
        crate::text::thousands(count),
        crate::text::plural(count, "row", "rows")
    ));
    Ok(Exit::Success)
}

/// A value as table, tsv and csv show it: NULL as nothing.
fn cell(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
