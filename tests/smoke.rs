//! The binary starts, answers --help and --version, and rejects bad usage with exit 2.

mod common;

#[test]
fn help_and_version() {
    let home = common::Home::new();
    home.cra().arg("--help").assert().success();
    home.cra().arg("--version").assert().success();
    home.cra()
        .args(["search", "--state", "XX"])
        .assert()
        .code(2);
}
