//! The report as a workbook (`cra report -o pack.xlsx`): one sheet per
//! section of the page (states, regulators, exam types, trend by year, a
//! test's ratings for each test an evaluation read rates, the evaluations
//! and the lending of `sheets`, downgrades, due) and `About`, with a native Excel chart beside each
//! section the page draws (the map's measure by state, the two splits by
//! rating, the trend, each test), coloured with the one palette, so that an analyst
//! can restyle them and paste them into slides. Printed, a sheet's text
//! is never under 8 pt (`print`), a short table is whole on its page and
//! a chart whole on a page of its own when it does not fit under its
//! table (after a page break: never across two, under the header row
//! repeated), no wider nor taller than the page.
//!
//! The long lists (downgrades, banks due: every one of them, where the page
//! shows the head) are written in constant-memory mode. The sheets with a
//! chart are ordinary sheets: a chart keeps a copy of the values it shows,
//! which `rust_xlsxwriter` takes from the sheet when it saves, and a
//! constant-memory sheet has already let them go. They are small by
//! construction (the groups are capped as on the page).

use std::io::{Seek, Write};

use anyhow::{Context, Result};
use rust_xlsxwriter::{
    Chart, ChartFont, ChartFormat, ChartLegendPosition, ChartSolidFill, ChartType, Color, Workbook,
    Worksheet,
};

use super::columns::{self as sheet, COUNTS, GROUP_COUNTS, PLACE, PLACE_COUNTS, Place, width};
use super::map::{Measure, name_of};
use super::{GROUPS_SHOWN, Group, RATINGS, Report, YEARS_SHOWN, capped};
use crate::output::about::{self, About, Fact, hex_rgb};
use crate::output::print::{Print, ROW_HEIGHT};
use crate::output::xlsx::named::{Named, pick};
use crate::text::thousands;

/// Writes the workbook to `out` (through a temporary file: the zip needs
/// to seek).
pub fn write(report: &Report, about: Option<&About>, out: &mut impl Write) -> Result<()> {
    let mut book = Workbook::new();
    let measure = Measure(&report.measure);
    states(&mut book, report, measure)?;
    let (regulators, _) = capped(&report.by_regulator, GROUPS_SHOWN, "regulators");
    groups(
        &mut book,
        "Regulators",
        "regulator",
        &regulators,
        ChartType::BarPercentStacked,
    )?;
    let (types, _) = capped(&report.by_exam_type, GROUPS_SHOWN, "exam types");
    groups(
        &mut book,
        "Exam types",
        "exam_type",
        &types,
        ChartType::BarPercentStacked,
    )?;
    let years = &report.by_year[report.by_year.len().saturating_sub(YEARS_SHOWN)..];
    groups(
        &mut book,
        "Trend by year",
        "exam_year",
        years,
        ChartType::ColumnPercentStacked,
    )?;
    let mut more_sheets = Vec::new();
    for (test, by) in &report.evaluations.by_test {
        let column = super::evaluations::column(*test);
        groups(
            &mut book,
            test.title(),
            column,
            by,
            ChartType::BarPercentStacked,
        )?;
        more_sheets.push(test.title());
    }
    downgrades(&mut book, report)?;
    due(&mut book, report)?;
    let after = super::sheets::write(&mut book, report)?;
    if let Some(about) = about {
        let more: Vec<Fact> = vec![
            (
                "Report",
                format!(
                    "{} banks{}; the map's measure: the share rated {}; downgrades {}",
                    thousands(report.banks),
                    super::ended_words(report.ended),
                    measure.words(),
                    match &report.downgrades_until {
                        Some((until, what)) => {
                            format!("from {} to {until}, {what}", report.downgrades_since)
                        }
                        None => format!("since {}", report.downgrades_since),
                    }
                ),
            ),
            (
                "Due",
                report
                    .due_left_out
                    .clone()
                    .unwrap_or_else(|| "none".to_string()),
            ),
            (
                "Newest exam",
                report
                    .newest_exam
                    .clone()
                    .unwrap_or_else(|| "none: the local copy holds no exam".into()),
            ),
            (
                "Sheets",
                format!(
                    "States, Regulators, Exam types, Trend by year{} (each with its chart), \
                     Downgrades, Due, {}About",
                    more_sheets
                        .iter()
                        .map(|name| format!(", {name}"))
                        .collect::<String>(),
                    after
                        .iter()
                        .map(|name| format!("{name}, "))
                        .collect::<String>(),
                ),
            ),
        ];
        let more: Vec<Fact> = more
            .into_iter()
            .chain(super::sheets::facts(report))
            .collect();
        about::add_sheet(&mut book, &about.facts(&more))?;
    }
    let mut file = tempfile::tempfile().context("cannot create a temporary file")?;
    book.save_to_writer(&mut file)?;
    file.rewind()?;
    std::io::copy(&mut file, out)?;
    Ok(())
}

