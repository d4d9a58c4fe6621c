//! The lending behind an exam, as the public record's columns give it
//! (`sb_loans`, `sb_lmi_share`, `sb_market_lmi_share`, `sb_in_area_share`,
//! `cd_loans_amount`): what the bank reported of the last activity year
//! before the exam's year, its small business originations reckoned as
//! `cra lending` reckons them (`lending::shares`, one definition), and its
//! community development loans. Nothing where the copy holds no lending
//! data of the bank before that year.

use anyhow::Result;
use rusqlite::{Connection, OptionalExtension, params};

use crate::domain::PublicRecord;
use crate::lending::shares::{By, Line, lines};

/// Whether the copy holds lending data linked to its banks (a copy older
/// than the lending tables holds none).
pub(crate) fn held_on(connection: &Connection) -> Result<bool> {
    let tables: bool = connection.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' \
         AND name = 'lending_reporters')",
        [],
        |row| row.get(0),
    )?;
    if !tables {
        return Ok(false);
    }
    Ok(connection.query_row(
        "SELECT EXISTS (SELECT 1 FROM lending_reporters WHERE bank_id IS NOT NULL)",
        [],
        |row| row.get(0),
    )?)
}

/// The last year before the year of `exam_date` (`YYYY-MM-DD`) of which
/// `bank` reported, none when it reported none before.
pub(crate) fn year_before_on(
    connection: &Connection,
    bank: &str,
    exam_date: &str,
) -> Result<Option<u16>> {
    let Some(exam_year) = exam_date.get(..4).and_then(|y| y.parse::<u16>().ok()) else {
        return Ok(None);
    };
    let year: Option<u16> = connection
        .prepare_cached("SELECT max(year) FROM lending_reporters WHERE bank_id = ?1 AND year < ?2")?
        .query_row(params![bank, exam_year], |row| row.get(0))
        .optional()?
        .flatten();
    Ok(year)
}

/// The line of `bank`'s small business lending (and community
/// development loans) of `year`, as `cra lending BANK --year YEAR` shows
/// it; none when it reported neither.
pub(crate) fn year_line_on(connection: &Connection, bank: &str, year: u16) -> Result<Option<Line>> {
    let lent = super::read::lent_on(connection, bank, "small_business", year, year)?;
    Ok(lines(&lent.held, &lent.market, &lent.cd, By::Year)
        .into_iter()
        .find(|line| line.year == year))
}

/// `record` with the lending behind `bank`'s exam of `exam_date` (see the
/// module).
pub(crate) fn fill_on(
    connection: &Connection,
    bank: &str,
    exam_date: &str,
    record: &mut PublicRecord,
) -> Result<()> {
    let Some(year) = year_before_on(connection, bank, exam_date)? else {
        return Ok(());
    };
    let Some(line) = year_line_on(connection, bank, year)? else {
        return Ok(());
    };
    // A year of community development loans alone has no small business
    // lending to say.
    let lent = line.loans > 0 || line.cd_loans.is_none();
    record.sb_loans = lent.then_some(line.loans);
    record.sb_lmi_share = line.lmi_share;
    record.sb_market_lmi_share = line.market_lmi_share;
    record.sb_in_area_share = line.in_area_share;
    record.cd_loans_amount = line.cd_amount;
    Ok(())
}

/// [`fill_on`] for each of `records`, each with its bank and exam date,
/// when the copy holds lending data.
pub(crate) fn fill_all_on<'r>(
    connection: &Connection,
    records: impl IntoIterator<Item = (&'r str, &'r str, &'r mut PublicRecord)>,
) -> Result<()> {
    if !held_on(connection)? {
        return Ok(());
    }
    for (bank, exam_date, record) in records {
        fill_on(connection, bank, exam_date, record)?;
    }
    Ok(())
}

impl crate::mirror::Reader {
    /// The last `n` years `bank` reported lending, newest first, each as
    /// `cra lending BANK --year YEAR` shows it (none without lending data).
    pub fn lending_last_years(&self, bank: &str, n: u32) -> Result<Vec<Line>> {
        let connection = self.connection();
        if !held_on(&connection)? {
            return Ok(Vec::new());
        }
        let years: Vec<u16> = connection
            .prepare_cached(
                "SELECT DISTINCT year FROM lending_reporters WHERE bank_id = ?1 \
                 ORDER BY year DESC LIMIT ?2",
            )?
            .query_map(params![bank, n], |row| row.get::<_, u16>(0))?
            .collect::<rusqlite::Result<_>>()?;
        let mut lines = Vec::new();
        for year in years {
            lines.extend(year_line_on(&connection, bank, year)?);
        }
        Ok(lines)
    }
}

impl Line {
    /// The year's line as `show` gives it: `2024: 579 small business
    /// loans, LMI 35.1% (market 31.4%), in area 87.4%, CD $7.75M`.
    pub fn said(&self) -> String {
        let percent = |x: f64| format!("{:.1}%", x * 100.0);
        let mut text = format!(
            "{}: {} small business {}",
            self.year,
            crate::text::thousands(self.loans),
            crate::text::plural(self.loans, "loan", "loans")
        );
        if let Some(lmi) = self.lmi_share {
            text.push_str(&format!(", LMI {}", percent(lmi)));
        }
        if let Some(market) = self.market_lmi_share {
            text.push_str(&format!(" (market {})", percent(market)));
        }
        if let Some(inside) = self.in_area_share {
            text.push_str(&format!(", in area {}", percent(inside)));
        }
        if let Some(cd) = self.cd_amount {
            text.push_str(&format!(", CD {}", crate::text::dollars(cd)));
        }
        text
    }

    /// The year's line as `show --format json` gives it.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "year": self.year,
            "sb_loans": self.loans,
            "sb_lmi_share": self.lmi_share,
            "sb_market_lmi_share": self.market_lmi_share,
            "sb_in_area_share": self.in_area_share,
            "cd_loans": self.cd_loans,
            "cd_loans_amount": self.cd_amount,
            "source": self.source,
        })
    }
}
