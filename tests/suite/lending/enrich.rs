//! `cra enrich --lending` against the sandbox's files: every era's layout
//! (1996, 1997-2003, 2004 on) and both packagings (one file a kind; from
//! 2016 one a table), every table stored as the migration says, the files
//! agreeing in the copy as they do in the sandbox, every reporter linked
//! to the bank it truly is (none wrongly); a file read again changes
//! nothing; a corrected file replaces its kind and year, a 2016-on file
//! of one table that table only; `--years` with `CRA_LENDING`; without
//! the public record, exit 2.

use std::collections::HashMap;

use serde_json::Value;

use super::support::{count, fetch, fingerprint, lending, summary, unzip, zip};
use crate::common::{World, assert_code, enriched, stderr};

/// The institution each bank of the sandbox truly is: `REGULATOR-ID`.
fn truth(world: &World) -> HashMap<String, String> {
    let url = format!("{}/_truth/links", world.url());
    let truth: Value =
        serde_json::from_slice(&crate::common::fetch(url).unwrap().bytes().unwrap()).unwrap();
    truth["links"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|link| !link["institution"].is_null())
        .map(|link| {
            let bank = link["bank_id"].as_str().unwrap().to_string();
            (bank, link["institution"].as_str().unwrap().to_string())
        })
        .collect()
}

/// The files of a year, as the sandbox serves them.
fn addresses(world: &World, years: &[u16]) -> Vec<String> {
    years
        .iter()
        .flat_map(|year| {
            ["trans", "aggr", "discl"]
                .map(|kind| format!("{}/lending/{:02}exp_{kind}.zip", world.url(), year % 100))
        })
        .collect()
}

