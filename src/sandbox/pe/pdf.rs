//! The PDF: the pages' content streams (or, scanned, each page as an
//! image) and the document's objects.

use super::page::Page;
use super::{Draw, PeSpec};

use flate2::Compression;
use flate2::write::ZlibEncoder;
use lopdf::{Document, Object, Stream, dictionary};
use std::io::Write;

fn deflate(data: &[u8]) -> Vec<u8> {
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::new(6));
    encoder.write_all(data).expect("writing to a Vec");
    encoder.finish().expect("writing to a Vec")
}

const IMAGE_W: usize = 200;
const IMAGE_H: usize = 260;

/// A scanned page: a light sheet, a dark block where each run was, specks.
fn scan(page: &Page, draw: &mut Draw) -> Vec<u8> {
    let mut px = vec![246u8; IMAGE_W * IMAGE_H];
    let (sx, sy) = (IMAGE_W as f32 / 612.0, IMAGE_H as f32 / 792.0);
    for [x, y, w, size] in &page.boxes {
        let shade = 30 + draw.below(50) as u8;
        let x1 = (((x + w) * sx).ceil() as usize).min(IMAGE_W);
        let x0 = ((x * sx) as usize).min(x1);
        let top = ((792.0 - y - size * 0.7) * sy).max(0.0) as usize;
        let bottom = (((792.0 - y) * sy).ceil() as usize).min(IMAGE_H);
        for row in top..bottom {
            px[row * IMAGE_W + x0..row * IMAGE_W + x1].fill(shade);
        }
    }
    for _ in 0..40 {
        let at = draw.below(px.len());
        px[at] = draw.below(200) as u8;
    }
    px
}

pub(super) fn assemble(spec: &PeSpec, draw: &mut Draw, pages: &[Page]) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font = |base: &str| {
        let base = base.to_string();
        dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => base,
        "Encoding" => "WinAnsiEncoding"}
    };
    let fonts = dictionary! {"F1" => font("Helvetica"), "F2" => font("Helvetica-Bold")};
    let text = (!spec.scanned).then(|| doc.add_object(dictionary! {"Font" => fonts}));
    let mut kids = Vec::new();
    for page in pages {
        let (content, resources) = if let Some(text) = text {
            (page.ops.clone(), text)
        } else {
            let (w, h) = (IMAGE_W as i64, IMAGE_H as i64);
            let dict = dictionary! {"Type" => "XObject", "Subtype" => "Image", "Width" => w,
            "Height" => h, "ColorSpace" => "DeviceGray", "BitsPerComponent" => 8,
            "Filter" => "FlateDecode"};
            let image = doc.add_object(Stream::new(dict, deflate(&scan(page, draw))));
            let xobjects = dictionary! {"Im1" => image};
            let resources = doc.add_object(dictionary! {"XObject" => xobjects});
            (b"q 612 0 0 792 0 0 cm /Im1 Do Q\n".to_vec(), resources)
        };
        let stream = Stream::new(dictionary! {"Filter" => "FlateDecode"}, deflate(&content));
        let contents = doc.add_object(stream);
        let page = dictionary! {"Type" => "Page", "Parent" => pages_id,
        "Contents" => contents, "Resources" => resources};
        kids.push(Object::Reference(doc.add_object(page)));
    }
    let media_box: Vec<Object> = vec![0.into(), 0.into(), 612.into(), 792.into()];
    let count = kids.len() as i64;
    let tree = dictionary! {"Type" => "Pages", "Kids" => kids, "Count" => count,
    "MediaBox" => media_box};
    doc.objects.insert(pages_id, Object::Dictionary(tree));
    let catalog = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages_id});
    doc.trailer.set("Root", catalog);
    let mut out = Vec::new();
    doc.save_to(&mut out).expect("writing to a Vec");
    out
}
