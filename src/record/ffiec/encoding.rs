//! The file's characters: ASCII as published, with Windows-1252 read byte
//! by byte where a vintage carries other bytes (as `convert.py` does), so
//! that no byte makes a line unreadable. Written back the same way: upper
//! case, Windows-1252 where a character has a byte there, `?` where it has
//! none (the file's own sign of a lost character).

/// The characters of Windows-1252's bytes 0x80 to 0x9F. The five bytes it
/// leaves undefined read as the C1 control of the same number, so every
/// byte reads as some character and writes back as itself.
const HIGH: [char; 32] = [
    '\u{20AC}', '\u{81}', '\u{201A}', '\u{192}', '\u{201E}', '\u{2026}', '\u{2020}', '\u{2021}',
    '\u{2C6}', '\u{2030}', '\u{160}', '\u{2039}', '\u{152}', '\u{8D}', '\u{17D}', '\u{8F}',
    '\u{90}', '\u{2018}', '\u{2019}', '\u{201C}', '\u{201D}', '\u{2022}', '\u{2013}', '\u{2014}',
    '\u{2DC}', '\u{2122}', '\u{161}', '\u{203A}', '\u{153}', '\u{9D}', '\u{17E}', '\u{178}',
];

/// A field's bytes as text.
pub fn decode(bytes: &[u8]) -> String {
    if bytes.is_ascii() {
        // ASCII is UTF-8: no copy through the table.
        return String::from_utf8_lossy(bytes).into_owned();
    }
    bytes.iter().map(|&b| char_of(b)).collect()
}

fn char_of(byte: u8) -> char {
    match byte {
        0x80..=0x9F => HIGH[usize::from(byte - 0x80)],
        _ => char::from(byte),
    }
}

/// The Windows-1252 byte of `c`, if it has one.
fn byte_of(c: char) -> Option<u8> {
    match u32::from(c) {
        0..=0x7F | 0xA0..=0xFF => Some(u32::from(c) as u8),
        _ => HIGH.iter().position(|h| *h == c).map(|i| 0x80 + i as u8),
    }
}

/// Appends `text` upper-cased, as Windows-1252; a tab or line end (which
/// would break the layout) as a space, a character with no byte as `?`.
pub fn encode_upper(text: &str, out: &mut Vec<u8>) {
    let bytes = text.as_bytes();
    if bytes.is_ascii() && ![b'\t', b'\r', b'\n'].iter().any(|b| bytes.contains(b)) {
        // The usual case, by the standard library's slice operations.
        let start = out.len();
        out.extend_from_slice(bytes);
        out[start..].make_ascii_uppercase();
        return;
    }
    for c in text.chars() {
        let c = match c {
            '\t' | '\r' | '\n' => ' ',
            _ => upper(c),
        };
        out.push(byte_of(c).unwrap_or(b'?'));
    }
}

/// Upper case where it is one character with a byte of its own (`ß` stays).
fn upper(c: char) -> char {
    let mut up = c.to_uppercase();
    match (up.next(), up.next()) {
        (Some(u), None) if byte_of(u).is_some() => u,
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn bytes_read_as_windows_1252() {
        assert_eq!(decode(b"CAF\xc9 \x93X\x94"), "CAFÉ \u{201C}X\u{201D}");
        assert_eq!(decode(b"PEOPLE?S"), "PEOPLE?S");
        let mut out = Vec::new();
        encode_upper("café “x” ÿ ß 日\tend", &mut out);
        assert_eq!(out, b"CAF\xc9 \x93X\x94 \x9f \xdf ? END");
    }

    proptest! {
        #[test]
        fn every_byte_reads_and_writes_back_as_itself(bytes in proptest::collection::vec(0x20u8..=0xff, 0..40)) {
            let text = decode(&bytes);
            let mut out = Vec::new();
            for c in text.chars() {
                out.push(byte_of(c).unwrap());
            }
            prop_assert_eq!(out, bytes);
        }
    }
}
