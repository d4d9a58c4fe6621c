//! How a table looks, shared by the fitted table (`table`) and the rows
//! streamed under it (`more`): its border style and padding, and how a
//! cell of each kind is shown (made inert, a change with its arrow,
//! coloured by the one palette).

use comfy_table::{Color, LineStyle, TableStyle};

use super::column::Kind;
use super::palette::{change_color, rating_color};
use super::view::View;
use crate::text::inert;

/// On a terminal: one rule under the header, none between rows.
pub(super) const TERMINAL_STYLE: TableStyle =
    TableStyle::new().header_separator(LineStyle::none().fill('─').junction('─'));

/// Display columns each table column takes beyond its text: comfy-table's
/// padding of one space on either side and a one-space separator. The
/// first column has no separator, which `render_table` adds back to the
/// width available.
pub(super) const COLUMN_PADDING: usize = 3;

/// The same, on a terminal too narrow for the table: no space on the
/// right, so that columns stand two spaces apart (as `gh` prints them)
/// before any column gives way.
pub(super) const TIGHT_PADDING: usize = 2;

/// comfy-table's padding (left, right) of a column, for `pad` columns of
/// padding and separator in all.
pub(super) fn padding(pad: usize) -> (u16, u16) {
    if pad == TIGHT_PADDING { (1, 0) } else { (1, 1) }
}

/// Server text made inert, so that the width counted is the width shown;
/// a change gets its arrow here too, so that it is measured as shown.
pub(super) fn prepare(row: &[String], kinds: &[Kind], view: &View) -> Vec<String> {
    row.iter()
        .enumerate()
        .map(|(i, c)| match kinds.get(i) {
            Some(Kind::Change) if view.terminal => change_arrow(&inert(c)).into_owned(),
            _ => inert(c).into_owned(),
        })
        .collect()
}

/// The colour of a cell of `kind` holding `text` (as given, before any
/// abbreviation), when colour is on.
pub(super) fn colour(kind: Kind, text: &str) -> Option<Color> {
    match kind {
        Kind::Rating => rating_color(text),
        Kind::Change => change_color(text),
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
