//! Printers: table, tsv, json, ndjson, csv and xlsx, all fed the same records.
//!
//! A command turns each result into a `Record` (the JSON as served, the
//! table cells, the CSV cells) and hands it to a `Printer`; the printer alone
//! decides how it looks. Every printer but the table streams: a record is
//! written as soon as it arrives.

use std::io::Write;

use anyhow::Result;
use serde_json::Value;

use crate::domain::Format;

pub mod chart;
pub mod columns;
mod dest;
mod fit;
pub mod jq;
mod more;
mod records;
pub mod report;
mod sampled;
mod table;
mod view;
mod xlsx;
pub use crate::text::{inert, shorten, thousands};
pub use dest::{format_for_file, format_for_path, xlsx_to_terminal};
pub use fit::Fit;
pub use records::{bank_record, history_record};
pub use table::{Fitted, Role, rating_color, render_table};
pub use view::View;

/// Column headers of one kind of record.
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    /// Table and tsv header.
    pub table: &'static [&'static str],
    /// CSV header.
    pub csv: &'static [&'static str],
    /// How each table column gives way on a narrow terminal, in the order
    /// of `table` (empty: left to right in falling importance, a column
    /// named ID kept whole).
    pub fit: &'static [Fit],
    /// What each table column holds, in the order of `table` (empty, or
    /// fewer: text).
    pub roles: &'static [Role],
}

/// A bank as listed.
pub const BANK_LIST: Layout = Layout {
    table: &[
        "NAME",
        "CITY",
        "ST",
        "REGULATOR",
        "RATING",
        "EXAM DATE",
        "EXAM TYPE",
        "ID",
    ],
    csv: &[
        "id",
        "name",
        "city",
        "state",
        "regulator",
        "rating",
        "exam_date",
        "exam_type",
    ],
    // The answer: the name, its rating and when it was given; then where
    // the bank is (two banks of one name differ by their city).
    fit: &[
        Fit::Shorten { rank: 0, min: 16 },
        Fit::Shorten { rank: 3, min: 10 },
        Fit::Keep { rank: 4 },
        Fit::Keep { rank: 6 },
        Fit::Rating { rank: 1 },
        Fit::Keep { rank: 2 },
        Fit::Keep { rank: 5 },
        Fit::Id { min: 8 },
    ],
    roles: &[Role::Text, Role::Text, Role::Text, Role::Text, Role::Rating],
};

/// One rating record of a bank's history.
pub const RATING_HISTORY: Layout = Layout {
    table: &[
        "ID",
        "NAME",
        "CITY",
        "ST",
        "REGULATOR",
        "EXAM DATE",
        "RATING",
        "EXAM TYPE",
        "CURRENT",
    ],
    csv: &[
        "id",
        "name",
        "city",
        "state",
        "regulator",
        "exam_date",
        "rating",
        "exam_type",
        "is_current",
    ],
    fit: &[
        Fit::Id { min: 8 },
        Fit::Shorten { rank: 1, min: 16 },
        Fit::Shorten { rank: 6, min: 10 },
        Fit::Keep { rank: 5 },
        Fit::Keep { rank: 7 },
        Fit::Keep { rank: 2 },
        Fit::Rating { rank: 3 },
        Fit::Keep { rank: 8 },
        Fit::Keep { rank: 4 },
    ],
    roles: &[
        Role::Text,
        Role::Text,
        Role::Text,
        Role::Text,
        Role::Text,
        Role::Text,
        Role::Rating,
    ],
};

/// One result, ready for any format.
pub struct Record<'a> {
    /// What json and ndjson print, as served.
    pub json: &'a Value,
    /// Table/tsv rows (usually one).
    pub table: Vec<Vec<String>>,
    /// CSV rows (one, or one per rating record).
    pub csv: Vec<Vec<String>>,
}

/// The format to use when none was asked for: a table for a person, tsv
/// for a pipe.
pub fn default_format(view: &View) -> Format {
    if view.terminal {
        Format::Table
    } else {
        Format::Tsv
    }
}

pub struct Printer<W: Write> {
    kind: Kind<W>,
    /// Records written so far.
    pub count: u64,
}

enum Kind<W: Write> {
    /// Fitted on a sample, then streamed (see `sampled`).
    Table {
        out: W,
        table: Box<sampled::Sampled>,
    },
    Tsv {
        out: W,
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
    },
    /// The csv rows on a sheet, saved at the end.
    Xlsx {
        out: W,
        sheet: Box<xlsx::Sheet>,
    },
}

