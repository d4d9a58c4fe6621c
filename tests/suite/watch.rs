//! Watch lists against the real sandbox: `cra watch` keeps a file a person
//! can read and edit, names what it lacks and refuses what it cannot find;
//! `--watch NAME` selects exactly the banks the same ids would select by
//! hand, byte for byte, in every finding command online and offline; and
//! `sync --notify --watch` delivers the lists' new exams only, with the
//! outbox's guarantees (nothing lost, nothing sent twice).

use std::collections::BTreeSet;
use std::path::PathBuf;

use serde_json::Value;

use crate::common::listen::Listen;
use crate::common::{World, assert_code, stderr, text};

/// The watch file of a world's home.
fn watch_file(world: &World) -> PathBuf {
    world.home.path().join(".local/share/cra/watch.toml")
}

/// The lines of csv `text` whose first field (the id) is one of `ids`,
/// with the header: what a person gets filtering the unfiltered output.
fn rows_of(text: &str, ids: &BTreeSet<String>) -> String {
    let mut lines = text.split_inclusive('\n');
    let mut out = lines.next().unwrap_or_default().to_string();
    for line in lines {
        let id = line.split(',').next().unwrap_or_default();
        if ids.contains(id) {
            out.push_str(line);
        }
    }
    out
}

/// `cra ARGS` against the sandbox, which must succeed: its standard output.
fn stdout(world: &World, args: &[&str]) -> String {
    let out = world.run(args);
    assert_code(&out, 0);
    text(&out.stdout)
}

/// Four banks of the sandbox for a list: the first two listed that do not
/// fail, and two whose current rating fails (so that changes and
/// --failed-last have something to select).
fn picked(world: &World) -> Vec<Value> {
    let list = world.sandbox().walk("");
    let fails = |b: &&Value| {
        matches!(
            b["current_rating"]["rating"].as_str(),
            Some("Needs to Improve" | "Substantial Noncompliance")
        )
    };
    let picked: Vec<Value> = list
        .iter()
        .filter(|b| !fails(b))
        .take(2)
        .chain(list.iter().filter(fails).take(2))
        .cloned()
        .collect();
    assert_eq!(picked.len(), 4);
    picked
}

fn id(bank: &Value) -> String {
    bank["id"].as_str().unwrap().to_string()
}

