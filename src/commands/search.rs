//! `cra search`: one page of banks, or every page (`--all`, `--limit`),
//! streamed to the printer as the listing engine hands them on. Online or
//! `--offline`, the same code prints the same bytes.

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Parts, RowsOutput, Run, Spec};
use crate::domain::Meta;
use crate::error::Exit;
use crate::filters::Words;
use crate::filters::{OrderArgs, SelectionArgs};
use crate::output::Outputs;
use crate::output::{BANKS, public_wanted};
use crate::parse::{parse_duration, whole};
use crate::source::{Listing, ListingOptions, Source};
use crate::text::{plural, thousands};

/// Text shown after `--help`: examples.
pub const AFTER_HELP: &str = "\
Filters the service lacks (--rating, --regulator, --city, --exam-since,
--exam-until) and --sort read every page its own filters (QUERY, --state,
--size) leave, then page locally; offline they are one query of the copy.

Examples:
  cra search --state TX --size \"Large Bank\" --all --max-wait 10m
  cra --sandbox search --state TX --rating nti --exam-since 2022 --sort -exam_date
  cra --sandbox search --state TX --size large --limit 5 -o large-tx.xlsx";

#[derive(Debug, Clone, Args)]
pub struct SearchArgs {
    #[command(flatten)]
    pub selection: SelectionArgs,

    #[command(flatten)]
    pub order: OrderArgs,

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
    pub rows: RowsOutput,

    /// Longest wait for the service's rate limit (Retry-After or a quota's reset) [default: 90s]
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub max_wait: Option<std::time::Duration>,

    /// `--page` or `--per-page` was given on the command line: the user
    /// chose which rows (set by `note_positions`, which sees the matches).
    #[arg(skip)]
    pub chose_page: bool,
}

/// List requests on the wire at once with `--all`.
const WINDOW: usize = 4;

impl Spec for SearchArgs {
    fn parts(&self) -> Parts<'_> {
        Parts {
            selection: Some(&self.selection),
            order: Some(&self.order),
            ..self.rows.parts()
        }
    }

    fn sheet(&self) -> &'static str {
        "Banks"
    }

    fn words(&self) -> Words {
        Words::new().sort(Some(&self.order))
    }

    fn uses_api(&self) -> bool {
        true
    }

    fn outputs(&self) -> Outputs {
        Outputs::ROWS
    }
}

impl Run for SearchArgs {
    fn column_names() -> Vec<&'static str> {
        BANKS.names()
    }

    fn note_positions(&mut self, matches: &clap::ArgMatches) {
        self.selection.note_positions(matches);
        let given =
            |id: &str| matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine);
        self.chose_page = given("page") || given("per_page");
    }

    async fn run(self, mut ctx: Ctx) -> Result<Exit> {
        ctx.settings.max_wait = self.max_wait;
        run(self, &ctx).await
    }
}

async fn run(args: SearchArgs, ctx: &Ctx) -> Result<Exit> {
    let (io, out, selection) = (&ctx.io, &ctx.out, &ctx.selection);
    let shown = &args.order.shown;
    let planned = out
        .plan_rows(&BANKS, &shown.columns, shown.enriched)?
        .keeping(&selection.filtered_columns());
    let source = Source::new(&ctx.settings, io, &ctx.copy)?.joining(
        planned.needs_public(),
        &ctx.copy,
        public_wanted(shown.enriched),
    )?;
    let follow = args.all || args.limit.is_some();
    // Rows the user picked (a limit, a page) are not rows lost.
    let chosen = args.limit.is_some() || args.chose_page;
    let nothing = &ctx.nothing;
    if !selection.is_plain() {
        let (offset, limit) = if follow {
            (0, args.limit.unwrap_or(u64::MAX))
        } else {
            ((args.page - 1).saturating_mul(args.per_page), args.per_page)
        };
        let found = source.find(selection, offset, limit).await?;
        let mut rows = out.rows(planned)?;
        for bank in &found.banks {
            rows.write(bank)?;
        }
        let printed = rows.finish()?;
        let meta = Meta {
            total: found.total,
            page: args.page,
            per_page: args.per_page,
            total_pages: found.total.div_ceil(args.per_page),
        };
        let mut line = summary(printed, &meta, follow, nothing);
        if found.requests > 0 {
            line.push_str(&format!(
                " · {} ({} {})",
                if found.by_id {
                    "read by id"
                } else {
                    "filtered here from every page"
                },
                thousands(found.requests),
                plural(found.requests, "request", "requests")
            ));
        }
        io.summary(&out.said(&line));
        if !chosen {
            warn_partial(ctx, printed, found.total);
        }
        return Ok(Exit::Success);
    }
    if !follow {
        let page = source
            .list(&selection.list_query(args.page, args.per_page))
            .await?;
        // Nothing reaches standard output before the page is in hand.
        let mut rows = out.rows(planned)?;
        let total = page.meta.total;
        let meta = page.meta;
        for bank in &page.banks {
            rows.write(bank)?;
        }
        let printed = rows.finish()?;
        io.summary(&out.said(&summary(printed, &meta, false, nothing)));
        if !chosen {
            warn_partial(ctx, printed, total);
        }
        return Ok(Exit::Success);
    }

    let mut banks = Listing::start(
        &source,
        selection.list_query(1, source.page_size()),
        ListingOptions {
            window: WINDOW,
            limit: args.limit,
        },
    )
    .await?;
    let meta = banks.meta();
    let mut rows = out.rows(planned)?;
    let listed = async {
        while let Some(bank) = banks.next().await {
            rows.write(&bank?)?;
        }
        Ok::<_, anyhow::Error>(())
    }
    .await;
    // What was printed stays well-formed (a json array closed) even when
    // the listing failed halfway; the exit code says it failed.
    let printed = rows.count();
    let closed = rows.finish();
    listed?;
    closed?;
    io.summary(&out.said(&summary(printed, &meta, true, nothing)));
    if !chosen {
        warn_partial(ctx, printed, meta.total);
    }
    Ok(Exit::Success)
}

/// A pipe or a file never loses rows silently: when standard output is
/// not a terminal (where the summary already says it) and fewer banks
/// were written than match, whatever selected them, one line says so and
/// how to get them all. Not called when the user chose the rows
/// (`--limit`, `--page`, `--per-page`).
fn warn_partial(ctx: &Ctx, printed: u64, total: u64) {
    let (io, out) = (&ctx.io, &ctx.out);
    if out.view().terminal || printed >= total {
        return;
    }
    let to = out
        .file()
        .map(|path| format!(" to {}", path.display()))
        .unwrap_or_default();
    io.info(&format!(
        "cra: wrote {} of {} matching banks{to}; add --all for every one (or use cra export)",
        thousands(printed),
        thousands(total)
    ));
}

/// `25 of 18,986 banks · page 1 of 760`; `nothing` when none match.
fn summary(printed: u64, meta: &Meta, follow: bool, nothing: &str) -> String {
    if meta.total == 0 {
        nothing.to_string()
    } else if follow {
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
