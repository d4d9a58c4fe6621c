//! The documents generated from the clap definition, so they never drift
//! from it: shell completion scripts and man pages. The definition is
//! handed in (`cli::command()`), so this room stays below the command line. `cra completions SHELL`
//! prints one script; `cargo run --example generate-assets` writes them all
//! under `completions/` and `man/`, where they are committed, and
//! `tests/suite/docs/man.rs` fails when a committed copy differs from what
//! this module renders now.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Command;
use clap_complete::{Generator, Shell};

/// The command that refreshes `completions/` and `man/`.
pub const REGENERATE: &str = "cargo run --example generate-assets";

/// The shells `cra completions` supports, in the order the contract lists them.
pub const SHELLS: [Shell; 5] = [
    Shell::Bash,
    Shell::Zsh,
    Shell::Fish,
    Shell::PowerShell,
    Shell::Elvish,
];

/// The folders that hold nothing but generated files.
pub const DIRS: [&str; 2] = ["completions", "man"];

/// Environment variables `cra` reads, for the man pages (and checked against
/// `cra --help` by a test).
pub const ENVIRONMENT: &[(&str, &str)] = &[
    (
        "CRA_BASE_URL",
        "API base address (overridden by --base-url; or: cra config set base_url URL).",
    ),
    (
        "CRA_API_KEY",
        "API key, sent as a Bearer token. Never accepted on the command line; or: cra config set api_key.",
    ),
    (
        "CRA_WEBHOOK_SECRET",
        "Webhook signing secret for listen, verify-webhook, trigger and sandbox (overridden by --secret).",
    ),
    ("CRA_CONFIG", "Config file path (overridden by --config)."),
    (
        "CRA_MIRROR",
        "The local copy (mirror) file that cra sync writes and --offline, sql, changes and stats read (overridden by --mirror).",
    ),
    (
        "CRA_FFIEC",
        "The FFIEC's CRA ratings file that cra enrich reads: a downloaded file (the zip or its text) or an address (overridden by --ffiec).",
    ),
    (
        "CRA_BANKFIND",
        "The address of BankFind's institutions that cra enrich reads (overridden by --bankfind).",
    ),
    (
        "CRA_EVALUATIONS",
        "A sandbox's address (cra sandbox prints it) that cra pe --download fetches public evaluations from instead of the agencies (--sandbox: the built-in one's).",
    ),
    (
        "CRA_LENDING",
        "The base address that cra enrich --lending downloads the FFIEC's CRA lending files from ({yy}exp_trans.zip, exp_aggr, exp_discl) instead of the FFIEC's site (--sandbox: the built-in one's).",
    ),
    (
        "CRA_BANKFIND_KEY",
        "The key BankFind asks for (a free api.data.gov key), sent by cra enrich as X-Api-Key (or: cra config set bankfind_key).",
    ),
    ("NO_COLOR", "When set, no colour (as --color never)."),
    (
        "COLUMNS",
        "Width a table is fitted to on a terminal, in place of the width the terminal reports.",
    ),
    (
        "CRA_FORCE_TTY",
        "When set to anything but 0, standard output and standard error are treated as a terminal (a testing aid).",
    ),
    (
        "HTTPS_PROXY, HTTP_PROXY, NO_PROXY",
        "Proxy for https and http requests, and the hosts that bypass it (lower case names work too).",
    ),
];

/// The exit codes of the contract.
pub const EXIT_CODES: &[(&str, &str)] = &[
    ("0", "Success (verify-webhook: the signature is valid)."),
    (
        "1",
        "Any other failure (I/O, unexpected response, bad data).",
    ),
    (
        "2",
        "Usage error: unknown flag, bad value, out-of-range number, missing setting.",
    ),
    ("3", "401: missing or invalid API key."),
    ("4", "403: subscription inactive."),
    ("5", "404: bank not found."),
    (
        "6",
        "Server or network failure after retries (5xx, 429, timeout, connection refused).",
    ),
    ("7", "verify-webhook: the signature is invalid."),
    ("130", "Interrupted (Ctrl-C)."),
];

/// One generated file: its path relative to the repository root (with `/`)
/// and its contents.
pub struct Asset {
    pub path: String,
    pub contents: Vec<u8>,
}

/// The clap definition as completions and man pages see it: built (global
/// flags copied into every subcommand), without clap's `help` subcommand.
pub fn command(definition: Command) -> Command {
    let mut cmd = definition
        .disable_help_subcommand(true)
        .mut_subcommand("config", |c| c.disable_help_subcommand(true));
    cmd.build();
    cmd
}

