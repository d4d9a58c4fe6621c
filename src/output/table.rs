//! The table printer: comfy-table with borders only on a terminal, colour
//! only when the view says, fitted to the terminal's width (see `fit`).
//! Columns are shown by the kind their definition gives them (a rating
//! coloured, a number to the right), never by their header's text.

use comfy_table::{Attribute, Cell, CellAlignment, Table};

use super::column::Head;
use super::fit;
use super::style::{COLUMN_PADDING, TIGHT_PADDING, padding, prepare};
use super::view::View;
use crate::text::shorten;

pub use super::more::More;

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
        // No row ends in the padding of its last column.
        write!(f, "{}", self.table.trim_fmt())?;
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
pub fn render_table(heads: &[Head], rows: &[Vec<String>], right: &[bool], view: &View) -> Fitted {
    // Server text is made inert before it is measured, so that the width
    // counted is the width shown; headers too (`sql`'s are any alias).
    let header_text: Vec<String> = heads
        .iter()
        .map(|h| crate::text::inert(&h.header).into_owned())
        .collect();
    let header: Vec<&str> = header_text.iter().map(String::as_str).collect();
    let header = header.as_slice();
    let kinds: Vec<super::column::Kind> = heads.iter().map(|h| h.kind).collect();
    let rows: Vec<Vec<String>> = rows.iter().map(|row| prepare(row, &kinds, view)).collect();
    let fits: Vec<fit::Fit> = heads.iter().map(|h| h.fit).collect();
    // An id's floor is the shortest prefix that tells its rows apart.
    let mut fits: Vec<fit::Fit> = fits
        .iter()
        .enumerate()
        .map(|(i, f)| match *f {
            fit::Fit::Id { min } => fit::Fit::Id {
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
    // Columns stand two spaces apart rather than three on a terminal too
    // narrow for the table as it is.
    let mut pad = COLUMN_PADDING;
    let widths: Vec<Option<usize>> = match (view.terminal, view.width) {
        (true, Some(width)) => {
            if natural.iter().map(|w| w + pad).sum::<usize>() > width + 1 {
                pad = TIGHT_PADDING;
            }
            // A shortened column is as wide as its widest shortened cell
            // and its header (its short form, when it has one).
            let short: Vec<usize> = (0..header.len())
                .map(|i| {
                    let header = heads[i].short.unwrap_or(header[i]);
                    rows.iter()
                        .filter_map(|row| row.get(i))
                        .map(|c| crate::text::width(&fits[i].shortened(c)))
                        .chain([crate::text::width(header)])
                        .max()
                        .unwrap_or(0)
                })
                .collect();
            let headed: Vec<bool> = heads.iter().map(|h| h.short.is_some()).collect();
            // Fits preferred (a rename's names whole) when every name
            // given one is still shown by them.
            let preferred: Vec<fit::Fit> = (0..heads.len())
                .map(|i| heads[i].prefer.unwrap_or(fits[i]))
                .collect();
            let tried = (preferred != fits)
                .then(|| fit::fit_headed(&natural, &short, &headed, &preferred, width + 1, pad))
                .filter(|widths| {
                    (0..heads.len()).all(|i| {
                        !matches!(heads[i].prefer, Some(fit::Fit::Shorten { .. }))
                            || widths[i].is_some()
                    })
                });
            match tried {
                Some(widths) => {
                    fits = preferred;
                    widths
                }
                None => fit::fit_headed(&natural, &short, &headed, &fits, width + 1, pad),
            }
        }
        _ => natural.iter().copied().map(Some).collect(),
    };
    let shown: Vec<(usize, usize)> = widths
        .iter()
        .enumerate()
        .filter_map(|(i, w)| w.map(|w| (i, w)))
        .collect();
    let abbreviated: Vec<bool> = (0..header.len())
        .map(|i| {
            (fits[i].shortens() || heads[i].short.is_some())
                && widths[i].is_some_and(|w| w < natural[i])
        })
        .collect();
    let mut more = More {
        view: view.clone(),
        kinds,
        right: right.to_vec(),
        fits: fits.clone(),
        abbreviated,
        narrowed: (0..header.len())
            .map(|i| widths[i].is_some_and(|w| w < natural[i]))
            .collect(),
        shown: shown.clone(),
        content: Vec::new(),
        pad,
    };
    let mut table = more.empty_table();
    table.set_header(shown.iter().map(|&(i, w)| {
        let header = match heads[i].short {
            Some(short) if more.abbreviated[i] => short,
            _ => header[i],
        };
        let mut cell = Cell::new(shorten(header, w));
        if right.get(i).copied().unwrap_or(false) {
            cell = cell.set_alignment(CellAlignment::Right);
        }
        if view.color {
            cell.add_attribute(Attribute::Bold)
        } else {
            cell
        }
    }));
    for row in &rows {
        table.add_row(more.sample_cells(row));
    }
    for column in table.column_iter_mut() {
        column.set_padding(padding(pad));
    }
    more.content = table.column_max_content_widths();
    let mut notes = Vec::new();
    // What the abbreviations shown stand for: the ratings' letters, and
    // `ISB` when an exam type shows so.
    let legend = (0..header.len()).any(|i| {
        more.abbreviated[i] && matches!(fits[i], fit::Fit::Rating { .. } | fit::Fit::Values { .. })
    });
    // A test's High or Low Satisfactory shortened (`HSAT`): said too.
    let test_levels = (0..header.len()).any(|i| {
        more.abbreviated[i]
            && matches!(fits[i], fit::Fit::Rating { .. })
            && rows.iter().any(|row| {
                row.get(i)
                    .is_some_and(|c| matches!(fits[i].shortened(c).as_str(), "HSAT" | "LSAT"))
            })
    });
    let short_type = fit::exam_type("Intermediate Small Bank");
    let isb = (0..header.len()).any(|i| {
        more.abbreviated[i]
            && matches!(fits[i], fit::Fit::ExamType { .. })
            && rows.iter().any(|row| {
                row.get(i).is_some_and(|c| {
                    fits[i].shortened(c).as_str() == short_type.unwrap_or_default()
                })
            })
    });
    let mut legends: Vec<&str> = Vec::new();
    if legend {
        legends.extend(fit::LEGEND.split(" · "));
    }
    if test_levels {
        legends.extend(fit::TEST_LEGEND.split(" · "));
    }
    if isb {
        legends.push(fit::EXAM_TYPE_LEGEND);
    }
    if !legends.is_empty() {
        notes.extend(wrap_items(
            legends.into_iter(),
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
