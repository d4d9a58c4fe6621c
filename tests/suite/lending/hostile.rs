//! Files that are no lending data, each refused whole with its reason
//! (and its line), the batch's other files read and stored, the copy
//! keeping what it had of the refused ones, exit 1 at the end: a web page
//! where a zip was expected (the FFIEC's challenge), a zip bomb, a
//! truncated zip, a record of the wrong length, an unknown table, a page
//! saved in place of the zip; a FIFO in a folder named and skipped; a
//! signal while a large file is read leaves the copy as it was (130).

use super::support::{count, fetch, fingerprint, lending, summary, zip};
use crate::common::{enriched, stderr};

const TRANSMITTAL_2013: &str = "000001413432013PASSUMPSIC SAVINGS BANK       497 RAILROAD STREET                     ST. JOHNSBURY            VT05819     03-014756000003000090000579877";

#[test]
fn a_challenge_page_is_refused_in_one_line_saying_what_to_do() {
    let world = enriched(50);
    let before = fingerprint(&world);
    let page = format!("{}/lending/challenge/13exp_aggr.zip", world.url());
    let out = lending(&world, &[&page]);
    let json = summary(&out, 1);
    assert_eq!(json["files"]["refused"], 1);
    let text = stderr(&out);
    let line: Vec<&str> = text.lines().filter(|l| l.contains("refused:")).collect();
    assert_eq!(line.len(), 1, "{text}");
    assert!(
        line[0].contains("HTTP 403") && line[0].contains("download the file in a browser"),
        "{text}"
    );
    assert_eq!(fingerprint(&world), before);
}

