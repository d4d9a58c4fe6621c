//! The real lending files (`../shared/data/lending/`) read into a copy
//! of the real ratings file (`../shared/data/craratng.zip`, served by
//! `cra sandbox --data`, one bank per institution, each bank's id the
//! UUIDv5 of its institution) and linked: each year's reporters linked
//! as the README counts them by agency code and respondent ID, none
//! wrongly (each link checked against the identifiers themselves: the
//! bank is the institution of the reporter's agency and respondent ID, or
//! of its RSSD ID); and a lender's small business totals in the copy equal
//! to a sum this test computes from the file's columns itself. Skipped
//! without the files; a few minutes (it syncs the real data set).

use cra::domain::Regulator;
use cra::record::ffiec::InstitutionKey;
use cra::sandbox::public::file::bank_id;
use serde_json::Value;

use super::files::lender_total_by_hand;
use super::support::summary;
use crate::common::{World, assert_code, shared_data};

/// The institution a reporter names by its agency code and number.
fn key(agency: u64, number: u64) -> InstitutionKey {
    let regulator = match agency {
        1 => Regulator::Occ,
        2 => Regulator::Frb,
        3 => Regulator::Fdic,
        _ => Regulator::Ots,
    };
    InstitutionKey::new(regulator, number)
}

#[test]
fn the_real_transmittals_and_aggregate_link_to_the_real_ratings_file_with_no_wrong_link() {
    let (Some(ratings), Some(folder), Some(aggregate)) = (
        shared_data("craratng.zip"),
        shared_data("lending"),
        shared_data("lending/13exp_aggr.zip"),
    ) else {
        return;
    };
    let ratings = ratings.to_str().unwrap();
    let world = World::new(&["--data", ratings]);
    world.sync(&["--concurrency", "16"]);
    let bankfind = format!("{}/bankfind/institutions", world.url());
    let out = world.local(&["enrich", "--ffiec", ratings, "--bankfind", &bankfind]);
    assert_code(&out, 0);
    let out = world
        .home
        .cra()
        .args([
            "enrich",
            "--lending",
            folder.to_str().unwrap(),
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let json = summary(&out, 0);
    assert_eq!(json["files"]["read"], 4, "{json}");
    assert_eq!(json["files"]["refused"], 0, "{json}");

    let reporters = world.sql(
        "SELECT year, agency, respondent_id, rssd_id, bank_id, reason FROM lending_reporters \
         WHERE name IS NOT NULL",
    );
    let mut by_year: std::collections::BTreeMap<u64, (u64, u64, Vec<String>)> =
        std::collections::BTreeMap::new();
    for r in &reporters {
        let year = r["year"].as_u64().unwrap();
        let entry = by_year.entry(year).or_default();
        entry.0 += 1;
        let Some(bank) = r["bank_id"].as_str() else {
            continue;
        };
        entry.1 += 1;
        let own = bank_id(&key(
            r["agency"].as_u64().unwrap(),
            r["respondent_id"].as_u64().unwrap(),
        ));
        let by_rssd = r["rssd_id"]
            .as_u64()
            .filter(|n| *n > 0)
            .map(|n| bank_id(&key(2, n)));
        if bank != own && Some(bank.to_string()) != by_rssd {
            entry.2.push(format!("{r}"));
        }
    }
    let linked = |year: u64| by_year[&year].1;
    for (year, (held, linked, wrong)) in &by_year {
        assert!(
            wrong.is_empty(),
            "{year}: {} wrong: {:?}",
            wrong.len(),
            &wrong[..wrong.len().min(3)]
        );
        eprintln!("{year}: {linked} of {held} reporters linked");
    }
    assert_eq!(by_year[&1996].0, 2_078);
    assert_eq!(by_year[&2013].0, 791);
    assert_eq!(by_year[&2022].0, 711);
    // As many as the README finds by agency code and respondent ID alone.
    assert!(linked(1996) >= 1_997, "{by_year:?}");
    assert!(linked(2013) >= 784, "{by_year:?}");
    assert!(linked(2022) >= 683, "{by_year:?}");
    for r in world.sql(
        "SELECT year, reason, count(*) AS n FROM lending_reporters WHERE bank_id IS NULL \
         GROUP BY year, reason ORDER BY year, reason",
    ) {
        eprintln!("{}: unlinked, {}: {}", r["year"], r["reason"], r["n"]);
    }
    // Every unlinked reporter has its reason.
    assert_eq!(
        world.sql(
            "SELECT count(*) AS n FROM lending_reporters WHERE bank_id IS NULL AND reason IS NULL"
        )[0]["n"],
        Value::from(0)
    );

    // A lender's totals, as the copy holds them and as this test reads
    // the file's columns.
    for (agency, respondent) in [(3u8, 14_134u64), (1, 1), (1, 8)] {
        let held = world.sql(&format!(
            "SELECT coalesce(sum(loans), 0) AS loans, coalesce(sum(amount_thousands), 0) AS amount \
             FROM lending WHERE year = 2013 AND table_id = 'A1-1a' AND agency = {agency} \
             AND respondent_id = {respondent}"
        ));
        let by_hand = lender_total_by_hand(&aggregate, agency, respondent);
        assert!(by_hand.0 > 0, "{agency}-{respondent}");
        eprintln!("2013 A1-1a {agency}-{respondent}: {by_hand:?} (loans, $000) by hand");
        assert_eq!(
            (
                held[0]["loans"].as_u64().unwrap(),
                held[0]["amount"].as_u64().unwrap()
            ),
            by_hand,
            "{agency}-{respondent}"
        );
    }
}
