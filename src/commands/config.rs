//! `cra config path | show | get | set | unset`: the config file, and where
//! each setting in force comes from. The keys, and how a value of each is
//! checked, are the table in `config_file::keys`.

use std::io::{BufRead, IsTerminal, Write};

use anyhow::{Context, Result};
use clap::Subcommand;

use crate::command::{Ctx, Run, Spec};
use crate::config_file::{self, Key, keys, redact};
use crate::error::{CraError, Exit};
use crate::output::Outputs;

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
Examples:
  cra config set base_url https://api.example.com
  cra config set api_key            # reads the key from standard input
  cra --sandbox config show --format json";

#[derive(Debug, Clone, Subcommand)]
pub enum ConfigCommand {
    /// Print the config file's path
    #[command(after_help = "\
Examples:
  cra config path
  cra --config ./team.toml config path")]
    Path,
    /// Every setting, its value (secrets redacted) and where it came from
    #[command(after_help = "\
Examples:
  cra config show
  cra config show --format json | jq -r .base_url.origin
  cra --sandbox config show --format json")]
    Show,
    /// One setting's value (secrets redacted)
    #[command(after_help = "\
Examples:
  cra config get base_url
  cra config get api_key            # redacted: the first 8 characters, then ...")]
    Get {
        #[arg(value_parser = keys::parser())]
        key: &'static Key,
    },
    /// Write a setting to the config file (secrets read from standard input when VALUE is left out)
    #[command(after_help = "\
Examples:
  cra config set base_url https://api.example.com
  cra config set api_key            # type or paste the key; no echo on a terminal
  cra config set webhook_secret < secret.txt")]
    Set {
        #[arg(value_parser = keys::parser())]
        key: &'static Key,
        value: Option<String>,
    },
    /// Remove a setting from the config file
    #[command(after_help = "\
Examples:
  cra config unset api_key
  cra config unset base_url")]
    Unset {
        #[arg(value_parser = keys::parser())]
        key: &'static Key,
    },
}

impl Spec for ConfigCommand {
    // `config show` shows the address and key `--sandbox` puts in place.
    fn uses_api(&self) -> bool {
        matches!(self, ConfigCommand::Show)
    }

    fn reads_config(&self) -> bool {
        matches!(self, ConfigCommand::Show | ConfigCommand::Get { .. })
    }

    fn outputs(&self) -> Outputs {
        match self {
            ConfigCommand::Show => Outputs::summary(
                "config show prints the settings as text, or as json with --format json",
            ),
            _ => Outputs::NONE,
        }
    }
}

impl Run for ConfigCommand {
    async fn run(self, ctx: Ctx) -> Result<Exit> {
        let (command, settings, io, output) = (self, &ctx.settings, &ctx.io, &ctx.out);
        let path = &settings.config_path.value;
        let mut out = output.stdout();
        match command {
            ConfigCommand::Path => writeln!(out, "{}", path.display())?,
            ConfigCommand::Show => {
                if !output.summary_object(&settings.listed_json())? {
                    settings.write_listed(&mut out)?;
                }
            }
            ConfigCommand::Get { key, .. } => match settings.shown(key) {
                Some((value, _)) => writeln!(out, "{value}")?,
                None => {
                    out.flush()?;
                    return Err(anyhow::anyhow!("{} is not set", key.name));
                }
            },
            ConfigCommand::Set { key, value, .. } => {
                let value = match value {
                    Some(value) => {
                        if key.is_secret() {
                            // Still set (the person asked for it), but they
                            // should know the safe way for next time.
                            io.warn(&format!(
                                "the {key} given on the command line stays in your shell \
                                 history; leave VALUE out to type it at the prompt or pipe it \
                                 in (cra config set {key})",
                                key = key.name
                            ));
                        }
                        value
                    }
                    None if key.is_secret() => read_secret(key)?,
                    None => {
                        return Err(CraError::usage(format!(
                            "give a value: cra config set {} VALUE",
                            key.name
                        )));
                    }
                };
                let value = check_value(key, value)?;
                config_file::update(path, key, Some(&value))?;
                let shown = if key.is_secret() {
                    redact(&value)
                } else {
                    value
                };
                io.info(&format!("set {} = {shown} in {}", key.name, path.display()));
            }
            ConfigCommand::Unset { key, .. } => {
                if config_file::update(path, key, None)? {
                    io.info(&format!("unset {} in {}", key.name, path.display()));
                } else {
                    io.info(&format!(
                        "{} was not set in {} (nothing to do)",
                        key.name,
                        path.display()
                    ));
                }
            }
        }
        out.flush()?;
        Ok(Exit::Success)
    }
}

/// Checks a value before it is written, by its key's kind: an address must
/// parse (it may be plain http; that is checked when used), a rate is
/// written as it reads back, anything else must not be empty.
fn check_value(key: &Key, value: String) -> Result<String> {
    match key.kind {
        keys::Kind::Url => {
            crate::api::check_base_url(&value, true)?;
            Ok(value.trim().to_string())
        }
        keys::Kind::Rate => value
            .parse::<crate::http::Rate>()
            .map(|rate| rate.to_string())
            .map_err(|e| CraError::usage(format!("{}: {e}", key.name))),
        keys::Kind::Secret | keys::Kind::Path if value.trim().is_empty() => {
            Err(CraError::usage(format!("{} cannot be empty", key.name)))
        }
        keys::Kind::Secret | keys::Kind::Path => Ok(value),
    }
}

/// Reads a secret from standard input: hidden at a terminal prompt, or the
/// first line of a pipe (its line ending removed).
fn read_secret(key: &Key) -> Result<String> {
    let stdin = std::io::stdin();
    if stdin.is_terminal() {
        return rpassword::prompt_password(format!("{}: ", key.name))
            .with_context(|| format!("cannot read {} from the terminal", key.name));
    }
    let mut line = String::new();
    stdin
        .lock()
        .read_line(&mut line)
        .with_context(|| format!("cannot read {} from standard input", key.name))?;
    let value = line.trim_end_matches(['\n', '\r']).to_string();
    if value.is_empty() {
        return Err(CraError::usage(format!(
            "no {} on standard input (echo KEY | cra config set {})",
            key.name, key.name
        )));
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `get`, `set` and `unset` take exactly the keys of the table, in its
    /// order (what `--help` and completions list).
    #[test]
    fn the_key_table_covers_every_key_config_takes() {
        let command = ConfigCommand::augment_subcommands(clap::Command::new("config"));
        for name in ["get", "set", "unset"] {
            let sub = command.find_subcommand(name).unwrap();
            let arg = sub.get_arguments().find(|a| a.get_id() == "key").unwrap();
            let offered: Vec<String> = arg
                .get_possible_values()
                .iter()
                .map(|v| v.get_name().to_string())
                .collect();
            assert_eq!(offered, keys::names().collect::<Vec<_>>(), "{name}");
            for key in keys::KEYS {
                let line = if name == "set" {
                    vec![key.name, "value"]
                } else {
                    vec![key.name]
                };
                let parsed = sub
                    .clone()
                    .no_binary_name(true)
                    .try_get_matches_from(line)
                    .unwrap();
                assert_eq!(parsed.get_one::<&Key>("key"), Some(&key), "{name}");
            }
            assert!(
                sub.clone()
                    .no_binary_name(true)
                    .try_get_matches_from(["Rate"])
                    .is_err()
            );
        }
    }
}
