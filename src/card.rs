//! A bank as `show` shows it beyond the service's answer. Its card on a
//! terminal: the bank's facts, its public record when the local copy has
//! one (identifiers, assets, activity, each exam's evaluation), and its
//! history as a table fitted to the width; what its json document adds
//! from the copy (`document`); how each exam's PEs are said (`pes`).

use std::collections::HashMap;
use std::io::Write;

use anyhow::Result;

use crate::domain::BankDetail;
use crate::mirror::{LinkState, Reader};
use crate::output::View;
use crate::output::{self, Fit, Head, Kind, dollars};
use crate::record::Address;
use crate::text::inert;

mod document;
mod pes;
pub(crate) use document::{add_area_ratings, add_lending, endings, exam_pes};
pub(crate) use pes::add_json as add_pes;

/// The card's history: on a narrow terminal the exam type goes first.
fn history_heads() -> Vec<Head> {
    let head = |header: &'static str, kind, fit| Head {
        name: header.into(),
        header: header.into(),
        short: None,
        kind,
        fit,
        prefer: None,
    };
    vec![
        head("EXAM DATE", Kind::Date, Fit::Keep { rank: 0 }),
        head("RATING", Kind::Rating, Fit::Rating { rank: 1 }),
        head("EXAM TYPE", Kind::Text, Fit::ExamType { rank: 3 }),
        head("", Kind::Text, Fit::Keep { rank: 2 }),
    ]
}

/// The copy's public record, when there is one to show (a card is shown
/// without it otherwise: nothing to say about it there).
pub(crate) fn public_record(copy: &std::path::Path) -> Option<Reader> {
    let reader = Reader::open(copy).ok()?;
    reader.record().enriched_at().ok().flatten().map(|_| reader)
}

/// Each exam's assets, method and evaluation, by the bank's exam date.
type ExamsShown = HashMap<String, (String, String, Option<Address>)>;

/// The public record's lines of a card, and each exam's assets, method
/// and evaluation by the bank's exam date.
fn public_card(reader: &Reader, id: &str) -> Result<(Vec<String>, ExamsShown)> {
    let mut lines = Vec::new();
    let mut exams = HashMap::new();
    match reader.record().link_state(id)? {
        LinkState::Linked {
            regulator,
            agency_id,
            basis,
        } => {
            let record = reader.record().of(id)?;
            let mut ids = Vec::new();
            if let Some(n) = record.fdic_cert {
                ids.push(format!("FDIC cert {n}"));
            }
            if let Some(n) = record.rssd_id {
                ids.push(format!("RSSD {n}"));
            }
            if let Some(n) = record.occ_charter {
                ids.push(format!("OCC charter {n}"));
            }
            lines.push(format!("  Agency IDs {}", ids.join(" · ")));
            if let Some(assets) = record.assets {
                let method = record.exam_method.as_deref().unwrap_or("");
                lines.push(format!(
                    "  Assets     {} at the current exam ({method})",
                    dollars(assets)
                ));
            }
            let active = match record.active {
                Some(true) => "yes (FDIC BankFind)",
                Some(false) => "no: BankFind lists it as inactive",
                None => "unknown (not in BankFind, or cra enrich --no-bankfind)",
            };
            lines.push(format!("  Active     {active}"));
            if let Some(ending) = reader.events().ending(id)? {
                lines.push(format!("  Ended      {}", ended(&ending)));
                if let Some(now) = now_held(reader, id)? {
                    lines.push(format!("  Now        {now}"));
                }
            }
            lines.push(format!(
                "  FFIEC      {} {agency_id}, linked by {basis}",
                regulator.as_str()
            ));
            // The last three years it reported lending (cra enrich --lending).
            for (i, line) in reader.lending_last_years(id, 3)?.iter().enumerate() {
                let label = if i == 0 { "Lending" } else { "" };
                lines.push(format!("  {label:<10} {}", line.said()));
            }
            for exam in reader.record().exam_records(id)? {
                let evaluation = exam.evaluation();
                exams.insert(
                    exam.exam_date,
                    (
                        exam.assets_thousands
                            .map(|a| dollars(a.saturating_mul(1000)))
                            .unwrap_or_default(),
                        exam.exam_method.unwrap_or_default(),
                        evaluation,
                    ),
                );
            }
        }
        LinkState::Unlinked(reason) => {
            lines.push(format!("  FFIEC      not linked: {}", reason.explain()));
        }
        LinkState::Unknown => {
            lines.push(format!(
                "  FFIEC      not linked yet (run: {})",
                crate::mirror::enrich_command()
            ));
        }
    }
    Ok((lines, exams))
}

