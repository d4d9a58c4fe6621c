//! The edges of reading evaluations (issue 57): what a folder holds that
//! is no file to read (a FIFO named `.pdf`, a folder `cra` may not open)
//! is named and skipped, the rest read; every path of `cra enrich` ends on
//! each of the four signals with exit 130, nothing of the batch stored;
//! `cra pe --download` saves a PDF only from an answer that is one (2xx),
//! says where in words that cannot forge a line, and refuses a redirect
//! loop at once.

use std::path::{Path, PathBuf};
use std::time::Duration;
#[cfg(unix)]
use std::time::Instant;

#[cfg(unix)]
use serde_json::Value;

use super::evaluations::enriched;
#[cfg(unix)]
use super::evaluations::{Saved, save_evaluations};
use crate::common::server::{Reply, TestServer};
#[cfg(unix)]
use crate::common::within_secs;
use crate::common::{World, assert_code, stderr};

/// A run of `enrich --format json --pe ...`: exit, summary, stderr.
#[cfg(unix)]
fn read_folder(cmd: std::process::Command) -> (Option<i32>, Value, String) {
    let out = within_secs(cmd, 60);
    let summary = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (out.status.code(), summary, stderr(&out))
}

/// The readable PEs saved.
#[cfg(unix)]
fn readable(saved: &[Saved]) -> u64 {
    saved.iter().filter(|s| !s.scanned).count() as u64
}

#[cfg(unix)]
#[test]
fn a_fifo_named_pdf_is_named_and_skipped_never_opened() {
    let world = enriched(20);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 20, 1);
    // Nobody writes it: opening it would wait for ever.
    let fifo = crate::common::fifo(&dir, "x.pdf");
    let mut cmd = world.home.cra_std();
    cmd.args(["enrich", "--format", "json", "--pe"]).arg(&dir);
    let (code, summary, said) = read_folder(cmd);
    assert_eq!(code, Some(1), "{said}");
    assert_eq!(
        summary["evaluations"]["linked"],
        readable(&saved),
        "{summary}\n{said}"
    );
    assert!(
        said.lines()
            .any(|l| l.contains("x.pdf") && l.contains("not a regular file")),
        "{said}"
    );
    // Named as a path of its own, the same.
    let mut cmd = world.home.cra_std();
    cmd.args(["enrich", "--format", "json", "--pe"]).arg(&fifo);
    let (code, _, said) = read_folder(cmd);
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("not a regular file"), "{said}");
}

/// Whether this test runs as root, who reads any folder.
#[cfg(unix)]
fn running_as_root() -> bool {
    use std::os::unix::fs::MetadataExt;
    let probe = tempfile::NamedTempFile::new().unwrap();
    probe.as_file().metadata().unwrap().uid() == 0
}

/// Gives `path` and all under it to `uid` (for a run as that user).
#[cfg(unix)]
fn give(path: &Path, uid: u32) {
    std::os::unix::fs::chown(path, Some(uid), Some(uid)).unwrap();
    if path.is_dir() && !path.is_symlink() {
        for entry in std::fs::read_dir(path).unwrap() {
            give(&entry.unwrap().path(), uid);
        }
    }
}

#[cfg(unix)]
#[test]
fn an_unreadable_subfolder_is_named_and_skipped_the_rest_read() {
    use std::os::unix::fs::PermissionsExt;
    let world = enriched(20);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 20, 1);
    let locked = dir.join("locked");
    std::fs::create_dir(&locked).unwrap();
    let moved = saved.iter().find(|s| !s.scanned).unwrap();
    std::fs::rename(&moved.file, locked.join("moved.pdf")).unwrap();
    // Root reads any folder: the run is another user's, who cannot.
    let root = running_as_root();
    let mut cmd = if root {
        let Some(mut cmd) = crate::common::tool("setpriv", "util-linux") else {
            return;
        };
        give(world.home.path(), 65534);
        cmd.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(crate::common::cra_bin());
        crate::common::clean_env(&mut cmd, world.home.path());
        cmd
    } else {
        world.home.cra_std()
    };
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o000)).unwrap();
    cmd.args(["enrich", "--format", "json", "--pe"]).arg(&dir);
    let (code, summary, said) = read_folder(cmd);
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert_eq!(code, Some(1), "{said}");
    assert_eq!(
        summary["evaluations"]["linked"],
        readable(&saved) - 1,
        "{summary}\n{said}"
    );
    assert!(
        said.lines()
            .any(|l| l.contains("locked") && l.contains("cannot be read")),
        "{said}"
    );
}

