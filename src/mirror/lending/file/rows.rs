//! The rows each table's records give the copy (the migration says what
//! they mean): a transmittal's reporter, the market's sums of a county's
//! income groups, a lender's county rows, a reporter's county rows by
//! income group and inside and outside its areas, its community
//! development loans, its areas' tracts.

use anyhow::Result;
use rusqlite::params;

use super::super::link::number;
use super::FileWriter;
use super::batch::{AreaRow, Code, LendingRow};
use crate::lending::codes::{self, Category};
use crate::lending::record::{
    AreaLoans, Cd, County, Lender, Market, Pair, Place, Reporter, Respondent, Sizes, Tract,
};
use crate::lending::{Action, Table};

impl FileWriter<'_> {
    pub(super) fn reporter(&mut self, r: &Reporter<'_>) -> Result<()> {
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

    /// An income-group row of a county (1997 on), or in 1996 a tract's
    /// (or a tract-unknown) row, added to its county's sums.
    pub(super) fn market_row(&mut self, m: &Market<'_>) {
        let counted = if m.year == 1996 {
            m.report_level.is_empty() || m.report_level == codes::MARKET_INCOME_LEVEL
        } else {
            m.report_level == codes::MARKET_INCOME_LEVEL
        };
        let Some(category) = codes::category(m.income_group) else {
            return;
        };
        if !counted || m.place.state.is_empty() || m.place.county.is_empty() {
            return;
        }
        let mut at = [b' '; 10];
        for (to, from) in [
            (0..2, m.place.state),
            (2..5, m.place.county),
            (5..10, m.place.msa),
        ] {
            let bytes = from.as_bytes();
            let n = bytes.len().min(to.len());
            at[to.start..to.start + n].copy_from_slice(&bytes[..n]);
        }
        let total = m.sizes.total();
        let sums = self.market.entry((m.table, at, category)).or_default();
        sums[0] += total.loans.unwrap_or(0);
        sums[1] += total.amount.unwrap_or(0);
        sums[2] += m.revenue.loans.unwrap_or(0);
    }

    pub(super) fn lender(&mut self, l: &Lender<'_>) -> Result<()> {
        // A lender's county rows; MSA, state and summary rows repeat them.
        let (Some(who), false, false, "") = (
            l.respondent,
            l.place.state.is_empty(),
            l.place.county.is_empty(),
            l.report_level,
        ) else {
            return Ok(());
        };
        self.row(
            who, l.table, l.year, &l.place, None, None, None, l.all, l.revenue,
        )
    }

    pub(super) fn county(&mut self, c: &County<'_>) -> Result<()> {
        let Some(in_area) = codes::county_level(c.report_level) else {
            return Ok(());
        };
        let Some(category) = codes::category(c.income_group) else {
            // A county's total of its income groups: not added to them.
            return Ok(());
        };
        if c.place.county.is_empty() {
            return Ok(());
        }
        let total = c.sizes.total();
        let sizes = Some(&c.sizes);
        self.row(
            c.respondent,
            c.table,
            c.year,
            &c.place,
            Some(category),
            in_area,
            sizes,
            total,
            c.revenue,
        )
    }

    pub(super) fn area(&mut self, a: &AreaLoans<'_>) -> Result<()> {
        if a.place.county.is_empty() || a.area.is_empty() {
            return Ok(());
        }
        let in_area = Some(a.area != codes::NOT_APPLICABLE);
        self.row(
            a.respondent,
            a.table,
            a.year,
            &a.place,
            None,
            in_area,
            None,
            a.originated,
            a.originated_revenue,
        )?;
        // Purchases: the second row, of action `purchased`.
        self.row_as(
            Action::Purchased,
            a.respondent,
            a.table,
            a.year,
            &a.place,
            in_area,
            a.purchased,
        )
    }

    pub(super) fn cd(&mut self, cd: &Cd<'_>) -> Result<()> {
        if cd.loan_type != codes::CD_LOAN_TYPE {
            return Ok(());
        }
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

    pub(super) fn tract(&mut self, t: &Tract<'_>) -> Result<()> {
        let Ok(area) = t.area.parse::<u32>() else {
            // Not one of the reporter's areas.
            return Ok(());
        };
        self.bank(t.respondent, t.year)?;
        let bank = self.banks.get(&t.respondent).and_then(|b| b.as_deref());
        let partial = match t.partial {
            "Y" => Some(1),
            "N" => Some(0),
            _ => None,
        };
        let row = AreaRow {
            year: t.year,
            bank: bank.map(str::to_string),
            agency: t.respondent.agency.code(),
            respondent_id: number(t.respondent.id),
            area,
            state: Code::of(t.place.state),
            county: Code::of(t.place.county),
            msa: Code::of(t.place.msa),
            tract: Code::of(t.tract),
            income_group: codes::category(t.income_group).map(Category::as_str),
            partial_county: partial,
        };
        self.pending.area(&self.tx, row)?;
        self.rows.assessment_areas += 1;
        Ok(())
    }

    /// One `lending` row of the table's own action.
    #[allow(clippy::too_many_arguments)]
    fn row(
        &mut self,
        who: Respondent,
        table: Table,
        year: u16,
        place: &Place<'_>,
        income: Option<Category>,
        in_area: Option<bool>,
        sizes: Option<&Sizes>,
        total: Pair,
        revenue: Pair,
    ) -> Result<()> {
        let action = table.action().unwrap_or(Action::Originated);
        self.insert(
            who, table, year, place, action, income, in_area, sizes, total, revenue,
        )
    }

    /// A D3-0/D4-0 row of purchases.
    #[allow(clippy::too_many_arguments)]
    fn row_as(
        &mut self,
        action: Action,
        who: Respondent,
        table: Table,
        year: u16,
        place: &Place<'_>,
        in_area: Option<bool>,
        total: Pair,
    ) -> Result<()> {
        let none = Pair::default();
        self.insert(
            who, table, year, place, action, None, in_area, None, total, none,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn insert(
        &mut self,
        who: Respondent,
        table: Table,
        year: u16,
        place: &Place<'_>,
        action: Action,
        income: Option<Category>,
        in_area: Option<bool>,
        sizes: Option<&Sizes>,
        total: Pair,
        revenue: Pair,
    ) -> Result<()> {
        self.bank(who, year)?;
        let bank = self.banks.get(&who).and_then(|b| b.as_deref());
        let n = |n: Option<u64>| n.map(number);
        let class = |i: usize, loans: bool| {
            sizes.and_then(|s| {
                let pair = &s.classes[i];
                n(if loans { pair.loans } else { pair.amount })
            })
        };
        let row = LendingRow {
            year,
            bank: bank.map(str::to_string),
            agency: who.agency.code(),
            respondent_id: number(who.id),
            table_id: table.id(),
            kind: table.loans().map_or("", |k| k.as_str()),
            action: action.as_str(),
            state: Code::of(place.state),
            county: Code::of(place.county),
            msa: Code::of(place.msa),
            income_group: income.map(Category::as_str),
            in_area,
            numbers: [
                n(total.loans),
                n(total.amount),
                class(0, true),
                class(0, false),
                class(1, true),
                class(1, false),
                class(2, true),
                class(2, false),
                n(revenue.loans),
                n(revenue.amount),
            ],
        };
        self.pending.lending(&self.tx, row)?;
        self.rows.lending += 1;
        Ok(())
    }
}
