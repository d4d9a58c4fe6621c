//! `cra`: parse, run, print an error once, exit with its code.

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cra::cli::Cli::parse();
    match cra::run(cli) {
        Ok(exit) => exit.into(),
        Err(error) => cra::report(&error).into(),
    }
}
