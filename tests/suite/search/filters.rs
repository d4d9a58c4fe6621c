//! Finding banks as the official search does: `--rating`, `--regulator`,
//! `--city`, the exam period, `--sort` and `--columns` on `search` and
//! `export`, online against the real sandbox over loopback and offline from
//! a copy synced from it: the same bytes in every format, the filters
//! holding, only the list pages the service's own filters leave asked for
//! (counted from the sandbox's request log), and every wrong value a usage
//! error naming the valid ones.

use serde_json::Value;

use crate::common::{assert_code, synced};

const FORMATS: [&str; 5] = ["table", "tsv", "csv", "json", "ndjson"];

/// Each filter alone and together, with sorts, paging and limits.
fn cases() -> Vec<Vec<&'static str>> {
    [
        "--rating nti",
        "--rating out --rating SAT --state TX",
        "--regulator occ",
        "--regulator FDIC --regulator frb --size small",
        "--city ville",
        "--city HOUSTON --sort name",
        "--exam-since 2y",
        "--exam-until 2012",
        "--exam-since 2020-03 --exam-until 2021",
        "--sort -exam_date,name --limit 40",
        "--sort rating,-name --page 3 --per-page 7",
        "--sort state,-city,id --all",
        "--sort regulator,exam_type,-rating --state CA",
        "--rating nti --rating snc --exam-since 2015 --sort -exam_date",
        "bank --regulator occ --city a --sort name --columns name,rating,exam_date",
        "--columns id,state,rating --sort rating",
        "--rating snc --city zzzz-none",
        "--sort name --page 999",
    ]
    .iter()
    .map(|case| case.split(' ').collect())
    .collect()
}

#[test]
fn online_and_offline_find_the_same_rows_in_the_same_order_in_every_format() {
    let world = synced(1500);
    let mut rows_seen = 0;
    for command in ["search", "export"] {
        for case in cases() {
            // export follows every page: no paging flags.
            if command == "export"
                && case
                    .iter()
                    .any(|a| a.starts_with("--page") || *a == "--all" || *a == "--limit")
            {
                continue;
            }
            for format in FORMATS {
                let args: Vec<&str> = [command]
                    .into_iter()
                    .chain(case.iter().copied())
                    .chain(["--format", format])
                    .collect();
                let online = world.cra().args(&args).output().unwrap();
                assert_code(&online, 0);
                let offline = world.offline().args(&args).output().unwrap();
                assert_code(&offline, 0);
                assert_eq!(
                    String::from_utf8_lossy(&online.stdout),
                    String::from_utf8_lossy(&offline.stdout),
                    "{args:?}"
                );
                if format == "json" {
                    let banks: Vec<Value> = serde_json::from_slice(&online.stdout).unwrap();
                    rows_seen += banks.len();
                    check(&case, &banks);
                }
            }
        }
    }
    assert!(rows_seen > 5000, "the cases select rows: {rows_seen}");
}

/// Each filter and sort of `case` holds for `banks`.
fn check(case: &[&str], banks: &[Value]) {
    let value = |flag: &str| -> Vec<&str> {
        case.windows(2)
            .filter(|w| w[0] == flag)
            .map(|w| w[1])
            .collect()
    };
    let current =
        |b: &Value, key: &str| b["current_rating"][key].as_str().unwrap_or("").to_string();
    for bank in banks {
        for city in value("--city") {
            assert!(
                bank["city"]
                    .as_str()
                    .unwrap()
                    .to_lowercase()
                    .contains(&city.to_lowercase()),
                "{case:?}: {bank}"
            );
        }
        let regulators = value("--regulator");
        if !regulators.is_empty() {
            let r = bank["regulator"].as_str().unwrap();
            assert!(
                regulators.iter().any(|x| x.eq_ignore_ascii_case(r)),
                "{case:?}: {bank}"
            );
        }
        if case.contains(&"--exam-until") && value("--exam-until") == ["2012"] {
            assert!(
                current(bank, "exam_date").as_str() <= "2012-12-31",
                "{case:?}: {bank}"
            );
        }
        if value("--exam-since") == ["2020-03"] {
            let d = current(bank, "exam_date");
            assert!(
                ("2020-03-01".."2022-01-01").contains(&d.as_str()),
                "{case:?}: {bank}"
            );
        }
        if value("--rating") == ["nti"] {
            assert_eq!(current(bank, "rating"), "Needs to Improve", "{case:?}");
        }
    }
    if value("--sort") == ["-exam_date,name"] {
        for pair in banks.windows(2) {
            let (a, b) = (
                current(&pair[0], "exam_date"),
                current(&pair[1], "exam_date"),
            );
            assert!(
                a > b || (a == b && pair[0]["name"].as_str() <= pair[1]["name"].as_str()),
                "{case:?}"
            );
        }
    }
    if value("--sort") == ["rating,-name"] {
        let rank = |b: &Value| {
            [
                "Outstanding",
                "Satisfactory",
                "Needs to Improve",
                "Substantial Noncompliance",
            ]
            .iter()
            .position(|r| *r == current(b, "rating"))
            .unwrap_or(4)
        };
        for pair in banks.windows(2) {
            assert!(rank(&pair[0]) <= rank(&pair[1]), "{case:?}");
        }
    }
}

