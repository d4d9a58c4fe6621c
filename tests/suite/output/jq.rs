//! `--jq` with the real binary against the in-process sandbox (`--sandbox`):
//! raw strings, compact objects, numbers, on search, show and diff; a bad
//! expression is a usage error before any request; `--jq` with another
//! `--format` is a usage error; a runtime error is exit 1 with jaq's word.

use serde_json::Value;

fn run(home: &crate::common::Home, args: &[&str]) -> std::process::Output {
    home.cra().args(args).output().unwrap()
}

fn stdout_ok(home: &crate::common::Home, args: &[&str]) -> String {
    let out = run(home, args);
    crate::common::assert_code(&out, 0);
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn search_strings_raw_objects_compact_numbers_plain() {
    let home = crate::common::Home::new();
    let base = ["--sandbox", "search", "--state", "TX", "--limit", "7"];
    let json: Vec<Value> = serde_json::from_str(&stdout_ok(
        &home,
        &[&base[..], &["--format", "json"]].concat(),
    ))
    .unwrap();
    assert_eq!(json.len(), 7);

    let names = stdout_ok(&home, &[&base[..], &["--jq", ".[].name"]].concat());
    let expected: String = json
        .iter()
        .map(|b| format!("{}\n", b["name"].as_str().unwrap()))
        .collect();
    assert_eq!(names, expected);

    let object = stdout_ok(
        &home,
        &[&base[..], &["--jq", ".[0].current_rating"]].concat(),
    );
    assert_eq!(
        object,
        format!(
            "{}\n",
            serde_json::to_string(&json[0]["current_rating"]).unwrap()
        )
    );
    assert!(!object.trim_end().contains('\n') && !object.contains(": "));

    assert_eq!(
        stdout_ok(&home, &[&base[..], &["--jq", "length"]].concat()),
        "7\n"
    );
    // A string inside an array is JSON, not raw; --format json is accepted.
    let list = stdout_ok(
        &home,
        &[
            &base[..],
            &["--format", "json", "--jq", "[.[0].state, 1.5, null]"],
        ]
        .concat(),
    );
    assert_eq!(list, "[\"TX\",1.5,null]\n");
    // No result, no output.
    assert_eq!(
        stdout_ok(
            &home,
            &[&base[..], &["--jq", ".[] | select(.state != \"TX\")"]].concat()
        ),
        ""
    );
}

#[test]
fn bad_expression_is_a_usage_error_before_any_request() {
    let home = crate::common::Home::new();
    // Nothing listens on port 9 of loopback: a request would fail with 6.
    for expr in [".[", "nosuchfunction", ".a | | .b"] {
        let out = home
            .cra()
            .env("CRA_API_KEY", "k")
            .args(["--base-url", "http://127.0.0.1:9", "search", "--jq", expr])
            .output()
            .unwrap();
        crate::common::assert_code(&out, 2);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(stderr.starts_with("cra: error: --jq: "), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(out.stdout.is_empty());
    }
    // The same expression, valid, does reach the (absent) service.
    let out = home
        .cra()
        .env("CRA_API_KEY", "k")
        .args([
            "--base-url",
            "http://127.0.0.1:9",
            "--retries",
            "0",
            "search",
            "--jq",
            ".[]",
        ])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 6);
}

#[test]
fn jq_with_another_format_is_a_usage_error() {
    let home = crate::common::Home::new();
    for format in ["csv", "tsv", "table", "ndjson"] {
        let out = run(
            &home,
            &["--sandbox", "search", "--format", format, "--jq", ".[].id"],
        );
        crate::common::assert_code(&out, 2);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            stderr.contains("--jq") && stderr.contains(format),
            "{stderr}"
        );
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn runtime_error_is_exit_1_with_jaqs_message() {
    let home = crate::common::Home::new();
    let out = run(
        &home,
        &[
            "--sandbox",
            "search",
            "--limit",
            "1",
            "--jq",
            ".[0].name | .x",
        ],
    );
    crate::common::assert_code(&out, 1);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("cra: error: --jq: cannot index"),
        "{stderr}"
    );
    let out = run(
        &home,
        &[
            "--sandbox",
            "search",
            "--limit",
            "1",
            "--jq",
            "error(\"custom\")",
        ],
    );
    crate::common::assert_code(&out, 1);
    assert!(String::from_utf8(out.stderr).unwrap().contains("custom"));
}

#[test]
fn show_one_bank_and_several() {
    let home = crate::common::Home::new();
    let ids = stdout_ok(
        &home,
        &["--sandbox", "search", "--limit", "2", "--jq", ".[].id"],
    );
    let ids: Vec<&str> = ids.lines().collect();
    assert_eq!(ids.len(), 2);
    let one: Value = serde_json::from_str(&stdout_ok(
        &home,
        &["--sandbox", "show", ids[0], "--format", "json"],
    ))
    .unwrap();
    // One id: the object itself is the input.
    assert_eq!(
        stdout_ok(&home, &["--sandbox", "show", ids[0], "--jq", ".name"]),
        format!("{}\n", one["name"].as_str().unwrap())
    );
    assert_eq!(
        stdout_ok(
            &home,
            &["--sandbox", "show", ids[0], "--jq", ".ratings | length"]
        ),
        format!("{}\n", one["ratings"].as_array().unwrap().len())
    );
    // Several: an array, as --format json prints.
    assert_eq!(
        stdout_ok(
            &home,
            &["--sandbox", "show", ids[0], ids[1], "--jq", ".[].id"]
        ),
        format!("{}\n{}\n", ids[0], ids[1])
    );
}

#[test]
fn diff_through_jq() {
    let home = crate::common::Home::new();
    let dir = tempfile::tempdir().unwrap();
    let header = "id,name,city,state,regulator,rating,exam_date,exam_type\n";
    let old = dir.path().join("old.csv");
    let new = dir.path().join("new.csv");
    std::fs::write(
        &old,
        format!("{header}a,ALPHA,X,TX,OCC,Outstanding,2020-01-01,Small Bank\nb,BETA,X,TX,OCC,Satisfactory,2020-01-01,Small Bank\n"),
    )
    .unwrap();
    std::fs::write(
        &new,
        format!("{header}a,ALPHA,X,TX,OCC,Satisfactory,2023-01-01,Small Bank\nc,GAMMA,Y,VT,FDIC,Outstanding,2022-01-01,Large Bank\n"),
    )
    .unwrap();
    let (old, new) = (old.to_str().unwrap(), new.to_str().unwrap());
    assert_eq!(
        stdout_ok(
            &home,
            &["diff", old, new, "--jq", ".[] | \"\\(.change) \\(.name)\""]
        ),
        "rating ALPHA\nadded GAMMA\nremoved BETA\n"
    );
    assert_eq!(
        stdout_ok(&home, &["diff", old, new, "--jq", ".[0].after.rating"]),
        "Satisfactory\n"
    );
    assert_eq!(
        stdout_ok(&home, &["diff", old, new, "--jq", ".[2].after"]),
        "null\n"
    );
    // --exit-code still applies to the differences, not to jq's output.
    let out = run(&home, &["diff", old, new, "--jq", "empty", "--exit-code"]);
    crate::common::assert_code(&out, 1);
    assert!(out.stdout.is_empty());
    let out = run(&home, &["diff", old, new, "--format", "csv", "--jq", "."]);
    crate::common::assert_code(&out, 2);
}
