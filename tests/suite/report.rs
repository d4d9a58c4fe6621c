//! `cra report`: the page made from the sandbox's local copy, opened in a
//! real browser (headless Chromium, installed by `.ci/run`), looked at as a
//! person would: a screenshot that is not blank and shows the map's
//! colours, with every request the browser might make sent to a proxy in
//! this test that must see none.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Mutex};

use crate::common::{Home, any_of, assert_code};

/// The map's five steps, light to dark (`output::report::map::STEPS`).
const MAP_STEPS: [[u8; 3]; 5] = [
    [0xed, 0xf8, 0xe9],
    [0xba, 0xe4, 0xb3],
    [0x74, 0xc4, 0x76],
    [0x31, 0xa3, 0x54],
    [0x00, 0x6d, 0x2c],
];

/// Outstanding and Satisfactory in the bars.
const RATING_COLOURS: [[u8; 3]; 2] = [[0x21, 0x66, 0xac], [0x92, 0xc5, 0xde]];

/// The browser: `chromium` (Debian), else `chromium-browser` or
/// `google-chrome` where that is what is installed; None (said, or failed
/// under CI) where there is none.
fn chromium() -> Option<&'static str> {
    any_of(
        &["chromium", "chromium-browser", "google-chrome"],
        "chromium",
    )
}

/// A proxy that answers nothing and notes the first line of every request.
fn trap() -> (u16, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let noted = seen.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut line = String::new();
            let _ = BufReader::new(stream).read_line(&mut line);
            noted.lock().unwrap().push(line);
        }
    });
    (port, seen)
}

/// The host each request noted by [`trap`] was for.
fn hosts(seen: &Arc<Mutex<Vec<String>>>) -> std::collections::BTreeSet<String> {
    seen.lock()
        .unwrap()
        .iter()
        .filter_map(|line| {
            let target = line.split_whitespace().nth(1)?;
            let target = target.strip_prefix("http://").unwrap_or(target);
            let authority = target.split('/').next()?;
            Some(
                authority
                    .rsplit_once(':')
                    .map_or(authority, |(h, _)| h)
                    .to_string(),
            )
        })
        .collect()
}

/// What Chromium asks of Google by itself, whatever the page, even with
/// background networking off (seen in a blank page's run).
const BROWSER_OWN: [&str; 3] = [
    "www.google.com",
    "accounts.google.com",
    "clients2.google.com",
];

/// Renders `page` to `png` with `browser` as a 1000-pixel-wide window
/// `height` tall, every request through `proxy` (loopback included).
fn screenshot(browser: &str, page: &str, png: &Path, height: u32, proxy: u16) {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-default-apps",
            "--disable-extensions",
            "--disable-features=NetworkTimeServiceQuerying,OptimizationHints,Translate,MediaRouter",
            "--no-pings",
            "--disable-domain-reliability",
            &format!("--proxy-server=http://127.0.0.1:{proxy}"),
            "--proxy-bypass-list=<-loopback>",
            &format!("--window-size=1000,{height}"),
            &format!("--screenshot={}", png.display()),
        ])
        .arg(page)
        .env("HOME", png.parent().unwrap())
        .output()
        .unwrap();
    assert!(
        out.status.success() && png.exists(),
        "chromium failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The pixels of a PNG as RGB triples.
fn pixels(png: &Path) -> Vec<[u8; 3]> {
    let decoder = png::Decoder::new(BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    buf[..info.buffer_size()]
        .chunks(channels)
        .map(|p| [p[0], p[1], p[2]])
        .collect()
}

#[test]
fn the_report_shows_in_a_browser_with_no_request_leaving_the_machine() {
    let Some(browser) = chromium() else {
        return;
    };
    let home = Home::new();
    let cra = |args: &[&str]| {
        let out = home
            .cra()
            .current_dir(home.path())
            .arg("--sandbox")
            .args(args)
            .output()
            .unwrap();
        assert_code(&out, 0);
        out
    };
    cra(&["sync", "--quiet"]);
    let started = std::time::Instant::now();
    let out = cra(&["report"]);
    let took = started.elapsed();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("wrote cra-report.html ("), "{err}");
    let page_path = home.path().join("cra-report.html");
    let page = std::fs::read_to_string(&page_path).unwrap();
    assert!(page.len() < 2 * 1024 * 1024, "{} bytes", page.len());
    // Generous for a debug build on a shared machine; BENCHMARKS.md has the
    // release figure.
    assert!(took.as_secs() < 10, "{took:?}");
    // Nothing in it that would fetch.
    for fetch in [
        "<script", "src=", "href=", "url(", "@import", "http://", "https://",
    ] {
        assert!(!page.contains(fetch), "{fetch} in the page");
    }
    assert_eq!(
        page.matches("<path ").count(),
        51,
        "every state and DC drawn"
    );
    assert!(page.contains("Texas (TX): "), "figures on hover");

    // What the browser asks for by itself, with a blank page.
    let (blank_proxy, blank_seen) = trap();
    screenshot(
        browser,
        "about:blank",
        &home.path().join("blank.png"),
        300,
        blank_proxy,
    );
    let mut allowed = hosts(&blank_seen);
    allowed.extend(BROWSER_OWN.map(String::from));

    let (proxy, seen) = trap();
    let png = home.path().join("report.png");
    screenshot(
        browser,
        &format!("file://{}", page_path.display()),
        &png,
        3600,
        proxy,
    );
    let pixels = pixels(&png);
    let count = |colour: [u8; 3]| pixels.iter().filter(|p| **p == colour).count();
    let white = count([255, 255, 255]);
    assert!(
        white < pixels.len() * 9 / 10,
        "the page looks blank: {white} of {} pixels white",
        pixels.len()
    );
    let steps_shown = MAP_STEPS.iter().filter(|c| count(**c) > 200).count();
    assert!(
        steps_shown >= 3,
        "the map shows {steps_shown} of its colours"
    );
    for colour in RATING_COLOURS {
        assert!(count(colour) > 1000, "the bars' {colour:?} is missing");
    }
    // The page asked nothing of anyone: nothing beyond the browser's own.
    std::thread::sleep(std::time::Duration::from_millis(200));
    let from_page: Vec<String> = hosts(&seen).difference(&allowed).cloned().collect();
    assert!(
        from_page.is_empty(),
        "requests left the page: {from_page:?}"
    );

    // The same check catches a page that does fetch.
    let leaky = home.path().join("leaky.html");
    std::fs::write(
        &leaky,
        page.replace(
            "</body>",
            "<img src=\"http://example.invalid/x.png\"></body>",
        ),
    )
    .unwrap();
    let (leaky_proxy, leaky_seen) = trap();
    screenshot(
        browser,
        &format!("file://{}", leaky.display()),
        &home.path().join("leaky.png"),
        600,
        leaky_proxy,
    );
    let mut waited = 0;
    while !hosts(&leaky_seen).contains("example.invalid") && waited < 50 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        waited += 1;
    }
    assert!(
        hosts(&leaky_seen).contains("example.invalid") && !allowed.contains("example.invalid"),
        "the trap would not have seen a request: {:?}",
        hosts(&leaky_seen)
    );
}

