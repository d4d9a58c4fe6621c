//! The HTTP client of the service (auth and requests in `client`, the base
//! address in `base`, error messages in `errors`; the retry policy it
//! shares with the webhook sender is `crate::http::retry`), its serde model,
//! where answers come from (`source`: the service or the local copy) and
//! the one listing engine every paging command uses (`listing`).

pub mod base;
pub mod client;
mod errors;
pub mod listing;
pub mod model;
pub mod source;

pub use client::{Client, ListQuery};
pub use source::Source;
