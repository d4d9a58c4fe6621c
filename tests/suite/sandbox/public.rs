//! The public record the sandbox serves beside the service: the FFIEC zip
//! downloads and reads, BankFind's pages add up, both are the same bytes
//! for a seed, the service's banks are untouched by them, and a data set
//! built from the real FFIEC file serves that file.

use std::collections::{HashMap, HashSet};

use cra::record::bankfind::{self, Institution};
use cra::record::ffiec::{self, Exam, InstitutionKey};
use serde_json::Value;

use crate::common::{Home, Sandbox, assert_code, shared_data, stderr};

/// A GET without a key (neither real site takes one): status, content
/// type and the body's bytes.
fn fetch(sandbox: &Sandbox, path: &str) -> (u16, String, Vec<u8>) {
    let response = crate::common::fetch(format!("{}{path}", sandbox.url)).expect("GET");
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    (status, kind, response.bytes().expect("body").to_vec())
}

fn zip_of(sandbox: &Sandbox) -> (Vec<u8>, Vec<Exam>) {
    let (status, kind, bytes) = fetch(sandbox, "/ffiec/craratng.zip");
    assert_eq!(
        (status, kind.as_str()),
        (200, "application/x-zip-compressed")
    );
    let exams = ffiec::read_all(&bytes).expect("the zip reads as the FFIEC file");
    (bytes, exams)
}

fn truth(sandbox: &Sandbox) -> Vec<(String, Option<InstitutionKey>)> {
    let (status, _, body) = fetch(sandbox, "/_truth/links");
    assert_eq!(status, 200);
    let body: Value = serde_json::from_slice(&body).unwrap();
    body["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            let key = l["institution"].as_str().map(|k| k.parse().unwrap());
            (l["bank_id"].as_str().unwrap().to_string(), key)
        })
        .collect()
}

/// Every institution BankFind lists for `query`, page by page (`limit`
/// each): the pages and the total each one gave.
fn every_page(sandbox: &Sandbox, query: &str, limit: usize) -> (Vec<Institution>, Vec<u64>) {
    let (mut all, mut totals) = (Vec::new(), Vec::new());
    loop {
        let path = format!(
            "/bankfind/institutions?{query}&limit={limit}&offset={}",
            all.len()
        );
        let (status, kind, body) = fetch(sandbox, &path);
        assert_eq!((status, kind.as_str()), (200, "application/json"), "{path}");
        let page = bankfind::parse_page(&body).expect("a BankFind page");
        let total = page.total.expect("meta.total");
        totals.push(total);
        let got = page.institutions.len();
        all.extend(page.institutions);
        if got < limit || all.len() as u64 >= total {
            break;
        }
    }
    (all, totals)
}

#[test]
fn the_ffiec_zip_downloads_and_reads_with_every_bank_in_it() {
    let sandbox = Sandbox::start(&["--banks", "3000", "--seed", "3"]);
    let (_, exams) = zip_of(&sandbox);
    let banks = sandbox.walk("");
    let links = truth(&sandbox);
    assert_eq!(links.len(), banks.len());
    let keys: HashSet<InstitutionKey> = exams.iter().map(Exam::key).collect();
    let linked: Vec<&InstitutionKey> = links.iter().filter_map(|(_, k)| k.as_ref()).collect();
    assert!(
        linked.len() * 1000 >= banks.len() * 995,
        "{} linked",
        linked.len()
    );
    assert!(linked.iter().all(|k| keys.contains(k)));
    // More institutions than banks (twins, thrifts' other charters), and
    // exams in order, as the FFIEC sorts them.
    assert!(keys.len() > banks.len());
    assert!(exams.windows(2).all(|w| w[0].file_order(&w[1]).is_le()));
    // A bank's current exam is in the file under its institution, with
    // its rating (an FDIC exam once it was made public).
    let by_id: HashMap<&str, &InstitutionKey> = links
        .iter()
        .filter_map(|(id, k)| Some((id.as_str(), k.as_ref()?)))
        .collect();
    let mut found = 0;
    for bank in banks.iter().take(300) {
        let Some(key) = by_id.get(bank["id"].as_str().unwrap()) else {
            continue;
        };
        let current = &bank["current_rating"];
        let date: jiff::civil::Date = current["exam_date"].as_str().unwrap().parse().unwrap();
        let same = exams.iter().any(|e| {
            e.key() == **key
                && e.rating.as_str() == current["rating"].as_str().unwrap()
                && (e.exam_date == date
                    || (key.regulator.as_str() == "FDIC"
                        && e.exam_date > date
                        && e.exam_date.day() == 1))
        });
        found += usize::from(same);
    }
    assert!(found >= 280, "{found} of 300 current exams found");
}

