//! Rows under a table already printed (see `sampled`): the same columns,
//! borders, cuts and colours, at the widths the table was printed at.
//!
//! A later row's cell is cut only as the fitter cut its column: a column
//! the fitter narrowed cuts it (text with `…`, an id to a prefix of the
//! same length: unique among the sampled rows only), ratings it shortened
//! are abbreviated, exam types it shortened are shortened. Elsewhere a cell wider than its column (a number grown
//! past the sample's) widens the column from that row on; on a terminal,
//! where the row must still fit, the room is taken from the narrowed text
//! columns (least important first, down to their floors), and when there
//! is none left the cell is cut to its column after all.

use comfy_table::{
    Cell, CellAlignment, ColumnConstraint, ContentArrangement, Table, Width, presets,
};

use super::column::Kind;
use super::fit::Fit;
use super::style::{TERMINAL_STYLE, colour, padding, prepare};
use super::view::View;
use crate::text::{shorten, width};

/// What it takes to show more rows under a fitted table, aligned with it.
pub struct More {
    pub(super) view: View,
    /// Per column: what it holds.
    pub(super) kinds: Vec<Kind>,
    /// Per column: its cells are numbers, aligned to the right.
    pub(super) right: Vec<bool>,
    pub(super) fits: Vec<Fit>,
    /// Per column: its ratings or exam types are shown shortened.
    pub(super) abbreviated: Vec<bool>,
    /// Per column: the fitter narrowed it (it cuts its cells).
    pub(super) narrowed: Vec<bool>,
    /// The columns shown and the width each was fitted to.
    pub(super) shown: Vec<(usize, usize)>,
    /// The content width of each shown column as now printed.
    pub(super) content: Vec<u16>,
    /// Display columns each column takes beyond its text (`style`).
    pub(super) pad: usize,
}

impl More {
    /// A table with the style of the fitted one, no rows.
    pub(super) fn empty_table(&self) -> Table {
        let mut table = Table::new();
        table.load_style(if self.view.terminal {
            TERMINAL_STYLE
        } else {
            presets::NOTHING
        });
        // Cells are cut to fit beforehand; comfy-table must not wrap them again.
        table.set_content_arrangement(ContentArrangement::Disabled);
        if self.view.color {
            table.enforce_styling();
            // A cell's style on its text, not its padding: a line's last
            // cell then ends in its text, and trimming leaves no spaces
            // inside the style's closing code.
            table.style_text_only();
        } else {
            table.force_no_tty();
        }
        table
    }

    /// A prepared row of the sample: its cells cut to the fitted widths,
    /// coloured.
    pub(super) fn sample_cells(&self, row: &[String]) -> Vec<Cell> {
        let texts = self
            .shown
            .iter()
            .map(|&(i, w)| {
                let text = row.get(i).map_or("", String::as_str);
                match self.fits[i] {
                    // A prefix, no `…`: what a person copies into `cra show`.
                    Fit::Id { .. } => text.chars().take(w).collect(),
                    f if self.abbreviated[i] => shorten(&f.shortened(text), w),
                    _ => shorten(text, w),
                }
            })
            .collect();
        self.colour(row, texts)
    }

    fn colour(&self, row: &[String], texts: Vec<String>) -> Vec<Cell> {
        texts
            .into_iter()
            .zip(&self.shown)
            .map(|(shown, &(i, _))| {
                let text = row.get(i).map_or("", String::as_str);
                let hue = match self.kinds.get(i) {
                    Some(kind) if self.view.color => colour(*kind, text),
                    _ => None,
                };
                let mut cell = Cell::new(shown);
                if self.right.get(i).copied().unwrap_or(false) {
                    cell = cell.set_alignment(CellAlignment::Right);
                }
                match hue {
                    Some(c) => cell.fg(c),
                    None => cell,
                }
            })
            .collect()
    }

