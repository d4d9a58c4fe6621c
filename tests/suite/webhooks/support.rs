//! What the webhook tests share: their secret (never printed), a signed
//! payload, deliveries posted to `listen`, its log read back, and a
//! downstream app that records what it receives.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use crate::common::Home;

/// The webhook secret of these tests: no part of it (`s3cr3t`) may show.
pub const SECRET: &str = "whsec_s3cr3t-value-never-printed";

/// The `X-Service-Signature` of `body` under `secret`.
pub fn sign(secret: &str, body: &[u8]) -> String {
    use hmac::{Hmac, KeyInit, Mac};
    let mut mac = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(body);
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

/// A `rating.created` payload for `bank_id`.
pub fn body_for(bank_id: &str) -> Vec<u8> {
    format!(
        r#"{{"event":"rating.created","timestamp":"2026-11-20T12:34:56.789Z","data":{{"bank_id":"{bank_id}","bank_name":"CITIZENS STATE BANK","rating":"Satisfactory","exam_date":"2026-11-01","regulator":"FDIC"}}}}"#
    )
    .into_bytes()
}

/// Fails if `text` (what `what` printed) holds the secret or part of it.
pub fn assert_no_secret(what: &str, text: &str) {
    assert!(!text.contains(SECRET), "the secret appeared in {what}");
    assert!(
        !text.contains("s3cr3t"),
        "part of the secret appeared in {what}"
    );
}

/// `cra verify-webhook --signature SIG -` of `body` under `secret`: its
/// exit code, standard output and error, neither holding the secret.
pub fn verify(home: &Home, sig: &str, body: &[u8], secret: &str) -> (i32, String, String) {
    let out = home
        .cra()
        .args(["verify-webhook", "--signature", sig, "-"])
        .env("CRA_WEBHOOK_SECRET", secret)
        .write_stdin(body.to_vec())
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_no_secret("verify stdout", &stdout);
    assert_no_secret("verify stderr", &stderr);
    (out.status.code().unwrap(), stdout, stderr)
}

/// POSTs `body` (json) to `url` with `signature`: the status.
pub fn post(url: &str, body: Vec<u8>, signature: Option<&str>) -> u16 {
    let client = crate::common::http();
    let mut request = client
        .post(url)
        .header("Content-Type", "application/json")
        .body(body);
    if let Some(sig) = signature {
        request = request.header("X-Service-Signature", sig);
    }
    request.send().unwrap().status().as_u16()
}

/// [`post`], signed with [`SECRET`].
pub fn post_signed(url: &str, body: Vec<u8>) -> u16 {
    let sig = sign(SECRET, &body);
    post(url, body, Some(&sig))
}

/// The json lines of a `listen --log` file, which holds no secret.
pub fn log_lines(path: &std::path::Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).unwrap();
    assert_no_secret("the log file", &text);
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// (signature header, body) of each request a downstream got.
pub type Received = Arc<Mutex<Vec<(String, Vec<u8>)>>>;

/// A one-connection-at-a-time HTTP server answering `status`, recording
/// the signature header and body of each request: its URL and what it got.
pub fn downstream(status: u16) -> (String, Received) {
    downstream_with(status, "")
}

/// `downstream`, its answers carrying `headers` (each ending in CRLF).
pub fn downstream_with(status: u16, headers: &str) -> (String, Received) {
    downstream_on(TcpListener::bind("127.0.0.1:0").unwrap(), status, headers)
}

/// `downstream_with` on a listener already bound.
pub fn downstream_on(listener: TcpListener, status: u16, headers: &str) -> (String, Received) {
    let headers = headers.to_string();
    let url = format!("http://{}/hooks", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = seen.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let mut reader = BufReader::new(stream);
            let (mut length, mut signature) = (0usize, String::new());
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 {
                    break;
                }
                let lower = line.to_ascii_lowercase();
                if let Some(v) = lower.strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap();
                }
                if lower.starts_with("x-service-signature:") {
                    signature = line[20..].trim().to_string();
                }
                if line == "\r\n" {
                    break;
                }
            }
            let mut body = vec![0; length];
            reader.read_exact(&mut body).unwrap();
            record.lock().unwrap().push((signature, body));
            let _ = write!(
                reader.get_mut(),
                "HTTP/1.1 {status} Whatever\r\n{headers}content-length: 0\r\nconnection: close\r\n\r\n"
            );
        }
    });
    (url, seen)
}
