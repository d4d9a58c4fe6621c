//! Where answers come from: the service over HTTP, or the local copy
//! (`--offline`). `search`, `show` and `export` ask a `Source` for pages and
//! bank details and print what it gives through the same printers, which
//! is how online and offline answers stay byte-identical.

use std::sync::Arc;

use anyhow::Result;

use super::{Client, ListQuery};
use crate::domain::model::{BankDetail, Page};
use crate::io::Io;
use crate::mirror::Reader;
use crate::settings::Settings;

#[derive(Clone)]
pub enum Source {
    Service(Client),
    Mirror(Arc<Reader>),
}

impl Source {
    /// The mirror with `--offline` (saying on a terminal how old it is),
    /// else a client of the service.
    pub fn new(settings: &Settings, io: &Io) -> Result<Source> {
        if settings.offline {
            let reader = Reader::open(settings)?;
            reader.announce(io);
            Ok(Source::Mirror(Arc::new(reader)))
        } else {
            Ok(Source::Service(Client::new(settings, io)?))
        }
    }

    /// One page of the list.
    pub async fn list(&self, query: &ListQuery) -> Result<Page> {
        match self {
            Source::Service(client) => client.list(query).await,
            Source::Mirror(reader) => reader.list(query),
        }
    }

    /// One bank with its history.
    pub async fn bank(&self, id: &str) -> Result<BankDetail> {
        match self {
            Source::Service(client) => client.bank(id).await,
            Source::Mirror(reader) => reader.bank(id),
        }
    }

    /// Requests sent so far (none offline).
    pub fn requests_made(&self) -> u64 {
        match self {
            Source::Service(client) => client.requests_made(),
            Source::Mirror(_) => 0,
        }
    }

    /// Retries made so far (none offline).
    pub fn retries_made(&self) -> u64 {
        match self {
            Source::Service(client) => client.retries_made(),
            Source::Mirror(_) => 0,
        }
    }

    /// The page size to page with: the service's largest, or a larger one
    /// offline, where a page costs a query rather than a request.
    pub fn page_size(&self) -> u64 {
        match self {
            Source::Service(_) => super::listing::MAX_PER_PAGE,
            Source::Mirror(_) => crate::mirror::PAGE,
        }
    }
}
