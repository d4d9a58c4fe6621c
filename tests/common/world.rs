//! A world: a service and a home whose `cra` talks to it. The service is
//! a real `cra sandbox` (most tests) or a scripted [`TestServer`] (a
//! service that misbehaves as the sandbox never does); either way the
//! world's `cra` has its address and key, and the local copy is read from
//! the same home.

use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use super::server::TestServer;
use super::{ACTIVE_KEY, Home, Sandbox, Service as _, assert_code};

pub struct World {
    pub home: Home,
    service: Backend,
    /// The sandbox's request log (`--log-requests`), when it keeps one.
    pub log: Option<PathBuf>,
    /// The local copy, when the world names one (`CRA_MIRROR`); otherwise
    /// `cra` finds its own under the home.
    mirror: Option<PathBuf>,
}

/// What a world's `cra` talks to.
enum Backend {
    /// A `cra sandbox` and its arguments (for a restart on its port).
    Sandbox { sandbox: Sandbox, args: Vec<String> },
    /// A scripted service and the key `cra` sends it.
    Scripted { server: TestServer, key: String },
}

impl World {
    /// A sandbox started with `args`.
    pub fn new(args: &[&str]) -> World {
        World::start(args, false)
    }

    /// The same, with the sandbox logging its requests to a file in the home.
    pub fn logged(args: &[&str]) -> World {
        World::start(args, true)
    }

    /// A sandbox serving `contents`, written in the home as the data file
    /// `name` (`--data`).
    pub fn with_data(name: &str, contents: &str) -> World {
        let home = Home::new();
        let data = home.path().join(name);
        std::fs::write(&data, contents).unwrap();
        World::started_in(home, &["--data", data.to_str().unwrap()], false)
    }

    /// A scripted service `server`, sent `key`, with its local copy at
    /// `m.sqlite` in the home.
    pub fn scripted(server: TestServer, key: &str) -> World {
        let home = Home::new();
        let mirror = home.path().join("m.sqlite");
        World {
            service: Backend::Scripted {
                server,
                key: key.to_string(),
            },
            home,
            log: None,
            mirror: Some(mirror),
        }
    }

    fn start(args: &[&str], logged: bool) -> World {
        World::started_in(Home::new(), args, logged)
    }

    fn started_in(home: Home, args: &[&str], logged: bool) -> World {
        let log = logged.then(|| home.path().join("requests.log"));
        let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        if let Some(log) = &log {
            args.extend(["--log-requests".into(), log.display().to_string()]);
        }
        let all: Vec<&str> = args.iter().map(String::as_str).collect();
        World {
            service: Backend::Sandbox {
                sandbox: Sandbox::start(&all),
                args,
            },
            home,
            log,
            mirror: None,
        }
    }

    /// The sandbox (a world over a scripted service has none).
    pub fn sandbox(&self) -> &Sandbox {
        match &self.service {
            Backend::Sandbox { sandbox, .. } => sandbox,
            Backend::Scripted { .. } => panic!("this world's service is scripted, not a sandbox"),
        }
    }

    /// The scripted service (a sandbox world has none).
    pub fn server(&self) -> &TestServer {
        match &self.service {
            Backend::Scripted { server, .. } => server,
            Backend::Sandbox { .. } => panic!("this world's service is a sandbox, not scripted"),
        }
    }

    /// The service's address.
    pub fn url(&self) -> &str {
        match &self.service {
            Backend::Sandbox { sandbox, .. } => &sandbox.url,
            Backend::Scripted { server, .. } => &server.url,
        }
    }

    /// The local copy the world names (a scripted world's).
    pub fn mirror(&self) -> &Path {
        self.mirror
            .as_deref()
            .expect("a world that names its local copy")
    }

    /// The same service, restarted on its port with `more` arguments (e.g.
    /// `--evolve`).
    pub fn restart_with(&mut self, more: &[&str]) {
        let Backend::Sandbox { sandbox, args } = &mut self.service else {
            panic!("only a sandbox restarts");
        };
        let port = sandbox.port();
        let mut all: Vec<&str> = args.iter().map(String::as_str).collect();
        all.extend(more);
        let _ = sandbox.child.kill();
        let _ = sandbox.child.wait();
        *sandbox = Sandbox::start_at(port, &all, &[]);
    }

    /// `cra` pointed at the service with its key.
    pub fn cra(&self) -> assert_cmd::Command {
        let mut cmd = self.local_cra();
        match &self.service {
            Backend::Sandbox { sandbox, .. } => cmd.at(&sandbox.url, ACTIVE_KEY),
            Backend::Scripted { server, key } => cmd.at(&server.url, key),
        };
        cmd
    }

    /// `cra ARGS` pointed at the service: its output.
    pub fn run(&self, args: &[&str]) -> Output {
        self.cra().args(args).output().unwrap()
    }

    /// `cra` with no address and no key: what the local copy answers alone.
    fn local_cra(&self) -> assert_cmd::Command {
        let mut cmd = self.home.cra();
        if let Some(mirror) = &self.mirror {
            cmd.env("CRA_MIRROR", mirror);
        }
        cmd
    }

