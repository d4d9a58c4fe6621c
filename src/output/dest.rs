//! The output decided once, before a command runs (as ripgrep's `HiArgs`
//! settles every output decision before searching): its format (asked
//! for, else the one `-o FILE`'s name says, else the command's default,
//! which for rows is a table for a person and tsv for a pipe), `--jq`, and
//! where it goes (standard output, or a file written atomically; `-o -`
//! is standard output). A file is never written in a format its name
//! denies, and a command never writes a format it does not have.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Result;

use super::jq::Jq;
use crate::domain::Format;
use crate::error::CraError;

/// What a command's standard output can be.
#[derive(Debug, Clone, Copy)]
pub struct Outputs {
    /// The formats it writes.
    pub formats: &'static [Format],
    /// Its format when none is asked for or named.
    pub default: Default,
    /// Its own wording of a refused format, when the general one would
    /// mislead (`sync` prints a summary, not rows).
    pub refusal: Option<&'static str>,
    /// The file it writes when no `-o` is given (`cra-report`: the
    /// extension is the format's), if it writes one.
    pub file: Option<&'static str>,
}

/// A command's format when none is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Default {
    /// A table on a terminal, tsv otherwise.
    Display,
    Always(Format),
    /// Its own text (a summary, a settings list, an event a line), which
    /// no `--format` names; it prints [`Outputs::formats`] only when asked.
    Text,
}

const ROW_FORMATS: &[Format] = &[
    Format::Table,
    Format::Tsv,
    Format::Json,
    Format::Ndjson,
    Format::Csv,
    Format::Xlsx,
];

impl Outputs {
    /// No formatted output (`--format` is not among its flags).
    pub const NONE: Outputs = Outputs {
        formats: &[],
        default: Default::Display,
        refusal: None,
        file: None,
    };
    /// Rows, in any format.
    pub const ROWS: Outputs = Outputs {
        formats: ROW_FORMATS,
        default: Default::Display,
        refusal: None,
        file: None,
    };
    /// Rows, csv unless asked otherwise (`export`).
    pub const EXPORT: Outputs = Outputs {
        formats: ROW_FORMATS,
        default: Default::Always(Format::Csv),
        refusal: None,
        file: None,
    };
    /// A summary on standard error, or one json object on standard output
    /// with `--format json` (`sync`, `enrich`): `refusal` says so.
    pub const fn summary(refusal: &'static str) -> Outputs {
        Outputs {
            formats: &[Format::Json],
            default: Default::Text,
            refusal: Some(refusal),
            file: None,
        }
    }
    /// Its own text, or json lines with `--format json` or `ndjson`
    /// (`listen`).
    pub const fn lines(refusal: &'static str) -> Outputs {
        Outputs {
            formats: &[Format::Json, Format::Ndjson],
            default: Default::Text,
            refusal: Some(refusal),
            file: None,
        }
    }
    /// One page (`report`), or the same as a workbook; to `cra-report.html`
    /// (`.xlsx`) unless told.
    pub const PAGE: Outputs = Outputs {
        formats: &[Format::Html, Format::Xlsx],
        default: Default::Always(Format::Html),
        refusal: None,
        file: Some("cra-report"),
    };

    fn has(self, format: Format) -> bool {
        self.formats.contains(&format)
    }

    /// The file written with no `-o`: the command's own name with the
    /// extension of the format asked for (or of its default). None when it
    /// has no file, or was asked a format it does not write (refused then
    /// for that format, not for a file name nobody typed).
    pub fn default_file(self, asked: Option<Format>) -> Option<PathBuf> {
        let stem = self.file?;
        let format = match (asked, self.default) {
            (Some(asked), _) if self.has(asked) => asked,
            (Some(_), _) => return None,
            (None, Default::Always(format)) => format,
            (None, Default::Display | Default::Text) => Format::Tsv,
        };
        Some(PathBuf::from(format!("{stem}.{}", format.name())))
    }
}

/// Where standard output goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    Stdout,
    /// Written aside and put in place when the command succeeds.
    File(PathBuf),
}

/// The output of one run.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub format: Format,
    pub jq: Option<Arc<Jq>>,
    pub to: Destination,
}

/// A file name's extension, lower case.
fn extension(path: &Path) -> Option<String> {
    path.extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
}

/// The format a file's extension names (`.csv .tsv .tab .json .ndjson
/// .jsonl .xlsx .html .htm`, any case); none for any other name.
pub fn format_for_path(path: &Path) -> Option<Format> {
    match extension(path).as_deref() {
        Some("csv") => Some(Format::Csv),
        Some("tsv" | "tab") => Some(Format::Tsv),
        Some("json") => Some(Format::Json),
        Some("ndjson" | "jsonl") => Some(Format::Ndjson),
        Some("xlsx") => Some(Format::Xlsx),
        Some("html" | "htm") => Some(Format::Html),
        _ => None,
    }
}

