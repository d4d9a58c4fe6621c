//! `--jq EXPR`: a jq filter over a command's JSON output, built in with the
//! jaq crates so that scripts need no `jq` installed (as `gh --jq` does).
//!
//! The expression is compiled once, before anything else runs (a bad one is
//! a usage error before any request), and lives in `Io`: every printer that
//! writes JSON to standard output hands its whole document to the filter
//! instead. Each result goes on its own line; a string is printed raw
//! (jq's `-r`), anything else as compact JSON.

use std::io::Write;

use anyhow::Result;
use jaq_core::load::{Arena, File, Loader};
use jaq_core::{Compiler, Ctx, Vars, data, unwrap_valr};
use jaq_json::Val;

use crate::error::{CraError, shorten};

type Filter = jaq_core::Filter<data::JustLut<Val>>;

/// A compiled `--jq` expression.
pub struct Jq {
    /// The expression as given, for messages.
    expr: String,
    filter: Filter,
}

impl std::fmt::Debug for Jq {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Jq").field("expr", &self.expr).finish()
    }
}

impl Jq {
    /// Parses and compiles `expr` with jq's standard library. An expression
    /// that does not parse, or names a filter or variable that does not
    /// exist, is a usage error that says where.
    pub fn compile(expr: &str) -> Result<Jq> {
        let bad = |detail: String| {
            CraError::usage(format!(
                "--jq: '{}' is not a valid jq expression: {detail}",
                shorten(expr, 80)
            ))
        };
        let defs = jaq_core::defs()
            .chain(jaq_std::defs())
            .chain(jaq_json::defs());
        let funs = jaq_core::funs()
            .chain(jaq_std::funs())
            .chain(jaq_json::funs());
        let loader = Loader::new(defs);
        let arena = Arena::default();
        let modules = loader
            .load(
                &arena,
                File {
                    code: expr,
                    path: (),
                },
            )
            .map_err(|errors| bad(load_message(expr, errors)))?;
        let filter = Compiler::default()
            .with_funs(funs)
            .compile(modules)
            .map_err(|errors| bad(compile_message(expr, errors)))?;
        Ok(Jq {
            expr: expr.to_string(),
            filter,
        })
    }

    /// Runs the filter on one JSON document and writes each result on its
    /// own line. A runtime error (`.foo` of an array, `error("x")`) is a
    /// failure with jaq's message; results before it are already written,
    /// as jq does.
    pub fn run(&self, json: &[u8], out: &mut dyn Write) -> Result<()> {
        let input = jaq_json::read::parse_single(json)
            .map_err(|e| anyhow::anyhow!("--jq: cannot read the JSON output: {e}"))?;
        let ctx = Ctx::<data::JustLut<Val>>::new(&self.filter.lut, Vars::new([]));
        for result in self.filter.id.run((ctx, input)).map(unwrap_valr) {
            let value = result.map_err(|e| CraError::Response {
                message: format!("--jq: {}", shorten(&e.to_string(), 300)),
            })?;
            write_result(out, &value)?;
        }
        Ok(())
    }
}

/// The most JSON held for an expression that needs the whole array at once.
pub const HOLD_LIMIT: usize = 256 << 20;

impl Jq {
    /// The expression takes an array apart first (`.[]`, `.[].name`,
    /// `.[] | select(.rating == "Outstanding")`): its results on an array
    /// are its results on each element in turn, so it runs on each record
    /// as it comes, in bounded memory.
    pub fn per_element(&self) -> bool {
        per_element(&self.expr)
    }

    /// Runs the filter on one element of the array the output would be
    /// (as the one element of an array: the same results, by
    /// `per_element`).
    pub fn run_element(
        &self,
        element: &(impl serde::Serialize + ?Sized),
        out: &mut dyn Write,
    ) -> Result<()> {
        let mut one = b"[".to_vec();
        serde_json::to_writer(&mut one, element)?;
        one.push(b']');
        self.run(&one, out)
    }

    /// Adds one element to the array held for the filter, refusing to hold
    /// more than `limit` bytes of it.
    pub fn hold(
        &self,
        held: &mut Vec<u8>,
        element: &(impl serde::Serialize + ?Sized),
        limit: usize,
    ) -> Result<()> {
        if held.len() > 1 {
            held.push(b',');
        }
        serde_json::to_writer(&mut *held, element)?;
        if held.len() > limit {
            return Err(CraError::Response {
                message: format!(
                    "--jq: the output is over {} MiB, too large to hold for '{}', which takes the whole array at once; \
                     an expression that starts with .[] (.[] | ...) runs on each record as it comes, or pipe --format ndjson to jq",
                    limit >> 20,
                    shorten(&self.expr, 80)
                ),
            }
            .into());
        }
        Ok(())
    }
}

