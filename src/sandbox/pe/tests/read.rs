//! A written PE read back: each page's text runs, decoded from its content
//! stream, and the runs as text.

use super::super::fonts::{St, width};
use super::super::winansi;
use lopdf::content::Content;
use lopdf::{Document, Object};

/// A text run as drawn: x, y, size, bold, text.
#[derive(Debug, Clone)]
pub(super) struct Drawn {
    pub(super) x: f32,
    pub(super) y: f32,
    pub(super) size: f32,
    pub(super) bold: bool,
    pub(super) text: String,
}

impl Drawn {
    pub(super) fn width(&self) -> f32 {
        width(&self.text, St(self.bold, self.size))
    }
}

fn from_winansi(bytes: &[u8]) -> String {
    let high = "€‚ƒ„…†‡ˆ‰ŠŒŽ‘’“”•–—˜™š›œžŸ";
    let back = |b: u8| high.chars().find(|c| winansi(&c.to_string()) == [b]);
    let char_of = |b: &u8| match b {
        0x80..=0x9f => back(*b).unwrap_or('?'),
        _ => char::from(*b),
    };
    bytes.iter().map(char_of).collect()
}

fn number(object: &Object) -> f32 {
    object
        .as_float()
        .or_else(|_| object.as_i64().map(|i| i as f32))
        .expect("a number")
}

pub(super) fn load(bytes: &[u8]) -> Document {
    Document::load_mem(bytes).expect("lopdf loads the PE")
}

/// Each page's runs, decoded from its content stream.
pub(super) fn pages(doc: &Document) -> Vec<Vec<Drawn>> {
    let mut out = Vec::new();
    for (_, id) in doc.get_pages() {
        let content = Content::decode(&doc.get_page_content(id)).expect("content");
        let (mut font, mut size, mut at) = (String::new(), 0.0, (0.0, 0.0));
        let mut runs = Vec::new();
        for op in content.operations {
            match op.operator.as_str() {
                "Tf" => {
                    font = String::from_utf8_lossy(op.operands[0].as_name().unwrap()).into();
                    size = number(&op.operands[1]);
                }
                "Tm" => at = (number(&op.operands[4]), number(&op.operands[5])),
                "Tj" => runs.push(Drawn {
                    x: at.0,
                    y: at.1,
                    size,
                    bold: font == "F2",
                    text: from_winansi(op.operands[0].as_str().unwrap()),
                }),
                _ => {}
            }
        }
        out.push(runs);
    }
    out
}

/// A page's runs joined into lines (top to bottom), then into one string.
pub(super) fn text(runs: &[Drawn]) -> String {
    let mut runs = runs.to_vec();
    runs.sort_by(|a, b| b.y.total_cmp(&a.y).then(a.x.total_cmp(&b.x)));
    let mut out = String::new();
    let mut last = f32::NAN;
    for run in runs {
        out.push(if run.y == last { ' ' } else { '\n' });
        out.push_str(&run.text);
        last = run.y;
    }
    out
}

pub(super) fn flat(runs: &[Drawn]) -> String {
    text(runs).replace('\n', " ")
}
