//! A hostile service, scripted: it answers one bank's request with
//! another's detail, lists an id twice with different content, pages by
//! its own page size, quotes the API key back in data, or is slow to give
//! details, as a test sets it ([`Hostile`]); a [`World`] over it
//! ([`against`]), its local copy in the home.

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::{Value, json};

use super::World;
use super::server::{Reply, TestServer, param};

/// The key the tests' `cra` sends.
pub const KEY: &str = "key-Zq8v-SECRET-77";

/// A list entry.
pub fn entry(id: &str, name: &str) -> Value {
    json!({"id": id, "name": name, "city": "AMES", "state": "IA", "regulator": "FDIC",
        "current_rating": {"rating": "Satisfactory", "exam_date": "2019-05-01", "exam_type": "Small Bank"}})
}

/// The detail matching a list entry.
pub fn detail_of(entry: &Value) -> Value {
    json!({"id": entry["id"], "name": entry["name"], "city": entry["city"], "state": entry["state"],
        "regulator": entry["regulator"], "charter_type": null,
        "ratings": [{"exam_date": "2019-05-01", "rating": "Satisfactory", "exam_type": "Small Bank", "is_current": true}]})
}

/// `%XX` decoded (the test's own, so it checks `cra`'s encoding).
pub fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
            out.push(u8::from_str_radix(hex, 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

/// How a hostile service behaves.
#[derive(Clone, Default)]
pub struct Hostile {
    /// The list, in order (an id may appear twice).
    pub list: Vec<Value>,
    /// Banks a page holds at most, whatever was asked (`meta.per_page`
    /// says so when `honest_meta`).
    pub page_cap: Option<u64>,
    pub honest_meta: bool,
    /// Detail answers by requested id, instead of the list entry's.
    pub details: HashMap<String, Value>,
    /// While set, details are answered after a minute.
    pub slow_details: Arc<std::sync::atomic::AtomicBool>,
}

impl Hostile {
    pub fn new(list: Vec<Value>) -> Hostile {
        Hostile {
            list,
            honest_meta: true,
            ..Hostile::default()
        }
    }

    pub fn start(self) -> TestServer {
        let this = Arc::new(self);
        TestServer::start(move |_, target| this.answer(target))
    }

    pub fn answer(&self, target: &str) -> Reply {
        let path = target.split('?').next().unwrap();
        if let Some(id) = path.strip_prefix("/api/v1/banks/") {
            let id = decode(id);
            if self.slow_details.load(std::sync::atomic::Ordering::SeqCst) {
                return Reply::json(500, "{}").delayed(std::time::Duration::from_secs(60));
            }
            if let Some(detail) = self.details.get(&id) {
                return Reply::json(200, &json!({"data": detail}).to_string());
            }
            return match self.list.iter().find(|e| e["id"] == id.as_str()) {
                Some(entry) => Reply::json(200, &json!({"data": detail_of(entry)}).to_string()),
                None => Reply::json(404, r#"{"error":"not found"}"#),
            };
        }
        let page = param(target, "page").unwrap_or(1);
        let asked = param(target, "per_page").unwrap_or(25);
        let per_page = self.page_cap.map_or(asked, |cap| cap.min(asked));
        let total = self.list.len() as u64;
        let start = ((page - 1) * per_page) as usize;
        let data: Vec<Value> = self
            .list
            .iter()
            .skip(start)
            .take(per_page as usize)
            .cloned()
            .collect();
        let shown = if self.honest_meta { per_page } else { asked };
        Reply::json(
            200,
            &json!({"data": data, "meta": {"total": total, "page": page, "per_page": shown,
                "total_pages": total.div_ceil(shown)}})
            .to_string(),
        )
    }
}

/// A world whose service is `service`, its local copy in the home.
pub fn against(service: Hostile) -> World {
    World::scripted(service.start(), KEY)
}
