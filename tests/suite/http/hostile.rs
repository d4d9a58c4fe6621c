//! Data you can trust from a service you cannot: scripted hostile services
//! that answer one bank's request with another's detail, list an id twice
//! with different content, page by their own page size, quote the API key
//! back in data, and list ids no URL carries untouched.

use std::path::Path;

use serde_json::{Value, json};

use crate::common::hostile::{Hostile, KEY, against, decode, detail_of, entry};
use crate::common::text;

fn exists(path: &Path) -> bool {
    path.exists()
}

fn swapped() -> Hostile {
    let a = entry("bank-a", "ALPHA BANK");
    let b = entry("bank-b", "BETA BANK");
    let mut service = Hostile::new(vec![a, b.clone()]);
    service.details.insert("bank-a".into(), detail_of(&b));
    service
}

#[test]
fn sync_stores_nothing_for_a_detail_of_another_bank() {
    let world = against(swapped());
    let out = world.run(&["sync"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("'bank-a'") && stderr.contains("answered the request for bank"),
        "{stderr}"
    );
    // B is stored once, as itself; nothing under A's id.
    assert_eq!(
        world.sql_tsv("SELECT id, name FROM banks ORDER BY id"),
        "id\tname\nbank-b\tBETA BANK\n"
    );
    assert_eq!(
        world.sql_tsv("SELECT count(*) AS n FROM ratings WHERE bank_id = 'bank-a'"),
        "n\n0\n"
    );
    // Asked once: the same answer would come again.
    let asked_a = world
        .detail_requests()
        .iter()
        .filter(|p| *p == "bank-a")
        .count();
    assert_eq!(asked_a, 1);
    // The next sync asks for it again (it is still not stored).
    let out = world.run(&["sync"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        world
            .detail_requests()
            .iter()
            .filter(|p| *p == "bank-a")
            .count(),
        2
    );
}

#[test]
fn export_with_history_and_show_refuse_a_detail_of_another_bank() {
    let world = against(swapped());
    let dest = world.home.path().join("out.csv");
    let out = world.run(&["export", "--with-history", "-o", dest.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("with bank 'bank-b'"), "{stderr}");
    assert!(!exists(&dest));
    for format in ["json", "table"] {
        let out = world.run(&["show", "bank-a", "--format", format]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(
            stderr.contains("'bank-a'") && stderr.contains("'bank-b'"),
            "{stderr}"
        );
        assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
    }
    // The honest bank still shows.
    let out = world.run(&["show", "bank-b", "--format", "json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn ids_are_requested_exactly_as_listed_whatever_they_hold() {
    let odd = ["a\tb", "c\nd", "e/f?g&h=i", "50% off", "x#y"];
    let world = against(Hostile::new(
        odd.iter().map(|id| entry(id, "ODD BANK")).collect(),
    ));
    let out = world.run(&["sync"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let asked: Vec<String> = world.detail_requests();
    for id in odd {
        assert!(
            asked.iter().any(|p| decode(p) == id),
            "{id:?} not requested; asked {asked:?}"
        );
    }
    assert!(asked.contains(&"a%09b".to_string()), "{asked:?}");
    assert!(
        asked.contains(&"e%2Ff%3Fg%26h%3Di".to_string()),
        "{asked:?}"
    );
    assert_eq!(world.sql_tsv("SELECT count(*) AS n FROM banks"), "n\n5\n");
    // show takes such ids as they are, online.
    for id in odd {
        let out = world.run(&["show", id, "--format", "json"]);
        assert!(out.status.success(), "{id:?}: {}", text(&out.stderr));
        let shown: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(shown["id"], id);
    }
}

fn listed_twice() -> Hostile {
    let mut list: Vec<Value> = (0..150)
        .map(|i| entry(&format!("b{i:03}"), "SOME BANK"))
        .collect();
    // Page 2 lists b007 again, renamed.
    list[120] = entry("b007", "ANOTHER NAME");
    Hostile::new(list)
}

#[test]
fn an_id_listed_twice_with_different_content_is_an_inconsistent_list() {
    let world = against(listed_twice());
    let dest = world.home.path().join("out.csv");
    for args in [
        vec!["sync"],
        vec!["export", "-o", dest.to_str().unwrap()],
        vec!["search", "--all", "--format", "csv"],
    ] {
        let out = world.run(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains("listed bank 'b007' twice with different content"),
            "{args:?}: {stderr}"
        );
    }
    assert!(!exists(&dest));
}

fn short_pages(honest_meta: bool) -> Hostile {
    let mut service = Hostile::new(
        (0..230)
            .map(|i| entry(&format!("b{i:03}"), "SOME BANK"))
            .collect(),
    );
    service.page_cap = Some(50);
    service.honest_meta = honest_meta;
    service
}

#[test]
fn a_service_paging_by_a_smaller_size_it_admits_is_followed() {
    let world = against(short_pages(true));
    let out = world.run(&["sync"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(world.sql_tsv("SELECT count(*) AS n FROM banks"), "n\n230\n");
    let out = world.run(&["search", "--all", "--format", "csv"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 231);
    let dest = world.home.path().join("out.csv");
    let out = world.run(&["export", "--with-history", "-o", dest.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&dest).unwrap().lines().count(), 231);
}

#[test]
fn a_service_ignoring_per_page_without_saying_so_is_named() {
    let world = against(short_pages(false));
    for args in [vec!["sync"], vec!["search", "--all"], vec!["export"]] {
        let out = world.run(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(
            stderr.contains(
                "the service ignored per_page: 100 banks a page were asked for, page 1 holds 50"
            ),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("run the command again"), "{stderr}");
    }
}

fn quoting() -> Hostile {
    let mut a = entry("bank-a", &format!("BANK OF {KEY}"));
    a["motto"] = json!(format!("key={KEY}"));
    let mut service = Hostile::new(vec![a.clone(), entry("bank-b", "PLAIN BANK")]);
    let mut detail = detail_of(&a);
    detail["ratings"][0]["exam_type"] = json!(KEY);
    detail["notes"] = json!({ KEY: [KEY] });
    service.details.insert("bank-a".into(), detail);
    service
}

#[test]
fn the_api_key_quoted_in_data_is_never_printed_nor_stored() {
    let world = against(quoting());
    let dest = world.home.path().join("out.json");
    let runs: Vec<Vec<&str>> = vec![
        vec!["show", "bank-a", "--format", "json"],
        vec!["show", "bank-a", "--format", "table"],
        vec!["search", "--format", "json"],
        vec!["search", "--all", "--format", "csv"],
        vec!["export", "--with-history", "--format", "csv"],
        vec!["export", "--with-history", "--format", "json"],
        vec!["sync"],
        vec!["sql", "SELECT * FROM banks", "--format", "json"],
        vec!["export", "--with-history", "-o", dest.to_str().unwrap()],
        vec!["--offline", "show", "bank-a", "--format", "json"],
    ];
    for args in runs {
        let out = world.run(&args);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(out.status.success(), "{args:?}: {stderr}");
        assert!(
            !stdout.contains(KEY) && !stderr.contains(KEY),
            "{args:?}: {stdout}{stderr}"
        );
        if args[0] != "sql" && args[0] != "--offline" {
            assert_eq!(
                stderr.matches("quoted the API key").count(),
                1,
                "{args:?}: {stderr}"
            );
        }
    }
    assert!(text(&std::fs::read(&dest).unwrap()).contains("[redacted]"));
    // Not a byte of it in the mirror's files.
    for entry in std::fs::read_dir(world.home.path()).unwrap() {
        let path = entry.unwrap().path();
        if path.to_string_lossy().contains("m.sqlite") {
            let bytes = std::fs::read(&path).unwrap();
            assert!(
                !bytes.windows(KEY.len()).any(|w| w == KEY.as_bytes()),
                "{} holds the key",
                path.display()
            );
        }
    }
    let shown = world.sql_tsv("SELECT name FROM banks WHERE id = 'bank-a'");
    assert_eq!(shown, "name\nBANK OF [redacted]\n");
}
