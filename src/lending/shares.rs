//! The shares `cra lending` shows, reckoned from what the copy holds of a
//! bank (its originations by county and income group, inside and outside
//! its assessment areas), of the market in the same counties, and of its
//! community development loans. The contract's definitions, once: loans
//! counted, originations only; the LMI share is loans in low- and
//! moderate-income tracts over loans in tracts of known income; the
//! market's, the same over every reporter's loans in the counties where
//! the bank reported loans that year; the in-area share, loans inside its
//! assessment areas over all its loans (inside and outside). A year of
//! which only the aggregate was read (the lender's loans by county, no
//! income group nor area) has no LMI or in-area share of its own.

use std::collections::{BTreeMap, BTreeSet};

/// A bank's originations in one county (and income group, from the
/// disclosure) of a year, as the copy holds them.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Held {
    pub year: u16,
    pub state: String,
    pub county: String,
    /// The tract income group (`low` ... `unknown`); none on the
    /// aggregate's lender-by-county rows.
    pub income_group: Option<String>,
    /// From the disclosure (else the aggregate's lender-by-county rows).
    pub disclosed: bool,
    pub loans: u64,
    pub amount_thousands: u64,
    pub small_revenue: u64,
    /// The same loans inside an assessment area, and outside every one.
    pub inside: u64,
    pub outside: u64,
}

/// Every reporter's originations in a county and income group of a year.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Market {
    pub year: u16,
    pub state: String,
    pub county: String,
    pub income_group: String,
    pub loans: u64,
}

/// A bank's community development loans of a year.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Cd {
    pub year: u16,
    pub loans: u64,
    pub amount_thousands: u64,
}

/// What one line of `cra lending` is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum By {
    /// One line a year.
    #[default]
    Year,
    /// One line a year and county.
    County,
    /// One line a year and tract income group.
    Income,
}

/// The income groups in the order a person reads them.
pub const GROUPS: [&str; 5] = ["low", "moderate", "middle", "upper", "unknown"];

/// One line of a bank's lending.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Line {
    pub year: u16,
    /// The county's FIPS code (`48059`), by county.
    pub county: Option<String>,
    /// The income group, by income group.
    pub income_group: Option<String>,
    pub loans: u64,
    /// Dollars.
    pub amount: u64,
    pub lmi_share: Option<f64>,
    pub market_lmi_share: Option<f64>,
    pub small_revenue_share: Option<f64>,
    pub in_area_share: Option<f64>,
    /// By income group: the group's share of the bank's loans, and of the
    /// market's in the same counties.
    pub group_share: Option<f64>,
    pub market_group_share: Option<f64>,
    /// The bank's loans over every reporter's in the same counties (and
    /// income group).
    pub market_share: Option<f64>,
    /// By year: its community development loans and their amount (dollars).
    pub cd_loans: Option<u64>,
    pub cd_amount: Option<u64>,
    /// `disclosure`, or `aggregate` where no disclosure file of the year
    /// was read.
    pub source: &'static str,
}

impl Line {
    /// Whether it comes from the aggregate alone.
    pub fn from_aggregate(&self) -> bool {
        self.source == "aggregate"
    }
}

fn share(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

fn is_lmi(group: &str) -> bool {
    matches!(group, "low" | "moderate")
}

fn is_known(group: &str) -> bool {
    matches!(group, "low" | "moderate" | "middle" | "upper")
}

/// Loans in low- and moderate-income tracts, and in tracts of known
/// income, of `(group, loans)` pairs.
fn lmi_known<'a>(rows: impl Iterator<Item = (&'a str, u64)>) -> (u64, u64) {
    rows.fold((0, 0), |(lmi, known), (group, loans)| {
        (
            lmi + if is_lmi(group) { loans } else { 0 },
            known + if is_known(group) { loans } else { 0 },
        )
    })
}

