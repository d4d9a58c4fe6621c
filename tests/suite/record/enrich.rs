//! `cra enrich` end to end: a sandbox serving banks of known histories
//! (`--data`), an FFIEC file written here in the published layout, a
//! scripted BankFind; then the links, the columns and filters that read
//! them, `show fdic:N`, `cra pe`, `due`'s exclusions, a sync keeping the
//! links, and every malformed input leaving the copy as it was.

use std::io::Write;

use serde_json::Value;

use crate::common::server::{Reply, TestServer};
use crate::common::{World, assert_code};

/// Four banks: three the file has (an OCC bank, an FDIC bank dated by its
/// exams' own days, a Federal Reserve member), one it has not; an OTS
/// thrift last examined in 2009.
const BANKS: &str = "\
id,name,city,state,regulator,exam_date,rating,exam_type,is_current
b1,AMARILLO NATIONAL BANK,AMARILLO,TX,OCC,2019-04-15,Outstanding,Large Bank,true
b1,AMARILLO NATIONAL BANK,AMARILLO,TX,OCC,2015-03-02,Satisfactory,Large Bank,false
b2,Citizens Bank,Tulsa,OK,FDIC,2021-03-08,Satisfactory,Small Bank,true
b2,Citizens Bank,Tulsa,OK,FDIC,2016-11-14,Satisfactory,Small Bank,false
b3,GRETNA STATE BANK,GRETNA,NE,FRB,2018-06-04,Satisfactory,Small Bank,true
b3,GRETNA STATE BANK,GRETNA,NE,FRB,2013-09-09,Outstanding,Small Bank,false
b4,NEWCOMER BANK,AUSTIN,TX,FDIC,2024-05-01,Satisfactory,Small Bank,true
b5,HOME SAVINGS,WACO,TX,OTS,2009-02-02,Satisfactory,Small Bank,true
";

/// The FFIEC file: ID, regulator code, date, name, city, state, assets
/// (thousands), method code, rating code, and the trailing tab.
pub(super) const FILE: &[&str] = &[
    "14206\t1\t20150302\tAMARILLO NATIONAL BANK\tAMARILLO\tTX\t4100000\t1\t2\t",
    "14206\t1\t20190415\tAMARILLO NATIONAL BANK\tAMARILLO\tTX\t5600000\t1\t1\t",
    "27476\t3\t20170501\tCITIZENS BANK\tTULSA\tOK\t180000\t2\t2\t",
    "27476\t3\t20210801\tCITIZENS BANK\tTULSA\tOK\t240000\t2\t2\t",
    "965789\t2\t20130909\tGRETNA ST BK\tGRETNA\tNE\t90000\t2\t1\t",
    "965789\t2\t20180604\tGRETNA ST BK\tGRETNA\tNE\t120000\t3\t2\t",
    "5848\t4\t20090202\tHOME SAVINGS\tWACO\tTX\t300000\t8\t2\t",
];

pub(super) fn file_text(lines: &[&str]) -> String {
    lines.iter().map(|l| format!("{l}\r\n")).collect()
}

/// BankFind's structure changes answer when there are none.
pub(super) const NO_HISTORY: &str = r#"{"meta":{"total":0},"data":[],"totals":{"count":0}}"#;

/// BankFind's answer: the Amarillo bank active, the Tulsa bank not; no
/// structure change (`/history`).
pub(super) fn bankfind() -> TestServer {
    TestServer::start(|_, target| {
        if target.starts_with("/history") {
            return Reply::json(200, NO_HISTORY);
        }
        Reply::json(
            200,
            r#"{"meta":{"total":2},"data":[
              {"data":{"CERT":3510,"FED_RSSD":"480228","CHARTER":"14206","DOCKET":"0","ACTIVE":1,"ASSET":5900000,"REPDTE":"20240630","NAME":"Amarillo National Bank"},"score":0},
              {"data":{"CERT":27476,"FED_RSSD":"123","CHARTER":"0","ACTIVE":0,"ASSET":250000,"REPDTE":"20220331","NAME":"Citizens Bank"},"score":0}
            ],"totals":{"count":2}}"#,
        )
    })
}