/// `enrich ... --pe GOOD --pe SLOW` sent `signal` once SLOW is asked for
/// (the good one read, the batch not stored): exit 130, said, and no
/// evaluation stored.
#[cfg(unix)]
fn interrupted_while_reading(
    world: &World,
    args: &[String],
    signal: crate::common::Signal,
    slow: &TestServer,
) {
    let before = slow.hits();
    let mut cmd = world.home.cra_std();
    cmd.args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let started = Instant::now();
    while slow.hits() == before {
        assert!(
            started.elapsed().as_secs() < 30,
            "{args:?}: never asked for the slow one"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    crate::common::signal(child.id(), signal);
    let sent = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if sent.elapsed().as_secs() > 10 {
            let _ = child.kill();
            panic!("{args:?}: still running 10 s after {signal:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut said = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut said).unwrap();
    assert_eq!(status.code(), Some(130), "{args:?} {signal:?}: {said}");
    assert!(said.contains("interrupted"), "{args:?} {signal:?}: {said}");
    assert!(sent.elapsed().as_secs() < 4, "{args:?} {signal:?}: late");
    let stored = world.sql("SELECT count(*) AS n FROM evaluations")[0]["n"].clone();
    assert_eq!(stored, 0, "{args:?} {signal:?}: {said}");
}

#[cfg(unix)]
#[test]
fn every_path_of_enrich_ends_on_each_signal_storing_nothing_of_the_batch() {
    use crate::common::Signal;
    let world = enriched(20);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 20, 1);
    let good = saved.iter().find(|s| !s.scanned).unwrap();
    let slow = TestServer::always(Reply::json(200, "%PDF-1.4").delayed(Duration::from_secs(60)));
    let url = world.url().to_string();
    let pe = [
        "--pe".to_string(),
        good.file.display().to_string(),
        "--pe".to_string(),
        format!("{}/slow.pdf", slow.url),
    ];
    let ffiec = format!("{url}/ffiec/craratng.zip");
    let bankfind = format!("{url}/bankfind/institutions");
    let paths: [Vec<&str>; 3] = [
        vec!["enrich"],
        vec!["enrich", "--ffiec", &ffiec, "--bankfind", &bankfind],
        vec!["enrich", "--ffiec", &ffiec, "--no-bankfind"],
    ];
    for path in paths {
        let args: Vec<String> = path
            .iter()
            .map(|a| a.to_string())
            .chain(pe.iter().cloned())
            .collect();
        for signal in [Signal::INT, Signal::TERM, Signal::HUP, Signal::USR1] {
            interrupted_while_reading(&world, &args, signal, &slow);
        }
    }
}

/// A world whose evaluations `server` serves (`CRA_EVALUATIONS`), and a
/// linked bank's id and exam date.
fn download_world() -> (World, String, String) {
    let world = enriched(20);
    let row = &world.sql(
        "SELECT b.id AS id, b.exam_date AS exam FROM banks b JOIN links l ON l.bank_id = b.id \
         WHERE b.exam_date IS NOT NULL ORDER BY b.id LIMIT 1",
    )[0];
    let id = row["id"].as_str().unwrap().to_string();
    let exam = row["exam"].as_str().unwrap().to_string();
    (world, id, exam)
}

/// `cra pe ID --download -o FILE` from `server`, no retry.
fn download(world: &World, server: &TestServer, id: &str, file: &Path) -> std::process::Output {
    world
        .cra()
        .env("CRA_EVALUATIONS", &server.url)
        .args(["--retries", "0", "pe", id, "--download", "-o"])
        .arg(file)
        .timeout(Duration::from_secs(30))
        .output()
        .unwrap()
}

#[test]
fn a_download_answered_with_an_error_status_saves_nothing_even_a_pdf() {
    let (world, id, _) = download_world();
    let file = world.home.path().join("kept.pdf");
    for (status, code) in [(404, 5), (500, 6), (403, 1), (410, 1)] {
        std::fs::write(&file, "what was there").unwrap();
        let server = TestServer::always(
            Reply::json(status, "%PDF-1.4 an error page dressed as a PDF")
                .content_type("application/pdf"),
        );
        let out = download(&world, &server, &id, &file);
        assert_code(&out, code);
        assert!(
            stderr(&out).contains(&format!("answered {status}")),
            "{status}: {}",
            stderr(&out)
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "what was there");
    }
}

#[test]
fn the_saved_line_shows_the_path_inert() {
    let (world, id, _) = download_world();
    let server =
        TestServer::always(Reply::json(200, "%PDF-1.4 ok").content_type("application/pdf"));
    let file: PathBuf = world.home.path().join("a\nforged line \u{1b}[31m.pdf");
    let out = download(&world, &server, &id, &file);
    assert_code(&out, 0);
    let said = stderr(&out);
    assert!(!said.contains('\u{1b}'), "{said:?}");
    assert!(
        !said.lines().any(|l| l.starts_with("forged line")),
        "{said:?}"
    );
    assert!(said.contains("\\u{a}forged line"), "{said:?}");
    assert_eq!(std::fs::read(&file).unwrap(), b"%PDF-1.4 ok");
}

#[test]
fn a_redirect_loop_is_refused_at_once() {
    let (world, id, _) = download_world();
    let server = TestServer::start(|n, _| {
        Reply::json(302, "").with_header("location", if n % 2 == 0 { "/a" } else { "/b" })
    });
    let file = world.home.path().join("loop.pdf");
    let out = world
        .cra()
        .env("CRA_EVALUATIONS", &server.url)
        .args(["pe", &id, "--download", "-o"])
        .arg(&file)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert_code(&out, 1);
    assert!(stderr(&out).contains("redirect"), "{}", stderr(&out));
    assert!(server.hits() <= 6, "{} requests", server.hits());
    assert!(!file.exists());
}
