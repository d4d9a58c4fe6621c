//! The guide's published figures, from the real FFIEC file: where
//! `../shared/data` is beside the checkout, the file is turned into an
//! export (`tools/ffiec-export.py`), served by a real `cra sandbox --data`
//! and copied by `cra sync`, as the guide says; then every `console` block
//! of the guide whose commands read that copy (`--mirror ffiec.sqlite`)
//! runs, and prints exactly what the block shows (the data is fixed, so
//! every line is compared); and the figures the guide quotes are checked
//! one by one against what the published analyses say. Without the data
//! (or python3) the test says it skipped.

use std::process::{Command as StdCommand, Stdio};

use crate::common::{ACTIVE_KEY, Home, Sandbox, assert_code, need, shared_data};

use super::readme::{blocks, commands};

/// What the guide's real-data commands name as the copy.
const COPY: &str = "--mirror ffiec.sqlite";

#[test]
fn the_guides_figures_from_the_real_ffiec_file() {
    let Some(data) = shared_data("cra_ratings.csv.gz") else {
        return;
    };
    if !need("python3", "python3") || !need("bash", "bash") || !need("jq", "jq") {
        return;
    }
    let home = Home::new();
    let work = tempfile::tempdir().unwrap();
    let export = work.path().join("ffiec.csv");
    let tool = crate::common::repo().join("tools/ffiec-export.py");
    let out = StdCommand::new("python3")
        .arg(&tool)
        .arg(&data)
        .stdout(std::fs::File::create(&export).unwrap())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    let sandbox = Sandbox::start(&["--data", export.to_str().unwrap()]);
    let out = home
        .cra()
        .current_dir(work.path())
        .env("CRA_BASE_URL", &sandbox.url)
        .env("CRA_API_KEY", ACTIVE_KEY)
        .args([
            "--mirror",
            "ffiec.sqlite",
            "sync",
            "--concurrency",
            "16",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let summary: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["banks"], 18_820, "the file's institutions");
    drop(sandbox);

    let bin_dir = crate::common::cra_bin().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let run = |command: &str| -> String {
        let out = crate::common::clean_env(&mut StdCommand::new("bash"), home.path())
            .args(["-e", "-o", "pipefail", "-c", command])
            .current_dir(work.path())
            .env("PATH", &path)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{command}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };

    // The guide's blocks, every line as shown.
    let mut ran = 0;
    let mut failures = Vec::new();
    for block in blocks("docs/guide.md") {
        let commands = commands(&block);
        if block.lang != "console"
            || commands.is_empty()
            || !commands.iter().all(|(c, _)| c.contains(COPY))
        {
            continue;
        }
        ran += 1;
        for (command, sample) in &commands {
            let printed = run(command);
            let printed: Vec<&str> = printed.lines().map(str::trim_end).collect();
            let sample: Vec<&str> = sample.iter().map(|l| l.trim_end()).collect();
            if printed != sample {
                failures.push(format!(
                    "docs/guide.md line {}: {command}\n  shown:\n{}\n  printed:\n{}",
                    block.line,
                    sample.join("\n"),
                    printed.join("\n")
                ));
            }
        }
    }
    assert!(ran >= 4, "only {ran} real-data blocks in the guide");
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    // The published figures themselves.
    let csv = |args: &str| -> Vec<Vec<String>> {
        run(&format!("cra {COPY} {args} --format csv"))
            .lines()
            .skip(1)
            .map(|l| l.split(',').map(str::to_string).collect())
            .collect()
    };
    let cell = |rows: &[Vec<String>], key: &[&str], column: usize| -> f64 {
        rows.iter()
            .find(|r| r.iter().zip(key).all(|(a, b)| a == b))
            .unwrap_or_else(|| panic!("no row {key:?}"))[column]
            .parse()
            .unwrap()
    };
    // American Banker: the FDIC's share Outstanding, the highest of the
    // four in 1998, the lowest in 2002.
    let by_year = csv("stats --by year,regulator --percent --exam-since 1998 --exam-until 2003");
    assert_eq!(cell(&by_year, &["1998", "FDIC"], 3), 23.4);
    assert_eq!(cell(&by_year, &["2002", "FDIC"], 3), 3.8);
    assert_eq!(cell(&by_year, &["2003", "FDIC"], 3), 6.0);
    for (year, highest) in [("1998", true), ("2002", false)] {
        let fdic = cell(&by_year, &[year, "FDIC"], 3);
        for other in ["FRB", "OCC", "OTS"] {
            let theirs = cell(&by_year, &[year, other], 3);
            assert!(
                if highest {
                    fdic > theirs
                } else {
                    fdic < theirs
                },
                "{year} {other}"
            );
        }
    }
    // QuestSoft, 2010-2020 exams by exam type: about four in five
    // large-bank exams Satisfactory; large banks more than three times as
    // likely as small ones to be Outstanding.
    let sizes = csv("stats --exams --by size --exam-since 2010 --exam-until 2020 --percent");
    let large_satisfactory = cell(&sizes, &["Large Bank"], 3);
    assert!(
        (75.0..=80.0).contains(&large_satisfactory),
        "{large_satisfactory}"
    );
    let ratio = cell(&sizes, &["Large Bank"], 2) / cell(&sizes, &["Small Bank"], 2);
    assert!(ratio > 3.0, "{ratio}");
    // Repeat failures: 416 institutions with two failing exams in a row,
    // 89 failing their latest two.
    let institutions = run(&format!(
        "cra {COPY} changes --change repeat-fail --format json --jq 'map(.id) | unique | length'"
    ));
    assert_eq!(institutions.trim(), "416");
    let latest_two = csv("stats --failed-last 2");
    assert_eq!(cell(&latest_two, &["all"], 1), 89.0);
    let offline = run(&format!(
        "cra {COPY} --offline search --failed-last 2 --all --format json --jq length"
    ));
    assert_eq!(offline.trim(), "89");
    // Time between exams: the file's statistics give a median of 3.0
    // years, quartiles of 2.17 and 4.66 years, over 59,822 pairs.
    let gaps = csv("stats --gaps");
    assert_eq!(cell(&gaps, &["all"], 1), 59_822.0);
    // group, intervals, mean, p10, p25, median, p75, p90
    assert_eq!(cell(&gaps, &["all"], 5), 36.0);
    assert_eq!(cell(&gaps, &["all"], 4), (2.17f64 * 12.0).round());
    assert_eq!(cell(&gaps, &["all"], 6), (4.66f64 * 12.0).round());
}
