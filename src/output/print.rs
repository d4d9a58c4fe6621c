//! How a sheet prints: never smaller than 8 pt. A sheet one page wide is
//! the easiest to read, but shrunk to fit a wide sheet (15 and more
//! columns) prints its 11 pt text at 4 pt. So the printed width is
//! estimated from the column widths: a sheet that fits one page wide at
//! 8/11 of full size or more is fitted to the page's width; a wider one
//! prints at that scale over several pages across, its key columns (the
//! bank's id and name, the group) repeated at the left of every page, as
//! the header row is at the top.

use rust_xlsxwriter::{ColNum, Worksheet, XlsxError};

/// The smallest scale (%) a sheet prints at: 11 pt text at 8 pt.
pub const MIN_SCALE: u16 = 73;

/// The printable width and height of a page at full size, in pixels (96
/// per inch) of Excel's default 11 pt Calibri: US Letter (narrower and
/// shorter than A4) less `rust_xlsxwriter`'s margins (0.7 in at the sides,
/// 0.75 in at the top and the bottom), landscape.
pub const PAGE_WIDTH: f64 = (11.0 - 1.4) * 96.0;
pub const PAGE_HEIGHT: f64 = (8.5 - 1.5) * 96.0;
/// The same, portrait.
const PORTRAIT_WIDTH: f64 = (8.5 - 1.4) * 96.0;

/// The most of a page's width the key columns repeated take.
const KEYS_ROOM: f64 = 0.6;

/// A row's height in pixels (15 pt).
pub const ROW_HEIGHT: f64 = 20.0;

/// How a sheet prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Print {
    /// Fitted to one page wide (then `scale` is what that comes to).
    pub fit_width: bool,
    /// The scale in percent, 73 to 100.
    pub scale: u16,
    /// The columns at the left that name a row (0: none): frozen on
    /// screen, and repeated on every page but for the first `from` (a
    /// bank's id, 36 characters no reader of paper needs twice).
    pub keys: u16,
    pub from: u16,
    pub landscape: bool,
}

/// A column of `width` Excel characters in pixels, as printed: Excel
/// draws a character of it 7 pixels wide and LibreOffice 7.4 (measured on
/// its PDF, with Carlito for Calibri), so the wider.
pub fn column_pixels(width: f64) -> f64 {
    (width.max(0.0) * 7.4 + 5.0).ceil()
}

/// How a sheet whose columns are `widths` (Excel characters) prints, its
/// first `keys` columns naming each row, those from the `from`th repeated
/// on each page.
pub fn plan(widths: &[f64], keys: usize, from: usize, landscape: bool) -> Print {
    let page = if landscape {
        PAGE_WIDTH
    } else {
        PORTRAIT_WIDTH
    };
    let pixels: Vec<f64> = widths.iter().map(|w| column_pixels(*w)).collect();
    let total: f64 = pixels.iter().sum();
    let fitted = if total > 0.0 {
        let mut fitted = (page / total * 100.0).floor();
        // The quotient can round up onto a whole percent the width then
        // exceeds by a hair: the scale is the largest that fits, checked
        // as it will print.
        while fitted > 0.0 && total * fitted / 100.0 > page {
            fitted -= 1.0;
        }
        fitted
    } else {
        100.0
    };
    if fitted >= f64::from(MIN_SCALE) {
        return Print {
            fit_width: true,
            scale: fitted.min(100.0) as u16,
            keys: 0,
            from: 0,
            landscape,
        };
    }
    // Too wide: at the smallest scale, across pages, with as many key
    // columns as leave at least 40 % of each page to the others (a bank's
    // id and a name of 60 characters take 58 %).
    let room = page * 100.0 / f64::from(MIN_SCALE) * KEYS_ROOM;
    let mut keys = keys.min(pixels.len().saturating_sub(1));
    let from = from.min(keys);
    while keys > from && pixels[from..keys].iter().sum::<f64>() > room {
        keys -= 1;
    }
    let (keys, from) = if keys > from { (keys, from) } else { (0, 0) };
    Print {
        fit_width: false,
        scale: MIN_SCALE,
        keys: ColNum::try_from(keys).unwrap_or(0),
        from: ColNum::try_from(from).unwrap_or(0),
        landscape,
    }
}

impl Print {
    /// The same at a scale of its own rather than fitted to the page's
    /// width: a sheet with a page break of its own (before a chart), which
    /// Excel ignores on a fitted sheet.
    pub fn scaled(self) -> Print {
        Print {
            fit_width: false,
            ..self
        }
    }

    /// The same, smaller if that prints `rows` rows (the header's too, and
    /// one more: LibreOffice's rows are a little taller) on one page
    /// without going under 8 pt: a short table whole on its page.
    pub fn tall(self, rows: u32) -> Print {
        let height = f64::from(rows + 2) * ROW_HEIGHT;
        let fits = (self.page_height() * f64::from(self.scale) / height).floor();
        if fits < f64::from(self.scale) && fits >= f64::from(MIN_SCALE) {
            Print {
                scale: fits as u16,
                fit_width: false,
                ..self
            }
        } else {
            self
        }
    }

    /// The printable height of a page at this scale, in pixels of the
    /// sheet.
    pub fn page_height(&self) -> f64 {
        let height = if self.landscape {
            PAGE_HEIGHT
        } else {
            (11.0 - 1.5) * 96.0
        };
        height * 100.0 / f64::from(self.scale)
    }

    /// The printable width of a page at this scale, in pixels of the
    /// sheet.
    pub fn page_width(&self) -> f64 {
        let width = if self.landscape {
            PAGE_WIDTH
        } else {
            PORTRAIT_WIDTH
        };
        width * 100.0 / f64::from(self.scale)
    }

