//! The evaluation behind the rating (issue 47): the sandbox serves a PE
//! for each exam, `cra pe --download` saves it, `cra enrich --pe` reads it
//! into the copy exactly (every test rating, High and Low Satisfactory
//! apart, each state's and MSA's), linked to its bank and exam with no
//! wrong link; what cannot be read is set aside with its reason and the
//! batch goes on; `--test`, the columns, `show` and `stats --by
//! lending_test` read what was stored.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

use serde_json::Value;

pub(crate) use crate::common::enriched;
use crate::common::{World, assert_code, stderr};
use cra::domain::Level;
use cra::evaluation::model::Evaluation;
use cra::record::ffiec::InstitutionKey;
use cra::sandbox::data::SandboxBank;
use cra::sandbox::public::evaluations::evaluation_of;

/// What the sandbox knows each bank of its file as.
pub(crate) fn keys(world: &World) -> HashMap<String, InstitutionKey> {
    let url = format!("{}/_truth/links", world.url());
    let truth: Value =
        serde_json::from_slice(&crate::common::fetch(url).unwrap().bytes().unwrap()).unwrap();
    truth["links"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|link| !link["institution"].is_null())
        .map(|link| {
            let regulator = link["regulator"].as_str().unwrap();
            let key = InstitutionKey::new(
                cra::domain::Regulator::from_text(regulator),
                link["agency_id"].as_u64().unwrap(),
            );
            (link["bank_id"].as_str().unwrap().to_string(), key)
        })
        .collect()
}

/// One PE the sandbox serves, saved, and what it says.
pub(crate) struct Saved {
    pub file: PathBuf,
    pub bank: String,
    pub exam_date: String,
    pub evaluation: Evaluation,
    /// The rating the service serves for that exam.
    pub served: String,
    pub scanned: bool,
}

/// Saves into `dir` the PEs of the `exams` newest exams of each of the
/// first `banks` banks of the copy (by id) that the file has, with what
/// each says as the sandbox wrote it.
pub(crate) fn save_evaluations(
    world: &World,
    dir: &Path,
    banks: usize,
    exams: usize,
) -> Vec<Saved> {
    std::fs::create_dir_all(dir).unwrap();
    let keys = keys(world);
    let client = crate::common::http();
    let mut saved = Vec::new();
    let rows = world.sql(&format!(
        "SELECT detail_json FROM banks ORDER BY id LIMIT {banks}"
    ));
    for row in rows {
        let bank: SandboxBank = serde_json::from_str(row["detail_json"].as_str().unwrap()).unwrap();
        let Some(key) = keys.get(&bank.id) else {
            continue;
        };
        let mut ratings = bank.ratings.clone();
        ratings.sort_by(|a, b| b.exam_date.cmp(&a.exam_date));
        for exam in ratings.iter().take(exams) {
            let Some((evaluation, layout)) = evaluation_of(&bank, exam, key) else {
                continue;
            };
            let url = format!(
                "{}{}",
                world.url(),
                cra::sandbox::evaluation_path(&bank.id, &exam.exam_date)
            );
            let body = client.get(url).send().unwrap();
            assert_eq!(body.status(), 200);
            let file = dir.join(format!("{}_{}.pdf", bank.id, exam.exam_date));
            std::fs::write(&file, body.bytes().unwrap()).unwrap();
            saved.push(Saved {
                file,
                bank: bank.id.clone(),
                exam_date: exam.exam_date.clone(),
                evaluation,
                served: exam.rating.as_str().to_string(),
                scanned: layout.scanned,
            });
        }
    }
    saved
}