#[test]
fn the_filters_select_what_sql_selects() {
    let world = synced(800);
    let count = |args: &[&str]| -> usize {
        let out = world
            .offline()
            .args(["search", "--all", "--format", "json"])
            .args(args)
            .output()
            .unwrap();
        assert_code(&out, 0);
        serde_json::from_slice::<Vec<Value>>(&out.stdout)
            .unwrap()
            .len()
    };
    let sql = |filter: &str| -> usize {
        world.sql(&format!("SELECT count(*) AS n FROM banks WHERE {filter}"))[0]["n"]
            .as_u64()
            .unwrap() as usize
    };
    for (args, filter) in [
        (vec!["--rating", "satisfactory"], "rating = 'Satisfactory'"),
        (
            vec!["--rating", "nti", "--rating", "Substantial Noncompliance"],
            "rating IN ('Needs to Improve', 'Substantial Noncompliance')",
        ),
        (vec!["--regulator", "ots"], "regulator = 'OTS'"),
        (vec!["--city", "SPRING"], "lower(city) LIKE '%spring%'"),
        (
            vec!["--exam-since", "2019", "--exam-until", "2019-06"],
            "exam_date BETWEEN '2019-01-01' AND '2019-06-30'",
        ),
    ] {
        let want = sql(filter);
        assert!(want > 0, "{filter}");
        assert_eq!(count(&args), want, "{args:?}");
    }
}

