//! Conformance of `cra sandbox` with the service interface (docs/service.md,
//! sections 2, 4, 5 and 7), over HTTP against the real binary.

use serde_json::Value;

use crate::common::{ACTIVE_KEY, Sandbox, Service, get};

const SIZES: [&str; 3] = ["Large Bank", "Small Bank", "Intermediate Small Bank"];

fn keys(value: &Value) -> Vec<&str> {
    value
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect()
}

fn is_date(value: &Value) -> bool {
    let s = value.as_str().unwrap_or("");
    s.len() == 10 && s.as_bytes()[4] == b'-' && s.as_bytes()[7] == b'-'
}

fn is_uuid(value: &Value) -> bool {
    let s = value.as_str().unwrap_or("");
    s.len() == 36 && s.chars().filter(|c| *c == '-').count() == 4
}

fn check_error(body: &Value, status: u16) {
    assert_eq!(keys(body), ["error"], "{body}");
    assert_eq!(
        keys(&body["error"]),
        ["status", "code", "message"],
        "{body}"
    );
    assert_eq!(body["error"]["status"], status, "{body}");
    assert!(body["error"]["code"].is_string());
    assert!(!body["error"]["message"].as_str().unwrap().is_empty());
}

#[test]
fn list_envelope_and_field_types() {
    let sandbox = Sandbox::start(&["--banks", "300"]);
    let (status, body) = sandbox.get("/api/v1/banks");
    assert_eq!(status, 200);
    assert_eq!(keys(&body), ["data", "meta"]);
    assert_eq!(
        keys(&body["meta"]),
        ["total", "page", "per_page", "total_pages"]
    );
    assert_eq!(body["meta"]["total"], 300);
    assert_eq!(body["meta"]["page"], 1);
    assert_eq!(body["meta"]["per_page"], 25);
    assert_eq!(body["meta"]["total_pages"], 12);
    let data = body["data"].as_array().unwrap();
    assert_eq!(data.len(), 25);
    for item in data {
        assert_eq!(
            keys(item),
            ["id", "name", "city", "state", "regulator", "current_rating"]
        );
        assert!(is_uuid(&item["id"]), "{item}");
        for field in ["name", "city", "state", "regulator"] {
            assert!(item[field].is_string(), "{item}");
        }
        assert_eq!(item["state"].as_str().unwrap().len(), 2);
        let current = &item["current_rating"];
        assert_eq!(keys(current), ["rating", "exam_date", "exam_type"]);
        assert!(current["rating"].is_string());
        assert!(is_date(&current["exam_date"]), "{current}");
        assert!(SIZES.contains(&current["exam_type"].as_str().unwrap()));
    }
}

#[test]
fn detail_envelope_and_history() {
    let sandbox = Sandbox::start(&["--banks", "80"]);
    for item in sandbox.walk("") {
        let id = item["id"].as_str().unwrap();
        let (status, body) = sandbox.get(&format!("/api/v1/banks/{id}"));
        assert_eq!(status, 200);
        assert_eq!(keys(&body), ["data"]);
        let bank = &body["data"];
        assert_eq!(
            keys(bank),
            [
                "id",
                "name",
                "city",
                "state",
                "regulator",
                "charter_type",
                "ratings"
            ]
        );
        for field in ["id", "name", "city", "state", "regulator"] {
            assert_eq!(bank[field], item[field]);
        }
        let ratings = bank["ratings"].as_array().unwrap();
        assert!(!ratings.is_empty());
        for r in ratings {
            assert_eq!(keys(r), ["exam_date", "rating", "exam_type", "is_current"]);
            assert!(is_date(&r["exam_date"]));
            assert!(r["is_current"].is_boolean());
        }
        let current: Vec<&Value> = ratings.iter().filter(|r| r["is_current"] == true).collect();
        assert_eq!(current.len(), 1, "{bank}");
        assert!(ratings[0]["is_current"].as_bool().unwrap(), "newest first");
        for pair in ratings.windows(2) {
            assert!(pair[0]["exam_date"].as_str() > pair[1]["exam_date"].as_str());
        }
        for field in ["rating", "exam_date", "exam_type"] {
            assert_eq!(current[0][field], item["current_rating"][field]);
        }
    }
}

#[test]
fn charter_type_is_null_for_most_and_varied_otherwise() {
    let sandbox = Sandbox::start(&["--banks", "150"]);
    let mut null = 0;
    let mut other = 0;
    for item in sandbox.walk("") {
        let (_, body) = sandbox.get(&format!("/api/v1/banks/{}", item["id"].as_str().unwrap()));
        if body["data"]["charter_type"].is_null() {
            null += 1;
        } else {
            other += 1;
        }
    }
    assert!(null > 90 && other >= 12, "{null} null, {other} set");
}

