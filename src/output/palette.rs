//! The one palette of ratings, for every output that colours them: the
//! terminal's tables and charts, the SVG chart, the report and workbooks.
//!
//! A diverging blue-to-red scale (ColorBrewer's RdBu): it reads for the
//! three common kinds of colour blindness (no red against green) and in
//! grey, light to dark at both ends. On a terminal, which has few colours
//! and the user's own theme, each rating takes the nearest of the basic
//! ones; Satisfactory, the common case, stays plain so the others stand
//! out. The terminal's shades (`█▓▒░`) tell the ratings apart without
//! colour at all.

use comfy_table::Color;

use crate::domain::Rating;

/// How one rating (or "other") is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hue {
    /// The rating as the service spells it, or `Other`.
    pub name: &'static str,
    /// Its json key and SVG class.
    pub key: &'static str,
    /// Its colour in SVG, HTML and workbooks.
    pub hex: &'static str,
    /// Its colour on a terminal, if any.
    pub terminal: Option<Color>,
    /// Its SGR parameter on a terminal (`2`: dim), for text drawn by hand.
    pub sgr: Option<&'static str>,
    /// Its shade in a terminal chart, which reads without colour.
    pub shade: char,
}

/// The four ratings, best first, then any other text.
pub const PALETTE: [Hue; 5] = [
    Hue {
        name: Rating::NAMES[0],
        key: "outstanding",
        hex: "#2166ac",
        terminal: Some(Color::Blue),
        sgr: Some("34"),
        shade: '█',
    },
    Hue {
        name: Rating::NAMES[1],
        key: "satisfactory",
        hex: "#92c5de",
        terminal: None,
        sgr: None,
        shade: '▓',
    },
    Hue {
        name: Rating::NAMES[2],
        key: "needs_to_improve",
        hex: "#f4a582",
        terminal: Some(Color::Yellow),
        sgr: Some("33"),
        shade: '▒',
    },
    Hue {
        name: Rating::NAMES[3],
        key: "substantial_noncompliance",
        hex: "#b2182b",
        terminal: Some(Color::Red),
        sgr: Some("31"),
        shade: '░',
    },
    Hue {
        name: "Other",
        key: "other",
        hex: "#bdbdbd",
        terminal: None,
        sgr: Some("2"),
        shade: '·',
    },
];

/// How a rating's text is shown: one of the four, or "other".
pub fn hue(rating: &str) -> &'static Hue {
    &PALETTE[Rating::from_text(rating).rank().unwrap_or(4)]
}

/// A rating's colour on a terminal (tables).
pub fn rating_color(rating: &str) -> Option<Color> {
    match Rating::from_text(rating).rank() {
        Some(rank) => PALETTE[rank].terminal,
        None => None,
    }
}

/// The colour of an upgrade or a downgrade in `cra changes` (the cell
/// also carries an arrow, for readers without colour): the colours of
/// the scale's two ends.
pub fn change_color(change: &str) -> Option<Color> {
    match change.rsplit(' ').next().unwrap_or(change) {
        "upgrade" => PALETTE[0].terminal,
        "downgrade" => PALETTE[3].terminal,
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Relative luminance (WCAG) of `#rrggbb`.
    fn luminance(hex: &str) -> f64 {
        let channel = |i: usize| {
            let v = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
            if v <= 0.03928 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
    }

    #[test]
    fn every_rating_has_its_hue_and_others_share_one() {
        for (rank, name) in Rating::NAMES.iter().enumerate() {
            assert_eq!(hue(name), &PALETTE[rank]);
        }
        assert_eq!(hue("Glorious").key, "other");
        assert_eq!(rating_color("Outstanding"), Some(Color::Blue));
        assert_eq!(rating_color("Satisfactory"), None);
        assert_eq!(change_color("↓ downgrade"), Some(Color::Red));
    }

    /// In grey (as printed, or for a reader who sees no hue) the ends of
    /// the scale are dark and the middle light: the two ratings of each
    /// side still differ in lightness.
    #[test]
    fn the_scale_reads_in_grey() {
        let l: Vec<f64> = PALETTE[..4].iter().map(|h| luminance(h.hex)).collect();
        assert!(l[0] < l[1] && l[3] < l[2], "{l:?}");
        assert!(l[1] / l[0] > 3.0 && l[2] / l[3] > 3.0, "{l:?}");
    }
}
