//! Who reports in each year, from the sandbox's public record: each
//! institution of its ratings file (its exams' dates and assets, its RSSD
//! ID from BankFind's record of it, the bank it truly is), a reporter in
//! every year from its first exam to two years past its last whose assets
//! reach that year's reporting threshold (a large bank's: $250 million to
//! 2004, $1 billion from 2005, indexed since), under the agency that
//! examined it then (none under the OTS after 2010). A large bank's share
//! of loans in low- and moderate-income tracts follows the Lending Test
//! of its evaluation (`evaluations::evaluation_of`) nearest after the
//! year. And the routes that serve the zips, made on first request and
//! kept.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use jiff::civil::Date;

use super::super::serve::answer;
use super::super::{Public, PublicRecord};
use super::draw::hash;
use super::{ReporterSpec, write_year, zip_of};
use crate::domain::{ExamType, Regulator};
use crate::domain::{Level, Test};
use crate::evaluation::model::Area;
use crate::lending::{Agency, Kind};
use crate::record::ffiec::{InstitutionKey, size_bands};
use crate::sandbox::store::ServedBanks;

/// One institution of the public record, as the lending files see it.
#[derive(Debug, Clone)]
struct Held {
    key: InstitutionKey,
    /// Its exams: the day, assets (thousands), name, city, state.
    exams: Vec<(Date, u64, String, String, String)>,
    rssd: Option<u64>,
    bank_id: Option<String>,
}

/// The institutions that may report, in the order of their keys.
#[derive(Debug, Clone, Default)]
pub struct Book {
    held: Vec<Held>,
}

impl Book {
    pub fn new(record: &PublicRecord) -> Book {
        let mut by_key: BTreeMap<(String, u64), Held> = BTreeMap::new();
        for exam in &record.exams {
            let key = (exam.regulator.as_str().to_string(), exam.agency_id);
            by_key
                .entry(key)
                .or_insert_with(|| Held {
                    key: InstitutionKey::new(exam.regulator.clone(), exam.agency_id),
                    exams: Vec::new(),
                    rssd: None,
                    bank_id: None,
                })
                .exams
                .push((
                    exam.exam_date,
                    exam.assets_thousands,
                    exam.name.clone(),
                    exam.city.clone(),
                    exam.state.clone(),
                ));
        }
        // BankFind's RSSD ID of each institution, by the key's own number.
        for institution in &record.institutions {
            let Some(rssd) = institution.rssd_id else {
                continue;
            };
            let own = [
                ("FDIC", institution.fdic_cert),
                ("OCC", institution.occ_charter),
                ("OTS", institution.ots_docket),
                ("FRB", Some(rssd)),
            ];
            for (regulator, id) in own {
                if let Some(held) = id.and_then(|id| by_key.get_mut(&(regulator.to_string(), id))) {
                    held.rssd.get_or_insert(rssd);
                }
            }
        }
        for (bank, key) in &record.truth {
            if let Some(key) = key
                && let Some(held) =
                    by_key.get_mut(&(key.regulator.as_str().to_string(), key.agency_id))
            {
                held.bank_id = Some(bank.clone());
            }
        }
        let mut held: Vec<Held> = by_key.into_values().collect();
        for one in &mut held {
            one.exams.sort_by_key(|e| e.0);
        }
        Book { held }
    }

    /// The reporters of `year`, their Lending Tests read from `store`.
    pub fn reporters(&self, year: u16, store: &ServedBanks) -> Vec<ReporterSpec> {
        let end = jiff::civil::date(i16::try_from(year).unwrap_or(2024), 12, 31);
        let threshold = size_bands(end).large_from;
        let mut reporters = Vec::new();
        for held in &self.held {
            let Some(agency) = agency(&held.key.regulator) else {
                continue;
            };
            if agency == Agency::Ots && year > 2010 {
                continue;
            }
            let (Some(first), Some(last)) = (held.exams.first(), held.exams.last()) else {
                continue;
            };
            let year_of = |d: Date| u16::try_from(d.year()).unwrap_or(0);
            if year_of(first.0) > year || year > year_of(last.0) + 2 {
                continue;
            }
            let Some(at) = held.exams.iter().rev().find(|e| e.0 <= end).or(Some(first)) else {
                continue;
            };
            let assets = at.1;
            if assets < threshold {
                continue;
            }
            let seed = hash(&[held.key.regulator.as_str(), &held.key.agency_id.to_string()]);
            let rssd = match agency {
                Agency::Frb => Some(held.key.agency_id),
                _ => held.rssd,
            };
            reporters.push(ReporterSpec {
                agency,
                id: held.key.agency_id,
                rssd: rssd.filter(|_| year >= 1997),
                name: at.2.to_ascii_uppercase(),
                city: at.3.to_ascii_uppercase(),
                state: at.4.clone(),
                state_fips: fips(&at.4).to_string(),
                assets_thousands: assets,
                lmi_factor: lmi_factor(held, year, store),
                counties: 1
                    + (assets / 600_000).min(9) as usize
                    + usize::from(assets > 50_000_000) * 4,
                seed,
            });
        }
        reporters
    }
}

