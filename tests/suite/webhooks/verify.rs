//! `cra verify-webhook`: valid signatures from standard input and from a
//! file, every reason for a refusal (exit 7) and the mistakes it explains,
//! and its usage errors; the secret never printed.

use crate::common::Home;

use super::support::{SECRET, assert_no_secret, body_for, sign, verify};

/// `verify-webhook` refuses (exit 7) with `explanation` in its line.
fn assert_explained(home: &Home, sig: &str, body: &[u8], secret: &str, explanation: &str) {
    let (code, stdout, _) = verify(home, sig, body, secret);
    assert_eq!(code, 7);
    assert!(stdout.contains(explanation), "{stdout}");
}

#[test]
fn verify_valid_from_stdin_and_file() {
    let home = Home::new();
    let body = body_for("b1");
    let sig = sign(SECRET, &body);
    assert_eq!(
        verify(&home, &sig, &body, SECRET),
        (0, "valid\n".into(), String::new())
    );

    let file = home.path().join("body.json");
    std::fs::write(&file, &body).unwrap();
    let out = home
        .cra()
        .args(["verify-webhook", "--secret", SECRET, "--signature", &sig])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(out.stdout, b"valid\n");
    // Upper-case hex digits are accepted.
    let upper = format!("sha256={}", sig[7..].to_uppercase());
    assert_eq!(verify(&home, &upper, &body, SECRET).0, 0);
}

#[test]
fn verify_invalid_reasons_exit_7() {
    let home = Home::new();
    let body = body_for("b1");
    let sig = sign(SECRET, &body);
    let cases = [
        (sig[7..].to_string(), "invalid: missing sha256= prefix"),
        (sig.to_uppercase(), "invalid: missing sha256= prefix"),
        ("sha256=xyz".to_string(), "invalid: signature is not hex"),
        ("sha256=abcd".to_string(), "invalid: wrong length"),
        (
            sign("other secret", &body),
            "invalid: signature does not match",
        ),
    ];
    for (header, expected) in cases {
        let (code, stdout, _) = verify(&home, &header, &body, SECRET);
        assert_eq!(code, 7, "{header}");
        assert!(stdout.starts_with(expected), "{header}: {stdout}");
        assert_eq!(stdout.lines().count(), 1);
        // A plain mismatch is not explained by a common mistake.
        if expected.ends_with("match") {
            assert_eq!(stdout.trim_end(), expected);
        }
    }
}

#[test]
fn verify_explains_trailing_newline_added_and_removed() {
    let home = Home::new();
    let body = body_for("b1");
    let with_newline = [&body[..], b"\n"].concat();
    assert_explained(
        &home,
        &sign(SECRET, &body),
        &with_newline,
        SECRET,
        "ends with a newline that was not signed",
    );

    assert_explained(
        &home,
        &sign(SECRET, &with_newline),
        &body,
        SECRET,
        "ended with a newline that is missing here",
    );
}

#[test]
fn verify_explains_reserialized_json() {
    let home = Home::new();
    let body = body_for("b1");
    let value: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let pretty = serde_json::to_vec_pretty(&value).unwrap();
    let (code, stdout, _) = verify(&home, &sign(SECRET, &body), &pretty, SECRET);
    assert_eq!(code, 7);
    assert!(
        stdout.contains("re-serialized") && stdout.contains("pretty-printed"),
        "{stdout}"
    );

    // The sender's keys sorted (jq -S -c): a reordering.
    let sorted = br#"{"data":{"bank_id":"b1","bank_name":"CITIZENS STATE BANK","exam_date":"2026-11-01","rating":"Satisfactory","regulator":"FDIC"},"event":"rating.created","timestamp":"2026-11-20T12:34:56.789Z"}"#;
    assert_explained(
        &home,
        &sign(SECRET, sorted),
        &body,
        SECRET,
        "keys in another order",
    );

    // The other way, the commoner one: signed as the service writes it,
    // checked after `jq -S` (compact) or `jq -S .` (pretty) sorted it.
    let sorted_value: serde_json::Value = serde_json::from_slice(sorted).unwrap();
    let sorted_pretty = serde_json::to_vec_pretty(&sorted_value).unwrap();
    for received in [&sorted[..], &sorted_pretty[..]] {
        assert_explained(
            &home,
            &sign(SECRET, &body),
            received,
            SECRET,
            "keys in another order",
        );
    }
}

#[test]
fn verify_explains_secret_whitespace() {
    let home = Home::new();
    let body = body_for("b1");
    let sig = sign(SECRET, &body);
    assert_explained(
        &home,
        &sig,
        &body,
        &format!("{SECRET}\n"),
        "secret given here has surrounding whitespace",
    );

    let sig = sign(&format!("{SECRET}\n"), &body);
    assert_explained(&home, &sig, &body, SECRET, "sender's secret has whitespace");
}

#[test]
fn verify_usage_errors_exit_2() {
    let home = Home::new();
    let out = home
        .cra()
        .args(["verify-webhook", "--signature", "sha256=00", "-"])
        .write_stdin("x")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("CRA_WEBHOOK_SECRET") && stderr.contains("--secret"),
        "{stderr}"
    );
    // No --signature at all.
    let out = home.cra().args(["verify-webhook"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    // A missing file is an I/O failure (1), naming the file.
    let out = home
        .cra()
        .args([
            "verify-webhook",
            "--secret",
            SECRET,
            "--signature",
            "sha256=00",
        ])
        .arg(home.path().join("nope.json"))
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    // The missing file is the problem to fix first, whatever the signature.
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("nope.json"), "{stderr}");
    assert_no_secret("stderr", &stderr);
    let sig = sign(SECRET, b"x");
    let out = home
        .cra()
        .args(["verify-webhook", "--secret", SECRET, "--signature", &sig])
        .arg(home.path().join("nope.json"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr).unwrap().contains("nope.json"));
}
