//! Signals sent to a running `cra` (by the system call, so that no `kill`
//! need be installed; Unix only), and the export every stop signal must
//! end cleanly.

use std::process::Stdio;
use std::time::{Duration, Instant};

pub use rustix::process::Signal;

use super::{ACTIVE_KEY, Home, Sandbox, Service, assert_code};

/// Sends `signal` (`Signal::INT`, `Signal::TERM`, ...) to process `pid`,
/// and checks it was sent.
#[track_caller]
pub fn signal(pid: u32, signal: Signal) {
    let raw = i32::try_from(pid).expect("a process id fits in an i32");
    let to = rustix::process::Pid::from_raw(raw).expect("a child's process id is positive");
    if let Err(e) = rustix::process::kill_process(to, signal) {
        panic!("sending {signal:?} to {pid} failed: {e}");
    }
}

/// `cra export --with-history -o DEST` against a slow sandbox, sent
/// `stop` once its temporary file exists: it stops within 3 s with
/// exit 130 (killed by the signal itself, it would have no exit code at
/// all), leaves no temporary file, and DEST keeps what it held: `previous`,
/// or nothing at all.
pub fn interrupt_export(stop: Signal, previous: Option<&str>) {
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
    signal(child.id(), stop);
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

/// Starts `cmd`, sends `signal` after a moment, and returns the exit code
/// and standard error, failing if it takes over 10 s.
#[cfg(unix)]
pub fn signal_and_wait(
    mut cmd: std::process::Command,
    args: &[&str],
    signal: Signal,
) -> (Option<i32>, String) {
    cmd.stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    assert!(
        child.try_wait().unwrap().is_none(),
        "{args:?} ended before the signal"
    );
    crate::common::signal(child.id(), signal);
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut stderr = String::new();
            std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
            return (status.code(), stderr);
        }
        if started.elapsed() > std::time::Duration::from_secs(10) {
            let _ = child.kill();
            panic!("{args:?} still running 10 s after {signal:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
