//! The workbook's sheets of what stands behind the ratings, as the page's
//! two sections give it: `Evaluations` (each bank of a small selection and
//! its current exam's tests), `Lending` (per overall rating, the medians of
//! the banks' LMI share, of their markets' and of their in-area share; or
//! the one line saying the copy holds none, with the command that reads
//! it) and `Lending banks` (each bank of a small selection beside its
//! market). The tests' own sheets, with their charts, are `book`'s; the
//! About sheet's lines on both come from [`facts`].

use anyhow::Result;
use rust_xlsxwriter::Workbook;

use super::columns::{self as sheet, BY_RATING, width};
use super::{Report, lending};
use crate::output::about::Fact;
use crate::output::xlsx::named::Named;

/// Writes the sheets, in order, and gives their names.
pub fn write(book: &mut Workbook, report: &Report) -> Result<Vec<&'static str>> {
    let mut names = Vec::new();
    if !report.evaluations.each.is_empty() {
        evaluations(book, report)?;
        names.push("Evaluations");
    }
    by_rating(book, &report.lending)?;
    names.push("Lending");
    if !report.lending.each.is_empty() {
        each_bank(book, &report.lending)?;
        names.push("Lending banks");
    }
    Ok(names)
}

/// The About sheet's lines on the evaluations and the lending.
pub fn facts(report: &Report) -> Vec<Fact> {
    let evaluations = &report.evaluations;
    let mut tests = format!(
        "{} (of the exam that gave the current rating, read by cra enrich --pe)",
        evaluations.of_words()
    );
    if !evaluations.by_test.is_empty() {
        tests.push_str(
            "; a sheet for each test some bank's evaluation rates (Lending, Investment, \
             Service, Community Development): the banks by that test's rating (High and Low \
             Satisfactory apart), their overall rating counted in total and by rating",
        );
    }
    if !evaluations.each.is_empty() {
        tests.push_str(
            "; Evaluations: each bank, its rating and its tests' (not read: no evaluation of \
             its current exam read; not rated: the evaluation does not rate that test)",
        );
    }
    let lending = &report.lending;
    let lent = if lending.any {
        format!(
            "{}. Small business loans, originations only, of the last year each bank reported \
             before its exam's year, as cra lending reckons them: lmi_share, its loans in low- \
             and moderate-income tracts over its loans in tracts of known income; \
             market_lmi_share, the same of every lender's loans in the counties where the bank \
             lent that year; in_area_share, its loans inside its assessment areas over all its \
             loans. Lending: per overall rating, banks_reporting (the banks with an LMI share) \
             and the median of each share{}",
            lending.reported_words(),
            if lending.each.is_empty() {
                ""
            } else {
                "; Lending banks: each bank beside its market"
            }
        )
    } else {
        lending.none_words()
    };
    vec![("Evaluations", tests), ("Lending", lent)]
}

fn evaluations(book: &mut Workbook, report: &Report) -> Result<()> {
    let mut table = Named::new(book, "Evaluations", sheet::evaluated(), width(&[]), false)?;
    for bank in &report.evaluations.each {
        table.push(bank)?;
    }
    Ok(())
}

fn by_rating(book: &mut Workbook, lending: &lending::Lending) -> Result<()> {
    let columns = BY_RATING.iter().collect();
    let mut table = Named::new(book, "Lending", columns, width(&[]), false)?;
    if !lending.any {
        return table.note(&lending.none_words());
    }
    for group in &lending.by_rating {
        table.push(group)?;
    }
    Ok(())
}

fn each_bank(book: &mut Workbook, lending: &lending::Lending) -> Result<()> {
    let columns = sheet::lending_banks();
    let mut table = Named::new(book, "Lending banks", columns, width(&[]), false)?;
    for bank in &lending.each {
        table.push(bank)?;
    }
    Ok(())
}
