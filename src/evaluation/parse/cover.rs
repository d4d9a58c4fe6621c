//! The cover: the institution's name, its printed identifiers and the
//! evaluation's date.

use super::super::model::{IdKind, PrintedId};
use super::text::{Doc, one_of, window};
use std::ops::Range;

/// Words that start an identifier on the cover; the first three name
/// these kinds, the others an FDIC certificate.
const ID_LABELS: [&str; 5] = ["charter", "rssd", "docket", "certificate", "cert"];
const ID_KINDS: [IdKind; 3] = [IdKind::OccCharter, IdKind::Rssd, IdKind::OtsDocket];

/// Cover lines holding any of these are the agency's or boilerplate,
/// never the institution's name.
const NOT_NAME: &str = "cra rating|is rated|public disclosure|reinvestment act|performance \
    evaluation|comptroller|federal deposit insurance|federal reserve|office of thrift|board of \
    governors|supervisory agency|prepared by|note:|this document|p.o. box|po box|evaluation date|\
    date of evaluation";

/// The institution's name: the first cover line after the title that is
/// not boilerplate, a date, an identifier, an agency or an address; else
/// the first such line anywhere on the cover.
pub(super) fn cover_name(doc: &Doc, cover: &Range<usize>) -> Option<String> {
    let has = |w: &str| cover.clone().find(|&i| doc.lower(i).contains(w));
    let title = has("performance evaluation").or_else(|| has("reinvestment act"));
    let pick = |mut r: Range<usize>| r.find(|&i| may_be_name(doc, i));
    let name = pick(title.map_or(0, |t| t + 1)..cover.end).or_else(|| pick(cover.clone()));
    name.map(|i| doc.text(i).to_string())
}

/// Whether cover line `i` could be the institution's name.
fn may_be_name(doc: &Doc, i: usize) -> bool {
    let lower = doc.lower(i);
    let title = "community reinvestment act performance evaluation public disclosure cra";
    let last = lower.rsplit(' ').next().unwrap_or("");
    let zip = last.len() >= 5 && last.bytes().all(|b| b.is_ascii_digit() || b == b'-');
    // A street number, not an ordinal as in "1st Source Bank".
    let street = lower.split(' ').next().and_then(digits).is_some();
    lower.len() <= 150
        && lower.contains(|c: char| c.is_alphabetic())
        && !lower.split(' ').all(|w| one_of(title, w))
        && !zip
        && !id_label(lower)
        && !street
        && !lower.starts_with("as of ")
        && !NOT_NAME.split('|').any(|w| lower.contains(w))
        && find_date(lower).is_none()
        && ids_in(doc, i).is_empty()
}

/// Whether a (lowercase) line holds an identifier's label: a label word
/// followed by "Number", "No.", "ID", "#" or ":" ("Charter Number",
/// "RSSD#", "Cert:"), never a word of a name ("Charter One Bank",
/// "Charter National Bank").
fn id_label(lower: &str) -> bool {
    ID_LABELS.iter().any(|label| {
        lower.match_indices(label).any(|(p, _)| {
            let alone = p == 0 || !lower.as_bytes()[p - 1].is_ascii_alphanumeric();
            let rest = lower.get(p + label.len()..).unwrap_or("").trim_start();
            let word = rest.split([' ', ':', '#']).next().unwrap_or("");
            alone && (rest.starts_with([':', '#']) || one_of("number no no. num nbr id", word))
        })
    })
}

/// Identifiers on line `i`: a label word, optional "Number"/"No."/"ID"/
/// "#"/":", then a token of digits only (the next line's, if the label
/// ends the line).
pub(super) fn ids_in(doc: &Doc, i: usize) -> Vec<PrintedId> {
    let lower = doc.lower(i);
    let mut out = Vec::new();
    for (k, label) in ID_LABELS.into_iter().enumerate() {
        let kind = ID_KINDS.get(k).copied().unwrap_or(IdKind::FdicCert);
        for (p, _) in lower.match_indices(label) {
            let rest = window(lower, p + label.len(), 120);
            let glued = rest.starts_with(|c: char| c.is_ascii_alphabetic());
            if glued || (p > 0 && lower.as_bytes()[p - 1].is_ascii_alphanumeric()) {
                continue;
            }
            let mut words = rest.split([' ', ':', '#']).filter(|w| !w.is_empty());
            let token = words.find(|w| !one_of("number no no. num nbr id .", w));
            // The number on the next line only after a label ("Charter
            // Number:"), never after a name's last word ("First Charter").
            let labelled = !rest.trim().is_empty();
            let below = || doc.lower(i + 1).split(' ').next().filter(|_| labelled);
            let token = token.or_else(below);
            if let Some(number) = token.and_then(digits) {
                out.push(PrintedId { kind, number });
            }
        }
    }
    out
}

