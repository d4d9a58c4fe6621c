//! Signals sent to a running `cra`, and the export every stop signal must
//! end cleanly.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{ACTIVE_KEY, Home, Sandbox, Service, assert_code};

/// Sends `signal` (`-INT`, `-TERM`, `-HUP`, ...) to process `pid` with
/// `kill`, and checks it was sent.
#[track_caller]
pub fn signal(pid: u32, signal: &str) {
    let sent = Command::new("kill")
        .args([signal, &pid.to_string()])
        .status()
        .expect("run kill");
    assert!(sent.success(), "kill {signal} {pid} failed");
}

/// `cra export --with-history -o DEST` against a slow sandbox, sent
/// `signal_name` once its temporary file exists: it stops within 3 s with
/// exit 130 (killed by the signal itself, it would have no exit code at
/// all), leaves no temporary file, and DEST keeps what it held: `previous`,
/// or nothing at all.
pub fn interrupt_export(signal_name: &str, previous: Option<&str>) {
    let sandbox = Sandbox::start(&["--banks", "2000", "--latency", "50"]);
    let home = Home::new();
    let dir = home.path().join("out");
    std::fs::create_dir(&dir).unwrap();
    let dest = dir.join("banks.csv");
    if let Some(text) = previous {
        std::fs::write(&dest, text).unwrap();
    }
    let files_before = usize::from(previous.is_some());
    let child = home
        .cra_std()
        .at(&sandbox.url, ACTIVE_KEY)
        .args(["export", "--with-history", "-o"])
        .arg(&dest)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Until the temporary file exists beside the destination: the export
    // is under way (and its signal handlers are in place).
    let started = Instant::now();
    while std::fs::read_dir(&dir).unwrap().count() == files_before {
        assert!(started.elapsed().as_secs() < 30, "export never started");
        std::thread::sleep(Duration::from_millis(20));
    }
    signal(child.id(), signal_name);
    let interrupted = Instant::now();
    let out = child.wait_with_output().unwrap();
    assert!(interrupted.elapsed().as_secs() < 3, "stops promptly");
    assert_code(&out, 130);
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    match previous {
        Some(text) => {
            assert_eq!(names, ["banks.csv"], "no temporary file is left");
            assert_eq!(std::fs::read_to_string(&dest).unwrap(), text);
        }
        None => assert!(
            names.is_empty(),
            "temporary file removed, no destination: {names:?}"
        ),
    }
}
