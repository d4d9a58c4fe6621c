//! A column is one value: its csv and json name, its table header, how it
//! gives way on a narrow terminal, what kind of cell it holds, and the
//! function that reads that cell from a row. A command's columns are one
//! list of them ([`Columns`]); table, tsv, csv, xlsx, json objects and
//! `--columns` all read that list, so adding a column is one definition
//! and its place in the list.
//!
//! The order csv shows is the list's; a table may show another order (the
//! answer first: a bank's name before its id), given by name.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::Fit;
use super::cell::Cell;
use crate::domain::Format;

/// What a column holds, for how a printer shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Text,
    /// An identifier: text, kept whole in files.
    Id,
    /// A rating: coloured by the one palette on a terminal.
    Rating,
    /// `upgrade`, `downgrade`...: an arrow and a colour on a terminal.
    Change,
    Date,
    /// A count or an amount: right-aligned, grouped by thousands on a
    /// table.
    Count,
    /// A number that is not an amount (a year, a number that names
    /// something): right-aligned, never grouped.
    Number,
    Bool,
    /// A query's column (`sql`): any cell; whole numbers grouped by
    /// thousands on a table.
    Any,
}

impl Kind {
    /// Whether a table groups its numbers' digits by thousands.
    pub fn groups_digits(self) -> bool {
        matches!(self, Kind::Count | Kind::Any)
    }
}

/// A column as printers see it: no row type, so that a query's columns
/// (`sql`, known only when it runs) are columns too.
#[derive(Debug, Clone, PartialEq)]
pub struct Head {
    /// Its name in csv headers, json keys and `--columns`.
    pub name: Cow<'static, str>,
    /// Its table and tsv header.
    pub header: Cow<'static, str>,
    pub kind: Kind,
    pub fit: Fit,
}

impl Head {
    /// A column of a query's result: its kind and fit guessed from its name
    /// (`id` and `*_id` are identifiers, `*rating` ratings, `*date*` dates
    /// a cut would falsify, a year or a code never grouped), `at` its place.
    pub fn guessed(name: &str, at: usize) -> Head {
        let lower = name.to_ascii_lowercase();
        let rank = u8::try_from(at).unwrap_or(u8::MAX);
        let ends = |suffix: &str| lower == suffix || lower.ends_with(&format!("_{suffix}"));
        let (kind, fit) = if ends("id") || lower.ends_with(" id") {
            (Kind::Id, Fit::Id { min: 8 })
        } else if ends("rating") {
            (Kind::Rating, Fit::Rating { rank })
        } else if lower.contains("date") {
            (Kind::Date, Fit::Keep { rank })
        } else {
            let named = [
                "year", "cert", "rssd", "charter", "docket", "code", "zip", "seq",
            ]
            .iter()
            .any(|word| lower.contains(word));
            let min = u8::try_from(crate::text::width(name).max(8)).unwrap_or(u8::MAX);
            (
                if named { Kind::Number } else { Kind::Any },
                Fit::Shorten { rank, min },
            )
        };
        Head {
            name: Cow::Owned(name.to_string()),
            header: Cow::Owned(name.to_string()),
            kind,
            fit,
        }
    }
}

/// One column of rows of type `R`.
pub struct Column<R: 'static> {
    pub name: &'static str,
    pub header: &'static str,
    pub kind: Kind,
    pub fit: Fit,
    /// Reads the cell from a row.
    pub get: for<'r> fn(&'r R) -> Cell<'r>,
}

impl<R> Column<R> {
    pub const fn new(
        name: &'static str,
        header: &'static str,
        kind: Kind,
        fit: Fit,
        get: for<'r> fn(&'r R) -> Cell<'r>,
    ) -> Column<R> {
        Column {
            name,
            header,
            kind,
            fit,
            get,
        }
    }

    pub fn head(&self) -> Head {
        Head {
            name: Cow::Borrowed(self.name),
            header: Cow::Borrowed(self.header),
            kind: self.kind,
            fit: self.fit,
        }
    }
}

