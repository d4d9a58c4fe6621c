//! The id in a bank argument: the id itself, exactly as given, or the
//! last path segment of the bank's page address; an agency's number
//! (`fdic:N`) given wrong is said so, not sent as an id.

use anyhow::Result;

use crate::error::{CraError, shorten};
use crate::text::inert;

/// The id in an argument: the id itself, exactly as given (ids may hold
/// `/`, `?`, `&`, tabs: they are sent percent-encoded), or the last path
/// segment of the bank's page address (`https://.../banks/ID?tab=x` →
/// `ID`): an `http(s)://` address, or `host.name/path` whose first part
/// looks like a host name.
pub fn bank_id(arg: &str) -> Result<String> {
    let trimmed = arg.trim_matches(' ');
    let id = match page_address(trimmed) {
        Some(path) => percent_decode(path.rsplit('/').find(|s| !s.is_empty()).unwrap_or("")),
        None => trimmed.to_string(),
    };
    // `.` and `..` would be resolved away as path steps (`show ..` would
    // ask for the list), encoded or not; from a page address, a `/` in
    // the last segment is not one segment.
    if id.is_empty()
        || id == "."
        || id == ".."
        || (page_address(trimmed).is_some()
            && (id.contains('/') || id.chars().any(char::is_control)))
    {
        return Err(CraError::usage(format!(
            "'{}' is not a bank id or a bank page address",
            shorten(&inert(arg), 80)
        )));
    }
    if page_address(trimmed).is_none() && bad_agency_id(&id) {
        // No bank id starts so: it was meant as an agency's number.
        return Err(CraError::usage(format!(
            "'{}' is not an agency's number: give fdic:N, rssd:N or occ:N, N a whole number \
             from 1 to {}",
            shorten(&inert(arg), 80),
            crate::mirror::MOST_AGENCY_NUMBER
        )));
    }
    Ok(id)
}

/// Whether `text` starts as an agency's number does (`fdic:`, `rssd:`,
/// `occ:`, any case) but is not one (`fdic:abc`, `rssd:`, `occ:0`).
fn bad_agency_id(text: &str) -> bool {
    let Some((kind, _)) = text.trim().split_once(':') else {
        return false;
    };
    let agency = ["fdic", "cert", "rssd", "occ", "charter"]
        .iter()
        .any(|k| kind.eq_ignore_ascii_case(k));
    agency && crate::mirror::AgencyId::parse(text).is_none()
}

/// The path of `arg` when it is a page address rather than an id.
fn page_address(arg: &str) -> Option<String> {
    if let Ok(url) = url::Url::parse(arg)
        && matches!(url.scheme(), "http" | "https")
    {
        return Some(url.path().to_string());
    }
    let (host, rest) = arg.split_once('/')?;
    let hostlike = host.contains('.')
        && !host.starts_with('.')
        && !host.ends_with('.')
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'));
    hostlike.then(|| rest.split(['?', '#']).next().unwrap_or("").to_string())
}

fn percent_decode(text: &str) -> String {
    url::form_urlencoded::parse(format!("x={}", text.replace('+', "%2B")).as_bytes())
        .next()
        .map_or_else(|| text.to_string(), |(_, v)| v.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_from_page_addresses() {
        assert_eq!(bank_id("abc-123").unwrap(), "abc-123");
        assert_eq!(
            bank_id("https://bankscorer.com/banks/abc-123").unwrap(),
            "abc-123"
        );
        assert_eq!(
            bank_id("https://bankscorer.com/banks/abc-123/?tab=history#x").unwrap(),
            "abc-123"
        );
        assert_eq!(bank_id("bankscorer.com/banks/abc-123").unwrap(), "abc-123");
        assert_eq!(bank_id("https://x.com/banks/a%20b").unwrap(), "a b");
        assert!(bank_id("").is_err());
        for bad in [
            "fdic:abc",
            "FDIC:",
            "rssd:-1",
            "occ:0",
            "cert:1.5",
            "charter:x",
        ] {
            let error = bank_id(bad).unwrap_err();
            assert_eq!(crate::error::exit_of(&error), crate::error::Exit::Usage);
            assert!(error.to_string().contains("fdic:N"), "{error}");
        }
        assert_eq!(bank_id("fdic:3510").unwrap(), "fdic:3510");
        assert_eq!(bank_id("RSSD:12").unwrap(), "RSSD:12");
        assert_eq!(bank_id("other:abc").unwrap(), "other:abc");
        assert!(bank_id("https://x.com/").is_err());
        for dots in [
            ".",
            "..",
            "https://x.com/banks/..",
            "https://x.com/banks/%2e%2e",
            "x.com/banks/%2E",
            "https://x.com/banks/a%2Fb",
        ] {
            assert!(bank_id(dots).is_err(), "{dots}");
        }
        // Anything else is an id, exactly as given.
        for id in [
            "a/b", "a?b&c=d", "a\tb", "a\nb", "%2e%2e", "foo/..", "50%", "./",
        ] {
            assert_eq!(bank_id(id).unwrap(), id, "{id:?}");
        }
        assert_eq!(bank_id("...").unwrap(), "...");
        let long = "x".repeat(100_000);
        let message = bank_id(&format!("https://x.com/banks/{long}%07{long}"))
            .unwrap_err()
            .to_string();
        assert!(message.len() < 200, "{}", message.len());
    }
}
