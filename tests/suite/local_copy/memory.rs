//! Bounded memory as a result grows: a table and `--jq`
//! over a stream hold a bounded sample, not the result, so their peak
//! resident memory stays near that of tsv (the yardstick, measured in the
//! same test) and does not grow with the number of rows; and the first line
//! comes before the query has finished; a history in the copy larger than
//! any answer of the service is refused at the per-bank limit.
//!
//! The figures at scale (10 million rows) are in BENCHMARKS.md, from
//! bench/memory.sh.

use std::io::Read;
#[cfg(unix)]
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::common::measure::vm_hwm;
use crate::common::{ACTIVE_KEY, Service, World};

/// A query of `n` generated rows, each with a number, a name and an id.
fn rows(n: u64) -> String {
    format!(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n}) \
         SELECT i, 'BANK NUMBER ' || i AS name, printf('%08x-0000-5000-8000-%012x', i, i) AS id, \
         'Satisfactory' AS rating FROM n"
    )
}

fn synced() -> World {
    let world = World::new(&["--banks", "30", "--seed", "19"]);
    world.sync(&[]);
    world
}

fn sql(world: &World, query: &str, output: &[&str]) -> Command {
    let mut cmd = world.home.cra_std();
    cmd.at(&world.sandbox().url, ACTIVE_KEY)
        .args(["sql", query])
        .args(output);
    cmd
}

/// Watches `child`'s peak memory until it ends (the sampling interval is
/// a measurement, not a wait for anything), killing it past `cap_kib`.
fn watch(child: &mut Child, cap_kib: u64) -> u64 {
    let mut peak = 0;
    loop {
        if let Some(hwm) = vm_hwm(child.id()) {
            peak = peak.max(hwm);
            if hwm > cap_kib {
                let _ = child.kill();
            }
        }
        if child.try_wait().unwrap().is_some() {
            return peak;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Runs `cmd` to its end: its peak memory in KiB and its output's size.
fn peak(mut cmd: Command) -> (u64, usize) {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut sink = Vec::new();
        stdout.read_to_end(&mut sink).unwrap();
        sink.len()
    });
    let peak = watch(&mut child, 2 << 20);
    let status = child.wait().unwrap();
    assert!(status.success(), "{cmd:?}: {status}");
    (peak, reader.join().unwrap())
}

#[test]
fn tables_and_jq_over_a_stream_keep_to_the_memory_of_tsv_as_the_result_grows() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let world = synced();
    let (small, large) = (50_000, 250_000);
    let mut peaks = Vec::new();
    for output in [
        &["--format", "tsv"][..],
        &["--format", "table"],
        &["--jq", ".[]"],
        &["--jq", ".[] | .name"],
    ] {
        let (at_small, _) = peak(sql(&world, &rows(small), output));
        let (at_large, bytes) = peak(sql(&world, &rows(large), output));
        assert!(bytes > large as usize * 10, "{output:?}: {bytes} bytes");
        peaks.push((output, at_small, at_large));
    }
    let tsv = peaks[0].2;
    for (output, at_small, at_large) in &peaks {
        // Held whole, 250,000 rows take well over 100 MiB more than 50,000.
        assert!(
            *at_large < at_small + (16 << 10),
            "{output:?}: peak {} MiB at {large} rows, {} MiB at {small}",
            at_large >> 10,
            at_small >> 10
        );
        assert!(
            *at_large < tsv + (32 << 10),
            "{output:?}: peak {} MiB, tsv's {} MiB",
            at_large >> 10,
            tsv >> 10
        );
    }
}

/// The first line of a big result comes while the query still runs: here
/// a query that would run for minutes, stopped once its first line is
/// read (or should its memory grow past 256 MiB: a result held whole).
#[cfg(unix)]
#[test]
fn the_first_line_comes_before_the_query_ends() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let world = synced();
    let endless = rows(1_000_000_000);
    for (output, first) in [
        (&["--format", "table"][..], "i"),
        (&["--jq", ".[] | .name"], "BANK NUMBER 1"),
        (&["--jq", ".[]"], "{\"i\":1,"),
    ] {
        let mut cmd = sql(&world, &endless, output);
        let mut child = cmd
            .args(["--timeout", "10m"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut line = String::new();
            BufReader::new(stdout).read_line(&mut line).unwrap();
            line
        });
        let pid = child.id();
        let watcher = std::thread::spawn(move || watch(&mut child, 256 << 10));
        let line = reader.join().unwrap();
        // The line is read: the query is stopped.
        crate::common::signal(pid, crate::common::Signal::TERM);
        let peak = watcher.join().unwrap();
        assert!(
            line.trim_start().starts_with(first),
            "{output:?}: first line {line:?}, peak {} MiB",
            peak >> 10
        );
    }
}

/// A local copy holding one bank with a history larger than any answer of
/// the service can make (a file made by hand): its export, show and json
/// stop at the per-bank limit, exit 1, naming the file and the limit,
/// instead of building the whole history in memory.
#[test]
fn a_bank_with_a_history_over_the_limit_in_the_local_copy_is_a_clear_error() {
    if !cfg!(target_os = "linux") {
        return;
    }
    let world = World::new(&["--banks", "5", "--seed", "19"]);
    let mirror = world.home.path().join("copy.sqlite");
    let mirror = mirror.to_str().unwrap();
    let mut sync = world.home.cra_std();
    let status = sync
        .at(&world.sandbox().url, ACTIVE_KEY)
        .args(["sync", "--mirror", mirror])
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let db = rusqlite::Connection::open(mirror).unwrap();
    let id: String = db
        .query_row("SELECT id FROM banks ORDER BY id LIMIT 1", [], |r| r.get(0))
        .unwrap();
    let record = r#"{"exam_date":"2001-01-01","rating":"Satisfactory","exam_type":"Small Bank","is_current":false}"#;
    let history = vec![record; 400_000].join(",");
    let detail = format!(
        r#"{{"id":"{id}","name":"HUGE BANK","city":"AMES","state":"IA","regulator":"FDIC","ratings":[{history}]}}"#
    );
    assert!(detail.len() > 33 << 20);
    db.execute(
        "UPDATE banks SET detail_json = ?1 WHERE id = ?2",
        [&detail, &id],
    )
    .unwrap();
    drop(db);
    for args in [
        vec!["export", "--offline", "--with-history", "--format", "json"],
        vec!["export", "--offline", "--with-history", "--format", "csv"],
        vec!["show", &id, "--offline", "--format", "json"],
    ] {
        let mut cmd = world.home.cra_std();
        cmd.args(&args).args(["--mirror", mirror]);
        let mut child = cmd
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stderr = child.stderr.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut text = String::new();
            stderr.read_to_string(&mut text).unwrap();
            text
        });
        let peak = watch(&mut child, 1 << 20);
        let status = child.wait().unwrap();
        let stderr = reader.join().unwrap();
        assert_eq!(status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("copy.sqlite")
                && stderr.contains("32 MiB")
                && stderr.lines().count() == 1,
            "{args:?}: {stderr}"
        );
        assert!(peak < 96 << 10, "{args:?}: peak {} MiB", peak >> 10);
    }
}
