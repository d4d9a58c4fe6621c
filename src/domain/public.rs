//! A bank's public record as `cra` joins it from the local copy (after
//! `cra enrich`): the agencies' identifiers, its assets and exam method at
//! its current exam, whether it is still active, and the address of its
//! public evaluation. Every field may be unknown (a bank not linked to the
//! FFIEC file has none). The columns `--enriched` adds read it from any
//! row that has one ([`HasPublic`]).

use serde::Serialize;

/// One bank's public record.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct PublicRecord {
    /// The FDIC certificate number.
    pub fdic_cert: Option<u64>,
    /// The Federal Reserve's RSSD ID.
    pub rssd_id: Option<u64>,
    /// The OCC charter number.
    pub occ_charter: Option<u64>,
    /// Total assets at the current exam, in dollars.
    pub assets: Option<u64>,
    /// The FFIEC's name of the current exam's method (`Strategic Plan`).
    pub exam_method: Option<String>,
    /// Whether the FDIC lists the institution as active.
    pub active: Option<bool>,
    /// The public evaluation of the current exam: the document where its
    /// address can be built, else the agency's search.
    pub pe_url: Option<String>,
    /// The test ratings of the exam's evaluation, at the institution's
    /// level, where one was read (`cra enrich --pe`): as printed.
    pub lending_test: Option<String>,
    pub investment_test: Option<String>,
    pub service_test: Option<String>,
    pub cd_test: Option<String>,
    /// The lending it reported in the last activity year before the
    /// exam's year (`cra enrich --lending`), as `cra lending` reckons it:
    /// small business originations, their share in low- and
    /// moderate-income tracts, the market's in the same counties, the
    /// share inside its assessment areas (fractions 0-1), and its
    /// community development loans' amount in dollars.
    pub sb_loans: Option<u64>,
    pub sb_lmi_share: Option<f64>,
    pub sb_market_lmi_share: Option<f64>,
    pub sb_in_area_share: Option<f64>,
    pub cd_loans_amount: Option<u64>,
}

impl PublicRecord {
    /// What is the bank's, whichever its exam: its identifiers and whether
    /// it is active (assets, exam method and evaluation are an exam's).
    pub fn of_bank(&self) -> PublicRecord {
        PublicRecord {
            fdic_cert: self.fdic_cert,
            rssd_id: self.rssd_id,
            occ_charter: self.occ_charter,
            active: self.active,
            ..PublicRecord::default()
        }
    }

    /// The test ratings of the copy's text of them (`lending=High
    /// Satisfactory;service=Outstanding`, `mirror::record::chosen`; none:
    /// no evaluation).
    pub fn set_tests(&mut self, text: Option<&str>) {
        let mut tests = [const { None::<String> }; 4];
        for pair in text.unwrap_or_default().split(';') {
            let Some((test, rating)) = pair.split_once('=') else {
                continue;
            };
            let slot = match test {
                "lending" => 0,
                "investment" => 1,
                "service" => 2,
                "community_development" => 3,
                _ => continue,
            };
            tests[slot] = Some(rating.to_string());
        }
        let [lending, investment, service, cd] = tests;
        (
            self.lending_test,
            self.investment_test,
            self.service_test,
            self.cd_test,
        ) = (lending, investment, service, cd);
    }

    /// As the json key `public_record` holds it: every field, null where
    /// unknown.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}

/// The json of a row asked for `--enriched`: its object with the key
/// `public_record` added (every field, null where unknown).
pub fn with_public_record(
    mut json: serde_json::Value,
    record: Option<&PublicRecord>,
) -> serde_json::Value {
    if let serde_json::Value::Object(map) = &mut json {
        map.insert(
            "public_record".to_string(),
            record.cloned().unwrap_or_default().to_json(),
        );
    }
    json
}

/// A row that carries a bank's public record (when it was asked for).
pub trait HasPublic {
    fn public(&self) -> Option<&PublicRecord>;
}

/// `--assets`: inclusive bounds on the assets at the exam, in dollars,
/// either open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AssetRange {
    pub low: Option<u64>,
    pub high: Option<u64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_is_in_the_json_null_where_unknown() {
        let record = PublicRecord {
            fdic_cert: Some(27476),
            assets: Some(1_250_000_000),
            active: Some(false),
            ..PublicRecord::default()
        };
        let json = record.to_json();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "fdic_cert",
                "rssd_id",
                "occ_charter",
                "assets",
                "exam_method",
                "active",
                "pe_url",
                "lending_test",
                "investment_test",
                "service_test",
                "cd_test",
                "sb_loans",
                "sb_lmi_share",
                "sb_market_lmi_share",
                "sb_in_area_share",
                "cd_loans_amount"
            ]
        );
        assert_eq!(json["fdic_cert"], 27476);
        assert_eq!(json["rssd_id"], serde_json::Value::Null);
        assert_eq!(json["active"], false);
    }
}
