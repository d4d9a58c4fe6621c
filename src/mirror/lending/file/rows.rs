//! What each row a record gives ([`super::shape`]) does to the copy, in
//! the file's order: a table's first record replaces the copy's rows of
//! it, a reporter is linked as it first comes, a transmittal's reporter
//! is kept (its link decided again once the file is read), community
//! development loans are added up by reporter and year, and the rows of
//! `lending` and `assessment_areas` wait for their batch.

use anyhow::Result;
use rusqlite::params;

use super::super::link::number;
use super::FileWriter;
use super::shape::{CdRow, Op, ReporterRow};
use crate::lending::record::Respondent;

impl FileWriter<'_> {
    /// Does what `op` asks of the copy.
    pub fn apply(&mut self, op: Op) -> Result<()> {
        match op {
            Op::Table(table, year) => {
                if self.kind_year.is_none() {
                    self.kind_year = Some((table.kind(), year));
                }
                if !self.cleared.contains(&table) {
                    self.clear(table, year)?;
                }
                Ok(())
            }
            Op::Reporter(r) => self.reporter(&r),
            Op::Lending(mut row) => {
                row.bank = self.bank_of(row.who, row.year)?;
                self.pending.lending(&self.tx, row)?;
                self.rows.lending += 1;
                Ok(())
            }
            Op::Area(mut row) => {
                row.bank = self.bank_of(row.who, row.year)?;
                self.pending.area(&self.tx, row)?;
                self.rows.assessment_areas += 1;
                Ok(())
            }
            Op::Cd(cd) => self.cd(&cd),
        }
    }

    /// The bank of `who` (linked as it first comes); a file's rows come
    /// reporter by reporter, so the last one asked is remembered.
    fn bank_of(&mut self, who: Respondent, year: u16) -> Result<Option<String>> {
        if let Some((last, bank)) = &self.last_bank
            && *last == who
        {
            return Ok(bank.clone());
        }
        self.bank(who, year)?;
        let bank = self.banks.get(&who).cloned().flatten();
        self.last_bank = Some((who, bank.clone()));
        Ok(bank)
    }

    fn reporter(&mut self, r: &ReporterRow) -> Result<()> {
        let number_or_null = |n: Option<u64>| n.map(number);
        let made = self
            .tx
            .prepare_cached(
                "INSERT INTO lending_reporters (year, agency, respondent_id, rssd_id, name, city, \
             state, assets_thousands) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) \
             ON CONFLICT (year, agency, respondent_id) DO UPDATE SET rssd_id = excluded.rssd_id, \
             name = excluded.name, city = excluded.city, state = excluded.state, \
             assets_thousands = excluded.assets_thousands",
            )?
            .execute(params![
                r.year,
                r.respondent.agency.code(),
                number(r.respondent.id),
                number_or_null(r.rssd_id),
                r.name,
                r.city,
                r.state,
                number_or_null(r.assets_thousands),
            ])?;
        self.rows.lending_reporters += made as u64;
        Ok(())
    }

    fn cd(&mut self, cd: &CdRow) -> Result<()> {
        self.bank(cd.respondent, cd.year)?;
        let bank = self.banks.get(&cd.respondent).and_then(|b| b.as_deref());
        let n = |n: Option<u64>| n.map(number);
        let made = self.tx.prepare_cached(
            "INSERT INTO cd_lending (year, bank_id, agency, respondent_id, loans, \
             amount_thousands, affiliate_loans, affiliate_amount_thousands) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) \
             ON CONFLICT (year, agency, respondent_id) DO UPDATE SET \
             loans = ifnull(loans, 0) + ifnull(excluded.loans, 0), \
             amount_thousands = ifnull(amount_thousands, 0) + ifnull(excluded.amount_thousands, 0), \
             affiliate_loans = ifnull(affiliate_loans, 0) + ifnull(excluded.affiliate_loans, 0), \
             affiliate_amount_thousands = ifnull(affiliate_amount_thousands, 0) \
               + ifnull(excluded.affiliate_amount_thousands, 0)",
        )?.execute(params![
            cd.year,
            bank,
            cd.respondent.agency.code(),
            number(cd.respondent.id),
            n(cd.loans.loans),
            n(cd.loans.amount),
            n(cd.affiliate.loans),
            n(cd.affiliate.amount),
        ])?;
        self.rows.cd_lending += made as u64;
        Ok(())
    }
}
