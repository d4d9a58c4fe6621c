//! The sandbox's public evaluations: a PDF for each exam of a bank the
//! FFIEC file has, at `crate::sandbox::evaluation_path`, written as the
//! agencies lay theirs out (`sandbox::pe`) and consistent with the rating
//! the service serves: a large bank's tests combine to it by the
//! interagency points. Some are scanned (no text), some multistate (state
//! and multistate MSA sections), a few print another overall rating than
//! the service's (as real ones sometimes do). Everything is drawn from the
//! bank's id and the exam's date: never from the clock.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;

use super::Public;
use crate::domain::Level;
use crate::domain::{ExamType, Rating, Regulator};
use crate::evaluation::model::{Area, AreaRating, Evaluation, IdKind, Kind, PrintedId};
use crate::record::ffiec::InstitutionKey;
use crate::sandbox::data::{SandboxBank, SandboxExam};
use crate::sandbox::draw::Draw;
use crate::sandbox::pe::{Agency, PeSpec, draw_tests, write};

/// The route, for `serve::routes`.
pub const PATH: &str = "/pe/{bank_id}/{file}";

/// Multistate MSAs a multistate bank may be rated in, as PEs name them.
const MSAS: [&str; 6] = [
    "Kansas City MO-KS",
    "Memphis TN-MS-AR",
    "Philadelphia-Camden-Wilmington PA-NJ-DE-MD",
    "Cincinnati OH-KY-IN",
    "St. Louis MO-IL",
    "Chicago-Naperville-Elgin IL-IN-WI",
];

/// The share of evaluations scanned, and printing another overall rating.
const SCANNED: f64 = 0.05;
const DISAGREE: f64 = 0.03;

/// What the sandbox prints in the evaluation of `exam` of `bank`, the
/// institution the FFIEC file knows it as `key`: the evaluation (what a
/// reader must find) and the rest of the layout. None for a rating no
/// evaluation gives.
pub fn evaluation_of(
    bank: &SandboxBank,
    exam: &SandboxExam,
    key: &InstitutionKey,
) -> Option<(Evaluation, Layout)> {
    let served = match exam.rating {
        Rating::Outstanding => Level::Outstanding,
        Rating::Satisfactory => Level::Satisfactory,
        Rating::NeedsToImprove => Level::NeedsToImprove,
        Rating::SubstantialNoncompliance => Level::SubstantialNoncompliance,
        Rating::Other(_) => return None,
    };
    let seed = seed_of(&bank.id, &exam.exam_date);
    let mut draw = Draw::new(seed, 0x5045_0001);
    let overall = if draw.chance(DISAGREE) {
        match served {
            Level::Outstanding => Level::Satisfactory,
            Level::Satisfactory => Level::Outstanding,
            _ => Level::Satisfactory,
        }
    } else {
        served
    };
    let kind = match exam.exam_type {
        ExamType::LargeBank if exam.exam_date.as_str() >= "2026-01-01" && draw.chance(0.5) => {
            Kind::Rule2023
        }
        ExamType::LargeBank => Kind::Large,
        ExamType::IntermediateSmallBank => Kind::IntermediateSmall,
        ExamType::SmallBank => Kind::Small,
        ExamType::Other(_) => Kind::Other,
    };
    let mut areas = Vec::new();
    if kind == Kind::Large && draw.chance(0.3) {
        areas.push(Area::State(bank.state.clone()));
        let others: Vec<&str> = crate::domain::states::CODES
            .iter()
            .copied()
            .filter(|code| *code != bank.state && crate::sandbox::pe::state_name(code).is_some())
            .collect();
        let other = draw.pick(&others).to_string();
        areas.push(Area::State(other));
        if draw.chance(0.4) {
            areas.push(Area::Msa(draw.pick(&MSAS).to_string()));
        }
    }
    let tests = draw_tests(overall, kind, &areas, &mut draw);
    // Each area's overall rating, as its tests combine (the PE prints it).
    let area_ratings = areas
        .iter()
        .filter(|area| tests.iter().any(|t| t.area == **area))
        .map(|area| {
            let of: Vec<_> = tests
                .iter()
                .filter(|t| t.area == *area)
                .map(|t| (t.test, t.level))
                .collect();
            AreaRating {
                area: area.clone(),
                level: crate::sandbox::pe::area_rating(kind, &of, overall),
            }
        })
        .collect();
    let id_kind = match key.regulator {
        Regulator::Occ => IdKind::OccCharter,
        Regulator::Fdic => IdKind::FdicCert,
        Regulator::Frb => IdKind::Rssd,
        Regulator::Ots => IdKind::OtsDocket,
        Regulator::Other(_) => return None,
    };
    let evaluation = Evaluation {
        name: bank.name.clone(),
        ids: vec![PrintedId {
            kind: id_kind,
            number: key.agency_id,
        }],
        date: Some(exam.exam_date.clone()),
        rating: Some(overall),
        kind,
        tests,
        area_ratings,
    };
    let layout = Layout {
        agency: match key.regulator {
            Regulator::Fdic => Agency::Fdic,
            Regulator::Frb => Agency::Frb,
            _ => Agency::Occ,
        },
        table: kind == Kind::Large && draw.chance(0.5),
        scanned: draw.chance(SCANNED),
        narrative_pages: 4 + draw.below(13),
        seed,
    };
    Some((evaluation, layout))
}

