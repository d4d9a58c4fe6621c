//! The counts of `cra stats` drawn: a bar per group in the terminal (with
//! shares when they fit: whole percents, or one decimal for `--percent`,
//! and a legend), or an SVG file. Both
//! take plain bars (a group, its total, its counts by rating) and the view
//! or title they are drawn for; neither asks where it is shown.

use std::fmt::Write as _;

use super::palette::{Hue, PALETTE};
use crate::text::{escape_markup, shorten as fit};

/// One group's counts, best rating first, `other` last.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bar {
    pub group: String,
    pub total: u64,
    pub counts: [u64; 5],
}

/// Counts by rating as a person at a terminal sees them: a bar a group.
pub struct Chart {
    pub bars: Vec<Bar>,
    /// What is counted (`banks`, `rating records`).
    pub unit: &'static str,
    /// Decimal places of the shares (`--percent`: 1).
    pub places: usize,
    /// The group column's header when it is not `GROUP`, and what the
    /// shares are of, said before the legend (`stats --by lending_test`:
    /// `LENDING TEST`, the overall ratings of the banks each test rating
    /// groups).
    pub heads: Option<(String, &'static str)>,
}

impl Chart {
    /// The chart as `view` shows it (its width, its colour).
    pub fn draw(&self, view: &super::View) -> String {
        let (group, of) = match &self.heads {
            Some((group, of)) => (group.as_str(), Some(*of)),
            None => ("GROUP", None),
        };
        headed_chart(
            &self.bars,
            (group, of),
            self.unit,
            view.width.unwrap_or(80),
            view.color,
            self.places,
        )
    }
}

impl Bar {
    fn counts(&self) -> [u64; 5] {
        self.counts
    }
}

/// The chart's segments, best rating first, then the others: the one
/// palette's hues.
const SEGMENTS: [Hue; 5] = PALETTE;

/// A segment's name in a legend: the rating, or `other` (lower case: not
/// a rating's name).
fn legend_name(hue: &Hue) -> &'static str {
    if hue.key == "other" {
        "other"
    } else {
        hue.name
    }
}

/// Splits `width` cells among `counts` in proportion (largest remainder),
/// so the segments always add up to the whole bar.
pub fn segments(counts: &[u64; 5], width: usize) -> [usize; 5] {
    let total: u64 = counts.iter().sum();
    let mut out = [0usize; 5];
    if total == 0 || width == 0 {
        return out;
    }
    let width_u = width as u128;
    let mut remainders = [(0u128, 0usize); 5];
    let mut given = 0usize;
    for (i, &n) in counts.iter().enumerate() {
        let exact = u128::from(n) * width_u;
        out[i] = (exact / u128::from(total)) as usize;
        given += out[i];
        remainders[i] = (exact % u128::from(total), i);
    }
    remainders.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (_, i) in remainders.iter().take(width - given) {
        out[*i] += 1;
    }
    out
}

/// A share as the chart prints it: whole percent, `<1%` for a sliver; or,
/// with `places` decimals (`--percent`), the figure its csv gives.
fn share(n: u64, total: u64, places: usize) -> String {
    if places > 0 {
        let percent = if total == 0 {
            0.0
        } else {
            (n as f64) * 100.0 / (total as f64)
        };
        return format!("{percent:.places$}%");
    }
    if total == 0 || n == 0 {
        return "0%".to_string();
    }
    let percent = (n as f64) * 100.0 / (total as f64);
    if percent < 0.5 {
        "<1%".to_string()
    } else {
        format!("{percent:.0}%")
    }
}

/// The SGR colour of a segment on a terminal.
fn ansi(segment: usize) -> Option<&'static str> {
    SEGMENTS[segment].sgr
}

/// The terminal chart: a header, one line per group (name, total, the five
/// shares with `places` decimals when they fit, the bar), then a legend;
/// no line over `width`.
#[cfg(test)]
pub fn chart(rows: &[Bar], unit: &str, width: usize, color: bool, places: usize) -> String {
    headed_chart(rows, ("GROUP", None), unit, width, color, places)
}

