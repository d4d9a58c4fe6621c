//! The binary starts, answers --help and --version, and rejects bad usage with exit 2.

#[test]
fn help_and_version() {
    let home = crate::common::Home::new();
    home.cra().arg("--help").assert().success();
    home.cra().arg("--version").assert().success();
    home.cra()
        .args(["search", "--state", "XX"])
        .assert()
        .code(2);
}

/// Help that cannot be written (a full disk) is a failure, not exit 0.
#[cfg(target_os = "linux")]
#[test]
fn help_to_a_full_disk_fails() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("Linux has /dev/full");
    let home = crate::common::Home::new();
    let out = home.cra_std().arg("--help").stdout(full).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write the help"));
}

/// `--sandbox` and `--base-url` say two different things: a usage error,
/// not one silently ignored.
#[test]
fn sandbox_and_base_url_conflict() {
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .args(["--sandbox", "--base-url", "https://x.example", "search"])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 2);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("--base-url"), "{stderr}");
}
