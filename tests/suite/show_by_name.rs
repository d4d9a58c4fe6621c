//! `cra show` by name and by short id, against the real sandbox serving a
//! small file of banks (two share an id prefix, two share a name), online
//! and from a synced copy.

use crate::common::{World, assert_code};

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
        // Several: exit 2 listing name, city, state and id of each.
        let out = cra(&world, offline, &["show", "bank of  houston"]);
        assert_code(&out, 2);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("2 banks match 'bank of houston'")
                && stderr
                    .contains("BANK OF HOUSTON (HOUSTON, TX) abcdef12-0000-4000-8000-000000000001")
                && stderr
                    .contains("BANK OF HOUSTON (HOUSTON, MO) abcdef12-0000-4000-8000-000000000002"),
            "{stderr}"
        );
        assert!(out.stdout.is_empty());
        // None: exit 5 suggesting a search.
        let out = cra(&world, offline, &["show", "no such bank"]);
        assert_code(&out, 5);
        assert!(String::from_utf8_lossy(&out.stderr).contains("cra search \"no such bank\""));
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
