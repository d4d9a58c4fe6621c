//! The HTTP side: the two documented routes, authentication, validation,
//! the documented error body and the fault knobs.
//!
//! Each API request goes through, in order: `--latency` (a sleep), the
//! request counter (`--rate-limit-every` K: every Kth request gets 429 with
//! `Retry-After: 1`; `--fail-rate` P: a request whose counter hashes, with
//! the seed, below P gets 500), authentication (401/403), parameter
//! validation (400), then the lookup (404 for an unknown id). Faults come
//! before authentication, as a proxy or load balancer would answer.
//!
//! Before all of it, `--quota` (see `quota`): counted as the request
//! arrives, a request past it is answered 429 after the latency, and every
//! answer carries the quota headers chosen.
//!
//! Every error body has one shape:
//! `{"error":{"status":400,"code":"invalid_parameter","message":"..."}}`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::data::SIZES;
use super::store::{ListParams, ServedBanks};

/// The key that is accepted.
pub const ACTIVE_KEY: &str = "sandbox_active";
/// The key whose subscription is inactive (403).
pub const INACTIVE_KEY: &str = "sandbox_inactive";
/// Default and maximum page sizes (docs/service.md, section 8.1).
pub const PER_PAGE_DEFAULT: u64 = 25;
pub const PER_PAGE_MAX: u64 = 100;

/// The fault knobs.
#[derive(Debug, Clone, Default)]
pub struct Faults {
    pub latency: Duration,
    pub fail_rate: f64,
    pub rate_limit_every: Option<u64>,
    /// `--quota`: past N requests in a period, 429.
    pub quota: Option<crate::http::rate::Rate>,
    /// `--quota-headers`: which quota headers every answer carries.
    pub quota_headers: super::quota::Dialect,
    /// Makes the choice of failing requests depend on the seed.
    pub seed: u64,
}

/// Shared state of one sandbox.
pub struct App {
    /// Shared with the public record, which is drawn from the banks.
    store: Arc<RwLock<ServedBanks>>,
    /// The FFIEC file and BankFind answers served beside the API.
    public: Option<Arc<super::public::Public>>,
    faults: Faults,
    /// Present when `--latency` is set.
    delay: Option<super::delay::Delayer>,
    requests: AtomicU64,
    quota: Option<super::quota::Quota>,
    /// `--log-requests`: one line a request, appended as it is answered.
    request_log: Option<std::sync::Mutex<std::fs::File>>,
}

impl App {
    pub fn new(store: ServedBanks, faults: Faults) -> App {
        App {
            store: Arc::new(RwLock::new(store)),
            public: None,
            delay: (!faults.latency.is_zero()).then(super::delay::Delayer::new),
            quota: faults.quota.map(super::quota::Quota::new),
            faults,
            requests: AtomicU64::new(0),
            request_log: None,
        }
    }

    /// Serves the public record of `source` beside the API, and its
    /// lending files with each year's reporters `lending_scale` times over.
    pub fn with_public(mut self, source: super::public::Origin, lending_scale: u32) -> App {
        let public = super::public::Public::new(source, self.store.clone(), lending_scale);
        self.public = Some(Arc::new(public));
        self
    }

    /// Appends `METHOD PATH?QUERY STATUS` to `file` for every request.
    pub fn with_request_log(mut self, file: std::fs::File) -> App {
        self.request_log = Some(std::sync::Mutex::new(file));
        self
    }

    pub fn read(&self) -> RwLockReadGuard<'_, ServedBanks> {
        self.store.read().unwrap_or_else(|e| e.into_inner())
    }

    pub fn write(&self) -> RwLockWriteGuard<'_, ServedBanks> {
        self.store.write().unwrap_or_else(|e| e.into_inner())
    }

    /// Faults and authentication: `Some` is the response to send instead.
    async fn gate(&self, headers: &HeaderMap) -> Option<Response> {
        if let Some(delay) = &self.delay {
            delay.sleep(self.faults.latency).await;
        }
        let n = self.requests.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(k) = self.faults.rate_limit_every
            && n.is_multiple_of(k)
        {
            let mut response = error(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                "too many requests; retry after 1 second",
            );
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            return Some(response);
        }
        if self.faults.fail_rate > 0.0 && fails(self.faults.seed, n, self.faults.fail_rate) {
            return Some(error(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal_error",
                "internal server error (injected by --fail-rate)",
            ));
        }
        authenticate(headers)
    }
}

