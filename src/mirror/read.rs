//! Reading the mirror: the list and the details as the service served them
//! (for `--offline`), and any read-only query (for `sql`). The connection is
//! opened read-only and `query_only`, so nothing here can change the file.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{Context, Result};
use rusqlite::functions::FunctionFlags;
use rusqlite::{Connection, OptionalExtension};
use serde_json::Value;

use crate::domain::ListQuery;
use crate::domain::model::{self, BankDetail, Meta, Page};
use crate::error::CraError;

/// The largest detail of one bank read from the local copy: twice the
/// largest answer the service may send (`sync` stores what one answer
/// gave), so that a bank's history is held in bounded memory however the
/// file was made.
pub const MAX_DETAIL: u64 = 32 << 20;

/// A bank's id and detail (NULL over [`MAX_DETAIL`]: SQLite reads no
/// more of it) and the detail's size, as [`DetailAt`] names them.
const DETAIL_SQL: &str = "id AS id, \
     CASE WHEN octet_length(detail_json) <= 33554432 THEN detail_json END AS detail, \
     octet_length(detail_json) AS bytes";

super::row::columns! { struct DetailAt { id, detail, bytes } }

/// The last sync, as recorded.
#[derive(Debug, Clone)]
pub struct LastSync {
    pub id: i64,
    pub started_at: String,
    pub finished_at: Option<String>,
    pub status: super::SyncStatus,
}

/// The local copy, open for reading: what it is (path, last sync...) and
/// `cra sql`'s statements; what it holds, through a face by subject in the
/// file of its statements (`served`, `banks`, `stats`, `events`...).
pub struct Reader {
    connection: Mutex<Connection>,
    path: PathBuf,
    last: Option<LastSync>,
    /// Said when the copy could only be read without its WAL.
    unread_log: Option<String>,
}

impl Reader {
    /// Opens the mirror at `path`; none there is exit 2 saying to sync.
    pub fn open(path: &Path) -> Result<Reader> {
        let (connection, unread_log) = super::open_read_only(path)?;
        // `q` matches as the service matches: any part of the name,
        // ignoring case (Unicode lower case, not SQLite's ASCII `lower`).
        connection.create_scalar_function(
            "cra_name_contains",
            2,
            FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC,
            |ctx| {
                let name = ctx.get_raw(0).as_str().unwrap_or_default();
                let q = ctx.get_raw(1).as_str().unwrap_or_default();
                Ok(crate::text::contains_folded(name, q))
            },
        )?;
        let last = connection
            .query_row(
                "SELECT id AS id, started_at AS started_at, finished_at AS finished_at, \
                 status AS status FROM syncs ORDER BY id DESC LIMIT 1",
                [],
                |row| {
                    Ok(LastSync {
                        id: row.get("id")?,
                        started_at: row.get("started_at")?,
                        finished_at: row.get("finished_at")?,
                        status: super::SyncStatus::from_text(&row.get::<_, String>("status")?),
                    })
                },
            )
            .optional()
            .with_context(|| format!("cannot read the mirror {}", path.display()))?;
        Ok(Reader {
            connection: Mutex::new(connection),
            path: path.to_path_buf(),
            last,
            unread_log,
        })
    }

