//! The base address of the service, and where a request may go from it:
//! the checks a configured address passes before anything is sent (http(s),
//! no credentials in it, plain http only to this machine unless allowed),
//! and which redirects the client follows. Kept apart from the client so
//! that `config set base_url` checks an address without building one.

use anyhow::Result;
use url::Url;

use crate::error::CraError;

/// Parses and checks a base address: http or https, and plain http only to
/// a loopback host unless allowed. A trailing `/api/v1` is taken off, since
/// the endpoints add it.
pub fn check_base_url(text: &str, allow_insecure_http: bool) -> Result<Url> {
    // Echoed in messages with any user:password@ part and query hidden.
    let shown = crate::http::hide_address_secrets(text);
    let text = shown.as_str();
    let mut url = Url::parse(text.trim()).map_err(|e| {
        CraError::usage(format!(
            "'{text}' is not a valid base address ({e}); expected e.g. https://api.example.com"
        ))
    })?;
    // A user or password in the address would be sent as Basic auth in
    // place of the key, and shown in traces and errors: refused, unechoed.
    if !url.username().is_empty() || url.password().is_some() {
        return Err(CraError::usage(format!(
            "the base address for {} has a user name or password in it; give just the address (the API key is the credential: CRA_API_KEY or cra config set api_key)",
            url.host_str().unwrap_or("?")
        )));
    }
    // A query or fragment would be dropped from every request (the
    // endpoints replace them), and one holding a key would be shown in
    // `config show` and every workbook's About sheet: refused, unechoed.
    if url.query().is_some() || url.fragment().is_some() {
        return Err(CraError::usage(format!(
            "the base address for {} has a query or fragment (?... or #...) in it; give just the address (the API key is the credential: CRA_API_KEY or cra config set api_key)",
            url.host_str().unwrap_or("?")
        )));
    }
    match url.scheme() {
        "https" => {}
        "http" => {
            if !crate::http::is_loopback(&url) && !allow_insecure_http {
                return Err(CraError::usage(format!(
                    "refusing plain http:// to {}: the API key would travel in clear (use https:// or --allow-insecure-http)",
                    url.host_str().unwrap_or("?")
                )));
            }
        }
        other => {
            return Err(CraError::usage(format!(
                "base address '{text}' has scheme '{other}'; use https:// (or http:// for a local server)"
            )));
        }
    }
    if url.cannot_be_a_base() || url.host().is_none() {
        return Err(CraError::usage(format!(
            "'{text}' is not a valid base address"
        )));
    }
    url.set_query(None);
    url.set_fragment(None);
    let path = url.path().trim_end_matches('/').to_string();
    let path = path.strip_suffix("/api/v1").unwrap_or(&path).to_string();
    url.set_path(&format!("{path}/"));
    Ok(url)
}

/// Redirects followed in a row, at most.
pub(super) const MAX_REDIRECTS: usize = 5;

/// Whether to follow a redirect to `next` after the URLs in `previous`
/// (the first is the one requested): a few are followed, but never from
/// https to plain http, where the key would travel in clear.
pub(super) fn follow_redirect(previous: &[Url], next: &Url) -> bool {
    let downgrade = next.scheme() == "http" && previous.iter().any(|u| u.scheme() == "https");
    !downgrade && previous.len() <= MAX_REDIRECTS
}

