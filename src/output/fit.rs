//! Fitting a table to the terminal's width, as `gh` does: no cell wraps onto
//! a second line. When the natural widths do not fit, the columns give way
//! in this order:
//!
//! 1. an ID shrinks to the shortest prefix (at least 8 characters) that is
//!    unique in the table, as git and docker print short ids (`cra show`
//!    takes it), and long text (names, cities) is shortened with `…` down
//!    to a floor;
//! 2. exam types are shortened (`Large`, `ISB`) and long headers take
//!    their short forms (`REG` over `FDIC`), and then ratings are
//!    abbreviated (`SAT`), when that keeps a column that would otherwise
//!    go; never cut mid-word; a legend under the table says what `ISB`
//!    and the ratings' letters stand for;
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
    /// A detail beside names that are the table's answer (`lineage`'s
    /// role and certificate): never shortened, and dropped, in `rank`
    /// order, before any name is cut; then as [`Fit::Keep`].
    Spare { rank: u8 },
    /// A rating: whole, or abbreviated to three letters (with a legend)
    /// when that saves a column; dropped in `rank` order.
    Rating { rank: u8 },
    /// An exam type: whole, or shortened (`Large`, `Small`, `ISB`, with
    /// a legend when `ISB` shows) when that saves a column; dropped in
    /// `rank` order.
    ExamType { rank: u8 },
    /// Values joined by ` · ` (`diff`'s `Satisfactory · 2020-01-01`):
    /// whole, or with their ratings abbreviated (with the legend) when
    /// that saves a column, and then a value longer than `min` (a new
    /// name) cut with `…`; dropped in `rank` order.
    Values { rank: u8, min: u8 },
}

/// How wide each shortened text grows before any grows past it, when the
/// room left is shared out: enough to tell two names apart.
const READABLE: usize = 24;

/// The width of an abbreviated rating (`OUT`, `SAT`, `NTI`, `SNC`).
#[cfg(test)]
const ABBREVIATED: usize = 3;

impl Fit {
    /// The same fit dropped at `rank` (a fit that is never dropped stays
    /// as it is): how one table orders the columns it shares.
    pub const fn ranked(self, rank: u8) -> Fit {
        match self {
            Fit::Whole | Fit::Id { .. } => self,
            Fit::Shorten { min, .. } => Fit::Shorten { rank, min },
            Fit::Keep { .. } => Fit::Keep { rank },
            Fit::Spare { .. } => Fit::Spare { rank },
            Fit::Rating { .. } => Fit::Rating { rank },
            Fit::ExamType { .. } => Fit::ExamType { rank },
            Fit::Values { min, .. } => Fit::Values { rank, min },
        }
    }

    /// The same fit shortened to no less than `min` (a fit that is not
    /// shortened stays as it is).
    pub const fn floored(self, min: u8) -> Fit {
        match self {
            Fit::Shorten { rank, .. } => Fit::Shorten { rank, min },
            Fit::Values { rank, .. } => Fit::Values { rank, min },
            Fit::Id { .. } => Fit::Id { min },
            other => other,
        }
    }

    pub(super) fn rank(self) -> Option<u8> {
        match self {
            Fit::Whole | Fit::Id { .. } => None,
            Fit::Shorten { rank, .. }
            | Fit::Keep { rank }
            | Fit::Spare { rank }
            | Fit::Rating { rank }
            | Fit::ExamType { rank }
            | Fit::Values { rank, .. } => Some(rank),
        }
    }

    /// `text` as this column shows it shortened: a rating's three letters,
    /// an exam type's short form; anything else (or a value outside the
    /// known ones) whole.
    /// A rating column's cell may hold several values joined by ` · `
    /// (`diff`'s `Satisfactory · 2020-01-01`): each rating among them is
    /// abbreviated.
    pub fn shortened(self, text: &str) -> String {
        match self {
            Fit::Rating { .. } | Fit::Values { .. } => text
                .split(" · ")
                .map(|part| abbreviate(part).unwrap_or(part))
                .collect::<Vec<_>>()
                .join(" · "),
            Fit::ExamType { .. } => exam_type(text).unwrap_or(text).to_string(),
            _ => text.to_string(),
        }
    }