    /// `cra ARGS` on the local copy only (no address, no key): its output.
    pub fn local(&self, args: &[&str]) -> Output {
        self.local_cra().args(args).output().unwrap()
    }

    /// `cra --offline`, with no address and no key.
    pub fn offline(&self) -> assert_cmd::Command {
        let mut cmd = self.local_cra();
        cmd.arg("--offline");
        cmd
    }

    /// `cra sync --format json MORE`, which must succeed: its summary.
    pub fn sync(&self, more: &[&str]) -> Value {
        let out = self
            .cra()
            .args(["sync", "--format", "json"])
            .args(more)
            .output()
            .unwrap();
        assert_code(&out, 0);
        serde_json::from_slice(&out.stdout).expect("sync --format json prints one object")
    }

    /// `cra ARGS` on the local copy, which must succeed printing a json
    /// array: its elements.
    pub fn json(&self, args: &[&str]) -> Vec<Value> {
        let out = self.local(args);
        assert_code(&out, 0);
        serde_json::from_slice::<Value>(&out.stdout)
            .unwrap_or_else(|e| panic!("cra {args:?}: {e}"))
            .as_array()
            .unwrap()
            .clone()
    }

    /// `cra sql QUERY --format json`, which must succeed: its rows.
    pub fn sql(&self, query: &str) -> Vec<Value> {
        self.json(&["sql", query, "--format", "json"])
    }

    /// `cra sql QUERY --format tsv`, which must succeed: its text.
    pub fn sql_tsv(&self, query: &str) -> String {
        let out = self.local(&["sql", query, "--format", "tsv"]);
        assert_code(&out, 0);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Banks in the local copy.
    pub fn stored_banks(&self) -> u64 {
        self.sql("SELECT count(*) AS n FROM banks")[0]["n"]
            .as_u64()
            .unwrap()
    }

    /// The sandbox's request log.
    pub fn log(&self) -> &Path {
        self.log.as_deref().expect("a world with a request log")
    }

    /// Every request the sandbox logged so far.
    pub fn requests(&self) -> Vec<Request> {
        Request::read(self.log())
    }

    /// Requests logged so far, and the log emptied.
    pub fn take_requests(&self) -> Requests {
        let requests = self.requests();
        std::fs::write(self.log(), "").unwrap();
        Requests::of(&requests)
    }

    /// Detail requests a scripted service received, by decoded id.
    pub fn detail_requests(&self) -> Vec<String> {
        self.server()
            .seen()
            .iter()
            .filter_map(|(t, _)| t.strip_prefix("/api/v1/banks/").map(str::to_string))
            .collect()
    }
}

/// One line of the sandbox's request log: `METHOD PATH STATUS TIME`.
#[derive(Debug)]
pub struct Request {
    pub path: String,
    pub status: u16,
    /// Its arrival, in seconds since the Unix epoch.
    pub at: f64,
}

impl Request {
    /// The requests of the log at `path`.
    pub fn read(path: &Path) -> Vec<Request> {
        std::fs::read_to_string(path)
            .unwrap_or_default()
            .lines()
            .map(|line| {
                let parts: Vec<&str> = line.split(' ').collect();
                assert_eq!(parts.len(), 4, "METHOD PATH STATUS TIME: {line}");
                Request {
                    path: parts[1].to_string(),
                    status: parts[2].parse().unwrap(),
                    at: parts[3].parse().unwrap(),
                }
            })
            .collect()
    }
}

/// Requests for the list and for details.
#[derive(Debug, Default)]
pub struct Requests {
    pub list: u64,
    /// Ids of the detail requests.
    pub details: Vec<String>,
}

impl Requests {
    /// The list and detail requests among `requests`.
    pub fn of(requests: &[Request]) -> Requests {
        let mut counted = Requests::default();
        for request in requests {
            if request.path.starts_with("/api/v1/banks?") {
                counted.list += 1;
            } else if let Some(id) = request.path.strip_prefix("/api/v1/banks/") {
                counted.details.push(id.to_string());
            }
        }
        counted
    }

    /// (list requests, detail requests).
    pub fn counts(&self) -> (u64, u64) {
        (self.list, self.details.len() as u64)
    }
}

/// A sandbox of `banks` banks with a request log, and a home synced from
/// it (its requests not counted).
pub fn synced(banks: usize) -> World {
    let world = World::logged(&["--banks", &banks.to_string()]);
    let out = world.cra().arg("sync").output().unwrap();
    assert_code(&out, 0);
    world.take_requests();
    world
}

/// A sandbox of `banks` banks, synced and enriched from its own public
/// record (its FFIEC file and BankFind).
pub fn enriched(banks: usize) -> World {
    let world = World::new(&["--banks", &banks.to_string()]);
    assert_code(&world.run(&["sync"]), 0);
    let url = world.url().to_string();
    let out = world.local(&[
        "enrich",
        "--ffiec",
        &format!("{url}/ffiec/craratng.zip"),
        "--bankfind",
        &format!("{url}/bankfind/institutions"),
    ]);
    assert_code(&out, 0);
    world
}
