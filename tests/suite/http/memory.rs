//! What an answer may cost in memory (issue 27, item 6), at a small
//! scale: unknown fields are kept, but as the text they were served as,
//! not a tree many times its size; and large answers take turns, so that
//! `export --with-history` costs about the same at `--concurrency 16` as
//! at 1.

use crate::common::measure::run_measured;
use crate::common::server::{Reply, TestServer, param};
use crate::common::{Home, Service};

/// A list entry whose unknown field `zeros` holds `n` zeros.
fn entry(id: &str, zeros: usize) -> String {
    format!(
        r#"{{"id":"{id}","name":"BANK {id}","city":"AMES","state":"IA","regulator":"FDIC","current_rating":{{"rating":"Satisfactory","exam_date":"2019-05-01","exam_type":"Small Bank"}},"zeros":[{}]}}"#,
        vec!["0"; zeros].join(",")
    )
}

/// Its detail, the zeros with it.
fn detail(id: &str, zeros: usize) -> String {
    format!(
        r#"{{"data":{{"id":"{id}","name":"BANK {id}","city":"AMES","state":"IA","regulator":"FDIC","charter_type":null,"ratings":[{{"exam_date":"2019-05-01","rating":"Satisfactory","exam_type":"Small Bank","is_current":true}}],"zeros":[{}]}}}}"#,
        vec!["0"; zeros].join(",")
    )
}

fn page(entries: &[String], total: usize) -> String {
    format!(
        r#"{{"data":[{}],"meta":{{"total":{total},"page":1,"per_page":100,"total_pages":1}}}}"#,
        entries.join(",")
    )
}

/// A page of 4 MB whose unknown field holds two million zeros: as a tree
/// it took some 300 MB; kept as text, a few times its size.
#[test]
fn an_unknown_field_of_two_million_zeros_costs_its_text_not_a_tree() {
    let body = page(&[entry("a", 2_000_000)], 1);
    let server = TestServer::always(Reply::json(200, &body));
    let home = Home::new();
    let run = run_measured(
        home.cra_std()
            .at_with_secrets(&server.url)
            .args(["search", "--limit", "1", "--format", "json"]),
    );
    run.assert_code(0);
    // Kept, as served.
    assert!(
        run.stdout.contains(r#""zeros":[0,0,0"#),
        "unknown field kept"
    );
    assert!(run.stdout.matches('0').count() >= 2_000_000);
    run.assert_peak_under(64);
}

/// 40 banks whose details each carry 600 KB of zeros: at `--concurrency
/// 16` the export holds a few of them at a time, as at 1.
#[test]
fn export_with_history_costs_the_same_whatever_the_concurrency() {
    let ids: Vec<String> = (0..40).map(|i| format!("bank-{i:02}")).collect();
    let listed: Vec<String> = ids.iter().map(|id| entry(id, 0)).collect();
    let list = page(&listed, ids.len());
    let server = TestServer::start(move |_, target| {
        if let Some(id) = target
            .split('?')
            .next()
            .unwrap()
            .strip_prefix("/api/v1/banks/")
        {
            Reply::json(200, &detail(id, 300_000))
        } else {
            assert_eq!(param(target, "page"), Some(1));
            Reply::json(200, &list)
        }
    });
    let mut peaks = Vec::new();
    for concurrency in ["1", "16"] {
        let home = Home::new();
        let run = run_measured(home.cra_std().at_with_secrets(&server.url).args([
            "export",
            "--with-history",
            "--format",
            "ndjson",
            "--concurrency",
            concurrency,
        ]));
        run.assert_code(0);
        assert_eq!(run.stdout.lines().count(), 40);
        run.assert_peak_under(96);
        peaks.push(run.peak_kib);
    }
    if let [Some(one), Some(sixteen)] = peaks[..] {
        assert!(
            sixteen < one + (24 << 10),
            "--concurrency 16 peaked at {} MiB, 1 at {} MiB",
            sixteen >> 10,
            one >> 10
        );
    }
}