    /// Whether the column can be shown shortened (see [`Fit::shortened`]).
    pub fn shortens(self) -> bool {
        matches!(
            self,
            Fit::Rating { .. } | Fit::ExamType { .. } | Fit::Values { .. }
        )
    }
}

/// The widths to print each column at (`None`: the column is dropped) so
/// that the table, with `pad` columns of padding and separators per column,
/// is at most `available` wide whenever the `Whole` and `Id` columns allow
/// it. `natural` is each column's widest cell, header included. A `Rating`
/// or `ExamType` column narrower than its natural width is shortened; an
/// `Id` column is printed as a prefix of its width.
#[cfg(test)]
pub fn fit(natural: &[usize], fits: &[Fit], available: usize, pad: usize) -> Vec<Option<usize>> {
    let short: Vec<usize> = natural.iter().map(|w| (*w).min(ABBREVIATED)).collect();
    fit_headed(
        natural,
        &short,
        &vec![false; fits.len()],
        fits,
        available,
        pad,
    )
}

/// [`fit`], where `short` is each column's width shortened (its widest
/// shortened cell and its header, shortened when `headed` says it has a
/// short form), for the columns that can be.
pub fn fit_headed(
    natural: &[usize],
    short: &[usize],
    headed: &[bool],
    fits: &[Fit],
    available: usize,
    pad: usize,
) -> Vec<Option<usize>> {
    debug_assert_eq!(natural.len(), fits.len());
    debug_assert_eq!(headed.len(), fits.len());
    let total_natural: usize = natural.iter().map(|w| w + pad).sum();
    if total_natural <= available {
        return natural.iter().copied().map(Some).collect();
    }
    // Before a column is dropped, exam types and long headers are
    // shortened (`Large`, `REG`: read at a glance), then ratings too (a
    // legend costs the reader a look-up); each only when it keeps a
    // column the plainer table would drop. The exam types' and headers'
    // short forms are also taken when they leave more of the names and
    // cities whole, the same columns shown (`ISB` rather than a name cut
    // for `Intermediate Small Bank`).
    let dropped = |widths: &[Option<usize>]| widths.iter().filter(|w| w.is_none()).count();
    let cut = |widths: &[Option<usize>]| -> usize {
        (0..fits.len())
            .filter(|&i| matches!(fits[i], Fit::Shorten { .. }))
            .filter_map(|i| widths[i].map(|w| natural[i].saturating_sub(w)))
            .sum()
    };
    let plain = vec![false; fits.len()];
    let mut best = plan(natural, short, fits, available, pad, &plain);
    let passes: [fn(Fit) -> bool; 2] = [|f| matches!(f, Fit::ExamType { .. }), Fit::shortens];
    for (pass, shortened) in passes.into_iter().enumerate() {
        let mask: Vec<bool> = (0..fits.len())
            .map(|i| shortened(fits[i]) || headed[i])
            .collect();
        if !mask.contains(&true) || pass > 0 && dropped(&best) == 0 {
            continue;
        }
        let candidate = plan(natural, short, fits, available, pad, &mask);
        let fewer = dropped(&candidate) < dropped(&best);
        let whole =
            pass == 0 && dropped(&candidate) == dropped(&best) && cut(&candidate) < cut(&best);
        if fewer || whole {
            best = candidate;
        }
    }
    best
}

