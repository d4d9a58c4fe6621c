//! A lineage of any length (issue 48, item 9): BankFind's history may hold
//! more changes of one institution than any real one has. A workbook that
//! cannot hold them is refused before a line is read, and any other output
//! reads them one at a time, in the memory of a short lineage.

use std::process::Stdio;
use std::time::Duration;

use super::lineage::enriched;
use crate::common::measure::vm_hwm;
use crate::common::{assert_code, stderr};

/// More changes than one Excel sheet holds (1,048,575 rows).
const CHANGES: u64 = 1_100_000;

#[test]
fn a_lineage_longer_than_a_sheet_is_refused_at_once_and_read_a_line_at_a_time() {
    let lineage = enriched();
    let world = &lineage.world;
    // Live Oak Bank (fdic:600): over a million name changes, written into
    // the copy as a hostile history would have them stored.
    let copy = world.home.path().join(".local/share/cra/mirror.sqlite");
    assert!(copy.exists(), "the copy is where cra keeps it");
    let db = rusqlite::Connection::open(&copy).unwrap();
    db.execute(
        &format!(
            "INSERT INTO events (fdic_cert, date, kind, code, description, name, former_name) \
             WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {CHANGES}) \
             SELECT 600, date('2000-01-01', '+' || (i % 9000) || ' days'), 'name_change', 510, \
             'Change in Name', 'Live Oak Bank ' || i, 'Live Oak Bank ' || (i - 1) FROM n"
        ),
        [],
    )
    .unwrap();
    drop(db);
    let xlsx = world.home.path().join("long.xlsx");
    let out = world.local(&["lineage", "fdic:600", "-o", xlsx.to_str().unwrap()]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("more than 1,048,575 rows: too many for one Excel sheet"),
        "{}",
        stderr(&out)
    );
    assert!(!xlsx.exists());
    // The yardstick: a lineage of two lines, from the same copy.
    let short = peak_kib(world, &copy, "fdic:300", &["--format", "csv"]);
    // Refused before the lines are read: no peak of memory for them (held,
    // as they once were, they took 800 MB and more).
    let refused = peak_kib(world, &copy, "fdic:600", &["-o", xlsx.to_str().unwrap()]);
    // Every line printed, one at a time.
    let csv = world.home.path().join("long.csv");
    let streamed = peak_kib(
        world,
        &copy,
        "fdic:600",
        &["--format", "csv", "-o", csv.to_str().unwrap()],
    );
    let lines = std::fs::read_to_string(&csv).unwrap().lines().count() as u64;
    assert_eq!(lines, CHANGES + 1);
    // What more they take is the copy's pages SQLite maps (the copy is
    // about 100 MB), not the lines.
    for (what, peak) in [("refused", refused), ("streamed", streamed)] {
        assert!(
            peak < short + 250 * 1024,
            "{what}: {peak} KiB for {CHANGES} changes; a short lineage {short} KiB"
        );
    }
}

/// The peak resident memory of `cra lineage BANK` with `args`, in KiB.
fn peak_kib(
    world: &crate::common::World,
    copy: &std::path::Path,
    bank: &str,
    args: &[&str],
) -> u64 {
    let mut cmd = world.home.cra_std();
    cmd.args([
        "--mirror",
        copy.to_str().unwrap(),
        "--offline",
        "lineage",
        bank,
    ])
    .args(args)
    .stdout(Stdio::null())
    .stderr(Stdio::null());
    let mut child = cmd.spawn().unwrap();
    let mut peak = 0;
    loop {
        if let Some(hwm) = vm_hwm(child.id()) {
            peak = peak.max(hwm);
        }
        if child.try_wait().unwrap().is_some() {
            return peak;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}
