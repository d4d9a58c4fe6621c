//! The table printer: comfy-table with borders only on a terminal, colour
//! only when the view says, fitted to the terminal's width (see `fit`).
//! Columns are coloured by the role their layout gives them, never by
//! their header's text.

use comfy_table::{
    Attribute, Cell, Color, ContentArrangement, LineStyle, Table, TableStyle, presets,
};

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
const TERMINAL_STYLE: TableStyle =
    TableStyle::new().header_separator(LineStyle::none().fill('─').junction('─'));

/// Display columns each table column takes beyond its text: comfy-table's
/// padding of one space on either side and a one-space separator. The
/// first column has no separator, which `render_table` adds back to the
/// width available.
const COLUMN_PADDING: usize = 3;

/// A comfy-table: borders only on a terminal, colour only when asked for.
/// On a terminal of known width it fits that width without wrapping a
/// cell: columns are shortened and dropped as `fits` says (see `fit`).
pub fn render_table(
    header: &[&str],
    fits: &[Fit],
    roles: &[Role],
    rows: &[Vec<String>],
    view: &View,
) -> Table {
    // Server text is made inert before it is measured, so that the width
    // counted is the width shown; headers too (`sql`'s are any alias).
    let header_text: Vec<String> = header.iter().map(|h| inert(h).into_owned()).collect();
    let header: Vec<&str> = header_text.iter().map(String::as_str).collect();
    let header = header.as_slice();
    // A change gets its arrow here too, so that it is measured as shown.
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            row.iter()
                .enumerate()
                .map(|(i, c)| match roles.get(i) {
                    Some(Role::Change) if view.terminal => change_arrow(&inert(c)).into_owned(),
                    _ => inert(c).into_owned(),
                })
                .collect()
        })
        .collect();
    let default_fits: Vec<Fit>;
    let fits = if fits.len() == header.len() {
        fits
    } else {
        default_fits = header
            .iter()
            .enumerate()
            .map(|(i, h)| match h.to_ascii_lowercase() {
                // `sql`'s columns are SQLite's names: `id`, `bank_id`.
                h if h == "id" || h.ends_with("_id") || h.ends_with(" id") => Fit::Whole,
                _ => Fit::Shorten {
                    rank: u8::try_from(i).unwrap_or(u8::MAX),
                    min: u8::try_from(crate::text::width(h).max(8)).unwrap_or(u8::MAX),
                },
            })
            .collect();
        &default_fits
    };
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
        (true, Some(width)) => fit::fit(&natural, fits, width + 1, COLUMN_PADDING),
        _ => natural.iter().copied().map(Some).collect(),
    };
    let shown: Vec<(usize, usize)> = widths
        .iter()
        .enumerate()
        .filter_map(|(i, w)| w.map(|w| (i, w)))
        .collect();

    let mut table = Table::new();
    table.load_style(if view.terminal {
        TERMINAL_STYLE
    } else {
        presets::NOTHING
    });
    // Cells are cut to fit beforehand; comfy-table must not wrap them again.
    table.set_content_arrangement(ContentArrangement::Disabled);
    if view.color {
        table.enforce_styling();
    } else {
        table.force_no_tty();
    }
    table.set_header(shown.iter().map(|&(i, w)| {
        let cell = Cell::new(shorten(header[i], w));
        if view.color {
            cell.add_attribute(Attribute::Bold)
        } else {
            cell
        }
    }));
    for row in &rows {
        table.add_row(shown.iter().map(|&(i, w)| {
            let text = row.get(i).map_or("", String::as_str);
            let role = roles.get(i).copied().unwrap_or(Role::Text);
            let hue = match role {
                _ if !view.color => None,
                Role::Rating => rating_color(text),
                Role::Change => change_color(text),
                Role::Text => None,
            };
            let cell = Cell::new(shorten(text, w));
            match hue {
                Some(c) => cell.fg(c),
                None => cell,
            }
        }));
    }
    table
}

/// The colour of an upgrade or a downgrade in `cra changes` (the cell
/// also carries an arrow, for readers without colour).
fn change_color(change: &str) -> Option<Color> {
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