/// [`chart`] with its group column headed `group` and the legend led by
/// `of`, what the shares are of (`overall rating:`).
fn headed_chart(
    rows: &[Bar],
    (group, of): (&str, Option<&str>),
    unit: &str,
    width: usize,
    color: bool,
    places: usize,
) -> String {
    const SHARES: [&str; 5] = ["OUT", "SAT", "NTI", "SNC", "OTH"];
    let width = width.max(20);
    let labels: Vec<String> = rows
        .iter()
        .map(|r| {
            let label = crate::text::inert(&r.group).into_owned();
            if label.is_empty() {
                "(none)".to_string()
            } else {
                label
            }
        })
        .collect();
    let totals: Vec<String> = rows
        .iter()
        .map(|r| crate::text::thousands(r.total))
        .collect();
    let total_header = unit.to_uppercase();
    let total_w = totals
        .iter()
        .map(String::len)
        .chain([total_header.len()])
        .max()
        .unwrap_or(0);
    let label_w_wanted = labels
        .iter()
        .map(|l| crate::text::width(l))
        .chain([crate::text::width(group)])
        .max()
        .unwrap_or(5);
    // Shares take 5 columns (`100%`, or `100.0%` with a decimal) and a
    // gap each; shown only when a bar of 10 still fits.
    let share_w = if places == 0 { 4 } else { 5 + places };
    let shares_w = 5 * (share_w + 1);
    let min_bar = 10;
    let fixed = total_w + 2 + 2; // gaps after the label and after the total
    let show_shares = width >= 6 + fixed + shares_w + 1 + min_bar;
    let rest = fixed + if show_shares { shares_w + 1 } else { 0 };
    let label_w = label_w_wanted
        .min(width.saturating_sub(rest + min_bar))
        .max(3);
    let bar_w = width.saturating_sub(label_w + rest);
    let bold = |s: &str| {
        if color {
            format!("\x1b[1m{s}\x1b[0m")
        } else {
            s.to_string()
        }
    };

    let mut out = String::new();
    let mut header = format!(
        "{:<label_w$}  {:>total_w$}  ",
        fit(group, label_w),
        total_header
    );
    if show_shares {
        for s in SHARES {
            let _ = write!(header, "{s:>share_w$} ");
        }
        header.push(' ');
    }
    header.push_str(&fit("SHARES", bar_w));
    let header = header.trim_end().to_string();
    out.push_str(&bold(&header));
    out.push('\n');
    for ((row, label), total) in rows.iter().zip(&labels).zip(&totals) {
        let label = fit(label, label_w);
        let pad = label_w.saturating_sub(crate::text::width(&label));
        let _ = write!(out, "{label}{:pad$}  {total:>total_w$}  ", "");
        let counts = row.counts();
        if show_shares {
            for n in counts {
                let _ = write!(out, "{:>share_w$} ", share(n, row.total, places));
            }
            out.push(' ');
        }
        for (i, len) in segments(&counts, bar_w).into_iter().enumerate() {
            if len == 0 {
                continue;
            }
            let bar: String = std::iter::repeat_n(SEGMENTS[i].shade, len).collect();
            match (color, ansi(i)) {
                (true, Some(code)) => {
                    let _ = write!(out, "\x1b[{code}m{bar}\x1b[0m");
                }
                _ => out.push_str(&bar),
            }
        }
        // No trailing blanks: a zero total draws no bar.
        let trimmed = out.trim_end_matches(' ').len();
        out.truncate(trimmed);
        out.push('\n');
    }
    // The legend, wrapped to the width.
    let mut line = of.map(str::to_string).unwrap_or_default();
    let mut line_len = crate::text::width(&line);
    for (i, hue) in SEGMENTS.iter().enumerate() {
        let (name, shade) = (legend_name(hue), &hue.shade);
        let abbr = SHARES[i];
        // On a very narrow terminal a name that cannot fit is left out:
        // the abbreviation still ties the shade to the share column.
        let text = if 6 + name.chars().count() < width {
            format!("{abbr} {name}")
        } else {
            abbr.to_string()
        };
        let item_len = 2 + text.chars().count();
        let item = match (color, ansi(i)) {
            (true, Some(code)) => format!("\x1b[{code}m{shade}\x1b[0m {text}"),
            _ => format!("{shade} {text}"),
        };
        if line_len > 0 && line_len + 2 + item_len > width {
            out.push_str(&line);
            out.push('\n');
            line.clear();
            line_len = 0;
        }
        if line_len > 0 {
            line.push_str("  ");
            line_len += 2;
        }
        line.push_str(&item);
        line_len += item_len;
    }
    if !line.is_empty() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The chart as a standalone SVG 1.1 document: a title, one
/// `<g class="bar" id="bar-N" data-group=…>` per group holding its label,
/// one `<rect class="KIND">` per non-empty segment (with a `<title>`
/// tooltip: rating, count, share) and its total; then a legend
/// (`<g class="legend">`). Bars are 100% stacked, 480 wide.
pub fn svg(title: &str, rows: &[Bar]) -> String {
    const LABEL_W: f64 = 180.0;
    const BAR_W: f64 = 480.0;
    const ROW_H: f64 = 22.0;
    const TOP: f64 = 40.0;
    let width = LABEL_W + BAR_W + 90.0;
    let legend_y = TOP + ROW_H * rows.len() as f64 + 16.0;
    let height = legend_y + 30.0;
    let mut out = String::new();
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape_markup(title));
    let _ = writeln!(
        out,
        r#"<text x="10" y="22" font-size="15" font-weight="bold">{}</text>"#,
        escape_markup(title)
    );
    let _ = writeln!(out, r#"<g class="bars">"#);
    for (n, row) in rows.iter().enumerate() {
        let y = TOP + ROW_H * n as f64;
        let group = escape_markup(&row.group);
        let _ = writeln!(
            out,
            r#"<g class="bar" id="bar-{n}" data-group="{group}" data-total="{}">"#,
            row.total
        );
        let _ = writeln!(
            out,
            r#"<text class="label" x="{}" y="{}" text-anchor="end">{group}</text>"#,
            LABEL_W - 8.0,
            y + 14.0
        );
        let counts = row.counts();
        let mut x = LABEL_W;
        for (i, &count) in counts.iter().enumerate() {
            if count == 0 {
                continue;
            }
            let w = BAR_W * count as f64 / row.total.max(1) as f64;
            let _ = writeln!(
                out,
                r#"<rect class="{}" x="{x:.2}" y="{y}" width="{w:.2}" height="{}" fill="{}"><title>{}: {} ({})</title></rect>"#,
                SEGMENTS[i].key,
                ROW_H - 4.0,
                SEGMENTS[i].hex,
                escape_markup(SEGMENTS[i].name),
                count,
                escape_markup(&share(count, row.total, 0))
            );
            x += w;
        }
        let _ = writeln!(
            out,
            r#"<text class="total" x="{}" y="{}">{}</text>"#,
            LABEL_W + BAR_W + 8.0,
            y + 14.0,
            crate::text::thousands(row.total)
        );
        let _ = writeln!(out, "</g>");
    }
    let _ = writeln!(out, "</g>");
    let _ = writeln!(out, r#"<g class="legend">"#);
    let mut x = 10.0;
    for hue in &SEGMENTS {
        let (name, key, fill) = (legend_name(hue), hue.key, hue.hex);
        let _ = writeln!(
            out,
            r#"<rect class="{}" x="{x}" y="{legend_y}" width="12" height="12" fill="{fill}"/><text x="{}" y="{}">{}</text>"#,
            key,
            x + 16.0,
            legend_y + 10.0,
            escape_markup(name)
        );
        x += 26.0 + 7.0 * name.len() as f64;
    }
    let _ = writeln!(out, "</g>");
    let _ = writeln!(out, "</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn row(group: &str, counts: [u64; 5]) -> Bar {
        Bar {
            group: group.to_string(),
            total: counts.iter().sum(),
            counts,
        }
    }

    #[test]
    fn shares_read_as_whole_percents() {
        assert_eq!(share(1, 3, 0), "33%");
        assert_eq!(share(0, 3, 0), "0%");
        assert_eq!(share(1, 1000, 0), "<1%");
        assert_eq!(share(0, 0, 0), "0%");
    }

    #[test]
    fn shares_with_a_decimal_are_the_csv_figures() {
        assert_eq!(share(1, 3, 1), "33.3%");
        assert_eq!(share(2, 1000, 1), "0.2%");
        assert_eq!(share(0, 0, 1), "0.0%");
        assert_eq!(share(7, 7, 1), "100.0%");
        let text = chart(&[row("TX", [1, 2, 3, 4, 0])], "banks", 80, false, 1);
        assert!(
            text.lines()
                .next()
                .unwrap()
                .contains("   OUT    SAT    NTI"),
            "{text}"
        );
        assert!(
            text.contains(" 10.0%  20.0%  30.0%  40.0%   0.0%"),
            "{text}"
        );
    }

    #[test]
    fn svg_escapes_labels() {
        let doc = svg("a <b> & 'c'", &[row("X\"<&>", [1, 2000, 3, 4, 0])]);
        assert!(doc.contains("X&quot;&lt;&amp;&gt;"));
        assert!(doc.contains("(&lt;1%)"), "{doc}");
        assert!(!doc.contains("X\"<"));
    }

    #[test]
    fn chart_without_color_has_no_escapes() {
        let text = chart(&[row("TX", [1, 2, 3, 4, 5])], "banks", 80, false, 0);
        assert!(!text.contains('\x1b'));
        for shade in ['█', '▓', '▒', '░', '·'] {
            assert!(text.contains(shade), "{text}");
        }
    }

    proptest! {
        #[test]
        fn segments_fill_the_bar(counts in proptest::array::uniform5(0u64..10_000), width in 0usize..300) {
            let parts = segments(&counts, width);
            let total: u64 = counts.iter().sum();
            prop_assert_eq!(parts.iter().sum::<usize>(), if total == 0 { 0 } else { width });
            for (p, c) in parts.iter().zip(counts) {
                if c == 0 { prop_assert_eq!(*p, 0); }
            }
        }

        #[test]
        fn no_chart_line_is_wider_than_the_width(
            width in 20usize..200,
            groups in proptest::collection::vec(("\\PC{0,40}", proptest::array::uniform5(0u64..100_000)), 0..6),
            places in 0usize..2,
        ) {
            let rows: Vec<Bar> = groups.iter().map(|(g, c)| row(g, *c)).collect();
            let text = chart(&rows, "banks", width, false, places);
            for line in text.lines() {
                let shown = crate::text::width(line);
                prop_assert!(shown <= width, "{} > {}: {:?}", shown, width, line);
            }
            prop_assert_eq!(text.lines().count() >= rows.len() + 2, true);
        }
    }
}
