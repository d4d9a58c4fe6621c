//! The workbook's sheets of what stands behind the ratings, as the page's
//! two sections give it: `Evaluations` (each bank of a small selection and
//! its current exam's tests), `Lending` (per overall rating, the medians of
//! the banks' LMI share, of their markets' and of their in-area share; or
//! the one line saying the copy holds none, with the command that reads
//! it) and `Lending banks` (each bank of a small selection beside its
//! market). The tests' own sheets, with their charts, are `book`'s; the
//! About sheet's lines on both come from [`facts`].

use anyhow::Result;
use rust_xlsxwriter::{Workbook, XlsxError};

use super::cells::{Formats, date, header, rating};
use super::evaluations::{TESTS, column};
use super::{Report, lending};
use crate::output::about::Fact;
use crate::output::xlsx::fit;

/// Writes the sheets, in order, and gives their names.
pub fn write(book: &mut Workbook, formats: &Formats, report: &Report) -> Result<Vec<&'static str>> {
    let mut names = Vec::new();
    if !report.evaluations.each.is_empty() {
        evaluations(book, formats, report)?;
        names.push("Evaluations");
    }
    by_rating(book, formats, &report.lending)?;
    names.push("Lending");
    if !report.lending.each.is_empty() {
        each_bank(book, formats, &report.lending)?;
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

fn evaluations(book: &mut Workbook, formats: &Formats, report: &Report) -> Result<(), XlsxError> {
    let sheet = book.add_worksheet();
    sheet.set_name("Evaluations")?;
    let mut heads = vec!["name", "state", "rating", "exam_date"];
    heads.extend(TESTS.map(column));
    heads.push("id");
    header(
        sheet,
        formats,
        &heads,
        &[44.0, 7.0, 26.0, 12.0, 19.0, 19.0, 19.0, 19.0, 38.0],
    )?;
    for (row, bank) in (1u32..).zip(&report.evaluations.each) {
        sheet.write_string(row, 0, fit(&bank.name))?;
        sheet.write_string(row, 1, fit(&bank.state))?;
        rating(sheet, formats, row, 2, &bank.rating)?;
        date(sheet, formats, row, 3, &bank.exam_date)?;
        for (col, test) in (4u16..).zip(&bank.tests) {
            match test {
                Some(level) => rating(sheet, formats, row, col, level)?,
                None if bank.read => {
                    sheet.write_string(row, col, "not rated")?;
                }
                None => {
                    sheet.write_string(row, col, "not read")?;
                }
            }
        }
        sheet.write_string(row, 8, fit(&bank.id))?;
    }
    Ok(())
}

/// A share's cell: a percentage, or nothing where there is none.
fn share(
    sheet: &mut rust_xlsxwriter::Worksheet,
    formats: &Formats,
    row: u32,
    col: u16,
    value: Option<f64>,
) -> Result<(), XlsxError> {
    match value {
        Some(value) => sheet.write_number_with_format(row, col, value, &formats.percent)?,
        None => sheet.write_string(row, col, "")?,
    };
    Ok(())
}

fn by_rating(
    book: &mut Workbook,
    formats: &Formats,
    lending: &lending::Lending,
) -> Result<(), XlsxError> {
    let sheet = book.add_worksheet();
    sheet.set_name("Lending")?;
    header(
        sheet,
        formats,
        &[
            "rating",
            "banks_reporting",
            "lmi_share",
            "market_lmi_share",
            "in_area_share",
        ],
        &[26.0, 17.0, 12.0, 19.0, 16.0],
    )?;
    if !lending.any {
        sheet.write_string(1, 0, lending.none_words())?;
        return Ok(());
    }
    for (row, group) in (1u32..).zip(&lending.by_rating) {
        rating(sheet, formats, row, 0, &group.rating)?;
        sheet.write_number_with_format(row, 1, group.banks as f64, &formats.count)?;
        share(sheet, formats, row, 2, group.lmi_share)?;
        share(sheet, formats, row, 3, group.market_lmi_share)?;
        share(sheet, formats, row, 4, group.in_area_share)?;
    }
    Ok(())
}

fn each_bank(
    book: &mut Workbook,
    formats: &Formats,
    lending: &lending::Lending,
) -> Result<(), XlsxError> {
    let sheet = book.add_worksheet();
    sheet.set_name("Lending banks")?;
    header(
        sheet,
        formats,
        &[
            "name",
            "state",
            "rating",
            "exam_date",
            "year",
            "loans",
            "lmi_share",
            "market_lmi_share",
            "in_area_share",
            "id",
        ],
        &[44.0, 7.0, 26.0, 12.0, 7.0, 9.0, 12.0, 19.0, 16.0, 38.0],
    )?;
    for (row, bank) in (1u32..).zip(&lending.each) {
        sheet.write_string(row, 0, fit(&bank.name))?;
        sheet.write_string(row, 1, fit(&bank.state))?;
        rating(sheet, formats, row, 2, &bank.rating)?;
        date(sheet, formats, row, 3, &bank.exam_date)?;
        match bank.year {
            Some(year) => {
                sheet.write_number_with_format(row, 4, year, &formats.year)?;
                sheet.write_number_with_format(row, 5, bank.loans as f64, &formats.count)?;
                share(sheet, formats, row, 6, bank.lmi_share)?;
                share(sheet, formats, row, 7, bank.market_lmi_share)?;
                share(sheet, formats, row, 8, bank.in_area_share)?;
            }
            None => {
                for col in 4..9 {
                    sheet.write_string(row, col, "")?;
                }
            }
        }
        sheet.write_string(row, 9, fit(&bank.id))?;
    }
    Ok(())
}