/// The lines of a bank's lending by `by`, years in order; the disclosure's
/// rows of a year when it has any, else the aggregate's.
pub fn lines(held: &[Held], market: &[Market], cd: &[Cd], by: By) -> Vec<Line> {
    let years: BTreeSet<u16> = held
        .iter()
        .map(|h| h.year)
        .chain(cd.iter().map(|c| c.year))
        .collect();
    let mut out = Vec::new();
    for year in years {
        let disclosed = held.iter().any(|h| h.year == year && h.disclosed);
        let rows: Vec<&Held> = held
            .iter()
            .filter(|h| h.year == year && h.disclosed == disclosed)
            .collect();
        // The counties where the bank reported loans that year.
        let counties: BTreeSet<(&str, &str)> = rows
            .iter()
            .filter(|h| h.loans > 0)
            .map(|h| (h.state.as_str(), h.county.as_str()))
            .collect();
        let in_market = |m: &&Market, within: &BTreeSet<(&str, &str)>| {
            m.year == year && within.contains(&(m.state.as_str(), m.county.as_str()))
        };
        let source = if disclosed { "disclosure" } else { "aggregate" };
        let total: u64 = rows.iter().map(|h| h.loans).sum();
        let market_total: u64 = market
            .iter()
            .filter(|m| in_market(m, &counties))
            .map(|m| m.loans)
            .sum();
        let line = |rows: &[&Held], within: &BTreeSet<(&str, &str)>| {
            let loans: u64 = rows.iter().map(|h| h.loans).sum();
            let (lmi, known) = lmi_known(
                rows.iter()
                    .filter_map(|h| Some((h.income_group.as_deref()?, h.loans))),
            );
            let (inside, outside) = rows
                .iter()
                .fold((0, 0), |(i, o), h| (i + h.inside, o + h.outside));
            let markets: Vec<&Market> = market.iter().filter(|m| in_market(m, within)).collect();
            let (m_lmi, m_known) =
                lmi_known(markets.iter().map(|m| (m.income_group.as_str(), m.loans)));
            Line {
                year,
                loans,
                amount: rows.iter().map(|h| h.amount_thousands).sum::<u64>() * 1000,
                lmi_share: if disclosed { share(lmi, known) } else { None },
                market_lmi_share: share(m_lmi, m_known),
                small_revenue_share: share(rows.iter().map(|h| h.small_revenue).sum(), loans),
                in_area_share: if disclosed {
                    share(inside, inside + outside)
                } else {
                    None
                },
                market_share: share(loans, markets.iter().map(|m| m.loans).sum()),
                source,
                ..Line::default()
            }
        };
        match by {
            By::Year => {
                let mut line = line(&rows, &counties);
                if let Some(cd) = cd.iter().find(|c| c.year == year) {
                    line.cd_loans = Some(cd.loans);
                    line.cd_amount = Some(cd.amount_thousands * 1000);
                }
                out.push(line);
            }
            By::County => {
                let mut each: BTreeMap<(&str, &str), Vec<&Held>> = BTreeMap::new();
                for h in &rows {
                    each.entry((h.state.as_str(), h.county.as_str()))
                        .or_default()
                        .push(h);
                }
                for ((state, county), rows) in each {
                    let within = BTreeSet::from([(state, county)]);
                    let mut line = line(&rows, &within);
                    line.county = Some(format!("{state}{county}"));
                    out.push(line);
                }
            }
            By::Income if disclosed => {
                for group in GROUPS {
                    let in_group: Vec<&Held> = rows
                        .iter()
                        .filter(|h| h.income_group.as_deref() == Some(group))
                        .copied()
                        .collect();
                    let loans: u64 = in_group.iter().map(|h| h.loans).sum();
                    let m_group: u64 = market
                        .iter()
                        .filter(|m| in_market(m, &counties) && m.income_group == group)
                        .map(|m| m.loans)
                        .sum();
                    if loans == 0 && m_group == 0 {
                        continue;
                    }
                    let mut line = line(&in_group, &counties);
                    line.income_group = Some(group.to_string());
                    line.lmi_share = None;
                    line.market_lmi_share = None;
                    line.group_share = share(loans, total);
                    line.market_group_share = share(m_group, market_total);
                    line.market_share = share(loans, m_group);
                    out.push(line);
                }
            }
            // No income groups in the aggregate: the year whole.
            By::Income => out.push(line(&rows, &counties)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn held(county: &str, group: &str, loans: u64, inside: u64) -> Held {
        Held {
            year: 2020,
            state: "48".into(),
            county: county.into(),
            income_group: Some(group.into()),
            disclosed: true,
            loans,
            amount_thousands: loans * 10,
            small_revenue: loans / 2,
            inside,
            outside: loans - inside,
        }
    }

    fn market(county: &str, group: &str, loans: u64) -> Market {
        Market {
            year: 2020,
            state: "48".into(),
            county: county.into(),
            income_group: group.into(),
            loans,
        }
    }

    #[test]
    fn shares_as_the_contract_defines_them() {
        let held = [
            held("001", "low", 10, 10),
            held("001", "middle", 20, 10),
            held("002", "unknown", 10, 0),
            held("002", "upper", 0, 0),
        ];
        let market = [
            market("001", "low", 100),
            market("001", "upper", 300),
            market("002", "moderate", 100),
            // A county where the bank lent nothing: not its market.
            market("003", "low", 1_000),
        ];
        let cd = [Cd {
            year: 2020,
            loans: 3,
            amount_thousands: 700,
        }];
        let year = &lines(&held, &market, &cd, By::Year)[0];
        assert_eq!(year.loans, 40);
        assert_eq!(year.amount, 400_000);
        // 10 in LMI tracts of 30 of known income.
        assert_eq!(year.lmi_share, Some(10.0 / 30.0));
        assert_eq!(year.market_lmi_share, Some(200.0 / 500.0));
        assert_eq!(year.in_area_share, Some(20.0 / 40.0));
        assert_eq!(year.small_revenue_share, Some(20.0 / 40.0));
        assert_eq!(year.market_share, Some(40.0 / 500.0));
        assert_eq!((year.cd_loans, year.cd_amount), (Some(3), Some(700_000)));
        let counties = lines(&held, &market, &cd, By::County);
        assert_eq!(counties.len(), 2);
        assert_eq!(counties[0].county.as_deref(), Some("48001"));
        assert_eq!(counties[0].market_share, Some(30.0 / 400.0));
        assert_eq!(counties[1].market_lmi_share, Some(1.0));
        let groups = lines(&held, &market, &cd, By::Income);
        let names: Vec<_> = groups
            .iter()
            .map(|l| l.income_group.as_deref().unwrap())
            .collect();
        assert_eq!(names, ["low", "moderate", "middle", "upper", "unknown"]);
        assert_eq!(groups[0].group_share, Some(10.0 / 40.0));
        assert_eq!(groups[0].market_group_share, Some(100.0 / 500.0));
    }

    #[test]
    fn a_year_of_the_aggregate_alone_has_no_lmi_or_in_area_share() {
        let held = [Held {
            year: 2020,
            state: "48".into(),
            county: "001".into(),
            loans: 5,
            ..Held::default()
        }];
        let year = &lines(&held, &[market("001", "low", 10)], &[], By::Year)[0];
        assert!(year.from_aggregate());
        assert_eq!((year.lmi_share, year.in_area_share), (None, None));
        assert_eq!(year.market_lmi_share, Some(1.0));
        assert_eq!(year.market_share, Some(0.5));
    }
}
