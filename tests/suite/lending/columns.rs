//! The lending behind each row's exam, as the public record's columns
//! give it (`sb_loans`, `sb_lmi_share`, `sb_market_lmi_share`,
//! `sb_in_area_share`, `cd_loans_amount`), on the sandbox's files: equal,
//! in every reader and format, to what this test reckons from the copy's
//! tables with its own SQL (the contract's definitions written again);
//! `stats --lending`'s medians to the same reckoning; `show`'s last three
//! years to `cra lending`'s.

use std::collections::BTreeMap;

use serde_json::Value;

use super::support::{lending, summary};
use crate::common::{World, assert_code, enriched};

/// A world of 400 banks with the sandbox's lending data read (its last
/// five years).
pub fn lent() -> World {
    let world = enriched(400);
    summary(&lending(&world, &[]), 0);
    world
}

/// What the test reckons of one exam's lending.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Expected {
    pub year: Option<u64>,
    pub loans: Option<u64>,
    pub lmi_share: Option<f64>,
    pub market_lmi_share: Option<f64>,
    pub in_area_share: Option<f64>,
    pub cd_amount: Option<u64>,
}

/// The exams of `exams` (`banks`: each bank's current one; `ratings`:
/// every record) with the last year before the exam's of which the bank
/// reported, as SQL.
fn years_sql(exams: &str) -> String {
    format!(
        "SELECT e.{id} AS bank_id, e.exam_date AS exam_date, \
         (SELECT max(r.year) FROM lending_reporters r WHERE r.bank_id = e.{id} \
          AND r.year < CAST(substr(e.exam_date, 1, 4) AS INTEGER)) AS year \
         FROM {exams} e WHERE e.exam_date IS NOT NULL",
        id = if exams == "banks" { "id" } else { "bank_id" }
    )
}

/// The lending behind each exam of `exams`, by bank and exam date,
/// reckoned by SQL: the disclosure's small business originations by
/// county (`D1-1`: the county's loans with no area, and those inside and
/// outside), the market's in the counties where the bank lent.
pub fn expected(world: &World, exams: &str) -> BTreeMap<(String, String), Expected> {
    let years = years_sql(exams);
    let shares = world.sql(&format!(
        "WITH y AS ({years}), \
         c AS (SELECT y.bank_id, y.exam_date, y.year, x.state, x.county, x.income_group, \
               x.in_area, x.loans FROM y JOIN lending x ON x.bank_id = y.bank_id \
               AND x.year = y.year WHERE x.kind = 'small_business' \
               AND x.action = 'originated' AND x.table_id = 'D1-1' AND x.county IS NOT NULL), \
         lent AS (SELECT bank_id, exam_date, year, state, county FROM c WHERE in_area IS NULL \
                  GROUP BY bank_id, exam_date, year, state, county HAVING sum(loans) > 0), \
         mkt AS (SELECT lent.bank_id, lent.exam_date, \
                 sum(CASE WHEN m.income_group IN ('low', 'moderate') THEN m.loans ELSE 0 END) AS lmi, \
                 sum(CASE WHEN m.income_group IN ('low', 'moderate', 'middle', 'upper') \
                     THEN m.loans ELSE 0 END) AS known \
                 FROM lent JOIN lending_market m ON m.year = lent.year AND m.state = lent.state \
                 AND m.county = lent.county AND m.kind = 'small_business' \
                 AND m.action = 'originated' GROUP BY lent.bank_id, lent.exam_date) \
         SELECT c.bank_id AS bank_id, c.exam_date AS exam_date, c.year AS year, \
           sum(CASE WHEN in_area IS NULL THEN loans ELSE 0 END) AS loans, \
           1.0 * sum(CASE WHEN in_area IS NULL AND income_group IN ('low', 'moderate') \
               THEN loans ELSE 0 END) \
             / nullif(sum(CASE WHEN in_area IS NULL AND income_group IN \
               ('low', 'moderate', 'middle', 'upper') THEN loans ELSE 0 END), 0) AS lmi_share, \
           1.0 * sum(CASE WHEN in_area = 1 THEN loans ELSE 0 END) \
             / nullif(sum(CASE WHEN in_area IS NOT NULL THEN loans ELSE 0 END), 0) \
             AS in_area_share, \
           (SELECT 1.0 * mkt.lmi / nullif(mkt.known, 0) FROM mkt WHERE mkt.bank_id = c.bank_id \
             AND mkt.exam_date = c.exam_date) AS market_lmi_share \
         FROM c GROUP BY c.bank_id, c.exam_date, c.year"
    ));
    let cd = world.sql(&format!(
        "WITH y AS ({years}) SELECT y.bank_id AS bank_id, y.exam_date AS exam_date, \
         y.year AS year, sum(d.amount_thousands) * 1000 AS cd_amount \
         FROM y JOIN cd_lending d ON d.bank_id = y.bank_id AND d.year = y.year \
         GROUP BY y.bank_id, y.exam_date, y.year"
    ));
    let mut all: BTreeMap<(String, String), Expected> = BTreeMap::new();
    let key = |row: &Value| {
        (
            row["bank_id"].as_str().unwrap().to_string(),
            row["exam_date"].as_str().unwrap().to_string(),
        )
    };
    for row in &shares {
        let entry = all.entry(key(row)).or_default();
        entry.year = row["year"].as_u64();
        entry.loans = row["loans"].as_u64().filter(|n| *n > 0);
        entry.lmi_share = row["lmi_share"].as_f64();
        entry.market_lmi_share = row["market_lmi_share"].as_f64();
        entry.in_area_share = row["in_area_share"].as_f64();
    }
    for row in &cd {
        let entry = all.entry(key(row)).or_default();
        entry.year = row["year"].as_u64();
        entry.cd_amount = row["cd_amount"].as_u64();
    }
    all
}