    /// Sets it on `sheet`, with the page number in the footer and the
    /// sheet's and the file's names on top; `header` repeats the first
    /// row on every page, and the key columns are frozen on screen too.
    pub fn apply(&self, sheet: &mut Worksheet, header: bool) -> Result<(), XlsxError> {
        if self.landscape {
            sheet.set_landscape();
        }
        if self.fit_width {
            sheet.set_print_fit_to_pages(1, 0);
        } else {
            sheet.set_print_scale(self.scale);
        }
        if self.keys > 0 {
            // Over, then down: a row's pages one after the other.
            sheet.set_repeat_columns(self.from, self.keys - 1)?;
            sheet.set_page_order(false);
        }
        if header {
            sheet.set_repeat_rows(0, 0)?;
            sheet.set_freeze_panes(1, self.keys)?;
        }
        sheet.set_header("&L&A&R&F");
        sheet.set_footer("&CPage &P of &N");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_sheet_that_fits_at_8_pt_is_one_page_wide() {
        // `search`'s eight columns (159 characters): fitted, at 75 %.
        let search = [37.0, 33.0, 14.0, 8.0, 12.0, 17.0, 14.0, 24.0];
        let print = plan(&search, 2, 0, true);
        assert!(print.fit_width && print.keys == 0, "{print:?}");
        assert_eq!(print.scale, 75);
        // Narrow: full size.
        assert_eq!(plan(&[10.0, 12.0], 1, 0, true).scale, 100);
        assert_eq!(plan(&[], 0, 0, true).scale, 100);
    }

    #[test]
    fn a_wide_sheet_prints_at_8_pt_with_its_key_columns_on_every_page() {
        // `export --enriched`: 15 columns, 261 characters; one page wide
        // would print at 48 %, about 5 pt.
        let enriched = [
            37.7, 33.7, 14.7, 8.7, 12.7, 17.7, 14.7, 24.7, 14.7, 12.7, 16.7, 14.7, 26.7, 9.7, 60.7,
        ];
        let print = plan(&enriched, 2, 0, true);
        assert_eq!(
            print,
            Print {
                fit_width: false,
                scale: MIN_SCALE,
                keys: 2,
                from: 0,
                landscape: true
            }
        );
        // The id and the longest name a sheet shows (60 characters).
        assert_eq!(plan(&[37.0, 61.0, 80.0, 80.0, 80.0], 2, 0, true).keys, 2);
        // Key columns too wide to leave 40 % of a page to the others: fewer.
        let print = plan(&[60.0, 60.0, 60.0, 60.0, 60.0], 3, 0, true);
        assert_eq!(print.keys, 1);
        let print = plan(&[200.0, 60.0, 60.0], 1, 0, true);
        assert_eq!(print.keys, 0);
    }

    #[test]
    fn a_short_table_is_made_to_fit_its_page_but_never_under_8_pt() {
        let print = plan(&[24.0, 9.0, 13.0], 1, 0, true);
        assert_eq!(print.scale, 100);
        // 40 years, the header and a row to spare: 840 pixels, on 672.
        let tall = print.tall(40);
        assert_eq!((tall.scale, tall.fit_width), (80, false));
        assert!(f64::from(42) * ROW_HEIGHT <= tall.page_height());
        // Few rows: as it was; too many: as it was.
        assert_eq!(print.tall(10), print);
        assert_eq!(print.tall(200), print);
    }

    /// The case proptest found: 150 % of the page's width divided back
    /// rounds up onto a whole percent the columns then exceed by a hair.
    #[test]
    fn a_fitted_scale_is_checked_as_it_prints() {
        let widths = [
            9.507566388415208,
            41.8664928893864,
            27.998583721096104,
            19.437962679332415,
            25.50816668625206,
            11.164407371605183,
            15.085242719014227,
        ];
        let print = plan(&widths, 0, 0, true);
        let total: f64 = widths.iter().map(|w| column_pixels(*w)).sum();
        assert_eq!(
            print.fit_width,
            total * f64::from(print.scale) / 100.0 <= PAGE_WIDTH
        );
    }

    proptest! {
        /// Text never prints under 8 pt; a sheet is fitted one page wide
        /// exactly when that keeps it so; the key columns repeated leave
        /// 40 % of every page, and never all the columns.
        #[test]
        fn never_under_8_pt(
            widths in prop::collection::vec(0.0f64..80.0, 0..30),
            keys in 0usize..4,
            from in 0usize..2,
            landscape in any::<bool>(),
        ) {
            let print = plan(&widths, keys, from, landscape);
            prop_assert!((MIN_SCALE..=100).contains(&print.scale));
            let total: f64 = widths.iter().map(|w| column_pixels(*w)).sum();
            let printed = total * f64::from(print.scale) / 100.0;
            let page = if landscape { PAGE_WIDTH } else { PORTRAIT_WIDTH };
            prop_assert_eq!(print.fit_width, printed <= page);
            if print.fit_width {
                prop_assert_eq!(print.keys, 0);
            } else {
                prop_assert!(usize::from(print.keys) < widths.len().max(1));
                // Repeated: from `from`, short of the keys, or none.
                prop_assert!(print.from < print.keys || print.keys == 0 && print.from == 0);
                let (from, keys) = (usize::from(print.from), usize::from(print.keys));
                let repeated: f64 = widths[from..keys].iter().map(|w| column_pixels(*w)).sum();
                prop_assert!(repeated <= print.page_width() * KEYS_ROOM + 1e-9);
            }
        }
    }
}
