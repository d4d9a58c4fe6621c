//! The HTTP client of the service: auth, base address, retries, errors.
//! Where answers come from (the service or the local copy) and the
//! listing engine every paging command uses live in the `source` room,
//! above this one and `mirror`.

pub mod client;

pub use crate::domain::model;
pub use client::{Client, ListQuery};
