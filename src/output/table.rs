//! The table printer: comfy-table with borders only on a terminal, colour
//! only when the view says, fitted to the terminal's width (see `fit`).
//! Columns are coloured by the role their layout gives them, never by
//! their header's text.

use comfy_table::{Attribute, Cell, Color, LineStyle, Table, TableStyle};

use super::fit::{self, Fit};
use super::view::View;
use crate::text::{inert, shorten};

/// What a table column holds, for how it is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Text,
    /// A rating: coloured by the scale.
    Rating,
    /// `upgrade`, `downgrade`...: an arrow and a colour on a terminal.
    Change,
}

/// On a terminal: one rule under the header, none between rows.
pub(super) const TERMINAL_STYLE: TableStyle =
    TableStyle::new().header_separator(LineStyle::none().fill('─').junction('─'));

pub use super::more::More;

/// Display columns each table column takes beyond its text: comfy-table's
/// padding of one space on either side and a one-space separator. The
/// first column has no separator, which `render_table` adds back to the
/// width available.
pub(super) const COLUMN_PADDING: usize = 3;

/// A table fitted to where it is shown, and the notes a person needs to
/// read it: the legend of abbreviated ratings, the columns left out.
pub struct Fitted {
    pub table: Table,
    pub notes: Vec<String>,
    /// How further rows are shown under this table.
    pub more: More,
}

impl std::fmt::Display for Fitted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.table)?;
        for note in &self.notes {
            write!(f, "\n{note}")?;
        }
        Ok(())
    }
}

