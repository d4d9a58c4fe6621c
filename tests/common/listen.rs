//! A real `cra listen` on a free loopback port: its address read from the
//! first line it prints (never a sleep), its standard output and error
//! collected, and a check on the way out that the secret never showed.
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Stdio};
use std::sync::{Arc, Mutex};

use crate::common::Home;

/// A running `cra listen --port 0 --secret SECRET ARGS`; killed when dropped.
pub struct Listen {
    pub child: Child,
    /// `http://127.0.0.1:PORT/`.
    pub url: String,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    secret: String,
    stdout: Arc<Mutex<String>>,
    stderr: Arc<Mutex<String>>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Listen {
    pub fn start(home: &Home, secret: &str, args: &[&str]) -> Listen {
        Listen::start_with_env(home, secret, args, &[])
    }

    pub fn start_with_env(
        home: &Home,
        secret: &str,
        args: &[&str],
        env: &[(&str, &str)],
    ) -> Listen {
        let mut child = home
            .cra_std()
            .args(["listen", "--port", "0", "--secret", secret])
            .args(args)
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut err = BufReader::new(child.stderr.take().unwrap());
        let mut first = String::new();
        err.read_line(&mut first).unwrap();
        let url = first
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("first line was {first:?}"))
            .to_string();
        let addr = url
            .trim_start_matches("http://")
            .split('/')
            .next()
            .unwrap()
            .to_string();
        let stdout = Arc::new(Mutex::new(String::new()));
        let stderr = Arc::new(Mutex::new(String::new()));
        let mut out = child.stdout.take().unwrap();
        let (o, e) = (stdout.clone(), stderr.clone());
        // Both pipes are drained as they fill, so listen never blocks on them.
        let threads = vec![
            std::thread::spawn(move || {
                let mut s = String::new();
                let _ = out.read_to_string(&mut s);
                o.lock().unwrap().push_str(&s);
            }),
            std::thread::spawn(move || {
                let mut s = String::new();
                let _ = err.read_to_string(&mut s);
                e.lock().unwrap().push_str(&s);
            }),
        ];
        Listen {
            child,
            url,
            addr,
            secret: secret.to_string(),
            stdout,
            stderr,
            threads,
        }
    }

    /// SIGTERM, then wait; returns (exit code, stdout, stderr).
    #[cfg(unix)]
    pub fn stop(mut self) -> (i32, String, String) {
        super::signal(self.child.id(), super::Signal::TERM);
        self.wait()
    }

    /// Ends it, then waits; returns (exit code, stdout, stderr). Windows
    /// has no SIGTERM: the process is ended outright.
    #[cfg(not(unix))]
    pub fn stop(mut self) -> (i32, String, String) {
        let _ = self.child.kill();
        self.wait()
    }

    /// Waits for listen to end by itself; returns (exit code, stdout, stderr).
    pub fn wait(&mut self) -> (i32, String, String) {
        let status = self.child.wait().unwrap();
        for t in self.threads.drain(..) {
            t.join().unwrap();
        }
        let out = self.stdout.lock().unwrap().clone();
        let err = self.stderr.lock().unwrap().clone();
        // The secret, or the part of it after its `whsec_` prefix.
        let part = self.secret.strip_prefix("whsec_").unwrap_or(&self.secret);
        for (what, text) in [("stdout", &out), ("stderr", &err)] {
            assert!(
                !text.contains(&self.secret) && !text.contains(part),
                "the secret appeared in listen's {what}"
            );
        }
        (status.code().unwrap_or(-1), out, err)
    }
}

impl Drop for Listen {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
