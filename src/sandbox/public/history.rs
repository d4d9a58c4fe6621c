//! BankFind's structure changes for the sandbox's institutions
//! (`GET /bankfind/history`), drawn from the institutions as drawn, so
//! they agree with them: an inactive institution ended, most by a merger
//! into an active institution of its state (some into one that ended
//! later itself: a chain), some by failure, a few by closing, a while
//! after its last report; some active ones changed their
//! name (BankFind says the name before); and branches of some opened or closed (events of a branch, which
//! a client must leave out). The same seed, the same changes: each is
//! drawn from a hash of the certificate, not from a stream others share.

use std::collections::BTreeMap;

use crate::record::bankfind::Institution;
use crate::record::bankfind::history::{Change, ChangeKind};

/// A number in 0..100 for `cert` and a salt, the same every time.
fn roll(cert: u64, salt: u64) -> u64 {
    let mut x = cert
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(salt.wrapping_mul(0xBF58_476D_1CE4_E5B9));
    x ^= x >> 31;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 29;
    x % 100
}

/// The FDIC's words for the codes drawn.
fn described(code: u32) -> &'static str {
    match code {
        223 => "Merger - Without Assistance",
        211 => "Failure - Payout or Sale of Deposits and Assets",
        240 => "Voluntary Liquidation or Closing",
        510 => "Change in Name",
        711 => "Branch Opening",
        721 => "Branch Closing",
        _ => "Other",
    }
}

fn change(institution: &Institution, code: u32, date: jiff::civil::Date) -> Change {
    Change {
        fdic_cert: institution.fdic_cert.unwrap_or_default(),
        name: institution.name.clone(),
        date,
        code,
        kind: ChangeKind::of_code(code),
        description: Some(described(code).to_string()),
        institution: true,
        successor_cert: None,
        successor_name: None,
        former_name: None,
    }
}

/// The name an institution that changed its name had before: another
/// first word in place of its own (`Hudson Hill State Bank` was `Peoples
/// Hill State Bank`), in its letters' case, drawn from the certificate.
fn former_name(name: &str, cert: u64) -> String {
    const WORDS: [&str; 6] = [
        "Peoples", "Citizens", "Farmers", "Security", "Union", "Home",
    ];
    let word = WORDS[roll(cert, 10) as usize % WORDS.len()];
    let word = if name.chars().any(char::is_lowercase) {
        word.to_string()
    } else {
        word.to_uppercase()
    };
    match name.split_once(' ') {
        Some((first, rest)) if !first.eq_ignore_ascii_case(&word) => format!("{word} {rest}"),
        _ => format!("{word} {name}"),
    }
}

