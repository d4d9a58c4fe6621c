//! The TOML config file: where it lives, reading it (by the key table,
//! `keys`) with errors that name the file, line and column, writing it
//! atomically with mode 0600, and the redaction of secrets for display.

use std::path::{Path, PathBuf};

use std::io::Read;

use std::collections::HashMap;

use anyhow::{Context, Result};
use secrecy::SecretString;

pub mod keys;

pub use keys::Key;

/// The platform's config file path (`~/.config/cra/config.toml` on Linux).
pub fn default_path() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "cra").map(|dirs| dirs.config_dir().join("config.toml"))
}

/// A value the file holds for a key, read as the key's kind says.
enum FileValue {
    Text(String),
    Secret(SecretString),
    Rate(crate::http::rate::Rate),
}

/// The values read from the file, by key. Secrets are held as
/// `SecretString`, so this type cannot print them.
#[derive(Default)]
pub struct FileValues {
    values: HashMap<&'static str, FileValue>,
    /// Keys the file holds that `cra` does not know.
    pub unknown_keys: Vec<String>,
}

impl FileValues {
    /// Takes the value of a key of kind `Url` or `Path`.
    pub fn take_text(&mut self, key: &Key) -> Option<String> {
        match self.values.remove(key.name)? {
            FileValue::Text(text) => Some(text),
            _ => None,
        }
    }

    /// Takes the value of a key of kind `Secret`.
    pub fn take_secret(&mut self, key: &Key) -> Option<SecretString> {
        match self.values.remove(key.name)? {
            FileValue::Secret(secret) => Some(secret),
            _ => None,
        }
    }

    /// Takes the value of a key of kind `Rate`.
    pub fn take_rate(&mut self, key: &Key) -> Option<crate::http::rate::Rate> {
        match self.values.remove(key.name)? {
            FileValue::Rate(rate) => Some(rate),
            _ => None,
        }
    }
}

/// Reads the file; a missing file is an empty one. Every known key must be
/// a string; a rate is checked here (a wrong one names the file).
pub fn load(path: &Path) -> Result<FileValues> {
    let table = read_table(path)?;
    let mut values = FileValues::default();
    for (name, value) in &table {
        let Some(key) = keys::find(name) else {
            values.unknown_keys.push(name.clone());
            continue;
        };
        let text = value.as_str().map(str::to_string).ok_or_else(|| {
            anyhow::anyhow!(
                "{}: key '{name}' must be a string, found {}",
                path.display(),
                value.type_str()
            )
        })?;
        let value = match key.kind {
            keys::Kind::Url | keys::Kind::Path => FileValue::Text(text),
            keys::Kind::Secret => FileValue::Secret(SecretString::from(text)),
            keys::Kind::Rate => FileValue::Rate(text.parse().map_err(|e: String| {
                crate::error::CraError::usage(format!("{}: key '{name}': {e}", path.display()))
            })?),
        };
        values.values.insert(key.name, value);
    }
    Ok(values)
}

/// Reads the file as a TOML table; a missing file is an empty table.
/// Removes `name` from the top level; the comment lines above it (which
/// toml_edit keeps with the key) are the person's and stay, above what
/// followed it. False when there was no such key.
fn remove_keeping_comments(doc: &mut toml_edit::DocumentMut, name: &str) -> bool {
    let table = doc.as_table_mut();
    let Some(position) = table.iter().position(|(k, _)| k == name) else {
        return false;
    };
    let prefix = table
        .key(name)
        .map(|k| prefix_of(k.leaf_decor()))
        .unwrap_or_default();
    table.remove(name);
    if prefix.trim().is_empty() {
        return true;
    }
    let next = table.iter().nth(position).map(|(k, _)| k.to_string());
    let moved = match next {
        Some(next) => {
            if table.get(&next).is_some_and(|item| item.is_value())
                && let Some(mut key) = table.key_mut(&next)
            {
                let own = prefix_of(key.leaf_decor());
                key.leaf_decor_mut().set_prefix(format!("{prefix}{own}"));
                true
            } else if let Some(sub) = table.get_mut(&next).and_then(|i| i.as_table_mut()) {
                let own = prefix_of(sub.decor());
                sub.decor_mut().set_prefix(format!("{prefix}{own}"));
                true
            } else {
                false
            }
        }
        None => false,
    };
    if !moved {
        let trailing = doc.trailing().as_str().unwrap_or_default().to_string();
        doc.set_trailing(format!("{prefix}{trailing}"));
    }
    true
}

