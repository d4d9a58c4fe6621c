//! `cra config` through the real binary: the file's path, set/get/unset,
//! secrets from standard input, redaction, origins, permissions, errors; a
//! config file that is no regular file or too large is refused unread.

// Used by the Unix-only test at the end (a FIFO as the config file).
#[cfg(unix)]
use std::path::Path;

#[cfg(unix)]
use crate::common::{Home, fifo, text, within_10s};

const KEY: &str = "live_key_0123456789abcdef0123";

#[test]
fn path_follows_flag_then_environment_then_platform_default() {
    let home = crate::common::Home::new();
    let out = home.cra().args(["config", "path"]).output().unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim(),
        home.config_path().display().to_string()
    );
    let other = home.path().join("other.toml");
    let out = home
        .cra()
        .args(["config", "path", "--config"])
        .arg(&other)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim(),
        other.display().to_string()
    );
    // No CRA_CONFIG: the platform's config directory under HOME.
    let out = home
        .cra()
        .env_remove("CRA_CONFIG")
        .args(["config", "path"])
        .output()
        .unwrap();
    let path = String::from_utf8(out.stdout).unwrap();
    assert!(path.trim().ends_with("cra/config.toml"), "{path}");
    assert!(
        path.starts_with(&home.path().display().to_string()),
        "{path}"
    );
}

#[test]
fn set_get_unset_round_trip_with_private_atomic_file() {
    let home = crate::common::Home::new();
    home.cra()
        .args(["config", "set", "base_url", "https://api.example.com"])
        .assert()
        .success();
    home.cra()
        .args(["config", "set", "api_key"])
        .write_stdin(format!("{KEY}\n"))
        .assert()
        .success();
    let out = home
        .cra()
        .args(["config", "get", "base_url"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "https://api.example.com\n"
    );
    let out = home
        .cra()
        .args(["config", "get", "api_key"])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "live_key…\n");

    let text = std::fs::read_to_string(home.config_path()).unwrap();
    assert!(text.contains(KEY), "the file holds the key itself");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(home.config_path())
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    let leftovers: Vec<_> = std::fs::read_dir(home.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".part") || n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");

    home.cra()
        .args(["config", "unset", "api_key"])
        .assert()
        .success()
        .stderr(predicates::str::contains("unset api_key in"));
    home.cra()
        .args(["config", "get", "api_key"])
        .assert()
        .code(1);
    // Again: nothing to remove, and it says so.
    home.cra()
        .args(["config", "unset", "api_key"])
        .assert()
        .success()
        .stderr(predicates::str::contains("api_key was not set in"));
    home.cra()
        .args(["config", "get", "base_url"])
        .assert()
        .success();
}

#[test]
fn show_names_every_origin_and_never_a_secret() {
    let home = crate::common::Home::new();
    std::fs::write(
        home.config_path(),
        format!("base_url = \"https://file.example\"\napi_key = \"{KEY}\"\nwebhook_secret = \"whsec_abcdefghijklmnop\"\n"),
    )
    .unwrap();
    let out = home.cra().args(["config", "show"]).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("https://file.example  (file)"), "{text}");
    assert!(text.contains("live_key…  (file)"), "{text}");
    assert!(
        !text.contains(KEY) && !text.contains("whsec_abcdefghijklmnop"),
        "{text}"
    );

    let out = home
        .cra()
        .env("CRA_BASE_URL", "https://env.example")
        .env("CRA_WEBHOOK_SECRET", "env_secret_value_123")
        .args(["config", "show"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("https://env.example  (environment)"),
        "{text}"
    );
    assert!(text.contains("env_secr…  (environment)"), "{text}");
    assert!(!text.contains("env_secret_value_123"));

    let out = home
        .cra()
        .env("CRA_BASE_URL", "https://env.example")
        .args([
            "config",
            "show",
            "--base-url",
            "https://flag.example",
            "--format",
            "json",
        ])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["base_url"]["value"], "https://flag.example");
    assert_eq!(json["base_url"]["origin"], "flag");
    assert_eq!(json["api_key"]["origin"], "file");
    assert_eq!(json["timeout"]["value"], 30.0);
    assert_eq!(json["retries"]["origin"], "default");
}

