//! Fitting a table to the terminal's width, as `gh` does: no cell wraps onto
//! a second line. When the natural widths do not fit, the columns give way
//! in this order:
//!
//! 1. an ID shrinks to the shortest prefix (at least 8 characters) that is
//!    unique in the table, as git and docker print short ids (`cra show`
//!    takes it), and long text (names, cities) is shortened with `…` down
//!    to a floor;
//! 2. ratings are abbreviated (`SAT`, with a legend under the table) when
//!    that keeps a column that would otherwise go; never cut mid-word;
//! 3. the least important columns are dropped, and named in a note.
//!
//! The columns that carry a table's answer rank first and go last. Widths
//! are display columns (`unicode-width`, what comfy-table and the terminal
//! count), not bytes or chars: a CJK character takes two.

/// How one table column gives way on a narrow terminal. `rank` orders the
/// columns by importance: 0 is the most important; the highest rank is
/// dropped first (the rightmost among equals).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// Always shown, never shortened.
    Whole,
    /// An id: never dropped; shortened to a unique prefix of at least
    /// `min` characters (no `…`: a prefix is what a person copies) before
    /// any other column gives way, and grown back last.
    Id { min: u8 },
    /// Shortened with `…` down to `min` columns before any column is
    /// dropped; dropped in `rank` order when even that is too wide.
    Shorten { rank: u8, min: u8 },
    /// Never shortened (a date: a cut one misleads); dropped in `rank`
    /// order.
    Keep { rank: u8 },
    /// A rating: whole, or abbreviated to three letters (with a legend)
    /// when that saves a column; dropped in `rank` order.
    Rating { rank: u8 },
}

/// The width of an abbreviated rating (`OUT`, `SAT`, `NTI`, `SNC`).
pub const ABBREVIATED: usize = 3;

impl Fit {
    fn rank(self) -> Option<u8> {
        match self {
            Fit::Whole | Fit::Id { .. } => None,
            Fit::Shorten { rank, .. } | Fit::Keep { rank } | Fit::Rating { rank } => Some(rank),
        }
    }
}

/// The widths to print each column at (`None`: the column is dropped) so
/// that the table, with `pad` columns of padding and separators per column,
/// is at most `available` wide whenever the `Whole` and `Id` columns allow
/// it. `natural` is each column's widest cell, header included. A `Rating`
/// column narrower than its natural width is abbreviated; an `Id` column
/// is printed as a prefix of its width.
#[cfg(test)]
pub fn fit(natural: &[usize], fits: &[Fit], available: usize, pad: usize) -> Vec<Option<usize>> {
    fit_headed(natural, &vec![0; natural.len()], fits, available, pad)
}

/// [`fit`], where `headers` are the headers' widths: an abbreviated rating
/// column is as wide as its header, which is never abbreviated.
pub fn fit_headed(
    natural: &[usize],
    headers: &[usize],
    fits: &[Fit],
    available: usize,
    pad: usize,
) -> Vec<Option<usize>> {
    debug_assert_eq!(natural.len(), fits.len());
    let total_natural: usize = natural.iter().map(|w| w + pad).sum();
    if total_natural <= available {
        return natural.iter().copied().map(Some).collect();
    }
    let plain = plan(natural, headers, fits, available, pad, false);
    let abbreviated = plan(natural, headers, fits, available, pad, true);
    // Ratings are abbreviated only to keep a column that matters as much
    // as they do (ranked at or above the least important rating), and
    // only when that works: a legend costs the reader a look-up.
    let rating_rank = fits
        .iter()
        .filter_map(|f| match f {
            Fit::Rating { rank } => Some(*rank),
            _ => None,
        })
        .max();
    let dropped = |widths: &[Option<usize>]| widths.iter().filter(|w| w.is_none()).count();
    let loses_an_answer = plain
        .iter()
        .zip(fits)
        .any(|(w, f)| w.is_none() && f.rank() <= rating_rank);
    if rating_rank.is_some() && loses_an_answer && dropped(&abbreviated) < dropped(&plain) {
        abbreviated
    } else {
        plain
    }
}

