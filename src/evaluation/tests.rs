//! The reader and parser on PDFs from real producers: each HTML file under
//! `tests/fixtures/pe/html/` printed by LibreOffice (`-lo.pdf`) and by
//! Chromium (`-chromium.pdf`) must read as exactly the same evaluation;
//! the set-aside fixtures (scanned, encrypted, truncated, a zip) must be
//! set aside as their kind. `tests/fixtures/pe/make.sh` remakes them all.

use super::model::*;
use super::read;
use crate::domain::{Level, Test};
use std::path::{Path, PathBuf};
use std::process::Command;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pe")
}

fn fixture(name: &str) -> Vec<u8> {
    let path = dir().join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

const PRODUCERS: [&str; 2] = ["lo", "chromium"];

fn rating(area: &Area, test: Test, level: Level) -> TestRating {
    TestRating {
        area: area.clone(),
        test,
        level,
    }
}

/// Three tests (Lending, Investment, Service) of one area.
fn large(area: Area, levels: [Level; 3]) -> Vec<TestRating> {
    let tests = [Test::Lending, Test::Investment, Test::Service];
    (0..3).map(|k| rating(&area, tests[k], levels[k])).collect()
}

fn occ_large_multistate() -> Evaluation {
    use Level::*;
    let mut tests = large(
        Area::Institution,
        [HighSatisfactory, Outstanding, LowSatisfactory],
    );
    let ohio = Area::State("OH".into());
    tests.extend(large(
        ohio,
        [LowSatisfactory, HighSatisfactory, LowSatisfactory],
    ));
    let kentucky = Area::State("KY".into());
    tests.extend(large(
        kentucky,
        [Outstanding, HighSatisfactory, NeedsToImprove],
    ));
    let msa = Area::Msa("Cincinnati OH-KY-IN".into());
    tests.extend(large(
        msa.clone(),
        [HighSatisfactory, LowSatisfactory, Outstanding],
    ));
    let area = |area: &str, level| AreaRating {
        area: Area::State(area.into()),
        level,
    };
    let area_ratings = vec![
        area("OH", Satisfactory),
        area("KY", Outstanding),
        AreaRating {
            area: msa,
            level: Satisfactory,
        },
    ];
    Evaluation {
        name: "Lakeside National Bank".into(),
        ids: vec![PrintedId {
            kind: IdKind::OccCharter,
            number: 24083,
        }],
        date: Some("2021-10-04".into()),
        rating: Some(Satisfactory),
        kind: Kind::Large,
        tests,
        area_ratings,
    }
}

fn fdic_isb() -> Evaluation {
    let inst = Area::Institution;
    Evaluation {
        name: "Heartland Community Bank".into(),
        ids: vec![PrintedId {
            kind: IdKind::FdicCert,
            number: 5702,
        }],
        date: Some("2021-03-15".into()),
        rating: Some(Level::Satisfactory),
        kind: Kind::IntermediateSmall,
        tests: vec![
            rating(&inst, Test::Lending, Level::Satisfactory),
            rating(&inst, Test::CommunityDevelopment, Level::Outstanding),
        ],
        area_ratings: vec![],
    }
}

fn frb_small() -> Evaluation {
    Evaluation {
        name: "Farmers State Bank".into(),
        ids: vec![PrintedId {
            kind: IdKind::Rssd,
            number: 652238,
        }],
        date: Some("2022-02-07".into()),
        rating: Some(Level::NeedsToImprove),
        kind: Kind::Small,
        tests: vec![rating(
            &Area::Institution,
            Test::Lending,
            Level::Satisfactory,
        )],
        area_ratings: vec![],
    }
}

fn rule2023() -> Evaluation {
    let inst = Area::Institution;
    Evaluation {
        name: "Summit Trust Bank, National Association".into(),
        ids: vec![PrintedId {
            kind: IdKind::OccCharter,
            number: 25011,
        }],
        date: Some("2026-03-02".into()),
        rating: Some(Level::Satisfactory),
        kind: Kind::Rule2023,
        tests: vec![
            rating(&inst, Test::RetailLending, Level::HighSatisfactory),
            rating(&inst, Test::RetailServices, Level::LowSatisfactory),
            rating(&inst, Test::CdFinancing, Level::Outstanding),
            rating(&inst, Test::CdServices, Level::HighSatisfactory),
        ],
        area_ratings: vec![],
    }
}

/// Every HTML source and what its PDFs must read as.
fn expected() -> Vec<(&'static str, Result<Evaluation, SetAside>)> {
    let not_pe = SetAside::NotEvaluation("no CRA rating found".into());
    vec![
        ("occ-large-multistate", Ok(occ_large_multistate())),
        ("fdic-isb", Ok(fdic_isb())),
        ("frb-small", Ok(frb_small())),
        ("rule2023", Ok(rule2023())),
        ("not-pe", Err(not_pe)),
    ]
}

fn check(name: &str) {
    let (_, want) = expected().into_iter().find(|(n, _)| *n == name).unwrap();
    for producer in PRODUCERS {
        let file = format!("{name}-{producer}.pdf");
        assert_eq!(read(&fixture(&file)), want, "{file}");
    }
}

#[test]
fn occ_large_multistate_reads_exactly() {
    check("occ-large-multistate");
}

#[test]
fn fdic_intermediate_small_bank_reads_exactly() {
    check("fdic-isb");
}

#[test]
fn frb_small_bank_reads_exactly() {
    check("frb-small");
}

#[test]
fn rule_2023_reads_exactly() {
    check("rule2023");
}

#[test]
fn an_annual_report_is_not_an_evaluation() {
    check("not-pe");
}

#[test]
fn tables_read_without_the_sentences_too() {
    // The OCC fixture's state and MSA sentences removed, its tables (the
    // institution's and Kentucky's) still read the same.
    for producer in PRODUCERS {
        let bytes = fixture(&format!("occ-large-multistate-{producer}.pdf"));
        let mut pages = super::pdf::read(&bytes, &super::pdf::Limits::default()).unwrap();
        for page in &mut pages {
            page.lines.retain(|l| !l.text().contains(" Test is rated"));
        }
        let e = super::parse::parse(&pages).unwrap();
        let want = occ_large_multistate().tests;
        let want: Vec<_> = want
            .into_iter()
            .filter(|r| matches!(&r.area, Area::Institution) || r.area.as_str() == "KY")
            .collect();
        assert_eq!(e.tests, want, "{producer}");
    }
}

#[test]
fn a_narrow_2023_table_reads_without_the_sentences() {
    // Its labels and headers wrap ("Performance" over "Levels", "High"
    // over "Satisfactory"); LibreOffice sets its cells ~0.7 em apart.
    for producer in PRODUCERS {
        let bytes = fixture(&format!("rule2023-{producer}.pdf"));
        let mut pages = super::pdf::read(&bytes, &super::pdf::Limits::default()).unwrap();
        for page in &mut pages {
            page.lines.retain(|l| !l.text().contains(" Test is rated"));
        }
        let e = super::parse::parse(&pages).unwrap();
        assert_eq!(e, rule2023(), "{producer}");
    }
}

#[test]
fn a_scanned_evaluation_has_no_text() {
    assert_eq!(read(&fixture("scanned.pdf")), Err(SetAside::NoText));
}

#[test]
fn an_encrypted_evaluation_is_set_aside() {
    assert_eq!(read(&fixture("encrypted.pdf")), Err(SetAside::Encrypted));
}

#[test]
fn a_truncated_evaluation_is_damaged() {
    let got = read(&fixture("truncated.pdf"));
    assert!(matches!(got, Err(SetAside::Damaged(_))), "{got:?}");
}

#[test]
fn a_zip_is_not_a_pdf() {
    let got = read(&fixture("not-pdf.zip"));
    assert_eq!(got, Err(SetAside::Damaged("not a PDF".into())));
}

#[test]
fn fixtures_stay_small() {
    for entry in std::fs::read_dir(dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let size = std::fs::metadata(&path).unwrap().len();
        let bound = if name == "scanned.pdf" { 200 } else { 150 } << 10;
        assert!(size < bound, "{name}: {size} bytes");
    }
}

/// The program `name` as PATH finds it.
fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    let found = std::env::split_paths(&path).map(|d| d.join(name));
    found.into_iter().find(|p| p.is_file())
}

