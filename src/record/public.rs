//! The public record as `cra` keeps it: the FFIEC file's exams and
//! BankFind's institutions in the shapes the local copy stores, and what a
//! link says of a bank (its [`PublicRecord`]: identifiers from BankFind,
//! assets and exam method from the file's record of its current exam, the
//! address of that exam's evaluation).

use std::collections::HashMap;

use super::history::Day;
use super::link::OTS_TO_OCC;
use super::pe;
use crate::domain::{PublicRecord, Rating, Regulator};

/// One exam of the FFIEC file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileExam {
    pub regulator: Regulator,
    /// OCC: charter; FRB: RSSD ID; FDIC: certificate; OTS: docket.
    pub agency_id: u64,
    pub day: Day,
    pub name: String,
    pub city: String,
    pub state: String,
    /// Total assets at the exam, in thousands of dollars, as the file has it.
    pub assets_thousands: u64,
    /// The FFIEC's name of the exam method.
    pub exam_method: String,
    pub rating: Rating,
}

/// One institution of BankFind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Listed {
    pub fdic_cert: Option<u64>,
    pub rssd_id: Option<u64>,
    pub occ_charter: Option<u64>,
    pub ots_docket: Option<u64>,
    pub name: String,
    pub active: Option<bool>,
    /// Its latest total assets, in thousands of dollars.
    pub assets_thousands: Option<u64>,
    /// The date of the report those assets come from (`YYYY-MM-DD`).
    pub report_date: Option<String>,
}

impl FileExam {
    /// An exam as the file's reader gives it.
    pub fn from_ffiec(exam: &super::ffiec::Exam) -> FileExam {
        let date = exam.exam_date;
        FileExam {
            regulator: exam.regulator.clone(),
            agency_id: exam.agency_id,
            day: Day(date.year() as u32 * 10000 + date.month() as u32 * 100 + date.day() as u32),
            name: exam.name.clone(),
            city: exam.city.clone(),
            state: exam.state.clone(),
            assets_thousands: exam.assets_thousands,
            exam_method: exam
                .method
                .name()
                .map_or_else(|| format!("code {}", exam.method.code()), str::to_string),
            rating: exam.rating.clone(),
        }
    }
}

impl Listed {
    /// An institution as BankFind's reader gives it.
    pub fn from_bankfind(institution: &super::bankfind::Institution) -> Listed {
        Listed {
            fdic_cert: institution.fdic_cert,
            rssd_id: institution.rssd_id,
            occ_charter: institution.occ_charter,
            ots_docket: institution.ots_docket,
            name: institution.name.clone().unwrap_or_default(),
            active: institution.active,
            assets_thousands: institution.assets_thousands,
            report_date: institution.report_date.map(|d| d.to_string()),
        }
    }
}

/// BankFind's institutions by the identifier each agency uses.
pub struct Listings<'a> {
    listed: &'a [Listed],
    by: HashMap<(u8, u64), usize>,
}

impl<'a> Listings<'a> {
    pub fn new(listed: &'a [Listed]) -> Listings<'a> {
        let mut by = HashMap::new();
        for (at, entry) in listed.iter().enumerate() {
            let ids = [
                entry.fdic_cert,
                entry.rssd_id,
                entry.occ_charter,
                entry.ots_docket,
            ];
            for (kind, id) in ids.into_iter().enumerate() {
                // A later entry of one number is another institution of it
                // (BankFind lists inactive ones too): the active one wins.
                if let Some(id) = id.filter(|&id| id > 0) {
                    by.entry((kind as u8, id))
                        .and_modify(|held: &mut usize| {
                            if listed[*held].active != Some(true) && entry.active == Some(true) {
                                *held = at;
                            }
                        })
                        .or_insert(at);
                }
            }
        }
        Listings { listed, by }
    }

    /// The institution an agency's ID names (a former thrift's OCC charter
    /// also by its OTS docket).
    pub fn find(&self, regulator: &Regulator, agency_id: u64) -> Option<&'a Listed> {
        let kind = match regulator {
            Regulator::Fdic => 0,
            Regulator::Frb => 1,
            Regulator::Occ => 2,
            Regulator::Ots => 3,
            Regulator::Other(_) => return None,
        };
        let found = self.by.get(&(kind, agency_id)).or_else(|| {
            (*regulator == Regulator::Occ && agency_id > OTS_TO_OCC)
                .then(|| self.by.get(&(3, agency_id - OTS_TO_OCC)))
                .flatten()
        });
        found.map(|&at| &self.listed[at])
    }
}

/// What a linked bank's public record is: `regulator` and `agency_id` its
/// link; `current` the file's record of its current exam (none when the
/// file does not have that exam); `current_day` the current exam's day as
/// the service gives it.
pub fn record_of(
    regulator: &Regulator,
    agency_id: u64,
    current: Option<&FileExam>,
    current_day: Option<Day>,
    listings: &Listings,
) -> PublicRecord {
    let listed = listings.find(regulator, agency_id);
    let positive = |id: Option<u64>| id.filter(|&id| id > 0);
    let own = |wanted: Regulator| (*regulator == wanted).then_some(agency_id);
    let evaluation = match current {
        Some(exam) => pe::address(&exam.regulator, exam.agency_id, exam.day),
        None => current_day.and_then(|day| pe::address(regulator, agency_id, day)),
    };
    PublicRecord {
        fdic_cert: positive(listed.and_then(|l| l.fdic_cert)).or(own(Regulator::Fdic)),
        rssd_id: positive(listed.and_then(|l| l.rssd_id)).or(own(Regulator::Frb)),
        occ_charter: positive(listed.and_then(|l| l.occ_charter)).or(own(Regulator::Occ)),
        assets: current.map(|exam| exam.assets_thousands.saturating_mul(1000)),
        exam_method: current.map(|exam| exam.exam_method.clone()),
        active: listed.and_then(|l| l.active),
        pe_url: evaluation.map(|address| address.url().to_string()),
        // The evaluations' (`cra enrich --pe`), read with the exam's row,
        // and the lending (`cra enrich --lending`), reckoned after.
        ..PublicRecord::default()
    }
}

