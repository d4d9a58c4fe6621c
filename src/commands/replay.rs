//! `cra replay LOG --to URL`: deliveries recorded by `listen --log` sent
//! again, each body byte for byte, signed now, through the same sender as
//! `trigger` and printed as `trigger` prints.
//!
//! The log is read twice, line by line, so that memory stays flat however
//! long it is: a first pass checks that every line is a `listen` record
//! (one that is not stops the replay before anything is sent) and picks the
//! lines to send; a second pass streams those bodies to the sender. Lines
//! that `listen` appends between the two passes are not sent.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use bytes::Bytes;
use clap::Args;
use serde::Deserialize;

use crate::command::{Ctx, Parts, Run, SecretArg, Spec};
use crate::error::{CraError, Exit};
use crate::io::{Io, Output};
use crate::parse::whole;
use crate::settings::Settings;
use crate::webhook::{Delivery, Sender, print_outcomes};

pub const REPLAY_AFTER_HELP: &str = "\
Examples:
  cra listen --log deliveries.ndjson
  cra replay deliveries.ndjson --to http://127.0.0.1:3000/webhooks
  cra replay deliveries.ndjson --to http://127.0.0.1:4000/ --line 3 --line 7";

#[derive(Debug, Clone, Args)]
pub struct ReplayArgs {
    /// A log written by `cra listen --log`
    #[arg(value_name = "LOG")]
    pub log: PathBuf,

    /// Endpoint to POST to
    #[arg(long, value_name = "URL")]
    pub to: String,

    #[command(flatten)]
    pub secret: SecretArg,

    /// Send every delivery in the log, not only those logged valid
    #[arg(long, conflicts_with = "line")]
    pub all: bool,

    /// Send only line N of the log (counted from 1), whatever its verdict;
    /// repeatable
    #[arg(long = "line", value_name = "N", value_parser = whole::<u64>(1, u64::MAX),
          allow_negative_numbers = true)]
    pub line: Vec<u64>,

    /// Deliveries in flight at once (1: one after another, in log order)
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = whole::<u32>(1, 256), allow_negative_numbers = true)]
    pub concurrency: u32,
}

/// One line of a `listen --log` file; fields a later `listen` may add are
/// ignored. `received_at` and `status` are not used, but required: they are
/// what tells a `listen` record from any other JSON line.
#[derive(Debug, Deserialize)]
struct Record {
    #[allow(dead_code)]
    received_at: String,
    verdict: String,
    #[allow(dead_code)]
    status: u16,
    body: String,
    #[serde(default)]
    body_encoding: Option<String>,
}

impl Record {
    /// The body exactly as it was received: the logged text's bytes, or the
    /// hex `listen` wrote for a body that was not UTF-8.
    fn body(&self) -> Result<Bytes, String> {
        match self.body_encoding.as_deref() {
            None => Ok(Bytes::from(self.body.clone().into_bytes())),
            Some("hex") => hex::decode(&self.body)
                .map(Bytes::from)
                .map_err(|e| format!("its hex body does not decode ({e})")),
            Some(other) => Err(format!("unknown body_encoding {other:?}")),
        }
    }
}

/// Line `text` as a record, or why it is not one.
fn parse_record(text: &str) -> Result<Record, String> {
    let record: Record = serde_json::from_str(text).map_err(|e| {
        // serde's "at line 1 column N" would be read as the log's line.
        let why = e.to_string();
        match why.rfind(" at line ") {
            Some(at) => why[..at].to_string(),
            None => why,
        }
    })?;
    record.body()?;
    Ok(record)
}

/// Which lines to send, by the flags and each record's verdict.
enum Pick {
    Valid,
    All,
    Lines(BTreeSet<u64>),
}

impl Pick {
    fn wants(&self, number: u64, record: &Record) -> bool {
        match self {
            Pick::Valid => record.verdict == crate::webhook::listen::Verdict::Valid.code(),
            Pick::All => true,
            Pick::Lines(lines) => lines.contains(&number),
        }
    }
}

/// The first pass: every line checked, the chosen line numbers returned,
/// with the number of lines read (the second pass reads no further).
fn choose(path: &Path, pick: &Pick) -> Result<(Vec<u64>, u64)> {
    // Read twice (checked whole before anything is sent): a FIFO or a
    // device could be read only once, or block for ever.
    if let Ok(metadata) = std::fs::metadata(path)
        && !metadata.is_file()
    {
        return Err(CraError::usage(format!(
            "{} is not a regular file (replay reads a cra listen --log file twice: checked whole, then sent)",
            path.display()
        )));
    }
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut chosen = Vec::new();
    let mut number = 0u64;
    for line in BufReader::new(crate::limited::Lines::new(file, crate::limited::MAX_LINE)).lines() {
        let line = line.with_context(|| format!("cannot read {}", path.display()))?;
        number += 1;
        // A blank line (an editor's last newline) holds no record.
        if line.trim().is_empty() {
            continue;
        }
        let record = parse_record(&line).map_err(|why| CraError::Response {
            message: format!(
                "{} line {number} is not a cra listen --log record: {why}",
                path.display()
            ),
        })?;
        if pick.wants(number, &record) {
            chosen.push(number);
        }
    }
    if let Pick::Lines(lines) = pick
        && let Some(missing) = lines.iter().find(|n| **n > number || !chosen.contains(n))
    {
        return Err(CraError::Response {
            message: format!(
                "--line {missing}: {} has no record on that line ({number} line{} in all)",
                path.display(),
                if number == 1 { "" } else { "s" }
            ),
        }
        .into());
    }
    Ok((chosen, number))
}

