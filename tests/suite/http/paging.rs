//! A service that pages for ever (issue 27, item 7): new ids on every
//! page and a total that says there is always more. `export` and an
//! online filtered `search` stop at what the first answer said (and a
//! little more), say so and exit 1; an answer claiming more banks than any
//! list holds is refused at once.

use crate::common::server::{Reply, TestServer, param};
use crate::common::{Home, Service, within_10s};

/// A page of `per_page` banks never seen before, with `total` claimed.
fn fresh_page(page: u64, per_page: u64, total: u64) -> String {
    let banks: Vec<String> = (0..per_page)
        .map(|i| {
            format!(
                r#"{{"id":"id-{page}-{i}","name":"BANK {page}-{i}","city":"AUSTIN","state":"TX","regulator":"FDIC","current_rating":{{"rating":"Satisfactory","exam_date":"2020-01-01","exam_type":"Small Bank"}}}}"#
            )
        })
        .collect();
    format!(
        r#"{{"data":[{}],"meta":{{"total":{total},"page":{page},"per_page":{per_page},"total_pages":{}}}}}"#,
        banks.join(","),
        total.div_ceil(per_page)
    )
}

/// The first answer says 250 banks; every later one says four million
/// (within what a list may hold, so only the first answer bounds it).
fn growing() -> TestServer {
    TestServer::start(|n, target| {
        let page = param(target, "page").unwrap_or(1);
        let per_page = param(target, "per_page").unwrap_or(25);
        let total = if n == 0 { 250 } else { 4_000_000 };
        Reply::json(200, &fresh_page(page, per_page, total))
    })
}

#[test]
fn a_list_that_keeps_growing_is_read_no_further_than_its_first_answer_said() {
    for args in [
        &["export"][..],
        &["search", "--rating", "satisfactory", "--format", "csv"][..],
    ] {
        let server = growing();
        let home = Home::new();
        let mut cmd = home.cra_std();
        cmd.at_with_secrets(&server.url).args(args);
        let out = within_10s(cmd);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("kept growing") && stderr.contains("250 banks on 3 pages"),
            "{stderr}"
        );
        // Three pages, the first again, and the margin: a handful.
        assert!(server.hits() <= 12, "{} requests", server.hits());
    }
}

#[test]
fn a_first_answer_claiming_a_trillion_banks_is_refused_at_once() {
    let server = TestServer::start(|_, target| {
        let page = param(target, "page").unwrap_or(1);
        Reply::json(200, &fresh_page(page, 100, 1_000_000_000_000))
    });
    for args in [&["export"][..], &["search", "--all"][..]] {
        let home = Home::new();
        let mut cmd = home.cra_std();
        cmd.at_with_secrets(&server.url).args(args);
        let out = within_10s(cmd);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(
            stderr.contains("1,000,000,000,000 banks") && stderr.contains("paging looks broken"),
            "{stderr}"
        );
    }
}
