//! The lock every writer of a copy holds (`sync`, `enrich`): `FILE.lock`
//! beside the copy, taken without waiting, holding the command that took
//! it so that one turned away can say which (a sync, or an enrich).

use std::fs::File;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::error::CraError;

/// The lock every writer of the copy at `path` holds (sync, enrich), taken
/// without waiting, in `FILE.lock` beside the copy. The holder writes its
/// command (`holder`: "sync", "enrich") and process id into the file, so
/// that a writer turned away can say which command holds it: held by
/// another, the error is `busy(who)`, `who` being "a cra enrich (process
/// 123)" or, when the file does not say, "another cra sync or enrich".
pub fn take_lock(path: &Path, holder: &str, busy: impl FnOnce(&str) -> String) -> Result<File> {
    let lock_path = lock_path(path);
    let mut lock = File::options()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(&lock_path)
        .with_context(|| format!("cannot create the lock file {}", lock_path.display()))?;
    match lock.try_lock() {
        Ok(()) => {
            // Who holds it, for those turned away; the lock holds without it.
            use std::io::{Seek, Write};
            let _ = lock.set_len(0).and_then(|()| {
                lock.rewind()?;
                writeln!(lock, "cra {holder} (process {})", std::process::id())
            });
            Ok(lock)
        }
        Err(std::fs::TryLockError::WouldBlock) => {
            let who = holder_of(&mut lock);
            Err(CraError::Response {
                message: busy(&who),
            }
            .into())
        }
        Err(std::fs::TryLockError::Error(error)) => {
            Err(error).with_context(|| format!("cannot lock {}", lock_path.display()))
        }
    }
}

/// Who holds a lock, as its file says: "a cra sync (process 123)"; a file
/// that says nothing readable (an older cra, a system whose locks keep
/// others from reading) is "another cra sync or enrich".
fn holder_of(lock: &mut File) -> String {
    use std::io::Read;
    let mut text = String::new();
    let _ = lock.take(100).read_to_string(&mut text);
    let line = text.lines().next().unwrap_or_default().trim();
    let plain = line.starts_with("cra ")
        && line
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || " ()-".contains(c));
    if plain && line.len() < 80 {
        format!("a {line}")
    } else {
        "another cra sync or enrich".to_string()
    }
}

pub fn lock_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer turned away names the command holding the lock, an enrich
    /// as an enrich (it always said "a cra sync"); a lock file that says
    /// nothing names neither.
    #[test]
    fn a_lock_refused_names_the_command_holding_it() {
        let dir = tempfile::tempdir().unwrap();
        let copy = dir.path().join("m.sqlite");
        let held = take_lock(&copy, "enrich", |_| unreachable!()).unwrap();
        let error = take_lock(&copy, "sync", |who| format!("{who} is updating it"))
            .unwrap_err()
            .to_string();
        assert_eq!(
            error,
            format!(
                "a cra enrich (process {}) is updating it",
                std::process::id()
            )
        );
        drop(held);
        let held = take_lock(&copy, "sync", |_| unreachable!()).unwrap();
        let error = take_lock(&copy, "enrich", |who| who.to_string())
            .unwrap_err()
            .to_string();
        assert!(error.starts_with("a cra sync (process "), "{error}");
        drop(held);
        // Written by an older cra (an empty file), or by anything else.
        for text in ["", "\u{1b}[31mcra sync", "not cra"] {
            std::fs::write(lock_path(&copy), text).unwrap();
            let mut file = File::open(lock_path(&copy)).unwrap();
            assert_eq!(holder_of(&mut file), "another cra sync or enrich");
        }
    }
}
