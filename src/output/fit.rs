//! Fitting a table to the terminal's width, as `gh` does: no cell wraps onto
//! a second line. When the natural widths do not fit, long text columns
//! (names, cities) are shortened with `…` down to a floor, then the least
//! important columns are dropped, until the rest fits. A column marked
//! `Whole` (an ID, which a person copies into `cra show`) is never shortened
//! or dropped, even when that leaves the table wider than the terminal.
//!
//! Widths are display columns (`unicode-width`, what comfy-table and the
//! terminal count), not bytes or chars: a CJK character takes two.

/// How one table column gives way on a narrow terminal. `rank` orders the
/// columns by importance: 0 is the most important; the highest rank is
/// dropped first (the rightmost among equals).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// Always shown, never shortened: an ID.
    Whole,
    /// Shortened with `…` down to `min` columns before any column is
    /// dropped; dropped in `rank` order when even that is too wide.
    Shorten { rank: u8, min: u8 },
    /// Never shortened (a date, a rating: a cut one misleads); dropped in
    /// `rank` order.
    Keep { rank: u8 },
}

impl Fit {
    fn rank(self) -> Option<u8> {
        match self {
            Fit::Whole => None,
            Fit::Shorten { rank, .. } | Fit::Keep { rank } => Some(rank),
        }
    }
}

/// The widths to print each column at (`None`: the column is dropped) so
/// that the table, with `pad` columns of padding and separators per column,
/// is at most `available` wide whenever the `Whole` columns allow it.
/// `natural` is each column's widest cell, header included.
pub fn fit(natural: &[usize], fits: &[Fit], available: usize, pad: usize) -> Vec<Option<usize>> {
    debug_assert_eq!(natural.len(), fits.len());
    let floor = |i: usize| match fits[i] {
        Fit::Shorten { min, .. } => natural[i].min(usize::from(min)),
        Fit::Whole | Fit::Keep { .. } => natural[i],
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
    // Give the room left back to the shortened columns, most important
    // first, up to their natural width.
    let mut spare = available.saturating_sub(total(&shown));
    let mut growable: Vec<usize> = (0..natural.len())
        .filter(|&i| shown[i] && matches!(fits[i], Fit::Shorten { .. }))
        .collect();
    growable.sort_by_key(|&i| (fits[i].rank(), i));
    for i in growable {
        if let Some(w) = widths[i].as_mut() {
            let grow = (natural[i] - *w).min(spare);
            *w += grow;
            spare -= grow;
        }
    }
    widths
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::{shorten, width};
    use proptest::prelude::*;

    const ID: Fit = Fit::Whole;
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
