//! What the local-copy tests share: the ratings in their order, a scripted
//! service's few banks synced, the list pages a number of banks takes.

use serde_json::Value;

use crate::common::hostile::{Hostile, against, entry};
use crate::common::{World, text};

/// The ratings, best first.
pub const RATINGS: [&str; 4] = [
    "Outstanding",
    "Satisfactory",
    "Needs to Improve",
    "Substantial Noncompliance",
];

/// A json string's text.
pub fn s(v: &Value) -> String {
    v.as_str().unwrap().to_string()
}

/// The list pages of 100 that `banks` banks take.
pub fn pages(banks: usize) -> u64 {
    banks.div_ceil(100) as u64
}

/// A world with a synced mirror of a few banks.
pub fn synced() -> World {
    let world = against(Hostile::new(
        (0..3)
            .map(|i| entry(&format!("b{i}"), "SOME BANK"))
            .collect(),
    ));
    let out = world.run(&["sync"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    world
}