/// How an evaluation is laid out, beside what it says.
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    pub agency: Agency,
    pub table: bool,
    pub scanned: bool,
    pub narrative_pages: usize,
    pub seed: u64,
}

/// The PDF of `evaluation` laid out as `layout` says.
pub fn pdf(bank: &SandboxBank, evaluation: &Evaluation, layout: &Layout) -> Vec<u8> {
    write(&PeSpec {
        agency: layout.agency,
        name: &bank.name,
        city: &bank.city,
        state: &bank.state,
        id: evaluation.ids[0].clone(),
        date: evaluation.date.as_deref().unwrap_or_default(),
        evaluation,
        table: layout.table,
        scanned: layout.scanned,
        narrative_pages: layout.narrative_pages,
        seed: layout.seed,
    })
}

/// A fixed, well-spread number of a bank's id and an exam's date (FNV-1a).
fn seed_of(bank_id: &str, exam_date: &str) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in bank_id.bytes().chain([0]).chain(exam_date.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// A response of `status` with `body` of `content_type`.
fn answer(status: StatusCode, content_type: &'static str, body: impl Into<Body>) -> Response {
    let mut response = Response::new(body.into());
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

/// `GET /pe/{bank_id}/{date}.pdf`.
pub async fn serve(
    State(public): State<Arc<Public>>,
    Path((bank_id, file)): Path<(String, String)>,
) -> Response {
    let not_found = |what: &str| {
        answer(
            StatusCode::NOT_FOUND,
            "text/plain; charset=utf-8",
            format!("no public evaluation: {what}\n"),
        )
    };
    let Some(date) = file.strip_suffix(".pdf") else {
        return not_found("the address ends in the exam's date and .pdf");
    };
    let Some(key) = public.served().key_of(&bank_id) else {
        return not_found("no such bank in the FFIEC file");
    };
    let found = {
        let store = public.store.read().unwrap_or_else(|e| e.into_inner());
        store.position(&bank_id).and_then(|at| {
            let bank = store.banks().get(at as usize)?;
            let exam = bank.ratings.iter().find(|r| r.exam_date == date)?;
            let (evaluation, layout) = evaluation_of(bank, exam, &key)?;
            Some((bank.clone(), evaluation, layout))
        })
    };
    let Some((bank, evaluation, layout)) = found else {
        return not_found("the bank has no exam of that date");
    };
    let bytes = tokio::task::spawn_blocking(move || pdf(&bank, &evaluation, &layout)).await;
    match bytes {
        Ok(bytes) => answer(StatusCode::OK, "application/pdf", bytes),
        Err(_) => answer(
            StatusCode::INTERNAL_SERVER_ERROR,
            "text/plain; charset=utf-8",
            "the evaluation could not be written\n",
        ),
    }
}
