//! A real `cra sandbox` on a free loopback port (its address read from the
//! first line it prints, never a sleep), and the one GET helper.

use std::io::{BufRead, BufReader};
use std::process::{Child, Stdio};
use std::sync::OnceLock;

use serde_json::Value;

use super::{ACTIVE_KEY, Home};

/// A `cra sandbox` child process, killed when dropped.
pub struct Sandbox {
    pub child: Child,
    /// `http://127.0.0.1:PORT`
    pub url: String,
    /// Standard output after the address, held open so that the sandbox
    /// never writes into a closed pipe.
    _stdout: BufReader<std::process::ChildStdout>,
    /// Its own clean home (no config).
    _home: Home,
}

impl Sandbox {
    /// `cra sandbox --port 0` with `args` added (e.g. `["--banks", "500"]`).
    pub fn start(args: &[&str]) -> Sandbox {
        Sandbox::start_at(0, args, &[])
    }

    pub fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> Sandbox {
        Sandbox::start_at(0, args, env)
    }

    /// `cra sandbox --port PORT` with `args` added: a second sandbox on the
    /// port of one that was stopped is, to a client, the same service.
    pub fn start_at(port: u16, args: &[&str], env: &[(&str, &str)]) -> Sandbox {
        let home = Home::new();
        let mut cra = home.cra_std();
        cra.envs(env.iter().copied())
            .args(["sandbox", "--port", &port.to_string()])
            .args(args);
        Sandbox::spawn(home, cra)
    }

    /// Starts `command` (a `cra sandbox`) and reads the address it prints.
    fn spawn(home: Home, mut command: std::process::Command) -> Sandbox {
        let mut child = command
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start cra sandbox");
        let mut stdout = BufReader::new(child.stdout.take().expect("piped stdout"));
        let mut line = String::new();
        stdout.read_line(&mut line).expect("read sandbox address");
        let url = line.trim().to_string();
        assert!(
            url.starts_with("http://"),
            "sandbox printed {line:?} as its first line"
        );
        Sandbox {
            child,
            url,
            _stdout: stdout,
            _home: home,
        }
    }

    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.url
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .expect("the address ends in a port")
    }

    /// A GET of `path_and_query` with the active key: status and JSON body.
    pub fn get(&self, path_and_query: &str) -> (u16, Value) {
        let (status, _, body) = get(&format!("{}{path_and_query}", self.url), Some(ACTIVE_KEY));
        (status, body)
    }

    /// Every bank of a list query, walking all pages at 100 a page.
    pub fn walk(&self, query: &str) -> Vec<Value> {
        let mut all = Vec::new();
        for page in 1.. {
            let (status, body) = self.get(&format!(
                "/api/v1/banks?per_page=100&page={page}{}{query}",
                if query.is_empty() { "" } else { "&" }
            ));
            assert_eq!(status, 200, "{body}");
            let data = body["data"].as_array().expect("data array").clone();
            let pages = body["meta"]["total_pages"].as_u64().expect("total_pages");
            all.extend(data);
            if page >= pages {
                break;
            }
        }
        all
    }

    /// Every bank's detail in list order, as the sandbox serves it now.
    pub fn details(&self, query: &str) -> Vec<Value> {
        self.walk(query)
            .iter()
            .map(|bank| {
                let id = bank["id"].as_str().expect("a bank id");
                let (status, body) = self.get(&format!("/api/v1/banks/{id}"));
                assert_eq!(status, 200, "{id}");
                body["data"].clone()
            })
            .collect()
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A blocking HTTP client (cra's TLS set up first: reqwest has none of its
/// own, see `cra::http::install_tls`).
pub fn http() -> reqwest::blocking::Client {
    cra::http::install_tls();
    reqwest::blocking::Client::new()
}

/// A blocking GET of `url`, as `reqwest::blocking::get` but with cra's TLS.
pub fn fetch(url: impl reqwest::IntoUrl) -> reqwest::Result<reqwest::blocking::Response> {
    http().get(url).send()
}

/// An async HTTP client, likewise.
pub fn async_http() -> reqwest::Client {
    cra::http::install_tls();
    reqwest::Client::new()
}

/// A blocking GET with an optional bearer key: status, headers and the
/// JSON body (Null when the body is not JSON). One client serves the whole
/// suite: building one per request costs its TLS set-up.
pub fn get(url: &str, key: Option<&str>) -> (u16, reqwest::header::HeaderMap, Value) {
    static CLIENT: OnceLock<reqwest::blocking::Client> = OnceLock::new();
    let mut request = CLIENT.get_or_init(http).get(url);
    if let Some(key) = key {
        request = request.bearer_auth(key);
    }
    let response = request.send().expect("GET");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = response.bytes().expect("body");
    (
        status,
        headers,
        serde_json::from_slice(&body).unwrap_or(Value::Null),
    )
}
