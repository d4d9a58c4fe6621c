//! The served data, indexed once so that no request scans and sorts
//! everything: banks sorted by (name, id), lower-cased names for `q`,
//! position lists per state and per current exam type, an id map, and each
//! bank's list item and detail object pre-rendered as JSON bytes.
//!
//! Order: by `name` (byte order of the UTF-8 text, i.e. code point order),
//! then by `id`; stable for a data set.

use std::collections::HashMap;

use super::data::{SIZES, SandboxBank, SandboxExam};

/// The filters and page of one list request (already validated): what
/// the server reads from a query string (the client's side is
/// `domain::ListQuery`).
#[derive(Debug, Clone, Default)]
pub struct ListParams {
    /// Lower-cased name fragment.
    pub q: Option<String>,
    /// Upper-case state code.
    pub state: Option<String>,
    /// Exact exam type of the current rating.
    pub size: Option<String>,
    pub page: u64,
    pub per_page: u64,
}

/// One page of matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListPage {
    pub total: u64,
    pub positions: Vec<u32>,
}

/// The banks the sandbox serves, indexed once for its requests.
pub struct ServedBanks {
    banks: Vec<SandboxBank>,
    /// Lower-cased names, by position.
    lower: Vec<String>,
    /// The lower-cased names joined, each followed by a NUL, for one-pass
    /// `q` searches; `name_start[pos]` is where each begins.
    names: String,
    name_start: Vec<u32>,
    list_json: Vec<Vec<u8>>,
    by_id: HashMap<String, u32>,
    /// Upper-case state code to a small id; positions per state id.
    state_ids: HashMap<String, u16>,
    state_of: Vec<u16>,
    by_state: Vec<Vec<u32>>,
    /// Index into `SIZES` of each position's current exam type; positions
    /// per size.
    size_of: Vec<u8>,
    by_size: [Vec<u32>; 3],
}

/// Appends `text` as a JSON string, escaped as serde_json escapes it.
fn push_str(out: &mut Vec<u8>, text: &str) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push(b'"');
    let bytes = text.as_bytes();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0..=0x1f => &[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[(b >> 4) as usize],
                HEX[(b & 15) as usize],
            ],
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        out.extend_from_slice(escape);
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
    out.push(b'"');
}

/// The list item of `bank`, written by hand: it runs for every bank at
/// start-up, where a debug build of serde would cost seconds.
fn render_list_item(bank: &SandboxBank) -> Vec<u8> {
    let mut out = Vec::with_capacity(256);
    out.extend_from_slice(b"{\"id\":");
    push_str(&mut out, &bank.id);
    out.extend_from_slice(b",\"name\":");
    push_str(&mut out, &bank.name);
    out.extend_from_slice(b",\"city\":");
    push_str(&mut out, &bank.city);
    out.extend_from_slice(b",\"state\":");
    push_str(&mut out, &bank.state);
    out.extend_from_slice(b",\"regulator\":");
    push_str(&mut out, bank.regulator.as_str());
    out.extend_from_slice(b",\"current_rating\":");
    match bank.current() {
        Some(r) => {
            out.extend_from_slice(b"{\"rating\":");
            push_str(&mut out, r.rating.as_str());
            out.extend_from_slice(b",\"exam_date\":");
            push_str(&mut out, &r.exam_date);
            out.extend_from_slice(b",\"exam_type\":");
            push_str(&mut out, r.exam_type.as_str());
            out.extend_from_slice(b"}}");
        }
        None => out.extend_from_slice(b"null}"),
    }
    out
}

/// `size_of` for a current exam type that is not one of the three.
const NO_SIZE: u8 = u8::MAX;

/// Above this many candidates, a `q` filter searches all names at once in
/// the name blob instead of name by name.
const BLOB_SEARCH_ABOVE: usize = 2000;

fn size_index(exam_type: Option<&str>) -> u8 {
    exam_type
        .and_then(|t| SIZES.iter().position(|s| *s == t))
        .map_or(NO_SIZE, |i| i as u8)
}

