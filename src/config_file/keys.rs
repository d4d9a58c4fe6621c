//! Every config key, declared once: its name in the file and on the
//! command line (`cra config get|set|unset NAME`), what its value is,
//! whether it is a secret, the global flag and the environment variable
//! that set it too, and a line saying what it is for.
//!
//! `config_file` reads and checks the file by this table, `cra config`
//! takes its keys and checks values by it, and `settings` looks up each
//! key's environment variable here (precedence, flag > environment >
//! file > default, is `settings::resolve`). Adding a key is one entry here
//! (and its place in [`KEYS`]) and its field in `Settings`.

/// What a key's value is: how the file's text is read and a new value
/// checked, and whether it is printed whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An address (`http(s)://...`): checked when `config set` writes it,
    /// else when a client is built; shown without its user info.
    Url,
    /// A secret: never printed whole (redacted), held as `SecretString`.
    Secret,
    /// A file path.
    Path,
    /// A request rate (`50/s`): read and checked when the file is read.
    Rate,
}

/// One config key.
#[derive(Debug, PartialEq, Eq)]
pub struct Key {
    /// As written in the file and typed after `cra config get`.
    pub name: &'static str,
    pub kind: Kind,
    /// The global flag that sets it too, if any.
    pub flag: Option<&'static str>,
    /// The environment variable that sets it, if any.
    pub env: Option<&'static str>,
    /// What it is for, in a few words.
    pub help: &'static str,
}

impl Key {
    /// Secrets are read from standard input when no value is given, and
    /// redacted wherever a value is shown.
    pub fn is_secret(&self) -> bool {
        self.kind == Kind::Secret
    }
}

pub const BASE_URL: Key = Key {
    name: "base_url",
    kind: Kind::Url,
    flag: Some("--base-url"),
    env: Some("CRA_BASE_URL"),
    help: "the API's base address",
};

pub const API_KEY: Key = Key {
    name: "api_key",
    kind: Kind::Secret,
    // Never on the command line, where it would stay in shell history.
    flag: None,
    env: Some("CRA_API_KEY"),
    help: "the API key",
};

pub const WEBHOOK_SECRET: Key = Key {
    name: "webhook_secret",
    kind: Kind::Secret,
    // Not global: `--secret` of the commands that sign or verify.
    flag: None,
    env: Some("CRA_WEBHOOK_SECRET"),
    help: "the webhook signing secret",
};

pub const BANKFIND_KEY: Key = Key {
    name: "bankfind_key",
    kind: Kind::Secret,
    // Never on the command line, as the API key.
    flag: None,
    env: Some("CRA_BANKFIND_KEY"),
    help: "the key BankFind asks for (api.data.gov), sent by cra enrich",
};

pub const MIRROR: Key = Key {
    name: "mirror",
    kind: Kind::Path,
    flag: Some("--mirror"),
    env: Some("CRA_MIRROR"),
    help: "the local copy's file",
};

pub const RATE: Key = Key {
    name: "rate",
    kind: Kind::Rate,
    flag: Some("--rate"),
    env: None,
    help: "the most requests a second, minute or hour",
};

/// Every key, in the order `cra config show` lists them and `--help`
/// offers them.
pub const KEYS: [&Key; 6] = [
    &BASE_URL,
    &API_KEY,
    &WEBHOOK_SECRET,
    &BANKFIND_KEY,
    &MIRROR,
    &RATE,
];

/// The key of a name, exactly as written.
pub fn find(name: &str) -> Option<&'static Key> {
    KEYS.into_iter().find(|key| key.name == name)
}

/// The names, in order.
pub fn names() -> impl Iterator<Item = &'static str> {
    KEYS.into_iter().map(|key| key.name)
}

/// The value parser of a KEY argument (`cra config get KEY`): one of the
/// names (clap lists them, and words a wrong one as for any fixed set).
pub fn parser() -> impl clap::builder::TypedValueParser<Value = &'static Key> {
    use clap::builder::TypedValueParser;
    clap::builder::PossibleValuesParser::new(names())
        .map(|name| find(&name).expect("clap accepts only the names of keys"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_distinct_and_found() {
        let mut seen = std::collections::HashSet::new();
        for key in KEYS {
            assert!(seen.insert(key.name), "{} twice", key.name);
            assert_eq!(find(key.name), Some(key));
            assert!(!key.help.is_empty());
            assert!(
                key.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b'_')
            );
            if let Some(env) = key.env {
                assert!(env.starts_with("CRA_"), "{env}");
            }
        }
        assert_eq!(find("Rate"), None);
    }
}
