//! `--evolve N`: the data set as a later release of the service would serve
//! it: N new examinations (each on a different bank, dated within the four
//! months before the data's day, [`data::DATA_DAY`], and after the bank's
//! newest record, its rating drawn from the real transitions), plus a few
//! banks added (N/40) and removed (N/80).
//!
//! Deterministic from the seed and N alone (never the clock), so a sync against `--seed S` followed by one against
//! `--seed S --evolve N` on the same port is a reproducible refresh. Each
//! part draws from its own stream, and evolving by more keeps what evolving
//! by less did: `--evolve 20` is `--evolve 10` and ten more examinations.

use crate::domain::{Rating, Regulator};
use std::collections::HashSet;

use super::data::{self, SandboxBank, SandboxExam, civil_from_days, days_from_civil, format_day};
use super::draw::Draw;
use super::webhooks::next_rating;

/// How many banks an evolution by `n` adds and removes.
pub fn added_and_removed(n: u64) -> (usize, usize) {
    ((n / 40) as usize, (n / 80) as usize)
}

/// Applies `n` new examinations and the banks added and removed to `banks`
/// (as generated for `seed`); the banks removed (the public record keeps
/// them).
pub fn evolve(banks: &mut Vec<SandboxBank>, seed: u64, n: u64) -> Vec<SandboxBank> {
    if n == 0 || banks.is_empty() {
        return Vec::new();
    }
    let day_of_data = data::DATA_DAY;
    let generated = banks.len();
    let (added, removed) = added_and_removed(n);

    let mut exams = Draw::new(seed, 2);
    let mut examined = HashSet::new();
    for _ in 0..n.min(generated as u64) {
        // Three draws an exam, whichever bank takes it, so that evolving
        // by more repeats evolving by less.
        let start = exams.below(generated);
        let back = exams.below(120) as i64;
        // The first bank from `start` on that can take one more record.
        let found = (0..generated).map(|k| (start + k) % generated).find(|&p| {
            !examined.contains(&p)
                && banks[p].regulator != Regulator::Ots
                && banks[p].current().is_some()
                && next_day(&banks[p], day_of_data - back).is_some()
        });
        let Some(p) = found else { break };
        examined.insert(p);
        let bank = &mut banks[p];
        let day = next_day(bank, day_of_data - back).expect("checked above");
        let current = bank.current().expect("checked above");
        let record = SandboxExam {
            exam_date: format_day(day),
            rating: Rating::from_text(next_rating(&mut exams, current.rating.as_str())),
            exam_type: current.exam_type.clone(),
            is_current: true,
            extra: Default::default(),
        };
        for r in &mut bank.ratings {
            r.is_current = false;
        }
        bank.ratings.insert(0, record);
    }

    let mut gone = Draw::new(seed, 4);
    let mut drop: HashSet<String> = HashSet::new();
    while drop.len() < removed.min(generated) {
        drop.insert(banks[gone.below(generated)].id.clone());
    }
    let (gone, kept): (Vec<SandboxBank>, Vec<SandboxBank>) = std::mem::take(banks)
        .into_iter()
        .partition(|b| drop.contains(&b.id));
    *banks = kept;

    banks.extend(data::generate_more(seed, generated, added, data::DATA_DAY));
    gone
}

/// The day of a bank's next exam: `wanted`, or the day after its newest
/// record if that is later; none past 9999-12-31.
fn next_day(bank: &SandboxBank, wanted: i64) -> Option<i64> {
    let newest = bank.ratings.iter().map(|r| r.exam_date.as_str()).max()?;
    let after = newest
        .parse::<jiff::civil::Date>()
        .ok()
        .map(|d| days_from_civil(i32::from(d.year()), d.month() as u32, d.day() as u32) + 1)?;
    let day = after.max(wanted);
    (civil_from_days(day).0 <= 9999).then_some(day)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn base() -> Vec<SandboxBank> {
        data::generate(2_000, 7, data::DATA_DAY)
    }

    #[test]
    fn evolving_adds_exams_and_banks_deterministically() {
        let before = base();
        let mut after = base();
        evolve(&mut after, 7, 100);
        let mut again = base();
        evolve(&mut again, 7, 100);
        assert_eq!(after, again, "same seed and n, same data");

        let (added, removed) = added_and_removed(100);
        assert_eq!(after.len(), before.len() + added - removed);
        let old: std::collections::HashMap<&str, &SandboxBank> =
            before.iter().map(|b| (b.id.as_str(), b)).collect();
        let mut examined = 0;
        for bank in &after {
            let Some(was) = old.get(bank.id.as_str()) else {
                continue;
            };
            if bank.ratings.len() == was.ratings.len() + 1 {
                examined += 1;
                assert!(bank.ratings[0].is_current);
                assert_eq!(bank.ratings.iter().filter(|r| r.is_current).count(), 1);
                assert!(bank.ratings[0].exam_date > was.ratings[0].exam_date);
                assert_eq!(
                    &bank.ratings[1..],
                    &was.ratings[..]
                        .iter()
                        .map(|r| SandboxExam {
                            is_current: false,
                            ..r.clone()
                        })
                        .collect::<Vec<_>>()[..]
                );
            } else {
                assert_eq!(bank, *was);
            }
        }
        // The removed banks may have been among the examined ones.
        assert!((100 - removed..=100).contains(&examined), "{examined}");
    }

    #[test]
    fn evolving_further_keeps_what_evolving_less_did() {
        let before = base();
        let examined = |n: u64| {
            let mut banks = base();
            evolve(&mut banks, 7, n);
            banks
                .into_iter()
                .zip(&before)
                .filter(|(after, was)| after != *was)
                .map(|(after, _)| after)
                .collect::<Vec<SandboxBank>>()
        };
        let (less, more) = (examined(10), examined(20));
        assert_eq!(less.len(), 10);
        assert_eq!(more.len(), 20);
        for bank in &less {
            assert!(more.contains(bank), "{} differs", bank.id);
        }
    }
}
