//! One sandbox of 2,000 banks (seed 7) for each test that asks for it,
//! started on first use, and the queries the search and table tests make
//! of it: its address, a GET, `cra ARGS --format json` against it, and a
//! list page as the server holds it.

use serde_json::Value;

use super::{ACTIVE_KEY, Service};

thread_local! {
    /// One sandbox per test (each test runs on its own thread, whose end
    /// drops it and so stops the process): 2,000 banks is enough for every
    /// filter to match several pages. A process-wide static would never be
    /// dropped and would outlive the test binary.
    pub static SANDBOX: crate::common::Sandbox = crate::common::Sandbox::start(&["--banks", "2000", "--seed", "7"]);
}

/// This test's sandbox's address.
pub fn sandbox_url() -> String {
    SANDBOX.with(|s| s.url.clone())
}

/// A GET of `path` from this test's sandbox: status and json body.
pub fn sandbox_get(path: &str) -> (u16, Value) {
    SANDBOX.with(|s| s.get(path))
}

/// `cra ARGS --format json` against this test's sandbox, which must
/// succeed: what it printed.
pub fn run_json(args: &[&str]) -> Value {
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .at(&sandbox_url(), ACTIVE_KEY)
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// What the server holds for a query string.
pub fn server_page(query: &str) -> (Vec<Value>, Value) {
    let (status, body) = sandbox_get(&format!("/api/v1/banks?{query}"));
    assert_eq!(status, 200, "{query}");
    (
        body["data"].as_array().unwrap().clone(),
        body["meta"].clone(),
    )
}
