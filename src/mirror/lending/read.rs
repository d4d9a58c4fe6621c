//! The lending the copy holds, read for `cra lending` and `cra areas`:
//! a bank's originations by year, county and income group (the
//! disclosure's county rows, or the aggregate's lender-by-county rows),
//! every reporter's in the same counties, its community development loans
//! and its assessment areas. Rows read by name (`columns!`); the shares
//! are reckoned in `lending::shares`.

use anyhow::Result;
use rusqlite::params;

use crate::lending::shares::{Cd, Held, Market};
use crate::mirror::Reader;
use crate::mirror::row::columns;

/// The copy's lending, read.
pub struct LendingRead<'r>(&'r Reader);

impl Reader {
    /// What the copy holds of the FFIEC's lending data.
    pub fn lending(&self) -> LendingRead<'_> {
        LendingRead(self)
    }
}

/// The tables of a reporter's loans by county: the disclosure's (by
/// income group, inside and outside its areas) and the aggregate's
/// lender-by-county rows.
const COUNTY_TABLES: &str = "('D1-1', 'D1-2', 'D2-1', 'D2-2', 'A1-1a', 'A1-2a', 'A2-1a', 'A2-2a')";

/// The reporters `bank` was from `since` (`?3`) to `until` (`?4`): its
/// rows are found through them (the copy indexes `lending` by reporter).
const REPORTERS: &str = "SELECT year, agency, respondent_id FROM lending_reporters \
     WHERE bank_id = ?1 AND year BETWEEN ?3 AND ?4";

/// What a bank lent (one kind, a span of years), and its market.
#[derive(Debug, Clone, Default)]
pub struct Lent {
    pub held: Vec<Held>,
    pub market: Vec<Market>,
    pub cd: Vec<Cd>,
}

/// One county of one of a bank's assessment areas, its tracts counted by
/// income group.
#[derive(Debug, Clone, PartialEq)]
pub struct AreaCounty {
    pub year: u16,
    pub area: u32,
    pub state: String,
    pub county: String,
    pub msa: Option<String>,
    pub partial: bool,
    pub tracts: u64,
    /// Low, moderate, middle, upper, unknown.
    pub by_group: [u64; 5],
}

columns! {
    struct HeldAt { year, state, county, income_group, disclosed, loans, amount, small_revenue, inside, outside }
}

columns! {
    struct MarketAt { year, state, county, income_group, loans }
}

columns! {
    struct CdAt { year, loans, amount }
}

columns! {
    struct AreaAt { year, area, state, county, msa, partial, tracts, low, moderate, middle, upper, unknown }
}

fn count(row: &rusqlite::Row, at: usize) -> rusqlite::Result<u64> {
    Ok(row.get::<_, Option<i64>>(at)?.unwrap_or(0).max(0) as u64)
}

impl LendingRead<'_> {
    /// Whether the copy holds any lending data (`cra enrich --lending`).
    pub fn any(&self) -> Result<bool> {
        Ok(self.0.connection().query_row(
            "SELECT EXISTS (SELECT 1 FROM lending_reporters)",
            [],
            |row| row.get(0),
        )?)
    }

    /// What `bank` lent of `kind` (`small_business`, `small_farm`) from
    /// `since` to `until`, originations only, with every reporter's loans
    /// in the counties where it lent.
    pub fn of(&self, bank: &str, kind: &str, since: u16, until: u16) -> Result<Lent> {
        lent_on(&self.0.connection(), bank, kind, since, until)
    }

    /// The years of which the copy holds a disclosure file.
    pub fn disclosed_years(&self) -> Result<Vec<u16>> {
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(
            "SELECT DISTINCT year FROM lending_files WHERE kind = 'disclosure' ORDER BY year",
        )?;
        let years = statement
            .query_map([], |row| row.get::<_, u16>(0))?
            .collect::<rusqlite::Result<Vec<u16>>>()?;
        Ok(years)
    }

    /// The counties of `bank`'s assessment areas in `year` (else the last
    /// year it reported them), each area's counties in order.
    pub fn areas(&self, bank: &str, year: Option<u16>) -> Result<Vec<AreaCounty>> {
        let connection = self.0.connection();
        let mut statement = connection.prepare_cached(
            "SELECT year AS year, area AS area, state AS state, county AS county, \
             max(msa) AS msa, max(partial_county) AS partial, count(*) AS tracts, \
             sum(income_group = 'low') AS low, sum(income_group = 'moderate') AS moderate, \
             sum(income_group = 'middle') AS middle, sum(income_group = 'upper') AS upper, \
             sum(income_group IS NULL OR income_group = 'unknown') AS unknown \
             FROM assessment_areas WHERE (year, agency, respondent_id) IN \
             (SELECT year, agency, respondent_id FROM lending_reporters WHERE bank_id = ?1 \
              AND year = coalesce(?2, (SELECT max(a.year) FROM assessment_areas a \
              JOIN lending_reporters r USING (year, agency, respondent_id) \
              WHERE r.bank_id = ?1))) \
             GROUP BY year, area, state, county ORDER BY area, state, county",
        )?;
        let at = AreaAt::of(&statement)?;
        let mut rows = statement.query(params![bank, year])?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            out.push(AreaCounty {
                year: row.get(at.year)?,
                area: row.get(at.area)?,
                state: row.get::<_, Option<String>>(at.state)?.unwrap_or_default(),
                county: row.get::<_, Option<String>>(at.county)?.unwrap_or_default(),
                msa: row.get(at.msa)?,
                partial: row.get::<_, Option<i64>>(at.partial)?.unwrap_or(0) == 1,
                tracts: count(row, at.tracts)?,
                by_group: [
                    count(row, at.low)?,
                    count(row, at.moderate)?,
                    count(row, at.middle)?,
                    count(row, at.upper)?,
                    count(row, at.unknown)?,
                ],
            });
        }
        Ok(out)
    }
}

