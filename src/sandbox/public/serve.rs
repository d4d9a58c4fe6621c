//! The public record over HTTP, as the FFIEC and BankFind answer: the zip
//! as a file; BankFind's pages with its parameters (`filters`, `fields`,
//! `sort_by`, `sort_order`, `limit` at most 10,000, `offset`), its
//! envelope, and a 400 naming the parameter it cannot take. Neither needs
//! a key, as neither real one does, and neither goes through the service's
//! fault knobs or quota: they stand for other sites.

use std::sync::Arc;

use axum::Router;
use axum::body::Body;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use axum::routing::get;
use serde_json::{Map, Value, json};

use super::{Public, PublicRecord};
use crate::record::bankfind::history::{self, Change};
use crate::record::bankfind::{self, Field, Filter, Institution, Query, SortOrder};
use crate::record::ffiec;

/// The paths, for the enrich command's `--sandbox` and the tests.
pub const FFIEC_PATH: &str = "/ffiec/craratng.zip";
pub const BANKFIND_PATH: &str = "/bankfind/institutions";
pub const HISTORY_PATH: &str = "/bankfind/history";
pub const TRUTH_PATH: &str = "/_truth/links";
/// The lending files (`13exp_aggr.zip`), and the challenge page in place
/// of one.
pub const LENDING_PATH: &str = "/lending/{file}";
pub const LENDING_CHALLENGE_PATH: &str = "/lending/challenge/{file}";

/// What the sandbox serves of a public record.
pub struct Served {
    zip: bytes::Bytes,
    institutions: Vec<Institution>,
    history: Vec<Change>,
    truth: bytes::Bytes,
    /// The institution each bank of the file truly is, by the bank's id.
    keys: std::collections::HashMap<String, crate::record::ffiec::InstitutionKey>,
    /// Who may report lending, for the lending files.
    pub(super) book: super::lending::Book,
}

impl Served {
    pub fn new(record: PublicRecord) -> Served {
        let modified = record
            .vintage
            .unwrap_or(jiff::civil::date(2021, 11, 9))
            .at(0, 0, 0, 0);
        let book = super::lending::Book::new(&record);
        let zip = match record.published {
            Some(bytes) => bytes,
            None => ffiec::write_zip(&record.exams, modified).expect("a zip in memory"),
        };
        Served {
            zip: zip.into(),
            truth: truth_json(&record.truth).into(),
            keys: record
                .truth
                .iter()
                .filter_map(|(id, key)| Some((id.clone(), key.clone()?)))
                .collect(),
            institutions: record.institutions,
            history: record.history,
            book,
        }
    }

    /// The institution the FFIEC file knows bank `id` as (none: none of
    /// its exams is in the file).
    pub fn key_of(&self, id: &str) -> Option<crate::record::ffiec::InstitutionKey> {
        self.keys.get(id).cloned()
    }

    /// BankFind's structure changes for a query string (`filters` on
    /// their fields, `limit`, `offset`; in the order of certificates), or
    /// the message of a 400.
    pub fn history(&self, raw: Option<&str>) -> Result<Vec<u8>, String> {
        let query = Query::parse(raw)?;
        let filter = match &query.filters {
            Some(text) => Some(Filter::parse(text).map_err(|e| format!("filters: {e}"))?),
            None => None,
        };
        let matched: Vec<&Change> = self
            .history
            .iter()
            .filter(|change| {
                filter
                    .as_ref()
                    .is_none_or(|f| f.matches(&|name: &str| history_text(change, name)))
            })
            .collect();
        let page = matched
            .iter()
            .skip(usize::try_from(query.offset).unwrap_or(usize::MAX))
            .take(query.limit as usize)
            .copied();
        let mut parameters = Map::new();
        parameters.insert(
            "filters".into(),
            Value::from(query.filters.clone().unwrap_or_default()),
        );
        parameters.insert("limit".into(), Value::from(query.limit));
        parameters.insert("offset".into(), Value::from(query.offset));
        Ok(history::write_history(
            matched.len() as u64,
            page,
            parameters,
        ))
    }

    #[cfg(test)]
    pub fn zip(&self) -> &[u8] {
        &self.zip
    }

