//! Watch lists: named sets of banks a person follows (a portfolio, the
//! lenders of a community, peers), kept in `<data dir>/cra/watch.toml`
//! beside the local copy's default. The file is for people as much as for
//! `cra`: one table per list, one bank id a line, each with a comment
//! above it naming the bank, so it reads and edits by hand. `cra` reads
//! only the ids; it edits the file in place (`toml_edit`: the person's
//! comments, order and layout stay), under a lock, written atomically.
//!
//! ```toml
//! [peers]
//! banks = [
//!     # FIRST NATIONAL BANK (AUSTIN, TX)
//!     "7db54db2-817e-5f3e-b1d6-dc505ca353bb",
//! ]
//! ```

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use toml_edit::{Array, DocumentMut, Item, Table, Value};

use crate::error::CraError;

/// What a new file starts with.
const HEADER: &str = "\
# Watch lists of cra (cra watch --help): one table per list, holding the ids
# of its banks. The comment above an id names the bank as it was when it was
# added, for people: cra reads only the ids. Edit by hand or with cra watch.
";

/// The most a watch file may hold: far more than any list of every bank.
const MAX_FILE: u64 = 16 * 1024 * 1024;

/// Where the lists are: `<data dir>/cra/watch.toml`.
pub fn path() -> Result<PathBuf> {
    directories::ProjectDirs::from("", "", "cra")
        .map(|dirs| dirs.data_dir().join("watch.toml"))
        .ok_or_else(|| anyhow::anyhow!("no home folder to keep the watch lists in (set HOME)"))
}

/// One bank of a list: its id and the name its comment gives, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub id: String,
    pub label: Option<String>,
}

/// The lists of one file, as parsed (and edited).
pub struct Lists {
    path: PathBuf,
    doc: DocumentMut,
    /// The file was empty or missing: what is written starts with
    /// [`HEADER`].
    fresh: bool,
}

/// A list's name as `cra` writes it: a TOML bare key, so the file stays
/// plain (`[peers]`). A file edited by hand may hold any name.
pub fn check_name(name: &str) -> Result<(), String> {
    let fits = !name.is_empty()
        && name.len() <= 64
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if fits {
        Ok(())
    } else {
        Err(format!(
            "'{}' is not a watch list name; use letters, digits, - and _ (at most 64)",
            crate::text::inert(name)
        ))
    }
}

impl Lists {
    /// The lists of `path`; a missing file has none.
    pub fn load(path: &Path) -> Result<Lists> {
        let text = read(path)?;
        let doc = text.parse::<DocumentMut>().map_err(|e| {
            let at = e.span().map_or(String::new(), |span| {
                let before = &text[..span.start.min(text.len())];
                format!(" at line {}", before.matches('\n').count() + 1)
            });
            anyhow::anyhow!(
                "{}: invalid TOML{at}: {} (fix or remove the file by hand)",
                path.display(),
                e.message().trim()
            )
        })?;
        let lists = Lists {
            path: path.to_path_buf(),
            doc,
            fresh: text.trim().is_empty(),
        };
        for name in lists.names() {
            lists.entries(&name)?;
        }
        Ok(lists)
    }

    /// The lists' names, in the file's order.
    pub fn names(&self) -> Vec<String> {
        self.doc.iter().map(|(name, _)| name.to_string()).collect()
    }

    /// The banks of a list (none: no such list).
    pub fn get(&self, name: &str) -> Result<Option<Vec<Entry>>> {
        if self.doc.get(name).is_none() {
            return Ok(None);
        }
        self.entries(name).map(Some)
    }

    /// The banks of a list that exists, checked.
    fn entries(&self, name: &str) -> Result<Vec<Entry>> {
        let wrong = |what: &str| {
            anyhow::anyhow!(
                "{}: the watch list '{}' {what} (fix the file by hand)",
                self.path.display(),
                crate::text::inert(name)
            )
        };
        let banks = self
            .doc
            .get(name)
            .and_then(Item::as_table_like)
            .ok_or_else(|| wrong("is not a table ([NAME] with banks = [...])"))?
            .get("banks")
            .ok_or_else(|| wrong("has no banks = [...]"))?
            .as_array()
            .ok_or_else(|| wrong("has banks that are not an array of ids"))?;
        banks
            .iter()
            .map(|value| match value.as_str() {
                Some(id) if !id.trim().is_empty() => Ok(Entry {
                    id: id.trim().to_string(),
                    label: label(value),
                }),
                _ => Err(wrong(&format!(
                    "holds {} where a bank id (a string) belongs",
                    value.to_string().trim()
                ))),
            })
            .collect()
    }

