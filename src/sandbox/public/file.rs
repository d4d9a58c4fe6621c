//! A data set built from the real FFIEC file (`cra sandbox --data
//! craratng.zip`), so that linking is measured on real data: the service's
//! banks are the file's institutions, and the sandbox serves that same file
//! (the bytes given; the text given alone, zipped as it is; perturbed, the
//! file written again) and BankFind records made from it.
//!
//! - A bank's id is the UUIDv5, in [`NAMESPACE`], of its `REGULATOR-ID`
//!   (data/README.md's institution key); its name, city and state are its
//!   latest exam's; `charter_type` is null (the file has none).
//! - Its ratings are every exam of the institution, newest first, with the
//!   exam type from the method code where it says one, else from the
//!   assets and that year's thresholds (`Exam::exam_type`).
//! - FDIC dates in the file are the month the evaluation was made public;
//!   the service's date of such an exam is its own day, as the FDIC's own
//!   search dates it: a working day 60 to 240 days earlier, drawn from the
//!   institution and the file's date alone (so the same every run), kept
//!   in order and never before the year of the institution's first exam
//!   ([`service_date`]). Other regulators' dates are the file's.
//! - BankFind records carry only what the file gives: the certificate of
//!   an FDIC institution, the RSSD ID of an FRB one, the charter of an OCC
//!   one (and its docket, for charters 700000 + docket), the docket of an
//!   OTS one; name, town, state, regulator and assets as of its latest
//!   exam (the report date the quarter's end before it). Nothing says
//!   whether it is still open, so `ACTIVE` is left out.
//! - `--perturb renames=R,drops=D,twins=T` (hidden, for the benchmark)
//!   renames R banks in the service (the file keeps the old names), drops
//!   one exam of D institutions from the file (the service keeps it), and
//!   adds T twins to the file (an institution's exams again under an
//!   unused ID of its regulator in another state), all drawn from the seed.

use std::collections::HashSet;

use jiff::civil::Date;
use serde_json::Map;

use super::days::{day_number, from_day_number, quarter_end, seed_of};
use super::{PublicRecord, naming};
use crate::domain::Regulator;
use crate::record::bankfind::Institution;
use crate::record::ffiec::{Exam, InstitutionKey};
use crate::sandbox::data::{SandboxBank, SandboxExam};
use crate::sandbox::draw::Draw;
use crate::sandbox::tables;

/// The namespace of the ids: UUIDv5 of the file's address in the URL namespace.
pub fn namespace() -> uuid::Uuid {
    uuid::Uuid::new_v5(
        &uuid::Uuid::NAMESPACE_URL,
        crate::record::ffiec::URL.as_bytes(),
    )
}

/// The service id of the file's institution `key`.
pub fn bank_id(key: &InstitutionKey) -> String {
    uuid::Uuid::new_v5(&namespace(), key.to_string().as_bytes()).to_string()
}

/// The perturbations of `--perturb`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Perturb {
    pub renames: usize,
    pub drops: usize,
    pub twins: usize,
}

impl std::str::FromStr for Perturb {
    type Err = String;

    /// `renames=200,drops=100,twins=20` (any of them, in any order).
    fn from_str(text: &str) -> Result<Perturb, String> {
        let mut perturb = Perturb::default();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (name, value) = part
                .split_once('=')
                .ok_or_else(|| format!("'{part}' is not NAME=COUNT (renames, drops, twins)"))?;
            let count: usize = value
                .trim()
                .parse()
                .map_err(|_| format!("'{value}' is not a count in '{part}'"))?;
            match name.trim() {
                "renames" => perturb.renames = count,
                "drops" => perturb.drops = count,
                "twins" => perturb.twins = count,
                other => {
                    return Err(format!(
                        "unknown perturbation '{other}' (renames, drops, twins)"
                    ));
                }
            }
        }
        Ok(perturb)
    }
}

