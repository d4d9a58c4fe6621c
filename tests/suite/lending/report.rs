//! `cra report`'s sections on what stands behind the ratings, on the
//! sandbox: the lending section's medians by rating equal those this test
//! reckons through `cra sql` from the rows the copy holds (the contract's
//! shares, written out again in SQL), each bank of a small selection
//! beside its market as `cra lending` gives it; "4 of 5 banks have a
//! public evaluation read" for a five-bank watch list with four read; and
//! a copy without lending data says so in one line with the command to
//! paste, on the page and in the workbook.

use std::collections::BTreeMap;

use serde_json::Value;

use super::support::{lending, summary};
use crate::common::{Home, World, assert_code, enriched};

/// Each bank's small business lending of the last year it reported
/// before its exam's year, reckoned in SQL from the copy's rows: the
/// disclosure's county rows (originations; totals where `in_area` is
/// null, inside and outside areas where it is not) and the aggregate's
/// market in the counties where it lent.
const BY_SQL: &str = "\
WITH b AS (SELECT id, rating, CAST(substr(exam_date, 1, 4) AS INTEGER) AS exam_year \
  FROM banks WHERE exam_date IS NOT NULL), \
sb AS (SELECT * FROM lending WHERE kind = 'small_business' AND action = 'originated' \
  AND table_id IN ('D1-1', 'A1-1a') AND county IS NOT NULL), \
last AS (SELECT b.id, b.rating, max(sb.year) AS year FROM b JOIN sb ON sb.bank_id = b.id \
  AND sb.year < b.exam_year AND sb.in_area IS NULL AND sb.loans > 0 GROUP BY b.id), \
own AS (SELECT last.id, last.rating, last.year, \
  sum(CASE WHEN sb.in_area IS NULL THEN sb.loans ELSE 0 END) AS loans, \
  sum(CASE WHEN sb.in_area IS NULL AND sb.income_group IN ('low', 'moderate') \
    THEN sb.loans ELSE 0 END) AS lmi, \
  sum(CASE WHEN sb.in_area IS NULL AND sb.income_group IN ('low', 'moderate', 'middle', \
    'upper') THEN sb.loans ELSE 0 END) AS known, \
  sum(CASE WHEN sb.in_area = 1 THEN sb.loans ELSE 0 END) AS inside, \
  sum(CASE WHEN sb.in_area = 0 THEN sb.loans ELSE 0 END) AS outside \
  FROM last JOIN sb ON sb.bank_id = last.id AND sb.year = last.year AND sb.table_id = 'D1-1' \
  GROUP BY last.id), \
counties AS (SELECT DISTINCT last.id, sb.year, sb.state, sb.county FROM last JOIN sb \
  ON sb.bank_id = last.id AND sb.year = last.year AND sb.table_id = 'D1-1' \
  AND sb.in_area IS NULL AND sb.loans > 0), \
market AS (SELECT c.id, \
  sum(CASE WHEN m.income_group IN ('low', 'moderate') THEN m.loans ELSE 0 END) AS m_lmi, \
  sum(CASE WHEN m.income_group IN ('low', 'moderate', 'middle', 'upper') \
    THEN m.loans ELSE 0 END) AS m_known \
  FROM counties c JOIN lending_market m ON m.year = c.year AND m.state = c.state \
  AND m.county = c.county AND m.kind = 'small_business' AND m.action = 'originated' \
  GROUP BY c.id) \
SELECT own.id AS id, own.rating AS rating, own.year AS year, own.loans AS loans, \
  own.lmi AS lmi, own.known AS known, own.inside AS inside, own.outside AS outside, \
  market.m_lmi AS m_lmi, market.m_known AS m_known \
FROM own LEFT JOIN market ON market.id = own.id ORDER BY own.id";

/// One bank's shares as the test reckons them.
#[derive(Debug, Clone, Default)]
struct Shares {
    rating: String,
    year: u64,
    loans: u64,
    lmi: Option<f64>,
    market: Option<f64>,
    in_area: Option<f64>,
}

fn share(row: &Value, part: &str, whole: &[&str]) -> Option<f64> {
    let n = |key: &str| row[key].as_u64().unwrap_or(0);
    let whole: u64 = whole.iter().map(|key| n(key)).sum();
    (whole > 0).then(|| n(part) as f64 / whole as f64)
}

fn by_sql(world: &World) -> BTreeMap<String, Shares> {
    world
        .sql(BY_SQL)
        .iter()
        .map(|row| {
            (
                row["id"].as_str().unwrap().to_string(),
                Shares {
                    rating: row["rating"].as_str().unwrap_or("").to_string(),
                    year: row["year"].as_u64().unwrap(),
                    loans: row["loans"].as_u64().unwrap(),
                    lmi: share(row, "lmi", &["known"]),
                    market: share(row, "m_lmi", &["m_known"]),
                    in_area: share(row, "inside", &["inside", "outside"]),
                },
            )
        })
        .collect()
}

