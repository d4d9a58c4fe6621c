//! Webhooks: signing (pure), the `listen` receiver and `trigger` sender.

pub mod diagnose;
pub mod listen;
pub mod payload;
pub mod secret;
pub mod sign;
pub mod trigger;
