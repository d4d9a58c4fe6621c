//! The public record of generated (or loaded) banks, drawn as realistically
//! as the banks themselves:
//!
//! - agency IDs by regulator (OCC charter, FRB RSSD ID, FDIC certificate,
//!   OTS docket), each unique for its regulator, numbers reused across
//!   regulators as in the real file; every bank has a certificate and an
//!   RSSD ID for BankFind;
//! - OTS thrifts still open after 2011 continue under the OCC as charter
//!   700000 + docket (BankFind says so; the file has that OCC institution's
//!   later exams, which the service does not); some OCC banks examined only
//!   since 2011 are such former thrifts, their OTS exams in the file too;
//! - total assets at each exam inside that year's band of the exam's type,
//!   growing between exams; exam method codes as the regulators used them
//!   (pre-1996 rules, then Large / Small / Intermediate Small, a few
//!   strategic plans and wholesale banks);
//! - FDIC dates in the file are the month the evaluation was made public:
//!   the service's own date for most FDIC banks, which it dates so (mostly
//!   the first of the month, as the file); for those it dates by each
//!   exam's own day (`data::dated_by_exam_day`, about a third), the first
//!   of the month 60 to 240 days later (none yet for an exam not public by
//!   the file's date);
//! - activity in BankFind as the last exam says: closed when it is more
//!   than eight years before the file's date (before the OTS closed, for
//!   a thrift: the others continued under the OCC or closed), mostly open
//!   when it is recent, half and half between; names at older exams
//!   sometimes a former name
//!   or the same name written otherwise, a few banks renamed since their
//!   latest exam; a few twins (the same history under another ID in
//!   another state); about 1 % of exams left out of the file and a few
//!   exams in the file that the service lacks.
//!
//! Determinism: every value comes from streams seeded by the bank's id
//! (never from the stream the banks are drawn from, so the service's data
//! set is untouched), and the exam values are drawn oldest first, so a
//! later exam (`--evolve`) leaves the earlier ones as they were. Numbers
//! are taken from shared pools in the order of `banks`, which the caller
//! keeps fixed (generation order, later banks after).

use jiff::civil::Date;

use super::PublicRecord;
use super::days::{
    OTS_END, day_number, from_day_number, long_unexamined, month_after, parse_day, quarter_end,
    seed_of,
};
use super::decoys;
use super::naming;
use super::pools::{Pools, class_of, identify};
use crate::domain::{ExamType, Rating, Regulator};
use crate::record::ffiec::{self, Exam, ExamMethod, InstitutionKey};
use crate::sandbox::data::{SandboxBank, dated_by_exam_day};
use crate::sandbox::draw::Draw;

const IDENTITY: u64 = 0x7075_6200_0001;
const EXAMS: u64 = 0x7075_6200_0002;
const NUMBERS: u64 = 0x7075_6200_0003;
const DECOYS: u64 = 0x7075_6200_0004;

/// The largest assets drawn (thousands): the real file's largest bank.
const MOST_ASSETS: u64 = 2_500_000_000;

/// One service exam, oldest first, with its date as a day.
struct Held<'a> {
    day: Date,
    exam_type: ExamType,
    rating: &'a Rating,
}

