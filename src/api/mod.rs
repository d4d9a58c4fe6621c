//! The HTTP client of the service (auth, retries, errors), its serde model,
//! where answers come from (`source`: the service or the local copy) and
//! the one listing engine every paging command uses (`listing`).

pub mod client;
pub mod listing;
pub mod source;

pub use crate::domain::model;
pub use client::{Client, ListQuery};
pub use source::Source;