impl<W: Write> Printer<W> {
    /// A printer of `format` writing to `out`. Headers (tsv, csv) are written
    /// at once, so an empty result still has its header row.
    pub fn new(format: Format, layout: Layout, out: W, view: &View) -> Result<Printer<W>> {
        let kind = match format {
            Format::Table => Kind::Table {
                out,
                table: Box::new(sampled::Sampled::new(layout, view)),
            },
            Format::Tsv => {
                let mut out = out;
                write_tsv_row(&mut out, layout.table.iter().copied())?;
                Kind::Tsv { out }
            }
            Format::Json => match &view.jq {
                Some(jq) if jq.per_element() => Kind::JqEach {
                    out,
                    jq: jq.clone(),
                },
                Some(jq) => Kind::Jq {
                    out,
                    buf: b"[".to_vec(),
                    jq: jq.clone(),
                },
                None => {
                    let mut out = out;
                    out.write_all(b"[")?;
                    Kind::Json { out }
                }
            },
            Format::Ndjson => Kind::Ndjson { out },
            Format::Csv => {
                let mut writer = csv::WriterBuilder::new()
                    .terminator(csv::Terminator::CRLF)
                    .from_writer(out);
                writer.write_record(layout.csv)?;
                Kind::Csv {
                    writer: Box::new(writer),
                }
            }
            Format::Xlsx if view.terminal => return Err(xlsx_to_terminal()),
            Format::Xlsx => Kind::Xlsx {
                out,
                sheet: Box::new(xlsx::Sheet::new(layout.csv)?),
            },
        };
        Ok(Printer { kind, count: 0 })
    }

    pub fn write(&mut self, record: &Record) -> Result<()> {
        match &mut self.kind {
            Kind::Table { out, table } => table.push(out, &record.table)?,
            Kind::Tsv { out } => {
                for row in &record.table {
                    write_tsv_row(out, row.iter().map(String::as_str))?;
                }
            }
            Kind::Json { out } => {
                out.write_all(if self.count == 0 { b"\n" } else { b",\n" })?;
                serde_json::to_writer(&mut *out, record.json)?;
            }
            Kind::JqEach { out, jq } => jq.run_element(record.json, out)?,
            Kind::Jq { buf, jq, .. } => jq.hold(buf, record.json, jq::HOLD_LIMIT)?,
            Kind::Ndjson { out } => {
                serde_json::to_writer(&mut *out, record.json)?;
                out.write_all(b"\n")?;
            }
            Kind::Csv { writer } => {
                for row in &record.csv {
                    writer.write_record(row)?;
                }
            }
            Kind::Xlsx { sheet, .. } => {
                for row in &record.csv {
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
            Kind::Table { mut out, table } => {
                table.finish(&mut out)?;
                out
            }
            Kind::Tsv { out } | Kind::Ndjson { out } | Kind::JqEach { out, .. } => out,
            Kind::Json { mut out } => {
                out.write_all(if self.count == 0 { b"]\n" } else { b"\n]\n" })?;
                out
            }
            Kind::Jq {
                mut out,
                mut buf,
                jq,
            } => {
                buf.push(b']');
                jq.run(&buf, &mut out)?;
                out
            }
            Kind::Csv { writer } => writer.into_inner().map_err(|e| e.into_error())?,
            Kind::Xlsx { mut out, sheet } => {
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
pub fn write_json_document(out: &mut impl Write, value: &Value, view: &View) -> Result<()> {
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

    const TWO: Layout = Layout {
        table: &["NAME", "CITY"],
        csv: &["id", "name"],
        fit: &[],
        roles: &[],
    };

    fn print(format: Format, values: &[Value]) -> String {
        let mut printer = Printer::new(format, TWO, Vec::new(), &View::piped()).unwrap();
        for v in values {
            let name = v["name"].as_str().unwrap().to_string();
            printer
                .write(&Record {
                    json: v,
                    table: vec![vec![name.clone(), "C\tX".into()]],
                    csv: vec![vec!["id".into(), name]],
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
                terminal,
                color: false,
                width: Some(80),
                jq: None,
            };
            let table = render_table(&["NAME"], &[], &[], &[vec!["X\x1b[31mY".into()]], &view);
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
        let roles = [Role::Change];
        let terminal =
            render_table(&["CHANGE"], &[], &roles, &rows, &View::terminal(80, true)).to_string();
        assert!(terminal.contains("↑ upgrade"), "{terminal}");
        assert!(terminal.contains("\x1b["), "coloured: {terminal:?}");
        let piped = render_table(&["CHANGE"], &[], &roles, &rows, &View::piped()).to_string();
        assert!(piped.contains("upgrade") && !piped.contains('↑'), "{piped}");
        assert!(!piped.contains('\x1b'), "{piped:?}");
    }

    #[test]
    fn a_printer_runs_against_a_buffer_in_both_modes() {
        use crate::io::Io;
        for (view, bordered) in [(View::terminal(80, false), true), (View::piped(), false)] {
            let (io, captured) = Io::test(view);
            let format = default_format(&io.view);
            let mut printer = Printer::new(format, TWO, io.stdout(), &io.view).unwrap();
            printer
                .write(&Record {
                    json: &json!({"name": "A"}),
                    table: vec![vec!["A".into(), "B".into()]],
                    csv: vec![],
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
            let fitted = render_table(&["NAME", "CITY", "RATING", "ID"], &fits, &[], &rows, &view);
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
            let text = render_table(&["NAME", "ID"], &fits, &[], &rows, &View::terminal(width, false))
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