/// The completion script for `shell`.
pub fn completion(shell: Shell, definition: Command) -> Vec<u8> {
    let mut cmd = definition;
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "cra", &mut out);
    let script = String::from_utf8(out).expect("clap_complete writes UTF-8");
    let script = watch_list_names(shell, script);
    if shell == Shell::Bash {
        return bash_multi_word_values(script, &cmd).into_bytes();
    }
    script.into_bytes()
}

/// The names of the watch lists, one a line, as a shell runs it while
/// completing (no list, or no cra: nothing).
const LIST_NAMES: &str = "cra watch list --format tsv 2>/dev/null | tail -n +2 | cut -f1";

/// `--watch NAME` completes the names of the watch lists, asked of `cra
/// watch list` as the shell completes, where clap_complete's static
/// scripts would offer file names (bash, zsh and fish; the others keep
/// what clap_complete gives).
fn watch_list_names(shell: Shell, script: String) -> String {
    let mut out = String::with_capacity(script.len());
    let mut after_watch = false;
    for line in script.split_inclusive('\n') {
        let trimmed = line.trim();
        let rewritten = match shell {
            Shell::Bash if after_watch && trimmed == r#"COMPREPLY=($(compgen -f "${cur}"))"# => {
                let indent = &line[..line.len() - line.trim_start().len()];
                Some(format!(
                    "{indent}COMPREPLY=($(compgen -W \"$({LIST_NAMES})\" -- \"${{cur}}\"))\n"
                ))
            }
            Shell::Zsh if trimmed.starts_with("'*--watch=[") => Some(line.replace(
                "]:NAME:_default'",
                &format!("]:NAME:{{compadd -- ${{(f)\"$({LIST_NAMES})\"}}}}'"),
            )),
            Shell::Fish if line.contains(" -l watch ") && trimmed.ends_with(" -r") => {
                Some(format!("{} -f -a \"({LIST_NAMES})\"\n", line.trim_end()))
            }
            _ => None,
        };
        after_watch = shell == Shell::Bash && trimmed == "--watch)";
        out.push_str(rewritten.as_deref().unwrap_or(line));
    }
    out
}

/// clap_complete's bash script offers possible values as one
/// space-separated word list, so `Large Bank` completes as two loose words
/// (`Large`, `Bank`) and never as one argument. Each such list is rewritten
/// to split on newlines and to offer `Large\ Bank`, which the shell keeps
/// as one word; what was typed so far is matched with its backslashes and
/// opening quote taken off. (zsh and fish already quote these values.)
fn bash_multi_word_values(mut script: String, cmd: &Command) -> String {
    fn lists(cmd: &Command, into: &mut Vec<Vec<String>>) {
        for arg in cmd.get_arguments() {
            let values: Vec<String> = arg
                .get_possible_values()
                .iter()
                .map(|v| v.get_name().to_string())
                .collect();
            if values.iter().any(|v| v.contains(' ')) && !into.contains(&values) {
                into.push(values);
            }
        }
        for sub in cmd.get_subcommands() {
            lists(sub, into);
        }
    }
    let mut found = Vec::new();
    lists(cmd, &mut found);
    for values in found {
        let needle = format!(
            "COMPREPLY=($(compgen -W \"{}\" -- \"${{cur}}\"))",
            values.join(" ")
        );
        // Inside bash's $'...': a backslash or quote of a value escaped.
        let words = values
            .iter()
            .map(|v| v.replace('\\', "\\\\").replace('\'', "\\'"))
            .collect::<Vec<_>>()
            .join("\\n");
        let replacement = format!(
            "local IFS=$'\\n' word=\"${{cur//\\\\ / }}\"; word=\"${{word#[\\\"\\']}}\"\n\
             COMPREPLY=($(compgen -W $'{words}' -- \"${{word}}\"))\n\
             COMPREPLY=(\"${{COMPREPLY[@]// /\\\\ }}\")"
        );
        // Keep the generated script's indentation on the added lines.
        let mut rewritten = String::with_capacity(script.len());
        for line in script.split_inclusive('\n') {
            match line.find(&needle) {
                Some(at) => {
                    let indent = &line[..at];
                    for part in replacement.lines() {
                        rewritten.push_str(indent);
                        rewritten.push_str(part.trim_start());
                        rewritten.push('\n');
                    }
                }
                None => rewritten.push_str(line),
            }
        }
        script = rewritten;
    }
    script
}

/// Every generated file: one completion script per shell and one man page
/// for `cra` and for each subcommand.
pub fn all(definition: &Command) -> Vec<Asset> {
    let mut assets: Vec<Asset> = SHELLS
        .iter()
        .map(|shell| Asset {
            path: format!("completions/{}", shell.file_name("cra")),
            contents: completion(*shell, definition.clone()),
        })
        .collect();
    let root = command(definition.clone());
    for cmd in pages(&root) {
        assets.push(Asset {
            path: format!("man/{}.1", page_name(cmd)),
            contents: man_page(&root, cmd),
        });
    }
    assets
}

