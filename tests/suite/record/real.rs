//! Linking on the real FFIEC file (`../shared/data/craratng.zip`; skipped
//! without it), served by `cra sandbox --data`, which dates every FDIC
//! exam by its own day, 60 to 240 days before the month the file gives
//! (as the FDIC's own search dates them): at least 99.5 % of the file's
//! banks linked, none wrongly (the truth: each bank's id is the UUIDv5 of
//! its institution); every change's assets its own exam's; and a sync of
//! 400 new exams, then `enrich` again with the same file, keeps every link.

use std::collections::HashMap;

use cra::record::ffiec::InstitutionKey;
use cra::sandbox::public::file::bank_id;
use jiff::civil::Date;
use serde_json::Value;

use crate::common::{World, assert_code, shared_data};

/// The copy's links, each scored against the truth: (right, wrong).
fn scored(world: &World) -> (usize, Vec<String>) {
    let (mut right, mut wrong) = (0, Vec::new());
    for link in world.sql("SELECT bank_id, regulator || '-' || agency_id AS key FROM links") {
        let key: InstitutionKey = link["key"].as_str().unwrap().parse().unwrap();
        let bank = link["bank_id"].as_str().unwrap();
        if bank_id(&key) == bank {
            right += 1;
        } else {
            wrong.push(format!("{bank} linked to {key}"));
        }
    }
    (right, wrong)
}

/// `cra enrich` with the sandbox's file and BankFind: its json summary.
fn enrich(world: &World, zip: &str) -> Value {
    let bankfind = format!("{}/bankfind/institutions", world.url());
    let out = world.local(&[
        "enrich",
        "--ffiec",
        zip,
        "--bankfind",
        &bankfind,
        "--format",
        "json",
    ]);
    assert_code(&out, 0);
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn the_real_file_links_fdic_banks_dated_by_exam_day_and_the_links_last() {
    let Some(zip) = shared_data("craratng.zip") else {
        return;
    };
    let zip = zip.to_str().unwrap();
    let mut world = World::new(&["--data", zip]);
    assert_eq!(world.sync(&["--concurrency", "16"])["banks"], 18_820);
    // The service dates FDIC exams by their own day: no FDIC bank's dates
    // are all firsts of the month any more.
    let firsts = world.sql(
        "SELECT count(*) AS n FROM ratings e JOIN banks b ON b.id = e.bank_id \
         WHERE b.regulator = 'FDIC' AND substr(e.exam_date, 9, 2) = '01'",
    )[0]["n"]
        .as_u64()
        .unwrap();
    let fdic = world.sql(
        "SELECT count(*) AS n FROM ratings e JOIN banks b ON b.id = e.bank_id \
         WHERE b.regulator = 'FDIC'",
    )[0]["n"]
        .as_u64()
        .unwrap();
    assert!(firsts * 5 < fdic, "{firsts} of {fdic} FDIC exams on a 1st");

    let summary = enrich(&world, zip);
    let (right, wrong) = scored(&world);
    assert!(
        wrong.is_empty(),
        "{} wrong: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(5)]
    );
    assert!(
        right * 1000 >= 18_820 * 995,
        "{right} of 18,820 linked: {summary}"
    );
    assert_eq!(summary["linked"], right as u64);

    // Every change carries its own exam's assets: the file's exam of its
    // institution in the same place in order (the sandbox serves the k-th
    // exam of the file's institution as the k-th of its bank's, each
    // FDIC one redated).
    let mut file: HashMap<String, Vec<(Date, u64)>> = HashMap::new();
    for row in world.sql(
        "SELECT regulator || '-' || agency_id AS key, exam_date, assets_thousands \
         FROM ffiec_exams",
    ) {
        let key: InstitutionKey = row["key"].as_str().unwrap().parse().unwrap();
        file.entry(bank_id(&key)).or_default().push((
            row["exam_date"].as_str().unwrap().parse().unwrap(),
            row["assets_thousands"].as_u64().unwrap_or(0) * 1000,
        ));
    }
    let mut served: HashMap<String, Vec<Date>> = HashMap::new();
    for row in world.sql("SELECT bank_id, exam_date FROM ratings") {
        served
            .entry(row["bank_id"].as_str().unwrap().into())
            .or_default()
            .push(row["exam_date"].as_str().unwrap().parse().unwrap());
    }
    let own = |bank: &str, day: Date| -> Option<u64> {
        let mut days = served.get(bank)?.clone();
        let mut exams = file.get(bank)?.clone();
        days.sort();
        exams.sort();
        assert_eq!(days.len(), exams.len(), "{bank}: every exam in the file");
        Some(exams[days.iter().position(|d| *d == day)?].1)
    };
    let out = world.local(&[
        "changes",
        "--change",
        "all",
        "--since",
        "1990",
        "--enriched",
        "--format",
        "json",
    ]);
    assert_code(&out, 0);
    let changes: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert!(changes.len() > 1_000, "{} changes", changes.len());
    let (mut checked, mut differ) = (0, Vec::new());
    for change in &changes {
        let Some(assets) = change["public_record"]["assets"].as_u64() else {
            continue;
        };
        let day: Date = change["exam_date"].as_str().unwrap().parse().unwrap();
        let truth = own(change["id"].as_str().unwrap(), day);
        checked += 1;
        if truth != Some(assets) {
            differ.push(format!(
                "{} {day}: {assets} where the file says {truth:?}",
                change["name"]
            ));
        }
    }
    assert!(
        checked * 10 >= changes.len() * 9,
        "{checked} of {}",
        changes.len()
    );
    assert!(
        differ.is_empty(),
        "{} of {checked}: {:?}",
        differ.len(),
        &differ[..differ.len().min(5)]
    );

    // The next release: 400 new exams the file has yet to publish; then
    // the same file again. Every link stays.
    let links = |world: &World| -> HashMap<String, String> {
        world
            .sql("SELECT bank_id, regulator || '-' || agency_id AS key FROM links")
            .iter()
            .map(|l| {
                (
                    l["bank_id"].as_str().unwrap().into(),
                    l["key"].as_str().unwrap().into(),
                )
            })
            .collect()
    };
    let before = links(&world);
    world.restart_with(&["--evolve", "400"]);
    assert_eq!(world.sync(&["--concurrency", "16"])["new_exams"], 400);
    let again = enrich(&world, zip);
    let lost: u64 = again["lost"]
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!(lost, 0, "{again}");
    let after = links(&world);
    let banks: std::collections::HashSet<String> = world
        .sql("SELECT id FROM banks")
        .iter()
        .map(|b| b["id"].as_str().unwrap().into())
        .collect();
    for (bank, key) in &before {
        if banks.contains(bank) {
            assert_eq!(after.get(bank), Some(key), "{bank} lost its link");
        }
    }
    assert!(scored(&world).1.is_empty());
}