/// The widths of one way of giving way: `shortened` says which columns
/// may show their short forms.
fn plan(
    natural: &[usize],
    short: &[usize],
    fits: &[Fit],
    available: usize,
    pad: usize,
    shortened: &[bool],
) -> Vec<Option<usize>> {
    let floor = |i: usize| match fits[i] {
        Fit::Shorten { min, .. } | Fit::Id { min } => natural[i].min(usize::from(min)),
        Fit::Values { min, .. } if shortened[i] => natural[i].min(short[i]).min(usize::from(min)),
        _ if shortened[i] => natural[i].min(short[i]),
        Fit::Whole
        | Fit::Keep { .. }
        | Fit::Spare { .. }
        | Fit::Rating { .. }
        | Fit::ExamType { .. }
        | Fit::Values { .. } => natural[i],
    };
    let mut shown: Vec<bool> = vec![true; natural.len()];
    // Least important first: highest rank, then rightmost.
    let least_first = |i: &usize| (std::cmp::Reverse(fits[*i].rank()), std::cmp::Reverse(*i));
    // Details give way while the names would be cut.
    let whole_names = |shown: &[bool]| -> usize {
        (0..natural.len())
            .filter(|&i| shown[i])
            .map(|i| match fits[i] {
                Fit::Shorten { .. } => natural[i],
                _ => floor(i),
            } + pad)
            .sum()
    };
    let mut spares: Vec<usize> = (0..natural.len())
        .filter(|&i| matches!(fits[i], Fit::Spare { .. }))
        .collect();
    spares.sort_by_key(least_first);
    for i in spares {
        if whole_names(&shown) <= available {
            break;
        }
        shown[i] = false;
    }
    let mut droppable: Vec<usize> = (0..natural.len())
        .filter(|&i| shown[i] && fits[i].rank().is_some())
        .collect();
    droppable.sort_by_key(least_first);
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
    // Give the room left back to the shortened text, most important
    // first: each up to a width that tells two names apart, then each up
    // to its natural width (a merged bank and its successor both read
    // "First Grange State Bank of…", not one whole and the other cut to
    // its first words); then to the ids.
    let mut spare = available.saturating_sub(total(&shown));
    let most = |i: usize| match fits[i] {
        // Shortened values grow back to their widest shortened cell.
        Fit::Values { .. } => natural[i].min(short[i]),
        _ => natural[i],
    };
    let mut text: Vec<usize> = (0..natural.len())
        .filter(|&i| {
            shown[i]
                && (matches!(fits[i], Fit::Shorten { .. })
                    || matches!(fits[i], Fit::Values { .. }) && shortened[i])
        })
        .collect();
    text.sort_by_key(|&i| (fits[i].rank(), i));
    for up_to in [READABLE, usize::MAX] {
        for &i in &text {
            if let Some(w) = widths[i].as_mut() {
                let grow = most(i).min(up_to).saturating_sub(*w).min(spare);
                *w += grow;
                spare -= grow;
            }
        }
    }
    for i in (0..natural.len()).filter(|&i| shown[i] && matches!(fits[i], Fit::Id { .. })) {
        if let Some(w) = widths[i].as_mut() {
            let grow = most(i).saturating_sub(*w).min(spare);
            *w += grow;
            spare -= grow;
        }
    }
    widths
}

/// The shortest prefix length, at least `min`, at which the distinct `ids`
/// are all different. A bank on several rows (`changes`: one row per exam)
/// has one id: it must differ from the other banks', not from itself.
pub fn unique_prefix<'a>(ids: impl Iterator<Item = &'a str> + Clone, min: usize) -> usize {
    let distinct: std::collections::BTreeSet<&str> = ids.collect();
    let longest = distinct
        .iter()
        .map(|id| id.chars().count())
        .max()
        .unwrap_or(0);
    (min..longest)
        .find(|&len| {
            let mut seen = std::collections::HashSet::new();
            distinct
                .iter()
                .all(|id| seen.insert(id.chars().take(len).collect::<String>()))
        })
        .unwrap_or(longest)
}

/// A rating as three letters, for a narrow table (none for a rating
/// outside the four, which is then shown whole); a large bank's test
/// rated High or Low Satisfactory as four (`HSAT`, `LSAT`: [`TEST_LEGEND`]).
pub fn abbreviate(rating: &str) -> Option<&'static str> {
    match rating {
        "High Satisfactory" => return Some("HSAT"),
        "Low Satisfactory" => return Some("LSAT"),
        _ => {}
    }
    match crate::domain::Rating::from_text(rating).rank()? {
        0 => Some("OUT"),
        1 => Some("SAT"),
        2 => Some("NTI"),
        _ => Some("SNC"),
    }
}

/// An exam type shortened, for a narrow table (none for one outside the
/// three, which is then shown whole).
pub fn exam_type(text: &str) -> Option<&'static str> {
    use crate::domain::ExamType;
    match ExamType::from_text(text) {
        ExamType::LargeBank => Some("Large"),
        ExamType::SmallBank => Some("Small"),
        ExamType::IntermediateSmallBank => Some("ISB"),
        _ => None,
    }
}

/// The legend of the abbreviations, printed under a table that uses them.
pub const LEGEND: &str =
    "OUT Outstanding · SAT Satisfactory · NTI Needs to Improve · SNC Substantial Noncompliance";