/// The service's date of an FDIC exam the file dates `file_date` (the
/// month it was made public): its own day, 60 to 240 days before, after
/// `after` (the institution's exam before it, so the order holds) and not
/// before `floor` (the first of January of the institution's first exam:
/// an exam of early 1990 made public then was not dated 1989).
pub fn service_date(
    key: &InstitutionKey,
    file_date: Date,
    after: Option<Date>,
    floor: Date,
) -> Date {
    let hash = seed_of(&format!("{key}/{file_date}"));
    let mut day = day_number(file_date) - 62 - (hash % 179) as i64;
    // A Saturday or Sunday moves on to the Monday (still 60 days or more
    // before the file's date).
    day += match (day + 3).rem_euclid(7) {
        5 => 2,
        6 => 1,
        _ => 0,
    };
    if let Some(after) = after {
        day = day.max(day_number(after) + 1);
    }
    from_day_number(day.max(day_number(floor)))
}

/// The banks and the public record of the file's `exams`, perturbed.
pub fn from_exams(
    mut exams: Vec<Exam>,
    perturb: Perturb,
    seed: u64,
) -> (Vec<SandboxBank>, PublicRecord) {
    exams.sort_by(Exam::file_order);
    let mut institutions: Vec<(InstitutionKey, Vec<Exam>)> = Vec::new();
    for exam in exams {
        match institutions.last_mut() {
            Some((key, list)) if *key == exam.key() => list.push(exam),
            _ => institutions.push((exam.key(), vec![exam])),
        }
    }
    let mut draw = Draw::new(seed, 0x0070_6572_7475_7262);
    let renamed = pick(&mut draw, institutions.len(), perturb.renames, |_| true);
    let dropped = pick(&mut draw, institutions.len(), perturb.drops, |i| {
        institutions[i].1.len() > 1
    });
    let twinned = pick(&mut draw, institutions.len(), perturb.twins, |_| true);

    let mut banks = Vec::with_capacity(institutions.len());
    let mut record = PublicRecord::default();
    let mut used: HashSet<InstitutionKey> = institutions.iter().map(|(k, _)| k.clone()).collect();
    for (n, (key, list)) in institutions.iter().enumerate() {
        let latest = list.last().expect("an institution has an exam");
        let mut bank = bank_of(key, list);
        if renamed.contains(&n) {
            bank.name = naming::former(&bank.city, key.regulator.as_str(), &mut draw);
        }
        record.truth.push((bank.id.clone(), Some(key.clone())));
        record.institutions.push(bankfind_of(key, latest));
        banks.push(bank);
        let mut served = list.clone();
        if dropped.contains(&n) {
            served.remove(draw.below(served.len()));
        }
        if twinned.contains(&n) {
            let (twin, exams) = twin_of(key, list, &mut used, &mut draw);
            record
                .institutions
                .push(bankfind_of(&twin, exams.last().expect("copied")));
            record.exams.extend(exams);
        }
        record.exams.extend(served);
    }
    record.vintage = record.exams.iter().map(|e| e.exam_date).max();
    record.finish();
    (banks, record)
}

/// The zip to serve of a file given as `bytes`: the zip itself, or the
/// text as it is in a zip dated `vintage`.
pub fn published(bytes: Vec<u8>, vintage: Option<Date>) -> std::io::Result<Vec<u8>> {
    if crate::record::ffiec::sniff(&bytes[..bytes.len().min(1024)])
        == crate::record::ffiec::Content::Zip
    {
        return Ok(bytes);
    }
    let day = vintage.unwrap_or(jiff::civil::date(2021, 11, 9));
    crate::record::ffiec::zip_text(&bytes, day.at(0, 0, 0, 0))
}

/// `count` distinct indices below `n` that `fits`, drawn (fewer if fewer fit).
fn pick(draw: &mut Draw, n: usize, count: usize, fits: impl Fn(usize) -> bool) -> HashSet<usize> {
    let mut candidates: Vec<usize> = (0..n).filter(|i| fits(*i)).collect();
    let count = count.min(candidates.len());
    // A partial Fisher-Yates shuffle: the first `count` are the pick.
    for i in 0..count {
        let j = i + draw.below(candidates.len() - i);
        candidates.swap(i, j);
    }
    candidates.truncate(count);
    candidates.into_iter().collect()
}

