//! The public record's institutions and exams the service does not have:
//! an exam in a long gap of a bank's history, a twin (the same history
//! under another ID in another state), a former thrift's OTS exams, an
//! OTS thrift's exams after 2011 under the OCC.

use jiff::civil::Date;

use super::PublicRecord;
use super::days::{
    OTS_END, day_number, from_day_number, long_unexamined, month_after, quarter_end, weekday,
};
use super::naming;
use super::pools::{Pools, class_of, identify};
use crate::domain::{ExamType, Rating, Regulator};
use crate::record::ffiec::{self, Exam, ExamMethod};
use crate::sandbox::data::SandboxBank;
use crate::sandbox::draw::Draw;
use crate::sandbox::tables;

/// The method code that assets on `day` call for (exams the service
/// lacks): the pre-1996 rules' codes before 1996.
fn method_by_assets(regulator: &Regulator, day: Date, assets: u64) -> ExamMethod {
    if day.year() < 1996 {
        return if *regulator == Regulator::Ots {
            ExamMethod::ASSESSMENT_FACTORS
        } else {
            ExamMethod::OTHER
        };
    }
    match ffiec::exam_type_by_assets(day, assets) {
        ExamType::LargeBank => ExamMethod::LARGE_BANK,
        ExamType::IntermediateSmallBank => ExamMethod::INTERMEDIATE_SMALL_BANK,
        _ => ExamMethod::SMALL_BANK,
    }
}

/// A rating for an exam the service lacks.
fn some_rating(draw: &mut Draw) -> Rating {
    Rating::SCALE[draw.weighted(&[14.0, 84.0, 2.0, 0.0])].clone()
}

/// An exam in the middle of the longest gap of `exams` (of one bank, oldest
/// first), if one is two years or more.
pub fn extra_exam(exams: &[Exam], u: f64) -> Option<Exam> {
    let (gap, later) = exams
        .windows(2)
        .map(|w| {
            (
                day_number(w[1].exam_date) - day_number(w[0].exam_date),
                &w[1],
            )
        })
        .max_by_key(|(gap, _)| *gap)?;
    if gap < 730 {
        return None;
    }
    let middle = day_number(later.exam_date) - gap / 2 + ((u - 0.5) * 120.0) as i64;
    let day = if later.regulator == Regulator::Fdic {
        month_after(from_day_number(middle), 0)
    } else {
        weekday(middle)
    };
    Some(Exam {
        exam_date: day,
        assets_thousands: later.assets_thousands / 100 * 93,
        method: if later.method.exam_type().is_some() || day.year() < 1996 {
            method_by_assets(&later.regulator, day, later.assets_thousands / 100 * 93)
        } else {
            later.method
        },
        ..later.clone()
    })
}

/// Another institution with the same history in another state: the same
/// exams under an ID of its own, a town of that state, the same name or
/// another; in BankFind too.
pub fn twin(
    bank: &SandboxBank,
    exams: &[Exam],
    regulator: &Regulator,
    vintage: Date,
    pools: &mut Pools,
    draw: &mut Draw,
    out: &mut PublicRecord,
) {
    if exams.is_empty() {
        return;
    }
    let (id, mut record) = identify(regulator, pools, draw);
    let state = loop {
        let (code, _) = *draw.pick(&tables::STATES);
        if !code.eq_ignore_ascii_case(&bank.state) {
            break code;
        }
    };
    let towns = tables::towns(state);
    let city = if towns.is_empty() {
        bank.city.clone()
    } else {
        draw.pick(towns).to_string()
    };
    let name = if draw.chance(0.6) {
        bank.name.clone()
    } else {
        naming::former(&city, regulator.as_str(), draw)
    };
    out.exams.extend(exams.iter().map(|e| Exam {
        agency_id: id,
        name: name.clone(),
        city: city.clone(),
        state: state.to_string(),
        ..e.clone()
    }));
    let last = exams.iter().max_by_key(|e| e.exam_date).expect("not empty");
    // Its own: open or not, but closed when long unexamined, as any.
    let open = draw.chance(0.75);
    record.active = Some(open && !long_unexamined(last.exam_date, vintage));
    record.assets_thousands = Some(last.assets_thousands);
    record.report_date = Some(quarter_end(from_day_number(day_number(vintage) - 60)));
    record.name = Some(naming::legal(&name, *regulator == Regulator::Frb));
    record.city = Some(naming::legal(&city, false));
    record.state = Some(state.to_string());
    record.regulator = Some(regulator.clone());
    record.class = Some(class_of(regulator, draw.unit()).to_string());
    out.institutions.push(record);
}

/// A former thrift's exams under the OTS, before its first under the OCC.
pub fn thrift_past(bank: &SandboxBank, docket: u64, first: Date, draw: &mut Draw) -> Vec<Exam> {
    let count = 1 + draw.below(3);
    let mut day = day_number(first.min(OTS_END));
    let mut exams = Vec::with_capacity(count);
    let mut assets = 150_000 + draw.below(200_000) as u64;
    for _ in 0..count {
        day -= 900 + draw.below(600) as i64;
        if day < day_number(jiff::civil::date(1990, 1, 2)) {
            break;
        }
        assets = assets * 9 / 10;
        let date = weekday(day);
        exams.push(Exam {
            regulator: Regulator::Ots,
            agency_id: docket,
            exam_date: date,
            name: bank.name.clone(),
            city: bank.city.clone(),
            state: bank.state.to_ascii_uppercase(),
            assets_thousands: assets,
            method: method_by_assets(&Regulator::Ots, date, assets),
            rating: some_rating(draw),
        });
    }
    exams
}

/// A thrift's exams under the OCC after 2011, as charter 700000 + docket.
pub fn occ_future(
    bank: &SandboxBank,
    exams: &[Exam],
    charter: u64,
    vintage: Date,
    draw: &mut Draw,
) -> Vec<Exam> {
    let Some(last) = exams.iter().max_by_key(|e| e.exam_date) else {
        return Vec::new();
    };
    let mut day = day_number(last.exam_date.max(OTS_END));
    let mut assets = last.assets_thousands.max(20_000);
    let mut later = Vec::new();
    for _ in 0..1 + draw.below(3) {
        day += 400 + draw.below(1000) as i64;
        let date = weekday(day);
        if date > vintage {
            break;
        }
        assets = assets * 11 / 10;
        later.push(Exam {
            regulator: Regulator::Occ,
            agency_id: charter,
            exam_date: date,
            name: bank.name.clone(),
            city: bank.city.clone(),
            state: bank.state.to_ascii_uppercase(),
            assets_thousands: assets,
            method: method_by_assets(&Regulator::Occ, date, assets),
            rating: some_rating(draw),
        });
    }
    later
}