#[test]
fn every_era_and_packaging_is_read_stored_as_its_tables_say_and_linked_exactly() {
    let world = enriched(400);
    let files = addresses(&world, &[1996, 2000, 2013, 2017]);
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    let out = lending(&world, &args);
    let first = summary(&out, 0);
    // Three files a year; 2017's aggregate and disclosure one a table.
    assert_eq!(first["files"]["read"], 3 * 3 + 1 + 8 + 8, "{first}");
    assert_eq!(first["files"]["refused"], 0);
    let rows = &first["rows"];
    for table in [
        "lending",
        "cd_lending",
        "assessment_areas",
        "lending_market",
    ] {
        assert!(rows[table].as_u64().unwrap() > 0, "{table}: {first}");
    }
    assert_eq!(
        count(
            &world,
            "SELECT 1 FROM lending_files WHERE year = 2017 AND kind <> 'transmittal'"
        ),
        16
    );
    assert_eq!(
        world.sql_tsv("SELECT tables FROM lending_files WHERE year = 2013 AND kind = 'disclosure'"),
        "tables\nD1-1,D1-2,D2-1,D2-2,D3-0,D4-0,D5-0,D6-0\n"
    );
    for year in [1996, 2000, 2013, 2017] {
        let reporters = count(
            &world,
            &format!("SELECT 1 FROM lending_reporters WHERE year = {year}"),
        );
        assert!(reporters > 5, "{year}: {reporters} reporters");
        for table in ["D1-1", "D1-2", "D3-0", "D4-0"] {
            assert!(
                count(
                    &world,
                    &format!("SELECT 1 FROM lending WHERE year = {year} AND table_id = '{table}'")
                ) > 0,
                "{year} {table}"
            );
        }
        let lender_rows = count(
            &world,
            &format!("SELECT 1 FROM lending WHERE year = {year} AND table_id = 'A1-1a'"),
        );
        assert_eq!(
            lender_rows > 0,
            year != 1996,
            "{year}: lender rows from 1997"
        );
        // Every reporter of the disclosure names its areas and its CD loans.
        assert_eq!(
            count(
                &world,
                &format!(
                    "SELECT DISTINCT agency, respondent_id FROM cd_lending WHERE year = {year}"
                )
            ),
            reporters
        );
    }
    // The county rows of D1-1 (in_area NULL) are a reporter's A1-1a rows,
    // county by county; inside and outside add up to them.
    let mismatched = count(
        &world,
        "SELECT year, agency, respondent_id, state, county, \
         sum(loans) FILTER (WHERE table_id = 'D1-1' AND in_area IS NULL) AS disclosed, \
         sum(loans) FILTER (WHERE table_id = 'D1-1' AND in_area IS NOT NULL) AS split, \
         sum(loans) FILTER (WHERE table_id = 'A1-1a') AS aggregate \
         FROM lending WHERE year > 1996 GROUP BY 1, 2, 3, 4, 5 \
         HAVING disclosed IS NOT aggregate OR split IS NOT disclosed",
    );
    assert_eq!(mismatched, 0);
    // The market holds every reporter: county by county, its loans are all
    // reporters' (from their disclosure in 1996, which has no A1-1a).
    let market = count(
        &world,
        "SELECT m.year, m.state, m.county FROM (SELECT year, state, county, sum(loans) AS n \
         FROM lending_market WHERE kind = 'small_business' AND action = 'originated' \
         GROUP BY 1, 2, 3) m LEFT JOIN (SELECT year, state, county, sum(loans) AS n FROM lending \
         WHERE table_id = 'D1-1' AND in_area IS NULL GROUP BY 1, 2, 3) d \
         USING (year, state, county) WHERE m.n IS NOT d.n",
    );
    assert_eq!(market, 0);
    // 1996 counts the revenue pair of both tables together: not kept.
    assert_eq!(
        count(
            &world,
            "SELECT 1 FROM lending_market WHERE year = 1996 AND loans_small_revenue IS NOT NULL"
        ),
        0
    );
    // Linked exactly: each linked reporter is its bank's own institution.
    let truth = truth(&world);
    let reporters = world.sql(
        "SELECT agency, respondent_id, bank_id FROM lending_reporters WHERE bank_id IS NOT NULL",
    );
    let regulator = |agency: u64| ["", "OCC", "FRB", "FDIC", "OTS"][agency as usize];
    let wrong: Vec<&Value> = reporters
        .iter()
        .filter(|r| {
            let own = format!(
                "{}-{}",
                regulator(r["agency"].as_u64().unwrap()),
                r["respondent_id"].as_u64().unwrap()
            );
            truth.get(r["bank_id"].as_str().unwrap()) != Some(&own)
        })
        .collect();
    assert!(
        wrong.is_empty(),
        "{} wrong: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(3)]
    );
    let held = first["reporters"].as_u64().unwrap();
    let linked = first["linked"].as_u64().unwrap();
    assert!(
        linked * 100 >= held * 95,
        "{linked} of {held} linked: {first}"
    );
    assert_eq!(reporters.len() as u64, linked);
    // The lending rows carry their reporter's bank.
    assert_eq!(
        count(
            &world,
            "SELECT 1 FROM lending l JOIN lending_reporters r USING (year, agency, respondent_id) \
             WHERE l.bank_id IS NOT r.bank_id"
        ),
        0
    );

    // Read again: nothing changes, known by SHA-256.
    let before = fingerprint(&world);
    let again = summary(&lending(&world, &args), 0);
    assert_eq!(
        again["files"]["already_read"], first["files"]["read"],
        "{again}"
    );
    assert_eq!(again["files"]["read"], 0);
    assert_eq!(fingerprint(&world), before);
}

