//! Shared test harness: the real `cra` binary with a clean environment, and
//! a real `cra sandbox` process on a free loopback port (its address read
//! from the first line it prints, never a sleep).
#![allow(dead_code)]

pub mod listen;
pub mod server;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command as StdCommand, Stdio};

use assert_cmd::Command;

/// Path of the built `cra` binary.
pub fn cra_bin() -> PathBuf {
    assert_cmd::cargo::cargo_bin!("cra").to_path_buf()
}

/// A per-test home: a temp folder used as HOME and config location, so no
/// test reads the developer's real config or environment.
pub struct Home {
    pub dir: tempfile::TempDir,
}

impl Home {
    pub fn new() -> Home {
        Home {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn config_path(&self) -> PathBuf {
        self.dir.path().join("config.toml")
    }

    /// `cra` with an empty environment but PATH, HOME pointing here and
    /// CRA_CONFIG pointing at this home's config file.
    pub fn cra(&self) -> Command {
        let mut cmd = Command::new(cra_bin());
        clean_env(&mut cmd, self.path());
        cmd.env("CRA_CONFIG", self.config_path());
        cmd
    }

    /// The same as a `std::process::Command`, for tests that stream.
    pub fn cra_std(&self) -> StdCommand {
        let mut cmd = StdCommand::new(cra_bin());
        cmd.env_clear();
        for key in ["PATH", "LANG", "LC_ALL"] {
            if let Ok(value) = std::env::var(key) {
                cmd.env(key, value);
            }
        }
        cmd.env("HOME", self.path());
        cmd.env("CRA_CONFIG", self.config_path());
        cmd
    }
}

fn clean_env(cmd: &mut Command, home: &Path) {
    cmd.env_clear();
    for key in ["PATH", "LANG", "LC_ALL"] {
        if let Ok(value) = std::env::var(key) {
            cmd.env(key, value);
        }
    }
    cmd.env("HOME", home);
}

/// A `cra sandbox` child process, killed when dropped.
pub struct Sandbox {
    pub child: Child,
    /// `http://127.0.0.1:PORT`
    pub url: String,
    /// Lines of standard output after the address, for tests that read them.
    pub stdout: Option<BufReader<std::process::ChildStdout>>,
}

impl Sandbox {
    /// `cra sandbox --port 0` with `args` added (e.g. `["--banks", "500"]`).
    pub fn start(args: &[&str]) -> Sandbox {
        Sandbox::start_with_env(args, &[])
    }

    pub fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> Sandbox {
        Sandbox::start_at(0, args, env)
    }

    /// `cra sandbox --port PORT` with `args` added: a second sandbox on the
    /// port of one that was stopped is, to a client, the same service.
    pub fn start_at(port: u16, args: &[&str], env: &[(&str, &str)]) -> Sandbox {
        let home = std::env::temp_dir();
        let mut cmd = StdCommand::new(cra_bin());
        cmd.env_clear();
        if let Ok(path) = std::env::var("PATH") {
            cmd.env("PATH", path);
        }
        cmd.env("HOME", &home);
        cmd.env("CRA_CONFIG", home.join("cra-test-no-config.toml"));
        for (k, v) in env {
            cmd.env(k, v);
        }
        let mut child = cmd
            .args(["sandbox", "--port", &port.to_string()])
            .args(args)
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
            stdout: Some(stdout),
        }
    }

    /// A GET with the active key, returning status and parsed JSON body.
    pub fn get(&self, path_and_query: &str) -> (u16, serde_json::Value) {
        get_json(
            &format!("{}{}", self.url, path_and_query),
            Some("sandbox_active"),
        )
    }
}

impl Sandbox {
    /// The port it listens on.
    pub fn port(&self) -> u16 {
        self.url
            .rsplit(':')
            .next()
            .and_then(|p| p.parse().ok())
            .expect("the address ends in a port")
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A blocking GET returning the status and the JSON body (Null when the
/// body is not JSON).
pub fn get_json(url: &str, key: Option<&str>) -> (u16, serde_json::Value) {
    let client = reqwest::blocking::Client::new();
    let mut request = client.get(url);
    if let Some(key) = key {
        request = request.bearer_auth(key);
    }
    let response = request.send().expect("GET");
    let status = response.status().as_u16();
    let body = response.bytes().expect("body");
    (
        status,
        serde_json::from_slice(&body).unwrap_or(serde_json::Value::Null),
    )
}

/// A blocking GET with an optional key, returning status, headers and the
/// JSON body (Null when not JSON).
pub fn get_full(
    url: &str,
    key: Option<&str>,
) -> (u16, reqwest::header::HeaderMap, serde_json::Value) {
    let client = reqwest::blocking::Client::new();
    let mut request = client.get(url);
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
        serde_json::from_slice(&body).unwrap_or(serde_json::Value::Null),
    )
}

impl Sandbox {
    /// Every bank of a list query, walking all pages at 100 a page.
    pub fn walk(&self, query: &str) -> Vec<serde_json::Value> {
        let mut all = Vec::new();
        for page in 1.. {
            let (status, body) = self.get_fast(&format!(
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
}

/// One blocking client for a test binary: building a client per request
/// costs its TLS set-up, which dominates tests that make many requests.
pub fn shared_client() -> &'static reqwest::blocking::Client {
    static CLIENT: std::sync::OnceLock<reqwest::blocking::Client> = std::sync::OnceLock::new();
    CLIENT.get_or_init(reqwest::blocking::Client::new)
}

impl Sandbox {
    /// `get` through the shared client.
    pub fn get_fast(&self, path_and_query: &str) -> (u16, serde_json::Value) {
        let response = shared_client()
            .get(format!("{}{}", self.url, path_and_query))
            .bearer_auth("sandbox_active")
            .send()
            .expect("GET");
        let status = response.status().as_u16();
        let body = response.bytes().expect("body");
        (
            status,
            serde_json::from_slice(&body).unwrap_or(serde_json::Value::Null),
        )
    }
}

/// Asserts the exit code of a finished `cra`, showing its standard error
/// when it differs.
#[track_caller]
pub fn assert_code(out: &std::process::Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}
