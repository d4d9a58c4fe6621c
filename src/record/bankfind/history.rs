//! BankFind's structure changes (`GET https://api.fdic.gov/banks/history`,
//! beside `/institutions`, with its envelope, filters and paging): each
//! institution's mergers, failures, closings, name and charter changes,
//! with the date, the FDIC's change code and its words, and the
//! institution that took it over. What `cra enrich` reads, `cra lineage`
//! follows and `show`, `due` and `changes` read of a bank that ended.
//!
//! The record's fields are BankFind's: `CERT`, `INSTNAME`, `CHANGECODE`,
//! `FRM_INSTNAME` (the name before a name change),
//! `CHANGECODE_DESC`, `EFFDATE`, `ORG_ROLE_CDE` (`FI` the institution,
//! `BR` a branch: a branch's event is not the institution's), and the
//! other side of a merger as `ACQ_CERT`/`ACQ_INSTNAME` (the acquirer) or
//! `SUR_CERT`/`SUR_INSTNAME` (the survivor), the acquirer preferred. As
//! for institutions, numbers may come as strings and an absent value is
//! unknown; a code `cra` does not know is `other`, never an error.

use jiff::civil::Date;
use serde_json::{Map, Value, json};

use super::{BankfindError, Record, identifier, parse_date};

/// The fields `cra` reads, in the order it asks for them.
pub const FIELDS: [&str; 12] = [
    "CERT",
    "INSTNAME",
    "FRM_INSTNAME",
    "CHANGECODE",
    "CHANGECODE_DESC",
    "EFFDATE",
    "ORG_ROLE_CDE",
    "OUT_CERT",
    "ACQ_CERT",
    "ACQ_INSTNAME",
    "SUR_CERT",
    "SUR_INSTNAME",
];

/// What a structure change did to an institution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ChangeKind {
    /// Merged into another (codes 221-225).
    Merger,
    /// Failed (codes 211-217).
    Failure,
    /// Closed of its own accord (code 240).
    Closing,
    /// Took another name (code 510).
    NameChange,
    /// Changed its charter or class (codes 300-399, 410-419).
    CharterChange,
    /// Any other code.
    Other,
}

impl ChangeKind {
    pub const ALL: [ChangeKind; 6] = [
        ChangeKind::Merger,
        ChangeKind::Failure,
        ChangeKind::Closing,
        ChangeKind::NameChange,
        ChangeKind::CharterChange,
        ChangeKind::Other,
    ];

    /// The kind of the FDIC's change `code`.
    pub fn of_code(code: u32) -> ChangeKind {
        match code {
            221..=225 => ChangeKind::Merger,
            211..=217 => ChangeKind::Failure,
            240 => ChangeKind::Closing,
            510 => ChangeKind::NameChange,
            300..=399 | 410..=419 => ChangeKind::CharterChange,
            _ => ChangeKind::Other,
        }
    }

    /// Its name, as the copy's `events.kind` and every output say it.
    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::Merger => "merger",
            ChangeKind::Failure => "failure",
            ChangeKind::Closing => "closing",
            ChangeKind::NameChange => "name_change",
            ChangeKind::CharterChange => "charter_change",
            ChangeKind::Other => "other",
        }
    }

    pub fn from_name(name: &str) -> ChangeKind {
        ChangeKind::ALL
            .into_iter()
            .find(|k| k.name() == name)
            .unwrap_or(ChangeKind::Other)
    }

    /// Whether the institution ended with it (a merger, a failure, a
    /// closing): it is no longer a bank of its own.
    pub fn ends(self) -> bool {
        matches!(
            self,
            ChangeKind::Merger | ChangeKind::Failure | ChangeKind::Closing
        )
    }

    /// How a line about an ending names its successor: a merger's bank
    /// merged `into` it, a failed or closed one was `taken over by` it.
    pub fn successor_word(self) -> &'static str {
        match self {
            ChangeKind::Merger => "into",
            _ => "taken over by",
        }
    }

    /// How a line about an ending says it (`merged`, `failed`, `closed`).
    pub fn past(self) -> &'static str {
        match self {
            ChangeKind::Merger => "merged",
            ChangeKind::Failure => "failed",
            ChangeKind::Closing => "closed",
            ChangeKind::NameChange => "renamed",
            ChangeKind::CharterChange => "changed its charter",
            ChangeKind::Other => "changed",
        }
    }
}

