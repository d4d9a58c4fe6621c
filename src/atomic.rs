//! Every file `cra` writes goes through here: a temporary file in the
//! destination's folder, synced, then renamed over the destination, so a
//! reader sees the old file or the new one, never half of one, and an
//! interrupted write leaves the destination as it was.
//!
//! A destination that is not a regular file (`/dev/null`, `/dev/stdout`, a
//! named pipe, a terminal) is a stream, not a file to replace: it is opened
//! and written directly, and its write errors are reported as any other.

use std::fs::File;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// Who may read the file once written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Mode 0600, its folder made 0700 when it has to be made: files that
    /// hold secrets (the config file).
    Private,
    /// The permissions of the file it replaces, or 0666 less the umask for
    /// a new one (0644 usually); the folder must exist (exports).
    Shared,
}

/// A file being written; `commit` puts it in place, dropping it removes it.
pub struct AtomicFile {
    path: PathBuf,
    /// The destination as given, for messages.
    shown: PathBuf,
    access: Access,
    target: Target,
    /// The temporary file, known to [`remove_pending`] while it exists.
    _pending: Option<Pending>,
}

/// The temporary files being written: what [`remove_pending`] removes
/// when the process must end at once (a signal a command blocked in a
/// system call never heard), where no destructor runs.
fn pending() -> &'static std::sync::Mutex<Vec<PathBuf>> {
    static PENDING: std::sync::OnceLock<std::sync::Mutex<Vec<PathBuf>>> =
        std::sync::OnceLock::new();
    PENDING.get_or_init(Default::default)
}

/// One temporary file in [`pending`], taken out when dropped (the file
/// renamed into place, or removed with its `NamedTempFile`).
struct Pending(PathBuf);

impl Pending {
    fn new(path: &Path) -> Pending {
        if let Ok(mut paths) = pending().lock() {
            paths.push(path.to_path_buf());
        }
        Pending(path.to_path_buf())
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if let Ok(mut paths) = pending().lock() {
            paths.retain(|p| *p != self.0);
        }
    }
}

/// Removes every temporary file still being written: called just before
/// the process ends without unwinding (`std::process::exit`), so that no
/// `.NAME.XXXXXX.part` is left beside a destination.
pub fn remove_pending() {
    if let Ok(paths) = pending().lock() {
        remove_files(&paths);
    }
}

fn remove_files(paths: &[PathBuf]) {
    for path in paths {
        let _ = std::fs::remove_file(path);
    }
}

enum Target {
    /// A regular file (or none yet): written aside, renamed into place.
    Temp(tempfile::NamedTempFile),
    /// A device, pipe or the like: written in place.
    Stream(File),
}

/// Whether `path` names a stream rather than a file that can be replaced:
/// an existing path (links followed) that is neither a regular file nor a
/// folder. `/dev/stdout` on a pipe or terminal is one; on a regular file
/// (a shell redirect) it resolves to that file, which is replaced whole.
/// On Windows, a device (`-o NUL`, Windows' /dev/null) has no metadata to
/// ask, and is known by its name.
fn is_stream(path: &Path) -> bool {
    (cfg!(windows) && windows_device(path))
        || std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir())
}

/// Whether `path` names a Windows device rather than a file: `NUL`, `CON`,
/// `CONOUT$`, `PRN`, `AUX`, `COM1`-`COM9`, `LPT1`-`LPT9` (in any folder, any case),
/// or a `\\.\` path (`\\.\pipe\NAME`, a named pipe). With an extension
/// (`nul.csv`) Windows 10 still takes it for the device, Windows 11 for a
/// file: left to Windows.
fn windows_device(path: &Path) -> bool {
    let text = path.as_os_str().to_string_lossy();
    if text.starts_with(r"\\.\") {
        return true;
    }
    let Some(name) = path.file_name().and_then(|name| name.to_str()) else {
        return false;
    };
    let name = name.to_ascii_uppercase();
    let numbered = |prefix: &str| {
        name.strip_prefix(prefix)
            .is_some_and(|n| matches!(n.as_bytes(), [b'1'..=b'9']))
    };
    matches!(
        name.as_str(),
        "NUL" | "CON" | "PRN" | "AUX" | "CONIN$" | "CONOUT$"
    ) || numbered("COM")
        || numbered("LPT")
}

