//! `cra export` against in-test servers for what the sandbox cannot do: a
//! server that dies halfway, banks inserted or removed while paging, a page
//! ignored or repeated, a bank with no rating record, a Retry-After.

use std::path::Path;
use std::process::Output;
use std::sync::{Arc, Mutex};

use crate::common::Service;
use crate::common::server::{Reply, TestServer, param};

fn bank_json(id: &str) -> String {
    format!(
        r#"{{"id":"{id}","name":"BANK {id}","city":"AMES","state":"IA","regulator":"FDIC","current_rating":{{"rating":"Satisfactory","exam_date":"2019-05-01","exam_type":"Small Bank"}}}}"#
    )
}

fn detail_json(id: &str) -> String {
    format!(
        r#"{{"data":{{"id":"{id}","name":"BANK {id}","city":"AMES","state":"IA","regulator":"FDIC","charter_type":null,"ratings":[{{"exam_date":"2019-05-01","rating":"Satisfactory","exam_type":"Small Bank","is_current":true}},{{"exam_date":"2015-05-01","rating":"Outstanding","exam_type":"Small Bank","is_current":false}}]}}}}"#
    )
}

/// A list page's JSON answer: `banks` of the list, with the meta given.
fn page_reply(banks: &[String], page: usize, total: usize, total_pages: usize) -> Reply {
    let data: Vec<String> = banks.iter().map(|id| bank_json(id)).collect();
    Reply::json(
        200,
        &format!(
            r#"{{"data":[{}],"meta":{{"total":{total},"page":{page},"per_page":100,"total_pages":{total_pages}}}}}"#,
            data.join(",")
        ),
    )
}

/// A list endpoint over `ids` (shared, so a test can change it mid-export)
/// and a detail endpoint for any id.
/// `on_hit` may change the list, or answer instead of it.
fn list_server(
    ids: Arc<Mutex<Vec<String>>>,
    on_hit: impl Fn(usize, &str, &mut Vec<String>) -> Option<Reply> + Send + Sync + 'static,
) -> TestServer {
    TestServer::start(move |n, target| {
        let mut ids = ids.lock().unwrap();
        if let Some(reply) = on_hit(n, target, &mut ids) {
            return reply;
        }
        if let Some(id) = target.strip_prefix("/api/v1/banks/") {
            return Reply::json(200, &detail_json(id));
        }
        let page = param(target, "page").unwrap_or(1);
        let per_page = param(target, "per_page").unwrap_or(25);
        let total = ids.len() as u64;
        let start = ((page - 1) * per_page).min(total) as usize;
        let end = (page * per_page).min(total) as usize;
        let data: Vec<String> = ids[start..end].iter().map(|id| bank_json(id)).collect();
        Reply::json(
            200,
            &format!(
                r#"{{"data":[{}],"meta":{{"total":{total},"page":{page},"per_page":{per_page},"total_pages":{}}}}}"#,
                data.join(","),
                total.div_ceil(per_page)
            ),
        )
    })
}

fn ids(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("b{i:05}")).collect()
}

fn exported_ids(csv_text: &str) -> Vec<String> {
    let mut reader = csv::Reader::from_reader(csv_text.as_bytes());
    reader
        .records()
        .map(|r| r.unwrap()[0].to_string())
        .collect()
}

/// `cra export ARGS -o DEST`, run to the end.
fn export_to(home: &crate::common::Home, url: &str, args: &[&str], dest: &Path) -> Output {
    home.cra()
        .at(url, "k")
        .arg("export")
        .args(args)
        .arg("-o")
        .arg(dest)
        .output()
        .unwrap()
}