#[test]
fn bankfind_pages_add_up_to_the_total_with_no_duplicates() {
    let sandbox = Sandbox::start(&["--banks", "3000", "--seed", "3"]);
    let (all, totals) = every_page(&sandbox, "fields=CERT,NAME,ACTIVE,ASSET", 700);
    let total = totals[0];
    assert!(totals.iter().all(|t| *t == total), "{totals:?}");
    assert_eq!(all.len() as u64, total);
    let certs: HashSet<u64> = all.iter().map(|i| i.fdic_cert.unwrap()).collect();
    assert_eq!(certs.len(), all.len(), "no certificate twice");
    assert!(
        all.iter().all(|i| i.rssd_id.is_none() && i.name.is_some()),
        "fields asked only"
    );
    // By name (the API's default order), then a filter that pages alike.
    let names: Vec<String> = all
        .iter()
        .map(|i| i.name.clone().unwrap().to_uppercase())
        .collect();
    assert!(names.windows(2).all(|w| w[0] <= w[1]));
    let (active, _) = every_page(&sandbox, "filters=ACTIVE:1&sort_by=CERT", 500);
    let inactive = all.iter().filter(|i| i.active == Some(false)).count();
    assert_eq!(active.len() + inactive, all.len());
    assert!(active.windows(2).all(|w| w[0].fdic_cert < w[1].fdic_cert));
    // A parameter the sandbox cannot take is a 400 saying which.
    let (status, _, body) = fetch(&sandbox, "/bankfind/institutions?filters=CERT:(1");
    assert_eq!(status, 400);
    assert!(
        String::from_utf8(body)
            .unwrap()
            .contains("filters: expected ')'")
    );
    let (status, _, _) = fetch(&sandbox, "/bankfind/institutions?limit=ten");
    assert_eq!(status, 400);
}

#[test]
fn the_default_data_set_caps_a_page_at_ten_thousand() {
    let sandbox = Sandbox::start(&[]);
    let (_, _, body) = fetch(&sandbox, "/bankfind/institutions?limit=20000&fields=CERT");
    let page = bankfind::parse_page(&body).unwrap();
    assert_eq!(page.institutions.len(), 10_000);
    assert!(page.total.unwrap() > 18_820, "{:?}", page.total);
    let (all, _) = every_page(&sandbox, "fields=CERT&sort_by=CERT", 10_000);
    assert_eq!(
        all.len() as u64,
        page.total.unwrap(),
        "two pages of 10,000 hold them all"
    );
}

#[test]
fn the_same_seed_serves_the_same_bytes_and_the_banks_are_untouched() {
    let args = ["--banks", "2000", "--seed", "9"];
    let (first, second) = (Sandbox::start(&args), Sandbox::start(&args));
    let before = first.walk("");
    let (zip, _) = zip_of(&first);
    assert_eq!(zip, zip_of(&second).0, "same seed, same zip");
    let page = "/bankfind/institutions?limit=10000&sort_by=CERT";
    assert_eq!(fetch(&first, page).2, fetch(&second, page).2);
    assert_eq!(first.walk(""), before, "serving the record changed no bank");
    let other = Sandbox::start(&["--banks", "2000", "--seed", "10"]);
    assert_ne!(zip_of(&other).0, zip);
}

#[test]
fn the_public_record_is_outside_the_quota_and_in_the_request_log() {
    let home = Home::new();
    let log = home.path().join("requests.log");
    let sandbox = Sandbox::start(&[
        "--banks",
        "50",
        "--quota",
        "2/m",
        "--log-requests",
        log.to_str().unwrap(),
    ]);
    for _ in 0..4 {
        assert_eq!(fetch(&sandbox, "/bankfind/institutions?limit=1").0, 200);
    }
    assert_eq!(fetch(&sandbox, "/ffiec/craratng.zip").0, 200);
    let statuses: Vec<u16> = (0..3).map(|_| sandbox.get("/api/v1/banks").0).collect();
    assert_eq!(
        statuses,
        [200, 200, 429],
        "the API's quota counts only the API"
    );
    let logged = std::fs::read_to_string(&log).unwrap();
    assert_eq!(
        logged
            .matches("GET /bankfind/institutions?limit=1 200")
            .count(),
        4
    );
    assert!(logged.contains("GET /ffiec/craratng.zip 200"));
}