/// A name whose extension is a format `cra` does not write: what to use
/// instead.
fn foreign(path: &Path) -> Option<&'static str> {
    match extension(path).as_deref() {
        Some("xls" | "xlsm" | "xlsb" | "ods") => Some("an Excel workbook is .xlsx"),
        Some("pdf") => Some("print the report (cra report, .html) to PDF from a browser"),
        Some("svg") => Some("cra stats --svg FILE draws the chart"),
        _ => None,
    }
}

/// The output of a command that writes `outputs`, given what was asked
/// (`--format`, `-o FILE`, `--jq`) and whether standard output is a
/// terminal.
pub fn resolve(
    command: &str,
    outputs: Outputs,
    asked: Option<Format>,
    file: Option<&Path>,
    jq: Option<&str>,
    terminal: bool,
) -> Result<Resolved> {
    let to = match file {
        None => Destination::Stdout,
        Some(path) if path == Path::new("-") => Destination::Stdout,
        Some(path) => Destination::File(path.to_path_buf()),
    };
    let named = match &to {
        Destination::File(path) => {
            if let Some(instead) = foreign(path) {
                return Err(CraError::usage(format!(
                    "cra writes no .{} file ({instead}); name the file for a format cra writes",
                    extension(path).unwrap_or_default()
                )));
            }
            format_for_path(path).map(|format| (format, path))
        }
        Destination::Stdout => None,
    };
    let format = match (asked, named) {
        (Some(asked), Some((named, path))) if !agrees(asked, named) => {
            return Err(CraError::usage(format!(
                "--format {} contradicts the file name {} (a {} file); drop --format or rename the file",
                asked.name(),
                path.display(),
                named.name()
            )));
        }
        (Some(asked), _) => Some(asked),
        (None, named) => named.map(|(format, _)| format),
    };
    let jq = match jq {
        None => None,
        Some(expr) => {
            let jq = Jq::compile(expr)?;
            match format {
                None | Some(Format::Json) => {}
                Some(other) => {
                    return Err(CraError::usage(format!(
                        "--jq filters the json output; it cannot be combined with --format {}",
                        other.name()
                    )));
                }
            }
            Some(Arc::new(jq))
        }
    };
    let format = match (format, &jq) {
        (_, Some(_)) => Format::Json,
        (Some(format), None) => format,
        (None, None) => match outputs.default {
            Default::Always(format) => format,
            Default::Display if terminal && to == Destination::Stdout => Format::Table,
            Default::Display => Format::Tsv,
            // Its own text: what the view says a person sees.
            Default::Text if terminal => {
                return Ok(Resolved {
                    format: Format::Table,
                    jq,
                    to,
                });
            }
            Default::Text => {
                return Ok(Resolved {
                    format: Format::Tsv,
                    jq,
                    to,
                });
            }
        },
    };
    if !outputs.has(format) {
        return Err(CraError::usage(refusal(
            command,
            outputs,
            format,
            named.map(|n| n.1.as_path()),
        )));
    }
    if format == Format::Xlsx && terminal && to == Destination::Stdout {
        return Err(xlsx_to_terminal());
    }
    Ok(Resolved { format, jq, to })
}

/// `--excel-safe-csv` with the format resolved: it changes csv and tsv
/// only, so with any other format it is a usage error rather than a
/// promise kept silently by nothing (a workbook's cells are text already).
pub fn excel_safe_for(format: Format) -> Result<()> {
    match format {
        Format::Csv | Format::Tsv => Ok(()),
        other => Err(CraError::usage(format!(
            "--excel-safe-csv changes csv and tsv, not {}; add --format csv or -o FILE.csv (a .xlsx workbook needs no guard: its cells are text)",
            other.name()
        ))),
    }
}

/// A file `cra` itself reads or keeps, which `-o` must never replace:
/// its path and what it is, for the refusal.
#[derive(Debug, Clone)]
pub struct OwnFile {
    pub path: PathBuf,
    pub what: &'static str,
}

/// Refuses (a usage error) an output file that is one of `own`: the local
/// copy in use and its `-wal` and `-shm`, the config file, the watch
/// lists. Paths are compared as the file system resolves them (symbolic
/// links followed, as the atomic writer follows them; `..` and a relative
/// path taken apart), whether or not the file exists yet.
///
/// Any other SQLite database is refused too, by the header its file starts
/// with (a copy named some other way, an older copy kept aside), and so are
/// the files SQLite and `cra` keep beside one (`-wal`, `-shm`, `-journal`,
/// `.lock`).
pub fn refuse_own_file(output: &Path, own: &[OwnFile]) -> Result<()> {
    refuse_own_file_as(&Written::OUTPUT, output, own)
}