#[test]
fn a_corrected_file_replaces_its_kind_and_year_and_a_2016_on_table_file_its_table() {
    let world = enriched(300);
    summary(&lending(&world, &["--years", "2013"]), 0);
    summary(&lending(&world, &["--years", "2017"]), 0);
    let held = |query: &str| count(&world, query);
    let a11a_2013 = held("SELECT 1 FROM lending WHERE year = 2013 AND table_id = 'A1-1a'");
    let market_2013 = held("SELECT 1 FROM lending_market WHERE year = 2013");
    // The 2013 aggregate again, without its first lender's A1-1a rows.
    let members = unzip(&fetch(&world, "/lending/13exp_aggr.zip"));
    assert_eq!(members.len(), 1);
    let text = &members[0].1;
    let first_lender = text
        .split(|b| *b == b'\n')
        .find(|line| {
            line.starts_with(b"A1-1a") && line.get(21..31).is_some_and(|id| id != b"          ")
        })
        .map(|line| line[21..32].to_vec())
        .unwrap();
    let mut dropped = 0;
    let corrected: Vec<u8> = text
        .split_inclusive(|b| *b == b'\n')
        .filter(|line| {
            let gone = line.starts_with(b"A1-1a") && line.get(21..32) == Some(&first_lender[..]);
            dropped += usize::from(gone && line[11..16].iter().all(|b| *b != b' '));
            !gone
        })
        .flatten()
        .copied()
        .collect();
    assert!(dropped > 0);
    let file = world.home.path().join("13exp_aggr.zip");
    std::fs::write(&file, zip(&[("exp_aggr.dat".into(), corrected)])).unwrap();
    let out = summary(&lending(&world, &[file.to_str().unwrap()]), 0);
    assert_eq!(out["files"]["read"], 1, "{out}");
    assert_eq!(
        held("SELECT 1 FROM lending WHERE year = 2013 AND table_id = 'A1-1a'"),
        a11a_2013 - dropped as u64
    );
    assert_eq!(
        held("SELECT 1 FROM lending_market WHERE year = 2013"),
        market_2013
    );
    assert_eq!(
        held("SELECT 1 FROM lending_files WHERE year = 2013 AND kind = 'aggregate'"),
        1,
        "the older file of the kind and year is gone"
    );
    // The disclosure of 2013 is another kind: kept.
    assert!(held("SELECT 1 FROM lending WHERE year = 2013 AND table_id = 'D1-1'") > 0);

    // 2017's A2-1 alone, its first record's loans changed: that table
    // only is replaced.
    let members = unzip(&fetch(&world, "/lending/17exp_aggr.zip"));
    assert_eq!(members.len(), 8);
    let (name, text) = members
        .iter()
        .find(|(name, _)| name.ends_with("_A21.dat"))
        .unwrap();
    let before_a21 = world.sql_tsv("SELECT sum(loans) FROM lending_market WHERE year = 2017 AND kind = 'small_farm' AND action = 'originated'");
    let before_a11 = world.sql_tsv(
        "SELECT sum(loans) FROM lending_market WHERE year = 2017 AND kind = 'small_business'",
    );
    // Its tract rows only, halved: the income-group rows are what the copy keeps.
    let changed: Vec<u8> = text
        .split_inclusive(|b| *b == b'\n')
        .filter(|line| &line[33..36] != b"100")
        .flatten()
        .copied()
        .collect();
    let file = world.home.path().join("17exp_aggr_A21.zip");
    std::fs::write(&file, zip(&[(name.clone(), changed)])).unwrap();
    let out = summary(&lending(&world, &[file.to_str().unwrap()]), 0);
    assert_eq!(out["files"]["read"], 1, "{out}");
    assert_eq!(
        world.sql_tsv("SELECT count(*) FROM lending_market WHERE year = 2017 AND kind = 'small_farm' AND action = 'originated'"),
        "count(*)\n0\n",
        "{before_a21}"
    );
    assert_eq!(
        world.sql_tsv(
            "SELECT sum(loans) FROM lending_market WHERE year = 2017 AND kind = 'small_business'"
        ),
        before_a11
    );
    assert_eq!(
        held("SELECT 1 FROM lending_files WHERE year = 2017 AND kind = 'aggregate'"),
        8
    );
}

#[test]
fn lending_needs_the_public_record_and_years_are_checked() {
    let world = World::new(&["--banks", "50"]);
    assert_code(&world.run(&["sync"]), 0);
    let out = lending(&world, &["--years", "2013"]);
    assert_code(&out, 2);
    let text = stderr(&out);
    assert!(text.contains("run: cra enrich"), "{text}");
    let world = enriched(50);
    for (years, says) in [
        ("1990", "1996 to"),
        ("2024..2019", "after the last"),
        ("x", "not a year"),
    ] {
        let out = lending(&world, &["--years", years]);
        assert_code(&out, 2);
        assert!(stderr(&out).contains(says), "{years}: {}", stderr(&out));
    }
    let out = lending(&world, &["some.zip", "--years", "2013"]);
    assert_code(&out, 2);
}