/// The service's bank of one institution of the file (exams oldest first).
fn bank_of(key: &InstitutionKey, exams: &[Exam]) -> SandboxBank {
    let latest = exams.last().expect("an institution has an exam");
    let floor = jiff::civil::date(exams[0].exam_date.year(), 1, 1);
    let mut ratings = Vec::with_capacity(exams.len());
    let mut previous = None;
    for exam in exams {
        let day = if key.regulator == Regulator::Fdic {
            service_date(key, exam.exam_date, previous, floor)
        } else {
            exam.exam_date
        };
        previous = Some(day);
        ratings.push(SandboxExam {
            exam_date: day.to_string(),
            rating: exam.rating.clone(),
            exam_type: exam.exam_type(),
            is_current: false,
            extra: Map::new(),
        });
    }
    ratings.reverse();
    ratings[0].is_current = true;
    SandboxBank {
        id: bank_id(key),
        name: latest.name.clone(),
        city: latest.city.clone(),
        state: latest.state.clone(),
        regulator: key.regulator.clone(),
        charter_type: serde_json::Value::Null,
        ratings,
        extra: Map::new(),
    }
}

/// BankFind's record of an institution, from what the file gives.
fn bankfind_of(key: &InstitutionKey, latest: &Exam) -> Institution {
    let id = Some(key.agency_id);
    let mut record = Institution {
        assets_thousands: Some(latest.assets_thousands),
        report_date: Some(quarter_end(latest.exam_date)),
        name: Some(naming::legal(&latest.name, key.regulator == Regulator::Frb)),
        city: Some(naming::legal(&latest.city, false)),
        state: Some(latest.state.clone()),
        regulator: Some(key.regulator.clone()),
        ..Institution::default()
    };
    match key.regulator {
        Regulator::Fdic => record.fdic_cert = id,
        Regulator::Frb => record.rssd_id = id,
        Regulator::Ots => record.ots_docket = id,
        _ => {
            record.occ_charter = id;
            record.ots_docket = key.agency_id.checked_sub(700_000).filter(|d| *d > 0);
        }
    }
    record
}

/// An institution's exams again, under an unused ID of its regulator, in
/// another state.
fn twin_of(
    key: &InstitutionKey,
    exams: &[Exam],
    used: &mut HashSet<InstitutionKey>,
    draw: &mut Draw,
) -> (InstitutionKey, Vec<Exam>) {
    let twin = loop {
        let candidate = InstitutionKey::new(key.regulator.clone(), 1 + draw.below(99_999) as u64);
        if used.insert(candidate.clone()) {
            break candidate;
        }
    };
    let home = &exams.last().expect("an institution has an exam").state;
    let state = loop {
        let (code, _) = *draw.pick(&tables::STATES);
        if code != home {
            break code;
        }
    };
    let towns = tables::towns(state);
    let city = if towns.is_empty() {
        exams[0].city.clone()
    } else {
        draw.pick(towns).to_string()
    };
    let copies = exams
        .iter()
        .map(|e| Exam {
            agency_id: twin.agency_id,
            city: city.clone(),
            state: state.to_string(),
            ..e.clone()
        })
        .collect();
    (twin, copies)
}

#[cfg(test)]
mod tests {
    use super::super::days::month_after;
    use super::*;
    use crate::record::ffiec::{self, ExamMethod};
    use jiff::civil::date;

    fn exam(regulator: Regulator, id: u64, day: Date, state: &str) -> Exam {
        Exam {
            regulator,
            agency_id: id,
            exam_date: day,
            name: format!("BANK {id}"),
            city: "AMES".into(),
            state: state.into(),
            assets_thousands: 90_000,
            method: ExamMethod::OTHER,
            rating: crate::domain::Rating::Satisfactory,
        }
    }

    #[test]
    fn perturbations_read_as_written() {
        let p: Perturb = "renames=200, drops=100,twins=20".parse().unwrap();
        assert_eq!(
            p,
            Perturb {
                renames: 200,
                drops: 100,
                twins: 20
            }
        );
        assert_eq!("".parse::<Perturb>().unwrap(), Perturb::default());
        assert!("renames".parse::<Perturb>().is_err());
        assert!(
            "moves=3"
                .parse::<Perturb>()
                .unwrap_err()
                .contains("unknown perturbation 'moves'")
        );
        assert!("drops=x".parse::<Perturb>().is_err());
    }

