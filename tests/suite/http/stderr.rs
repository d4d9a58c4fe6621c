//! A standard error that cannot be written (issue 27, item 8): full
//! (`2>/dev/full`) or closed (`2>&1 | head -1`). The message is lost, but
//! the exit code is the documented one, never a panic's 101.

use std::process::Stdio;

use crate::common::server::{Reply, TestServer};
use crate::common::{Home, Service};

/// A bank the service does not have (exit 5) and a usage error (exit 2).
fn cases() -> [(Vec<&'static str>, i32); 2] {
    [
        (vec!["show", "nosuchid"], 5),
        (vec!["search", "--per-page", "0"], 2),
    ]
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_standard_error_keeps_the_exit_code() {
    let server = TestServer::always(Reply::json(404, r#"{"message":"not found"}"#));
    for (args, code) in cases() {
        let home = Home::new();
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let status = home
            .cra_std()
            .at_with_secrets(&server.url)
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(full)
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(code), "{args:?}");
    }
}

#[test]
fn a_closed_standard_error_keeps_the_exit_code() {
    let server = TestServer::always(Reply::json(404, r#"{"message":"not found"}"#));
    for (args, code) in cases() {
        let home = Home::new();
        let mut child = home
            .cra_std()
            .at_with_secrets(&server.url)
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader goes away before anything is written.
        drop(child.stderr.take());
        let status = child.wait().unwrap();
        assert_eq!(status.code(), Some(code), "{args:?}");
    }
}
