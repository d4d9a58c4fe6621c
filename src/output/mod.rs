//! Printers: table, tsv, json, ndjson, csv and xlsx, all fed the same records.
//!
//! A command defines its columns once (`column`: name, header, fit, kind,
//! and how each cell is read from a row) and hands each result to a
//! `Printer` as a `Record`: the JSON to print as it is, and its rows of
//! typed cells (`cell`). The printer alone decides how it looks, from the
//! `View` decided before the command ran. Every printer but the table
//! streams: a record is written as soon as it arrives.

use std::io::Write;

use anyhow::Result;
use serde_json::Value;

use crate::domain::Format;

pub mod about;
pub mod bank;
pub mod cell;
pub mod chart;
pub mod column;
mod dest;
pub mod due;
mod fit;
pub mod jq;
mod more;
pub mod palette;
pub mod print;
pub mod public;
pub mod records;
pub mod report;
mod rows;
mod sampled;
mod style;
mod table;
mod view;
mod xlsx;
pub use crate::text::{dollars, inert, shorten};
pub use about::About;
pub use bank::{AboutBank, BankView, columns as bank_columns};
pub use cell::Cell;
pub use chart::{Bar, Chart, svg as svg_chart};
pub use column::{Column, Columns, Head, Kind, RowJson, Shape};
pub use dest::{
    Destination, Outputs, OwnFile, Written, excel_safe_for, refuse_own_file, refuse_own_file_as,
    resolve, xlsx_to_terminal,
};
pub use fit::Fit;
pub use public::columns as public_columns;
pub use records::{
    BANKS, HISTORIES, HistoryRow, history_json, public_wanted, write_history, write_history_with,
};
pub use report::{
    ByRating, Downgrade, DueBank, Evaluated, Evaluations, Group, Lending, LendingBank, Report,
};
pub use rows::{Planned, Query, Rows};
pub use table::{Fitted, render_table};
pub use view::{Histories, View, Warn};
pub use xlsx::room_for as sheet_room_for;

/// One result, ready for any format. Its JSON is a tree built here
/// (`Value`, the default) or an object's text as served (`model::Raw`),
/// printed as it is either way.
pub struct Record<'a, J: serde::Serialize + ?Sized = Value> {
    /// What json and ndjson print.
    pub json: &'a J,
    /// The rows a table, tsv, csv and xlsx print (usually one; a bank's
    /// history one per rating record), in the printer's columns.
    pub rows: Vec<Vec<Cell<'a>>>,
}

pub struct Printer<W: Write> {
    kind: Printing<W>,
    /// Records written so far.
    pub count: u64,
}

enum Printing<W: Write> {
    /// Fitted on a sample, then streamed (see `sampled`).
    Table {
        out: W,
        table: Box<sampled::Sampled>,
    },
    Tsv {
        out: W,
        /// `--excel-safe-csv`.
        safe: bool,
    },
    Json {
        out: W,
    },
    /// JSON for `--jq` with an expression that takes the array apart
    /// first: each record filtered as it comes.
    JqEach {
        out: W,
        jq: std::sync::Arc<jq::Jq>,
    },
    /// JSON for `--jq`: the document is held (up to a limit), then
    /// filtered at the end.
    Jq {
        out: W,
        buf: Vec<u8>,
        jq: std::sync::Arc<jq::Jq>,
    },
    Ndjson {
        out: W,
    },
    Csv {
        writer: Box<csv::Writer<W>>,
        /// `--excel-safe-csv`.
        safe: bool,
    },
    /// The csv rows on a sheet, saved at the end.
    Xlsx {
        out: W,
        sheet: Box<xlsx::Sheet>,
    },
}

impl<W: Write> Printer<W> {
    /// A fact for a workbook's `About` sheet, learnt as the command ran
    /// (`due`: the banks it left out); nothing in other formats, which
    /// say it on standard error.
    pub fn note(&mut self, fact: about::Fact) {
        if let Printing::Xlsx { sheet, .. } = &mut self.kind {
            sheet.note(fact);
        }
    }