/// `expr` is `.[]`, then only paths into each element (`.name`, `[0]`,
/// `.["a b"]`, `[]`, `?`), then nothing or a pipe (`|`, not `|=`): the
/// pipe binds loosest, so all after it runs on each element's results.
fn per_element(expr: &str) -> bool {
    let mut rest = expr.trim_start();
    let Some(after) = rest.strip_prefix(".[]") else {
        return false;
    };
    rest = after;
    loop {
        rest = rest.trim_start();
        let Some(c) = rest.chars().next() else {
            return true;
        };
        rest = match c {
            '|' => return !rest[1..].starts_with('='),
            '?' => &rest[1..],
            '.' => match rest[1..].chars().next() {
                Some('[') => &rest[1..],
                Some(c) if c.is_ascii_alphabetic() || c == '_' => {
                    let name = rest[1..]
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .map_or(rest.len(), |end| end + 1);
                    &rest[name..]
                }
                _ => return false,
            },
            '[' => match index_end(&rest[1..]) {
                Some(end) => &rest[1 + end..],
                None => return false,
            },
            _ => return false,
        };
    }
}

/// The length, closing `]` included, of `]`, `N]` or `"text"]` (a string
/// with no backslash or `"` inside) at the start of `text`.
fn index_end(text: &str) -> Option<usize> {
    let inner = text.find(']')?;
    let index = text[..inner].trim();
    let plain = index.is_empty()
        || index.bytes().all(|b| b.is_ascii_digit())
        || (index.len() >= 2
            && index.starts_with('"')
            && index.ends_with('"')
            && !index[1..index.len() - 1].contains(['"', '\\']));
    plain.then_some(inner + 1)
}

/// A string raw (its bytes, no quotes, no escapes), anything else compact.
fn write_result(out: &mut dyn Write, value: &Val) -> std::io::Result<()> {
    match value {
        Val::TStr(text) | Val::BStr(text) => out.write_all(text)?,
        other => jaq_json::write::write(out, &jaq_json::write::Pp::default(), 0, other)?,
    }
    out.write_all(b"\n")
}

/// Where `part` (a slice of `code`) starts, as `at character N` counted from
/// 1, or `at the end`.
fn position(code: &str, part: &str) -> String {
    let start = jaq_core::load::span(code, part).start;
    if start >= code.len() {
        "at the end".to_string()
    } else {
        format!("at character {}", code[..start].chars().count() + 1)
    }
}

fn load_message(code: &str, errors: jaq_core::load::Errors<&str, ()>) -> String {
    use jaq_core::load::Error;
    let mut parts = Vec::new();
    for (_file, error) in errors {
        match error {
            Error::Io(errors) => {
                for (path, error) in errors {
                    parts.push(format!("cannot load module {path}: {error}"));
                }
            }
            Error::Lex(errors) => {
                for (expected, found) in errors {
                    parts.push(format!(
                        "expected {} {}",
                        expected.as_str(),
                        position(code, found)
                    ));
                }
            }
            Error::Parse(errors) => {
                for (expected, found) in errors {
                    parts.push(format!(
                        "expected {} {}",
                        expected.as_str(),
                        position(code, found)
                    ));
                }
            }
        }
    }
    parts.join("; ")
}

