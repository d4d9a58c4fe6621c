//! Which bank of the copy a reporter is, exactly and never by name: a
//! reporter is its agency code and respondent ID for a year (the agency's
//! own number for it: OCC charter, RSSD ID, FDIC certificate, OTS docket)
//! and, from 1997, the transmittal's RSSD ID; the copy's banks carry the
//! public record's identifiers (the ratings file's regulator and agency ID
//! of each exam, BankFind's certificate, RSSD ID, charter and docket of
//! the institution linked). The reporter's own identifier decides; the
//! RSSD ID settles a tie or stands in when the first names no bank. A
//! reporter no bank has is kept with its reason.

use std::collections::{HashMap, HashSet};

use super::codes::Agency;
use super::record::Respondent;

/// What the copy's public record says of identifiers: the banks each
/// names, and which it knows at all (an institution of the ratings file
/// or BankFind that no bank of the copy is linked to).
#[derive(Debug, Default, Clone)]
pub struct Identifiers {
    /// The banks the ratings file's keys name.
    file: HashMap<(Agency, u64), Vec<String>>,
    /// The banks BankFind's identifiers name.
    listed: HashMap<(Agency, u64), Vec<String>>,
    known: HashSet<(Agency, u64)>,
}

/// Where an identifier of a bank comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evidence {
    /// The ratings file: the regulator and agency ID of the bank's link or
    /// of one of its exams.
    File,
    /// BankFind's record of the institution linked.
    Listed,
}

impl Identifiers {
    /// Identifier `number` of `agency` names `bank`, as `evidence` says.
    pub fn add_bank(&mut self, agency: Agency, number: u64, bank: &str, evidence: Evidence) {
        if number == 0 {
            return;
        }
        self.known.insert((agency, number));
        let map = match evidence {
            Evidence::File => &mut self.file,
            Evidence::Listed => &mut self.listed,
        };
        let banks = map.entry((agency, number)).or_default();
        if !banks.iter().any(|b| b == bank) {
            banks.push(bank.to_string());
        }
    }

    /// The public record has identifier `number` of `agency`.
    pub fn add_known(&mut self, agency: Agency, number: u64) {
        if number != 0 {
            self.known.insert((agency, number));
        }
    }

    /// The banks an identifier names: by the ratings file when it names
    /// any, else by BankFind's.
    fn banks(&self, agency: Agency, number: u64) -> &[String] {
        fn of(map: &HashMap<(Agency, u64), Vec<String>>, key: (Agency, u64)) -> &[String] {
            map.get(&key).map_or(&[][..], |banks| banks.as_slice())
        }
        match of(&self.file, (agency, number)) {
            [] => of(&self.listed, (agency, number)),
            named => named,
        }
    }

    fn knows(&self, agency: Agency, number: u64) -> bool {
        self.known.contains(&(agency, number))
    }
}

/// How a reporter was linked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// Its agency code and respondent ID name the bank.
    Agency,
    /// Its respondent ID names several banks; its RSSD ID one of them.
    AgencyAndRssd,
    /// Its respondent ID names none; its RSSD ID names the bank.
    Rssd,
}

/// Why a reporter has no bank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Unlinked {
    /// The public record knows its identifiers, but no bank of the copy
    /// is linked to them.
    NotInCopy,
    /// They name two or more banks of the copy.
    Ambiguous,
    /// The public record has none of its identifiers.
    NoPublicRecord,
}

impl Unlinked {
    pub const ALL: [Unlinked; 3] = [
        Unlinked::NotInCopy,
        Unlinked::Ambiguous,
        Unlinked::NoPublicRecord,
    ];

    /// As the copy records it (`lending_reporters.reason`).
    pub fn as_str(self) -> &'static str {
        match self {
            Unlinked::NotInCopy => "not_in_copy",
            Unlinked::Ambiguous => "ambiguous",
            Unlinked::NoPublicRecord => "no_public_record",
        }
    }
}

