//! Usage errors in words: clap's message for a flag or value that does not
//! fit, re-worded where clap's own would mislead (a flag of another
//! command, a size the shell split, a did-you-mean that only shares a
//! first letter, a long flag written with one dash), printed once with
//! exit code 2: `cra: error: ...` on the first line, then clap's tip and
//! usage on lines of their own, as clap lays them out.

use crate::error::Exit;

/// Prints a clap error: help and version as clap renders them (exit 0), a
/// usage error as `cra: error: ...`, with clap's tip and usage after it
/// (exit 2).
pub fn report_usage(error: &clap::Error) -> Exit {
    use clap::error::ErrorKind;
    match error.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // Help that cannot be written (a full disk) is a failure; a
            // reader that stopped early (`| head`) is not.
            if let Err(e) = error.print()
                && e.kind() != std::io::ErrorKind::BrokenPipe
            {
                crate::error::say(&format!("cra: error: cannot write the help: {e}"));
                return Exit::Failure;
            }
            if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                Exit::Usage
            } else {
                Exit::Success
            }
        }
        _ => {
            let text = flag_of_another_command(error)
                .or_else(|| split_size(error))
                .or_else(|| one_dash_long_flag(error, &process_args()))
                .unwrap_or_else(|| usage_text(&error.to_string(), unrelated_suggestion(error)));
            crate::error::say(&format!("cra: error: {}", shorten_quoted(&text, QUOTED)));
            Exit::Usage
        }
    }
}

/// The most of a value a usage error quotes.
const QUOTED: usize = 60;

/// `text` with every quoted value ('...') over `most` characters cut to
/// its start and `…`: clap quotes the value it refused, and a value of
/// 50,000 characters would make the one line of an error 100 KB. A quote
/// opens where no letter or digit is before it and closes where none
/// follows it, so an apostrophe within a word (`institution's`, `O'Brien`)
/// neither opens nor closes one.
fn shorten_quoted(text: &str, most: usize) -> String {
    let mut out = String::with_capacity(text.len().min(4096));
    // Where the quoted value being read starts in `text`, if one is open.
    let mut open: Option<usize> = None;
    let mut before: Option<char> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let after = chars.peek().map(|&(_, next)| next);
        let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
        match open {
            None => {
                out.push(c);
                if c == '\'' && !word(before) {
                    open = Some(at + 1);
                }
            }
            Some(start) if c == '\'' && !word(after) => {
                let value = &text[start..at];
                if value.chars().count() > most {
                    out.push_str(&crate::text::shorten(value, most));
                } else {
                    out.push_str(value);
                }
                out.push(c);
                open = None;
            }
            Some(_) => {}
        }
        before = Some(c);
    }
    // A quote never closed: what follows it, as it is.
    if let Some(start) = open {
        out.push_str(&text[start..]);
    }
    out
}

/// A stray word of a size the shell split (`--size Intermediate Small
/// Bank`, unquoted): say what was meant rather than clap's "unexpected
/// argument 'Bank'".
fn split_size(error: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(given)) = error.get(ContextKind::InvalidArg) else {
        return None;
    };
    // Not `env::args`, which panics on an argument that is not UTF-8.
    let args: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let size = crate::filters::unquoted_size(&args)?;
    size.split(' ')
        .any(|word| word.eq_ignore_ascii_case(given))
        .then(|| {
            format!(
                "unexpected argument '{given}': did you mean --size \"{size}\"? \
                 (quote a size of several words)"
            )
        })
}

/// Clap's did-you-mean, when it names a flag that only shares a few
/// letters with the one given: a tip that misleads is left out.
fn unrelated_suggestion(error: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let Some(ContextValue::String(given)) = error.get(ContextKind::InvalidArg) else {
        return None;
    };
    let suggested: &[String] = match error.get(ContextKind::SuggestedArg) {
        Some(ContextValue::String(one)) => std::slice::from_ref(one),
        Some(ContextValue::Strings(many)) => many,
        _ => return None,
    };
    suggested.iter().find(|s| !similar_flag(given, s)).cloned()
}