fn plan(
    natural: &[usize],
    headers: &[usize],
    fits: &[Fit],
    available: usize,
    pad: usize,
    abbreviate: bool,
) -> Vec<Option<usize>> {
    let floor = |i: usize| match fits[i] {
        Fit::Shorten { min, .. } | Fit::Id { min } => natural[i].min(usize::from(min)),
        Fit::Rating { .. } if abbreviate => natural[i].min(ABBREVIATED.max(headers[i])),
        Fit::Whole | Fit::Keep { .. } | Fit::Rating { .. } => natural[i],
    };
    let mut shown: Vec<bool> = vec![true; natural.len()];
    // Least important first: highest rank, then rightmost.
    let mut droppable: Vec<usize> = (0..natural.len())
        .filter(|&i| fits[i].rank().is_some())
        .collect();
    droppable.sort_by_key(|&i| (std::cmp::Reverse(fits[i].rank()), std::cmp::Reverse(i)));
    let mut next_drop = droppable.into_iter();
    let total = |shown: &[bool]| -> usize {
        (0..natural.len())
            .filter(|&i| shown[i])
            .map(|i| floor(i) + pad)
            .sum()
    };
    while total(&shown) > available {
        match next_drop.next() {
            Some(i) => shown[i] = false,
            None => break,
        }
    }
    let mut widths: Vec<Option<usize>> = (0..natural.len())
        .map(|i| shown[i].then(|| floor(i)))
        .collect();
    // Give the room left back: to the shortened text, most important
    // first, up to its natural width; then to the ids.
    let mut spare = available.saturating_sub(total(&shown));
    let mut growable: Vec<usize> = (0..natural.len())
        .filter(|&i| shown[i] && matches!(fits[i], Fit::Shorten { .. }))
        .collect();
    growable.sort_by_key(|&i| (fits[i].rank(), i));
    growable.extend((0..natural.len()).filter(|&i| shown[i] && matches!(fits[i], Fit::Id { .. })));
    for i in growable {
        if let Some(w) = widths[i].as_mut() {
            let grow = (natural[i] - *w).min(spare);
            *w += grow;
            spare -= grow;
        }
    }
    widths
}

/// The shortest prefix length, at least `min`, at which the `ids` are all
/// different (ids that are equal whole stay equal: the longest is taken).
pub fn unique_prefix<'a>(ids: impl Iterator<Item = &'a str> + Clone, min: usize) -> usize {
    let longest = ids.clone().map(|id| id.chars().count()).max().unwrap_or(0);
    (min..longest)
        .find(|&len| {
            let mut seen = std::collections::HashSet::new();
            ids.clone()
                .all(|id| seen.insert(id.chars().take(len).collect::<String>()))
        })
        .unwrap_or(longest)
}

/// A rating as three letters, for a narrow table (none for a rating
/// outside the four, which is then shown whole).
pub fn abbreviate(rating: &str) -> Option<&'static str> {
    match crate::domain::Rating::from_text(rating).rank()? {
        0 => Some("OUT"),
        1 => Some("SAT"),
        2 => Some("NTI"),
        _ => Some("SNC"),
    }
}

