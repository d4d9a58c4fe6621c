//! The public record's key and answers, guarded (issue 48): the BankFind
//! key stays on BankFind's site through redirects and off plain http; a
//! short answer, pages of one record or records fattened past any real
//! ones are refused with the copy as it was; a password in a source
//! address is shown and stored nowhere.

use super::enrich::{NO_HISTORY, enrich, world};
use super::hostile::bankfind_of;
use crate::common::server::{Reply, TestServer};
use crate::common::{World, assert_code, stderr};

/// The copy's public record, counted: exams, institutions, links.
fn record(world: &World) -> [serde_json::Value; 3] {
    let n = |sql: &str| world.sql(sql)[0]["n"].clone();
    [
        n("SELECT count(*) AS n FROM ffiec_exams"),
        n("SELECT count(*) AS n FROM institutions"),
        n("SELECT count(*) AS n FROM links"),
    ]
}

/// A world enriched with the test's file and a BankFind of two
/// institutions, and that file.
fn enriched() -> (World, std::path::PathBuf) {
    let (world, file) = world();
    let bankfind = super::enrich::bankfind();
    let out = enrich(
        &world,
        &[
            "--ffiec",
            file.to_str().unwrap(),
            "--bankfind",
            &format!("{}/institutions", bankfind.url),
        ],
    );
    assert_code(&out, 0);
    assert_eq!(record(&world)[1], 2, "two institutions");
    (world, file)
}

const KEY: &str = "bf-key-0123456789abcdef";

#[test]
fn the_bankfind_key_never_follows_a_redirect_to_another_site() {
    let (world, file) = enriched();
    // Where a redirect points: another port, and the name `localhost`.
    let elsewhere = TestServer::always(Reply::json(200, NO_HISTORY));
    let port = elsewhere.url.rsplit(':').next().unwrap().to_string();
    let other_port = format!("http://127.0.0.1:{port}/collect");
    let other_name = format!("http://localhost:{port}/collect");
    for target in [other_port, other_name] {
        let to = target.clone();
        let bankfind =
            TestServer::start(move |_, _| Reply::json(302, "").with_header("Location", &to));
        let before = record(&world);
        let out = world
            .home
            .cra()
            .env("CRA_BANKFIND_KEY", KEY)
            .args(["-v", "enrich", "--ffiec", file.to_str().unwrap()])
            .args(["--bankfind", &format!("{}/institutions", bankfind.url)])
            .output()
            .unwrap();
        assert_code(&out, 1);
        let said = stderr(&out);
        assert!(
            said.contains(&format!(
                "redirected to {target}, another site: not followed"
            )),
            "{said}"
        );
        assert!(!said.contains(KEY));
        assert_eq!(record(&world), before);
    }
    assert_eq!(elsewhere.hits(), 0, "the other site was never asked");
    // A redirect on BankFind's own site is followed, the key with it.
    let bankfind = TestServer::start(|_, target| {
        if target.starts_with("/institutions") {
            let moved = target.replacen("/institutions", "/v2/institutions", 1);
            return Reply::json(301, "").with_header("Location", &moved);
        }
        if target.starts_with("/history") {
            return Reply::json(200, NO_HISTORY);
        }
        Reply::json(
            200,
            r#"{"meta":{"total":1},"data":[{"data":{"CERT":3510,"ACTIVE":1,"NAME":"Amarillo National Bank"},"score":0}],"totals":{"count":1}}"#,
        )
    });
    let out = world
        .home
        .cra()
        .env("CRA_BANKFIND_KEY", KEY)
        .args(["-v", "enrich", "--ffiec", file.to_str().unwrap()])
        .args(["--bankfind", &format!("{}/institutions", bankfind.url)])
        .output()
        .unwrap();
    assert_code(&out, 0);
    assert!(stderr(&out).contains("redirected to"), "{}", stderr(&out));
    let keyed = bankfind
        .seen()
        .iter()
        .filter(|(target, headers)| {
            target.starts_with("/v2/") && headers.get("x-api-key").is_some_and(|v| v == KEY)
        })
        .count();
    assert!(keyed >= 1, "{:?}", bankfind.seen());
}

#[test]
fn a_key_is_not_sent_in_clear_nor_a_query_dropped_in_silence() {
    let (world, file) = world();
    let cases = [
        (
            "http://bankfind.example/institutions",
            "is plain http: the BankFind key would travel in clear",
        ),
        (
            "https://api.fdic.gov/banks/institutions?api_key=hunter2",
            "give BankFind's address without a query",
        ),
    ];
    for (address, says) in cases {
        let out = world
            .home
            .cra()
            .env("CRA_BANKFIND_KEY", KEY)
            .args(["enrich", "--ffiec", file.to_str().unwrap()])
            .args(["--bankfind", address])
            .output()
            .unwrap();
        assert_code(&out, 2);
        let said = stderr(&out);
        assert!(said.contains(says), "{said}");
        assert!(!said.contains("hunter2") && !said.contains(KEY), "{said}");
    }
}