#[test]
fn bad_files_are_refused_by_name_and_line_and_the_rest_of_the_batch_is_stored() {
    let world = enriched(50);
    let dir = world.home.path().join("files");
    std::fs::create_dir(&dir).unwrap();
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    };
    let good = write("good.dat", format!("{TRANSMITTAL_2013}\r\n").as_bytes());
    let short = write(
        "short.dat",
        format!("{TRANSMITTAL_2013}\r\n{}\r\n", &TRANSMITTAL_2013[..150]).as_bytes(),
    );
    let unknown = write(
        "unknown.dat",
        format!("{TRANSMITTAL_2013}\r\nA9-9 2013{}\r\n", "0".repeat(70)).as_bytes(),
    );
    let trailing = write(
        "trailing.dat",
        format!("{TRANSMITTAL_2013}  X\r\n").as_bytes(),
    );
    let aggregate = fetch(&world, "/lending/13exp_aggr.zip");
    let truncated = write("truncated.zip", &aggregate[..aggregate.len() / 2]);
    // Twenty megabytes of blanks deflate to a few kilobytes.
    let blanks = vec![b' '; 20 << 20];
    let bomb = write("bomb.zip", &zip(&[("exp_aggr.dat".into(), blanks)]));
    let page = write(
        "saved.zip",
        b"<!DOCTYPE html><html><head><title>Just a moment...</title></head></html>",
    );
    let out = lending(
        &world,
        &[&short, &good, &unknown, &trailing, &truncated, &bomb, &page],
    );
    let json = summary(&out, 1);
    assert_eq!(json["files"]["read"], 1, "{json}");
    assert_eq!(json["files"]["refused"], 6, "{json}");
    let text = stderr(&out);
    let refused = |file: &str, says: &str| {
        assert!(
            text.lines()
                .any(|l| l.contains(file) && l.contains("refused:") && l.contains(says)),
            "{file}: {says}: {text}"
        );
    };
    refused(
        "short.dat",
        "line 2: 150 characters, shorter than a 2013 transmittal record (152)",
    );
    refused("unknown.dat", "line 2: unknown table 'A9-9'");
    refused("trailing.dat", "line 1: 'X' in column 155");
    refused("truncated.zip", "truncated or damaged zip");
    refused("bomb.zip", "zip bomb");
    refused("saved.zip", "an HTML page, not a lending file");
    assert!(
        text.contains("6 of the lending files were refused"),
        "{text}"
    );
    // The good file is stored; nothing of the refused ones is.
    assert_eq!(count(&world, "SELECT 1 FROM lending_files"), 1);
    assert_eq!(
        world.sql_tsv("SELECT name, rssd_id FROM lending_reporters"),
        "name\trssd_id\nPASSUMPSIC SAVINGS BANK\t300009\n"
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_in_a_folder_is_named_and_skipped() {
    let world = enriched(50);
    let dir = world.home.path().join("folder");
    std::fs::create_dir(&dir).unwrap();
    std::fs::write(dir.join("a.dat"), format!("{TRANSMITTAL_2013}\r\n")).unwrap();
    crate::common::make_fifo(&dir.join("b.zip"));
    let out = lending(&world, &[dir.to_str().unwrap()]);
    let json = summary(&out, 0);
    assert_eq!(json["files"]["read"], 1, "{json}");
    let text = stderr(&out);
    assert!(text.contains("b.zip: not a regular file"), "{text}");
}

/// A large file of valid records: a lender's county row of 2013, again
/// and again.
#[cfg(unix)]
fn large_file(dir: &std::path::Path) -> std::path::PathBuf {
    let line =
        b"A1-1a201341500071554000000141343        0000000003000000060400000000020000000105\r\n";
    let path = dir.join("large.dat");
    let mut text = Vec::with_capacity(line.len() * 600_000);
    for _ in 0..600_000 {
        text.extend_from_slice(line);
    }
    std::fs::write(&path, text).unwrap();
    path
}

/// A large file of the market's records (the aggregate's income-group
/// rows of a county, 2013), which the copy adds up and stores only once
/// the file is read: no row of its own until then.
#[cfg(unix)]
fn large_market_file(dir: &std::path::Path) -> std::path::PathBuf {
    let line = b"A1-1 2013414805910180       NS10610000000000120000000065000000000000000000000000000000000000000000000000030000000026\r\n";
    let path = dir.join("market.dat");
    let mut text = Vec::with_capacity(line.len() * 600_000);
    for _ in 0..600_000 {
        text.extend_from_slice(line);
    }
    std::fs::write(&path, text).unwrap();
    path
}

#[cfg(unix)]
#[test]
fn a_signal_while_a_file_is_read_leaves_the_copy_as_it_was() {
    use crate::common::{Signal, signal_and_wait};
    let world = enriched(50);
    let large = large_file(world.home.path());
    let market = large_market_file(world.home.path());
    let before = fingerprint(&world);
    let cases = [
        (Signal::INT, &large),
        (Signal::TERM, &large),
        (Signal::HUP, &large),
        (Signal::USR1, &large),
        // Records that make no row before the file's end still stop.
        (Signal::INT, &market),
    ];
    for (signal, file) in cases {
        let mut cmd = world.home.cra_std();
        cmd.args(["enrich", "--lending", file.to_str().unwrap()]);
        let (code, text) = signal_and_wait(cmd, &["enrich", "--lending"], signal);
        assert_eq!(code, Some(130), "{signal:?} {file:?}: {text}");
        // Said by the command itself, not by the process ended from outside
        // it two seconds after the signal.
        assert!(
            text.contains("interrupted: the file being read was not stored"),
            "{signal:?} {file:?}: {text}"
        );
        assert_eq!(fingerprint(&world), before, "{signal:?}");
    }
}

/// A bad record halfway through a large file (the file's reading thread
/// still at work, stopped by it) is named with its line.
#[cfg(unix)]
#[test]
fn a_bad_record_deep_in_a_large_file_is_named_with_its_line() {
    let world = enriched(50);
    let large = large_file(world.home.path());
    let text = std::fs::read(&large).unwrap();
    let line = text.len() / 600_000;
    let mut bad = text[..line * 300_000].to_vec();
    bad.extend_from_slice(b"A9-9 2013 a table no layout has\r\n");
    bad.extend_from_slice(&text[line * 300_000..]);
    std::fs::write(&large, bad).unwrap();
    let before = fingerprint(&world);
    let out = lending(&world, &[large.to_str().unwrap()]);
    summary(&out, 1);
    let text = stderr(&out);
    assert!(
        text.lines().any(|l| l.contains("large.dat")
            && l.contains("refused:")
            && l.contains("line 300001: unknown table 'A9-9'")),
        "{text}"
    );
    assert_eq!(fingerprint(&world), before);
}