    /// The ids of the lists named, each once, in the lists' order; an
    /// unknown name is a usage error naming the lists there are.
    pub fn ids(&self, names: &[String]) -> Result<Vec<String>> {
        // A set beside the list: asking the list itself whether it holds
        // an id made 100,000 ids cost seconds (quadratic).
        let mut seen = HashSet::new();
        let mut ids: Vec<String> = Vec::new();
        for name in names {
            let entries = self.get(name)?.ok_or_else(|| self.unknown(name))?;
            for entry in entries {
                if seen.insert(entry.id.clone()) {
                    ids.push(entry.id);
                }
            }
        }
        Ok(ids)
    }

    /// The usage error of a list that does not exist.
    pub fn unknown(&self, name: &str) -> anyhow::Error {
        let names = self.names();
        let there = if names.is_empty() {
            format!(
                "there are none yet in {} (cra watch add NAME BANK...)",
                self.path.display()
            )
        } else {
            format!("the lists are: {}", names.join(", "))
        };
        CraError::usage(format!(
            "no watch list '{}'; {there}",
            crate::text::inert(name)
        ))
    }

    /// Adds banks (id and the name for its comment) to a list, made if
    /// need be; those it holds already are left as they are. The ids added.
    pub fn add(&mut self, name: &str, banks: &[(String, String)]) -> Vec<String> {
        if self.doc.get(name).is_none() {
            let mut table = Table::new();
            let mut array = Array::new();
            array.set_trailing("\n");
            array.set_trailing_comma(true);
            table.insert("banks", Item::Value(Value::Array(array)));
            // A blank line between lists, as a person would leave one.
            table.decor_mut().set_prefix("\n");
            self.doc.insert(name, Item::Table(table));
        }
        let Some(array) = self.array_mut(name) else {
            return Vec::new();
        };
        let mut held: HashSet<String> = array
            .iter()
            .filter_map(|v| v.as_str().map(|id| id.trim().to_string()))
            .collect();
        let mut added = Vec::new();
        for (id, label) in banks {
            if !held.insert(id.clone()) {
                continue;
            }
            let mut value = Value::from(id.as_str());
            value
                .decor_mut()
                .set_prefix(format!("\n    # {}\n    ", comment_text(label)));
            array.push_formatted(value);
            added.push(id.clone());
        }
        if !added.is_empty() {
            array.set_trailing("\n");
            array.set_trailing_comma(true);
        }
        added
    }

    /// Removes banks by id from a list, each with its comment; a list left
    /// with no bank goes (a list is its banks). The ids removed.
    pub fn remove(&mut self, name: &str, ids: &[String]) -> Vec<String> {
        let Some(array) = self.array_mut(name) else {
            return Vec::new();
        };
        let wanted: HashSet<&str> = ids.iter().map(String::as_str).collect();
        let mut seen = HashSet::new();
        let mut removed = Vec::new();
        array.retain(|value| {
            let id = value.as_str().map(str::trim).unwrap_or_default();
            let goes = wanted.contains(id);
            if goes && seen.insert(id.to_string()) {
                removed.push(id.to_string());
            }
            !goes
        });
        if array.is_empty() {
            self.doc.remove(name);
        }
        removed
    }

    fn array_mut(&mut self, name: &str) -> Option<&mut Array> {
        self.doc
            .get_mut(name)?
            .as_table_like_mut()?
            .get_mut("banks")?
            .as_array_mut()
    }

    /// The file's text as it would be written.
    pub fn text(&self) -> String {
        let text = self.doc.to_string();
        if self.fresh && !text.trim().is_empty() {
            return format!("{HEADER}{text}");
        }
        text
    }
}

/// Reads, edits and writes the lists of `path` under a lock (two `cra
/// watch` at once both land), atomically; nothing is written when `edit`
/// fails. The data folder is made if need be.
pub fn update<T>(path: &Path, edit: impl FnOnce(&mut Lists) -> Result<T>) -> Result<T> {
    let _lock = crate::config_file::UpdateLock::acquire(path)?;
    let mut lists = Lists::load(path)?;
    let done = edit(&mut lists)?;
    crate::atomic::write(path, lists.text().as_bytes(), crate::atomic::Access::Shared)?;
    Ok(done)
}

/// The file's text; none when it does not exist.
fn read(path: &Path) -> Result<String> {
    use std::io::Read;
    // Asked before opening: opening a named pipe waits for a writer, and
    // every command that reads the lists would wait with it, silently.
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(String::new()),
        Ok(metadata) if !metadata.is_file() => {
            return Err(CraError::usage(format!(
                "{} is not a regular file; the watch lists cannot be read",
                path.display()
            )));
        }
        _ => {}
    }
    let file = match std::fs::File::open(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(String::new()),
        other => other.with_context(|| format!("cannot read {}", path.display()))?,
    };
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(CraError::usage(format!(
            "{} is not a regular file; the watch lists cannot be read",
            path.display()
        )));
    }
    let mut text = String::new();
    file.take(MAX_FILE + 1)
        .read_to_string(&mut text)
        .with_context(|| format!("cannot read {}", path.display()))?;
    if text.len() as u64 > MAX_FILE {
        anyhow::bail!(
            "{} is larger than 16 MiB; is it a watch file?",
            path.display()
        );
    }
    Ok(text)
}

