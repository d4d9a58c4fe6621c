//! The HTTP client of the service: auth and requests (`client`), the base
//! address (`base`), error messages (`errors`); the retry policy it shares
//! with the webhook sender is the `http` room's. Where answers come from
//! (the service or the local copy) and the listing engine every paging
//! command uses live in the `source` room, above this one and `mirror`.

pub mod base;
pub mod client;
mod errors;
pub mod wait;

pub use client::{Client, check_base_url};
pub use errors::WaitTooLong;