#[test]
fn watch_keeps_a_file_a_person_reads_and_edits_and_refuses_what_it_cannot_find() {
    let world = World::new(&["--banks", "300", "--seed", "21"]);
    world.sync(&[]);
    let banks = picked(&world);
    let (a, b, c) = (&banks[0], &banks[1], &banks[2]);
    // By id, by short id (from the copy) and by page address.
    let short = &id(b)[..8];
    let address = format!("https://bankscorer.example/banks/{}", id(c));
    let out = world.run(&["watch", "add", "peers", &id(a), short, &address]);
    assert_code(&out, 0);
    assert!(
        stderr(&out).contains("added 3 banks to the watch list 'peers'"),
        "{}",
        stderr(&out)
    );
    let file = std::fs::read_to_string(watch_file(&world)).unwrap();
    for bank in [a, b, c] {
        let comment = format!(
            "    # {} ({}, {})\n    \"{}\",\n",
            bank["name"].as_str().unwrap(),
            bank["city"].as_str().unwrap(),
            bank["state"].as_str().unwrap(),
            id(bank)
        );
        assert!(file.contains(&comment), "{comment} in\n{file}");
    }
    assert!(file.starts_with("# Watch lists of cra"), "{file}");
    // Again: nothing doubled.
    let out = world.run(&["watch", "add", "peers", &id(a)]);
    assert_code(&out, 0);
    assert!(
        stderr(&out).contains("1 was in it already"),
        "{}",
        stderr(&out)
    );

    // A bank that does not exist: exit 5, nothing written.
    let before = std::fs::read_to_string(watch_file(&world)).unwrap();
    let out = world.run(&["watch", "add", "peers", "no-such-bank", &id(&banks[3])]);
    assert_code(&out, 5);
    assert_eq!(std::fs::read_to_string(watch_file(&world)).unwrap(), before);
    // A name that is not a bare key, an unknown list: exit 2, the lists named.
    assert_code(&world.run(&["watch", "add", "my peers", &id(a)]), 2);
    let out = world.run(&["--offline", "search", "--watch", "nope"]);
    assert_code(&out, 2);
    assert!(
        stderr(&out).contains("no watch list 'nope'; the lists are: peers"),
        "{}",
        stderr(&out)
    );

    // Edited by hand: a comment of the person's, and a bank gone from the
    // service, which stays in the list and is named.
    let edited = before
        .replace("[peers]", "[peers] # our three peers")
        .replace(
            "\n]",
            "\n    # GONE BANK (NOWHERE, TX)\n    \"00000000-0000-0000-0000-00000000dead\",\n]",
        );
    std::fs::write(watch_file(&world), &edited).unwrap();
    let out = world.run(&["--offline", "watch", "show", "peers", "--format", "csv"]);
    assert_code(&out, 0);
    assert_eq!(
        text(&out.stdout).lines().count(),
        4,
        "{}",
        text(&out.stdout)
    );
    assert!(
        stderr(&out).contains("1 bank of the watch list 'peers' is not in the local copy")
            && stderr(&out)
                .contains("00000000-0000-0000-0000-00000000dead (GONE BANK (NOWHERE, TX))"),
        "{}",
        stderr(&out)
    );
    let lists: Value =
        serde_json::from_str(&stdout(&world, &["watch", "list", "--format", "json"])).unwrap();
    assert_eq!(
        lists,
        serde_json::json!([{"name": "peers", "banks": 4, "missing": 1}])
    );
    // Every command that takes --watch names it the same way, online
    // (the service asked for it by id) as offline; --quiet silences it.
    for args in [
        &["changes", "--watch", "peers"][..],
        &["stats", "--watch", "peers", "--gaps"],
        &["due", "--watch", "peers"],
        &["report", "--watch", "peers", "-o", "-"],
        &["--offline", "search", "--watch", "peers"],
        &["--offline", "export", "--watch", "peers"],
    ] {
        let out = world.run(args);
        assert_code(&out, 0);
        assert!(
            stderr(&out).contains(
                "1 bank of the watch list 'peers' is not in the local copy (kept in the list; \
                 removed from the service, or not synced yet): \
                 00000000-0000-0000-0000-00000000dead (GONE BANK (NOWHERE, TX))"
            ),
            "{args:?}: {}",
            stderr(&out)
        );
        let quiet = world.run(&[args, &["--quiet"]].concat());
        assert!(
            !stderr(&quiet).contains("GONE BANK"),
            "{args:?}: {}",
            stderr(&quiet)
        );
    }
    for args in [
        &["search", "--watch", "peers"][..],
        &["export", "--watch", "peers"],
    ] {
        let out = world.run(args);
        assert_code(&out, 0);
        assert!(
            stderr(&out).contains("1 bank of the watch list 'peers' is not listed by the service")
                && stderr(&out).contains("GONE BANK"),
            "{args:?}: {}",
            stderr(&out)
        );
    }

    // Removed by the name its comment gives, by short id: the person's
    // comment stays; the last bank takes the list.
    let name = a["name"].as_str().unwrap().to_lowercase();
    assert_code(&world.run(&["watch", "remove", "peers", &name, short]), 0);
    let file = std::fs::read_to_string(watch_file(&world)).unwrap();
    assert!(file.contains("[peers] # our three peers"), "{file}");
    assert!(
        !file.contains(&id(a)) && !file.contains(&id(b)) && file.contains(&id(c)),
        "{file}"
    );
    let out = world.run(&["watch", "remove", "peers", &id(a)]);
    assert_code(&out, 5);
    assert_code(
        &world.run(&[
            "watch",
            "remove",
            "peers",
            &id(c),
            "00000000-0000-0000-0000-00000000dead",
        ]),
        0,
    );
    let lists: Value =
        serde_json::from_str(&stdout(&world, &["watch", "list", "--format", "json"])).unwrap();
    assert_eq!(lists, serde_json::json!([]));
}

