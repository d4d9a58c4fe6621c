//! `cra sync`: brings the local copy up to date with the service.
//!
//! Every list page is read (the listing engine, concurrently); each listed
//! bank is compared with the mirror's copy of its list entry (in memory:
//! `mirror::write::Known`, loaded once), and only a bank that is new or
//! whose entry changed has its detail fetched (`--full`: every bank). So a
//! refresh costs the list pages plus the changed banks, a few hundred
//! requests rather than 19,000.
//!
//! The mirror's writer, on a thread of its own, stores each bank as its
//! detail arrives, in small transactions, so an interruption loses nothing
//! stored and the next sync fetches only what is still out of date. A bank whose detail keeps
//! failing is kept as it was and named at the end; a failure of the service
//! as a whole (a refused key, the service down) stops the sync at once.
//! Banks the service no longer lists leave `banks` only when the whole list
//! was read and added up.

use anyhow::Result;
use clap::Args;

use crate::command::{Ctx, Parts, Run, SecretArg, Spec, Wording};
use crate::error::Exit;
use crate::output::Outputs;
use crate::parse::{parse_duration, whole};
use crate::sync::{Asked, resumable};

#[derive(Debug, Clone, Args)]
pub struct SyncArgs {
    /// Fetch every bank's detail, not only new and changed banks'
    #[arg(long)]
    pub full: bool,

    /// Requests in flight at once
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = whole::<u32>(1, 32), allow_negative_numbers = true)]
    pub concurrency: u32,

    /// Deliver each rating record this sync adds to URL as a signed rating.created
    #[arg(long, value_name = "URL")]
    pub notify: Option<String>,

    #[command(flatten)]
    pub watch: crate::filters::WatchArg,

    /// Longest wait for the service's rate limit (Retry-After or a quota's reset); longer, stop and say when to run again
    #[arg(long, value_name = "DURATION", default_value = "5m", value_parser = parse_duration)]
    pub max_wait: std::time::Duration,

    #[command(flatten)]
    pub secret: SecretArg,
}

pub const AFTER_HELP: &str = "\
The local copy is a SQLite file (cra config show lists it; --mirror or
CRA_MIRROR choose another). The first sync fetches every bank; later ones
read the list and fetch only new and changed banks.

Examples:
  cra --sandbox sync
  cra sync --rate 1000/h --max-wait 10m --format json | jq .new_exams
  cra sync --notify http://127.0.0.1:4000/   # with cra listen in another terminal";

impl Spec for SyncArgs {
    fn parts(&self) -> Parts<'_> {
        Parts {
            secret: Some(&self.secret),
            watch: Some(&self.watch),
            ..Parts::default()
        }
    }

    fn uses_api(&self) -> bool {
        true
    }

    fn outputs(&self) -> Outputs {
        Outputs::summary("sync prints its summary on standard error, or as json with --format json")
    }
}

impl Run for SyncArgs {
    // Ctrl-C keeps what was fetched and says so (see `run`).
    const OWN_SIGNALS: bool = true;
    const ARGS: &'static [Wording] = &[Wording::help(
        "watch",
        "With --notify: deliver only the new records of the banks of this watch list \
         (repeatable: of any of them; cra watch --help)",
    )];

    async fn run(self, ctx: Ctx) -> Result<Exit> {
        use futures_util::FutureExt;
        let stop = crate::signals::watch().boxed().shared();
        let mut settings = ctx.settings;
        settings.max_wait = Some(self.max_wait);
        let only = ctx.selection.watch.map(|w| w.set().clone());
        let SyncArgs {
            full,
            concurrency,
            notify,
            watch: _,
            max_wait: _,
            secret: _,
        } = self;
        let asked = Asked {
            full,
            concurrency,
            notify,
        };
        crate::sync::run(asked, &settings, &ctx.io, &ctx.out, only, stop)
            .await
            .map_err(resumable)
    }
}
