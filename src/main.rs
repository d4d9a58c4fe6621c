//! `cra`: parse, run, print an error once, exit with its code.

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match cra::cli::parse() {
        Ok(cli) => cli,
        Err(error) => return cra::report_usage(&error).into(),
    };
    match cra::run(cli) {
        Ok(exit) => exit.into(),
        Err(error) => cra::report(&error).into(),
    }
}