/// Writes every asset under `root` and removes files in the generated
/// folders that are no longer generated (a renamed subcommand's old page).
/// Returns the paths written.
pub fn write_all(root: &Path, definition: &Command) -> io::Result<Vec<PathBuf>> {
    let assets = all(definition);
    for dir in DIRS {
        let dir = root.join(dir);
        std::fs::create_dir_all(&dir)?;
        for entry in std::fs::read_dir(&dir)? {
            let entry = entry?;
            let relative = format!(
                "{}/{}",
                dir.file_name().unwrap_or_default().to_string_lossy(),
                entry.file_name().to_string_lossy()
            );
            if entry.file_type()?.is_file() && !assets.iter().any(|a| a.path == relative) {
                std::fs::remove_file(entry.path())?;
            }
        }
    }
    let mut written = Vec::new();
    for asset in &assets {
        let path = root.join(&asset.path);
        std::fs::write(&path, &asset.contents)?;
        written.push(path);
    }
    Ok(written)
}

/// The commands that get a man page: `cra` and every visible subcommand,
/// nested ones included (`cra config set` is `cra-config-set(1)`).
pub fn pages(root: &Command) -> Vec<&Command> {
    fn walk<'a>(cmd: &'a Command, into: &mut Vec<&'a Command>) {
        into.push(cmd);
        for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
            walk(sub, into);
        }
    }
    let mut found = Vec::new();
    walk(root, &mut found);
    found
}

/// `cra-search` for `cra search`; `cra` for the root.
pub fn page_name(cmd: &Command) -> String {
    cmd.get_display_name()
        .unwrap_or_else(|| cmd.get_name())
        .to_string()
}

/// The example lines of a command's `after_help` (the indented lines after
/// `Examples:`), as `--help` shows them.
pub fn help_examples(cmd: &Command) -> Vec<String> {
    let Some(after) = cmd.get_after_help() else {
        return Vec::new();
    };
    let text = after.to_string();
    let mut lines = text.lines().skip_while(|l| l.trim() != "Examples:").skip(1);
    let mut examples = Vec::new();
    for line in lines.by_ref() {
        if !line.starts_with("  ") {
            break;
        }
        examples.push(line.trim().to_string());
    }
    examples
}

/// A man page: clap_mangen's title, name, synopsis, description, options and
/// subcommands, then our EXAMPLES, ENVIRONMENT, FILES, EXIT STATUS and SEE
/// ALSO (in place of clap_mangen's EXTRA, which would repeat `after_help`).
fn man_page(root: &Command, cmd: &Command) -> Vec<u8> {
    let man = clap_mangen::Man::new(cmd.clone().disable_help_subcommand(true))
        .manual("cra manual")
        .source(format!("cra {}", root.get_version().unwrap_or_default()));
    let mut out = Vec::new();
    // Writing to a Vec cannot fail.
    let render = |out: &mut Vec<u8>| -> io::Result<()> {
        man.render_title(out)?;
        man.render_name_section(out)?;
        man.render_synopsis_section(out)?;
        man.render_description_section(out)?;
        man.render_options_section(out)?;
        if cmd.get_subcommands().any(|s| !s.is_hide_set()) {
            man.render_subcommands_section(out)?;
        }
        extra_sections(out, root, cmd)?;
        man.render_version_section(out)?;
        Ok(())
    };
    render(&mut out).expect("rendering to memory");
    out
}