#[test]
fn malformed_file_is_one_line_with_line_and_column() {
    let home = crate::common::Home::new();
    std::fs::write(
        home.config_path(),
        "base_url = \"https://x\"\napi_key = \"unterminated\n",
    )
    .unwrap();
    let out = home.cra().args(["config", "show"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("config.toml") && stderr.contains("line 2, column"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("unterminated"),
        "the secret's text is not echoed: {stderr}"
    );

    std::fs::write(home.config_path(), "base_url = 5\n").unwrap();
    let out = home.cra().args(["config", "show"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr).unwrap().contains("base_url"));
}

/// A broken file is found with `config path`, never overwritten by `set` or
/// `unset` (it may hold keys the person wants), and a value of the wrong
/// type is repaired by `set`.
#[test]
fn broken_file_can_be_found_and_is_never_clobbered() {
    let home = crate::common::Home::new();
    let broken = "base_url = \"https://x\"\napi_key = \"unterminated\n[[oops\n";
    std::fs::write(home.config_path(), broken).unwrap();
    let out = home.cra().args(["config", "path"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim(),
        home.config_path().display().to_string()
    );
    for args in [
        &["config", "set", "base_url", "https://y.example"][..],
        &["config", "unset", "base_url"][..],
    ] {
        let out = home.cra().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains("invalid TOML at line") && stderr.contains("nothing was changed"),
            "{stderr}"
        );
        assert_eq!(std::fs::read_to_string(home.config_path()).unwrap(), broken);
    }

    std::fs::write(
        home.config_path(),
        "api_key = 5\nbase_url = \"https://x.example\"\n",
    )
    .unwrap();
    let out = home
        .cra()
        .args(["config", "get", "base_url"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "a wrong type still stops the others"
    );
    let out = home
        .cra()
        .args(["config", "set", "api_key", KEY])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    let out = home
        .cra()
        .args(["config", "get", "base_url"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap().trim(),
        "https://x.example"
    );
}

#[test]
fn unknown_key_warns_but_works() {
    let home = crate::common::Home::new();
    std::fs::write(
        home.config_path(),
        "base_url = \"https://x.example\"\ncolour = \"blue\"\n",
    )
    .unwrap();
    let out = home
        .cra()
        .args(["config", "get", "base_url"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("warning") && stderr.contains("colour"),
        "{stderr}"
    );
}

#[test]
fn set_checks_values() {
    let home = crate::common::Home::new();
    home.cra()
        .args(["config", "set", "base_url", "not a url"])
        .assert()
        .code(2);
    home.cra()
        .args(["config", "set", "base_url"])
        .assert()
        .code(2);
    home.cra()
        .args(["config", "set", "api_key"])
        .write_stdin("")
        .assert()
        .code(2);
    home.cra()
        .args(["config", "set", "nonsense", "x"])
        .assert()
        .code(2);
    assert!(
        !home.config_path().exists(),
        "nothing written on a refused value"
    );
}

/// A base address with a query or fragment (where a key may be pasted) is
/// refused as one with a user and password is, from the environment, the
/// flag, the file and `config set`, without echoing it; `config show`
/// shows it without the query.
#[test]
fn a_base_address_with_a_query_is_refused_and_never_shown() {
    let home = crate::common::Home::new();
    let with_query = "http://127.0.0.1:9/?api_key=SECRET_IN_QUERY";
    for (env, flag) in [(Some(with_query), None), (None, Some(with_query))] {
        let mut cmd = home.cra();
        if let Some(env) = env {
            cmd.env("CRA_BASE_URL", env);
        }
        cmd.env("CRA_API_KEY", KEY).args(["search", "x"]);
        if let Some(flag) = flag {
            cmd.args(["--base-url", flag]);
        }
        let out = cmd.output().unwrap();
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("query or fragment"), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(!stderr.contains("SECRET_IN_QUERY"), "{stderr}");
    }
    let out = home
        .cra()
        .args([
            "config",
            "set",
            "base_url",
            "https://api.example.com/#SECRET_IN_QUERY",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("SECRET_IN_QUERY"));
    assert!(!home.config_path().exists(), "nothing written");
    std::fs::write(home.config_path(), format!("base_url = \"{with_query}\"\n")).unwrap();
    let out = home.cra().args(["config", "show"]).output().unwrap();
    let all = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!all.contains("SECRET_IN_QUERY"), "{all}");
    assert!(all.contains("http://127.0.0.1:9/?***"), "{all}");
}

/// Several `cra config set` of different keys at once: every one lands. (Each
/// run reads, edits and replaces the whole file; without the lock, the last
/// rename dropped the keys the others had just written.)
#[test]
fn concurrent_sets_of_different_keys_all_land() {
    use std::process::Stdio;
    let home = crate::common::Home::new();
    let keys = [
        ("base_url", "https://api.example.com"),
        ("api_key", KEY),
        ("webhook_secret", "whsec_concurrent_0123456789"),
    ];
    for trial in 0..25 {
        let _ = std::fs::remove_file(home.config_path());
        // All started before any is waited for, so that they overlap.
        let children: Vec<_> = keys
            .iter()
            .map(|(key, value)| {
                home.cra_std()
                    .args(["config", "set", key, value])
                    .stdin(Stdio::null())
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for child in children {
            let out = child.wait_with_output().unwrap();
            crate::common::assert_code(&out, 0);
        }
        let text = std::fs::read_to_string(home.config_path()).unwrap();
        let table: toml::Table = text.parse().unwrap();
        for (key, value) in keys {
            assert_eq!(
                table.get(key).and_then(|v| v.as_str()),
                Some(value),
                "trial {trial}: {key} lost from {text}"
            );
        }
    }
}

/// `--sandbox` puts the sandbox's own address and key in force: `config
/// show` says so (origin `sandbox`), and a setting with no value has the
/// origin `unset` and a null value, as the README lists.
#[test]
fn show_under_sandbox_names_the_sandbox_and_unset_settings() {
    let home = crate::common::Home::new();
    std::fs::write(home.config_path(), format!("api_key = \"{KEY}\"\n")).unwrap();
    let out = home
        .cra()
        .args(["--sandbox", "config", "show", "--format", "json"])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["base_url"]["origin"], "sandbox", "{json}");
    assert!(
        json["base_url"]["value"]
            .as_str()
            .unwrap()
            .starts_with("http://127.0.0.1:"),
        "{json}"
    );
    assert_eq!(json["api_key"]["origin"], "sandbox", "{json}");
    assert_eq!(json["api_key"]["value"], "sandbox_…", "{json}");
    assert_eq!(json["webhook_secret"]["origin"], "unset", "{json}");
    assert!(json["webhook_secret"]["value"].is_null(), "{json}");
    // Every origin printed is one the README lists.
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for (_, setting) in json.as_object().unwrap() {
        let origin = setting["origin"].as_str().unwrap();
        assert!(
            readme.contains(&format!("`{origin}`")),
            "origin {origin} is not in the README"
        );
    }

    let out = home
        .cra()
        .args(["--sandbox", "config", "show"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("sandbox_…  (sandbox)"), "{text}");
    assert!(!text.contains(KEY), "{text}");
}

/// A secret given as VALUE is set, with a warning that it stays in the shell
/// history; read from standard input, no warning. The warning never shows
/// the secret.
#[test]
fn set_secret_on_the_command_line_warns_about_shell_history() {
    let home = crate::common::Home::new();
    for key in ["api_key", "webhook_secret"] {
        let out = home
            .cra()
            .args(["config", "set", key, KEY])
            .output()
            .unwrap();
        crate::common::assert_code(&out, 0);
        let stderr = String::from_utf8(out.stderr).unwrap();
        assert!(
            stderr.contains("cra: warning:") && stderr.contains("shell history"),
            "{stderr}"
        );
        assert!(stderr.contains(key), "{stderr}");
        assert!(!stderr.contains(KEY), "{stderr}");
        let text = std::fs::read_to_string(home.config_path()).unwrap();
        assert!(text.contains(&format!("{key} = \"{KEY}\"")), "{text}");
    }
    let out = home
        .cra()
        .args(["config", "set", "api_key"])
        .write_stdin(format!("{KEY}\n"))
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    assert!(!String::from_utf8(out.stderr).unwrap().contains("warning"));
    let out = home
        .cra()
        .args(["config", "set", "base_url", "https://api.example.com"])
        .output()
        .unwrap();
    crate::common::assert_code(&out, 0);
    assert!(!String::from_utf8(out.stderr).unwrap().contains("warning"));
}

#[cfg(unix)]
#[test]
fn a_config_file_that_is_no_file_or_too_large_is_refused_unread() {
    let home = Home::new();
    let pipe = fifo(home.path(), "config-pipe");
    let large = home.path().join("large.toml");
    std::fs::write(&large, format!("# {}\n", "x".repeat(2 << 20))).unwrap();
    for (config, says) in [
        (pipe.as_path(), "is not a regular file"),
        (Path::new("/dev/zero"), "is not a regular file"),
        (large.as_path(), "is larger than 1 MiB"),
    ] {
        let mut cmd = home.cra_std();
        cmd.env("CRA_CONFIG", config)
            .args(["--sandbox", "search", "--limit", "1"]);
        let out = within_10s(cmd);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{config:?}: {stderr}");
        assert!(
            stderr.contains(says) && stderr.lines().count() == 1,
            "{config:?}: {stderr}"
        );
    }
}
