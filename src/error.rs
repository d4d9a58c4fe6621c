//! Typed errors whose exit code matters, the one place that maps any
//! error to an exit code, and the one place that hides secrets from every
//! message. Everything else travels as `anyhow::Error` with context naming
//! the URL, file or id that failed.

use std::borrow::Cow;
use std::process::ExitCode;
use std::sync::OnceLock;

use secrecy::{ExposeSecret, SecretString};

/// The exit codes of the contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    Success = 0,
    Failure = 1,
    Usage = 2,
    Unauthorized = 3,
    Forbidden = 4,
    NotFound = 5,
    Unavailable = 6,
    SignatureInvalid = 7,
    Interrupted = 130,
}

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}

/// An error that decides the exit code. Its `Display` is the one line the
/// user sees after `cra: error: `.
#[derive(Debug, thiserror::Error)]
pub enum CraError {
    #[error("{0}")]
    Usage(String),
    #[error("{message}")]
    Unauthorized { message: String },
    #[error("{message}")]
    Forbidden { message: String },
    #[error("{message}")]
    NotFound { message: String },
    #[error("{message}")]
    Unavailable { message: String },
    #[error("{message}")]
    Response { message: String },
    #[error("interrupted")]
    Interrupted,
    /// Already reported to the user; exit with this code and print nothing more.
    #[error("")]
    Silent(Exit),
}

impl CraError {
    pub fn usage(message: impl Into<String>) -> anyhow::Error {
        CraError::Usage(message.into()).into()
    }

    /// An error that exits with `exit` and says `message`.
    pub fn with_exit(exit: Exit, message: String) -> anyhow::Error {
        match exit {
            Exit::Usage => CraError::Usage(message),
            Exit::Unauthorized => CraError::Unauthorized { message },
            Exit::Forbidden => CraError::Forbidden { message },
            Exit::NotFound => CraError::NotFound { message },
            Exit::Unavailable => CraError::Unavailable { message },
            _ => CraError::Response { message },
        }
        .into()
    }

    pub fn exit(&self) -> Exit {
        match self {
            CraError::Usage(_) => Exit::Usage,
            CraError::Unauthorized { .. } => Exit::Unauthorized,
            CraError::Forbidden { .. } => Exit::Forbidden,
            CraError::NotFound { .. } => Exit::NotFound,
            CraError::Unavailable { .. } => Exit::Unavailable,
            CraError::Response { .. } => Exit::Failure,
            CraError::Interrupted => Exit::Interrupted,
            CraError::Silent(exit) => *exit,
        }
    }
}

/// The exit code for any error: the first `CraError` in its chain decides,
/// anything else is a plain failure.
pub fn exit_of(error: &anyhow::Error) -> Exit {
    error
        .chain()
        .find_map(|cause| cause.downcast_ref::<CraError>())
        .map_or(Exit::Failure, CraError::exit)
}

/// True when the error is a closed standard output (`cra ... | head -1`),
/// which is success, not a failure.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            || cause
                .downcast_ref::<csv::Error>()
                .is_some_and(|e| matches!(e.kind(), csv::ErrorKind::Io(io) if io.kind() == std::io::ErrorKind::BrokenPipe))
            || cause
                .downcast_ref::<serde_json::Error>()
                .is_some_and(|e| e.io_error_kind() == Some(std::io::ErrorKind::BrokenPipe))
    })
}

/// The one line printed for an error: the outermost message, then the causes
/// that add something, joined with `: `.
pub fn one_line(error: &anyhow::Error) -> String {
    let mut parts: Vec<String> = Vec::new();
    for cause in error.chain() {
        let text = cause.to_string().replace('\n', " ");
        let text = text.trim().to_string();
        if text.is_empty() || parts.iter().any(|p| p.contains(&text)) {
            continue;
        }
        parts.push(text);
    }
    parts.join(": ")
}

/// What a hidden secret is shown as.
pub const REDACTED: &str = "[redacted]";

