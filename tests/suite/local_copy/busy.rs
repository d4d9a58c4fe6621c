//! A command that reads the copy for a second or more before its first
//! row (issue 48, item 18): `changes --change all` and `report` on a large
//! copy say what they are doing on a status line, on a terminal only, and
//! take it off when done.

use crate::common::{World, assert_code, stderr};

/// A synced sandbox's copy, its path.
fn synced() -> (World, std::path::PathBuf) {
    let world = World::new(&["--banks", "2000", "--seed", "7"]);
    assert_code(&world.run(&["sync"]), 0);
    let copy = world.home.path().join(".local/share/cra/mirror.sqlite");
    assert!(copy.exists(), "the copy is where cra keeps it");
    (world, copy)
}

/// Makes the copy large: every bank had 300 more exams, a month apart,
/// back from `months` months before its own (written into the copy as a
/// large one would hold them).
fn add_exams(copy: &std::path::Path, months: u32) {
    let db = rusqlite::Connection::open(copy).unwrap();
    db.execute(
        &format!(
            "INSERT INTO ratings (bank_id, seq, exam_date, rating, exam_type, is_current, \
             added_sync) \
             WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 300) \
             SELECT r.bank_id, 1000 + {months} + k.i, \
             date(r.exam_date, '-' || ({months} + k.i) || ' months'), \
             CASE k.i % 3 WHEN 0 THEN 'Outstanding' WHEN 1 THEN 'Satisfactory' \
             ELSE 'Needs to Improve' END, r.exam_type, 0, r.added_sync \
             FROM ratings r, k WHERE r.is_current = 1"
        ),
        [],
    )
    .unwrap();
}

#[test]
fn a_long_read_says_so_on_a_terminal_and_takes_the_line_off() {
    let (world, copy) = synced();
    let mirror = copy.to_str().unwrap();
    // On a debug build, 600,000 records take changes 3 s; the report
    // needs twice as many for 2 s.
    for (months, args, status) in [
        (
            0,
            vec!["changes", "--change", "all"],
            "\rreading the local copy's rating records…\x1b[K",
        ),
        (
            300,
            vec!["report"],
            "\rcounting the local copy's banks for the report…\x1b[K",
        ),
    ] {
        add_exams(&copy, months);
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