/// A synced world and the FFIEC file written in its home.
pub(super) fn world() -> (World, std::path::PathBuf) {
    let world = World::with_data("banks.csv", BANKS);
    assert_code(&world.run(&["sync"]), 0);
    let file = world.home.path().join("craratng.txt");
    std::fs::write(&file, file_text(FILE)).unwrap();
    (world, file)
}

pub(super) fn enrich(world: &World, args: &[&str]) -> std::process::Output {
    world.local(&[&["enrich"], args].concat())
}

/// `cra enrich` of `file` and the BankFind at `bankfind`, which must
/// succeed: its json summary.
pub(super) fn enrich_summary(world: &World, file: &std::path::Path, bankfind: &str) -> Value {
    let out = enrich(
        world,
        &[
            "--ffiec",
            file.to_str().unwrap(),
            "--bankfind",
            bankfind,
            "--format",
            "json",
        ],
    );
    assert_code(&out, 0);
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn enrich_links_each_bank_it_can_and_every_reader_sees_the_record() {
    let (world, file) = world();
    let bankfind = bankfind();
    let summary = enrich_summary(&world, &file, &bankfind.url);
    assert_eq!(summary["banks"], 5, "{summary}");
    assert_eq!(summary["linked"], 4, "{summary}");
    assert_eq!(summary["reasons"]["not_in_file"], 1, "{summary}");
    assert_eq!(summary["ambiguous"], 0);
    // As few BankFind requests as its page size needs: one, and one of
    // its structure changes.
    assert_eq!(bankfind.hits(), 2);
    let links = world.sql("SELECT bank_id, regulator, agency_id FROM links ORDER BY bank_id");
    let pairs: Vec<String> = links
        .iter()
        .map(|l| {
            format!(
                "{} {}-{}",
                l["bank_id"].as_str().unwrap(),
                l["regulator"].as_str().unwrap(),
                l["agency_id"]
            )
        })
        .collect();
    assert_eq!(
        pairs,
        [
            "b1 OCC-14206",
            "b2 FDIC-27476",
            "b3 FRB-965789",
            "b5 OTS-5848"
        ]
    );
    assert_eq!(
        world.sql("SELECT count(*) AS n FROM ffiec_exams")[0]["n"],
        7
    );

    // An exam method the copy does not hold: exit 2 naming those it does,
    // each once, in order.
    let out = world
        .offline()
        .args(["search", "--exam-method", "no such method"])
        .output()
        .unwrap();
    assert_code(&out, 2);
    let methods: Vec<String> = world
        .sql("SELECT DISTINCT exam_method FROM links WHERE exam_method IS NOT NULL ORDER BY exam_method")
        .iter()
        .map(|m| m["exam_method"].as_str().unwrap().to_string())
        .collect();
    assert!(methods.len() >= 2, "{methods:?}");
    let said = String::from_utf8_lossy(&out.stderr);
    // Quoted, to be pasted as they are.
    let quoted: Vec<String> = methods.iter().map(|m| format!("\"{m}\"")).collect();
    assert!(
        said.contains(&format!(
            "'no such method' is not an exam method of the local copy's banks; use one of {}",
            quoted.join(", ")
        )),
        "{said}"
    );
    // `--size`'s aliases name the methods of those names.
    let large = world
        .offline()
        .args(["search", "--exam-method", "large", "--format", "json"])
        .output()
        .unwrap();
    assert_code(&large, 0);
    let spelled = world
        .offline()
        .args(["search", "--exam-method", "Large Bank", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(large.stdout, spelled.stdout);
    assert!(large.stdout.len() > 2);

    // Columns: assets in dollars at the current exam, identifiers, activity.
    let out = world
        .offline()
        .args([
            "search",
            "--sort",
            "id",
            "--columns",
            "id,fdic_cert,rssd_id,occ_charter,assets,exam_method,active",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let csv = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "id,fdic_cert,rssd_id,occ_charter,assets,exam_method,active"
    );
    assert_eq!(lines[1], "b1,3510,480228,14206,5600000000,Large Bank,true");
    assert_eq!(lines[2], "b2,27476,123,,240000000,Small Bank,false");
    assert_eq!(lines[3], "b3,,965789,,120000000,Strategic Plan,");
    assert_eq!(lines[4], "b4,,,,,,");

    // json: one key more, the service's keys untouched.
    let plain = world.json(&["--offline", "search", "--sort", "id", "--format", "json"]);
    let enriched = world.json(&[
        "--offline",
        "search",
        "--sort",
        "id",
        "--enriched",
        "--format",
        "json",
    ]);
    let mut stripped = enriched[0].clone();
    let record = stripped
        .as_object_mut()
        .unwrap()
        .remove("public_record")
        .unwrap();
    assert_eq!(stripped, plain[0]);
    assert_eq!(record["assets"], 5_600_000_000u64);
    assert_eq!(enriched[3]["public_record"]["fdic_cert"], Value::Null);
    assert!(plain[0].get("public_record").is_none());

    // Filters on the record.
    let ids = |args: &[&str]| -> Vec<String> {
        world
            .json(
                &[
                    &["--offline", "search", "--sort", "id", "--format", "json"],
                    args,
                ]
                .concat(),
            )
            .iter()
            .map(|b| b["id"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(ids(&["--assets", "1B.."]), ["b1"]);
    assert_eq!(ids(&["--assets", "100M..250M"]), ["b2", "b3"]);
    assert_eq!(ids(&["--exam-method", "strategic PLAN"]), ["b3"]);
    assert_eq!(ids(&["--inactive"]), ["b2"]);
    assert_eq!(ids(&["--active", "--state", "TX"]), ["b1"]);
    let out = world
        .offline()
        .args(["search", "--exam-method", "huge bank"])
        .output()
        .unwrap();
    assert_code(&out, 2);

    // show by an agency's number, and the card's record.
    let out = world
        .offline()
        .args(["show", "fdic:3510", "--format", "json"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let shown: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(shown["id"], "b1");
    let out = world
        .offline()
        .args(["show", "rssd:965789", "--format", "table"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let card = String::from_utf8(out.stdout).unwrap();
    assert!(card.contains("RSSD 965789"), "{card}");
    assert!(card.contains("DownloadPDF/965789_20180604"), "{card}");
    assert!(card.contains("$120.0M"), "{card}");
    let out = world.offline().args(["show", "occ:1"]).output().unwrap();
    assert_code(&out, 5);

    // pe: a document for the Fed, a search for the others, exit 5 unlinked.
    let pe = |args: &[&str]| world.local(&[&["pe"], args].concat());
    let out = pe(&["b3"]);
    assert_code(&out, 0);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "document https://www.federalreserve.gov/apps/CRAPubWeb/CRA/DownloadPDF/965789_20180604\n"
    );
    let out = pe(&["b3", "--exam", "2013-09-09"]);
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("965789_20130909\n"));
    let out = pe(&["fdic:27476"]);
    assert_code(&out, 0);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "search https://crapes.fdic.gov/\n"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("certificate 27476"));
    let out = pe(&["b4"]);
    assert_code(&out, 5);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("not linked"),
        "{out:?}"
    );
    assert_code(&pe(&["b3", "--exam", "2001-01-01"]), 5);
}

#[test]
fn bankfind_is_paged_with_as_few_requests_as_its_total_needs() {
    // 20,001 institutions at BankFind's largest page of 10,000: three
    // requests, every institution once.
    const TOTAL: u64 = 20_001;
    let bankfind = TestServer::start(|_, target| {
        if target.starts_with("/history") {
            return Reply::json(200, NO_HISTORY);
        }
        let param = |name: &str| -> u64 {
            target
                .split(['?', '&'])
                .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
                .and_then(|value| value.parse().ok())
                .unwrap_or(0)
        };
        let (offset, limit) = (param("offset"), param("limit"));
        let data: Vec<String> = (offset..(offset + limit).min(TOTAL))
            .map(|n| {
                format!(
                    r#"{{"data":{{"CERT":{},"ACTIVE":1,"NAME":"Bank {n}"}},"score":0}}"#,
                    n + 1
                )
            })
            .collect();
        Reply::json(
            200,
            &format!(
                r#"{{"meta":{{"total":{TOTAL}}},"data":[{}],"totals":{{"count":{TOTAL}}}}}"#,
                data.join(",")
            ),
        )
    });
    let (world, file) = world();
    let summary = enrich_summary(&world, &file, &bankfind.url);
    assert_eq!(summary["bankfind_institutions"], TOTAL, "{summary}");
    // Three pages of institutions, one of structure changes.
    assert_eq!(bankfind.hits(), 4);
    let distinct = world.sql("SELECT count(DISTINCT fdic_cert) AS n FROM institutions");
    assert_eq!(distinct[0]["n"], TOTAL);
}

#[test]
fn due_leaves_out_closed_banks_and_says_how_many() {
    let (world, file) = world();
    let due = |args: &[&str]| -> Vec<String> {
        world
            .json(&[&["due", "--older-than", "1y", "--format", "json"], args].concat())
            .iter()
            .map(|b| b["id"].as_str().unwrap().to_string())
            .collect()
    };
    let mut before = due(&[]);
    before.sort();
    // The OTS thrift is left out with or without the public record.
    assert_eq!(before, ["b1", "b2", "b3", "b4"]);
    let out = enrich(
        &world,
        &[
            "--ffiec",
            file.to_str().unwrap(),
            "--bankfind",
            &bankfind().url,
        ],
    );
    assert_code(&out, 0);
    let mut after = due(&[]);
    after.sort();
    assert_eq!(
        after,
        ["b1", "b3", "b4"],
        "the inactive Tulsa bank is left out"
    );
    let mut all = due(&["--include-inactive"]);
    all.sort();
    assert_eq!(all, ["b1", "b2", "b3", "b4", "b5"]);
}

#[test]
fn a_copy_without_the_record_says_to_enrich_and_online_filters_need_the_copy() {
    let (world, _) = world();
    for args in [
        &["--offline", "search", "--assets", "1B.."][..],
        &["--offline", "search", "--enriched"],
        &["due", "--columns", "name,fdic_cert"],
        &["stats", "--active"],
        &["--offline", "show", "fdic:3510"],
        &["pe", "b1"],
    ] {
        let out = world.local(args);
        assert_code(&out, 2);
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("enrich"),
            "{args:?}: {out:?}"
        );
    }
    let out = world.run(&["search", "--assets", "1B.."]);
    assert_code(&out, 2);
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--offline"),
        "{out:?}"
    );
    // Without --enriched or a record column, nothing asks for it.
    assert_code(&world.local(&["--offline", "search"]), 0);
}

#[test]
fn malformed_input_is_exit_1_naming_it_and_the_copy_keeps_what_it_had() {
    let (world, file) = world();
    assert_code(
        &enrich(
            &world,
            &["--ffiec", file.to_str().unwrap(), "--no-bankfind"],
        ),
        0,
    );
    let links = || world.sql("SELECT count(*) AS n FROM links")[0]["n"].clone();
    assert_eq!(links(), 4);

    let bad = world.home.path().join("bad.txt");
    let mut lines = FILE.to_vec();
    lines.insert(1, "14206\t1\t2015\tNO DATE\tAMARILLO\tTX\t1\t1\t2\t");
    std::fs::write(&bad, file_text(&lines)).unwrap();
    let zip_without_text = world.home.path().join("other.zip");
    {
        let mut zip = zip::ZipWriter::new(std::fs::File::create(&zip_without_text).unwrap());
        zip.start_file("readme.md", zip::write::SimpleFileOptions::default())
            .unwrap();
        zip.write_all(b"nothing here").unwrap();
        zip.finish().unwrap();
    }
    let html = TestServer::start(|_, _| {
        Reply::json(
            200,
            "<!DOCTYPE html><html><body>Checking your browser</body></html>",
        )
        .content_type("text/html")
    });
    let forbidden = TestServer::start(|_, _| {
        Reply::json(403, "<html>Access denied</html>").content_type("text/html")
    });
    let bankfind_error =
        TestServer::start(|_, _| Reply::json(400, r#"{"error":{"message":"bad filters"}}"#));
    let html_url = format!("{}/craratng.zip", html.url);
    let forbidden_url = format!("{}/craratng.zip", forbidden.url);
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--ffiec", bad.to_str().unwrap(), "--no-bankfind"],
            "line 2",
        ),
        (
            vec![
                "--ffiec",
                zip_without_text.to_str().unwrap(),
                "--no-bankfind",
            ],
            "without craratng.txt",
        ),
        (vec!["--ffiec", &html_url, "--no-bankfind"], "--ffiec FILE"),
        (
            vec!["--ffiec", &forbidden_url, "--no-bankfind"],
            "--ffiec FILE",
        ),
        (
            vec![
                "--ffiec",
                file.to_str().unwrap(),
                "--bankfind",
                &bankfind_error.url,
            ],
            "bad filters",
        ),
    ];
    for (args, says) in cases {
        let out = enrich(&world, &args);
        assert_code(&out, 1);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{args:?}: {stderr}");
        assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
        assert_eq!(links(), 4, "{args:?} changed the copy");
    }
}

#[test]
fn a_sync_keeps_the_links_of_unchanged_banks_and_links_the_new_ones() {
    let (mut world, file) = world();
    assert_code(
        &enrich(
            &world,
            &["--ffiec", file.to_str().unwrap(), "--no-bankfind"],
        ),
        0,
    );
    let basis = |world: &World, id: &str| {
        world.sql(&format!("SELECT basis FROM links WHERE bank_id = '{id}'"))
    };
    assert_eq!(basis(&world, "b4").len(), 0);
    // The next release: the newcomer is in the file now, and Gretna has a
    // new exam the file does not have.
    let data = world.home.path().join("banks.csv");
    let more = "b6,PLATTE VALLEY BANK,WAHOO,NE,FRB,2017-05-01,Satisfactory,Small Bank,true\n\
                b3,GRETNA STATE BANK,GRETNA,NE,FRB,2024-06-03,Satisfactory,Small Bank,true\n";
    let text = std::fs::read_to_string(&data).unwrap().replace(
        "b3,GRETNA STATE BANK,GRETNA,NE,FRB,2018-06-04,Satisfactory,Small Bank,true",
        "b3,GRETNA STATE BANK,GRETNA,NE,FRB,2018-06-04,Satisfactory,Small Bank,false",
    );
    std::fs::write(&data, format!("{text}{more}")).unwrap();
    let mut lines = FILE.to_vec();
    lines.push("77\t2\t20170501\tPLATTE VALLEY BANK\tWAHOO\tNE\t50000\t2\t2\t");
    std::fs::write(&file, file_text(&lines)).unwrap();
    assert_code(
        &enrich(
            &world,
            &["--ffiec", file.to_str().unwrap(), "--no-bankfind"],
        ),
        0,
    );
    world.restart_with(&[]);
    assert_code(&world.run(&["sync"]), 0);
    assert_eq!(
        basis(&world, "b1")[0]["basis"],
        "2 of 2 exams; regulator, state, city, name"
    );
    let b3 = basis(&world, "b3");
    assert_eq!(b3.len(), 1, "re-linked with its new exam");
    assert_eq!(b3[0]["basis"], "2 of 3 exams; regulator, state, city, name");
    // Its current exam is not in the file: no assets, the Fed's address
    // built from the exam's own date.
    let record = world.sql("SELECT assets, pe_url FROM links WHERE bank_id = 'b3'");
    assert_eq!(record[0]["assets"], Value::Null);
    assert!(
        record[0]["pe_url"]
            .as_str()
            .unwrap()
            .ends_with("965789_20240603")
    );
    assert_eq!(
        world.sql("SELECT agency_id FROM links WHERE bank_id = 'b6'")[0]["agency_id"],
        77
    );
}

#[test]
fn the_sandbox_serves_a_public_record_its_banks_link_to() {
    // A fresh machine: the sandbox's own banks and the public record it
    // serves for them (FDIC dates months later, renamed banks, twins,
    // exams either side lacks), linked without a wrong institution.
    let world = World::new(&["--banks", "1500", "--seed", "11"]);
    assert_code(&world.run(&["sync"]), 0);
    let ffiec = format!("{}/ffiec/craratng.zip", world.url());
    let bankfind = format!("{}/bankfind/institutions", world.url());
    let out = world.run(&[
        "enrich",
        "--ffiec",
        &ffiec,
        "--bankfind",
        &bankfind,
        "--format",
        "json",
    ]);
    assert_code(&out, 0);
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    let banks = summary["banks"].as_u64().unwrap();
    let linked = summary["linked"].as_u64().unwrap();
    assert!(banks >= 1500, "{summary}");
    assert!(linked * 100 >= banks * 98, "{summary}");
    // Each link is to an institution of the bank's state and regulator (a
    // former thrift's OCC charter for an OTS bank), sharing an exam with it.
    let stray = world.sql(
        "SELECT l.bank_id FROM links l JOIN banks b ON b.id = l.bank_id \
         WHERE NOT EXISTS (SELECT 1 FROM ffiec_exams f WHERE f.regulator = l.regulator \
           AND f.agency_id = l.agency_id AND upper(f.state) = upper(b.state)) \
         OR NOT (l.regulator = b.regulator OR (b.regulator = 'OTS' AND l.regulator = 'OCC'))",
    );
    assert!(stray.is_empty(), "{stray:?}");
    // --assets selecting few banks (looked up by id) or many (met as an
    // index is read): exactly the linked banks in range, in the service's
    // order or by name, and the note counts them.
    for (range, low, high) in [
        ("10B..", 10_000_000_000i64, i64::MAX),
        ("..1B", 0, 1_000_000_000),
    ] {
        let expected = world.sql_tsv(&format!(
            "SELECT b.id FROM banks b JOIN links l ON l.bank_id = b.id \
             WHERE l.assets >= {low} AND l.assets <= {high} ORDER BY b.position, b.rowid"
        ));
        let expected: Vec<&str> = expected.lines().skip(1).collect();
        assert!(!expected.is_empty(), "{range}");
        // The first few (under a sixteenth of the banks), the second many.
        let few = (expected.len() as u64) * 16 < banks;
        assert_eq!(
            few,
            range == "10B..",
            "{range}: {} of {banks}",
            expected.len()
        );
        let out = world.local(&[
            "--offline",
            "search",
            "--assets",
            range,
            "--all",
            "--columns",
            "id",
            "--format",
            "csv",
        ]);
        assert_code(&out, 0);
        let got: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .skip(1)
            .map(String::from)
            .collect();
        assert_eq!(got, expected, "{range}");
        let by_name = world.local(&[
            "--offline",
            "search",
            "--assets",
            range,
            "--sort",
            "name",
            "--all",
            "--columns",
            "id",
            "--format",
            "csv",
        ]);
        let mut named: Vec<String> = String::from_utf8_lossy(&by_name.stdout)
            .lines()
            .skip(1)
            .map(String::from)
            .collect();
        named.sort();
        let mut sorted = got.clone();
        sorted.sort();
        assert_eq!(named, sorted, "{range} by name");
        let page = world.local(&["--offline", "search", "--assets", range]);
        let note = String::from_utf8_lossy(&page.stderr).to_string();
        if expected.len() > 25 {
            let count = format!("{}", expected.len());
            let grouped = count
                .as_bytes()
                .rchunks(3)
                .rev()
                .map(|c| std::str::from_utf8(c).unwrap())
                .collect::<Vec<_>>()
                .join(",");
            assert!(
                note.contains(&format!("of {grouped} matching")),
                "{range}: {note}"
            );
        }
    }
}