    /// A printer of the view's format writing `heads` to `out`. Headers
    /// (tsv, csv) are written at once, so an empty result still has its
    /// header row.
    pub fn new(heads: Vec<Head>, out: W, view: &View) -> Result<Printer<W>> {
        let kind = match view.format {
            Format::Table => Printing::Table {
                out,
                table: Box::new(sampled::Sampled::new(heads, view)),
            },
            Format::Tsv => {
                let mut out = out;
                write_tsv_row(&mut out, heads.iter().map(|h| &*h.header))?;
                Printing::Tsv {
                    out,
                    safe: view.excel_safe,
                }
            }
            Format::Json => match &view.jq {
                Some(jq) if jq.per_element() => Printing::JqEach {
                    out,
                    jq: jq.clone(),
                },
                Some(jq) => Printing::Jq {
                    out,
                    buf: b"[".to_vec(),
                    jq: jq.clone(),
                },
                None => {
                    let mut out = out;
                    out.write_all(b"[")?;
                    Printing::Json { out }
                }
            },
            Format::Ndjson => Printing::Ndjson { out },
            Format::Csv => {
                let mut writer = csv::WriterBuilder::new()
                    .terminator(csv::Terminator::CRLF)
                    .from_writer(out);
                writer.write_record(heads.iter().map(|h| &*h.name))?;
                Printing::Csv {
                    writer: Box::new(writer),
                    safe: view.excel_safe,
                }
            }
            Format::Xlsx if view.terminal => return Err(xlsx_to_terminal()),
            Format::Xlsx => Printing::Xlsx {
                out,
                sheet: Box::new(xlsx::Sheet::new(&heads, view)?),
            },
            Format::Html => {
                return Err(crate::error::CraError::usage(
                    "html is the report's format (cra report)",
                ));
            }
        };
        Ok(Printer { kind, count: 0 })
    }

    /// Whether it prints records' JSON (else their rows): a command may
    /// skip building what is not printed.
    pub fn prints_json(&self) -> bool {
        matches!(
            self.kind,
            Printing::Json { .. }
                | Printing::JqEach { .. }
                | Printing::Jq { .. }
                | Printing::Ndjson { .. }
        )
    }

    pub fn write<J: serde::Serialize + ?Sized>(&mut self, record: &Record<J>) -> Result<()> {
        match &mut self.kind {
            Printing::Table { out, table } => table.push(out, &record.rows)?,
            Printing::Tsv { out, safe } => {
                let text = if *safe {
                    Cell::spreadsheet_text
                } else {
                    Cell::as_text
                };
                for row in &record.rows {
                    let texts: Vec<std::borrow::Cow<str>> = row.iter().map(text).collect();
                    write_tsv_row(out, texts.iter().map(|t| &**t))?;
                }
            }
            Printing::Json { out } => {
                out.write_all(if self.count == 0 { b"\n" } else { b",\n" })?;
                serde_json::to_writer(&mut *out, record.json)?;
            }
            Printing::JqEach { out, jq } => jq.run_element(record.json, out)?,
            Printing::Jq { buf, jq, .. } => jq.hold(buf, record.json, jq::HOLD_LIMIT)?,
            Printing::Ndjson { out } => {
                serde_json::to_writer(&mut *out, record.json)?;
                out.write_all(b"\n")?;
            }
            Printing::Csv { writer, safe } => {
                let text = if *safe {
                    Cell::spreadsheet_text
                } else {
                    Cell::as_text
                };
                for row in &record.rows {
                    for cell in row {
                        writer.write_field(text(cell).as_bytes())?;
                    }
                    writer.write_record(None::<&[u8]>)?;
                }
            }
            Printing::Xlsx { sheet, .. } => {
                for row in &record.rows {
                    sheet.push(row)?;
                }
            }
        }
        self.count += 1;
        Ok(())
    }

