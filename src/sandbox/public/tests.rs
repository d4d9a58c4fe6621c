use std::collections::{HashMap, HashSet};

use super::days::{self, day_number, month_after, parse_day};
use super::*;
use crate::domain::Regulator;
use crate::record::ffiec::{self, ExamMethod};
use crate::sandbox::data::{self, SandboxBank};

const HORIZON: i64 = 20_758; // 2026-11-01

fn generated(n: usize, seed: u64) -> (ServedBanks, Origin) {
    let banks = data::generate(n, seed, HORIZON);
    let lineage = Lineage::of(&banks);
    (ServedBanks::new(banks), Origin::Drawn(lineage))
}

fn record_of(n: usize, seed: u64) -> (ServedBanks, PublicRecord) {
    let (store, source) = generated(n, seed);
    let record = build(source, &store);
    (store, record)
}

/// The file's exams by institution.
fn by_key(record: &PublicRecord) -> HashMap<InstitutionKey, Vec<&Exam>> {
    let mut map: HashMap<InstitutionKey, Vec<&Exam>> = HashMap::new();
    for exam in &record.exams {
        map.entry(exam.key()).or_default().push(exam);
    }
    map
}

/// The file's exam of a service exam on `day` of a bank filed under `key`:
/// the same day, or for an FDIC bank dated by its exams' own days the
/// first of a month 60 to 240 days later (more where two exams would
/// share a month).
fn find<'a>(exams: &[&'a Exam], exam_days: bool, day: Date) -> Option<&'a Exam> {
    if exam_days {
        exams
            .iter()
            .copied()
            .filter(|e| {
                let after = day_number(e.exam_date) - day_number(day);
                (60..=240).contains(&after) || (after > 0 && e.exam_date <= month_after(day, 12))
            })
            .min_by_key(|e| e.exam_date)
    } else {
        exams.iter().copied().find(|e| e.exam_date == day)
    }
}

#[test]
fn the_record_is_deterministic_and_leaves_the_banks_alone() {
    let (store, record) = record_of(3000, 5);
    let again = record_of(3000, 5).1;
    assert_eq!(record.exams, again.exams);
    assert_eq!(record.institutions, again.institutions);
    assert_eq!(record.truth, again.truth);
    // Drawing it changed nothing of the service's banks.
    let fresh = data::generate(3000, 5, HORIZON);
    let mut served: Vec<&SandboxBank> = store.banks().iter().collect();
    served.sort_by(|a, b| a.id.cmp(&b.id));
    let mut fresh: Vec<&SandboxBank> = fresh.iter().collect();
    fresh.sort_by(|a, b| a.id.cmp(&b.id));
    assert_eq!(served, fresh);
    let zip = Served::new(record).zip().to_vec();
    assert_eq!(zip, Served::new(again).zip(), "same seed, same bytes");
}

#[test]
fn every_bank_is_where_the_truth_says_with_its_history() {
    let (store, record) = record_of(18_820, 1);
    let files = by_key(&record);
    let truth: HashMap<&str, &Option<InstitutionKey>> = record
        .truth
        .iter()
        .map(|(id, k)| (id.as_str(), k))
        .collect();
    assert_eq!(truth.len(), store.len());
    let (mut held, mut missing, mut types_differ) = (0usize, 0usize, 0usize);
    let (mut fdic, mut by_exam_day, mut later) = (0usize, 0usize, Vec::new());
    for bank in store.banks() {
        let Some(key) = truth[bank.id.as_str()] else {
            continue;
        };
        let exams = &files[key];
        assert!(exams.iter().all(|e| e.regulator == key.regulator));
        let exam_days = bank.regulator == Regulator::Fdic && data::dated_by_exam_day(&bank.id);
        fdic += usize::from(bank.regulator == Regulator::Fdic);
        by_exam_day += usize::from(exam_days);
        for r in &bank.ratings {
            held += 1;
            let day = parse_day(&r.exam_date).unwrap();
            match find(exams, exam_days, day) {
                None => missing += 1,
                Some(e) => {
                    assert_eq!(e.rating, r.rating, "{key} {day}");
                    types_differ += usize::from(e.exam_type() != r.exam_type);
                    if exam_days {
                        assert_eq!(e.exam_date.day(), 1, "FDIC: the month made public");
                        later.push(day_number(e.exam_date) - day_number(day));
                    }
                }
            }
        }
    }
    // A part of the FDIC banks dated by the exams' own days, published 60
    // to 240 days later (a few later still, two exams sharing a month).
    let share = by_exam_day as f64 / fdic as f64;
    assert!((0.3..=0.4).contains(&share), "{by_exam_day} of {fdic}");
    let within = later.iter().filter(|d| (60..=240).contains(*d)).count();
    assert!(
        within * 1000 >= later.len() * 995,
        "{within} of {}",
        later.len()
    );
    let share = missing as f64 / held as f64;
    eprintln!("{missing} of {held} service exams not in the file ({share:.4})");
    assert!((0.01..=0.03).contains(&share), "{share}");
    assert_eq!(
        types_differ, 0,
        "assets and method agree with each exam's type"
    );
    let linked = record.truth.iter().filter(|(_, k)| k.is_some()).count();
    assert!(linked as f64 >= 0.995 * store.len() as f64, "{linked}");
}

