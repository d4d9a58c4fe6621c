//! `cra enrich` reading a hostile public record (issue 39): a zip bomb, a
//! file cut to a few institutions, a zip of many files or two texts or a
//! damaged stream, exams listed twice, numbers past what the copy keeps,
//! an HTML page or an unreachable site. Each is one line on standard error
//! naming the file, exit 1 (6 for a site out of reach), and the copy keeps
//! its record.

use std::io::Write;

use super::enrich::{FILE, enrich, file_text, world};
use crate::common::server::{Reply, TestServer};
use crate::common::{World, assert_code};

/// The copy's record, counted: exams, links.
fn record(world: &World) -> (serde_json::Value, serde_json::Value) {
    let n = |sql: &str| world.sql(sql)[0]["n"].clone();
    (
        n("SELECT count(*) AS n FROM ffiec_exams"),
        n("SELECT count(*) AS n FROM links"),
    )
}

/// Enriched from `file`, `args` refused with exit `code`, one line saying
/// `says`, the record as it was.
fn refused(world: &World, args: &[&str], code: i32, says: &str) -> String {
    let before = record(world);
    let out = world.local(args);
    assert_code(&out, code);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(stderr.contains(says), "{args:?}: {stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "{stderr}");
    assert_eq!(record(world), before, "{args:?} changed the copy");
    stderr
}

fn zip_of(path: &std::path::Path, files: &[(&str, &[u8])]) {
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    for (name, bytes) in files {
        let options = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        zip.start_file(*name, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap();
}

fn enriched() -> (World, std::path::PathBuf) {
    let (world, file) = world();
    assert_code(
        &enrich(
            &world,
            &["--ffiec", file.to_str().unwrap(), "--no-bankfind"],
        ),
        0,
    );
    assert_eq!(record(&world).1, 4);
    (world, file)
}

#[test]
fn a_zip_bomb_is_refused_before_it_is_read_and_the_copy_keeps_its_record() {
    let (world, _) = enriched();
    let home = world.home.path();
    // Valid lines inflating past 64 MiB (the published text is 5 MB):
    // refused while inflating, before a line is read.
    let line = format!("{}\r\n", FILE[0]);
    let text = line.repeat((64 << 20) / line.len() + 1);
    let bomb = home.join("bomb.zip");
    zip_of(&bomb, &[("craratng.txt", text.as_bytes())]);
    assert!(std::fs::metadata(&bomb).unwrap().len() < 1 << 20);
    let started = std::time::Instant::now();
    let stderr = refused(
        &world,
        &["enrich", "--ffiec", bomb.to_str().unwrap(), "--no-bankfind"],
        1,
        "over 64 MiB of text unzipped: not the FFIEC file",
    );
    assert!(stderr.contains("bomb.zip"), "{stderr}");
    eprintln!("refused in {:?}", started.elapsed());
    // Blank lines past the most lines read: refused at the first past them.
    let blank = home.join("blank.zip");
    zip_of(
        &blank,
        &[("craratng.txt", "\r\n".repeat(500_001).as_bytes())],
    );
    refused(
        &world,
        &[
            "enrich",
            "--ffiec",
            blank.to_str().unwrap(),
            "--no-bankfind",
        ],
        1,
        "over 500,000 lines: not the FFIEC file",
    );
}

#[test]
fn a_file_of_few_institutions_replaces_a_large_record_only_with_force() {
    let (world, file) = world();
    // The copy's record: the test's file and 200 institutions more.
    let mut lines: Vec<String> = FILE.iter().map(|l| l.to_string()).collect();
    lines.extend((1..=200).map(|id| {
        format!(
            "{}\t3\t20190201\tBANK {id}\tTOWN\tKS\t1000\t2\t2\t",
            800_000 + id
        )
    }));
    let large = world.home.path().join("large.txt");
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    std::fs::write(&large, file_text(&refs)).unwrap();
    let large_args = [
        "enrich",
        "--ffiec",
        large.to_str().unwrap(),
        "--no-bankfind",
    ];
    assert_code(&world.local(&large_args), 0);
    assert_eq!(record(&world).0, 207);
    // The four institutions of the test's file: refused, saying why.
    let small = ["enrich", "--ffiec", file.to_str().unwrap(), "--no-bankfind"];
    let stderr = refused(
        &world,
        &small,
        1,
        "has 4 institutions, less than half the 204",
    );
    assert!(stderr.contains("--force"), "{stderr}");
    // --force replaces it.
    assert_code(&world.local(&[&small[..], &["--force"]].concat()), 0);
    assert_eq!(record(&world), (7.into(), 4.into()));
    // A record of under 100 institutions may shrink as it likes.
    let one = world.home.path().join("one.txt");
    std::fs::write(&one, file_text(&FILE[..2])).unwrap();
    assert_code(
        &world.local(&["enrich", "--ffiec", one.to_str().unwrap(), "--no-bankfind"]),
        0,
    );
}

#[test]
fn odd_zips_repeated_exams_and_huge_numbers_are_refused_naming_them() {
    let (world, file) = enriched();
    let home = world.home.path();
    let text = std::fs::read(&file).unwrap();
    // 10,000 files, none the text: the count and the first few named.
    let many = home.join("many.zip");
    let names: Vec<String> = (0..10_000).map(|i| format!("file-{i:05}.csv")).collect();
    let files: Vec<(&str, &[u8])> = names.iter().map(|n| (n.as_str(), &b"x"[..])).collect();
    zip_of(&many, &files);
    // Two texts of the name in two folders.
    let two = home.join("two.zip");
    zip_of(
        &two,
        &[("2020/craratng.txt", &text), ("2021/craratng.txt", &text)],
    );
    // A deflated stream damaged in its middle.
    let long: Vec<String> = (1..=20_000)
        .map(|id| format!("{id}\t3\t20190201\tBANK {id}\tTOWN\tKS\t1000\t2\t2\t"))
        .collect();
    let refs: Vec<&str> = long.iter().map(String::as_str).collect();
    let damaged = home.join("damaged.zip");
    zip_of(&damaged, &[("craratng.txt", file_text(&refs).as_bytes())]);
    let mut bytes = std::fs::read(&damaged).unwrap();
    let middle = bytes.len() / 2;
    for byte in &mut bytes[middle..middle + 16] {
        *byte ^= 0x5a;
    }
    std::fs::write(&damaged, bytes).unwrap();
    // One exam twice, rated otherwise; a 20-digit ID; 19-digit assets past
    // what SQLite keeps.
    let with = |name: &str, line: &str| {
        let mut lines = FILE.to_vec();
        lines.push(line);
        let path = home.join(name);
        std::fs::write(&path, file_text(&lines)).unwrap();
        path
    };
    let twice = with(
        "twice.txt",
        "27476\t3\t20170501\tCITIZENS BANK\tTULSA\tOK\t180000\t2\t4\t",
    );
    let id = with(
        "id.txt",
        "18446744073709551615\t3\t20170501\tCITIZENS BANK\tTULSA\tOK\t180000\t2\t4\t",
    );
    let assets = with(
        "assets.txt",
        "27477\t3\t20170501\tCITIZENS BANK\tTULSA\tOK\t9223372036854775808\t2\t4\t",
    );
    let cases = [
        (
            &many,
            "a zip without craratng.txt (it holds 10,000 files: file-00000.csv, ",
        ),
        (
            &two,
            "two craratng.txt, 2020/craratng.txt and 2021/craratng.txt",
        ),
        (&damaged, "a damaged zip: craratng.txt: "),
        (
            &twice,
            "line 8 repeats the exam of line 3 (FDIC-27476, 2017-05-01), rated Satisfactory \
             there and Substantial Noncompliance here",
        ),
        (&id, "line 8: ID '18446744073709551615' is out of range"),
        (
            &assets,
            "line 8: asset size '9223372036854775808' is out of range",
        ),
    ];
    for (path, says) in cases {
        let path = path.to_str().unwrap();
        let stderr = refused(
            &world,
            &["enrich", "--ffiec", path, "--no-bankfind"],
            1,
            says,
        );
        assert!(stderr.contains(path), "{stderr}");
        assert!(stderr.len() < 400, "{stderr}");
    }
}

#[test]
fn a_saved_page_or_a_site_out_of_reach_says_to_pass_the_file_by_hand() {
    let (world, _) = enriched();
    let page = world.home.path().join("craratng.html");
    std::fs::write(
        &page,
        "<!DOCTYPE html><html><body>CRA Ratings</body></html>",
    )
    .unwrap();
    refused(
        &world,
        &["enrich", "--ffiec", page.to_str().unwrap(), "--no-bankfind"],
        1,
        "an HTML page, not the FFIEC file; download https://www.ffiec.gov/craratings/craratng.zip \
         itself (not the page linking it) and run cra enrich --ffiec FILE",
    );
    // A closed port: nobody answers.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("http://127.0.0.1:{port}/craratng.zip");
    refused(
        &world,
        &["--retries", "0", "enrich", "--ffiec", &url, "--no-bankfind"],
        6,
        "download craratng.zip in a browser and run cra enrich --ffiec FILE",
    );
    // A site failing: the same.
    let failing = TestServer::start(|_, _| Reply::json(500, "{}"));
    refused(
        &world,
        &[
            "--retries",
            "0",
            "enrich",
            "--ffiec",
            &format!("{}/craratng.zip", failing.url),
            "--no-bankfind",
        ],
        6,
        "answered 500 Internal Server Error; download craratng.zip in a browser and run cra \
         enrich --ffiec FILE",
    );
}

/// A BankFind that answers `total` and, at every offset, the records
/// (`CERT`s) of `page(history, offset)`; no structure change where it
/// gives none.
pub(super) fn bankfind_of(total: u64, page: fn(bool, u64) -> Option<Vec<u64>>) -> TestServer {
    TestServer::start(move |_, target| {
        let offset = target
            .split(['?', '&'])
            .find_map(|pair| pair.strip_prefix("offset="))
            .and_then(|value| value.parse().ok())
            .unwrap_or(0);
        let Some(certs) = page(target.starts_with("/history"), offset) else {
            return Reply::json(200, super::enrich::NO_HISTORY);
        };
        let data: Vec<String> = certs
            .iter()
            .map(|cert| {
                if target.starts_with("/history") {
                    format!(
                        r#"{{"data":{{"CERT":{cert},"CHANGECODE":221,"EFFDATE":"2011-07-21","ORG_ROLE_CDE":"FI"}}}}"#
                    )
                } else {
                    format!(r#"{{"data":{{"CERT":{cert},"ACTIVE":1}}}}"#)
                }
            })
            .collect();
        Reply::json(
            200,
            &format!(
                r#"{{"meta":{{"total":{total}}},"data":[{}],"totals":{{"count":{total}}}}}"#,
                data.join(",")
            ),
        )
    })
}

#[test]
fn bankfind_sending_records_twice_or_ignoring_the_offset_is_refused() {
    let (world, file) = enriched();
    let file = file.to_str().unwrap();
    // The offset ignored: the first page again and again.
    let ignored = bankfind_of(20_000, |history, _| {
        (!history).then(|| (1..=10_000).collect())
    });
    // Every record twice: 20,000 sent, 10,000 distinct.
    let twice = bankfind_of(20_000, |history, offset| {
        (!history).then(|| {
            (offset / 2 + 1..=offset / 2 + 5_000)
                .flat_map(|c| [c, c])
                .collect()
        })
    });
    // The history's offset ignored; the institutions paged as they should.
    let history = bankfind_of(15_000, |history, offset| {
        Some(if history {
            (1..=10_000).collect()
        } else {
            (offset + 1..=(offset + 10_000).min(15_000)).collect()
        })
    });
    // The history's pages taking turns, A, B, A, B: no page repeats the
    // one just before it (issue 48, item 6).
    let turns = bankfind_of(40_000, |history, offset| {
        Some(if !history {
            (offset + 1..=offset + 10_000).collect()
        } else if (offset / 10_000) % 2 == 0 {
            (1..=10_000).collect()
        } else {
            (10_001..=20_000).collect()
        })
    });
    let cases = [
        (
            &ignored,
            "paging looks broken (the institutions at offset 10000 repeat those at offset 0)",
        ),
        (
            &turns,
            "paging looks broken (the structure changes at offset 20000 repeat those at offset 0)",
        ),
        (
            &twice,
            "paging looks broken (CERT 1 twice, at offsets 0 and 1)",
        ),
        (
            &history,
            "paging looks broken (the structure changes at offset 10000 repeat those at offset 0)",
        ),
    ];
    for (server, says) in cases {
        let url = format!("{}/institutions", server.url);
        refused(
            &world,
            &["enrich", "--ffiec", file, "--bankfind", &url],
            1,
            says,
        );
    }
}

/// BankFind numbers past what the copy keeps (19 and 20 digits: two
/// certificates would be stored as one, an amount cut short), in an
/// institution or a structure change, as numbers or as text: refused
/// naming the field and the value.
#[test]
fn bankfind_numbers_past_what_the_copy_keeps_are_refused_naming_them() {
    let (world, file) = enriched();
    let file = file.to_str().unwrap();
    let institution = |record: &'static str| {
        TestServer::start(move |_, target| {
            if target.starts_with("/history") {
                return Reply::json(200, super::enrich::NO_HISTORY);
            }
            Reply::json(
                200,
                &format!(r#"{{"meta":{{"total":1}},"data":[{{"data":{record}}}]}}"#),
            )
        })
    };
    let cert = institution(r#"{"CERT":12345678901234567890,"ACTIVE":1}"#);
    let assets = institution(r#"{"CERT":7,"ASSET":"9223372036854775808"}"#);
    let change = |record: &'static str| {
        TestServer::start(move |_, target| {
            if target.starts_with("/history") {
                return Reply::json(
                    200,
                    &format!(r#"{{"meta":{{"total":1}},"data":[{{"data":{record}}}]}}"#),
                );
            }
            Reply::json(200, r#"{"meta":{"total":1},"data":[{"data":{"CERT":7}}]}"#)
        })
    };
    let successor = change(
        r#"{"CERT":7,"CHANGECODE":221,"EFFDATE":"2011-07-21","ACQ_CERT":"99999999999999999999"}"#,
    );
    // Another institution's number, were they rounded (issue 48, item 6).
    let fraction = change(r#"{"CERT":7,"CHANGECODE":221,"EFFDATE":"2011-07-21","ACQ_CERT":53.6}"#);
    let exponent = change(r#"{"CERT":7,"CHANGECODE":221,"EFFDATE":"2011-07-21","ACQ_CERT":"1e3"}"#);
    let fractional_cert = institution(r#"{"CERT":"7.5","ACTIVE":1}"#);
    for (server, says) in [
        (&cert, "CERT '12345678901234567890' is out of range"),
        (&assets, "ASSET '9223372036854775808' is out of range"),
        (
            &successor,
            "ACQ_CERT '99999999999999999999' is out of range",
        ),
        (
            &fraction,
            "ACQ_CERT '53.6' is not an identifier (a whole number)",
        ),
        (
            &exponent,
            "ACQ_CERT '1e3' is not an identifier (a whole number)",
        ),
        (
            &fractional_cert,
            "CERT '7.5' is not an identifier (a whole number)",
        ),
    ] {
        let url = format!("{}/institutions", server.url);
        let said = refused(
            &world,
            &["enrich", "--ffiec", file, "--bankfind", &url],
            1,
            says,
        );
        assert!(said.contains("BankFind"), "{said}");
    }
    // An ending no history can hold yet (it would be shown as the end of
    // a bank still open): left out and said, the rest of the history kept.
    let future = TestServer::start(|_, target| {
        if target.starts_with("/history") {
            return Reply::json(
                200,
                r#"{"meta":{"total":2},"data":[
                  {"data":{"CERT":7,"CHANGECODE":221,"EFFDATE":"9999-12-31","ACQ_CERT":"8"}},
                  {"data":{"CERT":7,"CHANGECODE":510,"EFFDATE":"2001-02-03"}}]}"#,
            );
        }
        Reply::json(200, r#"{"meta":{"total":1},"data":[{"data":{"CERT":7}}]}"#)
    });
    let url = format!("{}/institutions", future.url);
    let out = world.local(&["enrich", "--ffiec", file, "--bankfind", &url]);
    assert_code(&out, 0);
    let said = crate::common::stderr(&out);
    assert!(
        said.contains(
            "dates 1 structure change after today (the latest 9999-12-31, CERT 7): left out"
        ),
        "{said}"
    );
    let held = world.sql_tsv("SELECT date, kind FROM events WHERE fdic_cert = 7 ORDER BY date");
    assert!(!held.contains("9999"), "{held}");
}
