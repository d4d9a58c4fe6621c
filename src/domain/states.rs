//! The state and territory codes the service knows: the 50 states, DC and
//! the territories, as the contract lists them. One list for every room
//! that checks a code: the command line's `--state` (`filters`) and the
//! sandbox's list endpoint, whose data weights (`sandbox::tables::STATES`)
//! are keyed by these codes.

/// Every code, upper case, in the order the contract lists them.
pub const CODES: [&str; 59] = [
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS",
    "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY",
    "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV",
    "WI", "WY", "DC", "PR", "GU", "VI", "AS", "MP", "FM", "MH", "PW",
];

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