/// `cra enrich --pe ARGS... --format json`: its exit, summary and stderr.
pub(crate) fn read(world: &World, paths: &[&Path]) -> (i32, Value, String) {
    let mut args: Vec<String> = vec!["enrich".into(), "--format".into(), "json".into()];
    for path in paths {
        args.push("--pe".into());
        args.push(path.display().to_string());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = world.local(&args);
    let summary = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (out.status.code().unwrap_or(-1), summary, stderr(&out))
}

/// Every test rating stored, by file: `(area, test, rating)` sorted.
fn stored(world: &World) -> BTreeMap<String, Vec<(String, String, String)>> {
    let mut out: BTreeMap<String, Vec<(String, String, String)>> = BTreeMap::new();
    for row in world.sql(
        "SELECT e.source, t.area, t.test, t.rating FROM evaluation_tests t \
         JOIN evaluations e ON e.sha256 = t.sha256",
    ) {
        let text = |k: &str| row[k].as_str().unwrap().to_string();
        out.entry(text("source"))
            .or_default()
            .push((text("area"), text("test"), text("rating")));
    }
    for tests in out.values_mut() {
        tests.sort();
    }
    out
}

#[test]
fn every_sandbox_evaluation_is_read_exactly_and_linked_to_its_exam() {
    let world = enriched(150);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 150, 2);
    let scanned = saved.iter().filter(|s| s.scanned).count();
    let readable: Vec<&Saved> = saved.iter().filter(|s| !s.scanned).collect();
    let disagree = readable
        .iter()
        .filter(|s| s.evaluation.rating.map(|r| r.as_str()) != Some(s.served.as_str()))
        .count();
    let kinds = |kind| {
        readable
            .iter()
            .filter(|s| s.evaluation.kind == kind)
            .count()
    };
    let states = readable
        .iter()
        .filter(|s| {
            s.evaluation
                .tests
                .iter()
                .any(|t| t.area != cra::evaluation::model::Area::Institution)
        })
        .count();
    let high_low = readable
        .iter()
        .filter(|s| {
            s.evaluation
                .tests
                .iter()
                .any(|t| matches!(t.level, Level::HighSatisfactory | Level::LowSatisfactory))
        })
        .count();
    // Enough of each kind to prove something.
    assert!(
        scanned > 0
            && kinds(cra::evaluation::model::Kind::Large) > 5
            && kinds(cra::evaluation::model::Kind::IntermediateSmall) > 5
            && kinds(cra::evaluation::model::Kind::Small) > 5
            && states > 0
            && high_low > 5,
        "{} saved, {scanned} scanned, {states} multistate, {high_low} with High/Low",
        saved.len()
    );

    let (code, summary, said) = read(&world, &[&dir]);
    assert_eq!(code, 0, "{said}");
    let counts = &summary["evaluations"];
    assert_eq!(counts["read"], readable.len() as u64, "{summary}");
    assert_eq!(counts["linked"], readable.len() as u64, "{summary}\n{said}");
    assert_eq!(counts["unlinked"], 0, "{summary}");
    assert_eq!(counts["no_text"], scanned as u64, "{summary}");
    assert_eq!(counts["damaged"], 0, "{summary}");
    assert_eq!(counts["disagree"], disagree as u64, "{summary}");
    assert_eq!(
        said.matches(": set aside: no text").count(),
        scanned,
        "{said}"
    );
    assert_eq!(said.matches(": disagree: ").count(), disagree, "{said}");

    // Each linked to its own bank and exam: no wrong link.
    let links: HashMap<String, (String, String, String)> = world
        .sql("SELECT source, bank_id, exam_date, rating FROM evaluations")
        .iter()
        .map(|r| {
            let text = |k: &str| r[k].as_str().unwrap_or_default().to_string();
            (
                text("source"),
                (text("bank_id"), text("exam_date"), text("rating")),
            )
        })
        .collect();
    let tests = stored(&world);
    for s in &readable {
        let source = s.file.display().to_string();
        let (bank, exam, rating) = &links[&source];
        assert_eq!((bank, exam), (&s.bank, &s.exam_date), "{source}");
        assert_eq!(
            Some(rating.as_str()),
            s.evaluation.rating.map(|r| r.as_str())
        );
        // Every test rating exactly as printed.
        let mut expected: Vec<(String, String, String)> = s
            .evaluation
            .tests
            .iter()
            .map(|t| {
                (
                    t.area.as_str().to_string(),
                    t.test.as_str().to_string(),
                    t.level.as_str().to_string(),
                )
            })
            .collect();
        // And each state's and multistate MSA's overall rating.
        expected.extend(s.evaluation.area_ratings.iter().map(|r| {
            (
                r.area.as_str().to_string(),
                "overall".to_string(),
                r.level.as_str().to_string(),
            )
        }));
        expected.sort();
        assert_eq!(tests.get(&source), Some(&expected), "{source}");
    }

    // Read again: every file already read (the scanned ones too, kept as
    // set aside), none read anew, nothing changes.
    let before = world.sql_tsv("SELECT * FROM evaluations ORDER BY sha256");
    let before_tests = stored(&world);
    let (code, again, _) = read(&world, &[&dir]);
    assert_eq!(code, 0);
    assert_eq!(again["evaluations"]["read"], 0);
    assert_eq!(again["evaluations"]["already_read"], saved.len() as u64);
    assert_eq!(
        world.sql_tsv("SELECT * FROM evaluations ORDER BY sha256"),
        before
    );
    assert_eq!(stored(&world), before_tests);
}

