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

/// The six levels a rating or a test rating is given at (`Level::ALL`'s
/// order, best first), each with its colour in workbooks: the four
/// ratings' own, and between them the two a large bank's tests have, High
/// Satisfactory (a deeper blue than Satisfactory's) and Low Satisfactory
/// (a paler one), from the same ColorBrewer scale.
pub const LEVEL_HEX: [(&str, &str); 6] = [
    (Rating::NAMES[0], PALETTE[0].hex),
    ("High Satisfactory", "#4393c3"),
    (Rating::NAMES[1], PALETTE[1].hex),
    ("Low Satisfactory", "#d1e5f0"),
    (Rating::NAMES[2], PALETTE[2].hex),
    (Rating::NAMES[3], PALETTE[3].hex),
];

/// The place of a rating's or a test rating's text in [`LEVEL_HEX`]; none
/// for another text.
pub fn level_index(text: &str) -> Option<usize> {
    let level = crate::domain::Level::from_text(text)?;
    crate::domain::Level::ALL.iter().position(|l| *l == level)
}

/// How a rating's text is shown: one of the four, or "other".
#[cfg(test)]
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

    /// `#rrggbb` as linear RGB, 0 to 1.
    fn linear(hex: &str) -> [f64; 3] {
        std::array::from_fn(|i| {
            let v = f64::from(u8::from_str_radix(&hex[1 + 2 * i..3 + 2 * i], 16).unwrap()) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        })
    }

    /// CIELAB (D65) of a linear RGB colour.
    fn lab([r, g, b]: [f64; 3]) -> [f64; 3] {
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f64| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        [
            116.0 * f(y) - 16.0,
            500.0 * (f(x) - f(y)),
            200.0 * (f(y) - f(z)),
        ]
    }

    /// How a colour looks to a reader with no working L, M or S cones
    /// (Machado, Oliveira and Fernandes 2009, severity 1), and to one with
    /// all three.
    const VISION: [(&str, [[f64; 3]; 3]); 4] = [
        (
            "typical",
            [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
        ),
        (
            "protanopia",
            [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ],
        ),
        (
            "deuteranopia",
            [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ],
        ),
        (
            "tritanopia",
            [
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ],
        ),
    ];

    /// `hex` as seen with `vision`, in CIELAB.
    fn seen(hex: &str, vision: &[[f64; 3]; 3]) -> [f64; 3] {
        let c = linear(hex);
        lab(std::array::from_fn(|i| {
            (0..3)
                .map(|j| vision[i][j] * c[j])
                .sum::<f64>()
                .clamp(0.0, 1.0)
        }))
    }

    /// Colour-blind safe, checked rather than assumed: seen with each of
    /// the three dichromacies (and typical vision), any two ratings differ
    /// by at least 30 in CIELAB (ΔE*ab; 2.3 is the smallest difference one
    /// notices, and the palette's closest pair under any vision is 32).
    #[test]
    fn every_two_ratings_differ_for_colour_blind_readers() {
        for (name, vision) in &VISION {
            for (a, b) in [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)] {
                let (x, y) = (seen(PALETTE[a].hex, vision), seen(PALETTE[b].hex, vision));
                let distance = (0..3).map(|i| (x[i] - y[i]).powi(2)).sum::<f64>().sqrt();
                assert!(
                    distance >= 30.0,
                    "{name}: {} and {} differ by {distance:.1}",
                    PALETTE[a].name,
                    PALETTE[b].name
                );
            }
        }
    }

    /// Every level of a test rating has its own colour: in order on the
    /// scale, each two apart under every vision, and named as the copy
    /// stores the level.
    #[test]
    fn every_level_has_its_own_colour() {
        for (at, level) in crate::domain::Level::ALL.iter().enumerate() {
            assert_eq!(LEVEL_HEX[at].0, level.as_str());
            assert_eq!(level_index(level.as_str()), Some(at));
        }
        assert_eq!(level_index("needs improvement"), Some(4));
        assert_eq!(level_index("Glorious"), None);
        for (name, vision) in &VISION {
            for (a, (one, hex)) in LEVEL_HEX.iter().enumerate() {
                for (other, other_hex) in &LEVEL_HEX[a + 1..] {
                    let (x, y) = (seen(hex, vision), seen(other_hex, vision));
                    let distance = (0..3).map(|i| (x[i] - y[i]).powi(2)).sum::<f64>().sqrt();
                    assert!(
                        distance >= 10.0,
                        "{name}: {one} and {other} differ by {distance:.1}"
                    );
                }
            }
        }
        // Light to dark towards each end, as the four.
        let l: Vec<f64> = LEVEL_HEX.iter().map(|(_, hex)| luminance(hex)).collect();
        assert!(l[0] < l[1] && l[1] < l[2] && l[2] < l[3], "{l:?}");
        assert!(l[5] < l[4], "{l:?}");
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