/// The legend of the abbreviations, printed under a table that uses them.
pub const LEGEND: &str =
    "OUT Outstanding · SAT Satisfactory · NTI Needs to Improve · SNC Substantial Noncompliance";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{shorten, width};
    use proptest::prelude::*;

    const ID: Fit = Fit::Whole;
    const SHORT_ID: Fit = Fit::Id { min: 8 };
    const RATING: Fit = Fit::Rating { rank: 1 };
    const NAME: Fit = Fit::Shorten { rank: 1, min: 12 };

    #[test]
    fn a_table_that_fits_is_left_alone() {
        assert_eq!(
            fit(&[10, 36], &[NAME, ID], 100, 2),
            vec![Some(10), Some(36)]
        );
    }

    #[test]
    fn names_are_shortened_before_columns_are_dropped() {
        let fits = [NAME, Fit::Keep { rank: 2 }, ID];
        // 30 + 10 + 36 + 6 = 82: the name gives 2 columns.
        assert_eq!(
            fit(&[30, 10, 36], &fits, 80, 2),
            vec![Some(28), Some(10), Some(36)]
        );
        // Down to its floor of 12 the name still does not make room: the
        // least important column goes, and the name gets the room back.
        assert_eq!(
            fit(&[30, 20, 36], &fits, 60, 2),
            vec![Some(20), None, Some(36)]
        );
    }

    #[test]
    fn an_id_gives_way_first_to_its_unique_prefix_and_grows_back_last() {
        // 30 + 10 + 36 + 6 = 82 > 80: the id shrinks, the name keeps whole.
        assert_eq!(
            fit(
                &[30, 10, 36],
                &[NAME, Fit::Keep { rank: 2 }, SHORT_ID],
                80,
                2
            ),
            vec![Some(30), Some(10), Some(34)]
        );
        // Narrower: the id is at its floor before the name is shortened.
        assert_eq!(
            fit(
                &[30, 10, 36],
                &[NAME, Fit::Keep { rank: 2 }, SHORT_ID],
                50,
                2
            ),
            vec![Some(26), Some(10), Some(8)]
        );
        // It is never dropped.
        assert_eq!(
            fit(&[30, 36], &[NAME, SHORT_ID], 10, 2),
            vec![None, Some(8)]
        );
    }

    #[test]
    fn ratings_are_abbreviated_only_when_that_saves_a_column() {
        let fits = [NAME, RATING, Fit::Keep { rank: 1 }];
        // Abbreviating (12 → 3) keeps the date: 12 + 3 + 10 + 6 = 31.
        assert_eq!(
            fit(&[12, 12, 10], &fits, 31, 2),
            vec![Some(12), Some(3), Some(10)]
        );
        // Wide enough for both whole: nothing abbreviated.
        assert_eq!(
            fit(&[12, 12, 10], &fits, 40, 2),
            vec![Some(12), Some(12), Some(10)]
        );
        // Too narrow even abbreviated: whole, and the date dropped.
        assert_eq!(
            fit(&[12, 12, 10], &fits, 29, 2),
            vec![Some(12), Some(12), None]
        );
    }

    #[test]
    fn unique_prefixes_and_abbreviations() {
        let ids = ["0123456789ab", "0123456789cd", "ffffffff0000"];
        assert_eq!(unique_prefix(ids.iter().copied(), 8), 11);
        assert_eq!(unique_prefix(["a1b2c3d4e5", "f1"].iter().copied(), 8), 8);
        assert_eq!(
            unique_prefix(["same-id-xx", "same-id-xx"].iter().copied(), 8),
            10
        );
        assert_eq!(abbreviate("Needs to Improve"), Some("NTI"));
        assert_eq!(abbreviate("Glorious"), None);
    }

    #[test]
    fn an_id_is_never_cut_even_when_nothing_else_fits() {
        assert_eq!(fit(&[30, 36], &[NAME, ID], 20, 2), vec![None, Some(36)]);
    }

    #[test]
    fn shortening_counts_display_columns() {
        assert_eq!(shorten("FIRST NATIONAL BANK", 10), "FIRST NAT…");
        assert_eq!(shorten("SHORT", 10), "SHORT");
        // Each of these takes two columns: 4 of them and the ellipsis in 9.
        assert_eq!(shorten("銀行銀行銀行", 9), "銀行銀行…");
        assert_eq!(width(&shorten("銀行銀行銀行", 8)), 7);
    }

    fn any_fit() -> impl Strategy<Value = Fit> {
        prop_oneof![
            Just(Fit::Whole),
            (0u8..5, 1u8..30).prop_map(|(rank, min)| Fit::Shorten { rank, min }),
            (0u8..5).prop_map(|rank| Fit::Keep { rank }),
        ]
    }

    proptest! {
        #[test]
        fn the_result_fits_and_whole_columns_stay_whole(
            columns in proptest::collection::vec((0usize..80, any_fit()), 1..10),
            available in 0usize..250,
        ) {
            let natural: Vec<usize> = columns.iter().map(|c| c.0).collect();
            let fits: Vec<Fit> = columns.iter().map(|c| c.1).collect();
            let widths = fit(&natural, &fits, available, 2);
            let whole: usize = (0..natural.len())
                .filter(|&i| fits[i] == Fit::Whole)
                .map(|i| natural[i] + 2)
                .sum();
            let used: usize = widths.iter().flatten().map(|w| w + 2).sum();
            prop_assert!(used <= available.max(whole), "{used} > {available}");
            for i in 0..natural.len() {
                match (fits[i], widths[i]) {
                    (Fit::Whole, w) => prop_assert_eq!(w, Some(natural[i])),
                    (Fit::Keep { .. }, Some(w)) => prop_assert_eq!(w, natural[i]),
                    (Fit::Shorten { min, .. }, Some(w)) => {
                        prop_assert!(w <= natural[i]);
                        prop_assert!(w >= natural[i].min(usize::from(min)));
                    }
                    _ => {}
                }
            }
            // Nothing is dropped when everything fits at its natural width.
            if natural.iter().map(|w| w + 2).sum::<usize>() <= available {
                prop_assert!(widths.iter().zip(&natural).all(|(w, n)| *w == Some(*n)));
            }
        }

        #[test]
        fn shortened_text_fits_and_keeps_its_start(text in "\\PC{0,40}", max in 1usize..40) {
            let short = shorten(&text, max);
            prop_assert!(width(&short) <= max);
            if width(&text) <= max {
                prop_assert_eq!(&short, &text);
            } else {
                prop_assert!(short.ends_with('…'));
                prop_assert!(text.starts_with(short.trim_end_matches('…')));
            }
        }
    }
}