/// Clap's message as clap lays it out (the error, then its tip and the
/// usage on lines of their own), without a tip naming `unrelated` (and the
/// usage line clap rewrote to show it), and without its own `error: `.
fn usage_text(rendered: &str, unrelated: Option<String>) -> String {
    let mentions_unrelated = |line: &str| {
        unrelated
            .as_ref()
            .is_some_and(|u| line.split([' ', '\'']).any(|word| word == u))
    };
    let kept: Vec<&str> = rendered
        .trim_end()
        .lines()
        .filter(|line| !mentions_unrelated(line))
        .collect();
    // Blank lines that a dropped tip left doubled are kept single.
    let mut text = String::new();
    for line in kept {
        if line.trim().is_empty() && (text.is_empty() || text.ends_with("\n\n")) {
            continue;
        }
        text.push_str(line);
        text.push('\n');
    }
    let text = text.trim_end();
    text.strip_prefix("error: ").unwrap_or(text).to_string()
}

/// The process's arguments, lossily (not `env::args`, which panics on an
/// argument that is not UTF-8).
fn process_args() -> Vec<String> {
    std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect()
}

/// A long flag written with one dash (`-state TX`): clap reads it as `-s`
/// followed by `tate` and says to write `-- -s`, which misleads.
fn one_dash_long_flag(error: &clap::Error, args: &[String]) -> Option<String> {
    use clap::error::ErrorKind;
    if !matches!(
        error.kind(),
        ErrorKind::UnknownArgument | ErrorKind::InvalidValue | ErrorKind::ArgumentConflict
    ) {
        return None;
    }
    let root = super::command();
    args.iter().skip(1).find_map(|arg| {
        let name = arg
            .strip_prefix('-')
            .filter(|rest| !rest.starts_with('-'))?;
        let name = name.split('=').next().unwrap_or(name);
        if name.chars().count() < 2 || !name.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
            return None;
        }
        let known = std::iter::once(&root)
            .chain(root.get_subcommands())
            .flat_map(|command| command.get_arguments())
            .any(|a| a.get_long() == Some(name));
        known.then(|| {
            format!("unknown flag '{arg}': did you mean --{name}? (a long flag takes two dashes)")
        })
    })
}