impl ServedBanks {
    /// Indexes `banks` (any order; ids must be unique).
    pub fn new(mut banks: Vec<SandboxBank>) -> ServedBanks {
        banks.sort_unstable_by(|a, b| a.name.cmp(&b.name).then_with(|| a.id.cmp(&b.id)));
        let lower: Vec<String> = banks.iter().map(|b| b.name.to_lowercase()).collect();
        let mut names = String::with_capacity(lower.iter().map(|n| n.len() + 1).sum());
        let mut name_start = Vec::with_capacity(lower.len());
        for name in &lower {
            name_start.push(names.len() as u32);
            names.push_str(name);
            names.push('\0');
        }
        let mut store = ServedBanks {
            lower,
            names,
            name_start,
            list_json: banks.iter().map(render_list_item).collect(),
            by_id: HashMap::with_capacity(banks.len()),
            state_ids: HashMap::new(),
            state_of: Vec::with_capacity(banks.len()),
            by_state: Vec::new(),
            size_of: Vec::with_capacity(banks.len()),
            by_size: Default::default(),
            banks,
        };
        for (pos, bank) in store.banks.iter().enumerate() {
            let pos = pos as u32;
            store.by_id.insert(bank.id.clone(), pos);
            let next = store.state_ids.len() as u16;
            let state = *store
                .state_ids
                .entry(bank.state.to_ascii_uppercase())
                .or_insert(next);
            if state == next {
                store.by_state.push(Vec::new());
            }
            store.by_state[state as usize].push(pos);
            store.state_of.push(state);
            let size = size_index(bank.current().map(|r| r.exam_type.as_str()));
            if let Some(list) = store.by_size.get_mut(size as usize) {
                list.push(pos);
            }
            store.size_of.push(size);
        }
        store
    }

    pub fn len(&self) -> usize {
        self.banks.len()
    }

    pub fn is_empty(&self) -> bool {
        self.banks.is_empty()
    }

    /// Banks in served order.
    pub fn banks(&self) -> &[SandboxBank] {
        &self.banks
    }

    pub fn position(&self, id: &str) -> Option<u32> {
        self.by_id.get(id).copied()
    }

    /// Positions whose lower-cased name contains `q`, in order: one search
    /// over all names joined by NUL (None when `q` itself holds a NUL).
    fn blob_search(&self, q: &str) -> Option<Vec<u32>> {
        if q.contains('\0') {
            return None;
        }
        let mut found = Vec::new();
        // Match offsets only grow, so the position advances with a cursor.
        let mut pos = 0usize;
        for (offset, _) in self.names.match_indices(q) {
            while pos + 1 < self.name_start.len() && self.name_start[pos + 1] as usize <= offset {
                pos += 1;
            }
            if found.last() != Some(&(pos as u32)) {
                found.push(pos as u32);
            }
        }
        Some(found)
    }

