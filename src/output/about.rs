//! What a workbook says about itself: its `About` sheet, so that whoever
//! opens it (someone who never ran `cra`) can tell what the rows are, how
//! they were asked for (the command line, secrets hidden; the filters in
//! words), where they come from (the service live, or the local copy and
//! when it was last synced), when the file was written and by which `cra`.
//!
//! `run` fills it once, before the command runs, from the command line and
//! the settings; the printer of a workbook writes it as a second sheet.

use rust_xlsxwriter::{Color, Format as CellFormat, FormatAlign, Workbook, Worksheet, XlsxError};

use super::palette::{LEVEL_HEX, PALETTE};

/// Where the rows of a workbook come from, and how they were asked for.
#[derive(Debug, Clone, Default)]
pub struct About {
    /// The name of the sheet of rows (what it holds: `Banks`, `Changes`).
    pub sheet: String,
    /// The command line, secrets hidden.
    pub command: String,
    /// The filters, in words ("state TX, rating Needs to Improve"); empty
    /// for none.
    pub filters: String,
    /// Where the data comes from ("the service at https://…").
    pub source: String,
    /// The local copy read and its last sync, or "live" (asked of the
    /// service as the command ran), or empty when neither (`diff` reads
    /// files).
    pub copy: String,
    /// When the workbook was written, for a person (`2026-11-26 01:57 UTC`).
    pub written: String,
}

