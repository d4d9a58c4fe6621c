//! `cra show` against the real sandbox: the detail as served, the history
//! table newest first, an unknown id (exit 5), and a bank found by name or
//! by a short id, online and from a synced copy (a small data file where
//! two banks share an id prefix and two a name).

use crate::common::thread_sandbox::{run_json, sandbox_get, sandbox_url, server_page};
use crate::common::{ACTIVE_KEY, Service, World, assert_code};

#[test]
fn show_prints_the_detail_as_served() {
    let banks = run_json(&["search", "--per-page", "3"]);
    let ids: Vec<&str> = banks
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["id"].as_str().unwrap())
        .collect();
    let (status, served) = sandbox_get(&format!("/api/v1/banks/{}", ids[0]));
    assert_eq!(status, 200);

    assert_eq!(run_json(&["show", ids[0]]), served["data"]);
    // Several ids: an array, in the order given.
    let several = run_json(&["show", ids[1], ids[0]]);
    assert_eq!(several[1], served["data"]);
    assert_eq!(several[0]["id"], ids[1]);
    // The bank's page address works as an id.
    let address = format!("https://bankscorer.example/banks/{}?tab=history", ids[0]);
    assert_eq!(run_json(&["show", &address]), served["data"]);
}

#[test]
fn show_table_has_history_newest_first_with_current_marked() {
    // A bank with several exams.
    let banks = run_json(&["search", "--per-page", "50"]);
    let home = crate::common::Home::new();
    for bank in banks.as_array().unwrap() {
        let id = bank["id"].as_str().unwrap();
        let (_, served) = sandbox_get(&format!("/api/v1/banks/{id}"));
        let ratings = served["data"]["ratings"].as_array().unwrap();
        if ratings.len() < 3 {
            continue;
        }
        let out = home
            .cra()
            .at(&sandbox_url(), ACTIVE_KEY)
            .env("CRA_FORCE_TTY", "1")
            .args(["--color", "never", "show", id])
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.starts_with(bank["name"].as_str().unwrap()), "{text}");
        let mut dates: Vec<&str> = ratings
            .iter()
            .map(|r| r["exam_date"].as_str().unwrap())
            .collect();
        dates.sort_unstable_by(|a, b| b.cmp(a));
        let positions: Vec<usize> = dates.iter().map(|d| text.find(d).unwrap()).collect();
        assert!(
            positions.windows(2).all(|w| w[0] < w[1]),
            "newest first: {text}"
        );
        let current_line = text.lines().find(|l| l.contains("current")).unwrap();
        assert!(current_line.contains(dates[0]), "{text}");
        // tsv/csv: one row per record, is_current true on exactly one.
        let out = home
            .cra()
            .at(&sandbox_url(), ACTIVE_KEY)
            .args(["show", id, "--format", "csv"])
            .output()
            .unwrap();
        let csv_text = String::from_utf8(out.stdout).unwrap();
        let rows: Vec<csv::StringRecord> = csv::Reader::from_reader(csv_text.as_bytes())
            .records()
            .map(Result::unwrap)
            .collect();
        assert_eq!(rows.len(), ratings.len());
        assert_eq!(rows.iter().filter(|r| &r[8] == "true").count(), 1);
        assert_eq!(&rows[0][5], dates[0]);
        return;
    }
    panic!("no bank with three exams among the first 50");
}

#[test]
fn show_unknown_id_is_exit_5_naming_it() {
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .at(&sandbox_url(), ACTIVE_KEY)
        .args(["show", "00000000-0000-0000-0000-000000000000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("00000000-0000-0000-0000-000000000000"),
        "{stderr}"
    );
    assert!(
        out.stdout.is_empty(),
        "nothing printed for a partial result"
    );

    // Several unknown among known ones: every unknown one is named, on one
    // line, and nothing is printed.
    let known = server_page("per_page=1").0[0]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let out = home
        .cra()
        .at(&sandbox_url(), ACTIVE_KEY)
        .args(["show", "nope-1", &known, "nope-2"])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 5);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("'nope-1', 'nope-2'") && !stderr.contains(&known),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}

