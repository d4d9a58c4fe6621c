//! What a bank's json document carries beside what the service serves,
//! from the local copy's public record: each exam's area ratings, the
//! years it reported lending, the PEs read; and how it ended, said beside
//! rows and documents.

use anyhow::Result;

use crate::domain::BankDetail;
use crate::mirror::{ExamPe, ExamTests, Reader};
use crate::text::inert;

/// Each exam's states and multistate MSAs as its evaluation rates them
/// (`area_ratings`: `area`, `overall` and each test's rating), where a PE
/// of the exam was read that rates any.
pub(crate) fn add_area_ratings(json: &mut serde_json::Value, exams: &[ExamTests]) {
    use serde_json::{Map, Value};
    let Some(ratings) = json.get_mut("ratings").and_then(|r| r.as_array_mut()) else {
        return;
    };
    for object in ratings {
        let date = object.get("exam_date").and_then(Value::as_str);
        let Some(exam) = exams.iter().find(|e| Some(e.exam_date.as_str()) == date) else {
            continue;
        };
        let mut areas: Vec<Map<String, Value>> = Vec::new();
        for (area, test, rating) in &exam.tests {
            match areas.last_mut() {
                Some(last) if last["area"] == area.as_str() => {
                    last.insert(test.clone(), rating.as_str().into());
                }
                _ => areas.push(Map::from_iter([
                    ("area".to_string(), area.as_str().into()),
                    (test.clone(), rating.as_str().into()),
                ])),
            }
        }
        if let Some(object) = object.as_object_mut() {
            let areas = areas.into_iter().map(Value::Object).collect();
            object.insert("area_ratings".to_string(), Value::Array(areas));
        }
    }
}

/// `lending`: the last three years the bank `id` reported (newest first),
/// added to `object` when the copy holds any; whether it did.
pub(crate) fn add_lending(
    object: &mut serde_json::Map<String, serde_json::Value>,
    id: &str,
    public: Option<&Reader>,
) -> Result<bool> {
    let Some(reader) = public else {
        return Ok(false);
    };
    let years = reader.lending_last_years(id, 3)?;
    if years.is_empty() {
        return Ok(false);
    }
    object.insert(
        "lending".to_string(),
        years.iter().map(|line| line.to_json()).collect(),
    );
    Ok(true)
}

/// The PEs read of each of the bank's exams, where the copy has a public
/// record (none otherwise).
pub(crate) fn exam_pes(public: Option<&Reader>, id: &str) -> Result<Vec<ExamPe>> {
    match public {
        Some(reader) => reader.evaluations().exam_pes(id),
        None => Ok(Vec::new()),
    }
}

/// For each of `banks` that ended (as the copy's public record knows from
/// BankFind's history), a line saying how and into which institution:
/// what a card says, for rows and documents, which cannot (`show` says it
/// on standard error).
pub(crate) fn endings(banks: &[BankDetail], public: Option<&Reader>) -> Result<Vec<String>> {
    let Some(reader) = public else {
        return Ok(Vec::new());
    };
    if !reader.events().any()? {
        return Ok(Vec::new());
    }
    let mut lines = Vec::new();
    for bank in banks {
        if let Some(ending) = reader.events().ending(&bank.fields.id)? {
            lines.push(format!(
                "{} {}",
                inert(&bank.fields.name),
                super::ended(&ending)
            ));
        }
    }
    Ok(lines)
}
