//! One local file read into the copy (on a thread that may block): a zip
//! (each `.dat` member a file of its own) or a `.dat`, told by its first
//! bytes; each file's text inflated and hashed on a thread of its own,
//! its records cut and made rows on a second, and stored on this one (the
//! only thread that writes the copy), in one transaction, committed
//! only once the whole file was read (a file read before, known by its
//! SHA-256, changes nothing); a zip read whole before is known by its own
//! SHA-256 without inflating it. A file refused, or a signal, leaves the
//! copy as it was.

use std::io::Read;
use std::path::Path;
use std::sync::mpsc::{SyncSender, sync_channel};

use sha2::{Digest, Sha256};

use crate::lending::archive::{self, Content, LIMITS, Text, sniff};
use crate::lending::pipe::{Piped, Unread, piped};
use crate::lending::{Records, Table};
use crate::mirror::lending::{Lending, MarketSums, Op, Origin, Rows, Shaper, Stored};
use crate::text::inert;

/// What became of one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Outcome {
    Read { records: u64, rows: Rows },
    Known,
    Refused(String),
    Interrupted,
}

/// One file of a source (a zip's member, or the file itself), and what
/// became of it.
pub(super) struct Done {
    pub name: String,
    pub outcome: Outcome,
}

/// What one record asks of the copy, sent from the thread that cuts and
/// shapes the records to this one, which stores them, a batch at a time.
const BATCH: usize = 1024;

/// Batches in flight between the two: the memory of a few thousand rows,
/// whatever the file's size.
const IN_FLIGHT: usize = 4;

/// How often (in records) the reading looks for a signal, whatever rows
/// its records made.
const SIGNAL_EVERY: u64 = 4096;

/// Reads the local file at `path` (`shown` as messages name it, `stored`
/// as the copy records it) into the copy; what became of each of its
/// files. An error: the copy could not be written.
pub(super) fn read(
    lending: &mut Lending,
    path: &Path,
    shown: &str,
    stored: &str,
) -> anyhow::Result<Vec<Done>> {
    let done = |outcome| {
        Ok(vec![Done {
            name: shown.to_string(),
            outcome,
        }])
    };
    let mut file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(error) => return done(Outcome::Refused(format!("cannot be read: {error}"))),
    };
    let head = match super::sources::head(&mut file) {
        Ok(head) => head,
        Err(error) => return done(Outcome::Refused(format!("cannot be read: {error}"))),
    };
    match sniff(&head) {
        Content::Zip => zip(lending, path, shown, stored, file),
        Content::Dat => {
            let sha = match sha256(&mut file) {
                Ok(Some(sha)) => sha,
                Ok(None) => return done(Outcome::Interrupted),
                Err(error) => return done(Outcome::Refused(format!("cannot be read: {error}"))),
            };
            if lending.file_known(&sha)? {
                return done(Outcome::Known);
            }
            done(text(lending, Text::Dat(path.to_path_buf()), None, stored)?)
        }
        Content::Html => done(Outcome::Refused(
            "an HTML page, not a lending file (a page saved in place of the file?): download \
             the zip itself in a browser and run cra enrich --lending FILE"
                .into(),
        )),
        Content::Empty => done(Outcome::Refused("empty: not a lending file".into())),
        Content::Other(start) => done(Outcome::Refused(format!(
            "not a lending file (it starts {})",
            inert(&start)
        ))),
    }
}

/// The `.dat` members of a zip, each a file of its own.
fn zip(
    lending: &mut Lending,
    path: &Path,
    shown: &str,
    stored: &str,
    mut file: std::fs::File,
) -> anyhow::Result<Vec<Done>> {
    let refused = |why: String| {
        Ok(vec![Done {
            name: shown.to_string(),
            outcome: Outcome::Refused(why),
        }])
    };
    let (members, others) = match archive::members(path, &LIMITS) {
        Ok(found) => found,
        Err(why) => return refused(why),
    };
    if members.is_empty() {
        let names: Vec<String> = others
            .iter()
            .take(5)
            .map(|n| inert(n).into_owned())
            .collect();
        return refused(format!(
            "a zip with no .dat file in it ({})",
            if names.is_empty() {
                "empty".to_string()
            } else {
                names.join(", ")
            }
        ));
    }
    let zip_sha = match sha256(&mut file) {
        Ok(Some(sha)) => sha,
        Ok(None) => {
            return Ok(vec![Done {
                name: shown.to_string(),
                outcome: Outcome::Interrupted,
            }]);
        }
        Err(error) => return refused(format!("cannot be read: {error}")),
    };
    let name = |member: &archive::Member| format!("{shown} ({})", inert(&member.name));
    if lending.zip_known(&zip_sha, members.len())? {
        return Ok(members
            .iter()
            .map(|m| Done {
                name: name(m),
                outcome: Outcome::Known,
            })
            .collect());
    }
    let mut done = Vec::new();
    for member in members {
        let shown = name(&member);
        let source = format!("{stored}!{}", member.name);
        let outcome = text(
            lending,
            Text::Member {
                zip: path.to_path_buf(),
                member,
            },
            Some(&zip_sha),
            &source,
        )?;
        let stop = outcome == Outcome::Interrupted;
        done.push(Done {
            name: shown,
            outcome,
        });
        if stop {
            break;
        }
    }
    Ok(done)
}