#[test]
fn the_path_a_user_takes_download_read_filter_count_and_show() {
    let world = enriched(60);
    // A large bank whose current exam's evaluation is readable.
    let dir = world.home.path().join("all");
    let saved = save_evaluations(&world, &dir, 60, 1);
    let large = saved
        .iter()
        .find(|s| !s.scanned && s.evaluation.kind == cra::evaluation::model::Kind::Large)
        .expect("a large bank with a readable evaluation");
    let short = &large.bank[..8];

    // Downloaded as a user would: the default name here, never replacing.
    let here = world.home.path().join("here");
    std::fs::create_dir_all(&here).unwrap();
    let out = world
        .cra()
        .env("CRA_EVALUATIONS", world.url())
        .current_dir(&here)
        .args(["pe", short, "--download"])
        .output()
        .unwrap();
    assert_code(&out, 0);
    let file = here.join(format!("pe-{short}-{}.pdf", large.exam_date));
    assert_eq!(
        std::fs::read(&file).unwrap(),
        std::fs::read(&large.file).unwrap()
    );
    assert!(stderr(&out).contains("cra enrich --pe"), "{}", stderr(&out));
    let again = world
        .cra()
        .env("CRA_EVALUATIONS", world.url())
        .current_dir(&here)
        .args(["pe", short, "--download"])
        .output()
        .unwrap();
    assert_code(&again, 2);
    assert!(stderr(&again).contains("exists"), "{}", stderr(&again));
    // Never onto the copy.
    let copy = world
        .home
        .path()
        .join(".local/share/cra/mirror.sqlite")
        .display()
        .to_string();
    let onto = world
        .cra()
        .env("CRA_EVALUATIONS", world.url())
        .args(["pe", short, "--download", "-o", &copy])
        .output()
        .unwrap();
    assert_code(&onto, 2);
    assert!(stderr(&onto).contains("local copy"), "{}", stderr(&onto));

    // Read, then every reader sees it.
    let out = world.local(&["enrich", "--pe", file.to_str().unwrap()]);
    assert_code(&out, 0);
    assert!(
        stderr(&out).contains("read 1 evaluation (1 linked, 0 not linked)"),
        "{}",
        stderr(&out)
    );
    let lending = large
        .evaluation
        .tests
        .iter()
        .find(|t| {
            t.area == cra::evaluation::model::Area::Institution
                && t.test == cra::domain::Test::Lending
        })
        .unwrap()
        .level;
    let flag = format!("lending={}", lending.slug());
    let found = world.json(&[
        "--offline",
        "search",
        "--test",
        &flag,
        "--all",
        "--format",
        "json",
    ]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["id"], large.bank);
    let other = Level::ALL.into_iter().find(|l| *l != lending).unwrap();
    let none = world.local(&[
        "--offline",
        "search",
        "--test",
        &format!("lending={}", other.slug()),
    ]);
    assert_code(&none, 0);
    // The header alone: no bank has another lending test.
    assert_eq!(String::from_utf8_lossy(&none.stdout).lines().count(), 1);
    let row = world.json(&[
        "--offline",
        "search",
        "--test",
        &flag,
        "--enriched",
        "--format",
        "json",
    ]);
    assert_eq!(row[0]["public_record"]["lending_test"], lending.as_str());
    let csv = world.local(&["--offline", "export", "--enriched", "--test", &flag]);
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .contains("lending_test,investment_test,service_test,cd_test"),
        "{csv}"
    );
    assert!(csv.contains(lending.as_str()), "{csv}");

    // Counted by its lending test as sql counts it.
    let counted = world.json(&["stats", "--by", "lending_test", "--format", "json"]);
    let group = counted
        .iter()
        .find(|g| g["group"] == lending.as_str())
        .unwrap_or_else(|| panic!("{counted:?}"));
    let by_sql = world.sql(&format!(
        "SELECT count(*) AS n FROM banks b JOIN evaluation_tests t ON t.bank_id = b.id \
         AND t.exam_date = b.exam_date AND t.area = 'institution' AND t.test = 'lending' \
         AND t.rating = '{}'",
        lending.as_str()
    ));
    assert_eq!(group["total"], by_sql[0]["n"]);

    // The report: banks by their Lending Test, beside their overall
    // rating, on the page and in the workbook.
    let page = world.home.path().join("report.html");
    assert_code(&world.local(&["report", "-o", page.to_str().unwrap()]), 0);
    let page = std::fs::read_to_string(page).unwrap();
    assert!(page.contains("By Lending Test"), "no lending test section");
    assert!(page.contains(lending.as_str()));
    let book = world.home.path().join("report.xlsx");
    assert_code(&world.local(&["report", "-o", book.to_str().unwrap()]), 0);

    // show: each exam's tests.
    let card = world.local(&["--offline", "show", short, "--format", "table"]);
    let card = String::from_utf8(card.stdout).unwrap();
    assert!(card.contains("Test ratings"), "{card}");
    assert!(
        card.contains(&format!("Lending: {}", lending.as_str())),
        "{card}"
    );
    // And in json, each exam's public record: this exam's, none other's.
    let out = world.local(&["--offline", "show", short, "--enriched", "--format", "json"]);
    let detail: Value = serde_json::from_slice(&out.stdout).unwrap();
    for exam in detail["ratings"].as_array().unwrap() {
        let expected = if exam["exam_date"] == large.exam_date.as_str() {
            Value::from(lending.as_str())
        } else {
            Value::Null
        };
        assert_eq!(exam["public_record"]["lending_test"], expected, "{exam}");
    }
    // An address reads as a file does: another bank's, served.
    let other = saved
        .iter()
        .find(|s| !s.scanned && s.bank != large.bank)
        .expect("another readable evaluation");
    let url = format!(
        "{}{}",
        world.url(),
        cra::sandbox::evaluation_path(&other.bank, &other.exam_date)
    );
    let out = world.local(&["enrich", "--pe", &url]);
    assert_code(&out, 0);
    assert!(
        stderr(&out).contains("read 1 evaluation (1 linked, 0 not linked)"),
        "{}",
        stderr(&out)
    );
    let by_url = world.sql(&format!(
        "SELECT bank_id, exam_date FROM evaluations WHERE source = '{url}'"
    ));
    assert_eq!(by_url[0]["bank_id"], other.bank.as_str());
    assert_eq!(by_url[0]["exam_date"], other.exam_date.as_str());
}