/// A comfy-table: borders only on a terminal, colour only when asked for.
/// On a terminal of known width it fits that width without wrapping a
/// cell: columns give way as `fits` says (see `fit`), and what a person
/// must know to read it follows it (a legend, the columns not shown).
pub fn render_table(
    header: &[&str],
    fits: &[Fit],
    roles: &[Role],
    rows: &[Vec<String>],
    view: &View,
) -> Fitted {
    // Server text is made inert before it is measured, so that the width
    // counted is the width shown; headers too (`sql`'s are any alias).
    let header_text: Vec<String> = header.iter().map(|h| inert(h).into_owned()).collect();
    let header: Vec<&str> = header_text.iter().map(String::as_str).collect();
    let header = header.as_slice();
    let rows: Vec<Vec<String>> = rows.iter().map(|row| prepare(row, roles, view)).collect();
    let default_fits: Vec<Fit>;
    let fits = if fits.len() == header.len() {
        fits
    } else {
        default_fits = header
            .iter()
            .enumerate()
            .map(|(i, h)| match h.to_ascii_lowercase() {
                // `sql`'s columns are SQLite's names: `id`, `bank_id`.
                h if h == "id" || h.ends_with("_id") || h.ends_with(" id") => Fit::Id { min: 8 },
                h if h == "rating" || h.ends_with("_rating") => Fit::Rating {
                    rank: u8::try_from(i).unwrap_or(u8::MAX),
                },
                // A cut date misleads.
                h if h.contains("date") => Fit::Keep {
                    rank: u8::try_from(i).unwrap_or(u8::MAX),
                },
                _ => Fit::Shorten {
                    rank: u8::try_from(i).unwrap_or(u8::MAX),
                    min: u8::try_from(crate::text::width(h).max(8)).unwrap_or(u8::MAX),
                },
            })
            .collect();
        &default_fits
    };
    // An id's floor is the shortest prefix that tells its rows apart.
    let fits: Vec<Fit> = fits
        .iter()
        .enumerate()
        .map(|(i, f)| match *f {
            Fit::Id { min } => Fit::Id {
                min: u8::try_from(fit::unique_prefix(
                    rows.iter().map(|row| row.get(i).map_or("", String::as_str)),
                    usize::from(min),
                ))
                .unwrap_or(u8::MAX),
            },
            other => other,
        })
        .collect();
    let natural: Vec<usize> = (0..header.len())
        .map(|i| {
            rows.iter()
                .filter_map(|row| row.get(i))
                .map(|c| crate::text::width(c))
                .chain([crate::text::width(header[i])])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let widths: Vec<Option<usize>> = match (view.terminal, view.width) {
        (true, Some(width)) => {
            let headers: Vec<usize> = header.iter().map(|h| crate::text::width(h)).collect();
            fit::fit_headed(&natural, &headers, &fits, width + 1, COLUMN_PADDING)
        }
        _ => natural.iter().copied().map(Some).collect(),
    };
    let shown: Vec<(usize, usize)> = widths
        .iter()
        .enumerate()
        .filter_map(|(i, w)| w.map(|w| (i, w)))
        .collect();
    let abbreviated: Vec<bool> = (0..header.len())
        .map(|i| matches!(fits[i], Fit::Rating { .. }) && widths[i].is_some_and(|w| w < natural[i]))
        .collect();
    let mut more = More {
        view: view.clone(),
        roles: roles.to_vec(),
        fits: fits.clone(),
        abbreviated,
        narrowed: (0..header.len())
            .map(|i| widths[i].is_some_and(|w| w < natural[i]))
            .collect(),
        shown: shown.clone(),
        content: Vec::new(),
    };
    let mut table = more.empty_table();
    table.set_header(shown.iter().map(|&(i, w)| {
        let cell = Cell::new(shorten(header[i], w));
        if view.color {
            cell.add_attribute(Attribute::Bold)
        } else {
            cell
        }
    }));
    for row in &rows {
        table.add_row(more.sample_cells(row));
    }
    more.content = table.column_max_content_widths();
    let mut notes = Vec::new();
    if more.abbreviated.iter().any(|a| *a) {
        notes.extend(wrap_items(
            fit::LEGEND.split(" · "),
            " · ",
            view.width.unwrap_or(80),
        ));
    }
    let dropped: Vec<&str> = widths
        .iter()
        .zip(header)
        .filter(|(w, _)| w.is_none())
        .map(|(_, h)| *h)
        .collect();
    if !dropped.is_empty() {
        let note = format!(
            "not shown: {} (--format tsv shows every column)",
            dropped.join(", ")
        );
        notes.extend(wrap_items(note.split(' '), " ", view.width.unwrap_or(80)));
    }
    Fitted { table, notes, more }
}

/// Server text made inert, so that the width counted is the width shown;
/// a change gets its arrow here too, so that it is measured as shown.
pub(super) fn prepare(row: &[String], roles: &[Role], view: &View) -> Vec<String> {
    row.iter()
        .enumerate()
        .map(|(i, c)| match roles.get(i) {
            Some(Role::Change) if view.terminal => change_arrow(&inert(c)).into_owned(),
            _ => inert(c).into_owned(),
        })
        .collect()
}

/// `items` joined by `separator` in lines of at most `width` columns.
fn wrap_items<'a>(
    items: impl Iterator<Item = &'a str>,
    separator: &str,
    width: usize,
) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for item in items {
        match lines.last_mut() {
            Some(line)
                if crate::text::width(line) + separator.len() + crate::text::width(item)
                    <= width =>
            {
                line.push_str(separator);
                line.push_str(item);
            }
            _ => lines.push(item.to_string()),
        }
    }
    lines
}

/// The colour of an upgrade or a downgrade in `cra changes` (the cell
/// also carries an arrow, for readers without colour).
pub(super) fn change_color(change: &str) -> Option<Color> {
    match change.rsplit(' ').next().unwrap_or(change) {
        "upgrade" => Some(Color::Green),
        "downgrade" => Some(Color::Red),
        _ => None,
    }
}

/// An upgrade or a downgrade with its arrow, on a terminal.
fn change_arrow(change: &str) -> std::borrow::Cow<'_, str> {
    match change {
        "upgrade" => "↑ upgrade".into(),
        "downgrade" => "↓ downgrade".into(),
        other => other.into(),
    }
}

/// The colour of a rating, wherever ratings are shown (tables, charts).
pub fn rating_color(rating: &str) -> Option<Color> {
    match crate::domain::Rating::from_text(rating) {
        crate::domain::Rating::Outstanding => Some(Color::Green),
        crate::domain::Rating::NeedsToImprove => Some(Color::Yellow),
        crate::domain::Rating::SubstantialNoncompliance => Some(Color::Red),
        _ => None,
    }
}
