//! Which format a file gets: the one asked for, else the one its name
//! says (`-o banks.xlsx`), and never one its name denies (`--format csv -o
//! banks.json` is refused rather than writing csv into a `.json`).

use std::path::Path;

use anyhow::Result;

use crate::domain::Format;
use crate::error::CraError;

/// The format a file's extension names (`.csv .tsv .tab .json .ndjson
/// .jsonl .xlsx`, any case); none for any other name.
pub fn format_for_path(path: &Path) -> Option<Format> {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("csv") => Some(Format::Csv),
        Some("tsv" | "tab") => Some(Format::Tsv),
        Some("json") => Some(Format::Json),
        Some("ndjson" | "jsonl") => Some(Format::Ndjson),
        Some("xlsx") => Some(Format::Xlsx),
        _ => None,
    }
}

/// The format of output written to `path`: `asked` (`--format`) when the
/// name agrees with it or says nothing, else the name's; none when neither
/// says (the command's default applies). A contradiction is a usage error.
pub fn format_for_file(path: &Path, asked: Option<Format>) -> Result<Option<Format>> {
    let named = format_for_path(path);
    match (asked, named) {
        (Some(asked), Some(named)) if !agrees(asked, named) => Err(CraError::usage(format!(
            "--format {} contradicts the file name {} (a {} file); drop --format or rename the file",
            asked.name(),
            path.display(),
            named.name()
        ))),
        (Some(asked), _) => Ok(Some(asked)),
        (None, named) => Ok(named),
    }
}

/// Whether a file named for `named` may hold `asked`: the same format, or
/// a table written to a `.tsv` (a table not on a terminal is tsv).
fn agrees(asked: Format, named: Format) -> bool {
    asked == named || (asked == Format::Table && named == Format::Tsv)
}

/// The refusal for a workbook bound for a terminal.
pub fn xlsx_to_terminal() -> anyhow::Error {
    CraError::usage(
        "--format xlsx writes a binary workbook, not for a terminal; use -o FILE.xlsx (or redirect standard output)",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn extensions_name_formats() {
        assert_eq!(format_for_path(Path::new("a.csv")), Some(Format::Csv));
        assert_eq!(format_for_path(Path::new("a.JSON")), Some(Format::Json));
        assert_eq!(format_for_path(Path::new("a.jsonl")), Some(Format::Ndjson));
        assert_eq!(format_for_path(Path::new("a.ndjson")), Some(Format::Ndjson));
        assert_eq!(format_for_path(Path::new("a.tsv")), Some(Format::Tsv));
        assert_eq!(format_for_path(Path::new("dir/a.XLSX")), Some(Format::Xlsx));
        assert_eq!(format_for_path(Path::new("a")), None);
        assert_eq!(format_for_path(Path::new("a.txt")), None);
        assert_eq!(format_for_path(Path::new(".xlsx")), None);
    }

    #[test]
    fn a_format_the_name_denies_is_refused() {
        let err = format_for_file(Path::new("a.json"), Some(Format::Csv)).unwrap_err();
        assert!(
            err.to_string()
                .contains("--format csv contradicts the file name a.json"),
            "{err}"
        );
        assert!(format_for_file(Path::new("a.csv"), Some(Format::Xlsx)).is_err());
        assert_eq!(
            format_for_file(Path::new("a.txt"), Some(Format::Xlsx)).unwrap(),
            Some(Format::Xlsx)
        );
        assert_eq!(
            format_for_file(Path::new("a.xlsx"), None).unwrap(),
            Some(Format::Xlsx)
        );
        assert_eq!(
            format_for_file(Path::new("a.tsv"), Some(Format::Table)).unwrap(),
            Some(Format::Table)
        );
        assert_eq!(format_for_file(Path::new("a.out"), None).unwrap(), None);
    }

    proptest! {
        /// Whatever the name and the flag: the answer is the flag, or the
        /// name's format, and never one the name denies.
        #[test]
        fn the_answer_never_contradicts_the_name(
            stem in "[a-z]{1,8}",
            ext in prop::sample::select(vec!["csv", "tsv", "json", "jsonl", "xlsx", "txt", ""]),
            asked in prop::option::of(prop::sample::select(vec![
                Format::Table, Format::Tsv, Format::Json, Format::Ndjson, Format::Csv, Format::Xlsx,
            ])),
        ) {
            let name = if ext.is_empty() { stem } else { format!("{stem}.{ext}") };
            let path = Path::new(&name);
            let named = format_for_path(path);
            match format_for_file(path, asked) {
                Ok(Some(format)) => {
                    prop_assert!(named.is_none_or(|n| agrees(format, n)));
                    prop_assert!(asked.is_none_or(|a| a == format));
                }
                Ok(None) => prop_assert!(asked.is_none() && named.is_none()),
                Err(_) => prop_assert!(asked.is_some() && named.is_some()),
            }
        }
    }
}