    #[test]
    fn fdic_service_dates_are_working_days_60_to_240_days_before_in_order() {
        let key = InstitutionKey::new(Regulator::Fdic, 27476);
        let floor = date(2014, 1, 1);
        let mut previous = None;
        let mut days = Vec::new();
        for month in (0..120).step_by(7) {
            let file = month_after(date(2015, 1, 1), month);
            let day = service_date(&key, file, previous, floor);
            let before = day_number(file) - day_number(day);
            assert!((60..=240).contains(&before), "{file} {day}");
            assert!(previous.is_none_or(|p| day > p), "in order");
            assert!(
                (day_number(day) + 3).rem_euclid(7) < 5,
                "a working day: {day}"
            );
            assert_eq!(
                service_date(&key, file, previous, floor),
                day,
                "the same every run"
            );
            previous = Some(day);
            days.push(before);
        }
        // Spread over the range, not one lag.
        assert!(days.iter().any(|&d| d < 120) && days.iter().any(|&d| d > 180));
        // Never before the year of the first exam.
        let early = service_date(&key, date(1990, 2, 1), None, date(1990, 1, 1));
        assert_eq!(early, date(1990, 1, 1));
    }

    #[test]
    fn institutions_become_banks_and_perturbations_are_counted() {
        let mut exams = Vec::new();
        for id in 1..=30u64 {
            for year in [2010, 2014, 2018] {
                exams.push(exam(Regulator::Fdic, id, date(year, 3, 1), "IA"));
                exams.push(exam(Regulator::Occ, id, date(year, 5, 4), "IA"));
            }
        }
        let (banks, record) = from_exams(exams.clone(), Perturb::default(), 1);
        assert_eq!(banks.len(), 60);
        assert_eq!(record.exams.len(), 180);
        assert_eq!(record.institutions.len(), 60);
        let occ = banks
            .iter()
            .find(|b| b.id == bank_id(&InstitutionKey::new(Regulator::Occ, 7)))
            .unwrap();
        assert_eq!(occ.ratings.len(), 3);
        assert_eq!(occ.ratings[0].exam_date, "2018-05-04");
        assert!(occ.ratings[0].is_current && !occ.ratings[1].is_current);
        assert_eq!(
            occ.ratings[0].exam_type.as_str(),
            "Small Bank",
            "from the assets"
        );
        let (banks, record) = from_exams(
            exams,
            Perturb {
                renames: 5,
                drops: 4,
                twins: 3,
            },
            1,
        );
        assert_eq!(
            banks
                .iter()
                .filter(|b| !b.name.starts_with("BANK "))
                .count(),
            5
        );
        assert_eq!(record.exams.len(), 180 - 4 + 3 * 3);
        assert_eq!(record.institutions.len(), 63);
        assert_eq!(record.truth.len(), 60);
        assert!(
            record
                .truth
                .iter()
                .all(|(id, key)| *id == bank_id(key.as_ref().unwrap()))
        );
    }

    #[test]
    fn the_real_file_serves_18_820_banks_with_78_642_ratings() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/craratng.zip");
        let Ok(bytes) = std::fs::read(&path) else {
            eprintln!("skipped: {} is not here", path.display());
            return;
        };
        let exams = ffiec::read_all(&bytes).unwrap();
        let (banks, record) = from_exams(exams, Perturb::default(), 1);
        assert_eq!(banks.len(), 18_820);
        assert_eq!(banks.iter().map(|b| b.ratings.len()).sum::<usize>(), 78_642);
        assert_eq!(record.exams.len(), 78_642);
        let ids: HashSet<&str> = banks.iter().map(|b| b.id.as_str()).collect();
        assert_eq!(ids.len(), 18_820);
        for bank in &banks {
            assert_eq!(bank.ratings.iter().filter(|r| r.is_current).count(), 1);
            assert!(
                bank.ratings
                    .windows(2)
                    .all(|w| w[0].exam_date > w[1].exam_date),
                "{}",
                bank.id
            );
            assert!(bank.ratings.iter().all(|r| r.exam_type.is_known()));
        }
    }
}
