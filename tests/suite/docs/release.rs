//! What the release makes besides dist's archives: the Python wheel's
//! declaration (its version is the crate's, the binary its only content;
//! tools/wheel-check.sh builds and installs it in CI) and the Scoop
//! manifest tools/scoop-manifest.py writes from the Windows archive and
//! its checksum, refusing one that does not match.

use std::io::Write;
use std::path::Path;
use std::process::Output;

use sha2::{Digest, Sha256};

use crate::common::{repo, stderr, tools};

const ARCHIVE: &str = "cra-cli-x86_64-pc-windows-msvc.zip";

#[test]
fn the_wheel_is_the_binary_at_the_crates_version() {
    let text = std::fs::read_to_string(repo().join("pyproject.toml")).unwrap();
    let pyproject: toml::Table = toml::from_str(&text).unwrap();
    let project = pyproject["project"].as_table().unwrap();
    // Never a version of its own: maturin reads Cargo.toml's.
    assert!(
        !project.contains_key("version"),
        "pyproject.toml pins a version"
    );
    let dynamic = project["dynamic"].as_array().unwrap();
    assert!(dynamic.iter().any(|v| v.as_str() == Some("version")));
    assert_eq!(project["name"].as_str(), Some(env!("CARGO_PKG_NAME")));
    let maturin = pyproject["tool"]["maturin"].as_table().unwrap();
    assert_eq!(maturin["bindings"].as_str(), Some("bin"));
    assert_eq!(
        pyproject["build-system"]["build-backend"].as_str(),
        Some("maturin")
    );
}

/// A folder as the release's assets hold the Windows archive: the zip with
/// `entries` and its `.sha256`, saying `listed` (the archive's own digest
/// when None).
fn distrib(dir: &Path, entries: &[&str], listed: Option<&str>) -> String {
    let path = dir.join(ARCHIVE);
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&path).unwrap());
    for entry in entries {
        zip.start_file(*entry, zip::write::SimpleFileOptions::default())
            .unwrap();
        zip.write_all(b"MZ not really a program").unwrap();
    }
    zip.finish().unwrap();
    let digest = hex::encode(Sha256::digest(std::fs::read(&path).unwrap()));
    let line = format!("{}  {ARCHIVE}\n", listed.unwrap_or(&digest));
    std::fs::write(dir.join(format!("{ARCHIVE}.sha256")), line).unwrap();
    digest
}

fn manifest(dir: &Path, args: &[&str]) -> Option<Output> {
    let mut python = tools::tool("python3", "python3")?;
    Some(
        python
            .arg(repo().join("tools/scoop-manifest.py"))
            .arg(dir)
            .args(args)
            .output()
            .unwrap(),
    )
}

#[test]
fn the_scoop_manifest_points_at_the_release_archive_with_its_hash() {
    let dir = tempfile::tempdir().unwrap();
    let digest = distrib(dir.path(), &["cra.exe", "README.md"], None);
    let written = dir.path().join("cra-cli.json");
    let Some(out) = manifest(dir.path(), &["-o", written.to_str().unwrap()]) else {
        return;
    };
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(out.stdout.is_empty() && out.stderr.is_empty());
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&written).unwrap()).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(json["version"], version);
    assert_eq!(json["bin"], "cra.exe");
    assert_eq!(json["license"], "MIT|Apache-2.0");
    let archive = &json["architecture"]["64bit"];
    assert_eq!(archive["hash"], digest.as_str());
    assert_eq!(
        archive["url"],
        format!("https://github.com/cra-cli/cra/releases/download/v{version}/{ARCHIVE}")
    );
    assert_eq!(json["checkver"]["github"], "https://github.com/cra-cli/cra");
    assert_eq!(
        json["autoupdate"]["architecture"]["64bit"]["url"],
        format!("https://github.com/cra-cli/cra/releases/download/v$version/{ARCHIVE}")
    );
    assert_eq!(json["autoupdate"]["hash"]["url"], "$url.sha256");
    // Only the manifest: no part file left beside it.
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".part"))
        .collect();
    assert!(left.is_empty(), "{left:?}");

    // --version for a release being made; to standard output without -o.
    let out = manifest(dir.path(), &["--version", "2.0.0-rc.1"]).unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["version"], "2.0.0-rc.1");
    assert!(
        json["architecture"]["64bit"]["url"]
            .as_str()
            .unwrap()
            .contains("/v2.0.0-rc.1/")
    );
}

#[test]
fn a_scoop_manifest_is_refused_for_an_archive_its_checksum_does_not_match() {
    let wrong = "0".repeat(64);
    /// The archive's entries, what its .sha256 says, more arguments, and
    /// what the refusal says.
    type Case<'a> = (&'a [&'a str], Option<&'a str>, &'a [&'a str], &'a str);
    let cases: [Case; 4] = [
        (&["cra.exe"], Some(&wrong), &[], "its .sha256 says 0000"),
        (&["cra-cli/cra.exe"], None, &[], "has no cra.exe at its top"),
        (
            &["cra.exe"],
            Some("not a digest"),
            &[],
            "is not a SHA-256 line",
        ),
        (
            &["cra.exe"],
            None,
            &["--version", "latest"],
            "'latest' is not a release version",
        ),
    ];
    for (entries, listed, args, says) in cases {
        let dir = tempfile::tempdir().unwrap();
        distrib(dir.path(), entries, listed);
        let written = dir.path().join("cra-cli.json");
        let mut all = vec!["-o", written.to_str().unwrap()];
        all.extend_from_slice(args);
        let Some(out) = manifest(dir.path(), &all) else {
            return;
        };
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{entries:?} {listed:?}: {err}");
        assert!(
            err.starts_with("scoop-manifest: ") && err.contains(says),
            "{err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(!written.exists(), "a manifest was written for {entries:?}");
    }
    // No archive at all beside its checksum.
    let dir = tempfile::tempdir().unwrap();
    distrib(dir.path(), &["cra.exe"], None);
    std::fs::remove_file(dir.path().join(ARCHIVE)).unwrap();
    let out = manifest(dir.path(), &[]).unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("no archive"), "{}", stderr(&out));
}
