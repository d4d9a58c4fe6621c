//! The top of the command line: the root command, the list of commands,
//! and how the global flags are attached to each. Every command's own
//! arguments live beside it in `commands/<name>.rs`; the global flags are
//! declared once in `settings::flags`; usage errors are worded in `usage`.
//! Doc comments here are the user's `--help`; nothing in this room reads the
//! environment or does work.
//!
//! Adding a command is its file in `commands/` (arguments and a
//! [`Run`](crate::command::Run) implementation) and one entry in the
//! command list there.

pub mod usage;

use std::ffi::OsString;

use clap::parser::ValueSource;
use clap::{ArgMatches, Args, CommandFactory, FromArgMatches, Parser};

use crate::commands::Command;
use crate::settings::flags::{GlobalFlags, Globals};

/// Text shown after `cra --help`: where settings come from, and examples.
/// (`assets::ENVIRONMENT` holds the same variables for the man pages; a test
/// checks that both name the same ones.)
const ROOT_AFTER_HELP: &str = "\
Environment:
  CRA_BASE_URL        API base address (or: cra config set base_url URL)
  CRA_API_KEY         API key, never on the command line (or: cra config set
                      api_key)
  CRA_WEBHOOK_SECRET  webhook signing secret for listen, verify-webhook,
                      trigger, sandbox
  CRA_CONFIG          config file path
  CRA_MIRROR          local copy file for sync, --offline, sql, changes,
                      stats (or: cra config set mirror FILE)
  CRA_FFIEC           the FFIEC ratings file (a file or an address) for enrich
  CRA_BANKFIND        BankFind's institutions address for enrich
  CRA_BANKFIND_KEY    BankFind's key (api.data.gov), for enrich (or: cra config
                      set bankfind_key)
  CRA_EVALUATIONS     a sandbox's address that pe --download saves evaluations
                      from
  CRA_LENDING         the base address enrich --lending downloads the FFIEC's
                      lending files from
  NO_COLOR            disable colour
  COLUMNS             width tables are fitted to on a terminal (default: the
                      terminal's)
  CRA_FORCE_TTY       1: treat standard output and error as a terminal (for
                      tests)
  HTTPS_PROXY         proxy for https requests (also HTTP_PROXY, NO_PROXY;
                      lower case too)

Config file: ~/.config/cra/config.toml on Linux, the platform config directory
elsewhere; `cra config path` prints the one in use.
Precedence: flag > environment > config file > default (`cra config show` tells which).

Examples:
  cra --sandbox search --state TX --size \"Large Bank\"
  cra search --state TX --format json | jq -r '.[].name'
  cra listen --forward-to http://127.0.0.1:3000/webhooks";

#[derive(Debug, Parser)]
#[command(
    name = "cra",
    version,
    about = "Bank CRA Ratings from the command line: search, show, export, webhooks, sandbox",
    after_help = ROOT_AFTER_HELP,
    propagate_version = true,
    max_term_width = 100
)]
pub struct Cli {
    /// The global flags in force: those given before the subcommand, then
    /// those given after it (which win, being the nearer).
    #[command(flatten)]
    pub global: GlobalFlags,

    #[command(subcommand)]
    pub command: Command,
}

/// The whole command tree as clap sees it: the derived commands, each given
/// the global flags of its groups (under "Global options", after its own).
/// The root takes every global flag, so that one is accepted before the
/// subcommand too; they are not clap `global` arguments, which clap would
/// copy into every subcommand.
pub fn command() -> clap::Command {
    let groups: Vec<(String, crate::command::Groups)> = Cli::command()
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .zip(Command::globals())
        .collect();
    Cli::command().mut_subcommands(|sub| {
        let Some((_, groups)) = groups.iter().find(|(name, _)| name == sub.get_name()) else {
            return sub;
        };
        let mut sub = worded(with_globals(sub, groups.globals, groups.args), groups.args);
        if !groups.columns.is_empty() {
            // Completions offer the command's own columns, not file names.
            let names = groups.columns.clone();
            sub = sub.mut_arg("columns", |arg| {
                arg.value_parser(crate::filters::Offered::new(
                    crate::filters::any_text,
                    names,
                ))
                .hide_possible_values(true)
            });
        }
        sub.mut_subcommands(|nested_sub| {
            match groups
                .nested
                .iter()
                .find(|(name, _)| *name == nested_sub.get_name())
            {
                Some((_, nested)) => {
                    worded(with_globals(nested_sub, *nested, groups.args), groups.args)
                }
                None => nested_sub,
            }
        })
    })
}

/// `command` with the global flags of `groups` after its own, listed in
/// the groups' order (each group alone numbers its flags from 0, which
/// would sort them by name), worded for it: what a flag does depends on
/// what the command does (`-v` traces HTTP requests, which `sql` makes
/// none of), and `help` is the command's own wording of some.
fn with_globals(
    mut command: clap::Command,
    groups: Globals,
    wordings: &[crate::command::Wording],
) -> clap::Command {
    let own = command
        .get_arguments()
        .filter(|arg| !arg.is_positional())
        .count();
    let calls_service = groups.contains(Globals::API) || groups.contains(Globals::TIMEOUT);
    for (index, arg) in groups.arguments().into_iter().enumerate() {
        let id = arg.get_id().as_str().to_string();
        let mut arg = arg.display_order(own + index);
        let worded = wordings
            .iter()
            .find(|wording| wording.id == id)
            .and_then(|wording| wording.help)
            .or(match id.as_str() {
                "verbose" if !calls_service => {
                    Some("Accepted; this command makes no HTTP request to trace")
                }
                "sandbox" if !groups.contains(Globals::API) => {
                    Some("Read the sandbox's local copy (see cra --sandbox sync)")
                }
                "offline" if !groups.contains(Globals::API) => {
                    Some("Accepted; this command always reads the local copy")
                }
                "format" => Some("Output format [default: table on a terminal, tsv otherwise]"),
                _ => None,
            });
        if let Some(text) = worded {
            arg = arg.help(text);
        }
        command = command.arg(arg);
    }
    command
}

