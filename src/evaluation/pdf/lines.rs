//! Grouping a page's text chunks into lines and runs.

use super::super::model::{Line, Page, Run};
use super::geometry::Chunk;

/// Groups chunks into lines by baseline (2 pt), left to right; joins the
/// chunks of a line into runs: touching chunks join as they are, a word gap
/// gets a space, and a gap past 0.6 em starts a new run (a table column:
/// LibreOffice sets cells ~0.7 em apart; justified text with wider gaps
/// only splits into runs the line joins).
pub(super) fn lines(mut chunks: Vec<Chunk>, left: f32, top: f32) -> Page {
    chunks.sort_by(|a, b| b.y.total_cmp(&a.y).then(a.x0.total_cmp(&b.x0)));
    let mut rows: Vec<Vec<Chunk>> = Vec::new();
    for chunk in chunks {
        match rows.last_mut() {
            Some(row)
                if row
                    .first()
                    .is_some_and(|first| (first.y - chunk.y).abs() <= 2.0) =>
            {
                row.push(chunk)
            }
            _ => rows.push(vec![chunk]),
        }
    }
    let mut page = Page::default();
    for mut row in rows {
        row.sort_by(|a, b| a.x0.total_cmp(&b.x0));
        let y = top - row.first().map_or(0.0, |c| c.y);
        let mut runs: Vec<Run> = Vec::new();
        let mut end = f32::NEG_INFINITY;
        for chunk in row {
            let gap = chunk.x0 - end;
            match runs.last_mut() {
                Some(run) if gap <= 0.6 * chunk.size => {
                    let spaced = run.text.ends_with(' ') || chunk.text.starts_with(' ');
                    if gap >= 0.15 * chunk.size && !spaced {
                        run.text.push(' ');
                    }
                    run.text.push_str(&chunk.text);
                }
                _ => runs.push(Run {
                    x: chunk.x0 - left,
                    text: chunk.text,
                }),
            }
            end = end.max(chunk.x1);
        }
        for run in &mut runs {
            let trimmed = run.text.trim_end().len();
            run.text.truncate(trimmed);
            let lead = run.text.len() - run.text.trim_start().len();
            if lead > 0 {
                run.text.drain(..lead);
            }
        }
        runs.retain(|run| !run.text.is_empty());
        page.lines.push(Line { y, runs });
    }
    page
}
