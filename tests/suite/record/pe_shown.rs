//! Where a rating came from (issue 56): `show` names each exam's PE (file,
//! date), says when its overall rating is not the copy's with the
//! interagency points of a large bank's tests, names the PE the test
//! ratings read where two of one exam rate them otherwise, stops pointing
//! to the agency's search for an exam whose PE was read, and never breaks
//! a rating across lines at 80 columns.

use serde_json::Value;

use super::evaluations::{disagreeing_pair, enriched, read, save_evaluations};
use crate::common::{assert_code, on_terminal};
use cra::domain::points::Points;
use cra::evaluation::model::Area;

#[test]
fn show_names_each_exams_pe_and_says_where_it_disagrees_with_its_points() {
    let world = enriched(150);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 150, 2);
    // A large bank's PE whose overall rating is not the copy's.
    let pe = saved
        .iter()
        .find(|s| {
            !s.scanned
                && s.evaluation.kind == cra::evaluation::model::Kind::Large
                && s.evaluation.rating.map(|r| r.as_str()) != Some(s.served.as_str())
        })
        .expect("a large bank's PE that disagrees with the copy");
    let (code, _, said) = read(&world, &[&pe.file]);
    assert_eq!(code, 0, "{said}");
    let points = Points::of_tests(
        pe.evaluation
            .tests
            .iter()
            .filter(|t| t.area == Area::Institution)
            .map(|t| (t.test.as_str(), t.level.as_str())),
    )
    .expect("a large bank's three tests");
    // The card names the file (the json its whole path).
    let file = pe.file.display().to_string();
    let name = pe.file.file_name().unwrap().to_string_lossy().into_owned();
    let date = pe.evaluation.date.clone().unwrap();
    let out = world.local(&["--offline", "show", &pe.bank, "--format", "table"]);
    assert_code(&out, 0);
    let card = String::from_utf8(out.stdout).unwrap();
    let line = format!(
        "  {}  PE {name} ({date}) disagrees: {}",
        pe.exam_date,
        if points.rating().as_str() == pe.evaluation.rating.unwrap().as_str() {
            format!("its tests add up to {}", points.said())
        } else {
            format!(
                "it rates the bank {}; its tests add up to {}",
                pe.evaluation.rating.unwrap().as_str(),
                points.said()
            )
        }
    );
    assert!(card.lines().any(|l| l == line), "{line}\n{card}");
    // The exam's address is not given: its PE is named instead.
    assert!(
        !card
            .lines()
            .any(|l| l.starts_with(&format!("  {}  http", pe.exam_date))),
        "{card}"
    );
    if card.contains("search for") {
        assert!(card.contains("for the other exams, search for"), "{card}");
    }

    // In json, each exam's PEs: this exam's, none on the others.
    let out = world.local(&[
        "--offline",
        "show",
        &pe.bank,
        "--enriched",
        "--format",
        "json",
    ]);
    let detail: Value = serde_json::from_slice(&out.stdout).unwrap();
    for exam in detail["ratings"].as_array().unwrap() {
        let read = exam["evaluations"].as_array().unwrap();
        if exam["exam_date"] != pe.exam_date.as_str() {
            assert!(read.is_empty(), "{exam}");
            continue;
        }
        assert_eq!(read.len(), 1, "{exam}");
        assert_eq!(read[0]["file"], file.as_str());
        assert_eq!(read[0]["evaluation_date"], date.as_str());
        assert_eq!(read[0]["disagrees"], true);
        assert_eq!(read[0]["tests_read"], true);
        assert_eq!(read[0]["points"]["total"], points.total());
        assert_eq!(read[0]["points"]["rating"], points.rating().as_str());
    }

    // Every exam of an OCC or FDIC bank read: the card points to no
    // search at all.
    let banks: std::collections::BTreeSet<&str> = saved.iter().map(|s| s.bank.as_str()).collect();
    let whole = banks.into_iter().find(|bank| {
        let exams = world.sql(&format!(
            "SELECT count(*) AS n, max(regulator) AS regulator FROM ratings r \
             JOIN banks b ON b.id = r.bank_id WHERE r.bank_id = '{bank}'"
        ));
        let of_bank: Vec<_> = saved.iter().filter(|s| s.bank == *bank).collect();
        exams[0]["n"] == of_bank.len()
            && exams[0]["regulator"] != "FRB"
            && of_bank.iter().all(|s| !s.scanned)
    });
    if let Some(bank) = whole {
        let files: Vec<&std::path::Path> = saved
            .iter()
            .filter(|s| s.bank == bank)
            .map(|s| s.file.as_path())
            .collect();
        let (code, _, said) = read(&world, &files);
        assert_eq!(code, 0, "{said}");
        let out = world.local(&["--offline", "show", bank, "--format", "table"]);
        let card = String::from_utf8(out.stdout).unwrap();
        assert!(card.contains(" PE "), "{card}");
        assert!(!card.contains("search for"), "{card}");
        assert!(!card.contains("index-cra-search"), "{card}");
    }
}

