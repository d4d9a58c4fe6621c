//! The page's section on the lending behind the ratings (the FFIEC's CRA
//! small business data, `cra enrich --lending`): per overall rating, the
//! median share of the banks' loans in low- and moderate-income tracts
//! beside the median of their markets' share in the same counties (do
//! Outstanding banks lend more where examiners look?), and for a small
//! selection each bank beside its market. Each bank's figures are of the
//! last year it reported loans before its exam's year, reckoned as `cra
//! lending` reckons them. With no lending data in the copy it says so in
//! one line, with the command that reads it.

use std::fmt::Write;

use super::evaluations::capital;
use super::{escape, plural_banks};
use crate::domain::Rating;
use crate::text::thousands;

/// What the section shows.
#[derive(Debug, Clone, Default)]
pub struct Lending {
    /// Whether the copy holds any lending data.
    pub any: bool,
    /// The command that reads it, as the user would paste it
    /// (`cra --sandbox enrich --lending`).
    pub command: String,
    /// The banks selected, and those that reported small business loans
    /// in a year before their exam's.
    pub banks: u64,
    pub reported: u64,
    /// Per overall rating (best first), the banks with an LMI share.
    pub by_rating: Vec<ByRating>,
    /// Each bank of a small selection (`evaluations::SMALL`), in the
    /// selection's order; else none.
    pub each: Vec<LendingBank>,
}

impl Lending {
    /// "3 of 5 banks reported small business loans before their exam's year".
    pub fn reported_words(&self) -> String {
        format!(
            "{} of {} reported small business loans in a year before their exam's year",
            thousands(self.reported),
            plural_banks(self.banks),
        )
    }

    /// The one line said where the copy holds no lending data.
    pub fn none_words(&self) -> String {
        format!(
            "The local copy holds no lending data: run {} to read the FFIEC's.",
            self.command
        )
    }
}

/// The banks of one overall rating: medians of their shares.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ByRating {
    pub rating: String,
    /// Banks with an LMI share (a year of the disclosure read).
    pub banks: u64,
    pub lmi_share: Option<f64>,
    pub market_lmi_share: Option<f64>,
    pub in_area_share: Option<f64>,
}

/// One bank and its market, the last year it reported before its exam's.
#[derive(Debug, Clone, PartialEq)]
pub struct LendingBank {
    pub id: String,
    pub name: String,
    pub state: String,
    pub rating: Rating,
    pub exam_date: String,
    /// None: no small business loans reported before the exam's year.
    pub year: Option<u16>,
    pub loans: u64,
    pub lmi_share: Option<f64>,
    pub market_lmi_share: Option<f64>,
    pub in_area_share: Option<f64>,
}

/// The median of some shares (the mean of the middle two of an even
/// count); none of none.
pub fn median(mut values: Vec<f64>) -> Option<f64> {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(values[n / 2]),
        _ => Some((values[n / 2 - 1] + values[n / 2]) / 2.0),
    }
}

/// A share as the tables print it: `43.2%`; a dash for none.
pub fn percent(share: Option<f64>) -> String {
    share.map_or("&ndash;".to_string(), |s| format!("{:.1}%", s * 100.0))
}

pub fn section(page: &mut String, lending: &Lending) {
    page.push_str("<section id=\"lending\">\n<h2>Small business lending</h2>\n");
    if !lending.any {
        let _ = writeln!(
            page,
            "<p>{}</p>\n</section>",
            escape(&lending.none_words()).replace(
                &escape(&lending.command),
                &format!("<code>{}</code>", escape(&lending.command))
            )
        );
        return;
    }
    let _ = writeln!(
        page,
        "<p>{}. A bank's figures are of the last such year, originations only. LMI share: its loans in low- and moderate-income tracts over \
         its loans in tracts of known income; the market's: every lender's loans in the counties \
         where the bank lent that year (the comparison examiners make); in area: its loans \
         inside its assessment areas. Each bank: <code>cra lending BANK</code>.</p>",
        escape(&capital(&lending.reported_words()))
    );
    if !lending.by_rating.is_empty() {
        page.push_str(
            "<h3>LMI share by rating</h3>\n<div class=\"scroll\"><table class=\"lending\">\n\
             <thead><tr><th>Overall rating</th><th class=\"n\">Banks</th>\
             <th class=\"n\">LMI share (median)</th><th class=\"n\">Market LMI share (median)</th>\
             <th class=\"n\">In area (median)</th></tr></thead>\n<tbody>\n",
        );
        for row in &lending.by_rating {
            let _ = writeln!(
                page,
                "<tr><td>{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>\
                 <td class=\"n\">{}</td><td class=\"n\">{}</td></tr>",
                escape(&row.rating),
                thousands(row.banks),
                percent(row.lmi_share),
                percent(row.market_lmi_share),
                percent(row.in_area_share)
            );
        }
        page.push_str("</tbody>\n</table></div>\n");
    }
    if !lending.each.is_empty() {
        each(page, &lending.each);
    }
    page.push_str("</section>\n");
}

fn each(page: &mut String, banks: &[LendingBank]) {
    page.push_str(
        "<h3>Each bank beside its market</h3>\n<div class=\"scroll\"><table class=\"cards lending\">\n\
         <thead><tr><th>Bank</th><th>Rating</th><th class=\"n\">Year</th><th class=\"n\">Loans</th>\
         <th class=\"n\">LMI share</th><th class=\"n\">Market LMI share</th>\
         <th class=\"n\">In area</th></tr></thead>\n<tbody>\n",
    );
    for bank in banks {
        let _ = write!(
            page,
            "<tr><td data-label=\"Bank\">{}, {}</td><td data-label=\"Rating\">{}</td>",
            escape(&bank.name),
            escape(&bank.state),
            escape(bank.rating.as_str()),
        );
        match bank.year {
            Some(year) => {
                let _ = write!(
                    page,
                    "<td data-label=\"Year\" class=\"n\">{year}</td>\
                     <td data-label=\"Loans\" class=\"n\">{}</td>\
                     <td data-label=\"LMI share\" class=\"n\">{}</td>\
                     <td data-label=\"Market LMI share\" class=\"n\">{}</td>\
                     <td data-label=\"In area\" class=\"n\">{}</td>",
                    thousands(bank.loans),
                    percent(bank.lmi_share),
                    percent(bank.market_lmi_share),
                    percent(bank.in_area_share)
                );
            }
            None => page.push_str(
                "<td data-label=\"Year\" class=\"none\" colspan=\"5\">no small business loans \
                 reported before the exam's year</td>",
            ),
        }
        page.push_str("</tr>\n");
    }
    page.push_str(
        "</tbody>\n</table></div>\n<p class=\"note\">&ndash;: no share (a year of which only the \
         aggregate was read has no income or area split).</p>\n",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_of_an_even_count_is_the_mean_of_the_middle_two() {
        assert_eq!(median(vec![]), None);
        assert_eq!(median(vec![0.3, 0.1, 0.2]), Some(0.2));
        assert_eq!(median(vec![0.4, 0.1, 0.2, 0.3]), Some(0.25));
    }

    #[test]
    fn no_lending_data_is_one_line_with_the_command() {
        let lending = Lending {
            command: "cra --sandbox enrich --lending".into(),
            ..Lending::default()
        };
        let mut page = String::new();
        section(&mut page, &lending);
        assert!(page.contains(
            "holds no lending data: run <code>cra --sandbox enrich --lending</code> to read the \
             FFIEC&#39;s."
        ));
    }
}