    /// The matches of `query` on its page.
    pub fn select(&self, query: &ListParams) -> ListPage {
        let offset = query.page.saturating_sub(1).saturating_mul(query.per_page);
        let end = offset.saturating_add(query.per_page);
        let nothing = ListPage {
            total: 0,
            positions: Vec::new(),
        };
        let state = match query.state.as_deref() {
            Some(s) => match self.state_ids.get(s) {
                Some(id) => Some(*id),
                None => return nothing,
            },
            None => None,
        };
        let size = match query.size.as_deref() {
            Some(s) => match size_index(Some(s)) {
                NO_SIZE => return nothing,
                i => Some(i),
            },
            None => None,
        };
        let state_list = state.map(|i| self.by_state[i as usize].as_slice());
        let size_list = size.map(|i| self.by_size[i as usize].as_slice());
        let q = query.q.as_deref().filter(|q| !q.is_empty());

        // Without q and with at most one filter, the page is a slice.
        if q.is_none() && (state.is_none() || size.is_none()) {
            let list = state_list.or(size_list);
            let total = list.map_or(self.banks.len(), <[u32]>::len) as u64;
            let range = offset.min(total) as usize..end.min(total) as usize;
            let positions = match list {
                Some(list) => list[range].to_vec(),
                None => range.map(|p| p as u32).collect(),
            };
            return ListPage { total, positions };
        }

        // Otherwise walk the shortest candidate list and check the rest on
        // compact per-position arrays.
        let shortest = match (state_list, size_list) {
            (Some(a), Some(b)) => Some(if a.len() <= b.len() { a } else { b }),
            (a, b) => a.or(b),
        };
        let from_blob = match q {
            Some(q) if shortest.is_none_or(|l| l.len() > BLOB_SEARCH_ABOVE) => self.blob_search(q),
            _ => None,
        };
        let check_q = if from_blob.is_some() { None } else { q };
        let matches = |pos: u32| {
            let p = pos as usize;
            state.is_none_or(|s| self.state_of[p] == s)
                && size.is_none_or(|z| self.size_of[p] == z)
                && check_q.is_none_or(|q| self.lower[p].contains(q))
        };
        let mut total = 0u64;
        let mut positions = Vec::new();
        let mut visit = |pos: u32| {
            if matches(pos) {
                if total >= offset && total < end {
                    positions.push(pos);
                }
                total += 1;
            }
        };
        match (from_blob.as_deref(), shortest) {
            (Some(list), _) | (None, Some(list)) => list.iter().copied().for_each(&mut visit),
            (None, None) => (0..self.banks.len() as u32).for_each(&mut visit),
        }
        ListPage { total, positions }
    }

    /// The list response body: `{"data":[...],"meta":{...}}`.
    pub fn list_body(&self, query: &ListParams) -> Vec<u8> {
        let page = self.select(query);
        let mut out = Vec::with_capacity(96 + page.positions.len() * 320);
        out.extend_from_slice(b"{\"data\":[");
        for (k, pos) in page.positions.iter().enumerate() {
            if k > 0 {
                out.push(b',');
            }
            out.extend_from_slice(&self.list_json[*pos as usize]);
        }
        let total_pages = page.total.div_ceil(query.per_page.max(1));
        out.extend_from_slice(
            format!(
                "],\"meta\":{{\"total\":{},\"page\":{},\"per_page\":{},\"total_pages\":{}}}}}",
                page.total, query.page, query.per_page, total_pages
            )
            .as_bytes(),
        );
        out
    }

    /// The detail response body `{"data":{...}}`, or None for an unknown id.
    pub fn detail_body(&self, id: &str) -> Option<Vec<u8>> {
        let bank = &self.banks[self.position(id)? as usize];
        // Rendered per request: one bank is cheap, all of them at start-up
        // are not.
        let mut out = Vec::with_capacity(1024);
        out.extend_from_slice(b"{\"data\":");
        serde_json::to_writer(&mut out, bank).expect("a bank always serializes");
        out.push(b'}');
        Some(out)
    }

