//! One bank an institution: the banks each institution was linked to,
//! held to the end of a linking (16 bytes a link, and a flag), where an
//! institution several banks claim is settled.

use std::collections::HashSet;

use super::reason::Reason;
use super::score::MARGIN;

/// The banks each institution was linked to, to keep one an institution
/// (banks are named by a number of the caller's: their place, a row).
#[derive(Debug, Default)]
pub struct Claims {
    /// (the institution, whether the bank held it before, the link's
    /// score, the bank).
    claims: Vec<(u32, bool, i32, u64)>,
}

impl Claims {
    /// `bank`'s link to `institution`, of `score`; `kept`: the link it had.
    pub fn add(&mut self, bank: u64, institution: u32, score: i32, kept: bool) {
        self.claims.push((institution, kept, score, bank));
    }

    /// The banks that lose their link, why, and whether it was the link
    /// they had before (only when `taken`). Of an institution's banks
    /// the one that held it before keeps it (a link lasts: another bank
    /// fitting it as well or better does not say the first was wrong);
    /// else only the best by [`MARGIN`] does; none when the institution
    /// is `taken`. Which banks lose does not depend on the order they
    /// came in.
    pub fn losers(mut self, taken: &HashSet<u32>) -> Vec<(u64, Reason, bool)> {
        self.claims
            .sort_unstable_by_key(|&(institution, kept, score, bank)| {
                (
                    institution,
                    std::cmp::Reverse(kept),
                    std::cmp::Reverse(score),
                    bank,
                )
            });
        let mut losers = Vec::new();
        for banks in self.claims.chunk_by(|a, b| a.0 == b.0) {
            let (institution, kept, top, _) = banks[0];
            let clear = kept || banks.get(1).is_none_or(|next| top - next.2 >= MARGIN);
            let winner = clear && !taken.contains(&institution);
            for (at, &(_, kept, score, bank)) in banks.iter().enumerate() {
                if winner && at == 0 {
                    continue;
                }
                let reason = if !clear && top - score < MARGIN {
                    Reason::Ambiguous
                } else {
                    Reason::Claimed
                };
                losers.push((bank, reason, kept));
            }
        }
        losers
    }
}