/// How a file the tool writes is named on its line, and whether it is
/// replaced (`-o`, `--svg`) or appended to (`--log`).
#[derive(Debug, Clone, Copy)]
pub struct Written {
    pub flag: &'static str,
    pub appended: bool,
}

impl Written {
    pub const OUTPUT: Written = Written {
        flag: "-o",
        appended: false,
    };
}

/// [`refuse_own_file`] for a file written by `written` (`--svg FILE`,
/// `--log FILE`).
pub fn refuse_own_file_as(written: &Written, output: &Path, own: &[OwnFile]) -> Result<()> {
    let target = resolved(output);
    let found = own.iter().find(|file| resolved(&file.path) == target);
    let file = match found {
        Some(file) => file.clone(),
        None => match sqlite_file(&target) {
            Some(file) => OwnFile {
                path: output.to_path_buf(),
                ..file
            },
            None => return Ok(()),
        },
    };
    let named = if file.path == output {
        String::new()
    } else {
        format!(", {}", file.path.display())
    };
    Err(CraError::usage(format!(
        "{} {} would {} {}{named}; write {} to another file",
        written.flag,
        output.display(),
        if written.appended {
            "write into"
        } else {
            "replace"
        },
        file.what,
        if written.flag == "-o" {
            "the output"
        } else {
            "it"
        },
    )))
}

/// The header every SQLite 3 database file starts with.
const SQLITE_HEADER: &[u8; 16] = b"SQLite format 3\0";

/// Whether `path` is a regular file starting with the SQLite header (a
/// named pipe or a device is never opened: reading it could wait).
fn is_sqlite(path: &Path) -> bool {
    use std::io::Read;
    let regular = std::fs::metadata(path).is_ok_and(|meta| meta.is_file());
    let mut head = [0u8; 16];
    regular
        && std::fs::File::open(path)
            .and_then(|mut file| file.read_exact(&mut head))
            .is_ok()
        && &head == SQLITE_HEADER
}

/// `path` as a SQLite database or one of the files kept beside one.
fn sqlite_file(path: &Path) -> Option<OwnFile> {
    if is_sqlite(path) {
        return Some(OwnFile {
            path: path.to_path_buf(),
            what: "a SQLite database",
        });
    }
    let name = path.file_name()?.to_str()?;
    let beside = [
        ("-wal", "a SQLite database's write-ahead log"),
        ("-shm", "a SQLite database's shared-memory index"),
        ("-journal", "a SQLite database's journal"),
        (".lock", "a local copy's lock file"),
    ];
    beside.iter().find_map(|(suffix, what)| {
        let database = path.with_file_name(name.strip_suffix(suffix)?);
        is_sqlite(&database).then(|| OwnFile {
            path: path.to_path_buf(),
            what,
        })
    })
}

/// `path` as the file system resolves it: the file itself when it exists
/// (links followed), else its resolved folder and its name, else the path
/// made absolute.
fn resolved(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    match (absolute.parent(), absolute.file_name()) {
        (Some(parent), Some(name)) => std::fs::canonicalize(parent)
            .map(|parent| parent.join(name))
            .unwrap_or(absolute),
        _ => absolute,
    }
}

