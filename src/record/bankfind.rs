//! The FDIC's BankFind institutions (`GET https://api.fdic.gov/banks/institutions`,
//! public, no key): each insured institution's certificate, its other
//! agencies' identifiers, whether it is still open, and its latest total
//! assets. The fields, the query parameters and the answer's shape are
//! the real API's (docs/service.md cites where each was checked).
//!
//! An answer is `{"meta": {"total": N, ...}, "data": [{"data": {...},
//! "score": 0}, ...], "totals": {"count": N}}`. The live API sends
//! numbers as numbers or as strings (`"CERT": 59381` beside `"FED_RSSD":
//! "6075729"`), leaves out fields it has no value for, and writes `0` for
//! a charter or docket an institution does not have; the reader takes all
//! of that, and an absent or unreadable value is unknown, never an error.
//! The writer gives the same shape, so the sandbox answers as BankFind.

use std::fmt;

use jiff::civil::Date;
use serde_json::{Map, Value, json};

use crate::domain::Regulator;

mod envelope;
mod filter;
pub mod history;

use envelope::{Record, flag, identifier, whole};

pub use filter::Filter;

/// Where BankFind answers.
pub const URL: &str = "https://api.fdic.gov/banks/institutions";
/// The largest `limit` the API takes, and its default.
pub const LIMIT_MAX: u64 = 10_000;
pub const LIMIT_DEFAULT: u64 = 10;

/// The institution fields `cra` reads, by their BankFind names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// FDIC certificate number.
    Cert,
    /// The Federal Reserve's RSSD ID.
    FedRssd,
    /// OCC charter number (`0` when none).
    Charter,
    /// OTS docket number (`0` or `00000` when none).
    Docket,
    /// 1 open and insured, 0 closed or not insured.
    Active,
    /// Total assets, thousands of dollars, at `REPDTE`.
    Asset,
    /// The last day of the reporting period of the figures.
    Repdte,
    Name,
    City,
    /// State, two letters.
    Stalp,
    /// Primary federal regulator: OCC, FDIC, FRB, NCUA, OTS.
    Regagnt,
    /// Institution class: N, NM, SM, SB, SA, OI...
    Bkclass,
}

impl Field {
    pub const ALL: [Field; 12] = [
        Field::Cert,
        Field::FedRssd,
        Field::Charter,
        Field::Docket,
        Field::Active,
        Field::Asset,
        Field::Repdte,
        Field::Name,
        Field::City,
        Field::Stalp,
        Field::Regagnt,
        Field::Bkclass,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Field::Cert => "CERT",
            Field::FedRssd => "FED_RSSD",
            Field::Charter => "CHARTER",
            Field::Docket => "DOCKET",
            Field::Active => "ACTIVE",
            Field::Asset => "ASSET",
            Field::Repdte => "REPDTE",
            Field::Name => "NAME",
            Field::City => "CITY",
            Field::Stalp => "STALP",
            Field::Regagnt => "REGAGNT",
            Field::Bkclass => "BKCLASS",
        }
    }

    /// The field of a name, in any case.
    pub fn from_name(name: &str) -> Option<Field> {
        let name = name.trim();
        Field::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(name))
    }

    /// Whether its values are numbers (compared and sorted as numbers).
    pub fn is_number(self) -> bool {
        matches!(
            self,
            Field::Cert
                | Field::FedRssd
                | Field::Charter
                | Field::Docket
                | Field::Active
                | Field::Asset
                | Field::Repdte
        )
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One institution as BankFind gives it; `None` where the answer had no
/// (readable) value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Institution {
    pub fdic_cert: Option<u64>,
    pub rssd_id: Option<u64>,
    pub occ_charter: Option<u64>,
    pub ots_docket: Option<u64>,
    pub active: Option<bool>,
    pub assets_thousands: Option<u64>,
    pub report_date: Option<Date>,
    pub name: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub regulator: Option<Regulator>,
    pub class: Option<String>,
}

impl Institution {
    /// The value of `field` as BankFind's text of it (numbers in digits,
    /// `REPDTE` as `YYYYMMDD`, `ACTIVE` as 1 or 0): what filters and
    /// sorts compare.
    pub fn text(&self, field: Field) -> Option<String> {
        let number = |n: &Option<u64>| n.map(|n| n.to_string());
        match field {
            Field::Cert => number(&self.fdic_cert),
            Field::FedRssd => number(&self.rssd_id),
            Field::Charter => number(&self.occ_charter),
            Field::Docket => number(&self.ots_docket),
            Field::Active => self.active.map(|a| u8::from(a).to_string()),
            Field::Asset => number(&self.assets_thousands),
            Field::Repdte => self.report_date.map(|d| d.strftime("%Y%m%d").to_string()),
            Field::Name => self.name.clone(),
            Field::City => self.city.clone(),
            Field::Stalp => self.state.clone(),
            Field::Regagnt => self.regulator.as_ref().map(|r| r.as_str().to_string()),
            Field::Bkclass => self.class.clone(),
        }
    }