impl AtomicFile {
    /// Creates the temporary file next to `path` (next to the file it
    /// points to, when `path` is a symbolic link: the link stays).
    pub fn create(path: &Path, access: Access) -> Result<AtomicFile> {
        // Messages name the file as the user gave it, never the temporary
        // file (`.x.csv.zlkGVw.part`) nor the target of a link.
        let shown = path.to_path_buf();
        if is_stream(path) {
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .with_context(|| format!("cannot write {}", path.display()))?;
            return Ok(AtomicFile {
                path: path.to_path_buf(),
                shown,
                access,
                target: Target::Stream(file),
                _pending: None,
            });
        }
        let path = match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
            }
            _ => path.to_path_buf(),
        };
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => PathBuf::from("."),
        };
        if access == Access::Private && !dir.exists() {
            let mut builder = std::fs::DirBuilder::new();
            builder.recursive(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::DirBuilderExt;
                builder.mode(0o700);
            }
            builder
                .create(&dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".part");
        // tempfile creates the file 0600, so nothing is readable by others
        // while it is written. A new shared file is instead created 0666
        // less the umask, the mode any program's new file gets; a file it
        // replaces gives it its own mode on `commit`.
        #[cfg(unix)]
        if access == Access::Shared && !path.exists() {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let temp = builder
            .tempfile_in(&dir)
            .map_err(unnamed)
            .with_context(|| {
                format!(
                    "cannot write {} (in folder {})",
                    shown.display(),
                    dir.display()
                )
            })?;
        Ok(AtomicFile {
            _pending: Some(Pending::new(temp.path())),
            path,
            shown,
            access,
            target: Target::Temp(temp),
        })
    }

    /// The destination.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A handle to write through (to be flushed before `commit`).
    pub fn handle(&self) -> Result<File> {
        let file = match &self.target {
            Target::Temp(temp) => temp.as_file(),
            Target::Stream(file) => file,
        };
        file.try_clone()
            .with_context(|| format!("cannot write {}", self.shown.display()))
    }

    /// A writer whose errors name the destination as given (`cannot write
    /// out.csv: No space left on device`), for callers that only write.
    pub fn writer(&self) -> Result<NamedWriter> {
        Ok(NamedWriter {
            file: self.handle()?,
            shown: self.shown.clone(),
        })
    }

    /// Syncs the written bytes, sets the permissions and renames the file
    /// over the destination.
    pub fn commit(self) -> Result<()> {
        let path = self.path;
        let shown = self.shown;
        let temp = match self.target {
            Target::Temp(temp) => temp,
            // Written in place; a stream has nothing to sync or rename.
            Target::Stream(_) => return Ok(()),
        };
        let file = temp.as_file();
        file.sync_all()
            .with_context(|| format!("cannot write {}", shown.display()))?;
        if let Some(permissions) = permissions(self.access, &path) {
            file.set_permissions(permissions)
                .with_context(|| format!("cannot set the permissions of {}", shown.display()))?;
        }
        if let Err(error) = temp.persist(&path) {
            let error = unnamed(error.error);
            if held_open(&error, &path) {
                return Err(anyhow::anyhow!(
                    "cannot replace {}: it is open in another program (close it there and run \
                     the command again, or write to another file)",
                    shown.display()
                ));
            }
            return Err(error).with_context(|| format!("cannot write {}", shown.display()));
        }
        // The rename is durable once the folder is synced too; a folder that
        // cannot be opened or synced (some file systems) is no error.
        #[cfg(unix)]
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
            && let Ok(dir) = File::open(dir)
        {
            let _ = dir.sync_all();
        }
        Ok(())
    }
}

