//! A typed cell: what a column reads from a row, before any printer sees
//! it. A number is a number because its column made it one, never because
//! its text looks like one: csv and tsv write the text, a table aligns and
//! groups digits by the type, a workbook writes a number cell, and json a
//! JSON number.

use std::borrow::Cow;

use serde_json::Value;

use crate::domain::Rating;

/// One cell of a row.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell<'a> {
    /// Nothing (csv: an empty field; json: null).
    Empty,
    Text(Cow<'a, str>),
    /// A rating, typed until a printer shows it: csv and json its name, a
    /// workbook and a table its name in its colour by its place on the
    /// scale (any other text as it is, uncoloured).
    Rating(Cow<'a, Rating>),
    /// A date as served (`YYYY-MM-DD`); a workbook writes a real date when
    /// it is one, else the text.
    Date(Cow<'a, str>),
    Int(i64),
    /// A decimal shown with a fixed number of places (`81.0` at one).
    Fixed(f64, u8),
    /// A decimal shown in its shortest exact form, as JSON writes it
    /// (`41.0`, `0.1`, `1e+20`): `sql`'s REAL values.
    Real(f64),
    Bool(bool),
    /// A year naming a group (`stats --by year`): a number in a workbook
    /// (never grouped: 2008, not 2,008), text in json as every other
    /// grouping's names, so that a group is one type whatever it is.
    Year(i32),
}

impl<'a> Cell<'a> {
    /// Text borrowed from the row.
    pub fn text(text: &'a str) -> Cell<'a> {
        Cell::Text(Cow::Borrowed(text))
    }

    /// A rating borrowed from the row.
    pub fn rating(rating: &'a Rating) -> Cell<'a> {
        Cell::Rating(Cow::Borrowed(rating))
    }

    /// A rating, or nothing.
    pub fn maybe_rating(rating: Option<&'a Rating>) -> Cell<'a> {
        rating.map_or(Cell::Empty, Cell::rating)
    }

    /// A date borrowed from the row.
    pub fn date(text: &'a str) -> Cell<'a> {
        Cell::Date(Cow::Borrowed(text))
    }

    /// Text, or nothing.
    pub fn maybe(text: Option<&'a str>) -> Cell<'a> {
        text.map_or(Cell::Empty, Cell::text)
    }

    /// A count (no count of anything here comes near `i64::MAX`).
    pub fn count(n: u64) -> Cell<'a> {
        Cell::Int(i64::try_from(n).unwrap_or(i64::MAX))
    }

    /// Whether it is a number.
    pub fn is_number(&self) -> bool {
        matches!(self, Cell::Int(_) | Cell::Fixed(..) | Cell::Real(_))
    }

    /// The text csv, tsv and a plain table show.
    pub fn as_text(&self) -> Cow<'_, str> {
        match self {
            Cell::Empty => Cow::Borrowed(""),
            Cell::Text(text) | Cell::Date(text) => Cow::Borrowed(text),
            Cell::Rating(rating) => Cow::Borrowed(rating.as_str()),
            Cell::Int(n) => Cow::Owned(n.to_string()),
            Cell::Fixed(x, places) => Cow::Owned(format!("{x:.*}", usize::from(*places))),
            Cell::Real(x) => Cow::Owned(real_text(*x)),
            Cell::Bool(b) => Cow::Borrowed(if *b { "true" } else { "false" }),
            Cell::Year(y) => Cow::Owned(y.to_string()),
        }
    }

    /// The text csv and tsv write under `--excel-safe-csv`: a text cell that
    /// a spreadsheet would take for a formula (it starts with `=`, `+`,
    /// `-`, `@`, a tab or a carriage return) is prefixed with `'`, which
    /// makes it text there, as OWASP advises for CSV injection. Only text
    /// (and dates, which hold served text): a number is a number, so
    /// `-5` in a number column stays `-5`.
    pub fn spreadsheet_text(&self) -> Cow<'_, str> {
        match self {
            Cell::Text(text) | Cell::Date(text)
                if text.starts_with(['=', '+', '-', '@', '\t', '\r']) =>
            {
                Cow::Owned(format!("'{text}"))
            }
            // A rating the service made up is text it sent.
            Cell::Rating(rating)
                if rating
                    .as_str()
                    .starts_with(['=', '+', '-', '@', '\t', '\r']) =>
            {
                Cow::Owned(format!("'{}", rating.as_str()))
            }
            other => other.as_text(),
        }
    }

    /// The text a table on a terminal shows: numbers grouped by thousands
    /// when `group` (a count; never a year or an identifier).
    pub fn table_text(&self, group: bool) -> Cow<'_, str> {
        match self {
            Cell::Int(n) if group => Cow::Owned(grouped(&n.to_string())),
            Cell::Fixed(..) if group => Cow::Owned(grouped(&self.as_text())),
            _ => self.as_text(),
        }
    }

    /// The text a table shows of an amount of dollars: compact (`$3.16B`);
    /// anything but a whole number as it is.
    pub fn money_text(&self) -> Cow<'_, str> {
        match self {
            Cell::Int(n) if *n >= 0 => Cow::Owned(crate::text::dollars(n.unsigned_abs())),
            _ => self.as_text(),
        }
    }

    /// The text a table shows of a share (a fraction): a percentage to
    /// one place (`41.3%`); anything else as it is.
    pub fn share_text(&self) -> Cow<'_, str> {
        match self {
            Cell::Fixed(x, _) | Cell::Real(x) => Cow::Owned(format!("{:.1}%", x * 100.0)),
            _ => self.as_text(),
        }
    }

    /// The JSON value: numbers as numbers, nothing as null.
    pub fn to_json(&self) -> Value {
        match self {
            Cell::Empty => Value::Null,
            Cell::Text(text) | Cell::Date(text) => Value::String(text.to_string()),
            Cell::Rating(rating) => Value::String(rating.as_str().to_string()),
            Cell::Int(n) => Value::from(*n),
            Cell::Fixed(x, _) | Cell::Real(x) => {
                serde_json::Number::from_f64(*x).map_or(Value::Null, Value::Number)
            }
            Cell::Bool(b) => Value::Bool(*b),
            Cell::Year(y) => Value::String(y.to_string()),
        }
    }

    /// The cell from a JSON value (`sql`'s rows): strings as text (as a
    /// date when `date`), numbers as numbers, null as nothing; arrays and
    /// objects as their JSON text.
    pub fn from_json(value: &'a Value, date: bool) -> Cell<'a> {
        match value {
            Value::Null => Cell::Empty,
            Value::String(s) if date => Cell::date(s),
            Value::String(s) => Cell::text(s),
            Value::Bool(b) => Cell::Bool(*b),
            Value::Number(n) => match (n.as_i64(), n.as_f64()) {
                (Some(i), _) => Cell::Int(i),
                (None, Some(x)) if n.is_f64() => Cell::Real(x),
                // A u64 past i64: exact as text, still a number in JSON.
                _ => Cell::Text(Cow::Owned(n.to_string())),
            },
            other => Cell::Text(Cow::Owned(other.to_string())),
        }
    }

    /// The same cell owning its text.
    pub fn into_owned(self) -> Cell<'static> {
        match self {
            Cell::Empty => Cell::Empty,
            Cell::Text(t) => Cell::Text(Cow::Owned(t.into_owned())),
            Cell::Date(t) => Cell::Date(Cow::Owned(t.into_owned())),
            Cell::Rating(r) => Cell::Rating(Cow::Owned(r.into_owned())),
            Cell::Int(n) => Cell::Int(n),
            Cell::Fixed(x, p) => Cell::Fixed(x, p),
            Cell::Real(x) => Cell::Real(x),
            Cell::Bool(b) => Cell::Bool(b),
            Cell::Year(y) => Cell::Year(y),
        }
    }
}

/// A REAL as JSON writes it (the shortest text that reads back exactly,
/// with `.0` on a whole number); infinities and NaN as SQLite's shell.
fn real_text(x: f64) -> String {
    match serde_json::Number::from_f64(x) {
        Some(n) => n.to_string(),
        None if x > 0.0 => "Inf".to_string(),
        None if x < 0.0 => "-Inf".to_string(),
        None => String::new(),
    }
}

/// `1234567.5` as `1,234,567.5`: the whole part grouped by thousands.
fn grouped(text: &str) -> String {
    let (sign, digits) = match text.strip_prefix('-') {
        Some(rest) => ("-", rest),
        None => ("", text),
    };
    let (whole, fraction) = match digits.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (digits, None),
    };
    if !whole.bytes().all(|b| b.is_ascii_digit()) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + whole.len() / 3);
    out.push_str(sign);
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if let Some(fraction) = fraction {
        out.push('.');
        out.push_str(fraction);
    }
    out
}