#[test]
fn a_short_answer_or_paging_a_record_at_a_time_leaves_the_record_as_it_was() {
    let (world, file) = enriched();
    let file = file.to_str().unwrap();
    let cases: [(TestServer, &str); 4] = [
        // A total and no records at all.
        (
            bankfind_of(18_836, |history, _| (!history).then(Vec::new)),
            "it says it has 18,836 institutions and gave 0",
        ),
        // 10,000 of 18,836: the second page empty.
        (
            bankfind_of(18_836, |history, offset| {
                (!history).then(|| {
                    if offset == 0 {
                        (1..=10_000).collect()
                    } else {
                        Vec::new()
                    }
                })
            }),
            "it says it has 18,836 institutions and gave 10,000",
        ),
        // The history: a total and no records.
        (
            bankfind_of(2, |history, offset| {
                Some(if history {
                    Vec::new()
                } else {
                    (offset + 1..=2).collect()
                })
            }),
            "it says it has 2 structure changes and gave 0",
        ),
        // One record a page of two million.
        (
            bankfind_of(2_000_000, |history, offset| {
                (!history).then(|| vec![offset + 1])
            }),
            "it gives 1 institutions a page, which would take 2,000,000 requests",
        ),
    ];
    for (server, says) in cases {
        let before = record(&world);
        let started = std::time::Instant::now();
        let out = enrich(
            &world,
            &[
                "--ffiec",
                file,
                "--bankfind",
                &format!("{}/institutions", server.url),
            ],
        );
        assert_code(&out, 1);
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
        assert!(
            stderr(&out).contains("nothing was stored"),
            "{}",
            stderr(&out)
        );
        assert_eq!(record(&world), before, "{says}");
        assert!(started.elapsed() < std::time::Duration::from_secs(60));
        assert!(server.hits() <= 3, "{says}: {} requests", server.hits());
    }
}

#[test]
fn records_fattened_past_any_real_ones_are_refused_in_bounded_memory() {
    let (world, file) = enriched();
    // Full pages of institutions, each name a megabyte: 10 MiB a page,
    // under the 16 MiB an answer may hold, without end.
    let name = "N".repeat(1 << 20);
    let server = TestServer::start(move |_, target| {
        if target.starts_with("/history") {
            return Reply::json(200, NO_HISTORY);
        }
        let offset: u64 = crate::common::server::param(target, "offset").unwrap_or(0);
        let data: Vec<String> = (offset..offset + 10)
            .map(|cert| format!(r#"{{"data":{{"CERT":{},"NAME":"{name}"}}}}"#, cert + 1))
            .collect();
        Reply::json(
            200,
            &format!(
                r#"{{"meta":{{"total":1000}},"data":[{}],"totals":{{"count":1000}}}}"#,
                data.join(",")
            ),
        )
    });
    let before = record(&world);
    let mut cmd = world.home.cra_std();
    cmd.args([
        "enrich",
        "--ffiec",
        file.to_str().unwrap(),
        "--bankfind",
        &format!("{}/institutions", server.url),
    ]);
    let run = crate::common::measure::run_measured(&mut cmd);
    run.assert_code(1);
    run.assert_peak_under(600);
    assert!(
        run.stderr.contains("add up to more than 256 MiB"),
        "{}",
        run.stderr
    );
    assert_eq!(record(&world), before);
}

#[test]
fn a_password_in_a_source_address_is_shown_and_stored_nowhere() {
    let world = World::new(&["--banks", "40"]);
    assert_code(&world.run(&["sync"]), 0);
    let url = world.url().to_string();
    let with_password = url.replacen("http://", "http://analyst:s3cr3tpw@", 1);
    let out = world.local(&[
        "-v",
        "enrich",
        "--ffiec",
        &format!("{with_password}/ffiec/craratng.zip"),
        "--bankfind",
        &format!("{with_password}/bankfind/institutions"),
    ]);
    assert_code(&out, 0);
    let said = stderr(&out);
    assert!(said.contains("GET http://***@"), "{said}");
    assert!(!said.contains("s3cr3tpw"), "{said}");
    let meta = world.sql_tsv("SELECT key, value FROM meta ORDER BY key");
    assert!(!meta.contains("s3cr3tpw"), "{meta}");
    assert!(meta.contains("ffiec_source\thttp://***@"), "{meta}");
}
