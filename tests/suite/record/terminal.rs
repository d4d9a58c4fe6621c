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

/// What a terminal `width` columns wide shows once `text` is written to
/// it: every row, scrolled or not, trailing blanks trimmed. What progress
/// lines write is followed: returns, line feeds, erasing a line (`ESC[K`,
/// `ESC[2K`), moving up and down (`ESC[nA`, `ESC[nB`), and a line longer
/// than the width wrapping onto the next row; colours are ignored.
fn screen(text: &str, width: usize) -> Vec<String> {
    let mut rows: Vec<Vec<char>> = vec![Vec::new()];
    let (mut row, mut col) = (0usize, 0usize);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => col = 0,
            '\n' => row += 1,
            '\x1b' => {
                if chars.peek() != Some(&'[') {
                    continue;
                }
                chars.next();
                let mut params = String::new();
                let mut command = ' ';
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() {
                        command = c;
                        break;
                    }
                    params.push(c);
                }
                let n: usize = params.trim_start_matches('?').parse().unwrap_or(1).max(1);
                while rows.len() <= row {
                    rows.push(Vec::new());
                }
                match command {
                    'K' if params == "2" => rows[row].clear(),
                    'K' => rows[row].truncate(col),
                    'A' => row = row.saturating_sub(n),
                    'B' => row += n,
                    'C' => col += n,
                    'D' => col = col.saturating_sub(n),
                    'G' => col = n - 1,
                    _ => {}
                }
            }
            c if c.is_control() => {}
            c => {
                if col >= width {
                    row += 1;
                    col = 0;
                }
                while rows.len() <= row {
                    rows.push(Vec::new());
                }
                let line = &mut rows[row];
                while line.len() < col {
                    line.push(' ');
                }
                if col < line.len() {
                    line[col] = c;
                } else {
                    line.push(c);
                }
                col += 1;
            }
        }
        while rows.len() <= row {
            rows.push(Vec::new());
        }
    }
    rows.iter()
        .map(|r| r.iter().collect::<String>().trim_end().to_string())
        .collect()
}

/// `cra ARGS` on a pseudo-terminal `width` columns wide (set with
/// `stty`, as a resized window is): what it wrote there, as shown.
fn on_screen(home: &Home, args: &str, width: usize) -> Option<Vec<String>> {
    let mut script = crate::common::tool("script", "bsdutils")?;
    crate::common::clean_env(&mut script, home.path())
        .env("TERM", "xterm")
        .env("COLUMNS", width.to_string())
        .current_dir(home.path())
        .args([
            "-qec",
            &format!(
                "stty cols {width} rows 40; {} {args}",
                crate::common::cra_bin().display()
            ),
            "/dev/null",
        ])
        .stdin(std::process::Stdio::null());
    let out = script.output().unwrap();
    let written = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{written}");
    Some(screen(&written, width))
}

/// What a progress line shows: a status of work under way, or a bar.
fn progress(row: &str) -> bool {
    row.contains("reading the evaluations…")
        || row.contains("linking the")
        || row.contains("reading the FFIEC")
        || row.chars().any(|c| "█▉▊▋▌▍▎▏".contains(c))
}

/// Issue 56, item 7: on a terminal 80 and 120 columns wide, `enrich`
/// ends with no bar left on the screen (it ended with `linking the
/// banks…▏ 1/13,355 structure changes`), and `enrich --pe` writes each
/// warning on a line of its own (it glued it to its progress line:
/// `…23/75 pes/pe-01cc….pdfcra: warning: …`), its progress gone at the
/// end; no line wider than the terminal.
#[test]
fn progress_lines_never_share_a_line_with_a_warning_nor_outlive_their_work() {
    let home = Home::new();
    assert_code(&home.sandboxed(&["sync", "--quiet"]), 0);
    let mut enriched = Vec::new();
    for width in [80, 120] {
        let Some(rows) = on_screen(&home, "--sandbox enrich", width) else {
            return;
        };
        enriched.push(rows);
    }
    // Two files that are no PE (each said in a warning) around one that is.
    let pes = home.path().join("pes");
    std::fs::create_dir_all(&pes).unwrap();
    let id = crate::common::text(
        &home
            .sandboxed(&[
                "--offline",
                "search",
                "--state",
                "TX",
                "--size",
                "large",
                "--limit",
                "1",
                "--format",
                "json",
                "--jq",
                ".[0].id",
            ])
            .stdout,
    );
    let saved = pes.join("b-evaluation.pdf");
    home.sandboxed(&["pe", id.trim(), "--download", "-o", saved.to_str().unwrap()]);
    for (width, enrich) in [80, 120].into_iter().zip(&enriched) {
        // Files that are no PE and were never read (each its own bytes: a
        // file read before is only said `already read`); the PE, read at
        // 80 columns, is already read at 120.
        for name in ["a-notes.pdf", "c-minutes.pdf"] {
            let text = format!("%PDF-1.4\nnot a PDF at all: {name} at {width}\n");
            std::fs::write(pes.join(name), text).unwrap();
        }
        let Some(read) = on_screen(&home, "--sandbox enrich --pe pes", width) else {
            return;
        };
        for (what, rows) in [("enrich", enrich), ("enrich --pe", &read)] {
            let shown = rows.join("\n");
            for row in rows {
                assert!(
                    !progress(row),
                    "{what} at {width} columns left a progress line: {row:?}\n{shown}"
                );
                assert!(
                    !row.contains("warning:") || row.starts_with("cra: warning:"),
                    "{what} at {width} columns: a warning shares a line: {row:?}\n{shown}"
                );
                assert!(row.chars().count() <= width, "{row:?}");
            }
        }
        let warnings = read
            .iter()
            .filter(|r| r.starts_with("cra: warning:"))
            .count();
        assert_eq!(warnings, 2, "{read:#?}");
        assert!(
            enrich.iter().any(|r| r.starts_with("linked ")),
            "{enrich:#?}"
        );
        let summary = if width == 80 {
            "read 1 evaluation"
        } else {
            "read 0 evaluations (0 linked, 0 not linked); 1 already read"
        };
        assert!(read.iter().any(|r| r.starts_with(summary)), "{read:#?}");
    }
}
