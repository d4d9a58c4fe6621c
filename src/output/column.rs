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
    /// An amount of dollars: right-aligned; a table shows it as a person
    /// reads it (`$3.16B`, as `show`'s card does), every file exact.
    Money,
    /// A share, a fraction 0-1: a percentage on a table (`41.3%`), the
    /// fraction in every file.
    Share,
    /// A number that is not an amount (a year, a number that names
    /// something): right-aligned, never grouped.
    Number,
    Bool,
    /// A web address: a link in a workbook (when it is one: `http` or
    /// `https`), text everywhere else.
    Link,
    /// A query's column (`sql`): any cell; whole numbers grouped by
    /// thousands on a table.
    Any,
}

impl Kind {
    /// Whether a table and a workbook group its numbers' digits by
    /// thousands (a table shows an amount compact, before this is asked).
    pub fn groups_digits(self) -> bool {
        matches!(self, Kind::Count | Kind::Money | Kind::Any)
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
    /// Its header on a narrow terminal, where the column's cells are
    /// shorter than its header (`REG` over `FDIC`): none, the header whole.
    pub short: Option<&'static str>,
    pub kind: Kind,
    pub fit: Fit,
    /// The fit a terminal's table tries first (`lineage`'s two names of a
    /// rename whole, details giving way before them): taken when every
    /// name (`Fit::Shorten`) given one is still shown, else `fit`.
    pub prefer: Option<Fit>,
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
            short: None,
            kind,
            fit,
            prefer: None,
        }
    }
}

/// One column of rows of type `R`.
pub struct Column<R: 'static> {
    pub name: &'static str,
    pub header: &'static str,
    /// Its header on a narrow terminal (see [`Head::short`]).
    pub short: Option<&'static str>,
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
            short: None,
            kind,
            fit,
            get,
        }
    }

    /// The same column, headed `short` on a narrow terminal.
    pub const fn short(self, short: &'static str) -> Column<R> {
        Column {
            short: Some(short),
            ..self
        }
    }

    pub fn head(&self) -> Head {
        Head {
            name: Cow::Borrowed(self.name),
            header: Cow::Borrowed(self.header),
            short: self.short,
            kind: self.kind,
            fit: self.fit,
            prefer: None,
        }
    }
}

/// A command's columns: for a row about a bank, the bank's (defined once,
/// `output::bank`) and the row's own; the order csv and the table show
/// them in, by name; how they give way on a narrow terminal.
pub struct Columns<R: 'static> {
    /// The bank's columns, for a row about a bank (none otherwise).
    pub bank: &'static [Column<R>],
    /// The row's own columns.
    pub own: &'static [Column<R>],
    /// The columns csv, xlsx and json objects show, by name, in order
    /// (none named: `own`, in its order).
    pub csv: &'static [&'static str],
    /// The table's (and tsv's) columns by name, in its order.
    pub table: &'static [&'static str],
    /// Columns only the table shows (a summary of others), by the names
    /// `table` gives them.
    pub table_only: &'static [Column<R>],
    /// Columns shown only when asked for (`--columns`, `--enriched`):
    /// the public record's.
    pub extra: &'static [Column<R>],
    /// The order the columns give way on a narrow terminal, the last to go
    /// first; a column not named keeps its own order, after them.
    pub give_way: &'static [&'static str],
    /// This table's own floor of a shortened column (`changes` keeps 14
    /// characters of a name).
    pub floors: &'static [(&'static str, u8)],
    /// What json and ndjson print of a row.
    pub json: RowJson<R>,
}

/// What json and ndjson print of a row.
pub enum RowJson<R> {
    /// The object of csv's columns, in order, numbers as numbers and
    /// nothing as null (the answers `cra` builds itself).
    Columns,
    /// The object of the columns shown (those `--columns` chose, in its
    /// order; else csv's), as `Columns` makes it: what `--columns` says in
    /// every format (`cra evaluations`).
    Shown,
    /// The object as the service served it (a bank), printed as it is.
    Served(fn(&R) -> &crate::domain::model::Raw),
    /// An object of its own shape (a difference with its two sides).
    Own(fn(&R) -> Value),
}

