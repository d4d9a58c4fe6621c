//! Flags, environment, config file and defaults turned into one typed
//! `Settings`. Precedence (flag > environment > file > default) lives here
//! and nowhere else; every value remembers where it came from so that
//! `cra config show` can say it. The global flags themselves are declared
//! in `flags`; the config keys (and their environment variables) in
//! `config_file::keys`.

pub mod flags;
mod listed;

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Result;
use secrecy::{ExposeSecret, SecretString};

use crate::config_file::{self, Key, keys};
use crate::domain::{ColorWhen, Format};
use flags::GlobalFlags;

/// Where a setting's value came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Flag,
    Env,
    File,
    Default,
    /// Put in place by `--sandbox`: the in-process sandbox's address and key.
    Sandbox,
}

impl Origin {
    pub fn describe(self) -> &'static str {
        match self {
            Origin::Flag => "flag",
            Origin::Env => "environment",
            Origin::File => "file",
            Origin::Default => "default",
            Origin::Sandbox => "sandbox",
        }
    }
}

/// A value and where it came from.
pub struct Setting<T> {
    pub value: T,
    pub origin: Origin,
}

/// The first source that has a value, in precedence order.
pub fn resolve<T>(
    flag: Option<T>,
    env: Option<T>,
    file: Option<T>,
    default: Option<T>,
) -> Option<Setting<T>> {
    [
        (flag, Origin::Flag),
        (env, Origin::Env),
        (file, Origin::File),
        (default, Origin::Default),
    ]
    .into_iter()
    .find_map(|(value, origin)| value.map(|value| Setting { value, origin }))
}

/// The API key the `--sandbox` server accepts.
pub const SANDBOX_KEY: &str = "sandbox_active";
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);
pub const DEFAULT_RETRIES: u32 = 3;

/// Everything a command may know about how it was asked to run.
pub struct Settings {
    /// The config file read (it may not exist).
    pub config_path: Setting<PathBuf>,
    /// API base address, as given (checked when a client is built).
    pub base_url: Option<Setting<String>>,
    /// API key; never printed.
    pub api_key: Option<Setting<SecretString>>,
    /// Webhook signing secret; never printed.
    pub webhook_secret: Option<Setting<SecretString>>,
    /// The key BankFind asks for (`X-Api-Key`); never printed.
    pub bankfind_key: Option<Setting<SecretString>>,
    /// Output format asked for, if any.
    pub format: Option<Format>,
    pub color: ColorWhen,
    pub quiet: bool,
    pub verbose: bool,
    pub timeout: Setting<Duration>,
    pub retries: Setting<u32>,
    /// `--rate` or the config key `rate`: the most requests a period.
    pub rate: Option<Setting<crate::http::rate::Rate>>,
    /// The longest wait for the service (a `Retry-After`, a quota's reset)
    /// the command takes: a command's own `--max-wait`, put here by it
    /// before it builds a client; none: the client's default.
    pub max_wait: Option<Duration>,
    pub allow_insecure_http: bool,
    /// Run against the in-process sandbox.
    pub sandbox: bool,
    /// With `sandbox`: serve the data after this many new examinations.
    pub evolve: Option<u64>,
    /// Answer from the mirror instead of the service.
    pub offline: bool,
    /// The mirror (local copy) file.
    pub mirror: Setting<PathBuf>,
    /// Every local copy this run knows of, in use or not: the one named by
    /// `--mirror`, `CRA_MIRROR` and the config file, and both default
    /// copies (the service's and the sandbox's). No `-o` may replace one.
    pub known_mirrors: Vec<PathBuf>,
    /// Where `cra enrich` reads the FFIEC file and BankFind from, when its
    /// own flags do not say (`CRA_FFIEC`, `CRA_BANKFIND`).
    pub ffiec: Option<String>,
    pub bankfind: Option<String>,
    /// Where `cra pe --download` fetches evaluations from instead of the
    /// agencies (`CRA_EVALUATIONS`: a sandbox's address, which serves each
    /// exam's evaluation).
    pub evaluations: Option<String>,
    /// Where `cra enrich --lending` with no path downloads the FFIEC's
    /// lending files from instead of its site (`CRA_LENDING`: a base
    /// address holding `{yy}exp_{trans,aggr,discl}.zip`).
    pub lending: Option<String>,
    /// How many threads `cra enrich --pe` reads files on (hidden
    /// `CRA_PE_WORKERS`, for tests and measures; one a core when unset;
    /// at most four either way).
    pub pe_workers: Option<usize>,
    /// Things to tell the user once (unknown config keys).
    pub warnings: Vec<String>,
}

