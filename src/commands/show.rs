//! `cra show ID...`: banks with their complete rating history. Every bank is
//! fetched before anything is printed, so a missing id never leaves a
//! partial result behind.

use std::io::Write;

use anyhow::Result;
use clap::Args;
use futures_util::stream::{self, StreamExt};

use crate::command::{Ctx, Parts, RowsOutput, Run, Spec};
use crate::error::{CraError, Exit, exit_of, shorten};
use crate::filters::Words;
use crate::output::{HISTORIES, history_json, public_wanted, write_history_with};
use crate::output::{Histories, Outputs};
use crate::source::{Among, Source, Wanted, bank_id, classify, could_be_name, named, resolve};
use crate::text::thousands;

use crate::card;

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
A name is found by the service's name search: the exact name (any case) or
the only match; several are listed to pick from. A word that is no bank's
id is tried as a name too. --state narrows a name to one state.

Examples:
  cra show BANK_ID OTHER_ID -o histories.xlsx  # the format follows the extension
  cra show \"bank of houston\" --state TX  # a name: the exact one, or the only match
  cra show fdic:3510 --format json     # the FDIC's certificate (after cra enrich)";

#[derive(Debug, Clone, Args)]
pub struct ShowArgs {
    /// Bank id, a short id (its first 8 or more characters, from the local
    /// copy), a bank name (with a space), fdic:N, rssd:N or occ:N (an
    /// agency's number, from the public record: cra enrich), or the bank's
    /// page address
    #[arg(value_name = "ID", required = true, value_parser = parse_wanted)]
    pub ids: Vec<String>,

    #[command(flatten)]
    pub narrow: crate::filters::NarrowArgs,

    #[command(flatten)]
    pub shown: crate::filters::ShownArgs,

    #[command(flatten)]
    pub rows: RowsOutput,
}

/// The longest id or page address `show` takes: an address's length as
/// browsers and servers commonly allow it.
const MAX_ADDRESS: usize = 2048;

/// A `show` argument, bounded where it is parsed (so the local copy and
/// the service answer alike): a name (it has a space) as long as a name
/// searched for may be, an id or an address at most [`MAX_ADDRESS`].
fn parse_wanted(text: &str) -> Result<String, String> {
    if text.trim().contains(' ') {
        return crate::filters::parse_searched(text);
    }
    let length = text.chars().count();
    if length > MAX_ADDRESS {
        return Err(format!(
            "{} characters is too long for a bank id or page address (at most {})",
            thousands(length as u64),
            thousands(MAX_ADDRESS as u64)
        ));
    }
    Ok(text.to_string())
}

/// Detail requests in flight at once for several ids.
const CONCURRENCY: usize = 8;

impl Spec for ShowArgs {
    fn parts(&self) -> Parts<'_> {
        self.rows.parts()
    }

    fn sheet(&self) -> &'static str {
        "Rating history"
    }

    fn words(&self) -> Words {
        Words::new().add("the banks", Some(self.ids.join(", ")))
    }

    fn uses_api(&self) -> bool {
        true
    }

    fn outputs(&self) -> Outputs {
        Outputs::ROWS
    }
}

impl Run for ShowArgs {
    fn column_names() -> Vec<&'static str> {
        HISTORIES.names()
    }

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        run(self, &ctx).await
    }
}