#[test]
fn meta_arithmetic_for_several_page_sizes() {
    let sandbox = Sandbox::start(&["--banks", "237"]);
    for per_page in [1u64, 7, 25, 50, 100] {
        let (status, body) = sandbox.get(&format!("/api/v1/banks?per_page={per_page}"));
        assert_eq!(status, 200);
        let pages = 237u64.div_ceil(per_page);
        assert_eq!(body["meta"]["total"], 237);
        assert_eq!(body["meta"]["per_page"], per_page);
        assert_eq!(body["meta"]["total_pages"], pages);
        assert_eq!(
            body["data"].as_array().unwrap().len() as u64,
            per_page.min(237)
        );
        let (_, last) = sandbox.get(&format!("/api/v1/banks?per_page={per_page}&page={pages}"));
        assert_eq!(
            last["data"].as_array().unwrap().len() as u64,
            237 - (pages - 1) * per_page
        );
        assert_eq!(last["meta"]["page"], pages);
    }
}

#[test]
fn walking_all_pages_gives_every_bank_once_in_name_then_id_order() {
    let sandbox = Sandbox::start(&["--banks", "450"]);
    for per_page in [13, 100] {
        let mut ids = Vec::new();
        let mut keys_seen: Vec<(String, String)> = Vec::new();
        let (_, first) = sandbox.get(&format!("/api/v1/banks?per_page={per_page}"));
        let pages = first["meta"]["total_pages"].as_u64().unwrap();
        for page in 1..=pages {
            let (_, body) = sandbox.get(&format!("/api/v1/banks?per_page={per_page}&page={page}"));
            for item in body["data"].as_array().unwrap() {
                ids.push(item["id"].as_str().unwrap().to_string());
                keys_seen.push((
                    item["name"].as_str().unwrap().to_string(),
                    item["id"].as_str().unwrap().to_string(),
                ));
            }
        }
        let mut distinct = ids.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 450);
        assert_eq!(ids.len(), 450);
        assert!(
            keys_seen.windows(2).all(|w| w[0] < w[1]),
            "sorted by name, then id"
        );
    }
}

#[test]
fn page_past_the_end_is_empty_with_correct_meta() {
    let sandbox = Sandbox::start(&["--banks", "60"]);
    let (status, body) = sandbox.get("/api/v1/banks?page=4&per_page=25");
    assert_eq!(status, 200);
    assert_eq!(body["data"], serde_json::json!([]));
    assert_eq!(
        body["meta"],
        serde_json::json!({"total": 60, "page": 4, "per_page": 25, "total_pages": 3})
    );
    let (status, body) = sandbox.get("/api/v1/banks?q=no%20such%20bank%20anywhere");
    assert_eq!(status, 200);
    assert_eq!(
        body["meta"],
        serde_json::json!({"total": 0, "page": 1, "per_page": 25, "total_pages": 0})
    );
}

#[test]
fn filters_alone_and_combined_match_a_client_side_filter() {
    let sandbox = Sandbox::start(&["--banks", "1500"]);
    let all = sandbox.walk("");
    assert_eq!(all.len(), 1500);
    let expect = |q: Option<&str>, state: Option<&str>, size: Option<&str>| -> Vec<Value> {
        all.iter()
            .filter(|b| {
                q.is_none_or(|q| {
                    b["name"]
                        .as_str()
                        .unwrap()
                        .to_lowercase()
                        .contains(&q.to_lowercase())
                }) && state.is_none_or(|s| b["state"] == s.to_uppercase())
                    && size.is_none_or(|s| b["current_rating"]["exam_type"] == s)
            })
            .map(|b| b["id"].clone())
            .collect()
    };
    let cases: [(Option<&str>, Option<&str>, Option<&str>); 9] = [
        (Some("state"), None, None),
        (Some("NaTiOnAl"), None, None),
        (None, Some("TX"), None),
        (None, Some("il"), None),
        (None, None, Some("Large Bank")),
        (None, None, Some("Intermediate Small Bank")),
        (None, Some("TX"), Some("Small Bank")),
        (Some("bank"), None, Some("Large Bank")),
        (Some("first"), Some("IL"), Some("Small Bank")),
    ];
    for (q, state, size) in cases {
        let mut query = Vec::new();
        if let Some(q) = q {
            query.push(format!("q={q}"));
        }
        if let Some(s) = state {
            query.push(format!("state={s}"));
        }
        if let Some(s) = size {
            query.push(format!("size={}", s.replace(' ', "+")));
        }
        let got: Vec<Value> = sandbox
            .walk(&query.join("&"))
            .iter()
            .map(|b| b["id"].clone())
            .collect();
        let want = expect(q, state, size);
        assert!(
            !want.is_empty() || state == Some("IL"),
            "{query:?} matches nothing"
        );
        assert_eq!(got, want, "{query:?}");
    }
}

#[test]
fn name_search_matches_non_ascii_letters_case_insensitively() {
    let sandbox = Sandbox::start(&[]);
    let found = sandbox.walk("q=econ%C3%93mico");
    assert!(!found.is_empty());
    for bank in &found {
        assert!(
            bank["name"].as_str().unwrap().contains("ECONÓMICO"),
            "{bank}"
        );
    }
    assert_eq!(sandbox.get("/api/v1/banks").1["meta"]["total"], 18_820);
}

