//! Fonts: how a font's codes decode and how wide they are.

use super::Limits;
use super::geometry::Matrix;
use super::tree::{dict_of, number, numbers, resolve};
use lopdf::{Dictionary, Document, Encoding, Object};
use std::collections::HashMap;

/// What a font needs here: how its codes decode and how wide they are.
pub(super) struct Font<'a> {
    pub(super) two_byte: bool,
    /// Widths in thousandths of an em, by code.
    pub(super) widths: HashMap<u32, f32>,
    pub(super) default_width: f32,
    /// Thousandths of an em per glyph-space unit (1 but for Type 3 fonts).
    pub(super) scale: f32,
    pub(super) encoding: Option<Encoding<'a>>,
}

/// How `dict`'s codes decode and how wide they are, within `limits` (a
/// ToUnicode map inflates to a stream's bytes at most, a composite font
/// gives its widths).
pub(super) fn load<'a>(doc: &'a Document, dict: &'a Dictionary, limits: &Limits) -> Font<'a> {
    let name = |key: &[u8]| {
        dict.get(key)
            .ok()
            .and_then(|n| resolve(doc, n)?.as_name().ok())
    };
    let two_byte = name(b"Subtype") == Some(b"Type0");
    let mut widths = HashMap::new();
    let mut default_width = 0.0;
    let mut scale = 1.0;
    if two_byte {
        let descendant = dict
            .get(b"DescendantFonts")
            .ok()
            .and_then(|d| resolve(doc, d)?.as_array().ok()?.first())
            .and_then(|d| dict_of(doc, d));
        default_width = 1000.0;
        if let Some(cid) = descendant {
            default_width = cid
                .get(b"DW")
                .ok()
                .and_then(|w| number(doc, w))
                .unwrap_or(1000.0);
            let w = cid
                .get(b"W")
                .ok()
                .and_then(|w| resolve(doc, w)?.as_array().ok());
            cid_widths(
                doc,
                w.map(Vec::as_slice).unwrap_or(&[]),
                limits.widths,
                &mut widths,
            );
        }
    } else if let Some(list) = dict
        .get(b"Widths")
        .ok()
        .and_then(|w| resolve(doc, w)?.as_array().ok())
    {
        let first = dict
            .get(b"FirstChar")
            .ok()
            .and_then(|f| number(doc, f))
            .unwrap_or(0.0) as u32;
        for (code, w) in (first..first.saturating_add(256)).zip(list.iter()) {
            widths.insert(code, number(doc, w).unwrap_or(0.0));
        }
        if name(b"Subtype") == Some(b"Type3") {
            let matrix: Option<Matrix> = numbers(doc, dict.get(b"FontMatrix").ok());
            scale = matrix.map_or(1.0, |m| m[0] * 1000.0);
        }
    } else {
        let base = name(b"BaseFont").unwrap_or(b"");
        let fixed = base.starts_with(b"Courier");
        for (code, w) in (32u32..).zip(HELVETICA.iter()) {
            widths.insert(code, if fixed { 600.0 } else { f32::from(*w) });
        }
        default_width = if fixed { 600.0 } else { 500.0 };
    }
    let encoding = dict
        .get_font_encoding_with_limit(doc, limits.stream_bytes)
        .ok();
    Font {
        two_byte,
        widths,
        default_width,
        scale,
        encoding,
    }
}

/// A CID font's `/W`: `c [w1 w2 …]` and `c_first c_last w`, `most` of
/// them at most.
fn cid_widths(doc: &Document, w: &[Object], most: usize, widths: &mut HashMap<u32, f32>) {
    let mut i = 0;
    while i < w.len() && widths.len() < most {
        let Some(first) = number(doc, &w[i]).map(|f| f as u32) else {
            break;
        };
        match w.get(i + 1).and_then(|next| resolve(doc, next)) {
            Some(Object::Array(list)) => {
                for (code, width) in (first..).zip(list.iter().take(most)) {
                    widths.insert(code, number(doc, width).unwrap_or(0.0));
                }
                i += 2;
            }
            Some(last) => {
                let (Some(last), Some(width)) = (
                    last.as_float().ok(),
                    w.get(i + 2).and_then(|x| number(doc, x)),
                ) else {
                    break;
                };
                let last = (last as u32)
                    .min(first.saturating_add(u32::try_from(most).unwrap_or(u32::MAX)));
                for code in first..=last {
                    widths.insert(code, width);
                }
                i += 3;
            }
            None => break,
        }
    }
}

/// Helvetica's widths (its AFM), codes 32 to 126: the standard 14 fonts
/// carry none in the file (other faces are near enough for placing words),
/// and the sandbox writes its evaluations in it.
pub const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