    /// The record as BankFind writes it, with `fields` in that order:
    /// `CERT`, `ACTIVE` and `ASSET` as numbers, the other identifiers and
    /// the report date as text (as the live API sends them), unknown
    /// values left out; and `ID`, the certificate as text, which the API
    /// adds to every record.
    pub fn to_json(&self, fields: &[Field]) -> Map<String, Value> {
        let mut record = Map::new();
        for &field in fields {
            let value = match field {
                Field::Cert => self.fdic_cert.map(Value::from),
                Field::Active => self.active.map(|a| Value::from(u8::from(a))),
                Field::Asset => self.assets_thousands.map(Value::from),
                other => self.text(other).map(Value::from),
            };
            if let Some(value) = value {
                record.insert(field.name().to_string(), value);
            }
        }
        if let Some(cert) = self.fdic_cert {
            record.insert("ID".to_string(), Value::from(cert.to_string()));
        }
        record
    }

    /// Reads one record, tolerantly (see the module's comment); a number
    /// too large to store is an error naming it.
    pub fn from_record(record: &Record) -> Result<Institution, BankfindError> {
        let get = |field: Field| record.get(field.name());
        let id = |field: Field| -> Result<Option<u64>, BankfindError> {
            Ok(identifier(record, field.name())?.filter(|n| *n != 0))
        };
        let text = |field: Field| record.text(field.name());
        Ok(Institution {
            fdic_cert: id(Field::Cert)?,
            rssd_id: id(Field::FedRssd)?,
            occ_charter: id(Field::Charter)?,
            ots_docket: id(Field::Docket)?,
            active: get(Field::Active).and_then(flag),
            assets_thousands: whole(record, Field::Asset.name())?,
            report_date: text(Field::Repdte).and_then(|t| parse_date(&t)),
            name: text(Field::Name),
            city: text(Field::City),
            state: text(Field::Stalp).map(|s| s.to_ascii_uppercase()),
            regulator: text(Field::Regagnt).map(|r| Regulator::from_string(r.to_ascii_uppercase())),
            class: text(Field::Bkclass),
        })
    }
}

/// A date as BankFind writes them: `YYYYMMDD` (report dates),
/// `MM/DD/YYYY` (institution dates) or `YYYY-MM-DD`, with or without a time.
pub fn parse_date(text: &str) -> Option<Date> {
    let text = text.trim();
    let day = text.split(['T', ' ']).next().unwrap_or(text);
    let b = day.as_bytes();
    let (y, m, d) = match b.len() {
        8 if b.iter().all(u8::is_ascii_digit) => (&day[..4], &day[4..6], &day[6..]),
        10 if b[4] == b'-' && b[7] == b'-' => (&day[..4], &day[5..7], &day[8..]),
        10 if b[2] == b'/' && b[5] == b'/' => (&day[6..], &day[..2], &day[3..5]),
        _ => return None,
    };
    Date::new(y.parse().ok()?, m.parse().ok()?, d.parse().ok()?).ok()
}

/// An answer that is not a page of institutions.
#[derive(Debug, thiserror::Error)]
pub enum BankfindError {
    #[error("not JSON ({0})")]
    NotJson(String),
    #[error("BankFind answered an error: {0}")]
    Answered(String),
    #[error("not a BankFind answer: {0}")]
    Shape(&'static str),
    #[error("{0}")]
    OutOfRange(String),
}

/// One page of an answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// How many institutions the query matches in all (`meta.total`, else
    /// `totals.count`); none when the answer gives neither.
    pub total: Option<u64>,
    pub institutions: Vec<Institution>,
}

/// Reads an answer: the records whether nested (`{"data": {...}}`, as
/// the API sends them) or not.
pub fn parse_page(bytes: &[u8]) -> Result<Page, BankfindError> {
    let mut institutions = Vec::new();
    let total = envelope::read(bytes, |record| {
        institutions.push(Institution::from_record(record)?);
        Ok(())
    })?;
    Ok(Page {
        total,
        institutions,
    })
}

