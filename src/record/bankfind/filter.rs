//! BankFind's `filters` parameter, as far as the API documents it: a
//! field and a value (`STALP:TX`, `NAME:"FIRST STATE BANK"`), any one of
//! several (`STALP:("TX","OK")`), an inclusive range with `*` for no end
//! (`ASSET:[1000 TO *]`, `REPDTE:["2020-01-01" TO "2020-12-31"]`), `!`
//! before a term or a group, `AND` and `OR` (AND binding first) and
//! parentheses. The sandbox answers with it; a client can build one.
//!
//! Values compare as numbers when both sides are numbers (dates as
//! `YYYYMMDD`), else as text ignoring case: the API asks for upper case
//! and matches its mixed-case names all the same.

use super::parse_date;

/// A parsed `filters` value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Filter {
    /// The field equals one of the values.
    AnyOf {
        field: String,
        values: Vec<String>,
    },
    /// The field lies between the bounds, both included; none is `*`.
    Range {
        field: String,
        low: Option<String>,
        high: Option<String>,
    },
    Not(Box<Filter>),
    And(Vec<Filter>),
    Or(Vec<Filter>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Open,
    Close,
    OpenRange,
    CloseRange,
    Comma,
    Colon,
    Bang,
    /// A quoted value (never a keyword).
    Quoted(String),
    Word(String),
}

fn tokens(text: &str) -> Result<Vec<Token>, String> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    while let Some(&c) = chars.peek() {
        let simple = match c {
            '(' => Some(Token::Open),
            ')' => Some(Token::Close),
            '[' => Some(Token::OpenRange),
            ']' => Some(Token::CloseRange),
            ',' => Some(Token::Comma),
            ':' => Some(Token::Colon),
            '!' => Some(Token::Bang),
            _ => None,
        };
        if let Some(token) = simple {
            chars.next();
            out.push(token);
        } else if c.is_whitespace() {
            chars.next();
        } else if c == '"' {
            chars.next();
            let mut value = String::new();
            loop {
                match chars.next() {
                    Some('"') => break,
                    Some('\\') => value.extend(chars.next()),
                    Some(c) => value.push(c),
                    None => return Err("a quoted value is not closed".to_string()),
                }
            }
            out.push(Token::Quoted(value));
        } else {
            let mut word = String::new();
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() || "()[],:!\"".contains(c) {
                    break;
                }
                word.push(c);
                chars.next();
            }
            out.push(Token::Word(word));
        }
    }
    Ok(out)
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn next(&mut self) -> Option<Token> {
        let token = self.tokens.get(self.at).cloned();
        self.at += 1;
        token
    }

    fn keyword(&self, word: &str) -> bool {
        matches!(self.peek(), Some(Token::Word(w)) if w == word)
    }

    fn expect(&mut self, token: Token, what: &str) -> Result<(), String> {
        if self.next() == Some(token) {
            Ok(())
        } else {
            Err(format!("expected {what}"))
        }
    }

    fn or(&mut self) -> Result<Filter, String> {
        let mut parts = vec![self.and()?];
        while self.keyword("OR") {
            self.at += 1;
            parts.push(self.and()?);
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Filter::Or(parts)
        })
    }

    fn and(&mut self) -> Result<Filter, String> {
        let mut parts = vec![self.unary()?];
        while self.keyword("AND") {
            self.at += 1;
            parts.push(self.unary()?);
        }
        Ok(if parts.len() == 1 {
            parts.remove(0)
        } else {
            Filter::And(parts)
        })
    }

    fn unary(&mut self) -> Result<Filter, String> {
        if self.peek() == Some(&Token::Bang) || self.keyword("NOT") {
            self.at += 1;
            return Ok(Filter::Not(Box::new(self.unary()?)));
        }
        if self.peek() == Some(&Token::Open) {
            self.at += 1;
            let inner = self.or()?;
            self.expect(Token::Close, "')'")?;
            return Ok(inner);
        }
        let field = match self.next() {
            Some(Token::Word(w)) => w,
            _ => return Err("expected a field name".to_string()),
        };
        self.expect(Token::Colon, &format!("':' after {field}"))?;
        match self.peek() {
            Some(Token::Open) => {
                self.at += 1;
                let mut values = vec![self.value()?];
                while matches!(self.peek(), Some(Token::Comma)) || self.keyword("OR") {
                    self.at += 1;
                    values.push(self.value()?);
                }
                self.expect(Token::Close, "')' after the values")?;
                Ok(Filter::AnyOf { field, values })
            }
            Some(Token::OpenRange) => {
                self.at += 1;
                let low = self.bound()?;
                if !self.keyword("TO") {
                    return Err("expected TO in a range".to_string());
                }
                self.at += 1;
                let high = self.bound()?;
                self.expect(Token::CloseRange, "']' after the range")?;
                Ok(Filter::Range { field, low, high })
            }
            _ => Ok(Filter::AnyOf {
                field,
                values: vec![self.value()?],
            }),
        }
    }

    fn value(&mut self) -> Result<String, String> {
        match self.next() {
            Some(Token::Quoted(v) | Token::Word(v)) => Ok(v),
            _ => Err("expected a value".to_string()),
        }
    }

    fn bound(&mut self) -> Result<Option<String>, String> {
        let value = self.value()?;
        Ok((value != "*").then_some(value))
    }
}

