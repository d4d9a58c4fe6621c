//! Fonts: how a font's codes decode and how wide they are.

use super::super::model::SetAside;
use super::geometry::Matrix;
use super::tree::{dict_of, number, numbers, resolve};
use super::{Limits, Spent, bound};
use lopdf::{DecompressError, Dictionary, Document, Encoding, Error, Object, ObjectId};
use std::collections::HashMap;
use std::rc::Rc;

/// What a kept width costs, in the budget's bytes (a hash map's entry).
const WIDTH_BYTES: usize = 16;
/// What a kept ToUnicode entry costs (a range map's entry and its text).
const MAP_ENTRY_BYTES: usize = 64;

/// What a font needs here: how its codes decode and how wide they are.
pub(super) struct Font<'a> {
    pub(super) two_byte: bool,
    /// Widths in thousandths of an em, by code.
    pub(super) widths: Widths,
    pub(super) default_width: f32,
    /// Thousandths of an em per glyph-space unit (1 but for Type 3 fonts).
    pub(super) scale: f32,
    /// Shared by the fonts whose ToUnicode map is one stream.
    pub(super) encoding: Option<Rc<Encoding<'a>>>,
}

/// How `dict`'s codes decode and how wide they are, within `limits` (a
/// ToUnicode map inflates to [`Limits::map_bytes`] at most and is read
/// once however many fonts share it (`maps`), a composite font gives
/// [`Limits::widths`]), what is kept spent from the file's budget.
pub(super) fn load<'a>(
    doc: &'a Document,
    dict: &'a Dictionary,
    limits: &Limits,
    maps: &mut HashMap<ObjectId, Rc<Encoding<'a>>>,
    spent: &mut Spent,
) -> Result<Font<'a>, SetAside> {
    let name = |key: &[u8]| {
        dict.get(key)
            .ok()
            .and_then(|n| resolve(doc, n)?.as_name().ok())
    };
    let two_byte = name(b"Subtype") == Some(b"Type0");
    let mut widths = Widths::default();
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
            widths.push(code, code, number(doc, w).unwrap_or(0.0));
        }
        if name(b"Subtype") == Some(b"Type3") {
            let matrix: Option<Matrix> = numbers(doc, dict.get(b"FontMatrix").ok());
            scale = matrix.map_or(1.0, |m| m[0] * 1000.0);
        }
    } else {
        let base = name(b"BaseFont").unwrap_or(b"");
        let fixed = base.starts_with(b"Courier");
        for (code, w) in (32u32..).zip(HELVETICA.iter()) {
            widths.push(code, code, if fixed { 600.0 } else { f32::from(*w) });
        }
        default_width = if fixed { 600.0 } else { 500.0 };
    }
    widths.0.sort_by_key(|&(first, _, _)| first);
    spent.take(widths.0.len().saturating_mul(WIDTH_BYTES))?;
    let encoding = encoding(doc, dict, limits, maps, spent)?;
    Ok(Font {
        two_byte,
        widths,
        default_width,
        scale,
        encoding,
    })
}

/// `dict`'s encoding. Where it is its ToUnicode map alone (no
/// `/Encoding`, or Identity-H or -V), the map is inflated within
/// [`Limits::map_bytes`], its bytes and entries spent, and kept by its
/// stream for the next font that shares it.
fn encoding<'a>(
    doc: &'a Document,
    dict: &'a Dictionary,
    limits: &Limits,
    maps: &mut HashMap<ObjectId, Rc<Encoding<'a>>>,
    spent: &mut Spent,
) -> Result<Option<Rc<Encoding<'a>>>, SetAside> {
    let by_map = match dict.get(b"Encoding").ok().and_then(|e| resolve(doc, e)) {
        None => true,
        Some(encoding) => matches!(encoding.as_name(), Ok(b"Identity-H" | b"Identity-V")),
    };
    let map = dict.get(b"ToUnicode").ok();
    let stream = map
        .and_then(|m| resolve(doc, m))
        .and_then(|m| m.as_stream().ok());
    let (true, Some(stream)) = (by_map, stream) else {
        // A named or differences encoding: small, nothing inflated.
        return Ok(dict
            .get_font_encoding_with_limit(doc, limits.map_bytes)
            .ok()
            .map(Rc::new));
    };
    let id = match map {
        Some(Object::Reference(id)) => Some(*id),
        _ => None,
    };
    if let Some(known) = id.and_then(|id| maps.get(&id)) {
        return Ok(Some(Rc::clone(known)));
    }
    let cap = limits.map_bytes.min(spent.left());
    let bytes = match stream.get_plain_content_with_limit(cap) {
        Ok(plain) => plain.len(),
        Err(Error::Decompress(DecompressError::MemoryLimitExceeded { .. }))
            if cap < limits.map_bytes =>
        {
            return Err(bound("inflated and parsed bytes", limits.total_bytes));
        }
        Err(Error::Decompress(DecompressError::MemoryLimitExceeded { .. })) => {
            return Err(bound("ToUnicode map bytes", limits.map_bytes));
        }
        // Broken: the font decodes as lopdf's fallback would have it.
        Err(_) => 0,
    };
    spent.take(bytes)?;
    let encoding = dict
        .get_font_encoding_with_limit(doc, limits.map_bytes)
        .ok()
        .map(Rc::new);
    if let Some(Encoding::UnicodeMapEncoding(map)) = encoding.as_deref() {
        let entries: usize = map
            .bf_ranges
            .iter()
            .map(|ranges| ranges.iter().count())
            .sum();
        spent.take(entries.saturating_mul(MAP_ENTRY_BYTES))?;
    }
    if let (Some(id), Some(encoding)) = (id, &encoding) {
        maps.insert(id, Rc::clone(encoding));
    }
    Ok(encoding)
}

/// Widths by code: runs of codes of one width, sorted by their first
/// code. A `/W` range costs one entry, never the codes it claims.
#[derive(Default)]
pub(super) struct Widths(Vec<(u32, u32, f32)>);

impl Widths {
    fn push(&mut self, first: u32, last: u32, width: f32) {
        self.0.push((first, last.max(first), width));
    }

    /// The width of `code`, where a run holds it.
    pub(super) fn get(&self, code: u32) -> Option<f32> {
        let after = self.0.partition_point(|&(first, _, _)| first <= code);
        let &(_, last, width) = self.0[..after].last()?;
        (code <= last).then_some(width)
    }
}

/// A CID font's `/W`: `c [w1 w2 …]` and `c_first c_last w`, `most`
/// entries at most.
fn cid_widths(doc: &Document, w: &[Object], most: usize, widths: &mut Widths) {
    let mut i = 0;
    while i < w.len() && widths.0.len() < most {
        let Some(first) = number(doc, &w[i]).map(|f| f as u32) else {
            break;
        };
        match w.get(i + 1).and_then(|next| resolve(doc, next)) {
            Some(Object::Array(list)) => {
                let room = most - widths.0.len();
                for (code, width) in (first..).zip(list.iter().take(room)) {
                    widths.push(code, code, number(doc, width).unwrap_or(0.0));
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
                widths.push(first, last as u32, width);
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
