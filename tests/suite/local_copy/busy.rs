//! A command that reads the copy for a second or more before its first
//! row (issue 48, item 18): `changes --change all` and `report` on a large
//! copy say what they are doing on a status line, on a terminal only, and
//! take it off when done.

use crate::common::{World, assert_code, stderr};

/// A copy of many rating records: a synced sandbox whose every bank has
/// had 300 more exams, every month back from its own (written into
/// the copy as a large one would hold them).
fn large() -> (World, std::path::PathBuf) {
    let world = World::new(&["--banks", "2000", "--seed", "7"]);
    assert_code(&world.run(&["sync"]), 0);
    let copy = world.home.path().join(".local/share/cra/mirror.sqlite");
    assert!(copy.exists(), "the copy is where cra keeps it");
    let db = rusqlite::Connection::open(&copy).unwrap();
    db.execute(
        "INSERT INTO ratings (bank_id, seq, exam_date, rating, exam_type, is_current, added_sync) \
         WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 300) \
         SELECT r.bank_id, 1000 + k.i, date(r.exam_date, '-' || k.i || ' months'), \
         CASE k.i % 3 WHEN 0 THEN 'Outstanding' WHEN 1 THEN 'Satisfactory' \
         ELSE 'Needs to Improve' END, r.exam_type, 0, r.added_sync \
         FROM ratings r, k WHERE r.is_current = 1",
        [],
    )
    .unwrap();
    (world, copy)
}

#[test]
fn a_long_read_says_so_on_a_terminal_and_takes_the_line_off() {
    let (world, copy) = large();
    let mirror = copy.to_str().unwrap();
    for (args, status) in [
        (
            vec!["changes", "--change", "all"],
            "\rreading the local copy's rating records…\x1b[K",
        ),
        (
            vec!["report"],
            "\rcounting the local copy's banks for the report…\x1b[K",
        ),
    ] {
        let out_file = world.home.path().join("out");
        let _ = std::fs::remove_file(&out_file);
        let mut cmd = world.cra();
        cmd.args(["--mirror", mirror, "--offline"])
            .args(&args)
            .args(["-o", out_file.to_str().unwrap()]);
        // Standard error a terminal: the status line; piped: none.
        let on_terminal = cmd.env("CRA_FORCE_TTY", "1").output().unwrap();
        assert_code(&on_terminal, 0);
        let said = stderr(&on_terminal);
        let at = said
            .find(status)
            .unwrap_or_else(|| panic!("{args:?}: no status line in {said:?}"));
        // Taken off before the summary.
        assert!(
            said[at + status.len()..].starts_with("\r\x1b[K"),
            "{said:?}"
        );
        std::fs::remove_file(&out_file).unwrap();
        let mut piped = world.cra();
        piped
            .args(["--mirror", mirror, "--offline"])
            .args(&args)
            .args(["-o", out_file.to_str().unwrap()]);
        let piped = piped.output().unwrap();
        assert_code(&piped, 0);
        assert!(!stderr(&piped).contains('\r'), "{}", stderr(&piped));
    }
}