impl Filter {
    /// Reads a `filters` value; the error says what was expected.
    pub fn parse(text: &str) -> Result<Filter, String> {
        let mut parser = Parser {
            tokens: tokens(text)?,
            at: 0,
        };
        let filter = parser.or()?;
        if parser.at < parser.tokens.len() {
            return Err("unexpected text after the filter".to_string());
        }
        Ok(filter)
    }

    /// `field` equal to `value`.
    #[cfg(test)]
    pub fn eq(field: &str, value: impl ToString) -> Filter {
        Filter::AnyOf {
            field: field.to_string(),
            values: vec![value.to_string()],
        }
    }

    /// The field names it reads, as written.
    pub fn fields(&self) -> Vec<&str> {
        match self {
            Filter::AnyOf { field, .. } | Filter::Range { field, .. } => vec![field],
            Filter::Not(inner) => inner.fields(),
            Filter::And(parts) | Filter::Or(parts) => {
                parts.iter().flat_map(Filter::fields).collect()
            }
        }
    }

    /// Whether a record whose field values `value` gives (as text; none
    /// when it has none) passes.
    pub fn matches(&self, value: &dyn Fn(&str) -> Option<String>) -> bool {
        match self {
            Filter::AnyOf { field, values } => {
                value(field).is_some_and(|have| values.iter().any(|want| equal(&have, want)))
            }
            Filter::Range { field, low, high } => value(field).is_some_and(|have| {
                low.as_deref().is_none_or(|low| !less(&have, low))
                    && high.as_deref().is_none_or(|high| !less(high, &have))
            }),
            Filter::Not(inner) => !inner.matches(value),
            Filter::And(parts) => parts.iter().all(|p| p.matches(value)),
            Filter::Or(parts) => parts.iter().any(|p| p.matches(value)),
        }
    }
}

/// A value as a number: a date as `YYYYMMDD`, else the number written.
fn as_number(text: &str) -> Option<f64> {
    let text = text.trim();
    if text.contains(['-', '/']) {
        let day = parse_date(text)?;
        return Some(f64::from(
            i32::from(day.year()) * 10_000 + i32::from(day.month()) * 100 + i32::from(day.day()),
        ));
    }
    text.parse().ok()
}

fn equal(have: &str, want: &str) -> bool {
    match (as_number(have), as_number(want)) {
        (Some(a), Some(b)) => a == b,
        _ => have.trim().eq_ignore_ascii_case(want.trim()),
    }
}

fn less(a: &str, b: &str) -> bool {
    match (as_number(a), as_number(b)) {
        (Some(a), Some(b)) => a < b,
        _ => a.to_ascii_uppercase() < b.to_ascii_uppercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(field: &str) -> Option<String> {
        match field {
            "CERT" => Some("3510".into()),
            "STALP" => Some("TX".into()),
            "NAME" => Some("First State Bank".into()),
            "ACTIVE" => Some("1".into()),
            "REPDTE" => Some("20260630".into()),
            _ => None,
        }
    }

    fn passes(text: &str) -> bool {
        Filter::parse(text).unwrap().matches(&record)
    }

    #[test]
    fn the_documented_forms_parse_and_match() {
        assert!(passes("CERT:3510"));
        assert!(passes("STALP:TX AND ACTIVE:1"));
        assert!(!passes("STALP:OK AND ACTIVE:1"));
        assert!(passes("STALP:OK OR ACTIVE:1"));
        assert!(passes("NAME:\"FIRST STATE BANK\""));
        assert!(passes("STALP:(\"OK\",\"TX\")"));
        assert!(passes("STALP:(OK OR TX)"));
        assert!(passes("!(STALP:\"VIRGINIA\")"));
        assert!(!passes("NOT STALP:TX"));
        assert!(passes("CERT:[3000 TO *]"));
        assert!(!passes("CERT:[* TO 3509]"));
        assert!(passes("REPDTE:[\"2026-01-01\" TO \"2026-12-31\"]"));
        assert!(passes(
            "CERT:[3510 TO 3510] AND (STALP:OK OR NAME:\"first state bank\")"
        ));
        assert!(!passes("DOCKET:1"), "no value never matches");
        assert!(passes("!DOCKET:1"));
        assert_eq!(
            Filter::parse("ACTIVE:1 AND CERT:[1 TO 9]")
                .unwrap()
                .fields(),
            ["ACTIVE", "CERT"]
        );
    }

    #[test]
    fn a_malformed_filter_says_what_was_expected() {
        for (text, want) in [
            ("CERT", "expected ':' after CERT"),
            ("CERT:[1 9]", "expected TO in a range"),
            ("CERT:(1,2", "expected ')' after the values"),
            ("NAME:\"X", "a quoted value is not closed"),
            ("CERT:1 STALP:TX", "unexpected text after the filter"),
            (":1", "expected a field name"),
        ] {
            assert_eq!(Filter::parse(text).unwrap_err(), want, "{text}");
        }
    }
}
