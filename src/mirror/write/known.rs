//! The mirror's banks as a sync compares them with the list, held in
//! memory: which listed banks need their detail fetched (new, or their list
//! entry changed), the position each takes, and which held banks the list
//! no longer names. Pure: no SQLite here; the writer loads it once.

use std::collections::HashMap;

use crate::mirror::order::Order;

/// What a listed bank needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// Up to date: nothing to write.
    Nothing,
    /// Its detail: the bank is new to the mirror.
    New,
    /// Its detail: its list entry differs (or `--full`).
    Refresh,
}

/// The mirror's banks as a sync compares them with the list, loaded once:
/// per bank (by a digest of its id), a digest of its stored list entry and
/// its position. About 50 bytes a bank, so comparing the list costs no
/// query, and which banks the list still holds is known without writing a
/// mark on each (an UPDATE per listed bank would rewrite every row of the
/// file on every refresh).
pub struct Known {
    banks: HashMap<u128, Held>,
    order: Order,
    full: bool,
}

#[derive(Debug, Clone, Copy)]
struct Held {
    list: u128,
    position: u64,
    listed: bool,
}

impl Known {
    /// What the mirror holds: (id, position, list entry) per bank; `full`:
    /// every bank is to be fetched again.
    pub fn new<'a>(banks: impl IntoIterator<Item = (&'a str, u64, &'a str)>, full: bool) -> Known {
        let mut known = Known {
            banks: HashMap::new(),
            order: Order::default(),
            full,
        };
        for (id, position, list_json) in banks {
            known.hold(id, position, list_json);
        }
        known
    }

    /// One more bank the mirror holds.
    pub(super) fn hold(&mut self, id: &str, position: u64, list_json: &str) {
        self.banks.insert(
            digest(id.as_bytes()),
            Held {
                list: digest(list_json.as_bytes()),
                position,
                listed: false,
            },
        );
        self.order.hold(position);
    }

    /// Compares the next bank of the list with the mirror's copy: what it
    /// needs, and its position. Remembers that the list holds it (a bank
    /// whose detail then fails is still listed: kept as it was, not taken
    /// for removed).
    pub fn check(&mut self, id: &str, list_json: &str) -> (Needs, u64) {
        let id = digest(id.as_bytes());
        match self.banks.get_mut(&id) {
            None => (Needs::New, self.order.place(id, None)),
            Some(held) => {
                held.listed = true;
                let needs = if held.list == digest(list_json.as_bytes()) && !self.full {
                    Needs::Nothing
                } else {
                    Needs::Refresh
                };
                (needs, self.order.place(id, Some(held.position)))
            }
        }
    }

    /// True unless the mirror held `id` at the start and this sync's list
    /// did not (a bank the mirror did not hold was stored by this sync: the
    /// only writer).
    pub fn listed(&self, id: &str) -> bool {
        self.banks
            .get(&digest(id.as_bytes()))
            .is_none_or(|held| held.listed)
    }

    /// After a complete list: the banks whose position must change to
    /// follow the list's order ([`Order::moves`]).
    pub fn moves(&self) -> HashMap<u128, u64> {
        self.order.moves()
    }
}

/// 128 bits of digest of `bytes` (two keyed SipHash runs): equal entries
/// compare equal, different ones differ but for a chance of 2^-128. Only
/// ever compared within one process, never stored.
pub(super) fn digest(bytes: &[u8]) -> u128 {
    use std::hash::{BuildHasher, Hasher};
    let half = |salt: u64| {
        let mut hasher =
            std::hash::BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
                .build_hasher();
        hasher.write_u64(salt);
        hasher.write(bytes);
        hasher.finish()
    };
    (u128::from(half(0x6d69_7272_6f72_0001)) << 64) | u128::from(half(0x6d69_7272_6f72_0002))
}

#[cfg(test)]
mod tests {
    use super::*;

    const G: u64 = crate::mirror::order::GAP;

    fn known(full: bool) -> Known {
        Known::new(
            [
                ("a", G, r#"{"id":"a","name":"A"}"#),
                ("b", 2 * G, r#"{"id":"b","name":"B"}"#),
                ("c", 3 * G, r#"{"id":"c","name":"C"}"#),
            ],
            full,
        )
    }

    #[test]
    fn only_what_changed_needs_writing() {
        let mut known = known(false);
        assert_eq!(
            known.check("a", r#"{"id":"a","name":"A"}"#),
            (Needs::Nothing, G)
        );
        // A bank added between two others takes the gap between them.
        assert_eq!(
            known.check("new", r#"{"id":"new"}"#),
            (Needs::New, G + G / 2)
        );
        assert_eq!(
            known.check("b", r#"{"id":"b","name":"B"}"#),
            (Needs::Nothing, 2 * G)
        );
        // Any byte of the entry differing: its detail.
        assert_eq!(
            known.check("c", r#"{"id":"c","name":"C "}"#),
            (Needs::Refresh, 3 * G)
        );
        assert!(known.moves().is_empty());
        // An entry's fields in another order are other bytes: refreshed,
        // as the service's own bytes are what offline answers print.
        let mut known = self::known(false);
        assert_eq!(
            known.check("a", r#"{"name":"A","id":"a"}"#).0,
            Needs::Refresh
        );
    }

    #[test]
    fn full_refreshes_every_bank_held() {
        let mut known = known(true);
        assert_eq!(
            known.check("a", r#"{"id":"a","name":"A"}"#).0,
            Needs::Refresh
        );
        assert_eq!(known.check("d", r#"{"id":"d"}"#).0, Needs::New);
    }

    #[test]
    fn the_banks_listed_are_the_ones_checked() {
        let mut known = known(false);
        known.check("a", r#"{"id":"a","name":"A"}"#);
        known.check("c", r#"{"id":"c","name":"changed"}"#);
        known.check("d", r#"{"id":"d"}"#);
        assert!(known.listed("a") && known.listed("c") && known.listed("d"));
        // Held but not in this list: removed after a complete list.
        assert!(!known.listed("b"));
    }

    #[test]
    fn a_bank_listed_elsewhere_moves_alone() {
        let mut known = known(false);
        known.check("c", r#"{"id":"c","name":"C"}"#);
        known.check("a", r#"{"id":"a","name":"A"}"#);
        known.check("b", r#"{"id":"b","name":"B"}"#);
        assert_eq!(known.moves(), HashMap::from([(digest(b"c"), G / 2)]));
    }

    #[test]
    fn digests_tell_entries_apart() {
        assert_eq!(digest(b"abc"), digest(b"abc"));
        assert_ne!(digest(b"abc"), digest(b"abd"));
        assert_ne!(digest(b""), digest(b"\0"));
    }
}