/// Secrets shorter than this are not searched for: every message would be
/// riddled with `[redacted]` for a key of one or two letters, which is no
/// secret anyway.
const MIN_SECRET: usize = 4;

/// The secrets of this run (the API key, the webhook secret) and the forms
/// they take when a server's data quotes them: as they are, escaped as in a
/// JSON or Rust string (serde's messages quote that way) and percent-encoded
/// as in a URL path or query (a trace of a detail URL).
pub struct Redactor {
    forms: Vec<SecretString>,
}

impl Redactor {
    pub fn new<'a>(secrets: impl IntoIterator<Item = &'a SecretString>) -> Redactor {
        let mut forms: Vec<String> = Vec::new();
        for secret in secrets {
            let raw = secret.expose_secret();
            if raw.chars().count() < MIN_SECRET {
                continue;
            }
            let debug = format!("{raw:?}");
            let json = serde_json::to_string(raw).unwrap_or_default();
            let query: String = url::form_urlencoded::byte_serialize(raw.as_bytes()).collect();
            let mut path = url::Url::parse("http://h/").expect("a fixed URL parses");
            if let Ok(mut segments) = path.path_segments_mut() {
                segments.pop_if_empty().push(raw);
            }
            for form in [
                raw.to_string(),
                debug[1..debug.len() - 1].to_string(),
                json.get(1..json.len().saturating_sub(1))
                    .unwrap_or_default()
                    .to_string(),
                query,
                path.path()[1..].to_string(),
            ] {
                if form.chars().count() >= MIN_SECRET && !forms.contains(&form) {
                    forms.push(form);
                }
            }
        }
        // Longest first: a form that contains another is hidden whole.
        forms.sort_by_key(|form| std::cmp::Reverse(form.len()));
        Redactor {
            forms: forms.into_iter().map(SecretString::from).collect(),
        }
    }

    /// `text` with every secret replaced by `[redacted]`.
    pub fn redact<'t>(&self, text: &'t str) -> Cow<'t, str> {
        let mut text = Cow::Borrowed(text);
        for form in &self.forms {
            let form = form.expose_secret();
            if text.contains(form) {
                text = Cow::Owned(text.replace(form, REDACTED));
            }
        }
        text
    }
}

static SECRETS: OnceLock<Redactor> = OnceLock::new();

/// Makes `redact` hide these secrets from now on; set once per run, when
/// the settings are known (a second call is ignored).
pub fn hide_secrets<'a>(secrets: impl IntoIterator<Item = &'a SecretString>) {
    let _ = SECRETS.set(Redactor::new(secrets));
}

/// `text` with this run's secrets hidden. Every line `cra` writes to
/// standard error (errors, warnings, notes, `--verbose` traces) passes
/// through here, so a secret quoted in server data never reaches a
/// terminal or a log, whichever message carries it.
pub fn redact(text: &str) -> Cow<'_, str> {
    match SECRETS.get() {
        Some(redactor) => redactor.redact(text),
        None => Cow::Borrowed(text),
    }
}

/// `value` with this run's secrets hidden in every string and key (data a
/// server sends back, quoting the key). True when anything was hidden.
pub fn redact_json(value: &mut serde_json::Value) -> bool {
    match SECRETS.get() {
        Some(redactor) if !redactor.forms.is_empty() => redactor.redact_json(value),
        _ => false,
    }
}

impl Redactor {
    /// See [`redact_json`].
    pub fn redact_json(&self, value: &mut serde_json::Value) -> bool {
        use serde_json::Value;
        match value {
            Value::String(text) => match self.redact(text) {
                Cow::Owned(hidden) => {
                    *text = hidden;
                    true
                }
                Cow::Borrowed(_) => false,
            },
            Value::Array(items) => items
                .iter_mut()
                .fold(false, |hid, item| self.redact_json(item) | hid),
            Value::Object(map) => {
                let mut hid = false;
                if map.keys().any(|k| matches!(self.redact(k), Cow::Owned(_))) {
                    let old = std::mem::take(map);
                    for (key, item) in old {
                        map.insert(self.redact(&key).into_owned(), item);
                    }
                    hid = true;
                }
                map.values_mut()
                    .fold(hid, |hid, item| self.redact_json(item) | hid)
            }
            _ => false,
        }
    }
}

