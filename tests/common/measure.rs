//! A `cra` run measured: its exit, its output and its peak memory, read
//! from `/proc/PID/status` (VmHWM) while it runs, on Linux; killed should
//! it pass [`KILL_ABOVE_KIB`].

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{KEY, SECRET};

/// The high-water mark of `pid`'s resident memory, in KiB, once it runs
/// `cra`. Before its exec a spawned child shares the test process's
/// memory (a vfork), and its status shows that: hundreds of MiB when other
/// tests run beside it, none of them cra's.
pub fn vm_hwm(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let name = status.lines().find_map(|l| l.strip_prefix("Name:"))?;
    if name.trim() != "cra" {
        return None;
    }
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Above this a run is killed: without the limits it would go on to
/// gigabytes, which a shared machine must not be asked for.
pub const KILL_ABOVE_KIB: u64 = 1 << 20;

/// How a measured run ended.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    /// Peak resident memory in KiB, where the system tells it.
    pub peak_kib: Option<u64>,
    pub took: Duration,
}

impl Run {
    #[track_caller]
    pub fn assert_code(&self, code: i32) {
        assert_eq!(self.code, Some(code), "stderr: {}", self.stderr);
    }

    /// The peak stayed under `mib` (checked on Linux only).
    #[track_caller]
    pub fn assert_peak_under(&self, mib: u64) {
        if let Some(peak) = self.peak_kib {
            assert!(
                peak < mib << 10,
                "peak memory {} MiB, over {mib} MiB; stderr: {}",
                peak >> 10,
                self.stderr
            );
        }
    }

    #[track_caller]
    pub fn assert_no_secret(&self) {
        for secret in [KEY, SECRET] {
            assert!(
                !self.stdout.contains(secret) && !self.stderr.contains(secret),
                "a secret leaked: {}{}",
                self.stdout,
                self.stderr
            );
        }
    }
}

/// Runs `cmd` to its end, sampling its peak memory while it runs (the
/// sampling interval is a measurement, not a wait for anything), and kills
/// it should it pass `KILL_ABOVE_KIB`.
pub fn run_measured(cmd: &mut Command) -> Run {
    let started = Instant::now();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let collect = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            let _ = pipe.read_to_end(&mut text);
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = collect(Box::new(child.stdout.take().unwrap()));
    let stderr = collect(Box::new(child.stderr.take().unwrap()));
    let linux = cfg!(target_os = "linux");
    let mut peak = 0;
    let status = loop {
        if linux && let Some(hwm) = vm_hwm(child.id()) {
            peak = peak.max(hwm);
            if hwm > KILL_ABOVE_KIB {
                let _ = child.kill();
            }
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Run {
        code: status.code(),
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
        peak_kib: linux.then_some(peak),
        took: started.elapsed(),
    }
}
