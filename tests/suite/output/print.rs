//! Workbooks as printed and read by someone who never opens a terminal
//! (issue 39 item 16): text never printed under 8 pt (one page wide only
//! when that holds, else the bank's columns on every page), numbers and
//! dates clear of the text after them and their headers over them,
//! amounts grouped by thousands, booleans that read TRUE and FALSE in
//! LibreOffice too, web addresses as links, a year as a number, and the
//! report's charts whole on a page, under no repeated header row. Read
//! back from the file's XML (calamine does not say how a cell looks).

use std::collections::HashMap;
use std::io::Read;
use std::path::Path;

use crate::common::{Home, World, assert_code};

/// A file inside the workbook (its XML); empty when there is none.
fn part(path: &Path, name: &str) -> String {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(path).unwrap()).unwrap();
    let mut text = String::new();
    if let Ok(mut file) = zip.by_name(name) {
        file.read_to_string(&mut text).unwrap();
    }
    text
}

/// One cell as written: its reference, style and type.
#[derive(Debug)]
struct Written {
    column: String,
    row: u32,
    style: usize,
    kind: String,
}

/// The cells of a sheet's XML.
fn cells(xml: &str) -> Vec<Written> {
    let doc = roxmltree::Document::parse(xml).unwrap();
    doc.descendants()
        .filter(|n| n.has_tag_name("c"))
        .map(|c| {
            let at = c.attribute("r").unwrap();
            let digits = at.find(|ch: char| ch.is_ascii_digit()).unwrap();
            Written {
                column: at[..digits].to_string(),
                row: at[digits..].parse().unwrap(),
                style: c.attribute("s").map_or(0, |s| s.parse().unwrap()),
                // The empty text written after a text cell so that the
                // text is not run on over it (`=""`): "empty".
                kind: match c.children().find(|f| f.has_tag_name("f")) {
                    Some(f) if f.text() == Some("\"\"") => "empty".to_string(),
                    _ => c.attribute("t").unwrap_or("n").to_string(),
                },
            }
        })
        .collect()
}

/// Each cell style of `styles.xml`: its number format's code and its
/// horizontal alignment.
fn styles(xml: &str) -> Vec<(String, String)> {
    let doc = roxmltree::Document::parse(xml).unwrap();
    let codes: HashMap<&str, &str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("numFmt"))
        .map(|n| {
            (
                n.attribute("numFmtId").unwrap(),
                n.attribute("formatCode").unwrap(),
            )
        })
        .collect();
    let xfs = doc
        .descendants()
        .find(|n| n.has_tag_name("cellXfs"))
        .unwrap();
    xfs.children()
        .filter(|n| n.has_tag_name("xf"))
        .map(|xf| {
            let id = xf.attribute("numFmtId").unwrap_or("0");
            let code = codes
                .get(id)
                .map_or_else(|| format!("builtin {id}"), |c| c.to_string());
            let align = xf
                .children()
                .find(|n| n.has_tag_name("alignment"))
                .and_then(|a| a.attribute("horizontal"))
                .unwrap_or("")
                .to_string();
            (code, align)
        })
        .collect()
}

/// The workbook's sheet `n` (from 1): its cells, and each cell's format
/// code and alignment by column letter, header (row 1) apart.
struct Sheet {
    xml: String,
    cells: Vec<Written>,
    styles: Vec<(String, String)>,
}

impl Sheet {
    fn read(path: &Path, n: usize) -> Sheet {
        let xml = part(path, &format!("xl/worksheets/sheet{n}.xml"));
        Sheet {
            cells: cells(&xml),
            styles: styles(&part(path, "xl/styles.xml")),
            xml,
        }
    }

    /// The header of `column`: its alignment.
    fn header_align(&self, column: &str) -> &str {
        let cell = self
            .cells
            .iter()
            .find(|c| c.row == 1 && c.column == column)
            .unwrap();
        &self.styles[cell.style].1
    }

    /// The rows' cells of `column` (header left out) that hold a value:
    /// type and format.
    fn column(&self, column: &str) -> Vec<(&str, &str)> {
        self.cells
            .iter()
            .filter(|c| c.row > 1 && c.column == column && c.kind != "empty")
            .map(|c| (c.kind.as_str(), self.styles[c.style].0.as_str()))
            .collect()
    }
}

/// A sandbox of 400 banks, synced and enriched from its own public record.
fn enriched() -> World {
    crate::common::enriched(400)
}