/// For a flag the subcommand does not take but another one does (`cra show
/// --all`), a message saying whose flag it is, in place of clap's nearest
/// spelling (which for `--all` was `--allow-insecure-http`).
pub fn flag_of_another_command(error: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if error.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(given)) = error.get(ContextKind::InvalidArg) else {
        return None;
    };
    let flag = given.split('=').next().unwrap_or(given);
    let long = flag.strip_prefix("--")?;
    let Some(ContextValue::StyledStr(usage)) = error.get(ContextKind::Usage) else {
        return None;
    };
    // `Usage: cra show [OPTIONS] <ID>...` → `show`.
    let usage = usage.to_string();
    let path: Vec<&str> = usage
        .split_whitespace()
        .skip_while(|w| *w != "cra")
        .skip(1)
        .take_while(|w| {
            w.chars().all(|c| c.is_ascii_lowercase() || c == '-') && !w.starts_with('-')
        })
        .collect();
    let here = path.join(" ");
    let mut owners = Vec::new();
    fn walk(cmd: &clap::Command, prefix: &str, long: &str, owners: &mut Vec<String>) {
        for sub in cmd.get_subcommands() {
            let name = format!("{prefix}{}", sub.get_name());
            if sub.get_arguments().any(|a| a.get_long() == Some(long)) {
                owners.push(name.clone());
            }
            walk(sub, &format!("{name} "), long, owners);
        }
    }
    let root = super::command();
    if !here.is_empty() && root.get_arguments().any(|a| a.get_long() == Some(long)) {
        // A global flag: before the subcommand it is accepted; after it,
        // only where it applies.
        return Some(format!(
            "'{flag}' does not apply to `{here}` (a global flag; see cra {here} --help for those that do)"
        ));
    }
    walk(&root, "", long, &mut owners);
    owners.retain(|o| *o != here);
    if owners.is_empty() || here.is_empty() {
        return None;
    }
    let list = match owners.as_slice() {
        [one] => format!("`{one}`"),
        [init @ .., last] => format!(
            "{} and `{last}`",
            init.iter()
                .map(|o| format!("`{o}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        [] => unreachable!("checked above"),
    };
    Some(format!(
        "'{flag}' is a flag of {list}, not of `{here}` (see cra {here} --help)"
    ))
}

/// Whether clap's did-you-mean `suggested` is a plausible misspelling of
/// `given`, not merely a flag that shares its first letters.
pub fn similar_flag(given: &str, suggested: &str) -> bool {
    let strip = |f: &str| {
        f.trim_start_matches('-')
            .split('=')
            .next()
            .unwrap_or("")
            .to_string()
    };
    strsim::normalized_damerau_levenshtein(&strip(given), &strip(suggested)) >= 0.6
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_quoted_value_is_cut_and_the_rest_kept() {
        let long = "x".repeat(5_000);
        let text =
            format!("invalid value '{long}' for '--state <XX>': '{long}' is not a state code");
        let short = shorten_quoted(&text, 60);
        assert!(short.len() < 400, "{short}");
        assert!(short.contains("for '--state <XX>': '"), "{short}");
        assert!(short.ends_with("…' is not a state code"), "{short}");
        assert_eq!(shorten_quoted("plain 'a' and 'b'", 60), "plain 'a' and 'b'");
        assert_eq!(shorten_quoted("it's", 1), "it's");
    }

    /// An apostrophe in the words of a message neither opens nor closes a
    /// quoted value: `try '--help'` after one was cut to `tr…'--help'`.
    #[test]
    fn an_apostrophe_within_a_word_quotes_nothing() {
        let text = "--test overall=outstanding: name an area (the institution's own overall \
                    rating is --rating)\n\nFor more information, try '--help'.\n";
        assert_eq!(shorten_quoted(text, 60), text);
        let long = "y".repeat(500);
        let cut = shorten_quoted(&format!("the bank's value '{long}' for 'O'Brien'"), 60);
        assert!(cut.starts_with("the bank's value 'yyy"), "{cut}");
        assert!(cut.ends_with("…' for 'O'Brien'"), "{cut}");
        assert_eq!(
            shorten_quoted("a quote 'never closed", 3),
            "a quote 'never closed"
        );
    }

    proptest::proptest! {
        /// Nothing is lost but the middle of a long quoted value: text
        /// without one comes back as it was, whatever its apostrophes.
        #[test]
        fn text_without_a_long_quoted_value_is_kept(text in "[a-z' .:()-]{0,80}") {
            proptest::prop_assert_eq!(shorten_quoted(&text, 100), text);
        }
    }

    fn args(line: &str) -> Vec<String> {
        line.split(' ').map(String::from).collect()
    }

    #[test]
    fn a_long_flag_with_one_dash_is_named() {
        let error = super::super::parse_from(["cra", "search", "-state", "TX"]).unwrap_err();
        let text = one_dash_long_flag(&error, &args("cra search -state TX")).unwrap();
        assert_eq!(
            text,
            "unknown flag '-state': did you mean --state? (a long flag takes two dashes)"
        );
        // A short flag, or a word that is no flag's name, is left to clap.
        assert_eq!(one_dash_long_flag(&error, &args("cra search -q -x")), None);
        assert_eq!(
            one_dash_long_flag(&error, &args("cra search -nosuch")),
            None
        );
    }

    #[test]
    fn clap_layout_is_kept_with_our_prefix() {
        let error = super::super::parse_from(["cra", "search", "--stat", "TX"]).unwrap_err();
        let text = usage_text(&error.to_string(), unrelated_suggestion(&error));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "unexpected argument '--stat' found");
        assert!(
            text.contains("\n\n  tip: a similar argument exists: '--state'\n\n"),
            "{text}"
        );
        assert!(text.contains("\nUsage: cra search"), "{text}");
        // A tip that only shares a first letter goes, with no doubled blank.
        let error = super::super::parse_from(["cra", "show", "--all", "x"]).unwrap_err();
        let text = usage_text(&error.to_string(), Some("--allow-insecure-http".into()));
        assert!(!text.contains("allow-insecure"), "{text}");
        assert!(!text.contains("\n\n\n"), "{text:?}");
    }

    #[test]
    fn similar_flags_are_misspellings_not_shared_prefixes() {
        assert!(similar_flag("--stat", "--state"));
        assert!(similar_flag("--frmat", "--format"));
        assert!(similar_flag("--per_page", "--per-page"));
        assert!(!similar_flag("--all", "--allow-insecure-http"));
        assert!(!similar_flag("--s", "--sandbox"));
    }
}
