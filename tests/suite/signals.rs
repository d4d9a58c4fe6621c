//! Signals that would end `cra` mid-export: SIGHUP (a closed terminal or SSH
//! session) and SIGUSR1 stop it as Ctrl-C and SIGTERM do, through the real
//! binary against a slow sandbox: no `.part` file is left, the destination
//! keeps what it held, and the exit is non-zero (130).

#![cfg(unix)]

use crate::common::{Signal, interrupt_export};

const BEFORE: &str = "the previous export\n";

#[test]
fn sighup_stops_an_export_removing_its_temporary_file() {
    interrupt_export(Signal::HUP, Some(BEFORE));
}

#[test]
fn sigusr1_stops_an_export_removing_its_temporary_file() {
    interrupt_export(Signal::USR1, Some(BEFORE));
}