    /// A handle that stops the statement running on this reader's
    /// connection (from another thread: a signal, a timeout).
    pub fn interrupt_handle(&self) -> rusqlite::InterruptHandle {
        self.connection().get_interrupt_handle()
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn last_sync(&self) -> Option<&LastSync> {
        self.last.as_ref()
    }

    /// "the local copy FILE as of TIME (3 hours ago)", for a person.
    pub fn as_of(&self) -> Option<String> {
        let last = self.last.as_ref()?;
        let when = last.finished_at.as_deref().unwrap_or(&last.started_at);
        Some(format!(
            "the local copy {} as of {} ({})",
            self.path.display(),
            when,
            super::age(when)
        ))
    }

    /// The service this copy was made from, as `sync` recorded it
    /// (`service_name`: `sandbox`, or the base address).
    pub fn service(&self) -> Option<String> {
        self.connection()
            .query_row("SELECT value FROM meta WHERE key = 'service'", [], |row| {
                row.get(0)
            })
            .optional()
            .ok()
            .flatten()
    }

    /// The newest exam date the copy holds (`YYYY-MM-DD`; a date of
    /// another shape aside): how current its data is, whenever it was
    /// synced.
    pub fn newest_exam(&self) -> Result<Option<String>> {
        Ok(self.connection().query_row(
            "SELECT max(exam_date) FROM ratings \
             WHERE exam_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'",
            [],
            |row| row.get(0),
        )?)
    }

    /// The warning to give when the answer may be out of date: the copy's
    /// log could not be read, or the last sync did not finish.
    pub fn unfinished_warning(&self) -> Option<String> {
        if let Some(unread) = &self.unread_log {
            return Some(unread.clone());
        }
        let last = self.last.as_ref()?;
        if last.status == super::SyncStatus::Complete {
            return None;
        }
        if last.status == super::SyncStatus::Running && sync_running(&self.path) {
            return Some(format!(
                "a sync of {} is running; this answer is from the banks it has stored so far",
                self.path.display()
            ));
        }
        Some(format!(
            "the last sync of {} (started {}) did not finish; some banks may be out of date (run: {})",
            self.path.display(),
            last.started_at,
            super::sync_command()
        ))
    }

    pub(super) fn connection(&self) -> std::sync::MutexGuard<'_, Connection> {
        // A panic elsewhere while the lock was held leaves a connection
        // that is still fine to read from.
        self.connection
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The list and the details as the service served them.
    pub fn served(&self) -> Served<'_> {
        Served(self)
    }

    /// Runs one read-only statement and hands `visit` the column names,
    /// then each row's values. A statement that does not parse, or that
    /// would write, is a usage error with SQLite's own words.
    pub fn query(&self, sql: &str, mut visit: impl FnMut(Rows) -> Result<()>) -> Result<()> {
        let connection = self.connection();
        let mut statement = connection.prepare(sql).map_err(|e| {
            CraError::usage(super::said::pointed(
                &connection,
                super::said::sqlite_message(&e),
            ))
        })?;
        if pragma_sets(sql) || (!statement.readonly() && !pragma_read(sql)) {
            return Err(CraError::usage(
                "attempt to write a readonly database (cra sql runs read-only queries; only cra sync changes the mirror)",
            ));
        }
        let names: Vec<String> = statement.column_names().map(str::to_string).collect();
        visit(Rows::Columns(&names))?;
        let count = names.len();
        let mut rows = statement
            .query([])
            .map_err(|e| CraError::usage(super::said::sqlite_message(&e)))?;
        loop {
            let row = match rows.next() {
                Ok(Some(row)) => row,
                Ok(None) => break,
                Err(e) => return Err(CraError::usage(super::said::sqlite_message(&e))),
            };
            let mut values = Vec::with_capacity(count);
            for i in 0..count {
                values.push(match row.get_ref(i)? {
                    rusqlite::types::ValueRef::Null => Value::Null,
                    rusqlite::types::ValueRef::Integer(n) => Value::from(n),
                    rusqlite::types::ValueRef::Real(x) => real(x),
                    rusqlite::types::ValueRef::Text(t) => {
                        Value::String(String::from_utf8_lossy(t).into_owned())
                    }
                    rusqlite::types::ValueRef::Blob(b) => blob(b),
                });
            }
            visit(Rows::Row(values))?;
        }
        Ok(())
    }
}

/// The list and details as the service served them: [`Reader::served`].
pub struct Served<'r>(&'r Reader);