/// One line of the `About` sheet.
pub type Fact = (&'static str, String);

/// The sheet's width for its values, in Excel characters.
const VALUE_WIDTH: f64 = 100.0;

/// Excel's longest sheet name.
pub const SHEET_NAME_MAX: usize = 31;

impl About {
    /// The facts every workbook states, then `more` (the rows' count, cells
    /// cut...).
    pub fn facts(&self, more: &[Fact]) -> Vec<Fact> {
        let mut facts: Vec<Fact> = vec![("Command line", self.command.clone())];
        facts.push((
            "Filters",
            if self.filters.is_empty() {
                "none: every bank".to_string()
            } else {
                self.filters.clone()
            },
        ));
        if !self.source.is_empty() {
            facts.push(("Data from", self.source.clone()));
        }
        if !self.copy.is_empty() {
            facts.push(("Local copy", self.copy.clone()));
        }
        facts.push(("Written", self.written.clone()));
        facts.push(("cra version", env!("CARGO_PKG_VERSION").to_string()));
        facts.extend(more.iter().cloned());
        facts
    }
}

/// Adds the `About` sheet (an ordinary sheet: a few rows) to `workbook`:
/// the facts, then the ratings' colours.
pub fn add_sheet(workbook: &mut Workbook, facts: &[Fact]) -> Result<(), XlsxError> {
    let bold = CellFormat::new().set_bold().set_align(FormatAlign::Top);
    let wrap = CellFormat::new()
        .set_text_wrap()
        .set_align(FormatAlign::Top);
    let sheet = workbook.add_worksheet();
    sheet.set_name("About")?;
    sheet.set_column_width(0, 18)?;
    sheet.set_column_width(1, VALUE_WIDTH)?;
    // A wrapped cell's row is given its height: not every program fits
    // rows to wrapped text when it opens a file.
    let write = |sheet: &mut Worksheet, row: u32, what: &str, value: &str| {
        sheet.write_string_with_format(row, 0, what, &bold)?;
        sheet.write_string_with_format(row, 1, value, &wrap)?;
        let lines = value
            .chars()
            .count()
            .div_ceil(VALUE_WIDTH as usize - 8)
            .max(1);
        if lines > 1 {
            sheet.set_row_height(row, 15.0 * lines as f64)?;
        }
        Ok::<(), XlsxError>(())
    };
    let mut row = 0;
    for (what, value) in facts {
        write(sheet, row, what, &clip(value))?;
        row += 1;
    }
    row += 1;
    write(
        sheet,
        row,
        "Ratings",
        "Coloured on one scale in every output of cra (ColorBrewer RdBu: blue for the \
         best rating to red for the worst, without a red-green pair, and lighter in the \
         middle so that it also reads in grey); a large bank's tests have two more \
         levels, High and Low Satisfactory, on either side of Satisfactory:",
    )?;
    for (i, (name, _)) in LEVEL_HEX.iter().enumerate() {
        let at = row + 1 + i as u32;
        sheet.write_string_with_format(at, 1, *name, &level_format(i))?;
    }
    super::print::plan(&[18.0, VALUE_WIDTH], 0, 0, false).apply(sheet, false)?;
    Ok(())
}

/// The format of a cell holding the rating of rank `rank` (0 Outstanding
/// to 3 Substantial Noncompliance): filled with its colour of the one
/// palette, white text on the two dark ends.
pub fn rating_format(rank: usize) -> CellFormat {
    let hue = &PALETTE[rank.min(PALETTE.len() - 1)];
    let fill = Color::RGB(hex_rgb(hue.hex));
    let format = CellFormat::new().set_background_color(fill);
    if rank == 0 || rank == 3 {
        format.set_font_color(Color::White)
    } else {
        format
    }
}

/// The format of a cell holding a rating or a test rating at the level
/// `at` of [`LEVEL_HEX`] (0 Outstanding to 5 Substantial Noncompliance):
/// the four ratings' as [`rating_format`], High and Low Satisfactory each
/// its own fill (dark text: both are light enough).
pub fn level_format(at: usize) -> CellFormat {
    match at {
        0 => rating_format(0),
        2 => rating_format(1),
        4 => rating_format(2),
        5 => rating_format(3),
        _ => {
            let (_, hex) = LEVEL_HEX[at.min(LEVEL_HEX.len() - 1)];
            CellFormat::new().set_background_color(Color::RGB(hex_rgb(hex)))
        }
    }
}

/// `#2166ac` as `0x2166ac`.
pub fn hex_rgb(hex: &str) -> u32 {
    u32::from_str_radix(hex.trim_start_matches('#'), 16).unwrap_or(0)
}

/// A value short enough for one cell (the About sheet quotes command lines
/// a user typed; Excel's cell limit is 32,767 characters).
fn clip(value: &str) -> String {
    crate::text::clip(value, 4_000)
}

/// `name` made a valid sheet name: none of `[]:*?/\`, at most 31
/// characters, not empty.
pub fn sheet_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .filter(|c| !"[]:*?/\\".contains(*c) && !c.is_control())
        .take(SHEET_NAME_MAX)
        .collect();
    let cleaned = cleaned.trim_matches('\'').trim().to_string();
    if cleaned.is_empty() || cleaned.eq_ignore_ascii_case("History") {
        "Rows".to_string()
    } else {
        cleaned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sheet_names_are_ones_excel_takes() {
        assert_eq!(sheet_name("Banks"), "Banks");
        assert_eq!(sheet_name("a/b:c"), "abc");
        assert_eq!(sheet_name(""), "Rows");
        assert_eq!(sheet_name("history"), "Rows");
        assert_eq!(sheet_name(&"x".repeat(40)).len(), 31);
    }

    #[test]
    fn the_facts_name_the_filters_or_say_there_are_none() {
        let about = About {
            command: "cra search --state TX".into(),
            ..About::default()
        };
        let facts = about.facts(&[("Rows", "3".into())]);
        assert_eq!(facts[0], ("Command line", "cra search --state TX".into()));
        assert_eq!(facts[1], ("Filters", "none: every bank".into()));
        assert_eq!(facts.last().unwrap().0, "Rows");
        assert!(!facts.iter().any(|(what, _)| *what == "Local copy"));
    }

    #[test]
    fn colours_come_from_the_palette() {
        assert_eq!(hex_rgb("#2166ac"), 0x2166ac);
        assert_eq!(hex_rgb(PALETTE[3].hex), 0xb2182b);
    }
}
