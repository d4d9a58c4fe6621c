//! Printers: table, tsv, json, ndjson and csv, all fed the same records.
//!
//! A command turns each result into a `Record` (the JSON as served, the
//! table cells, the CSV cells) and hands it to a `Printer`; the printer alone
//! decides how it looks. Every printer but the table streams: a record is
//! written as soon as it arrives.

use std::io::Write;

use anyhow::Result;
use comfy_table::{
    Attribute, Cell, Color, ContentArrangement, LineStyle, Table, TableStyle, presets,
};
use serde_json::Value;

use crate::domain::Format;
use crate::io::Io;

mod fit;
pub mod jq;
mod records;
pub use fit::{Fit, shorten};
pub use records::{bank_record, history_record};

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
    // What a person scans for first: the name, its rating, where it is.
    fit: &[
        Fit::Shorten { rank: 1, min: 16 },
        Fit::Shorten { rank: 4, min: 10 },
        Fit::Keep { rank: 3 },
        Fit::Keep { rank: 6 },
        Fit::Keep { rank: 2 },
        Fit::Keep { rank: 5 },
        Fit::Keep { rank: 7 },
        Fit::Whole,
    ],
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
        Fit::Whole,
        Fit::Shorten { rank: 1, min: 16 },
        Fit::Shorten { rank: 6, min: 10 },
        Fit::Keep { rank: 5 },
        Fit::Keep { rank: 7 },
        Fit::Keep { rank: 2 },
        Fit::Keep { rank: 3 },
        Fit::Keep { rank: 8 },
        Fit::Keep { rank: 4 },
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
pub fn default_format(io: &Io) -> Format {
    if io.stdout_tty {
        Format::Table
    } else {
        Format::Tsv
    }
}

pub struct Printer<W: Write> {
    kind: Kind<W>,
    layout: Layout,
    /// Records written so far.
    pub count: u64,
}

enum Kind<W: Write> {
    Table {
        out: W,
        rows: Vec<Vec<String>>,
        view: View,
    },
    Tsv {
        out: W,
    },
    Json {
        out: W,
    },
    /// JSON for `--jq`: the document is held, then filtered at the end.
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
}

impl<W: Write> Printer<W> {
    /// A printer of `format` writing to `out`. Headers (tsv, csv) are written
    /// at once, so an empty result still has its header row.
    pub fn new(format: Format, layout: Layout, out: W, io: &Io) -> Result<Printer<W>> {
        let kind = match format {
            Format::Table => Kind::Table {
                out,
                rows: Vec::new(),
                view: View::of(io),
            },
            Format::Tsv => {
                let mut out = out;
                write_tsv_row(&mut out, layout.table.iter().copied())?;
                Kind::Tsv { out }
            }
            Format::Json => match &io.jq {
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
        };
        Ok(Printer {
            kind,
            layout,
            count: 0,
        })
    }

    pub fn write(&mut self, record: &Record) -> Result<()> {
        match &mut self.kind {
            Kind::Table { rows, .. } => rows.extend(record.table.iter().cloned()),
            Kind::Tsv { out } => {
                for row in &record.table {
                    write_tsv_row(out, row.iter().map(String::as_str))?;
                }
            }
            Kind::Json { out } => {
                out.write_all(if self.count == 0 { b"\n" } else { b",\n" })?;
                serde_json::to_writer(&mut *out, record.json)?;
            }
            Kind::Jq { buf, .. } => {
                if self.count > 0 {
                    buf.push(b',');
                }
                serde_json::to_writer(&mut *buf, record.json)?;
            }
            Kind::Ndjson { out } => {
                serde_json::to_writer(&mut *out, record.json)?;
                out.write_all(b"\n")?;
            }
            Kind::Csv { writer } => {
                for row in &record.csv {
                    writer.write_record(row)?;
                }
            }
        }
        self.count += 1;
        Ok(())
    }

    /// Writes what was held back (the table, the closing `]`) and flushes.
    pub fn finish(self) -> Result<W> {
        let mut out = match self.kind {
            Kind::Table {
                mut out,
                rows,
                view,
            } => {
                if !rows.is_empty() {
                    let table = render_table(self.layout.table, self.layout.fit, &rows, view);
                    writeln!(out, "{table}")?;
                }
                out
            }
            Kind::Tsv { out } | Kind::Ndjson { out } => out,
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
        };
        out.flush()?;
        Ok(out)
    }
}

/// One JSON document on standard output (`show` of one bank): as a line of
/// JSON, or through `--jq` when one was given.
pub fn write_json_document(out: &mut impl Write, value: &Value, io: &Io) -> Result<()> {
    match &io.jq {
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
                c if c.is_control() => push_control(&mut line, c),
                c => line.push(c),
            }
        }
    }
    line.push('\n');
    out.write_all(line.as_bytes())
}

/// A control character as `\u{XX}`, visible and inert.
fn push_control(out: &mut String, c: char) {
    out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
}