    /// Writes what was held back (the table, the closing `]`) and flushes.
    pub fn finish(self) -> Result<W> {
        let mut out = match self.kind {
            Printing::Table { mut out, table } => {
                table.finish(&mut out)?;
                out
            }
            Printing::Tsv { out, .. } | Printing::Ndjson { out } | Printing::JqEach { out, .. } => {
                out
            }
            Printing::Json { mut out } => {
                out.write_all(if self.count == 0 { b"]\n" } else { b"\n]\n" })?;
                out
            }
            Printing::Jq {
                mut out,
                mut buf,
                jq,
            } => {
                buf.push(b']');
                jq.run(&buf, &mut out)?;
                out
            }
            Printing::Csv { writer, .. } => writer.into_inner().map_err(|e| e.into_error())?,
            Printing::Xlsx { mut out, sheet } => {
                sheet.save(&mut out)?;
                out
            }
        };
        out.flush()?;
        Ok(out)
    }
}

/// One JSON document on standard output (`show` of one bank): as a line of
/// JSON, or through `--jq` when one was given.
pub fn write_json_document(
    out: &mut impl Write,
    value: &(impl serde::Serialize + ?Sized),
    view: &View,
) -> Result<()> {
    match &view.jq {
        Some(jq) => jq.run(&serde_json::to_vec(value)?, out),
        None => {
            serde_json::to_writer(&mut *out, value)?;
            out.write_all(b"\n")?;
            Ok(())
        }
    }
}