fn extra_sections(out: &mut Vec<u8>, root: &Command, cmd: &Command) -> io::Result<()> {
    let examples = help_examples(cmd);
    if !examples.is_empty() {
        writeln!(out, ".SH EXAMPLES")?;
        for example in examples {
            writeln!(out, ".PP")?;
            writeln!(out, ".nf")?;
            writeln!(out, ".RS 4")?;
            writeln!(out, "{}", code(&example))?;
            writeln!(out, ".RE")?;
            writeln!(out, ".fi")?;
        }
    }
    writeln!(out, ".SH ENVIRONMENT")?;
    for (name, meaning) in ENVIRONMENT {
        writeln!(out, ".TP")?;
        writeln!(out, ".B {}", code(name))?;
        writeln!(out, "{}", prose(meaning))?;
    }
    writeln!(
        out,
        ".PP\nPrecedence: flag > environment > config file > default; \\fBcra config show\\fR says where each value came from."
    )?;
    writeln!(out, ".SH FILES")?;
    writeln!(out, ".TP")?;
    writeln!(out, ".I ~/.config/cra/config.toml")?;
    writeln!(
        out,
        "{}",
        prose(
            "The config file (TOML, keys base_url, api_key, webhook_secret), written atomically \
             with mode 0600 by cra config set (on Windows, where there is no such mode, the \
             user profile's permissions keep it private). It lives in the platform config \
             directory ($XDG_CONFIG_HOME/cra on Linux, ~/Library/Application Support/cra on \
             macOS, %APPDATA%\\cra\\config on Windows); CRA_CONFIG or --config choose \
             another file, and cra config path prints the one in use."
        )
    )?;
    writeln!(out, ".TP")?;
    writeln!(out, ".I ~/.local/share/cra/mirror.sqlite")?;
    writeln!(
        out,
        "{}",
        prose(
            "The local copy (SQLite) that cra sync keeps and that --offline, sql, changes and \
             stats read; sandbox-mirror.sqlite beside it under --sandbox. It lives in the \
             platform data directory ($XDG_DATA_HOME/cra on Linux, ~/Library/Application \
             Support/cra on macOS, %LOCALAPPDATA%\\cra\\data on Windows); CRA_MIRROR, the \
             config key mirror or --mirror choose another file, and cra config show names the \
             one in use. cra sql --schema prints its tables."
        )
    )?;
    writeln!(out, ".TP")?;
    writeln!(out, ".I ~/.local/share/cra/watch.toml")?;
    writeln!(
        out,
        "{}",
        prose(
            "The watch lists (TOML: one table per list, banks = the ids of its banks, each with \
             the bank's name in a comment above it) that cra watch edits and --watch NAME reads; \
             beside the local copy's default, whatever --mirror says. It reads and edits by hand."
        )
    )?;
    writeln!(out, ".SH \"EXIT STATUS\"")?;
    for (status, meaning) in EXIT_CODES {
        writeln!(out, ".TP")?;
        writeln!(out, ".B {status}")?;
        writeln!(out, "{}", prose(meaning))?;
    }
    writeln!(out, ".SH \"SEE ALSO\"")?;
    let this = page_name(cmd);
    let mut others: Vec<String> = pages(root)
        .into_iter()
        .map(page_name)
        .filter(|name| *name != this)
        .map(|name| format!("\\fB{}\\fR(1)", code(&name)))
        .collect();
    if let Some(last) = others.last_mut() {
        last.push('.');
    }
    writeln!(out, "{}", others.join(", "))?;
    Ok(())
}

/// Text for a roff text line: backslashes escaped, and a leading `.` or `'`
/// kept from being read as a request.
fn prose(text: &str) -> String {
    let escaped = text.replace('\\', "\\e");
    if escaped.starts_with('.') || escaped.starts_with('\'') {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

/// Like `prose`, with `-` written as `\-` so that flags and commands stay
/// ASCII hyphen-minus (copy-pasteable) whatever the output device.
fn code(text: &str) -> String {
    prose(text).replace('-', "\\-")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `--watch` of bash, zsh and fish offers the lists' names, never
    /// file names (zsh and fish are not run here: their lines are read).
    /// The scripts as committed, which `tests/suite/docs/man.rs` holds to
    /// what the definition generates.
    #[test]
    fn watch_completes_the_lists_names() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            let script = std::fs::read_to_string(
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("completions")
                    .join(shell.file_name("cra")),
            )
            .unwrap();
            let lines: Vec<&str> = script.lines().collect();
            let watch: Vec<usize> = lines
                .iter()
                .enumerate()
                .filter(|(_, l)| match shell {
                    Shell::Bash => l.trim() == "--watch)",
                    Shell::Zsh => l.contains("'*--watch="),
                    _ => l.contains(" -l watch "),
                })
                .map(|(i, _)| i)
                .collect();
            assert!(watch.len() >= 3, "{shell:?}: {watch:?}");
            for i in watch {
                let action = if shell == Shell::Bash {
                    lines[i + 1]
                } else {
                    lines[i]
                };
                assert!(action.contains(LIST_NAMES), "{shell:?}: {action}");
                assert!(!action.contains("compgen -f") && !action.contains("_default"));
            }
        }
    }

    #[test]
    fn roff_escapes() {
        assert_eq!(code("cra --state"), "cra \\-\\-state");
        assert_eq!(prose(".x \\n"), "\\&.x \\en");
    }

    /// Every config key's environment variable is in the man pages'
    /// list (which a test holds to `cra --help`).
    #[test]
    fn every_config_key_variable_is_documented() {
        for key in crate::config_file::keys::KEYS {
            if let Some(env) = key.env {
                assert!(
                    ENVIRONMENT.iter().any(|(name, _)| *name == env),
                    "{} ({env})",
                    key.name
                );
            }
        }
    }
}
