//! Where answers come from: the service over HTTP, or the local copy
//! (`--offline`). `search`, `show` and `export` ask a `Source` for pages and
//! bank details and print what it gives through the same printers, which
//! is how online and offline answers stay byte-identical. It sits above
//! `api` and `mirror`, which never import each other, and offers
//! capabilities rather than its variants: no command matches on them.

mod argument;
pub mod by_id;
pub mod found;
mod id;
pub mod listing;
pub mod seen;
pub mod select;

pub use argument::{
    Among, Wanted, classify, could_be_name, named, pick_listed, resolve, resolve_one,
};
pub use found::FoundPages;
pub use id::bank_id;
pub use listing::{Listing, MAX_PER_PAGE, Options as ListingOptions, details};
pub use select::{Copy, watched, watched_within};

use std::sync::Arc;

use anyhow::Result;

use crate::api::Client;
use crate::domain::ListQuery;
use crate::domain::model::{BankDetail, Page, Raw};
use crate::http::large::Turn;
use crate::io::Io;
use crate::mirror::Reader;
use crate::settings::Settings;

/// Where banks come from, and whether they come with their public record.
#[derive(Clone)]
pub struct Source {
    pub from: From,
    /// The local copy the banks' public records are joined from, a page
    /// at a time (`--enriched`, a public record's column); none: not
    /// joined.
    joined: Option<Arc<Reader>>,
    /// Details already read while finding banks by id (`by_id`), each
    /// handed to the first ask for its bank instead of a second request.
    held: Arc<std::sync::Mutex<std::collections::HashMap<String, BankDetail>>>,
}

/// The service, or the local copy.
#[derive(Clone)]
pub enum From {
    /// The service, and where to say that its data quoted the API key.
    Service(Client, Io),
    Mirror(Arc<Reader>),
}

impl Source {
    /// The local copy with `--offline` (saying on a terminal how old it
    /// is), else a client of the service.
    pub fn new(settings: &Settings, io: &Io, copy: &Copy) -> Result<Source> {
        if settings.offline {
            let reader = copy.reader()?;
            if let Some(as_of) = reader.as_of() {
                io.summary(&format!("offline: {as_of}"));
            }
            Ok(Source::mirror(reader))
        } else {
            Ok(Source::service(Client::new(settings, io)?, io.clone()))
        }
    }

    /// The service, through `client`.
    pub fn service(client: Client, io: Io) -> Source {
        Source {
            from: From::Service(client, io),
            joined: None,
            held: Arc::default(),
        }
    }

    /// The local copy.
    pub fn mirror(reader: Arc<Reader>) -> Source {
        Source {
            from: From::Mirror(reader),
            joined: None,
            held: Arc::default(),
        }
    }

    /// The same source, its banks coming with their public record from
    /// the run's local copy (which must have one: else exit 2 saying to
    /// run `cra enrich`, naming `what` asked for it), when `wanted`.
    pub fn joining(mut self, wanted: bool, copy: &Copy, what: &str) -> Result<Source> {
        if wanted {
            let reader = copy.reader()?;
            reader.record().require(what)?;
            self.joined = Some(reader);
        }
        Ok(self)
    }

    /// How the bank `bank_id` ended, when banks are joined with their
    /// public record and it holds BankFind's history: `Some(None)` for a
    /// bank that did not end, `None` when that is not known.
    pub fn ending(
        &self,
        bank_id: &str,
    ) -> Result<Option<Option<crate::mirror::record::events::Ending>>> {
        match &self.joined {
            Some(reader) if reader.events().any()? => reader.events().ending(bank_id).map(Some),
            _ => Ok(None),
        }
    }

    /// Gives `banks` their public records: one query for all of them.
    pub(super) fn join(&self, banks: &mut [crate::domain::model::Bank]) -> Result<()> {
        let Some(reader) = &self.joined else {
            return Ok(());
        };
        let ids: Vec<&str> = banks.iter().map(|b| b.fields.id.as_str()).collect();
        let mut records = reader.record().of_banks(&ids)?;
        for bank in banks {
            let record = records.remove(&bank.fields.id).unwrap_or_default();
            bank.public = Some(Box::new(record));
        }
        Ok(())
    }

    /// The public record of each exam of `bank`, in the order of its
    /// ratings, when banks are joined with theirs.
    pub fn exam_publics(
        &self,
        bank: &BankDetail,
    ) -> Result<Option<Vec<crate::domain::PublicRecord>>> {
        match &self.joined {
            Some(reader) => reader
                .record()
                .exam_publics(&bank.fields.id, &bank.fields.ratings)
                .map(Some),
            None => Ok(None),
        }
    }

    /// One page of the list.
    pub async fn list(&self, query: &ListQuery) -> Result<Page> {
        self.list_in(query, None).await
    }

    /// The same, a large answer read only in `turn` (`http::large`: what
    /// pages in flight cost does not grow with how many there are).
    pub async fn list_in(&self, query: &ListQuery, turn: Option<&Turn>) -> Result<Page> {
        let mut page = match &self.from {
            From::Service(client, io) => {
                let mut page = client.list_in(query, turn).await?;
                for bank in &mut page.banks {
                    if let Some(hidden) = hide_secrets(&bank.raw) {
                        bank.fields = retyped(hidden.get())?;
                        bank.raw = hidden;
                        secret_quoted(io);
                    }
                }
                page
            }
            From::Mirror(reader) => reader.served().list(query)?,
        };
        self.join(&mut page.banks)?;
        Ok(page)
    }

