//! Names and places as the linker compares them: the FFIEC file writes
//! `COASTAL BK & TR` where a bank calls itself `Coastal Bank and Trust`,
//! `N.A.` where another writes `National Association`, and `SAINT` where
//! a third writes `ST`. Each is brought to one spelling (upper case, no
//! punctuation, the usual abbreviations spelt out, the words that say
//! nothing about which bank dropped) so that equal names compare equal,
//! and a token overlap says how close two others are.

/// Words that name no bank in particular: dropped before comparing.
const NOISE: &[&str] = &[
    "THE",
    "OF",
    "AND",
    "A",
    "N",
    "NA",
    "INC",
    "CORP",
    "CORPORATION",
    "LTD",
];

/// Abbreviations of the file (the Federal Reserve's short names above all)
/// and of everyday use, spelt out.
const ABBREVIATIONS: &[(&str, &str)] = &[
    ("BK", "BANK"),
    ("BNK", "BANK"),
    ("BKG", "BANKING"),
    ("BANC", "BANK"),
    ("TR", "TRUST"),
    ("TRST", "TRUST"),
    ("TC", "TRUST COMPANY"),
    ("CO", "COMPANY"),
    ("CMNTY", "COMMUNITY"),
    ("CMTY", "COMMUNITY"),
    ("CTZNS", "CITIZENS"),
    ("NATL", "NATIONAL"),
    ("NAT", "NATIONAL"),
    ("SVG", "SAVINGS"),
    ("SVGS", "SAVINGS"),
    ("SAV", "SAVINGS"),
    ("ASSN", "ASSOCIATION"),
    ("ASSOC", "ASSOCIATION"),
    ("FED", "FEDERAL"),
    ("FSB", "FEDERAL SAVINGS BANK"),
    ("SSB", "STATE SAVINGS BANK"),
    ("FSA", "FEDERAL SAVINGS ASSOCIATION"),
    ("MRCH", "MERCHANTS"),
    ("MERCH", "MERCHANTS"),
    ("FARMERS&MERCHANTS", "FARMERS MERCHANTS"),
    ("FIN", "FINANCIAL"),
    ("FNCL", "FINANCIAL"),
    ("INTL", "INTERNATIONAL"),
    ("AMER", "AMERICAN"),
    ("MTG", "MORTGAGE"),
    ("CNTY", "COUNTY"),
    ("VLY", "VALLEY"),
    ("ST", "STATE"),
    ("1ST", "FIRST"),
    ("2ND", "SECOND"),
    ("3RD", "THIRD"),
];

/// `B&TC`, `B&T` and the like, before `&` is taken apart.
const JOINED: &[(&str, &str)] = &[
    ("B&TC", "BANK TRUST COMPANY"),
    ("B&T", "BANK TRUST"),
    ("S&L", "SAVINGS LOAN"),
    ("F&M", "FARMERS MERCHANTS"),
    ("N.A.", "NA"),
    ("N. A.", "NA"),
];

/// A bank's name as the linker compares it: its words, upper case,
/// spelt out, the empty words dropped (`NATIONAL ASSOCIATION` at the end
/// too: it is how national banks sign, not which one).
pub fn name_key(name: &str) -> String {
    let mut text = name.to_uppercase();
    for (joined, spelt) in JOINED {
        if text.contains(joined) {
            text = text.replace(joined, &format!(" {spelt} "));
        }
    }
    let mut words: Vec<&str> = Vec::new();
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        if word.is_empty() || NOISE.contains(&word) {
            continue;
        }
        match ABBREVIATIONS.iter().find(|(short, _)| *short == word) {
            Some((_, long)) => words.extend(long.split(' ')),
            None => words.push(word),
        }
    }
    while words.ends_with(&["NATIONAL", "ASSOCIATION"]) {
        words.truncate(words.len() - 2);
    }
    words.join(" ")
}

/// Words of a name key that many banks' names share, and so say nothing
/// of which bank a name is: "FARMERS STATE BANK" and "CITIZENS STATE BANK"
/// share two words, and are two banks.
const GENERIC: &[&str] = &[
    "BANK",
    "BANKS",
    "BANKING",
    "STATE",
    "NATIONAL",
    "FIRST",
    "TRUST",
    "SAVINGS",
    "COMMUNITY",
    "COMPANY",
    "FEDERAL",
    "ASSOCIATION",
    "LOAN",
    "FINANCIAL",
    "NA",
];

