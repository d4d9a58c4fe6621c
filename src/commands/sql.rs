//! `cra sql QUERY`: one read-only query on the local copy, printed through
//! the usual printers (json: an array of objects keyed by column name).

use std::io::Write;

use anyhow::Result;
use clap::Args;

use std::sync::{Arc, Mutex};

use crate::command::{Ctx, Parts, RowsOutput, Run, Spec};
use crate::error::{CraError, Exit};
use crate::filters::Words;
use crate::output::Outputs;
use crate::parse::parse_duration;
use crate::text::{duration, plural, thousands};

use crate::mirror::{Reader, Rows};
use crate::output::Query;

#[derive(Debug, Clone, Args)]
pub struct SqlArgs {
    /// One read-only SQL statement (tables: banks, ratings, syncs,
    /// removed_banks, outbox, meta; see --schema)
    #[arg(value_name = "QUERY", required_unless_present = "schema")]
    pub query: Option<String>,

    /// Print the local copy's tables, columns and indexes, and exit
    #[arg(long, conflicts_with = "query")]
    pub schema: bool,

    /// Stop the query after this long: seconds, or with a unit (30, 30s, 1m, 500ms)
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub timeout: Option<std::time::Duration>,

    #[command(flatten)]
    pub rows: RowsOutput,
}

pub const AFTER_HELP: &str = "\
The tables and their columns: cra sql --schema (and the guide's \"Ask in
SQL\", docs/guide.md). Run cra sync first.
Ctrl-C (or SIGTERM, SIGHUP) stops a running query: exit 130.

Examples:
  cra --sandbox sql \"SELECT state, count(*) AS banks FROM banks GROUP BY state\"
  cra sql \"SELECT * FROM ratings r JOIN ratings s\" --timeout 10s   # stopped after 10 s
  cra sql --schema";

impl Spec for SqlArgs {
    fn parts(&self) -> Parts<'_> {
        self.rows.parts()
    }

    fn sheet(&self) -> &'static str {
        "Query"
    }

    fn words(&self) -> Words {
        let what = match &self.query {
            Some(query) => format!("the query {}", query.trim()),
            None => "the schema of the local copy".to_string(),
        };
        Words::new().how_flag(&what, true)
    }

    fn outputs(&self) -> Outputs {
        Outputs::ROWS
    }
}

impl Run for SqlArgs {
    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let timeout = self.timeout;
        let interrupter = Interrupter::default();
        let handle = interrupter.clone();
        // The query runs on a thread of its own, so that a signal or the
        // timeout is heard while SQLite works: dropping this future (a
        // signal) or the timeout interrupts it (SQLite's interrupt).
        let mut task = tokio::task::spawn_blocking(move || run(self, &ctx, &handle));
        let Some(limit) = timeout else {
            return task.await?;
        };
        match tokio::time::timeout(limit, &mut task).await {
            Ok(result) => result?,
            Err(_) => {
                interrupter.interrupt();
                let _ = task.await;
                Err(CraError::Response {
                    message: format!(
                        "the query ran longer than --timeout {} and was stopped",
                        duration(limit)
                    ),
                }
                .into())
            }
        }
    }
}

/// Interrupts the query in progress (if any) when told or dropped.
#[derive(Clone, Default)]
struct Interrupter(Arc<Mutex<Option<rusqlite::InterruptHandle>>>);

impl Interrupter {
    fn set(&self, handle: rusqlite::InterruptHandle) {
        *self.0.lock().unwrap_or_else(|p| p.into_inner()) = Some(handle);
    }

    fn interrupt(&self) {
        if let Some(handle) = self.0.lock().unwrap_or_else(|p| p.into_inner()).take() {
            handle.interrupt();
        }
    }
}

impl Drop for Interrupter {
    fn drop(&mut self) {
        // The last of the two copies is the query's own, dropped when it
        // ends; the command's copy is dropped first when a signal ends it.
        if Arc::strong_count(&self.0) == 2 {
            self.interrupt();
        }
    }
}

fn run(args: SqlArgs, ctx: &Ctx, interrupter: &Interrupter) -> Result<Exit> {
    let (settings, io, out) = (&ctx.settings, &ctx.io, &ctx.out);
    let Some(query) = args.query.as_deref().filter(|_| !args.schema) else {
        let mut out = out.stdout();
        out.write_all(crate::mirror::schema().as_bytes())?;
        out.flush()?;
        return Ok(Exit::Success);
    };
    let reader = Reader::open(&settings.mirror.value)?;
    interrupter.set(reader.interrupt_handle());
    if let Some(warning) = reader.unfinished_warning() {
        io.warn(&warning);
    }
    let mut printer: Option<Query<_>> = None;
    let result = reader.query(query, |rows| {
        match rows {
            Rows::Columns(columns) => printer = Some(out.query(&unique_names(columns))?),
            Rows::Row(mut values) => {
                // A mirror written before the key was kept out of it may
                // still quote it: never printed.
                for value in &mut values {
                    crate::error::redact_json(value);
                }
                printer
                    .as_mut()
                    .expect("columns come before rows")
                    .write(values)?;
            }
        }
        Ok(())
    });
    // Rows already printed stay well-formed if the query fails halfway.
    let count = printer.as_ref().map_or(0, Query::count);
    let closed = printer.map(Query::finish).transpose();
    result?;
    closed?;
    io.summary(&out.said(&format!(
        "{} {}",
        thousands(count),
        plural(count, "row", "rows")
    )));
    Ok(Exit::Success)
}

/// Column names made unique as SQLite's shell does: a name met again gets
/// `:1`, `:2`, ... (the first free one), so no json key hides another.
fn unique_names(columns: &[String]) -> Vec<String> {
    let mut taken: std::collections::HashSet<String> = columns.iter().cloned().collect();
    let mut first = std::collections::HashSet::new();
    columns
        .iter()
        .map(|name| {
            if first.insert(name.clone()) {
                return name.clone();
            }
            let fresh = (1..)
                .map(|n| format!("{name}:{n}"))
                .find(|candidate| !taken.contains(candidate))
                .expect("some suffix is free");
            taken.insert(fresh.clone());
            fresh
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicate_column_names_are_suffixed_as_sqlite_does() {
        let names =
            |list: &[&str]| unique_names(&list.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(names(&["a", "b"]), ["a", "b"]);
        assert_eq!(
            names(&["exam_date", "exam_date"]),
            ["exam_date", "exam_date:1"]
        );
        assert_eq!(names(&["a", "a", "a"]), ["a", "a:1", "a:2"]);
        // A suffixed name already taken by a real column is skipped.
        assert_eq!(names(&["a", "a:1", "a"]), ["a", "a:1", "a:2"]);
    }

    proptest::proptest! {
        #[test]
        fn every_column_keeps_a_key_of_its_own(list in proptest::collection::vec("[ab](:[12])?", 0..8)) {
            let unique = unique_names(&list);
            let set: std::collections::HashSet<_> = unique.iter().collect();
            proptest::prop_assert_eq!(set.len(), list.len());
        }
    }
}