/// The bank a reporter is, or why none can be said.
pub fn link(
    respondent: Respondent,
    rssd_id: Option<u64>,
    ids: &Identifiers,
) -> Result<(String, Basis), Unlinked> {
    let rssd = rssd_id.filter(|n| *n > 0);
    let own = ids.banks(respondent.agency, respondent.id);
    let by_rssd = rssd.map_or(&[][..], |n| ids.banks(Agency::Frb, n));
    match own {
        [one] => Ok((one.clone(), Basis::Agency)),
        [] => match by_rssd {
            [one] => Ok((one.clone(), Basis::Rssd)),
            [] if ids.knows(respondent.agency, respondent.id)
                || rssd.is_some_and(|n| ids.knows(Agency::Frb, n)) =>
            {
                Err(Unlinked::NotInCopy)
            }
            [] => Err(Unlinked::NoPublicRecord),
            _ => Err(Unlinked::Ambiguous),
        },
        many => {
            let both: Vec<&String> = many.iter().filter(|b| by_rssd.contains(b)).collect();
            match both.as_slice() {
                [one] => Ok(((*one).clone(), Basis::AgencyAndRssd)),
                _ => Err(Unlinked::Ambiguous),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reporter(agency: Agency, id: u64) -> Respondent {
        Respondent { agency, id }
    }

    #[test]
    fn the_reporters_own_identifier_decides_and_the_rssd_settles_the_rest() {
        use Evidence::{File, Listed};
        let mut ids = Identifiers::default();
        ids.add_bank(Agency::Fdic, 14134, "passumpsic", File);
        ids.add_bank(Agency::Frb, 300009, "passumpsic", Listed);
        ids.add_bank(Agency::Occ, 1, "wells", File);
        ids.add_bank(Agency::Frb, 451965, "wells", Listed);
        ids.add_bank(Agency::Occ, 8, "chase", Listed);
        ids.add_bank(Agency::Occ, 8, "twin", Listed);
        ids.add_bank(Agency::Frb, 852218, "chase", Listed);
        // A thrift and the OCC bank after it share BankFind's charter; the
        // ratings file's key is the OCC bank's alone.
        ids.add_bank(Agency::Occ, 716456, "bofi", File);
        ids.add_bank(Agency::Occ, 716456, "bofi thrift", Listed);
        ids.add_known(Agency::Fdic, 99);
        let fdic = reporter(Agency::Fdic, 14134);
        assert_eq!(
            link(fdic, Some(300009), &ids),
            Ok(("passumpsic".into(), Basis::Agency))
        );
        // The own identifier wins over an RSSD ID naming another bank.
        assert_eq!(
            link(fdic, Some(451965), &ids),
            Ok(("passumpsic".into(), Basis::Agency))
        );
        // A thrift reporting under a new charter, known by its RSSD ID.
        assert_eq!(
            link(reporter(Agency::Occ, 715648), Some(451965), &ids),
            Ok(("wells".into(), Basis::Rssd))
        );
        // Two banks: the RSSD ID settles it, or it stays ambiguous.
        assert_eq!(
            link(reporter(Agency::Occ, 8), Some(852218), &ids),
            Ok(("chase".into(), Basis::AgencyAndRssd))
        );
        assert_eq!(
            link(reporter(Agency::Occ, 8), None, &ids),
            Err(Unlinked::Ambiguous)
        );
        assert_eq!(
            link(reporter(Agency::Fdic, 99), Some(0), &ids),
            Err(Unlinked::NotInCopy)
        );
        assert_eq!(
            link(reporter(Agency::Ots, 99), None, &ids),
            Err(Unlinked::NoPublicRecord)
        );
        assert_eq!(
            link(reporter(Agency::Occ, 716456), None, &ids),
            Ok(("bofi".into(), Basis::Agency))
        );
        // Identifier 0 names nothing.
        ids.add_bank(Agency::Frb, 0, "nobody", File);
        assert_eq!(
            link(reporter(Agency::Fdic, 5), Some(0), &ids),
            Err(Unlinked::NoPublicRecord)
        );
    }
}