/// What stays as it is in a bank id's path segment: RFC 3986's unreserved
/// characters. Everything else, a `/`, `?`, `&`, `%`, TAB or LF included,
/// is percent-encoded, so the id requested is the id listed, byte for byte.
const ID_SEGMENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// `{base}api/v1/banks/{id}`, the id percent-encoded whatever it holds
/// (`Url`'s own segment encoding drops TAB and LF, and keeps `?`-like
/// characters a server may split on). `.` and `..` cannot be carried by a
/// URL path at all (they are resolved away, even encoded): refused.
pub fn bank_url(base: &Url, id: &str) -> Result<Url> {
    if id.is_empty() || id == "." || id == ".." {
        return Err(CraError::Response {
            message: format!(
                "'{id}' cannot be requested as a bank id (an empty, '.' or '..' path segment)"
            ),
        }
        .into());
    }
    let encoded = percent_encoding::utf8_percent_encode(id, ID_SEGMENT).to_string();
    let mut url = base.clone();
    url.set_path(&format!("{}api/v1/banks/{encoded}", base.path()));
    debug_assert!(url.path().ends_with(&format!("/{encoded}")));
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redirects_never_go_from_https_to_http_and_are_bounded() {
        let u = |s: &str| Url::parse(s).unwrap();
        let https = u("https://api.example.com/api/v1/banks");
        assert!(follow_redirect(
            std::slice::from_ref(&https),
            &u("https://api2.example.com/x")
        ));
        assert!(!follow_redirect(
            std::slice::from_ref(&https),
            &u("http://api.example.com/x")
        ));
        // Not even after an https hop in between.
        let chain = [https.clone(), u("https://b.example.com/")];
        assert!(!follow_redirect(&chain, &u("http://c.example.com/")));
        // Plain http to http (loopback or --allow-insecure-http) is followed.
        assert!(follow_redirect(
            &[u("http://127.0.0.1:1/")],
            &u("http://127.0.0.1:2/")
        ));
        let long: Vec<Url> = (0..=MAX_REDIRECTS)
            .map(|i| u(&format!("https://e.example/{i}")))
            .collect();
        assert!(follow_redirect(&long[..MAX_REDIRECTS], &https));
        assert!(!follow_redirect(&long, &https));
    }

    #[test]
    fn base_url_with_credentials_is_refused_without_echoing_them() {
        for text in [
            "https://user:hunter2@api.example.com/",
            "https://hunter2@api.example.com/",
            "http://u:hunter2@127.0.0.1:8080/",
        ] {
            let error = check_base_url(text, false).unwrap_err();
            let message = error.to_string();
            assert!(message.contains("user name or password"), "{message}");
            assert!(!message.contains("hunter2"), "{message}");
            assert_eq!(crate::error::exit_of(&error), crate::error::Exit::Usage);
        }
        // Not even when the address is also broken in another way.
        for text in [
            "https://u:hunter2@api.example.com:99999/",
            "https://u:hunter2@/",
        ] {
            let message = check_base_url(text, false).unwrap_err().to_string();
            assert!(!message.contains("hunter2"), "{message}");
        }
    }

    #[test]
    fn base_url_with_a_query_or_fragment_is_refused_without_echoing_it() {
        for text in [
            "http://127.0.0.1:8080/?api_key=SECRET",
            "https://api.example.com/v1?token=SECRET",
            "https://api.example.com/#SECRET",
            "https://u:pw@api.example.com/?SECRET",
            "https://api.example.com:99999/?SECRET",
        ] {
            let error = check_base_url(text, false).unwrap_err();
            let message = error.to_string();
            assert!(!message.contains("SECRET"), "{message}");
            assert_eq!(crate::error::exit_of(&error), crate::error::Exit::Usage);
        }
        let message = check_base_url("https://api.example.com/?k=SECRET", false)
            .unwrap_err()
            .to_string();
        assert!(message.contains("query or fragment"), "{message}");
    }

    #[test]
    fn base_url_forms() {
        let u = check_base_url("https://api.example.com", false).unwrap();
        assert_eq!(u.as_str(), "https://api.example.com/");
        let u = check_base_url("https://api.example.com/prefix/", false).unwrap();
        assert_eq!(u.as_str(), "https://api.example.com/prefix/");
        let u = check_base_url("https://api.example.com/api/v1/", false).unwrap();
        assert_eq!(u.as_str(), "https://api.example.com/");
        assert!(check_base_url("http://127.0.0.1:8080", false).is_ok());
        assert!(check_base_url("http://localhost:8080", false).is_ok());
        assert!(check_base_url("http://[::1]:8080", false).is_ok());
        assert!(check_base_url("http://api.example.com", false).is_err());
        assert!(check_base_url("http://api.example.com", true).is_ok());
        assert!(check_base_url("ftp://x", false).is_err());
        assert!(check_base_url("not a url", false).is_err());
    }

    #[test]
    fn bank_ids_are_sent_exactly_percent_encoded() {
        let base = check_base_url("https://api.example.com/prefix", false).unwrap();
        let cases = [
            ("abc-123", "/prefix/api/v1/banks/abc-123"),
            ("a\tb", "/prefix/api/v1/banks/a%09b"),
            ("a\nb", "/prefix/api/v1/banks/a%0Ab"),
            ("a/b?c&d#e", "/prefix/api/v1/banks/a%2Fb%3Fc%26d%23e"),
            ("50%", "/prefix/api/v1/banks/50%25"),
            ("é ü", "/prefix/api/v1/banks/%C3%A9%20%C3%BC"),
            ("...", "/prefix/api/v1/banks/..."),
        ];
        for (id, path) in cases {
            let url = bank_url(&base, id).unwrap();
            assert_eq!(url.path(), path, "{id:?}");
            assert_eq!(url.query(), None);
        }
        for id in ["", ".", ".."] {
            assert!(bank_url(&base, id).is_err(), "{id:?}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_id_round_trips_through_the_path(id in "\\PC{1,20}|[\\x00-\\x7f]{1,20}") {
            proptest::prop_assume!(id != "." && id != "..");
            let base = check_base_url("https://api.example.com/", false).unwrap();
            let url = bank_url(&base, &id).unwrap();
            let segment = url.path().rsplit('/').next().unwrap();
            let decoded = percent_encoding::percent_decode_str(segment).decode_utf8().unwrap();
            proptest::prop_assert_eq!(decoded, id.as_str());
            proptest::prop_assert!(url.path().starts_with("/api/v1/banks/"));
        }
    }
}
