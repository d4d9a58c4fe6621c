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
///
/// The lock file is opened as itself, never through a symbolic link (in a
/// shared folder another user could plant one pointing at any file the
/// writer may write, which taking the lock would overwrite), and only a
/// regular file of its own is written: anything else is refused, named,
/// and left as it is.
pub fn take_lock(path: &Path, holder: &str, busy: impl FnOnce(&str) -> String) -> Result<File> {
    let lock_path = lock_path(path);
    let mut lock = open_lock(&lock_path)?;
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

/// Opens (or makes) the lock file at `path` itself: a symbolic link there
/// is not followed, and anything but a regular file with one name is
/// refused.
fn open_lock(path: &Path) -> Result<File> {
    let refused = |what: &str| {
        anyhow::Error::from(CraError::Response {
            message: format!(
                "the lock file {} is {what}, not a lock cra made: it is left as it is (remove \
                 it if it is not yours, then run the command again)",
                path.display()
            ),
        })
    };
    let lock = open_no_follow(path).map_err(|error| {
        if is_link_refusal(&error) {
            refused("a symbolic link")
        } else {
            anyhow::Error::from(error)
                .context(format!("cannot create the lock file {}", path.display()))
        }
    })?;
    let meta = lock
        .metadata()
        .with_context(|| format!("cannot read the lock file {}", path.display()))?;
    if !meta.is_file() {
        return Err(refused("not a regular file"));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // A second name of another file (a hard link): writing the lock
        // would write that file.
        if meta.nlink() > 1 {
            return Err(refused("a second name of another file (a hard link)"));
        }
    }
    Ok(lock)
}

/// Opens `path` to read and write, made if absent, without following a
/// symbolic link (`O_NOFOLLOW`: the check and the open are one step).
#[cfg(unix)]
fn open_no_follow(path: &Path) -> std::io::Result<File> {
    use rustix::fs::{Mode, OFlags};
    let fd = rustix::fs::open(
        path,
        OFlags::CREATE | OFlags::RDWR | OFlags::NOFOLLOW | OFlags::CLOEXEC | OFlags::NONBLOCK,
        Mode::from_raw_mode(0o644),
    )?;
    Ok(File::from(fd))
}

/// Windows: a link is refused by its metadata before the file is opened
/// (making links there takes a privilege users seldom have).
#[cfg(not(unix))]
fn open_no_follow(path: &Path) -> std::io::Result<File> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(std::io::Error::other(LINK_REFUSED));
    }
    File::options()
        .create(true)
        .truncate(false)
        .read(true)
        .write(true)
        .open(path)
}

#[cfg(not(unix))]
const LINK_REFUSED: &str = "a symbolic link";

/// Whether opening failed because the path is a symbolic link.
fn is_link_refusal(error: &std::io::Error) -> bool {
    #[cfg(unix)]
    {
        error.raw_os_error() == Some(rustix::io::Errno::LOOP.raw_os_error())
    }
    #[cfg(not(unix))]
    {
        error.to_string() == LINK_REFUSED
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

    /// A lock file planted as a link (to a file, or dangling) or as a hard
    /// link is refused, and what it points at is left byte for byte.
    #[cfg(unix)]
    #[test]
    fn a_planted_link_is_never_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let copy = dir.path().join("m.sqlite");
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, "precious").unwrap();
        std::os::unix::fs::symlink(&victim, lock_path(&copy)).unwrap();
        let error = take_lock(&copy, "sync", |_| unreachable!()).unwrap_err();
        assert!(error.to_string().contains("is a symbolic link"), "{error}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        std::fs::remove_file(lock_path(&copy)).unwrap();
        let dangling = dir.path().join("made-by-the-lock");
        std::os::unix::fs::symlink(&dangling, lock_path(&copy)).unwrap();
        assert!(take_lock(&copy, "sync", |_| unreachable!()).is_err());
        assert!(!dangling.exists());
        std::fs::remove_file(lock_path(&copy)).unwrap();
        std::fs::hard_link(&victim, lock_path(&copy)).unwrap();
        let error = take_lock(&copy, "sync", |_| unreachable!()).unwrap_err();
        assert!(error.to_string().contains("hard link"), "{error}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
        std::fs::remove_file(lock_path(&copy)).unwrap();
        // A lock file of its own is taken as before.
        assert!(take_lock(&copy, "sync", |_| unreachable!()).is_ok());
    }

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
