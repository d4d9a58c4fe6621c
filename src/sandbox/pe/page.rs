//! A page being drawn: its content stream and the text runs' boxes.

use super::fonts::{BODY, St, bytes_width, num, width, winansi, wrap};

pub(super) const LEFT: f32 = 72.0;
pub(super) const RIGHT: f32 = 540.0;
const TOP: f32 = 720.0;
pub(super) const BOTTOM: f32 = 72.0;

/// One page's content stream, the cursor's baseline, and each run's box
/// (x, y, width, size) for the scanned image.
#[derive(Default)]
pub(super) struct Page {
    pub(super) ops: Vec<u8>,
    pub(super) y: f32,
    pub(super) boxes: Vec<[f32; 4]>,
}

impl Page {
    pub(super) fn new() -> Page {
        Page {
            y: TOP,
            ..Page::default()
        }
    }

    /// `BT /F1 10 Tf 1 0 0 1 x y Tm (text) Tj ET`, ( ) \ escaped.
    pub(super) fn run(&mut self, st: St, x: f32, y: f32, text: &str) {
        let bytes = winansi(text);
        let f = 1 + usize::from(st.0);
        let (s, xs, ys) = (num(st.1), num(x), num(y));
        let head = format!("BT /F{f} {s} Tf 1 0 0 1 {xs} {ys} Tm (");
        self.ops.extend_from_slice(head.as_bytes());
        let escape = |b: u8| usize::from(!matches!(b, b'(' | b')' | b'\\'));
        let escaped = bytes
            .iter()
            .flat_map(|&b| [b'\\', b].into_iter().skip(escape(b)));
        self.ops.extend(escaped);
        self.ops.extend_from_slice(b") Tj ET\n");
        self.boxes.push([x, y, bytes_width(&bytes, st), st.1]);
    }

    pub(super) fn line(&mut self, st: St, x: f32, text: &str) {
        self.run(st, x, self.y, text);
        self.y -= st.1 * 1.4;
    }

    /// Lines centred on `cx`, wrapped to `room`.
    pub(super) fn centred(&mut self, st: St, cx: f32, room: f32, text: &str) {
        for line in wrap(text, st, room) {
            self.line(st, cx - width(&line, st) / 2.0, &line);
        }
    }

    /// Lines centred on the page, then `gap` points down.
    pub(super) fn mid(&mut self, st: St, text: &str, gap: f32) {
        self.centred(st, 306.0, RIGHT - LEFT, text);
        self.y -= gap;
    }

    /// A wrapped paragraph from `x` to the right margin, cut at the foot.
    pub(super) fn para(&mut self, st: St, x: f32, text: &str) {
        for line in wrap(text, st, RIGHT - x) {
            if self.y < BOTTOM {
                break;
            }
            self.line(st, x, &line);
        }
        self.y -= st.1 * 0.6;
    }

    pub(super) fn bullet(&mut self, text: &str) {
        self.run(BODY, LEFT + 4.0, self.y, "•");
        for line in wrap(text, BODY, RIGHT - LEFT - 18.0) {
            self.line(BODY, LEFT + 18.0, &line);
        }
        self.y -= 4.0;
    }

    pub(super) fn rule(&mut self, y: f32) {
        let line = format!("0.5 w 72 {0} m 540 {0} l S\n", num(y));
        self.ops.extend_from_slice(line.as_bytes());
    }
}
