//! The lending reporters linked to the copy's banks: the public record's
//! identifiers read once into memory (`lending::link::Identifiers`: each
//! bank's regulator and agency ID, at its link and at each exam, BankFind's
//! certificate, RSSD ID, charter and docket of the institution linked, and
//! every identifier the ratings file and BankFind know), each reporter
//! linked by them (`lending::link::link`), and a reporter whose bank
//! changed has its rows follow it, in the caller's transaction.

use anyhow::Result;
use rusqlite::{Connection, params};

use crate::lending::Agency;
use crate::lending::link::{Evidence, Identifiers, Unlinked, link};
use crate::lending::record::Respondent;

/// The agency of a regulator as the copy spells it.
fn agency(regulator: &str) -> Option<Agency> {
    Some(match regulator {
        "OCC" => Agency::Occ,
        "FRB" => Agency::Frb,
        "FDIC" => Agency::Fdic,
        "OTS" => Agency::Ots,
        _ => return None,
    })
}

/// A stored identifier as a number (none for NULL, zero or negative).
fn id(value: Option<i64>) -> Option<u64> {
    value.and_then(|n| u64::try_from(n).ok()).filter(|n| *n > 0)
}

/// What the copy's public record says of identifiers.
pub(super) fn identifiers(connection: &Connection) -> Result<Identifiers> {
    let mut ids = Identifiers::default();
    let mut links = connection.prepare(
        "SELECT bank_id AS bank_id, regulator AS regulator, agency_id AS agency_id, \
         fdic_cert AS fdic_cert, rssd_id AS rssd_id, occ_charter AS occ_charter FROM links",
    )?;
    let mut rows = links.query([])?;
    while let Some(row) = rows.next()? {
        let bank: String = row.get("bank_id")?;
        let regulator: String = row.get("regulator")?;
        if let (Some(agency), Some(number)) = (agency(&regulator), id(row.get("agency_id")?)) {
            ids.add_bank(agency, number, &bank, Evidence::File);
        }
        for (agency, column) in [
            (Agency::Fdic, "fdic_cert"),
            (Agency::Frb, "rssd_id"),
            (Agency::Occ, "occ_charter"),
        ] {
            if let Some(number) = id(row.get(column)?) {
                ids.add_bank(agency, number, &bank, Evidence::Listed);
            }
        }
    }
    // Each exam's institution: a thrift the OTS examined before the OCC.
    let mut exams = connection.prepare(
        "SELECT DISTINCT bank_id AS bank_id, regulator AS regulator, agency_id AS agency_id \
         FROM link_exams",
    )?;
    let mut rows = exams.query([])?;
    while let Some(row) = rows.next()? {
        let regulator: String = row.get("regulator")?;
        if let (Some(agency), Some(number)) = (agency(&regulator), id(row.get("agency_id")?)) {
            ids.add_bank(
                agency,
                number,
                &row.get::<_, String>("bank_id")?,
                Evidence::File,
            );
        }
    }
    // BankFind's identifiers of the institutions linked (by certificate).
    let mut listed = connection.prepare(
        "SELECT l.bank_id AS bank_id, i.rssd_id AS rssd_id, i.occ_charter AS occ_charter, \
         i.ots_docket AS ots_docket FROM links l JOIN institutions i ON i.fdic_cert = l.fdic_cert",
    )?;
    let mut rows = listed.query([])?;
    while let Some(row) = rows.next()? {
        let bank: String = row.get("bank_id")?;
        for (agency, column) in [
            (Agency::Frb, "rssd_id"),
            (Agency::Occ, "occ_charter"),
            (Agency::Ots, "ots_docket"),
        ] {
            if let Some(number) = id(row.get(column)?) {
                ids.add_bank(agency, number, &bank, Evidence::Listed);
            }
        }
    }
    // What the public record knows, linked or not.
    let mut known = connection.prepare(
        "SELECT DISTINCT regulator AS regulator, agency_id AS agency_id FROM ffiec_exams",
    )?;
    let mut rows = known.query([])?;
    while let Some(row) = rows.next()? {
        let regulator: String = row.get("regulator")?;
        if let (Some(agency), Some(number)) = (agency(&regulator), id(row.get("agency_id")?)) {
            ids.add_known(agency, number);
        }
    }
    let mut institutions = connection.prepare(
        "SELECT fdic_cert AS fdic_cert, rssd_id AS rssd_id, occ_charter AS occ_charter, \
         ots_docket AS ots_docket FROM institutions",
    )?;
    let mut rows = institutions.query([])?;
    while let Some(row) = rows.next()? {
        for (agency, column) in [
            (Agency::Fdic, "fdic_cert"),
            (Agency::Frb, "rssd_id"),
            (Agency::Occ, "occ_charter"),
            (Agency::Ots, "ots_docket"),
        ] {
            if let Some(number) = id(row.get(column)?) {
                ids.add_known(agency, number);
            }
        }
    }
    Ok(ids)
}

