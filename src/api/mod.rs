//! The HTTP client of the service (auth, retries, errors) and its serde model.

pub mod client;
pub mod model;

pub use client::{Client, ListQuery};