fn compile_message(code: &str, errors: jaq_core::compile::Errors<&str, ()>) -> String {
    let mut parts = Vec::new();
    for (_file, errors) in errors {
        for (found, undefined) in errors {
            parts.push(format!(
                "undefined {} '{found}' {}",
                undefined.as_str(),
                position(code, found)
            ));
        }
    }
    parts.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(expr: &str, json: &str) -> Result<String> {
        let mut out = Vec::new();
        Jq::compile(expr)?.run(json.as_bytes(), &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn strings_raw_other_values_compact() {
        let json = r#"[{"name":"A \"B\"","n":1,"o":{"x":[1, 2]}},{"name":"C","n":2.5,"o":null}]"#;
        assert_eq!(run(".[].name", json).unwrap(), "A \"B\"\nC\n");
        assert_eq!(run(".[].n", json).unwrap(), "1\n2.5\n");
        assert_eq!(run(".[0].o", json).unwrap(), "{\"x\":[1,2]}\n");
        assert_eq!(run("map(.n) | add", json).unwrap(), "3.5\n");
        assert_eq!(
            run("[.[] | select(.n > 1) | .name]", json).unwrap(),
            "[\"C\"]\n"
        );
        assert_eq!(run("empty", json).unwrap(), "");
    }

    #[test]
    fn bad_expressions_are_usage_errors_that_say_where() {
        for expr in [".[", "nosuchfilter", "$nope", ".a |", "}"] {
            let error = Jq::compile(expr).unwrap_err();
            assert_eq!(crate::error::exit_of(&error), crate::error::Exit::Usage);
            let message = error.to_string();
            assert!(message.starts_with("--jq: "), "{message}");
        }
        let message = Jq::compile("nosuchfilter").unwrap_err().to_string();
        assert!(message.contains("nosuchfilter"), "{message}");
        let message = Jq::compile(".[").unwrap_err().to_string();
        assert!(
            message.contains("at the end") || message.contains("character"),
            "{message}"
        );
    }

    #[test]
    fn expressions_that_take_the_array_apart_first_run_per_element() {
        for expr in [
            ".[]",
            " .[] ",
            ".[].name",
            ".[]?.a.b",
            ".[][0]",
            ".[] .[\"a b\"]",
            ".[] | select(.n > 1) | .name",
            ".[].o | .x, .y",
            ".[] | [.name, .n] | @tsv",
        ] {
            assert!(per_element(expr), "{expr}");
        }
        for expr in [
            ".",
            "length",
            ".[0]",
            "map(.n)",
            ".[].n, length",
            ".[] as $x | .",
            ".[] |= 1",
            ".[] + length",
            ".[].a // 1",
            "..[]",
            ".[] .[\"a\\\"b\"]",
            ".[].a-1",
        ] {
            assert!(!per_element(expr), "{expr}");
        }
    }

    /// Per element or whole, the same results.
    #[test]
    fn per_element_results_are_the_whole_arrays_results() {
        let elements = [
            serde_json::json!({"name": "A", "n": 1, "o": {"x": [1, 2]}}),
            serde_json::json!({"name": "B", "n": 2.5, "o": null}),
            serde_json::json!({"name": "C", "n": 3, "o": {"x": []}}),
        ];
        let whole = serde_json::to_string(&elements).unwrap();
        for expr in [
            ".[]",
            ".[].name",
            ".[] | select(.n > 1) | .name",
            ".[].o?.x[]?",
            ".[] | .n, .name",
        ] {
            let jq = Jq::compile(expr).unwrap();
            let mut each = Vec::new();
            for element in &elements {
                jq.run_element(element, &mut each).unwrap();
            }
            assert_eq!(
                String::from_utf8(each).unwrap(),
                run(expr, &whole).unwrap(),
                "{expr}"
            );
        }
    }

    #[test]
    fn a_whole_array_is_held_up_to_a_limit_then_refused_in_one_line() {
        let jq = Jq::compile("length").unwrap();
        let mut held = b"[".to_vec();
        let element = serde_json::json!({"name": "A BANK"});
        jq.hold(&mut held, &element, 1 << 20).unwrap();
        jq.hold(&mut held, &element, 1 << 20).unwrap();
        held.push(b']');
        let mut out = Vec::new();
        jq.run(&held, &mut out).unwrap();
        assert_eq!(out, b"2\n");
        let mut held = b"[".to_vec();
        let error = (0..100_000)
            .find_map(|_| jq.hold(&mut held, &element, 1 << 20).err())
            .unwrap();
        assert_eq!(crate::error::exit_of(&error), crate::error::Exit::Failure);
        let message = error.to_string();
        assert!(!message.contains('\n'), "{message}");
        assert!(
            message.contains("1 MiB") && message.contains("'length'") && message.contains("ndjson"),
            "{message}"
        );
        assert!(held.len() < (1 << 20) + 100);
    }

    #[test]
    fn runtime_error_is_a_failure_with_jaqs_message() {
        let error = run(".[0].name | .x", r#"[{"name":"A"}]"#).unwrap_err();
        assert_eq!(crate::error::exit_of(&error), crate::error::Exit::Failure);
        assert!(error.to_string().starts_with("--jq: "), "{error}");
        let error = run(r#"error("boom")"#, "1").unwrap_err();
        assert!(error.to_string().contains("boom"), "{error}");
    }
}