/// Reads an environment variable; an empty value counts as unset.
pub type EnvLookup<'a> = &'a dyn Fn(&str) -> Option<String>;

/// The process environment, for `Settings::load`.
pub fn process_env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

impl Settings {
    /// The webhook signing secret, required by the webhook commands
    /// (`command` names the one asking), or a usage error (exit 2) saying
    /// how to set one.
    pub fn require_secret(&self, command: &str) -> Result<&SecretString> {
        match &self.webhook_secret {
            Some(setting) if !setting.value.expose_secret().is_empty() => Ok(&setting.value),
            Some(_) => Err(crate::error::CraError::usage(format!(
                "{command}: the webhook secret is empty (pass --secret, set CRA_WEBHOOK_SECRET, or run cra config set webhook_secret)"
            ))),
            None => Err(crate::error::CraError::usage(format!(
                "{command} needs the webhook signing secret (pass --secret SECRET, set CRA_WEBHOOK_SECRET, or run cra config set webhook_secret)"
            ))),
        }
    }

    /// Resolves every setting. `secret_flag` is the `--secret` of the
    /// commands that take one.
    pub fn load(
        global: &GlobalFlags,
        secret_flag: Option<&str>,
        env: EnvLookup,
    ) -> Result<Settings> {
        Settings::load_with(global, secret_flag, env, true)
    }

