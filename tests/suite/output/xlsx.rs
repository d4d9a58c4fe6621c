//! `-o FILE` and `--format xlsx` on every command that prints rows, against
//! the real sandbox and its local copy: the workbook read back (calamine)
//! holds exactly the csv output of the same command, typed (dates as Excel
//! dates, numbers as numbers); the file is written atomically; the format
//! follows the name and is never one the name denies.

use std::io::Read;
use std::path::Path;

use calamine::{Data, Reader, Xlsx, open_workbook};

use crate::common::{Home, assert_code};

/// Every cell of the first sheet, as the csv would write it; with the
/// number of cells that were real dates and real numbers.
fn sheet_as_csv(path: &Path) -> (Vec<Vec<String>>, usize, usize) {
    let mut book: Xlsx<_> = open_workbook(path).expect("a workbook calamine reads");
    let range = book.worksheet_range_at(0).expect("a first sheet").unwrap();
    let (mut dates, mut numbers) = (0, 0);
    let epoch = jiff::civil::date(1899, 12, 30);
    let rows = range
        .rows()
        .map(|row| {
            row.iter()
                .map(|cell| match cell {
                    Data::Empty => String::new(),
                    Data::String(s) => s.clone(),
                    Data::Bool(b) => b.to_string(),
                    Data::Float(f) => {
                        numbers += 1;
                        f.to_string()
                    }
                    Data::Int(i) => {
                        numbers += 1;
                        i.to_string()
                    }
                    Data::DateTime(dt) => {
                        dates += 1;
                        assert!(dt.is_datetime());
                        let days = dt.as_f64();
                        assert_eq!(days.fract(), 0.0, "a date, no time");
                        epoch
                            .checked_add(jiff::Span::new().days(days as i64))
                            .unwrap()
                            .to_string()
                    }
                    other => panic!("unexpected cell {other:?}"),
                })
                .collect()
        })
        .collect();
    (rows, dates, numbers)
}

fn csv_rows(bytes: &[u8]) -> Vec<Vec<String>> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(bytes)
        .records()
        .map(|r| r.unwrap().iter().map(str::to_string).collect())
        .collect()
}

/// A file inside the workbook (its XML), for what calamine does not say.
fn part(path: &Path, name: &str) -> String {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    let mut text = String::new();
    zip.by_name(name)
        .unwrap()
        .read_to_string(&mut text)
        .unwrap();
    text
}

/// `cra --sandbox ARGS` in `home`'s folder, its output checked.
fn cra(home: &Home, args: &[&str]) -> std::process::Output {
    home.sandboxed(args)
}