const DATA: &str = "id,name,city,state,regulator,exam_date,rating,exam_type,is_current\n\
abcdef12-0000-4000-8000-000000000001,BANK OF HOUSTON,HOUSTON,TX,FDIC,2020-01-06,Satisfactory,Small Bank,true\n\
abcdef12-0000-4000-8000-000000000002,BANK OF HOUSTON,HOUSTON,MO,OCC,2021-03-01,Outstanding,Small Bank,true\n\
12345678-aaaa-4000-8000-000000000003,HOUSTON COUNTY BANK,CROCKETT,TX,FDIC,2019-03-01,Satisfactory,Large Bank,true\n\
99999999-bbbb-4000-8000-000000000004,FIRST BANK,AUSTIN,TX,FRB,2018-05-01,Needs to Improve,Small Bank,true\n\
77777777-cccc-4000-8000-000000000005,FIRST BANK OF TEXAS,DALLAS,TX,OCC,2022-05-01,Outstanding,Large Bank,true\n";

/// `cra ARGS` against `world`'s sandbox or (`offline`) its local copy.
fn cra(world: &World, offline: bool, args: &[&str]) -> std::process::Output {
    let mut cmd = world.cra();
    if offline {
        cmd.arg("--offline");
    }
    cmd.args(args).output().unwrap()
}

fn shown_id(out: &std::process::Output) -> String {
    assert_code(out, 0);
    let bank: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    bank["id"].as_str().unwrap().to_string()
}

#[test]
fn a_name_resolves_to_the_exact_one_or_the_only_match() {
    let world = World::with_data("banks.csv", DATA);
    world.sync(&[]);
    for offline in [false, true] {
        // Exact, ignoring case, wins over the longer names that contain it.
        let out = cra(&world, offline, &["show", "first bank", "--format", "json"]);
        assert_eq!(shown_id(&out), "99999999-bbbb-4000-8000-000000000004");
        // The only match.
        let out = cra(
            &world,
            offline,
            &["show", "county bank", "--format", "json"],
        );
        assert_eq!(shown_id(&out), "12345678-aaaa-4000-8000-000000000003");
        // Several: exit 2 after a list of name, city, state and id, one
        // bank a line; the error itself is one line.
        let out = cra(&world, offline, &["show", "bank of  houston"]);
        assert_code(&out, 2);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(
            lines[..2],
            [
                "  BANK OF HOUSTON · HOUSTON, TX · abcdef12-0000-4000-8000-000000000001",
                "  BANK OF HOUSTON · HOUSTON, MO · abcdef12-0000-4000-8000-000000000002",
            ],
            "{stderr}"
        );
        assert!(
            lines[2].starts_with("cra: error: 2 banks match 'bank of houston' (listed above)")
                && lines[2].contains("--state"),
            "{stderr}"
        );
        assert_eq!(lines.len(), 3, "{stderr}");
        assert!(out.stdout.is_empty());
        // --state narrows a name to one state.
        let out = cra(
            &world,
            offline,
            &[
                "show",
                "bank of houston",
                "--state",
                "mo",
                "--format",
                "json",
            ],
        );
        assert_eq!(shown_id(&out), "abcdef12-0000-4000-8000-000000000002");
        // One word that is no bank's id is tried as a name.
        let out = cra(&world, offline, &["show", "texas", "--format", "json"]);
        assert_eq!(shown_id(&out), "77777777-cccc-4000-8000-000000000005");
        let out = cra(
            &world,
            offline,
            &["show", "houston", "--state", "MO", "--format", "json"],
        );
        assert_eq!(shown_id(&out), "abcdef12-0000-4000-8000-000000000002");
        let out = cra(&world, offline, &["show", "houston"]);
        assert_code(&out, 2);
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("3 banks match 'houston'"),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // Neither an id nor a name: exit 5, naming both tries.
        let out = cra(&world, offline, &["show", "zzzzqq"]);
        assert_code(&out, 5);
        assert!(
            String::from_utf8_lossy(&out.stderr)
                .contains("no bank has the id 'zzzzqq' or a name like it"),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        // None: exit 5 suggesting a search, pasteable as printed (it
        // keeps --offline, as the hints of the local copy's commands do).
        let out = cra(&world, offline, &["show", "no such bank"]);
        assert_code(&out, 5);
        let said = String::from_utf8_lossy(&out.stderr);
        let search = if offline {
            "cra --offline search \"no such bank\""
        } else {
            "cra search \"no such bank\""
        };
        assert!(said.contains(search), "{said}");
    }
}

#[test]
fn a_short_id_resolves_from_the_local_copy() {
    let world = World::with_data("banks.csv", DATA);
    // No copy yet: say to use the whole id or sync.
    let out = cra(&world, false, &["show", "12345678-aa"]);
    assert_code(&out, 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("give the whole id or run cra sync"));
    world.sync(&[]);
    for offline in [false, true] {
        let out = cra(
            &world,
            offline,
            &["show", "12345678-AA", "--format", "json"],
        );
        assert_eq!(shown_id(&out), "12345678-aaaa-4000-8000-000000000003");
        let out = cra(&world, offline, &["show", "abcdef12"]);
        assert_code(&out, 2);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(
                "abcdef12-0000-4000-8000-000000000001, abcdef12-0000-4000-8000-000000000002"
            ),
            "{stderr}"
        );
        let out = cra(&world, offline, &["show", "0badbeef"]);
        assert_code(&out, 5);
        // A whole id is still a whole id.
        let out = cra(
            &world,
            offline,
            &[
                "show",
                "77777777-cccc-4000-8000-000000000005",
                "--format",
                "json",
            ],
        );
        assert_eq!(shown_id(&out), "77777777-cccc-4000-8000-000000000005");
    }
}