    /// `load`, where `read_file: false` resolves everything but takes no
    /// value from the config file when the file cannot be used: for
    /// `config path`, `set` and `unset`, which must work (or explain
    /// themselves) even when the file is broken.
    pub fn load_with(
        global: &GlobalFlags,
        secret_flag: Option<&str>,
        env: EnvLookup,
        read_file: bool,
    ) -> Result<Settings> {
        let env_path = env("CRA_CONFIG").map(PathBuf::from);
        let config_path = resolve(
            global.config.config.clone(),
            env_path,
            None,
            config_file::default_path(),
        )
        .ok_or_else(|| {
            crate::error::CraError::usage(
                "cannot find a config directory (HOME is not set); use --config FILE or CRA_CONFIG",
            )
        })?;
        let mut file = match config_file::load(&config_path.value) {
            Ok(file) => file,
            Err(_) if !read_file => config_file::FileValues::default(),
            Err(error) => return Err(error),
        };
        let warnings = file
            .unknown_keys
            .iter()
            .map(|key| {
                format!(
                    "unknown key '{key}' in {} (ignored; known keys: {})",
                    config_path.value.display(),
                    keys::names().collect::<Vec<_>>().join(", ")
                )
            })
            .collect();

        // Each key's environment variable, from the key table.
        let env_of = |key: &Key| key.env.and_then(env);
        let base_url = resolve(
            global.api.base_url.clone(),
            env_of(&keys::BASE_URL),
            file.take_text(&keys::BASE_URL),
            None,
        );
        // An API key has no whitespace of its own: a newline or spaces
        // around it (from a file, a paste, `echo`) are dropped, wherever it
        // comes from. The webhook secret is kept as given: whitespace is
        // part of an HMAC key, and `verify-webhook` explains a mismatch it
        // causes.
        // An empty one (after trimming) is no key: the next source counts.
        let trimmed = |key: SecretString| {
            let text = key.expose_secret().trim();
            (!text.is_empty()).then(|| SecretString::from(text))
        };
        let api_key = resolve(
            None,
            env_of(&keys::API_KEY)
                .map(SecretString::from)
                .and_then(trimmed),
            file.take_secret(&keys::API_KEY).and_then(trimmed),
            None,
        );
        let webhook_secret = resolve(
            secret_flag.map(SecretString::from),
            env_of(&keys::WEBHOOK_SECRET).map(SecretString::from),
            file.take_secret(&keys::WEBHOOK_SECRET),
            None,
        );
        let bankfind_key = resolve(
            None,
            env_of(&keys::BANKFIND_KEY)
                .map(SecretString::from)
                .and_then(trimmed),
            file.take_secret(&keys::BANKFIND_KEY).and_then(trimmed),
            None,
        );
        let timeout = resolve(global.timeout.timeout, None, None, Some(DEFAULT_TIMEOUT))
            .expect("a default is given");
        let retries = resolve(global.api.retries, None, None, Some(DEFAULT_RETRIES))
            .expect("a default is given");
        let rate = resolve(global.api.rate, None, file.take_rate(&keys::RATE), None);
        let env_mirror = env_of(&keys::MIRROR).map(PathBuf::from);
        let file_mirror = file.take_text(&keys::MIRROR).map(PathBuf::from);
        let known_mirrors = [
            global.mirror.mirror.clone(),
            env_mirror.clone(),
            file_mirror.clone(),
            crate::mirror::default_path(false),
            crate::mirror::default_path(true),
        ]
        .into_iter()
        .flatten()
        .collect();
        let mirror = resolve(
            global.mirror.mirror.clone(),
            env_mirror,
            file_mirror,
            crate::mirror::default_path(global.sandbox.sandbox),
        )
        .ok_or_else(|| {
            crate::error::CraError::usage(
                "cannot find a data directory for the local copy (HOME is not set); use --mirror FILE or CRA_MIRROR",
            )
        })?;

        Ok(Settings {
            config_path,
            base_url,
            api_key,
            webhook_secret,
            bankfind_key,
            format: global.output.format,
            color: global.output.color.unwrap_or_default(),
            quiet: global.output.quiet,
            verbose: global.output.verbose,
            timeout,
            retries,
            rate,
            max_wait: None,
            allow_insecure_http: global.api.allow_insecure_http,
            sandbox: global.sandbox.sandbox,
            evolve: global.evolve.evolve,
            offline: global.offline.offline,
            mirror,
            known_mirrors,
            ffiec: env("CRA_FFIEC"),
            bankfind: env("CRA_BANKFIND"),
            evaluations: env("CRA_EVALUATIONS"),
            lending: env("CRA_LENDING"),
            pe_workers: env("CRA_PE_WORKERS").and_then(|n| n.parse().ok()),
            warnings,
        })
    }

    /// A config key's value in force, as `cra config show` and `get` print
    /// it (a secret redacted, an address without its user info), and where
    /// it came from; none when it has no value. The one place a key is
    /// tied to its field.
    pub fn shown(&self, key: &Key) -> Option<(String, Origin)> {
        fn of<T>(setting: &Setting<T>, text: impl Fn(&T) -> String) -> (String, Origin) {
            (text(&setting.value), setting.origin)
        }
        let secret = |s: &SecretString| config_file::redact(s.expose_secret());
        match *key {
            keys::BASE_URL => self
                .base_url
                .as_ref()
                .map(|s| of(s, |url| crate::http::hide_address_secrets(url))),
            keys::API_KEY => self.api_key.as_ref().map(|s| of(s, secret)),
            keys::WEBHOOK_SECRET => self.webhook_secret.as_ref().map(|s| of(s, secret)),
            keys::BANKFIND_KEY => self.bankfind_key.as_ref().map(|s| of(s, secret)),
            keys::MIRROR => Some(of(&self.mirror, |path| path.display().to_string())),
            keys::RATE => self.rate.as_ref().map(|s| of(s, |rate| rate.to_string())),
            // A key added to the table without its field here (a test
            // fails: every key of a file must show).
            _ => None,
        }
    }

