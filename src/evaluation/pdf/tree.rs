//! Walking the document: resolving objects and the page tree, bounded.

use super::super::model::SetAside;
use super::{Limits, bound};
use lopdf::{Dictionary, Document, Object};
use std::collections::HashSet;

/// A page as the tree gives it, with what it inherits.
pub(super) struct PageRef<'a> {
    pub(super) dict: &'a Dictionary,
    pub(super) resources: Option<&'a Dictionary>,
    pub(super) media_box: [f32; 4],
    /// What a viewer shows of it: the media box within the crop box, as
    /// `[left, bottom, right, top]`.
    pub(super) visible: [f32; 4],
}

/// `[left, bottom, right, top]` of a box given by any two corners.
fn normal([x0, y0, x1, y1]: [f32; 4]) -> [f32; 4] {
    [x0.min(x1), y0.min(y1), x0.max(x1), y0.max(y1)]
}

/// Where two boxes overlap (the first, where they do not).
fn within(a: [f32; 4], b: [f32; 4]) -> [f32; 4] {
    let (a, b) = (normal(a), normal(b));
    let both = [
        a[0].max(b[0]),
        a[1].max(b[1]),
        a[2].min(b[2]),
        a[3].min(b[3]),
    ];
    if both[0] < both[2] && both[1] < both[3] {
        both
    } else {
        a
    }
}

pub(super) fn resolve<'a>(doc: &'a Document, object: &'a Object) -> Option<&'a Object> {
    doc.dereference(object).ok().map(|(_, object)| object)
}

pub(super) fn dict_of<'a>(doc: &'a Document, object: &'a Object) -> Option<&'a Dictionary> {
    resolve(doc, object).and_then(|object| object.as_dict().ok())
}

pub(super) fn number(doc: &Document, object: &Object) -> Option<f32> {
    resolve(doc, object)
        .and_then(|object| object.as_float().ok())
        .filter(|v| v.is_finite())
}

pub(super) fn numbers<const N: usize>(doc: &Document, object: Option<&Object>) -> Option<[f32; N]> {
    let array = resolve(doc, object?)?.as_array().ok()?;
    let mut out = [0.0; N];
    for (slot, item) in out.iter_mut().zip(array.iter()) {
        *slot = number(doc, item)?;
    }
    (array.len() >= N).then_some(out)
}

/// The pages in order: an explicit walk with a visited set, so a tree that
/// loops or claims a million pages costs at most `pages` pages.
pub(super) fn page_tree<'a>(
    doc: &'a Document,
    limits: &Limits,
) -> Result<Vec<PageRef<'a>>, SetAside> {
    let root = doc
        .trailer
        .get(b"Root")
        .ok()
        .and_then(|root| dict_of(doc, root))
        .and_then(|catalog| catalog.get(b"Pages").ok());
    let Some(root) = root else {
        return Ok(Vec::new());
    };
    let mut pages = Vec::new();
    let mut seen = HashSet::new();
    let letter = [0.0, 0.0, 612.0, 792.0];
    type Node<'b> = (
        &'b Object,
        Option<&'b Dictionary>,
        [f32; 4],
        Option<[f32; 4]>,
        usize,
    );
    let mut stack: Vec<Node> = vec![(root, None, letter, None, 0)];
    while let Some((node, resources, media_box, crop_box, depth)) = stack.pop() {
        if let Object::Reference(id) = node
            && !seen.insert(*id)
        {
            continue;
        }
        let Some(dict) = dict_of(doc, node) else {
            continue;
        };
        let resources = dict
            .get(b"Resources")
            .ok()
            .and_then(|r| dict_of(doc, r))
            .or(resources);
        let media_box = numbers(doc, dict.get(b"MediaBox").ok()).unwrap_or(media_box);
        let crop_box = numbers(doc, dict.get(b"CropBox").ok()).or(crop_box);
        let kids = dict
            .get(b"Kids")
            .ok()
            .and_then(|kids| resolve(doc, kids)?.as_array().ok());
        match kids {
            Some(kids) if !dict.has_type(b"Page") => {
                if depth >= limits.depth {
                    return Err(bound("page tree depth", limits.depth));
                }
                if stack.len() + kids.len() > limits.pages.saturating_mul(16) {
                    return Err(bound("pages", limits.pages));
                }
                stack.extend(
                    kids.iter()
                        .rev()
                        .map(|kid| (kid, resources, media_box, crop_box, depth + 1)),
                );
            }
            _ => {
                if pages.len() >= limits.pages {
                    return Err(bound("pages", limits.pages));
                }
                pages.push(PageRef {
                    dict,
                    resources,
                    media_box,
                    visible: within(media_box, crop_box.unwrap_or(media_box)),
                });
            }
        }
    }
    Ok(pages)
}