/// Prints the HTML sources again with both producers, into a temporary
/// directory, and reads them: the HTML stays the fixtures' source of truth.
/// Without the tools it is skipped, unless `CI` is set.
#[test]
fn producers_regenerate_the_same_readings() {
    let mut tools = Vec::new();
    for tool in ["soffice", "chromium"] {
        match on_path(tool) {
            Some(path) => tools.push(path),
            None if std::env::var_os("CI").is_some() => panic!("{tool} not found (CI is set)"),
            None => {
                println!("skipped: {tool} not found");
                return;
            }
        }
    }
    let tmp = std::env::temp_dir().join(format!("pe-regenerate-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let html = dir().join("html");
    for (name, want) in expected() {
        let source = html.join(format!("{name}.html"));
        let lo = Command::new(&tools[0])
            .arg(format!("-env:UserInstallation=file://{}/lo", tmp.display()))
            .args(["--headless", "--convert-to", "pdf"])
            .arg("--infilter=HTML (StarWriter)")
            .arg("--outdir")
            .arg(&tmp)
            .arg(&source)
            .output()
            .unwrap();
        assert!(lo.status.success(), "soffice: {lo:?}");
        let printed = tmp.join(format!("{name}-chromium.pdf"));
        let chromium = Command::new(&tools[1])
            .args(["--headless", "--no-sandbox", "--disable-gpu"])
            .arg("--no-pdf-header-footer")
            .arg(format!("--user-data-dir={}/chromium", tmp.display()))
            .arg(format!("--print-to-pdf={}", printed.display()))
            .arg(&source)
            .output()
            .unwrap();
        assert!(chromium.status.success(), "chromium: {chromium:?}");
        for pdf in [tmp.join(format!("{name}.pdf")), printed] {
            let bytes = std::fs::read(&pdf).unwrap();
            assert_eq!(read(&bytes), want, "{}", pdf.display());
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
}
