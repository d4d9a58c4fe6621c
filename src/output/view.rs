//! Where output is shown, decided once (by `Io`, from the streams, the
//! flags and the environment) and handed to every printer: they never ask
//! whether standard output is a terminal.

use std::sync::Arc;

use super::jq::Jq;

#[derive(Debug, Clone, Default)]
pub struct View {
    /// Standard output is a terminal: tables get borders and are fitted to
    /// `width`; charts are drawn.
    pub terminal: bool,
    /// Colour codes may be written.
    pub color: bool,
    /// The terminal's width, when it says.
    pub width: Option<usize>,
    /// `--jq`: JSON goes through this filter.
    pub jq: Option<Arc<Jq>>,
}

impl View {
    /// A file or a pipe: no borders, no colour, no filter.
    pub fn piped() -> View {
        View::default()
    }

    /// A terminal `width` columns wide.
    pub fn terminal(width: usize, color: bool) -> View {
        View {
            terminal: true,
            color,
            width: Some(width),
            jq: None,
        }
    }
}