/// `text` with its control characters (escape sequences, bells, newlines)
/// made visible and inert as `\u{1b}`: for server text shown to a person.
pub fn inert(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            push_control(&mut out, c);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// On a terminal: one rule under the header, none between rows.
const TERMINAL_STYLE: TableStyle =
    TableStyle::new().header_separator(LineStyle::none().fill('─').junction('─'));

/// Display columns each table column takes beyond its text: comfy-table's
/// padding of one space on either side and a one-space separator. The
/// first column has no separator, which `render_table` adds back to the
/// width available.
const COLUMN_PADDING: usize = 3;

/// Where a table is shown: decided once from `Io`.
#[derive(Debug, Clone, Copy)]
pub struct View {
    /// Standard output is a terminal: borders, and fitted to `width`.
    pub terminal: bool,
    pub color: bool,
    /// The terminal's width, when it says.
    pub width: Option<usize>,
}

impl View {
    pub fn of(io: &Io) -> View {
        View {
            terminal: io.stdout_tty,
            color: io.color,
            width: io.width,
        }
    }
}

/// A comfy-table: borders only on a terminal, colour only when asked for.
/// On a terminal of known width it fits that width without wrapping a
/// cell: columns are shortened and dropped as `fits` says (see `fit`).
pub fn render_table(header: &[&str], fits: &[Fit], rows: &[Vec<String>], view: View) -> Table {
    // Server text is made inert before it is measured, so that the width
    // counted is the width shown.
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|row| row.iter().map(|c| inert(c).into_owned()).collect())
        .collect();
    let default_fits: Vec<Fit>;
    let fits = if fits.len() == header.len() {
        fits
    } else {
        default_fits = header
            .iter()
            .enumerate()
            .map(|(i, h)| match h.to_ascii_lowercase() {
                // `sql`'s columns are SQLite's names: `id`, `bank_id`.
                h if h == "id" || h.ends_with("_id") || h.ends_with(" id") => Fit::Whole,
                _ => Fit::Shorten {
                    rank: u8::try_from(i).unwrap_or(u8::MAX),
                    min: u8::try_from(fit::width(h).max(8)).unwrap_or(u8::MAX),
                },
            })
            .collect();
        &default_fits
    };
    let natural: Vec<usize> = (0..header.len())
        .map(|i| {
            rows.iter()
                .filter_map(|row| row.get(i))
                .map(|c| fit::width(c))
                .chain([fit::width(header[i])])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let widths: Vec<Option<usize>> = match (view.terminal, view.width) {
        (true, Some(width)) => fit::fit(&natural, fits, width + 1, COLUMN_PADDING),
        _ => natural.iter().copied().map(Some).collect(),
    };
    let shown: Vec<(usize, usize)> = widths
        .iter()
        .enumerate()
        .filter_map(|(i, w)| w.map(|w| (i, w)))
        .collect();

    let mut table = Table::new();
    table.load_style(if view.terminal {
        TERMINAL_STYLE
    } else {
        presets::NOTHING
    });
    // Cells are cut to fit beforehand; comfy-table must not wrap them again.
    table.set_content_arrangement(ContentArrangement::Disabled);
    if view.color {
        table.enforce_styling();
    } else {
        table.force_no_tty();
    }
    let rating_column = header.iter().position(|h| *h == "RATING");
    let change_column = header.iter().position(|h| *h == "CHANGE");
    table.set_header(shown.iter().map(|&(i, w)| {
        let cell = Cell::new(fit::shorten(header[i], w));
        if view.color {
            cell.add_attribute(Attribute::Bold)
        } else {
            cell
        }
    }));
    for row in &rows {
        table.add_row(shown.iter().map(|&(i, w)| {
            let text = row.get(i).map_or("", String::as_str);
            let cell = Cell::new(fit::shorten(text, w));
            let hue = if !view.color {
                None
            } else if Some(i) == rating_column {
                rating_color(text)
            } else if Some(i) == change_column {
                change_color(text)
            } else {
                None
            };
            match hue {
                Some(c) => cell.fg(c),
                None => cell,
            }
        }));
    }
    table
}

/// The colour of an upgrade or a downgrade in `cra changes` (the cell
/// also carries an arrow, for readers without colour).
fn change_color(change: &str) -> Option<Color> {
    match change.rsplit(' ').next() {
        Some("upgrade") => Some(Color::Green),
        Some("downgrade") => Some(Color::Red),
        _ => None,
    }
}

/// The colour of a rating, wherever ratings are shown (tables, charts).
pub fn rating_color(rating: &str) -> Option<Color> {
    match rating {
        "Outstanding" => Some(Color::Green),
        "Needs to Improve" => Some(Color::Yellow),
        "Substantial Noncompliance" => Some(Color::Red),
        _ => None,
    }
}

/// Groups digits: 18986 → `18,986`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn io(tty: bool) -> Io {
        Io {
            stdout_tty: tty,
            stderr_tty: tty,
            color: false,
            color_stderr: false,
            quiet: false,
            verbose: false,
            jq: None,
            width: None,
        }
    }

    const TWO: Layout = Layout {
        table: &["NAME", "CITY"],
        csv: &["id", "name"],
        fit: &[],
    };

    fn print(format: Format, values: &[Value]) -> String {
        let mut printer = Printer::new(format, TWO, Vec::new(), &io(false)).unwrap();
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
            };
            let table = render_table(&["NAME"], &[], &[vec!["X\x1b[31mY".into()]], view);
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
    fn thousands_groups() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(18986), "18,986");
        assert_eq!(thousands(1234567), "1,234,567");
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
            let view = View { terminal: true, color: false, width: Some(width) };
            let fits = [
                Fit::Shorten { rank: 1, min: 16 },
                Fit::Shorten { rank: 3, min: 10 },
                Fit::Keep { rank: 2 },
                Fit::Whole,
            ];
            let text = render_table(&["NAME", "CITY", "RATING", "ID"], &fits, &rows, view)
                .to_string();
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