#[test]
fn what_is_no_evaluation_is_set_aside_with_its_reason_and_the_batch_goes_on() {
    let world = enriched(40);
    let dir = world.home.path().join("mixed");
    let saved = save_evaluations(&world, &dir, 40, 1);
    let good = saved.iter().filter(|s| !s.scanned).count();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pe");
    // An encrypted PDF; a zip named .pdf; a PDF cut short; text named .pdf.
    std::fs::copy(fixtures.join("pe-encrypted.pdf"), dir.join("encrypted.pdf")).unwrap();
    let zip = std::fs::read(fixtures.join("pe-libreoffice.pdf")).unwrap();
    std::fs::write(dir.join("cut.pdf"), &zip[..zip.len() / 2]).unwrap();
    std::fs::write(dir.join("zip.pdf"), b"PK\x03\x04 not a pdf at all").unwrap();
    std::fs::write(dir.join("notes.pdf"), "meeting notes").unwrap();
    // A PE of a bank the copy lacks: kept, not linked, with the reason.
    std::fs::copy(
        fixtures.join("pe-libreoffice.pdf"),
        dir.join("elsewhere.pdf"),
    )
    .unwrap();
    // One whose identifier is a bank's of the copy, but whose name is
    // another's (misprinted, misread): not linked to that bank.
    let keys = keys(&world);
    let row = &world.sql(&format!(
        "SELECT detail_json FROM banks WHERE id = '{}'",
        saved[0].bank
    ))[0];
    let mut bank: SandboxBank = serde_json::from_str(row["detail_json"].as_str().unwrap()).unwrap();
    let exam = bank.ratings[0].clone();
    let (mut evaluation, mut layout) = evaluation_of(&bank, &exam, &keys[&bank.id]).unwrap();
    bank.name = "SOMEONE ELSE ENTIRELY TRUST".into();
    evaluation.name = bank.name.clone();
    layout.scanned = false;
    let misnamed = cra::sandbox::public::evaluations::pdf(&bank, &evaluation, &layout);
    std::fs::write(dir.join("misnamed.pdf"), misnamed).unwrap();
    let started = std::time::Instant::now();
    let (code, summary, said) = read(&world, &[&dir]);
    assert_eq!(code, 0, "{said}");
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
    let counts = &summary["evaluations"];
    assert_eq!(counts["linked"], good as u64, "{summary}\n{said}");
    assert_eq!(counts["unlinked"], 2, "{summary}\n{said}");
    assert_eq!(counts["damaged"], 4, "{summary}\n{said}");
    for (file, why) in [
        ("encrypted.pdf", "set aside: encrypted"),
        ("zip.pdf", "set aside: damaged: not a PDF"),
        ("notes.pdf", "set aside: damaged: not a PDF"),
        ("cut.pdf", "set aside: damaged"),
        (
            "elsewhere.pdf",
            "not linked: no bank of the copy has OCC charter",
        ),
        (
            "misnamed.pdf",
            "not linked: it names SOMEONE ELSE ENTIRELY TRUST, and the bank of its",
        ),
    ] {
        assert!(
            said.lines().any(|l| l.contains(file) && l.contains(why)),
            "{file}: {why}\n{said}"
        );
    }
    let unlinked = world.sql("SELECT bank_id, reason FROM evaluations WHERE status = 'unlinked'");
    assert_eq!(unlinked.len(), 2);
    assert!(unlinked.iter().all(|row| row["bank_id"].is_null()));
    // The set-aside files are kept too, with their reason.
    let aside = world.sql("SELECT bank_id, reason FROM evaluations WHERE status = 'set_aside'");
    let scanned = saved.iter().filter(|s| s.scanned).count();
    assert_eq!(aside.len(), 4 + scanned, "{aside:?}");
    assert!(aside.iter().all(|row| row["reason"].is_string()));

    // A path that cannot be read at all: exit 1, the others still read.
    let missing = world.home.path().join("no-such-folder");
    let one = saved.iter().find(|s| !s.scanned).unwrap();
    // An address that answers 404 is no evaluation either.
    let gone = PathBuf::from(format!("{}/pe/no-such-bank/2020-01-01.pdf", world.url()));
    let (code, summary, said) = read(&world, &[&missing, &one.file, &gone]);
    assert_eq!(code, 1, "{said}");
    // (read in the folder above: already read)
    assert_eq!(summary["evaluations"]["already_read"], 1, "{summary}");
    assert!(said.contains("no-such-folder"), "{said}");
    assert!(
        said.lines()
            .any(|l| l.contains("no-such-bank") && l.contains("it answered 404")),
        "{said}"
    );
}