#[test]
fn authentication_401_403_and_checked_before_parameters() {
    let sandbox = Sandbox::start(&["--banks", "20"]);
    let (_, list) = sandbox.get("/api/v1/banks?per_page=1");
    let id = list["data"][0]["id"].as_str().unwrap().to_string();
    for path in [
        "/api/v1/banks".to_string(),
        format!("/api/v1/banks/{id}"),
        "/api/v1/banks?per_page=0".to_string(),
        "/api/v1/banks/not-a-bank".to_string(),
    ] {
        let url = format!("{}{path}", sandbox.url);
        let (status, headers, body) = get(&url, None);
        assert_eq!(status, 401, "{path}");
        check_error(&body, 401);
        assert_eq!(headers["www-authenticate"], "Bearer");
        let (status, _, body) = get(&url, Some("not_a_key"));
        assert_eq!(status, 401);
        check_error(&body, 401);
        let (status, _, body) = get(&url, Some("sandbox_inactive"));
        assert_eq!(status, 403);
        check_error(&body, 403);
    }
    let client = crate::common::http();
    let response = client
        .get(format!("{}/api/v1/banks", sandbox.url))
        .header("Authorization", "Basic c2FuZGJveF9hY3RpdmU6")
        .send()
        .unwrap();
    assert_eq!(response.status().as_u16(), 401);
}

#[test]
fn invalid_parameters_are_400_with_a_message_naming_them() {
    let sandbox = Sandbox::start(&["--banks", "20"]);
    for (query, name) in [
        ("per_page=0", "per_page"),
        ("per_page=101", "per_page"),
        ("per_page=ten", "per_page"),
        ("per_page=2.5", "per_page"),
        ("page=0", "page"),
        ("page=-1", "page"),
        ("page=x", "page"),
        ("size=large", "size"),
        ("size=Medium+Bank", "size"),
        ("state=XX", "state"),
        ("state=TEXAS", "state"),
    ] {
        let (status, body) = sandbox.get(&format!("/api/v1/banks?{query}"));
        assert_eq!(status, 400, "{query}");
        check_error(&body, 400);
        assert_eq!(body["error"]["code"], "invalid_parameter");
        let message = body["error"]["message"].as_str().unwrap();
        assert!(message.starts_with(name), "{query}: {message}");
    }
    let (status, body) = sandbox.get("/api/v1/banks?per_page=100&state=tx&unknown=1");
    assert_eq!(status, 200, "{body}");
}

#[test]
fn unknown_bank_and_unknown_route_are_404() {
    let sandbox = Sandbox::start(&["--banks", "20"]);
    let (status, body) = sandbox.get("/api/v1/banks/00000000-0000-5000-8000-000000000000");
    assert_eq!(status, 404);
    check_error(&body, 404);
    assert_eq!(body["error"]["code"], "not_found");
    let (status, body) = sandbox.get("/api/v2/banks");
    assert_eq!(status, 404);
    check_error(&body, 404);
}

#[test]
fn ids_are_stable_for_a_seed_and_differ_between_seeds() {
    let ids = |args: &[&str]| -> Vec<Value> {
        let sandbox = Sandbox::start(args);
        sandbox.walk("").iter().map(|b| b["id"].clone()).collect()
    };
    let a = ids(&["--banks", "100", "--seed", "9"]);
    let b = ids(&["--banks", "100", "--seed", "9"]);
    let c = ids(&["--banks", "100", "--seed", "10"]);
    assert_eq!(a, b);
    assert!(a.iter().all(|id| !c.contains(id)));
    assert!(a.iter().all(is_uuid));
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_sandbox_with_exit_0() {
    let mut sandbox = Sandbox::start(&["--banks", "10"]);
    crate::common::signal(sandbox.child.id(), crate::common::Signal::INT);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let status = loop {
        if let Some(status) = sandbox.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "still running after SIGINT"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    assert_eq!(status.code(), Some(0));
}

/// `--host ::1`: the address has colons of its own, so it is bound as a
/// (host, port) pair and printed in brackets; the client takes that URL.
#[test]
fn serves_on_ipv6_loopback() {
    if !crate::common::need_ipv6_loopback() {
        return;
    }
    let sandbox = Sandbox::start(&["--host", "::1", "--banks", "300"]);
    assert!(sandbox.url.starts_with("http://[::1]:"), "{}", sandbox.url);
    let (status, body) = sandbox.get("/api/v1/banks?per_page=1");
    assert_eq!(status, 200);
    assert_eq!(body["meta"]["total"], 300);
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .args(["--format", "json", "search", "--limit", "2"])
        .at(&sandbox.url, ACTIVE_KEY)
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    let banks: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(banks.as_array().map(Vec::len), Some(2));
}