/// The second pass: the chosen lines' bodies, read as the sender asks for
/// them.
fn bodies(path: &Path, chosen: Vec<u64>, last: u64) -> Result<impl Iterator<Item = Delivery>> {
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let chosen: BTreeSet<u64> = chosen.into_iter().collect();
    Ok(
        BufReader::new(crate::limited::Lines::new(file, crate::limited::MAX_LINE))
            .lines()
            .take(last as usize)
            .zip(1u64..)
            .filter(move |(_, number)| chosen.contains(number))
            .filter_map(|(line, number)| {
                // Checked in the first pass; a line that changed since (the
                // file rewritten underneath) is skipped rather than sent wrong.
                let record = parse_record(&line.ok()?).ok()?;
                Some(Delivery {
                    number,
                    body: record.body().ok()?,
                })
            }),
    )
}

impl Spec for ReplayArgs {
    fn parts(&self) -> Parts<'_> {
        Parts {
            secret: Some(&self.secret),
            ..Default::default()
        }
    }
}

impl Run for ReplayArgs {
    async fn run(self, ctx: Ctx) -> Result<Exit> {
        run(self, &ctx.settings, &ctx.io, &ctx.out).await
    }
}

async fn run(args: ReplayArgs, settings: &Settings, io: &Io, out: &Output) -> Result<Exit> {
    let secret = settings.require_secret("replay")?.clone();
    let to = crate::webhook::endpoint_url("--to", &args.to, "http://127.0.0.1:4000/")?;
    let pick = if !args.line.is_empty() {
        Pick::Lines(args.line.iter().copied().collect())
    } else if args.all {
        Pick::All
    } else {
        Pick::Valid
    };
    let (chosen, last) = choose(&args.log, &pick)?;
    if chosen.is_empty() {
        let why = if args.all {
            "no delivery"
        } else {
            "no delivery logged valid (--all sends every one)"
        };
        io.info(&format!(
            "nothing to replay: {} has {why}",
            args.log.display()
        ));
        return Ok(Exit::Success);
    }
    let expected = chosen.len() as u64;
    let sender = Sender::new(
        to,
        secret,
        settings.timeout.value,
        args.concurrency as usize,
    )?;
    let deliveries = futures_util::stream::iter(bodies(&args.log, chosen, last)?);
    let sent = print_outcomes(sender.send_all(deliveries), &mut out.stdout()).await?;
    if sent < expected {
        return Err(CraError::Response {
            message: format!(
                "{} changed while it was replayed: {} of {expected} deliveries sent",
                args.log.display(),
                sent
            ),
        }
        .into());
    }
    Ok(Exit::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log(lines: &[&str]) -> tempfile::NamedTempFile {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        for line in lines {
            writeln!(file, "{line}").unwrap();
        }
        file
    }

    use std::io::Write;

    const VALID: &str = r#"{"received_at":"2026-11-20T12:34:56.789Z","verdict":"valid","status":200,"body":"{\"a\":1}\n","duplicate":false}"#;
    const REFUSED: &str = r#"{"received_at":"2026-11-20T12:34:57.000Z","verdict":"mismatch","status":401,"body":"ff00","body_encoding":"hex","duplicate":false}"#;

    #[test]
    fn bodies_come_back_byte_for_byte() {
        assert_eq!(
            parse_record(VALID).unwrap().body().unwrap(),
            &b"{\"a\":1}\n"[..]
        );
        assert_eq!(
            parse_record(REFUSED).unwrap().body().unwrap(),
            &[0xff, 0x00][..]
        );
        for junk in [
            "not json",
            r#"{"verdict":"valid"}"#,
            r#"{"received_at":"t","verdict":"valid","status":200,"body":"zz","body_encoding":"hex"}"#,
            r#"{"received_at":"t","verdict":"valid","status":200,"body":"x","body_encoding":"base64"}"#,
        ] {
            assert!(parse_record(junk).is_err(), "{junk}");
        }
    }

    #[test]
    fn picks_by_verdict_or_line() {
        let file = log(&[VALID, REFUSED, "", VALID]);
        assert_eq!(choose(file.path(), &Pick::Valid).unwrap(), (vec![1, 4], 4));
        assert_eq!(choose(file.path(), &Pick::All).unwrap(), (vec![1, 2, 4], 4));
        let lines = Pick::Lines([2, 4].into());
        assert_eq!(choose(file.path(), &lines).unwrap(), (vec![2, 4], 4));
        let sent: Vec<u64> = bodies(file.path(), vec![2, 4], 4)
            .unwrap()
            .map(|d| d.number)
            .collect();
        assert_eq!(sent, [2, 4]);
        for missing in [3, 9] {
            let error = choose(file.path(), &Pick::Lines([missing].into())).unwrap_err();
            assert!(
                error.to_string().contains(&format!("--line {missing}: ")),
                "{error}"
            );
        }
        let junk = log(&[VALID, "hello"]);
        let error = choose(junk.path(), &Pick::Valid).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("line 2 is not a cra listen --log record"),
            "{error}"
        );
    }
}