/// The hints on a real terminal name the command as it works there: under
/// `--sandbox`, `cra --sandbox sync`; with only the sandbox's copy, a
/// reader without `--sandbox` says to add it. Several banks named like a
/// word are listed one per line.
#[test]
fn hints_on_a_terminal_name_the_sandbox_and_list_one_bank_a_line() {
    let home = crate::common::Home::new();
    let Some(mut script) = crate::common::on_terminal(&home, "--sandbox show 992f6692") else {
        return;
    };
    let out = script.output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("give the whole id or run cra --sandbox sync"),
        "{text}"
    );
    // The sandbox's copy alone (a small one, synced here).
    let world = World::new(&["--banks", "40"]);
    let copy = home.path().join(".local/share/cra/sandbox-mirror.sqlite");
    let out = world
        .cra()
        .env("HOME", home.path())
        .args(["sync", "--mirror", copy.to_str().unwrap()])
        .output()
        .unwrap();
    assert_code(&out, 0);
    for line in ["stats", "--offline search --state TX"] {
        let out = crate::common::on_terminal(&home, line)
            .unwrap()
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("(run: cra sync); the sandbox's copy is at")
                && text.contains("add --sandbox to read it"),
            "{line}: {text}"
        );
    }
    let out = crate::common::on_terminal(&home, "--sandbox stats")
        .unwrap()
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // One word, no such id, several banks of that name: one a line.
    let out = crate::common::on_terminal(&home, "--sandbox show amarillo")
        .unwrap()
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let listed: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("  ") && l.contains("AMARILLO") && l.contains(" · "))
        .collect();
    assert!(listed.len() >= 2, "{text}");
    assert!(
        text.contains(&format!(
            "cra: error: {} banks match 'amarillo' (listed above)",
            listed.len()
        )),
        "{text}"
    );
}