/// One structure change as BankFind gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub fdic_cert: u64,
    /// The institution's name at the change (`INSTNAME`): after it, for a
    /// name change.
    pub name: Option<String>,
    /// Its name before the change (`FRM_INSTNAME`), for a name change.
    pub former_name: Option<String>,
    pub date: Date,
    pub code: u32,
    pub kind: ChangeKind,
    /// `CHANGECODE_DESC`.
    pub description: Option<String>,
    /// The institution's own change (`ORG_ROLE_CDE` `FI`), not a branch's.
    pub institution: bool,
    /// The institution that took it over: the acquirer, else the survivor.
    pub successor_cert: Option<u64>,
    pub successor_name: Option<String>,
}

/// Why a record cannot be read as a change: the answer is malformed.
fn missing(what: &'static str) -> BankfindError {
    BankfindError::Shape(what)
}

impl Change {
    /// Reads one record. A record without a certificate, a change code or
    /// a readable date is a malformed answer (the error names the field);
    /// anything else absent is unknown.
    pub fn from_record(record: &Record) -> Result<Change, BankfindError> {
        let id = |name: &str| -> Result<Option<u64>, BankfindError> {
            Ok(identifier(record, name)?.filter(|n| *n != 0))
        };
        let text = |name: &str| record.text(name);
        let fdic_cert = id("CERT")?.ok_or(missing("a structure change without a CERT"))?;
        let code = identifier(record, "CHANGECODE")?
            .and_then(|n| u32::try_from(n).ok())
            .ok_or(missing("a structure change without a CHANGECODE"))?;
        let date = text("EFFDATE")
            .and_then(|t| parse_date(&t))
            .ok_or(missing("a structure change without a readable EFFDATE"))?;
        let (successor_cert, successor_name) = match id("ACQ_CERT")? {
            Some(cert) => (Some(cert), text("ACQ_INSTNAME")),
            None => (id("SUR_CERT")?, text("SUR_INSTNAME")),
        };
        let kind = ChangeKind::of_code(code);
        Ok(Change {
            fdic_cert,
            name: text("INSTNAME"),
            former_name: text("FRM_INSTNAME"),
            date,
            code,
            kind,
            description: text("CHANGECODE_DESC"),
            institution: text("ORG_ROLE_CDE").is_none_or(|role| role.eq_ignore_ascii_case("FI")),
            // The institution itself is never its own successor.
            successor_cert: successor_cert.filter(|cert| *cert != fdic_cert),
            successor_name,
        })
    }

    /// The record as BankFind writes it (the sandbox's answers): numbers as
    /// BankFind sends them, some as text; unknown values left out.
    pub fn to_json(&self) -> Map<String, Value> {
        let mut record = Map::new();
        record.insert("CERT".into(), Value::from(self.fdic_cert));
        if let Some(name) = &self.name {
            record.insert("INSTNAME".into(), Value::from(name.clone()));
        }
        if let Some(former) = &self.former_name {
            record.insert("FRM_INSTNAME".into(), Value::from(former.clone()));
        }
        record.insert("CHANGECODE".into(), Value::from(self.code));
        if let Some(description) = &self.description {
            record.insert("CHANGECODE_DESC".into(), Value::from(description.clone()));
        }
        record.insert(
            "EFFDATE".into(),
            Value::from(format!("{}T00:00:00", self.date)),
        );
        record.insert(
            "ORG_ROLE_CDE".into(),
            Value::from(if self.institution { "FI" } else { "BR" }),
        );
        if let Some(cert) = self.successor_cert {
            // As the live API sends certificates of the other side: text.
            record.insert("ACQ_CERT".into(), Value::from(cert.to_string()));
            if let Some(name) = &self.successor_name {
                record.insert("ACQ_INSTNAME".into(), Value::from(name.clone()));
            }
        }
        record
    }
}