#[test]
fn of_two_pes_that_rate_the_tests_otherwise_show_names_the_one_read() {
    let world = enriched(60);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 60, 1);
    let (first, _, _, pair) = disagreeing_pair(&world, &saved);
    let (code, _, said) = read(&world, &[&pair]);
    assert_eq!(code, 0, "{said}");
    let out = world.local(&["--offline", "show", &first.bank, "--format", "table"]);
    let card = String::from_utf8(out.stdout).unwrap();
    // The later one (b.pdf) is read; a.pdf is named as rating otherwise.
    let (a, b) = ("a.pdf", "b.pdf");
    let first_line = format!("  {}  PE {b} (", first.exam_date);
    assert!(card.lines().any(|l| l.starts_with(&first_line)), "{card}");
    assert!(
        card.lines()
            .any(|l| l.trim_start().starts_with(&format!("PE {a} ("))
                && l.ends_with(&format!(
                    "its tests are rated otherwise, and the test ratings read {b}"
                ))),
        "{card}"
    );
}

#[test]
fn at_80_columns_the_card_never_breaks_a_rating_across_lines() {
    let world = enriched(150);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 150, 1);
    // A bank rated in several areas, its lines longest.
    let wide = saved
        .iter()
        .find(|s| {
            !s.scanned
                && s.evaluation
                    .tests
                    .iter()
                    .any(|t| t.area != Area::Institution)
                && s.evaluation
                    .tests
                    .iter()
                    .any(|t| t.level.as_str().contains(' '))
        })
        .expect("a multistate PE with a rating of two words");
    let (code, _, said) = read(&world, &[&wide.file]);
    assert_eq!(code, 0, "{said}");
    let Some(mut script) = on_terminal(&world.home, &format!("--offline show {}", wide.bank))
    else {
        return;
    };
    let out = script
        .env("COLUMNS", "80")
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let card = String::from_utf8_lossy(&out.stdout).replace('\r', "");
    assert!(card.contains("Test ratings"), "{card}");
    // The card (the terminal shows standard error's note on the copy too).
    let lines: Vec<&str> = card
        .lines()
        .filter(|l| !l.starts_with("offline: "))
        .collect();
    for (n, line) in lines.iter().enumerate() {
        assert!(
            crate::common::visible_width(line) <= 80,
            "wider than 80: {line:?}\n{card}"
        );
        let next = lines.get(n + 1).map_or("", |l| l.trim_start());
        for (head, tail) in [
            ("High", "Satisfactory"),
            ("Low", "Satisfactory"),
            ("Needs", "to"),
            ("Needs to", "Improve"),
            ("Substantial", "Noncompliance"),
        ] {
            assert!(
                !(line.trim_end().ends_with(head) && next.starts_with(tail)),
                "a rating broken across lines:\n{line}\n{next}\n{card}"
            );
        }
        // A test's name stays with its rating.
        assert!(!line.trim_end().ends_with(':'), "{line:?}\n{card}");
    }
}

