//! Man pages render (groff or man) with every flag, section, example,
//! environment variable and exit code; the committed `completions/` and
//! `man/` match the clap definition.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command as StdCommand, Stdio};

use cra::assets;

use crate::common::repo;

/// A man page as a reader sees it, in plain ASCII: rendered by `renderer`
/// (groff or man), escapes and overstrikes removed, typographic hyphens
/// made `-`.
fn render_man(renderer: &str, path: &Path) -> String {
    let args: &[&str] = match renderer {
        "groff" => &["-man", "-Tutf8", "-rLL=300n", "-rHY=0", "-P-c"],
        _ => &["-l"],
    };
    let out = StdCommand::new(renderer)
        .args(args)
        .arg(path)
        .env("MANWIDTH", "300")
        .env("MAN_KEEP_FORMATTING", "0")
        .env("GROFF_NO_SGR", "1")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{renderer} failed on {}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    plain(&String::from_utf8_lossy(&out.stdout))
}

fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => {
                // CSI ... final byte
                for d in chars.by_ref() {
                    if d.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
            '\u{8}' => {
                out.pop();
            }
            '\u{2010}' | '\u{2011}' | '\u{2212}' => out.push('-'),
            _ => out.push(c),
        }
    }
    out
}

#[test]
fn man_pages_render_with_every_flag_and_section() {
    let dir = tempfile::tempdir().unwrap();
    assets::write_all(dir.path(), &cra::cli::command()).unwrap();
    let root = assets::command(cra::cli::command());
    let pages: Vec<(clap::Command, String)> = assets::pages(&root)
        .into_iter()
        .map(|cmd| (cmd.clone(), assets::page_name(cmd)))
        .collect();
    assert!(pages.len() >= 15, "{} man pages", pages.len());
    // Without groff or man (said, or failed under CI), the roff sources
    // themselves are checked.
    let renderer = crate::common::any_of(&["groff", "man"], "groff-base");
    for (cmd, name) in pages {
        let path = dir.path().join("man").join(format!("{name}.1"));
        let source = std::fs::read_to_string(&path)
            .unwrap_or_else(|_| panic!("no man page {}", path.display()));
        let text = match renderer {
            Some(renderer) => render_man(renderer, &path),
            None => source.replace("\\-", "-"),
        };
        for section in [
            "NAME",
            "SYNOPSIS",
            "OPTIONS",
            "EXAMPLES",
            "ENVIRONMENT",
            "FILES",
            "EXIT STATUS",
        ] {
            assert!(text.contains(section), "{name}.1 lacks {section}");
        }
        for arg in cmd.get_arguments().filter(|a| !a.is_hide_set()) {
            if let Some(long) = arg.get_long() {
                assert!(
                    text.contains(&format!("--{long}")),
                    "{name}.1 lacks --{long}:\n{text}"
                );
            }
            if let Some(short) = arg.get_short() {
                assert!(
                    text.contains(&format!("-{short}")),
                    "{name}.1 lacks -{short}"
                );
            }
        }
        for example in assets::help_examples(&cmd) {
            let first_words: String = example
                .split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ");
            assert!(
                text.contains(&first_words),
                "{name}.1 lacks the example {example:?}"
            );
        }
        for (variable, _) in assets::ENVIRONMENT {
            assert!(text.contains(variable), "{name}.1 lacks {variable}");
        }
        for (code, _) in assets::EXIT_CODES {
            assert!(text.contains(code), "{name}.1 lacks exit code {code}");
        }
    }
}

#[test]
fn committed_completions_and_man_pages_are_fresh() {
    let root = repo();
    let assets = assets::all(&cra::cli::command());
    let mut problems = Vec::new();
    for asset in &assets {
        match std::fs::read(root.join(&asset.path)) {
            Ok(committed) if committed == asset.contents => {}
            Ok(_) => problems.push(format!("{} is out of date", asset.path)),
            Err(_) => problems.push(format!("{} is missing", asset.path)),
        }
    }
    let expected: BTreeSet<&str> = assets.iter().map(|a| a.path.as_str()).collect();
    for dir in assets::DIRS {
        for entry in std::fs::read_dir(root.join(dir)).into_iter().flatten() {
            let entry = entry.unwrap();
            let relative = format!("{dir}/{}", entry.file_name().to_string_lossy());
            if !expected.contains(relative.as_str()) {
                problems.push(format!("{relative} is no longer generated"));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{}\nThe committed files differ from the clap definition; refresh them with:\n    {}\nand commit completions/ and man/.",
        problems.join("\n"),
        assets::REGENERATE
    );
}