#[test]
fn a_server_dying_halfway_leaves_no_file() {
    let all = Arc::new(Mutex::new(ids(1000)));
    let server = list_server(all, |n, _, _| {
        (n >= 5).then(|| Reply::json(503, r#"{"message":"gone"}"#))
    });
    let home = crate::common::Home::new();
    let dest = home.path().join("out").join("banks.csv");
    std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
    std::fs::write(&dest, "previous content\n").unwrap();
    let out = export_to(&home, &server.url, &["--retries", "1"], &dest);
    crate::common::assert_code(&out, 6);
    assert_eq!(
        std::fs::read_to_string(&dest).unwrap(),
        "previous content\n",
        "destination untouched"
    );
    let names: Vec<_> = std::fs::read_dir(dest.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        names,
        vec![std::ffi::OsString::from("banks.csv")],
        "no temporary file left"
    );

    // And with no previous file: none appears.
    std::fs::remove_file(&dest).unwrap();
    let out = export_to(
        &home,
        &server.url,
        &["--with-history", "--retries", "0"],
        &dest,
    );
    assert_eq!(out.status.code(), Some(6));
    assert_eq!(
        std::fs::read_dir(dest.parent().unwrap()).unwrap().count(),
        0
    );
}

#[test]
fn a_bank_inserted_while_paging_is_neither_lost_nor_doubled() {
    for with_history in [false, true] {
        let all = Arc::new(Mutex::new(ids(250)));
        // After the first list request, a bank sorting first appears, which
        // shifts every later page by one.
        let server = list_server(all, |n, _, ids| {
            if n == 1 {
                ids.insert(0, "a-new".to_string());
            }
            None
        });
        let home = crate::common::Home::new();
        let mut cmd = home.cra();
        cmd.at(&server.url, "k");
        cmd.args(["export", "--concurrency", "1"]);
        if with_history {
            cmd.arg("--with-history");
        }
        let out = cmd.output().unwrap();
        crate::common::assert_code(&out, 0);
        let text = String::from_utf8(out.stdout).unwrap();
        let mut got = exported_ids(&text);
        if with_history {
            got.dedup();
        }
        let unique: std::collections::HashSet<_> = got.iter().cloned().collect();
        assert_eq!(unique.len(), got.len(), "no bank twice");
        assert_eq!(got.len(), 251, "every bank, the new one too");
        assert!(unique.contains("a-new"));
    }
}

#[test]
fn banks_removed_while_paging_fail_clearly_or_are_complete() {
    let all = Arc::new(Mutex::new(ids(250)));
    // After the first request, the first 150 banks disappear: later pages
    // shift back and the list can no longer be reconciled with what was
    // already written only if banks went missing.
    let server = list_server(all, |n, _, ids| {
        if n == 1 {
            ids.drain(0..150);
        }
        None
    });
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .at(&server.url, "k")
        .args(["export", "--concurrency", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let got = exported_ids(&text);
    let unique: std::collections::HashSet<_> = got.iter().cloned().collect();
    assert_eq!(unique.len(), got.len(), "no bank twice");
    // Every bank that still exists was written.
    for i in 150..250 {
        assert!(unique.contains(&format!("b{i:05}")), "b{i:05} missing");
    }
    assert!(out.status.success());
}

#[test]
fn a_server_that_ignores_the_page_fails_the_export_instead_of_a_silent_gap() {
    let all = Arc::new(Mutex::new(ids(250)));
    // Every list request is answered with page 1.
    let server = list_server(all, |_, target, ids| {
        if target.starts_with("/api/v1/banks?") {
            return Some(page_reply(&ids[..100], 1, 250, 3));
        }
        None
    });
    let home = crate::common::Home::new();
    let dest = home.path().join("banks.csv");
    let out = export_to(&home, &server.url, &[], &dest);
    crate::common::assert_code(&out, 1);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("repeated itself: page 2 of the list holds only banks already listed"),
        "{stderr}"
    );
    assert!(!dest.exists());

    // Pages that do not add up to the total (two pages of 100 for 250):
    // read again, still short, so the export fails rather than leave a gap.
    let all = Arc::new(Mutex::new(ids(250)));
    let server = list_server(all, |_, target, ids| {
        if target.starts_with("/api/v1/banks?") {
            let page = param(target, "page").unwrap_or(1) as usize;
            return Some(page_reply(
                &ids[(page - 1) * 100..(page * 100).min(250)],
                page,
                250,
                2,
            ));
        }
        None
    });
    let out = export_to(&home, &server.url, &[], &dest);
    crate::common::assert_code(&out, 1);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("200 banks listed but the service now lists 250"),
        "{stderr}"
    );
    assert!(!dest.exists());
}

#[test]
fn a_bank_without_rating_records_still_gets_a_row() {
    let all = Arc::new(Mutex::new(ids(3)));
    let server = list_server(all, |_, target, _| {
        target.ends_with("/b00001").then(|| {
            Reply::json(
                200,
                r#"{"data":{"id":"b00001","name":"BANK b00001","city":"AMES","state":"IA","regulator":"FDIC","charter_type":null,"ratings":[]}}"#,
            )
        })
    });
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .at(&server.url, "k")
        .args(["export", "--with-history"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let got = exported_ids(&text);
    assert_eq!(got, ["b00000", "b00000", "b00001", "b00002", "b00002"]);
    assert!(
        text.contains("b00001,BANK b00001,AMES,IA,FDIC,,,,\r\n"),
        "{text}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("3 banks (4 rating records)"));
}

/// A `Retry-After` answer to one request pauses every request of the
/// export, not just the one that got it: in the second after the 429, the
/// server sees nothing new (only requests already on their way).
#[test]
fn retry_after_pauses_the_whole_export() {
    use std::time::{Duration, Instant};
    let all = Arc::new(Mutex::new(ids(40)));
    let arrivals: Arc<Mutex<Vec<(Instant, String)>>> = Arc::default();
    let limited_at: Arc<Mutex<Option<Instant>>> = Arc::default();
    let (seen, limited) = (arrivals.clone(), limited_at.clone());
    let server = list_server(all, move |_, target, _| {
        let now = Instant::now();
        seen.lock().unwrap().push((now, target.to_string()));
        if target.starts_with("/api/v1/banks/") {
            let mut limited = limited.lock().unwrap();
            if target.ends_with("/b00010") && limited.is_none() {
                *limited = Some(now);
                return Some(
                    Reply::json(429, r#"{"message":"slow down"}"#).with_header("Retry-After", "1"),
                );
            }
            let id = target.trim_start_matches("/api/v1/banks/");
            return Some(Reply::json(200, &detail_json(id)).delayed(Duration::from_millis(200)));
        }
        None
    });
    let home = crate::common::Home::new();
    let dest = home.path().join("banks.csv");
    let out = export_to(
        &home,
        &server.url,
        &["--with-history", "--concurrency", "4"],
        &dest,
    );
    crate::common::assert_code(&out, 0);
    let text = std::fs::read_to_string(&dest).unwrap();
    let exported = exported_ids(&text);
    // Two rating records a bank: each bank's two rows, in list order.
    let expected: Vec<String> = ids(40)
        .into_iter()
        .flat_map(|id| [id.clone(), id])
        .collect();
    assert_eq!(exported, expected, "every bank, in order, once");

    let limited = limited_at.lock().unwrap().expect("the 429 was sent");
    let arrivals = arrivals.lock().unwrap();
    let during_pause: Vec<&String> = arrivals
        .iter()
        .filter(|(at, _)| {
            *at > limited + Duration::from_millis(150) && *at < limited + Duration::from_millis(900)
        })
        .map(|(_, target)| target)
        .collect();
    assert!(
        during_pause.is_empty(),
        "sent during the pause: {during_pause:?}"
    );
    let details = arrivals
        .iter()
        .filter(|(_, t)| t.starts_with("/api/v1/banks/"))
        .count();
    assert_eq!(details, 41, "40 details and one retry");
}

/// A service that answers a page past its end with its last page, while
/// 100 banks are removed during the export: the first pass meets a page it
/// has already seen, ends there, and the re-read finds the banks the shift
/// hid. Nothing is lost and the export succeeds.
#[test]
fn a_repeated_last_page_after_removals_is_recovered_by_the_re_read() {
    let all = Arc::new(Mutex::new(ids(250)));
    let list_requests = Arc::new(Mutex::new(0usize));
    let counter = list_requests.clone();
    let server = list_server(all, move |_, target, ids| {
        if !target.starts_with("/api/v1/banks?") {
            return None;
        }
        let mut n = counter.lock().unwrap();
        *n += 1;
        if *n == 2 {
            // Removed between page 1 and page 2 of the first pass.
            ids.drain(..100);
        }
        let total = ids.len();
        let pages = total.div_ceil(100).max(1);
        let page = (param(target, "page").unwrap_or(1) as usize).min(pages);
        Some(page_reply(
            &ids[(page - 1) * 100..(page * 100).min(total)],
            page,
            total,
            pages,
        ))
    });
    let home = crate::common::Home::new();
    let dest = home.path().join("banks.csv");
    let out = export_to(&home, &server.url, &[], &dest);
    crate::common::assert_code(&out, 0);
    let mut exported = exported_ids(&std::fs::read_to_string(&dest).unwrap());
    let written = exported.len();
    exported.sort();
    exported.dedup();
    assert_eq!(written, exported.len(), "no bank twice");
    assert_eq!(exported, ids(250), "every bank listed at some point");
}