/// The text before an item (its comment lines and blank lines).
fn prefix_of(decor: &toml_edit::Decor) -> String {
    decor
        .prefix()
        .and_then(|p| p.as_str())
        .unwrap_or_default()
        .to_string()
}

fn read_table(path: &Path) -> Result<toml::Table> {
    parse_table(path, &read_text(path)?)
}

/// The most a config file may hold (a few lines are usual).
const MAX_CONFIG: u64 = 1024 * 1024;

/// The file's text; a missing file is an empty one. What is not a regular
/// file (a FIFO, `/dev/zero`) is refused unread, and a file over
/// [`MAX_CONFIG`] read no further: neither blocks nor eats memory.
fn read_text(path: &Path) -> Result<String> {
    let refused = |what: &str| {
        crate::error::CraError::usage(format!(
            "the config file {} {what}; choose another with --config or CRA_CONFIG",
            path.display()
        ))
    };
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(String::new()),
        Ok(metadata) if !metadata.is_file() => return Err(refused("is not a regular file")),
        _ => {}
    }
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_CONFIG + 1).read_to_string(&mut text))
        .with_context(|| format!("cannot read {}", path.display()))?;
    if text.len() as u64 > MAX_CONFIG {
        return Err(refused(&format!("is larger than {} MiB", MAX_CONFIG >> 20)));
    }
    Ok(text)
}

fn parse_table(path: &Path, text: &str) -> Result<toml::Table> {
    text.parse::<toml::Table>()
        .map_err(|e| anyhow::anyhow!("{}: {}", path.display(), describe_toml_error(text, &e)))
}

/// `line L, column C: message`, on one line.
fn describe_toml_error(text: &str, error: &toml::de::Error) -> String {
    let message = error.message().replace('\n', " ");
    match error.span() {
        Some(span) => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!(
                "invalid TOML at line {line}, column {column}: {}",
                message.trim()
            )
        }
        None => format!("invalid TOML: {}", message.trim()),
    }
}

/// The lock file beside the config file: `.config.toml.lock`.
pub fn lock_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "config.toml".to_string());
    path.with_file_name(format!(".{name}.lock"))
}

/// Holds an exclusive advisory lock on the config file's lock file until
/// dropped. The lock is on a sibling file, not on the config file itself,
/// because the atomic write replaces the config file: a lock on the old one
/// would not stop a writer that opened the new one. The lock file stays (an
/// empty file, mode 0600): removing it would let two writers lock two
/// different files. The watch lists' file (`watch`) is updated under one
/// too.
pub(crate) struct UpdateLock {
    _file: std::fs::File,
}