/// A command's columns.
pub struct Columns<R: 'static> {
    /// Every column, in the order csv, xlsx and json objects show them;
    /// the names `--columns` takes.
    pub all: &'static [Column<R>],
    /// The table's (and tsv's) columns by name, in its order.
    pub table: &'static [&'static str],
    /// Columns only the table shows (a summary of others), by the names
    /// `table` gives them.
    pub table_only: &'static [Column<R>],
    /// Columns shown only when asked for (`--columns`, `--enriched`):
    /// the public record's.
    pub extra: &'static [Column<R>],
}

impl<R> Columns<R> {
    pub const fn new(all: &'static [Column<R>], table: &'static [&'static str]) -> Columns<R> {
        Columns {
            all,
            table,
            table_only: &[],
            extra: &[],
        }
    }

    /// The same, with columns shown only when asked for.
    pub const fn with_extra(self, extra: &'static [Column<R>]) -> Columns<R> {
        Columns { extra, ..self }
    }

    /// The names `--columns` accepts, in csv order.
    pub fn names(&self) -> Vec<&'static str> {
        self.all.iter().map(|c| c.name).collect()
    }

    fn named(&self, name: &str) -> Option<&'static Column<R>> {
        self.all
            .iter()
            .chain(self.table_only)
            .find(|c| c.name == name)
    }

    /// The columns `format` shows: those `wanted` (`--columns`, in its
    /// order, each once) or else the format's own (the table's order for a
    /// table and tsv, csv's for the others). An unknown name is an error
    /// listing the valid ones.
    pub fn shape(&self, format: Format, wanted: &[String]) -> Result<Shape<R>, String> {
        if !wanted.is_empty() {
            let mut columns: Vec<&'static Column<R>> = Vec::new();
            for name in wanted {
                let name = name.trim().to_ascii_lowercase();
                let Some(column) = self.all.iter().chain(self.extra).find(|c| c.name == name)
                else {
                    let names: Vec<&str> =
                        self.all.iter().chain(self.extra).map(|c| c.name).collect();
                    return Err(format!(
                        "'{}' is not a column; use {}",
                        crate::text::shorten(&name, 40),
                        names.join(", ")
                    ));
                };
                if !columns.iter().any(|c| std::ptr::eq(*c, column)) {
                    columns.push(column);
                }
            }
            return Ok(Shape { columns });
        }
        let columns = match format {
            Format::Table | Format::Tsv => self
                .table
                .iter()
                .map(|name| self.named(name).expect("a table column is defined"))
                .collect(),
            _ => self.all.iter().collect(),
        };
        Ok(Shape { columns })
    }

    /// [`Columns::shape`], and with `enriched` every extra column after
    /// those (each once).
    pub fn shape_enriched(
        &self,
        format: Format,
        wanted: &[String],
        enriched: bool,
    ) -> Result<Shape<R>, String> {
        let mut shape = self.shape(format, wanted)?;
        if enriched {
            for column in self.extra {
                if !shape.columns.iter().any(|c| std::ptr::eq(*c, column)) {
                    shape.columns.push(column);
                }
            }
        }
        Ok(shape)
    }

    /// Whether `shape` shows an extra column (its rows then need what it
    /// reads).
    pub fn shows_extra(&self, shape: &Shape<R>) -> bool {
        shape
            .columns
            .iter()
            .any(|c| self.extra.iter().any(|e| std::ptr::eq(*c, e)))
    }

    /// The row as a json object of every column, in csv order, numbers as
    /// numbers and nothing as null (for the answers `cra` builds itself;
    /// a bank as served is printed as served).
    pub fn json(&self, row: &R) -> Value {
        Value::Object(
            self.all
                .iter()
                .map(|c| (c.name.to_string(), (c.get)(row).to_json()))
                .collect::<Map<String, Value>>(),
        )
    }
}