#[test]
fn test_filters_say_what_they_need_and_refuse_what_they_cannot_read() {
    let world = enriched(20);
    // No evaluation read yet: said, with the way to read one.
    let out = world.local(&["--offline", "search", "--test", "lending=outstanding"]);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("cra enrich --pe"), "{}", stderr(&out));
    // Online: the service has no evaluations.
    let out = world.run(&["search", "--test", "lending=outstanding"]);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("--offline"), "{}", stderr(&out));
    for (bad, said) in [
        ("lending", "TEST=RATING"),
        ("lendings=outstanding", "is not a test"),
        ("lending=great", "is not a rating of a test"),
    ] {
        let out = world.local(&["--offline", "search", "--test", bad]);
        assert_code(&out, 2);
        let first = stderr(&out).lines().next().unwrap_or_default().to_string();
        assert!(first.contains(said), "{bad}: {}", stderr(&out));
    }
    // A test's aliases as --rating takes them, and cd for community development.
    let out = world.local(&[
        "--offline",
        "search",
        "--test",
        "cd=sat",
        "--test",
        "lending=high-satisfactory",
    ]);
    assert_code(&out, 2);
    assert!(stderr(&out).contains("cra enrich --pe"), "{}", stderr(&out));
}

#[test]
fn test_filters_of_one_test_mean_either_and_across_tests_all() {
    use cra::domain::Test;
    use cra::evaluation::model::Area;
    let world = enriched(60);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 60, 1);
    let (code, _, said) = read(&world, &[&dir]);
    assert_eq!(code, 0, "{said}");
    // The banks each rating of a test selects, as the PEs say it.
    let rated = |test: Test, levels: &[Level]| -> std::collections::BTreeSet<String> {
        saved
            .iter()
            .filter(|s| !s.scanned)
            .filter(|s| {
                s.evaluation.tests.iter().any(|t| {
                    t.area == Area::Institution && t.test == test && levels.contains(&t.level)
                })
            })
            .map(|s| s.bank.clone())
            .collect()
    };
    let found = |flags: &[&str]| -> std::collections::BTreeSet<String> {
        let mut args = vec!["--offline", "search", "--all", "--format", "json"];
        args.extend(flags);
        world
            .json(&args)
            .iter()
            .map(|row| row["id"].as_str().unwrap().to_string())
            .collect()
    };
    let high = rated(Test::Lending, &[Level::HighSatisfactory]);
    let low = rated(Test::Lending, &[Level::LowSatisfactory]);
    assert!(!high.is_empty() && !low.is_empty(), "{high:?} {low:?}");
    let either: std::collections::BTreeSet<String> = high.union(&low).cloned().collect();
    // Repeated for one test: either.
    assert_eq!(
        found(&[
            "--test",
            "lending=high-satisfactory",
            "--test",
            "lending=low-satisfactory"
        ]),
        either
    );
    // A comma list: the same.
    assert_eq!(
        found(&["--test", "lending=high-satisfactory,low-sat"]),
        either
    );
    // Across tests: all.
    let service = rated(
        Test::Service,
        &[Level::Outstanding, Level::HighSatisfactory],
    );
    let both: std::collections::BTreeSet<String> = either.intersection(&service).cloned().collect();
    assert_eq!(
        found(&[
            "--test",
            "lending=high-sat,low-sat",
            "--test",
            "service=outstanding",
            "--test",
            "service=high-satisfactory"
        ]),
        both
    );
    // Satisfactory alone of a test rated on five levels: said, once.
    let out = world.local(&[
        "--offline",
        "search",
        "--test",
        "lending=satisfactory",
        "--test",
        "service=satisfactory",
    ]);
    assert_code(&out, 0);
    let note = stderr(&out);
    assert_eq!(note.matches("note: ").count(), 1, "{note}");
    assert!(
        note.contains("High or Low Satisfactory")
            && note.contains("--test lending=satisfactory,high-satisfactory,low-satisfactory"),
        "{note}"
    );
    // Of the four-level scale alone, nothing to say.
    let out = world.local(&["--offline", "search", "--test", "cd=satisfactory"]);
    assert!(!stderr(&out).contains("note: "), "{}", stderr(&out));
    // Typos: the nearest value suggested.
    for (bad, said) in [
        ("lendng=outstanding", "did you mean lending?"),
        (
            "lending=hight-satisfactory",
            "did you mean high-satisfactory?",
        ),
        ("servise=out", "did you mean service?"),
    ] {
        let out = world.local(&["--offline", "search", "--test", bad]);
        assert_code(&out, 2);
        assert!(stderr(&out).contains(said), "{bad}: {}", stderr(&out));
    }
}