/// `export --enriched` (15 columns) would print at 4 to 5 pt one page
/// wide: it prints at 73 % (8 pt), across pages, each with the bank's
/// name at its left (the id on the first; both frozen on screen), a row's
/// pages in turn.
/// A narrower one (5 columns) is still fitted one page wide.
#[test]
fn a_wide_sheet_prints_at_8_pt_with_the_bank_on_every_page() {
    let world = enriched();
    let wide = world.home.path().join("wide.xlsx");
    let narrow = world.home.path().join("narrow.xlsx");
    assert_code(
        &world.run(&["export", "--enriched", "-o", wide.to_str().unwrap()]),
        0,
    );
    let columns = "name,state,rating,exam_date,exam_type";
    let out = world.run(&[
        "export",
        "--columns",
        columns,
        "-o",
        narrow.to_str().unwrap(),
    ]);
    assert_code(&out, 0);
    let sheet = part(&wide, "xl/worksheets/sheet1.xml");
    assert!(!sheet.contains("fitToPage"), "{sheet}");
    for setting in [
        r#"scale="73""#,
        r#"pageOrder="overThenDown""#,
        r#"orientation="landscape""#,
        r#"xSplit="2" ySplit="1""#,
    ] {
        assert!(sheet.contains(setting), "no {setting}: {sheet}");
    }
    let workbook = part(&wide, "xl/workbook.xml");
    // The name on every page across, the id (36 characters, once a row
    // is named) on the first: frozen on screen both.
    assert!(
        workbook.contains(">Banks!$B:$B,Banks!$1:$1</definedName>"),
        "the name, and the header, on every page: {workbook}"
    );
    // A link's column is no wider than a short address: on paper it took a
    // page to itself.
    let pe_url = sheet
        .split("<col ")
        .find(|col| col.starts_with(r#"min="15" max="15""#))
        .and_then(|col| col.split("width=\"").nth(1))
        .and_then(|rest| rest.split('"').next())
        .and_then(|width| width.parse::<f64>().ok())
        .unwrap_or_else(|| panic!("no width of column O: {sheet}"));
    assert!(pe_url <= 31.0, "pe_url is {pe_url} characters wide");
    let sheet = part(&narrow, "xl/worksheets/sheet1.xml");
    assert!(
        sheet.contains(r#"<pageSetUpPr fitToPage="1"/>"#) && !sheet.contains("scale="),
        "{sheet}"
    );
    assert!(part(&narrow, "xl/workbook.xml").contains(">Banks!$1:$1</definedName>"));

    // The cells of the wide one: A id, B name, ..., G exam_date, H
    // exam_type, I fdic_cert, L assets, M exam_method, N active, O pe_url.
    let sheet = Sheet::read(&wide, 1);
    let header: Vec<&str> = ["B", "G", "I", "L", "N"]
        .iter()
        .map(|c| sheet.header_align(c))
        .collect();
    assert_eq!(header, ["", "right", "right", "right", "center"]);
    // Every number and date ends with room before the next column's text.
    let assets = sheet.column("L");
    assert!(assets.len() > 300, "{assets:?}");
    assert!(assets.iter().all(|c| *c == ("n", "#,##0_)")), "{assets:?}");
    assert!(
        sheet
            .column("G")
            .iter()
            .all(|c| *c == ("n", "yyyy-mm-dd_)"))
    );
    assert!(sheet.column("I").iter().all(|c| *c == ("n", "0_)")));
    let active = sheet.column("N");
    assert!(
        !active.is_empty()
            && active
                .iter()
                .all(|c| *c == ("b", r#""TRUE";"TRUE";"FALSE""#)),
        "{active:?}"
    );
    // Every pe_url a web address, so every one a link.
    let urls = sheet.column("O").len();
    let links = sheet.xml.matches("<hyperlink ref=\"O").count();
    assert!(urls > 300 && links == urls, "{links} links of {urls}");
    let rels = part(&wide, "xl/worksheets/_rels/sheet1.xml.rels");
    assert_eq!(
        rels.matches("relationships/hyperlink\" Target=\"http")
            .count(),
        urls,
        "{rels}"
    );
}

/// A year group is a number (2008, not text, nor 2,008) in a workbook, and
/// still a name in json; `stats --gaps` names its sheet Gaps; the headers
/// stand over their cells.
#[test]
fn a_year_is_a_number_and_headers_stand_over_their_cells() {
    let home = Home::new();
    let cra = |args: &[&str]| home.sandboxed(args);
    cra(&["sync", "--quiet"]);
    cra(&[
        "stats",
        "--by",
        "year,regulator",
        "--percent",
        "-o",
        "s.xlsx",
    ]);
    let path = home.path().join("s.xlsx");
    let sheet = Sheet::read(&path, 1);
    let years = sheet.column("A");
    assert!(years.len() > 100, "{years:?}");
    assert!(years.iter().all(|c| *c == ("n", "0_)")), "{years:?}");
    assert!(sheet.column("B").iter().all(|(t, _)| *t != "n"));
    assert!(sheet.column("C").iter().all(|c| *c == ("n", "#,##0_)")));
    assert!(sheet.column("D").iter().all(|c| *c == ("n", "#,##0.0_)")));
    let header: Vec<&str> = ["A", "B", "C", "D"]
        .iter()
        .map(|c| sheet.header_align(c))
        .collect();
    assert_eq!(header, ["right", "", "right", "right"]);
    // The other way round: the subgroup is the year.
    cra(&["stats", "--by", "regulator,year", "-o", "r.xlsx"]);
    let sheet = Sheet::read(&home.path().join("r.xlsx"), 1);
    assert!(sheet.column("A").iter().all(|(t, _)| *t != "n"));
    assert!(sheet.column("B").iter().all(|c| *c == ("n", "0_)")));
    // json: a group is a name, whatever the grouping.
    let json = cra(&["stats", "--by", "year", "--format", "json"]).stdout;
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&json).unwrap();
    assert!(rows.iter().all(|r| r["group"].is_string()), "{rows:?}");

    cra(&["stats", "--gaps", "--by", "year", "-o", "g.xlsx"]);
    let path = home.path().join("g.xlsx");
    let workbook = part(&path, "xl/workbook.xml");
    assert!(
        workbook.contains(r#"<sheet name="Gaps" sheetId="1""#),
        "{workbook}"
    );
    let sheet = Sheet::read(&path, 1);
    assert!(sheet.column("A").iter().all(|c| *c == ("n", "0_)")));
    let header: Vec<&str> = ["A", "B", "C"]
        .iter()
        .map(|c| sheet.header_align(c))
        .collect();
    assert_eq!(
        header,
        ["right", "right", "right"],
        "group, intervals, mean"
    );
}

/// The report's Trend by year: its table on one page (at 8 pt or more),
/// its chart on the next, after a page break, under the header row and not
/// across two pages; the States chart beside its table on screen, printed
/// on a page of its own after it; the Due list, too wide for a page at 8
/// pt, with the bank's name on every page.
#[test]
fn the_reports_charts_print_whole_on_their_own_page() {
    let home = Home::new();
    let cra = |args: &[&str]| {
        home.sandboxed(args);
    };
    cra(&["sync", "--quiet"]);
    cra(&["report", "-o", "r.xlsx"]);
    let path = home.path().join("r.xlsx");
    let attribute = |xml: &str, name: &str| -> u32 {
        let at = xml
            .find(&format!(" {name}=\""))
            .unwrap_or_else(|| panic!("no {name}: {xml}"))
            + name.len()
            + 3;
        xml[at..].split('"').next().unwrap().parse().unwrap()
    };
    // Trend by year (sheet 4, drawing 4): the header and the years.
    let trend = Sheet::read(&path, 4);
    let years = trend.column("A");
    assert!(years.iter().all(|c| *c == ("n", "0_)")), "{years:?}");
    let rows = years.len() as u32;
    assert!(!trend.xml.contains("fitToPage"), "{}", trend.xml);
    let scale = attribute(&trend.xml, "scale");
    assert!((73..=100).contains(&scale), "{scale}");
    // Landscape Letter less the margins: 7 inches, 672 pixels at 100 %.
    assert!(
        f64::from(rows + 2) * 20.0 <= 672.0 * 100.0 / f64::from(scale),
        "{rows} rows at {scale} %"
    );
    let row_break = attribute(&trend.xml, "id");
    assert!(
        trend.xml.contains("<rowBreaks") && row_break == rows + 1,
        "a page break after the table: {}",
        trend.xml
    );
    let drawing = part(&path, "xl/drawings/drawing4.xml");
    let from = &drawing[drawing.find("<xdr:from>").unwrap()..];
    let anchor: u32 = from[from.find("<xdr:row>").unwrap() + 9..]
        .split('<')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(anchor, row_break, "the chart starts its page: {drawing}");
    // States: the chart beside the table, a page break between them.
    let states = part(&path, "xl/worksheets/sheet1.xml");
    assert!(
        states.contains(r#"<colBreaks count="1" manualBreakCount="1"><brk id="9""#),
        "{states}"
    );
    // Due: too wide for a page at 8 pt: the name on every page.
    let workbook = part(&path, "xl/workbook.xml");
    assert!(
        workbook.contains(">Due!$A:$A,Due!$1:$1</definedName>"),
        "{workbook}"
    );
    let due = Sheet::read(&path, 6);
    assert!(due.xml.contains(r#"scale="73""#), "{}", due.xml);
    assert_eq!(due.header_align("F"), "right", "exam_date");
    assert!(due.column("F").iter().all(|c| *c == ("n", "yyyy-mm-dd_)")));
}