#[test]
fn identifiers_activity_and_assets_are_realistic() {
    let (store, record) = record_of(18_820, 1);
    // One institution per key; numbers unique for their kind.
    let mut certs = HashSet::new();
    let mut rssds = HashSet::new();
    for i in &record.institutions {
        assert!(certs.insert(i.fdic_cert.unwrap()), "{i:?}");
        assert!(rssds.insert(i.rssd_id.unwrap()), "{i:?}");
        if let (Some(charter), Some(docket)) = (i.occ_charter, i.ots_docket) {
            assert_eq!(charter, 700_000 + docket, "a thrift under the OCC: {i:?}");
        }
    }
    let twins = record.institutions.len() - store.len();
    eprintln!("{twins} twins");
    assert!((5..=60).contains(&twins), "{twins}");
    // Activity as the last exam says: closed when it is more than eight
    // years old (a 1990s exam, say), mostly open when recent.
    let vintage = record.vintage.unwrap();
    let mut activity: HashMap<(Regulator, u64), bool> = HashMap::new();
    for i in &record.institutions {
        let ids = [
            (Regulator::Fdic, i.fdic_cert),
            (Regulator::Frb, i.rssd_id),
            (Regulator::Occ, i.occ_charter),
            (Regulator::Ots, i.ots_docket),
        ];
        for (regulator, id) in ids {
            if let Some(id) = id {
                activity.insert((regulator, id), i.active.unwrap());
            }
        }
    }
    let truth: HashMap<&str, &InstitutionKey> = record
        .truth
        .iter()
        .filter_map(|(id, key)| Some((id.as_str(), key.as_ref()?)))
        .collect();
    let (mut recent, mut recent_open) = (0usize, 0usize);
    for bank in store.banks() {
        let Some(key) = truth.get(bank.id.as_str()) else {
            continue;
        };
        let last = bank
            .ratings
            .iter()
            .filter_map(|r| parse_day(&r.exam_date))
            .max()
            .unwrap();
        let active = activity[&(key.regulator.clone(), key.agency_id)];
        // A thrift by the day the OTS closed (some continued under the OCC).
        let until = if bank.regulator == Regulator::Ots {
            days::OTS_END
        } else {
            vintage
        };
        let age = day_number(until) - day_number(last);
        if age > 8 * 365 + 2 {
            assert!(!active, "{} last examined {last}, active", bank.id);
        } else if age < 4 * 365 && bank.regulator != Regulator::Ots {
            recent += 1;
            recent_open += usize::from(active);
        }
    }
    assert!(
        recent_open * 100 >= recent * 90,
        "{recent_open} of {recent}"
    );
    let inactive = record
        .institutions
        .iter()
        .filter(|i| i.active == Some(false))
        .count();
    eprintln!(
        "inactive {:.3}",
        inactive as f64 / record.institutions.len() as f64
    );
    let continued = record
        .institutions
        .iter()
        .filter(|i| i.regulator == Some(Regulator::Occ) && i.ots_docket.is_some())
        .count();
    assert!(continued > 500, "thrifts under the OCC: {continued}");
    let keys: HashSet<InstitutionKey> = record.exams.iter().map(Exam::key).collect();
    let ids_by_number: HashMap<u64, HashSet<&Regulator>> =
        keys.iter().fold(HashMap::new(), |mut m, k| {
            m.entry(k.agency_id).or_default().insert(&k.regulator);
            m
        });
    let shared = ids_by_number.values().filter(|r| r.len() > 1).count();
    eprintln!(
        "{} keys, {shared} numbers under two regulators or more",
        keys.len()
    );
    assert!(shared > 500, "{shared}");
    assert!(
        keys.iter()
            .any(|k| k.regulator == Regulator::Occ && k.agency_id > 700_000)
    );
    // Assets within each exam's band; FDIC dates mostly on the 1st (the
    // real file: 91 %); methods of the rules of their day.
    let (mut fdic, mut first) = (0usize, 0usize);
    for e in &record.exams {
        if let Some(by_code) = e.method.exam_type()
            && e.assets_thousands > 0
        {
            let by_assets = ffiec::exam_type_by_assets(e.exam_date, e.assets_thousands);
            assert_eq!(by_code, by_assets, "{e:?}");
        }
        if e.regulator == Regulator::Fdic {
            fdic += 1;
            first += usize::from(e.exam_date.day() == 1);
        }
        if e.exam_date.year() < 1996 {
            assert!(
                matches!(e.method, ExamMethod::ASSESSMENT_FACTORS | ExamMethod::OTHER),
                "{e:?}"
            );
        }
        if e.method == ExamMethod::INTERMEDIATE_SMALL_BANK {
            assert!(e.exam_date >= ffiec::ISB_RULE);
        }
    }
    let share = first as f64 / fdic as f64;
    assert!((0.88..=0.97).contains(&share), "FDIC on the 1st: {share}");
    let renamed = by_key(&record)
        .values()
        .filter(|exams| {
            exams
                .iter()
                .map(|e| e.name.trim())
                .collect::<HashSet<_>>()
                .len()
                > 1
        })
        .count();
    eprintln!("{renamed} institutions with more than one name");
    assert!(renamed > 1000, "{renamed}");
}