/// The PE of `saved`'s exam as the sandbox writes it, naming the bank
/// `name`, saved as `file`.
fn renamed(world: &World, saved: &Saved, name: &str, file: &Path) {
    let row = world.sql(&format!(
        "SELECT detail_json FROM banks WHERE id = '{}'",
        saved.bank
    ));
    let mut bank: SandboxBank =
        serde_json::from_str(row[0]["detail_json"].as_str().unwrap()).unwrap();
    let exam = bank
        .ratings
        .iter()
        .find(|r| r.exam_date == saved.exam_date)
        .unwrap()
        .clone();
    let (evaluation, layout) = evaluation_of(&bank, &exam, &keys(world)[&saved.bank]).unwrap();
    bank.name = name.to_string();
    let bytes = cra::sandbox::public::evaluations::pdf(&bank, &evaluation, &layout);
    std::fs::write(file, bytes).unwrap();
}

#[test]
fn a_name_is_evidence_by_its_own_words_and_charter_is_one_of_them() {
    use cra::record::names::{name_key, overlap};
    let world = enriched(60);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 60, 1);
    let readable: Vec<&Saved> = saved.iter().filter(|s| !s.scanned).collect();
    let generic = [
        "BANK",
        "STATE",
        "NATIONAL",
        "FIRST",
        "TRUST",
        "SAVINGS",
        "COMMUNITY",
    ];
    // A bank whose name holds two generic words: a PE of another bank
    // named with the same two shares nothing that says which bank.
    let (bank, words) = readable
        .iter()
        .find_map(|s| {
            let name =
                world.sql(&format!("SELECT name FROM banks WHERE id = '{}'", s.bank))[0]["name"]
                    .as_str()
                    .unwrap()
                    .to_string();
            let key = name_key(&name);
            let words: Vec<&str> = key.split(' ').filter(|w| generic.contains(w)).collect();
            (words.len() >= 2 && overlap(&format!("ZZYZX {}", words.join(" ")), &key) >= 0.5)
                .then(|| (*s, words.join(" ")))
        })
        .expect("a bank named with two generic words");
    let other = world.home.path().join("other");
    std::fs::create_dir_all(&other).unwrap();
    let impostor = other.join("impostor.pdf");
    renamed(&world, bank, &format!("ZZYZX {words}"), &impostor);
    // A bank named "Charter National Bank": the cover's "Charter Number"
    // label is not matched inside it.
    let chartered = readable
        .iter()
        .find(|s| s.bank != bank.bank)
        .expect("another bank");
    let copy = rusqlite::Connection::open(world.home.path().join(".local/share/cra/mirror.sqlite"))
        .unwrap();
    copy.execute(
        "UPDATE banks SET name = 'CHARTER NATIONAL BANK' WHERE id = ?1",
        [&chartered.bank],
    )
    .unwrap();
    drop(copy);
    let charter = other.join("charter.pdf");
    renamed(&world, chartered, "Charter National Bank", &charter);

    let (code, summary, said) = read(&world, &[&other]);
    assert_eq!(code, 0, "{said}");
    assert_eq!(summary["evaluations"]["linked"], 1, "{summary}\n{said}");
    let rows = world.sql("SELECT source, bank_id, name, reason FROM evaluations");
    let row = |file: &Path| {
        rows.iter()
            .find(|r| r["source"] == file.display().to_string().as_str())
            .unwrap_or_else(|| panic!("{rows:?}"))
            .clone()
    };
    let impostor = row(&impostor);
    assert!(impostor["bank_id"].is_null(), "{impostor}");
    assert!(
        impostor["reason"]
            .as_str()
            .unwrap()
            .contains("it names ZZYZX"),
        "{impostor}"
    );
    let charter = row(&charter);
    assert_eq!(charter["bank_id"], chartered.bank.as_str(), "{charter}");
    assert_eq!(charter["name"], "Charter National Bank", "{charter}");
}

