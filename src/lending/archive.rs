//! What a lending file is by its first bytes (a zip, the text of one, or
//! an HTML page: the FFIEC's site answers some clients with a challenge
//! page where the zip should be), and the zips read as streams: the `.dat`
//! members listed, each inflated a block at a time under bounds on what
//! it inflates to (a zip bomb is refused by its size or its ratio, by what
//! its directory declares before a byte is inflated and by what it really
//! inflates to), a truncated or damaged zip refused by name. Nothing is
//! held whole: a disclosure zip is tens of megabytes, two hundred
//! inflated.

use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

/// What the first bytes of a file or an answer say it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Content {
    /// A zip (a local file header, or an empty archive's end record).
    Zip,
    /// Records: a table ID or a transmittal's digits.
    Dat,
    /// An HTML (or XML) page: a challenge or error page, not data.
    Html,
    Empty,
    /// Anything else, its first bytes shown inert.
    Other(String),
}

/// Tells what `head` (the first bytes; a kilobyte is plenty) starts.
pub fn sniff(head: &[u8]) -> Content {
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        return Content::Zip;
    }
    let start = head
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(head.len());
    let body = &head[start..];
    match body.first() {
        None => Content::Empty,
        Some(b'<') => Content::Html,
        Some(b'A' | b'D' | b'0'..=b'9') if start == 0 => Content::Dat,
        Some(_) => Content::Other(format!(
            "\"{}\"",
            crate::text::inert(&super::parse::latin1(&body[..body.len().min(24)]))
        )),
    }
}

/// The bounds a zip is read under.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The most one member inflates to.
    pub inflated: u64,
    /// The most a member inflates to per byte of it (past `ratio_from`).
    pub ratio: u64,
    pub ratio_from: u64,
    /// The most members a zip has.
    pub members: usize,
}

/// A real disclosure file inflates to about 200 MB at about 10 to 1.
pub const LIMITS: Limits = Limits {
    inflated: 4 << 30,
    ratio: 200,
    ratio_from: 1 << 20,
    members: 64,
};

/// One `.dat` member of a zip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Member {
    pub index: usize,
    pub name: String,
    pub compressed: u64,
    pub size: u64,
}

/// The `.dat` members of the zip at `path`, in the archive's order, and
/// the names of its other members (read past); refused when the zip is
/// not whole, has too many members, or declares a member that would
/// inflate past the bounds.
pub fn members(path: &Path, limits: &Limits) -> Result<(Vec<Member>, Vec<String>), String> {
    let file = File::open(path).map_err(|e| format!("cannot be read: {e}"))?;
    let archive = zip::ZipArchive::new(BufReader::new(file))
        .map_err(|e| format!("a truncated or damaged zip ({e})"))?;
    if archive.len() > limits.members {
        return Err(format!(
            "a zip of {} members, when the FFIEC's have at most a dozen: refused",
            archive.len()
        ));
    }
    let (mut dat, mut other) = (Vec::new(), Vec::new());
    for index in 0..archive.len() {
        let entry = archive
            .by_index_data(index)
            .map_err(|e| format!("a damaged zip ({e})"))?;
        let name = entry.name().map_or_else(
            |_| String::from_utf8_lossy(entry.name_raw()).into_owned(),
            |n| n.into_owned(),
        );
        if entry.is_dir() {
            continue;
        }
        let base = name.rsplit(['/', '\\']).next().unwrap_or(&name);
        if !base.to_ascii_lowercase().ends_with(".dat") {
            other.push(name);
            continue;
        }
        let member = Member {
            index,
            name: name.clone(),
            compressed: entry.compressed_size(),
            size: entry.size(),
        };
        bounded(&member, member.size, limits)?;
        dat.push(member);
    }
    Ok((dat, other))
}

/// The refusal of a member that inflates (or declares it does) to
/// `inflated` bytes, past a bound.
fn bounded(member: &Member, inflated: u64, limits: &Limits) -> Result<(), String> {
    let shown = crate::text::inert(&crate::text::clip(&member.name, 60)).into_owned();
    if inflated > limits.inflated {
        return Err(format!(
            "{shown} inflates past {}: a zip bomb, refused",
            crate::text::byte_size(limits.inflated)
        ));
    }
    if inflated > limits.ratio_from && inflated > member.compressed.saturating_mul(limits.ratio) {
        return Err(format!(
            "{shown} inflates past {} times its {} compressed: a zip bomb, refused",
            limits.ratio,
            crate::text::byte_size(member.compressed)
        ));
    }
    Ok(())
}

/// Where a lending file's text is: a `.dat` file, or a member of a zip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Text {
    Dat(PathBuf),
    Member { zip: PathBuf, member: Member },
}

/// The size of the blocks the text is read in.
pub const BLOCK: usize = 256 * 1024;

/// Reads `text` a block at a time, each to `each` (which stops it by
/// returning false), under `limits`; why it cannot be read. Opened here,
/// so that the reading can run on a thread of its own.
pub fn pump(
    text: &Text,
    limits: &Limits,
    mut each: impl FnMut(&[u8]) -> bool,
) -> Result<(), String> {
    let mut block = vec![0u8; BLOCK];
    match text {
        Text::Dat(path) => {
            let mut file = File::open(path).map_err(|e| format!("cannot be read: {e}"))?;
            loop {
                let n =
                    read_some(&mut file, &mut block).map_err(|e| format!("cannot be read: {e}"))?;
                if n == 0 || !each(&block[..n]) {
                    return Ok(());
                }
            }
        }
        Text::Member { zip, member } => {
            let file = File::open(zip).map_err(|e| format!("cannot be read: {e}"))?;
            let mut archive = zip::ZipArchive::new(BufReader::new(file))
                .map_err(|e| format!("a truncated or damaged zip ({e})"))?;
            let mut reader = archive
                .by_index(member.index)
                .map_err(|e| format!("{}: {e}", member.name))?;
            let mut inflated = 0u64;
            loop {
                let n = read_some(&mut reader, &mut block).map_err(|e| {
                    format!(
                        "{}: a damaged or truncated zip ({e})",
                        crate::text::inert(&member.name)
                    )
                })?;
                inflated += n as u64;
                bounded(member, inflated, limits)?;
                if inflated > member.size {
                    return Err(format!(
                        "{} inflates past the {} its zip declares: damaged, refused",
                        crate::text::inert(&member.name),
                        crate::text::byte_size(member.size)
                    ));
                }
                if n == 0 || !each(&block[..n]) {
                    return Ok(());
                }
            }
        }
    }
}

/// One read, retried when interrupted.
fn read_some(reader: &mut impl Read, block: &mut [u8]) -> std::io::Result<usize> {
    loop {
        match reader.read(block) {
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            other => return other,
        }
    }
}