/// Why `command` cannot write `format`.
fn refusal(command: &str, outputs: Outputs, format: Format, file: Option<&Path>) -> String {
    if let Some(wording) = outputs.refusal {
        return wording.to_string();
    }
    let have: Vec<&str> = outputs.formats.iter().map(|f| f.name()).collect();
    let asked = match file {
        Some(path) => format!("{} names {}", path.display(), format.name()),
        None => format!("not {}", format.name()),
    };
    match format {
        Format::Html => format!(
            "cra {command} writes {}; {asked} (cra report writes the html page)",
            have.join(", ")
        ),
        _ => format!("cra {command} writes {}; {asked}", have.join(" or ")),
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

    fn rows(asked: Option<Format>, file: Option<&str>, terminal: bool) -> Result<Resolved> {
        resolve(
            "search",
            Outputs::ROWS,
            asked,
            file.map(Path::new),
            None,
            terminal,
        )
    }

    #[test]
    fn an_output_naming_a_file_cra_keeps_is_refused_however_it_is_spelled() {
        let dir = tempfile::tempdir().unwrap();
        let copy = dir.path().join("m.sqlite");
        std::fs::write(&copy, "x").unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        let own = [
            OwnFile {
                path: copy.clone(),
                what: "the local copy in use",
            },
            OwnFile {
                path: dir.path().join("m.sqlite-wal"),
                what: "the local copy's write-ahead log",
            },
        ];
        let refused = |path: PathBuf| refuse_own_file(&path, &own).is_err();
        assert!(refused(copy.clone()));
        assert!(refused(dir.path().join("sub/../m.sqlite")));
        // Not there yet, and still refused.
        assert!(refused(dir.path().join("sub/../m.sqlite-wal")));
        #[cfg(unix)]
        {
            let link = dir.path().join("link.csv");
            std::os::unix::fs::symlink(&copy, &link).unwrap();
            assert!(refused(link));
        }
        assert!(!refused(dir.path().join("m.csv")));
        assert!(!refused(dir.path().join("sub/m.sqlite")));
        let error = refuse_own_file(&copy, &own).unwrap_err();
        assert_eq!(crate::error::exit_of(&error), crate::error::Exit::Usage);
        assert!(
            error.to_string().contains("the local copy in use"),
            "{error}"
        );
    }

    #[test]
    fn an_output_onto_any_sqlite_database_or_its_lock_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let database = dir.path().join("kept.db");
        let mut bytes = SQLITE_HEADER.to_vec();
        bytes.extend_from_slice(&[0; 84]);
        std::fs::write(&database, &bytes).unwrap();
        let text = dir.path().join("notes.txt");
        std::fs::write(&text, "SQLite format 3 but text").unwrap();
        let short = dir.path().join("short");
        std::fs::write(&short, "SQLite").unwrap();
        let refused = |name: &str| refuse_own_file(&dir.path().join(name), &[]).is_err();
        assert!(refused("kept.db"));
        assert!(refused("kept.db.lock"), "the lock, there or not");
        assert!(refused("kept.db-wal"));
        assert!(refused("kept.db-shm"));
        assert!(refused("kept.db-journal"));
        assert!(!refused("notes.txt"));
        assert!(!refused("notes.txt.lock"));
        assert!(!refused("short"));
        assert!(!refused("new.csv"));
        let error = refuse_own_file(&database, &[]).unwrap_err();
        assert_eq!(crate::error::exit_of(&error), crate::error::Exit::Usage);
        assert!(error.to_string().contains("a SQLite database"), "{error}");
        assert!(!error.to_string().contains('\n'), "{error}");
        assert_eq!(std::fs::read(&database).unwrap(), bytes);
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_never_read_to_learn_what_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|status| status.success()) {
            return;
        }
        // Reading the pipe would wait for a writer that never comes.
        assert!(refuse_own_file(&fifo, &[]).is_ok());
    }

    #[test]
    fn extensions_name_formats() {
        assert_eq!(format_for_path(Path::new("a.csv")), Some(Format::Csv));
        assert_eq!(format_for_path(Path::new("a.JSON")), Some(Format::Json));
        assert_eq!(format_for_path(Path::new("a.jsonl")), Some(Format::Ndjson));
        assert_eq!(format_for_path(Path::new("a.ndjson")), Some(Format::Ndjson));
        assert_eq!(format_for_path(Path::new("a.tsv")), Some(Format::Tsv));
        assert_eq!(format_for_path(Path::new("dir/a.XLSX")), Some(Format::Xlsx));
        assert_eq!(format_for_path(Path::new("a.htm")), Some(Format::Html));
        assert_eq!(format_for_path(Path::new("a")), None);
        assert_eq!(format_for_path(Path::new("a.txt")), None);
        assert_eq!(format_for_path(Path::new(".xlsx")), None);
    }

    #[test]
    fn the_default_is_a_table_for_a_person_and_tsv_elsewhere() {
        assert_eq!(rows(None, None, true).unwrap().format, Format::Table);
        assert_eq!(rows(None, None, false).unwrap().format, Format::Tsv);
        assert_eq!(rows(None, Some("-"), true).unwrap().format, Format::Table);
        let file = rows(None, Some("out.txt"), true).unwrap();
        assert_eq!(file.format, Format::Tsv);
        assert_eq!(file.to, Destination::File("out.txt".into()));
        let export = resolve("export", Outputs::EXPORT, None, None, None, true).unwrap();
        assert_eq!(export.format, Format::Csv);
    }

    #[test]
    fn a_format_the_name_denies_is_refused() {
        let err = rows(Some(Format::Csv), Some("a.json"), false).unwrap_err();
        assert!(
            err.to_string()
                .contains("--format csv contradicts the file name a.json"),
            "{err}"
        );
        assert!(rows(Some(Format::Xlsx), Some("a.csv"), false).is_err());
        assert_eq!(
            rows(Some(Format::Xlsx), Some("a.txt"), false)
                .unwrap()
                .format,
            Format::Xlsx
        );
        assert_eq!(
            rows(None, Some("a.xlsx"), true).unwrap().format,
            Format::Xlsx
        );
        assert_eq!(
            rows(Some(Format::Table), Some("a.tsv"), false)
                .unwrap()
                .format,
            Format::Table
        );
        let xls = rows(None, Some("old.XLS"), false).unwrap_err().to_string();
        assert!(xls.contains(".xlsx"), "{xls}");
        let html = rows(None, Some("page.html"), false)
            .unwrap_err()
            .to_string();
        assert!(html.contains("cra report"), "{html}");
    }

    #[test]
    fn the_report_writes_only_its_page() {
        let page = |asked, file: Option<&str>| {
            resolve(
                "report",
                Outputs::PAGE,
                asked,
                file.map(Path::new),
                None,
                true,
            )
        };
        let stdout = page(None, Some("-")).unwrap();
        assert_eq!(
            (stdout.format, stdout.to),
            (Format::Html, Destination::Stdout)
        );
        assert_eq!(page(None, Some("r.html")).unwrap().format, Format::Html);
        assert_eq!(page(None, Some("r.xlsx")).unwrap().format, Format::Xlsx);
        assert_eq!(
            page(Some(Format::Xlsx), Some("r.data")).unwrap().format,
            Format::Xlsx
        );
        assert!(page(Some(Format::Xlsx), Some("r.html")).is_err());
        assert!(page(Some(Format::Csv), Some("r.html")).is_err());
        assert_eq!(
            Outputs::PAGE.default_file(None),
            Some(PathBuf::from("cra-report.html"))
        );
        assert_eq!(
            Outputs::PAGE.default_file(Some(Format::Xlsx)),
            Some(PathBuf::from("cra-report.xlsx"))
        );
        assert_eq!(Outputs::PAGE.default_file(Some(Format::Csv)), None);
        assert_eq!(Outputs::ROWS.default_file(None), None);
        assert!(page(None, Some("r.csv")).is_err());
        assert!(page(None, Some("r.pdf")).is_err());
    }

    #[test]
    fn jq_makes_json_and_refuses_another_format() {
        let jq = |asked| resolve("sql", Outputs::ROWS, asked, None, Some(".[]"), true);
        assert_eq!(jq(None).unwrap().format, Format::Json);
        assert!(jq(None).unwrap().jq.is_some());
        assert!(jq(Some(Format::Json)).is_ok());
        assert!(jq(Some(Format::Csv)).is_err());
        assert!(resolve("sql", Outputs::ROWS, None, None, Some(".[ "), true).is_err());
    }

    #[test]
    fn a_workbook_never_goes_to_a_terminal() {
        assert!(rows(Some(Format::Xlsx), None, true).is_err());
        assert!(rows(Some(Format::Xlsx), None, false).is_ok());
        assert!(rows(Some(Format::Xlsx), Some("-"), true).is_err());
    }

    proptest! {
        /// Whatever the name and the flag: the answer is the flag, or the
        /// name's format, or the default, and never one the name denies
        /// or the command does not write.
        #[test]
        fn the_answer_never_contradicts_the_name(
            stem in "[a-z]{1,8}",
            ext in prop::sample::select(vec!["csv", "tsv", "json", "jsonl", "xlsx", "html", "txt", "xls", ""]),
            asked in prop::option::of(prop::sample::select(vec![
                Format::Table, Format::Tsv, Format::Json, Format::Ndjson, Format::Csv, Format::Xlsx, Format::Html,
            ])),
            terminal in any::<bool>(),
        ) {
            let name = if ext.is_empty() { stem } else { format!("{stem}.{ext}") };
            let path = Path::new(&name);
            let named = format_for_path(path);
            match rows(asked, Some(&name), terminal) {
                Ok(resolved) => {
                    prop_assert!(named.is_none_or(|n| agrees(resolved.format, n)));
                    prop_assert!(asked.is_none_or(|a| a == resolved.format));
                    prop_assert!(Outputs::ROWS.has(resolved.format));
                    prop_assert_eq!(resolved.to, Destination::File(path.to_path_buf()));
                }
                Err(_) => prop_assert!(
                    ext == "xls"
                        || asked == Some(Format::Html)
                        || named == Some(Format::Html)
                        || (asked.is_some() && named.is_some())
                ),
            }
        }
    }
}