/// Of `saved`, a large bank's PE that agrees with the copy, and in the
/// folder `pair` of `world`'s home, that PE as `a.pdf` and the same exam's
/// PE published again three weeks later as `b.pdf`, its Lending Test
/// rated otherwise: the PE, the Lending Test's level in `a.pdf` and in
/// `b.pdf`, and the folder.
pub(crate) fn disagreeing_pair<'s>(
    world: &World,
    saved: &'s [Saved],
) -> (&'s Saved, Level, Level, PathBuf) {
    use cra::domain::Test;
    use cra::evaluation::model::Area;
    let first = saved
        .iter()
        .find(|s| {
            !s.scanned
                && s.evaluation.kind == cra::evaluation::model::Kind::Large
                && s.evaluation.rating.map(|r| r.as_str()) == Some(s.served.as_str())
        })
        .expect("a large bank's evaluation that agrees with the copy");
    let lending = |e: &Evaluation| {
        e.tests
            .iter()
            .find(|t| t.area == Area::Institution && t.test == Test::Lending)
            .unwrap()
            .level
    };
    let was = lending(&first.evaluation);
    let now = if was == Level::HighSatisfactory {
        Level::LowSatisfactory
    } else {
        Level::HighSatisfactory
    };
    // The same exam's PE published again three weeks later, its Lending
    // Test otherwise.
    let row = world.sql(&format!(
        "SELECT detail_json FROM banks WHERE id = '{}'",
        first.bank
    ));
    let bank: SandboxBank = serde_json::from_str(row[0]["detail_json"].as_str().unwrap()).unwrap();
    let exam = bank
        .ratings
        .iter()
        .find(|r| r.exam_date == first.exam_date)
        .unwrap();
    let (mut second, layout) = evaluation_of(&bank, exam, &keys(world)[&first.bank]).unwrap();
    for t in &mut second.tests {
        if t.area == Area::Institution && t.test == Test::Lending {
            t.level = now;
        }
    }
    let date: jiff::civil::Date = first.exam_date.parse().unwrap();
    second.date = Some(
        date.checked_add(jiff::Span::new().days(21))
            .unwrap()
            .to_string(),
    );
    let pair = world.home.path().join("pair");
    std::fs::create_dir_all(&pair).unwrap();
    std::fs::copy(&first.file, pair.join("a.pdf")).unwrap();
    std::fs::write(
        pair.join("b.pdf"),
        cra::sandbox::public::evaluations::pdf(&bank, &second, &layout),
    )
    .unwrap();
    (first, was, now, pair)
}