/// Where an ended bank's record is now, when it went on past its first
/// successor: `AMERICAN BANK, INC. (fdic:N) · Satisfactory 2021-09-10,
/// after 2 endings` (as `lineage` says of it).
pub(crate) fn now_held(reader: &Reader, id: &str) -> Result<Option<String>> {
    let Some(cert) = reader.events().fdic_cert_of(id)? else {
        return Ok(None);
    };
    let Some(holder) = reader.events().holder(cert)? else {
        return Ok(None);
    };
    let name = holder
        .known
        .as_ref()
        .map(|known| known.name.clone())
        .or(holder.name)
        .unwrap_or_else(|| "an institution".to_string());
    let mut line = format!("{} (fdic:{})", shown_name(&name), holder.cert);
    if let Some(known) = &holder.known
        && let (Some(rating), Some(date)) = (&known.rating, &known.exam_date)
    {
        line.push_str(&format!(" · {} {date}", rating.as_str()));
    }
    line.push_str(&format!(", after {} endings", holder.hops));
    Ok(Some(line))
}

/// How far an exam's test ratings are indented (`  2023-07-04  `).
const TESTS_AT: usize = 14;

/// How far a card's values are indented (`  Ended      `).
const VALUE_AT: usize = 13;

/// `line` wrapped at spaces to `width` columns, each following line
/// indented to the value's column.
fn hanging(line: &str, width: usize) -> String {
    hanging_at(line, width, VALUE_AT)
}

/// What joins the words of a rating (`High Satisfactory`) while a line
/// is wrapped, so that no rating is broken across lines.
const GLUE: char = '\u{e000}';

/// `line` with the spaces inside each rating's name glued.
fn glued(line: &str) -> String {
    let mut line = line.replace(GLUE, " ");
    for level in crate::domain::Level::ALL {
        let name = level.as_str();
        if name.contains(' ') {
            line = line.replace(name, &name.replace(' ', &GLUE.to_string()));
        }
    }
    line
}

/// [`hanging`], the following lines indented `indent` columns; a rating
/// (`High Satisfactory`) never broken across lines.
fn hanging_at(line: &str, width: usize, indent: usize) -> String {
    hanging_glued(&glued(line), width, indent)
}

/// [`hanging_at`] of a line whose words that must stay together are
/// joined by [`GLUE`] (given back as spaces).
fn hanging_glued(line: &str, width: usize, indent: usize) -> String {
    use unicode_width::UnicodeWidthStr;
    let plain = |text: &str| text.replace(GLUE, " ");
    if plain(line).width() <= width || width <= indent + 10 {
        return plain(line);
    }
    let mut out = String::new();
    // The line's own indent kept; its words and the spaces between them
    // (a label's padding) as they are.
    let body = line.trim_start_matches(' ');
    let mut current = " ".repeat(line.len() - body.len());
    let mut first = true;
    for word in body.split(' ') {
        let candidate = if first {
            format!("{current}{word}")
        } else {
            format!("{current} {word}")
        };
        first = false;
        if plain(&candidate).width() > width && !current.trim().is_empty() {
            out.push_str(current.trim_end());
            out.push('\n');
            current = format!("{}{word}", " ".repeat(indent));
        } else {
            current = candidate;
        }
    }
    out.push_str(current.trim_end());
    plain(&out)
}

/// A name of the public record as a card shows it: inert, and cut to a
/// line's worth (a hostile history may send a name of any length).
fn shown_name(name: &str) -> String {
    output::shorten(&inert(name), 80)
}