#[test]
fn online_a_filter_the_service_lacks_reads_exactly_the_pages_its_own_filters_leave() {
    let world = synced(1500);
    let out = world
        .cra()
        .args(["search", "--rating", "nti", "--format", "csv"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    assert_eq!(
        world.take_requests().counts(),
        (15, 0),
        "1,500 banks are 15 pages of 100"
    );
    let tx = world.sql("SELECT count(*) AS n FROM banks WHERE state = 'TX'")[0]["n"]
        .as_u64()
        .unwrap();
    let out = world
        .cra()
        .args(["export", "--state", "tx", "--city", "a", "--sort", "name"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    assert_eq!(world.take_requests().counts(), (tx.div_ceil(100), 0));
    // The plain list is untouched: one page, one request.
    let out = world
        .cra()
        .args(["search", "--per-page", "5"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    assert_eq!(world.take_requests().counts(), (1, 0));
}

#[test]
fn wrong_values_are_usage_errors_naming_the_valid_ones() {
    let world = synced(200);
    for (args, wanted) in [
        (
            vec!["search", "--regulator", "XYZ"],
            "'XYZ' is not a regulator; use one of FDIC, FRB, OCC, OTS",
        ),
        (
            vec!["stats", "--regulator", "XYZ"],
            "'XYZ' is not a regulator",
        ),
        (
            vec!["changes", "--regulator", "fed"],
            "'fed' is not a regulator",
        ),
        (
            vec!["export", "--regulator", "XYZ"],
            "use one of FDIC, FRB, OCC, OTS",
        ),
        (
            vec!["export", "--regulator", "fed"],
            "'fed' is not a regulator; did you mean FRB?",
        ),
        (
            vec!["search", "--rating", "good"],
            "'good' is not a rating; use Outstanding",
        ),
        (
            vec!["search", "--sort", "size"],
            "'size' is not a sort key; use name, city, state, regulator, rating, exam_date, exam_type, id",
        ),
        (
            vec!["search", "--columns", "name,size"],
            "'size' is not a column; use id, name, city",
        ),
        (vec!["search", "--exam-since", "2099"], "in the future"),
        (
            vec!["search", "--exam-since", "yesterday"],
            "use YYYY-MM-DD, YYYY-MM, YYYY or an age such as 90d, 18m, 2y",
        ),
        (
            vec!["changes", "--since", "2024", "--until", "2023-06"],
            "--until 2023-06-30 is before --since 2024-01-01",
        ),
        (
            vec!["search", "--exam-since", "2024", "--exam-until", "2023"],
            "--exam-until 2023-12-31 is before --exam-since 2024-01-01",
        ),
        (
            vec!["stats", "--by", "year,year"],
            "two different groupings",
        ),
    ] {
        for cmd in [world.cra(), world.offline()] {
            let mut cmd = cmd;
            let out = cmd.args(&args).output().unwrap();
            assert_code(&out, 2);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(stderr.contains(wanted), "{args:?}: {stderr}");
            assert!(out.stdout.is_empty(), "{args:?}");
        }
    }
    assert_eq!(
        world.take_requests().counts(),
        (0, 0),
        "no request for a wrong value"
    );
}

/// Extreme input: a name, city or `show` argument longer than any bank's
/// is a usage error where the argument is parsed, online and offline
/// alike (offline, SQLite refused such a pattern as "too complex"); a
/// value repeated thousands of times (`--sort`, `--rating`) selects and
/// orders as once, with the same answer online and offline (offline, SQL
/// had "too many columns" or "too many SQL variables"). No message
/// quotes the whole value.
#[test]
fn extreme_arguments_are_bounded_alike_online_and_offline() {
    let world = synced(120);
    let long = "x".repeat(50_000);
    let name = "a ".repeat(50_000);
    for args in [
        vec!["search", "--city", &long],
        vec!["search", &long],
        vec!["export", "--city", &long],
        vec!["changes", "--city", &long],
        vec!["show", &name],
        vec!["show", &long],
    ] {
        for offline in [false, true] {
            let mut cmd = if offline {
                world.offline()
            } else {
                world.cra()
            };
            let out = cmd.args(&args).output().unwrap();
            assert_code(&out, 2);
            let stderr = crate::common::stderr(&out);
            assert!(stderr.contains("too long"), "{}: {stderr}", args[0]);
            assert!(stderr.len() < 1_000, "{} bytes of error", stderr.len());
        }
    }
    // 200 characters is still a search (no bank has such a name).
    for offline in [false, true] {
        let mut cmd = if offline {
            world.offline()
        } else {
            world.cra()
        };
        let out = cmd.args(["search", &"y".repeat(200)]).output().unwrap();
        assert_code(&out, 0);
    }
    let sort = ["name", "-exam_date"].repeat(1_000).join(",");
    let ratings: Vec<&str> = ["--rating", "out", "--rating", "sat"].repeat(17_000);
    for args in [
        vec!["search", "--sort", &sort, "--all", "--format", "csv"],
        [&["search", "--all", "--format", "csv"][..], &ratings].concat(),
    ] {
        let online = world.cra().args(&args).output().unwrap();
        let offline = world.offline().args(&args).output().unwrap();
        assert_code(&online, 0);
        assert_code(&offline, 0);
        assert_eq!(online.stdout, offline.stdout);
        assert!(online.stdout.len() > 1_000);
    }
    // The repeats change nothing: the same rows as the keys given once.
    let once = world
        .offline()
        .args([
            "search",
            "--sort",
            "name,-exam_date",
            "--all",
            "--format",
            "csv",
        ])
        .output()
        .unwrap();
    let many = world
        .offline()
        .args(["search", "--sort", &sort, "--all", "--format", "csv"])
        .output()
        .unwrap();
    assert_eq!(once.stdout, many.stdout);
    // A value that is wrong and huge is named by its start only.
    for flag in [
        "--state",
        "--rating",
        "--sort",
        "--regulator",
        "--exam-since",
    ] {
        let out = world
            .offline()
            .args(["search", flag, &long])
            .output()
            .unwrap();
        assert_code(&out, 2);
        assert!(
            out.stderr.len() < 1_000,
            "{flag}: {} bytes",
            out.stderr.len()
        );
    }
}

/// A copy whose service names its regulators freely: an unknown
/// `--regulator` lists a few dozen known values and says how many more,
/// in one short line.
#[test]
fn an_unknown_regulator_lists_a_few_dozen_and_counts_the_rest() {
    let mut data =
        String::from("id,name,city,state,regulator,exam_date,rating,exam_type,is_current\n");
    for i in 0..500 {
        data.push_str(&format!(
            "id{i},BANK {i},TOWN,TX,AGENCY {i:03},2020-01-01,Satisfactory,Small Bank,true\n"
        ));
    }
    let world = crate::common::World::with_data("agencies.csv", &data);
    assert_code(&world.run(&["sync"]), 0);
    let out = world
        .offline()
        .args(["search", "--regulator", "nobody"])
        .output()
        .unwrap();
    assert_code(&out, 2);
    let stderr = crate::common::stderr(&out);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.len() < 1_000, "{} bytes: {stderr}", stderr.len());
    assert!(
        stderr.contains("use one of FDIC, FRB, OCC, OTS, AGENCY 000, AGENCY 001"),
        "{stderr}"
    );
    assert!(stderr.contains(" and 474 more"), "{stderr}");
    // A value the copy holds is taken, any case.
    let out = world
        .offline()
        .args(["search", "--regulator", "agency 250", "--format", "csv"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 2);
}

/// Piped or to a file, fewer rows than the matches is said, whatever
/// selected them (a filter the service lacks, a sort, `-o FILE`), online
/// and offline; rows the user chose (`--limit`, `--page`, `--per-page`)
/// are not rows lost, and nothing is said.
#[test]
fn fewer_rows_than_matches_are_said_unless_the_user_chose_them() {
    let world = synced(1500);
    for offline in [false, true] {
        let run = |args: &[&str]| {
            let mut cmd = if offline {
                world.offline()
            } else {
                world.cra()
            };
            let out = cmd.args(args).output().unwrap();
            assert_code(&out, 0);
            out
        };
        for filter in [
            &["--rating", "sat"][..],
            &["--regulator", "fdic", "--sort", "-name"],
            &["--city", "a"],
            &["--exam-since", "15y"],
            &["--state", "TX", "--sort", "name"],
        ] {
            let all = run(&[&["search", "--all", "--format", "csv"][..], filter].concat());
            assert!(all.stderr.is_empty(), "{}", crate::common::stderr(&all));
            let matches = String::from_utf8(all.stdout).unwrap().lines().count() - 1;
            assert!(matches > 25, "{filter:?}: {matches}");
            let said = format!(
                "cra: wrote 25 of {} matching banks; add --all for every one (or use cra export)\n",
                cra::text::thousands(matches as u64)
            );
            let piped = run(&[&["search", "--format", "csv"][..], filter].concat());
            assert_eq!(
                crate::common::stderr(&piped),
                said,
                "{filter:?} offline {offline}"
            );
            let book = world.home.path().join("some.xlsx");
            let filed = run(&[&["search", "-o", book.to_str().unwrap()][..], filter].concat());
            // Naming the file written (issue 48, item 20).
            assert_eq!(
                crate::common::stderr(&filed),
                said.replace("; add", &format!(" to {}; add", book.display())),
                "{filter:?} -o"
            );
            for chosen in [
                &["--limit", "5"][..],
                &["--page", "2"],
                &["--page", "9999"],
                &["--per-page", "10"],
                &["--page", "1"],
            ] {
                let out = run(&[&["search", "--format", "csv"][..], filter, chosen].concat());
                assert_eq!(crate::common::stderr(&out), "", "{filter:?} {chosen:?}");
            }
        }
    }
}