/// An answer as BankFind writes it: `meta` (the total and the parameters
/// asked), each record wrapped with its `score`, and `totals`.
pub fn write_page<'a>(
    total: u64,
    institutions: impl IntoIterator<Item = &'a Institution>,
    fields: &[Field],
    parameters: Map<String, Value>,
) -> Vec<u8> {
    let data: Vec<Value> = institutions
        .into_iter()
        .map(|i| json!({ "data": i.to_json(fields), "score": 0 }))
        .collect();
    let body = json!({
        "meta": { "total": total, "parameters": parameters },
        "data": data,
        "totals": { "count": total },
    });
    serde_json::to_vec(&body).expect("a JSON value")
}

/// `sort_order`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SortOrder {
    #[default]
    Asc,
    Desc,
}

/// The query parameters of `/banks/institutions` that `cra` uses; values
/// are upper case, as the API asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    /// E.g. `ACTIVE:1 AND STALP:TX`, `CERT:[1 TO 500]` (see [`Filter`]).
    pub filters: Option<String>,
    /// Field names; empty for all of them.
    pub fields: Vec<String>,
    /// The API's default is NAME.
    pub sort_by: Option<String>,
    pub sort_order: SortOrder,
    /// 0 to 10,000; the API's default is 10.
    pub limit: u64,
    pub offset: u64,
}

impl Default for Query {
    fn default() -> Query {
        Query {
            filters: None,
            fields: Vec::new(),
            sort_by: None,
            sort_order: SortOrder::Asc,
            limit: LIMIT_DEFAULT,
            offset: 0,
        }
    }
}

impl Query {
    /// Every field `cra` reads, `limit` records from `offset`, by CERT
    /// (a stable order, so that pages neither repeat nor skip one).
    pub fn page(offset: u64, limit: u64) -> Query {
        Query {
            fields: Field::ALL.iter().map(|f| f.name().to_string()).collect(),
            sort_by: Some(Field::Cert.name().to_string()),
            limit,
            offset,
            ..Query::default()
        }
    }

    /// The query string, parameters in the API's documented order.
    pub fn to_query_string(&self) -> String {
        let mut query = url::form_urlencoded::Serializer::new(String::new());
        if let Some(filters) = &self.filters {
            query.append_pair("filters", filters);
        }
        if !self.fields.is_empty() {
            query.append_pair("fields", &self.fields.join(","));
        }
        if let Some(sort_by) = &self.sort_by {
            query.append_pair("sort_by", sort_by);
        }
        let order = match self.sort_order {
            SortOrder::Asc => "ASC",
            SortOrder::Desc => "DESC",
        };
        query.append_pair("sort_order", order);
        query.append_pair("limit", &self.limit.to_string());
        query.append_pair("offset", &self.offset.to_string());
        query.finish()
    }

    /// The query's address under `base` (BankFind's, or a sandbox's
    /// `/bankfind/institutions`).
    pub fn url(&self, base: &str) -> String {
        format!("{base}?{}", self.to_query_string())
    }

    /// Reads a query string as the API does: the last of a repeated
    /// parameter counts, others (`api_key`, `format`, `search`...) are left
    /// to the caller, `limit` above 10,000 is taken as 10,000 (the API's
    /// cap). A value that is not a number or not a sort order is an error.
    pub fn parse(raw: Option<&str>) -> Result<Query, String> {
        let mut query = Query::default();
        for (key, value) in url::form_urlencoded::parse(raw.unwrap_or("").as_bytes()) {
            let whole = |what: &str| {
                value.trim().parse::<u64>().map_err(|_| {
                    format!(
                        "{what} must be a whole number, got '{}'",
                        crate::text::clip(&value, 40)
                    )
                })
            };
            match key.as_ref() {
                "filters" => {
                    query.filters = Some(value.to_string()).filter(|f| !f.trim().is_empty())
                }
                "fields" => {
                    query.fields = value
                        .split(',')
                        .map(|f| f.trim().to_string())
                        .filter(|f| !f.is_empty())
                        .collect();
                }
                "sort_by" => {
                    query.sort_by = Some(value.trim().to_string()).filter(|s| !s.is_empty())
                }
                "sort_order" => {
                    query.sort_order = match value.trim().to_ascii_uppercase().as_str() {
                        "ASC" => SortOrder::Asc,
                        "DESC" => SortOrder::Desc,
                        _ => {
                            return Err(format!(
                                "sort_order must be ASC or DESC, got '{}'",
                                crate::text::clip(&value, 40)
                            ));
                        }
                    }
                }
                "limit" => query.limit = whole("limit")?.min(LIMIT_MAX),
                "offset" => query.offset = whole("offset")?,
                _ => {}
            }
        }
        Ok(query)
    }
}

#[cfg(test)]
mod tests;
