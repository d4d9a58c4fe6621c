//! Reading on every core (issue 56, item 6): `cra enrich --pe DIR` reads
//! the files on several threads and takes what each came to in the order
//! they were listed, so a folder of PEs, hostile files and files that are
//! no PE among them, gives the same summary, the same lines on standard
//! error in the same order and the same rows in the copy as one reader
//! one file after another (the hidden `CRA_PE_WORKERS=1`), read once and
//! read again.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::evaluations::{enriched, save_evaluations};
use super::hostile_pdfs::hostile;
use crate::common::{World, stderr};

/// Where the copy and what lies beside it are.
fn copy_folder(world: &World) -> PathBuf {
    world.home.path().join(".local/share/cra")
}

/// Copies the files of `from` (no folders) into `to`, emptied first.
fn copy_files(from: &Path, to: &Path) {
    let _ = std::fs::remove_dir_all(to);
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// One `cra enrich --format json --pe DIR` on `workers` threads: its exit,
/// its summary and its standard error, the time each says taken out.
fn read_on(world: &World, dir: &Path, workers: &str) -> (Option<i32>, Value, String) {
    let out = world
        .home
        .cra()
        .env("CRA_MIRROR", copy_folder(world).join("mirror.sqlite"))
        .env("CRA_PE_WORKERS", workers)
        .args(["enrich", "--format", "json", "--pe"])
        .arg(dir)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap();
    let mut summary: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    if let Some(summary) = summary.as_object_mut() {
        summary.remove("seconds");
    }
    let said = stderr(&out)
        .lines()
        .map(|line| match line.rfind(" in ") {
            Some(at) if line.starts_with("read ") => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n");
    (out.status.code(), summary, said)
}

/// Every row of the evaluations and their test ratings, in the order
/// they were stored (the time of reading left out).
fn rows(world: &World) -> Vec<Value> {
    let mut rows = world.sql(
        "SELECT sha256, source, bank_id, exam_date, evaluation_date, regulator, agency_id, \
         name, rating, reason, kind, status, reader FROM evaluations ORDER BY rowid",
    );
    rows.extend(world.sql("SELECT * FROM evaluation_tests ORDER BY rowid"));
    rows
}

#[test]
fn files_read_on_every_core_come_out_as_read_one_after_another() {
    let world = enriched(20);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 20, 2);
    let readable = saved.iter().filter(|s| !s.scanned).count() as u64;
    assert!(readable > 4, "{readable}");
    // Hostile files among them, slow or quick to set aside.
    for (name, bytes) in hostile() {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pe");
    let pe = std::fs::read(fixtures.join("pe-libreoffice.pdf")).unwrap();
    std::fs::write(dir.join("cut.pdf"), &pe[..pe.len() / 2]).unwrap();
    // A bank the copy lacks, twice (the second stored, then said already
    // read); a text twice (set aside once, then already read).
    std::fs::write(dir.join("elsewhere.pdf"), &pe).unwrap();
    std::fs::write(dir.join("elsewhere-too.pdf"), &pe).unwrap();
    std::fs::write(dir.join("notes.pdf"), "meeting notes").unwrap();
    std::fs::write(dir.join("notes-too.pdf"), "meeting notes").unwrap();
    // Two gigabytes (sparse), set aside by its size; a FIFO, never opened.
    let huge = std::fs::File::create(dir.join("huge.pdf")).unwrap();
    huge.set_len(2 << 30).unwrap();
    drop(huge);
    #[cfg(unix)]
    crate::common::fifo(&dir, "pipe.pdf");

    let pristine = world.home.path().join("pristine");
    copy_files(&copy_folder(&world), &pristine);
    let mut runs = Vec::new();
    for workers in ["1", "4"] {
        copy_files(&pristine, &copy_folder(&world));
        let first = read_on(&world, &dir, workers);
        let stored = rows(&world);
        let again = read_on(&world, &dir, workers);
        runs.push((first, stored, again, rows(&world)));
    }
    let (one, many) = (&runs[0], &runs[1]);
    let ((code, summary, said), stored, (code_again, summary_again, said_again), _) = one;
    // What one reader says, so that the two are compared on a real batch.
    let exit = if cfg!(unix) { 1 } else { 0 };
    assert_eq!(*code, Some(exit), "{said}");
    assert_eq!(*code_again, Some(exit), "{said_again}");
    assert_eq!(summary["evaluations"]["linked"], readable, "{summary}");
    // elsewhere.pdf is elsewhere-too.pdf, notes.pdf is notes-too.pdf
    // (listed first).
    assert_eq!(summary["evaluations"]["unlinked"], 1, "{summary}");
    assert_eq!(summary["evaluations"]["already_read"], 2, "{summary}");
    assert!(
        summary_again["evaluations"]["already_read"].as_u64() > Some(readable),
        "{summary_again}"
    );
    for name in [
        "bomb.pdf",
        "huge.pdf",
        "cut.pdf",
        "notes-too.pdf",
        "nested.pdf",
    ] {
        assert!(
            said.lines()
                .any(|l| l.contains(name) && l.contains("set aside")),
            "{name}: {said}"
        );
    }
    assert!(stored.len() > saved.len(), "{}", stored.len());
    // Many readers: the same, line for line and row for row.
    assert_eq!(one.0, many.0, "read once");
    assert_eq!(one.1, many.1, "the rows stored");
    assert_eq!(one.2, many.2, "read again");
    assert_eq!(one.3, many.3, "the rows after reading again");
}
