//! What `trigger` sends: realistic sample banks and the signed payloads.

use uuid::Uuid;

use crate::webhook::payload::{RatingCreated, RatingCreatedData};

/// Banks to put in test deliveries when no `--bank-id` is given: real-looking
/// names, cities' regulators and ids, so the receiver's output looks like a
/// real day's deliveries.
const SAMPLE_BANKS: &[(&str, &str)] = &[
    ("FIRST NATIONAL BANK OF AMARILLO", "OCC"),
    ("CITIZENS STATE BANK", "FDIC"),
    ("HILLS BANK AND TRUST COMPANY", "FDIC"),
    ("FARMERS & MERCHANTS BANK OF LONG BEACH", "FRB"),
    ("COMMUNITY FIRST BANK", "FDIC"),
    ("PEOPLES BANK OF ALABAMA", "FRB"),
    ("SECURITY NATIONAL BANK OF OMAHA", "OCC"),
    ("BANK OF THE OZARKS", "FDIC"),
    ("UNION SAVINGS BANK", "OCC"),
    ("GREAT SOUTHERN BANK", "FRB"),
    ("MIDWESTONE BANK", "FDIC"),
    ("VALLEY NATIONAL BANK", "OCC"),
];

const RATINGS: &[&str] = &[
    "Satisfactory",
    "Outstanding",
    "Satisfactory",
    "Needs to Improve",
    "Satisfactory",
    "Substantial Noncompliance",
];

/// A stable UUID for a sample bank, so repeated triggers name the same id.
fn sample_id(name: &str) -> String {
    Uuid::new_v5(
        &Uuid::NAMESPACE_URL,
        format!("cra-sample-bank:{name}").as_bytes(),
    )
    .to_string()
}

/// The payload of delivery number `index` (0-based), stamped now.
pub fn payload(index: u64, bank_id: Option<&str>, rating: Option<&str>) -> RatingCreated {
    // One bank id is always the same bank: with `--bank-id`, its name and
    // regulator follow from the id, not from the delivery's number.
    let sample = match bank_id {
        Some(id) => {
            let hash = Uuid::new_v5(&Uuid::NAMESPACE_URL, id.as_bytes()).as_u128();
            (hash % SAMPLE_BANKS.len() as u128) as usize
        }
        None => (index as usize) % SAMPLE_BANKS.len(),
    };
    let (name, regulator) = SAMPLE_BANKS[sample];
    let today = jiff::Timestamp::now()
        .to_zoned(jiff::tz::TimeZone::UTC)
        .date();
    let exam_date = today
        .checked_sub(jiff::Span::new().days(7 + (index % 60) as i64))
        .unwrap_or(today);
    RatingCreated::now(RatingCreatedData {
        bank_id: bank_id.map_or_else(|| sample_id(name), str::to_string),
        bank_name: name.to_string(),
        rating: rating
            .map(str::to_string)
            .unwrap_or_else(|| RATINGS[(index as usize) % RATINGS.len()].to_string()),
        exam_date: exam_date.to_string(),
        regulator: regulator.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payload_has_the_documented_shape() {
        let p = payload(3, None, None);
        assert_eq!(p.event, "rating.created");
        assert_eq!(p.timestamp.len(), 24);
        assert_eq!(p.data.exam_date.len(), 10);
        assert!(Uuid::parse_str(&p.data.bank_id).is_ok());
        let q = payload(3, Some("abc"), Some("Outstanding"));
        assert_eq!(q.data.bank_id, "abc");
        assert_eq!(q.data.rating, "Outstanding");
        let body = p.to_body();
        assert!((150..260).contains(&body.len()), "{}", body.len());
        // The same --bank-id is the same bank in every delivery.
        let same: Vec<_> = (0..20)
            .map(|i| {
                let d = payload(i, Some("my-bank"), None).data;
                (d.bank_name, d.regulator)
            })
            .collect();
        assert!(same.windows(2).all(|w| w[0] == w[1]), "{same:?}");
        // Without one, deliveries cycle through the sample banks.
        assert_ne!(
            payload(0, None, None).data.bank_name,
            payload(1, None, None).data.bank_name
        );
    }
}
