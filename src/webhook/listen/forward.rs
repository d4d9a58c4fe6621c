//! `listen --forward-to`: a verified delivery passed on to the app as it
//! came (its bytes, content type and signature), and the app's answer
//! turned into the status `listen` answers with and the words shown beside
//! the event. Not retried: the sender's own retries cover a failure, since
//! it is answered with the app's status (or 502).

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use bytes::Bytes;

use crate::http;
use crate::webhook::sign::HEADER;

/// Forwards `body` to `to`: the status to answer the sender with, and the
/// line shown beside the event (`forwarded 200 OK`, `forward timed out:
/// 502`).
pub(super) async fn forward(
    client: &reqwest::Client,
    to: &url::Url,
    headers: &HeaderMap,
    signature: &str,
    body: &Bytes,
) -> (StatusCode, String) {
    let sent = client
        .post(to.clone())
        .header(
            header::CONTENT_TYPE,
            headers
                .get(header::CONTENT_TYPE)
                .cloned()
                .unwrap_or(HeaderValue::from_static("application/json")),
        )
        .header(HEADER, signature)
        .body(body.clone())
        .send()
        .await;
    match sent {
        Ok(response) => {
            let status =
                StatusCode::from_u16(response.status().as_u16()).unwrap_or(StatusCode::BAD_GATEWAY);
            let mut line = format!(
                "forwarded {} {}",
                status.as_u16(),
                status.canonical_reason().unwrap_or("")
            );
            // The app's answer, read no further than the limit: on a
            // failure its first line is the app's own error message, what
            // the developer needs next to the status.
            let answer = http::read_prefix(response, http::SMALL_BODY_LIMIT).await;
            if !status.is_success()
                && let Ok((body, _)) = &answer
                && let Some(first) = first_line(body)
            {
                line = format!("{}: {first}", line.trim_end());
            }
            if let Ok((_, false)) = answer {
                line.push_str(&format!(
                    " (answer over {}, read no further)",
                    crate::text::byte_size(http::SMALL_BODY_LIMIT)
                ));
            }
            (status, line)
        }
        Err(error) => {
            let why = if error.is_timeout() {
                "timed out"
            } else if error.is_connect() {
                "unreachable"
            } else {
                "failed"
            };
            (StatusCode::BAD_GATEWAY, format!("forward {why}: 502"))
        }
    }
}

/// The first line of an app's answer that has text, made inert for a
/// terminal and cut to a length that fits beside the event.
fn first_line(body: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(body);
    let line = text.lines().map(str::trim).find(|line| !line.is_empty())?;
    Some(crate::output::inert(&crate::error::shorten(line, 200)).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_line_of_an_answer() {
        assert_eq!(
            first_line(b"\n  database is down\r\nstack trace").as_deref(),
            Some("database is down")
        );
        assert_eq!(first_line(b" \n\t\n"), None);
        let line = first_line(b"\x1b[2Jowned\x07").unwrap();
        assert!(!line.contains(['\x1b', '\x07']), "{line:?}");
        assert!(first_line(&[b'x'; 5000]).unwrap().chars().count() <= 201);
    }
}
