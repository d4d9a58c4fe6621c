//! The edges of reading evaluations (issue 57): what a folder holds that
//! is no file to read (a FIFO named `.pdf`, a folder `cra` may not open)
//! is named and skipped, the rest read; every path of `cra enrich` ends on
//! each of the four signals with exit 130, nothing of the batch stored;
//! `cra pe --download` saves a PDF only from an answer that is one (2xx),
//! says where in words that cannot forge a line, and refuses a redirect
//! loop at once.

use std::path::Path;

use serde_json::Value;

use super::evaluations::{Saved, enriched, save_evaluations};
use crate::common::{stderr, within_secs};

/// A run of `enrich --format json --pe ...`: exit, summary, stderr.
fn read_folder(cmd: std::process::Command) -> (Option<i32>, Value, String) {
    let out = within_secs(cmd, 60);
    let summary = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (out.status.code(), summary, stderr(&out))
}

/// The readable PEs saved.
fn readable(saved: &[Saved]) -> u64 {
    saved.iter().filter(|s| !s.scanned).count() as u64
}

#[cfg(unix)]
#[test]
fn a_fifo_named_pdf_is_named_and_skipped_never_opened() {
    let world = enriched(20);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 20, 1);
    // Nobody writes it: opening it would wait for ever.
    let fifo = crate::common::fifo(&dir, "x.pdf");
    let mut cmd = world.home.cra_std();
    cmd.args(["enrich", "--format", "json", "--pe"]).arg(&dir);
    let (code, summary, said) = read_folder(cmd);
    assert_eq!(code, Some(1), "{said}");
    assert_eq!(
        summary["evaluations"]["linked"],
        readable(&saved),
        "{summary}\n{said}"
    );
    assert!(
        said.lines()
            .any(|l| l.contains("x.pdf") && l.contains("not a regular file")),
        "{said}"
    );
    // Named as a path of its own, the same.
    let mut cmd = world.home.cra_std();
    cmd.args(["enrich", "--format", "json", "--pe"]).arg(&fifo);
    let (code, _, said) = read_folder(cmd);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("not a regular file"), "{said}");
}

/// Whether this test runs as root, who reads any folder.
#[cfg(unix)]
fn running_as_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    let probe = tempfile::NamedTempFile::new().unwrap();
    probe.as_file().metadata().unwrap().uid() == 0
}

/// Gives `path` and all under it to `uid` (for a run as that user).
#[cfg(unix)]
fn give(path: &Path, uid: u32) {
    std::os::unix::fs::chown(path, Some(uid), Some(uid)).unwrap();
    if path.is_dir() && !path.is_symlink() {
        for entry in std::fs::read_dir(path).unwrap() {
            give(&entry.unwrap().path(), uid);
        }
    }
}

#[cfg(unix)]
#[test]
fn an_unreadable_subfolder_is_named_and_skipped_the_rest_read() {
    use std::os::unix::fs::PermissionsExt;
    let world = enriched(20);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 20, 1);
    let locked = dir.join("locked");
    std::fs::create_dir(&locked).unwrap();
    let moved = saved.iter().find(|s| !s.scanned).unwrap();
    std::fs::rename(&moved.file, locked.join("moved.pdf")).unwrap();
    // Root reads any folder: the run is another user's, who cannot.
    let root = running_as_root();
    let mut cmd = if root {
        let Some(mut cmd) = crate::common::tool("setpriv", "util-linux") else {
            return;
        };
        give(world.home.path(), 65534);
        cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(crate::common::cra_bin());
        crate::common::clean_env(&mut cmd, world.home.path());
        cmd
    } else {
        world.home.cra_std()
    };
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    cmd.args(["enrich", "--format", "json", "--pe"]).arg(&dir);
    let (code, summary, said) = read_folder(cmd);
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(code, Some(1), "{said}");
    assert_eq!(
        summary["evaluations"]["linked"],
        readable(&saved) - 1,
        "{summary}\n{said}"
    );
    assert!(
        said.lines()
            .any(|l| l.contains("locked") && l.contains("cannot be read")),
        "{said}"
    );
}
