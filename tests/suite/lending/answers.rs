//! `cra lending` and `cra areas` on the sandbox's files: the shares this
//! test reckons from the served disclosure and aggregate files themselves
//! (byte columns of the 2004-on layout, the README's code lists) equal the
//! command's; a bank's areas add up to its tracts in the copy; every
//! format; several banks one row per bank and year.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

use super::support::{fetch, lending, summary, unzip};
use crate::common::{World, assert_code, enriched};

/// The text of every line of the zip's members.
fn lines(bytes: &[u8]) -> Vec<String> {
    unzip(bytes)
        .into_iter()
        .flat_map(|(_, text)| {
            String::from_utf8_lossy(&text)
                .lines()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Columns `first..=last` (1-based, as the README gives them), trimmed.
fn at(line: &str, first: usize, last: usize) -> &str {
    line.get(first - 1..last.min(line.len()))
        .unwrap_or("")
        .trim()
}

fn number(line: &str, first: usize, last: usize) -> u64 {
    at(line, first, last).parse().unwrap_or(0)
}

/// The README's category of an income group code.
fn category(code: &str) -> &'static str {
    match code {
        "001" | "002" | "003" | "004" | "005" | "101" => "low",
        "006" | "007" | "008" | "102" => "moderate",
        "009" | "010" | "011" | "012" | "103" => "middle",
        "013" | "104" => "upper",
        _ => "unknown",
    }
}

/// What the test reckons of one reporter's 2013 small business
/// originations.
#[derive(Debug, Default)]
struct ByHand {
    loans: u64,
    lmi: u64,
    known: u64,
    small_revenue: u64,
    inside: u64,
    outside: u64,
    /// The county's loans, by state and county.
    counties: BTreeMap<(String, String), u64>,
}

fn by_hand(disclosure: &[String], agency: u64, respondent: u64) -> ByHand {
    let mut hand = ByHand::default();
    for line in disclosure {
        // D1-1: small business originations (2004-on columns).
        if !line.starts_with("D1-1")
            || number(line, 6, 15) != respondent
            || number(line, 16, 16) != agency
            || at(line, 22, 22) != "1"
        {
            continue;
        }
        let group = at(line, 40, 42);
        if group.is_empty() {
            continue;
        }
        let loans = number(line, 46, 55) + number(line, 66, 75) + number(line, 86, 95);
        match at(line, 43, 45) {
            "040" => {
                hand.loans += loans;
                hand.small_revenue += number(line, 106, 115);
                let category = category(group);
                if matches!(category, "low" | "moderate") {
                    hand.lmi += loans;
                }
                if category != "unknown" {
                    hand.known += loans;
                }
                *hand
                    .counties
                    .entry((at(line, 23, 24).into(), at(line, 25, 27).into()))
                    .or_default() += loans;
            }
            "050" => hand.inside += loans,
            "060" => hand.outside += loans,
            _ => {}
        }
    }
    hand
}

/// Every reporter's 2013 small business originations by county and
/// income group (A1-1, report level 100).
fn market(aggregate: &[String]) -> BTreeMap<(String, String), BTreeMap<&'static str, u64>> {
    let mut market: BTreeMap<(String, String), BTreeMap<&'static str, u64>> = BTreeMap::new();
    for line in aggregate {
        if !line.starts_with("A1-1 ") || at(line, 11, 11) != "1" || at(line, 34, 36) != "100" {
            continue;
        }
        let loans = number(line, 37, 46) + number(line, 57, 66) + number(line, 77, 86);
        *market
            .entry((at(line, 12, 13).into(), at(line, 14, 16).into()))
            .or_default()
            .entry(category(at(line, 31, 33)))
            .or_default() += loans;
    }
    market
}

fn close(json: &Value, key: &str, expected: f64) {
    let got = json[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key}: {json}"));
    assert!((got - expected).abs() < 1e-9, "{key}: {got} != {expected}");
}

fn json(world: &World, args: &[&str]) -> Vec<Value> {
    world.json(&[args, &["--format", "json"]].concat())
}

#[test]
fn lending_and_areas_say_what_the_served_files_say() {
    let world = enriched(400);
    let files: Vec<String> = ["trans", "aggr", "discl"]
        .map(|kind| format!("{}/lending/13exp_{kind}.zip", world.url()))
        .into();
    let args: Vec<&str> = files.iter().map(String::as_str).collect();
    summary(&lending(&world, &args), 0);
    let disclosure = lines(&fetch(&world, "/lending/13exp_discl.zip"));
    let aggregate = lines(&fetch(&world, "/lending/13exp_aggr.zip"));
    let market = market(&aggregate);

    // The linked reporters with the most loans, and one more.
    let top = world.sql(
        "SELECT bank_id, agency, respondent_id FROM lending WHERE year = 2013 \
         AND table_id = 'D1-1' AND bank_id IS NOT NULL GROUP BY bank_id, agency, respondent_id \
         ORDER BY sum(loans) DESC, bank_id LIMIT 2",
    );
    assert_eq!(top.len(), 2, "{top:?}");
    let bank = top[0]["bank_id"].as_str().unwrap();
    let hand = by_hand(
        &disclosure,
        top[0]["agency"].as_u64().unwrap(),
        top[0]["respondent_id"].as_u64().unwrap(),
    );
    assert!(hand.loans > 0 && hand.known > 0, "{hand:?}");
    let rows = json(&world, &["lending", bank, "--year", "2013"]);
    assert_eq!(rows.len(), 1, "{rows:?}");
    let row = &rows[0];
    assert_eq!(row["id"], bank);
    assert_eq!(row["year"], 2013);
    assert_eq!(row["loans"], hand.loans);
    assert_eq!(row["source"], "disclosure");
    close(row, "lmi_share", hand.lmi as f64 / hand.known as f64);
    close(
        row,
        "small_revenue_share",
        hand.small_revenue as f64 / hand.loans as f64,
    );
    close(
        row,
        "in_area_share",
        hand.inside as f64 / (hand.inside + hand.outside) as f64,
    );
    let lent: BTreeSet<_> = hand
        .counties
        .iter()
        .filter(|(_, loans)| **loans > 0)
        .map(|(county, _)| county.clone())
        .collect();
    let (mut m_lmi, mut m_known, mut m_all) = (0, 0, 0);
    for county in &lent {
        for (group, loans) in market.get(county).into_iter().flatten() {
            m_all += loans;
            if matches!(*group, "low" | "moderate") {
                m_lmi += loans;
            }
            if *group != "unknown" {
                m_known += loans;
            }
        }
    }
    close(row, "market_lmi_share", m_lmi as f64 / m_known as f64);
    close(row, "market_share", hand.loans as f64 / m_all as f64);

    // By county: each county's loans and its market share.
    let counties = json(
        &world,
        &["lending", bank, "--year", "2013", "--by", "county"],
    );
    assert_eq!(counties.len(), hand.counties.len(), "{counties:?}");
    for row in &counties {
        let code = row["county"].as_str().unwrap();
        let key = (code[..2].to_string(), code[2..].to_string());
        assert_eq!(row["loans"], hand.counties[&key], "{code}");
        if hand.counties[&key] > 0 {
            let all: u64 = market[&key].values().sum();
            close(row, "market_share", hand.counties[&key] as f64 / all as f64);
        }
    }
    // By income group: the groups' loans add up to the year's.
    let groups = json(
        &world,
        &["lending", bank, "--year", "2013", "--by", "income"],
    );
    let sum: u64 = groups.iter().map(|g| g["loans"].as_u64().unwrap()).sum();
    assert_eq!(sum, hand.loans);

    // Several banks: one row per bank and year, in every format.
    let other = top[1]["bank_id"].as_str().unwrap();
    let both = json(&world, &["lending", bank, other, "--year", "2013"]);
    assert_eq!(both.len(), 2);
    assert_eq!(both[1]["id"], other);
    let csv = world.local(&["lending", bank, other, "--year", "2013", "--format", "csv"]);
    assert_code(&csv, 0);
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert!(
        csv.starts_with("id,name,year,loans,amount,lmi_share,market_lmi_share,"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 3, "{csv}");
    for format in ["tsv", "ndjson", "table"] {
        let out = world.local(&["lending", bank, "--format", format]);
        assert_code(&out, 0);
        assert!(!out.stdout.is_empty(), "{format}");
    }

    // Areas: each area's counties, their tracts all of the copy's.
    let areas = json(&world, &["areas", bank]);
    assert!(!areas.is_empty());
    let tracts: u64 = areas.iter().map(|a| a["tracts"].as_u64().unwrap()).sum();
    let held = world.sql(&format!(
        "SELECT count(*) AS n FROM assessment_areas WHERE bank_id = '{bank}' AND year = 2013"
    ));
    assert_eq!(held[0]["n"], tracts);
    for area in &areas {
        let groups: u64 = ["low", "moderate", "middle", "upper", "unknown"]
            .iter()
            .map(|g| area[*g].as_u64().unwrap())
            .sum();
        assert_eq!(groups, area["tracts"].as_u64().unwrap(), "{area}");
    }
}

#[test]
fn lending_without_lending_data_says_what_to_run() {
    let world = enriched(50);
    let out = world.local(&["lending", "anything"]);
    assert_code(&out, 2);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cra enrich --lending"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