/// `got` (a json number or null) is `want`, to `places` decimals.
fn same(got: &Value, want: Option<f64>, what: &str) {
    match want {
        None => assert_eq!(*got, Value::Null, "{what}"),
        Some(want) => {
            let got = got.as_f64().unwrap_or_else(|| panic!("{what}: {got}"));
            assert!((got - want).abs() < 1e-9, "{what}: {got} != {want}");
        }
    }
}

/// The public record's lending columns of `record` are `want`'s.
fn check(record: &Value, want: &Expected, what: &str) {
    assert_eq!(
        record["sb_loans"],
        want.loans.map_or(Value::Null, Value::from),
        "{what}: {record}"
    );
    same(&record["sb_lmi_share"], want.lmi_share, what);
    same(&record["sb_market_lmi_share"], want.market_lmi_share, what);
    same(&record["sb_in_area_share"], want.in_area_share, what);
    assert_eq!(
        record["cd_loans_amount"],
        want.cd_amount.map_or(Value::Null, Value::from),
        "{what}: {record}"
    );
}

const LENDING_COLUMNS: &str =
    "sb_loans,sb_lmi_share,sb_market_lmi_share,sb_in_area_share,cd_loans_amount";

#[test]
fn each_rows_exam_has_the_lending_of_the_year_before_in_every_reader_and_format() {
    let world = lent();
    let current = expected(&world, "banks");
    let with_shares = current.values().filter(|e| e.lmi_share.is_some()).count();
    assert!(with_shares >= 10, "{with_shares} banks with shares");
    let none = Expected::default();

    // search, a row a bank: its current exam's.
    let banks = world.json(&[
        "--offline",
        "search",
        "--all",
        "--enriched",
        "--format",
        "json",
    ]);
    assert!(banks.len() > 300);
    for bank in &banks {
        let key = (
            bank["id"].as_str().unwrap().to_string(),
            bank["current_rating"]["exam_date"]
                .as_str()
                .unwrap_or("")
                .to_string(),
        );
        check(
            &bank["public_record"],
            current.get(&key).unwrap_or(&none),
            &key.0,
        );
    }
    // The numbers `cra lending` gives of that year.
    let (key, one) = current
        .iter()
        .find(|(_, e)| e.lmi_share.is_some() && e.cd_amount.is_some())
        .expect("a bank with shares and community development loans");
    let year = one.year.unwrap().to_string();
    let line = &world.json(&["lending", &key.0, "--year", &year, "--format", "json"])[0];
    assert_eq!(line["loans"], one.loans.unwrap());
    assert_eq!(line["lmi_share"], {
        let bank = banks.iter().find(|b| b["id"] == key.0.as_str()).unwrap();
        bank["public_record"]["sb_lmi_share"].clone()
    });
    assert_eq!(line["cd_amount"], one.cd_amount.unwrap());

    // changes, export --with-history: each record's own exam's.
    let records = expected(&world, "ratings");
    let changes = world.json(&[
        "changes",
        "--change",
        "all",
        "--enriched",
        "--format",
        "json",
    ]);
    // The year each bank's current exam reads.
    let current_year: BTreeMap<&str, Option<u64>> = current
        .iter()
        .map(|((bank, _), e)| (bank.as_str(), e.year))
        .collect();
    let mut own = 0;
    for row in &changes {
        let key = (
            row["id"].as_str().unwrap().to_string(),
            row["exam_date"].as_str().unwrap().to_string(),
        );
        let want = records.get(&key).unwrap_or(&none);
        if want.year.is_some() && current_year.get(key.0.as_str()) != Some(&want.year) {
            own += 1;
        }
        check(&row["public_record"], want, &format!("{key:?}"));
    }
    assert!(own > 0, "no record of a year of its own");
    // An exam before any year reported has none.
    assert!(
        changes
            .iter()
            .any(|c| c["exam_date"].as_str().unwrap() < "2021"
                && c["public_record"]["sb_loans"].is_null())
    );
    let csv = world.local(&[
        "--offline",
        "export",
        "--with-history",
        "--columns",
        &format!("id,exam_date,{LENDING_COLUMNS}"),
    ]);
    assert_code(&csv, 0);
    let csv = String::from_utf8(csv.stdout).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        format!("id,exam_date,{LENDING_COLUMNS}")
    );
    let mut seen = 0;
    for line in lines {
        let cells: Vec<&str> = line.split(',').collect();
        let want = records
            .get(&(cells[0].to_string(), cells[1].to_string()))
            .unwrap_or(&none);
        let share = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x:.4}"));
        let n = |x: Option<u64>| x.map_or(String::new(), |x| x.to_string());
        assert_eq!(
            cells[2..],
            [
                n(want.loans),
                share(want.lmi_share),
                share(want.market_lmi_share),
                share(want.in_area_share),
                n(want.cd_amount)
            ],
            "{line}"
        );
        seen += usize::from(want.loans.is_some());
    }
    assert!(seen >= 10);

    // due: the current exam's.
    let due = world.json(&[
        "due",
        "--older-than",
        "1y",
        "--include-inactive",
        "--enriched",
        "--format",
        "json",
    ]);
    assert!(!due.is_empty());
    for row in &due {
        let key = (
            row["id"].as_str().unwrap().to_string(),
            row["exam_date"].as_str().unwrap().to_string(),
        );
        check(
            &row["public_record"],
            current.get(&key).unwrap_or(&none),
            &key.0,
        );
    }

    // A table: shares as percentages, the amount as `assets` shows one;
    // tsv and csv the fraction and the dollars.
    let id = key.0.as_str();
    let columns = format!("id,{LENDING_COLUMNS}");
    let table = world
        .offline()
        .env("CRA_FORCE_TTY", "1")
        .env("COLUMNS", "200")
        .args([
            "search",
            "--all",
            "--columns",
            &columns,
            "--format",
            "table",
        ])
        .args(["--color", "never"])
        .output()
        .unwrap();
    assert_code(&table, 0);
    let table = String::from_utf8(table.stdout).unwrap();
    let row = table
        .lines()
        .find(|l| l.contains(&id[..8]))
        .unwrap_or_else(|| panic!("{id}: {table}"));
    let percent = |x: Option<f64>| format!("{:.1}%", x.unwrap() * 100.0);
    for cell in [
        percent(one.lmi_share),
        percent(one.market_lmi_share),
        percent(one.in_area_share),
        cra::text::dollars(one.cd_amount.unwrap()),
    ] {
        assert!(row.contains(&cell), "{cell}: {row}");
    }
    let tsv = world.local(&[
        "--offline",
        "search",
        "--all",
        "--columns",
        &columns,
        "--format",
        "tsv",
    ]);
    let tsv = String::from_utf8(tsv.stdout).unwrap();
    let row = tsv.lines().find(|l| l.starts_with(id)).unwrap();
    assert!(
        row.contains(&format!("\t{:.4}\t", one.lmi_share.unwrap())),
        "{row}"
    );
    assert!(
        row.ends_with(&format!("\t{}", one.cd_amount.unwrap())),
        "{row}"
    );
}