#[test]
fn the_report_refuses_a_missing_local_copy_and_keeps_filters() {
    let home = Home::new();
    let out = home
        .cra()
        .current_dir(home.path())
        .args(["--sandbox", "report"])
        .output()
        .unwrap();
    assert_code(&out, 2);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("cra --sandbox sync"), "{err}");
    assert!(!home.path().join("cra-report.html").exists());

    let cra = |args: &[&str]| {
        let out = home
            .cra()
            .current_dir(home.path())
            .arg("--sandbox")
            .args(args)
            .output()
            .unwrap();
        assert_code(&out, 0);
    };
    cra(&["sync", "--quiet"]);
    cra(&[
        "report",
        "--state",
        "vt",
        "--regulator",
        "OCC",
        "-o",
        "vt.html",
    ]);
    let page = std::fs::read_to_string(home.path().join("vt.html")).unwrap();
    assert!(
        page.contains("filters: state VT, regulator OCC"),
        "filters named"
    );
    assert!(page.contains("Vermont (VT): "), "Vermont coloured");
    assert!(page.contains("Texas (TX): no banks"), "others grey");

    // The finding filters too, the banks probably due among them: as many
    // as `cra due` finds with the same filters.
    let filters = [
        "--state",
        "tx",
        "--rating",
        "sat",
        "--regulator",
        "fdic",
        "--exam-until",
        "2020",
    ];
    cra(&[&["report"][..], &filters[..], &["-o", "tx.html"][..]].concat());
    let page = std::fs::read_to_string(home.path().join("tx.html")).unwrap();
    assert!(
        page.contains(
            "filters: state TX, rating Satisfactory, regulator FDIC, exam until 2020-12-31"
        ),
        "filters named"
    );
    let out = home
        .cra()
        .args(["--sandbox", "due", "--format", "csv"])
        .args(filters)
        .output()
        .unwrap();
    assert_code(&out, 0);
    let due = String::from_utf8(out.stdout).unwrap().lines().count() - 1;
    assert!(due > 0, "the sandbox has Texas banks due");
    assert!(
        page.contains(&format!(
            "<h2>Banks probably due for an exam</h2>\n<p>{} {} whose",
            due,
            if due == 1 { "bank" } else { "banks" }
        )),
        "{due} due"
    );
    let listed = page.matches("<tr><td>").count();
    assert!(listed >= due.min(100), "{listed} rows for {due} due");

    // A wrong value is a usage error, and no page.
    let out = home
        .cra()
        .current_dir(home.path())
        .args([
            "--sandbox",
            "report",
            "--regulator",
            "xyz",
            "-o",
            "bad.html",
        ])
        .output()
        .unwrap();
    assert_code(&out, 2);
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("'xyz' is not a regulator")
    );
    assert!(!home.path().join("bad.html").exists());
}

/// The report follows the `-o` rules of every command: `-o -` is standard
/// output, and a format other than the page's is refused (exit 2, no file
/// written) whether asked for or named by the file.
#[test]
fn the_report_follows_the_output_rules() {
    let home = Home::new();
    let cra = |args: &[&str]| {
        home.cra()
            .current_dir(home.path())
            .arg("--sandbox")
            .args(args)
            .output()
            .unwrap()
    };
    assert_code(&cra(&["sync", "--quiet"]), 0);
    let out = cra(&["report", "--state", "VT", "-o", "-"]);
    assert_code(&out, 0);
    assert!(
        out.stdout.starts_with(b"<!DOCTYPE html>"),
        "the page on standard output"
    );
    assert!(!home.path().join("-").exists() && !home.path().join("cra-report.html").exists());
    for args in [
        &["report", "--format", "csv"][..],
        &["report", "--format", "csv", "-o", "r.csv"],
        &["report", "-o", "r.csv"],
        &["report", "-o", "r.pdf"],
        &["report", "--format", "json", "-o", "-"],
    ] {
        let out = cra(args);
        assert_code(&out, 2);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.starts_with("cra: error: ") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
    let names: Vec<_> = std::fs::read_dir(home.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('r') || n.starts_with("cra-report"))
        .collect();
    assert!(names.is_empty(), "nothing written: {names:?}");
}
