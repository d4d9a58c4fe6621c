//! The HTTP client settings every outgoing request of `cra` shares: the API
//! client, `trigger`, `listen --forward-to` and the sandbox's webhooks; and
//! the one limited reader every response body goes through, so that no
//! server can make `cra` hold more than a bounded amount of its answer. The
//! retry policy of the senders that retry is in `retry`.

pub mod adapt;
pub mod fetch;
pub mod large;
pub mod pace;
pub mod rate;
pub mod retry;

pub use fetch::{FetchError, Fetched, Fetcher};
pub use rate::{Rate, parse_rate};
pub use retry::is_retryable_status;

use std::net::IpAddr;
use std::time::Duration;

use url::Url;

/// `cra/VERSION`, the User-Agent of every request.
pub const USER_AGENT: &str = concat!("cra/", env!("CARGO_PKG_VERSION"));

/// Longest wait for a connection, whatever the request timeout.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The most of an API body (after gzip decoding) `cra` reads: the largest
/// page (100 banks) or bank detail is far below it.
pub const API_BODY_LIMIT: u64 = 16 << 20;

/// The most of an error body, or of the answer to a webhook delivery
/// (`trigger`, `listen --forward-to`), read: only a message is wanted there.
pub const SMALL_BODY_LIMIT: u64 = 1 << 20;

/// The furthest ahead any wait is set: about 30 years (tokio's own "far
/// future"). A server may ask for any number of seconds (`Retry-After:
/// 18446744073709551615`); what is that far off is as good as never, and
/// an instant past it could not be represented at all.
pub const FAR: Duration = Duration::from_secs(86_400 * 365 * 30);

/// An instant `wait` after `at`, saturating at [`FAR`] ahead: the one way
/// a wait a server asked for becomes an instant, so that no value of a
/// header can overflow the clock (which panics).
pub trait Later: Copy {
    fn later(self, wait: Duration) -> Self;
}

impl Later for tokio::time::Instant {
    fn later(self, wait: Duration) -> Self {
        // Within 30 years of now an instant always exists; should the
        // clock still refuse, the wait is as long as it can be made.
        self.checked_add(wait.min(FAR))
            .or_else(|| self.checked_add(Duration::from_secs(86_400)))
            .unwrap_or(self)
    }
}

impl Later for std::time::Instant {
    fn later(self, wait: Duration) -> Self {
        self.checked_add(wait.min(FAR))
            .or_else(|| self.checked_add(Duration::from_secs(86_400)))
            .unwrap_or(self)
    }
}

/// Durations stand for instants in the pure tests of the pacing.
impl Later for Duration {
    fn later(self, wait: Duration) -> Self {
        self.saturating_add(wait)
    }
}

/// Why a body could not be read whole.
#[derive(Debug)]
pub enum BodyError {
    /// Over `limit` bytes after decoding; the rest was not read.
    TooLarge { limit: u64 },
    /// Marked `Content-Encoding: gzip` but not gzip data (or cut inside
    /// the gzip stream): the server's data is wrong, a retry sends it again.
    Decode(reqwest::Error),
    /// The connection failed or timed out while the body was arriving.
    Transport(reqwest::Error),
}

impl BodyError {
    /// The error for a user: `what` names the body (`the response from
    /// URL`). A body too large or not decodable is bad data (exit 1); a
    /// transport failure is given back as it is, for the caller's retries.
    pub fn describe(&self, what: &str) -> String {
        match self {
            BodyError::TooLarge { limit } => format!(
                "{what} is over {} (read no further; a server sending that much is misbehaving)",
                crate::text::byte_size(*limit)
            ),
            BodyError::Decode(error) => format!(
                "{what} says Content-Encoding: gzip but is not gzip data ({})",
                root_cause(error)
            ),
            BodyError::Transport(error) => format!("{what} was cut off: {}", root_cause(error)),
        }
    }
}

/// Reads the body of `response` (decoded, if it was gzip) into memory, but
/// never more than `limit` bytes: past it, reading stops, the connection is
/// dropped and the body is refused. Every body `cra` reads whole comes
/// through here.
pub async fn read_limited(
    response: reqwest::Response,
    limit: u64,
) -> Result<bytes::Bytes, BodyError> {
    read_in_turn(response, limit, None).await
}

/// The same, a body past [`large::SMALL`] read only in `turn` (see
/// `large`), when one is given.
pub async fn read_in_turn(
    response: reqwest::Response,
    limit: u64,
    turn: Option<&large::Turn>,
) -> Result<bytes::Bytes, BodyError> {
    // An honest length over the limit is refused before a byte is read (a
    // gzip body has none: reqwest removes it when it decodes).
    if response.content_length().is_some_and(|n| n > limit) {
        return Err(BodyError::TooLarge { limit });
    }
    match read_up_to(response, limit, turn).await? {
        (body, true) => Ok(body),
        (_, false) => Err(BodyError::TooLarge { limit }),
    }
}

