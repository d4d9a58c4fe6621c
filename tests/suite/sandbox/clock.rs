//! The sandbox's data is a function of its seed, its size and `--evolve`
//! alone, never of the clock: with the clock a year and ten years ahead
//! (libfaketime preloaded into `cra`), a sandbox serves byte for byte the
//! banks, rating histories, FFIEC file, BankFind institutions and
//! structure changes it serves today, and `show fdic:N` and `lineage` of
//! the default sandbox answer as they do today.

use serde_json::Value;

use crate::common::tools::moved_clock;
use crate::common::{Home, Sandbox};

/// The clock's moves: none, a year, ten years.
const MOVES: [&str; 3] = ["+0d", "+365d", "+3650d"];

/// Every GET of `path` through its pages of `limit`, as BankFind pages.
fn bankfind_pages(sandbox: &Sandbox, path: &str) -> Vec<Value> {
    let mut records = Vec::new();
    loop {
        let url = format!("{}{path}?limit=1000&offset={}", sandbox.url, records.len());
        let (status, _, body) = crate::common::get(&url, None);
        assert_eq!(status, 200, "{url}: {body}");
        let page = body["data"].as_array().expect("a data array").clone();
        let total = body["meta"]["total"].as_u64().expect("meta.total");
        let done = page.is_empty() || records.len() + page.len() >= total as usize;
        records.extend(page);
        if done {
            return records;
        }
    }
}

/// Everything a sandbox serves of its data, as one text.
fn served(sandbox: &Sandbox) -> String {
    let details = sandbox.details("");
    let zip = crate::common::fetch(format!("{}/ffiec/craratng.zip", sandbox.url))
        .expect("GET the FFIEC file")
        .bytes()
        .expect("the FFIEC file");
    let institutions = bankfind_pages(sandbox, "/bankfind/institutions");
    let history = bankfind_pages(sandbox, "/bankfind/history");
    assert!(
        !details.is_empty() && !institutions.is_empty() && !history.is_empty(),
        "{} banks, {} institutions, {} changes",
        details.len(),
        institutions.len(),
        history.len()
    );
    format!(
        "{}\n{}\n{}\n{}",
        serde_json::to_string(&details).unwrap(),
        hex_of(&zip),
        serde_json::to_string(&institutions).unwrap(),
        serde_json::to_string(&history).unwrap()
    )
}

fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn a_sandbox_serves_the_same_data_whatever_the_clock_says() {
    let mut first: Option<String> = None;
    for offset in MOVES {
        let Some(clock) = moved_clock(offset) else {
            return;
        };
        let env: Vec<(&str, &str)> = clock.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let sandbox =
            Sandbox::start_with_env(&["--banks", "600", "--seed", "5", "--evolve", "40"], &env);
        let now = served(&sandbox);
        match &first {
            None => first = Some(now),
            Some(today) => assert!(
                *today == now,
                "the clock moved {offset} and the sandbox's data changed"
            ),
        }
    }
}

#[test]
fn show_and_lineage_of_the_default_sandbox_answer_the_same_on_any_day() {
    let Some(_) = moved_clock("+0d") else {
        return;
    };
    let home = Home::new();
    home.sandboxed(&["sync"]);
    home.sandboxed(&["enrich"]);
    let answers = |offset: &str| -> Vec<String> {
        let clock = moved_clock(offset).expect("checked above");
        [
            &["show", "fdic:12683", "--enriched", "--format", "json"][..],
            &["lineage", "fdic:12683", "--format", "csv"],
            &[
                "sql",
                "SELECT * FROM events ORDER BY fdic_cert, date, rowid",
            ],
        ]
        .iter()
        .map(|args| {
            let out = home
                .cra()
                .envs(clock.iter().map(|(k, v)| (*k, v.as_str())))
                .arg("--sandbox")
                .args(*args)
                .output()
                .unwrap();
            crate::common::assert_code(&out, 0);
            String::from_utf8(out.stdout).unwrap()
        })
        .collect()
    };
    let today = answers("+0d");
    // The guide's example: a bank that merged, with predecessors.
    assert!(
        today[1].lines().count() > 3 && today[1].contains("predecessor"),
        "{}",
        today[1]
    );
    for offset in &MOVES[1..] {
        let then = answers(offset);
        for (asked, (a, b)) in ["show", "lineage", "events"]
            .iter()
            .zip(today.iter().zip(&then))
        {
            assert!(
                a == b,
                "{asked} with the clock moved {offset}:\n{a}\nthen:\n{b}"
            );
        }
    }
}
