//! The words every room shares: the service's resources (`model`), the
//! rating scale, exam types and regulators (`vocab`), the tests and levels
//! of an evaluation's test ratings (`performance`), the state codes
//! (`states`), and the output formats and colour choice a user picks.
//! Below every other room: it imports none of them, so api, mirror,
//! sandbox, diff and output can all speak it without importing each other.
//!
//! The service leaves its value sets open (docs/service.md, section 2.7), so
//! every enumeration here keeps a value it does not know rather than
//! refusing it.

pub mod matching;
pub mod model;
pub mod performance;
pub mod points;
pub mod public;
pub mod selection;
pub mod sort;
pub mod states;
pub mod vocab;
pub mod watched;

pub use matching::Listed;
pub use model::{Bank, BankDetail, Meta};
pub use performance::{Level, Rated, Test, TestFilter};
pub use public::{AssetRange, HasPublic, PublicRecord};
pub use selection::Selection;
pub use sort::{SortField, SortKey};
pub use vocab::{ExamType, Rating, RatingChange, Regulator};
pub use watched::{Place, Watched};

/// The filters and paging of the list (`GET /api/v1/banks`), which the local copy answers too.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub q: Option<String>,
    pub state: Option<String>,
    pub size: Option<String>,
    pub page: u64,
    pub per_page: u64,
}

/// How rows are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Table,
    Tsv,
    Json,
    Ndjson,
    Csv,
    // An Excel workbook (to a file: `-o FILE.xlsx`); a plain comment, as
    // a doc comment would make clap list every value in `--help`.
    Xlsx,
    // A self-contained page: the report's format.
    Html,
}

impl Format {
    /// The name a user types (`--format csv`).
    pub fn name(self) -> &'static str {
        match self {
            Format::Table => "table",
            Format::Tsv => "tsv",
            Format::Json => "json",
            Format::Ndjson => "ndjson",
            Format::Csv => "csv",
            Format::Xlsx => "xlsx",
            Format::Html => "html",
        }
    }

    /// Whether it prints a record's JSON (json, ndjson, `--jq`).
    pub fn prints_json(self) -> bool {
        matches!(self, Format::Json | Format::Ndjson)
    }
}

/// When to use colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum ColorWhen {
    #[default]
    Auto,
    Always,
    Never,
}