/// The median of `values` (the mean of the two middle ones of an even
/// count).
fn median(mut values: Vec<f64>) -> Option<f64> {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(values[n / 2]),
        _ => Some((values[n / 2 - 1] + values[n / 2]) / 2.0),
    }
}

#[test]
fn stats_by_rating_lending_gives_the_medians_sql_gives() {
    let world = lent();
    let current = expected(&world, "banks");
    let banks =
        world.sql("SELECT id AS bank_id, coalesce(rating, 'none') AS rating, exam_date FROM banks");
    // By rating: the banks of each, the scale's order.
    let counted = world.json(&["stats", "--by", "rating", "--format", "json"]);
    let groups: Vec<&str> = counted
        .iter()
        .map(|g| g["group"].as_str().unwrap())
        .collect();
    let scale = [
        "Outstanding",
        "Satisfactory",
        "Needs to Improve",
        "Substantial Noncompliance",
    ];
    let mut in_scale: Vec<&str> = groups.clone();
    in_scale.sort_by_key(|g| scale.iter().position(|s| s == g).unwrap_or(scale.len()));
    assert_eq!(groups, in_scale);
    assert!(groups.len() >= 3, "{groups:?}");
    for group in &counted {
        let n = banks
            .iter()
            .filter(|b| b["rating"] == group["group"])
            .count();
        assert_eq!(group["total"], n as u64, "{group}");
    }
    let exams = world.json(&["stats", "--by", "rating", "--exams", "--format", "json"]);
    let records = world
        .sql("SELECT coalesce(rating, 'none') AS rating, count(*) AS n FROM ratings GROUP BY 1");
    for group in &exams {
        let n = records
            .iter()
            .find(|r| r["rating"] == group["group"])
            .map_or(0, |r| r["n"].as_u64().unwrap());
        assert_eq!(group["total"], n, "{group}");
    }

    // --lending: the banks with lending data and the medians.
    let lending = world.json(&["stats", "--by", "rating", "--lending", "--format", "json"]);
    assert_eq!(
        lending
            .iter()
            .map(|g| g["group"].clone())
            .collect::<Vec<_>>(),
        counted
            .iter()
            .map(|g| g["group"].clone())
            .collect::<Vec<_>>()
    );
    let mut with_lending = 0;
    for group in &lending {
        let of_group: Vec<Expected> = banks
            .iter()
            .filter(|b| b["rating"] == group["group"])
            .map(|b| {
                let key = (
                    b["bank_id"].as_str().unwrap().to_string(),
                    b["exam_date"].as_str().unwrap_or("").to_string(),
                );
                current.get(&key).cloned().unwrap_or_default()
            })
            .collect();
        assert_eq!(group["total"], of_group.len() as u64, "{group}");
        let lent = of_group.iter().filter(|e| e.loans.is_some()).count() as u64;
        assert_eq!(group["with_lending"], lent, "{group}");
        with_lending += lent;
        let figure =
            |pick: fn(&Expected) -> Option<f64>| median(of_group.iter().filter_map(pick).collect());
        same(
            &group["sb_loans"],
            figure(|e| e.loans.map(|n| n as f64)),
            "sb_loans",
        );
        same(&group["sb_lmi_share"], figure(|e| e.lmi_share), "lmi");
        same(
            &group["sb_market_lmi_share"],
            figure(|e| e.market_lmi_share),
            "market",
        );
        same(
            &group["sb_in_area_share"],
            figure(|e| e.in_area_share),
            "area",
        );
        same(
            &group["cd_loans_amount"],
            figure(|e| e.cd_amount.map(|n| n as f64)),
            "cd",
        );
    }
    assert!(with_lending >= 10);
    // Every format; csv's header.
    let csv = world.local(&["stats", "--lending", "--format", "csv"]);
    assert_code(&csv, 0);
    let csv = String::from_utf8(csv.stdout).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "group,total,with_lending,sb_loans,sb_lmi_share,sb_market_lmi_share,\
         sb_in_area_share,cd_loans_amount"
    );
    assert!(lines.next().unwrap().starts_with("all,"), "{csv}");
    for format in ["tsv", "table", "ndjson", "xlsx"] {
        let out = world.local(&[
            "stats",
            "--by",
            "state,rating",
            "--lending",
            "--format",
            format,
        ]);
        assert_code(&out, 0);
        assert!(!out.stdout.is_empty(), "{format}");
    }
    // At 80 columns a rating is never cut: a figure gives way first.
    let table = world
        .offline()
        .env("CRA_FORCE_TTY", "1")
        .env("COLUMNS", "80")
        .args(["stats", "--by", "rating", "--lending", "--format", "table"])
        .args(["--color", "never"])
        .output()
        .unwrap();
    assert_code(&table, 0);
    let text = String::from_utf8(table.stdout).unwrap();
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    assert!(!text.contains('…'), "{text}");
    for group in &lending {
        let name = group["group"].as_str().unwrap();
        assert!(
            text.contains(&format!(" {name} ")),
            "{name} not whole: {text}"
        );
    }
    // Months between exams lie between two exams, each of its own rating.
    let gaps = world.local(&["stats", "--gaps", "--by", "rating"]);
    assert_code(&gaps, 2);
}