#[test]
fn every_row_printing_command_writes_a_workbook_holding_its_csv() {
    let home = Home::new();
    cra(&home, &["sync", "--quiet"]);
    cra(&home, &["export", "--state", "VT", "-o", "vt.csv"]);
    cra(&home, &["export", "--state", "NH", "-o", "nh.json"]);
    let id = String::from_utf8(
        cra(
            &home,
            &[
                "sql",
                "SELECT id FROM banks ORDER BY id LIMIT 1",
                "--format",
                "csv",
            ],
        )
        .stdout,
    )
    .unwrap()
    .lines()
    .nth(1)
    .unwrap()
    .to_string();
    let commands: Vec<Vec<&str>> = vec![
        vec!["search", "--state", "VT", "--all"],
        vec!["search", "--state", "TX", "--limit", "30", "--offline"],
        vec!["show", &id],
        vec!["export", "--state", "VT"],
        vec!["export", "--state", "RI", "--with-history"],
        vec![
            "sql",
            "SELECT state, count(*) AS banks, avg(length(name)) AS mean FROM banks GROUP BY state",
        ],
        vec!["changes", "--change", "all", "--since", "2020-01-01"],
        vec!["stats", "--by", "regulator"],
        vec!["stats", "--by", "year"],
        // Whole numbers as decimals (81.0, 1.0, 0.0): numbers all the same.
        vec!["stats", "--by", "year,regulator", "--percent"],
        vec!["sql", "SELECT 41.0 AS a, 1.0 AS b, 0.0 AS c"],
        vec!["due", "--state", "VT"],
        vec!["diff", "vt.csv", "nh.json"],
    ];
    for args in commands {
        let csv = cra(&home, &[&args[..], &["--format", "csv"]].concat()).stdout;
        let expected = csv_rows(&csv);
        assert!(expected.len() > 1, "{args:?}: no rows to compare");
        // By the extension, and by --format xlsx with another name.
        cra(&home, &[&args[..], &["-o", "out.xlsx"]].concat());
        cra(
            &home,
            &[&args[..], &["--format", "xlsx", "-o", "out.sheet"]].concat(),
        );
        for file in ["out.xlsx", "out.sheet"] {
            let (got, dates, numbers) = sheet_as_csv(&home.path().join(file));
            // A number cell holds the csv's number (`27.0` is the number 27).
            let same = |a: &String, b: &String| {
                a == b
                    || (a.parse::<f64>().ok().is_some() && a.parse::<f64>().ok() == b.parse().ok())
            };
            assert!(
                got.len() == expected.len()
                    && got.iter().zip(&expected).all(|(g, e)| {
                        g.len() == e.len() && g.iter().zip(e).all(|(a, b)| same(a, b))
                    }),
                "{args:?} {file}: the workbook is not its csv:\n{got:?}\n{expected:?}"
            );
            let has_date = expected[0].iter().any(|h| h.contains("date"));
            assert_eq!(dates > 0, has_date, "{args:?}: dates as Excel dates");
            if args[0] == "stats" || args[0] == "sql" {
                // Every number of the csv is a number cell, `41.0` too, and
                // a year as a group (a state or a regulator is a name).
                let in_csv = expected[1..]
                    .iter()
                    .flatten()
                    .filter(|cell| cell.parse::<f64>().is_ok())
                    .count();
                assert_eq!(numbers, in_csv, "{args:?}: numbers as numbers");
            }
        }
    }
    // The same bytes to a pipe as to a file.
    let piped = cra(&home, &["search", "--state", "VT", "--format", "xlsx"]).stdout;
    std::fs::write(home.path().join("piped.xlsx"), piped).unwrap();
    cra(&home, &["search", "--state", "VT", "-o", "file.xlsx"]);
    assert_eq!(
        sheet_as_csv(&home.path().join("piped.xlsx")).0,
        sheet_as_csv(&home.path().join("file.xlsx")).0
    );
}

/// `.xls` (the old binary format) is refused naming `.xlsx`; `due`, like
/// every command that prints rows, takes `-o` and follows its extension.
#[test]
fn xls_is_refused_and_due_takes_o() {
    let home = Home::new();
    cra(&home, &["sync"]);
    let out = home
        .cra()
        .current_dir(home.path())
        .args(["--sandbox", "search", "--state", "VT", "-o", "v.xls"])
        .output()
        .unwrap();
    assert_code(&out, 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains(".xlsx"));
    assert!(!home.path().join("v.xls").exists());
    cra(&home, &["due", "--state", "VT", "-o", "due.csv"]);
    let text = std::fs::read_to_string(home.path().join("due.csv")).unwrap();
    assert!(text.starts_with(
        "id,name,city,state,regulator,rating,exam_date,exam_type,months_since,expected_months,overdue_months\r\n"
    ), "{text}");
    assert!(text.lines().count() > 1);
}

/// A cell's type comes from its column, never from its text: text that
/// reads as a boolean, a long number or a number with a leading zero stays
/// text; a number stays a number.
#[test]
fn text_stays_text_whatever_it_holds() {
    let home = Home::new();
    cra(&home, &["sync"]);
    cra(
        &home,
        &[
            "sql",
            "SELECT 'true' AS t, '123456789012345' AS long, '007' AS zero, 41.0 AS n",
            "-o",
            "x.xlsx",
        ],
    );
    let mut book: Xlsx<_> = open_workbook(home.path().join("x.xlsx")).unwrap();
    let range = book.worksheet_range_at(0).unwrap().unwrap();
    let row: Vec<&Data> = range.rows().nth(1).unwrap().iter().collect();
    assert_eq!(
        row,
        [
            &Data::String("true".into()),
            &Data::String("123456789012345".into()),
            &Data::String("007".into()),
            &Data::Float(41.0),
        ]
    );
}

