//! The content-stream interpreter: graphics and text state, the text each
//! page draws as positioned chunks.

use super::super::model::{Page, SetAside};
use super::fonts::Font;
use super::geometry::{Chunk, IDENTITY, Matrix, mul};
use super::lines::lines;
use super::tree::{PageRef, dict_of, numbers, resolve};
use super::{Limits, bound};
use lopdf::content::Content;
use lopdf::{DecompressError, Dictionary, Document, Error, Object, ObjectId};
use std::collections::{HashMap, HashSet};

#[derive(Clone)]
struct State {
    ctm: Matrix,
    /// The font set, known by its dictionary's address in the document
    /// (a font may be an object of its own or written in the resources).
    font: Option<usize>,
    size: f32,
    char_space: f32,
    word_space: f32,
    scale: f32,
    leading: f32,
    rise: f32,
}

pub(super) struct Reader<'a> {
    pub(super) doc: &'a Document,
    pub(super) limits: &'a Limits,
    pub(super) inflated: usize,
    pub(super) operators: usize,
    pub(super) fonts: HashMap<usize, Font<'a>>,
}

impl<'a> Reader<'a> {
    pub(super) fn page(&mut self, page: &PageRef<'a>) -> Result<Page, SetAside> {
        let mut chunks = Vec::new();
        let content = self.contents(page.dict.get(b"Contents").ok())?;
        let state = State {
            ctm: IDENTITY,
            font: None,
            size: 0.0,
            char_space: 0.0,
            word_space: 0.0,
            scale: 1.0,
            leading: 0.0,
            rise: 0.0,
        };
        let mut seen = HashSet::new();
        self.run(&content, page.resources, state, 0, &mut seen, &mut chunks)?;
        let [x0, y0, x1, y1] = page.media_box;
        let (left, top) = (x0.min(x1), y0.max(y1));
        Ok(lines(chunks, left, top))
    }

    /// A page's content streams, inflated and joined.
    fn contents(&mut self, contents: Option<&'a Object>) -> Result<Vec<u8>, SetAside> {
        let mut out = Vec::new();
        let parts = match contents.and_then(|c| resolve(self.doc, c)) {
            Some(Object::Array(parts)) => parts.iter().collect(),
            Some(object) => vec![object],
            None => Vec::new(),
        };
        let mut seen = HashSet::new();
        for part in parts {
            if let Object::Reference(id) = part
                && !seen.insert(*id)
            {
                continue;
            }
            if let Some(Object::Stream(stream)) = resolve(self.doc, part) {
                out.extend_from_slice(&self.inflate(stream)?);
                out.push(b'\n');
            }
        }
        Ok(out)
    }

    fn inflate(&mut self, stream: &lopdf::Stream) -> Result<Vec<u8>, SetAside> {
        let left = self.limits.total_bytes.saturating_sub(self.inflated);
        let cap = self.limits.stream_bytes.min(left);
        match stream.decompressed_content_with_limit(cap) {
            Ok(plain) => {
                self.inflated += plain.len();
                Ok(plain)
            }
            Err(Error::Decompress(DecompressError::MemoryLimitExceeded { .. }))
                if cap < self.limits.stream_bytes =>
            {
                Err(bound("inflated bytes", self.limits.total_bytes))
            }
            Err(Error::Decompress(DecompressError::MemoryLimitExceeded { .. })) => {
                Err(bound("inflated stream bytes", self.limits.stream_bytes))
            }
            // An unknown filter (an image's DCT, say) or broken data: no text.
            Err(_) => Ok(Vec::new()),
        }
    }

