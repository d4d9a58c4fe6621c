//! The public record the sandbox serves beside the service, so that
//! `cra --sandbox enrich` has an FFIEC file and BankFind to read with no
//! network: `GET /ffiec/craratng.zip` (the FFIEC's zip of the sandbox's
//! banks, as published), `GET /bankfind/institutions` (BankFind's
//! answers for them, with its filters, fields, sort, limit and offset) and
//! `GET /bankfind/history` (their structure changes, `history`).
//! For benchmarks of the linking only, `GET /_truth/links` says which
//! FFIEC institution each bank truly is (hidden; test-only).
//!
//! Generated or loaded banks get a record drawn for them (`draw`); a data
//! set built from the real FFIEC file serves that file (`file`). Neither
//! touches what the service serves. A drawn record is made on the first
//! request for it (most `--sandbox` commands never ask), from the banks as
//! the store holds them then.

mod days;
mod decoys;
mod draw;
pub mod evaluations;
pub mod file;
mod history;
pub mod lending;
mod naming;
mod pools;
mod serve;

use std::sync::{Arc, Mutex, OnceLock, RwLock};

use jiff::civil::Date;

use super::data::{self, SandboxBank};
use super::store::ServedBanks;
use crate::record::bankfind::Institution;
use crate::record::ffiec::{Exam, InstitutionKey};

pub use serve::{Served, routes};

/// The data's day, as a date.
pub fn days_from_data() -> Date {
    days::from_day_number(data::DATA_DAY)
}

/// The public record of a data set.
#[derive(Debug, Clone, Default)]
pub struct PublicRecord {
    /// The FFIEC file's exams, in its order.
    pub exams: Vec<Exam>,
    /// BankFind's institutions, by certificate (those without one last).
    pub institutions: Vec<Institution>,
    /// BankFind's structure changes of them (drawn by `finish` from the
    /// institutions when none were given).
    pub history: Vec<crate::record::bankfind::history::Change>,
    /// Each bank of the service and the FFIEC institution it truly is
    /// (none when none of its exams is in the file).
    pub truth: Vec<(String, Option<InstitutionKey>)>,
    /// The file's date: no exam after it is in the file.
    pub vintage: Option<Date>,
    /// The file as published, served as it is when given (the real
    /// FFIEC file, unperturbed); else the zip is written from `exams`.
    pub published: Option<Vec<u8>>,
}

impl PublicRecord {
    /// Sorts the exams as the FFIEC does and the institutions by CERT.
    pub fn finish(&mut self) {
        // By a key of plain numbers: the sandbox sorts 80,000 exams at
        // once, in the debug builds tests run too.
        self.exams.sort_by_cached_key(|e| {
            let code = crate::record::ffiec::regulator_code(&e.regulator).unwrap_or(u8::MAX);
            (e.agency_id, code, days::day_number(e.exam_date))
        });
        self.institutions.sort_by(|a, b| {
            (a.fdic_cert.is_none(), a.fdic_cert, &a.name).cmp(&(
                b.fdic_cert.is_none(),
                b.fdic_cert,
                &b.name,
            ))
        });
        if self.history.is_empty() {
            let latest = self
                .vintage
                .unwrap_or_else(|| days::from_day_number(data::DATA_DAY));
            self.history = history::draw(&self.institutions, latest);
        }
    }
}

/// The banks a record is drawn for, kept in the order that decides who
/// takes which number: the data set as generated or loaded, the banks a
/// later release adds after it. Banks a later release removed stay in the
/// record (they were examined, and the public record does not forget):
/// BankFind lists them, the file has their exams.
#[derive(Debug, Clone, Default)]
pub struct Lineage {
    pub order: Vec<String>,
    pub gone: Vec<SandboxBank>,
}

impl Lineage {
    /// The lineage of `banks` as generated or loaded.
    pub fn of(banks: &[SandboxBank]) -> Lineage {
        Lineage {
            order: banks.iter().map(|b| b.id.clone()).collect(),
            gone: Vec::new(),
        }
    }

    /// After `--evolve`: the banks it `removed`, and those it added (the
    /// ones of `banks` not in the order yet) after the others.
    pub fn evolved(&mut self, banks: &[SandboxBank], removed: Vec<SandboxBank>) {
        let known: std::collections::HashSet<&str> =
            self.order.iter().map(String::as_str).collect();
        let added: Vec<String> = banks
            .iter()
            .filter(|b| !known.contains(b.id.as_str()))
            .map(|b| b.id.clone())
            .collect();
        self.order.extend(added);
        self.gone.extend(removed);
    }
}

/// What a sandbox's public record comes from.
#[derive(Debug, Clone)]
pub enum Origin {
    /// Drawn for the banks of the store (and the lineage's gone ones).
    Drawn(Lineage),
    /// Given whole: the real FFIEC file and what follows from it.
    Given(Box<PublicRecord>),
}

/// The record of `source`, with the banks of `store`.
pub fn build(source: Origin, store: &ServedBanks) -> PublicRecord {
    let lineage = match source {
        Origin::Given(record) => return *record,
        Origin::Drawn(lineage) => lineage,
    };
    let gone: std::collections::HashMap<&str, &SandboxBank> =
        lineage.gone.iter().map(|b| (b.id.as_str(), b)).collect();
    let banks: Vec<&SandboxBank> = lineage
        .order
        .iter()
        .filter_map(|id| match store.position(id) {
            Some(pos) => store.banks().get(pos as usize),
            None => gone.get(id.as_str()).copied(),
        })
        .collect();
    // The file is as of the data's day, or of the newest exam if later.
    let newest = banks
        .iter()
        .flat_map(|b| b.ratings.iter())
        .filter_map(|r| days::parse_day(&r.exam_date))
        .max();
    let month = days::from_day_number(data::DATA_DAY);
    let vintage = newest.map_or(month, |n| n.max(month));
    let mut record = PublicRecord {
        vintage: Some(vintage),
        ..PublicRecord::default()
    };
    let mut pools = pools::Pools::default();
    for bank in banks {
        draw::bank(bank, vintage, &mut pools, &mut record);
    }
    // Banks a later release removed are not the service's: no truth.
    record.truth.retain(|(id, _)| store.position(id).is_some());
    record.finish();
    record
}

/// A sandbox's public record: its source until the first request, then
/// what it serves.
pub struct Public {
    source: Mutex<Option<Origin>>,
    store: Arc<RwLock<ServedBanks>>,
    served: OnceLock<Served>,
    /// The lending files made so far, by year and kind.
    lending: Mutex<std::collections::HashMap<(u16, crate::lending::Kind), bytes::Bytes>>,
    /// Each year's lending reporters this many times over (1: as drawn).
    lending_scale: u32,
}

impl Public {
    pub fn new(source: Origin, store: Arc<RwLock<ServedBanks>>, lending_scale: u32) -> Public {
        Public {
            source: Mutex::new(Some(source)),
            store,
            served: OnceLock::new(),
            lending: Mutex::new(std::collections::HashMap::new()),
            lending_scale,
        }
    }

    /// What it serves, made on the first call.
    pub fn served(&self) -> &Served {
        self.served.get_or_init(|| {
            let source = self
                .source
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .take()
                .unwrap_or(Origin::Given(Box::default()));
            let store = self.store.read().unwrap_or_else(|e| e.into_inner());
            Served::new(build(source, &store))
        })
    }
}

#[cfg(test)]
mod tests;