/// The columns one run shows, in their order.
pub struct Shape<R: 'static> {
    columns: Vec<&'static Column<R>>,
}

impl<R> Shape<R> {
    pub fn heads(&self) -> Vec<Head> {
        self.columns.iter().map(|c| c.head()).collect()
    }

    /// The row's cells, in the shape's order.
    pub fn cells<'r>(&self, row: &'r R) -> Vec<Cell<'r>> {
        self.columns.iter().map(|c| (c.get)(row)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Row {
        name: &'static str,
        n: u64,
    }

    const ALL: &[Column<Row>] = &[
        Column::new(
            "name",
            "NAME",
            Kind::Text,
            Fit::Shorten { rank: 0, min: 8 },
            |r| Cell::text(r.name),
        ),
        Column::new("count", "COUNT", Kind::Count, Fit::Keep { rank: 1 }, |r| {
            Cell::count(r.n)
        }),
    ];
    const EXTRA: &[Column<Row>] = &[Column::new(
        "double",
        "DOUBLE",
        Kind::Count,
        Fit::Keep { rank: 2 },
        |r| Cell::count(2 * r.n),
    )];
    const COLUMNS: Columns<Row> = Columns::new(ALL, &["count", "name"]).with_extra(EXTRA);

    fn names(shape: &Shape<Row>) -> Vec<String> {
        shape.heads().iter().map(|h| h.name.to_string()).collect()
    }

    #[test]
    fn each_format_has_its_order_and_a_selection_its_own() {
        assert_eq!(
            names(&COLUMNS.shape(Format::Table, &[]).unwrap()),
            ["count", "name"]
        );
        assert_eq!(
            names(&COLUMNS.shape(Format::Csv, &[]).unwrap()),
            ["name", "count"]
        );
        let wanted = ["COUNT".to_string(), "count".into(), " name".into()];
        let shape = COLUMNS.shape(Format::Csv, &wanted).unwrap();
        assert_eq!(names(&shape), ["count", "name"]);
        let row = Row { name: "A", n: 3 };
        assert_eq!(shape.cells(&row), vec![Cell::Int(3), Cell::text("A")]);
        assert_eq!(COLUMNS.json(&row).to_string(), r#"{"name":"A","count":3}"#);
    }

    #[test]
    fn an_unknown_column_lists_the_valid_ones() {
        let error = COLUMNS.shape(Format::Csv, &["size".into()]).err().unwrap();
        assert_eq!(error, "'size' is not a column; use name, count, double");
    }

    #[test]
    fn extra_columns_only_when_asked_for() {
        let plain = COLUMNS.shape_enriched(Format::Csv, &[], false).unwrap();
        assert_eq!(names(&plain), ["name", "count"]);
        assert!(!COLUMNS.shows_extra(&plain));
        let enriched = COLUMNS.shape_enriched(Format::Table, &[], true).unwrap();
        assert_eq!(names(&enriched), ["count", "name", "double"]);
        assert!(COLUMNS.shows_extra(&enriched));
        let wanted = COLUMNS
            .shape_enriched(Format::Csv, &["double".into()], true)
            .unwrap();
        assert_eq!(names(&wanted), ["double"]);
        assert_eq!(COLUMNS.names(), ["name", "count"]);
        let row = Row { name: "A", n: 3 };
        assert_eq!(COLUMNS.json(&row).to_string(), r#"{"name":"A","count":3}"#);
    }

    #[test]
    fn a_query_column_is_typed_by_its_name() {
        assert_eq!(Head::guessed("bank_id", 0).kind, Kind::Id);
        assert_eq!(Head::guessed("previous_rating", 1).kind, Kind::Rating);
        assert_eq!(Head::guessed("exam_date", 2).kind, Kind::Date);
        assert_eq!(Head::guessed("exam_year", 3).kind, Kind::Number);
        assert_eq!(Head::guessed("fdic_cert", 3).kind, Kind::Number);
        assert_eq!(Head::guessed("banks", 4).kind, Kind::Any);
    }
}