async fn run(args: ShowArgs, ctx: &Ctx) -> Result<Exit> {
    let (settings, io, out, copy) = (&ctx.settings, &ctx.io, &ctx.out, &ctx.copy);
    // A name (it has a space) is never taken apart as an address.
    let wanted = args
        .ids
        .iter()
        .map(|arg| match classify(arg) {
            name @ Wanted::Name(_) => Ok(name),
            _ => bank_id(arg).map(|id| classify(&id)),
        })
        .collect::<Result<Vec<_>>>()?;
    let source = Source::new(settings, io, copy)?;
    let among = Among {
        source: &source,
        io,
        within: &args.narrow.selection(),
    };
    let mut ids = Vec::with_capacity(wanted.len());
    for wanted in wanted {
        ids.push(resolve(wanted, &among, settings).await?);
    }
    let mut results = stream::iter(ids.iter().map(|id| {
        let source = &source;
        async move { (id, source.bank(id).await) }
    }))
    .buffered(CONCURRENCY);
    // Every id that is not found is named, not just the first; any other
    // failure (a wrong key, the service down) stops at once, as it is.
    let mut found = Vec::with_capacity(ids.len());
    let mut missing = Vec::new();
    while let Some((id, result)) = results.next().await {
        match result {
            Ok(bank) => found.push(Some(bank)),
            Err(error) if exit_of(&error) == Exit::NotFound => {
                missing.push((found.len(), id, error));
                found.push(None);
            }
            Err(error) => return Err(error),
        }
    }
    drop(results);
    // A word that is no bank's id may be its name (`show amarillo`).
    let mut missing: Vec<(&String, anyhow::Error)> = {
        let mut still = Vec::new();
        for (at, id, error) in missing {
            if !could_be_name(id) {
                // What to do next, not only the status: find the id.
                let error = CraError::NotFound {
                    message: format!(
                        "{error}; find a bank's id by its name with: {} NAME",
                        crate::mirror::command_named("search")
                    ),
                }
                .into();
                still.push((id, error));
                continue;
            }
            match named(id, &among).await {
                Ok(named) => found[at] = Some(source.bank(&named).await?),
                Err(name_error) if exit_of(&name_error) == Exit::NotFound => {
                    still.push((
                        id,
                        CraError::NotFound {
                            message: format!(
                                "no bank has the id '{}' or a name like it{} (try: {} \"{}\")",
                                shorten(id, 80),
                                args.narrow
                                    .state
                                    .as_deref()
                                    .map(|s| format!(" in {s}"))
                                    .unwrap_or_default(),
                                crate::mirror::command_named("search"),
                                shorten(id, 80)
                            ),
                        }
                        .into(),
                    ));
                    drop(error);
                }
                // Several banks match: listed, and the user picks one.
                Err(name_error) if exit_of(&name_error) == Exit::Usage => {
                    return Err(name_error);
                }
                // The name search itself failed (a service that cannot
                // search, or answers 404 to it): the id's own answer stands.
                Err(_) => still.push((id, error)),
            }
        }
        still
    };
    let banks: Vec<_> = found.into_iter().flatten().collect();
    match missing.len() {
        0 => {}
        1 => return Err(missing.remove(0).1),
        n => {
            let names: Vec<String> = missing
                .iter()
                .map(|(id, _)| format!("'{}'", shorten(id, 80)))
                .collect();
            return Err(CraError::NotFound {
                message: format!("no bank with these {n} ids: {}", names.join(", ")),
            }
            .into());
        }
    }

    let shown = &args.shown;
    let planned = out.plan_rows(&HISTORIES, &shown.columns, shown.enriched)?;
    // The cards show the public record whenever the copy has one; rows
    // need it for their columns or their json.
    let public = shown.enriched || planned.needs_public();
    let joined = source.joining(public, copy, public_wanted(shown.enriched))?;
    let public_json = shown.enriched && out.json();
    let shown_as = out.histories(banks.len(), !shown.columns.is_empty());
    // The copy's public record, when it has one to show.
    let record = card::public_record(&settings.mirror.value);
    let record = record.as_ref();
    if shown_as != Histories::Cards {
        // A card says how a bank ended; rows and documents do not carry it
        // (but `--enriched` json): said on standard error, piped too.
        for line in card::endings(&banks, record)? {
            io.info(&line);
        }
    }
    match shown_as {
        Histories::Cards => {
            let mut text = out.stdout();
            card::write_cards(&mut text, &banks, out.view(), record)?;
            text.flush()?;
        }
        Histories::Document => {
            let bank = &banks[0];
            if public_json {
                let public = joined.exam_publics(bank)?;
                let mut json = history_json(bank, public.as_deref());
                if let Some(reader) = record {
                    let areas = reader.evaluations().area_ratings(&bank.fields.id)?;
                    card::add_area_ratings(&mut json, &areas);
                }
                // How it ended (null: it did not), once enrich read
                // BankFind's history.
                if let (Some(ending), Some(object)) =
                    (joined.ending(&bank.fields.id)?, json.as_object_mut())
                {
                    let ended = ending.map_or(serde_json::Value::Null, |e| e.to_json());
                    object.insert("ended".to_string(), ended);
                }
                if let Some(object) = json.as_object_mut() {
                    card::add_lending(object, &bank.fields.id, record)?;
                }
                card::add_pes(&mut json, &card::exam_pes(record, &bank.fields.id)?);
                out.summary_object(&json)?;
            } else {
                // As served, with the years it reported lending where the
                // copy holds them.
                let mut json: serde_json::Value = serde_json::to_value(&bank.raw)?;
                let added = match json.as_object_mut() {
                    Some(object) => card::add_lending(object, &bank.fields.id, record)?,
                    None => false,
                };
                if added {
                    out.summary_object(&json)?;
                } else {
                    out.summary_object(&bank.raw)?;
                }
            }
        }
        Histories::Rows => {
            let mut rows = out.rows(planned)?;
            for bank in banks {
                let public = joined.exam_publics(&bank)?;
                // In json with the public record, each exam's PEs.
                let read = match public_json {
                    true => card::exam_pes(record, &bank.fields.id)?,
                    false => Vec::new(),
                };
                write_history_with(&mut rows, bank, public.as_deref(), |json| {
                    card::add_pes(json, &read);
                })?;
            }
            rows.finish()?;
        }
    }
    Ok(Exit::Success)
}
