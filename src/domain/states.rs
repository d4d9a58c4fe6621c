//! The state and territory codes the service knows: the 50 states, DC and
//! the territories, as the contract lists them. One list for every room
//! that checks a code: the command line's `--state` (`filters`) and the
//! sandbox's list endpoint, whose data weights (`sandbox::tables::STATES`)
//! are keyed by these codes.

/// Every code, upper case, with the state's or territory's name, in the
/// order the contract lists them.
pub const STATES: [(&str, &str); 59] = [
    ("AL", "Alabama"),
    ("AK", "Alaska"),
    ("AZ", "Arizona"),
    ("AR", "Arkansas"),
    ("CA", "California"),
    ("CO", "Colorado"),
    ("CT", "Connecticut"),
    ("DE", "Delaware"),
    ("FL", "Florida"),
    ("GA", "Georgia"),
    ("HI", "Hawaii"),
    ("ID", "Idaho"),
    ("IL", "Illinois"),
    ("IN", "Indiana"),
    ("IA", "Iowa"),
    ("KS", "Kansas"),
    ("KY", "Kentucky"),
    ("LA", "Louisiana"),
    ("ME", "Maine"),
    ("MD", "Maryland"),
    ("MA", "Massachusetts"),
    ("MI", "Michigan"),
    ("MN", "Minnesota"),
    ("MS", "Mississippi"),
    ("MO", "Missouri"),
    ("MT", "Montana"),
    ("NE", "Nebraska"),
    ("NV", "Nevada"),
    ("NH", "New Hampshire"),
    ("NJ", "New Jersey"),
    ("NM", "New Mexico"),
    ("NY", "New York"),
    ("NC", "North Carolina"),
    ("ND", "North Dakota"),
    ("OH", "Ohio"),
    ("OK", "Oklahoma"),
    ("OR", "Oregon"),
    ("PA", "Pennsylvania"),
    ("RI", "Rhode Island"),
    ("SC", "South Carolina"),
    ("SD", "South Dakota"),
    ("TN", "Tennessee"),
    ("TX", "Texas"),
    ("UT", "Utah"),
    ("VT", "Vermont"),
    ("VA", "Virginia"),
    ("WA", "Washington"),
    ("WV", "West Virginia"),
    ("WI", "Wisconsin"),
    ("WY", "Wyoming"),
    ("DC", "District of Columbia"),
    ("PR", "Puerto Rico"),
    ("GU", "Guam"),
    ("VI", "U.S. Virgin Islands"),
    ("AS", "American Samoa"),
    ("MP", "Northern Mariana Islands"),
    ("FM", "Federated States of Micronesia"),
    ("MH", "Marshall Islands"),
    ("PW", "Palau"),
];

/// Every code, upper case, in the order the contract lists them.
pub const CODES: [&str; 59] = codes();

const fn codes() -> [&'static str; 59] {
    let mut codes = [""; 59];
    let mut i = 0;
    while i < 59 {
        codes[i] = STATES[i].0;
        i += 1;
    }
    codes
}

/// The code of a state or territory given by its name (`Texas`, `new
/// york`, `District of Columbia`), any case, or a name's one unambiguous
/// start of four letters or more (`Penn`): for a "did you mean".
pub fn code_of_name(text: &str) -> Option<&'static str> {
    let wanted: String = text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
        .replace('.', "");
    if wanted.is_empty() {
        return None;
    }
    let plain = |name: &str| name.to_lowercase().replace('.', "");
    if let Some((code, _)) = STATES.iter().find(|(_, name)| plain(name) == wanted) {
        return Some(code);
    }
    let starting: Vec<&(&str, &str)> = STATES
        .iter()
        .filter(|(_, name)| wanted.len() >= 4 && plain(name).starts_with(&wanted))
        .collect();
    match starting.as_slice() {
        [(code, _)] => Some(code),
        _ => None,
    }
}

/// Whether `code` is one of [`CODES`] exactly (upper case, no spaces).
pub fn is_code(code: &str) -> bool {
    CODES.contains(&code)
}

/// A code as a person or a query string may give it (any case, spaces
/// around), upper case; none when it is not one of [`CODES`].
pub fn normalize(text: &str) -> Option<String> {
    let upper = text.trim().to_ascii_uppercase();
    is_code(&upper).then_some(upper)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_name_is_its_code() {
        assert_eq!(code_of_name("Texas"), Some("TX"));
        assert_eq!(code_of_name("  new   YORK "), Some("NY"));
        assert_eq!(code_of_name("district of columbia"), Some("DC"));
        assert_eq!(code_of_name("US Virgin Islands"), Some("VI"));
        assert_eq!(code_of_name("Penn"), Some("PA"));
        // Ambiguous or too short a start, or no state: none.
        assert_eq!(code_of_name("New"), None);
        assert_eq!(code_of_name("North"), None);
        assert_eq!(code_of_name("Tx"), None);
        assert_eq!(code_of_name("Atlantis"), None);
    }

    #[test]
    fn codes_are_distinct_upper_case_pairs() {
        let mut seen = std::collections::HashSet::new();
        for code in CODES {
            assert!(
                code.len() == 2 && code.bytes().all(|b| b.is_ascii_uppercase()),
                "{code}"
            );
            assert!(seen.insert(code), "{code} twice");
        }
        assert_eq!(normalize(" tx "), Some("TX".to_string()));
        assert_eq!(normalize("XX"), None);
        assert_eq!(normalize("T X"), None);
    }

    proptest! {
        #[test]
        fn normalize_gives_a_code_or_nothing(text in "\\PC{0,4}") {
            match normalize(&text) {
                Some(code) => {
                    prop_assert!(is_code(&code));
                    prop_assert!(code.eq_ignore_ascii_case(text.trim()));
                }
                None => prop_assert!(!is_code(&text.trim().to_ascii_uppercase())),
            }
        }
    }
}