/// Whether request number `n` fails at rate `p`: a hash of (seed, n), so a
/// run with the same seed fails the same request numbers.
pub fn fails(seed: u64, n: u64, p: f64) -> bool {
    let mut z = seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    ((z >> 11) as f64 / (1u64 << 53) as f64) < p
}

/// None when the key is the active one, else the 401 or 403 response.
fn authenticate(headers: &HeaderMap) -> Option<Response> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Some(unauthorized(
            "missing API key: send the header Authorization: Bearer <API_KEY>",
        ));
    };
    let key = value.to_str().ok().and_then(|v| {
        let (scheme, key) = v.trim().split_once(' ')?;
        scheme.eq_ignore_ascii_case("bearer").then(|| key.trim())
    });
    match key {
        Some(ACTIVE_KEY) => None,
        Some(INACTIVE_KEY) => Some(error(
            StatusCode::FORBIDDEN,
            "subscription_inactive",
            "the subscription of this API key is inactive",
        )),
        Some(_) => Some(unauthorized("invalid API key")),
        None => Some(unauthorized(
            "malformed Authorization header: expected Bearer <API_KEY>",
        )),
    }
}

fn unauthorized(message: &str) -> Response {
    let mut response = error(StatusCode::UNAUTHORIZED, "unauthorized", message);
    response
        .headers_mut()
        .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
    response
}

/// The one error body: `{"error":{"status","code","message"}}`.
pub fn error(status: StatusCode, code: &str, message: &str) -> Response {
    let body = serde_json::json!({
        "error": { "status": status.as_u16(), "code": code, "message": message }
    });
    json_response(status, serde_json::to_vec(&body).expect("json"))
}

