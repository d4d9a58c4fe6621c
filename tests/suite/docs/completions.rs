//! Completion scripts: every shell's knows every subcommand and value, and
//! bash's really loads and completes (multi-word sizes as one word).

use cra::assets;

/// Names of the visible subcommands, as a user types them.
fn subcommands() -> Vec<String> {
    assets::command(cra::cli::command())
        .get_subcommands()
        .filter(|s| !s.is_hide_set())
        .map(|s| s.get_name().to_string())
        .collect()
}

#[test]
fn completion_scripts_know_every_subcommand_and_value() {
    let home = crate::common::Home::new();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = home.cra().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}: {out:?}");
        let script = String::from_utf8(out.stdout).unwrap();
        assert!(script.len() > 1000, "{shell}: script is too short");
        for sub in subcommands() {
            assert!(script.contains(&sub), "{shell} script lacks {sub}");
        }
        for name in ["config show", "config set"] {
            let word = name.split(' ').nth(1).unwrap();
            assert!(script.contains(word), "{shell} script lacks {name}");
        }
        // Values complete where the shell's generator lists them.
        if ["bash", "zsh", "fish"].contains(&shell) {
            for value in [
                "TX",
                "PW",
                "Large Bank",
                "intermediate",
                "ndjson",
                "rating.created",
                // --sort, --columns (each command's own), --regulator.
                "-exam_date",
                "previous_rating",
                "is_current",
                "OTS",
            ] {
                assert!(script.contains(value), "{shell} script lacks value {value}");
            }
        }
    }
}

/// Runs a bash `script` with `cra` first on PATH and nothing else of this
/// process's environment; its standard output, after checking it
/// succeeded. None without bash (said, or failed under CI).
fn run_bash(home: &crate::common::Home, script: &str) -> Option<String> {
    let mut bash = crate::common::tool("bash", "bash")?;
    let dir = crate::common::cra_bin().parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out = crate::common::clean_env(&mut bash, home.path())
        .args(["-c", script])
        .env("PATH", path)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "stdout: {stdout}\nstderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(stdout)
}

#[test]
fn bash_completion_loads_and_completes_values() {
    let home = crate::common::Home::new();
    let script = r#"
set -e
source <(cra completions bash)
complete -p cra
complete_words() {
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _cra cra "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    echo "$1 ${*:2}: ${COMPREPLY[*]}"
}
complete_words cra se
complete_words cra search --state T
complete_words cra export --format nd
complete_words cra config s
complete_words cra search --rating S
complete_words cra export --regulator F
complete_words cra due --sort exam_
complete_words cra changes --columns prev
complete_words cra export --columns is_
complete_words cra stats --by re
complete_words cra search --watch p
complete_words cra sync --notify x --watch l
complete_words cra search --exam-method Sm
"#;
    let data = home.path().join(".local/share/cra");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(
        data.join("watch.toml"),
        "[peers]\nbanks = [\"a\"]\n\n[lenders]\nbanks = [\"b\"]\n\n[pilots]\nbanks = [\"c\"]\n",
    )
    .unwrap();
    let Some(stdout) = run_bash(&home, script) else {
        return;
    };
    assert!(stdout.contains("-F _cra cra"), "{stdout}");
    let line = |prefix: &str| {
        stdout
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no {prefix:?} in {stdout}"))
            .to_string()
    };
    assert!(line("cra se:").contains("search"), "{stdout}");
    let states = line("cra search --state T:");
    assert!(
        states.contains("TX") && states.contains("TN") && !states.contains("CA"),
        "{states}"
    );
    assert!(line("cra export --format nd:").contains("ndjson"));
    // The values of --rating, --regulator, --sort, --columns (the
    // command's own) and --by, never file names.
    for (prefix, values) in [
        (
            "cra search --rating S:",
            // One word, its space escaped, as sizes are.
            &["Satisfactory", "Substantial\\ Noncompliance"][..],
        ),
        ("cra export --regulator F:", &["FDIC", "FRB"]),
        ("cra due --sort exam_:", &["exam_date", "exam_type"]),
        ("cra changes --columns prev:", &["previous_rating"]),
        ("cra export --columns is_:", &["is_current"]),
        ("cra stats --by re:", &["regulator"]),
        // The watch lists' names, the exam methods.
        ("cra search --watch p:", &["peers", "pilots"]),
        ("cra sync --notify x --watch l:", &["lenders"]),
        ("cra search --exam-method Sm:", &["Small\\ Bank"]),
    ] {
        let replies = line(prefix);
        for value in values {
            assert!(replies.contains(value), "{replies}");
        }
        assert!(!replies.contains("Cargo.toml"), "file names: {replies}");
    }
    let config = line("cra config s:");
    assert!(
        config.contains("show") && config.contains("set"),
        "{config}"
    );
}

/// `--size` values with a space complete as one word (`Large\ Bank`), never
/// as the loose words `Large` and `Bank`: bash's real completion function,
/// each reply on its own line.
#[test]
fn bash_completes_multi_word_sizes_as_one_word() {
    let home = crate::common::Home::new();
    // The script as committed and as printed are the same (checked
    // elsewhere); neither hands bash a space-separated list of sizes.
    let out = home.cra().args(["completions", "bash"]).output().unwrap();
    let script = String::from_utf8(out.stdout).unwrap();
    assert!(
        !script.contains("compgen -W \"Large Bank"),
        "loose size words"
    );
    let script = r#"
set -e
source <(cra completions bash)
replies() {
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _cra cra "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    echo "== ${*:2}"
    printf '%s\n' "${COMPREPLY[@]}"
}
replies cra search --size ""
replies cra export --size La
replies cra search --size 'Intermediate\ S'
replies cra search --size '"Sm'
"#;
    let Some(stdout) = run_bash(&home, script) else {
        return;
    };
    let replies = |after: &str| -> Vec<String> {
        stdout
            .split("== ")
            .find(|block| block.starts_with(after))
            .unwrap_or_else(|| panic!("no {after:?} in {stdout}"))
            .lines()
            .skip(1)
            .map(String::from)
            .collect()
    };
    let all = replies("search --size \n");
    assert_eq!(
        all,
        [
            "Large\\ Bank",
            "Small\\ Bank",
            "Intermediate\\ Small\\ Bank",
            "large",
            "small",
            "intermediate"
        ],
        "{stdout}"
    );
    assert_eq!(replies("export --size La"), ["Large\\ Bank"]);
    assert_eq!(
        replies("search --size Intermediate"),
        ["Intermediate\\ Small\\ Bank"]
    );
    assert_eq!(replies("search --size \"Sm"), ["Small\\ Bank"]);
}
