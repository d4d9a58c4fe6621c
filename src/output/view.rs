//! Where output is shown and how, decided once (by `run`, from the
//! streams, the flags, the environment and the command) and handed to
//! every printer: they never ask whether standard output is a terminal,
//! nor which format was meant.

use std::sync::Arc;

use super::about::About;
use super::jq::Jq;
use crate::domain::Format;

#[derive(Debug, Clone)]
pub struct View {
    /// The format rows are printed in (resolved: never a guess left to a
    /// command).
    pub format: Format,
    /// Standard output is a terminal: tables get borders and are fitted to
    /// `width`; charts are drawn.
    pub terminal: bool,
    /// Colour codes may be written.
    pub color: bool,
    /// The terminal's width, when it says.
    pub width: Option<usize>,
    /// `--jq`: JSON goes through this filter.
    pub jq: Option<Arc<Jq>>,
    /// What a workbook says about itself (its `About` sheet), when the
    /// output is one.
    pub about: Option<Arc<About>>,
    /// Where a printer's warnings go (standard error, through `Io`).
    pub warn: Warn,
    /// `--excel-safe-csv`: csv and tsv text cells that a spreadsheet would
    /// run as a formula are written as text (see `Cell::spreadsheet_text`).
    pub excel_safe: bool,
    /// The file standard output goes to (`-o FILE`, or the command's
    /// default file), for what a summary says; none for standard output.
    pub file: Option<std::path::PathBuf>,
    /// The file a command writes beside its output (`stats --svg FILE`),
    /// checked with it (never the copy, the config, the `-o` file).
    pub side_file: Option<std::path::PathBuf>,
}

/// Where a printer says what it had to change (a workbook cell cut to
/// Excel's limit): standard error, as `Io` writes it, or nowhere.
#[derive(Clone, Default)]
pub struct Warn(Option<Arc<Say>>);

/// What a [`Warn`] calls with each warning.
type Say = dyn Fn(&str) + Send + Sync;

impl Warn {
    pub fn to(warn: impl Fn(&str) + Send + Sync + 'static) -> Warn {
        Warn(Some(Arc::new(warn)))
    }

    pub fn say(&self, message: &str) {
        if let Some(warn) = &self.0 {
            warn(message);
        }
    }
}

impl std::fmt::Debug for Warn {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Warn(on)"
        } else {
            "Warn(off)"
        })
    }
}

impl View {
    /// A file or a pipe: tsv, no borders, no colour, no filter.
    pub fn piped() -> View {
        View {
            format: Format::Tsv,
            terminal: false,
            color: false,
            width: None,
            jq: None,
            about: None,
            warn: Warn::default(),
            excel_safe: false,
            file: None,
            side_file: None,
        }
    }

    /// A terminal `width` columns wide, showing tables.
    pub fn terminal(width: usize, color: bool) -> View {
        View {
            format: Format::Table,
            terminal: true,
            color,
            width: Some(width),
            jq: None,
            about: None,
            warn: Warn::default(),
            excel_safe: false,
            file: None,
            side_file: None,
        }
    }

    /// A table for a person at a terminal: drawn (a chart, names first),
    /// not rows for a program.
    pub fn for_a_person(&self) -> bool {
        self.terminal && self.format == Format::Table
    }

    /// How `banks` banks with their histories are shown (`show`): cards at
    /// a table (unless columns were chosen), one document for one bank in
    /// json, else rows.
    pub fn histories(&self, banks: usize, columns_chosen: bool) -> Histories {
        match self.format {
            Format::Table if !columns_chosen => Histories::Cards,
            Format::Json if banks == 1 => Histories::Document,
            _ => Histories::Rows,
        }
    }

    /// The same view printing `format`.
    pub fn with_format(mut self, format: Format) -> View {
        self.format = format;
        self
    }
}

/// How banks with their histories are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Histories {
    /// A card a bank, for a person at a terminal.
    Cards,
    /// One json document: the bank's object.
    Document,
    /// A row a rating record, in the format decided.
    Rows,
}
