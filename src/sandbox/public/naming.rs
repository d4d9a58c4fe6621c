//! Names as the public record writes them, which is not always as the
//! service does: a bank's name at an older exam (a former name, or the
//! same name punctuated otherwise, as 22% of the real file's institutions
//! have), and BankFind's legal names in mixed case with the Federal
//! Reserve's abbreviations spelled out.

use crate::sandbox::draw::Draw;

/// The same name written another way, as names drift between exams in the
/// real file (`N.A.` / `N. A.` / `NATIONAL ASSOCIATION`, `&` / `AND`,
/// with or without `THE`).
pub fn variant(name: &str, draw: &mut Draw) -> String {
    let swaps: [(&str, &str); 8] = [
        (", N.A.", ", NATIONAL ASSOCIATION"),
        (" N.A.", " N. A."),
        (", NATIONAL ASSOCIATION", ", N.A."),
        (" & ", " AND "),
        (" AND ", " & "),
        (" FSB", ", F.S.B."),
        (", INC.", ""),
        (" B&TC", " B & TC"),
    ];
    let applicable: Vec<&(&str, &str)> = swaps
        .iter()
        .filter(|(from, _)| name.contains(from))
        .collect();
    if !applicable.is_empty() {
        let (from, to) = draw.pick(&applicable);
        return name.replacen(from, to, 1);
    }
    match name.strip_prefix("THE ") {
        Some(rest) => rest.to_string(),
        None => format!("THE {name}"),
    }
}

/// Another name altogether (the bank before a merger or a rebranding), of
/// the shapes real names take, in the regulator's style.
pub fn former(city: &str, regulator: &str, draw: &mut Draw) -> String {
    const HEADS: [&str; 12] = [
        "FIRST",
        "CITIZENS",
        "FARMERS",
        "PEOPLES",
        "SECURITY",
        "UNION",
        "HOME",
        "MERCHANTS",
        "COMMERCIAL",
        "VALLEY",
        "PIONEER",
        "HERITAGE",
    ];
    const SURNAMES: [&str; 8] = [
        "MILLER", "JOHNSON", "HARRIS", "BAKER", "WALKER", "MORGAN", "FULTON", "GRANT",
    ];
    let form = match regulator {
        "OCC" => "NATIONAL BANK",
        "OTS" => "SAVINGS AND LOAN ASSOCIATION",
        _ => "STATE BANK",
    };
    let head = *draw.pick(&HEADS);
    let name = match draw.below(4) {
        0 => format!("{head} {form}"),
        1 => format!("{head} {form} OF {city}"),
        2 => format!("{} {form}", draw.pick(&SURNAMES)),
        _ => format!("{city} {form}"),
    };
    if regulator == "FRB" {
        crate::sandbox::names::abbreviate(&name)
    } else {
        name
    }
}

/// The Federal Reserve's short words, spelled out for BankFind.
fn expand(word: &str) -> &str {
    match word {
        "BK" => "BANK",
        "B&TC" => "BANK AND TRUST COMPANY",
        "ST" => "STATE",
        "TR" => "TRUST",
        "CMNTY" => "COMMUNITY",
        "CO" => "COMPANY",
        "SVG" => "SAVINGS",
        "CTY" => "COUNTY",
        "NAT" => "NATIONAL",
        "MRCH" => "MERCHANTS",
        "FED" => "FEDERAL",
        other => other,
    }
}

/// A name or town as BankFind writes it: mixed case (`First State Bank of
/// Ames`, `Bank of America, National Association`), with the Federal
/// Reserve's abbreviations spelled out when `abbreviated`.
pub fn legal(name: &str, abbreviated: bool) -> String {
    let mut out = String::with_capacity(name.len() + 8);
    for (i, word) in name.split(' ').filter(|w| !w.is_empty()).enumerate() {
        let word = if abbreviated { expand(word) } else { word };
        for (j, part) in word.split(' ').enumerate() {
            if i + j > 0 {
                out.push(' ');
            }
            out.push_str(&mixed_case(part, i + j == 0));
        }
    }
    out
}

fn mixed_case(word: &str, first: bool) -> String {
    const SMALL: [&str; 8] = ["OF", "AND", "THE", "DE", "DEL", "Y", "AT", "IN"];
    const KEPT: [&str; 6] = ["FSB", "SSB", "USA", "N.A.", "F.S.B.", "N."];
    if KEPT.contains(&word) || word.contains('&') {
        return word.to_string();
    }
    if !first && SMALL.contains(&word) {
        return word.to_lowercase();
    }
    let mut out = String::with_capacity(word.len());
    let mut start = true;
    for c in word.chars() {
        if start {
            out.extend(c.to_uppercase());
        } else {
            out.extend(c.to_lowercase());
        }
        // A letter after an apostrophe stays small (PEOPLE'S), one after a
        // hyphen or a parenthesis starts a word (WINSTON-SALEM).
        start = matches!(c, '-' | '(' | '/');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legal_names_are_mixed_case_and_spelled_out() {
        assert_eq!(
            legal("FIRST STATE BANK OF AMES", false),
            "First State Bank of Ames"
        );
        assert_eq!(
            legal("BANK OF AMERICA, N.A.", false),
            "Bank of America, N.A."
        );
        assert_eq!(
            legal("PULASKI B&TC", true),
            "Pulaski Bank and Trust Company"
        );
        assert_eq!(legal("GRETNA ST BK", true), "Gretna State Bank");
        assert_eq!(
            legal("THE PEOPLE'S BANK  OF WINSTON-SALEM", false),
            "The People's Bank of Winston-Salem"
        );
        assert_eq!(legal("F&M BANK", false), "F&M Bank");
        assert_eq!(legal("SIOUX FALLS", false), "Sioux Falls");
    }

    #[test]
    fn variants_and_former_names_differ_from_the_name() {
        let mut draw = Draw::new(1, 9);
        for name in [
            "FIRST NATIONAL BANK, N.A.",
            "FARMERS & MERCHANTS BANK",
            "CITIZENS BANK",
            "THE BANK",
        ] {
            let other = variant(name, &mut draw);
            assert_ne!(other, name);
        }
        for regulator in ["OCC", "FRB", "FDIC", "OTS"] {
            let name = former("AMES", regulator, &mut draw);
            assert!(!name.is_empty() && name == name.to_uppercase(), "{name}");
        }
    }
}
