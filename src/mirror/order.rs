//! The list order as the mirror keeps it: `banks.position`, so that offline
//! answers come in the service's order.
//!
//! Positions are spaced ([`GAP`] apart) rather than 1, 2, 3…, and a sync
//! changes as few as it can: a bank added or removed by the service shifts
//! the place of every bank after it, and rewriting 18,000 rows (each with
//! its stored JSON) for four banks added was most of a refresh's time. So a
//! bank keeps its position while it stays in order with its neighbours; a
//! new bank takes one in the gap where it appears; and after a complete
//! list, only the banks outside the longest run still in order get a new
//! position (between their neighbours, or, when a gap is used up, every
//! bank is spaced out again).

use std::collections::HashMap;

/// The space between two banks' positions when they are spaced out: room
/// for about twenty banks added in one place before a renumbering.
pub const GAP: u64 = 1 << 20;

/// The positions of one sync's list, decided as the banks arrive.
#[derive(Debug, Default)]
pub struct Order {
    /// The positions the mirror held at the start, sorted.
    held: Vec<u64>,
    /// Each listed bank (id digest) with the position given to it, in list
    /// order: 24 bytes a bank.
    listed: Vec<(u128, u64)>,
    sorted: bool,
}

impl Order {
    /// `held`: the positions of the banks the mirror holds.
    #[cfg(test)]
    pub fn new(held: Vec<u64>) -> Order {
        let mut order = Order::default();
        for position in held {
            order.hold(position);
        }
        order
    }

    /// One more position the mirror holds (before the list is placed).
    pub fn hold(&mut self, position: u64) {
        debug_assert!(self.listed.is_empty(), "held positions come first");
        self.held.push(position);
        self.sorted = false;
    }

    /// The position of the next bank of the list: its own when the mirror
    /// holds it (`held`), else one in the gap after the previous bank's.
    pub fn place(&mut self, id: u128, held: Option<u64>) -> u64 {
        if !self.sorted {
            self.held.sort_unstable();
            self.sorted = true;
        }
        let last = self.listed.last().map_or(0, |&(_, p)| p);
        let position = held.unwrap_or_else(|| {
            // The next position held after the previous bank's bounds the gap.
            let next = self.held.partition_point(|&p| p <= last);
            match self.held.get(next) {
                None => last + GAP,
                Some(&bound) => last + (bound - last).div_ceil(2).min(GAP),
            }
        });
        self.listed.push((id, position));
        position
    }

    /// After a complete list: the banks (id digest) whose position must
    /// change so that positions increase strictly in list order.
    pub fn moves(&self) -> HashMap<u128, u64> {
        let positions: Vec<u64> = self.listed.iter().map(|&(_, p)| p).collect();
        let ordered = in_order(&positions);
        self.listed
            .iter()
            .zip(ordered)
            .filter(|((_, before), after)| before != after)
            .map(|(&(id, _), after)| (id, after))
            .collect()
    }
}

/// Positions that increase strictly, changing as few of `positions` as it
/// can: the longest strictly increasing run is kept, the others are spaced
/// evenly between their kept neighbours (or after the last); when a gap is
/// too narrow, all are spaced out again, [`GAP`] apart.
pub fn in_order(positions: &[u64]) -> Vec<u64> {
    let keep = longest_increasing(positions);
    let mut out = positions.to_vec();
    let mut start = 0;
    // Each run of banks not kept, between two kept ones (or the ends).
    let mut kept = keep.iter().copied().peekable();
    let mut previous: u64 = 0;
    loop {
        let end = kept.peek().copied().unwrap_or(positions.len());
        let count = (end - start) as u64;
        if count > 0 {
            if end < positions.len() {
                let upper = positions[end];
                if upper.saturating_sub(previous).saturating_sub(1) < count {
                    return spaced(positions.len());
                }
                let step = (upper - previous) / (count + 1);
                for (k, slot) in out[start..end].iter_mut().enumerate() {
                    *slot = previous + step * (k as u64 + 1);
                }
            } else {
                for (k, slot) in out[start..end].iter_mut().enumerate() {
                    *slot = previous + GAP * (k as u64 + 1);
                }
            }
        }
        match kept.next() {
            Some(k) => {
                previous = positions[k];
                start = k + 1;
            }
            None => break,
        }
    }
    out
}

/// Every bank spaced out again: GAP, 2·GAP, …
fn spaced(n: usize) -> Vec<u64> {
    (1..=n as u64).map(|i| i * GAP).collect()
}

