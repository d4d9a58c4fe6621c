//! The cell formats of a rows sheet of the Excel printer (`super`).

use rust_xlsxwriter::{Color, Format as CellFormat, FormatAlign, FormatBorder};

use super::super::about;
use super::PAD;

/// The cell formats of a rows sheet (written with each cell: constant
/// memory mode).
pub(super) struct Formats {
    /// The header over a column of each `Align`.
    pub(super) header: [CellFormat; 3],
    pub(super) date: CellFormat,
    /// Whole numbers: `[plain, grouped by thousands]` (a count, an amount).
    pub(super) int: [CellFormat; 2],
    /// Decimals with a fixed number of places, by places, likewise.
    pub(super) fixed: Vec<[CellFormat; 2]>,
    pub(super) real: CellFormat,
    /// A share as a percentage to one place (the report's sheets).
    pub(super) percent: CellFormat,
    /// `TRUE` or `FALSE` in LibreOffice too (which shows a bare boolean
    /// cell as 1 or 0).
    pub(super) boolean: CellFormat,
    /// The six levels' formats (`palette::LEVEL_HEX`), best first.
    pub(super) level: [CellFormat; 6],
}

impl Formats {
    pub(super) fn new() -> Formats {
        let header = CellFormat::new()
            .set_bold()
            .set_background_color(Color::RGB(0xeeeeee))
            .set_border_bottom(FormatBorder::Thin);
        let number = |code: &str| CellFormat::new().set_num_format(format!("{code}{PAD}"));
        Formats {
            header: [
                header.clone(),
                header
                    .clone()
                    .set_align(FormatAlign::Right)
                    .set_num_format(format!("@{PAD}")),
                header.set_align(FormatAlign::Center),
            ],
            date: number("yyyy-mm-dd"),
            int: [number("0"), number("#,##0")],
            fixed: (0..=6u8)
                .map(|places| {
                    let decimals = match places {
                        0 => String::new(),
                        _ => format!(".{}", "0".repeat(usize::from(places))),
                    };
                    [
                        number(&format!("0{decimals}")),
                        number(&format!("#,##0{decimals}")),
                    ]
                })
                .collect(),
            real: number("General"),
            percent: number("0.0%"),
            boolean: CellFormat::new()
                .set_num_format("\"TRUE\";\"TRUE\";\"FALSE\"")
                .set_align(FormatAlign::Center),
            level: std::array::from_fn(about::level_format),
        }
    }
}