fn median(mut values: Vec<f64>) -> Option<f64> {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(values[n / 2]),
        _ => Some((values[n / 2 - 1] + values[n / 2]) / 2.0),
    }
}

/// A share as the page prints it.
fn percent(share: Option<f64>) -> String {
    share.map_or("&ndash;".to_string(), |s| format!("{:.1}%", s * 100.0))
}

/// `1,234`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The cells of each row of the table under `heading` in `page`.
fn table_under(page: &str, heading: &str) -> Vec<Vec<String>> {
    let at = page
        .find(heading)
        .unwrap_or_else(|| panic!("no {heading:?}"));
    let body = &page[at..];
    let body = &body[body.find("<tbody>").unwrap()..body.find("</tbody>").unwrap()];
    body.split("<tr>")
        .skip(1)
        .map(|row| {
            row.split("<td")
                .skip(1)
                .map(|cell| {
                    let text = &cell[cell.find('>').unwrap() + 1..];
                    text[..text.find("</td>").unwrap()].to_string()
                })
                .collect()
        })
        .collect()
}

fn report(world: &World, args: &[&str], name: &str) -> String {
    let path = world.home.path().join(name);
    let out = world.local(&[args, &["-o", path.to_str().unwrap()]].concat());
    assert_code(&out, 0);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn the_reports_lending_and_evaluations_say_what_the_copy_holds() {
    let world = enriched(400);
    summary(&lending(&world, &["--years", "2021..2025"]), 0);
    let hand = by_sql(&world);
    assert!(hand.len() >= 5, "{} banks with lending", hand.len());

    // Every bank: the medians by rating.
    let page = report(&world, &["report"], "all.html");
    let rows = table_under(&page, "<h3>LMI share by rating</h3>");
    let mut expected = Vec::new();
    for rating in [
        "Outstanding",
        "Satisfactory",
        "Needs to Improve",
        "Substantial Noncompliance",
    ] {
        let banks: Vec<&Shares> = hand
            .values()
            .filter(|s| s.rating == rating && s.lmi.is_some())
            .collect();
        if banks.is_empty() {
            continue;
        }
        let of =
            |f: fn(&Shares) -> Option<f64>| median(banks.iter().filter_map(|s| f(s)).collect());
        expected.push(vec![
            rating.to_string(),
            banks.len().to_string(),
            percent(of(|s| s.lmi)),
            percent(of(|s| s.market)),
            percent(of(|s| s.in_area)),
        ]);
    }
    assert_eq!(rows, expected);
    let reported = format!(
        "{} of {} banks reported small business loans in a year before their exam&#39;s year",
        hand.len(),
        world.stored_banks()
    );
    assert!(page.contains(&reported), "no {reported:?}");
    let none_read = format!(
        "0 of {} banks have a public evaluation read",
        world.stored_banks()
    );
    assert!(page.contains(&none_read), "no {none_read:?}");

    // Five banks that lent, four of whose current exams' evaluations are
    // read: the large banks first (their evaluations rate three tests).
    let large = world.sql("SELECT id FROM banks WHERE exam_type = 'Large Bank' ORDER BY id");
    let candidates: Vec<&str> = large
        .iter()
        .filter_map(|row| row["id"].as_str())
        .filter(|id| hand.contains_key(*id))
        .collect();
    let mut read = Vec::new();
    let mut unread = None;
    for id in candidates {
        if read.len() == 4 {
            unread = Some(id);
            break;
        }
        let file = world.home.path().join(format!("pe-{id}.pdf"));
        let out = world
            .cra()
            .env("CRA_EVALUATIONS", world.url())
            .args(["pe", id, "--download", "-o", file.to_str().unwrap()])
            .output()
            .unwrap();
        assert_code(&out, 0);
        world.local(&["enrich", "--pe", file.to_str().unwrap()]);
        let linked = world.sql(&format!(
            "SELECT count(*) AS n FROM evaluations e JOIN banks b ON b.id = e.bank_id \
             AND b.exam_date = e.exam_date WHERE b.id = '{id}'"
        ));
        if linked[0]["n"].as_u64() > Some(0) {
            read.push(id);
        }
    }
    let unread = unread.expect("a fifth bank that lent");
    let mut five = read.clone();
    five.push(unread);
    let mut add = vec!["watch", "add", "five"];
    add.extend(&five);
    assert_code(&world.run(&add), 0);
    let page = report(&world, &["report", "--watch", "five"], "five.html");
    assert!(
        page.contains("4 of 5 banks have a public evaluation read"),
        "{}",
        &page[page.find("id=\"evaluations\"").unwrap()..]
    );
    assert!(page.contains("By Lending Test") && page.contains("By Service Test"));
    // Each bank: its tests, or "not read".
    let tests = table_under(&page, "<th>Community Development</th>");
    assert_eq!(tests.len(), 5);
    let not_read: Vec<&Vec<String>> = tests
        .iter()
        .filter(|row| row[3] == "<i>not read</i>")
        .collect();
    assert_eq!(not_read.len(), 1, "{tests:?}");
    // Each bank beside its market, as cra lending gives its year.
    let each = table_under(&page, "<h3>Each bank beside its market</h3>");
    assert_eq!(each.len(), 5);
    for row in &each {
        let bank = five
            .iter()
            .find(|id| {
                let name = world.sql(&format!("SELECT name FROM banks WHERE id = '{id}'"));
                row[0].starts_with(
                    &name[0]["name"]
                        .as_str()
                        .unwrap()
                        .replace('&', "&amp;")
                        .replace('\'', "&#39;"),
                )
            })
            .unwrap_or_else(|| panic!("{row:?}"));
        let shares = &hand[*bank];
        assert_eq!(row[2], shares.year.to_string(), "{row:?}");
        assert_eq!(row[3], thousands(shares.loans), "{row:?}");
        assert_eq!(row[4], percent(shares.lmi), "{row:?}");
        assert_eq!(row[5], percent(shares.market), "{row:?}");
        assert_eq!(row[6], percent(shares.in_area), "{row:?}");
        let year = shares.year.to_string();
        let lent = world.json(&["lending", bank, "--year", &year, "--format", "json"]);
        assert_eq!(row[4], percent(lent[0]["lmi_share"].as_f64()));
        assert_eq!(row[5], percent(lent[0]["market_lmi_share"].as_f64()));
    }

    // The workbook: the same figures, and About says what they are.
    use calamine::{Data, Reader, Xlsx, open_workbook};
    let path = world.home.path().join("five.xlsx");
    assert_code(
        &world.local(&["report", "--watch", "five", "-o", path.to_str().unwrap()]),
        0,
    );
    let mut book: Xlsx<_> = open_workbook(&path).unwrap();
    let names = book.sheet_names();
    for name in [
        "Lending Test",
        "Evaluations",
        "Lending",
        "Lending banks",
        "About",
    ] {
        assert!(names.iter().any(|n| n == name), "no {name}: {names:?}");
    }
    let banks = book.worksheet_range("Lending banks").unwrap();
    assert_eq!(banks.height(), 6);
    let about = book.worksheet_range("About").unwrap();
    let said = |key: &str| {
        about
            .rows()
            .find(|row| row[0] == Data::String(key.into()))
            .map(|row| row[1].to_string())
            .unwrap_or_default()
    };
    assert!(
        said("Evaluations").starts_with("4 of 5 banks have a public evaluation read"),
        "{about:?}"
    );
    assert!(said("Lending").contains("lmi_share"), "{about:?}");
    let tests = book.worksheet_range("Lending Test").unwrap();
    assert_eq!(
        tests.rows().next().unwrap()[1],
        Data::String("total".into()),
        "the count's header is total, as in stats"
    );
}

/// A copy with no lending data: one line saying so, with the command as
/// this run would paste it, on the page and in the workbook.
#[test]
fn a_copy_without_lending_data_says_so_with_the_command() {
    let home = Home::new();
    assert_code(&home.sandboxed(&["sync", "--quiet"]), 0);
    let page = home.path().join("r.html");
    assert_code(
        &home.sandboxed(&["report", "--state", "VT", "-o", page.to_str().unwrap()]),
        0,
    );
    let page = std::fs::read_to_string(page).unwrap();
    let line = "The local copy holds no lending data: run <code>cra --sandbox enrich --lending</code> \
                to read the FFIEC&#39;s.";
    assert!(page.contains(line), "{page}");
    assert!(page.contains("have a public evaluation read"));
    assert!(page.contains("read them with <code>cra --sandbox enrich --pe FILE|FOLDER</code>"));

    let mirror = home.path().join("elsewhere.sqlite");
    let mirror = mirror.to_str().unwrap();
    assert_code(&home.sandboxed(&["sync", "--quiet", "--mirror", mirror]), 0);
    let book = home.path().join("r.xlsx");
    assert_code(
        &home.sandboxed(&["report", "--mirror", mirror, "-o", book.to_str().unwrap()]),
        0,
    );
    use calamine::{Data, Reader, Xlsx, open_workbook};
    let mut book: Xlsx<_> = open_workbook(&book).unwrap();
    let sheet = book.worksheet_range("Lending").unwrap();
    let said = format!(
        "The local copy holds no lending data: run cra --sandbox enrich --mirror {mirror} \
         --lending to read the FFIEC's."
    );
    assert_eq!(sheet.rows().nth(1).unwrap()[0], Data::String(said.clone()));
    let about = book.worksheet_range("About").unwrap();
    assert!(
        about
            .rows()
            .any(|row| row[0] == Data::String("Lending".into())
                && row[1] == Data::String(said.clone())),
        "{about:?}"
    );
}
