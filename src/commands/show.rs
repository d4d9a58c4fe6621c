//! `cra show ID...`: banks with their complete rating history. Every bank is
//! fetched before anything is printed, so a missing id never leaves a
//! partial result behind.

use std::collections::HashMap;
use std::io::Write;

use anyhow::Result;
use clap::Args;
use futures_util::stream::{self, StreamExt};

use crate::commands::{Ctx, Globals, Run, Spec};
use crate::domain::Format;
use crate::domain::model::BankDetail;
use crate::error::{CraError, Exit};
use crate::io::Io;
use crate::output::records::{HISTORIES, write_history};
use crate::output::{self, Fit, Head, Kind, Printer};
use crate::settings::Settings;
use crate::mirror::Reader;
use crate::mirror::record::LinkState;
use crate::record::pe::Address;
use crate::source::{Source, resolve};

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
Examples:
  cra show BANK_ID OTHER_ID -o histories.xlsx  # the format follows the extension
  cra show \"bank of houston\"           # a name: the exact one, or the only match
  cra show 7db54db2 --format json      # a short id, from the local copy";

#[derive(Debug, Clone, Args)]
pub struct ShowArgs {
    /// Bank id, a short id (its first 8 or more characters, from the local
    /// copy), a bank name (with a space), or the bank's page address
    #[arg(value_name = "ID", required = true)]
    pub ids: Vec<String>,

    #[command(flatten)]
    pub jq: crate::commands::JqArg,

    #[command(flatten)]

    pub output: crate::commands::OutputArg,
}

/// Detail requests in flight at once for several ids.
const CONCURRENCY: usize = 8;

impl Spec for ShowArgs {
    fn uses_api(&self) -> bool {
        true
    }

    fn outputs(&self) -> crate::output::Outputs {
        crate::output::Outputs::ROWS
    }

    fn jq(&self) -> Option<&str> {
        self.jq.jq.as_deref()
    }

    fn output_file(&self) -> Option<&std::path::Path> {
        self.output.output.as_deref()
    }
}

impl Run for ShowArgs {
    const GLOBALS: Globals = Globals::ALL;

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        run(self, &ctx.settings, &ctx.io).await
    }
}

async fn run(args: ShowArgs, settings: &Settings, io: &Io) -> Result<Exit> {
    // A name (it has a space) is never taken apart as an address.
    let wanted = args
        .ids
        .iter()
        .map(|arg| match resolve::classify(arg) {
            name @ resolve::Wanted::Name(_) => Ok(name),
            _ => bank_id(arg).map(|id| resolve::classify(&id)),
        })
        .collect::<Result<Vec<_>>>()?;
    let source = Source::new(settings, io)?;
    let mut ids = Vec::with_capacity(wanted.len());
    for wanted in wanted {
        ids.push(resolve::resolve(wanted, &source, settings).await?);
    }
    let mut results = stream::iter(ids.iter().map(|id| {
        let source = &source;
        async move { (id, source.bank(id).await) }
    }))
    .buffered(CONCURRENCY);
    // Every id that is not found is named, not just the first; any other
    // failure (a wrong key, the service down) stops at once, as it is.
    let mut banks: Vec<BankDetail> = Vec::with_capacity(ids.len());
    let mut missing = Vec::new();
    while let Some((id, result)) = results.next().await {
        match result {
            Ok(bank) => banks.push(bank),
            Err(error) if crate::error::exit_of(&error) == Exit::NotFound => {
                missing.push((id, error))
            }
            Err(error) => return Err(error),
        }
    }
    drop(results);
    match missing.len() {
        0 => {}
        1 => return Err(missing.remove(0).1),
        n => {
            let names: Vec<String> = missing
                .iter()
                .map(|(id, _)| format!("'{}'", crate::error::shorten(id, 80)))
                .collect();
            return Err(CraError::NotFound {
                message: format!("no bank with these {n} ids: {}", names.join(", ")),
            }
            .into());
        }
    }

    let mut out = io.stdout();
    match io.view.format {
        Format::Table => {
            let public = public_record(settings);
            write_cards(&mut out, &banks, io, public.as_ref())?
        }
        Format::Json if banks.len() == 1 => {
            output::write_json_document(&mut out, &banks[0].raw, &io.view)?
        }
        format => {
            let shape = HISTORIES.shape(format, &[]).map_err(CraError::usage)?;
            let mut printer = Printer::new(shape.heads(), &mut out, &io.view)?;
            for bank in banks {
                write_history(&mut printer, &shape, bank)?;
            }
            printer.finish()?;
        }
    }
    out.flush()?;
    Ok(Exit::Success)
}

