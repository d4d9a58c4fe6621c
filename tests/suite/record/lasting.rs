//! Links that last, and a summary that says what became of them: a sync
//! of a later release (new exams the file has yet to publish) keeps every
//! link, `enrich` again with the same file keeps them too and says how
//! many it kept, made and lost; every bank not linked is counted once,
//! and told the reason that is true of it.

use std::collections::BTreeMap;

use cra::text::thousands;
use serde_json::Value;

use crate::common::{World, assert_code, stderr};

/// The links of the copy: bank → `REGULATOR-ID`.
fn links(world: &World) -> BTreeMap<String, String> {
    world
        .sql("SELECT bank_id, regulator || '-' || agency_id AS institution FROM links")
        .iter()
        .map(|l| {
            (
                l["bank_id"].as_str().unwrap().to_string(),
                l["institution"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// `cra enrich ARGS --format json`, which must succeed: its summary.
fn enrich(world: &World, args: &[&str]) -> Value {
    let out = world.local(&[&["enrich", "--format", "json"], args].concat());
    assert_code(&out, 0);
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The sum of a summary's counts by reason.
fn total(counts: &Value) -> u64 {
    counts
        .as_object()
        .unwrap()
        .values()
        .map(|n| n.as_u64().unwrap())
        .sum()
}

#[test]
fn a_sync_of_new_exams_keeps_every_link_and_enrich_says_what_it_kept() {
    let mut world = World::new(&["--banks", "3000", "--seed", "11"]);
    assert_code(&world.run(&["sync"]), 0);
    // The file as this release's sandbox serves it, kept for both enriches
    // (a later release's sandbox serves a later file).
    let zip = crate::common::fetch(format!("{}/ffiec/craratng.zip", world.url()))
        .unwrap()
        .bytes()
        .unwrap();
    let file = world.home.path().join("craratng.zip");
    std::fs::write(&file, &zip).unwrap();
    let file = file.to_str().unwrap();

    let first = enrich(&world, &["--ffiec", file, "--no-bankfind"]);
    let (banks, linked) = (
        first["banks"].as_u64().unwrap(),
        first["linked"].as_u64().unwrap(),
    );
    assert_eq!(first["kept"], 0, "{first}");
    assert_eq!(first["new"], linked, "{first}");
    assert_eq!(total(&first["lost"]), 0, "{first}");
    assert_eq!(first["unlinked"], banks - linked, "{first}");
    let before = links(&world);
    assert_eq!(before.len() as u64, linked);

    // The next release: 400 banks with an exam the file does not have yet.
    world.restart_with(&["--evolve", "400"]);
    let synced = world.sync(&[]);
    assert_eq!(synced["new_exams"], 400, "{synced}");
    let gone: Vec<String> = world
        .sql("SELECT id FROM removed_banks")
        .iter()
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect();
    let after = links(&world);
    for (bank, institution) in &before {
        if gone.contains(bank) {
            assert!(!after.contains_key(bank), "{bank} is gone");
        } else {
            assert_eq!(after.get(bank), Some(institution), "{bank} lost its link");
        }
    }

    // The same file again: every link kept, and said.
    let again = enrich(&world, &["--ffiec", file, "--no-bankfind"]);
    assert_eq!(again["kept"], after.len() as u64, "{again}");
    assert_eq!(total(&again["lost"]), 0, "{again}");
    assert_eq!(
        again["linked"].as_u64().unwrap(),
        again["kept"].as_u64().unwrap() + again["new"].as_u64().unwrap()
    );
    let now = links(&world);
    assert_eq!(now.len() as u64, again["linked"].as_u64().unwrap());
    for (bank, institution) in &after {
        assert_eq!(now.get(bank), Some(institution));
    }
    let out = world.local(&["enrich", "--ffiec", file, "--no-bankfind"]);
    assert_code(&out, 0);
    let said = stderr(&out);
    let kept = again["linked"].as_u64().unwrap();
    assert!(
        said.contains(&format!("links: {} kept, 0 new, 0 lost", thousands(kept))),
        "{said}"
    );
}

/// Six banks: one the file has, one two institutions fit alike, and four
/// it has not for a reason of each kind.
const BANKS: &str = "\
id,name,city,state,regulator,exam_date,rating,exam_type,is_current
b1,AMARILLO NATIONAL BANK,AMARILLO,TX,OCC,2019-04-15,Outstanding,Large Bank,true
b1,AMARILLO NATIONAL BANK,AMARILLO,TX,OCC,2015-03-02,Satisfactory,Large Bank,false
b2,Twin State Bank,Waco,TX,FDIC,2020-08-01,Satisfactory,Small Bank,true
b2,Twin State Bank,Waco,TX,FDIC,2016-03-01,Satisfactory,Small Bank,false
b3,Cornbelt Savings Bank,Ames,IA,FDIC,2018-06-01,Satisfactory,Small Bank,true
b4,Hill Country Bank,Kerrville,NM,FRB,2017-06-05,Satisfactory,Small Bank,true
b4,Hill Country Bank,Kerrville,NM,FRB,2012-06-04,Satisfactory,Small Bank,false
b5,Lake Bank,Duluth,MN,OCC,2014-05-05,Outstanding,Small Bank,true
b5,Lake Bank,Duluth,MN,OCC,2010-05-03,Satisfactory,Small Bank,false
b5,Lake Bank,Duluth,MN,OCC,2006-05-08,Satisfactory,Small Bank,false
b5,Lake Bank,Duluth,MN,OCC,2002-05-06,Satisfactory,Small Bank,false
b6,River Bank,Tulsa,OK,OCC,2015-06-01,Satisfactory,Small Bank,true
b6,River Bank,Tulsa,OK,OCC,2011-06-06,Outstanding,Small Bank,false
";

/// The FFIEC file: ID, regulator code, date, name, city, state, assets
/// (thousands), method code, rating code, and the trailing tab.
const FILE: &[&str] = &[
    "14206\t1\t20150302\tAMARILLO NATIONAL BANK\tAMARILLO\tTX\t4100000\t1\t2\t",
    "14206\t1\t20190415\tAMARILLO NATIONAL BANK\tAMARILLO\tTX\t5600000\t1\t1\t",
    "501\t3\t20160301\tTWIN STATE BANK\tWACO\tTX\t90000\t2\t2\t",
    "501\t3\t20200801\tTWIN STATE BANK\tWACO\tTX\t95000\t2\t2\t",
    "502\t3\t20160301\tTWIN STATE BANK\tWACO\tTX\t90000\t2\t2\t",
    "502\t3\t20200801\tTWIN STATE BANK\tWACO\tTX\t95000\t2\t2\t",
    "601\t3\t20180601\tPRAIRIE BANK\tAMES\tIA\t80000\t2\t2\t",
    "701\t2\t20120604\tHILL COUNTRY BANK\tKERRVILLE\tTX\t70000\t2\t2\t",
    "701\t2\t20170605\tHILL COUNTRY BANK\tKERRVILLE\tTX\t75000\t2\t2\t",
    "801\t1\t20100503\tLAKE BANK\tDULUTH\tMN\t60000\t2\t2\t",
    "901\t1\t20110606\tRIVER BANK\tTULSA\tOK\t50000\t2\t2\t",
    "901\t1\t20150601\tRIVER BANK\tTULSA\tOK\t55000\t2\t2\t",
];

#[test]
fn every_bank_not_linked_is_counted_once_and_told_its_true_reason() {
    let world = World::with_data("banks.csv", BANKS);
    assert_code(&world.run(&["sync"]), 0);
    let file = world.home.path().join("craratng.txt");
    let text: String = FILE.iter().map(|l| format!("{l}\r\n")).collect();
    std::fs::write(&file, text).unwrap();
    let file = file.to_str().unwrap();
    let summary = enrich(&world, &["--ffiec", file, "--no-bankfind"]);
    assert_eq!(summary["banks"], 6, "{summary}");
    assert_eq!(summary["linked"], 1, "{summary}");
    // The ambiguous bank is one of those not linked, as the text says.
    assert_eq!(summary["unlinked"], 5, "{summary}");
    assert_eq!(summary["ambiguous"], 1, "{summary}");
    let reasons = &summary["reasons"];
    for (reason, count) in [
        ("ambiguous", 1),
        ("other_name", 1),
        ("other_state", 1),
        ("few_exams", 1),
        ("conflict", 1),
    ] {
        assert_eq!(reasons[reason], count, "{reason}: {summary}");
    }
    assert_eq!(total(reasons), 5);
    let out = world.local(&["enrich", "--ffiec", file, "--no-bankfind"]);
    assert!(
        stderr(&out).contains(
            "not linked: 5 banks (1 ambiguous, 1 conflict, 1 few exams, 1 other name, 1 other state)"
        ),
        "{}",
        stderr(&out)
    );
    // What pe says of each is what is true of it.
    for (bank, says) in [
        (
            "b2",
            "two or more institutions of the FFIEC file fit it equally well",
        ),
        ("b3", "has another name, city or regulator"),
        ("b4", "was never in its state"),
        (
            "b5",
            "agrees in regulator, state, city and name, but too few of their exams match",
        ),
        ("b6", "rates an exam of the same day otherwise"),
    ] {
        let out = world.local(&["pe", bank]);
        assert_code(&out, 5);
        let said = stderr(&out);
        assert!(said.contains(says), "{bank}: {said}");
        assert!(!said.contains("another name, state or rating"), "{said}");
    }
}