#[test]
fn watch_selects_what_the_same_ids_select_by_hand_byte_for_byte() {
    let world = World::new(&["--banks", "400", "--seed", "5"]);
    world.sync(&[]);
    let banks = picked(&world);
    let ids: BTreeSet<String> = banks.iter().map(id).collect();
    let mut add = vec!["watch", "add", "mine"];
    let listed: Vec<String> = banks.iter().map(id).collect();
    add.extend(listed.iter().map(String::as_str));
    assert_code(&world.run(&add), 0);
    // Two lists overlapping: each bank once.
    assert_code(&world.run(&["watch", "add", "two", &listed[0]]), 0);

    let filtered = |args: &[&str]| {
        let all = stdout(&world, args);
        let mut watched: Vec<&str> = args.to_vec();
        watched.extend(["--watch", "mine", "--watch", "two"]);
        (rows_of(&all, &ids), stdout(&world, &watched))
    };
    for args in [
        &["search", "--all", "--format", "csv"][..],
        &["--offline", "search", "--all", "--format", "csv"],
        &["search", "--all", "--sort", "-exam_date", "--format", "csv"],
        &["export"],
        &["--offline", "export", "--with-history"],
        &["export", "--with-history"],
        &["changes", "--change", "all", "--format", "csv"],
        &["changes", "--change", "repeat-fail", "--format", "csv"],
        &["due", "--format", "csv"],
        &["due", "--older-than", "1y", "--format", "csv"],
    ] {
        let (by_hand, watched) = filtered(args);
        assert!(
            by_hand.lines().count() > 1 || args.contains(&"repeat-fail"),
            "{args:?}: nothing selected"
        );
        assert_eq!(watched, by_hand, "cra {args:?} --watch");
    }
    // The histories as json are `show`'s, for the same ids in list order.
    let order: Vec<String> = text(
        &world
            .run(&["--offline", "export", "--watch", "mine", "--format", "csv"])
            .stdout,
    )
    .lines()
    .skip(1)
    .map(|l| l.split(',').next().unwrap().to_string())
    .collect();
    let mut show = vec!["show", "--format", "json"];
    show.extend(order.iter().map(String::as_str));
    assert_eq!(
        stdout(
            &world,
            &[
                "export",
                "--with-history",
                "--watch",
                "mine",
                "--format",
                "json"
            ]
        ),
        stdout(&world, &show)
    );
    // `watch show` is search --watch --all.
    assert_eq!(
        stdout(&world, &["watch", "show", "mine", "--format", "csv"]),
        stdout(
            &world,
            &["search", "--all", "--watch", "mine", "--format", "csv"]
        )
    );

    // stats: the counts of those banks' rows, by regulator; by exams, of
    // their records.
    let histories = stdout(&world, &["export", "--with-history", "--watch", "mine"]);
    let stats: Vec<Value> = serde_json::from_str(&stdout(
        &world,
        &[
            "stats",
            "--by",
            "regulator",
            "--exams",
            "--watch",
            "mine",
            "--format",
            "json",
        ],
    ))
    .unwrap();
    let total: u64 = stats.iter().map(|r| r["total"].as_u64().unwrap()).sum();
    assert_eq!(total as usize, histories.lines().count() - 1);
    let stats: Vec<Value> = serde_json::from_str(&stdout(
        &world,
        &["stats", "--watch", "mine", "--format", "json"],
    ))
    .unwrap();
    assert_eq!(stats[0]["total"], ids.len());
    // The report names the lists among its filters.
    let page = stdout(&world, &["report", "--watch", "mine", "-o", "-"]);
    assert!(page.contains("watch list mine"), "the report's filters");
}