/// The first `limit` bytes of the body (decoded), and whether that was all
/// of it; reading stops there. For an answer only glanced at (the first
/// line of an app's error), where a long one is no error.
pub async fn read_prefix(
    response: reqwest::Response,
    limit: u64,
) -> Result<(bytes::Bytes, bool), BodyError> {
    read_up_to(response, limit, None).await
}

async fn read_up_to(
    mut response: reqwest::Response,
    limit: u64,
    turn: Option<&large::Turn>,
) -> Result<(bytes::Bytes, bool), BodyError> {
    let limit = usize::try_from(limit).unwrap_or(usize::MAX);
    let mut body = bytes::BytesMut::new();
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) => {
                if let Some(turn) = turn
                    && body.len() + chunk.len() > large::SMALL
                {
                    turn.large().await;
                }
                if body.len() + chunk.len() > limit {
                    body.extend_from_slice(&chunk[..limit - body.len()]);
                    return Ok((body.freeze(), false));
                }
                body.extend_from_slice(&chunk);
            }
            Ok(None) => return Ok((body.freeze(), true)),
            Err(error) if is_bad_encoding(&error) => return Err(BodyError::Decode(error)),
            Err(error) => return Err(BodyError::Transport(error)),
        }
    }
}

/// Whether a body error is the decoder refusing the data, rather than the
/// connection failing: reqwest reports both as "error decoding response
/// body", but only the decoder's carries an `io::Error` of invalid or
/// truncated data, and no timeout or hyper error.
fn is_bad_encoding(error: &reqwest::Error) -> bool {
    if error.is_timeout() {
        return false;
    }
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        if cause.is::<hyper::Error>() {
            return false;
        }
        if let Some(io) = cause.downcast_ref::<std::io::Error>()
            && matches!(
                io.kind(),
                std::io::ErrorKind::InvalidData | std::io::ErrorKind::UnexpectedEof
            )
            && !io.get_ref().is_some_and(|inner| inner.is::<hyper::Error>())
        {
            return true;
        }
        source = cause.source();
    }
    false
}

/// The innermost cause of an error, which is the one that says what
/// happened (`Connection refused`, `invalid gzip header`).
pub fn root_cause(error: &(dyn std::error::Error + 'static)) -> String {
    let mut root = error;
    while let Some(source) = root.source() {
        root = source;
    }
    root.to_string()
}

/// Makes ring the cryptography of every TLS connection of this process,
/// once: reqwest is built without one (`rustls-no-provider`, see
/// Cargo.toml) and refuses to build a client until one is installed.
pub fn install_tls() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // Err: one is installed already, which is what is wanted.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

/// A client builder for requests to `target`: User-Agent, connect and
/// request timeouts, and no proxy when `target` is this machine (a proxy
/// cannot reach its loopback; `HTTP_PROXY` applies to everything else).
pub fn builder(target: &Url, timeout: Duration) -> reqwest::ClientBuilder {
    install_tls();
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

/// A base address as it may be shown: `hide_userinfo`, and a query or
/// fragment (where a key could be pasted: `?api_key=...`) shown as `?***`.
/// Such an address is refused (`api::base`), but it is still echoed by
/// `config show` and in the refusal itself.
pub fn hide_address_secrets(text: &str) -> String {
    let text = hide_userinfo(text);
    let after_scheme = text.find("://").map_or(0, |i| i + 3);
    match text[after_scheme..].find(['?', '#']) {
        Some(at) => format!("{}?***", &text[..after_scheme + at]),
        None => text,
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
    fn limits_read_as_a_person_would() {
        assert_eq!(crate::text::byte_size(API_BODY_LIMIT), "16 MiB");
        assert_eq!(crate::text::byte_size(SMALL_BODY_LIMIT), "1 MiB");
    }

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
    fn a_query_or_fragment_of_an_address_is_hidden() {
        assert_eq!(
            hide_address_secrets("http://127.0.0.1:8080/?api_key=SECRET"),
            "http://127.0.0.1:8080/?***"
        );
        assert_eq!(
            hide_address_secrets("https://u:pw@h/x#SECRET"),
            "https://***@h/x?***"
        );
        assert_eq!(hide_address_secrets("https://h/x"), "https://h/x");
    }

    proptest::proptest! {
        /// Whatever a server asks for, an instant that far ahead exists
        /// and is never before now.
        #[test]
        fn any_wait_becomes_an_instant(secs in proptest::prelude::any::<u64>(), nanos in 0u32..1_000_000_000) {
            let wait = Duration::new(secs, nanos);
            let now = tokio::time::Instant::now();
            let at = now.later(wait);
            proptest::prop_assert!(at >= now);
            proptest::prop_assert!(at - now == wait.min(FAR));
            let std_now = std::time::Instant::now();
            proptest::prop_assert!(std_now.later(wait) >= std_now);
            proptest::prop_assert!(Duration::MAX.later(wait) == Duration::MAX);
        }
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