/// The bank of a reporter as the copy says it now, and why none.
pub(super) type Link = (Option<String>, Option<&'static str>);

/// The link of `respondent` (with the transmittal's `rssd_id`).
pub(super) fn decide(respondent: Respondent, rssd_id: Option<u64>, ids: &Identifiers) -> Link {
    match link(respondent, rssd_id, ids) {
        Ok((bank, _)) => (Some(bank), None),
        Err(why) => (None, Some(why.as_str())),
    }
}

/// Links the reporters of `year` (every year: None) again, their rows
/// following a bank that changed; how many changed.
pub(super) fn relink(connection: &Connection, ids: &Identifiers, year: Option<u16>) -> Result<u64> {
    let mut reporters = connection.prepare_cached(
        "SELECT year AS year, agency AS agency, respondent_id AS respondent_id, \
         rssd_id AS rssd_id, bank_id AS bank_id, reason AS reason FROM lending_reporters \
         WHERE ?1 IS NULL OR year = ?1",
    )?;
    let mut changed = Vec::new();
    let mut rows = reporters.query([year])?;
    while let Some(row) = rows.next()? {
        let Some(agency) = id(row.get("agency")?).and_then(Agency::from_code) else {
            continue;
        };
        let respondent = Respondent {
            agency,
            id: id(row.get("respondent_id")?).unwrap_or(0),
        };
        let now: Link = decide(respondent, id(row.get("rssd_id")?), ids);
        let before: (Option<String>, Option<String>) = (row.get("bank_id")?, row.get("reason")?);
        if (now.0.as_deref(), now.1) != (before.0.as_deref(), before.1.as_deref()) {
            let year: i64 = row.get("year")?;
            changed.push((year, respondent, now));
        }
    }
    for (year, respondent, link) in &changed {
        set_link(connection, *year, *respondent, link)?;
    }
    Ok(changed.len() as u64)
}

/// Records `link` for a reporter, and has its rows follow it.
pub(super) fn set_link(
    connection: &Connection,
    year: i64,
    respondent: Respondent,
    link: &Link,
) -> Result<()> {
    let (agency, id) = (respondent.agency.code(), number(respondent.id));
    connection
        .prepare_cached(
            "UPDATE lending_reporters SET bank_id = ?4, reason = ?5 \
             WHERE year = ?1 AND agency = ?2 AND respondent_id = ?3",
        )?
        .execute(params![year, agency, id, link.0, link.1])?;
    for table in ["lending", "cd_lending", "assessment_areas"] {
        connection
            .prepare_cached(&format!(
                "UPDATE {table} SET bank_id = ?4 \
                 WHERE year = ?1 AND agency = ?2 AND respondent_id = ?3 AND bank_id IS NOT ?4"
            ))?
            .execute(params![year, agency, id, link.0])?;
    }
    Ok(())
}

/// A number as SQLite stores it.
pub(super) fn number(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The reasons, as the summary counts them.
pub(super) fn reasons() -> impl Iterator<Item = &'static str> {
    Unlinked::ALL.into_iter().map(Unlinked::as_str)
}

/// Links every reporter the copy holds again, in the caller's
/// transaction: `cra enrich` (which may have changed the links) and a
/// sync's re-linking run it. Nothing to do on a copy with no lending data.
pub(crate) fn relink_all(connection: &Connection) -> Result<u64> {
    let any: i64 = connection.query_row(
        "SELECT count(*) FROM (SELECT 1 FROM lending_reporters LIMIT 1)",
        [],
        |row| row.get(0),
    )?;
    if any == 0 {
        return Ok(0);
    }
    let ids = identifiers(connection)?;
    relink(connection, &ids, None)
}
