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

/// The map's five steps, light to dark (`output::report::map::BLUES`).
const MAP_STEPS: [[u8; 3]; 5] = [
    [0xd1, 0xe5, 0xf0],
    [0x92, 0xc5, 0xde],
    [0x43, 0x93, 0xc3],
    [0x21, 0x66, 0xac],
    [0x05, 0x30, 0x61],
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
    let cra = |args: &[&str]| home.sandboxed(args);
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
        home.sandboxed(args);
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
    // One state: no map of it, a note and its row.
    assert!(!page.contains("<svg class=\"map\""), "no one-state map");
    assert!(page.contains("One state is selected"));
    assert!(page.contains("<td title=\"VT\">Vermont</td>"));

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
    let listed = page.matches("<tr><td data-label=\"Bank\">").count();
    assert!(listed >= due.min(50), "{listed} rows for {due} due");

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

/// `cra --sandbox ARGS` in `home`'s folder, exit 0.
fn run(home: &Home, args: &[&str]) -> std::process::Output {
    home.sandboxed(args)
}

/// The map section of a page.
fn map_section(page: &str) -> &str {
    let map = &page[page.find("<section id=\"map\"").expect("a map section")..];
    &map[..map.find("</section>").unwrap()]
}

/// Every distinct `#rrggbb` after `mark` in `text`.
fn colours_after(text: &str, mark: &str) -> std::collections::BTreeSet<String> {
    text.split(mark)
        .skip(1)
        .map(|rest| rest[..7].to_string())
        .collect()
}

/// The legend is the map's colours, read from the page as a browser gets
/// it: every fill of the SVG has its swatch and every swatch is drawn;
/// the classes hold similar numbers of states; the measure follows
/// `--rating`, in the red half of the palette for a poor rating.
#[test]
fn the_maps_legend_is_its_fills_and_its_classes_are_balanced() {
    let home = Home::new();
    run(&home, &["sync", "--quiet"]);
    for (args, heading, ramp) in [
        (
            &[][..],
            "Share of banks rated Outstanding, by state",
            "#053061",
        ),
        (
            &["--regulator", "occ"][..],
            "Share of banks rated Outstanding, by state",
            "#053061",
        ),
        (
            &["--rating", "nti"][..],
            "Share of banks rated Needs to Improve, by state",
            "#67001f",
        ),
    ] {
        run(&home, &[&["report"][..], args, &["-o", "r.html"]].concat());
        let page = std::fs::read_to_string(home.path().join("r.html")).unwrap();
        let map = map_section(&page);
        assert!(map.contains(heading), "{args:?}");
        let svg = &map[map.find("<svg").unwrap()..map.find("</svg>").unwrap()];
        let legend = &map[map.find("<ul class=\"legend").unwrap()..];
        let fills = colours_after(svg, "fill=\"");
        let swatches = colours_after(legend, "background:");
        assert_eq!(fills, swatches, "{args:?}: the legend is the fills");
        assert!(fills.contains(ramp), "{args:?}: {fills:?}");
        // "(10 states)" per class: about a fifth of the states each.
        let sizes: Vec<usize> = legend
            .split(" states)")
            .filter_map(|part| part.rsplit('(').next()?.parse().ok())
            .collect();
        let drawn: usize = sizes.iter().sum();
        assert_eq!(sizes.len(), 5, "{args:?}: {sizes:?}");
        assert!(drawn >= 45, "{args:?}: {drawn} states with banks");
        for size in &sizes {
            assert!(
                size * 5 >= drawn * 4 / 5 && size * 5 <= drawn * 6 / 5,
                "{args:?}: unbalanced classes {sizes:?}"
            );
        }
        // With --rating, the share measured is of the other filters' banks
        // (among the selected banks alone it would be 100% everywhere).
        if args.contains(&"nti") {
            // One rating measured: its column in the table is bold, not
            // repeated as a column of its own.
            assert!(
                page.contains("Needs to Improve, in bold"),
                "the measure in the table"
            );
            assert!(!page.contains("Meas&shy;ured"));
            assert!(!map.contains("100.0–100.0%"));
        }
    }
}

/// The report as a workbook: a sheet per section and About, a native chart
/// per section the page draws, numbers as numbers and dates as dates;
/// `--format xlsx` with no `-o` writes cra-report.xlsx.
#[test]
fn the_report_as_a_workbook_has_a_sheet_per_section_and_its_charts() {
    use calamine::{Data, Reader, Xlsx, open_workbook};
    use std::io::Read;
    let home = Home::new();
    run(&home, &["sync", "--quiet"]);
    let out = run(&home, &["report", "--format", "xlsx"]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("wrote cra-report.xlsx ("), "{err}");
    let path = home.path().join("cra-report.xlsx");
    let mut book: Xlsx<_> = open_workbook(&path).unwrap();
    assert_eq!(
        book.sheet_names(),
        [
            "States",
            "Regulators",
            "Exam types",
            "Trend by year",
            "Downgrades",
            "Due",
            "Lending",
            "About"
        ]
    );
    let states = book.worksheet_range("States").unwrap();
    assert!(states.height() > 50, "{} states", states.height());
    for row in states.rows().skip(1) {
        assert!(
            matches!(row[2], Data::Float(_)),
            "banks as a number: {row:?}"
        );
        assert!(
            matches!(row[8], Data::Float(s) if (0.0..=1.0).contains(&s)),
            "{row:?}"
        );
    }
    // Each bank of the long lists by its id too, for cra show (issue 48,
    // item 20): the last column.
    for name in ["Due", "Downgrades"] {
        let sheet = book.worksheet_range(name).unwrap();
        let mut rows = sheet.rows();
        let header = rows.next().unwrap();
        assert_eq!(header.last(), Some(&Data::String("id".into())), "{name}");
        assert!(
            rows.all(|row| matches!(row.last(), Some(Data::String(id)) if id.len() == 36)),
            "{name}"
        );
    }
    let due = book.worksheet_range("Due").unwrap();
    assert!(due.height() > 100, "every bank due: {}", due.height());
    assert!(
        due.rows()
            .skip(1)
            .all(|row| matches!(row[5], Data::DateTime(_)))
    );
    assert!(
        due.rows()
            .skip(1)
            .all(|row| matches!(row[9], Data::Float(_)))
    );
    let about = book.worksheet_range("About").unwrap();
    assert!(
        about
            .rows()
            .any(|row| row[0] == Data::String("Command line".into())
                && row[1] == Data::String("cra --sandbox report --format xlsx".into())),
        "{about:?}"
    );
    // The charts: one per section the page draws, each on its sheet.
    let mut zip = zip::ZipArchive::new(std::fs::File::open(&path).unwrap()).unwrap();
    let names: Vec<String> = (0..zip.len())
        .map(|i| zip.by_index(i).unwrap().name().unwrap().to_string())
        .collect();
    let charts: Vec<&String> = names
        .iter()
        .filter(|n| n.starts_with("xl/charts/chart"))
        .collect();
    assert_eq!(charts.len(), 4, "{names:?}");
    let mut part = |name: &str| {
        let mut text = String::new();
        if let Ok(mut file) = zip.by_name(name) {
            file.read_to_string(&mut text).unwrap();
        }
        text
    };
    // The seventh, Lending, says in one line that the copy holds none (a
    // narrow sheet); the eighth is About.
    for sheet in 1..=8 {
        let xml = part(&format!("xl/worksheets/sheet{sheet}.xml"));
        assert_eq!(
            xml.contains("<drawing "),
            sheet <= 4,
            "sheet {sheet}: a chart on the first four only"
        );
        assert!(xml.contains(r#"orientation="landscape""#) || sheet >= 7);
    }
    let stacked = part("xl/charts/chart2.xml");
    assert!(
        stacked.contains(r#"<c:grouping val="percentStacked"/>"#)
            && stacked.contains("2166AC")
            && stacked.contains("B2182B"),
        "the ratings in the palette's colours: {stacked}"
    );
    // The values the charts show are cached in them (for viewers that do
    // not read the sheet).
    assert!(part("xl/charts/chart1.xml").contains("<c:numCache>"));
}

/// Where Chromium is installed: the page fits its column at 1280 px and
/// the screen at 390 px (a table wider than a phone scrolls in its own
/// box, the chart's years readable on both), and printed it is at most 6 pages, the map on the first, every
/// page numbered and none blank.
#[test]
fn the_report_fits_the_screen_and_prints_on_six_pages() {
    let Some(browser) = chromium() else {
        return;
    };
    let home = Home::new();
    run(&home, &["sync", "--quiet"]);
    run(&home, &["report"]);
    let page = std::fs::read_to_string(home.path().join("cra-report.html")).unwrap();
    for width in [1280, 390] {
        // The page in a frame of that width (a headless window is at
        // least 500 px wide), measured by a script of this test's: the
        // page itself has none.
        let probe = format!(
            "<!DOCTYPE html><html><body style=\"margin:0\">\
             <iframe id=\"f\" style=\"border:0;width:{width}px;height:2000px\" srcdoc=\"{}\"></iframe>\
             <script>f.onload = () => {{ const d = f.contentDocument; \
             const over = [...d.querySelectorAll('.scroll')].filter(e => e.scrollWidth > e.clientWidth + 1).length; \
             const year = Math.floor(d.querySelector('svg.trend text.year').getBoundingClientRect().height); \
             document.body.setAttribute('data-probe', [d.documentElement.scrollWidth, d.querySelector('main').scrollWidth, over, year].join(' ')); }};</script>\
             </body></html>",
            page.replace('&', "&amp;").replace('"', "&quot;")
        );
        let file = home.path().join(format!("probe-{width}.html"));
        std::fs::write(&file, probe).unwrap();
        let out = Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--window-size=1300,900",
                "--dump-dom",
            ])
            .arg(format!("file://{}", file.display()))
            .env("HOME", home.path())
            .output()
            .unwrap();
        let dom = String::from_utf8_lossy(&out.stdout);
        let probe = dom
            .split("data-probe=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| {
                panic!(
                    "no measure at {width}: {}",
                    String::from_utf8_lossy(&out.stderr)
                )
            });
        let figures: Vec<usize> = probe.split(' ').map(|n| n.parse().unwrap()).collect();
        // (Less than the frame where a scroll bar takes its part.)
        assert!(
            figures[0] <= width,
            "{width} px: the page scrolls sideways ({} wide)",
            figures[0]
        );
        assert!(
            figures[1] <= 980,
            "{width} px: the column is {} wide",
            figures[1]
        );
        if width == 1280 {
            assert_eq!(figures[2], 0, "a table overflows its column at 1280 px");
        }
        // The exam years under the chart can be read (at 390 px they were
        // 4 px high, the chart shrunk to the screen).
        assert!(
            figures[3] >= 8,
            "{width} px: the chart's years are {} px high",
            figures[3]
        );
    }
    let pdf = home.path().join("report.pdf");
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--no-pdf-header-footer",
        ])
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(format!(
            "file://{}",
            home.path().join("cra-report.html").display()
        ))
        .env("HOME", home.path())
        .output()
        .unwrap();
    assert!(pdf.exists(), "{}", String::from_utf8_lossy(&out.stderr));
    let bytes = std::fs::read(&pdf).unwrap();
    let pages = bytes
        .windows(12)
        .filter(|w| w.starts_with(b"/Type /Page") && w[11] != b's')
        .count();
    assert!((2..=6).contains(&pages), "{pages} pages printed");
    // What each page says, where poppler's pdftotext is installed.
    if crate::common::need("pdftotext", "poppler-utils") {
        for n in 1..=pages {
            let out = Command::new("pdftotext")
                .args(["-f", &n.to_string(), "-l", &n.to_string(), "-layout"])
                .arg(&pdf)
                .arg("-")
                .output()
                .unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(
                text.contains(&format!("Page {n} of {pages}")),
                "page {n} of {pages} unnumbered: {}",
                &text[text.len().saturating_sub(300)..]
            );
            assert!(
                text.lines().filter(|l| !l.trim().is_empty()).count() > 5,
                "page {n} blank"
            );
            if n == 1 {
                // The legend closes the map's block, which never breaks.
                assert!(
                    text.contains("Share of banks rated Outstanding, by state")
                        && text.contains(" states)"),
                    "the map is not on page 1: {text}"
                );
            }
        }
    }
}