#[test]
fn failed_last_is_the_same_online_and_offline_and_what_the_histories_say() {
    let world = World::logged(&["--banks", "2000", "--seed", "4"]);
    world.sync(&[]);
    let details = world.sandbox().details("");
    world.take_requests();
    for n in ["1", "2"] {
        let online = world.run(&["search", "--failed-last", n, "--all", "--format", "csv"]);
        assert_code(&online, 0);
        let requests = world.take_requests();
        let offline = stdout(
            &world,
            &[
                "--offline",
                "search",
                "--failed-last",
                n,
                "--all",
                "--format",
                "csv",
            ],
        );
        assert_eq!(text(&online.stdout), offline, "--failed-last {n}");
        let failing = |r: &Value| {
            matches!(
                r["rating"].as_str(),
                Some("Needs to Improve" | "Substantial Noncompliance")
            )
        };
        let n: usize = n.parse().unwrap();
        let expected: BTreeSet<String> = details
            .iter()
            .filter(|bank| {
                let mut ratings: Vec<&Value> = bank["ratings"].as_array().unwrap().iter().collect();
                ratings.sort_by(|a, b| b["exam_date"].as_str().cmp(&a["exam_date"].as_str()));
                ratings.len() >= n && ratings[..n].iter().all(|r| failing(r))
            })
            .map(id)
            .collect();
        let found: BTreeSet<String> = offline
            .lines()
            .skip(1)
            .map(|l| l.split(',').next().unwrap().to_string())
            .collect();
        assert!(!expected.is_empty());
        assert_eq!(found, expected, "--failed-last {n}");
        // Online, only the banks whose current rating fails were fetched.
        let current_failing = details
            .iter()
            .filter(|bank| {
                bank["ratings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|r| r["is_current"] == true && failing(r))
            })
            .count();
        assert_eq!(requests.details.len(), current_failing);
    }
}

#[test]
fn sync_notify_watch_delivers_the_lists_new_exams_only_and_keeps_the_rest() {
    const SECRET: &str = "whsec_notify_test";
    let mut world = World::new(&["--banks", "500", "--seed", "8"]);
    let notify = |world: &World, to: &str, watch: &[&str]| {
        let mut args = vec![
            "sync",
            "--format",
            "json",
            "--retries",
            "0",
            "--notify",
            to,
            "--secret",
            SECRET,
        ];
        for list in watch {
            args.extend(["--watch", list]);
        }
        let out = world.run(&args);
        let summary: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
        (out, summary)
    };
    // An unknown list is refused before anything is fetched.
    let (out, _) = notify(&world, "http://127.0.0.1:9/", &["nope"]);
    assert_code(&out, 2);
    assert!(
        !world
            .home
            .path()
            .join(".local/share/cra/mirror.sqlite")
            .exists()
    );
    world.sync(&[]);
    let records = |world: &World| -> BTreeSet<(String, String, String)> {
        world
            .sandbox()
            .details("")
            .iter()
            .flat_map(|bank| {
                bank["ratings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|r| {
                        (
                            id(bank),
                            r["exam_date"].as_str().unwrap().to_string(),
                            r["rating"].as_str().unwrap().to_string(),
                        )
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let received = |log: &PathBuf| -> Vec<(String, String, String)> {
        std::fs::read_to_string(log)
            .unwrap_or_default()
            .lines()
            .map(|line| {
                let entry: Value = serde_json::from_str(line).unwrap();
                assert_eq!(entry["verdict"], "valid");
                let body: Value = serde_json::from_str(entry["body"].as_str().unwrap()).unwrap();
                let d = &body["data"];
                (
                    d["bank_id"].as_str().unwrap().into(),
                    d["exam_date"].as_str().unwrap().into(),
                    d["rating"].as_str().unwrap().into(),
                )
            })
            .collect()
    };

    // A later release; the list holds some of the banks it adds exams to.
    let before = records(&world);
    world.restart_with(&["--evolve", "60"]);
    let added: BTreeSet<_> = records(&world).difference(&before).cloned().collect();
    let changed: Vec<String> = added
        .iter()
        .map(|(id, _, _)| id.clone())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    assert!(changed.len() >= 6, "{}", changed.len());
    let watched: BTreeSet<String> = changed.iter().step_by(2).cloned().collect();
    let mut add = vec!["watch", "add", "mine"];
    add.extend(watched.iter().map(String::as_str));
    assert_code(&world.run(&add), 0);
    let theirs: BTreeSet<_> = added
        .iter()
        .filter(|(id, _, _)| watched.contains(id))
        .cloned()
        .collect();

    let log = world.home.path().join("deliveries.log");
    let listener = Listen::start(&world.home, SECRET, &["--log", log.to_str().unwrap()]);
    let (out, summary) = notify(&world, &listener.url, &["mine"]);
    assert_code(&out, 0);
    assert_eq!(summary["notified"], theirs.len());
    // Nothing of the other banks was queued: nothing waits for them.
    assert_eq!(world.sql("SELECT count(*) AS n FROM outbox")[0]["n"], 0);
    let (out, summary) = notify(&world, &listener.url, &[]);
    assert_code(&out, 0);
    assert_eq!(summary["notified"], 0);
    listener.stop();
    let got = received(&log);
    assert_eq!(got.iter().cloned().collect::<BTreeSet<_>>(), theirs);
    assert_eq!(got.len(), theirs.len(), "a delivery arrived twice");

    // Another release, the receiver down, every bank asked for: all kept.
    // Then with --watch: the list's go, the others stay; then the others.
    let before = records(&world);
    world.restart_with(&["--evolve", "120"]);
    let added: BTreeSet<_> = records(&world).difference(&before).cloned().collect();
    let (out, summary) = notify(&world, "http://127.0.0.1:9/", &[]);
    assert_code(&out, 1);
    assert_eq!(summary["notify_kept"], added.len());
    let theirs: BTreeSet<_> = added
        .iter()
        .filter(|(id, _, _)| watched.contains(id))
        .cloned()
        .collect();
    std::fs::remove_file(&log).ok();
    let listener = Listen::start(&world.home, SECRET, &["--log", log.to_str().unwrap()]);
    let (out, summary) = notify(&world, &listener.url, &["mine"]);
    assert_code(&out, 0);
    assert_eq!(summary["notified"], theirs.len());
    assert!(
        stderr(&out).contains("kept for a cra sync --notify without --watch"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        world.sql("SELECT count(*) AS n FROM outbox")[0]["n"],
        added.len() - theirs.len()
    );
    let (out, summary) = notify(&world, &listener.url, &[]);
    assert_code(&out, 0);
    assert_eq!(summary["notified"], added.len() - theirs.len());
    listener.stop();
    let got = received(&log);
    assert_eq!(got.iter().cloned().collect::<BTreeSet<_>>(), added);
    assert_eq!(got.len(), added.len(), "a delivery arrived twice");
}

/// A name several banks share is listed and refused, as `show` does, and
/// `--state` narrows it to the one of that state.
#[test]
fn watch_add_narrows_a_shared_name_with_state() {
    let world = World::new(&["--banks", "2000", "--seed", "4"]);
    world.sync(&[]);
    let list = world.sandbox().walk("");
    let name_state = |b: &Value| {
        (
            b["name"].as_str().unwrap().to_string(),
            b["state"].as_str().unwrap().to_string(),
        )
    };
    // A name (with a space) that two or more banks carry, one of them alone
    // in its state.
    let (name, state, wanted) = list
        .iter()
        .filter(|b| b["name"].as_str().unwrap().contains(' '))
        .find_map(|b| {
            let (name, state) = name_state(b);
            let same: Vec<&Value> = list.iter().filter(|o| o["name"] == b["name"]).collect();
            let in_state = same.iter().filter(|o| o["state"] == b["state"]).count();
            (same.len() > 1 && in_state == 1).then(|| (name, state, id(b)))
        })
        .expect("a shared name in the sandbox's banks");
    let out = world.run(&["watch", "add", "mine", &name]);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("--state"), "{}", stderr(&out));
    assert!(!watch_file(&world).exists());
    let out = world.run(&["watch", "add", "mine", &name, "--state", &state]);
    assert_code(&out, 0);
    let file = std::fs::read_to_string(watch_file(&world)).unwrap();
    assert!(file.contains(&format!("\"{wanted}\"")), "{file}");
    assert!(stderr(&out).contains("added 1 bank "), "{}", stderr(&out));
}

/// `watch show` and `watch list` honour `--excel-safe-csv` as `search
/// --watch` does: a name a spreadsheet would run (`=HYPERLINK(...)`,
/// `+1+1`), a bank's or a hand-written list's, comes out as text; without
/// the flag it is exact.
#[test]
fn watch_show_and_list_honour_excel_safe_csv() {
    let data = "id,name,city,state,regulator,exam_date,rating,exam_type,is_current\n\
a1,\"=HYPERLINK(\"\"http://x.example/\"\",\"\"click\"\")\",-TOWN,TX,OCC,2020-01-01,Outstanding,Small Bank,true\n\
a2,+1+1,@HOME,TX,OCC,2020-01-02,Satisfactory,Small Bank,true\n";
    let world = World::with_data("hostile.csv", data);
    assert_code(&world.run(&["watch", "add", "hostile", "a1", "a2"]), 0);
    let show = |more: &[&str]| {
        stdout(
            &world,
            &[&["watch", "show", "hostile", "--format", "csv"][..], more].concat(),
        )
    };
    let plain = show(&[]);
    assert!(plain.contains(",+1+1,@HOME,"), "{plain}");
    let safe = show(&["--excel-safe-csv"]);
    assert!(safe.contains(",'+1+1,'@HOME,"), "{safe}");
    assert!(safe.contains("\"'=HYPERLINK("), "{safe}");
    assert!(!safe.contains(",+1+1,"), "{safe}");
    // A list named by hand as a formula.
    let file = watch_file(&world);
    let toml = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file, format!("{toml}\n[\"+1+1\"]\nbanks = [\"a1\"]\n")).unwrap();
    let list = |more: &[&str]| {
        stdout(
            &world,
            &[&["watch", "list", "--format", "csv"][..], more].concat(),
        )
    };
    let plain = list(&[]);
    assert!(plain.contains("\n+1+1,1"), "{plain}");
    let safe = list(&["--excel-safe-csv"]);
    assert!(safe.contains("\n'+1+1,1"), "{safe}");
    // tsv, a watch list piped.
    let tsv = stdout(&world, &["watch", "list", "--excel-safe-csv"]);
    assert!(tsv.contains("\n'+1+1\t1"), "{tsv}");
}

/// A watch file that is a named pipe is refused at once, in one line, by
/// every command that reads the lists (it made them wait in silence for a
/// writer), as a config file that is one is.
#[cfg(unix)]
#[test]
fn a_watch_file_that_is_a_named_pipe_is_refused_at_once() {
    let home = crate::common::Home::new();
    let data = home.path().join(".local/share/cra");
    std::fs::create_dir_all(&data).unwrap();
    crate::common::tools::fifo(&data, "watch.toml");
    for args in [
        &["watch", "list"][..],
        &["watch", "remove", "peers", "x"],
        &["--sandbox", "search", "--watch", "peers"],
    ] {
        let mut cmd = home.cra_std();
        cmd.args(args);
        let out = crate::common::within_10s(cmd);
        let stderr = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("is not a regular file") && stderr.lines().count() == 1,
            "{args:?}: {stderr}"
        );
    }
}

/// A list of 100,000 ids is listed and edited in time that grows with the
/// list, not its square (quadratic, `watch list` took 14 s in a release
/// build): a bound far above what it takes, far below what it took.
#[test]
fn a_list_of_a_hundred_thousand_ids_is_listed_and_edited() {
    let home = crate::common::Home::new();
    let data = home.path().join(".local/share/cra");
    std::fs::create_dir_all(&data).unwrap();
    let mut toml = String::from("[all]\nbanks = [\n");
    for i in 0..100_000 {
        toml.push_str(&format!("    \"id-{i:06}\",\n"));
    }
    toml.push_str("]\n");
    std::fs::write(data.join("watch.toml"), toml).unwrap();
    let mut cmd = home.cra_std();
    cmd.args(["watch", "list", "--format", "csv"]);
    let out = crate::common::within_secs(cmd, 120);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        text(&out.stdout).contains("all,100000"),
        "{}",
        text(&out.stdout)
    );
    let mut cmd = home.cra_std();
    cmd.args(["watch", "remove", "all", "id-000007", "id-099999"]);
    let out = crate::common::within_secs(cmd, 120);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let kept = std::fs::read_to_string(data.join("watch.toml")).unwrap();
    assert_eq!(kept.matches("\"id-").count(), 99_998);
}

#[test]
fn online_a_short_list_is_read_by_id_and_a_longer_one_as_costs_fewer_requests() {
    // 3,000 banks: 30 pages of the list.
    let world = World::logged(&["--banks", "3000", "--seed", "12"]);
    let list = world.sandbox().walk("");
    let ids_of = |banks: &[Value]| -> BTreeSet<String> { banks.iter().map(id).collect() };
    let add = |name: &str, banks: &[Value]| {
        let mut args = vec!["watch".to_string(), "add".into(), name.into()];
        args.extend(banks.iter().map(id));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_code(&world.run(&args), 0);
    };
    let two = [list[10].clone(), list[2_000].clone()];
    add("two", &two);
    let all = stdout(&world, &["search", "--all", "--format", "csv"]);
    let all_json: Vec<Value> =
        serde_json::from_str(&stdout(&world, &["search", "--all", "--format", "json"])).unwrap();

    // Two banks: two detail requests, no page; what the list gives them,
    // byte for byte, as csv and as the objects a script reads.
    world.take_requests();
    let watched = stdout(
        &world,
        &["search", "--watch", "two", "--all", "--format", "csv"],
    );
    assert_eq!(world.take_requests().counts(), (0, 2));
    assert_eq!(watched, rows_of(&all, &ids_of(&two)));
    let json: Vec<Value> = serde_json::from_str(&stdout(
        &world,
        &["search", "--watch", "two", "--format", "json"],
    ))
    .unwrap();
    let listed: Vec<Value> = all_json
        .iter()
        .filter(|b| ids_of(&two).contains(&id(b)))
        .cloned()
        .collect();
    assert_eq!(json, listed);
    // On a terminal, the summary says how it was read.
    let out = world
        .cra()
        .env("CRA_FORCE_TTY", "1")
        .args(["search", "--watch", "two", "--color", "never"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    assert!(
        stderr(&out).contains("2 of 2 banks · page 1 of 1 · read by id (2 requests)"),
        "{}",
        stderr(&out)
    );
    world.take_requests();

    // The service's own filters are applied to them as it applies them.
    let state = two[1]["state"].as_str().unwrap();
    let word: String = two[0]["name"].as_str().unwrap().chars().take(5).collect();
    let lower_word = word.to_lowercase();
    let lower_state = state.to_lowercase();
    for filters in [
        vec!["--state", state],
        vec!["--state", &lower_state],
        vec![word.as_str()],
        vec![lower_word.as_str()],
        vec!["--size", "Small Bank"],
        vec!["--rating", "Satisfactory", "--sort", "-exam_date"],
    ] {
        let by_hand = rows_of(
            &stdout(
                &world,
                &[&["search", "--all", "--format", "csv"][..], &filters].concat(),
            ),
            &ids_of(&two),
        );
        world.take_requests();
        let watched = stdout(
            &world,
            &[
                &["search", "--watch", "two", "--all", "--format", "csv"][..],
                &filters,
            ]
            .concat(),
        );
        assert_eq!(world.take_requests().counts(), (0, 2), "{filters:?}");
        assert_eq!(watched, by_hand, "{filters:?}");
    }

    // With their histories: the details read to find them are the ones
    // written (one request a bank).
    let histories = stdout(&world, &["export", "--watch", "two", "--with-history"]);
    assert_eq!(world.take_requests().counts(), (0, 2));
    let records: usize = two
        .iter()
        .map(|b| {
            world.sandbox().get(&format!("/api/v1/banks/{}", id(b))).1["data"]["ratings"]
                .as_array()
                .unwrap()
                .len()
        })
        .sum();
    assert_eq!(histories.lines().count(), 1 + records, "{histories}");

    // 26 banks: more than a list read by id at once, fewer than the pages
    // left after the first: one page, then their details.
    let some: Vec<Value> = list.iter().step_by(100).take(26).cloned().collect();
    add("some", &some);
    world.take_requests();
    let watched = stdout(
        &world,
        &["search", "--watch", "some", "--all", "--format", "csv"],
    );
    assert_eq!(world.take_requests().counts(), (1, 26));
    assert_eq!(watched, rows_of(&all, &ids_of(&some)));

    // 40 banks of a state's few pages: its pages are read, no detail.
    let texas: Vec<Value> = list
        .iter()
        .filter(|b| b["state"] == "TX")
        .cloned()
        .collect();
    let pages = texas.len().div_ceil(100) as u64;
    assert!(texas.len() >= 40 && pages < 39, "{} in TX", texas.len());
    add("texas", &texas[..40]);
    world.take_requests();
    let watched = stdout(
        &world,
        &[
            "search", "--watch", "texas", "--state", "TX", "--all", "--format", "csv",
        ],
    );
    assert_eq!(world.take_requests().counts(), (pages, 0));
    assert_eq!(
        watched,
        rows_of(
            &stdout(
                &world,
                &["search", "--state", "TX", "--all", "--format", "csv"]
            ),
            &ids_of(&texas[..40])
        )
    );
}