    /// A prepared later row's texts, the columns widened (and others
    /// narrowed to make room) as it needs.
    fn later_texts(&mut self, row: &[String]) -> Vec<String> {
        let raw: Vec<&str> = self
            .shown
            .iter()
            .map(|&(i, _)| row.get(i).map_or("", String::as_str))
            .collect();
        let limit = match (self.view.terminal, self.view.width) {
            (true, Some(width)) => Some(width + 1),
            _ => None,
        };
        for (k, text) in raw.iter().enumerate() {
            let i = self.shown[k].0;
            let want = u16::try_from(width(text)).unwrap_or(u16::MAX);
            if self.narrowed[i] || self.abbreviated[i] || want <= self.content[k] {
                continue;
            }
            let need = usize::from(want - self.content[k]);
            if let Some(limit) = limit
                && !self.make_room(limit, need, k)
            {
                continue;
            }
            self.content[k] = want;
        }
        raw.iter()
            .enumerate()
            .map(|(k, text)| {
                let room = usize::from(self.content[k]);
                match self.fits[self.shown[k].0] {
                    Fit::Id { .. } => prefix(text, room),
                    f if self.abbreviated[self.shown[k].0] => shorten(&f.shortened(text), room),
                    _ => shorten(text, room),
                }
            })
            .collect()
    }

    /// Frees `need` columns of the terminal's `limit` for column `grown`,
    /// from the spare room and then from the narrowed text columns; false
    /// (and nothing taken) when it cannot.
    fn make_room(&mut self, limit: usize, need: usize, grown: usize) -> bool {
        let used: usize = self
            .content
            .iter()
            .map(|w| usize::from(*w) + self.pad)
            .sum();
        let mut spare = limit.saturating_sub(used);
        if spare >= need {
            return true;
        }
        let mut donors: Vec<(usize, u8, u16)> = (0..self.shown.len())
            .filter(|&k| k != grown)
            .filter_map(|k| match self.fits[self.shown[k].0] {
                Fit::Shorten { rank, min } if self.narrowed[self.shown[k].0] => {
                    Some((k, rank, u16::from(min.max(1))))
                }
                _ => None,
            })
            .collect();
        donors.sort_by_key(|&(k, rank, _)| (std::cmp::Reverse(rank), std::cmp::Reverse(k)));
        let can: usize = donors
            .iter()
            .map(|&(k, _, floor)| usize::from(self.content[k].saturating_sub(floor)))
            .sum();
        if spare + can < need {
            return false;
        }
        for (k, _, floor) in donors {
            if spare >= need {
                break;
            }
            let give = usize::from(self.content[k].saturating_sub(floor)).min(need - spare);
            self.content[k] -= u16::try_from(give).unwrap_or(0);
            spare += give;
        }
        true
    }

    /// `rows` (as given to the printer) as lines under the fitted table:
    /// no header, each column at its width as now printed.
    pub fn render(&mut self, rows: &[Vec<String>]) -> String {
        let mut lines: Vec<String> = Vec::new();
        let mut run = self.empty_table();
        for row in rows {
            let row = prepare(row, &self.kinds, &self.view);
            let before = self.content.clone();
            let texts = self.later_texts(&row);
            if before != self.content && !run.is_empty() {
                let done = std::mem::replace(&mut run, self.empty_table());
                lines.push(fixed(done, &before, self.pad));
            }
            run.add_row(self.colour(&row, texts));
        }
        if !run.is_empty() {
            lines.push(fixed(run, &self.content, self.pad));
        }
        lines.join("\n")
    }
}

/// `table` printed with its columns `widths` wide, `pad` columns of
/// padding and separator each.
fn fixed(mut table: Table, widths: &[u16], pad: usize) -> String {
    let (left, right) = padding(pad);
    for (k, width) in widths.iter().enumerate() {
        if let Some(column) = table.column_mut(k) {
            column.set_padding((left, right));
            // The constraint counts the padding.
            column.set_constraint(ColumnConstraint::Absolute(Width::Fixed(
                width.saturating_add(left + right),
            )));
        }
    }
    // No row ends in the padding of its last column.
    table.trim_fmt()
}

/// The longest start of `text` at most `room` display columns wide.
fn prefix(text: &str, room: usize) -> String {
    let mut used = 0;
    text.chars()
        .take_while(|c| {
            used += width(c.encode_utf8(&mut [0; 4]));
            used <= room
        })
        .collect()
}
