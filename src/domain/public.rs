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

/// A row's json with the key `public_record` added, written as
/// [`with_public_record`] makes it (the same bytes) without building the
/// record's tree: the object's keys in their order, then the record's.
pub struct WithPublic<'a> {
    pub json: serde_json::Value,
    pub record: Option<&'a PublicRecord>,
}

impl Serialize for WithPublic<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match &self.json {
            // An object that has the key already (a hostile service's)
            // keeps its place, the value replaced: as `with_public_record`.
            serde_json::Value::Object(map) if !map.contains_key("public_record") => {
                let mut object = serializer.serialize_map(Some(map.len() + 1))?;
                for (key, value) in map {
                    object.serialize_entry(key, value)?;
                }
                match self.record {
                    Some(record) => object.serialize_entry("public_record", record)?,
                    None => object.serialize_entry("public_record", &PublicRecord::default())?,
                }
                object.end()
            }
            other => with_public_record(other.clone(), self.record).serialize(serializer),
        }
    }
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

    proptest::proptest! {
        /// `WithPublic` writes the very bytes of `with_public_record`'s
        /// tree: any object (one with the key already too), any other
        /// value, any record or none.
        #[test]
        fn with_public_writes_what_the_tree_would(
            keys in proptest::collection::vec("[a-z_]{1,12}", 0..6),
            taken in proptest::bool::ANY,
            object in proptest::bool::ANY,
            cert in proptest::option::of(proptest::num::u64::ANY),
            share in proptest::option::of(-1e12f64..1e12),
            method in proptest::option::of("[ -~é\"\\\\]{0,20}"),
            known in proptest::bool::ANY,
        ) {
            let mut map = serde_json::Map::new();
            for (i, key) in keys.iter().enumerate() {
                map.insert(key.clone(), serde_json::json!([i, key]));
            }
            if taken {
                map.insert("public_record".to_string(), serde_json::json!("served"));
            }
            let json = if object {
                serde_json::Value::Object(map)
            } else {
                serde_json::json!(keys)
            };
            let record = PublicRecord {
                fdic_cert: cert,
                exam_method: method,
                sb_lmi_share: share,
                ..PublicRecord::default()
            };
            let record = known.then_some(&record);
            let tree = serde_json::to_string(&with_public_record(json.clone(), record)).unwrap();
            let written = serde_json::to_string(&WithPublic { json, record }).unwrap();
            proptest::prop_assert_eq!(written, tree);
        }
    }
}