/// The legend of the test levels' short forms, under a table that shows
/// one ([`abbreviate`]).
pub const TEST_LEGEND: &str = "HSAT High Satisfactory · LSAT Low Satisfactory";

/// The legend of the one exam type shortened past reading
/// ([`exam_type`]), under a table that shows it.
pub const EXAM_TYPE_LEGEND: &str = "ISB Intermediate Small Bank";

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
    fn two_names_side_by_side_are_cut_alike() {
        let fits = [NAME, Fit::Shorten { rank: 5, min: 12 }, ID];
        // 40 + 40 + 8 + 3 * 2 = 94 in 70: 56 for the two names; each
        // readable (24) first, then the more important one.
        assert_eq!(
            fit(&[40, 40, 8], &fits, 70, 2),
            vec![Some(32), Some(24), Some(8)]
        );
        // One short enough to be whole is; the other has the rest.
        assert_eq!(
            fit(&[40, 20, 8], &fits, 70, 2),
            vec![Some(36), Some(20), Some(8)]
        );
        // Too little room for both to be readable: the more important
        // grows first.
        assert_eq!(
            fit(&[40, 40, 8], &fits, 50, 2),
            vec![Some(24), Some(12), Some(8)]
        );
    }

    #[test]
    fn details_give_way_before_a_name_is_cut() {
        let fits = [
            NAME,
            Fit::Spare { rank: 5 },
            Fit::Spare { rank: 6 },
            Fit::Keep { rank: 4 },
            SHORT_ID,
        ];
        // 30 + 11 + 9 + 10 + 8 + 5 * 2 = 78: all fit.
        assert_eq!(
            fit(&[30, 11, 9, 10, 8], &fits, 80, 2),
            vec![Some(30), Some(11), Some(9), Some(10), Some(8)]
        );
        // 4 columns short: the least important detail goes, the name whole.
        assert_eq!(
            fit(&[30, 11, 9, 10, 8], &fits, 74, 2),
            vec![Some(30), Some(11), None, Some(10), Some(8)]
        );
        // Both details go before the name is cut; then it is cut.
        assert_eq!(
            fit(&[30, 11, 9, 10, 8], &fits, 50, 2),
            vec![Some(26), None, None, Some(10), Some(8)]
        );
        // Plain kept columns are not details: the name is cut for them.
        let kept = [NAME, Fit::Keep { rank: 5 }, ID];
        assert_eq!(
            fit(&[30, 11, 8], &kept, 50, 2),
            vec![Some(25), Some(11), Some(8)]
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
    fn exam_types_then_ratings_are_shortened_before_any_column_is_dropped() {
        // NAME, REGULATOR (the least important), RATING, EXAM TYPE.
        let fits = [
            NAME,
            Fit::Keep { rank: 6 },
            Fit::Rating { rank: 1 },
            Fit::ExamType { rank: 5 },
        ];
        let natural = [20, 9, 25, 23];
        // The exam type under its short header (`TYPE` over `Large`).
        let short = [20, 9, 6, 5];
        let headed = [false; 4];
        let at = |available| fit_headed(&natural, &short, &headed, &fits, available, 3);
        // Shortening the exam type alone keeps the regulator: ratings whole.
        assert_eq!(
            at(12 + 9 + 25 + 5 + 12),
            [Some(12), Some(9), Some(25), Some(5)]
        );
        // Narrower: the ratings too, still no column dropped.
        assert_eq!(
            at(12 + 9 + 6 + 5 + 12),
            [Some(12), Some(9), Some(6), Some(5)]
        );
        // Narrower still: a column goes, and nothing is shortened that
        // would not save one.
        assert_eq!(at(12 + 6 + 5 + 9), [Some(12), None, Some(6), Some(5)]);
        // A header with a short form (`REG` over `FDIC`) takes it with the
        // exam types, before the ratings are abbreviated.
        let headed = [false, true, false, false];
        let short = [20, 4, 6, 5];
        let with_short = |available| fit_headed(&natural, &short, &headed, &fits, available, 3);
        assert_eq!(
            with_short(12 + 4 + 25 + 5 + 12),
            [Some(12), Some(4), Some(25), Some(5)]
        );
        assert_eq!(
            with_short(12 + 4 + 6 + 5 + 12),
            [Some(12), Some(4), Some(6), Some(5)]
        );
        // Not taken when nothing would be dropped without it.
        assert_eq!(
            with_short(20 + 9 + 25 + 23 + 12),
            [Some(20), Some(9), Some(25), Some(23)]
        );
        assert_eq!(
            Fit::ExamType { rank: 0 }.shortened("Intermediate Small Bank"),
            "ISB"
        );
        assert_eq!(
            Fit::ExamType { rank: 0 }.shortened("Wholesale"),
            "Wholesale"
        );
    }

    #[test]
    fn exam_types_give_way_before_a_name_is_cut_and_ratings_do_not() {
        // NAME, REGULATOR (short header REG), RATING, EXAM TYPE: 30 + 9 +
        // 16 + 23 + 12 = 90 wanted in 88. Cutting the name 2 would show
        // every column; `ISB` and `REG` show them with the name whole.
        let fits = [
            NAME,
            Fit::Keep { rank: 6 },
            Fit::Rating { rank: 1 },
            Fit::ExamType { rank: 5 },
        ];
        let natural = [30, 9, 16, 23];
        let short = [30, 4, 6, 4];
        let headed = [false, true, false, false];
        let widths = fit_headed(&natural, &short, &headed, &fits, 88, 3);
        assert_eq!(widths, [Some(30), Some(4), Some(16), Some(4)]);
        // The ratings stay whole: a legend is not worth a name's letters.
        let no_type = [NAME, Fit::Rating { rank: 1 }];
        assert_eq!(
            fit_headed(&[30, 16], &[30, 6], &[false, false], &no_type, 44, 3),
            [Some(22), Some(16)]
        );
    }

    #[test]
    fn values_keep_their_ratings_whole_or_abbreviated_never_cut() {
        // BEFORE and AFTER of `diff`: the name gives way, the values do not.
        let values = Fit::Values { rank: 2, min: 18 };
        let fits = [Fit::Keep { rank: 0 }, NAME, values, values];
        let natural = [7, 30, 25, 30];
        let short = [7, 30, 16, 30];
        let widths = fit_headed(
            &natural,
            &short,
            &[false; 4],
            &fits,
            7 + 12 + 16 + 18 + 12 + 6,
            3,
        );
        assert_eq!(widths, [Some(7), Some(18), Some(16), Some(18)]);
        assert_eq!(
            values.shortened("Satisfactory · 2020-01-01"),
            "SAT · 2020-01-01"
        );
        assert_eq!(values.shortened("A · FDIC"), "A · FDIC");
    }

    #[test]
    fn unique_prefixes_and_abbreviations() {
        let ids = ["0123456789ab", "0123456789cd", "ffffffff0000"];
        assert_eq!(unique_prefix(ids.iter().copied(), 8), 11);
        assert_eq!(unique_prefix(["a1b2c3d4e5", "f1"].iter().copied(), 8), 8);
        // A bank on two rows is one bank: its id needs no more than `min`.
        assert_eq!(
            unique_prefix(["same-id-xx", "same-id-xx"].iter().copied(), 8),
            8
        );
        let rows = [
            "0123456789ab",
            "ffffffff0000",
            "0123456789ab",
            "0123456789cd",
        ];
        assert_eq!(unique_prefix(rows.iter().copied(), 8), 11);
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
            (0u8..5).prop_map(|rank| Fit::Spare { rank }),
            (0u8..5).prop_map(|rank| Fit::Rating { rank }),
            (0u8..5).prop_map(|rank| Fit::ExamType { rank }),
            (0u8..5, 1u8..30).prop_map(|(rank, min)| Fit::Values { rank, min }),
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
                    (Fit::Keep { .. } | Fit::Spare { .. }, Some(w)) => prop_assert_eq!(w, natural[i]),
                    // Whole, or as wide as shortened (at most `min` for values).
                    (Fit::Rating { .. } | Fit::ExamType { .. }, Some(w)) => {
                        prop_assert!(w == natural[i] || w == natural[i].min(ABBREVIATED));
                    }
                    (Fit::Values { min, .. }, Some(w)) => prop_assert!(
                        w == natural[i] || w <= natural[i].min(ABBREVIATED).max(usize::from(min))
                    ),
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