/// How a bank ended, in one line: `merged 2011-07-21 into FIRST NATIONAL
/// BANK (fdic:1234) · Satisfactory 2023-05-01`, the successor as `show`
/// takes it and its current rating when the copy has it.
pub(crate) fn ended(ending: &crate::mirror::Ending) -> String {
    let mut line = format!("{} {}", ending.kind.past(), ending.date);
    if let Some(cert) = ending.successor_cert {
        let name = ending
            .successor
            .as_ref()
            .map(|known| known.name.clone())
            .or_else(|| ending.successor_name.clone())
            .unwrap_or_else(|| "an institution".to_string());
        let into = ending.kind.successor_word();
        line.push_str(&format!(" {into} {} (fdic:{cert})", shown_name(&name)));
        if let Some(known) = &ending.successor
            && let (Some(rating), Some(date)) = (&known.rating, &known.exam_date)
        {
            line.push_str(&format!(" · {} {date}", rating.as_str()));
        }
    }
    line
}

/// The table view: a card of bank fields, then its history with the current
/// record marked.
pub(crate) fn write_cards(
    out: &mut impl Write,
    banks: &[BankDetail],
    view: &View,
    public: Option<&Reader>,
) -> Result<()> {
    for (i, bank) in banks.iter().enumerate() {
        let f = &bank.fields;
        let (public_lines, exams) = match public {
            Some(reader) => public_card(reader, &f.id)?,
            None => (Vec::new(), HashMap::new()),
        };
        if i > 0 {
            writeln!(out)?;
        }
        // Server text is made inert: no escape sequence reaches the terminal.
        let name = inert(&f.name);
        // The title is no cell, but no more may it wrap.
        let name = match (view.terminal, view.width) {
            (true, Some(width)) => output::shorten(&name, width),
            _ => name.into_owned(),
        };
        let title = if view.color {
            format!("\x1b[1m{name}\x1b[0m")
        } else {
            name
        };
        writeln!(out, "{title}")?;
        writeln!(out, "  ID         {}", inert(&f.id))?;
        writeln!(out, "  Location   {}, {}", inert(&f.city), inert(&f.state))?;
        writeln!(out, "  Regulator  {}", inert(f.regulator.as_str()))?;
        if let Some(charter) = f.charter_text() {
            writeln!(out, "  Charter    {}", inert(&charter))?;
        }
        for line in &public_lines {
            // On a terminal, a long line goes on under its value, not at
            // the margin.
            match (view.terminal, view.width) {
                (true, Some(width)) => writeln!(out, "{}", hanging(&inert(line), width))?,
                _ => writeln!(out, "{}", inert(line))?,
            }
        }
        writeln!(out)?;
        let rows: Vec<Vec<String>> = f
            .ratings_newest_first()
            .into_iter()
            .map(|r| {
                vec![
                    r.exam_date.clone(),
                    r.rating.as_str().to_owned(),
                    r.exam_type.as_str().to_owned(),
                    if r.is_current {
                        "● current".into()
                    } else {
                        String::new()
                    },
                ]
            })
            .collect();
        if rows.is_empty() {
            writeln!(out, "  (no rating records)")?;
        } else if public.is_none() {
            let table = output::render_table(&history_heads(), &rows, &[false; 4], view);
            writeln!(out, "{table}")?;
        } else {
            // With the public record: each exam's assets and method, then
            // where its evaluation is.
            let mut heads = history_heads();
            heads.insert(
                3,
                output::Head {
                    name: "ASSETS".into(),
                    header: "ASSETS".into(),
                    short: None,
                    kind: Kind::Text,
                    fit: Fit::Keep { rank: 5 },
                    prefer: None,
                },
            );
            heads.insert(
                4,
                output::Head {
                    name: "METHOD".into(),
                    header: "METHOD".into(),
                    short: None,
                    kind: Kind::Text,
                    fit: Fit::Shorten { rank: 4, min: 10 },
                    prefer: None,
                },
            );
            let dates: Vec<&String> = f
                .ratings_newest_first()
                .into_iter()
                .map(|r| &r.exam_date)
                .collect();
            let rows: Vec<Vec<String>> = rows
                .into_iter()
                .zip(&dates)
                .map(|(mut row, date)| {
                    let (assets, method) = exams
                        .get(*date)
                        .map(|(a, m, _)| (a.clone(), m.clone()))
                        .unwrap_or_default();
                    row.insert(3, assets);
                    row.insert(4, method);
                    row
                })
                .collect();
            let table = output::render_table(&heads, &rows, &[false; 6], view);
            writeln!(out, "{table}")?;
            let pes = match public {
                Some(reader) => reader.evaluations().exam_pes(&f.id)?,
                None => Vec::new(),
            };
            let mut searches: Vec<String> = Vec::new();
            let mut lines: Vec<String> = Vec::new();
            for date in &dates {
                // An exam whose PE was read: the PE, not where to find it.
                let read = pes::card_lines(&pes, date, TESTS_AT);
                if !read.is_empty() {
                    lines.extend(read);
                    continue;
                }
                match exams.get(*date).and_then(|(_, _, e)| e.as_ref()) {
                    Some(Address::Document(url)) => lines.push(format!("  {date}  {url}")),
                    Some(Address::Search { url, look_for }) => {
                        // The address on a line of its own: it fits 80
                        // columns whole (a cut one cannot be pasted).
                        // Where a PE of another exam was read, the
                        // search is for the exams without one.
                        let others = if pes.is_empty() {
                            ""
                        } else {
                            "for the other exams, "
                        };
                        let line = format!("  {others}search for {look_for} at\n    {url}");
                        if !searches.contains(&line) {
                            searches.push(line);
                        }
                    }
                    None => {}
                }
            }
            if !lines.is_empty() || !searches.is_empty() {
                writeln!(out, "\nPublic evaluations")?;
                for line in &lines {
                    // A PE's line goes on under itself, past the date; an
                    // address is never broken.
                    match (view.terminal, view.width) {
                        (true, Some(width)) if line.contains(" PE ") => {
                            writeln!(out, "{}", hanging_at(&inert(line), width, TESTS_AT))?;
                        }
                        _ => writeln!(out, "{}", inert(line))?,
                    }
                }
                for line in &searches {
                    for part in line.split('\n') {
                        writeln!(out, "{}", inert(part))?;
                    }
                }
            }
            if let Some(reader) = public {
                write_tests(out, &reader.evaluations().exam_tests(&f.id)?, view)?;
            }
        }
    }
    Ok(())
}