impl UpdateLock {
    pub(crate) fn acquire(path: &Path) -> Result<UpdateLock> {
        let lock = lock_path(path);
        if let Some(dir) = lock.parent().filter(|d| !d.as_os_str().is_empty())
            && !dir.exists()
        {
            // Made as the atomic write would make it: private.
            let mut builder = std::fs::DirBuilder::new();
            builder.recursive(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::DirBuilderExt;
                builder.mode(0o700);
            }
            builder
                .create(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
        }
        let mut options = std::fs::OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let file = options
            .open(&lock)
            .with_context(|| format!("cannot open the lock file {}", lock.display()))?;
        // Waits for another `cra config set` or `unset` to finish: each
        // holds it only for one read, edit and write of a small file.
        file.lock()
            .with_context(|| format!("cannot lock {}", lock.display()))?;
        Ok(UpdateLock { _file: file })
    }
}

/// Sets (`Some`) or removes (`None`) one key, keeping every other key, and
/// writes the file atomically with mode 0600.
/// Returns false when there was nothing to change (a key to remove that is
/// not there; the file is then not written).
///
/// The read, edit and write happen under a lock, so that two updates at once
/// (of different keys) both land: without it, each reads the same old file
/// and the later rename drops the other's key.
pub fn update(path: &Path, key: &Key, value: Option<&str>) -> Result<bool> {
    let _lock = UpdateLock::acquire(path)?;
    // A file that is not TOML is left alone, never overwritten: it may hold
    // keys the person still wants.
    let refuse = |error: anyhow::Error| {
        anyhow::anyhow!("{error:#} (fix or remove the file by hand; nothing was changed)")
    };
    let text = read_text(path).map_err(refuse)?;
    parse_table(path, &text).map_err(refuse)?;
    // Edited in place: the person's comments, order and layout stay.
    let mut doc = text.parse::<toml_edit::DocumentMut>().map_err(|e| {
        refuse(anyhow::anyhow!(
            "{}: invalid TOML: {}",
            path.display(),
            e.message()
        ))
    })?;
    match value {
        Some(value) => match doc.get_mut(key.name).and_then(|item| item.as_value_mut()) {
            // Keeps a comment after the old value on the same line.
            Some(existing) => {
                let decor = existing.decor().clone();
                *existing = toml_edit::Value::from(value);
                *existing.decor_mut() = decor;
            }
            None => doc[key.name] = toml_edit::value(value),
        },
        None => {
            if !remove_keeping_comments(&mut doc, key.name) {
                return Ok(false);
            }
        }
    }
    crate::atomic::write(
        path,
        doc.to_string().as_bytes(),
        crate::atomic::Access::Private,
    )?;
    Ok(true)
}

/// A secret as `show` and `get` print it: the first 8 characters, then `…`.
/// A secret shorter than 12 characters shows only its first half, so that at
/// least half of any secret stays hidden.
pub fn redact(secret: &str) -> String {
    let length = secret.chars().count();
    let shown = if length >= 12 { 8 } else { length / 2 };
    let head: String = secret.chars().take(shown).collect();
    format!("{head}…")
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn redaction_never_shows_more_than_eight_characters() {
        assert_eq!(redact("sandbox_active"), "sandbox_…");
        assert_eq!(redact("short"), "sh…");
        assert_eq!(redact(""), "…");
        assert_eq!(redact("ünïcödé-kéy-long"), "ünïcödé-…");
    }

    /// A value of each kind for a key, as a file would hold it.
    pub(crate) fn sample(key: &Key) -> &'static str {
        match key.kind {
            keys::Kind::Url => "https://file.example",
            keys::Kind::Secret => "file-secret-value",
            keys::Kind::Path => "/tmp/file-copy.sqlite",
            keys::Kind::Rate => "20/m",
        }
    }