    /// BankFind's answer to a query string, or the message of a 400.
    pub fn bankfind(&self, raw: Option<&str>) -> Result<Vec<u8>, String> {
        let query = Query::parse(raw)?;
        let known = |name: &str, what: &str| {
            Field::from_name(name).ok_or_else(|| {
                let names: Vec<&str> = Field::ALL.iter().map(|f| f.name()).collect();
                format!(
                    "{what} names the field '{}', which the sandbox does not serve (it serves {})",
                    crate::text::clip(name, 40),
                    names.join(", ")
                )
            })
        };
        // Fields it does not serve are left out, as the API leaves out
        // fields it has no value for.
        let fields: Vec<Field> = if query.fields.is_empty() {
            Field::ALL.to_vec()
        } else {
            query
                .fields
                .iter()
                .filter_map(|f| Field::from_name(f))
                .collect()
        };
        let filter = match &query.filters {
            Some(text) => {
                let filter = Filter::parse(text).map_err(|e| format!("filters: {e}"))?;
                for name in filter.fields() {
                    known(name, "filters")?;
                }
                Some(filter)
            }
            None => None,
        };
        let sort = match &query.sort_by {
            Some(name) => known(name, "sort_by")?,
            None => Field::Name,
        };
        let mut matched: Vec<(Option<Key>, usize)> = self
            .institutions
            .iter()
            .enumerate()
            .filter(|(_, i)| {
                filter.as_ref().is_none_or(|f| {
                    f.matches(&|name: &str| Field::from_name(name).and_then(|field| i.text(field)))
                })
            })
            .map(|(n, i)| (key(i, sort), n))
            .collect();
        // Unknown values last either way; ties in the record order, so
        // that pages neither repeat nor skip one.
        matched.sort_by(|(a, i), (b, j)| {
            let order = match (a, b) {
                (Some(a), Some(b)) if query.sort_order == SortOrder::Desc => b.cmp(a),
                (Some(a), Some(b)) => a.cmp(b),
                (a, b) => a.is_none().cmp(&b.is_none()),
            };
            order.then(i.cmp(j))
        });
        let page = matched
            .iter()
            .skip(usize::try_from(query.offset).unwrap_or(usize::MAX))
            .take(query.limit as usize)
            .map(|(_, n)| &self.institutions[*n]);
        let mut parameters = Map::new();
        for (name, value) in [
            ("filters", query.filters.clone().unwrap_or_default()),
            ("fields", query.fields.join(",")),
            ("sort_by", sort.name().to_string()),
            (
                "sort_order",
                format!("{:?}", query.sort_order).to_uppercase(),
            ),
            ("limit", query.limit.to_string()),
            ("offset", query.offset.to_string()),
        ] {
            parameters.insert(name.to_string(), Value::from(value));
        }
        Ok(bankfind::write_page(
            matched.len() as u64,
            page,
            &fields,
            parameters,
        ))
    }
}

/// `{"banks": N, "linkable": M, "links": [{"bank_id", "institution",
/// "regulator", "agency_id"}, ...]}`, `institution` null (and no regulator
/// or ID) for a bank none of whose exams is in the file. Written by hand:
/// a tree of 18,820 objects costs seconds in a debug build.
fn truth_json(truth: &[(String, Option<crate::record::ffiec::InstitutionKey>)]) -> Vec<u8> {
    let linked = truth.iter().filter(|(_, k)| k.is_some()).count();
    let mut out = format!(
        "{{\"banks\":{},\"linkable\":{linked},\"links\":[",
        truth.len()
    );
    for (n, (id, key)) in truth.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        let id = Value::from(id.as_str());
        match key {
            Some(key) => out.push_str(&format!(
                "{{\"bank_id\":{id},\"institution\":\"{key}\",\"regulator\":\"{}\",\"agency_id\":{}}}",
                key.regulator, key.agency_id
            )),
            None => out.push_str(&format!("{{\"bank_id\":{id},\"institution\":null}}")),
        }
    }
    out.push_str("]}");
    out.into_bytes()
}

/// A record's sort key for `field`.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Number(u64),
    Text(String),
}

fn key(institution: &Institution, field: Field) -> Option<Key> {
    let text = institution.text(field)?;
    Some(if field.is_number() {
        Key::Number(text.parse().ok()?)
    } else {
        Key::Text(text.to_ascii_uppercase())
    })
}

pub(super) fn answer(
    status: StatusCode,
    content_type: &'static str,
    body: impl Into<Body>,
) -> Response {
    let mut response = Response::new(body.into());
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

async fn ffiec_zip(State(public): State<Arc<Public>>) -> Response {
    let zip = public.served().zip.clone();
    let mut response = answer(StatusCode::OK, "application/x-zip-compressed", zip);
    response.headers_mut().insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"craratng.zip\""),
    );
    response
}

async fn institutions(State(public): State<Arc<Public>>, RawQuery(raw): RawQuery) -> Response {
    match public.served().bankfind(raw.as_deref()) {
        Ok(body) => answer(StatusCode::OK, "application/json", body),
        Err(message) => {
            let body = json!({ "error": { "status": 400, "message": message } });
            answer(
                StatusCode::BAD_REQUEST,
                "application/json",
                body.to_string(),
            )
        }
    }
}

/// A structure change's field as a filter compares it.
fn history_text(change: &Change, name: &str) -> Option<String> {
    Some(match name.to_ascii_uppercase().as_str() {
        "CERT" => change.fdic_cert.to_string(),
        "CHANGECODE" => change.code.to_string(),
        "EFFDATE" => change.date.strftime("%Y%m%d").to_string(),
        "ORG_ROLE_CDE" => (if change.institution { "FI" } else { "BR" }).to_string(),
        "INSTNAME" => change.name.clone()?,
        "ACQ_CERT" => change.successor_cert?.to_string(),
        _ => return None,
    })
}

async fn history_of(State(public): State<Arc<Public>>, RawQuery(raw): RawQuery) -> Response {
    match public.served().history(raw.as_deref()) {
        Ok(body) => answer(StatusCode::OK, "application/json", body),
        Err(message) => {
            let body = json!({ "error": { "status": 400, "message": message } });
            answer(
                StatusCode::BAD_REQUEST,
                "application/json",
                body.to_string(),
            )
        }
    }
}

async fn truth(State(public): State<Arc<Public>>) -> Response {
    answer(
        StatusCode::OK,
        "application/json",
        public.served().truth.clone(),
    )
}

/// The public record's routes.
pub fn routes(public: Arc<Public>) -> Router {
    Router::new()
        .route(FFIEC_PATH, get(ffiec_zip))
        .route(BANKFIND_PATH, get(institutions))
        .route(HISTORY_PATH, get(history_of))
        .route(TRUTH_PATH, get(truth))
        .route(super::evaluations::PATH, get(super::evaluations::serve))
        .route(LENDING_PATH, get(super::lending::serve))
        .route(LENDING_CHALLENGE_PATH, get(super::lending::challenge))
        .with_state(public)
}