/// Each exam's test ratings, as the evaluations read say them (`cra
/// enrich --pe`): the institution's on the exam's line, each state's and
/// multistate MSA's under it.
fn write_tests(
    out: &mut impl Write,
    exams: &[crate::mirror::ExamTests],
    view: &View,
) -> Result<()> {
    if exams.is_empty() {
        return Ok(());
    }
    writeln!(out, "\nTest ratings (evaluations read)")?;
    for exam in exams {
        let mut areas: Vec<(&str, Vec<String>)> = Vec::new();
        for (area, test, rating) in &exam.tests {
            // An area's overall rating (`overall`) is said first, as "Overall".
            let name = match crate::domain::Test::from_name(test) {
                Some(test) => test.title(),
                None if test == "overall" => "Overall",
                None => test.as_str(),
            };
            let said = format!("{}: {rating}", name.trim_end_matches(" Test"));
            match areas.last_mut() {
                Some((last, said_there)) if *last == area.as_str() => said_there.push(said),
                _ => areas.push((area, vec![said])),
            }
        }
        for (n, (area, said)) in areas.iter().enumerate() {
            let line = match (n, *area) {
                (0, "institution") => format!("  {}  {}", exam.exam_date, said.join(" · ")),
                _ => format!("{}{area}: {}", " ".repeat(TESTS_AT), said.join(" · ")),
            };
            // A long line goes on under its ratings, past the date, broken
            // between two tests, never inside one's rating.
            match (view.terminal, view.width) {
                (true, Some(width)) => {
                    let line = glued(&inert(&line))
                        .replace(": ", &format!(":{GLUE}"))
                        .replace(" · ", &format!("{GLUE}· "));
                    writeln!(out, "{}", hanging_glued(&line, width, TESTS_AT))?;
                }
                _ => writeln!(out, "{}", inert(&line))?,
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_card_line_goes_on_under_its_value() {
        let line = "  Ended      merged 2022-04-19 into RIGGS BANKING COMPANY (fdic:33844) · \
                    Outstanding 2021-04-06";
        let wrapped = hanging(line, 80);
        let lines: Vec<&str> = wrapped.lines().collect();
        assert_eq!(lines.len(), 2, "{wrapped}");
        assert!(lines.iter().all(|l| l.chars().count() <= 80));
        assert!(lines[1].starts_with(&" ".repeat(VALUE_AT)));
        assert!(!lines[1].starts_with(&" ".repeat(VALUE_AT + 1)));
        assert_eq!(hanging("  ID         abc", 80), "  ID         abc");
    }
}