/// The id in an argument: the id itself, exactly as given (ids may hold
/// `/`, `?`, `&`, tabs: they are sent percent-encoded), or the last path
/// segment of the bank's page address (`https://.../banks/ID?tab=x` →
/// `ID`): an `http(s)://` address, or `host.name/path` whose first part
/// looks like a host name.
pub fn bank_id(arg: &str) -> Result<String> {
    let trimmed = arg.trim_matches(' ');
    let id = match page_address(trimmed) {
        Some(path) => percent_decode(
            path.rsplit('/')
                .find(|s| !s.is_empty())
                .unwrap_or(""),
        ),
        None => trimmed.to_string(),
    };
    // `.` and `..` would be resolved away as path steps (`show ..` would
    // ask for the list), encoded or not; from a page address, a `/` in
    // the last segment is not one segment.
    if id.is_empty()
        || id == "."
        || id == ".."
        || (page_address(trimmed).is_some() && (id.contains('/') || id.chars().any(char::is_control)))
    {
        return Err(CraError::usage(format!(
            "'{}' is not a bank id or a bank page address",
            crate::error::shorten(&crate::text::inert(arg), 80)
        )));
    }
    Ok(id)
}

/// The path of `arg` when it is a page address rather than an id.
fn page_address(arg: &str) -> Option<String> {
    if let Ok(url) = url::Url::parse(arg)
        && matches!(url.scheme(), "http" | "https")
    {
        return Some(url.path().to_string());
    }
    let (host, rest) = arg.split_once('/')?;
    let hostlike = host.contains('.')
        && !host.starts_with('.')
        && !host.ends_with('.')
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'));
    hostlike.then(|| rest.split(['?', '#']).next().unwrap_or("").to_string())
}

fn percent_decode(text: &str) -> String {
    url::form_urlencoded::parse(format!("x={}", text.replace('+', "%2B")).as_bytes())
        .next()
        .map_or_else(|| text.to_string(), |(_, v)| v.into_owned())
}

/// The card's history: on a narrow terminal the exam type goes first.
fn history_heads() -> Vec<Head> {
    let head = |header: &'static str, kind, fit| Head {
        name: header.into(),
        header: header.into(),
        kind,
        fit,
    };
    vec![
        head("EXAM DATE", Kind::Date, Fit::Keep { rank: 0 }),
        head("RATING", Kind::Rating, Fit::Rating { rank: 1 }),
        head("EXAM TYPE", Kind::Text, Fit::Keep { rank: 3 }),
        head("", Kind::Text, Fit::Keep { rank: 2 }),
    ]
}

/// The copy's public record, when there is one to show (a card is shown
/// without it otherwise: nothing to say about it there).
fn public_record(settings: &Settings) -> Option<Reader> {
    let reader = Reader::open(&settings.mirror.value).ok()?;
    reader.enriched_at().ok().flatten().map(|_| reader)
}

