//! The HTTP client settings every outgoing request of `cra` shares: the API
//! client, `trigger`, `listen --forward-to` and the sandbox's webhooks.

use std::net::IpAddr;
use std::time::Duration;

use url::Url;

/// `cra/VERSION`, the User-Agent of every request.
pub const USER_AGENT: &str = concat!("cra/", env!("CARGO_PKG_VERSION"));

/// Longest wait for a connection, whatever the request timeout.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A client builder for requests to `target`: User-Agent, connect and
/// request timeouts, and no proxy when `target` is this machine (a proxy
/// cannot reach its loopback; `HTTP_PROXY` applies to everything else).
pub fn builder(target: &Url, timeout: Duration) -> reqwest::ClientBuilder {
    let builder = reqwest::Client::builder()
        .user_agent(USER_AGENT)
        .connect_timeout(CONNECT_TIMEOUT.min(timeout))
        .timeout(timeout);
    if is_loopback(target) {
        builder.no_proxy()
    } else {
        builder
    }
}

/// The client of a webhook sender. Redirects are not followed: a 3xx is the
/// receiver's answer, shown as it is (following one would turn the POST
/// into a GET and drop the body).
pub fn webhook_sender(
    target: &Url,
    timeout: Duration,
    idle_per_host: usize,
) -> reqwest::Result<reqwest::Client> {
    builder(target, timeout)
        .redirect(reqwest::redirect::Policy::none())
        .pool_max_idle_per_host(idle_per_host)
        .build()
}

/// `text` with the `user:password@` of an address, if any, shown as
/// `***@`: for echoing addresses in messages and `config show`.
pub fn hide_userinfo(text: &str) -> String {
    let Some(scheme_end) = text.find("://").map(|i| i + 3) else {
        return text.to_string();
    };
    let rest = &text[scheme_end..];
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    match rest[..authority_end].rfind('@') {
        Some(at) => format!("{}***{}", &text[..scheme_end], &rest[at..]),
        None => text.to_string(),
    }
}

/// `localhost`, 127.0.0.0/8 or ::1.
pub fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(domain)) => domain.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn userinfo_is_hidden() {
        assert_eq!(
            hide_userinfo("https://u:hunter2@api.example.com:99999/x@y"),
            "https://***@api.example.com:99999/x@y"
        );
        assert_eq!(
            hide_userinfo("https://api.example.com/a@b"),
            "https://api.example.com/a@b"
        );
        assert_eq!(hide_userinfo("not a url"), "not a url");
        assert_eq!(hide_userinfo("http://p@ss:w@rd@h/"), "http://***@h/");
    }

    #[test]
    fn loopback_hosts() {
        for url in [
            "http://localhost:4000/",
            "http://LOCALHOST/",
            "http://127.0.0.1/",
            "http://127.8.9.10:1/",
            "http://[::1]:80/",
        ] {
            assert!(is_loopback(&Url::parse(url).unwrap()), "{url}");
        }
        for url in [
            "http://example.com/",
            "http://10.0.0.1/",
            "http://[::2]/",
            "http://localhost.example.com/",
        ] {
            assert!(!is_loopback(&Url::parse(url).unwrap()), "{url}");
        }
    }
}
