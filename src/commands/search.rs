//! `cra search`: one page of banks, or every page (`--all`, `--limit`),
//! streamed to the printer as pages arrive.

use std::collections::HashSet;

use anyhow::Result;
use clap::Args;

use crate::api::{Client, ListQuery};
use crate::cli::{GlobalFlags, whole};
use crate::error::Exit;
use crate::filters::FilterArgs;
use crate::io::Io;
use crate::output::{self, BANK_LIST, Printer, bank_record, thousands};
use crate::settings::Settings;

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
Examples:
  cra search --state TX --size \"Large Bank\"
  cra search \"first national\" --state ia --format json | jq -r '.[].id'
  cra --sandbox search --state TX --size large --limit 5";

#[derive(Debug, Clone, Args)]
pub struct SearchArgs {
    #[command(flatten)]
    pub filters: FilterArgs,

    /// Page to fetch
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = whole::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    pub page: u64,

    /// Banks per page
    #[arg(long, value_name = "N", default_value_t = 25,
          value_parser = whole::<u64>(1, 100), allow_negative_numbers = true)]
    pub per_page: u64,

    /// Follow every page (100 banks a request)
    #[arg(long, conflicts_with = "page")]
    pub all: bool,

    /// Stop after N banks (implies following pages)
    #[arg(long, value_name = "N", conflicts_with = "page",
          value_parser = whole::<u64>(1, u64::MAX), allow_negative_numbers = true)]
    pub limit: Option<u64>,

    #[command(flatten)]
    pub global: GlobalFlags,
}

/// The largest page the service gives.
pub const MAX_PER_PAGE: u64 = 100;

pub async fn run(args: SearchArgs, settings: &Settings, io: &Io) -> Result<Exit> {
    if let Some(warning) = args.filters.split_size_warning() {
        io.warn(&warning);
    }
    let client = Client::new(settings, io)?;
    let follow = args.all || args.limit.is_some();
    let mut query = list_query(&args.filters, args.page, args.per_page);
    if follow {
        query.page = 1;
        query.per_page = MAX_PER_PAGE;
    }
    let limit = args.limit.unwrap_or(u64::MAX);

    let first = client.list(&query).await?;
    let meta = first.meta;
    // Nothing reaches standard output before the first page is in hand.
    let format = settings
        .format
        .unwrap_or_else(|| output::default_format(io));
    let mut printer = Printer::new(format, BANK_LIST, io.stdout(), io)?;
    // A total_pages beyond what total and per_page imply is not trusted.
    let last_page = meta.total_pages.min(meta.total.div_ceil(query.per_page));
    let mut seen = HashSet::new();
    let mut page = Some(first);
    while let Some(current) = page.take() {
        // Ask for the next page while this one is printed.
        // The page number is ours, not the server's: a server that always
        // answers `page: 1` cannot make this loop forever.
        let next = (follow && query.page < last_page && !current.banks.is_empty()).then(|| {
            query.page += 1;
            let client = client.clone();
            let query = query.clone();
            tokio::spawn(async move { client.list(&query).await })
        });
        let mut fresh = 0;
        for bank in &current.banks {
            if printer.count >= limit {
                break;
            }
            // A bank added while paging shifts later pages: never print one twice.
            if follow && !seen.insert(bank.fields.id.clone()) {
                continue;
            }
            fresh += 1;
            printer.write(&bank_record(bank))?;
        }
        // A page that only repeats banks already listed is a service
        // repeating itself, which would be followed for every page it claims.
        if follow && fresh == 0 && !current.banks.is_empty() && printer.count < limit {
            return Err(crate::commands::export::repeated_page(
                query.page - u64::from(next.is_some()),
            ));
        }
        if printer.count >= limit {
            break;
        }
        if let Some(next) = next {
            page = Some(next.await??);
        }
    }
    let printed = printer.count;
    printer.finish()?;
    io.summary(&summary(printed, &meta, follow));
    Ok(Exit::Success)
}

/// The query for the filters of `search` and `export`.
pub fn list_query(filters: &FilterArgs, page: u64, per_page: u64) -> ListQuery {
    ListQuery {
        q: filters.query.clone().filter(|q| !q.is_empty()),
        state: filters.state.clone(),
        size: filters.size.clone(),
        page,
        per_page,
    }
}

/// `25 of 18,986 banks · page 1 of 760`.
fn summary(printed: u64, meta: &crate::api::model::Meta, follow: bool) -> String {
    if follow {
        format!("{} of {} banks", thousands(printed), thousands(meta.total))
    } else {
        format!(
            "{} of {} banks · page {} of {}",
            thousands(printed),
            thousands(meta.total),
            thousands(meta.page),
            thousands(meta.total_pages)
        )
    }
}