/// The permissions a file written for `access` is given before it
/// replaces `path`: 0600 for a private one, the replaced file's own for a
/// shared one (none to give for a new shared file: it keeps 0666 less the
/// umask).
#[cfg(unix)]
fn permissions(access: Access, path: &Path) -> Option<std::fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    match access {
        Access::Private => Some(std::fs::Permissions::from_mode(0o600)),
        Access::Shared => std::fs::metadata(path).ok().map(|m| m.permissions()),
    }
}

/// Windows has no modes: a file takes the permissions of its folder, and
/// the config folder, in the user's profile, is the user's alone (what
/// keeps a private file private there). Nothing to set.
#[cfg(not(unix))]
fn permissions(_access: Access, _path: &Path) -> Option<std::fs::Permissions> {
    None
}

/// Writes through to an `AtomicFile`, naming its destination in errors.
pub struct NamedWriter {
    file: File,
    shown: PathBuf,
}

impl NamedWriter {
    fn named(&self, error: std::io::Error) -> std::io::Error {
        // The kind is kept: a closed pipe must still read as one.
        std::io::Error::new(
            error.kind(),
            format!("cannot write {}: {error}", self.shown.display()),
        )
    }
}

impl std::io::Write for NamedWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.write(buf).map_err(|e| self.named(e))
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush().map_err(|e| self.named(e))
    }
}

/// Whether renaming over `path` failed because another program holds it
/// open: on Windows a file open without sharing (a workbook open in
/// Excel) cannot be replaced, and the rename answers "access denied"
/// (error 5) or "sharing violation" (32). A read-only file answers 5 too,
/// and is told apart. Elsewhere a rename never fails for that.
fn held_open(error: &std::io::Error, path: &Path) -> bool {
    cfg!(windows)
        && matches!(error.raw_os_error(), Some(5 | 32))
        && std::fs::metadata(path).is_ok_and(|m| !m.permissions().readonly())
}

/// tempfile's errors end in ` at path ".x.csv.zlkGVw.part"`, a name the
/// user never gave: the cause alone is kept (the caller names the
/// destination). Its wrapper is private, so the text is what can be cut.
fn unnamed(error: std::io::Error) -> std::io::Error {
    if error.get_ref().is_none() {
        return error;
    }
    let text = error.to_string();
    match text.rfind(" at path ") {
        Some(end) => std::io::Error::new(error.kind(), &text[..end]),
        None => error,
    }
}