#[test]
fn the_real_ffiec_file_serves_18_820_banks_with_78_642_ratings() {
    let Some(path) = shared_data("craratng.zip") else {
        return;
    };
    let sandbox = Sandbox::start(&["--data", path.to_str().unwrap()]);
    let (_, body) = sandbox.get("/api/v1/banks?per_page=1");
    assert_eq!(body["meta"]["total"], 18_820);
    let (zip, exams) = zip_of(&sandbox);
    assert_eq!(zip, std::fs::read(&path).unwrap(), "the file as published");
    assert_eq!(exams.len(), 78_642);
    let links = truth(&sandbox);
    assert_eq!(links.len(), 18_820);
    let mut per_key: HashMap<InstitutionKey, usize> = HashMap::new();
    for exam in &exams {
        *per_key.entry(exam.key()).or_default() += 1;
    }
    let keys: HashSet<&InstitutionKey> = links.iter().map(|(_, k)| k.as_ref().unwrap()).collect();
    assert_eq!(keys.len(), 18_820, "each bank its own institution");
    assert_eq!(keys.iter().map(|k| per_key[*k]).sum::<usize>(), 78_642);
    // A bank's ratings are its institution's exams (a sample of them).
    for (id, key) in links.iter().step_by(97) {
        let key = key.as_ref().unwrap();
        let (status, detail) = sandbox.get(&format!("/api/v1/banks/{id}"));
        assert_eq!(status, 200);
        let ratings = detail["data"]["ratings"].as_array().unwrap();
        assert_eq!(ratings.len(), per_key[key], "{key}");
        assert_eq!(detail["data"]["regulator"], key.regulator.as_str());
    }
    // BankFind: one record per institution, with only the file's numbers.
    let (all, _) = every_page(&sandbox, "sort_by=CERT", 10_000);
    assert_eq!(all.len(), 18_820);
    assert!(all.iter().all(|i| i.active.is_none()));
    let certs = all.iter().filter(|i| i.fdic_cert.is_some()).count();
    assert_eq!(certs, 10_230, "the FDIC's institutions have certificates");
}

#[test]
fn perturbations_rename_drop_and_twin() {
    let Some(path) = shared_data("craratng.zip") else {
        return;
    };
    let args = [
        "--data",
        path.to_str().unwrap(),
        "--perturb",
        "renames=200,drops=100,twins=20",
    ];
    let sandbox = Sandbox::start(&args);
    let (zip, exams) = zip_of(&sandbox);
    let twins = 20;
    let keys: HashSet<InstitutionKey> = exams.iter().map(Exam::key).collect();
    assert_eq!(keys.len(), 18_820 + twins);
    assert!(exams.len() < 78_642 - 100 + twins * 18);
    assert_eq!(truth(&sandbox).len(), 18_820);
    assert_eq!(zip, zip_of(&Sandbox::start(&args)).0, "drawn from the seed");
}

#[test]
fn perturb_needs_the_ffiec_file_and_a_bad_one_is_named() {
    let home = Home::new();
    let out = home
        .cra()
        .args([
            "sandbox",
            "--port",
            "0",
            "--banks",
            "5",
            "--perturb",
            "renames=1",
        ])
        .output()
        .unwrap();
    assert_code(&out, 2);
    let csv = home.path().join("banks.csv");
    std::fs::write(
        &csv,
        "id,name,city,state,regulator,exam_date,rating,exam_type,is_current\n",
    )
    .unwrap();
    let out = home
        .cra()
        .args(["sandbox", "--port", "0", "--perturb", "drops=1", "--data"])
        .arg(&csv)
        .output()
        .unwrap();
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("--perturb takes the FFIEC file"),
        "{}",
        stderr(&out)
    );
    for (name, body, want) in [
        (
            "page.zip",
            "<html><title>Request Rejected</title></html>",
            "an HTML page, not the FFIEC file",
        ),
        (
            "craratng.txt",
            "1\t1\t20190204\tW\tS\tSD\t1\t1\t1\t\r\n1\t9\t2019\n",
            "line 2: ",
        ),
    ] {
        let file = home.path().join(name);
        std::fs::write(&file, body).unwrap();
        let out = home
            .cra()
            .args(["sandbox", "--port", "0", "--data"])
            .arg(&file)
            .output()
            .unwrap();
        assert_code(&out, 1);
        let message = stderr(&out);
        assert_eq!(message.lines().count(), 1, "{message}");
        assert!(
            message.starts_with(&format!("cra: error: {}: {want}", file.display())),
            "{message}"
        );
    }
}
