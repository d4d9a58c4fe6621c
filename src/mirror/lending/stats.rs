//! `cra stats --lending`: per group of banks (as `stats` groups them, by
//! their current exam), how many banks have lending data behind that exam
//! (the public record's columns, `exam`) and the median of each figure.

use std::collections::BTreeMap;

use anyhow::Result;

use crate::domain::PublicRecord;
use crate::mirror::Reader;
use crate::mirror::clauses::{Tested, selection_clauses, where_sql};
use crate::mirror::stats::{GroupBy, StatsFilter, bank_key, in_order_of};

/// One group's lending: its banks, those with lending data, the medians.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LendingGroup {
    pub group: String,
    pub subgroup: Option<String>,
    pub banks: u64,
    /// The banks that reported small business loans before their exam.
    pub with_lending: u64,
    pub sb_loans: Option<f64>,
    pub sb_lmi_share: Option<f64>,
    pub sb_market_lmi_share: Option<f64>,
    pub sb_in_area_share: Option<f64>,
    pub cd_loans_amount: Option<f64>,
}

/// The median of `values` (the mean of the two middle ones of an even
/// count), none of none.
pub fn median(mut values: Vec<f64>) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let half = values.len() / 2;
    Some(if values.len() % 2 == 1 {
        values[half]
    } else {
        (values[half - 1] + values[half]) / 2.0
    })
}

/// A group's figures, as they are gathered.
#[derive(Default)]
struct Gathered {
    banks: u64,
    figures: [Vec<f64>; 5],
}

impl Reader {
    /// `stats --lending`: per group (`by`, of the banks' current exams),
    /// the banks and the medians of the lending behind their exams.
    pub fn lending_stats(&self, by: &[GroupBy], filter: &StatsFilter) -> Result<Vec<LendingGroup>> {
        let by: Vec<GroupBy> = if by.is_empty() {
            vec![GroupBy::All]
        } else {
            by.to_vec()
        };
        let (clauses, values) = selection_clauses(&filter.selection, &Tested::BANKS);
        let sql = format!(
            "SELECT {} AS first_group, {} AS second_group, id AS id, exam_date AS exam_date \
             FROM banks{}",
            bank_key(by[0]),
            by.get(1).map_or("NULL".to_string(), |g| bank_key(*g)),
            where_sql(&clauses)
        );
        let connection = self.connection();
        let held = super::exam::held_on(&connection)?;
        let mut statement = connection.prepare(&sql)?;
        crate::mirror::row::columns! { struct At { first_group, second_group, id, exam_date } }
        let at = At::of(&statement)?;
        let mut rows = statement.query(rusqlite::params_from_iter(&values))?;
        let mut groups: BTreeMap<(String, Option<String>), Gathered> = BTreeMap::new();
        while let Some(row) = rows.next()? {
            let key = (row.get(at.first_group)?, row.get(at.second_group)?);
            let id: String = row.get(at.id)?;
            let exam_date: Option<String> = row.get(at.exam_date)?;
            let gathered = groups.entry(key).or_default();
            gathered.banks += 1;
            let mut record = PublicRecord::default();
            if let (true, Some(date)) = (held, exam_date) {
                super::exam::fill_on(&connection, &id, &date, &mut record)?;
            }
            let figures = [
                record.sb_loans.map(|n| n as f64),
                record.sb_lmi_share,
                record.sb_market_lmi_share,
                record.sb_in_area_share,
                record.cd_loans_amount.map(|n| n as f64),
            ];
            for (all, figure) in gathered.figures.iter_mut().zip(figures) {
                all.extend(figure);
            }
        }
        let mut out: Vec<LendingGroup> = groups
            .into_iter()
            .map(|((group, subgroup), gathered)| {
                let [loans, lmi, market, in_area, cd] = gathered.figures;
                LendingGroup {
                    group,
                    subgroup,
                    banks: gathered.banks,
                    with_lending: loans.len() as u64,
                    sb_loans: median(loans),
                    sb_lmi_share: median(lmi),
                    sb_market_lmi_share: median(market),
                    sb_in_area_share: median(in_area),
                    cd_loans_amount: median(cd),
                }
            })
            .collect();
        if by[0] == GroupBy::All && out.is_empty() {
            out.push(LendingGroup {
                group: "all".to_string(),
                ..LendingGroup::default()
            });
        }
        in_order_of(&by, &mut out, |g| (&g.group, g.subgroup.as_deref()));
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::median;

    #[test]
    fn the_median_is_the_middle_or_the_mean_of_the_two() {
        assert_eq!(median(vec![]), None);
        assert_eq!(median(vec![0.3, 0.1, 0.2]), Some(0.2));
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), Some(2.5));
    }
}
