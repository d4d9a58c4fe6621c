//! `cra stats` from a copy synced from the real sandbox: every count what
//! the data holds, pairs and percentages, and the filters named in the
//! SVG.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::common::{World, assert_code, synced, visible_width};

use super::support::{RATINGS, s};

/// Counts as `cra stats` prints them, keyed by group.
type Counts = BTreeMap<String, [u64; 6]>;

fn tally(counts: &mut Counts, group: &str, rating: Option<&str>) {
    let entry = counts.entry(group.to_string()).or_default();
    entry[0] += 1;
    let slot = rating
        .and_then(|r| RATINGS.iter().position(|x| *x == r))
        .unwrap_or(4);
    entry[1 + slot] += 1;
}

fn as_counts(rows: &[Value]) -> Counts {
    let keys = [
        "total",
        "outstanding",
        "satisfactory",
        "needs_to_improve",
        "substantial_noncompliance",
        "other",
    ];
    rows.iter()
        .map(|r| {
            assert!(r["group"].is_string());
            let mut n = [0u64; 6];
            for (i, k) in keys.iter().enumerate() {
                n[i] = r[*k].as_u64().unwrap_or_else(|| panic!("{k} in {r}"));
            }
            (s(&r["group"]), n)
        })
        .collect()
}

#[test]
fn stats_count_what_the_data_holds() {
    let world = World::new(&["--banks", "800", "--seed", "13"]);
    world.sync(&[]);
    let list = world.sandbox().walk("");
    let details = world.sandbox().details("");
    let current = |b: &Value| b["current_rating"]["rating"].as_str().map(str::to_string);

    let mut by: BTreeMap<&str, Counts> = BTreeMap::new();
    for bank in &list {
        let rating = current(bank);
        tally(by.entry("all").or_default(), "all", rating.as_deref());
        tally(
            by.entry("state").or_default(),
            bank["state"].as_str().unwrap(),
            rating.as_deref(),
        );
        tally(
            by.entry("regulator").or_default(),
            bank["regulator"].as_str().unwrap(),
            rating.as_deref(),
        );
        let size = bank["current_rating"]["exam_type"].as_str().unwrap_or("");
        tally(by.entry("size").or_default(), size, rating.as_deref());
    }
    for bank in &details {
        for r in bank["ratings"].as_array().unwrap() {
            tally(
                by.entry("year").or_default(),
                &s(&r["exam_date"])[..4],
                r["rating"].as_str(),
            );
        }
    }
    assert_eq!(
        as_counts(&world.json(&["stats", "--format", "json"])),
        by["all"]
    );
    for group in ["state", "regulator", "size", "year"] {
        let rows = world.json(&["stats", "--by", group, "--format", "json"]);
        let groups: Vec<String> = rows.iter().map(|r| s(&r["group"])).collect();
        let mut sorted = groups.clone();
        sorted.sort();
        assert_eq!(groups, sorted, "groups in ascending order");
        assert_eq!(as_counts(&rows), by[group], "--by {group}");
    }
    let records: usize = details
        .iter()
        .map(|b| b["ratings"].as_array().unwrap().len())
        .sum();
    let years = as_counts(&world.json(&["stats", "--by", "year", "--format", "json"]));
    assert_eq!(years.values().map(|n| n[0]).sum::<u64>(), records as u64);

    // Filters: the bank's state and regulator, the (current) exam type.
    let mut tx = Counts::new();
    let regulator = s(&list[0]["regulator"]);
    let mut reg = Counts::new();
    let mut small = Counts::new();
    for bank in &list {
        let rating = current(bank);
        if bank["state"] == "TX" {
            tally(
                &mut tx,
                bank["regulator"].as_str().unwrap(),
                rating.as_deref(),
            );
        }
        if s(&bank["regulator"]) == regulator {
            tally(&mut reg, "all", rating.as_deref());
        }
        if bank["current_rating"]["exam_type"] == "Small Bank" {
            tally(
                &mut small,
                bank["state"].as_str().unwrap(),
                rating.as_deref(),
            );
        }
    }
    assert_eq!(
        as_counts(&world.json(&[
            "stats",
            "--by",
            "regulator",
            "--state",
            "tx",
            "--format",
            "json"
        ])),
        tx
    );
    assert_eq!(
        as_counts(&world.json(&[
            "stats",
            "--regulator",
            &regulator.to_lowercase(),
            "--format",
            "json"
        ])),
        reg
    );
    assert_eq!(
        as_counts(&world.json(&[
            "stats", "--by", "state", "--size", "small", "--format", "json"
        ])),
        small
    );
    let mut year_tx = Counts::new();
    for bank in details.iter().filter(|b| b["state"] == "TX") {
        for r in bank["ratings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["exam_type"] == "Large Bank")
        {
            tally(&mut year_tx, &s(&r["exam_date"])[..4], r["rating"].as_str());
        }
    }
    assert_eq!(
        as_counts(&world.json(&[
            "stats", "--by", "year", "--state", "TX", "--size", "large", "--format", "json"
        ])),
        year_tx
    );

    // csv: the header and the numbers.
    let out = world.local(&["stats", "--by", "state", "--format", "csv"]);
    assert_code(&out, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(
        "group,total,outstanding,satisfactory,needs_to_improve,substantial_noncompliance,other\r\n"
    ));
    assert_eq!(text.lines().count(), by["state"].len() + 1);

    // The chart on a terminal: one bar per group, no line wider than it.
    for (group, rows) in [
        ("state", &by["state"]),
        ("regulator", &by["regulator"]),
        ("year", &by["year"]),
    ] {
        for width in ["80", "120"] {
            for color in ["never", "always"] {
                let out = world
                    .home
                    .cra()
                    .env("CRA_FORCE_TTY", "1")
                    .env("COLUMNS", width)
                    .args(["--color", color, "stats", "--by", group])
                    .output()
                    .unwrap();
                assert_code(&out, 0);
                let text = String::from_utf8(out.stdout).unwrap();
                let w: usize = width.parse().unwrap();
                for line in text.lines() {
                    assert!(
                        visible_width(line) <= w,
                        "{} > {w}: {line:?}",
                        visible_width(line)
                    );
                }
                assert_eq!(color == "always", text.contains('\x1b'));
                let bars: Vec<&str> = text
                    .lines()
                    .filter(|l| {
                        l.contains(['█', '▓', '▒', '░', '·'])
                            && !l.contains("Outstanding")
                            && !l.contains("other")
                    })
                    .collect();
                assert_eq!(bars.len(), rows.len(), "--by {group} at {width}:\n{text}");
                for (line, name) in bars.iter().zip(rows.keys()) {
                    assert!(line.starts_with(name.as_str()), "{line:?} for {name}");
                }
                assert!(text.contains("Outstanding") && text.contains("Substantial Noncompliance"));
            }
        }
    }

    // The SVG: well-formed XML, one bar group per row, labels as given.
    let svg = world.home.path().join("chart.svg");
    let out = world.local(&[
        "stats",
        "--by",
        "regulator",
        "--svg",
        svg.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_code(&out, 0);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG is XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    let bars: Vec<roxmltree::Node> = doc
        .descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("class") == Some("bar"))
        .collect();
    assert_eq!(bars.len(), by["regulator"].len());
    for (bar, (name, counts)) in bars.iter().zip(&by["regulator"]) {
        assert_eq!(bar.attribute("data-group"), Some(name.as_str()));
        let segments = bar.children().filter(|n| n.has_tag_name("rect")).count();
        assert_eq!(segments, counts[1..].iter().filter(|n| **n > 0).count());
    }
}

#[test]
fn stats_count_pairs_and_percentages_and_name_the_filters_in_the_svg() {
    let world = synced(600);
    let out = world
        .home
        .cra()
        .args(["stats", "--by", "year,regulator", "--format", "csv"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some(
            "group,subgroup,total,outstanding,satisfactory,needs_to_improve,substantial_noncompliance,other"
        )
    );
    let sql = world.sql(
        "SELECT substr(r.exam_date, 1, 4) AS y, b.regulator AS g, count(*) AS n, sum(r.rating = 'Outstanding') AS o
         FROM ratings r JOIN banks b ON b.id = r.bank_id GROUP BY y, g ORDER BY y, g",
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), sql.len());
    for (row, want) in rows.iter().zip(&sql) {
        let cells: Vec<&str> = row.split(',').collect();
        assert_eq!(cells[0], want["y"].as_str().unwrap());
        assert_eq!(cells[1], want["g"].as_str().unwrap());
        assert_eq!(cells[2], want["n"].to_string());
        assert_eq!(cells[3], want["o"].to_string());
    }
    let out = world
        .home
        .cra()
        .args([
            "stats",
            "--by",
            "regulator",
            "--percent",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let groups: Vec<Value> = serde_json::from_slice(&out.stdout).unwrap();
    for g in &groups {
        let sum: f64 = [
            "outstanding",
            "satisfactory",
            "needs_to_improve",
            "substantial_noncompliance",
            "other",
        ]
        .iter()
        .map(|k| g[k].as_f64().unwrap())
        .sum();
        assert!((sum - 100.0).abs() < 0.3, "{g}");
        let text = g["satisfactory"].to_string();
        assert!(
            text.split('.').nth(1).is_none_or(|d| d.len() <= 1),
            "one decimal: {text}"
        );
    }
    let out = world
        .home
        .cra()
        .args([
            "stats",
            "--by",
            "size",
            "--columns",
            "group,outstanding",
            "--format",
            "tsv",
        ])
        .output()
        .unwrap();
    assert_code(&out, 0);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("GROUP\tOUTSTANDING\n"));
    let svg = world.home.path().join("chart.svg");
    let out = world
        .home
        .cra()
        .args([
            "stats",
            "--by",
            "year",
            "--state",
            "tx",
            "--rating",
            "nti",
            "--regulator",
            "occ",
            "--exam-since",
            "2015",
            "--svg",
        ])
        .arg(&svg)
        .args(["--format", "csv"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(
        svg.contains("CRA ratings: records by year (state TX, rating Needs to Improve, regulator OCC, exam since 2015-01-01)"),
        "{}",
        &svg[..svg.len().min(600)]
    );
}

/// `--percent` on a real terminal: the chart's shares with one decimal,
/// the very figures of the csv; without it, whole percents.
#[test]
fn percent_on_a_terminal_shows_one_decimal() {
    let world = synced(400);
    let csv = world.run(&["stats", "--by", "regulator", "--percent", "--format", "csv"]);
    assert_code(&csv, 0);
    let csv = String::from_utf8(csv.stdout).unwrap();
    let first: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    let Some(mut script) =
        crate::common::on_terminal(&world.home, "stats --by regulator --percent")
    else {
        return;
    };
    let out = script.env("COLUMNS", "100").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let row = text
        .lines()
        .find(|l| l.starts_with(first[0]))
        .unwrap_or_else(|| panic!("no {} row in {text}", first[0]));
    for share in &first[2..7] {
        assert!(row.contains(&format!("{share}%")), "{share} in {row}");
    }
    let out = crate::common::on_terminal(&world.home, "stats --by regulator")
        .unwrap()
        .env("COLUMNS", "100")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains(".0%") && text.contains('%'), "{text}");
}