/// What `bank` lent of `kind` (`small_business`, `small_farm`) from
/// `since` to `until`, over `connection` (a reader's, whose lock is held):
/// [`LendingRead::of`].
pub(crate) fn lent_on(
    connection: &rusqlite::Connection,
    bank: &str,
    kind: &str,
    since: u16,
    until: u16,
) -> Result<Lent> {
    let mut held = Vec::new();
    let mut statement = connection.prepare_cached(&format!(
        "SELECT year AS year, state AS state, county AS county, \
         income_group AS income_group, substr(table_id, 1, 1) = 'D' AS disclosed, \
         sum(CASE WHEN in_area IS NULL THEN loans END) AS loans, \
         sum(CASE WHEN in_area IS NULL THEN amount_thousands END) AS amount, \
         sum(CASE WHEN in_area IS NULL THEN loans_small_revenue END) AS small_revenue, \
         sum(CASE WHEN in_area = 1 THEN loans END) AS inside, \
         sum(CASE WHEN in_area = 0 THEN loans END) AS outside \
         FROM lending WHERE (year, agency, respondent_id) IN ({REPORTERS}) \
         AND kind = ?2 AND action = 'originated' AND table_id IN {COUNTY_TABLES} \
         AND county IS NOT NULL \
         GROUP BY year, state, county, income_group, disclosed \
         ORDER BY year, state, county"
    ))?;
    let at = HeldAt::of(&statement)?;
    let mut rows = statement.query(params![bank, kind, since, until])?;
    while let Some(row) = rows.next()? {
        held.push(Held {
            year: row.get(at.year)?,
            state: row.get::<_, Option<String>>(at.state)?.unwrap_or_default(),
            county: row.get(at.county)?,
            income_group: row.get(at.income_group)?,
            disclosed: row.get(at.disclosed)?,
            loans: count(row, at.loans)?,
            amount_thousands: count(row, at.amount)?,
            small_revenue: count(row, at.small_revenue)?,
            inside: count(row, at.inside)?,
            outside: count(row, at.outside)?,
        });
    }
    drop(rows);
    let mut market = Vec::new();
    let mut statement = connection.prepare_cached(&format!(
        "SELECT m.year AS year, m.state AS state, m.county AS county, \
         m.income_group AS income_group, sum(m.loans) AS loans \
         FROM (SELECT DISTINCT year, state, county FROM lending \
         WHERE (year, agency, respondent_id) IN ({REPORTERS}) AND kind = ?2 \
         AND action = 'originated' AND table_id IN {COUNTY_TABLES} AND loans > 0) AS c \
         CROSS JOIN lending_market m ON m.year = c.year AND m.state = c.state \
         AND m.county = c.county WHERE m.kind = ?2 AND m.action = 'originated' \
         GROUP BY m.year, m.state, m.county, m.income_group"
    ))?;
    let at = MarketAt::of(&statement)?;
    let mut rows = statement.query(params![bank, kind, since, until])?;
    while let Some(row) = rows.next()? {
        market.push(Market {
            year: row.get(at.year)?,
            state: row.get(at.state)?,
            county: row.get(at.county)?,
            income_group: row.get(at.income_group)?,
            loans: count(row, at.loans)?,
        });
    }
    drop(rows);
    let mut cd = Vec::new();
    let mut statement = connection.prepare_cached(
        "SELECT year AS year, sum(loans) AS loans, sum(amount_thousands) AS amount \
         FROM cd_lending WHERE bank_id = ?1 AND year BETWEEN ?2 AND ?3 \
         GROUP BY year ORDER BY year",
    )?;
    let at = CdAt::of(&statement)?;
    let mut rows = statement.query(params![bank, since, until])?;
    while let Some(row) = rows.next()? {
        cd.push(Cd {
            year: row.get(at.year)?,
            loans: count(row, at.loans)?,
            amount_thousands: count(row, at.amount)?,
        });
    }
    Ok(Lent { held, market, cd })
}