/// `chart` inserted below a table of `last` rows, on the table's last
/// page if it fits there, else on a page of its own; never wider or
/// taller than a page (nor split across two, under the header row
/// printed on each).
fn below(
    sheet: &mut Worksheet,
    print: Print,
    last: u32,
    chart: &mut Chart,
    (width, height): (u32, u32),
) -> Result<()> {
    let print = print.tall(last).scaled();
    print.apply(sheet, true)?;
    let (width, height) = on_a_page(print, width, height);
    chart.set_width(width).set_height(height);
    // The header, the rows, a blank row, and one to spare.
    let table = f64::from(last + 3) * ROW_HEIGHT;
    let row = if table + f64::from(height) <= print.page_height() {
        last + 2
    } else {
        sheet.set_page_breaks(&[last + 1])?;
        last + 1
    };
    sheet.insert_chart(row, 0, chart)?;
    Ok(())
}

/// A chart's size cut to what one printed page holds under the header
/// row, in pixels. A chart is anchored to cells, which LibreOffice draws
/// wider than Excel (7.4 pixels a character to 7): it stretches with them;
/// and a page ends at a column's edge: a default column less.
fn on_a_page(print: Print, width: u32, height: u32) -> (u32, u32) {
    let room = |pixels: f64| ((pixels * 7.0 / 7.4) - 4.0 * ROW_HEIGHT).max(200.0) as u32;
    (
        width.min(room(print.page_width())),
        height.min(room(print.page_height())),
    )
}

/// A chart's series of `col` (rows 1 to `last`), named `name` and filled
/// with `hex`.
fn series(chart: &mut Chart, sheet: &str, col: u16, last: u32, (name, hex): (&str, &str)) {
    chart
        .add_series()
        .set_name(name)
        .set_categories((sheet, 1, 0, last, 0))
        .set_values((sheet, 1, col, last, col))
        .set_format(
            ChartFormat::new()
                .set_solid_fill(ChartSolidFill::new().set_color(Color::RGB(hex_rgb(hex)))),
        );
}

