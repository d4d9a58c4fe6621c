//! Signals that end `cra export` midway: Ctrl-C, SIGTERM, SIGHUP (a closed
//! terminal or SSH session) and SIGUSR1, through the real binary against a
//! slow sandbox: no temporary file is left, the destination keeps what it
//! held, and the exit is 130; Ctrl-C also stops an `-o` waiting for a named
//! pipe's reader.
#![cfg(unix)]

use std::process::Stdio;

use crate::common::{ACTIVE_KEY, Service, Signal, interrupt_export};

#[cfg(unix)]
#[test]
fn ctrl_c_stops_removes_the_temporary_file_and_exits_130() {
    crate::common::interrupt_export(crate::common::Signal::INT, None);
}

#[cfg(unix)]
#[test]
fn sigterm_stops_removes_the_temporary_file_and_exits_130() {
    crate::common::interrupt_export(crate::common::Signal::TERM, None);
}

/// Ctrl-C while `-o` waits for a named pipe's reader still stops at once.
#[cfg(target_os = "linux")]
#[test]
fn ctrl_c_while_waiting_for_a_pipe_reader_stops() {
    let sandbox = crate::common::Sandbox::start(&["--banks", "20"]);
    let home = crate::common::Home::new();
    let fifo = home.path().join("nobody-reads");
    crate::common::make_fifo(&fifo);
    let child = home
        .cra_std()
        .at(&sandbox.url, ACTIVE_KEY)
        .args(["export", "-o"])
        .arg(&fifo)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Until it waits in the pipe's open (or a second has passed).
    let wchan = format!("/proc/{}/task", child.id());
    let started = std::time::Instant::now();
    while started.elapsed() < std::time::Duration::from_secs(1) {
        let waiting = std::fs::read_dir(&wchan)
            .into_iter()
            .flatten()
            .flatten()
            .any(|task| {
                std::fs::read_to_string(task.path().join("wchan")).is_ok_and(|w| w.contains("fifo"))
            });
        if waiting {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    crate::common::signal(child.id(), crate::common::Signal::INT);
    let interrupted = std::time::Instant::now();
    let (tx, rx) = std::sync::mpsc::channel();
    let pid = child.id();
    std::thread::spawn(move || tx.send(child.wait_with_output().unwrap()));
    let Ok(out) = rx.recv_timeout(std::time::Duration::from_secs(10)) else {
        crate::common::signal(pid, crate::common::Signal::KILL);
        panic!("still running 10 s after Ctrl-C");
    };
    assert!(interrupted.elapsed().as_secs() < 3, "stops promptly");
    crate::common::assert_code(&out, 130);
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

const BEFORE: &str = "the previous export\n";

#[test]
fn sighup_stops_an_export_removing_its_temporary_file() {
    interrupt_export(Signal::HUP, Some(BEFORE));
}

#[test]
fn sigusr1_stops_an_export_removing_its_temporary_file() {
    interrupt_export(Signal::USR1, Some(BEFORE));
}

/// A command blocked in a system call when the signal comes (`diff`
/// opening a named pipe nobody writes) never hears it: the process is
/// ended from outside it after a grace period, exit 130, and the file its
/// `-o` was writing aside goes too, where no destructor runs (issue 48,
/// item 9: `lineage -o` left `.FILE.XXXXXX.part`).
#[cfg(target_os = "linux")]
#[test]
fn a_command_blocked_when_the_signal_comes_leaves_no_part_file() {
    let home = crate::common::Home::new();
    let dir = home.path().join("here");
    std::fs::create_dir(&dir).unwrap();
    let fifo = dir.join("nobody-writes.csv");
    crate::common::make_fifo(&fifo);
    std::fs::write(dir.join("b.csv"), "id,name\n").unwrap();
    let child = home
        .cra_std()
        .current_dir(&dir)
        .args(["diff", "nobody-writes.csv", "b.csv", "-o", "out.csv"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Until its output is written aside and it waits in the pipe's open.
    let started = std::time::Instant::now();
    let part = || {
        std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .any(|e| e.file_name().to_string_lossy().ends_with(".part"))
    };
    while !part() && started.elapsed() < std::time::Duration::from_secs(5) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(part(), "the output was not opened");
    std::thread::sleep(std::time::Duration::from_millis(200));
    crate::common::signal(child.id(), crate::common::Signal::INT);
    let (tx, rx) = std::sync::mpsc::channel();
    let pid = child.id();
    std::thread::spawn(move || tx.send(child.wait_with_output().unwrap()));
    let Ok(out) = rx.recv_timeout(std::time::Duration::from_secs(10)) else {
        crate::common::signal(pid, crate::common::Signal::KILL);
        panic!("still running 10 s after Ctrl-C");
    };
    crate::common::assert_code(&out, 130);
    let left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name != "nobody-writes.csv" && name != "b.csv")
        .collect();
    assert!(left.is_empty(), "left beside the destination: {left:?}");
}