/// `command` with its own wording of the flags it shares (`-o`, the
/// selection's): help line, long name (the shared one still accepted,
/// hidden) and value name. The global flags were worded as they were
/// attached.
fn worded(command: clap::Command, wordings: &[crate::command::Wording]) -> clap::Command {
    let own: Vec<String> = command
        .get_arguments()
        .map(|arg| arg.get_id().as_str().to_string())
        .collect();
    wordings
        .iter()
        .filter(|wording| own.iter().any(|id| id == wording.id))
        .fold(command, |command, wording| {
            command.mut_arg(wording.id, |mut arg| {
                if let Some(help) = wording.help {
                    arg = arg.help(help);
                }
                if let Some((long, shared)) = wording.long {
                    arg = arg.long(long).alias(shared);
                }
                if let Some(value_name) = wording.value_name {
                    arg = arg.value_name(value_name);
                }
                arg
            })
        })
}

/// Parses the process's arguments.
pub fn parse() -> Result<Cli, clap::Error> {
    parse_from(std::env::args_os())
}

/// `parse` over given arguments: the command, and the global flags in
/// force wherever on the line they were given.
pub fn parse_from<I, T>(args: I) -> Result<Cli, clap::Error>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let tree = command();
    let matches = tree.clone().try_get_matches_from(args)?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    // Every global flag given, in the order of their levels (root, the
    // command, a command of the command), read again as one line in which
    // a later one overrides an earlier one.
    let mut line: Vec<OsString> = vec!["cra".into()];
    given_globals(&tree, &matches, &mut line);
    if let Some((name, sub)) = matches.subcommand() {
        cli.command.note_positions(sub);
        let sub_tree = tree.find_subcommand(name).expect("clap matched it");
        given_globals(sub_tree, sub, &mut line);
        if let Some((nested_name, nested)) = sub.subcommand() {
            let nested_tree = sub_tree
                .find_subcommand(nested_name)
                .expect("clap matched it");
            given_globals(nested_tree, nested, &mut line);
        }
    }
    let globals = GlobalFlags::augment_args(clap::Command::new("cra")).args_override_self(true);
    cli.global = GlobalFlags::from_arg_matches(&globals.try_get_matches_from(line)?)?;
    Ok(cli)
}

/// Appends to `line` the global flags given on the command line at the
/// level of `command`, as `--name=value` (a value may start with `-`).
fn given_globals(command: &clap::Command, matches: &ArgMatches, line: &mut Vec<OsString>) {
    let global_ids: Vec<clap::Id> = Globals::ALL
        .arguments()
        .iter()
        .map(|arg| arg.get_id().clone())
        .collect();
    for arg in command.get_arguments() {
        let id = arg.get_id();
        if !global_ids.contains(id)
            || matches.value_source(id.as_str()) != Some(ValueSource::CommandLine)
        {
            continue;
        }
        let long = arg.get_long().expect("every global flag is long");
        if arg.get_action().takes_values() {
            for value in matches.get_raw(id.as_str()).into_iter().flatten() {
                let mut flag = OsString::from(format!("--{long}="));
                flag.push(value);
                line.push(flag);
            }
        } else {
            line.push(format!("--{long}").into());
        }
    }
}

impl Cli {
    /// The global flags in force, checked across levels.
    pub fn global_flags(&self) -> anyhow::Result<&GlobalFlags> {
        // clap checks this within one level only: `cra --sandbox search
        // --base-url URL` gives them at two.
        if self.global.sandbox.sandbox && self.global.api.base_url.is_some() {
            return Err(crate::error::CraError::usage(
                "--sandbox and --base-url cannot be used together (the sandbox has its own address)",
            ));
        }
        Ok(&self.global)
    }
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_notes_a_query_right_after_size_for_every_command() {
        let follows = |args: &[&str]| match parse_from(args).unwrap().command {
            Command::Search(a) => Some(a.selection.query_follows_size),
            Command::Export(a) => Some(a.selection.query_follows_size),
            _ => None,
        };
        assert_eq!(
            follows(&["cra", "search", "--size", "Large", "Bank"]),
            Some(true)
        );
        assert_eq!(
            follows(&["cra", "export", "--size=small", "bank"]),
            Some(true)
        );
        assert_eq!(
            follows(&["cra", "search", "Bank", "--size", "large"]),
            Some(false)
        );
        assert_eq!(
            follows(&["cra", "search", "--state", "TX", "Bank"]),
            Some(false)
        );
        // Commands without the filters parse as they did.
        assert_eq!(follows(&["cra", "config", "path"]), None);
        assert_eq!(follows(&["cra", "show", "x"]), None);
        assert_eq!(
            follows(&["cra", "verify-webhook", "--signature", "s"]),
            None
        );
    }

    #[test]
    fn clap_definition_is_consistent() {
        command().debug_assert();
    }
}