fn json_response(status: StatusCode, body: Vec<u8>) -> Response {
    let mut response = Response::new(Body::from(body));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

fn bad_parameter(message: String) -> Response {
    error(StatusCode::BAD_REQUEST, "invalid_parameter", &message)
}

/// A parameter value echoed in a message, cut short.
fn shown(value: &str) -> String {
    let cut: String = value.chars().take(40).collect();
    if cut.len() < value.len() {
        format!("'{cut}…'")
    } else {
        format!("'{cut}'")
    }
}

/// Validates the list parameters (the last of repeated ones counts;
/// unknown ones are ignored).
pub fn parse_query(raw: Option<&str>) -> Result<ListParams, String> {
    let mut query = ListParams {
        page: 1,
        per_page: PER_PAGE_DEFAULT,
        ..ListParams::default()
    };
    for (key, value) in url::form_urlencoded::parse(raw.unwrap_or("").as_bytes()) {
        match key.as_ref() {
            "q" => {
                let q = value.trim().to_lowercase();
                query.q = (!q.is_empty()).then_some(q);
            }
            "state" => {
                let Some(code) = crate::domain::states::normalize(&value) else {
                    return Err(format!(
                        "state must be a two-letter state or territory code, got {}",
                        shown(&value)
                    ));
                };
                query.state = Some(code);
            }
            "size" => {
                if !SIZES.contains(&value.as_ref()) {
                    return Err(format!(
                        "size must be one of Large Bank, Small Bank, Intermediate Small Bank, got {}",
                        shown(&value)
                    ));
                }
                query.size = Some(value.into_owned());
            }
            "page" => match value.parse::<u64>() {
                Ok(page) if page >= 1 => query.page = page,
                _ => {
                    return Err(format!(
                        "page must be an integer of at least 1, got {}",
                        shown(&value)
                    ));
                }
            },
            "per_page" => match value.parse::<u64>() {
                Ok(n) if (1..=PER_PAGE_MAX).contains(&n) => query.per_page = n,
                _ => {
                    return Err(format!(
                        "per_page must be an integer between 1 and {PER_PAGE_MAX}, got {}",
                        shown(&value)
                    ));
                }
            },
            _ => {}
        }
    }
    Ok(query)
}

async fn list(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    RawQuery(raw): RawQuery,
) -> Response {
    if let Some(response) = app.gate(&headers).await {
        return response;
    }
    let query = match parse_query(raw.as_deref()) {
        Ok(query) => query,
        Err(message) => return bad_parameter(message),
    };
    let body = app.read().list_body(&query);
    json_response(StatusCode::OK, body)
}

async fn detail(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(response) = app.gate(&headers).await {
        return response;
    }
    let body = app.read().detail_body(&id);
    match body {
        Some(body) => json_response(StatusCode::OK, body),
        None => error(
            StatusCode::NOT_FOUND,
            "not_found",
            &format!("no bank with id {}", shown(&id)),
        ),
    }
}

async fn no_route() -> Response {
    error(
        StatusCode::NOT_FOUND,
        "not_found",
        "no such endpoint; the API has GET /api/v1/banks and GET /api/v1/banks/{id}",
    )
}

async fn wrong_method() -> Response {
    let mut response = error(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "the API is read-only: use GET",
    );
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET"));
    response.into_response()
}

/// `--quota`: counts the request as it arrives; past the quota, a 429
/// (after the latency, as any answer); the quota headers on every answer.
async fn enforce_quota(
    State(app): State<Arc<App>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let Some(quota) = &app.quota else {
        return next.run(request).await;
    };
    let decision = quota.check(super::quota::unix_now());
    let mut response = if decision.allowed {
        next.run(request).await
    } else {
        if let Some(delay) = &app.delay {
            delay.sleep(app.faults.latency).await;
        }
        error(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            &format!(
                "over the quota of {} requests; retry after the window's end",
                app.faults.quota.map(|q| q.to_string()).unwrap_or_default()
            ),
        )
    };
    response
        .headers_mut()
        .extend(decision.headers(app.faults.quota_headers));
    response
}

/// Writes one line per request to the request log, if there is one:
/// `METHOD PATH?QUERY STATUS TIME`, the time (seconds since the Unix
/// epoch, to the microsecond) when the request arrived.
async fn log_request(
    State(app): State<Arc<App>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let arrived = super::quota::unix_now();
    let asked = format!("{} {}", request.method(), request.uri());
    let response = next.run(request).await;
    if let Some(log) = &app.request_log {
        use std::io::Write;
        let line = format!("{asked} {} {arrived:.6}\n", response.status().as_u16());
        let mut file = log.lock().unwrap_or_else(|e| e.into_inner());
        // One write per line on an append-mode file: lines never interleave.
        let _ = file.write_all(line.as_bytes());
    }
    response
}

/// The sandbox's routes over `app`: the API (under `--quota`), the public
/// record beside it (other sites: no quota), all in the request log.
pub fn router(app: Arc<App>) -> Router {
    let logged = app.request_log.is_some();
    let mut api = Router::new()
        .route("/api/v1/banks", get(list))
        .route("/api/v1/banks/{id}", get(detail))
        .fallback(no_route)
        .method_not_allowed_fallback(wrong_method);
    if app.quota.is_some() {
        api = api.layer(axum::middleware::from_fn_with_state(
            app.clone(),
            enforce_quota,
        ));
    }
    let mut router = api.with_state(app.clone());
    if let Some(public) = &app.public {
        router = router.merge(super::public::routes(public.clone()));
    }
    if logged {
        router = router.layer(axum::middleware::from_fn_with_state(app, log_request));
    }
    router
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_defaults_and_limits() {
        let q = parse_query(None).unwrap();
        assert_eq!((q.page, q.per_page), (1, 25));
        let q = parse_query(Some(
            "q=First%20Nat&state=tx&size=Large+Bank&page=3&per_page=100",
        ))
        .unwrap();
        assert_eq!(q.q.as_deref(), Some("first nat"));
        assert_eq!(q.state.as_deref(), Some("TX"));
        assert_eq!(q.size.as_deref(), Some("Large Bank"));
        assert_eq!((q.page, q.per_page), (3, 100));
        for bad in [
            "per_page=0",
            "per_page=101",
            "per_page=x",
            "per_page=",
            "page=0",
            "page=-1",
            "page=1.5",
            "page=99999999999999999999999",
            "size=large",
            "state=XX",
            "state=TEX",
        ] {
            assert!(parse_query(Some(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn failures_are_deterministic_and_near_the_rate() {
        let count = (1..=10_000).filter(|n| fails(1, *n, 0.1)).count();
        assert!((900..=1100).contains(&count), "{count}");
        let again = (1..=10_000).filter(|n| fails(1, *n, 0.1)).count();
        assert_eq!(count, again);
        assert!(!(1..=1000).any(|n| fails(1, n, 0.0)));
        assert!((1..=1000).all(|n| fails(1, n, 1.0)));
    }
}
