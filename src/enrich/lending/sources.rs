//! What `cra enrich --lending` reads: the paths as named (zip and `.dat`
//! files, folders of them, http(s) addresses), or with no path the
//! addresses of each kind's file of each year asked for; an address
//! downloaded to a temporary file a chunk at a time (a disclosure zip is
//! tens of megabytes), bounded, and refused in one line when the site
//! answers a web page (a challenge) where a zip was expected.

use std::path::{Path, PathBuf};

use url::Url;

use crate::http::Fetcher;
use crate::lending::archive::{Content, sniff};
use crate::text::{inert, thousands};

/// The most a download may be: the FFIEC's largest zips are tens of
/// megabytes.
pub(super) const DOWNLOAD_LIMIT: u64 = 1 << 30;

/// The most files a folder gives.
const FOLDER_FILES: usize = 10_000;

/// One path or address to read.
#[derive(Debug, Clone)]
pub(super) enum Input {
    File(PathBuf),
    Web(Url),
}

impl Input {
    /// As messages name it: the path given, an address without secrets.
    pub(super) fn shown(&self) -> String {
        match self {
            Input::File(path) => path.display().to_string(),
            Input::Web(url) => crate::http::hide_address_secrets(url.as_str()),
        }
    }

    /// As the copy records it: a file's whole path, an address.
    pub(super) fn stored(&self) -> String {
        match self {
            Input::File(path) => std::path::absolute(path)
                .unwrap_or_else(|_| path.clone())
                .display()
                .to_string(),
            Input::Web(_) => self.shown(),
        }
    }
}

/// The paths expanded: what to read, and what was refused or passed
/// over (with why), in the order named.
#[derive(Debug, Default)]
pub(super) struct Expanded {
    pub sources: Vec<Input>,
    /// Paths that cannot be read at all (missing, not a regular file).
    pub refused: Vec<(String, String)>,
    /// Entries of folders passed over (a FIFO, a device): named.
    pub skipped: Vec<String>,
}

/// The files `paths` name: files, the zip and `.dat` files of folders
/// (their folders too, in name order; regular files only), addresses.
pub(super) fn expand(paths: &[String]) -> anyhow::Result<Expanded> {
    let mut expanded = Expanded::default();
    for path in paths {
        if let Some(url) = super::super::web_address(path)? {
            expanded.sources.push(Input::Web(url));
            continue;
        }
        let path = PathBuf::from(path);
        match std::fs::metadata(&path) {
            Ok(meta) if meta.is_dir() => folder(&path, &mut expanded)?,
            Ok(meta) if meta.is_file() => expanded.sources.push(Input::File(path)),
            Ok(_) => expanded.refused.push((
                path.display().to_string(),
                "not a regular file (a FIFO, a socket or a device): not read".into(),
            )),
            Err(error) => expanded.refused.push((
                path.display().to_string(),
                format!("cannot be read: {error}"),
            )),
        }
    }
    Ok(expanded)
}

/// The zip and `.dat` files under `dir`, in name order.
fn folder(dir: &Path, expanded: &mut Expanded) -> anyhow::Result<()> {
    let mut stack = vec![dir.to_path_buf()];
    let mut found = Vec::new();
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| {
            crate::error::CraError::usage(format!("cannot read the folder {}: {e}", dir.display()))
        })?;
        for entry in entries.flatten() {
            let path = entry.path();
            let lending = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("zip") || e.eq_ignore_ascii_case("dat"));
            // What the entry is, a link followed.
            match std::fs::metadata(&path) {
                Ok(meta) if meta.is_dir() => stack.push(path),
                Ok(meta) if meta.is_file() && lending => found.push(path),
                Ok(meta) if !meta.is_file() && lending => expanded.skipped.push(format!(
                    "{}: not a regular file (a FIFO, a socket or a device): skipped",
                    path.display()
                )),
                _ => {}
            }
            if found.len() > FOLDER_FILES {
                return Err(crate::error::CraError::usage(format!(
                    "{} holds more than {} zip and .dat files; give fewer at a time",
                    dir.display(),
                    thousands(FOLDER_FILES as u64)
                )));
            }
        }
    }
    found.sort();
    expanded.sources.extend(found.into_iter().map(Input::File));
    Ok(())
}

/// Whether an address names a `.dat` file (else a zip is expected).
fn names_dat(url: &Url) -> bool {
    url.path().to_ascii_lowercase().ends_with(".dat")
}

/// The one line of a web page where a zip was expected.
fn challenge(shown: &str, status: u16) -> String {
    format!(
        "{shown} answered a web page (HTTP {status}, a challenge or error page) where a zip was \
         expected: the FFIEC's site refuses some scripted downloads; download the file in a \
         browser and run cra enrich --lending FILE"
    )
}

/// Downloads `url` into `file` (a temporary file); why it cannot be read.
pub(super) async fn download(
    client: &Fetcher,
    url: &Url,
    file: &mut std::fs::File,
    trace: &dyn Fn(String),
) -> Result<(), String> {
    let shown = crate::http::hide_address_secrets(url.as_str());
    let downloaded = client
        .download(url, DOWNLOAD_LIMIT, file, trace)
        .await
        .map_err(|error| error.into_error().to_string())?;
    let status = downloaded.status;
    let page = sniff(&downloaded.body[..downloaded.body.len().min(1024)]) == Content::Html;
    if status == reqwest::StatusCode::FORBIDDEN || (!status.is_success() && page) {
        return Err(challenge(&shown, status.as_u16()));
    }
    if !status.is_success() {
        return Err(format!(
            "{shown} answered {} {}",
            status.as_u16(),
            status.canonical_reason().unwrap_or("")
        ));
    }
    let head = head(file).map_err(|e| format!("cannot read the download: {e}"))?;
    // Where a zip was expected, anything but a zip is no lending file.
    match (sniff(&head), names_dat(url)) {
        (Content::Zip, _) | (Content::Dat, true) => Ok(()),
        (Content::Empty, _) => Err(format!("{shown} answered nothing")),
        (Content::Other(start), true) => Err(format!(
            "{shown} is not a lending file (it starts {})",
            inert(&start)
        )),
        (Content::Html | Content::Dat | Content::Other(_), _) => {
            Err(challenge(&shown, status.as_u16()))
        }
    }
}

/// The first kilobyte of `file`, from its start.
pub(super) fn head(file: &mut std::fs::File) -> std::io::Result<Vec<u8>> {
    use std::io::{Read, Seek};
    file.rewind()?;
    let mut head = Vec::with_capacity(1024);
    file.by_ref().take(1024).read_to_end(&mut head)?;
    file.rewind()?;
    Ok(head)
}