#[cfg(test)]
mod tests {

    #[test]
    fn an_amount_on_a_table_reads_as_the_card_says_it_and_stays_exact_elsewhere() {
        let cell = Cell::count(1_574_460_000);
        assert_eq!(cell.money_text(), "$1.57B");
        assert_eq!(cell.as_text(), "1574460000");
        assert_eq!(cell.to_json(), serde_json::json!(1_574_460_000u64));
        assert_eq!(Cell::count(999).money_text(), "$999");
        assert_eq!(Cell::count(250_000_000).money_text(), "$250.0M");
        assert_eq!(Cell::Empty.money_text(), "");
        assert_eq!(Cell::Fixed(0.41327, 4).share_text(), "41.3%");
        assert_eq!(Cell::Fixed(0.41327, 4).as_text(), "0.4133");
        assert_eq!(Cell::Empty.share_text(), "");
        assert_eq!(Cell::Int(-5).money_text(), "-5");
    }
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[test]
    fn text_is_what_csv_wrote_before_cells_had_types() {
        assert_eq!(Cell::Empty.as_text(), "");
        assert_eq!(Cell::Int(-41).as_text(), "-41");
        assert_eq!(Cell::Fixed(81.0, 1).as_text(), "81.0");
        assert_eq!(Cell::Fixed(2.0 / 3.0 * 100.0, 1).as_text(), "66.7");
        assert_eq!(Cell::Real(41.0).as_text(), "41.0");
        assert_eq!(Cell::Real(1e20).as_text(), "1e+20");
        assert_eq!(Cell::Real(0.1).as_text(), "0.1");
        assert_eq!(Cell::Real(f64::INFINITY).as_text(), "Inf");
        assert_eq!(Cell::Bool(true).as_text(), "true");
        assert_eq!(Cell::date("2024-01-02").as_text(), "2024-01-02");
        assert_eq!(Cell::Year(2008).as_text(), "2008");
        assert_eq!(Cell::Year(2008).table_text(true), "2008");
    }