/// A number printed with digits only (trailing punctuation aside), not 0;
/// leading zeros are dropped.
fn digits(token: &str) -> Option<u64> {
    let token = token.trim_end_matches(['.', ',', ';', ')']);
    let all = token.bytes().all(|b| b.is_ascii_digit());
    token.parse().ok().filter(|v| all && *v > 0)
}

/// Labels of the evaluation's date on a cover.
const DATE_LABELS: [&str; 3] = [
    "evaluation date",
    "date of evaluation",
    "date of this evaluation",
];

/// The evaluation's date as the cover prints it: the date labelled so
/// ("Evaluation Date: March 15, 2021", on the label's line or the next),
/// else the cover's last date (of its short lines): a cover that prints
/// the evaluation period
/// ("January 1, 2018 through December 31, 2020") prints it before the
/// evaluation's own date, never after.
pub(super) fn cover_date(doc: &Doc, cover: &Range<usize>) -> Option<String> {
    let labelled = cover.clone().find_map(|i| {
        let lower = doc.lower(i);
        let at = DATE_LABELS
            .iter()
            .find_map(|l| lower.find(l).map(|p| p + l.len()))?;
        let on_line = lower
            .get(at..)
            .and_then(|rest| dates(rest).into_iter().next());
        on_line.or_else(|| dates(doc.lower(i + 1)).into_iter().next())
    });
    // A cover's lines are short: a date in a sentence below it (assets
    // "as of December 31, 2020") is not the evaluation's.
    let short = |i: &usize| doc.lower(*i).len() <= 80;
    labelled.or_else(|| {
        cover
            .clone()
            .rev()
            .filter(short)
            .find_map(|i| dates(doc.lower(i)).pop())
    })
}

/// The first real date a (lowercase) line prints: see [`dates`].
pub(super) fn find_date(lower: &str) -> Option<String> {
    dates(lower).into_iter().next()
}

/// The real dates a (lowercase) line prints, in order: "March 15, 2021",
/// "Mar. 15th 2021" or "03/15/2021" (month first, as US agencies print),
/// as YYYY-MM-DD. Lines longer than a cover prints are not read.
fn dates(lower: &str) -> Vec<String> {
    if lower.len() > 300 {
        return Vec::new();
    }
    let words: Vec<&str> = lower.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    // A day may print as an ordinal: "15th".
    let ordinal = |w: &str| digits(w.trim_end_matches(['s', 't', 'h', 'n', 'd', 'r']));
    let number = |w: &str| ordinal(w).and_then(|n| u32::try_from(n).ok());
    (0..words.len())
        .filter_map(|k| {
            let after = |n: usize| words.get(k + n).and_then(|w| number(w));
            if words[k].contains('/') {
                let parts: Option<Vec<u32>> = words[k].split('/').map(number).collect();
                let [m, d, y] = parts?[..] else { return None };
                return ymd(y, m, d);
            }
            let m = month(words[k].trim_end_matches('.'))?;
            ymd(after(2)?, m, after(1)?)
        })
        .collect()
}

/// A month's number from its name or an abbreviation of three letters or
/// more ("Sept" too).
fn month(word: &str) -> Option<u32> {
    let word = if word == "sept" { "sep" } else { word };
    let names =
        "january february march april may june july august september october november december";
    let known = |name: &str| (3..=9).contains(&word.len()) && name.starts_with(word);
    let at = names.split(' ').position(known)?;
    Some(at as u32 + 1)
}

/// A date as YYYY-MM-DD if that day exists (and the year is plausible).
fn ymd(year: u32, month: u32, day: u32) -> Option<String> {
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    // 31 days in months 1, 3, 5, 7, 8, 10, 12: (m + m / 8) is odd.
    let last = if month == 2 {
        28 + u32::from(leap)
    } else {
        30 + (month + month / 8) % 2
    };
    let real =
        (1900..=2100).contains(&year) && (1..=12).contains(&month) && (1..=last).contains(&day);
    real.then(|| format!("{year:04}-{month:02}-{day:02}"))
}