#[test]
fn two_pes_of_one_exam_that_disagree_are_read_by_one_rule_and_named() {
    let world = enriched(60);
    let dir = world.home.path().join("pes");
    let saved = save_evaluations(&world, &dir, 60, 1);
    let (first, was, now, pair) = disagreeing_pair(&world, &saved);
    let (code, summary, said) = read(&world, &[&pair]);
    assert_eq!(code, 0, "{said}");
    assert_eq!(summary["evaluations"]["linked"], 2, "{summary}\n{said}");
    // The conflict named.
    assert_eq!(said.matches(": conflict: ").count(), 1, "{said}");
    assert!(said.contains("a.pdf"), "{said}");
    // One rule, every reader: the latest PE's (both agree with the copy).
    let selects = |level: Level| {
        world
            .json(&[
                "--offline",
                "search",
                "--test",
                &format!("lending={}", level.slug()),
                "--all",
                "--format",
                "json",
            ])
            .iter()
            .any(|row| row["id"] == first.bank.as_str())
    };
    assert!(selects(now) && !selects(was), "{was} then {now}");
    let out = world.local(&[
        "--offline",
        "show",
        &first.bank,
        "--enriched",
        "--format",
        "json",
    ]);
    let detail: Value = serde_json::from_slice(&out.stdout).unwrap();
    let exam = detail["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["exam_date"] == first.exam_date.as_str())
        .unwrap()
        .clone();
    assert_eq!(
        exam["public_record"]["lending_test"],
        now.as_str(),
        "{exam}"
    );
    let counted = world.json(&["stats", "--by", "lending_test", "--format", "json"]);
    let by_sql = world.sql(&format!(
        "SELECT count(*) AS n FROM banks b JOIN evaluation_tests t ON t.bank_id = b.id \
         AND t.exam_date = b.exam_date AND t.area = 'institution' AND t.test = 'lending' \
         AND t.rating = '{}' AND b.id <> '{}'",
        was.as_str(),
        first.bank
    ));
    let group = counted.iter().find(|g| g["group"] == was.as_str());
    let total = group.map_or(Value::from(0), |g| g["total"].clone());
    assert_eq!(total, by_sql[0]["n"], "{counted:?}");
}