    #[test]
    fn every_key_of_the_table_is_read_as_its_kind() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        let text: String = keys::KEYS
            .iter()
            .map(|key| format!("{} = \"{}\"\n", key.name, sample(key)))
            .collect();
        std::fs::write(&path, text).unwrap();
        let mut values = load(&path).unwrap();
        assert!(values.unknown_keys.is_empty());
        for key in keys::KEYS {
            let read = match key.kind {
                keys::Kind::Url | keys::Kind::Path => values.take_text(key).is_some(),
                keys::Kind::Secret => values.take_secret(key).is_some(),
                keys::Kind::Rate => values.take_rate(key).is_some(),
            };
            assert!(read, "{}", key.name);
        }
        // Of another type, a key is named; a wrong rate is a usage error.
        std::fs::write(&path, "mirror = 5\n").unwrap();
        let err = load(&path).err().unwrap().to_string();
        assert!(
            err.ends_with(": key 'mirror' must be a string, found integer"),
            "{err}"
        );
        std::fs::write(&path, "rate = \"fast\"\n").unwrap();
        let err = load(&path).err().unwrap();
        assert!(err.to_string().contains(": key 'rate': "), "{err}");
        assert!(err.downcast_ref::<crate::error::CraError>().is_some());
    }

    #[test]
    fn toml_error_names_line_and_column() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(&path, "base_url = \"x\"\napi_key = = 3\n").unwrap();
        let err = load(&path).err().unwrap().to_string();
        assert!(err.contains("line 2, column"), "{err}");
        assert!(err.contains("config.toml"), "{err}");
        assert!(!err.contains('\n'), "{err}");
    }

    #[test]
    fn update_keeps_other_keys_and_is_private() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/config.toml");
        update(&path, &keys::BASE_URL, Some("https://x.example")).unwrap();
        update(&path, &keys::API_KEY, Some("k")).unwrap();
        update(&path, &keys::BASE_URL, None).unwrap();
        let mut values = load(&path).unwrap();
        assert!(values.take_text(&keys::BASE_URL).is_none());
        assert!(values.take_secret(&keys::API_KEY).is_some());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        // No temporary file is left beside it; only the (private) lock file.
        let mut names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        names.sort();
        assert_eq!(
            names,
            vec![
                std::ffi::OsString::from(".config.toml.lock"),
                std::ffi::OsString::from("config.toml")
            ]
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let lock = std::fs::metadata(lock_path(&path)).unwrap();
            assert_eq!(lock.permissions().mode() & 0o777, 0o600);
        }
    }

    /// Many updates of different keys at once, from threads (each its own
    /// open file description, as separate processes have): every one lands.
    #[test]
    fn concurrent_updates_lose_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::thread::scope(|scope| {
            for key in [&keys::BASE_URL, &keys::API_KEY, &keys::WEBHOOK_SECRET] {
                let path = &path;
                scope.spawn(move || {
                    for round in 0..30 {
                        update(path, key, Some(&format!("https://v{round}.example"))).unwrap();
                    }
                });
            }
        });
        let mut values = load(&path).unwrap();
        assert_eq!(
            values.take_text(&keys::BASE_URL).as_deref(),
            Some("https://v29.example")
        );
        assert!(values.take_secret(&keys::API_KEY).is_some());
        assert!(values.take_secret(&keys::WEBHOOK_SECRET).is_some());
    }

    #[test]
    fn update_keeps_the_persons_comments_and_layout() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        let before = "# my cra settings\n\nbase_url = \"https://old.example\" # staging\n\n# signing\nwebhook_secret = \"s\"\ncolour = \"blue\"\n";
        std::fs::write(&path, before).unwrap();
        assert!(update(&path, &keys::BASE_URL, Some("https://new.example")).unwrap());
        assert!(update(&path, &keys::API_KEY, Some("k\"ey")).unwrap());
        let after = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            after,
            "# my cra settings\n\nbase_url = \"https://new.example\" # staging\n\n# signing\nwebhook_secret = \"s\"\ncolour = \"blue\"\napi_key = 'k\"ey'\n"
        );
        assert_eq!(
            load(&path).unwrap().unknown_keys,
            vec!["colour".to_string()]
        );
        // Removing keys keeps the comments written above them.
        assert!(update(&path, &keys::WEBHOOK_SECRET, None).unwrap());
        assert!(!update(&path, &keys::WEBHOOK_SECRET, None).unwrap());
        assert!(update(&path, &keys::BASE_URL, None).unwrap());
        assert!(update(&path, &keys::API_KEY, None).unwrap());
        let after = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            after,
            "# my cra settings\n\n\n# signing\ncolour = \"blue\"\n"
        );
        assert!(load(&path).unwrap().take_text(&keys::BASE_URL).is_none());
        // The last key: its comment stays at the end.
        std::fs::write(
            &path,
            "base_url = \"https://x\"\n# the key\napi_key = \"k\"\n",
        )
        .unwrap();
        assert!(update(&path, &keys::API_KEY, None).unwrap());
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "base_url = \"https://x\"\n# the key\n"
        );
    }
}