#[test]
fn show_gives_the_last_three_years_as_cra_lending_does() {
    let world = lent();
    let current = expected(&world, "banks");
    let (key, _) = current
        .iter()
        .find(|(_, e)| e.lmi_share.is_some())
        .expect("a bank with shares");
    let id = key.0.as_str();
    let years = world.sql(&format!(
        "SELECT DISTINCT year FROM lending_reporters WHERE bank_id = '{id}' \
         ORDER BY year DESC LIMIT 3"
    ));
    assert!(!years.is_empty());
    let out = world.local(&["--offline", "show", id, "--format", "json"]);
    assert_code(&out, 0);
    let shown: Value = serde_json::from_slice(&out.stdout).unwrap();
    let lending = shown["lending"].as_array().unwrap();
    assert_eq!(lending.len(), years.len(), "{shown}");
    for (got, year) in lending.iter().zip(&years) {
        let year = year["year"].as_u64().unwrap().to_string();
        let line = &world.json(&["lending", id, "--year", &year, "--format", "json"])[0];
        assert_eq!(got["year"].to_string(), year);
        assert_eq!(got["sb_loans"], line["loans"]);
        assert_eq!(got["sb_lmi_share"], line["lmi_share"]);
        assert_eq!(got["sb_market_lmi_share"], line["market_lmi_share"]);
        assert_eq!(got["sb_in_area_share"], line["in_area_share"]);
        assert_eq!(got["cd_loans_amount"], line["cd_amount"]);
    }
    // With --enriched too; the card says each year.
    let out = world.local(&["--offline", "show", id, "--enriched", "--format", "json"]);
    let enriched: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(enriched["lending"], shown["lending"]);
    let card = world
        .offline()
        .env("CRA_FORCE_TTY", "1")
        .env("COLUMNS", "120")
        .args(["show", id, "--color", "never"])
        .output()
        .unwrap();
    assert_code(&card, 0);
    let card = String::from_utf8(card.stdout).unwrap();
    let first = &lending[0];
    assert!(
        card.contains(&format!(
            "Lending    {}: {} small business",
            first["year"], first["sb_loans"]
        )),
        "{card}"
    );
    assert!(
        card.contains(&format!(
            "LMI {:.1}%",
            first["sb_lmi_share"].as_f64().unwrap() * 100.0
        )),
        "{card}"
    );
    // A bank with no lending: its json as served, no key added.
    let plain = world.sql(
        "SELECT id FROM banks WHERE id NOT IN (SELECT bank_id FROM lending_reporters \
         WHERE bank_id IS NOT NULL) LIMIT 1",
    );
    let other = plain[0]["id"].as_str().unwrap();
    let out = world.local(&["--offline", "show", other, "--format", "json"]);
    let shown: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(shown.get("lending").is_none(), "{shown}");
}