/// Writes `bytes` to `path` atomically.
pub fn write(path: &Path, bytes: &[u8], access: Access) -> Result<()> {
    use std::io::Write;
    let file = AtomicFile::create(path, access)?;
    file.handle()?
        .write_all(bytes)
        .with_context(|| format!("cannot write {}", path.display()))?;
    file.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".part"))
            .collect()
    }

    #[test]
    fn windows_devices_are_known_by_name() {
        for device in [
            "NUL",
            "nul",
            "sub/Nul",
            "CON",
            "conout$",
            "COM1",
            "lpt9",
            r"\\.\pipe\cra",
        ] {
            assert!(windows_device(Path::new(device)), "{device}");
        }
        for file in [
            "NULL", "nul.csv", "COM0", "COM10", "LPT", "CONSOLE", "out.csv", "",
        ] {
            assert!(!windows_device(Path::new(file)), "{file}");
        }
    }

    #[test]
    fn replaces_whole_and_leaves_nothing_behind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.csv");
        write(&path, b"old", Access::Shared).unwrap();
        write(&path, b"new", Access::Shared).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[test]
    fn dropped_before_commit_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.csv");
        write(&path, b"old", Access::Shared).unwrap();
        {
            use std::io::Write;
            let file = AtomicFile::create(&path, Access::Shared).unwrap();
            file.handle().unwrap().write_all(b"half").unwrap();
        }
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        assert!(leftovers(dir.path()).is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn permissions_private_new_shared_and_kept() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        let dir = tempfile::tempdir().unwrap();
        let secret = dir.path().join("made/config.toml");
        write(&secret, b"k", Access::Private).unwrap();
        assert_eq!(mode(&secret), 0o600);
        assert_eq!(mode(&dir.path().join("made")), 0o700);
        // A new shared file gets the mode any new file gets here (0666 less
        // the umask), as `File::create` shows.
        let reference = dir.path().join("reference");
        File::create(&reference).unwrap();
        let shared = dir.path().join("banks.csv");
        write(&shared, b"a", Access::Shared).unwrap();
        assert_eq!(mode(&shared), mode(&reference));
        std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o640)).unwrap();
        write(&shared, b"b", Access::Shared).unwrap();
        assert_eq!(mode(&shared), 0o640, "a replaced file keeps its mode");
    }

    #[cfg(unix)]
    #[test]
    fn a_symbolic_link_is_written_through_and_kept() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.toml");
        std::fs::write(&real, b"old").unwrap();
        let link = dir.path().join("link.toml");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write(&link, b"new", Access::Private).unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
    }

    /// A named pipe is written through, not replaced by a regular file.
    /// (Devices take the same path; they are not written here, so that a
    /// regression could never replace this machine's /dev/null.)
    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_written_in_place_never_replaced() {
        use std::io::Read;
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            eprintln!("skipped: no mkfifo");
            return;
        }
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || {
                let mut text = String::new();
                File::open(&fifo)
                    .unwrap()
                    .read_to_string(&mut text)
                    .unwrap();
                text
            })
        };
        write(&fifo, b"through the pipe", Access::Shared).unwrap();
        // Checked before the reader is joined: had the pipe been replaced,
        // the reader would wait on it for ever.
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
        assert_eq!(reader.join().unwrap(), "through the pipe");
        assert!(is_stream(Path::new("/dev/null")));
        assert!(!is_stream(&dir.path().join("new.csv")));
    }

    #[test]
    fn shared_needs_an_existing_folder() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("missing/out.csv");
        let error = write(&path, b"x", Access::Shared).unwrap_err();
        let text = format!("{error:#}");
        assert!(
            text.contains(&format!("cannot write {}", path.display())),
            "{text}"
        );
        // The temporary file's name is none of the user's business.
        assert!(!text.contains(".part"), "{text}");
        assert!(!text.contains(".out.csv."), "{text}");
    }

    /// What is pending is what is being written: a file put in place or
    /// dropped is taken out, and `remove_pending` removes the rest.
    #[test]
    fn remove_pending_removes_only_the_files_still_being_written() {
        let dir = tempfile::tempdir().unwrap();
        let kept = AtomicFile::create(&dir.path().join("kept.csv"), Access::Shared).unwrap();
        let cut = AtomicFile::create(&dir.path().join("cut.csv"), Access::Shared).unwrap();
        let dropped = AtomicFile::create(&dir.path().join("dropped.csv"), Access::Shared).unwrap();
        drop(dropped);
        kept.commit().unwrap();
        let parts = || {
            std::fs::read_dir(dir.path())
                .unwrap()
                .flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| name.ends_with(".part"))
                .collect::<Vec<_>>()
        };
        assert_eq!(parts().len(), 1, "{:?}", parts());
        assert!(parts()[0].starts_with(".cut.csv."));
        // Of this folder's files, the one being written alone is pending
        // (other tests of this process write files of their own: the
        // registry is the process's).
        let pending_here: Vec<PathBuf> = pending()
            .lock()
            .unwrap()
            .iter()
            .filter(|p| p.starts_with(dir.path()))
            .cloned()
            .collect();
        assert_eq!(pending_here.len(), 1, "{pending_here:?}");
        remove_files(&pending_here);
        assert!(parts().is_empty(), "{:?}", parts());
        assert!(dir.path().join("kept.csv").exists());
        drop(cut);
        assert!(
            !pending()
                .lock()
                .unwrap()
                .iter()
                .any(|p| p.starts_with(dir.path()))
        );
    }
}
