//! Signals that would end `cra` mid-export: SIGHUP (a closed terminal or SSH
//! session) and SIGUSR1 stop it as Ctrl-C and SIGTERM do, through the real
//! binary against a slow sandbox: no `.part` file is left, the destination
//! keeps what it held, and the exit is non-zero (130).

#![cfg(unix)]

use std::process::Stdio;

const BEFORE: &str = "the previous export\n";

fn signal_stops_export_cleanly(signal: &str) {
    let sandbox = crate::common::Sandbox::start(&["--banks", "2000", "--latency", "50"]);
    let home = crate::common::Home::new();
    let dir = home.path().join("out");
    std::fs::create_dir(&dir).unwrap();
    let dest = dir.join("banks.csv");
    std::fs::write(&dest, BEFORE).unwrap();
    let child = home
        .cra_std()
        .env("CRA_BASE_URL", &sandbox.url)
        .env("CRA_API_KEY", "sandbox_active")
        .args(["export", "--with-history", "-o"])
        .arg(&dest)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Until the temporary file exists beside the destination: the export
    // is under way (and its signal handlers are in place).
    let started = std::time::Instant::now();
    while std::fs::read_dir(&dir).unwrap().count() < 2 {
        assert!(started.elapsed().as_secs() < 30, "export never started");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let sent = std::process::Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let out = child.wait_with_output().unwrap();
    // Killed by the signal itself, the process has no exit code at all.
    crate::common::assert_code(&out, 130);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["banks.csv"], "no temporary file is left");
    assert_eq!(std::fs::read_to_string(&dest).unwrap(), BEFORE);
}

#[test]
fn sighup_stops_an_export_removing_its_temporary_file() {
    signal_stops_export_cleanly("-HUP");
}

#[test]
fn sigusr1_stops_an_export_removing_its_temporary_file() {
    signal_stops_export_cleanly("-USR1");
}