/// Every place with banks: counts, the map's measure, and a bar chart of
/// the measure by state (the map, as Excel can draw it).
fn states(book: &mut Workbook, report: &Report, measure: Measure) -> Result<()> {
    let mut rows: Vec<Place> = report
        .by_state
        .iter()
        .filter(|g| g.total() > 0)
        .map(|g| Place {
            group: g.clone(),
            name: name_of(&g.name),
            share: measure.share(g),
        })
        .collect();
    rows.sort_by(|a, b| a.name.cmp(&b.name));
    let mut names = vec!["state", "name"];
    names.extend(COUNTS);
    names.push("measured_share");
    let columns = pick(&[&PLACE[..], &PLACE_COUNTS], &names);
    let mut table = Named::new(book, "States", columns, width(&[("name", 24.0)]), false)?;
    for row in &rows {
        table.push(row)?;
    }
    let last = table.rows();
    if last > 0 {
        let share = table.at("measured_share");
        let (named, columns) = (table.at("name"), table.width());
        let mut chart = Chart::new(ChartType::Bar);
        chart
            .title()
            .set_name(&format!(
                "Share of banks rated {}, by state",
                measure.words()
            ))
            .set_font(ChartFont::new().set_size(12));
        chart
            .add_series()
            .set_name(("States", 0, share))
            .set_categories(("States", 1, named, last, named))
            .set_values(("States", 1, share, last, share))
            .set_format(
                ChartFormat::new().set_solid_fill(
                    ChartSolidFill::new().set_color(Color::RGB(hex_rgb(
                        RATINGS[if report.measure.iter().any(|r| *r >= 2) {
                            3
                        } else {
                            0
                        }]
                        .1,
                    ))),
                ),
            );
        chart.x_axis().set_num_format("0%");
        chart.y_axis().set_reverse();
        chart.legend().set_hidden();
        // Beside the table on screen; printed after it, on a page of its
        // own (the table's pages first, then the chart's), at the table's
        // scale, no taller than the page.
        let print = table.print().scaled();
        let sheet = table.sheet();
        print.apply(sheet, true)?;
        let (width, height) = on_a_page(print, 520, 18 * last.max(12) + 80);
        chart.set_width(width).set_height(height);
        sheet.set_vertical_page_breaks(&[columns as u32])?;
        sheet.insert_chart(1, columns as u16 + 1, &chart)?;
    }
    Ok(())
}

/// A sheet of groups with their counts by rating, and a 100% stacked
/// chart of them in the palette's colours.
fn groups(
    book: &mut Workbook,
    name: &str,
    what: &'static str,
    groups: &[Group],
    kind: ChartType,
) -> Result<()> {
    // By year, the rating records of the year (a bank may have several).
    let records = what == "exam_year";
    let first = [sheet::group_name(what)];
    let mut names = vec![what];
    names.extend(COUNTS);
    let columns = pick(&[&first[..], &GROUP_COUNTS], &names);
    let wide = [(what, if records { 11.0 } else { 24.0 })];
    let mut table = Named::new(book, name, columns, width(&wide), false)?;
    for g in groups {
        table.push(g)?;
    }
    let last = table.rows();
    if last > 0 {
        let mut chart = Chart::new(kind);
        chart
            .title()
            .set_name(&format!(
                "{name}: {} by rating",
                if records { "rating records" } else { "banks" }
            ))
            .set_font(ChartFont::new().set_size(12));
        for (rating, count) in RATINGS.iter().zip(&COUNTS[1..]) {
            series(&mut chart, name, table.at(count), last, *rating);
        }
        // A bar chart's values run across (its x axis), its groups down,
        // first at the top as in the sheet.
        let size = if kind == ChartType::BarPercentStacked {
            chart.x_axis().set_num_format("0%");
            chart.y_axis().set_reverse();
            (720, 90 + 36 * last.max(3))
        } else {
            // The legend below: beside, it takes a wide chart's room.
            chart.y_axis().set_num_format("0%");
            chart.legend().set_position(ChartLegendPosition::Bottom);
            ((24 * last + 160).clamp(480, 1200), 360)
        };
        let print = table.print();
        below(table.sheet(), print, last, &mut chart, size)?;
    }
    Ok(())
}

fn downgrades(book: &mut Workbook, report: &Report) -> Result<()> {
    let mut table = Named::new(book, "Downgrades", sheet::downgrades(), width(&[]), true)?;
    for row in &report.downgrades {
        table.push(row)?;
    }
    Ok(())
}

fn due(book: &mut Workbook, report: &Report) -> Result<()> {
    let mut table = Named::new(book, "Due", sheet::banks_due(), width(&[]), true)?;
    for row in &report.due {
        table.push(row)?;
    }
    Ok(())
}
