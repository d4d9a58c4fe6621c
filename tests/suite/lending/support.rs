//! What the lending tests share: `cra enrich --lending` in a world, the
//! sandbox's files fetched and taken apart, zips made of changed text,
//! and a fingerprint of everything the copy holds of lending.

use std::io::{Read, Write};
use std::process::Output;

use serde_json::Value;

use crate::common::{World, assert_code};

/// `cra enrich --lending ARGS --format json` on the world's copy, with
/// `CRA_LENDING` at the sandbox's files.
pub fn lending(world: &World, args: &[&str]) -> Output {
    world
        .home
        .cra()
        .env("CRA_LENDING", format!("{}/lending", world.url()))
        .args(["enrich", "--lending"])
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap()
}

/// The object `lending` of a run that exited with `code`.
pub fn summary(out: &Output, code: i32) -> Value {
    assert_code(out, code);
    let json: Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)));
    json["lending"].clone()
}

/// The sandbox's file at `path` (`/lending/13exp_aggr.zip`).
pub fn fetch(world: &World, path: &str) -> Vec<u8> {
    let response = crate::common::fetch(format!("{}{path}", world.url())).unwrap();
    assert!(
        response.status().is_success(),
        "{path}: {}",
        response.status()
    );
    response.bytes().unwrap().to_vec()
}

/// The members of a zip: name and text.
pub fn unzip(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    (0..archive.len())
        .map(|i| {
            let mut member = archive.by_index(i).unwrap();
            let mut text = Vec::new();
            member.read_to_end(&mut text).unwrap();
            (member.name().unwrap().to_string(), text)
        })
        .collect()
}

/// A zip of `members`.
pub fn zip(members: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut out = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, text) in members {
        out.start_file(name.as_str(), options).unwrap();
        out.write_all(text).unwrap();
    }
    out.finish().unwrap().into_inner()
}

/// Everything the copy holds of lending, as text: what a run that
/// changes nothing leaves the same.
pub fn fingerprint(world: &World) -> String {
    let mut all = String::new();
    for (table, order) in [
        ("lending_files", "sha256"),
        ("lending_reporters", "year, agency, respondent_id"),
        (
            "lending",
            "year, agency, respondent_id, table_id, state, county, income_group, in_area, action",
        ),
        ("cd_lending", "year, agency, respondent_id"),
        (
            "assessment_areas",
            "year, agency, respondent_id, area, state, county, tract",
        ),
        (
            "lending_market",
            "year, kind, action, state, county, income_group",
        ),
    ] {
        all.push_str(&world.sql_tsv(&format!("SELECT * FROM {table} ORDER BY {order}")));
    }
    all
}

/// `count(*)` of a query's rows.
pub fn count(world: &World, query: &str) -> u64 {
    world.sql(&format!("SELECT count(*) AS n FROM ({query})"))[0]["n"]
        .as_u64()
        .unwrap()
}