    /// Adds `record` as the newest, current record of the bank at `pos`;
    /// earlier records stop being current. Indexes and JSON follow.
    pub fn add_record(&mut self, pos: u32, mut record: SandboxExam) -> &SandboxBank {
        let p = pos as usize;
        let bank = &mut self.banks[p];
        for r in &mut bank.ratings {
            r.is_current = false;
        }
        record.is_current = true;
        let new_size = size_index(Some(record.exam_type.as_str()));
        bank.ratings.insert(0, record);
        let old_size = self.size_of[p];
        if old_size != new_size {
            if let Some(list) = self.by_size.get_mut(old_size as usize)
                && let Ok(i) = list.binary_search(&pos)
            {
                list.remove(i);
            }
            if let Some(list) = self.by_size.get_mut(new_size as usize)
                && let Err(i) = list.binary_search(&pos)
            {
                list.insert(i, pos);
            }
            self.size_of[p] = new_size;
        }
        self.list_json[p] = render_list_item(&self.banks[p]);
        &self.banks[p]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sandbox::data::generate;

    fn store() -> ServedBanks {
        ServedBanks::new(generate(3000, 5, 20_758))
    }

    /// The same selection done the slow way: filter everything, in order.
    fn naive(store: &ServedBanks, q: &ListParams) -> ListPage {
        let all: Vec<u32> = (0..store.len() as u32)
            .filter(|p| {
                let b = &store.banks()[*p as usize];
                q.state.as_deref().is_none_or(|s| b.state == s)
                    && q.size
                        .as_deref()
                        .is_none_or(|s| b.current().unwrap().exam_type == s)
                    && q.q
                        .as_deref()
                        .is_none_or(|t| b.name.to_lowercase().contains(t))
            })
            .collect();
        let offset = ((q.page - 1) * q.per_page) as usize;
        ListPage {
            total: all.len() as u64,
            positions: all
                .iter()
                .skip(offset)
                .take(q.per_page as usize)
                .copied()
                .collect(),
        }
    }

    #[test]
    fn hand_written_list_items_equal_serde_json() {
        let mut banks = generate(200, 9, 20_758);
        banks[0].name = "QUOTE \" BACKSLASH \\ TAB \t CTRL \u{1} ÓÑ".into();
        for bank in &banks {
            let c = bank.current().unwrap();
            let want = serde_json::json!({
                "id": bank.id, "name": bank.name, "city": bank.city, "state": bank.state,
                "regulator": bank.regulator,
                "current_rating": {"rating": c.rating, "exam_date": c.exam_date, "exam_type": c.exam_type}
            });
            assert_eq!(render_list_item(bank), serde_json::to_vec(&want).unwrap());
        }
    }

    #[test]
    fn sorted_by_name_then_id() {
        let s = store();
        for pair in s.banks().windows(2) {
            assert!((&pair[0].name, &pair[0].id) < (&pair[1].name, &pair[1].id));
        }
    }

    #[test]
    fn indexed_selection_equals_naive_selection() {
        let s = store();
        let states = [None, Some("TX"), Some("IL"), Some("ZZ")];
        let sizes = [None, Some("Large Bank"), Some("Small Bank"), Some("Other")];
        let qs = [
            None,
            Some("state"),
            Some("first"),
            Some("zzz"),
            Some("k\0b"),
            Some("bank of"),
        ];
        for state in states {
            for size in sizes {
                for q in qs {
                    for (page, per_page) in [(1, 25), (2, 7), (3, 100), (1000, 10)] {
                        let query = ListParams {
                            q: q.map(str::to_string),
                            state: state.map(str::to_string),
                            size: size.map(str::to_string),
                            page,
                            per_page,
                        };
                        assert_eq!(s.select(&query), naive(&s, &query), "{query:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn add_record_moves_the_current_rating_and_size() {
        let mut s = store();
        let pos = s
            .banks()
            .iter()
            .position(|b| b.current().unwrap().exam_type == "Small Bank")
            .unwrap() as u32;
        let id = s.banks()[pos as usize].id.clone();
        let before = s.banks()[pos as usize].ratings.len();
        s.add_record(
            pos,
            SandboxExam {
                exam_date: "2026-11-20".into(),
                rating: "Outstanding".into(),
                exam_type: "Large Bank".into(),
                is_current: true,
                extra: Default::default(),
            },
        );
        let bank = &s.banks()[pos as usize];
        assert_eq!(bank.ratings.len(), before + 1);
        assert_eq!(bank.ratings.iter().filter(|r| r.is_current).count(), 1);
        assert!(bank.ratings[0].is_current);
        let large = ListParams {
            size: Some("Large Bank".into()),
            page: 1,
            per_page: 100_000,
            ..Default::default()
        };
        assert!(s.select(&large).positions.contains(&pos));
        let small = ListParams {
            size: Some("Small Bank".into()),
            ..large
        };
        assert!(!s.select(&small).positions.contains(&pos));
        let detail = String::from_utf8(s.detail_body(&id).unwrap()).unwrap();
        assert!(detail.contains("\"exam_date\":\"2026-11-20\""));
    }
}