#[test]
fn the_header_is_bold_frozen_and_filtered_and_columns_fit() {
    let home = Home::new();
    cra(
        &home,
        &["search", "--state", "VT", "--limit", "12", "-o", "vt.xlsx"],
    );
    let path = home.path().join("vt.xlsx");
    let sheet = part(&path, "xl/worksheets/sheet1.xml");
    assert!(
        sheet.contains(r#"state="frozen""#) && sheet.contains(r#"ySplit="1""#),
        "{sheet}"
    );
    assert!(sheet.contains(r#"<autoFilter ref="A1:H13"/>"#), "{sheet}");
    // The id column (36 characters) is wider than the state column.
    let width = |col: u32| -> f64 {
        let tag = format!(r#"<col min="{col}" max="{col}" width=""#);
        let at = sheet
            .find(&tag)
            .unwrap_or_else(|| panic!("no width for {col}: {sheet}"))
            + tag.len();
        sheet[at..].split('"').next().unwrap().parse().unwrap()
    };
    assert!(width(1) >= 36.0 && width(4) < 12.0, "{sheet}");
    let styles = part(&path, "xl/styles.xml");
    assert!(styles.contains("<b/>"), "a bold font: {styles}");
    assert!(
        sheet.contains(r#"<c r="A1" s="1""#),
        "the header has it: {sheet}"
    );
}

#[test]
fn the_extension_decides_the_format_unless_told() {
    let home = Home::new();
    cra(
        &home,
        &["search", "--state", "VT", "--limit", "3", "-o", "vt.json"],
    );
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(home.path().join("vt.json")).unwrap()).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 3);
    cra(
        &home,
        &["search", "--state", "VT", "--limit", "3", "-o", "vt.jsonl"],
    );
    let text = std::fs::read_to_string(home.path().join("vt.jsonl")).unwrap();
    assert_eq!(text.lines().count(), 3);
    cra(
        &home,
        &["search", "--state", "VT", "--limit", "3", "-o", "vt.tsv"],
    );
    let text = std::fs::read_to_string(home.path().join("vt.tsv")).unwrap();
    assert!(text.starts_with("NAME\tCITY"), "{text}");
    // Any other name: the command's default for a file (tsv), no colour.
    cra(
        &home,
        &["search", "--state", "VT", "--limit", "3", "-o", "vt.txt"],
    );
    let text = std::fs::read_to_string(home.path().join("vt.txt")).unwrap();
    assert!(
        text.starts_with("NAME\tCITY") && !text.contains('\x1b'),
        "{text}"
    );
    // Nothing goes to standard output.
    let out = cra(&home, &["search", "--state", "VT", "-o", "s.csv"]);
    assert!(out.stdout.is_empty());
}

#[test]
fn a_format_the_name_denies_and_xlsx_to_a_terminal_are_usage_errors() {
    let home = Home::new();
    let refused = |args: &[&str], env: Option<(&str, &str)>, says: &str| {
        let mut cmd = home.cra();
        cmd.current_dir(home.path()).arg("--sandbox").args(args);
        if let Some((k, v)) = env {
            cmd.env(k, v);
        }
        let out = cmd.output().unwrap();
        assert_code(&out, 2);
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("cra: error: ") && err.contains(says),
            "{args:?}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(out.stdout.is_empty());
    };
    refused(
        &["search", "--format", "json", "-o", "a.csv"],
        None,
        "--format json contradicts the file name a.csv",
    );
    refused(
        &["export", "--state", "VT", "--format", "csv", "-o", "a.xlsx"],
        None,
        "--format csv contradicts the file name a.xlsx",
    );
    refused(
        &["search", "--format", "xlsx"],
        Some(("CRA_FORCE_TTY", "1")),
        "use -o FILE.xlsx",
    );
    refused(
        &["export", "--state", "VT", "--format", "xlsx"],
        Some(("CRA_FORCE_TTY", "1")),
        "use -o FILE.xlsx",
    );
    let names: Vec<_> = std::fs::read_dir(home.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with('a') || n.ends_with(".part"))
        .collect();
    assert!(names.is_empty(), "nothing written: {names:?}");
}

#[test]
fn a_command_that_fails_leaves_the_file_as_it_was() {
    let home = Home::new();
    cra(&home, &["sync", "--quiet"]);
    let path = home.path().join("keep.csv");
    std::fs::write(&path, "old contents\n").unwrap();
    let out = home
        .cra()
        .current_dir(home.path())
        .args([
            "--sandbox",
            "sql",
            "SELECT no_such_column FROM banks",
            "-o",
            "keep.csv",
        ])
        .output()
        .unwrap();
    assert_code(&out, 2);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "old contents\n");
    // A query that fails halfway (after rows were written) too.
    let out = home
        .cra()
        .current_dir(home.path())
        .args([
            "--sandbox",
            "sql",
            "SELECT id, CASE WHEN rowid > 5 THEN json('not json') END FROM banks",
            "-o",
            "keep.csv",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "old contents\n");
    let leftovers: Vec<_> = std::fs::read_dir(home.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".part"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
    // And one that succeeds replaces it whole.
    cra(&home, &["sql", "SELECT 1 AS one", "-o", "keep.csv"]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "one\r\n1\r\n");
}

/// The rows of sheet `name` as text (the `About` sheet: what, then value).
fn sheet_rows(path: &Path, name: &str) -> Vec<Vec<String>> {
    let mut book: Xlsx<_> = open_workbook(path).unwrap();
    let range = book.worksheet_range(name).unwrap();
    range
        .rows()
        .map(|row| row.iter().map(|cell| cell.to_string()).collect())
        .collect()
}

/// The value the `About` sheet gives for `what`.
fn about(rows: &[Vec<String>], what: &str) -> String {
    rows.iter()
        .find(|row| row.first().is_some_and(|w| w == what))
        .and_then(|row| row.get(1).cloned())
        .unwrap_or_else(|| panic!("no {what} on the About sheet: {rows:?}"))
}

/// A workbook ready to send: its sheet named for what it holds, the csv's
/// header row, an `About` sheet saying what, how and whence, print
/// settings (landscape, never under 8 pt, the header row on every page,
/// page numbers), and ratings in the palette's colours.
#[test]
fn a_workbook_says_what_it_holds_and_how_it_prints() {
    let home = Home::new();
    cra(
        &home,
        &[
            "search", "--state", "TX", "--rating", "nti", "--all", "-o", "x.xlsx",
        ],
    );
    let path = home.path().join("x.xlsx");
    let book: Xlsx<_> = open_workbook(&path).unwrap();
    assert_eq!(book.sheet_names(), ["Banks", "About"]);
    let rows = sheet_rows(&path, "Banks");
    assert_eq!(
        rows[0],
        [
            "id",
            "name",
            "city",
            "state",
            "regulator",
            "rating",
            "exam_date",
            "exam_type"
        ]
    );
    assert!(rows.len() > 10, "{} rows", rows.len());
    let facts = sheet_rows(&path, "About");
    assert_eq!(
        about(&facts, "Command line"),
        "cra --sandbox search --state TX --rating nti --all -o x.xlsx"
    );
    assert_eq!(
        about(&facts, "Filters"),
        "state TX, rating Needs to Improve"
    );
    assert!(about(&facts, "Data from").contains("sandbox"));
    assert!(about(&facts, "Local copy").contains("live"));
    assert!(about(&facts, "Written").ends_with(" UTC"));
    assert_eq!(about(&facts, "cra version"), env!("CARGO_PKG_VERSION"));
    assert!(about(&facts, "Rows").starts_with(&format!("{} on the sheet Banks", rows.len() - 1)));

    // Printing, as the file says it (calamine does not read it).
    let sheet = part(&path, "xl/worksheets/sheet1.xml");
    for setting in [
        r#"orientation="landscape""#,
        "<oddFooter>&amp;CPage &amp;P of &amp;N</oddFooter>",
    ] {
        assert!(sheet.contains(setting), "no {setting}: {sheet}");
    }
    // Its names (up to 44 characters) make it too wide for one page at 8
    // pt: at 73 %, the bank's name on every page (its id on the first), as
    // the header row (`output::print` has a sheet fitted one page wide).
    assert!(
        sheet.contains(r#"scale="73""#) && !sheet.contains("fitToPage"),
        "{sheet}"
    );
    let workbook = part(&path, "xl/workbook.xml");
    assert!(
        workbook.contains(
            r#"<definedName name="_xlnm.Print_Titles" localSheetId="0">Banks!$B:$B,Banks!$1:$1</definedName>"#
        ),
        "the header row and the bank on every page: {workbook}"
    );
    // Ratings in the palette's colour (Needs to Improve: #f4a582), the
    // others not.
    let styles = part(&path, "xl/styles.xml");
    assert!(styles.contains(r#"rgb="FFF4A582""#), "{styles}");
    // The style of each cell of a column (its letter), header left out.
    let styles_of = |column: &str| -> Vec<Option<String>> {
        sheet
            .split(&format!("<c r=\"{column}"))
            .skip(2)
            .map(|cell| {
                let tag = cell.split('>').next().unwrap();
                tag.split(" s=\"")
                    .nth(1)
                    .map(|s| s.split('"').next().unwrap().to_string())
            })
            .collect()
    };
    let ratings = styles_of("F");
    assert_eq!(ratings.len(), rows.len() - 1);
    assert!(
        ratings.iter().all(|s| s.is_some() && *s == ratings[0]),
        "one colour: {ratings:?}"
    );
    assert!(
        styles_of("B").iter().all(Option::is_none),
        "names are plain"
    );
}

/// The About sheet's command line never shows a secret, even one typed
/// into a query.
#[test]
fn the_about_sheet_hides_secrets() {
    let home = Home::new();
    cra(&home, &["sync", "--quiet"]);
    let secret = "cra_live_0123456789abcdef";
    let out = home
        .cra()
        .current_dir(home.path())
        .env("CRA_API_KEY", secret)
        .args([
            "--sandbox",
            "sql",
            &format!("SELECT '{secret}' AS k"),
            "-o",
            "k.xlsx",
        ])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let facts = sheet_rows(&home.path().join("k.xlsx"), "About");
    let line = about(&facts, "Command line");
    assert!(
        line.contains("[redacted]") && !line.contains(secret),
        "{line}"
    );
    assert!(
        about(&facts, "Local copy").contains("last synced"),
        "{facts:?}"
    );
    assert!(about(&facts, "Data from").contains("sandbox"), "{facts:?}");
}

/// A key typed as the name searched for is hidden in the About sheet's
/// filters as in its command line, a long key too (it was shortened for
/// the filters before it could be recognised).
#[test]
fn the_about_sheet_hides_a_key_searched_for() {
    let home = Home::new();
    cra(&home, &["sync", "--quiet"]);
    let long = format!("cra_live_{}", "0123456789abcdef".repeat(5));
    for secret in ["cra_live_0123456789abcdef", long.as_str()] {
        let out = home
            .cra()
            .current_dir(home.path())
            .env("CRA_API_KEY", secret)
            .args(["--sandbox", "--offline", "search", secret, "-o", "k.xlsx"])
            .output()
            .unwrap();
        assert_code(&out, 0);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains(&secret[..20]), "{stderr}");
        let facts = sheet_rows(&home.path().join("k.xlsx"), "About");
        let filters = about(&facts, "Filters");
        assert!(
            filters.contains("[redacted]") && !filters.contains(&secret[..20]),
            "{filters}"
        );
        let line = about(&facts, "Command line");
        assert!(!line.contains(&secret[..20]), "{line}");
    }
}

/// A text longer than an Excel cell holds is cut to fit with a marker, one
/// warning per cell names the bank and the column, the About sheet lists
/// them, and the csv keeps the whole text.
#[test]
fn a_cell_over_excels_limit_is_cut_and_said() {
    let home = Home::new();
    cra(&home, &["sync", "--quiet"]);
    let query = "SELECT id, hex(zeroblob(20000)) AS note FROM banks ORDER BY id LIMIT 2";
    let out = cra(&home, &["sql", query, "-o", "long.xlsx"]);
    let err = String::from_utf8(out.stderr).unwrap();
    let warnings: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("cra: warning: "))
        .collect();
    assert_eq!(warnings.len(), 2, "{err}");
    let rows = sheet_rows(&home.path().join("long.xlsx"), "Query");
    for (warning, row) in warnings.iter().zip(&rows[1..]) {
        assert!(
            warning.contains(&format!("bank {}, column note: 40,000 characters", row[0])),
            "{warning}"
        );
        assert!(
            warning.contains("the csv keeps the whole text"),
            "{warning}"
        );
        assert_eq!(row[1].encode_utf16().count(), 32_767);
        assert!(row[1].starts_with("0000") && row[1].ends_with("the csv has the whole text]"));
    }
    let facts = sheet_rows(&home.path().join("long.xlsx"), "About");
    assert!(
        about(&facts, "Cells cut").contains("column note"),
        "{facts:?}"
    );
    let csv = cra(&home, &["sql", query, "--format", "csv"]).stdout;
    let csv = csv_rows(&csv);
    assert_eq!(csv[1][1].len(), 40_000);
}

/// Names a spreadsheet would run as formulas: csv and tsv keep them exact
/// by default (scripts depend on it); `--excel-safe-csv` writes them as
/// text (a leading `'`), text cells only, so a number stays a number; a
/// workbook holds them as plain strings, never formulas.
#[test]
fn cells_a_spreadsheet_would_run_are_text_with_excel_safe_csv_and_in_a_workbook() {
    let data = "id,name,city,state,regulator,exam_date,rating,exam_type,is_current\n\
a1,\"=HYPERLINK(\"\"http://x.example/\"\",\"\"click\"\")\",-TOWN,TX,OCC,2020-01-01,Outstanding,Small Bank,true\n\
a2,+1+1,@HOME,TX,OCC,2020-01-02,Satisfactory,Small Bank,true\n\
a3,PLAIN BANK,AUSTIN,TX,OCC,2020-01-03,Satisfactory,Small Bank,true\n";
    let world = crate::common::World::with_data("hostile.csv", data);
    let names = |args: &[&str]| -> Vec<String> {
        let out = world.run(&[&["export", "--sort", "exam_date"][..], args].concat());
        assert_code(&out, 0);
        csv_rows(&out.stdout)
            .into_iter()
            .skip(1)
            .map(|row| format!("{}|{}", row[1], row[2]))
            .collect()
    };
    assert_eq!(
        names(&[]),
        [
            "=HYPERLINK(\"http://x.example/\",\"click\")|-TOWN",
            "+1+1|@HOME",
            "PLAIN BANK|AUSTIN"
        ]
    );
    assert_eq!(
        names(&["--excel-safe-csv"]),
        [
            "'=HYPERLINK(\"http://x.example/\",\"click\")|'-TOWN",
            "'+1+1|'@HOME",
            "PLAIN BANK|AUSTIN"
        ]
    );
    // tsv too (a search piped).
    let out = world.run(&["search", "--sort", "exam_date", "--excel-safe-csv"]);
    assert_code(&out, 0);
    let tsv = String::from_utf8(out.stdout).unwrap();
    assert!(
        tsv.lines().nth(2).unwrap().starts_with("'+1+1\t'@HOME\t"),
        "{tsv}"
    );
    // A workbook: the text as served, as strings, and no formula anywhere.
    let book = world.home.path().join("hostile.xlsx");
    let out = world.run(&["export", "-o", book.to_str().unwrap()]);
    assert_code(&out, 0);
    let (rows, _, _) = sheet_as_csv(&book);
    assert!(
        rows.iter().any(|r| r[1] == "+1+1" && r[2] == "@HOME"),
        "{rows:?}"
    );
    assert!(!part(&book, "xl/worksheets/sheet1.xml").contains("<f>"));
    // Numbers are not text: a negative number keeps its sign alone.
    assert_code(&world.run(&["sync"]), 0);
    let out = world.local(&[
        "sql",
        "SELECT -5 AS n, -2.5 AS x, '-5' AS t, '=1+1' AS f, 'ok' AS o",
        "--format",
        "csv",
        "--excel-safe-csv",
    ]);
    assert_code(&out, 0);
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "n,x,t,f,o\r\n-5,-2.5,'-5,'=1+1,ok\r\n"
    );
    // Any other format with it is a usage error, not a silent no-op.
    for format in ["json", "xlsx", "ndjson"] {
        let out = world.run(&["export", "--excel-safe-csv", "--format", format]);
        assert_code(&out, 2);
        assert!(crate::common::stderr(&out).contains("--excel-safe-csv"));
    }
}
