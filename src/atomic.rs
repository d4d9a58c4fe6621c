//! Every file `cra` writes goes through here: a temporary file in the
//! destination's folder, synced, then renamed over the destination, so a
//! reader sees the old file or the new one, never half of one, and an
//! interrupted write leaves the destination as it was.

use std::fs::File;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// Who may read the file once written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Mode 0600, its folder made 0700 when it has to be made: files that
    /// hold secrets (the config file).
    Private,
    /// The permissions of the file it replaces, or 0644 for a new one; the
    /// folder must exist (exports).
    Shared,
}

/// A file being written; `commit` puts it in place, dropping it removes it.
pub struct AtomicFile {
    path: PathBuf,
    access: Access,
    temp: tempfile::NamedTempFile,
}

impl AtomicFile {
    /// Creates the temporary file next to `path`.
    pub fn create(path: &Path, access: Access) -> Result<AtomicFile> {
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
        // tempfile creates the file with mode 0600, so a secret is never
        // readable by others, not even for a moment.
        let temp = tempfile::Builder::new()
            .prefix(&format!(".{name}."))
            .suffix(".part")
            .tempfile_in(&dir)
            .with_context(|| format!("cannot write in {}", dir.display()))?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            access,
            temp,
        })
    }

    /// The destination.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A handle to write through (to be flushed before `commit`).
    pub fn handle(&self) -> Result<File> {
        self.temp
            .as_file()
            .try_clone()
            .with_context(|| format!("cannot write {}", self.path.display()))
    }

    /// Syncs the written bytes, sets the permissions and renames the file
    /// over the destination.
    pub fn commit(self) -> Result<()> {
        let path = self.path;
        let file = self.temp.as_file();
        file.sync_all()
            .with_context(|| format!("cannot write {}", path.display()))?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let permissions = match self.access {
                Access::Private => std::fs::Permissions::from_mode(0o600),
                Access::Shared => std::fs::metadata(&path)
                    .map(|m| m.permissions())
                    .unwrap_or_else(|_| std::fs::Permissions::from_mode(0o644)),
            };
            file.set_permissions(permissions)
                .with_context(|| format!("cannot set the permissions of {}", path.display()))?;
        }
        self.temp
            .persist(&path)
            .map_err(|e| e.error)
            .with_context(|| format!("cannot write {}", path.display()))?;
        Ok(())
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
        let shared = dir.path().join("banks.csv");
        write(&shared, b"a", Access::Shared).unwrap();
        assert_eq!(mode(&shared), 0o644);
        std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o640)).unwrap();
        write(&shared, b"b", Access::Shared).unwrap();
        assert_eq!(mode(&shared), 0o640, "a replaced file keeps its mode");
    }

    #[test]
    fn shared_needs_an_existing_folder() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("missing/out.csv");
        let error = write(&path, b"x", Access::Shared).unwrap_err();
        assert!(
            format!("{error:#}").contains("cannot write in"),
            "{error:#}"
        );
    }
}