/// Why reading a file's records stopped.
enum Stop {
    Refused(String),
    Interrupted,
    Failed(anyhow::Error),
}

/// One file's text stored.
fn text(
    lending: &mut Lending,
    text: Text,
    zip_sha: Option<&str>,
    source: &str,
) -> anyhow::Result<Outcome> {
    if crate::signals::signalled() {
        return Ok(Outcome::Interrupted);
    }
    let (read, hashed) = piped(&text, &LIMITS, |input| {
        let mut writer = lending.begin().map_err(Stop::Failed)?;
        let (send, batches) = sync_channel::<Vec<Op>>(IN_FLIGHT);
        std::thread::scope(|scope| {
            let shaping = scope.spawn(move || shape(input, &send));
            let mut applied = Ok(());
            'batches: for batch in &batches {
                for op in batch {
                    if let Err(error) = writer.apply(op) {
                        applied = Err(Stop::Failed(error));
                        break 'batches;
                    }
                }
                if crate::signals::signalled() {
                    applied = Err(Stop::Interrupted);
                    break;
                }
            }
            // The shaping thread, left alone, stops at its next batch.
            drop(batches);
            let shaped = shaping
                .join()
                .unwrap_or_else(|_| Err(Stop::Refused("the reading thread failed".into())));
            applied?;
            let (records, tables, market) = shaped?;
            Ok((writer, records, tables, market))
        })
    });
    let (writer, records, tables, market) = match (read, &hashed) {
        // What the reading thread met is the cause (a bomb, a damaged zip);
        // it stopped because a record was refused, the record's line is.
        (Err(Stop::Refused(_)), Err(Unread::Failed(why))) => {
            return Ok(Outcome::Refused(why.clone()));
        }
        (Err(Stop::Refused(why)), _) => return Ok(Outcome::Refused(why)),
        (Err(Stop::Interrupted), _) => return Ok(Outcome::Interrupted),
        (Err(Stop::Failed(error)), _) => return Err(error),
        (Ok(_), Err(Unread::Failed(why))) => return Ok(Outcome::Refused(why.clone())),
        (Ok(_), Err(Unread::Stopped)) => return Ok(Outcome::Refused("not read whole".into())),
        (Ok(read), Ok(_)) => read,
    };
    if records == 0 {
        return Ok(Outcome::Refused(
            "holds no record: not a lending file".into(),
        ));
    }
    let Ok((sha, _)) = hashed else {
        return Ok(Outcome::Refused("not read whole".into()));
    };
    let stored = writer.finish(
        market,
        &Origin {
            sha256: &sha,
            zip_sha256: zip_sha,
            source,
            tables: &tables,
            records,
        },
    )?;
    Ok(match stored {
        Stored::Known => Outcome::Known,
        Stored::Read(rows) => Outcome::Read { records, rows },
    })
}

/// A file's records cut (on a thread of their own) and made the rows they
/// give, sent a batch at a time; how many records, of which tables, and
/// the market's sums, once the file was read to its end. A record that
/// cannot be read refuses the file; the storing thread gone (it failed or
/// was stopped) stops the reading.
fn shape(input: Piped, send: &SyncSender<Vec<Op>>) -> Result<(u64, Vec<Table>, MarketSums), Stop> {
    let mut records = Records::new(input);
    let mut shaper = Shaper::default();
    let mut batch = Vec::with_capacity(BATCH);
    while let Some(record) = records.next() {
        let record = record.map_err(|e| Stop::Refused(e.to_string()))?;
        shaper.shape(&record, &mut batch);
        // A run of records that make no row (the market's, added up) still
        // looks for a signal, and sends what it has, so that a storing
        // thread gone is noticed.
        let look = records.records().is_multiple_of(SIGNAL_EVERY);
        if look && crate::signals::signalled() {
            return Err(Stop::Interrupted);
        }
        if batch.len() >= BATCH || look {
            let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
            send.send(full).map_err(|_| Stop::Interrupted)?;
        }
    }
    if !batch.is_empty() {
        send.send(batch).map_err(|_| Stop::Interrupted)?;
    }
    Ok((
        records.records(),
        records.tables().to_vec(),
        shaper.market(),
    ))
}

/// The SHA-256 of a file, read from its start; none when a signal came
/// first.
fn sha256(file: &mut std::fs::File) -> std::io::Result<Option<String>> {
    use std::io::Seek;
    file.rewind()?;
    let mut hasher = Sha256::new();
    let mut block = vec![0u8; archive::BLOCK];
    loop {
        if crate::signals::signalled() {
            return Ok(None);
        }
        let n = match file.read(&mut block) {
            Ok(0) => break,
            Ok(n) => n,
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        hasher.update(&block[..n]);
    }
    file.rewind()?;
    Ok(Some(hex::encode(hasher.finalize())))
}