/// The structure changes of `institutions`, ordered by certificate, none
/// after `latest` (the record's date: no change is in the future).
pub fn draw(institutions: &[Institution], latest: jiff::civil::Date) -> Vec<Change> {
    let mut active_by_state: BTreeMap<&str, Vec<&Institution>> = BTreeMap::new();
    // Those that ended too, by their last report: one still reporting when
    // another merged into it can take it over, then end itself (a chain).
    let mut ended_by_state: BTreeMap<&str, Vec<&Institution>> = BTreeMap::new();
    for institution in institutions {
        if institution.fdic_cert.is_some()
            && let Some(state) = institution.state.as_deref()
        {
            match institution.active {
                Some(true) => active_by_state.entry(state).or_default().push(institution),
                Some(false) if institution.report_date.is_some() => {
                    ended_by_state.entry(state).or_default().push(institution)
                }
                _ => {}
            }
        }
    }
    let mut changes = Vec::new();
    for institution in institutions {
        let Some(cert) = institution.fdic_cert else {
            continue;
        };
        let Some(report) = institution.report_date else {
            continue;
        };
        let days = |n: u64| jiff::Span::new().days(i64::try_from(n).unwrap_or(0));
        if institution.active == Some(false) {
            // It ended a month to a year after its last report (before the
            // record's date, by then).
            let Ok(date) = report.checked_add(days(30 + roll(cert, 1) * 3)) else {
                continue;
            };
            let date = date.min(latest);
            if date <= report {
                continue;
            }
            let takers = institution
                .state
                .as_deref()
                .and_then(|s| active_by_state.get(s))
                .filter(|list| !list.is_empty());
            let dice = roll(cert, 2);
            // An institution of its state that ended later, still
            // reporting on the day (a sixth of the mergers).
            let later = || {
                let state = institution.state.as_deref()?;
                let candidates: Vec<&Institution> = ended_by_state
                    .get(state)?
                    .iter()
                    .copied()
                    .filter(|t| {
                        t.report_date.is_some_and(|r| r > date) && t.fdic_cert != Some(cert)
                    })
                    .collect();
                (!candidates.is_empty())
                    .then(|| candidates[(roll(cert, 9) as usize * 7919) % candidates.len()])
            };
            let chained = if dice < 12 { later() } else { None };
            let mut ending = match (chained, takers) {
                (Some(taker), _) => {
                    let mut merged = change(institution, 223, date);
                    merged.successor_cert = taker.fdic_cert;
                    merged.successor_name = taker.name.clone();
                    merged
                }
                (None, Some(takers)) if dice < 75 => {
                    let taker = takers[(roll(cert, 3) as usize * 7919) % takers.len()];
                    let mut merged = change(institution, 223, date);
                    merged.successor_cert = taker.fdic_cert;
                    merged.successor_name = taker.name.clone();
                    merged
                }
                _ if dice < 92 => change(institution, 211, date),
                _ => change(institution, 240, date),
            };
            if ending.successor_cert == Some(cert) {
                ending.successor_cert = None;
                ending.successor_name = None;
            }
            changes.push(ending);
        } else if institution.active == Some(true) && roll(cert, 4) < 8 {
            // A new name, some years back (the name it has now).
            if let Ok(date) = report.checked_sub(days(400 + roll(cert, 5) * 30)) {
                let mut renamed = change(institution, 510, date.min(latest));
                renamed.former_name = institution.name.as_deref().map(|n| former_name(n, cert));
                changes.push(renamed);
            }
        }
        if roll(cert, 6) < 10
            && let Ok(date) = report.checked_sub(days(200 + roll(cert, 7) * 20))
        {
            let code = if roll(cert, 8) < 60 { 711 } else { 721 };
            let mut branch = change(institution, code, date.min(latest));
            branch.institution = false;
            changes.push(branch);
        }
    }
    changes.sort_by_key(|c| (c.fdic_cert, c.date));
    changes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn institution(cert: u64, state: &str, active: bool) -> Institution {
        Institution {
            fdic_cert: Some(cert),
            name: Some(format!("BANK {cert}")),
            state: Some(state.into()),
            active: Some(active),
            // Reports of many days: who reported last differs.
            report_date: jiff::civil::date(2000, 1, 1)
                .checked_add(jiff::Span::new().days(i64::try_from(cert % 400 * 20).unwrap()))
                .ok(),
            ..Institution::default()
        }
    }

    #[test]
    fn every_inactive_institution_ended_and_mergers_go_to_one_of_its_state_there_then() {
        let mut institutions: Vec<Institution> = (1..=300)
            .map(|cert| institution(cert, if cert % 2 == 0 { "TX" } else { "VT" }, cert % 3 != 0))
            .collect();
        institutions.push(institution(999, "GU", false));
        let latest = jiff::civil::date(2021, 3, 1);
        let changes = draw(&institutions, latest);
        assert_eq!(changes, draw(&institutions, latest), "the same every time");
        assert!(changes.iter().all(|c| c.date <= latest));
        for i in &institutions {
            let endings: Vec<&Change> = changes
                .iter()
                .filter(|c| c.fdic_cert == i.fdic_cert.unwrap() && c.kind.ends())
                .collect();
            assert_eq!(endings.len(), usize::from(i.active == Some(false)), "{i:?}");
            for ending in endings {
                assert!(ending.date > i.report_date.unwrap());
                if let Some(taker) = ending.successor_cert {
                    let taker = institutions
                        .iter()
                        .find(|t| t.fdic_cert == Some(taker))
                        .unwrap();
                    assert_eq!(taker.state, i.state);
                    // Active, or still reporting when it took it over.
                    assert!(
                        taker.active == Some(true) || taker.report_date.unwrap() > ending.date,
                        "{taker:?} took over {i:?}"
                    );
                }
            }
        }
        let kinds: std::collections::HashSet<ChangeKind> = changes.iter().map(|c| c.kind).collect();
        for kind in [
            ChangeKind::Merger,
            ChangeKind::Failure,
            ChangeKind::NameChange,
        ] {
            assert!(kinds.contains(&kind), "{kind:?}");
        }
        assert!(
            changes.iter().any(|c| !c.institution),
            "branch events to leave out"
        );
        // Some went into one that ended later: a chain to follow.
        let ended: std::collections::HashSet<u64> = changes
            .iter()
            .filter(|c| c.kind.ends())
            .map(|c| c.fdic_cert)
            .collect();
        assert!(
            changes
                .iter()
                .any(|c| c.successor_cert.is_some_and(|s| ended.contains(&s))),
            "a chain of mergers"
        );
        // No active institution of its state: it failed or closed.
        let guam = changes.iter().find(|c| c.fdic_cert == 999).unwrap();
        assert!(guam.successor_cert.is_none() && guam.kind.ends());
    }
}