impl<R> Clone for RowJson<R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<R> Copy for RowJson<R> {}

/// Ranks past those a list gives: a column it does not name gives way
/// before the ones it names.
const UNNAMED: u8 = 10;

impl<R> Columns<R> {
    /// The columns `all` (csv's order), the table's `table` by name.
    pub const fn new(all: &'static [Column<R>], table: &'static [&'static str]) -> Columns<R> {
        Columns {
            bank: &[],
            own: all,
            csv: &[],
            table,
            table_only: &[],
            extra: &[],
            give_way: &[],
            floors: &[],
            json: RowJson::Columns,
        }
    }

    /// A row about a bank: the bank's columns `bank`, its own `own`, csv's
    /// and the table's orders by name, the order they give way in.
    pub const fn about_bank(
        bank: &'static [Column<R>],
        own: &'static [Column<R>],
        csv: &'static [&'static str],
        table: &'static [&'static str],
        give_way: &'static [&'static str],
    ) -> Columns<R> {
        Columns {
            bank,
            own,
            csv,
            table,
            table_only: &[],
            extra: &[],
            give_way,
            floors: &[],
            json: RowJson::Columns,
        }
    }

    /// The same, with columns shown only when asked for.
    pub const fn with_extra(self, extra: &'static [Column<R>]) -> Columns<R> {
        Columns { extra, ..self }
    }

    /// The same, with columns only the table shows.
    pub const fn with_table_only(self, table_only: &'static [Column<R>]) -> Columns<R> {
        Columns { table_only, ..self }
    }

    /// The same, with floors of its own.
    pub const fn with_floors(self, floors: &'static [(&'static str, u8)]) -> Columns<R> {
        Columns { floors, ..self }
    }

    /// The same, a row printed in json as `json` says.
    pub const fn with_json(self, json: RowJson<R>) -> Columns<R> {
        Columns { json, ..self }
    }

    /// Every column a row can show, each once: the row's own, the bank's,
    /// the public record's.
    fn pool(&self) -> impl Iterator<Item = &'static Column<R>> {
        self.own.iter().chain(self.bank).chain(self.extra)
    }

    /// The column named `name` (the table's own ones too).
    fn named(&self, name: &str) -> Option<&'static Column<R>> {
        self.pool().chain(self.table_only).find(|c| c.name == name)
    }

    /// csv's columns, in order.
    fn csv_columns(&self) -> Vec<&'static Column<R>> {
        if self.csv.is_empty() {
            return self.own.iter().collect();
        }
        self.csv
            .iter()
            .map(|name| self.named(name).expect("a csv column is defined"))
            .collect()
    }

    /// The names csv shows, in order: what completions offer `--columns`.
    pub fn names(&self) -> Vec<&'static str> {
        self.csv_columns().iter().map(|c| c.name).collect()
    }

    /// Every name `--columns` takes: csv's, then the other columns of the
    /// row and its bank, then the public record's.
    pub fn all_names(&self) -> Vec<&'static str> {
        let mut names = self.names();
        for column in self.pool() {
            if !names.contains(&column.name) {
                names.push(column.name);
            }
        }
        names
    }

    /// How `column` fits in this table: the rank the list gives it, its
    /// floor here.
    fn fit_of(&self, column: &Column<R>) -> Fit {
        let mut fit = column.fit;
        if !self.give_way.is_empty() {
            fit = match self.give_way.iter().position(|name| *name == column.name) {
                Some(at) => fit.ranked(at as u8),
                None => match fit.rank() {
                    Some(rank) => fit.ranked(rank.saturating_add(UNNAMED)),
                    None => fit,
                },
            };
        }
        match self.floors.iter().find(|(name, _)| *name == column.name) {
            Some((_, min)) => fit.floored(*min),
            None => fit,
        }
    }

    fn shape_of(&self, columns: Vec<&'static Column<R>>) -> Shape<R> {
        Shape {
            columns: columns.into_iter().map(|c| (c, self.fit_of(c))).collect(),
        }
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
                let Some(column) = self.pool().find(|c| c.name == name) else {
                    return Err(format!(
                        "'{}' is not a column; use {}",
                        crate::text::shorten(&name, 40),
                        self.all_names().join(", ")
                    ));
                };
                if !columns.iter().any(|c| std::ptr::eq(*c, column)) {
                    columns.push(column);
                }
            }
            return Ok(self.shape_of(columns));
        }
        let columns = match format {
            Format::Table | Format::Tsv => self
                .table
                .iter()
                .map(|name| self.named(name).expect("a table column is defined"))
                .collect(),
            _ => self.csv_columns(),
        };
        Ok(self.shape_of(columns))
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
                if !shape.columns.iter().any(|(c, _)| std::ptr::eq(*c, column)) {
                    shape.columns.push((column, self.fit_of(column)));
                }
            }
        }
        Ok(shape)
    }

    /// The columns named `names` that `shape` does not show yet, added
    /// (a run's defaults widened by what its rows carry: the date
    /// a bank ended, say); what was added, for the json keys.
    pub fn widen(&self, shape: &mut Shape<R>, names: &[&str]) -> Vec<&'static Column<R>> {
        let mut added = Vec::new();
        for name in names {
            let column = self
                .named(name)
                .expect("a column named to widen is defined");
            if !shape.columns.iter().any(|(c, _)| std::ptr::eq(*c, column)) {
                // Before a table's id, which ends its row; else at the end.
                let at = match shape.columns.iter().position(|(c, _)| c.name == "id") {
                    Some(at) if at > 0 => at,
                    _ => shape.columns.len(),
                };
                shape.columns.insert(at, (column, self.fit_of(column)));
                added.push(column);
            }
        }
        added
    }

    /// `shape` with the column named `name`, when shown, moved first (the
    /// column a run's rows are ordered by).
    pub fn lead(&self, shape: &mut Shape<R>, name: &str) {
        if let Some(at) = shape.columns.iter().position(|(c, _)| c.name == name) {
            let column = shape.columns.remove(at);
            shape.columns.insert(0, column);
        }
    }

    /// `shape` with the columns named `names` ranked first to give way
    /// (last to be dropped): those a run's selection filters on.
    pub fn keep(&self, shape: &mut Shape<R>, names: &[&str]) {
        for (column, fit) in &mut shape.columns {
            if names.contains(&column.name) {
                *fit = fit.ranked(0);
            }
        }
    }

    /// `shape` without the columns named `names` (a run's defaults
    /// narrowed: a column its rows leave empty).
    pub fn narrow(&self, shape: &mut Shape<R>, names: &[&str]) {
        shape.columns.retain(|(c, _)| !names.contains(&c.name));
    }

    /// Whether `shape` shows an extra column (its rows then need what it
    /// reads).
    pub fn shows_extra(&self, shape: &Shape<R>) -> bool {
        shape
            .columns
            .iter()
            .any(|(c, _)| self.extra.iter().any(|e| std::ptr::eq(*c, e)))
    }

    /// The row as a json object of csv's columns, in order, numbers as
    /// numbers and nothing as null (for the answers `cra` builds itself;
    /// a bank as served is printed as served).
    pub fn json(&self, row: &R) -> Value {
        Value::Object(
            self.csv_columns()
                .iter()
                .map(|c| (c.name.to_string(), (c.get)(row).to_json()))
                .collect::<Map<String, Value>>(),
        )
    }
}

/// The columns one run shows, in their order, each with its fit there.
pub struct Shape<R: 'static> {
    columns: Vec<(&'static Column<R>, Fit)>,
}

impl<R> Shape<R> {
    pub fn heads(&self) -> Vec<Head> {
        self.columns
            .iter()
            .map(|(c, fit)| Head {
                fit: *fit,
                ..c.head()
            })
            .collect()
    }

    /// The row's cells, in the shape's order.
    pub fn cells<'r>(&self, row: &'r R) -> Vec<Cell<'r>> {
        self.columns.iter().map(|(c, _)| (c.get)(row)).collect()
    }

    /// The row's object of the columns shown, in the shape's order.
    pub fn json(&self, row: &R) -> Value {
        Value::Object(
            self.columns
                .iter()
                .map(|(c, _)| (c.name.to_string(), (c.get)(row).to_json()))
                .collect::<Map<String, Value>>(),
        )
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