/// Whether two name keys ([`name_key`]) may name the same bank, on the
/// evidence of their words that are not [`GENERIC`]: half of them shared
/// (as [`overlap`] counts them); two names of generic words alone only
/// when they are the same.
pub fn same_bank(a: &str, b: &str) -> bool {
    let distinctive = |key: &str| -> String {
        let words = key
            .split(' ')
            .filter(|w| !w.is_empty() && !GENERIC.contains(w));
        words.collect::<Vec<_>>().join(" ")
    };
    let (left, right) = (distinctive(a), distinctive(b));
    if left.is_empty() && right.is_empty() {
        // Generic words alone: the same words, however signed (`N.A.`).
        let signed = |key: &str| -> Vec<String> {
            let words = key.split(' ').filter(|w| !w.is_empty() && *w != "NA");
            words.map(str::to_string).collect()
        };
        return signed(a) == signed(b);
    }
    overlap(&left, &right) >= 0.5
}

/// A city as the linker compares it: upper case, letters and digits,
/// `SAINT`/`FORT`/`MOUNT` as `ST`/`FT`/`MT`.
pub fn city_key(city: &str) -> String {
    let upper = city.to_uppercase();
    let words: Vec<&str> = upper
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| match w {
            "SAINT" => "ST",
            "SAINTE" => "STE",
            "FORT" => "FT",
            "MOUNT" => "MT",
            other => other,
        })
        .collect();
    words.join(" ")
}

/// How much two name keys share: the Dice coefficient of their words,
/// 0 (nothing) to 1 (the same words).
pub fn overlap(a: &str, b: &str) -> f64 {
    let mut left: Vec<&str> = a.split(' ').filter(|w| !w.is_empty()).collect();
    let mut right: Vec<&str> = b.split(' ').filter(|w| !w.is_empty()).collect();
    if left.is_empty() || right.is_empty() {
        return 0.0;
    }
    left.sort_unstable();
    left.dedup();
    right.sort_unstable();
    right.dedup();
    let shared = left.iter().filter(|w| right.contains(w)).count();
    2.0 * shared as f64 / (left.len() + right.len()) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn names_that_share_only_generic_words_are_two_banks() {
        let same = |a: &str, b: &str| same_bank(&name_key(a), &name_key(b));
        assert!(!same("FARMERS STATE BANK", "CITIZENS STATE BANK"));
        assert!(!same(
            "FIRST STATE BANK OF NORTH DAKOTA",
            "CITIZENS STATE BANK"
        ));
        assert!(!same("First National Bank, N.A.", "First State Bank"));
        assert!(same("FARMERS ST BK", "Farmers State Bank of Hamburg"));
        assert!(same("First National Bank", "FIRST NATIONAL BANK, N.A."));
        assert!(same("Charter One Bank, N.A.", "CHARTER ONE BANK"));
        assert!(!same("SOMEONE ELSE ENTIRELY TRUST", "Bank of Sherman Hill"));
    }

    #[test]
    fn the_files_spellings_meet_the_banks() {
        assert_eq!(
            name_key("COASTAL BK & TR"),
            name_key("Coastal Bank and Trust")
        );
        assert_eq!(
            name_key("PULASKI B&TC"),
            name_key("Pulaski Bank & Trust Company")
        );
        assert_eq!(
            name_key("FIRST NATIONAL BANK OF ALBANY, N.A."),
            name_key("First National Bank of Albany")
        );
        assert_eq!(
            name_key("Albany Bank and Trust Company National Association"),
            name_key("ALBANY BANK & TRUST CO")
        );
        assert_eq!(name_key("GRETNA ST BK"), name_key("Gretna State Bank"));
        assert_eq!(name_key("1ST*BANK"), "FIRST BANK");
        assert_ne!(
            name_key("FIRST STATE BANK"),
            name_key("FIRST SECURITY BANK")
        );
        assert_eq!(city_key("SLIPPERY  ROCK"), city_key("Slippery Rock"));
        assert_eq!(city_key("SAINT LOUIS"), city_key("St. Louis"));
        assert_eq!(city_key("FT. WORTH"), city_key("Fort Worth"));
    }

    #[test]
    fn overlap_is_a_share_of_words() {
        assert_eq!(overlap("FIRST BANK", "FIRST BANK"), 1.0);
        assert_eq!(overlap("FIRST BANK", "SECOND TRUST"), 0.0);
        assert!((overlap("FIRST STATE BANK", "FIRST BANK") - 0.8).abs() < 1e-9);
        assert_eq!(overlap("", "FIRST"), 0.0);
    }

    proptest! {
        #[test]
        fn keys_are_stable_and_never_panic(name in "\\PC{0,40}") {
            let key = name_key(&name);
            prop_assert_eq!(name_key(&key), key.clone());
            let city = city_key(&name);
            prop_assert_eq!(city_key(&city), city);
            let o = overlap(&key, &key);
            prop_assert!(o == 0.0 || (o - 1.0).abs() < 1e-12);
        }
    }
}