/// Draws the public record of `bank` into `out`.
pub fn bank(bank: &SandboxBank, vintage: Date, pools: &mut Pools, out: &mut PublicRecord) {
    let seed = seed_of(&bank.id);
    let mut who = Draw::new(seed, IDENTITY);
    let mut numbers = Draw::new(seed, NUMBERS);
    let mut held: Vec<Held> = bank
        .ratings
        .iter()
        .filter_map(|r| {
            Some(Held {
                day: parse_day(&r.exam_date)?,
                exam_type: r.exam_type.clone(),
                rating: &r.rating,
            })
        })
        .collect();
    held.sort_by_key(|h| h.day);
    let regulator = bank.regulator.clone();
    let (Some(first), Some(last)) = (held.first().map(|h| h.day), held.last().map(|h| h.day))
    else {
        out.truth.push((bank.id.clone(), None));
        return;
    };

    // Bank-level chances, always all drawn, in this order.
    let u: [f64; 12] = std::array::from_fn(|_| who.unit());
    let (id, mut record) = identify(&regulator, pools, &mut numbers);
    let mut key = InstitutionKey::new(regulator.clone(), id);
    record.regulator = Some(regulator.clone());
    record.class = Some(class_of(&regulator, u[10]).to_string());

    // Former thrifts: an OCC bank examined only since the OTS closed, as
    // charter 700000 + its docket.
    let thrift = regulator == Regulator::Occ && first >= OTS_END && u[1] < 0.7;
    if thrift {
        let docket = pools.docket(&mut numbers);
        key.agency_id = 700_000 + docket;
        record.occ_charter = Some(key.agency_id);
        record.ots_docket = Some(docket);
        record.class = Some("SA".to_string());
    }
    let active = u[0] >= inactive_share(&regulator, last, vintage);
    record.active = Some(active);
    if regulator == Regulator::Ots && active {
        // Continued under the OCC after 2011.
        let docket = key.agency_id;
        record.occ_charter = Some(700_000 + docket);
        record.regulator = Some(Regulator::Occ);
    }

    // Names: a former name before some exam, a name since the latest one.
    let mut names_draw = Draw::new(seed, DECOYS ^ 1);
    let rename_at =
        (u[3] < 0.15 && held.len() > 1).then(|| 1 + (u[5] * (held.len() - 1) as f64) as usize);
    let former = match rename_at {
        Some(_) if u[4] < 0.6 => naming::variant(&bank.name, &mut names_draw),
        Some(_) => naming::former(&bank.city, regulator.as_str(), &mut names_draw),
        None => String::new(),
    };
    let renamed_since = (u[6] < 0.02).then(|| naming::variant(&bank.name, &mut names_draw));

    // The exams, oldest first.
    let mut each = Draw::new(seed, EXAMS);
    let wholesale = u[8] < 0.008;
    let mut assets: Option<u64> = None;
    let mut previous_day: Option<Date> = None;
    let mut previous_file: Option<Date> = None;
    let mut exams = Vec::with_capacity(held.len());
    let exam_days = regulator == Regulator::Fdic && dated_by_exam_day(&bank.id);
    for (k, h) in held.iter().enumerate() {
        let v: [f64; 8] = std::array::from_fn(|_| each.unit());
        let file_day = if exam_days {
            // The first of the month after 59 to 209 days: 60 to 240 days
            // after the exam.
            let lag = 59 + (v[0] * 151.0) as i64;
            let mut day = month_after(from_day_number(day_number(h.day) + lag), 1);
            if let Some(before) = previous_file
                && day <= before
            {
                day = month_after(before, 1);
            }
            day
        } else {
            h.day
        };
        previous_file = Some(file_day);
        let bands = ffiec::size_bands(file_day);
        let grown = match (assets, previous_day) {
            (Some(a), Some(before)) => {
                let years = (day_number(h.day) - day_number(before)) as f64 / 365.25;
                Some(((a as f64) * (0.05 * years + (v[2] - 0.5) * 0.3).exp()) as u64)
            }
            _ => None,
        };
        let now = fit(grown, &h.exam_type, bands, v[1]);
        assets = Some(now);
        previous_day = Some(h.day);
        let method = method_of(&regulator, file_day, &h.exam_type, wholesale, v[3], v[4]);
        let zero = method.exam_type().is_some()
            && matches!(regulator, Regulator::Fdic | Regulator::Ots)
            && v[5] < 0.0005;
        if v[6] < 0.01 || file_day > vintage {
            continue;
        }
        let mut name = match (&renamed_since, rename_at) {
            (Some(since), _) => since.clone(),
            (None, Some(at)) if k < at => former.clone(),
            _ => bank.name.clone(),
        };
        if v[7] < 0.003 {
            name = name.replacen(' ', "  ", 1);
        }
        exams.push(Exam {
            regulator: key.regulator.clone(),
            agency_id: key.agency_id,
            exam_date: file_day,
            name,
            city: bank.city.clone(),
            state: bank.state.to_ascii_uppercase(),
            assets_thousands: if zero { 0 } else { now },
            method,
            rating: h.rating.clone(),
        });
    }
    // A few exams the service lacks: one in the middle of the longest gap.
    if u[9] < 0.006
        && let Some(extra) = decoys::extra_exam(&exams, u[11])
    {
        exams.push(extra);
    }

    // BankFind's latest figures: the last report before the file's date,
    // or before the bank closed.
    let last_assets = assets.unwrap_or(0);
    let report = if active {
        quarter_end(from_day_number(day_number(vintage) - 60))
    } else {
        let closed = day_number(last) + 90 + (u[2] * 3.0 * 365.0) as i64;
        quarter_end(from_day_number(
            closed.min(day_number(vintage) - 365).max(day_number(last)),
        ))
    };
    let years = (day_number(report) - day_number(last)).max(0) as f64 / 365.25;
    record.assets_thousands = Some(((last_assets as f64) * (0.04 * years).exp()) as u64);
    record.report_date = Some(report);
    record.name = Some(naming::legal(&bank.name, regulator == Regulator::Frb));
    record.city = Some(naming::legal(&bank.city, false));
    record.state = Some(bank.state.to_ascii_uppercase());

    let mut others = Draw::new(seed, DECOYS);
    if u[7] < 0.0012 {
        decoys::twin(bank, &exams, &regulator, vintage, pools, &mut others, out);
    }
    if thrift && u[2] < 0.5 {
        out.exams.extend(decoys::thrift_past(
            bank,
            key.agency_id - 700_000,
            first,
            &mut others,
        ));
    }
    if regulator == Regulator::Ots && active && u[11] < 0.8 {
        out.exams.extend(decoys::occ_future(
            bank,
            &exams,
            700_000 + key.agency_id,
            vintage,
            &mut others,
        ));
    }
    let linked = (!exams.is_empty()).then(|| key.clone());
    out.truth.push((bank.id.clone(), linked));
    out.exams.extend(exams);
    out.institutions.push(record);
}

