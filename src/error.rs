//! Typed errors whose exit code matters, and the one place that maps any
//! error to an exit code. Everything else travels as `anyhow::Error` with
//! context naming the URL, file or id that failed.

use std::process::ExitCode;

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

/// `text` cut to `max` characters with `…`, for echoing input in messages.
pub fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context;

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
    fn one_line_joins_causes_without_repeats() {
        let err = anyhow::anyhow!("inner detail").context("reading config.toml");
        assert_eq!(one_line(&err), "reading config.toml: inner detail");
    }
}