    /// Interprets a content stream, adding the text it draws to `chunks`.
    fn run(
        &mut self,
        content: &[u8],
        resources: Option<&'a Dictionary>,
        mut gs: State,
        depth: usize,
        forms: &mut HashSet<ObjectId>,
        chunks: &mut Vec<Chunk>,
    ) -> Result<(), SetAside> {
        let doc = self.doc;
        let resource = |kind: &[u8], name: &[u8]| -> Option<&'a Object> {
            let group = dict_of(doc, resources?.get(kind).ok()?)?;
            group.get(name).ok()
        };
        let mut saved: Vec<State> = Vec::new();
        let (mut tm, mut tlm) = (IDENTITY, IDENTITY);
        for op in Content::decode_iter(content) {
            let Ok(op) = op else { break };
            self.operators += 1;
            if self.operators > self.limits.operators {
                return Err(bound("content operators", self.limits.operators));
            }
            let args = &op.operands;
            let num = |i: usize| {
                args.get(i)
                    .and_then(|a| a.as_float().ok())
                    .filter(|v| v.is_finite())
            };
            let nums6 = || Some([num(0)?, num(1)?, num(2)?, num(3)?, num(4)?, num(5)?]);
            match op.operator.as_str() {
                "q" if saved.len() < self.limits.depth => saved.push(gs.clone()),
                "Q" => gs = saved.pop().unwrap_or(gs),
                "cm" => {
                    if let Some(m) = nums6() {
                        gs.ctm = mul(&m, &gs.ctm);
                    }
                }
                "BT" => (tm, tlm) = (IDENTITY, IDENTITY),
                "Tc" => gs.char_space = num(0).unwrap_or(0.0),
                "Tw" => gs.word_space = num(0).unwrap_or(0.0),
                "Tz" => gs.scale = num(0).unwrap_or(100.0) / 100.0,
                "TL" => gs.leading = num(0).unwrap_or(0.0),
                "Ts" => gs.rise = num(0).unwrap_or(0.0),
                "Tf" => {
                    gs.size = num(1).unwrap_or(0.0);
                    let dict = args
                        .first()
                        .and_then(|a| a.as_name().ok())
                        .and_then(|name| {
                            let (_, font) = doc.dereference(resource(b"Font", name)?).ok()?;
                            font.as_dict().ok()
                        });
                    gs.font = dict.map(|dict| std::ptr::from_ref(dict) as usize);
                    if let Some(dict) = dict {
                        self.load_font(dict);
                    }
                }
                "Td" | "TD" => {
                    let (tx, ty) = (num(0).unwrap_or(0.0), num(1).unwrap_or(0.0));
                    if op.operator == "TD" {
                        gs.leading = -ty;
                    }
                    tlm = mul(&[1.0, 0.0, 0.0, 1.0, tx, ty], &tlm);
                    tm = tlm;
                }
                "Tm" => {
                    if let Some(m) = nums6() {
                        (tm, tlm) = (m, m);
                    }
                }
                "T*" => {
                    tlm = mul(&[1.0, 0.0, 0.0, 1.0, 0.0, -gs.leading], &tlm);
                    tm = tlm;
                }
                "Tj" | "'" | "\"" | "TJ" => {
                    if op.operator != "Tj" && op.operator != "TJ" {
                        if op.operator == "\"" {
                            gs.word_space = num(0).unwrap_or(gs.word_space);
                            gs.char_space = num(1).unwrap_or(gs.char_space);
                        }
                        tlm = mul(&[1.0, 0.0, 0.0, 1.0, 0.0, -gs.leading], &tlm);
                        tm = tlm;
                    }
                    let items: &[Object] = match args.last() {
                        Some(Object::Array(items)) => items,
                        Some(other) => std::slice::from_ref(other),
                        None => &[],
                    };
                    for item in items {
                        match item {
                            Object::String(bytes, _) => self.show(bytes, &gs, &mut tm, chunks),
                            other => {
                                let adjust = other.as_float().unwrap_or(0.0);
                                let tx = -adjust / 1000.0 * gs.size * gs.scale;
                                if tx.is_finite() {
                                    tm = mul(&[1.0, 0.0, 0.0, 1.0, tx, 0.0], &tm);
                                }
                            }
                        }
                    }
                }
                "Do" => {
                    let form = args
                        .first()
                        .and_then(|a| a.as_name().ok())
                        .and_then(|n| resource(b"XObject", n));
                    let Some(Object::Reference(id)) = form else {
                        continue;
                    };
                    let Ok(Object::Stream(stream)) = doc.get_object(*id) else {
                        continue;
                    };
                    if stream.dict.get(b"Subtype").and_then(Object::as_name).ok() != Some(b"Form") {
                        continue;
                    }
                    if depth >= self.limits.form_depth || !forms.insert(*id) {
                        continue;
                    }
                    let matrix = numbers(doc, stream.dict.get(b"Matrix").ok()).unwrap_or(IDENTITY);
                    let own = stream
                        .dict
                        .get(b"Resources")
                        .ok()
                        .and_then(|r| dict_of(doc, r));
                    let body = self.inflate(stream)?;
                    let mut inner = gs.clone();
                    inner.ctm = mul(&matrix, &gs.ctm);
                    self.run(&body, own.or(resources), inner, depth + 1, forms, chunks)?;
                    forms.remove(id);
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Shows a string: one chunk of text, the text matrix advanced past it.
    fn show(&mut self, bytes: &[u8], gs: &State, tm: &mut Matrix, chunks: &mut Vec<Chunk>) {
        let font = gs.font.and_then(|id| self.fonts.get(&id));
        let two_byte = font.is_some_and(|f| f.two_byte);
        let mut advance = 0.0;
        let step = if two_byte { 2 } else { 1 };
        for code in bytes.chunks(step) {
            let code = code.iter().fold(0u32, |acc, b| acc << 8 | u32::from(*b));
            let w = font.map_or(500.0, |f| {
                f.widths.get(&code).copied().unwrap_or(f.default_width) * f.scale
            });
            let space = if step == 1 && code == 32 {
                gs.word_space
            } else {
                0.0
            };
            advance += (w / 1000.0 * gs.size + gs.char_space + space) * gs.scale;
        }
        let text = match font.and_then(|f| f.encoding.as_ref()) {
            Some(encoding) => encoding.bytes_to_string(bytes).unwrap_or_default(),
            None => bytes.iter().map(|&b| char::from(b)).collect(),
        };
        let text = plain(&text);
        let trm = mul(
            &[gs.size * gs.scale, 0.0, 0.0, gs.size, 0.0, gs.rise],
            &mul(tm, &gs.ctm),
        );
        let start = [trm[4], trm[5]];
        *tm = mul(
            &[
                1.0,
                0.0,
                0.0,
                1.0,
                if advance.is_finite() { advance } else { 0.0 },
                0.0,
            ],
            tm,
        );
        let end = mul(
            &[gs.size * gs.scale, 0.0, 0.0, gs.size, 0.0, gs.rise],
            &mul(tm, &gs.ctm),
        );
        let size = (trm[2] * trm[2] + trm[3] * trm[3]).sqrt();
        if text.trim().is_empty()
            || !size.is_finite()
            || !start[0].is_finite()
            || !start[1].is_finite()
        {
            return;
        }
        let chunk = Chunk {
            x0: start[0],
            x1: end[4].max(start[0]),
            y: start[1],
            size,
            text,
        };
        // Glyph after glyph on one baseline becomes one chunk here already.
        if let Some(last) = chunks.last_mut()
            && (last.y - chunk.y).abs() < 0.01
            && chunk.x0 >= last.x1 - 0.05 * size
            && chunk.x0 - last.x1 < 0.15 * size
        {
            last.text.push_str(&chunk.text);
            last.x1 = chunk.x1;
            return;
        }
        chunks.push(chunk);
    }
}

impl<'a> Reader<'a> {
    /// Reads a font once (known by its dictionary's address), at most
    /// 10,000 of them.
    pub(super) fn load_font(&mut self, dict: &'a Dictionary) {
        let id = std::ptr::from_ref(dict) as usize;
        if self.fonts.contains_key(&id) || self.fonts.len() >= self.limits.fonts {
            return;
        }
        let font = super::fonts::load(self.doc, dict, self.limits);
        self.fonts.insert(id, font);
    }
}

/// A string's text as the page's: control characters dropped, a no-break
/// space a space, and the Latin ligatures (U+FB00 to U+FB04) their
/// letters: the one place a ligature is folded, so every reader of the
/// pages (the PE parser's `normalise` among them) sees "fi", never "\u{fb01}".
pub(super) fn plain(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    for c in text.chars().filter(|c| !c.is_control()) {
        match c {
            '\u{a0}' => plain.push(' '),
            '\u{fb00}' => plain.push_str("ff"),
            '\u{fb01}' => plain.push_str("fi"),
            '\u{fb02}' => plain.push_str("fl"),
            '\u{fb03}' => plain.push_str("ffi"),
            '\u{fb04}' => plain.push_str("ffl"),
            c => plain.push(c),
        }
    }
    plain
}