/// Hints name the flags given: `cra --sandbox show fdic:N` with no copy
/// says to run `cra --sandbox sync` (it said `cra sync`, which syncs
/// another copy), then `cra --sandbox enrich`; on a copy not enriched yet,
/// `cra --sandbox enrich`. An agency's number that is no number is a usage
/// error (exit 2) for `show` and `pe` alike, before any copy is read; `pe
/// --format json` prints one object.
#[test]
fn hints_name_the_flags_given_and_agency_numbers_are_checked() {
    let home = crate::common::Home::new();
    let out = home
        .cra()
        .args(["--sandbox", "show", "fdic:3070"])
        .output()
        .unwrap();
    assert_code(&out, 2);
    let stderr = crate::common::stderr(&out);
    assert!(
        stderr.contains("run cra --sandbox sync, then cra --sandbox enrich"),
        "{stderr}"
    );
    // A copy named by --mirror is named in both hints.
    let copy = home.path().join("m.sqlite");
    let copy = copy.to_str().unwrap();
    let out = home
        .cra()
        .args(["--sandbox", "--mirror", copy, "show", "fdic:3070"])
        .output()
        .unwrap();
    assert_code(&out, 2);
    let stderr = crate::common::stderr(&out);
    assert!(
        stderr.contains(&format!(
            "run cra --sandbox sync --mirror {copy}, then cra --sandbox enrich --mirror {copy}"
        )),
        "{stderr}"
    );
    for args in [
        &["pe", "fdic:abc"][..],
        &["--sandbox", "pe", "rssd:"],
        &["--sandbox", "show", "FDIC:x1"],
        &["--sandbox", "--offline", "show", "occ:-3"],
    ] {
        let out = home.cra().args(args).output().unwrap();
        assert_code(&out, 2);
        let stderr = crate::common::stderr(&out);
        assert!(
            stderr.contains("is not an agency's number") && stderr.lines().count() == 1,
            "{args:?}: {stderr}"
        );
    }
    assert_code(
        &home
            .cra()
            .args(["--sandbox", "sync", "--quiet"])
            .output()
            .unwrap(),
        0,
    );
    let out = home
        .cra()
        .args(["--sandbox", "show", "fdic:3070"])
        .output()
        .unwrap();
    assert_code(&out, 2);
    let stderr = crate::common::stderr(&out);
    assert!(stderr.contains("(run: cra --sandbox enrich)"), "{stderr}");
    assert_code(
        &home
            .cra()
            .args(["--sandbox", "enrich", "--quiet"])
            .output()
            .unwrap(),
        0,
    );
    let linked = home
        .cra()
        .args([
            "--sandbox",
            "sql",
            "SELECT bank_id FROM links WHERE rssd_id IS NOT NULL ORDER BY bank_id LIMIT 1",
            "--format",
            "json",
            "--jq",
            ".[0].bank_id",
        ])
        .output()
        .unwrap();
    assert_code(&linked, 0);
    let id = String::from_utf8(linked.stdout).unwrap();
    let id = id.trim().trim_matches('"');
    let text = home.cra().args(["--sandbox", "pe", id]).output().unwrap();
    assert_code(&text, 0);
    let line = String::from_utf8(text.stdout).unwrap();
    let out = home
        .cra()
        .args(["--sandbox", "pe", id, "--format", "json"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    assert_eq!(json["bank_id"], id);
    assert_eq!(
        format!(
            "{} {}\n",
            json["kind"].as_str().unwrap(),
            json["url"].as_str().unwrap()
        ),
        line
    );
    assert!(
        json["exam_date"].as_str().is_some_and(|d| d.len() == 10),
        "{json}"
    );
    let out = home
        .cra()
        .args(["--sandbox", "pe", id, "--format", "csv"])
        .output()
        .unwrap();
    assert_code(&out, 2);
}