/// `$2.17B`: an amount for a person.
fn dollars(amount: u64) -> String {
    let n = amount as f64;
    match amount {
        0..1_000 => format!("${amount}"),
        1_000..1_000_000 => format!("${:.0}K", n / 1e3),
        1_000_000..1_000_000_000 => format!("${:.1}M", n / 1e6),
        1_000_000_000..1_000_000_000_000 => format!("${:.2}B", n / 1e9),
        _ => format!("${:.2}T", n / 1e12),
    }
}

/// Each exam's assets, method and evaluation, by the bank's exam date.
type ExamsShown = HashMap<String, (String, String, Option<Address>)>;

/// The public record's lines of a card, and each exam's assets, method
/// and evaluation by the bank's exam date.
fn public_card(
    reader: &Reader,
    id: &str,
) -> Result<(Vec<String>, ExamsShown)> {
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
            lines.push(format!(
                "  FFIEC      {} {agency_id}, linked by {basis}",
                regulator.as_str()
            ));
            for exam in reader.exam_records(id)? {
                let day = crate::record::link::Day::parse(&exam.ffiec_date);
                let evaluation =
                    day.and_then(|day| crate::record::pe::address(&exam.regulator, exam.agency_id, day));
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
                crate::mirror::record::enrich_command()
            ));
        }
    }
    Ok((lines, exams))
}

/// The table view: a card of bank fields, then its history with the current
/// record marked.
fn write_cards(
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
        let name = crate::text::inert(&f.name);
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
        writeln!(out, "  ID         {}", crate::text::inert(&f.id))?;
        writeln!(
            out,
            "  Location   {}, {}",
            crate::text::inert(&f.city),
            crate::text::inert(&f.state)
        )?;
        writeln!(out, "  Regulator  {}", crate::text::inert(f.regulator.as_str()))?;
        if let Some(charter) = f.charter_text() {
            writeln!(out, "  Charter    {}", crate::text::inert(&charter))?;
        }
        for line in &public_lines {
            writeln!(out, "{}", crate::text::inert(line))?;
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
            heads.insert(3, output::Head { name: "ASSETS".into(), header: "ASSETS".into(), kind: Kind::Text, fit: Fit::Keep { rank: 5 } });
            heads.insert(4, output::Head { name: "METHOD".into(), header: "METHOD".into(), kind: Kind::Text, fit: Fit::Shorten { rank: 4, min: 10 } });
            let dates: Vec<&String> = f.ratings_newest_first().into_iter().map(|r| &r.exam_date).collect();
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
                    writeln!(out, "{}", crate::text::inert(line))?;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_from_page_addresses() {
        assert_eq!(bank_id("abc-123").unwrap(), "abc-123");
        assert_eq!(
            bank_id("https://bankscorer.com/banks/abc-123").unwrap(),
            "abc-123"
        );
        assert_eq!(
            bank_id("https://bankscorer.com/banks/abc-123/?tab=history#x").unwrap(),
            "abc-123"
        );
        assert_eq!(bank_id("bankscorer.com/banks/abc-123").unwrap(), "abc-123");
        assert_eq!(bank_id("https://x.com/banks/a%20b").unwrap(), "a b");
        assert!(bank_id("").is_err());
        assert!(bank_id("https://x.com/").is_err());
        for dots in [
            ".",
            "..",
            "https://x.com/banks/..",
            "https://x.com/banks/%2e%2e",
            "x.com/banks/%2E",
            "https://x.com/banks/a%2Fb",
        ] {
            assert!(bank_id(dots).is_err(), "{dots}");
        }
        // Anything else is an id, exactly as given.
        for id in ["a/b", "a?b&c=d", "a\tb", "a\nb", "%2e%2e", "foo/..", "50%", "./"] {
            assert_eq!(bank_id(id).unwrap(), id, "{id:?}");
        }
        assert_eq!(bank_id("...").unwrap(), "...");
        let long = "x".repeat(100_000);
        let message = bank_id(&format!("https://x.com/banks/{long}%07{long}"))
            .unwrap_err()
            .to_string();
        assert!(message.len() < 200, "{}", message.len());
    }
}