/// Exams of a copy whose data ends in mid-2021 (as the public file does):
/// one downgrade in its last year, one before it.
const OLD_DATA: &str = "id,name,city,state,regulator,exam_date,rating,exam_type,is_current\n\
a0000000-0000-4000-8000-000000000001,RECENT DOWNGRADE BANK,AUSTIN,TX,FDIC,2016-05-01,Outstanding,Small Bank,false\n\
a0000000-0000-4000-8000-000000000001,RECENT DOWNGRADE BANK,AUSTIN,TX,FDIC,2021-03-01,Satisfactory,Small Bank,true\n\
b0000000-0000-4000-8000-000000000002,EARLIER DOWNGRADE BANK,DALLAS,TX,OCC,2015-01-01,Satisfactory,Small Bank,false\n\
b0000000-0000-4000-8000-000000000002,EARLIER DOWNGRADE BANK,DALLAS,TX,OCC,2019-05-01,Needs to Improve,Small Bank,true\n\
c0000000-0000-4000-8000-000000000003,NEWEST EXAM BANK,WACO,TX,FDIC,2017-02-01,Satisfactory,Small Bank,false\n\
c0000000-0000-4000-8000-000000000003,NEWEST EXAM BANK,WACO,TX,FDIC,2021-06-30,Satisfactory,Small Bank,true\n";

