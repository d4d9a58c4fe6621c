//! What `cra enrich --lending` says: each refused file with its reason
//! (and line) as it is refused, then the files read, already read and
//! refused, the records and rows stored, and the reporters the copy
//! holds, linked and not, by why; in json, the object `lending`.

use std::path::Path;

use serde::Serialize;

use crate::io::Io;
use crate::mirror::lending::{Held, Rows};
use crate::text::{inert, plural, thousands};

/// The files of the run.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub(super) struct Files {
    pub read: u64,
    pub already_read: u64,
    pub refused: u64,
}

/// A file refused, and why (its line, where one is to blame).
#[derive(Debug, Clone, Serialize)]
pub(super) struct Refusal {
    pub file: String,
    pub why: String,
}

/// What the run did.
#[derive(Debug, Clone, Default)]
pub(super) struct Counts {
    pub files: Files,
    pub records: u64,
    pub rows: Rows,
    pub refusals: Vec<Refusal>,
}

impl Counts {
    pub fn read(&mut self, records: u64, rows: &Rows) {
        self.files.read += 1;
        self.records += records;
        self.rows.add(rows);
    }

    /// Counts a refused file, and says so at once.
    pub fn refuse(&mut self, io: &Io, refusal: Refusal) {
        io.warn(&format!(
            "{}: refused: {}",
            inert(&refusal.file),
            inert(&refusal.why)
        ));
        self.files.refused += 1;
        self.refusals.push(refusal);
    }
}

/// The summary lines: the files, the reporters, the rows.
pub(super) fn lines(counts: &Counts, held: &Held, seconds: f64, path: &Path) -> Vec<String> {
    let Files {
        read,
        already_read,
        refused,
    } = counts.files;
    let mut lines = vec![format!(
        "read {} lending {} ({} already read, {} refused): {} {} into {} in {seconds:.1} s",
        thousands(read),
        plural(read, "file", "files"),
        thousands(already_read),
        thousands(refused),
        thousands(counts.records),
        plural(counts.records, "record", "records"),
        path.display()
    )];
    let Rows {
        lending_reporters,
        lending,
        cd_lending,
        assessment_areas,
        lending_market,
    } = counts.rows;
    if read > 0 {
        lines.push(format!(
            "rows stored: {} lending, {} lending_market, {} cd_lending, {} assessment_areas, {} \
             lending_reporters",
            thousands(lending),
            thousands(lending_market),
            thousands(cd_lending),
            thousands(assessment_areas),
            thousands(lending_reporters)
        ));
    }
    let unlinked = held.reporters - held.linked;
    let mut reporters = format!(
        "reporters: {} in the copy, {} linked to its banks",
        thousands(held.reporters),
        thousands(held.linked)
    );
    if unlinked > 0 {
        let why: Vec<String> = held
            .unlinked
            .iter()
            .filter(|(_, n)| **n > 0)
            .map(|(reason, n)| format!("{} {}", thousands(*n), reason.replace('_', " ")))
            .collect();
        reporters.push_str(&format!(
            "; {} not ({})",
            thousands(unlinked),
            why.join(", ")
        ));
    }
    lines.push(reporters);
    lines
}

/// The object `lending` of `--format json`.
pub(super) fn json(counts: &Counts, held: &Held) -> serde_json::Value {
    serde_json::json!({
        "files": counts.files,
        "records": counts.records,
        "rows": counts.rows,
        "reporters": held.reporters,
        "linked": held.linked,
        "unlinked": held.unlinked,
        "refused": counts.refusals,
    })
}

/// What an interrupted run kept.
pub(super) fn interrupted_line(counts: &Counts) -> String {
    let read = counts.files.read;
    if read == 0 {
        return "interrupted: the file being read was not stored; the copy is as it was".into();
    }
    format!(
        "interrupted: the file being read was not stored; the {} lending {} read before the \
         signal {} kept",
        thousands(read),
        plural(read, "file", "files"),
        if read == 1 { "is" } else { "are" }
    )
}
