//! `cra enrich` on a real pseudo-terminal (issue 48, item 18): BankFind's
//! bars end full, not at the count they last drew, and once they are gone
//! the linking that goes on says so on a line of its own (the terminal
//! was blank for seconds).

use crate::common::{Home, assert_code, on_terminal};

#[test]
fn enrich_ends_its_bars_full_and_says_it_is_linking() {
    let home = Home::new();
    assert_code(&home.sandboxed(&["sync", "--quiet"]), 0);
    let Some(mut cmd) = on_terminal(&home, "--sandbox enrich") else {
        return;
    };
    let out = cmd.output().unwrap();
    let screen = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{screen}");
    assert!(screen.contains("linking the banks…"), "{screen:?}");
    for unit in ["institutions", "structure changes"] {
        // The last count each bar drew.
        let last = screen
            .match_indices(&format!(" {unit} ·"))
            .filter_map(|(at, _)| {
                let before = &screen[..at];
                let count = &before[before.rfind(' ')? + 1..];
                let (done, total) = count.split_once('/')?;
                Some((done.to_string(), total.to_string()))
            })
            .last()
            .unwrap_or_else(|| panic!("no bar of {unit}: {screen:?}"));
        assert_eq!(last.0, last.1, "{unit}: the bar ended at {last:?}");
    }
}
