//! `cra verify-webhook`: one delivery checked offline.
//!
//! The body is streamed through the HMAC in large reads, so a 100 MB body
//! costs about what `openssl dgst` costs. Only on a mismatch is the body
//! looked at as a whole, to say which common mistake explains it.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use clap::Args;
use secrecy::ExposeSecret;

use crate::command::{Ctx, Parts, Run, SecretArg, Spec};
use crate::error::{CraError, Exit};
use crate::io::{Io, Output};
use crate::settings::Settings;
use crate::webhook::diagnose::diagnose;
use crate::webhook::sign::{Invalid, Signer, decode};

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
Examples:
  cra verify-webhook --signature \"sha256=5d1f...\" body.json
  cra verify-webhook --signature \"$SIGNATURE\" - < body.json   # in a unit test: exit 0 or 7";

#[derive(Debug, Clone, Args)]
pub struct VerifyWebhookArgs {
    /// The X-Service-Signature header value, sha256=<hex>
    #[arg(long, value_name = "SIG")]
    pub signature: String,

    #[command(flatten)]
    pub secret: SecretArg,

    /// The raw body, exactly as received; - or nothing for standard input
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
}

/// Read size: large enough that syscalls do not show next to SHA-256.
const CHUNK: usize = 1 << 20;
/// Standard input kept in memory for a diagnosis, at most (a file is re-read).
const KEEP_STDIN: usize = 64 << 20;

impl Spec for VerifyWebhookArgs {
    fn parts(&self) -> Parts<'_> {
        Parts {
            secret: Some(&self.secret),
            ..Default::default()
        }
    }
}

impl Run for VerifyWebhookArgs {
    async fn run(self, ctx: Ctx) -> Result<Exit> {
        run(self, &ctx.settings, &ctx.io, &ctx.out).await
    }
}

async fn run(args: VerifyWebhookArgs, settings: &Settings, io: &Io, out: &Output) -> Result<Exit> {
    let secret = settings.require_secret("verify-webhook")?;
    let secret = secret.expose_secret().as_bytes();
    let dash = args.file.as_deref() == Some(Path::new("-"));
    let file = args.file.filter(|p| p != Path::new("-"));

    // The body's source first: a file that cannot be read is the problem
    // to report (exit 1, naming it), whatever the signature looks like.
    let mut reader: Box<dyn Read> = match &file {
        Some(path) => {
            let file = std::fs::File::open(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            // A folder opens on Unix; its read fails. Said now, not after
            // the signature was judged.
            if file.metadata().is_ok_and(|m| m.is_dir()) {
                anyhow::bail!("cannot read {}: it is a folder", path.display());
            }
            Box::new(file)
        }
        None => {
            let stdin = std::io::stdin();
            if stdin.is_terminal() {
                if !dash {
                    // ripgrep and xh never read a terminal they were not
                    // pointed at (ripgrep searches the folder instead, xh
                    // sends no body); with nothing else to check, the
                    // equivalent is to refuse. A delivery's exact bytes
                    // are never typed, and jq's silent wait looks like a
                    // hang.
                    return Err(CraError::usage(
                        "no body to check: give the FILE holding the delivery's raw body, or pipe it in (cra verify-webhook --signature SIG < body.json)",
                    ));
                }
                // `-` asked for standard input: read it, but say so.
                io.info("reading the body from the terminal; end it with Ctrl-D");
            }
            Box::new(stdin.lock())
        }
    };

    // Reasons that need no body: say them before reading anything.
    let header = args.signature.as_str();
    let wanted = match decode(header) {
        Ok(digest) => digest,
        Err(reason) => return invalid(out, &describe(reason, header)),
    };

    let mut signer = Signer::new(secret);
    let mut kept: Option<Vec<u8>> = if file.is_none() {
        Some(Vec::new())
    } else {
        None
    };
    let mut buf = vec![0u8; CHUNK];
    loop {
        let n = match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => {
                return Err(e).with_context(|| match &file {
                    Some(path) => format!("cannot read {}", path.display()),
                    None => "cannot read standard input".to_string(),
                });
            }
        };
        signer.update(&buf[..n]);
        if let Some(body) = kept.as_mut() {
            if body.len() + n <= KEEP_STDIN {
                body.extend_from_slice(&buf[..n]);
            } else {
                kept = None;
            }
        }
    }
    drop(reader);
    match signer.verify(header) {
        Ok(()) => {
            let mut out = out.stdout();
            writeln!(out, "valid")?;
            out.flush()?;
            Ok(Exit::Success)
        }
        Err(reason) => {
            let body = match (&file, kept) {
                (_, Some(body)) => Some(body),
                (Some(path), None) => std::fs::read(path).ok(),
                (None, None) => None,
            };
            let mut line = reason.to_string();
            if let Some(mistake) = body.and_then(|body| diagnose(secret, &body, &wanted)) {
                line.push_str(": ");
                line.push_str(mistake.explain());
            }
            invalid(out, &line)
        }
    }
}

/// The reason with a hint where the header's shape suggests one.
fn describe(reason: Invalid, header: &str) -> String {
    match (reason, reason.hint(header)) {
        (_, Some(hint)) => format!("{reason} ({hint})"),
        (Invalid::Missing, None) => format!("{reason} (--signature is empty)"),
        (_, None) => reason.to_string(),
    }
}

fn invalid(out: &Output, line: &str) -> Result<Exit> {
    let mut out = out.stdout();
    writeln!(out, "invalid: {line}")?;
    out.flush()?;
    Err(CraError::Silent(Exit::SignatureInvalid).into())
}
