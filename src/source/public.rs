//! The public record a row shows (`--enriched`, or one of its columns in
//! `--columns`), joined from the local copy by the bank's id: online or
//! offline alike, since the service has none of it. A copy without it is
//! exit 2 saying to run `cra enrich`.

use std::sync::Arc;

use anyhow::Result;

use super::Copy;
use crate::domain::PublicRecord;
use crate::domain::model::Bank;
use crate::io::Io;
use crate::mirror::Reader;

/// Joins banks' public records from the copy.
pub struct Joiner {
    reader: Arc<Reader>,
    /// The json printed gets the key `public_record` (`--enriched`).
    json: bool,
}

impl Joiner {
    /// A joiner when one is `needed` (an extra column shown, or
    /// `--enriched`), joining from the run's local copy; `enriched` and a
    /// json output add `public_record` to each object.
    pub fn new(copy: &Copy, io: &Io, needed: bool, enriched: bool) -> Result<Option<Joiner>> {
        if !needed && !enriched {
            return Ok(None);
        }
        let reader = copy.reader()?;
        let what = if enriched {
            "--enriched"
        } else {
            "the public record's columns"
        };
        reader.require_public_record(what)?;
        let json = enriched && (io.view.format.prints_json() || io.view.jq.is_some());
        Ok(Some(Joiner { reader, json }))
    }

    /// The public record of the bank `id` (every field unknown when it is
    /// not linked).
    pub fn record(&self, id: &str) -> Result<PublicRecord> {
        self.reader.public_record(id)
    }

    /// Whether the json printed gets `public_record`.
    pub fn json(&self) -> bool {
        self.json
    }

    /// Gives a listed bank its public record (and its json the key).
    pub fn bank(&self, bank: &mut Bank) -> Result<()> {
        let record = self.record(&bank.fields.id)?;
        if self.json {
            // The one case where the object printed is not the text as
            // served: it gains a key.
            let json = bank.raw.to_value();
            bank.raw = crate::domain::model::Raw::of(&crate::domain::public::with_public_record(
                json,
                Some(&record),
            ));
        }
        bank.public = Some(Box::new(record));
        Ok(())
    }
}

/// [`Joiner::bank`] when there is a joiner.
pub fn join(joiner: Option<&Joiner>, bank: &mut Bank) -> Result<()> {
    match joiner {
        Some(joiner) => joiner.bank(bank),
        None => Ok(()),
    }
}