impl Served<'_> {
    /// One page of the list, as the service would give it: the same
    /// filters, order and meta.
    pub fn list(&self, query: &ListQuery) -> Result<Page> {
        let per_page = query.per_page.max(1);
        let offset = query.page.saturating_sub(1).saturating_mul(per_page);
        let (filter, mut values) = query_filter(query);
        let connection = self.0.connection();
        let total: i64 = connection
            .prepare_cached(&format!("SELECT count(*) FROM banks{filter}"))?
            .query_row(rusqlite::params_from_iter(&values), |row| row.get(0))?;
        values.push(i64::try_from(per_page).unwrap_or(i64::MAX).into());
        values.push(i64::try_from(offset).unwrap_or(i64::MAX).into());
        let mut statement = connection.prepare_cached(&format!(
            // rowid after position: a sync that stopped early can leave two
            // new banks at one position, and pages must still not overlap.
            "SELECT list_json FROM banks{filter} ORDER BY position, rowid LIMIT ? OFFSET ?"
        ))?;
        let rows = statement.query_map(rusqlite::params_from_iter(&values), |row| {
            row.get::<_, String>(0)
        })?;
        let mut banks = Vec::new();
        for (index, row) in rows.enumerate() {
            banks.push(
                model::stored_bank(row?)
                    .map_err(|e| self.corrupt(&format!("data[{index}].{e}")))?,
            );
        }
        let total = total as u64;
        Ok(Page {
            banks,
            meta: Meta {
                total,
                page: query.page,
                per_page,
                total_pages: total.div_ceil(per_page),
            },
        })
    }

    /// How many banks match `query`'s filters.
    pub fn count(&self, query: &ListQuery) -> Result<u64> {
        let (filter, values) = query_filter(query);
        let total: i64 = self
            .0
            .connection()
            .prepare_cached(&format!("SELECT count(*) FROM banks{filter}"))?
            .query_row(rusqlite::params_from_iter(&values), |row| row.get(0))?;
        Ok(total as u64)
    }

    /// Every bank matching `query`'s filters with its history, in list
    /// order, handed to `visit` one at a time (`export --with-history`).
    /// One query in one read transaction: consistent by construction, so
    /// none of the list's re-reading is needed, and no list item is parsed
    /// only to ask for the detail beside it.
    ///
    /// `raw`: keep each object as served (what json prints). Without it,
    /// only the typed view is read and `raw` is null: csv, tsv and tables
    /// print nothing else, and building the JSON tree was most of the time.
    ///
    /// `public`: each comes with the public record of each of its exams,
    /// in the order of its `ratings`, read in the same transaction.
    pub fn details(
        &self,
        query: &ListQuery,
        raw: bool,
        public: bool,
        mut visit: impl FnMut(BankDetail, Option<Vec<crate::domain::PublicRecord>>) -> Result<()>,
    ) -> Result<()> {
        let (filter, values) = query_filter(query);
        let connection = self.0.connection();
        let mut statement = connection.prepare(&format!(
            "SELECT {DETAIL_SQL} FROM banks{filter} ORDER BY position, rowid"
        ))?;
        let at = DetailAt::of(&statement)?;
        let mut rows = statement.query(rusqlite::params_from_iter(&values))?;
        while let Some(row) = rows.next()? {
            let Some(json) = row.get_ref(at.detail)?.as_str_or_null()? else {
                return Err(self.too_big(row.get_ref(at.id)?.as_str()?, row.get(at.bytes)?));
            };
            let detail = if raw {
                model::stored_detail(json.to_string())
                    .map_err(|e| self.corrupt(&format!("data.{e}")))?
            } else {
                BankDetail {
                    raw: model::Raw::null(),
                    fields: model::typed(json).map_err(|e| self.corrupt(&format!("data.{e}")))?,
                }
            };
            let records = if public {
                Some(super::record::exam_records_on(
                    &connection,
                    &detail.fields.id,
                    &detail.fields.ratings,
                )?)
            } else {
                None
            };
            visit(detail, records)?;
        }
        Ok(())
    }

    /// One bank with its history; one the mirror does not hold is exit 5,
    /// one over [`MAX_DETAIL`] an error.
    pub fn bank(&self, id: &str) -> Result<BankDetail> {
        let json: Option<(Option<String>, i64)> = self
            .0
            .connection()
            .prepare_cached(&format!("SELECT {DETAIL_SQL} FROM banks WHERE id = ?1"))?
            .query_row([id], |row| Ok((row.get("detail")?, row.get("bytes")?)))
            .optional()?;
        if let Some((None, bytes)) = json {
            return Err(self.too_big(id, bytes));
        }
        let Some((Some(json), _)) = json else {
            return Err(CraError::NotFound {
                message: format!(
                    "no bank with id '{}' in the local copy {}",
                    crate::error::shorten(id, 80),
                    self.0.path.display()
                ),
            }
            .into());
        };
        model::stored_detail(json).map_err(|e| self.corrupt(&format!("data.{e}")))
    }

    /// A bank's detail over [`MAX_DETAIL`]: no sync stores one (see there).
    fn too_big(&self, id: &str, bytes: i64) -> anyhow::Error {
        anyhow::anyhow!(
            "the local copy {} holds bank '{}' with a detail of {} MiB, over the {} MiB limit for one bank (no service answer makes one); run cra sync --full",
            self.0.path.display(),
            crate::error::shorten(&crate::text::inert(id), 60),
            bytes >> 20,
            MAX_DETAIL >> 20
        )
    }

    fn corrupt(&self, what: &str) -> anyhow::Error {
        anyhow::anyhow!(
            "the local copy {} holds a bank that does not fit the documented shape ({what}); run cra sync --full",
            self.0.path.display()
        )
    }
}

