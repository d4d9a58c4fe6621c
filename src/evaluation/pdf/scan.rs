//! The raw pre-scans (counting what lopdf would build: a file's objects,
//! a content operator's operands) and the load, with
//! object streams inflated against the budgets.

use super::super::model::SetAside;
use super::{Limits, bound, damaged};
use lopdf::{DecompressError, Document, Error, LoadOptions, Object, ObjectId};
use std::cell::Cell;

/// Counts what lopdf would turn into objects: numbers, `null`, `true` and
/// `false` standing alone, and each `/`, `(`, `[` and `<`. Compressed data counts about one in 60 bytes;
/// `0 0 0 …` one in two.
pub(super) fn count_objects(bytes: &[u8], most: usize) -> usize {
    let sep = |b: u8| b" \t\r\n\x0c\0()<>[]{}/%".contains(&b);
    let mut count = 0;
    let mut i = 0;
    // Past `most` the count is an answer already: no further.
    while i < bytes.len() && count <= most {
        let b = bytes[i];
        if b"/([<".contains(&b) {
            count += 1;
            i += 1;
        } else if sep(b) {
            i += 1;
        } else {
            let start = i;
            while i < bytes.len() && !sep(bytes[i]) {
                i += 1;
            }
            let token = &bytes[start..i];
            let numeric = token
                .iter()
                .all(|c| c.is_ascii_digit() || b"+-.".contains(c));
            let starts_clean = start == 0 || sep(bytes[start - 1]);
            // `null`, `true` and `false` are objects as a number is.
            let keyword = matches!(token, b"null" | b"true" | b"false");
            if (numeric || keyword) && starts_clean {
                count += 1;
            }
        }
    }
    count
}

/// The budget the load filter spends, on the reading thread.
struct Budget {
    bytes: Cell<usize>,
    stream: Cell<usize>,
    objects: Cell<usize>,
    over: Cell<Option<SetAside>>,
}

thread_local! {
    static BUDGET: Budget = const { Budget {
        bytes: Cell::new(0),
        stream: Cell::new(0),
        objects: Cell::new(0),
        over: Cell::new(None),
    } };
}

/// The load filter: inflates an object stream itself, against the budgets,
/// so that lopdf parses plain bytes; drops it (and marks the load over
/// bound) past them. lopdf keeps a top-level object as the filter leaves it
/// in place and an object-stream member as the filter returns it (members
/// are never streams), hence the clone of the small ones.
fn object_stream_filter(id: ObjectId, object: &mut Object) -> Option<(ObjectId, Object)> {
    let stream = match object {
        Object::Stream(stream) => stream,
        other => return Some((id, other.clone())),
    };
    if !stream.dict.has_type(b"ObjStm") || !stream.dict.has(b"Filter") {
        return Some((id, Object::Null));
    }
    BUDGET.with(|budget| {
        if let Some(over) = budget.over.take() {
            budget.over.set(Some(over));
            return None;
        }
        let cap = budget.stream.get().min(budget.bytes.get());
        match stream.decompressed_content_with_limit(cap) {
            Ok(plain) => {
                let objects = count_objects(&plain, budget.objects.get());
                if objects > budget.objects.get() {
                    budget.over.set(Some(damaged("objects past their bound")));
                    return None;
                }
                budget.objects.set(budget.objects.get() - objects);
                budget.bytes.set(budget.bytes.get() - plain.len());
                stream.dict.remove(b"Filter");
                stream.dict.remove(b"DecodeParms");
                stream.content = plain;
                Some((id, Object::Null))
            }
            Err(Error::Decompress(DecompressError::MemoryLimitExceeded { limit })) => {
                budget
                    .over
                    .set(Some(bound("inflated object stream bytes", limit)));
                None
            }
            Err(_) => None,
        }
    })
}