/// The indices of a longest strictly increasing subsequence of `values`
/// that starts above 0 (positions start at 1), in order: patience sorting,
/// O(n log n).
fn longest_increasing(values: &[u64]) -> Vec<usize> {
    // tails[l]: index of the smallest last value of a run of length l + 1.
    let mut tails: Vec<usize> = Vec::new();
    let mut before: Vec<Option<usize>> = vec![None; values.len()];
    for (i, &v) in values.iter().enumerate() {
        if v == 0 {
            continue;
        }
        let l = tails.partition_point(|&t| values[t] < v);
        before[i] = l.checked_sub(1).map(|p| tails[p]);
        if l == tails.len() {
            tails.push(i);
        } else {
            tails[l] = i;
        }
    }
    let mut run = Vec::with_capacity(tails.len());
    let mut at = tails.last().copied();
    while let Some(i) = at {
        run.push(i);
        at = before[i];
    }
    run.reverse();
    run
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn increasing(positions: &[u64]) -> bool {
        positions.first().is_none_or(|&p| p > 0) && positions.windows(2).all(|w| w[0] < w[1])
    }

    #[test]
    fn a_list_in_order_changes_nothing() {
        assert_eq!(in_order(&[1, 2, 3]), vec![1, 2, 3]);
        assert_eq!(in_order(&[]), Vec::<u64>::new());
    }

    #[test]
    fn a_bank_out_of_place_moves_alone() {
        let g = GAP;
        // The last bank now listed first: only it moves.
        assert_eq!(
            in_order(&[4 * g, g, 2 * g, 3 * g]),
            vec![g / 2, g, 2 * g, 3 * g]
        );
        // One removed, one added between two others: nothing else moves.
        assert_eq!(
            in_order(&[g, 3 * g, 0, 4 * g]),
            vec![g, 3 * g, 3 * g + g / 2, 4 * g]
        );
    }

    #[test]
    fn a_gap_used_up_spaces_every_bank_out_again() {
        // The dense positions of an older mirror: no room for a new bank.
        assert_eq!(
            in_order(&[1, 2, 0, 3]),
            vec![GAP, 2 * GAP, 3 * GAP, 4 * GAP]
        );
    }

    #[test]
    fn new_banks_take_the_gap_where_they_appear() {
        let g = GAP;
        let mut order = Order::new(vec![g, 2 * g, 3 * g]);
        assert_eq!(order.place(1, Some(g)), g);
        assert_eq!(order.place(9, None), g + g / 2);
        assert_eq!(order.place(2, Some(2 * g)), 2 * g);
        assert_eq!(order.place(3, Some(3 * g)), 3 * g);
        assert_eq!(order.place(8, None), 4 * g);
        assert!(order.moves().is_empty());
        // A first sync: every bank GAP after the one before.
        let mut order = Order::new(Vec::new());
        assert_eq!(order.place(1, None), g);
        assert_eq!(order.place(2, None), 2 * g);
        assert!(order.moves().is_empty());
    }

    #[test]
    fn moves_name_only_the_banks_that_change() {
        let g = GAP;
        let mut order = Order::new(vec![g, 2 * g, 3 * g]);
        order.place(3, Some(3 * g));
        order.place(1, Some(g));
        order.place(2, Some(2 * g));
        assert_eq!(order.moves(), HashMap::from([(3, g / 2)]));
    }

    proptest! {
        #[test]
        fn positions_end_strictly_increasing_with_few_changes(
            positions in proptest::collection::vec(0u64..50, 0..60),
            spaced_out in any::<bool>(),
        ) {
            let positions: Vec<u64> = if spaced_out {
                positions.iter().map(|p| p * GAP).collect()
            } else {
                positions
            };
            let after = in_order(&positions);
            prop_assert_eq!(after.len(), positions.len());
            prop_assert!(increasing(&after), "{:?} -> {:?}", positions, after);
            let kept = longest_increasing(&positions);
            prop_assert!(kept.iter().all(|&i| positions[i] > 0));
            prop_assert!(increasing(&kept.iter().map(|&i| positions[i]).collect::<Vec<_>>()));
            let changed = positions.iter().zip(&after).filter(|(a, b)| a != b).count();
            if after != spaced(positions.len()) {
                // Only the banks outside the longest run in order moved.
                prop_assert_eq!(changed, positions.len() - kept.len());
            }
        }
    }
}
