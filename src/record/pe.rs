//! The address of a public evaluation (the examiners' report behind a
//! rating). The Federal Reserve's can be built from the public record: its
//! CRA search serves every evaluation at `DownloadPDF/{RSSD}_{YYYYMMDD}`,
//! the RSSD ID and the exam's date (which the FFIEC file gives for the
//! Federal Reserve). The OCC's address holds the month the evaluation was
//! made public (`craeval/{Mon}{yy}/{charter}.pdf`), which the file does
//! not give (its OCC dates are the exam's start), and the FDIC's a
//! document number of its own: for those the agency's own search is the
//! answer, with the identifier to look for. docs/service.md cites the
//! public code each form was checked against.

use super::history::Day;
use super::link::OTS_TO_OCC;
use crate::domain::Regulator;

/// The Federal Reserve's evaluations, by RSSD ID and exam date.
pub const FRB_DOCUMENT: &str = "https://www.federalreserve.gov/apps/CRAPubWeb/CRA/DownloadPDF/";
/// The OCC's search of its evaluations (national banks, federal savings
/// associations; former OTS thrifts under their new charter).
pub const OCC_SEARCH: &str =
    "https://www.occ.gov/publications-and-resources/tools/index-cra-search.html";
/// The FDIC's search of its evaluations (CRAPES).
pub const FDIC_SEARCH: &str = "https://crapes.fdic.gov/";

/// Where an evaluation is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Address {
    /// The document itself.
    Document(String),
    /// The agency's search, and what to search it for.
    Search { url: String, look_for: String },
}

impl Address {
    pub fn url(&self) -> &str {
        match self {
            Address::Document(url) | Address::Search { url, .. } => url,
        }
    }

    /// `document` or `search`, the word `cra pe` prints first.
    pub fn kind(&self) -> &'static str {
        match self {
            Address::Document(_) => "document",
            Address::Search { .. } => "search",
        }
    }
}

/// The evaluation of the exam on `day` of the institution `agency_id` of
/// `regulator` (as the FFIEC file names it); none for a regulator the file
/// does not have.
pub fn address(regulator: &Regulator, agency_id: u64, day: Day) -> Option<Address> {
    match regulator {
        Regulator::Frb => Some(Address::Document(format!(
            "{FRB_DOCUMENT}{agency_id}_{:08}",
            day.0
        ))),
        Regulator::Occ => Some(Address::Search {
            url: OCC_SEARCH.to_string(),
            look_for: format!("charter {agency_id}"),
        }),
        // The OTS closed in 2011; the OCC took over its thrifts (charter
        // 700000 + docket) and their records.
        Regulator::Ots => Some(Address::Search {
            url: OCC_SEARCH.to_string(),
            look_for: format!(
                "charter {} (OTS docket {agency_id})",
                OTS_TO_OCC + agency_id
            ),
        }),
        Regulator::Fdic => Some(Address::Search {
            url: FDIC_SEARCH.to_string(),
            look_for: format!("certificate {agency_id}"),
        }),
        Regulator::Other(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fed_builds_documents_the_others_are_searched() {
        let frb = address(&Regulator::Frb, 965789, Day(20190415)).unwrap();
        assert_eq!(
            frb,
            Address::Document(
                "https://www.federalreserve.gov/apps/CRAPubWeb/CRA/DownloadPDF/965789_20190415"
                    .into()
            )
        );
        assert_eq!(frb.kind(), "document");
        let occ = address(&Regulator::Occ, 14206, Day(20190415)).unwrap();
        assert_eq!(occ.kind(), "search");
        assert_eq!(occ.url(), OCC_SEARCH);
        let Address::Search { look_for, .. } =
            address(&Regulator::Ots, 5848, Day(20080415)).unwrap()
        else {
            unreachable!()
        };
        assert_eq!(look_for, "charter 705848 (OTS docket 5848)");
        assert_eq!(
            address(&Regulator::Fdic, 27476, Day(20210801))
                .unwrap()
                .url(),
            FDIC_SEARCH
        );
        assert_eq!(
            address(&Regulator::from_text("NCUA"), 1, Day(20210801)),
            None
        );
    }
}