/// A tsv line: tab-separated, never truncated; a tab, newline or backslash
/// inside a value is escaped (`\t`, `\n`, `\r`, `\\`) so every row stays one
/// line, and any other control character as `\u{1b}`, so no server text
/// can drive the terminal it is shown on.
fn write_tsv_row<'a>(
    out: &mut impl Write,
    cells: impl Iterator<Item = &'a str>,
) -> std::io::Result<()> {
    let mut line = String::new();
    for (i, cell) in cells.enumerate() {
        if i > 0 {
            line.push('\t');
        }
        for c in cell.chars() {
            match c {
                '\t' => line.push_str("\\t"),
                '\n' => line.push_str("\\n"),
                '\r' => line.push_str("\\r"),
                '\\' => line.push_str("\\\\"),
                c if crate::text::is_unsafe(c) => crate::text::push_control(&mut line, c),
                c => line.push(c),
            }
        }
    }
    line.push('\n');
    out.write_all(line.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    /// Two columns of each format: csv `id,name`, the table `NAME, CITY`.
    const TWO_ALL: &[Column<Value>] = &[
        Column::new("id", "ID", Kind::Id, Fit::Id { min: 8 }, |_| {
            Cell::text("id")
        }),
        Column::new(
            "name",
            "NAME",
            Kind::Text,
            Fit::Shorten { rank: 0, min: 16 },
            |v| Cell::text(v["name"].as_str().unwrap_or("")),
        ),
    ];
    const TWO_TABLE: &[Column<Value>] = &[Column::new(
        "city",
        "CITY",
        Kind::Text,
        Fit::Shorten { rank: 1, min: 8 },
        |_| Cell::text("C\tX"),
    )];
    const TWO: Columns<Value> = Columns::new(TWO_ALL, &["name", "city"]).with_table_only(TWO_TABLE);

    fn heads(names: &[&'static str], kind: Kind) -> Vec<Head> {
        names
            .iter()
            .map(|name| Head {
                name: (*name).into(),
                header: (*name).into(),
                short: None,
                kind,
                fit: Fit::Shorten { rank: 0, min: 8 },
                prefer: None,
            })
            .collect()
    }

    fn print(format: Format, values: &[Value]) -> String {
        let view = View::piped().with_format(format);
        let shape = TWO.shape(format, &[]).unwrap();
        let mut printer = Printer::new(shape.heads(), Vec::new(), &view).unwrap();
        for v in values {
            printer
                .write(&Record {
                    json: v,
                    rows: vec![shape.cells(v)],
                })
                .unwrap();
        }
        String::from_utf8(printer.finish().unwrap()).unwrap()
    }

    #[test]
    fn json_is_an_array_even_when_empty() {
        assert_eq!(print(Format::Json, &[]), "[]\n");
        let out = print(
            Format::Json,
            &[json!({"name": "A", "x": 1}), json!({"name": "B"})],
        );
        let back: Vec<Value> = serde_json::from_str(&out).unwrap();
        assert_eq!(
            back,
            vec![json!({"name": "A", "x": 1}), json!({"name": "B"})]
        );
    }

    #[test]
    fn server_text_cannot_drive_the_terminal() {
        assert_eq!(inert("PLAIN BANK"), "PLAIN BANK");
        assert_eq!(inert("EVIL\x1b[2J\x07BANK"), "EVIL\\u{1b}[2J\\u{7}BANK");
        let mut tsv = Vec::new();
        write_tsv_row(&mut tsv, ["A\x1b]0;title\x07", "B\u{9b}"].into_iter()).unwrap();
        let tsv = String::from_utf8(tsv).unwrap();
        assert!(
            !tsv.chars()
                .any(|c| c.is_control() && c != '\t' && c != '\n'),
            "{tsv:?}"
        );
        assert_eq!(tsv, "A\\u{1b}]0;title\\u{7}\tB\\u{9b}\n");
        for terminal in [true, false] {
            let view = View {
                format: Format::Table,
                terminal,
                color: false,
                width: Some(80),
                ..View::piped()
            };
            let name = heads(&["NAME"], Kind::Text);
            let table = render_table(&name, &[vec!["X\x1b[31mY".into()]], &[false], &view);
            assert!(!table.to_string().contains('\x1b'), "{table}");
        }
    }

    #[test]
    fn tsv_escapes_and_keeps_header() {
        let out = print(Format::Tsv, &[json!({"name": "A"})]);
        let mut lines = out.lines();
        assert_eq!(lines.next().unwrap(), "NAME\tCITY");
        assert_eq!(lines.next().unwrap(), "A\tC\\tX");
    }

    #[test]
    fn csv_quotes_commas() {
        let out = print(Format::Csv, &[json!({"name": "BANK, N.A."})]);
        assert!(out.starts_with("id,name\r\n"));
        assert!(out.contains("id,\"BANK, N.A.\"\r\n"));
    }

    #[test]
    fn changes_get_arrows_and_colours_on_a_terminal_only() {
        let rows = vec![vec!["upgrade".to_string()], vec!["first".to_string()]];
        let change = heads(&["CHANGE"], Kind::Change);
        let terminal =
            render_table(&change, &rows, &[false], &View::terminal(80, true)).to_string();
        assert!(terminal.contains("↑ upgrade"), "{terminal}");
        assert!(terminal.contains("\x1b["), "coloured: {terminal:?}");
        let piped = render_table(&change, &rows, &[false], &View::piped()).to_string();
        assert!(piped.contains("upgrade") && !piped.contains('↑'), "{piped}");
        assert!(!piped.contains('\x1b'), "{piped:?}");
    }

    #[test]
    fn a_printer_runs_against_a_buffer_in_both_modes() {
        use crate::io::Io;
        for (view, bordered) in [(View::terminal(80, false), true), (View::piped(), false)] {
            let (io, out, captured) = Io::test(view);
            let shape = TWO.shape(out.view().format, &[]).unwrap();
            let mut printer = out.printer(shape.heads()).unwrap();
            let json = json!({"name": "A"});
            printer
                .write(&Record {
                    json: &json,
                    rows: vec![shape.cells(&json)],
                })
                .unwrap();
            printer.finish().unwrap();
            io.warn("a warning");
            let out = captured.stdout();
            assert_eq!(out.contains('─'), bordered, "{out}");
            assert!(out.contains("NAME"), "{out}");
            assert_eq!(captured.stderr(), "cra: warning: a warning\n");
        }
    }

    proptest! {
        /// Through comfy-table itself: whatever the cells and the width, no
        /// line is wider than the terminal (unless the ID alone is), and
        /// every ID is printed whole on its row.
        #[test]
        fn a_fitted_table_fits_with_ids_whole(
            rows in proptest::collection::vec(
                ("\\PC{0,40}", "[a-zA-Z ]{0,20}", "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{12}"),
                1..6,
            ),
            width in 20usize..220,
        ) {
            use unicode_width::UnicodeWidthStr;
            let rows: Vec<Vec<String>> = rows
                .into_iter()
                .map(|(name, city, id)| vec![name, city, "Satisfactory".into(), id])
                .collect();
            let view = View::terminal(width, false);
            let fits = [
                Fit::Shorten { rank: 1, min: 16 },
                Fit::Shorten { rank: 3, min: 10 },
                Fit::Keep { rank: 2 },
                Fit::Whole,
            ];
            let heads: Vec<Head> = ["NAME", "CITY", "RATING", "ID"]
                .iter()
                .zip(fits)
                .map(|(name, fit)| Head { name: (*name).into(), header: (*name).into(), short: None, kind: Kind::Text, fit, prefer: None })
                .collect();
            let fitted = render_table(&heads, &rows, &[false; 4], &view);
            for note in &fitted.notes {
                prop_assert!(note.width() <= width.max(40), "{}", note);
            }
            let text = fitted.table.to_string();
            let lines: Vec<&str> = text.lines().collect();
            prop_assert_eq!(lines.len(), rows.len() + 2, "{}", text);
            let id_only = 1 + 26 + 1;
            for line in &lines {
                prop_assert!(line.width() <= width.max(id_only), "{} > {}:\n{}", line.width(), width, text);
            }
            for (line, row) in lines[2..].iter().zip(&rows) {
                prop_assert!(line.contains(&row[3]), "{}", text);
            }
        }

        /// With the id giving way: every row shows a prefix of its id of at
        /// least 8 characters, no two rows the same prefix.
        #[test]
        fn ids_give_way_to_unique_prefixes(
            rows in proptest::collection::vec(
                ("[A-Z ]{0,30}", "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{12}"),
                1..8,
            ),
            width in 20usize..120,
        ) {
            let rows: Vec<Vec<String>> = rows.into_iter().map(|(name, id)| vec![name, id]).collect();
            let fits = [Fit::Shorten { rank: 1, min: 10 }, Fit::Id { min: 8 }];
            let heads: Vec<Head> = ["NAME", "ID"]
                .iter()
                .zip(fits)
                .map(|(name, fit)| Head { name: (*name).into(), header: (*name).into(), short: None, kind: Kind::Text, fit, prefer: None })
                .collect();
            let text = render_table(&heads, &rows, &[false; 2], &View::terminal(width, false))
                .table
                .to_string();
            let shown: Vec<&str> = text
                .lines()
                .skip(2)
                .map(|line| line.split_whitespace().last().unwrap_or(""))
                .collect();
            for (prefix, row) in shown.iter().zip(&rows) {
                prop_assert!(prefix.len() >= 8 && row[1].starts_with(prefix), "{} / {}", prefix, row[1]);
            }
            let distinct_ids: std::collections::HashSet<&String> = rows.iter().map(|r| &r[1]).collect();
            let distinct_shown: std::collections::HashSet<&&str> = shown.iter().collect();
            prop_assert_eq!(distinct_ids.len(), distinct_shown.len());
        }

        #[test]
        fn tsv_row_is_always_one_line(cells in proptest::collection::vec("\\PC*|[\t\n\r\\\\a]*", 1..6)) {
            let mut out = Vec::new();
            write_tsv_row(&mut out, cells.iter().map(String::as_str)).unwrap();
            let text = String::from_utf8(out).unwrap();
            prop_assert_eq!(text.matches('\n').count(), 1);
            prop_assert_eq!(text.trim_end_matches('\n').split('\t').count(), cells.len());
        }
    }
}