/// The share of banks last examined on `last` that BankFind lists as
/// closed, the file being of `vintage`: every bank not examined for eight
/// years (an OTS thrift, by the time the OTS closed: the others continued
/// under the OCC, and most of those closed too), few examined lately.
fn inactive_share(regulator: &Regulator, last: Date, vintage: Date) -> f64 {
    if *regulator == Regulator::Ots {
        return if long_unexamined(last, OTS_END) {
            1.0
        } else {
            0.6
        };
    }
    if long_unexamined(last, vintage) {
        return 1.0;
    }
    let years = (day_number(vintage) - day_number(last)) as f64 / 365.25;
    if years <= 5.0 { 0.05 } else { 0.5 }
}

/// The assets (thousands) an exam of `exam_type` may have: `[low, high)`.
fn band(exam_type: &ExamType, bands: ffiec::SizeBands) -> (u64, u64) {
    match exam_type {
        ExamType::LargeBank => (bands.large_from, MOST_ASSETS + 1),
        ExamType::IntermediateSmallBank => (bands.small_below, bands.large_from),
        _ => (2_000, bands.small_below),
    }
}

/// The assets of an exam: `grown` from the one before when it lies in the
/// exam type's band, else moved just inside it; a first exam's drawn.
fn fit(grown: Option<u64>, exam_type: &ExamType, bands: ffiec::SizeBands, u: f64) -> u64 {
    let (low, high) = band(exam_type, bands);
    if high <= low {
        return low;
    }
    let (lo, hi) = (low as f64, high as f64);
    let value = match grown {
        Some(a) if (low..high).contains(&a) => return a,
        Some(a) if a < low => lo * (1.0 + u * 0.3),
        Some(_) => hi * (0.7 + 0.29 * u),
        None => match exam_type {
            ExamType::LargeBank => lo * (-(1.0 - u).ln() * 1.1).exp(),
            ExamType::IntermediateSmallBank => lo * (hi / lo).powf(u),
            _ => 8_000f64.min(lo * 4.0) * (hi / 8_000f64.min(lo * 4.0)).powf(u.powf(0.7)),
        },
    };
    (value as u64).clamp(low, high - 1)
}

/// The exam method code a regulator gave an exam of `exam_type` on `day`.
fn method_of(
    regulator: &Regulator,
    day: Date,
    exam_type: &ExamType,
    wholesale: bool,
    u: f64,
    w: f64,
) -> ExamMethod {
    let pre_rule = match day.year() {
        ..=1995 => 1.0,
        1996 => 0.45,
        1997 => 0.15,
        _ => 0.0,
    };
    if u < pre_rule {
        return if *regulator == Regulator::Ots {
            ExamMethod::ASSESSMENT_FACTORS
        } else {
            ExamMethod::OTHER
        };
    }
    if wholesale {
        return ExamMethod::WHOLESALE_LIMITED_PURPOSE;
    }
    if w < 0.003 {
        return ExamMethod::STRATEGIC_PLAN;
    }
    if day.year() <= 2010 && w < 0.013 {
        return ExamMethod::OTHER;
    }
    match exam_type {
        ExamType::LargeBank => ExamMethod::LARGE_BANK,
        ExamType::IntermediateSmallBank => ExamMethod::INTERMEDIATE_SMALL_BANK,
        ExamType::SmallBank => ExamMethod::SMALL_BANK,
        ExamType::Other(_) => ExamMethod::OTHER,
    }
}