    #[test]
    fn a_table_groups_counts_by_thousands() {
        assert_eq!(Cell::Int(1441).table_text(true), "1,441");
        assert_eq!(Cell::Int(1441).table_text(false), "1441");
        assert_eq!(Cell::Int(-1_234_567).table_text(true), "-1,234,567");
        assert_eq!(Cell::Int(999).table_text(true), "999");
        assert_eq!(Cell::Fixed(12345.5, 1).table_text(true), "12,345.5");
        assert_eq!(Cell::text("12345").table_text(true), "12345");
    }

    #[test]
    fn json_keeps_numbers_numbers() {
        assert_eq!(Cell::Fixed(81.0, 1).to_json().to_string(), "81.0");
        assert_eq!(Cell::Int(3).to_json(), json!(3));
        assert_eq!(Cell::Empty.to_json(), Value::Null);
        assert_eq!(Cell::Year(2008).to_json(), json!("2008"));
        assert_eq!(Cell::text("").to_json(), json!(""));
        let value = json!(41.0);
        assert_eq!(Cell::from_json(&value, false), Cell::Real(41.0));
        let value = json!(u64::MAX);
        assert_eq!(
            Cell::from_json(&value, false).as_text(),
            u64::MAX.to_string()
        );
        let value = json!("2024-01-02");
        assert_eq!(Cell::from_json(&value, true), Cell::date("2024-01-02"));
    }

    #[test]
    fn only_text_a_spreadsheet_would_run_is_guarded() {
        for (text, want) in [
            ("=SUM(A1)", "'=SUM(A1)"),
            ("+1", "'+1"),
            ("-TOWN", "'-TOWN"),
            ("@HOME", "'@HOME"),
            ("\tX", "'\tX"),
            ("\rX", "'\rX"),
            ("PLAIN = BANK", "PLAIN = BANK"),
            ("", ""),
        ] {
            assert_eq!(Cell::text(text).spreadsheet_text(), want);
        }
        assert_eq!(Cell::date("=1").spreadsheet_text(), "'=1");
        assert_eq!(Cell::Int(-5).spreadsheet_text(), "-5");
        assert_eq!(Cell::Fixed(-2.25, 1).spreadsheet_text(), "-2.2");
        assert_eq!(Cell::Real(-0.5).spreadsheet_text(), "-0.5");
        assert_eq!(Cell::Empty.spreadsheet_text(), "");
    }

    proptest! {
        /// Guarded text is the text itself, or `'` and the text; a cell
        /// that is not text is never touched.
        #[test]
        fn guarding_only_ever_prefixes_text(text in "\\PC{0,12}", n in any::<i64>()) {
            let guarded = Cell::text(&text).spreadsheet_text().into_owned();
            let prefixed = format!("'{}", text);
            prop_assert!(guarded == text || guarded == prefixed);
            prop_assert_eq!(guarded != text, text.starts_with(['=', '+', '-', '@', '\t', '\r']));
            let number = Cell::Int(n);
            prop_assert_eq!(number.spreadsheet_text(), number.as_text());
        }

        /// Grouping only adds commas: taken out, the text is the number's.
        #[test]
        fn grouping_adds_only_commas(n in any::<i64>(), places in 0u8..4, x in -1e12f64..1e12) {
            let int = Cell::Int(n);
            prop_assert_eq!(int.table_text(true).replace(',', ""), int.as_text());
            let fixed = Cell::Fixed(x, places);
            prop_assert_eq!(fixed.table_text(true).replace(',', ""), fixed.as_text());
        }

        /// A value read from JSON writes back as the same JSON.
        #[test]
        fn json_round_trips(i in any::<i64>(), x in any::<f64>().prop_filter("finite", |x| x.is_finite()), s in "\\PC*") {
            for value in [json!(i), json!(x), json!(s), Value::Null, json!(true)] {
                prop_assert_eq!(Cell::from_json(&value, false).to_json(), value);
            }
        }
    }
}