/// One page of structure changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryPage {
    /// How many records the query matches in all.
    pub total: Option<u64>,
    pub changes: Vec<Change>,
}

/// Reads an answer of `/history`.
pub fn parse_history(bytes: &[u8]) -> Result<HistoryPage, BankfindError> {
    let mut changes = Vec::new();
    let total = super::envelope::read(bytes, |record| {
        changes.push(Change::from_record(record)?);
        Ok(())
    })?;
    Ok(HistoryPage { total, changes })
}

/// An answer of `/history` as BankFind writes it.
pub fn write_history<'a>(
    total: u64,
    changes: impl IntoIterator<Item = &'a Change>,
    parameters: Map<String, Value>,
) -> Vec<u8> {
    let data: Vec<Value> = changes
        .into_iter()
        .map(|c| json!({ "data": c.to_json(), "score": 0 }))
        .collect();
    let body = json!({
        "meta": { "total": total, "parameters": parameters },
        "data": data,
        "totals": { "count": total },
    });
    serde_json::to_vec(&body).expect("a JSON value")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_have_their_kinds_and_an_unknown_one_is_other() {
        assert_eq!(ChangeKind::of_code(223), ChangeKind::Merger);
        assert_eq!(ChangeKind::of_code(211), ChangeKind::Failure);
        assert_eq!(ChangeKind::of_code(240), ChangeKind::Closing);
        assert_eq!(ChangeKind::of_code(510), ChangeKind::NameChange);
        assert_eq!(ChangeKind::of_code(9999), ChangeKind::Other);
        for kind in ChangeKind::ALL {
            assert_eq!(ChangeKind::from_name(kind.name()), kind);
        }
        assert!(ChangeKind::Merger.ends() && !ChangeKind::NameChange.ends());
    }

    #[test]
    fn a_page_reads_as_the_live_api_sends_it() {
        let page = parse_history(
            br#"{"meta":{"total":"3"},"data":[
              {"data":{"CERT":"3510","INSTNAME":"OLD BANK","CHANGECODE":"223","CHANGECODE_DESC":"Merger - Without Assistance","EFFDATE":"2011-07-21T00:00:00","ORG_ROLE_CDE":"FI","SUR_CERT":"99","SUR_INSTNAME":"SURVIVOR","ACQ_CERT":1234,"ACQ_INSTNAME":"FIRST NATIONAL BANK"},"score":0},
              {"data":{"CERT":3510,"CHANGECODE":711,"EFFDATE":"07/01/2010","ORG_ROLE_CDE":"BR"},"score":0},
              {"data":{"CERT":42,"CHANGECODE":223,"EFFDATE":"20200102","SUR_CERT":"7","SUR_INSTNAME":"SEVEN"},"score":0}
            ]}"#,
        )
        .unwrap();
        assert_eq!(page.total, Some(3));
        let merged = &page.changes[0];
        assert_eq!(
            (merged.fdic_cert, merged.kind, merged.successor_cert),
            (3510, ChangeKind::Merger, Some(1234))
        );
        assert_eq!(
            merged.successor_name.as_deref(),
            Some("FIRST NATIONAL BANK")
        );
        assert_eq!(merged.date.to_string(), "2011-07-21");
        assert!(!page.changes[1].institution);
        assert_eq!(page.changes[2].successor_cert, Some(7));
        // Back and forth through the sandbox's writer.
        let written = write_history(3, &page.changes, Map::new());
        let again = parse_history(&written).unwrap();
        assert_eq!(again.changes[0].successor_cert, Some(1234));
        assert_eq!(again.changes[2], page.changes[2]);
    }

    #[test]
    fn a_record_without_what_a_change_is_is_malformed() {
        for body in [
            r#"{"data":[{"data":{"CHANGECODE":223,"EFFDATE":"2020-01-01"}}]}"#,
            r#"{"data":[{"data":{"CERT":1,"EFFDATE":"2020-01-01"}}]}"#,
            r#"{"data":[{"data":{"CERT":1,"CHANGECODE":223,"EFFDATE":"yesterday"}}]}"#,
        ] {
            assert!(parse_history(body.as_bytes()).is_err(), "{body}");
        }
    }
}