pub(super) fn load(bytes: &[u8], limits: &Limits, rebuild: bool) -> Result<Document, SetAside> {
    BUDGET.with(|budget| {
        budget.bytes.set(limits.total_bytes);
        budget.stream.set(limits.stream_bytes);
        budget.objects.set(
            limits
                .objects
                .saturating_sub(count_objects(bytes, limits.objects)),
        );
        budget.over.set(None);
    });
    let options = LoadOptions {
        filter: Some(object_stream_filter),
        max_decompressed_size: Some(limits.stream_bytes),
        force_reconstruct: rebuild,
        ..LoadOptions::default()
    };
    let loaded = Document::load_mem_with_options(bytes, options);
    if let Some(over) = BUDGET.with(|budget| budget.over.take()) {
        return Err(over);
    }
    match loaded {
        Ok(doc) if doc.trailer.has(b"Encrypt") || doc.encryption_state.is_some() => {
            Err(SetAside::Encrypted)
        }
        Ok(doc) if doc.objects.len() > limits.objects => Err(bound("objects", limits.objects)),
        Ok(doc) => Ok(doc),
        Err(Error::Decompress(DecompressError::MemoryLimitExceeded { limit })) => {
            Err(bound("inflated stream bytes", limit))
        }
        Err(Error::InvalidPassword | Error::Decryption(_)) => Err(SetAside::Encrypted),
        Err(e) => Err(SetAside::Damaged(format!(
            "unreadable: {}",
            short(&e.to_string())
        ))),
    }
}

fn short(text: &str) -> String {
    text.chars().take(80).collect()
}

/// The most operands any operator of `content` has, as lopdf would build
/// them (a number, a name, a string, `null`, `true`, `false`, each array
/// and dictionary and what it holds): counted on the bytes, without
/// building one, and no further than the first past `limit`. An inline
/// image's data (`ID` … `EI`) is skipped.
pub(super) fn most_operands(content: &[u8], limit: usize) -> usize {
    let delimiter = |b: u8| b" \t\r\n\x0c\0()<>[]{}/%".contains(&b);
    let (mut most, mut count, mut i) = (0, 0, 0);
    while i < content.len() && count <= limit {
        match content[i] {
            b'%' => {
                while i < content.len() && content[i] != b'\n' && content[i] != b'\r' {
                    i += 1;
                }
            }
            b'(' => {
                count += 1;
                let mut nesting = 0usize;
                while i < content.len() {
                    match content[i] {
                        b'\\' => i += 1,
                        b'(' => nesting += 1,
                        b')' => {
                            nesting -= 1;
                            if nesting == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                i += 1;
            }
            b'<' if content.get(i + 1) == Some(&b'<') => {
                count += 1;
                i += 2;
            }
            b'<' => {
                count += 1;
                while i < content.len() && content[i] != b'>' {
                    i += 1;
                }
                i += 1;
            }
            b'[' | b'/' => {
                count += 1;
                i += 1;
            }
            b if delimiter(b) => i += 1,
            _ => {
                let start = i;
                while i < content.len() && !delimiter(content[i]) {
                    i += 1;
                }
                let token = &content[start..i];
                let operand = token
                    .iter()
                    .all(|c| c.is_ascii_digit() || b"+-.".contains(c))
                    || matches!(token, b"null" | b"true" | b"false");
                if operand {
                    count += 1;
                } else {
                    most = most.max(count);
                    count = 0;
                    if token == b"ID" {
                        i = inline_image_end(content, i);
                    }
                }
            }
        }
    }
    most.max(count)
}

/// Where an inline image's data that starts at `from` ends: past the
/// first `EI` between white space (or the end).
fn inline_image_end(content: &[u8], from: usize) -> usize {
    let white = |b: u8| b" \t\r\n\x0c\0".contains(&b);
    let mut i = from;
    while i + 2 <= content.len() {
        if &content[i..i + 2] == b"EI"
            && i > 0
            && white(content[i - 1])
            && content.get(i + 2).is_none_or(|b| white(*b))
        {
            return i + 2;
        }
        i += 1;
    }
    content.len()
}