    /// One bank with its history. A service that answers with another
    /// bank's detail fails this bank: nothing of it may be stored or
    /// printed as the bank asked for.
    pub async fn bank(&self, id: &str) -> Result<BankDetail> {
        self.bank_in(id, None).await
    }

    /// The same, a large answer read only in `turn`.
    pub async fn bank_in(&self, id: &str, turn: Option<&Turn>) -> Result<BankDetail> {
        match &self.from {
            From::Service(client, io) => {
                if let Some(detail) = self.held_detail(id) {
                    return Ok(detail);
                }
                let mut detail = client.bank_in(id, turn).await?;
                check_detail_id(id, &detail)?;
                if let Some(hidden) = hide_secrets(&detail.raw) {
                    detail.fields = retyped(hidden.get())?;
                    detail.raw = hidden;
                    secret_quoted(io);
                }
                Ok(detail)
            }
            From::Mirror(reader) => reader.served().bank(id),
        }
    }

    /// Keeps `detail` for the first ask for its bank.
    fn hold(&self, detail: BankDetail) {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        held.insert(detail.fields.id.clone(), detail);
    }

    fn held_detail(&self, id: &str) -> Option<BankDetail> {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        held.remove(id)
    }

    /// Requests sent so far (none offline).
    pub fn requests_made(&self) -> u64 {
        match &self.from {
            From::Service(client, _) => client.requests_made(),
            From::Mirror(_) => 0,
        }
    }

    /// Retries made so far (none offline).
    pub fn retries_made(&self) -> u64 {
        match &self.from {
            From::Service(client, _) => client.retries_made(),
            From::Mirror(_) => 0,
        }
    }

    /// The page size to page with: the service's largest, or a larger one
    /// offline, where a page costs a query rather than a request.
    pub fn page_size(&self) -> u64 {
        match &self.from {
            From::Service(..) => listing::MAX_PER_PAGE,
            From::Mirror(_) => crate::mirror::PAGE,
        }
    }

    /// Every matching bank with its history in one pass, when this source
    /// can give them so (the local copy: one query, no list pages); none
    /// when they must be listed and fetched one by one.
    pub fn detail_scan(&self, query: ListQuery, raw: bool) -> Option<DetailScan> {
        match &self.from {
            From::Service(..) => None,
            From::Mirror(reader) => Some(DetailScan {
                reader: reader.clone(),
                query,
                raw,
                public: self.joined.is_some(),
            }),
        }
    }
}

/// The object with this run's secrets hidden in every string and key, if
/// it quotes one (its text is read without building it; only an object
/// that does quote one is rebuilt).
fn hide_secrets(raw: &Raw) -> Option<Raw> {
    let quotes =
        raw.any_text(&mut |text| matches!(crate::error::redact(text), std::borrow::Cow::Owned(_)));
    if !quotes {
        return None;
    }
    let mut value = raw.to_value();
    crate::error::redact_json(&mut value);
    Some(Raw::of(&value))
}

/// The typed view of an object whose strings were redacted (still strings:
/// it fits as it did).
fn retyped<T: serde::de::DeserializeOwned>(raw: &str) -> Result<T> {
    crate::domain::model::typed(raw).map_err(|e| {
        crate::error::CraError::Response {
            message: format!("the service's data, its API key hidden, does not fit: {e}"),
        }
        .into()
    })
}

/// Says once a run that the service's data quoted the API key.
fn secret_quoted(io: &Io) {
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| {
        io.warn("the service's data quoted the API key; it is shown and stored as [redacted]");
    });
}

/// The detail asked for is the detail given: its `id` is the one requested,
/// byte for byte.
pub fn check_detail_id(asked: &str, detail: &BankDetail) -> Result<()> {
    if detail.fields.id == asked {
        return Ok(());
    }
    Err(crate::error::CraError::Response {
        message: format!(
            "the service answered the request for bank '{}' with bank '{}'; nothing of it is used (not retried: ask the service's support)",
            crate::error::shorten(&crate::text::inert(asked), 60),
            crate::error::shorten(&crate::text::inert(&detail.fields.id), 60)
        ),
    }
    .into())
}

/// See [`Source::detail_scan`].
pub struct DetailScan {
    reader: Arc<Reader>,
    query: ListQuery,
    /// The objects as served are wanted (json), not only the typed view.
    raw: bool,
    /// Each with its public record.
    public: bool,
}

impl DetailScan {
    /// How many banks the scan gives.
    pub fn count(&self) -> Result<u64> {
        self.reader.served().count(&self.query)
    }

    /// Hands each bank with its history to `each`, in the list's order,
    /// with each exam's public record when the source joins it.
    pub fn run(
        &self,
        each: impl FnMut(BankDetail, Option<Vec<crate::domain::PublicRecord>>) -> Result<()>,
    ) -> Result<()> {
        self.reader
            .served()
            .details(&self.query, self.raw, self.public, each)
    }
}