    /// `cra sync` as it works here: with `--sandbox`, and `--mirror FILE`
    /// when the copy was named by a flag (an environment variable or the
    /// config file names it for the sync too).
    pub fn sync_command(&self) -> String {
        let mut command = String::from("cra");
        if self.sandbox {
            command.push_str(" --sandbox");
        }
        command.push_str(" sync");
        if self.mirror.origin == Origin::Flag {
            let path = self.mirror.value.display().to_string();
            if path.contains([' ', '\'', '"']) {
                command.push_str(&format!(" --mirror '{}'", path.replace('\'', "'\\''")));
            } else {
                command.push_str(&format!(" --mirror {path}"));
            }
        }
        command
    }

    /// Points the settings at an in-process sandbox: its address and its key
    /// replace whatever was configured.
    pub fn use_sandbox(&mut self, base_url: String) {
        self.base_url = Some(Setting {
            value: base_url,
            origin: Origin::Sandbox,
        });
        self.api_key = Some(Setting {
            value: SecretString::from(SANDBOX_KEY),
            origin: Origin::Sandbox,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever subset of sources has a value, the highest one wins and
        /// its origin is reported.
        #[test]
        fn precedence(flag in proptest::option::of(0u8..), env in proptest::option::of(0u8..),
                      file in proptest::option::of(0u8..), default in proptest::option::of(0u8..)) {
            let got = resolve(flag, env, file, default).map(|s| (s.value, s.origin));
            let expected = flag.map(|v| (v, Origin::Flag))
                .or(env.map(|v| (v, Origin::Env)))
                .or(file.map(|v| (v, Origin::File)))
                .or(default.map(|v| (v, Origin::Default)));
            prop_assert_eq!(got, expected);
        }

        /// The same through `Settings::load`, with a real file and a fake
        /// environment, for the base address.
        #[test]
        fn load_precedence(flag in proptest::option::of("f[a-z]{1,5}"), env in proptest::option::of("e[a-z]{1,5}"),
                           file in proptest::option::of("c[a-z]{1,5}")) {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("config.toml");
            if let Some(file) = &file {
                std::fs::write(&path, format!("base_url = \"{file}\"\n")).unwrap();
            }
            let mut global = GlobalFlags::default();
            global.api.base_url = flag.clone();
            global.config.config = Some(path);
            let env_value = env.clone();
            let lookup = move |name: &str| if name == "CRA_BASE_URL" { env_value.clone() } else { None };
            let settings = Settings::load(&global, None, &lookup).unwrap();
            let got = settings.base_url.map(|s| (s.value, s.origin));
            let expected = flag.map(|v| (v, Origin::Flag))
                .or(env.map(|v| (v, Origin::Env)))
                .or(file.map(|v| (v, Origin::File)));
            prop_assert_eq!(got, expected);
        }
    }

    #[test]
    fn api_key_whitespace_is_dropped_webhook_secret_kept() {
        use secrecy::ExposeSecret;
        let dir = tempfile::tempdir().unwrap();
        let mut global = GlobalFlags::default();
        global.config.config = Some(dir.path().join("none.toml"));
        let lookup = |name: &str| match name {
            "CRA_API_KEY" => Some(" live_key\r\n".to_string()),
            "CRA_WEBHOOK_SECRET" => Some("whsec \n".to_string()),
            _ => None,
        };
        let settings = Settings::load(&global, None, &lookup).unwrap();
        assert_eq!(settings.api_key.unwrap().value.expose_secret(), "live_key");
        // Only whitespace: no key from there.
        let blank = |name: &str| (name == "CRA_API_KEY").then(|| " \n".to_string());
        assert!(
            Settings::load(&global, None, &blank)
                .unwrap()
                .api_key
                .is_none()
        );
        assert_eq!(
            settings.webhook_secret.unwrap().value.expose_secret(),
            "whsec \n"
        );
    }

    #[test]
    fn unknown_key_is_a_warning() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(&path, "colour = \"blue\"\n").unwrap();
        let mut global = GlobalFlags::default();
        global.config.config = Some(path);
        let settings = Settings::load(&global, None, &|_| None).unwrap();
        assert_eq!(settings.warnings.len(), 1);
        assert!(settings.warnings[0].contains("colour"));
    }

    /// Every key of the table is resolved: from the file, then from its
    /// environment variable over the file, then from its global flag over
    /// both; and each shows (a key without its field here would not).
    #[test]
    fn every_key_of_the_table_resolves_by_precedence() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        let text: String = keys::KEYS
            .iter()
            .map(|key| format!("{} = \"{}\"\n", key.name, config_file::tests::sample(key)))
            .collect();
        std::fs::write(&path, text).unwrap();
        let mut global = GlobalFlags::default();
        global.config.config = Some(path);
        let origins = |settings: &Settings| -> Vec<(&str, Option<Origin>)> {
            keys::KEYS
                .iter()
                .map(|key| (key.name, settings.shown(key).map(|(_, origin)| origin)))
                .collect()
        };
        let from_file = Settings::load(&global, None, &|_| None).unwrap();
        for (name, origin) in origins(&from_file) {
            assert_eq!(origin, Some(Origin::File), "{name}");
        }
        let env = |name: &str| {
            keys::KEYS
                .iter()
                .find(|key| key.env == Some(name))
                .map(|key| config_file::tests::sample(key).replace("file", "env"))
        };
        let from_env = Settings::load(&global, None, &env).unwrap();
        for (key, (name, origin)) in keys::KEYS.iter().zip(origins(&from_env)) {
            let want = if key.env.is_some() {
                Origin::Env
            } else {
                Origin::File
            };
            assert_eq!(origin, Some(want), "{name}");
        }
        global.api.base_url = Some("https://flag.example".into());
        global.mirror.mirror = Some("flag.sqlite".into());
        global.api.rate = Some("5/s".parse().unwrap());
        let from_flags = Settings::load(&global, None, &env).unwrap();
        for (key, (name, origin)) in keys::KEYS.iter().zip(origins(&from_flags)) {
            let want = match (key.flag, key.env) {
                (Some(_), _) => Origin::Flag,
                (None, Some(_)) => Origin::Env,
                (None, None) => Origin::File,
            };
            assert_eq!(origin, Some(want), "{name}");
        }
        // What is shown: a secret redacted, the rest whole.
        let (shown, _) = from_file.shown(&keys::API_KEY).unwrap();
        assert_eq!(shown, config_file::redact("file-secret-value"));
        let (shown, _) = from_flags.shown(&keys::RATE).unwrap();
        assert_eq!(shown, "5/s");
    }

    /// A key's flag in the table is a global flag (the test above sets
    /// each one by hand, so a new one must be added there too).
    #[test]
    fn the_table_names_real_global_flags() {
        let longs: Vec<String> = flags::Globals::ALL
            .arguments()
            .iter()
            .filter_map(|arg| arg.get_long().map(|long| format!("--{long}")))
            .collect();
        for key in keys::KEYS {
            if let Some(flag) = key.flag {
                assert!(longs.iter().any(|l| l == flag), "{} names {flag}", key.name);
            }
        }
        let flagged: Vec<&str> = keys::KEYS.iter().filter_map(|k| k.flag).collect();
        assert_eq!(flagged, ["--base-url", "--mirror", "--rate"]);
    }
}