fn agency(regulator: &Regulator) -> Option<Agency> {
    Some(match regulator {
        Regulator::Occ => Agency::Occ,
        Regulator::Frb => Agency::Frb,
        Regulator::Fdic => Agency::Fdic,
        Regulator::Ots => Agency::Ots,
        Regulator::Other(_) => return None,
    })
}

/// How a large bank lends in low- and moderate-income tracts against the
/// market, by the Lending Test of its exam nearest after `year` (within
/// four years): well above for Outstanding, well below for Needs to
/// Improve; near the market's mix for a bank without one.
fn lmi_factor(held: &Held, year: u16, store: &ServedBanks) -> f64 {
    let jitter = 0.9
        + 0.2
            * ((hash(&[&held.key.agency_id.to_string(), &year.to_string()]) % 1000) as f64
                / 1000.0);
    let Some(bank) = held
        .bank_id
        .as_deref()
        .and_then(|id| store.position(id))
        .and_then(|at| store.banks().get(at as usize))
    else {
        return jitter;
    };
    let after = format!("{}-01-01", year + 1);
    let until = format!("{}-12-31", year + 4);
    let exam = bank
        .ratings
        .iter()
        .filter(|e| e.exam_type == ExamType::LargeBank)
        .filter(|e| {
            e.exam_date.as_str() >= after.as_str() && e.exam_date.as_str() <= until.as_str()
        })
        .min_by(|a, b| a.exam_date.cmp(&b.exam_date));
    let Some(exam) = exam else {
        return jitter;
    };
    let Some((evaluation, _)) = super::super::evaluations::evaluation_of(bank, exam, &held.key)
    else {
        return jitter;
    };
    let lending = evaluation
        .tests
        .iter()
        .find(|t| t.area == Area::Institution && t.test == Test::Lending)
        .map(|t| t.level);
    let factor = match lending {
        Some(Level::Outstanding) => 1.5,
        Some(Level::HighSatisfactory) => 1.2,
        Some(Level::Satisfactory) => 1.0,
        Some(Level::LowSatisfactory) => 0.8,
        Some(Level::NeedsToImprove) => 0.55,
        Some(Level::SubstantialNoncompliance) => 0.35,
        None => 1.0,
    };
    factor * jitter
}

/// The FIPS code of a state's postal code (`11`, the District, for a
/// place the lending files have no code for).
fn fips(postal: &str) -> &'static str {
    const CODES: [(&str, &str); 56] = [
        ("AL", "01"),
        ("AK", "02"),
        ("AZ", "04"),
        ("AR", "05"),
        ("CA", "06"),
        ("CO", "08"),
        ("CT", "09"),
        ("DE", "10"),
        ("DC", "11"),
        ("FL", "12"),
        ("GA", "13"),
        ("HI", "15"),
        ("ID", "16"),
        ("IL", "17"),
        ("IN", "18"),
        ("IA", "19"),
        ("KS", "20"),
        ("KY", "21"),
        ("LA", "22"),
        ("ME", "23"),
        ("MD", "24"),
        ("MA", "25"),
        ("MI", "26"),
        ("MN", "27"),
        ("MS", "28"),
        ("MO", "29"),
        ("MT", "30"),
        ("NE", "31"),
        ("NV", "32"),
        ("NH", "33"),
        ("NJ", "34"),
        ("NM", "35"),
        ("NY", "36"),
        ("NC", "37"),
        ("ND", "38"),
        ("OH", "39"),
        ("OK", "40"),
        ("OR", "41"),
        ("PA", "42"),
        ("RI", "44"),
        ("SC", "45"),
        ("SD", "46"),
        ("TN", "47"),
        ("TX", "48"),
        ("UT", "49"),
        ("VT", "50"),
        ("VA", "51"),
        ("WA", "53"),
        ("WV", "54"),
        ("WI", "55"),
        ("WY", "56"),
        ("AS", "60"),
        ("GU", "66"),
        ("MP", "69"),
        ("PR", "72"),
        ("VI", "78"),
    ];
    CODES
        .iter()
        .find(|(code, _)| code.eq_ignore_ascii_case(postal))
        .map_or("11", |(_, fips)| fips)
}

