//! The public record's formats: the FFIEC's Interagency CRA Ratings file
//! (`ffiec`: one line per published exam, with the agency's ID of the
//! institution, its assets and the exam method) and the FDIC's BankFind
//! institutions (`bankfind`: each insured institution's other identifiers,
//! whether it is still active, its latest assets).
//!
//! Pure: bytes in, typed records out, and back. No network and no SQLite,
//! so that `cra enrich` (which downloads and stores), the local copy and
//! the sandbox (which generates and serves the same formats) all read and
//! write them through one definition. Only `domain` is below it.

pub mod bankfind;
pub mod ffiec;