pub use crate::text::clip as shorten;

/// Prints `error` once, as `cra: error: <one line>`, and returns its exit
/// code. A closed standard output is success and prints nothing.
pub fn report(error: &anyhow::Error) -> Exit {
    if is_broken_pipe(error) {
        return Exit::Success;
    }
    let exit = exit_of(error);
    let line = one_line(error);
    if !line.is_empty() {
        // Errors quote the service's own words: no escape sequence of its
        // reaches the terminal, and no secret it echoes.
        say(&format!(
            "cra: error: {}",
            crate::text::inert(&redact(&line))
        ));
    }
    exit
}

/// Writes `line` and a newline to standard error, whatever becomes of it:
/// a standard error that is full (`2>/dev/full`) or closed (`2>&1 | head
/// -1`) must not turn a documented exit code into a panic's 101, which is
/// what `eprintln!` does when the write fails. Nobody is left to tell.
pub fn say(line: &str) {
    use std::io::Write;
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(line.as_bytes());
    let _ = err.write_all(b"\n");
    let _ = err.flush();
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context;

    #[test]
    fn secrets_in_json_data_are_hidden_in_values_and_keys() {
        let key = SecretString::from("k3y-very-secret");
        let redactor = Redactor::new([&key]);
        let mut value = serde_json::json!({"name": "x k3y-very-secret y", "n": 1,
            "k3y-very-secret": ["k3y-very-secret", null], "plain": "ok"});
        assert!(redactor.redact_json(&mut value));
        assert_eq!(
            value,
            serde_json::json!({"name": "x [redacted] y", "n": 1,
                "[redacted]": ["[redacted]", null], "plain": "ok"})
        );
        let mut clean = serde_json::json!({"a": ["b", 2]});
        assert!(!redactor.redact_json(&mut clean));
    }

    #[test]
    fn exit_code_found_through_context() {
        let err = anyhow::Error::from(CraError::NotFound {
            message: "no bank x".into(),
        })
        .context("while showing");
        assert_eq!(exit_of(&err), Exit::NotFound);
        assert_eq!(exit_of(&anyhow::anyhow!("plain")), Exit::Failure);
    }

    #[test]
    fn broken_pipe_is_recognised() {
        let io = std::io::Error::new(std::io::ErrorKind::BrokenPipe, "pipe");
        let err = Err::<(), _>(io).context("writing").unwrap_err();
        assert!(is_broken_pipe(&err));
    }

    #[test]
    fn every_form_of_a_secret_is_hidden() {
        let key = SecretString::from("live/key \"x\"+é");
        let short = SecretString::from("ab");
        let redactor = Redactor::new([&key, &short]);
        for text in [
            r#"invalid type: string "Bearer live/key \"x\"+é", expected u64"#,
            "GET http://h/api/v1/banks/live%2Fkey%20%22x%22+%C3%A9 → 200",
            "q=live%2Fkey+%22x%22%2B%C3%A9",
            "key live/key \"x\"+é quoted",
        ] {
            let hidden = redactor.redact(text);
            assert!(hidden.contains(REDACTED), "{text} → {hidden}");
            assert!(!hidden.contains("live"), "{text} → {hidden}");
        }
        // A two-letter secret is not hunted for in every word.
        assert_eq!(redactor.redact("about"), "about");
        assert!(matches!(redactor.redact("nothing"), Cow::Borrowed(_)));
    }

    #[test]
    fn one_line_joins_causes_without_repeats() {
        let err = anyhow::anyhow!("inner detail").context("reading config.toml");
        assert_eq!(one_line(&err), "reading config.toml: inner detail");
    }
}
