//! Text: the WinAnsi encoding, Helvetica's widths, wrapping, and numbers
//! as content streams print them.

/// A font and size: bold (Helvetica-Bold, /F2) or not (Helvetica, /F1).
#[derive(Clone, Copy, PartialEq)]
pub(super) struct St(pub(super) bool, pub(super) f32);
pub(super) const BODY: St = St(false, 10.0);
pub(super) const BOLD: St = St(true, 10.0);
pub(super) const HEAD: St = St(true, 12.0);
pub(super) const SMALL: St = St(false, 9.0);

use crate::evaluation::pdf::HELVETICA;

/// Helvetica-Bold's AFM widths for ASCII 32..=126.
const HELVETICA_BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667,
    611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556,
    278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/// The text as WinAnsiEncoding bytes; characters outside it become `?`.
pub fn winansi(text: &str) -> Vec<u8> {
    const HIGH: &str = "€\u{81}‚ƒ„…†‡ˆ‰Š‹Œ\u{8d}Ž\u{8f}\u{90}‘’“”•–—˜™š›œ\u{9d}žŸ";
    let high = |c| {
        HIGH.chars()
            .position(|h| h == c && !('\u{80}'..'\u{a0}').contains(&h))
    };
    let byte = |c: char| match c {
        ' '..='~' | '\u{a0}'..='\u{ff}' => c as u8,
        _ => high(c).map_or(b'?', |i| 0x80 + i as u8),
    };
    text.chars().map(byte).collect()
}

/// The width in points of WinAnsi bytes (AFM widths; 667 for the rest).
pub(super) fn bytes_width(bytes: &[u8], st: St) -> f32 {
    let table = if st.0 { &HELVETICA_BOLD } else { &HELVETICA };
    let unit = |b: &u8| match b {
        32..=126 => u32::from(table[usize::from(b - 32)]),
        0x91 | 0x92 => 278,
        _ => 667,
    };
    bytes.iter().map(unit).sum::<u32>() as f32 * st.1 / 1000.0
}

pub(super) fn width(text: &str, st: St) -> f32 {
    bytes_width(&winansi(text), st)
}

/// Greedy lines no wider than `room`; a word wider than a line is split.
pub(super) fn wrap(text: &str, st: St, room: f32) -> Vec<String> {
    let (mut lines, mut used, space) = (Vec::<String>::new(), 0.0, width(" ", st));
    for word in text.split_whitespace() {
        let w = width(word, st);
        match lines.last_mut() {
            Some(l) if used + space + w <= room => {
                l.push(' ');
                l.push_str(word);
                used += space + w;
            }
            _ => {
                lines.push(word.to_string());
                used = w;
            }
        }
        while let Some(l) = lines.last_mut().filter(|_| used > room) {
            let ends = l.char_indices().map(|(i, _)| i).skip(1);
            let Some(cut) = ends.take_while(|i| width(&l[..*i], st) <= room).last() else {
                break;
            };
            let rest = l.split_off(cut);
            used = width(&rest, st);
            lines.push(rest);
        }
    }
    lines
}

/// A number as content streams print it: at most two decimals.
pub(super) fn num(x: f32) -> String {
    let s = format!("{x:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