/// What a link says of a bank whatever its exam: the institution it is
/// linked to, its identifiers and whether it is active.
#[derive(Debug, Clone)]
pub struct Linked {
    pub regulator: Regulator,
    pub agency_id: u64,
    /// Its identifiers and activity (assets, method and evaluation are an
    /// exam's, and ignored here).
    pub bank: PublicRecord,
}

/// The file's record of one exam of a linked bank: the institution and
/// day the file dates it by, its assets (thousands) and method.
#[derive(Debug, Clone)]
pub struct FiledExam {
    pub regulator: Regulator,
    pub agency_id: u64,
    pub day: Day,
    pub assets_thousands: Option<u64>,
    pub exam_method: Option<String>,
}

/// The public record of one exam of a linked bank (`changes`, each row of
/// a history): the bank's identifiers and activity; the exam's own assets
/// and method where the file has that exam (unknown where it has not: a
/// later exam than the file's, or one it lacks, never another exam's);
/// the address of that exam's evaluation, from the file's record of it,
/// else from the link and the exam's `day` as the service gives it.
pub fn exam_record(linked: &Linked, filed: Option<&FiledExam>, day: Option<Day>) -> PublicRecord {
    let evaluation = match filed {
        Some(exam) => pe::address(&exam.regulator, exam.agency_id, exam.day),
        None => day.and_then(|day| pe::address(&linked.regulator, linked.agency_id, day)),
    };
    PublicRecord {
        assets: filed
            .and_then(|exam| exam.assets_thousands)
            .map(|thousands| thousands.saturating_mul(1000)),
        exam_method: filed.and_then(|exam| exam.exam_method.clone()),
        pe_url: evaluation.map(|address| address.url().to_string()),
        ..linked.bank.of_bank()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_exams_record_is_its_own_or_unknown_never_another_exams() {
        let linked = Linked {
            regulator: Regulator::Frb,
            agency_id: 965789,
            bank: PublicRecord {
                rssd_id: Some(965789),
                fdic_cert: Some(1),
                active: Some(true),
                assets: Some(9_000_000),
                exam_method: Some("Large Bank".into()),
                pe_url: Some("current".into()),
                ..PublicRecord::default()
            },
        };
        let filed = FiledExam {
            regulator: Regulator::Frb,
            agency_id: 965789,
            day: Day::parse("2013-09-09").unwrap(),
            assets_thousands: Some(90_000),
            exam_method: Some("Small Bank".into()),
        };
        let record = exam_record(&linked, Some(&filed), Day::parse("2013-09-09"));
        assert_eq!(record.assets, Some(90_000_000));
        assert_eq!(record.exam_method.as_deref(), Some("Small Bank"));
        assert_eq!(
            (record.rssd_id, record.fdic_cert, record.active),
            (Some(965789), Some(1), Some(true))
        );
        assert!(record.pe_url.unwrap().ends_with("965789_20130909"));
        // An exam the file lacks: its own values unknown, its address
        // from the link.
        let later = exam_record(&linked, None, Day::parse("2025-03-03"));
        assert_eq!((later.assets, later.exam_method), (None, None));
        assert!(later.pe_url.unwrap().ends_with("965789_20250303"));
        assert_eq!(later.rssd_id, Some(965789));
    }

    fn exam(regulator: Regulator, agency_id: u64, day: u32, assets: u64) -> FileExam {
        FileExam {
            regulator,
            agency_id,
            day: Day(day),
            name: "A BANK".into(),
            city: "A CITY".into(),
            state: "TX".into(),
            assets_thousands: assets,
            exam_method: "Large Bank".into(),
            rating: Rating::Satisfactory,
        }
    }

    #[test]
    fn identifiers_come_from_bankfind_assets_from_the_file() {
        let listed = [
            Listed {
                fdic_cert: Some(3510),
                rssd_id: Some(480228),
                occ_charter: Some(13044),
                active: Some(true),
                ..Listed::default()
            },
            Listed {
                fdic_cert: Some(99),
                ots_docket: Some(5848),
                occ_charter: Some(705848),
                active: Some(false),
                ..Listed::default()
            },
        ];
        let listings = Listings::new(&listed);
        let current = exam(Regulator::Occ, 13044, 20190415, 2_167_700_000);
        let record = record_of(&Regulator::Occ, 13044, Some(&current), None, &listings);
        assert_eq!(record.fdic_cert, Some(3510));
        assert_eq!(record.rssd_id, Some(480228));
        assert_eq!(record.assets, Some(2_167_700_000_000));
        assert_eq!(record.exam_method.as_deref(), Some("Large Bank"));
        assert_eq!(record.active, Some(true));
        assert_eq!(record.pe_url.as_deref(), Some(pe::OCC_SEARCH));
        // A former thrift by its docket; no current exam in the file.
        let record = record_of(&Regulator::Ots, 5848, None, Some(Day(20080101)), &listings);
        assert_eq!(
            (record.fdic_cert, record.active, record.assets),
            (Some(99), Some(false), None)
        );
        // Not in BankFind: the link's own number, activity unknown.
        let record = record_of(
            &Regulator::Frb,
            965789,
            None,
            Some(Day(20190415)),
            &listings,
        );
        assert_eq!(record.rssd_id, Some(965789));
        assert_eq!(record.active, None);
        assert!(record.pe_url.unwrap().ends_with("/965789_20190415"));
    }
}
