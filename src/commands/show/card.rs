//! `show`'s card on a terminal: the bank's facts, its public record when
//! the local copy has one (identifiers, assets, activity, each exam's
//! evaluation), and its history as a table fitted to the width.

use std::collections::HashMap;
use std::io::Write;

use anyhow::Result;

use crate::commands::{Io, Settings, inert};
use crate::domain::BankDetail;
use crate::mirror::{LinkState, Reader};
use crate::output::{self, Fit, Head, Kind, dollars};
use crate::record::Address;

/// The card's history: on a narrow terminal the exam type goes first.
fn history_heads() -> Vec<Head> {
    let head = |header: &'static str, kind, fit| Head {
        name: header.into(),
        header: header.into(),
        short: None,
        kind,
        fit,
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
pub(super) fn public_record(settings: &Settings) -> Option<Reader> {
    let reader = Reader::open(&settings.mirror.value).ok()?;
    reader.enriched_at().ok().flatten().map(|_| reader)
}

/// Each exam's assets, method and evaluation, by the bank's exam date.
type ExamsShown = HashMap<String, (String, String, Option<Address>)>;

/// The public record's lines of a card, and each exam's assets, method
/// and evaluation by the bank's exam date.
fn public_card(reader: &Reader, id: &str) -> Result<(Vec<String>, ExamsShown)> {
    let mut lines = Vec::new();
    let mut exams = HashMap::new();
    match reader.link_state(id)? {
        LinkState::Linked {
            regulator,
            agency_id,
            basis,
        } => {
            let record = reader.public_record(id)?;
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
            if let Some(ending) = reader.ending(id)? {
                lines.push(format!("  Ended      {}", ended(&ending)));
            }
            lines.push(format!(
                "  FFIEC      {} {agency_id}, linked by {basis}",
                regulator.as_str()
            ));
            for exam in reader.exam_records(id)? {
                let day = crate::record::Day::parse(&exam.ffiec_date);
                let evaluation = day
                    .and_then(|day| crate::record::address(&exam.regulator, exam.agency_id, day));
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
        let into = match ending.kind {
            crate::record::ChangeKind::Merger => "into",
            _ => "taken over by",
        };
        line.push_str(&format!(" {into} {} (fdic:{cert})", inert(&name)));
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
pub(super) fn write_cards(
    out: &mut impl Write,
    banks: &[BankDetail],
    io: &Io,
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
        let name = match (io.view.terminal, io.view.width) {
            (true, Some(width)) => output::shorten(&name, width),
            _ => name.into_owned(),
        };
        let title = if io.view.color {
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
            writeln!(out, "{}", inert(line))?;
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
            let table = output::render_table(&history_heads(), &rows, &[false; 4], &io.view);
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
            let table = output::render_table(&heads, &rows, &[false; 6], &io.view);
            writeln!(out, "{table}")?;
            let mut searches: Vec<String> = Vec::new();
            let mut lines: Vec<String> = Vec::new();
            for date in &dates {
                match exams.get(*date).and_then(|(_, _, e)| e.as_ref()) {
                    Some(Address::Document(url)) => lines.push(format!("  {date}  {url}")),
                    Some(Address::Search { url, look_for }) => {
                        let line = format!("  search {url} for {look_for}");
                        if !searches.contains(&line) {
                            searches.push(line);
                        }
                    }
                    None => {}
                }
            }
            if !lines.is_empty() || !searches.is_empty() {
                writeln!(out, "\nPublic evaluations")?;
                for line in lines.iter().chain(&searches) {
                    writeln!(out, "{}", inert(line))?;
                }
            }
        }
    }
    Ok(())
}
