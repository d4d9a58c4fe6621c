//! The ids a listing has met, each with a digest of the content it was
//! listed with: how the listing hands on each bank once, in bounded memory
//! (24 bytes a bank, whatever its id), and tells an id listed again with
//! other content (the list contradicting itself) from a page repeated.

use std::collections::hash_map::{Entry, HashMap};
use std::hash::{BuildHasher, Hash, Hasher};

use crate::domain::model::Raw;
use crate::error::CraError;

/// Ids already met, by a 128-bit digest (24 bytes a bank, whatever the
/// id's length), each with a digest of the content it was listed with, so
/// an id listed again with other content is caught.
#[derive(Default)]
pub struct Seen(HashMap<u128, u64>);

/// What `Seen::insert_listed` found.
#[derive(Debug, PartialEq, Eq)]
pub enum Listed {
    New,
    /// Met before, with the same content.
    Again,
    /// Met before, with other content.
    Differs,
}

impl Seen {
    fn digest(id: &str) -> u128 {
        let half = |salt: u64| {
            let mut hasher = std::hash::BuildHasherDefault::<
                std::collections::hash_map::DefaultHasher,
            >::default()
            .build_hasher();
            salt.hash(&mut hasher);
            id.hash(&mut hasher);
            hasher.finish()
        };
        (u128::from(half(0x5eed_0001)) << 64) | u128::from(half(0x5eed_0002))
    }

    /// True when `id` was not met before.
    pub fn insert(&mut self, id: &str) -> bool {
        self.insert_listed(id, 0) == Listed::New
    }

    /// Records `id` listed with content digest `content`.
    pub fn insert_listed(&mut self, id: &str, content: u64) -> Listed {
        match self.0.entry(Seen::digest(id)) {
            Entry::Vacant(slot) => {
                slot.insert(content);
                Listed::New
            }
            Entry::Occupied(slot) if *slot.get() == content => Listed::Again,
            Entry::Occupied(_) => Listed::Differs,
        }
    }

    #[cfg(test)]
    pub fn contains(&self, id: &str) -> bool {
        self.0.contains_key(&Seen::digest(id))
    }

    pub fn len(&self) -> u64 {
        self.0.len() as u64
    }
}

/// A digest of a list entry as served (its JSON text, unknown fields and
/// field order included).
pub fn content_digest(raw: &Raw) -> u64 {
    use std::hash::Hasher as _;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    hasher.write(raw.get().as_bytes());
    hasher.finish()
}

/// An id listed twice with different content: the list contradicts itself.
pub fn listed_twice(id: &str, page: u64) -> anyhow::Error {
    CraError::Response {
        message: format!(
            "the service listed bank '{}' twice with different content (again on page {page}): the list is inconsistent, so nothing is taken from its second copy; run the command again",
            crate::text::clip(&crate::text::inert(id), 60)
        ),
    }
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seen_tells_ids_apart() {
        let mut seen = Seen::default();
        assert!(seen.insert("a"));
        assert!(!seen.insert("a"));
        assert!(seen.insert("b"));
        assert!(seen.contains("a") && !seen.contains("c"));
        assert_eq!(seen.len(), 2);
    }

    #[test]
    fn an_id_listed_again_is_told_apart_by_content() {
        let a = Raw::of(&serde_json::json!({"id": "a", "name": "ONE"}));
        let b = Raw::of(&serde_json::json!({"id": "a", "name": "TWO"}));
        let mut seen = Seen::default();
        assert_eq!(seen.insert_listed("a", content_digest(&a)), Listed::New);
        assert_eq!(
            seen.insert_listed("a", content_digest(&a.clone())),
            Listed::Again
        );
        assert_eq!(seen.insert_listed("a", content_digest(&b)), Listed::Differs);
        let message = listed_twice("a\u{1b}", 3).to_string();
        assert!(message.contains("twice with different content") && !message.contains('\u{1b}'));
    }
}