/// The `WHERE` clause of a list query's filters (QUERY, state, size), and
/// its values: the one clause builder's (`mirror::find`), naming only the
/// filters given (a clause such as `(?1 IS NULL OR state = ?1)` would hide
/// the column from SQLite's planner, which would then read every bank's
/// row, JSON and all, to count a state's banks instead of an index).
fn query_filter(query: &ListQuery) -> (String, Vec<rusqlite::types::Value>) {
    super::clauses::clause(
        &crate::domain::Selection::of_list(query),
        &super::clauses::Tested::BANKS,
    )
}

/// What `Reader::query` hands on: the column names, then each row.
pub enum Rows<'a> {
    Columns(&'a [String]),
    Row(Vec<Value>),
}

/// A REAL as json has it; the infinities, which json has not, as SQLite's
/// shell prints them (`Inf`, `-Inf`), never as null.
fn real(x: f64) -> Value {
    match serde_json::Number::from_f64(x) {
        Some(number) => Value::Number(number),
        None if x > 0.0 => Value::String("Inf".into()),
        None if x < 0.0 => Value::String("-Inf".into()),
        None => Value::Null,
    }
}

/// A BLOB as SQL writes one, `x'0aff'`, so it is never taken for text.
fn blob(bytes: &[u8]) -> Value {
    Value::String(format!("x'{}'", hex::encode(bytes)))
}

/// `PRAGMA name` or `PRAGMA schema.name` with no value: a read of a
/// setting (`journal_mode`), which SQLite still calls a possible write.
/// The connection is read-only and `query_only` whatever this says.
fn pragma_read(sql: &str) -> bool {
    let text = sql.trim().trim_end_matches(';').trim();
    let Some(rest) = text
        .get(..6)
        .filter(|head| head.eq_ignore_ascii_case("pragma"))
        .map(|_| text[6..].trim())
    else {
        return false;
    };
    !rest.is_empty()
        && text[6..].starts_with(char::is_whitespace)
        && rest
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
}

/// The pragmas that set something when given a value (SQLite lets a
/// read-only connection set most of them: `query_only`, `trusted_schema`,
/// `writable_schema`...), as `PRAGMA name = value` or `PRAGMA name(value)`.
const SETTING_PRAGMAS: &[&str] = &[
    "application_id",
    "automatic_index",
    "busy_timeout",
    "cache_size",
    "cache_spill",
    "case_sensitive_like",
    "cell_size_check",
    "checkpoint_fullfsync",
    "defer_foreign_keys",
    "encoding",
    "foreign_keys",
    "fullfsync",
    "hard_heap_limit",
    "ignore_check_constraints",
    "journal_mode",
    "journal_size_limit",
    "legacy_alter_table",
    "locking_mode",
    "max_page_count",
    "mmap_size",
    "query_only",
    "read_uncommitted",
    "recursive_triggers",
    "reverse_unordered_selects",
    "schema_version",
    "secure_delete",
    "soft_heap_limit",
    "synchronous",
    "temp_store",
    "threads",
    "trusted_schema",
    "user_version",
    "wal_autocheckpoint",
    "writable_schema",
];

/// Whether `sql` is a `PRAGMA` that sets a value: `PRAGMA x = v` of any
/// pragma, or `PRAGMA x(v)` of one that sets ([`SETTING_PRAGMAS`];
/// `table_info(banks)` and the like read). Refused whatever SQLite says
/// of it: `cra sql` reads.
fn pragma_sets(sql: &str) -> bool {
    let text = sql.trim().trim_end_matches(';').trim();
    let Some(rest) = text
        .get(..6)
        .filter(|head| head.eq_ignore_ascii_case("pragma"))
        .map(|_| text[6..].trim())
    else {
        return false;
    };
    if rest.contains('=') {
        return true;
    }
    let name = rest.split('(').next().unwrap_or_default().trim();
    let name = name.rsplit('.').next().unwrap_or(name).to_ascii_lowercase();
    rest.contains('(') && SETTING_PRAGMAS.contains(&name.as_str())
}

