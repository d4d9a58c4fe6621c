//! What SQLite said of a statement `cra sql` runs, in its own words, and
//! where to look when it names a table or column the copy has not.

/// SQLite's words for a table or column the copy has not, with where to
/// look: the table meant (`bank`: `banks`), or `cra sql --schema`.
pub(super) fn pointed(connection: &rusqlite::Connection, message: String) -> String {
    if let Some(table) = message.strip_prefix("no such table: ") {
        let tables: Vec<String> = connection
            .prepare("SELECT name FROM sqlite_schema WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .and_then(|mut statement| {
                statement
                    .query_map([], |row| row.get::<_, String>(0))?
                    .collect::<rusqlite::Result<Vec<_>>>()
            })
            .unwrap_or_default();
        let bare = table
            .rsplit('.')
            .next()
            .unwrap_or(table)
            .to_ascii_lowercase();
        let meant = tables
            .iter()
            .map(|t| (strsim::normalized_damerau_levenshtein(&bare, t), t))
            .filter(|(score, _)| *score >= 0.6)
            .max_by(|a, b| a.0.total_cmp(&b.0));
        return match meant {
            Some((_, meant)) => format!(
                "{message} (did you mean {meant}? cra sql --schema shows every table and its columns)"
            ),
            None => format!(
                "{message} (the copy's tables: {}; cra sql --schema shows their columns)",
                tables.join(", ")
            ),
        };
    }
    if message.starts_with("no such column: ") {
        return format!("{message} (cra sql --schema shows each table's columns)");
    }
    message
}

/// SQLite's own message for an error, without rusqlite's wrapping.
pub(super) fn sqlite_message(error: &rusqlite::Error) -> String {
    match error {
        rusqlite::Error::SqliteFailure(_, Some(message)) => message.clone(),
        rusqlite::Error::SqlInputError { msg, .. } => msg.clone(),
        rusqlite::Error::MultipleStatement => {
            "cra sql runs one statement at a time (found more after the first)".to_string()
        }
        other => other.to_string(),
    }
}