#[test]
fn a_later_release_keeps_the_record_of_what_did_not_change() {
    let base = data::generate(2000, 7, HORIZON);
    let before = build(
        Origin::Drawn(Lineage::of(&base)),
        &ServedBanks::new(base.clone()),
    );
    let mut banks = base.clone();
    let mut lineage = Lineage::of(&banks);
    let gone = crate::sandbox::evolve::evolve(&mut banks, 7, 100);
    assert!(!gone.is_empty());
    lineage.evolved(&banks, gone.clone());
    let store = ServedBanks::new(banks);
    let after = build(Origin::Drawn(lineage), &store);
    let vintage = before.vintage.unwrap();
    let old: Vec<&Exam> = after
        .exams
        .iter()
        .filter(|e| e.exam_date <= vintage)
        .collect();
    // The exams of the first release are all still there, and more.
    let kept: HashSet<(InstitutionKey, Date)> =
        old.iter().map(|e| (e.key(), e.exam_date)).collect();
    for e in &before.exams {
        assert!(kept.contains(&(e.key(), e.exam_date)), "{e:?}");
    }
    // Removed banks stay in the record, but not in the truth.
    let truth: HashSet<&str> = after.truth.iter().map(|(id, _)| id.as_str()).collect();
    assert!(gone.iter().all(|b| !truth.contains(b.id.as_str())));
    assert_eq!(truth.len(), store.len());
    let numbers = |r: &PublicRecord| {
        r.institutions
            .iter()
            .map(|i| i.fdic_cert)
            .collect::<HashSet<_>>()
    };
    assert!(numbers(&before).is_subset(&numbers(&after)));
}

#[test]
fn bankfind_answers_pages_filters_and_sorts() {
    let (_, record) = record_of(500, 3);
    let served = Served::new(record);
    let page =
        |q: &str| crate::record::bankfind::parse_page(&served.bankfind(Some(q)).unwrap()).unwrap();
    let all = page("limit=10000");
    assert_eq!(all.total, Some(all.institutions.len() as u64));
    let mut seen = Vec::new();
    for offset in (0..all.institutions.len()).step_by(70) {
        let p = page(&format!("limit=70&offset={offset}&sort_by=CERT"));
        assert_eq!(p.total, all.total);
        seen.extend(p.institutions.iter().map(|i| i.fdic_cert.unwrap()));
    }
    let mut sorted = seen.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(seen, sorted, "pages by CERT neither repeat nor skip");
    assert_eq!(seen.len(), all.institutions.len());
    let active = page("filters=ACTIVE:1&limit=10000");
    assert!(active.institutions.iter().all(|i| i.active == Some(true)));
    let tx = page("filters=STALP:TX%20AND%20ACTIVE:0&fields=CERT,STALP&limit=10000");
    assert!(
        tx.institutions
            .iter()
            .all(|i| i.state.as_deref() == Some("TX") && i.active.is_none())
    );
    let desc = page("sort_by=ASSET&sort_order=DESC&limit=5");
    let assets: Vec<u64> = desc
        .institutions
        .iter()
        .map(|i| i.assets_thousands.unwrap())
        .collect();
    assert!(assets.windows(2).all(|w| w[0] >= w[1]), "{assets:?}");
    assert_eq!(page("").institutions.len(), 10, "the API's default limit");
    assert!(
        served
            .bankfind(Some("filters=ZIP:1"))
            .unwrap_err()
            .contains("'ZIP'")
    );
    assert!(
        served
            .bankfind(Some("filters=CERT:(1"))
            .unwrap_err()
            .starts_with("filters: ")
    );
    assert!(served.bankfind(Some("sort_by=X")).is_err());
}

#[test]
fn a_day_reads_as_jiff_reads_it() {
    for text in ["2020-02-29", "1990-01-01", "2026-12-31"] {
        assert_eq!(parse_day(text), text.parse().ok());
        assert_eq!(
            days::from_day_number(day_number(parse_day(text).unwrap())),
            parse_day(text).unwrap()
        );
    }
    for text in ["2021-02-29", "2020-1-01", "20200101", "2020-01-0x"] {
        assert_eq!(parse_day(text), None, "{text}");
    }
    assert_eq!(
        days::quarter_end(jiff::civil::date(2026, 9, 2)),
        jiff::civil::date(2026, 6, 30)
    );
    assert_eq!(
        days::quarter_end(jiff::civil::date(2026, 3, 31)),
        jiff::civil::date(2026, 3, 31)
    );
    assert_eq!(
        days::quarter_end(jiff::civil::date(2026, 1, 5)),
        jiff::civil::date(2025, 12, 31)
    );
}