/// True while a sync holds the mirror's lock.
fn sync_running(path: &Path) -> bool {
    let Ok(file) = std::fs::File::open(super::write::lock_path(path)) else {
        return false;
    };
    matches!(
        file.try_lock_shared(),
        Err(std::fs::TryLockError::WouldBlock)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plan SQLite picks for the offline list's count with `filter`.
    fn count_plan(state: Option<&str>, size: Option<&str>) -> String {
        plan(state, size, "SELECT count(*) FROM banks{filter}")
    }

    /// The plan SQLite picks for `sql`, `{filter}` replaced by the filters.
    fn plan(state: Option<&str>, size: Option<&str>, sql: &str) -> String {
        let mut connection = Connection::open_in_memory().unwrap();
        crate::mirror::schema::create(&mut connection).unwrap();
        let (filter, values) = query_filter(&ListQuery {
            state: state.map(str::to_string),
            size: size.map(str::to_string),
            ..ListQuery::default()
        });
        let mut statement = connection
            .prepare(&format!(
                "EXPLAIN QUERY PLAN {}",
                sql.replace("{filter}", &filter)
            ))
            .unwrap();
        let details = statement
            .query_map(rusqlite::params_from_iter(&values), |row| {
                row.get::<_, String>("detail")
            })
            .unwrap()
            .collect::<rusqlite::Result<Vec<_>>>()
            .unwrap();
        details.join("; ")
    }

    #[test]
    fn the_filters_given_and_only_they_are_in_the_clause() {
        let (clause, values) = query_filter(&ListQuery {
            q: Some(" First ".into()),
            state: Some("TX".into()),
            ..ListQuery::default()
        });
        assert!(
            clause.starts_with(" WHERE state = ? AND (name LIKE ? ESCAPE"),
            "{clause}"
        );
        assert_eq!(values.len(), 3);
        assert_eq!(
            values[1],
            rusqlite::types::Value::from("%first%".to_string())
        );
        assert_eq!(query_filter(&ListQuery::default()).0, "");
    }

    #[test]
    fn a_page_in_list_order_is_read_from_an_index_without_a_sort() {
        for (state, size) in [
            (None, None),
            (Some("TX"), Some("Large Bank")),
            (Some("TX"), None),
            (None, Some("Large Bank")),
        ] {
            let plan = plan(
                state,
                size,
                "SELECT list_json FROM banks{filter} ORDER BY position, rowid LIMIT 25 OFFSET 50",
            );
            assert!(plan.contains("USING INDEX"), "{state:?} {size:?}: {plan}");
            assert!(!plan.contains("TEMP B-TREE"), "{state:?} {size:?}: {plan}");
        }
    }

    #[test]
    fn counting_a_filtered_list_reads_an_index_not_the_rows() {
        for (state, size) in [
            (Some("TX"), Some("Large Bank")),
            (Some("TX"), None),
            (None, Some("Large Bank")),
        ] {
            let plan = count_plan(state, size);
            assert!(
                plan.contains("SEARCH banks USING COVERING INDEX"),
                "{state:?} {size:?}: {plan}"
            );
        }
    }

    #[test]
    fn pragmas_that_set_are_refused_whatever_sqlite_says() {
        for sets in [
            "PRAGMA query_only=0",
            "pragma writable_schema = 1;",
            "PRAGMA main.trusted_schema=ON",
            "PRAGMA journal_mode(delete)",
            "PRAGMA cache_size(-2000)",
        ] {
            assert!(pragma_sets(sets), "{sets}");
        }
        for reads in [
            "PRAGMA table_info(banks)",
            "PRAGMA query_only",
            "SELECT '='",
            "PRAGMA index_list(banks)",
        ] {
            assert!(!pragma_sets(reads), "{reads}");
        }
    }

    #[test]
    fn pragma_reads_are_told_from_pragma_writes() {
        for read in [
            "PRAGMA journal_mode",
            "pragma main.journal_mode;",
            " PRAGMA user_version ",
        ] {
            assert!(pragma_read(read), "{read}");
        }
        for other in [
            "PRAGMA journal_mode = delete",
            "PRAGMA journal_mode(delete)",
            "PRAGMAjournal_mode",
            "PRAGMA",
            "SELECT 1",
            "PRAGMA x; DROP TABLE banks",
        ] {
            assert!(!pragma_read(other), "{other}");
        }
    }

    #[test]
    fn blobs_and_infinities_are_shown_for_what_they_are() {
        assert_eq!(blob(b"AB"), Value::String("x'4142'".into()));
        assert_eq!(real(f64::INFINITY), Value::String("Inf".into()));
        assert_eq!(real(f64::NEG_INFINITY), Value::String("-Inf".into()));
        assert_eq!(real(1.5), serde_json::json!(1.5));
    }
}
