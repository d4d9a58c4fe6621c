//! A world: a `cra sandbox` and a home whose `cra` talks to it.

use std::path::PathBuf;

use serde_json::Value;

use super::{ACTIVE_KEY, Home, Sandbox, Service, assert_code};

pub struct World {
    pub home: Home,
    pub sandbox: Sandbox,
    /// The sandbox's request log (`--log-requests`), when it keeps one.
    pub log: Option<PathBuf>,
    /// Sandbox arguments (for a restart on the same port).
    args: Vec<String>,
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

    fn start(args: &[&str], logged: bool) -> World {
        let home = Home::new();
        let log = logged.then(|| home.path().join("requests.log"));
        let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        if let Some(log) = &log {
            args.extend(["--log-requests".into(), log.display().to_string()]);
        }
        let all: Vec<&str> = args.iter().map(String::as_str).collect();
        World {
            sandbox: Sandbox::start(&all),
            home,
            log,
            args,
        }
    }

    /// The same service, restarted on its port with `more` arguments (e.g.
    /// `--evolve`).
    pub fn restart_with(&mut self, more: &[&str]) {
        let port = self.sandbox.port();
        let mut all: Vec<&str> = self.args.iter().map(String::as_str).collect();
        all.extend(more);
        let _ = self.sandbox.child.kill();
        let _ = self.sandbox.child.wait();
        self.sandbox = Sandbox::start_at(port, &all, &[]);
    }

    /// `cra` pointed at the sandbox with its key.
    pub fn cra(&self) -> assert_cmd::Command {
        let mut cmd = self.home.cra();
        cmd.at(&self.sandbox.url, ACTIVE_KEY);
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
}
