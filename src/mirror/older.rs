//! What a reader sees of a copy an earlier `cra` wrote, read as it is
//! (never upgraded by a reader): the tables and columns of later schemas,
//! made in the connection's own temporary schema (searched before the
//! file's; the file is untouched), so that a reader asks the same SQL of
//! every copy.

use anyhow::Result;
use rusqlite::Connection;

/// Makes a copy of schema `version` read as this build's schema.
pub(super) fn as_this_schema(connection: &Connection, version: i64) -> Result<()> {
    if version < 4 {
        empty_evaluations(connection)?;
    } else if version < 7 {
        evaluations_with_status(connection)?;
    }
    if version < 6 {
        empty_lending(connection)?;
    }
    Ok(())
}

/// A copy of a schema before 4 (written by an earlier `cra`, read as it
/// is) has no evaluations: empty tables of the names, in the connection's
/// own temporary schema (the file is untouched), so a reader asks the same
/// SQL of every copy.
fn empty_evaluations(connection: &Connection) -> Result<()> {
    connection.pragma_update(None, "query_only", false)?;
    let made = connection.execute_batch(
        "CREATE TEMP TABLE IF NOT EXISTS evaluations (sha256 TEXT PRIMARY KEY, source TEXT, \
         bank_id TEXT, exam_date TEXT, evaluation_date TEXT, regulator TEXT, agency_id INTEGER, \
         name TEXT, rating TEXT, reason TEXT, kind TEXT, read_at TEXT, status TEXT, \
         reader INTEGER); \
         CREATE TEMP TABLE IF NOT EXISTS evaluation_tests (sha256 TEXT, bank_id TEXT, \
         exam_date TEXT, area TEXT, test TEXT, rating TEXT);",
    );
    connection.pragma_update(None, "query_only", true)?;
    Ok(made?)
}

/// A copy of schema 4 to 6 keeps no set-aside file and says no status:
/// the table as schema 7 has it, a view in the connection's temporary
/// schema (searched before the file's; the file is untouched), each row's
/// status as the migration gives it.
fn evaluations_with_status(connection: &Connection) -> Result<()> {
    connection.pragma_update(None, "query_only", false)?;
    let made = connection.execute_batch(
        "CREATE TEMP VIEW IF NOT EXISTS evaluations AS SELECT *, \
         CASE WHEN bank_id IS NULL THEN 'unlinked' ELSE 'linked' END AS status, 1 AS reader \
         FROM main.evaluations;",
    );
    connection.pragma_update(None, "query_only", true)?;
    Ok(made?)
}

/// A copy of a schema before 6 has no lending data: empty tables of the
/// names, as [`empty_evaluations`] makes them, so that a reader asks the
/// same SQL of every copy.
fn empty_lending(connection: &Connection) -> Result<()> {
    connection.pragma_update(None, "query_only", false)?;
    let made = connection.execute_batch(
        "CREATE TEMP TABLE IF NOT EXISTS lending_files (sha256 TEXT, zip_sha256 TEXT, kind TEXT, \
         year INTEGER, tables TEXT, records INTEGER, source TEXT, read_at TEXT); \
         CREATE TEMP TABLE IF NOT EXISTS lending_reporters (year INTEGER, agency INTEGER, \
         respondent_id INTEGER, rssd_id INTEGER, name TEXT, city TEXT, state TEXT, \
         assets_thousands INTEGER, bank_id TEXT, reason TEXT); \
         CREATE TEMP TABLE IF NOT EXISTS lending (year INTEGER, bank_id TEXT, agency INTEGER, \
         respondent_id INTEGER, table_id TEXT, kind TEXT, action TEXT, state TEXT, county TEXT, \
         msa TEXT, income_group TEXT, in_area INTEGER, loans INTEGER, amount_thousands INTEGER, \
         loans_under_100k INTEGER, amount_under_100k INTEGER, loans_100k_250k INTEGER, \
         amount_100k_250k INTEGER, loans_250k_plus INTEGER, amount_250k_plus INTEGER, \
         loans_small_revenue INTEGER, amount_small_revenue INTEGER); \
         CREATE TEMP TABLE IF NOT EXISTS cd_lending (year INTEGER, bank_id TEXT, agency INTEGER, \
         respondent_id INTEGER, loans INTEGER, amount_thousands INTEGER, affiliate_loans INTEGER, \
         affiliate_amount_thousands INTEGER); \
         CREATE TEMP TABLE IF NOT EXISTS assessment_areas (year INTEGER, bank_id TEXT, \
         agency INTEGER, respondent_id INTEGER, area INTEGER, state TEXT, county TEXT, msa TEXT, \
         tract TEXT, income_group TEXT, partial_county INTEGER); \
         CREATE TEMP TABLE IF NOT EXISTS lending_market (year INTEGER, kind TEXT, action TEXT, \
         state TEXT, county TEXT, msa TEXT, income_group TEXT, loans INTEGER, \
         amount_thousands INTEGER, loans_small_revenue INTEGER);",
    );
    connection.pragma_update(None, "query_only", true)?;
    Ok(made?)
}
