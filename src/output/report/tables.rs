//! The page's two lists of banks: the downgrades of the last twelve months
//! and the banks probably due for an exam (most overdue first, with how
//! many months past their cycle). Both fit the page's column at a desktop
//! width (the due table's columns are the short forms: city and state in
//! one, the exam type without "Bank"), and on a phone each row becomes a
//! small card whose cells say what they are (`data-label`), so no column
//! is off-screen. Long lists are cut to their head, with the command that
//! lists them all.

use std::fmt::Write;

use super::{DueBank, Report, escape, plural_banks};
use crate::domain::Rating;
use crate::text::thousands;

/// Downgrades listed whole; beyond, the count only (the page stays small).
pub const DOWNGRADES_SHOWN: usize = 100;

/// The most overdue banks listed; beyond, the count and the command.
pub const DUE_SHOWN: usize = 50;

/// One table cell, labelled for the stacked layout of a phone.
fn cell(page: &mut String, label: &str, class: &str, text: &str) {
    let _ = write!(
        page,
        "<td data-label=\"{label}\"{}>{text}</td>",
        if class.is_empty() {
            String::new()
        } else {
            format!(" class=\"{class}\"")
        }
    );
}

pub fn downgrades(page: &mut String, report: &Report) {
    let rows = &report.downgrades;
    let _ = write!(
        page,
        "<section id=\"downgrades\">\n<h2>Downgrades in the last 12 months</h2>\n\
         <p>{} rating {} worse than the bank's previous one, with an exam date {}{}.</p>\n",
        thousands(rows.len() as u64),
        if rows.len() == 1 { "record" } else { "records" },
        match &report.downgrades_until {
            Some((until, what)) => format!(
                "from {} to {}, {what}",
                escape(&report.downgrades_since),
                escape(until)
            ),
            None => format!("since {}", escape(&report.downgrades_since)),
        },
        if rows.len() > DOWNGRADES_SHOWN {
            format!("; the {DOWNGRADES_SHOWN} most recent below")
        } else {
            String::new()
        }
    );
    if !rows.is_empty() {
        page.push_str(
            "<div class=\"scroll\"><table class=\"cards\">\n<thead><tr><th>Bank</th><th>State</th><th>Regulator</th>\
             <th>Exam date</th><th>From</th><th>To</th></tr></thead>\n<tbody>\n",
        );
        for row in rows.iter().take(DOWNGRADES_SHOWN) {
            page.push_str("<tr>");
            cell(page, "Bank", "", &escape(&row.name));
            cell(page, "State", "", &escape(&row.state));
            cell(page, "Regulator", "", &escape(row.regulator.as_str()));
            cell(page, "Exam date", "date", &escape(&row.exam_date));
            cell(
                page,
                "From",
                "",
                &escape(row.previous.as_ref().map_or("", Rating::as_str)),
            );
            cell(page, "To", "", &escape(row.rating.as_str()));
            page.push_str("</tr>\n");
        }
        page.push_str("</tbody>\n</table></div>\n");
        if rows.len() > DOWNGRADES_SHOWN {
            let _ = writeln!(
                page,
                "<p class=\"note\">All of them: <code>cra changes --change downgrade --since {}{}</code> \
                 with the same filters, or <code>cra report -o report.xlsx</code>.</p>",
                escape(&report.downgrades_since),
                report
                    .downgrades_until
                    .as_ref()
                    .map(|(until, _)| format!(" --until {}", escape(until)))
                    .unwrap_or_default()
            );
        }
    }
    page.push_str("</section>\n");
}

pub fn due(page: &mut String, rows: &[DueBank], left_out: Option<&str>) {
    let _ = write!(
        page,
        "<section id=\"due\">\n<h2>Banks probably due for an exam</h2>\n\
         <p>{} whose current exam is older than the published cycle for its exam type and rating \
         (60 months after Outstanding and 48 after Satisfactory for small banks, shorter for larger \
         banks and lower ratings){}. A heuristic: assets and the agencies' plans are not in the data, \
         and exams are published 45&ndash;60 days after they are done.</p>\n",
        plural_banks(rows.len() as u64),
        if rows.len() > DUE_SHOWN {
            format!("; the {DUE_SHOWN} most overdue below")
        } else {
            String::new()
        }
    );
    if let Some(left_out) = left_out {
        // As `cra due` says it, a sentence of its own.
        let mut chars = left_out.chars();
        let sentence: String = chars
            .next()
            .map(|first| first.to_uppercase().chain(chars).collect())
            .unwrap_or_default();
        let _ = writeln!(page, "<p class=\"note\">{}.</p>", escape(&sentence));
    }
    if !rows.is_empty() {
        page.push_str(
            "<div class=\"scroll\"><table class=\"cards due\">\n<thead><tr><th>Bank</th><th>City</th>\
             <th>Regulator</th><th>Rating</th><th>Exam date</th><th>Exam type</th>\
             <th class=\"n\">Cycle</th><th class=\"n\">Overdue</th></tr></thead>\n<tbody>\n",
        );
        for row in rows.iter().take(DUE_SHOWN) {
            page.push_str("<tr>");
            cell(page, "Bank", "", &escape(&row.name));
            cell(
                page,
                "City",
                "",
                &format!("{}, {}", escape(&row.city), escape(&row.state)),
            );
            cell(page, "Regulator", "", &escape(row.regulator.as_str()));
            cell(page, "Rating", "", &escape(row.rating.as_str()));
            cell(page, "Exam date", "date", &escape(&row.exam_date));
            cell(
                page,
                "Exam type",
                "",
                &escape(
                    row.exam_type
                        .as_str()
                        .strip_suffix(" Bank")
                        .unwrap_or(row.exam_type.as_str()),
                ),
            );
            cell(
                page,
                "Cycle",
                "n",
                &format!("{}&nbsp;mo", row.expected_months),
            );
            cell(
                page,
                "Overdue",
                "n",
                &format!(
                    "<b>{}&nbsp;mo</b>",
                    thousands(row.overdue_months().max(0) as u64)
                ),
            );
            page.push_str("</tr>\n");
        }
        page.push_str("</tbody>\n</table></div>\n");
        page.push_str(
            "<p class=\"note\">Cycle: the months the exam type and rating allow between exams; \
             overdue: the months since the exam beyond that.",
        );
        if rows.len() > DUE_SHOWN {
            page.push_str(
                " All of them: <code>cra due</code> with the same filters, or \
                 <code>cra report -o report.xlsx</code>.",
            );
        }
        page.push_str("</p>\n");
    }
    page.push_str("</section>\n");
}