#[test]
fn the_report_says_how_current_the_data_is_and_reckons_its_last_year_to_it() {
    let world = crate::common::World::with_data("old.csv", OLD_DATA);
    world.sync(&[]);
    let out = world.run(&["report", "-o", "-"]);
    assert_code(&out, 0);
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(
        page.contains(", newest exam 2021-06-30 · made by"),
        "header"
    );
    let downgrades = &page[page.find("<section id=\"downgrades\"").unwrap()..];
    let downgrades = &downgrades[..downgrades.find("</section>").unwrap()];
    assert!(
        downgrades.contains(
            "1 rating record worse than the bank's previous one, with an exam date \
             from 2020-06-30 to 2021-06-30, the newest exam in the local copy."
        ),
        "{downgrades}"
    );
    assert!(downgrades.contains("RECENT DOWNGRADE BANK"), "{downgrades}");
    assert!(
        !downgrades.contains("EARLIER DOWNGRADE BANK"),
        "{downgrades}"
    );
    // The same in the workbook: its About sheet says it.
    use calamine::{Data, Reader, Xlsx, open_workbook};
    let path = world.home.path().join("r.xlsx");
    let out = world.run(&["report", "-o", path.to_str().unwrap()]);
    assert_code(&out, 0);
    let mut book: Xlsx<_> = open_workbook(&path).unwrap();
    let about = book.worksheet_range("About").unwrap();
    let fact = |name: &str| {
        about
            .rows()
            .find(|row| row[0] == Data::String(name.into()))
            .map(|row| row[1].to_string())
            .unwrap_or_default()
    };
    assert_eq!(fact("Newest exam"), "2021-06-30");
    assert!(
        fact("Report").ends_with(
            "downgrades from 2020-06-30 to 2021-06-30, the newest exam in the local copy"
        ),
        "{}",
        fact("Report")
    );

    // Reckoned to an earlier day (--as-of): its twelve months, not the
    // downgrade after it; its due section counts the months to that day.
    let out = world.run(&["report", "--as-of", "2020-12-31", "-o", "-"]);
    assert_code(&out, 0);
    let page = String::from_utf8(out.stdout).unwrap();
    let downgrades = &page[page.find("<section id=\"downgrades\"").unwrap()..];
    let downgrades = &downgrades[..downgrades.find("</section>").unwrap()];
    assert!(
        downgrades.contains(
            "0 rating records worse than the bank's previous one, with an exam date \
             from 2019-12-31 to 2020-12-31, the day given by --as-of."
        ),
        "{downgrades}"
    );
    let path = world.home.path().join("as-of.xlsx");
    let out = world.run(&["report", "--as-of", "2020-12", "-o", path.to_str().unwrap()]);
    assert_code(&out, 0);
    let mut book: Xlsx<_> = open_workbook(&path).unwrap();
    let about = book.worksheet_range("About").unwrap();
    let filters = about
        .rows()
        .find(|row| row[0] == Data::String("Filters".into()))
        .map(|row| row[1].to_string())
        .unwrap_or_default();
    assert_eq!(filters, "as of 2020-12-31");
    let due = book.worksheet_range("Due").unwrap();
    // EARLIER DOWNGRADE BANK: Needs to Improve on 2019-05-01, due after
    // 24 months: 19 months on 2020-12-31, so not yet due then.
    assert!(
        !due.rows().any(|row| row
            .iter()
            .any(|c| *c == Data::String("EARLIER DOWNGRADE BANK".into()))),
        "{:?}",
        due.rows().collect::<Vec<_>>()
    );
    let out = world.run(&["report", "-o", path.to_str().unwrap()]);
    assert_code(&out, 0);
    let mut book: Xlsx<_> = open_workbook(&path).unwrap();
    let due = book.worksheet_range("Due").unwrap();
    assert!(due.rows().any(|row| {
        row.iter()
            .any(|c| *c == Data::String("EARLIER DOWNGRADE BANK".into()))
    }));
}
