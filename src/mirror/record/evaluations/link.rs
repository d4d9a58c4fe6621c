//! Which bank and exam a PE is of: by the identifiers it prints (each
//! naming one bank of the copy through the public record's links, all the
//! same one), a name that may be that bank's, and the bank's exam nearest
//! its date within [`NEAREST_MONTHS`].

use anyhow::Result;
use rusqlite::{Transaction, params};

use super::NEAREST_MONTHS;
use crate::evaluation::model::{Evaluation, IdKind, PrintedId};

/// As a person names an identifier: `FDIC certificate 3510`.
fn named(id: &PrintedId) -> String {
    let what = match id.kind {
        IdKind::OccCharter => "OCC charter",
        IdKind::FdicCert => "FDIC certificate",
        IdKind::Rssd => "RSSD ID",
        IdKind::OtsDocket => "OTS docket",
    };
    format!("{what} {}", id.number)
}

/// The banks of the copy an identifier names, through the links (its
/// identifier columns, or the regulator's own agency ID of the link).
fn banks_of(tx: &Transaction, id: &PrintedId) -> Result<Vec<String>> {
    let number = i64::try_from(id.number).unwrap_or(i64::MAX);
    let sql = match id.kind {
        IdKind::OccCharter => {
            "SELECT bank_id FROM links WHERE occ_charter = ?1 \
             UNION SELECT bank_id FROM links WHERE regulator = 'OCC' AND agency_id = ?1"
        }
        IdKind::FdicCert => {
            "SELECT bank_id FROM links WHERE fdic_cert = ?1 \
             UNION SELECT bank_id FROM links WHERE regulator = 'FDIC' AND agency_id = ?1"
        }
        IdKind::Rssd => {
            "SELECT bank_id FROM links WHERE rssd_id = ?1 \
             UNION SELECT bank_id FROM links WHERE regulator = 'FRB' AND agency_id = ?1"
        }
        IdKind::OtsDocket => {
            "SELECT l.bank_id FROM links l JOIN institutions i ON i.fdic_cert = l.fdic_cert \
             WHERE i.ots_docket = ?1 \
             UNION SELECT bank_id FROM links WHERE regulator = 'OTS' AND agency_id = ?1"
        }
    };
    let mut statement = tx.prepare_cached(sql)?;
    let banks = statement
        .query_map([number], |row| row.get::<_, String>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(banks)
}

/// The bank and exam `evaluation` is of, or why none can be said: by the
/// identifiers it prints (each naming one bank, all the same one), and the
/// bank's exam nearest its date within [`NEAREST_MONTHS`].
pub(super) fn link(
    tx: &Transaction,
    evaluation: &Evaluation,
) -> Result<Result<(String, String), String>> {
    if evaluation.ids.is_empty() {
        return Ok(Err(
            "it prints no identifier (charter, certificate or RSSD ID)".into(),
        ));
    }
    let mut bank: Option<String> = None;
    for id in &evaluation.ids {
        let banks = banks_of(tx, id)?;
        match banks.as_slice() {
            [] => return Ok(Err(format!("no bank of the copy has {}", named(id)))),
            [one] => match &bank {
                Some(other) if other != one => {
                    return Ok(Err(format!(
                        "its identifiers name two banks ({other} and {one})"
                    )));
                }
                _ => bank = Some(one.clone()),
            },
            many => {
                return Ok(Err(format!(
                    "{} banks of the copy have {}",
                    many.len(),
                    named(id)
                )));
            }
        }
    }
    let Some(bank) = bank else {
        return Ok(Err("no bank".into()));
    };
    if let Some(other) = other_name(tx, &bank, &evaluation.name)? {
        return Ok(Err(format!(
            "it names {}, and the bank of its {} is {other}",
            crate::text::clip(&evaluation.name, 60),
            named(&evaluation.ids[0])
        )));
    }
    let Some(date) = evaluation.date.as_deref() else {
        return Ok(Err(format!("it prints no evaluation date (bank {bank})")));
    };
    match nearest_exam(tx, &bank, date)? {
        Some(exam) => Ok(Ok((bank, exam))),
        None => Ok(Err(format!(
            "bank {bank} has no exam within {NEAREST_MONTHS} months of {date}"
        ))),
    }
}

/// The name of `bank` when `printed`, the institution the evaluation
/// names, is none of the names the copy knows it by (the service's now,
/// the FFIEC file's at each exam, BankFind's): an identifier misprinted or
/// misread would otherwise link another bank. None when one of them may
/// be the same bank (half the words that say which bank, not the words
/// every bank's name has: `names::same_bank`), or when the evaluation
/// prints no name.
fn other_name(tx: &Transaction, bank: &str, printed: &str) -> Result<Option<String>> {
    use crate::record::names::{name_key, same_bank};
    let printed = name_key(printed);
    if printed.is_empty() {
        return Ok(None);
    }
    let mut statement = tx.prepare_cached(
        "SELECT name FROM banks WHERE id = ?1 \
         UNION SELECT f.name FROM links l JOIN ffiec_exams f \
           ON f.regulator = l.regulator AND f.agency_id = l.agency_id WHERE l.bank_id = ?1 \
         UNION SELECT i.name FROM links l JOIN institutions i ON i.fdic_cert = l.fdic_cert \
           WHERE l.bank_id = ?1",
    )?;
    let names = statement
        .query_map([bank], |row| row.get::<_, String>(0))?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    if names
        .iter()
        .any(|name| same_bank(&printed, &name_key(name)))
    {
        return Ok(None);
    }
    Ok(Some(names.into_iter().next().unwrap_or_default()))
}

/// The exam of `bank` nearest `date` within [`NEAREST_MONTHS`] either way
/// (of two as near, the earlier).
fn nearest_exam(tx: &Transaction, bank: &str, date: &str) -> Result<Option<String>> {
    let Ok(day) = date.parse::<jiff::civil::Date>() else {
        return Ok(None);
    };
    let months = jiff::Span::new().months(NEAREST_MONTHS);
    let (Ok(from), Ok(to)) = (day.checked_sub(months), day.checked_add(months)) else {
        return Ok(None);
    };
    let mut statement = tx.prepare_cached(
        "SELECT DISTINCT exam_date FROM ratings WHERE bank_id = ?1 \
         AND exam_date >= ?2 AND exam_date <= ?3",
    )?;
    let exams = statement
        .query_map(params![bank, from.to_string(), to.to_string()], |row| {
            row.get::<_, String>(0)
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let distance = |exam: &str| {
        exam.parse::<jiff::civil::Date>()
            .ok()
            .and_then(|e| (e - day).get_days().checked_abs())
            .unwrap_or(i32::MAX)
    };
    Ok(exams
        .into_iter()
        .min_by(|a, b| distance(a).cmp(&distance(b)).then_with(|| a.cmp(b))))
}