/// The cells of the `nth` sheet (from 1) of the workbook `book` (its
/// XML): each cell's reference (`C7`), its style's fill colour
/// (`FF4393C3`; none for no fill) and whether it holds the empty text
/// (`=""`).
fn cells(
    book: &std::path::Path,
    nth: usize,
) -> std::collections::HashMap<String, (Option<String>, bool)> {
    use std::io::Read;
    let mut zip = zip::ZipArchive::new(std::fs::File::open(book).unwrap()).unwrap();
    let mut part = |name: &str| {
        let mut text = String::new();
        zip.by_name(name)
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        text
    };
    let sheet = part(&format!("xl/worksheets/sheet{nth}.xml"));
    let styles = part("xl/styles.xml");
    let between = |text: &str, open: &str, close: &str| -> Vec<String> {
        text.split(open)
            .skip(1)
            .map(|rest| rest.split(close).next().unwrap().to_string())
            .collect()
    };
    let attr = |tag: &str, name: &str| -> Option<String> {
        tag.split(&format!(" {name}=\""))
            .nth(1)
            .map(|rest| rest.split('"').next().unwrap().to_string())
    };
    let fills: Vec<Option<String>> = between(&styles, "<fill>", "</fill>")
        .iter()
        .map(|fill| attr(fill, "rgb"))
        .collect();
    let xfs = between(&styles, "<cellXfs", "</cellXfs>").remove(0);
    let fill_of: Vec<Option<String>> = xfs
        .split("<xf ")
        .skip(1)
        .map(|xf| {
            let id: usize = attr(&format!(" {xf}"), "fillId").unwrap().parse().unwrap();
            fills[id].clone()
        })
        .collect();
    sheet
        .split("<c r=\"")
        .skip(1)
        .map(|cell| {
            let reference = cell.split('"').next().unwrap().to_string();
            let tag = cell.split('>').next().unwrap();
            let style = attr(tag, "s").map_or(0, |s| s.parse().unwrap());
            let body = cell.split("</c>").next().unwrap();
            // `=""`, its value the empty text (not 0).
            let empty_text = (body.contains("<f>\"\"</f>") || body.contains("<f>&quot;&quot;</f>"))
                && body.contains("t=\"str\"")
                && body.ends_with("<v></v>");
            (reference, (fill_of[style].clone(), empty_text))
        })
        .collect()
}

/// `A`, `B`... `AA`: the letters of a column at `at` (0-based).
fn letters(mut at: usize) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'A' + (at % 26) as u8);
        if at < 26 {
            break;
        }
        at = at / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).unwrap()
}

#[test]
fn a_workbook_fills_every_level_and_no_text_runs_into_an_empty_cell() {
    let world = enriched(150);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 150, 1);
    let (code, _, said) = read(&world, &[&dir]);
    assert_eq!(code, 0, "{said}");
    let book = world.home.path().join("enriched.xlsx");
    let out = world.local(&[
        "--offline",
        "export",
        "--enriched",
        "-o",
        book.to_str().unwrap(),
    ]);
    assert_code(&out, 0);
    let csv = world.local(&["--offline", "export", "--enriched", "--format", "csv"]);
    let csv = String::from_utf8(csv.stdout).unwrap();
    let rows: Vec<Vec<String>> = csv::ReaderBuilder::new()
        .from_reader(csv.as_bytes())
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let cells = cells(&book, 1);
    // Each level's fill, from the rating column and the test columns.
    let mut fill_of: std::collections::HashMap<String, Option<String>> = Default::default();
    let rated: Vec<usize> = header
        .iter()
        .enumerate()
        .filter(|(_, name)| name.ends_with("_test") || **name == "rating")
        .map(|(at, _)| at)
        .collect();
    assert_eq!(rated.len(), 5, "{header:?}");
    for (n, row) in rows.iter().enumerate() {
        for (at, text) in row.iter().enumerate() {
            let reference = format!("{}{}", letters(at), n + 2);
            let cell = cells.get(&reference);
            if rated.contains(&at) && !text.is_empty() {
                let fill = cell.unwrap().0.clone();
                assert!(fill.is_some(), "{reference} {text}: no fill");
                // One fill a level, wherever it is.
                let before = fill_of.entry(text.clone()).or_insert(fill.clone());
                assert_eq!(*before, fill, "{reference} {text}");
            }
            // An empty cell after a text holds the empty text.
            if text.is_empty() && at > 0 && !row[at - 1].is_empty() {
                let before = &header[at - 1];
                let texty = !matches!(
                    *before,
                    "exam_date" | "fdic_cert" | "rssd_id" | "occ_charter" | "assets" | "active"
                );
                if texty {
                    assert!(
                        cell.is_some_and(|c| c.1),
                        "{reference} ({}) after {before} {:?}: not written",
                        header[at],
                        row[at - 1]
                    );
                }
            }
        }
    }
    let levels: std::collections::HashSet<&Option<String>> = fill_of.values().collect();
    assert_eq!(
        levels.len(),
        fill_of.len(),
        "two levels share a fill: {fill_of:?}"
    );
    for level in [
        "High Satisfactory",
        "Low Satisfactory",
        "Satisfactory",
        "Outstanding",
    ] {
        assert!(fill_of.contains_key(level), "no {level} in {fill_of:?}");
    }
    // The About sheet's legend: every level, each in its fill.
    let mut workbook: calamine::Xlsx<_> = calamine::open_workbook(&book).unwrap();
    use calamine::Reader;
    let about = workbook.worksheet_range("About").unwrap();
    let text: Vec<String> = about
        .rows()
        .flat_map(|r| r.iter().map(|c| c.to_string()))
        .collect();
    for level in cra::domain::Level::ALL {
        assert!(
            text.contains(&level.as_str().to_string()),
            "{level} not in the legend"
        );
    }
    let _ = saved;
}

