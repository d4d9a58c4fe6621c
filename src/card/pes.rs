//! Where each exam's rating came from, as `show` says it: the PEs read of
//! the exam (file, date of the evaluation), whether one's overall rating
//! differs from the copy's (with the interagency points of a large bank's
//! tests), and, of two that rate the tests otherwise, which one the test
//! ratings are read from. On the card, a line an exam; in `--enriched`
//! json, the key `evaluations` of each rating.

use serde_json::{Value, json};

use crate::mirror::ExamPe;

/// The card's lines for the PEs read of the exam of `date` (none: no PE
/// of it was read), the first starting `  DATE  `, the others indented
/// `indent` columns.
pub(super) fn card_lines(pes: &[ExamPe], date: &str, indent: usize) -> Vec<String> {
    let of_exam: Vec<&ExamPe> = pes.iter().filter(|pe| pe.exam_date == date).collect();
    let chosen = of_exam.iter().find(|pe| pe.chosen).copied();
    let mut lines = Vec::new();
    for (n, pe) in of_exam.iter().enumerate() {
        let mut line = if n == 0 {
            format!("  {date}  {}", named(pe))
        } else {
            format!("{}{}", " ".repeat(indent), named(pe))
        };
        if let Some(said) = pe.disagrees() {
            line.push_str(&format!(" disagrees: {}", disagreement(pe, said)));
        }
        if let Some(chosen) = chosen
            && !pe.chosen
            && pe.tests != chosen.tests
        {
            line.push_str(&format!(
                "; its tests are rated otherwise, and the test ratings read {}",
                shown_file(&chosen.file)
            ));
        }
        lines.push(line);
    }
    lines
}

/// `PE FILE (DATE)`.
fn named(pe: &ExamPe) -> String {
    match &pe.evaluation_date {
        Some(date) => format!("PE {} ({date})", shown_file(&pe.file)),
        None => format!("PE {}", shown_file(&pe.file)),
    }
}

/// What a PE whose overall rating is `said` (not the copy's) says: its
/// tests' points, where they give that rating; else the rating, and the
/// points beside it when there are any.
fn disagreement(pe: &ExamPe, said: &str) -> String {
    match pe.points() {
        Some(points) if points.rating().as_str().eq_ignore_ascii_case(said) => {
            format!("its tests add up to {}", points.said())
        }
        Some(points) => format!(
            "it rates the bank {said}; its tests add up to {}",
            points.said()
        ),
        None => format!("it rates the bank {said}"),
    }
}

/// A file as the card names it: an address whole, a file by its name
/// (its folder would not fit the card's width; `cra evaluations` and the
/// json give the whole path).
fn shown_file(file: &str) -> String {
    if file.contains("://") {
        return file.to_string();
    }
    std::path::Path::new(file).file_name().map_or_else(
        || file.to_string(),
        |name| name.to_string_lossy().into_owned(),
    )
}

/// Adds to each object of the bank's json `ratings` the key
/// `evaluations`: the PEs read of its exam (an empty array for none).
pub(crate) fn add_json(json: &mut Value, pes: &[ExamPe]) {
    let Some(ratings) = json.get_mut("ratings").and_then(Value::as_array_mut) else {
        return;
    };
    for object in ratings {
        let date = object
            .get("exam_date")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let read: Vec<Value> = pes
            .iter()
            .filter(|pe| pe.exam_date == date)
            .map(pe_json)
            .collect();
        if let Some(object) = object.as_object_mut() {
            object.insert("evaluations".to_string(), Value::Array(read));
        }
    }
}

/// One PE as json: `file`, `sha256`, `evaluation_date`, `rating`,
/// `disagrees` (its rating is not the copy's), `points` (a large bank's
/// tests; null for others) and `tests_read` (the exam's test ratings are
/// read from it).
fn pe_json(pe: &ExamPe) -> Value {
    json!({
        "file": pe.file,
        "sha256": pe.sha256,
        "evaluation_date": pe.evaluation_date,
        "rating": pe.rating,
        "disagrees": pe.disagrees().is_some(),
        "points": pe.points().map(|p| p.to_json()),
        "tests_read": pe.chosen,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pe(file: &str, rating: &str, chosen: bool, tests: &[(&str, &str)]) -> ExamPe {
        ExamPe {
            exam_date: "2010-10-05".into(),
            sha256: format!("sha-{file}"),
            file: file.into(),
            evaluation_date: Some("2010-10-05".into()),
            rating: Some(rating.into()),
            copy_rating: Some("Satisfactory".into()),
            chosen,
            tests: tests
                .iter()
                .map(|(t, r)| (t.to_string(), r.to_string()))
                .collect(),
        }
    }

    const LARGE: [(&str, &str); 3] = [
        ("investment", "High Satisfactory"),
        ("lending", "Outstanding"),
        ("service", "Outstanding"),
    ];

    #[test]
    fn a_pe_that_disagrees_says_what_its_tests_add_up_to() {
        let pes = [pe("/nowhere/a.pdf", "Outstanding", true, &LARGE)];
        assert_eq!(
            card_lines(&pes, "2010-10-05", 14),
            [
                "  2010-10-05  PE a.pdf (2010-10-05) disagrees: its tests add up to \
              12+4+6 = 22 points, Outstanding"
            ]
        );
        assert!(card_lines(&pes, "2008-01-01", 14).is_empty());
        // One that agrees is named, nothing more; one with no tests says
        // its rating.
        let agrees = [pe("/nowhere/a.pdf", "Satisfactory", true, &LARGE[..1])];
        assert_eq!(
            card_lines(&agrees, "2010-10-05", 14),
            ["  2010-10-05  PE a.pdf (2010-10-05)"]
        );
        let small = [pe("/nowhere/a.pdf", "Outstanding", true, &[])];
        assert!(
            card_lines(&small, "2010-10-05", 14)[0]
                .ends_with("disagrees: it rates the bank Outstanding")
        );
    }

    #[test]
    fn of_two_pes_that_rate_the_tests_otherwise_the_one_read_is_named() {
        let other = [("lending", "Low Satisfactory"), LARGE[0], LARGE[2]];
        let pes = [
            pe("/nowhere/a.pdf", "Satisfactory", true, &LARGE),
            pe("/nowhere/b.pdf", "Satisfactory", false, &other),
        ];
        let lines = card_lines(&pes, "2010-10-05", 14);
        assert_eq!(lines.len(), 2);
        assert_eq!(
            lines[1],
            format!(
                "{}PE b.pdf (2010-10-05); its tests are rated otherwise, and the test \
                 ratings read a.pdf",
                " ".repeat(14)
            )
        );
        let mut json =
            json!({"ratings": [{"exam_date": "2010-10-05"}, {"exam_date": "2001-01-01"}]});
        add_json(&mut json, &pes);
        let read = &json["ratings"][0]["evaluations"];
        assert_eq!(read[0]["file"], "/nowhere/a.pdf");
        assert_eq!(read[0]["tests_read"], true);
        assert_eq!(read[0]["disagrees"], false);
        assert_eq!(read[0]["points"]["total"], 22);
        assert_eq!(read[1]["tests_read"], false);
        assert_eq!(json["ratings"][1]["evaluations"], json!([]));
    }
}
