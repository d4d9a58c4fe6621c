//! The search filters a user may give (`--state`, `--size`), checked before
//! any request is made so that a typo never costs a round trip.

/// The 50 states, DC and the territories the service knows, in the order the
/// contract lists them.
pub const STATE_CODES: [&str; 59] = [
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS",
    "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY",
    "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV",
    "WI", "WY", "DC", "PR", "GU", "VI", "AS", "MP", "FM", "MH", "PW",
];

/// The exam types the service accepts as `size`, exactly as it spells them.
pub const SIZES: [&str; 3] = ["Large Bank", "Small Bank", "Intermediate Small Bank"];

/// A state code, case-insensitive, returned upper case.
pub fn parse_state(text: &str) -> Result<String, String> {
    let upper = text.trim().to_ascii_uppercase();
    if STATE_CODES.contains(&upper.as_str()) {
        Ok(upper)
    } else {
        Err(format!(
            "'{text}' is not a state code; use one of the 50 states, DC, PR, GU, VI, AS, MP, FM, MH or PW"
        ))
    }
}

/// A size: an exact exam type or an alias (large, small, intermediate), any case.
pub fn parse_size(text: &str) -> Result<String, String> {
    let lower = text.trim().to_ascii_lowercase();
    let found = match lower.as_str() {
        "large" | "large bank" => SIZES[0],
        "small" | "small bank" => SIZES[1],
        "intermediate" | "intermediate small" | "intermediate small bank" => SIZES[2],
        _ => {
            return Err(format!(
                "'{text}' is not a size; use \"Large Bank\", \"Small Bank\", \"Intermediate Small Bank\" \
                 or large, small, intermediate"
            ));
        }
    };
    Ok(found.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn states() {
        assert_eq!(parse_state("tx").as_deref(), Ok("TX"));
        assert_eq!(parse_state("Pw").as_deref(), Ok("PW"));
        assert!(parse_state("XX").is_err());
        assert!(parse_state("TEX").is_err());
        assert!(parse_state("").is_err());
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("large").as_deref(), Ok("Large Bank"));
        assert_eq!(parse_size("LARGE BANK").as_deref(), Ok("Large Bank"));
        assert_eq!(
            parse_size("Intermediate").as_deref(),
            Ok("Intermediate Small Bank")
        );
        assert_eq!(parse_size("small").as_deref(), Ok("Small Bank"));
        assert!(parse_size("medium").is_err());
    }

    proptest! {
        #[test]
        fn state_parse_never_panics_and_is_upper(s in "\\PC{0,4}") {
            if let Ok(code) = parse_state(&s) {
                prop_assert!(STATE_CODES.contains(&code.as_str()));
            }
        }
    }
}