/// The year and kind a file name asks for (`13exp_aggr.zip`).
fn asked(file: &str) -> Option<(u16, Kind)> {
    let stem = file.strip_suffix(".zip")?;
    let (yy, word) = stem.split_once("exp_")?;
    let yy: u16 = yy.parse().ok().filter(|_| yy.len() == 2)?;
    let year = if yy >= 96 { 1900 + yy } else { 2000 + yy };
    let kind = Kind::ALL.into_iter().find(|k| k.file_word() == word)?;
    Some((year, kind))
}

/// `GET /lending/{file}`: the zip of that year and kind, made on first
/// request and kept.
pub async fn serve(State(public): State<Arc<Public>>, Path(file): Path<String>) -> Response {
    let last = crate::sandbox::lending_last_year();
    let Some((year, kind)) = asked(&file).filter(|(year, _)| (1996..=last).contains(year)) else {
        return answer(
            StatusCode::NOT_FOUND,
            "text/plain; charset=utf-8",
            format!(
                "no such file: the sandbox serves {{yy}}exp_{{trans,aggr,discl}}.zip of 1996 to {last}\n"
            ),
        );
    };
    let made = tokio::task::spawn_blocking(move || public.lending_zip(year, kind)).await;
    match made {
        Ok(Ok(zip)) => {
            let mut response = answer(StatusCode::OK, "application/x-zip-compressed", zip);
            if let Ok(value) = format!("attachment; filename=\"{file}\"").parse() {
                response
                    .headers_mut()
                    .insert(axum::http::header::CONTENT_DISPOSITION, value);
            }
            response
        }
        _ => answer(
            StatusCode::INTERNAL_SERVER_ERROR,
            "text/plain; charset=utf-8",
            "the file could not be written\n",
        ),
    }
}

/// `GET /lending/challenge/{file}`: what the FFIEC's bot filter answers
/// a script in place of a file.
pub async fn challenge(Path(_file): Path<String>) -> Response {
    answer(
        StatusCode::FORBIDDEN,
        "text/html; charset=UTF-8",
        "<!DOCTYPE html><html lang=\"en-US\"><head><title>Just a moment...</title></head>\
         <body><p>Enable JavaScript and cookies to continue</p></body></html>\n",
    )
}

impl Public {
    /// The zip of `kind` for `year`, made once.
    pub fn lending_zip(&self, year: u16, kind: Kind) -> std::io::Result<bytes::Bytes> {
        if let Some(zip) = self
            .lending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&(year, kind))
        {
            return Ok(zip.clone());
        }
        let reporters = {
            let store = self.store.read().unwrap_or_else(|e| e.into_inner());
            self.served().book.reporters(year, &store)
        };
        let reporters = scaled(reporters, self.lending_scale);
        let tables = write_year(year, &reporters, &[kind]);
        let zip: bytes::Bytes = zip_of(year, kind, &tables)?.into();
        self.lending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert((year, kind), zip.clone());
        Ok(zip)
    }
}

/// `reporters` `scale` times over: each copy under identifiers no bank of
/// the copy holds (its agency number and RSSD ID plus a multiple of
/// 100,000,000), with a seed of its own, so it lends elsewhere.
fn scaled(reporters: Vec<ReporterSpec>, scale: u32) -> Vec<ReporterSpec> {
    let mut all = reporters.clone();
    for k in 1..u64::from(scale.max(1)) {
        all.extend(reporters.iter().map(|r| ReporterSpec {
            id: r.id + k * 100_000_000,
            rssd: r.rssd.map(|rssd| rssd + k * 100_000_000),
            seed: r.seed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15),
            ..r.clone()
        }));
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(id: u64) -> ReporterSpec {
        ReporterSpec {
            agency: Agency::Fdic,
            id,
            rssd: Some(id + 7),
            name: "A BANK".into(),
            city: "A CITY".into(),
            state: "VT".into(),
            state_fips: "50".into(),
            assets_thousands: 2_000_000,
            lmi_factor: 1.0,
            counties: 3,
            seed: id,
        }
    }

    #[test]
    fn a_scale_repeats_every_reporter_under_identifiers_of_its_own() {
        let drawn = vec![spec(57), spec(99_999_999)];
        assert_eq!(scaled(drawn.clone(), 1).len(), 2);
        let all = scaled(drawn, 4);
        assert_eq!(all.len(), 8);
        let ids: std::collections::BTreeSet<u64> = all.iter().map(|r| r.id).collect();
        let rssds: std::collections::BTreeSet<u64> = all.iter().filter_map(|r| r.rssd).collect();
        let seeds: std::collections::BTreeSet<u64> = all.iter().map(|r| r.seed).collect();
        assert_eq!((ids.len(), rssds.len(), seeds.len()), (8, 8, 8));
        // Still within the files' ten-digit identifiers.
        assert!(all.iter().all(|r| r.id < 10_000_000_000));
    }
}