/// The report's workbook, on a watch list of banks whose PEs rate tests
/// High and Low Satisfactory: its Evaluations sheet fills every level, as
/// every workbook does (one fill a level, High and Low Satisfactory each
/// their own), and no text runs on into an empty cell beside it.
#[test]
fn the_reports_evaluations_sheet_fills_every_level() {
    let world = enriched(150);
    let dir = world.home.path().join("pes");
    save_evaluations(&world, &dir, 150, 1);
    let (code, _, said) = read(&world, &[&dir]);
    assert_eq!(code, 0, "{said}");
    // Banks whose current exam's PE rates a test High or Low Satisfactory:
    // a selection small enough for a table of its banks.
    let rows = world.sql(
        "SELECT DISTINCT t.bank_id AS id FROM evaluation_tests t JOIN banks b \
         ON b.id = t.bank_id AND b.exam_date = t.exam_date \
         WHERE t.area = 'institution' ORDER BY t.bank_id LIMIT 25",
    );
    let ids: Vec<&str> = rows.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert!(ids.len() >= 3, "{rows:?}");
    let mut add = vec!["watch", "add", "tested"];
    add.extend(&ids);
    assert_code(&world.run(&add), 0);
    let book = world.home.path().join("report.xlsx");
    let out = world.local(&["report", "--watch", "tested", "-o", book.to_str().unwrap()]);
    assert_code(&out, 0);
    use calamine::Reader;
    let mut workbook: calamine::Xlsx<_> = calamine::open_workbook(&book).unwrap();
    let names = workbook.sheet_names();
    let nth = 1 + names
        .iter()
        .position(|n| n == "Evaluations")
        .expect("an Evaluations sheet");
    let sheet = workbook.worksheet_range("Evaluations").unwrap();
    let cells = cells(&book, nth);
    let rows: Vec<Vec<String>> = sheet
        .rows()
        .map(|r| r.iter().map(|c| c.to_string()).collect())
        .collect();
    let header = &rows[0];
    let rated: Vec<usize> = header
        .iter()
        .enumerate()
        .filter(|(_, name)| name.ends_with("_test") || *name == "rating")
        .map(|(at, _)| at)
        .collect();
    assert_eq!(rated.len(), 5, "{header:?}");
    let mut fill_of: std::collections::HashMap<String, Option<String>> = Default::default();
    for (n, row) in rows.iter().enumerate().skip(1) {
        for (at, text) in row.iter().enumerate() {
            let reference = format!("{}{}", letters(at), n + 1);
            let cell = cells.get(&reference);
            if rated.contains(&at) && cra::domain::Level::from_text(text).is_some() {
                let fill = cell.unwrap().0.clone();
                assert!(fill.is_some(), "{reference} {text}: no fill");
                let before = fill_of.entry(text.clone()).or_insert(fill.clone());
                assert_eq!(*before, fill, "{reference} {text}");
            }
            // An empty cell after a text holds the empty text.
            if text.is_empty() && at > 0 && !row[at - 1].is_empty() && header[at - 1] != "exam_date"
            {
                assert!(
                    cell.is_some_and(|c| c.1),
                    "{reference} ({}) after {:?}: not written",
                    header[at],
                    row[at - 1]
                );
            }
        }
    }
    let levels: std::collections::HashSet<&Option<String>> = fill_of.values().collect();
    assert_eq!(
        levels.len(),
        fill_of.len(),
        "two levels share a fill: {fill_of:?}"
    );
    for level in ["High Satisfactory", "Low Satisfactory", "Satisfactory"] {
        assert!(fill_of.contains_key(level), "no {level} in {fill_of:?}");
    }
}
