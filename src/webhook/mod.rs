//! Webhooks: signing (pure), the `listen` receiver and `trigger` sender.

pub mod payload;
pub mod sign;