/// The comment line right above a value: the bank's name.
fn label(value: &Value) -> Option<String> {
    let prefix = value.decor().prefix()?.as_str()?;
    prefix
        .lines()
        .map(str::trim)
        .rfind(|line| !line.is_empty())
        .and_then(|line| line.strip_prefix('#'))
        .map(|text| text.trim().to_string())
        .filter(|text| !text.is_empty())
}

/// A name as one comment line: no line break, no control character.
fn comment_text(label: &str) -> String {
    label
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lists(text: &str) -> Lists {
        Lists {
            path: PathBuf::from("watch.toml"),
            doc: text.parse().unwrap(),
            fresh: text.trim().is_empty(),
        }
    }

    fn banks(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(id, name)| (id.to_string(), name.to_string()))
            .collect()
    }

    #[test]
    fn a_new_list_reads_as_a_person_would_write_it() {
        let mut l = lists("");
        let added = l.add(
            "peers",
            &banks(&[
                ("id-1", "FIRST BANK (AUSTIN, TX)"),
                ("id-2", "SECOND\nBANK"),
            ]),
        );
        assert_eq!(added, ["id-1", "id-2"]);
        assert_eq!(
            l.text(),
            format!(
                "{HEADER}\n[peers]\nbanks = [\n    # FIRST BANK (AUSTIN, TX)\n    \"id-1\",\n    # SECOND BANK\n    \"id-2\",\n]\n"
            )
        );
        let again = lists(&l.text());
        assert_eq!(
            again.get("peers").unwrap().unwrap(),
            [
                Entry {
                    id: "id-1".into(),
                    label: Some("FIRST BANK (AUSTIN, TX)".into())
                },
                Entry {
                    id: "id-2".into(),
                    label: Some("SECOND BANK".into())
                }
            ]
        );
    }

    #[test]
    fn edits_keep_what_a_person_wrote() {
        let text = "# my lists\n\n[peers] # the peers of our bank\nbanks = [\n  # kept\n  \"a\",\n  \"b\", # trailing note\n  # C BANK\n  \"c\",\n]\nnote = \"mine\"\n";
        let mut l = lists(text);
        assert_eq!(l.remove("peers", &["b".into(), "zz".into()]), ["b"]);
        assert_eq!(
            l.add("peers", &banks(&[("a", "A"), ("d", "D BANK")])),
            ["d"]
        );
        let out = l.text();
        assert!(
            out.starts_with("# my lists\n\n[peers] # the peers of our bank\n"),
            "{out}"
        );
        assert!(out.contains("  # kept\n  \"a\","), "{out}");
        assert!(out.contains("note = \"mine\""), "{out}");
        assert!(!out.contains("\"b\""), "{out}");
        let ids: Vec<String> = lists(&out)
            .get("peers")
            .unwrap()
            .unwrap()
            .into_iter()
            .map(|e| e.id)
            .collect();
        assert_eq!(ids, ["a", "c", "d"]);
        assert_eq!(
            lists(&out).get("peers").unwrap().unwrap()[1]
                .label
                .as_deref(),
            Some("C BANK")
        );
    }

    #[test]
    fn the_last_bank_removed_takes_the_list_with_it() {
        let mut l = lists("[a]\nbanks = [\"x\"]\n\n[b]\nbanks = [\"y\"]\n");
        assert_eq!(l.remove("a", &["x".into()]), ["x"]);
        assert_eq!(l.names(), ["b"]);
        assert!(l.remove("nope", &["y".into()]).is_empty());
    }

    #[test]
    fn ids_of_several_lists_once_and_unknown_lists_named() {
        let l = lists("[a]\nbanks = [\"x\", \"y\"]\n[b]\nbanks = [\"y\", \"z\"]\n");
        assert_eq!(l.ids(&["a".into(), "b".into()]).unwrap(), ["x", "y", "z"]);
        let error = l.ids(&["c".into()]).unwrap_err();
        assert_eq!(crate::error::exit_of(&error), crate::error::Exit::Usage);
        assert!(
            error
                .to_string()
                .contains("no watch list 'c'; the lists are: a, b"),
            "{error}"
        );
        let none = lists("").unknown("c").to_string();
        assert!(none.contains("there are none yet"), "{none}");
    }

    #[test]
    fn a_list_of_the_wrong_shape_is_named() {
        for text in [
            "peers = 3\n",
            "[peers]\nids = []\n",
            "[peers]\nbanks = \"x\"\n",
            "[peers]\nbanks = [1]\n",
        ] {
            let l = lists(text);
            let error = l.get("peers").unwrap_err().to_string();
            assert!(error.contains("watch list 'peers'"), "{text}: {error}");
        }
    }

    proptest::proptest! {
        /// Adding, listing and removing ids keep each id once, in order, as
        /// the plain (quadratic) reading of the lists would.
        #[test]
        fn ids_added_listed_and_removed_each_once_in_order(
            first in proptest::collection::vec("[a-e]", 0..30),
            second in proptest::collection::vec("[a-h]", 0..30),
            gone in proptest::collection::vec("[a-h]", 0..10),
        ) {
            let pairs = |ids: &[String]| -> Vec<(String, String)> {
                ids.iter().map(|id| (id.clone(), id.to_uppercase())).collect()
            };
            let once = |ids: &mut dyn Iterator<Item = &String>| {
                let mut out: Vec<String> = Vec::new();
                for id in ids {
                    if !out.contains(id) {
                        out.push(id.clone());
                    }
                }
                out
            };
            let mut l = lists("");
            let added_a = l.add("a", &pairs(&first));
            let added_b = l.add("b", &pairs(&second));
            proptest::prop_assert_eq!(&added_a, &once(&mut first.iter()));
            proptest::prop_assert_eq!(&added_b, &once(&mut second.iter()));
            // Adding again adds nothing.
            proptest::prop_assert!(l.add("a", &pairs(&first)).is_empty());
            let names: Vec<String> = l.names();
            if !names.is_empty() {
                let all = l.ids(&names).unwrap();
                proptest::prop_assert_eq!(all, once(&mut first.iter().chain(second.iter())));
            }
            if !added_b.is_empty() {
                let removed = l.remove("b", &gone);
                let expected: Vec<String> = added_b
                    .iter()
                    .filter(|id| gone.contains(id))
                    .cloned()
                    .collect();
                proptest::prop_assert_eq!(removed, expected);
                let left = l.get("b").unwrap().unwrap_or_default();
                proptest::prop_assert!(left.iter().all(|e| !gone.contains(&e.id)));
            }
        }
    }

    /// 100,000 ids (every bank of the country, five times over) are read,
    /// added to and removed from in well under a second: quadratic, they
    /// took tens of seconds.
    #[test]
    fn a_list_of_a_hundred_thousand_ids_costs_linear_time() {
        let many: Vec<(String, String)> = (0..100_000)
            .map(|i| (format!("id-{i:06}"), String::new()))
            .collect();
        let mut l = lists("");
        assert_eq!(l.add("all", &many).len(), many.len());
        assert_eq!(l.add("all", &many[..50_000]).len(), 0);
        let ids = l.ids(&["all".into(), "all".into()]).unwrap();
        assert_eq!(ids.len(), 100_000);
        let gone: Vec<String> = many[..50_000].iter().map(|(id, _)| id.clone()).collect();
        assert_eq!(l.remove("all", &gone).len(), 50_000);
        assert_eq!(l.ids(&["all".into()]).unwrap().len(), 50_000);
    }

    #[cfg(unix)]
    #[test]
    fn a_watch_file_that_is_a_named_pipe_is_refused_unopened() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("watch.toml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|status| status.success()) {
            return;
        }
        let (send, receive) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = send.send(Lists::load(&fifo).err().map(|e| e.to_string()));
        });
        let error = receive
            .recv_timeout(std::time::Duration::from_secs(10))
            .expect("refused at once, not waiting for a writer")
            .expect("refused");
        assert!(error.contains("is not a regular file"), "{error}");
    }

    #[test]
    fn names_are_bare_keys() {
        assert!(check_name("peers-2024_b").is_ok());
        for bad in ["", "a b", "a.b", "é", &"x".repeat(65)] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn update_writes_atomically_and_nothing_when_the_edit_fails() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("data").join("watch.toml");
        update(&path, |l| Ok(l.add("p", &banks(&[("x", "X")])))).unwrap();
        let before = std::fs::read_to_string(&path).unwrap();
        assert!(before.contains("\"x\""), "{before}");
        let failed: Result<()> = update(&path, |l| {
            l.add("p", &banks(&[("y", "Y")]));
            anyhow::bail!("no")
        });
        assert!(failed.is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
        std::fs::write(&path, "[p\n").unwrap();
        let error = Lists::load(&path).err().unwrap().to_string();
        assert!(error.contains("invalid TOML at line 1"), "{error}");
    }
}
